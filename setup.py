# The cffi extension is declared here because `cffi_modules` is a setup() keyword; all
# other metadata lives in pyproject.toml.
#
# The C kernels are optional: without a working C compiler (or with a failing build) the
# package still installs, and `import rocstats` warns once and uses the NumPy twins
# (rocstats._kernels).  `.ci/run` checks this path with `CC=false pip install .`.
import re
import sys
from pathlib import Path

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


HERE = Path(__file__).resolve().parent


def long_description():
    """README.md with every relative link made absolute under the project's "Source" URL
    (pyproject.toml's [project.urls]): pictures to the raw file, other links to the file's
    page, so that they work on the package index, outside the repository."""
    text = (HERE / "README.md").read_text(encoding="utf-8")
    base = re.search(r'^Source\s*=\s*"([^"]+)"', (HERE / "pyproject.toml").read_text(),
                     re.M).group(1).rstrip("/")

    def absolute(match):
        bang, label, target = match.group(1), match.group(2), match.group(3)
        if re.match(r"[a-z][a-z0-9+.-]*:|#", target):   # already absolute, or an anchor
            return match.group(0)
        kind = "raw" if bang else "blob"
        return "%s[%s](%s/%s/main/%s)" % (bang, label, base, kind, target.lstrip("./"))

    return re.sub(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)", absolute, text)


setup(cffi_modules=["src/rocstats/_kernels/_build.py:ffibuilder"],
      cmdclass={"build_ext": optional_build_ext},
      long_description=long_description(),
      long_description_content_type="text/markdown",
      # the extension uses only CPython's stable ABI (cffi compiles with Py_LIMITED_API):
      # one wheel, tagged cp39-abi3, serves every CPython >= 3.9
      options={"bdist_wheel": {"py_limited_api": "cp39"}})
