"""README, `make help` and scripts/setup.sh tell the same story (issue 27): the R packages
`make setup` installs, the extras, that `make test` runs the slow tests, the mutation-test
duration, and where the built documentation is."""
import re
import subprocess

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
SETUP = (ROOT / "scripts" / "setup.sh").read_text()
MAKEFILE = (ROOT / "Makefile").read_text()


@pytest.fixture(scope="module")
def make_help():
    try:
        out = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True,
                             timeout=60)
    except FileNotFoundError:
        pytest.skip("make is not installed")
    assert out.returncode == 0, out.stderr
    return out.stdout


def r_packages():
    check = re.search(r"R_CHECK='.*?c\((.*?)\)", SETUP).group(1)
    return [p.strip().strip('"') for p in check.split(",")]


def test_every_r_package_is_named_in_readme_and_make_help(make_help):
    pkgs = r_packages()
    assert len(pkgs) >= 10 and "pROC" in pkgs
    commands = README.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    for where, text in (("README's 'The two commands'", commands), ("make help", make_help)):
        absent = [p for p in pkgs if not re.search(r"\b%s\b" % re.escape(p), text)]
        assert absent == [], "%s does not name %s" % (where, absent)


def test_the_extras_agree():
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
                 ["optional-dependencies"])
    assert {"dask", "docs", "r", "reports", "plot", "dev"} <= extras
    install = re.search(r"## Install\s+```sh\n(.*?)```", README, re.S).group(1)
    assert {e for e in extras if "'.[%s]'" % e not in install} == set()
    installed = re.search(r"pip install [^\n]*-e '\.\[([a-z,]+)\]'", SETUP).group(1).split(",")
    assert set(installed) == extras - {"plot"}          # plot is inside reports and docs
    assert "'.[%s]'" % ",".join(installed) in README


def test_make_test_runs_the_slow_tests_and_says_so(make_help):
    recipe = re.search(r"^test: setup\n\t(.*)$", MAKEFILE, re.M).group(1)
    assert "ROCSTATS_RUN_SLOW=1" in recipe
    assert "slow" in make_help.split("make test", 1)[1].split("make docs", 1)[0]
    assert re.search(r"run in `make test` \(it sets `ROCSTATS_RUN_SLOW=1`\)", README)


def test_mutation_duration_agrees(make_help):
    for text in (README, make_help, MAKEFILE):
        assert "18,700 mutants" in text and "2 CPU-s" in text
        assert "5 hours" in text or "about 5)" in text


def test_readme_links_the_local_docs_build():
    assert "make docs" in README
    assert "docs/_build/html/index.html" in README
    assert re.search(r"^docs: setup\n.*-b html docs docs/_build/html", MAKEFILE, re.M | re.S)
