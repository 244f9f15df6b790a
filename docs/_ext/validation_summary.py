"""Write docs/validation_summary.json from the validation run's output
(validation/output/*.json, written by ``make report`` or ``python -m
rocstats_validation.run``): one row per suite with its counts and worst differences.

    python docs/_ext/validation_summary.py
"""
import json
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _worst(summary):
    rel = [v.get("rel_diff", 0.0) for v in summary.get("worst_rel_diff", {}).values()]
    sc = [v.get("scaled_diff", 0.0) for v in summary.get("worst_rel_diff", {}).values()]
    rel = max([r for r in rel if r is not None and not math.isnan(r)] or [0.0])
    sc = max([r for r in sc if r is not None and not math.isnan(r)] or [0.0])
    return "relative %.2g; scaled %.2g" % (rel, sc)


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
                       "worst": _worst(s)})
    if not suites:
        raise SystemExit("no suite output in %s: run make report first" % out)
    machine = meta.get("machine") or meta.get("cpu") or "?"
    if isinstance(machine, dict):
        machine = machine.get("cpu") or machine.get("processor") or str(machine)
    summary = {"date": str(meta.get("timestamp", "?"))[:10],
               "commit": str(meta.get("rocstats_commit") or meta.get("commit") or "?")[:12],
               "machine": str(machine), "rocstats": str(meta.get("rocstats_version", "?")),
               "backend": str(meta.get("backend", "?")), "suites": suites}
    target = ROOT / "docs" / "validation_summary.json"
    target.write_text(json.dumps(summary, indent=1) + "\n")
    print("wrote", target.relative_to(ROOT), "(%d suites)" % len(suites))


if __name__ == "__main__":
    main()
