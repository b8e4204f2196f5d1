"""Checks at the door: every public entry point validates its parameters here.

As SciPy's ``_…_iv`` functions and scikit-learn's parameter constraints do,
each check names the parameter, says what is allowed and returns the value
in the type the library uses inside, so the code past the door can trust it.
This module imports nothing of fsviz: every layer may call it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["check_counts", "check_fraction", "check_k", "check_n_jobs", "check_unique", "check_whole"]


def check_k(k, n_features: int | None = None) -> int:
    """Validate ``k``: a positive whole number (at most ``n_features`` when given).

    >>> check_k(10)
    10
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"`k` must be a positive whole number of features, got {k!r}")
    if n_features is not None and k > n_features:
        raise ValueError(
            f"`k`={k} is larger than the vocabulary ({n_features} words); choose k <= {n_features}"
        )
    return int(k)


def check_whole(value, name: str, *, minimum: int = 0, what: str = "") -> int:
    """``value`` as an int when it is a whole number >= ``minimum``, else ValueError naming ``name``.

    >>> check_whole(3, "min_df", what="of documents")
    3
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        what = f" {what}" if what else ""
        raise ValueError(f"`{name}` must be a whole number{what}, at least {minimum}, got {value!r}")
    return int(value)


def check_fraction(value, name: str, *, hint: str = "", spec: str | None = None) -> float:
    """``value`` (a number or its text) as a float in [0, 1], else ValueError naming ``name``.

    ``hint`` ends the message (say what 0.5 or a default means); ``spec``,
    when the value came from a spec's text, starts it.

    >>> check_fraction("0.30", "alpha")
    0.3
    """
    where = f"{spec!r}: " if spec is not None else ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{where}{name} must be a number between 0 and 1{hint}") from None
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"{where}{name} must be between 0 and 1, got {number:g}{hint}")
    return number


def check_counts(tp, fp, pos, neg):
    """``tp, fp, pos, neg`` as broadcast float64 arrays of a valid 2×2 table, else ValueError."""
    tp, fp, pos, neg = np.broadcast_arrays(*(np.asarray(a, dtype=np.float64) for a in (tp, fp, pos, neg)))
    if np.any(pos < 1) or np.any(neg < 1):
        raise ValueError(
            "`pos` and `neg` must both be at least 1 (a task needs documents in "
            f"each class), got pos={np.min(pos):g}, neg={np.min(neg):g}"
        )
    if np.any(tp < 0) or np.any(tp > pos):
        raise ValueError("`tp` must lie in [0, pos]: a word cannot be in more positive documents than exist")
    if np.any(fp < 0) or np.any(fp > neg):
        raise ValueError("`fp` must lie in [0, neg]: a word cannot be in more negative documents than exist")
    return tp, fp, pos, neg


def check_n_jobs(value, name: str = "n_jobs") -> int:
    """``value`` as an int when it is a whole number of processes other than 0, else ValueError.

    joblib's meaning: 1 or more processes, or -1 for one per core (-2 all
    cores but one, and so on).

    >>> check_n_jobs(-1)
    -1
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value == 0:
        raise ValueError(f"`{name}` must be a whole number of worker processes, 1 or more (or -1 for one "
                         f"per core), got {value!r}")
    return int(value)


def check_unique(values, name: str) -> tuple:
    """``values`` as a tuple when no value repeats, else ValueError naming the repeated ones.

    >>> check_unique(["bns", "ig"], "metrics")
    ('bns', 'ig')
    """
    values = tuple(values)
    seen, twice = set(), []
    for value in values:
        if value in seen and value not in twice:
            twice.append(value)
        seen.add(value)
    if twice:
        raise ValueError(f"`{name}` lists {', '.join(map(str, twice))} more than once; give each once")
    return values
