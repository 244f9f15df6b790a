# rocstats developer commands.  The two README commands are `make test` and
# `make report`; both (re)run the set-up first, which is idempotent.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
MAKEFLAGS += --no-print-directory

VENV   ?= .venv
PYTHON := $(VENV)/bin/python
# every report; `make report REPORTS=reports/validation.qmd` renders one
REPORTS ?= $(sort $(wildcard reports/*.qmd))
# html | pdf | all
FORMAT ?= html

.PHONY: help setup test report bench clean distclean

help:
	@echo "make setup   install R (apt), create $(VENV), pip install -e '.[dev,r,reports]' and -e ./validation"
	@echo "make test    setup, then the test suite (requires the C extension)"
	@echo "make report  setup, run the validation, render $(REPORTS) (FORMAT=$(FORMAT))"
	@echo "make bench   setup, then every benchmark (AUC, sAUC, CART, AUC forest, bootstrap); tables in benchmarks/results/"
	@echo "make clean   remove build artefacts and generated outputs"

setup:
	bash scripts/setup.sh

test: setup
	ROCSTATS_REQUIRE_EXTENSION=1 ROCSTATS_RUN_SLOW=1 $(PYTHON) -m pytest -q

report: setup
	$(PYTHON) -m rocstats_validation.run
	for qmd in $(REPORTS); do $(PYTHON) -m rocstats.report.render "$$qmd" --to $(FORMAT); done

bench: setup
	$(PYTHON) benchmarks/bench_auc.py --output benchmarks/results/latest.md
	$(PYTHON) benchmarks/bench_sauc.py --output benchmarks/results/sauc_latest.md
	$(PYTHON) benchmarks/bench_cart.py --output benchmarks/results/cart_latest.md
	$(PYTHON) benchmarks/bench_auc_forest.py --output benchmarks/results/auc_forest_latest.md
	$(PYTHON) benchmarks/bench_bootstrap.py --output benchmarks/results/bootstrap_latest.md

clean:
	rm -rf build dist src/*.egg-info validation/*.egg-info .pytest_cache .hypothesis
	rm -rf validation/output reports/_build reports/*_files
	rm -f reports/*.html reports/*.pdf
	rm -f src/rocstats/_kernels/_ckernels.c
	find src -name '*.so' -delete
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Also removes the virtualenv (the next `make setup` recreates it).
distclean: clean
	rm -rf $(VENV)
