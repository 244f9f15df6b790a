"""Write the intersphinx inventories of docs/conf.py (the build machine is offline).

    python docs/inventories/make_inventories.py          # rewrite docs/inventories/*.inv
    python docs/inventories/make_inventories.py --check  # exit 1 if an inventory is stale

The pages and docstrings are scanned for references to other projects' objects
(```numpy.random.Generator```, ``:class:`pandas.DataFrame```...); each name found, plus the
few in ``ALWAYS``, is imported from the installed package to check that it exists and to
learn what it is (module, class, function, method, attribute), and written with the
address of its page on that project's documentation site, following the site's layout
(``URL_RULES``).  So the inventories hold exactly what the documentation links to, each
entry pointing where the project documents it; ``sphinx-build -n`` fails if a reference
has no entry.  Inventories of the projects' own builds cannot be fetched here; these are
written in the same format (Sphinx inventory version 2).
"""
import argparse
import importlib
import inspect
import pkgutil
import re
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

#: project key -> (project name, module prefixes, function(name, kind) -> page address)
def _numpy(name, kind):
    special = {
        "numpy.random.Generator": "reference/random/generator.html#$",
        "numpy.random.default_rng": "reference/random/generator.html#$",
        "numpy.random.SeedSequence": "reference/random/bit_generators/generated/$.html#$",
        "numpy.random.RandomState": "reference/random/legacy.html#$",
        "numpy.random": "reference/random/index.html#module-$",
    }
    if name in special:
        return special[name]
    if name.startswith("numpy.random.Generator."):
        return "reference/random/generated/$.html#$"
    if kind == "module":
        return "reference/routines.html#module-$"
    return "reference/generated/$.html#$"


def _scipy(name, kind):
    if kind == "module":
        return "reference/%s.html#module-$" % name[len("scipy."):].replace(".", "/")
    return "reference/generated/$.html#$"


def _pandas(name, kind):
    return "reference/api/$.html#$"


def _sklearn(name, kind):
    if kind == "module":
        return "api/%s.html#module-$" % name
    return "modules/generated/$.html#$"


def _statsmodels(name, kind):
    return "generated/$.html#$"


def _matplotlib(name, kind):
    if kind == "module":
        return "api/%s_api.html#module-$" % name[len("matplotlib."):].replace(".", "_")
    return "api/_as_gen/$.html#$"


def _dask(name, kind):
    if name in ("distributed.Client", "dask.distributed.Client"):
        return "https://distributed.dask.org/en/stable/api.html#distributed.Client"
    return "https://docs.dask.org/en/stable/generated/$.html#$"


def _joblib(name, kind):
    return "generated/$.html#$"


def _python(name, kind):
    if kind == "exception":
        return "library/exceptions.html#$"
    if kind == "module":
        return "library/$.html#module-$"
    if name.startswith("fractions."):
        return "library/fractions.html#$"
    if name.startswith("concurrent.futures."):
        return "library/concurrent.futures.html#$"
    return "library/functions.html#$"


PROJECTS = {
    "python": ("Python", ("fractions", "concurrent"), _python),
    "numpy": ("NumPy", ("numpy",), _numpy),
    "scipy": ("SciPy", ("scipy",), _scipy),
    "pandas": ("pandas", ("pandas",), _pandas),
    "sklearn": ("scikit-learn", ("sklearn",), _sklearn),
    "statsmodels": ("statsmodels", ("statsmodels",), _statsmodels),
    "matplotlib": ("Matplotlib", ("matplotlib",), _matplotlib),
    "dask": ("Dask", ("dask", "distributed"), _dask),
    "joblib": ("joblib", ("joblib",), _joblib),
}
#: referenced indirectly (numpydoc sections, templates) or in every project's pages
ALWAYS = ["numpy.ndarray", "pandas.DataFrame", "pandas.Series", "pandas.Categorical",
          "matplotlib.axes.Axes", "numpy.random.Generator"]

_REF = re.compile(r"(?<![`\w])`{1}(?:~)?([A-Za-z_][\w.]*)`(?!`)"
                  r"|:(?:py:)?(?:func|class|meth|attr|mod|data|obj|exc):`~?([A-Za-z_][\w.]*)`")


def referenced_names():
    files = []
    for pattern in ("docs/**/*.rst", "docs/**/*.md", "docs/examples/*.py", "src/rocstats/**/*.py",
                    "README.md"):
        files += [p for p in ROOT.glob(pattern) if "_build" not in p.parts
                  and "auto_examples" not in p.parts and "generated" not in p.parts]
    prefixes = tuple(p + "." for _, mods, _ in PROJECTS.values() for p in mods)
    bases = {p for _, mods, _ in PROJECTS.values() for p in mods}
    names = set(ALWAYS)
    for path in files:
        for m in _REF.finditer(path.read_text(encoding="utf-8")):
            name = m.group(1) or m.group(2)
            if name.startswith(prefixes) or name in bases:
                names.add(name.rstrip("."))
    return sorted(names)


def _resolve(name):
    """The inventory kind of a dotted name (pkgutil.resolve_name imports the longest
    module prefix)."""
    obj = pkgutil.resolve_name(name)
    if inspect.ismodule(obj):
        return "module"
    parent = pkgutil.resolve_name(name.rsplit(".", 1)[0])
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    if inspect.isclass(parent) and callable(obj):
        return "method"
    if callable(obj):
        return "function"
    return "attribute" if inspect.isclass(parent) else "data"


def inventory(key, names):
    project, mods, rule = PROJECTS[key]
    lines = []
    for name in names:
        if name.split(".")[0] not in mods:
            continue
        kind = _resolve(name)
        uri = rule(name, kind)
        if kind == "attribute":
            uri = uri if "#" in uri else uri + "#$"
        lines.append("%s py:%s 1 %s -" % (name, kind, uri))
    version = getattr(importlib.import_module(mods[0]), "__version__", "") if key != "python" \
        else "%d.%d" % sys.version_info[:2]
    header = ("# Sphinx inventory version 2\n# Project: %s\n# Version: %s\n"
              "# The remainder of this file is compressed using zlib.\n" % (project, version))
    return header.encode() + zlib.compress(("\n".join(lines) + "\n").encode(), 9), lines


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    names = referenced_names()
    stale = []
    for key in PROJECTS:
        data, lines = inventory(key, names)
        path = HERE / ("%s.inv" % key)
        if args.check:
            if not path.exists() or _entries(path.read_bytes()) != sorted(lines):
                stale.append(path.name)
        else:
            path.write_bytes(data)
            print("%-16s %3d entries" % (path.name, len(lines)))
    if stale:
        print("stale inventories (rerun python docs/inventories/make_inventories.py):",
              ", ".join(stale), file=sys.stderr)
        return 1
    return 0


def _entries(data):
    head = data.split(b"\n", 4)
    return sorted(zlib.decompress(head[4]).decode().splitlines())


if __name__ == "__main__":
    sys.exit(main())
