#!/usr/bin/env bash
# Install rocstats with no C compiler (CC=false) into a throw-away virtualenv and check
# that it installs, warns once that the C extension is missing, and computes with the
# NumPy kernels.  Called by .ci/run; the README's install section promises this path.
# With an argument (a built sdist, .tar.gz) that file is installed instead of a clean copy
# of this checkout: scripts/release_checks.sh checks the release's sdist this way.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$PYTHON" -m venv "$tmp/venv"
# Install from a clean copy of the source (the files git tracks, and the untracked ones it
# does not ignore): a git-ignored build/ left by an earlier `pip install .` or `pip wheel .`
# in this checkout would otherwise be reused, with its compiled extension, and the check
# below would test the old build instead of the no-compiler path.
if [[ -n "${1:-}" ]]; then
    target="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
else
    mkdir "$tmp/src"
    git ls-files -z --cached --others --exclude-standard \
        | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$tmp/src"
    target="$tmp/src"
fi
CC=false "$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$target" \
    > "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; echo "smoke: install without a compiler failed" >&2; exit 1; }
cd "$tmp"     # not the source tree: import the installed package
"$tmp/venv/bin/python" - <<'PY'
import glob
import os
import warnings

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import rocstats
msgs = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
assert len(msgs) == 1 and "C extension is not available" in msgs[0], msgs
assert rocstats.backend() == "numpy", rocstats.backend_info()
so = glob.glob(os.path.join(os.path.dirname(rocstats.__file__), "_kernels", "_ckernels*"))
assert not so, so
# 5 of 6 pairs ordered, one tie: AUC = 5.5 / 6
assert rocstats.auc([1, 1, 0, 0, 0], [0.4, 0.8, 0.1, 0.4, 0.35]) == 5.5 / 6
r = rocstats.delong([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1])
assert (r.auc, r.variance) == (0.75, 0.125)
print("smoke: installed without a C compiler; one warning; NumPy kernels give the "
      "documented numbers")
PY
