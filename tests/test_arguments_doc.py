"""docs/arguments.md names every argument of every public function (issue 22: one
vocabulary, in one table); and the same name is never used for two things the table
keeps apart (x is only a query point)."""
import inspect
import pathlib
import re

import rocstats

DOC = pathlib.Path(__file__).resolve().parents[1] / "docs" / "arguments.md"


def _public_arguments():
    out = {}
    for name in rocstats.__all__:
        obj = getattr(rocstats, name)
        if inspect.isfunction(obj):
            for p in inspect.signature(obj).parameters.values():
                if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                    out.setdefault(p.name, []).append(name)
    return out


def test_every_public_argument_is_in_the_table():
    text = DOC.read_text()
    listed = set(re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)`", text))
    missing = {a: f for a, f in _public_arguments().items() if a not in listed}
    assert missing == {}


def test_x_is_only_a_query_point():
    """x appears only where it is a query point of the curve (coords, ci_coords)."""
    users = set(_public_arguments().get("x", []))
    assert users <= {"coords", "ci_coords"}
    assert "y_score" in inspect.signature(rocstats.roc_gof_test).parameters
