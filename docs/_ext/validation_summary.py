"""Write docs/validation_summary.json from the validation run's output
(validation/output/*.json, written by ``make report`` or ``python -m
rocstats_validation.run``): one row per suite with its counts and worst differences.

    python docs/_ext/validation_summary.py
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _sources(summary):
    """"stored 739, live 972, ...": the comparisons of each kind of reference (stored R
    results, live R, an independent definition, a Monte Carlo study)."""
    by = summary.get("by_source", {})
    return ", ".join("%s %d" % (k.replace("_", " "), v.get("n", 0)) for k, v in by.items())


def main():
    out = ROOT / "validation" / "output"
    suites, meta = [], None
    for path in sorted(out.glob("*.json")):
        doc = json.loads(path.read_text())
        if "summary" not in doc or "suite" not in doc:
            continue
        s = doc["summary"]
        meta = meta or doc.get("metadata", {})
        suites.append({"suite": doc["suite"], "n": s["n"], "passed": s["passed"],
                       "failed": s["failed"], "known_failures": s["known_failures"],
                       "sources": _sources(s)})
    if not suites:
        raise SystemExit("no suite output in %s: run make report first" % out)
    machine = "%s, %s CPUs, %s" % (meta.get("cpu_model", "?"), meta.get("cpu_count", "?"),
                                    meta.get("memory", "?"))
    commit = str(meta.get("git_commit", "?"))
    summary = {"date": str(meta.get("timestamp", "?"))[:10],
               "commit": commit[:10] + (" (uncommitted changes)" if commit.endswith("-dirty") else ""),
               "machine": str(machine), "rocstats": str(meta.get("rocstats_version", "?")),
               "backend": str(meta.get("backend", "?")), "suites": suites}
    target = ROOT / "docs" / "validation_summary.json"
    target.write_text(json.dumps(summary, indent=1) + "\n")
    print("wrote", target.relative_to(ROOT), "(%d suites)" % len(suites))


if __name__ == "__main__":
    main()
