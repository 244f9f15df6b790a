"""Run every ```python block of the README, each in a namespace of its own, with the
installed rocstats (the release checks run it in a fresh virtualenv holding only the built
wheel and its extras, from a directory outside the repository: an example that reads a file
of the repository fails here).  Then check the quick example's numbers, which are defined
independently of the code (AUC = 14/16 ordered pairs; DeLong's variance 1/48, worked by
hand in the README).  The numbers of the other blocks are checked against R's stored
results by tests/test_readme.py and tests/survival/test_readme_survival.py.

    python scripts/readme_examples.py README.md
"""
import os
import re
import sys
import time

os.environ.setdefault("MPLBACKEND", "Agg")


def main(path):
    text = open(path, encoding="utf-8").read()
    blocks = [(text.count("\n", 0, m.start()) + 2, m.group(1))
              for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M)]
    assert len(blocks) >= 8, "expected the README's python blocks, found %d" % len(blocks)
    spaces = []
    for line, code in blocks:
        t0 = time.perf_counter()
        ns = {"__name__": "__readme__"}
        exec(compile(code, "%s:%d" % (path, line), "exec"), ns)
        spaces.append(ns)
        print("readme: block at line %d ran (%.1f s)" % (line, time.perf_counter() - t0))
        try:
            import matplotlib.pyplot as plt

            plt.close("all")
        except ImportError:
            pass
    import rocstats

    quick = spaces[0]
    assert rocstats.auc(quick["y"], quick["a"]) == 14 / 16
    assert abs(quick["r"].variance - 1 / 48) < 1e-15
    print("readme: %d blocks ran with rocstats %s (%s kernels) from %s"
          % (len(blocks), rocstats.__version__, rocstats.backend(),
             os.path.dirname(rocstats.__file__)))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "README.md")
