"""Fill (or check) the outputs of the ``>>>`` examples of documentation pages by running
them, in order, in one namespace per page -- the way a reader would type them.

    python docs/_ext/fill_doctests.py docs/user_guide/roc_auc.rst ...   # rewrite outputs
    python docs/_ext/fill_doctests.py --check FILES                     # exit 1 if stale

The pages' examples are also run as doctests by tests/docs/test_doc_pages.py (ELLIPSIS and
NORMALIZE_WHITESPACE), so a page whose numbers drift fails the test suite.
"""
import argparse
import contextlib
import io
import os
import re
import sys
import traceback
import warnings

PROMPT = re.compile(r"^(\s*)(>>> |\.\.\. )(.*)$")


def run_page(text):
    lines = text.split("\n")
    out, ns, i = [], {"__name__": "__doc__"}, 0
    warnings.simplefilter("ignore")
    while i < len(lines):
        m = PROMPT.match(lines[i])
        if not (m and m.group(2) == ">>> "):
            out.append(lines[i])
            i += 1
            continue
        indent = m.group(1)
        src = [m.group(3)]
        out.append(lines[i])
        i += 1
        while i < len(lines):
            m2 = PROMPT.match(lines[i])
            if m2 and m2.group(2) == "... ":
                src.append(m2.group(3))
                out.append(lines[i])
                i += 1
            else:
                break
        # skip the old output: lines up to a blank line or the next prompt
        while i < len(lines) and lines[i].strip() and not PROMPT.match(lines[i]):
            i += 1
        code = "\n".join(src)
        buf = io.StringIO()
        keep = "# doctest: +SKIP" in code
        if not keep:
            with contextlib.redirect_stdout(buf):
                try:
                    exec(compile(code + "\n", "<page>", "single"), ns)
                except Exception:
                    print(traceback.format_exc().splitlines()[-1])
        for ln in buf.getvalue().rstrip("\n").split("\n") if buf.getvalue().strip() else []:
            out.append(indent + ln if ln.strip() else indent + "<BLANKLINE>")
    return "\n".join(out)


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("files", nargs="+")
    p.add_argument("--check", action="store_true")
    a = p.parse_args(argv)
    os.environ.setdefault("MPLBACKEND", "Agg")
    bad = 0
    for f in a.files:
        text = open(f).read()
        new = run_page(text)
        if a.check:
            if new != text:
                print("stale:", f)
                bad += 1
        elif new != text:
            open(f, "w").write(new)
            print("filled", f)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
