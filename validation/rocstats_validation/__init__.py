"""rocstats' validation harness: the parity and Monte Carlo suites run against R.

This package lives in the repository's ``validation/`` folder, next to the R generators
(``validation/r/*.R``) and the stored R outputs (``validation/results/``), and is never
shipped in the rocstats wheel.  Dependencies point one way: the harness imports
``rocstats`` (and its R bridges, ``rocstats.r``); nothing in ``rocstats`` imports the
harness.

Install it (editable, so that it reads the stored results of this checkout) with
``pip install -e ./validation`` -- ``make setup`` does -- and run every suite with::

    python -m rocstats_validation.run

The suites (see :data:`rocstats_validation.run.SUITES`):

``proc_parity``   AUC, DeLong variance / covariance / CI and tests vs pROC (stored + live)
``rpart_parity``  CART trees vs rpart (stored + live)
``rfsrc_parity``  single AUC trees vs randomForestSRC (stored; live where installed)
``rfsrc_forest``  AUC forests vs randomForestSRC's OOB measures (stored)
``sauc_mc``       scored AUC: Monte Carlo variance and test size
``multiclass_mc`` Hand & Till's M: variance ratio, CI coverage, test size, bootstrap
``rossa_mc``      Rossa's goodness-of-fit test: Monte Carlo size and power
``weighted_mc``   weighted DeLong, sampling weights: variance ratio, coverage, test size

Where the files are: :mod:`rocstats_validation.paths`.
"""
