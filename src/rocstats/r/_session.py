"""What every R bridge needs: start the embedded R safely, check an R package, source a
helper file into a private environment.  Never imports rpy2 at module import time."""
import os
from collections import namedtuple

#: ``r_version`` (R.version.string), ``version`` (of the package), ``rpy2_version``.
RPackage = namedtuple("RPackage", ["r_version", "version", "rpy2_version"])


def version_tuple(text):
    """``"1.18.0"`` -> ``(1, 18, 0)``; stops at the first non-numeric piece."""
    parts = []
    for piece in str(text).replace("-", ".").split("."):
        try:
            parts.append(int(piece))
        except ValueError:
            break
    return tuple(parts)


def r_package_status(package, *, missing_hint=""):
    """``(True, RPackage)`` when ``package`` can be used through rpy2, else
    ``(False, reason)``.  Checks, in order: rpy2 importable, R's home found (a broken
    R_HOME makes the embedded R call exit() during start-up, which cannot be caught, so
    look before starting it), the embedded R starts, the package is installed.  Never
    raises."""
    try:
        import rpy2
    except ImportError as exc:
        return False, "rpy2 is not installed (pip install 'rocstats[r]'): %s" % exc
    try:
        from rpy2 import situation

        r_home = situation.get_r_home()
    except Exception as exc:
        return False, "cannot locate R through rpy2 %s: %s" % (rpy2.__version__, exc)
    if not r_home or not os.path.isdir(r_home):
        return False, ("R was not found (R_HOME %r; install R or set R_HOME to its home "
                       "directory)" % (r_home,))
    try:
        from rpy2 import robjects
    except Exception as exc:  # R missing or not loadable (R_HOME, libR.so)
        return False, "R cannot be started through rpy2 %s: %s" % (rpy2.__version__, exc)
    undo_r_library_path()
    try:
        has = bool(robjects.r('isTRUE(requireNamespace("%s", quietly = TRUE))' % package)[0])
        r_version = str(robjects.r("R.version.string")[0])
    except Exception as exc:
        return False, "R started but failed to run a command: %s" % exc
    if not has:
        return False, "the R package %s is not installed in %s%s" % (package, r_version,
                                                                      missing_hint)
    version = str(robjects.r('as.character(utils::packageVersion("%s"))' % package)[0])
    return True, RPackage(r_version, version, rpy2.__version__)


def undo_r_library_path():
    """Take R's library directories back out of ``LD_LIBRARY_PATH``.

    rpy2 prepends them when it starts the embedded R (its own comment says this is too
    late to matter for the running process).  Child processes inherit them, and a Python
    started from here -- a Dask worker, say -- whose libpython is a shared library then
    loads the system's libpython from R's directories instead of its own and fails
    (``undefined symbol`` on import).  Removes exactly the prefix rpy2 added; a no-op
    when rpy2 has not started R or the variable was changed since.  Returns True when it
    removed something."""
    try:
        from rpy2.rinterface_lib import openrlib
    except Exception:
        return False
    prefix = (getattr(openrlib, "LD_LIBRARY_PATH", None) or "") + ":"
    current = os.environ.get("LD_LIBRARY_PATH", "")
    if prefix == ":" or not current.startswith(prefix):
        return False
    rest = current[len(prefix):]
    if rest:
        os.environ["LD_LIBRARY_PATH"] = rest
    else:
        del os.environ["LD_LIBRARY_PATH"]
    return True


def source_helpers(path):
    """Source the R file ``path`` into a new environment (parent: the global one) and
    return that environment; its functions are called as ``env["name"](...)``."""
    from rpy2 import robjects

    undo_r_library_path()
    load = robjects.r("function(path) { env <- new.env(parent = globalenv()); "
                      "sys.source(path, envir = env, keep.source = FALSE); env }")
    return load(str(path))


def helpers_loader(path, available, what):
    """A cached, argument-free function that sources the R helper file ``path`` on its
    first call and returns its environment; it raises ``RuntimeError("<what>
    unavailable: <why>")`` instead when ``available()`` returns ``(False, why)``.  One
    per bridge module (ROCR, riskRegression, the margin tests)."""
    import functools

    @functools.lru_cache(maxsize=None)
    def load():
        ok, why = available()
        if not ok:
            raise RuntimeError("%s unavailable: %s" % (what, why))
        return source_helpers(path)

    return load


def float_vector(x, name, n=None):
    """``x`` as a contiguous 1-d float64 array (of ``n`` values when given) for R, or a
    ``ValueError`` naming ``name``."""
    import numpy as np

    arr = np.ascontiguousarray(np.asarray(x, dtype=np.float64))
    if arr.ndim != 1 or (n is not None and arr.size != n):
        raise ValueError("%s must be 1-dimensional%s, got shape %s"
                         % (name, "" if n is None else " with %d values" % n, arr.shape))
    return arr
