"""The README's quick example runs and shows the numbers it claims."""
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_quick_example_numbers():
    text = README.read_text()
    code = re.search(r"## Quick example\s+```python\n(.*?)```", text, re.S).group(1)
    ns = {}
    exec(compile(code, "README quick example", "exec"), ns)
    assert ns["rocstats"].auc(ns["y"], ns["a"]) == 14 / 16
    r, t = ns["r"], ns["t"]
    assert r.variance == pytest.approx(1 / 48, rel=1e-15)
    assert r.conf_int(0.95).upper == 1.0
    assert round(r.conf_int(0.95).lower, 3) == 0.592
    assert (round(t.statistic, 3), round(t.pvalue, 3)) == (0.316, 0.752)
    th = ns["rocstats"].best_threshold(ns["y"], ns["a"])
    assert (th.threshold, th.sensitivity, th.specificity) == (0.7, 0.75, 1.0)


def test_readme_names_the_two_commands_and_ci_uses_one():
    text = README.read_text()
    assert "make report" in text and "make test" in text
    ci = (README.parent / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)
