# The cffi extension is declared here because `cffi_modules` is a setup() keyword;
# all other metadata lives in pyproject.toml.
from setuptools import setup

setup(cffi_modules=["src/rocstats/_kernels/_build.py:ffibuilder"])
