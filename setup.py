# The cffi extension is declared here because `cffi_modules` is a setup() keyword; all
# other metadata lives in pyproject.toml.
#
# The C kernels are optional: without a working C compiler (or with a failing build) the
# package still installs, and `import rocstats` warns once and uses the NumPy twins
# (rocstats._kernels).  `.ci/run` checks this path with `CC=false pip install .`.
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext


class optional_build_ext(build_ext):
    """build_ext that reports a failed compilation instead of failing the install.

    cffi wraps whatever ``build_ext`` command is registered (it generates the wrapper C
    file in ``run`` and then calls this class), so both the generation and the
    compilation are covered."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, missing headers, a compile error
            self._skip(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._skip(exc)

    @staticmethod
    def _skip(exc):
        sys.stderr.write(
            "\nrocstats: WARNING: the C extension could not be built (%s: %s); the package "
            "is installed with its NumPy kernels only (slower, same results).\n\n"
            % (type(exc).__name__, exc))


setup(cffi_modules=["src/rocstats/_kernels/_build.py:ffibuilder"],
      cmdclass={"build_ext": optional_build_ext})
