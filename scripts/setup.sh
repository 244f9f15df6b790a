#!/usr/bin/env bash
# Idempotent set-up of a (fresh) Debian machine for rocstats:
#   1. R and the R packages the validation uses (rpart, pROC, kernlab, MASS; epiR and
#      cutpointr for diagnostic accuracy and cut-points; survival and riskRegression for
#      time-dependent ROC; ROCR for precision-recall; partykit for exported rpart trees;
#      mlbench, caret, ddalpha, cba, jsonlite for the sAUC data sets), plus what is needed
#      to build the C extension / create a venv, and libjs-mathjax (formulas of the
#      offline documentation site, `make docs`), via apt
#      -- skipped when already present, or with ROCSTATS_SKIP_APT=1;
#   2. a virtualenv in .venv (system python3), created if missing;
#   3. `pip install -e '.[dev,r,reports,dask,docs]'` into it, every time, so that the
#      cffi extension is rebuilt from the current sources (dev: the tests, mypy and the
#      release checks; r: rpy2 < 3.6; reports: matplotlib and the report renderer; dask:
#      rocstats.dask; docs: Sphinx and its extensions for `make docs`);
#   4. `pip install -e ./validation`: the validation harness (import name
#      rocstats_validation; a distribution of its own, never in the rocstats wheel).
#
# Environment: ROCSTATS_SKIP_APT=1  skip step 1 entirely
#              PYTHON=...           interpreter used to create .venv (default python3)
#              VENV=...             virtualenv directory (default .venv)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"

log() { printf 'setup: %s\n' "$*"; }

# --------------------------------------------------------------------------
# 1. System packages (apt)
# --------------------------------------------------------------------------
R_CHECK='for (p in c("rpart","pROC","kernlab","MASS","mlbench","caret","ddalpha","cba","jsonlite","epiR","cutpointr","survival","riskRegression","ROCR","partykit")) library(p, character.only=TRUE)'
APT_PACKAGES=(r-base-core r-base-dev r-cran-rpart r-cran-proc r-cran-kernlab r-cran-mass
              r-cran-mlbench r-cran-caret r-cran-ddalpha r-cran-cba r-cran-jsonlite  # these five: validation/r/sauc_data.R
              r-cran-epir r-cran-cutpointr                 # diagnostic accuracy, cut-points
              r-cran-survival r-cran-riskregression        # time-dependent ROC, concordance
              r-cran-rocr r-cran-partykit)                 # precision-recall; exported rpart trees

r_ready() {
    command -v Rscript >/dev/null 2>&1 && Rscript -e "$R_CHECK" >/dev/null 2>&1
}

if [[ "${ROCSTATS_SKIP_APT:-0}" == "1" ]]; then
    log "ROCSTATS_SKIP_APT=1: not installing system packages"
else
    need=()
    r_ready || need+=("${APT_PACKAGES[@]}")
    # A compiler for the cffi extension (r-base-dev brings one too).
    command -v cc >/dev/null 2>&1 || need+=(build-essential)
    # pdftoppm / pdftotext: rendered report pages looked at as PNGs, and the report tests
    # that read PDF text (skipped without them)
    command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
    # MathJax for the documentation site, copied into it so that it renders offline
    [[ -f /usr/share/javascript/mathjax/MathJax.js ]] || need+=(libjs-mathjax)
    # Debian's own python3 ships venv/ensurepip and headers separately.
    if [[ ! -x "$VENV/bin/python" ]] && command -v "$PYTHON" >/dev/null 2>&1 \
        && ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        need+=(python3-venv python3-dev)
    fi
    command -v "$PYTHON" >/dev/null 2>&1 || need+=(python3 python3-venv python3-dev)

    if ((${#need[@]})); then
        SUDO=()
        if [[ "$(id -u)" -ne 0 ]]; then
            command -v sudo >/dev/null 2>&1 || { log "need root or sudo to install: ${need[*]}" >&2; exit 1; }
            SUDO=(sudo)
        fi
        log "installing with apt: ${need[*]}"
        export DEBIAN_FRONTEND=noninteractive
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
        if [[ " ${need[*]} " == *" r-base-core "* ]] && ! r_ready; then
            log "R packages still not loadable after apt install" >&2
            exit 1
        fi
    else
        log "R and the R packages: present"
    fi
fi

# --------------------------------------------------------------------------
# 2. Virtualenv
# --------------------------------------------------------------------------
if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating $VENV with $(command -v "$PYTHON")"
    "$PYTHON" -m venv "$VENV"
fi

# --------------------------------------------------------------------------
# 3. The package, editable, with all extras (rebuilds the cffi extension)
# --------------------------------------------------------------------------
log "pip install -e '.[dev,r,reports,dask,docs]'"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[dev,r,reports,dask,docs]'

# --------------------------------------------------------------------------
# 4. The validation harness (validation/rocstats_validation), editable: it reads the
#    stored R results next to it, so it must point at this checkout
# --------------------------------------------------------------------------
log "pip install -e ./validation"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e ./validation
log "done"
