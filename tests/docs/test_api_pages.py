"""Every public name has an API page, and every API page documents a public name (issue 27).

The public names are ``rocstats.__all__`` and the ``__all__`` of every subpackage whose
name does not start with an underscore (found on disk, so a new subpackage cannot be
missed).  The pages are the entries of the ``autosummary`` directives of docs/api/*.rst
(each with ``:toctree:``, so Sphinx generates a page for it).  A name exported in two
places (``rocstats.curves.auc`` is ``rocstats.auc``) is covered by one page of the same
object under the same last name.  When the site has been built (``make docs``), the
generated page of every entry must exist too.
"""
import importlib
import pkgutil
import pathlib
import re

import pytest

import rocstats

ROOT = pathlib.Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "api"
SRC = ROOT / "src" / "rocstats"
BUILT = ROOT / "docs" / "_build" / "html" / "api" / "generated"


def public_modules():
    names = ["rocstats"]
    for p in sorted(SRC.iterdir()):
        if p.is_dir() and not p.name.startswith("_") and (p / "__init__.py").exists():
            names.append("rocstats." + p.name)
    return names


def _resolve(name):
    return pkgutil.resolve_name(name)


def documented():
    """{full name: (file, has toctree)} of every autosummary entry of docs/api."""
    out = {}
    for rst in sorted(API.glob("*.rst")):
        module, in_block, toctree = "rocstats", False, False
        for line in rst.read_text().splitlines():
            m = re.match(r"\.\. currentmodule:: (\S+)", line)
            if m:
                module = m.group(1)
                continue
            if line.startswith(".. autosummary::"):
                in_block, toctree = True, False
                continue
            if in_block:
                if re.match(r"\s+:toctree:", line):
                    toctree = True
                elif re.match(r"\s+:", line) or not line.strip():
                    continue
                elif line.startswith("   "):
                    out[module + "." + line.strip()] = (rst.name, toctree)
                else:
                    in_block = False
    return out


def public_names():
    """[(module, name)] of every public export."""
    return [(mod, name) for mod in public_modules()
            for name in getattr(importlib.import_module(mod), "__all__", [])]


def test_every_subpackage_exports_all():
    for mod in public_modules():
        assert hasattr(importlib.import_module(mod), "__all__"), mod


def test_every_public_name_has_a_page():
    pages = {name: _resolve(name) for name in documented()}
    missing = []
    for mod, name in public_names():
        obj = getattr(importlib.import_module(mod), name)
        if not any(p.rsplit(".", 1)[-1] == name and o is obj for p, o in pages.items()):
            missing.append("%s.%s" % (mod, name))
    assert missing == []


def test_every_page_is_a_public_name_with_a_generated_page():
    exported = {}
    for mod, name in public_names():
        exported.setdefault(name, []).append(getattr(importlib.import_module(mod), name))
    bad = []
    for full, (rst, toctree) in documented().items():
        obj = _resolve(full)
        last = full.rsplit(".", 1)[-1]
        if not toctree or not any(o is obj for o in exported.get(last, [])):
            bad.append((rst, full))
    assert bad == []


def test_the_counts_add_up():
    """The test compares something real: about 150 exports, over 120 distinct pages."""
    assert len(public_names()) > 150
    assert len(documented()) > 120
    assert set(rocstats.__all__) <= {full.rsplit(".", 1)[-1] for full in documented()}


@pytest.mark.skipif(not BUILT.is_dir(), reason="the site is not built here (make docs builds it)")
def test_built_site_has_every_page():
    absent = [name for name in documented() if not (BUILT / (name + ".html")).exists()]
    assert absent == []
