"""Checks at the door: every public entry point validates its parameters here.

As SciPy's ``_…_iv`` functions and scikit-learn's parameter constraints do,
each check names the parameter, says what is allowed and returns the value
in the type the library uses inside, so the code past the door can trust it.
This module imports nothing of fsviz: every layer may call it.
"""

from __future__ import annotations

import re

import numpy as np

__all__ = ["MAXIMA", "check_choice", "check_counts", "check_depth", "check_fraction", "check_k", "check_n_jobs",
           "check_stopwords", "check_unique", "check_whole", "parse_size"]

_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1024**2, "mb": 1024**2, "mib": 1024**2,
          "g": 1024**3, "gb": 1024**3, "gib": 1024**3, "t": 1024**4, "tb": 1024**4, "tib": 1024**4}


def check_k(k, n_features: int | None = None) -> int:
    """Validate ``k``: a positive whole number (at most ``n_features`` when given).

    Parameters
    ----------
    k : int
        The number of features to select.
    n_features : int, optional
        The vocabulary's size, when ``k`` must not exceed it.

    Returns
    -------
    int
        ``k`` as a Python int.

    Raises
    ------
    ValueError
        If ``k`` is not a whole number >= 1 (a bool is refused), or is larger than ``n_features``.

    See Also
    --------
    fsviz.select_top_k : the top k it checks ``k`` for.
    fsviz.selected_words : the words a spec selects at k.

    Examples
    --------
    >>> from fsviz import check_k
    >>> check_k(10)
    10
    >>> check_k(50, n_features=20)
    Traceback (most recent call last):
    ...
    ValueError: `k`=50 is larger than the vocabulary (20 words); choose k <= 20
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"`k` must be a positive whole number of features, got {k!r}")
    if n_features is not None and k > n_features:
        raise ValueError(
            f"`k`={k} is larger than the vocabulary ({n_features} words); choose k <= {n_features}"
        )
    return int(k)


#: The largest sizes a run takes, one place for the library, the CLI and the app (each a hundred or more times
#: what Forman's protocol uses: 5 trials, 4 folds, 12 metrics, 14 values of k).
MAXIMA = {"trials": 100, "folds": 100, "workers": 256, "jobs": 256, "ks": 500, "metrics": 500, "cutoffs": 200}


def check_whole(value, name: str, *, minimum: int = 0, maximum: int | None = None, what: str = "") -> int:
    """``value`` as an int when it is a whole number >= ``minimum`` (and <= ``maximum``), else ValueError.

    >>> check_whole(3, "min_df", what="of documents")
    3
    """
    what = f" {what}" if what else ""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"`{name}` must be a whole number{what}, at least {minimum}, got {value!r}")
    if maximum is not None and value > maximum:
        raise ValueError(f"`{name}` must be a whole number{what} from {minimum} to {maximum:,}, got {value:,}")
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


def check_stopwords(stopwords, english: frozenset, languages=("english",)) -> frozenset:
    """The stop words ``stopwords`` names, lower-cased: none for False/None, ``english`` (the language's list)
    for True or a name in ``languages`` (``"english"``: scikit-learn's spelling), else those of a list of str.

    A bare string other than a language's name is refused rather than read
    letter by letter.

    >>> sorted(check_stopwords(["The", "a"], frozenset()))
    ['a', 'the']
    """
    if stopwords is None or stopwords is False:
        return frozenset()
    if stopwords is True or (isinstance(stopwords, str) and stopwords.strip().lower() in languages):
        return english
    if isinstance(stopwords, (str, bytes)):
        raise ValueError(
            f"`stopwords` must be True, a language ({', '.join(languages)}) or a list of words, got the "
            f"string {stopwords!r}; "
            f"for one word pass [{stopwords!r}]"
        )
    try:
        words = list(stopwords)
    except TypeError:
        raise ValueError(f"`stopwords` must be True, 'english' or a list of words, got {stopwords!r}") from None
    bad = next((w for w in words if not isinstance(w, str)), None)
    if bad is not None:
        raise ValueError(f"`stopwords` must hold words (str), got {bad!r}")
    return frozenset(w.strip().lower() for w in words)


def _count_array(value, name: str) -> np.ndarray:
    """``value`` as a float64 array of finite numbers, else ValueError naming ``name`` and the first bad entry."""
    raw = np.asarray(value) if not isinstance(value, np.ndarray) else value
    if raw.dtype.kind in "USVcmM":
        kind = "text" if raw.dtype.kind in "US" else f"{raw.dtype.name} values"
        example = f" such as {raw.ravel()[0].item()!r}" if raw.size else ""
        raise ValueError(f"`{name}` must hold numbers of documents, got {kind}{example}")
    try:
        array = raw.astype(np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"`{name}` must hold numbers of documents, got {value!r:.80}") from None
    bad = ~np.isfinite(array)
    if bad.any():
        at = np.unravel_index(int(np.flatnonzero(bad)[0]), array.shape) if array.ndim else ()
        where = f" at index {at[0] if len(at) == 1 else at}" if at else ""
        raise ValueError(
            f"`{name}` must hold finite counts, got {array[at] if at else float(array)}{where} "
            "(None and missing values read as nan); drop or fill those entries first"
        )
    return array


def check_counts(tp, fp, pos, neg):
    """``tp, fp, pos, neg`` as broadcast float64 arrays of a valid 2×2 table, else ValueError.

    Refuses text, None/NaN and infinities (naming the first), negative
    counts, ``pos`` or ``neg`` below 1, ``tp > pos`` and ``fp > neg``.

    >>> check_counts(2, 0, 5, 10)[0]
    array(2.)
    """
    arrays = [_count_array(v, n) for v, n in zip((tp, fp, pos, neg), ("tp", "fp", "pos", "neg"))]
    try:
        tp, fp, pos, neg = np.broadcast_arrays(*arrays)
    except ValueError:
        shapes = ", ".join(f"{n} {a.shape}" for n, a in zip(("tp", "fp", "pos", "neg"), arrays))
        raise ValueError(f"`tp`, `fp`, `pos` and `neg` must have one shape or broadcast to one, got {shapes}") from None
    if np.any(pos < 1) or np.any(neg < 1):
        raise ValueError(
            "`pos` and `neg` must both be at least 1 (a task needs documents in "
            f"each class), got pos={np.min(pos):g}, neg={np.min(neg):g}"
        )
    if np.any(tp < 0) or np.any(tp > pos):
        raise ValueError("`tp` must lie in [0, pos]: a word cannot be in fewer than 0 or more positive "
                         f"documents than exist, got tp from {np.min(tp):g} to {np.max(tp):g}")
    if np.any(fp < 0) or np.any(fp > neg):
        raise ValueError("`fp` must lie in [0, neg]: a word cannot be in fewer than 0 or more negative "
                         f"documents than exist, got fp from {np.min(fp):g} to {np.max(fp):g}")
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
    if abs(value) > MAXIMA["jobs"]:
        raise ValueError(f"`{name}` must be at most {MAXIMA['jobs']} worker processes (or -1 for one per core), "
                         f"got {value:,}")
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


def check_choice(value, name: str, choices) -> str:
    """``value`` when it is one of ``choices`` (str, compared lower-cased), else ValueError listing them.

    >>> check_choice("CSV", "file_type", ("skops", "csv", "json"))
    'csv'
    """
    text = value.strip().lower() if isinstance(value, str) else None
    if text not in choices:
        raise ValueError(f"`{name}` must be one of {', '.join(choices)}, got {value!r}")
    return text


def check_depth(text: str, maximum: int) -> None:
    """Refuse a spec nested deeper than ``maximum`` (:data:`fsviz.selection.spec.MAX_SPEC_DEPTH`) before it is
    parsed (parsing recurses once per level). A formula ``expr(…)`` is one level: its own
    nesting has its own limit where every formula is read (:data:`fsviz.metrics.expression.MAX_DEPTH`), so
    ``fsviz.score``, ``Task.score``, the grid and the CLI accept and refuse the same specs."""
    depth = deepest = at = 0
    while at < len(text):
        if text[at:at + 5].lower() == "expr(":  # skip to the formula's closing parenthesis
            inner, at = 1, at + 5
            while at < len(text) and inner:
                inner += (text[at] == "(") - (text[at] == ")")
                at += 1
            deepest = max(deepest, depth + 1)
            continue
        depth += (text[at] == "(") - (text[at] == ")")
        deepest, at = max(deepest, depth), at + 1
    deepest += text.count("@")
    if deepest > maximum:
        shown = text[:40] + ("…" if len(text) > 40 else "")
        raise ValueError(
            f"the spec {shown!r} is nested too deeply ({deepest} levels of parentheses and '@'); "
            f"at most {maximum} (MAX_SPEC_DEPTH)"
        )


def parse_size(value, name: str = "size") -> int:
    """A size in bytes from ``value``: a whole number of bytes or text such as ``"500MB"``, ``"2 GB"``.

    Units are binary (1 KB = 1024 bytes, as ``du -h`` counts).

    >>> parse_size("2GB"), parse_size("1.5 mb"), parse_size(4096)
    (2147483648, 1572864, 4096)
    """
    if isinstance(value, str):
        match = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([a-zA-Z]*)\s*", value)
        factor = _UNITS.get(match.group(2).lower()) if match else None
        if factor is None:
            raise ValueError(f"{name} must be a size such as 500MB, 2GB or a number of bytes, got {value[:80]!r}")
        return int(float(match.group(1)) * factor)
    return check_whole(value, name, what="of bytes")
