#!/usr/bin/env bash
# The release checks (`make release`; .ci/run calls this script):
#   1. `python -m build --sdist` from a clean copy of the sources (the files git tracks and
#      the untracked ones it does not ignore: a git-ignored build/ of an earlier
#      `pip install .` cannot leak into the release);
#   2. the sdist ALONE, extracted in a temporary directory with no repository around it,
#      builds the wheel (`python -m build --wheel`, isolated build environment): it must be
#      tagged for the stable ABI (abi3) and hold the compiled C extension, py.typed and the
#      shipped data sets;
#      and, with CC=false, the same sdist installs with the NumPy kernels
#      (scripts/smoke_no_compiler.sh given the sdist);
#   3. `twine check --strict` on both;
#   4. a fresh virtualenv gets that wheel with the extras the README uses
#      (plot, r, dask) and runs every python block of the README from outside the
#      repository (scripts/readme_examples.py), with the C kernels in use.
# The install WITHOUT a compiler is checked by scripts/smoke_no_compiler.sh (also in .ci/run).
# Needs PyPI (or a pip cache) for the build environments and the fresh venv's dependencies.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
VENV_PY="${VENV:-.venv}/bin/python"
PYTHON="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
log() { printf 'release: %s\n' "$*"; }
step_start=$SECONDS
step() { log "$1 ($((SECONDS - step_start)) s so far)"; }

# 1. sdist from a clean copy
mkdir "$tmp/src" "$tmp/dist"
git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$tmp/src"
"$VENV_PY" -m build --sdist --outdir "$tmp/dist" "$tmp/src" > "$tmp/sdist.log" 2>&1 \
    || { cat "$tmp/sdist.log"; log "python -m build --sdist failed" >&2; exit 1; }
sdist=("$tmp"/dist/rocstats-*.tar.gz)
step "sdist: $(basename "${sdist[0]}")"
# nothing of the repository beyond the package, its C sources and the build files
if tar -tzf "${sdist[0]}" | grep -E '/(validation|tests|docs|reports|benchmarks|\.ci)/' | head -3 | grep -q .; then
    log "the sdist holds repository-only directories:" >&2
    tar -tzf "${sdist[0]}" | grep -E '/(validation|tests|docs|reports|benchmarks|\.ci)/' | head >&2
    exit 1
fi

# 2. the sdist alone builds the wheel, with the C extension
mkdir "$tmp/alone"
tar -xzf "${sdist[0]}" -C "$tmp/alone"
srcdir=("$tmp"/alone/rocstats-*)
if git -C "${srcdir[0]}" rev-parse --git-dir >/dev/null 2>&1; then
    log "the extracted sdist is inside a git repository; the check would not be alone" >&2
    exit 1
fi
(cd "${srcdir[0]}" && "$ROOT/$VENV_PY" -m build --wheel --outdir "$tmp/dist" .) > "$tmp/wheel.log" 2>&1 \
    || { cat "$tmp/wheel.log"; log "building the wheel from the sdist failed" >&2; exit 1; }
wheel=("$tmp"/dist/rocstats-*.whl)
name="$(basename "${wheel[0]}")"
[[ "$name" == *-abi3-* ]] || { log "wheel $name is not tagged abi3" >&2; exit 1; }
contents="$(unzip -Z1 "${wheel[0]}")"
for want in 'rocstats/_kernels/.*_ckernels.*\.abi3\.so$' 'rocstats/py.typed$' 'rocstats/datasets/data/'; do
    grep -Eq "$want" <<<"$contents" || { log "wheel $name lacks $want" >&2; exit 1; }
done
if grep -Eq '^(validation|tests|docs)/' <<<"$contents"; then log "wheel holds repository files" >&2; exit 1; fi
step "wheel from the sdist alone: $name (C extension, py.typed, data sets inside)"

# 2b. the sdist alone, without a C compiler, installs with the NumPy kernels (the same
#     check as .ci/run's scripts/smoke_no_compiler.sh, on the sdist instead of a checkout)
bash scripts/smoke_no_compiler.sh "${sdist[0]}"
step "the sdist without a compiler: installed with the NumPy kernels"

# 3. twine check
"$VENV_PY" -m twine check --strict "$tmp"/dist/* > "$tmp/twine.log" 2>&1 \
    || { cat "$tmp/twine.log"; log "twine check failed" >&2; exit 1; }
step "twine check --strict: passed"

# 4. the wheel in a fresh venv runs the README
"$PYTHON" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "${wheel[0]}[plot,r,dask]" > "$tmp/pip.log" 2>&1 \
    || { cat "$tmp/pip.log"; log "installing the wheel failed" >&2; exit 1; }
mkdir "$tmp/run"
cp README.md "$tmp/run/"
(cd "$tmp/run" && ROCSTATS_REQUIRE_EXTENSION=1 "$tmp/venv/bin/python" - <<'PY'
import rocstats, sys
assert rocstats.backend() == "cffi", rocstats.backend_info()
assert "site-packages" in rocstats.__file__, rocstats.__file__
PY
) || { log "the installed wheel does not use its C extension" >&2; exit 1; }
(cd "$tmp/run" && "$tmp/venv/bin/python" "$ROOT/scripts/readme_examples.py" README.md) \
    > "$tmp/readme.log" 2>&1 || { cat "$tmp/readme.log"; log "README examples failed" >&2; exit 1; }
grep '^readme:' "$tmp/readme.log"
step "the wheel in a fresh venv ran the README examples"
log "ok in $((SECONDS - step_start)) s"
