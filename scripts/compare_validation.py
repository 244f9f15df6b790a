"""Compare two runs of the validation suites number by number (bit identity).

``python -m rocstats_validation.run`` writes one JSON file per suite; this script pairs
the comparison records of two such directories by (suite, source, case, item,
alternative, quantity) and reports every rocstats value (``value``) and every reference
(``reference``) that is not the same float, to the last bit (NaN equals NaN), and every
record present on one side only.  Exit status 1 when anything differs.

Usage::

    python scripts/compare_validation.py BEFORE_DIR AFTER_DIR
"""
import json
import math
import sys
from pathlib import Path

KEY = ("suite", "source", "case", "item", "alternative", "quantity")


def _same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or a == b and math.copysign(1, a) == \
            math.copysign(1, b)
    return a == b


def records(directory):
    out = {}
    for path in sorted(Path(directory).glob("*.json")):
        data = json.loads(path.read_text())
        for i, rec in enumerate(data.get("comparisons", [])):
            key = (path.stem,) + tuple(str(rec.get(k)) for k in KEY)
            # a suite may hold the same key twice (e.g. repeated designs): keep the order
            while key in out:
                key = key + (i,)
            out[key] = rec
    return out


def main(before, after):
    a, b = records(before), records(after)
    bad = 0
    for key in sorted(set(a) | set(b), key=str):
        if key not in a or key not in b:
            print("only in %s: %s" % ("before" if key in a else "after", key))
            bad += 1
            continue
        for field in ("value", "reference"):
            if not _same(a[key].get(field), b[key].get(field)):
                print("%s differs: %s: %r -> %r" % (field, key, a[key].get(field),
                                                    b[key].get(field)))
                bad += 1
    print("%d records compared, %d differences" % (len(set(a) & set(b)), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
