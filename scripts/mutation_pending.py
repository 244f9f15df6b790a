"""The arguments of ``mutmut run`` for ``make mutation MODULE=rocstats.<module>``.

``mutmut run "rocstats.<module>.*"`` runs every mutant of the module again, also those
that already have a result, so that runs do not accumulate.  This prints, one per line:

* the module's pattern when it has no results yet (no ``mutants/`` copy, or its
  source changed since mutmut copied it: mutmut then renumbers and resets them);
* otherwise the names of its mutants that have no result yet (nothing when every one has
  one: the make target then only prints the score).

Reads mutmut's per-file ``mutants/src/**/<file>.py.meta`` (``exit_code_by_key``, None for
a mutant not yet run).
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pending(module):
    parts = module.split(".")
    src = ROOT.joinpath("src", *parts).with_suffix(".py")
    if not src.exists():
        src = ROOT.joinpath("src", *parts, "__init__.py")
    if not src.exists():
        raise SystemExit("mutation_pending: no source file for module %r" % module)
    copy = ROOT / "mutants" / src.relative_to(ROOT)
    meta = copy.with_name(copy.name + ".meta")
    if not meta.exists() or src.stat().st_mtime > copy.stat().st_mtime:
        return [module + ".*"]
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    return sorted(name for name, code in codes.items() if code is None)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: mutation_pending.py rocstats.<module>")
    print("\n".join(pending(sys.argv[1])))
