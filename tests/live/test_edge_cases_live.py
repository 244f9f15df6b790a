"""Issue 23's edge cases with pROC run live: validation/r/edge_cases.R writes a fresh
copy of its results, which must equal the stored ones, and rocstats is checked against
that live copy with the checks of tests/parity/test_edge_cases_parity.py."""
import json
import subprocess

import pytest

from rocstats_validation.paths import RESULTS_DIR, VALIDATION_DIR

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py


@pytest.fixture(scope="module")
def live(rscript, tmp_path_factory):
    out = tmp_path_factory.mktemp("edge") / "edge_cases.json"
    run = subprocess.run([rscript, str(VALIDATION_DIR / "r" / "edge_cases.R"), str(out)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(out.read_text())["cases"]


def test_live_equals_stored(live):
    stored = json.loads((RESULTS_DIR / "edge_cases.json").read_text())["cases"]
    assert live == stored


def test_rocstats_against_live_proc(live):
    import edge_cases as p

    p.check_binormal_slope0(live["smooth_binormal_slope0"])
    p.check_density_rectangular(live["smooth_density_rectangular"])
    p.check_power_degenerate(live["power_degenerate"])
    p.check_coords_best_weights(live["coords_best_weights"])
    p.check_delong_one_case(live["delong_one_case"])
    p.check_p_adjust(live["p_adjust"])
    p.check_density_kernels(live["density_kernels"])
    p.check_coords_inputs(live["coords_inputs"])
    p.check_power_ncases_only(live["power_ncases_only"])
    p.check_r_density(live["r_density"])
    p.check_local_maximas(live["local_maximas"])
    p.check_partial_bounds(live["partial_bounds"])


# ------------------------------------------------------------ R's collation of strings
def _string_data(seed):
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    n = int(rng.integers(60, 160))
    levels = ["a", "B", "c", "D", "e", "F", "_g", "h1", "H2"]
    k = int(rng.integers(3, len(levels) + 1))
    f = rng.choice(levels[:k], n)
    g = rng.choice(["x", "Y", "z", "W"], n)
    effect = {lv: rng.normal() for lv in levels}
    z = np.array([effect[v] for v in f]) + 0.5 * rng.normal(size=n)
    classes = np.array(["no", "Yes", "maybe"][: int(rng.integers(2, 4))])
    cut = np.quantile(z, np.linspace(0, 1, classes.size + 1)[1:-1])
    y = classes[np.searchsorted(cut, z)]
    return pd.DataFrame({"y": y, "f": f, "g": g, "x": rng.normal(size=n).round(1)})


_RPART_ON_STRINGS = """
function(y, f, g, x) {
  d <- data.frame(y = factor(y), f = factor(f), g = factor(g), x = x)  # R's collation
  fit <- rpart::rpart(y ~ f + g + x, data = d, method = "class",
                      control = rpart::rpart.control(xval = 0, cp = 0, minsplit = 10))
  fr <- fit$frame
  list(levels = attr(fit, "ylevels"),
       frame = cbind(n = fr$n, wt = fr$wt, dev = fr$dev, yval = fr$yval,
                     complexity = fr$complexity),
       var = as.character(fr$var))
}"""


def _rpart_on_strings(d):
    import numpy as np
    from rpy2 import robjects as ro

    out = ro.r(_RPART_ON_STRINGS)(ro.StrVector(d["y"]), ro.StrVector(d["f"]),
                                  ro.StrVector(d["g"]), ro.FloatVector(d["x"]))
    return ([str(v) for v in out[0]], np.asarray(out[1]), [str(v) for v in out[2]])


def _ours(est):
    fr = est.frame_
    return (list(est.classes_), fr[["n", "wt", "dev", "yval", "complexity"]].to_numpy(float),
            [str(v) for v in fr["var"]])


def test_r_factor_gives_rparts_tree_on_string_data(rpart):
    """rpart on plain strings (R's factor(), R's collation) against rocstats on the same
    columns converted with rocstats.r.r_factor: identical trees on every data set; on
    the plain strings (code-point order) some trees differ -- counted."""
    import numpy as np

    from rocstats.r import r_factor, r_levels
    from rocstats.tree import CARTClassifier

    assert r_levels(["b", "B", "a", "A", None]) == list(
        r_factor(["b", "B", "a", "A"]).categories)
    differ_plain = 0
    for seed in range(20):
        d = _string_data(seed)
        levels, frame, var = _rpart_on_strings(d)
        conv = d.copy()
        for col in ("y", "f", "g"):
            conv[col] = r_factor(d[col])
        est = CARTClassifier(xval=0, cp=0.0, min_split=10).fit(conv[["f", "g", "x"]], conv["y"])
        cls, ours, ours_var = _ours(est)
        assert cls == levels and ours_var == var, seed
        np.testing.assert_allclose(ours, frame, rtol=1e-10, err_msg=str(seed))
        plain = CARTClassifier(xval=0, cp=0.0, min_split=10).fit(d[["f", "g", "x"]], d["y"])
        cls, ours, ours_var = _ours(plain)
        same = (cls == levels and ours_var == var and ours.shape == frame.shape
                and np.allclose(ours, frame, rtol=1e-10))
        differ_plain += not same
    print("plain-string fits that differ from rpart: %d of 20" % differ_plain)
    assert differ_plain > 0          # the data are built so that collation matters
