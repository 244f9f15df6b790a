"""Release metadata (issue 27): one version source, the files that repeat it agree, and the
long description's links work outside the repository."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import rocstats

ROOT = Path(__file__).resolve().parents[2]


def test_one_version_source():
    version = rocstats.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?", version)
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'^dynamic = \[.*"version"', pyproject, re.M)
    assert 'version = { attr = "rocstats.__version__" }' in pyproject
    assert not re.search(r'^version\s*=\s*"', pyproject, re.M)        # no second source
    cff = (ROOT / "CITATION.cff").read_text()
    assert re.search(r"^version: %s$" % re.escape(version), cff, re.M)
    first = re.search(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M).group(1)
    assert first == version


def test_installed_metadata_has_the_same_version():
    from importlib.metadata import version

    assert version("rocstats") == rocstats.__version__


def test_readme_links_resolve_outside_the_repository():
    """setup.py makes every relative README link absolute under the project's URL; that
    works only for files the repository tracks (not built or ignored ones)."""
    text = (ROOT / "README.md").read_text()
    targets = {t for t in re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", text)
               if not re.match(r"[a-z][a-z0-9+.-]*:|#", t)}
    assert len(targets) >= 3
    missing = sorted(t for t in targets if not (ROOT / t.split("#")[0]).exists())
    assert missing == []
    if shutil.which("git") and (ROOT / ".git").exists():
        ignored = subprocess.run(["git", "check-ignore", *sorted(targets)], cwd=ROOT,
                                 capture_output=True, text=True).stdout.split()
        assert ignored == []
    else:
        pytest.skip("not a git checkout: the ignore rules cannot be checked")
