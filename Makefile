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

.PHONY: help setup test report bench mutation clean distclean

help:
	@echo "make setup   install R (apt), create $(VENV), pip install -e '.[dev,r,reports]' and -e ./validation"
	@echo "make test    setup, then the test suite (requires the C extension)"
	@echo "make report  setup, run the validation, render $(REPORTS) (FORMAT=$(FORMAT))"
	@echo "make bench   setup, then every benchmark (AUC, sAUC, CART, AUC forest, bootstrap, roc.test); tables in benchmarks/results/"
	@echo "make mutation  mutation testing with mutmut (hours; MODULE=rocstats.curves._coords for one module; not in CI)"
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
	$(PYTHON) benchmarks/bench_auc.py --no-r --no-sklearn --sizes 1e8 --repeats 3 --multi-n 0 \
		--memory-n 1e8 --output benchmarks/results/latest_1e8.md
	$(PYTHON) benchmarks/bench_sauc.py --output benchmarks/results/sauc_latest.md
	$(PYTHON) benchmarks/bench_cart.py --output benchmarks/results/cart_latest.md
	$(PYTHON) benchmarks/bench_auc_forest.py --output benchmarks/results/auc_forest_latest.md
	$(PYTHON) benchmarks/bench_bootstrap.py --output benchmarks/results/bootstrap_latest.md
	$(PYTHON) benchmarks/bench_roctest.py --output benchmarks/results/roctest_latest.md

# Mutation testing of curves/, compare/, bootstrap/, scored/, gof/, _sample.py,
# _options.py, _areas.py, _validation.py, _results.py, _labels.py and the NumPy kernel
# twins of their kernels, as configured in
# pyproject.toml's [tool.mutmut].  The NumPy kernels are forced
# (ROCSTATS_PURE_PYTHON=1) so the mutated twins are the code that runs.  Starts from a
# fresh mutants/ directory, runs mutmut on every core, then prints the score with the
# equivalent mutants of tests/mutation/EQUIVALENT.md left out and lists the survivors
# (`$(VENV)/bin/mutmut show NAME` shows one; `mutmut browse` all).  Slow (about 18,400
# mutants at about 2 CPU-s each: hours on 2 cores), so neither `make test` nor .ci/run calls it.
MUTMUT_CHILDREN ?= $(shell nproc)
# MODULE=rocstats.curves._coords runs that module's mutants only (results accumulate in
# mutants/; the score is printed per module for what has been run)
MODULE ?=
mutation: setup
ifeq ($(MODULE),)
	rm -rf mutants
	ROCSTATS_PURE_PYTHON=1 $(VENV)/bin/mutmut run --max-children $(MUTMUT_CHILDREN)
else
	ROCSTATS_PURE_PYTHON=1 $(VENV)/bin/mutmut run --max-children $(MUTMUT_CHILDREN) "$(MODULE).*"
endif
	$(PYTHON) scripts/mutation_score.py $(VENV)/bin/mutmut

clean:
	rm -rf build dist mutants src/*.egg-info validation/*.egg-info .pytest_cache .hypothesis
	rm -rf validation/output reports/_build reports/*_files
	rm -f reports/*.html reports/*.pdf
	rm -f src/rocstats/_kernels/_ckernels.c
	find src -name '*.so' -delete
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

# Also removes the virtualenv (the next `make setup` recreates it).
distclean: clean
	rm -rf $(VENV)
