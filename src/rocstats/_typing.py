"""Type aliases of the public signatures (PEP 484), checked by mypy (``make mypy``;
settings in pyproject.toml's ``[tool.mypy]``)."""
from typing import Any, Literal, Optional, Sequence, Tuple, Union

from numpy.typing import ArrayLike

__all__ = ["ArrayLike", "Direction", "Label", "Range", "Seed", "Jobs"]

#: ``"<"``: controls score lower than cases (the default); ``">"``: the reverse
Direction = Literal["<", ">"]
#: a class label (number, bool, string, a Categorical's level)
Label = Any
#: a (low, high) range, e.g. ``partial=(1, 0.8)``
Range = Union[Tuple[float, float], Sequence[float]]
#: ``random_state``: None, an int seed, a numpy Generator / SeedSequence
Seed = Any
#: ``n_jobs``: None, an int, or a ``dask.distributed.Client``
Jobs = Any
OptArray = Optional[ArrayLike]
