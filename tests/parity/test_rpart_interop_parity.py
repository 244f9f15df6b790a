"""Trees crossing between R and rocstats, against stored R outputs (no R needed).

For every stored rpart case (validation/results/rpart_interop/<case>.json, written by
``Rscript validation/r/rpart_interop_cases.R``): ``str(fit)`` of rocstats' fit equals R's
``print(fit)`` line for line; rocstats' predictions on new rows with missing values equal
R's ``predict``; the rpart pieces rocstats would hand to R (``rpart_components``) equal
the ones R extracts from its own fit; and the estimator made from R's pieces
(``from_rpart_components``, what ``rocstats.r.from_rpart`` returns) prints, predicts and
prunes as R.  Tolerances: rocstats_validation.rpart_interop.TOLERANCES.
"""
import functools

import pytest

from rocstats_validation import rpart_interop as ri

CASES = ri.case_names()


@functools.lru_cache(maxsize=None)
def _records(name):
    return ri.stored_comparisons([name])


def test_every_stored_rpart_case_has_an_interop_reference():
    from rocstats_validation import rpart_parity as rp

    assert sorted(CASES) == sorted(rp.case_names())
    assert len(CASES) >= 31


@pytest.mark.parametrize("name", CASES)
def test_stored_case(name):
    records = _records(name)
    items = {(r["quantity"], r.get("item")) for r in records}
    # the checks that must be there for every case
    assert ("print", "rocstats fit") in items and ("print", "from_rpart") in items
    assert any(q in ("prob", "vector") or q == "class" for q, _ in items)
    failed = [r for r in records if not r["passed"]]
    assert not failed, "\n".join(ri.describe(r) for r in failed[:20])


def test_kyphosis_print_is_rparts_text():
    ref = ri.load("kyphosis_default")
    est, _, _ = ri.fit_case("kyphosis_default")
    text = str(est)
    assert text.splitlines() == ref["print"]
    assert text.splitlines()[6] == "   2) Start>=8.5 62  6 absent (0.90322581 0.09677419)  "
    assert repr(est).startswith("CARTClassifier(")       # repr stays scikit-learn's


def test_prune_at_a_cptable_value_keeps_what_r_keeps():
    """R's prune(fit, cp) at a cp equal to a row of cptable (the ties of
    complexity <= cp): the estimator read from R's pieces keeps R's nodes."""
    from rocstats.tree._rpart import from_rpart_components

    seen = 0
    for name in CASES:
        ref = ri.load(name)
        back = from_rpart_components(ref["components"])
        for pr in ref["prune"]:
            got = [int(v) for v in back.prune(float(pr["cp"])).frame_.index]
            assert got == pr["nodes"], (name, pr["cp"])
            seen += 1
    assert seen >= 50
