# rocstats developer commands.  The two README commands are `make test` and
# `make report`; both (re)run the set-up first, which is idempotent.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
MAKEFLAGS += --no-print-directory

VENV   ?= .venv
PYTHON := $(VENV)/bin/python
# every report; `make report REPORTS=reports/validation.qmd` renders one
REPORTS ?= $(sort $(wildcard reports/*.qmd))
# html | pdf | all
FORMAT ?= html

.PHONY: help setup test docs release mypy report bench mutation clean distclean

help:
	@echo "make setup     apt: R and the R packages the validation compares with (rpart, pROC,"
	@echo "               epiR, cutpointr, survival, riskRegression, ROCR, partykit, kernlab, MASS;"
	@echo "               mlbench, caret, ddalpha, cba, jsonlite for the sAUC data), a C compiler,"
	@echo "               libjs-mathjax (offline formulas of the docs); create $(VENV);"
	@echo "               pip install -e '.[dev,r,reports,dask,docs]' and -e ./validation"
	@echo "make test      setup, then the whole test suite INCLUDING the slow tests"
	@echo "               (ROCSTATS_RUN_SLOW=1; requires the C extension)"
	@echo "make docs      setup, then the Sphinx site in docs/_build/html (warnings are errors,"
	@echo "               offline, the gallery executed; open docs/_build/html/index.html)"
	@echo "make release   build sdist + wheel from a clean copy, twine check, a wheel from the"
	@echo "               sdist alone, the wheel in a fresh venv running the README examples, mypy"
	@echo "make report    setup, run the validation, render $(REPORTS) (FORMAT=$(FORMAT))"
	@echo "make bench     setup, then every benchmark (AUC, sAUC, CART, AUC forest, bootstrap, roc.test); tables in benchmarks/results/"
	@echo "make mutation  mutation testing with mutmut over the scope of pyproject's [tool.mutmut]:"
	@echo "               about 18,700 mutants at ~2 CPU-s each, i.e. about 5 hours on 2 cores"
	@echo "               (MODULE=rocstats.curves._coords: one module); not in make test or CI"
	@echo "make clean     remove build artefacts and generated outputs (incl. the built docs)"

setup:
	bash scripts/setup.sh

test: setup
	ROCSTATS_REQUIRE_EXTENSION=1 ROCSTATS_RUN_SLOW=1 $(PYTHON) -m pytest -q

# The Sphinx site (docs/conf.py) in docs/_build/html.  Every warning is an error (-W;
# --keep-going reports them all) and every cross-reference must resolve (-n, nitpicky).
# Offline: intersphinx reads docs/inventories/, MathJax is copied from libjs-mathjax; the
# gallery (docs/examples) is executed, with R data read through rpy2.  About 45 s on 2
# shared cores from scratch (after setup).
SPHINXOPTS ?= -W --keep-going -n
docs: setup
	MPLBACKEND=Agg $(PYTHON) -m sphinx $(SPHINXOPTS) -b html docs docs/_build/html
	@echo "docs: open docs/_build/html/index.html in a browser (file://$(CURDIR)/docs/_build/html/index.html)"

# The release checks (scripts/release_checks.sh), which .ci/run calls: python -m build
# from a clean copy of the sources, twine check, a wheel with the C extension built from
# the sdist alone, that wheel installed in a fresh venv running the README examples.
# Then mypy on the public modules (settings in pyproject.toml's [tool.mypy]).
release: setup
	bash scripts/release_checks.sh
	$(MAKE) mypy

mypy:
	$(PYTHON) -m mypy

report: setup
	$(PYTHON) -m rocstats_validation.run
	for qmd in $(REPORTS); do $(PYTHON) -m rocstats.report.render "$$qmd" --to $(FORMAT); done

bench: setup
	$(PYTHON) benchmarks/bench_auc.py --output benchmarks/results/latest.md
	$(PYTHON) benchmarks/bench_auc.py --no-r --no-sklearn --sizes 1e8 --repeats 3 --multi-n 0 \
		--memory-n 1e8 --output benchmarks/results/latest_1e8.md
	$(PYTHON) benchmarks/bench_sauc.py --output benchmarks/results/sauc_latest.md
	$(PYTHON) benchmarks/bench_cart.py --output benchmarks/results/cart_latest.md
	$(PYTHON) benchmarks/bench_auc_forest.py --output benchmarks/results/auc_forest_latest.md
	$(PYTHON) benchmarks/bench_bootstrap.py --output benchmarks/results/bootstrap_latest.md
	$(PYTHON) benchmarks/bench_roctest.py --output benchmarks/results/roctest_latest.md

# Mutation testing of the metrics core: curves/, compare/, bootstrap/, scored/, gof/,
# the shared _sample / _options / _areas / _labels / _results / _validation modules and
# the NumPy kernel twins, as
# configured in pyproject.toml's [tool.mutmut].  The NumPy kernels are forced
# (ROCSTATS_PURE_PYTHON=1) so the mutated twins are the code that runs.  Starts from a
# fresh mutants/ directory, runs mutmut on every core, then prints the score with the
# equivalent mutants of tests/mutation/EQUIVALENT.md left out and lists the survivors
# (`$(VENV)/bin/mutmut show NAME` shows one; `mutmut browse` all).  Slow: the full scope
# is about 18,700 mutants at ~2 CPU-s each (0.8 s for curves._coords, ~8 s for the
# bootstrap engine), about 5 hours on 2 cores, so neither
# `make test` nor .ci/run calls it; MODULE= runs one module.
MUTMUT_CHILDREN ?= $(shell nproc)
# MODULE=rocstats.curves._coords runs that module's mutants that have no result yet
# (scripts/mutation_pending.py; all of them after a source change); results accumulate in
# mutants/ and the score is printed per module for what has been run
MODULE ?=
mutation: setup
ifeq ($(MODULE),)
	rm -rf mutants
	ROCSTATS_PURE_PYTHON=1 $(VENV)/bin/mutmut run --max-children $(MUTMUT_CHILDREN)
else
	set -f; names="$$($(PYTHON) scripts/mutation_pending.py $(MODULE))" || exit 1; \
	if [ -n "$$names" ]; then \
	  ROCSTATS_PURE_PYTHON=1 $(VENV)/bin/mutmut run --max-children $(MUTMUT_CHILDREN) $$names; fi
endif
	$(PYTHON) scripts/mutation_score.py $(VENV)/bin/mutmut

clean:
	rm -rf build dist mutants src/*.egg-info validation/*.egg-info .pytest_cache .hypothesis
	rm -rf validation/output reports/_build reports/*_files
	rm -f reports/*.html reports/*.pdf
	rm -rf docs/_build docs/auto_examples docs/api/generated docs/sg_execution_times.rst
	rm -f src/rocstats/_kernels/_ckernels.c
	find src -name '*.so' -delete
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Also removes the virtualenv (the next `make setup` recreates it).
distclean: clean
	rm -rf $(VENV)
