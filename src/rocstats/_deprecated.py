"""Renamed arguments keep their old names for one release, with a warning.

``@renamed(n_resamples="n_boot")`` lets a function be called with the old keyword: it
warns (`DeprecationWarning`, naming the new spelling and the release that drops
the old one) and passes the value under the new name.  Giving both is an error.  The
table of every alias is `ALIASES` (the documentation's argument table lists
them too).
"""
import functools
import warnings

__all__ = ["renamed", "deprecated_function", "ALIASES", "REMOVED_IN"]

#: the release that removes the old spellings
REMOVED_IN = "0.2"
#: ``{function name: {old: new}}`` of every renamed argument
ALIASES: "dict[str, dict[str, str]]" = {}


def renamed(**old_to_new):
    """Decorator: accept the old keyword names ``old_to_new`` (old -> new) with a
    `DeprecationWarning`."""
    def deco(fn):
        ALIASES.setdefault(fn.__name__, {}).update(old_to_new)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for old, new in old_to_new.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError("%s() got both %s= and its old name %s="
                                        % (fn.__name__, new, old))
                    warnings.warn("%s(%s=...) is deprecated: the argument is now %s= (the "
                                  "old name is removed in rocstats %s)"
                                  % (fn.__name__, old, new, REMOVED_IN),
                                  DeprecationWarning, stacklevel=2)
                    kwargs[new] = kwargs.pop(old)
            return fn(*args, **kwargs)
        return wrapper
    return deco


def deprecated_function(fn, old_name, new_call):
    """``fn`` under its old public name: warns that ``old_name`` is now ``new_call``."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        warnings.warn("rocstats.%s is deprecated: call %s (the old name is removed in "
                      "rocstats %s)" % (old_name, new_call, REMOVED_IN),
                      DeprecationWarning, stacklevel=2)
        return fn(*args, **kwargs)
    wrapper.__name__ = old_name
    wrapper.__qualname__ = old_name
    return wrapper
