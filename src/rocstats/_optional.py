"""Optional dependencies: import one on use, or say which extra installs it."""
import importlib

#: top-level module -> (pip distribution, rocstats extra that installs it)
EXTRAS = {
    "matplotlib": ("matplotlib", "plot"),
    "jupytext": ("jupytext", "reports"),
    "nbformat": ("nbformat", "reports"),
    "nbclient": ("nbclient", "reports"),
    "yaml": ("PyYAML", "reports"),
    "pypandoc": ("pypandoc-binary", "reports"),
    "typst": ("typst", "reports"),
    "dask": ("dask", "dask"),
    "distributed": ("distributed", "dask"),
    "rpy2": ("rpy2", "r"),
    "sklearn": ("scikit-learn", None),
}


def import_optional(name, purpose):
    """Import module ``name`` (``"matplotlib.pyplot"``), or raise ``ImportError`` naming
    what needs it and the command that installs it.

    >>> import_optional("math", "a doctest").sqrt(4.0)
    2.0
    >>> import_optional("matplotlib_is_not_a_module", "plotting")
    Traceback (most recent call last):
    ...
    ImportError: plotting needs matplotlib_is_not_a_module, which is not installed: pip install matplotlib_is_not_a_module
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        top = name.split(".")[0]
        dist, extra = EXTRAS.get(top, (top, None))
        how = ("pip install 'rocstats[%s]'" % extra) if extra else ("pip install %s" % dist)
        raise ImportError("%s needs %s, which is not installed: %s"
                          % (purpose, dist, how)) from exc
