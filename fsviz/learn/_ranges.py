"""The values fsviz accepts for the classifiers' numeric parameters, and the toy sample on which
:func:`fsviz.learn.check_classifier` fits once, bounded, to check that they go together."""

from __future__ import annotations

import numpy as np
from scipy import sparse

#: Four documents, two words: check_classifier fits on them once to try the parameters together.
_TOY_X = sparse.csr_matrix(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 0.0]]))
_TOY_Y = np.array([True, False, True, False])
#: The ranges fsviz accepts for the classifiers' numeric parameters, checked before anything is fitted:
#: scikit-learn's constraints allow any positive C, but liblinear does not converge beyond about 1e6 (nor learn
#: anything below 1e-6), and a check must never run a value through open-ended work.
RANGES = {"C": (1e-6, 1e6), "tol": (1e-12, 1.0), "max_iter": (1, 1_000_000), "alpha": (0.0, 1e6),
          "n_neighbors": (1, 100_000)}
#: The toy fit that checks parameters go together runs at most this many iterations.
_TOY_ITER = 100


def _check_ranges(name: str, params: dict) -> None:
    for param, (low, high) in RANGES.items():
        value = params.get(param)
        if value is None or isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
            continue
        if not low <= float(value) <= high:  # NaN fails too
            raise ValueError(f"classifier {name!r}: {param} = {value:g} is outside {low:g} … {high:g}, the range "
                             f"fsviz accepts for it; choose a value inside")
