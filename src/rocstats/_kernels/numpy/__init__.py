"""The NumPy twins of the C kernels: the reference implementations and the fallback.

Each submodule (``roc``, ``sauc``, ``surrogate``, ``tree``, ``bootstrap``,
``venkatraman``) mirrors
`rocstats._kernels.c` function for function, with the same contracts; the tests
compare the two (`rocstats._kernels.implementations`).  ``import numpy`` inside
these modules is the absolute import of NumPy itself.
"""
