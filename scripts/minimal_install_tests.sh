#!/usr/bin/env bash
# The test suite on a minimal install: a throw-away virtualenv with only
# `pip install '.[dev]'` (no rpy2, no Dask, no report extras) plus the repository's
# validation harness (`pip install -e ./validation`: no dependencies, it reads the stored
# R results the parity tests compare with), and no R on PATH.  Every test must pass or
# be skipped with its reason; a skip without one fails this script.  Called by .ci/run.
#
# The package is installed, not editable, so the tests import it from site-packages;
# pytest runs with --import-mode=importlib so that the doctests of src/rocstats do not
# put src/ in front of it.  Slow tests are skipped as in a plain `pytest` (their reason
# says how to run them).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO="$(pwd)"
PYTHON="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

log() { printf 'minimal: %s\n' "$*"; }

"$PYTHON" -m venv "$tmp/venv"
log "pip install '.[dev]' (from a clean copy of the source) and -e ./validation into a fresh venv"
# a clean copy (the files git tracks and the untracked ones it does not ignore): a
# git-ignored build/ left in the checkout would otherwise be reused with its extension
mkdir "$tmp/src"
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$tmp/src"
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$tmp/src[dev]" \
    > "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check -e ./validation \
    >> "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }

# PATH without R: links to every program on PATH except R and Rscript
mkdir "$tmp/bin"
IFS=: read -r -a dirs <<< "$PATH"
for d in "${dirs[@]}"; do
    [[ -d "$d" ]] || continue
    for f in "$d"/*; do
        b="$(basename "$f")"
        [[ "$b" == R || "$b" == Rscript ]] && continue
        [[ -x "$f" && ! -e "$tmp/bin/$b" ]] && ln -s "$f" "$tmp/bin/$b"
    done
done
export PATH="$tmp/venv/bin:$tmp/bin"
unset R_HOME ROCSTATS_RUN_SLOW ROCSTATS_PURE_PYTHON ROCSTATS_REQUIRE_EXTENSION

# the premises: none of the optional parts is there
if command -v R >/dev/null || command -v Rscript >/dev/null; then
    log "R is still on PATH" >&2; exit 1
fi
"$tmp/venv/bin/python" - <<'PY'
import importlib.util, sys
present = [m for m in ("rpy2", "dask", "distributed", "matplotlib", "nbclient", "jupytext",
                       "pypandoc", "typst") if importlib.util.find_spec(m) is not None]
if present:
    sys.exit("minimal: optional packages are installed: %s" % present)
import rocstats
if "site-packages" not in rocstats.__file__:
    sys.exit("minimal: rocstats is imported from %s, not the installed copy" % rocstats.__file__)
print("minimal: rocstats from", rocstats.__file__, "backend", rocstats.backend())
PY

log "pytest (import mode importlib: the installed package)"
status=0
"$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider --import-mode=importlib -rs \
    2>&1 | tee "$tmp/pytest.log" || status=$?
if ((status != 0)); then
    log "the test suite failed on the minimal install (exit $status)" >&2
    exit "$status"
fi
# every skip names its reason (pytest's default for a bare skip is "unconditional skip")
if grep -E '^SKIPPED \[[0-9]+\] [^:]+:[0-9]+: *(unconditional skip)?$' "$tmp/pytest.log"; then
    log "skips without a reason (above)" >&2
    exit 1
fi
log "ok: $(tail -n 1 "$tmp/pytest.log")"
