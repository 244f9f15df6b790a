"""Print the mutation score of the metrics core after ``mutmut run`` (``make mutation``).

Reads ``mutmut results --all true`` (one ``name: status`` line per mutant) and the
equivalent mutants listed in tests/mutation/EQUIVALENT.md (every ``rocstats....__mutmut_N``
name written there in backticks), and prints

    killed / total, the equivalent count, the score over the non-equivalent mutants,

then every non-equivalent mutant that is not killed (``mutmut show NAME`` gives its
diff).  A timeout or a crash of the mutated code counts as killed (as mutmut counts it).
Exit status 1 when a listed equivalent mutant no longer exists or was killed (the list
is stale), 0 otherwise: the score is reported, not enforced.
"""
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tests" / "mutation" / "EQUIVALENT.md"
KILLED = {"killed", "timeout", "segfault"}


def results(mutmut):
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    status = {}
    for line in out.splitlines():
        m = re.match(r"\s+(\S+__mutmut_\d+): (.+)$", line)
        if m:
            status[m.group(1)] = m.group(2).strip()
    return status


def classified_names(with_outside=False):
    """``(equivalent, tolerance)``: the mutant names in backticks under the "## Equivalent"
    headings of EQUIVALENT.md, and those under "## Below every tolerance" (mutants that
    differ only by rounding or at an exact boundary no input reaches: left out of the
    second score only).  With ``with_outside=True`` also the names under "## Killed
    outside mutmut" (code that runs once at import, such as a decorator, before mutmut
    switches a mutant on: the kill is shown by applying the mutant to the source, listed
    with the test that fails), which count as killed.  Names under any other heading
    (the survivors' table) count as none of these."""
    text = EQUIVALENT.read_text() if EQUIVALENT.exists() else ""
    equiv, tol, outside, section = set(), set(), set(), None
    for line in text.splitlines():
        if line.startswith("## "):
            head = line[3:].strip().lower()
            section = ("equiv" if head.startswith("equivalent") else
                       "tol" if head.startswith("below every tolerance") else
                       "outside" if head.startswith("killed outside mutmut") else None)
            continue
        names = re.findall(r"`(rocstats\.[\w.ǁ]+__mutmut_\d+)`", line)
        {"equiv": equiv, "tol": tol, "outside": outside}.get(section, set()).update(names)
    return (equiv, tol, outside) if with_outside else (equiv, tol)


def equivalent_names():
    return classified_names()[0]


def module_of(name):
    """``rocstats.curves._coords.x_coords__mutmut_3`` -> ``rocstats.curves._coords``."""
    return re.sub(r"\.x.*__mutmut_\d+$", "", name)


def per_module(status, equiv, tol=frozenset()):
    """Rows ``(module, checked, killed, equivalent, below tolerance, survived, score %,
    score % without the below-tolerance ones)`` over the mutants that were run (``make
    mutation MODULE=...`` runs one module at a time)."""
    rows = []
    for mod in sorted({module_of(n) for n in status}):
        names = [n for n in status if module_of(n) == mod and status[n] != "not checked"]
        if not names:
            continue
        killed = sum(status[n] in KILLED for n in names)
        eq = sum(n in equiv and status[n] not in KILLED for n in names)
        tl = sum(n in tol and n not in equiv and status[n] not in KILLED for n in names)
        surv = len(names) - killed - eq - tl
        denom = len(names) - eq
        rows.append((mod, len(names), killed, eq, tl, surv,
                     100.0 * killed / denom if denom else 100.0,
                     100.0 * killed / (denom - tl) if denom - tl else 100.0))
    return rows


def main(argv):
    mutmut = argv[1] if len(argv) > 1 else "mutmut"
    status = results(mutmut)
    existing = set(status)                  # every mutant of the scope, run or not
    unchecked = sum(s == "not checked" for s in status.values())
    status = {n: s for n, s in status.items() if s != "not checked"}
    if not status:
        print("mutation: no results; run `make mutation` (mutmut run) first")
        return 1
    equiv, tol, outside = classified_names(with_outside=True)
    # killed by a test that mutmut's fork cannot see (import-time code); a name that was
    # killed by mutmut itself or is gone counts as stale below
    stale_outside = sorted(n for n in outside if n in status and status[n] in KILLED)
    status = {n: ("killed" if n in outside and s not in KILLED else s)
              for n, s in status.items()}
    # a listed equivalent that "timed out" was slow (a loaded machine runs every test of
    # an equivalent mutant), not detected: it counts as equivalent, not as killed
    status = {n: ("survived" if n in equiv | tol and s == "timeout" else s)
              for n, s in status.items()}
    print("mutation: per module (mutants run; score = killed / (run - equivalent); "
          "score2 also leaves out the below-tolerance ones):")
    print("    %-40s %7s %7s %6s %6s %8s %7s %7s" % ("module", "run", "killed", "equiv",
                                                    "tol", "survived", "score", "score2"))
    for row in per_module(status, equiv, tol):
        print("    %-40s %7d %7d %6d %6d %8d %6.1f%% %6.1f%%" % row)
    if unchecked:
        print("mutation: %d mutants of the scope not run (make mutation MODULE=...)" % unchecked)
    counts = Counter(status.values())
    total = len(status)
    killed = sum(counts[s] for s in KILLED)
    run_modules = {module_of(n) for n in status}
    # listed but killed, or gone from a module that was run (renumbered by an edit); a
    # listed mutant not yet run again ("not checked") is neither
    stale = sorted(set(n for n in equiv | tol
                       if (n in status and status[n] in KILLED)
                       or (n not in existing and module_of(n) in run_modules))
                   | set(stale_outside)
                   | set(n for n in outside if n not in existing and module_of(n) in run_modules))
    live_equiv = [n for n in equiv if n in status and status[n] not in KILLED]
    open_ = sorted(n for n, s in status.items() if s not in KILLED and n not in equiv
                   and n not in tol)
    denom = total - len(live_equiv)
    print("mutation: %s" % ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    print("mutation: killed %d / %d = %.1f %%; equivalent %d; score without the "
          "equivalent mutants %d / %d = %.1f %%"
          % (killed, total, 100.0 * killed / total, len(live_equiv), killed, denom,
             100.0 * killed / denom if denom else 100.0))
    if open_:
        print("mutation: %d non-equivalent mutants not killed (mutmut show NAME):" % len(open_))
        for n in open_:
            print("    %s: %s" % (n, status[n]))
    if stale:
        print("mutation: EQUIVALENT.md lists mutants that are gone or killed: %s" % stale)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
