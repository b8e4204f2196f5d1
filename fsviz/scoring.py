"""Scoring words with any metric: a training sample, metric specs and combinations.

:func:`fsviz.score` scores 2×2 tables. Metrics that read more (every class's
document counts, term frequencies, a fitted model) and combinations of
metrics score a :class:`Training` sample instead, through
:func:`score_words`, which also scores the table metrics. The grid, the
pages and the CLI score through it, so every registered metric and every
spec works everywhere.

A *spec* names a scoring:

- a registered metric: ``"bns"``, ``"chi_max"``, ``"ttest_avg"``;
- an α-weighted one (Forman's lesion study): ``"bns@0.3"``, see
  :func:`fsviz.selection.alpha_weight`;
- a combination of two or more specs (Olsson & Oard §4):
  ``"ar(chi_max,ig)"``, ``"lr(df,chi_avg,ig)"``; see :data:`COMBINATIONS`.

Specs nest: ``"hr(bns@0.6,ig)"``.

One spec form selects rather than scores: ``"igfss(cmfs,nfr=0.2)"``, IGFSS
(Deshpande et al., :mod:`fsviz.igfss`) over a global spec, which picks a
word set for each k that is not a prefix of one ranking. :func:`selected_words`
gives the k words of any spec; :func:`score_words` refuses IGFSS, and it
cannot be weighted or combined.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse
from scipy.stats import rankdata

from .metrics import get_metric, metric_names, score

__all__ = ["COMBINATIONS", "Training", "canonical", "check_spec", "combination", "parse_spec", "parse_specs", "score_words",
           "ordering_spec", "selected_sets", "selected_words", "selects_per_k", "spec_inputs", "spec_label"]

#: The negative feature ratio of ``igfss(…)`` when the spec gives none.
DEFAULT_NFR = 0.0


@dataclass(frozen=True, eq=False)
class Training:
    """What a metric may look at: labelled training documents.

    Attributes
    ----------
    X_tf : scipy.sparse.csr_matrix, shape (n_docs, n_words)
        Term frequencies (Boolean presence works too: it is then every
        frequency metric's input as well).
    Y : ndarray of bool, shape (n_docs, n_classes)
        Labels; several per document in multi-label corpora.
    positive : int or None
        The class scored against the rest (a column of ``Y``), needed by
        one-class metrics; None when only all-class metrics are scored.
    classes : ndarray of str or None
        Class names, for messages.

    Derived counts are computed once, on first use, and scores are kept per
    spec, so scoring a combination and its parts counts everything once.
    """

    X_tf: sparse.csr_matrix
    Y: np.ndarray
    positive: int | None = None
    classes: np.ndarray | None = None
    _scores: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        X = sparse.csr_matrix(self.X_tf)
        if X.nnz and not X.data.all():
            X = X.copy()
            X.eliminate_zeros()
        Y = np.asarray(self.Y, dtype=bool)
        if Y.ndim == 1:
            Y = np.column_stack([Y, ~Y])
        if Y.shape[0] != X.shape[0]:
            raise ValueError(f"`Y` has {Y.shape[0]} rows but `X_tf` has {X.shape[0]} documents")
        object.__setattr__(self, "X_tf", X)
        object.__setattr__(self, "Y", Y)
        if self.positive is not None and not 0 <= int(self.positive) < Y.shape[1]:
            raise ValueError(f"`positive` must be a class index in [0, {Y.shape[1]}), got {self.positive!r}")

    @classmethod
    def from_binary(cls, X, y) -> "Training":
        """A two-class sample from features ``X`` and Boolean labels ``y`` (True = positive)."""
        y = np.asarray(y, dtype=bool)
        return cls(X, np.column_stack([y, ~y]), positive=0, classes=np.array(["positive", "rest"], dtype=object))

    def select_words(self, columns) -> "Training":
        """The same documents with only the words ``columns`` (indices into the vocabulary)."""
        return Training(self.X_tf[:, columns], self.Y, self.positive, self.classes)

    # --- shapes ---------------------------------------------------------
    @property
    def n_docs(self) -> int:
        return self.X_tf.shape[0]

    @property
    def n_words(self) -> int:
        return self.X_tf.shape[1]

    @functools.cached_property
    def presence(self) -> sparse.csr_matrix:
        """Boolean presence as float64 CSR."""
        X = self.X_tf
        return sparse.csr_matrix((np.ones(X.nnz), X.indices, X.indptr), shape=X.shape)

    @functools.cached_property
    def df(self) -> np.ndarray:
        """Documents containing each word."""
        return np.bincount(self.X_tf.indices, minlength=self.n_words).astype(np.float64)

    @functools.cached_property
    def class_sizes(self) -> np.ndarray:
        """Documents of each class, shape (n_classes,)."""
        return self.Y.sum(axis=0).astype(np.float64)

    @functools.cached_property
    def class_df(self) -> np.ndarray:
        """Documents of each class containing each word, shape (n_classes, n_words)."""
        return np.asarray((sparse.csr_matrix(self.Y.T, dtype=np.float64) @ self.presence).toarray())

    @functools.cached_property
    def class_tf(self) -> np.ndarray:
        """Summed term frequency of each word in each class, shape (n_classes, n_words)."""
        return np.asarray((sparse.csr_matrix(self.Y.T, dtype=np.float64) @ self.X_tf.astype(np.float64)).toarray())

    # --- the positive class ------------------------------------------------
    @property
    def y(self) -> np.ndarray:
        """Boolean labels of the positive class."""
        return self.Y[:, self._positive()]

    def table(self):
        """``tp, fp, pos, neg`` of every word for the positive class."""
        c = self._positive()
        pos = int(self.class_sizes[c])
        neg = self.n_docs - pos
        if pos == 0 or neg == 0:
            name = self.classes[c] if self.classes is not None else c
            raise ValueError(f"class {name!r} has {pos} of {self.n_docs} training documents; "
                             "a one-class metric needs documents both in and outside the class")
        tp = self.class_df[c]
        return tp, self.df - tp, pos, neg

    def _positive(self) -> int:
        if self.positive is None:
            raise ValueError("this metric scores one class against the rest; give the Training a `positive` class")
        return int(self.positive)


# --- specs -------------------------------------------------------------------


def _combine_ranks(reduce):
    def combine(columns):
        # Rank 1 is the best score; ties share their average rank. A lower
        # rank is better, so the combined score is minus the reduced rank.
        ranks = np.column_stack([rankdata(-c, method="average") for c in columns])
        return -reduce(ranks, axis=1)

    return combine


def _normalise_then_or(norm):
    def combine(columns):
        scaled = []
        for c in columns:
            size = norm(c)
            scaled.append(c / size if size > 0 else np.zeros_like(c))
        return np.max(np.column_stack(scaled), axis=1)

    return combine


@dataclass(frozen=True)
class _Combination:
    name: str
    label: str
    description: str
    combine: callable


#: Olsson & Oard (§4)'s ways to combine two or more inputs, by spec prefix.
COMBINATIONS = {
    c.name: c
    for c in [
        _Combination("hr", "HR", "highest rank: each word's best rank over the inputs", _combine_ranks(np.min)),
        _Combination("lr", "LR", "lowest rank: each word's worst rank over the inputs", _combine_ranks(np.max)),
        _Combination("ar", "AR", "average rank: the unweighted mean of each word's ranks", _combine_ranks(np.mean)),
        _Combination("dmor", "DMOR", "divide each input's scores by their maximum, then take each word's largest",
                     _normalise_then_or(lambda c: float(np.max(c, initial=0.0)))),
        _Combination("dlor", "DLOR", "divide each input's scores by their L2 norm, then take each word's largest",
                     _normalise_then_or(lambda c: float(np.linalg.norm(c)))),
    ]
}


def _split_arguments(text: str, spec: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise ValueError(f"{spec!r}: unbalanced parentheses")
        elif char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if depth:
        raise ValueError(f"{spec!r}: unbalanced parentheses")
    parts.append(text[start:].strip())
    return parts


@functools.lru_cache(maxsize=4096)
def parse_spec(spec: str):
    """The parsed form of a spec: ``("metric", name)``, ``("weighted", inner, α)``,
    ``("combination", kind, (inner, …))`` or ``("igfss", inner, nfr)``; inner
    parts are parsed too.

    Raises ValueError naming what is wrong: an unknown metric or
    combination, a weight or ratio outside [0, 1], fewer than two inputs,
    IGFSS inside a combination or weight, or unbalanced parentheses.

    >>> parse_spec("ar(chi_max,bns@0.3)")
    ('combination', 'ar', (('metric', 'chi_max'), ('weighted', ('metric', 'bns'), 0.3)))
    """
    text = str(spec).strip().lower().replace(" ", "")
    if not text:
        raise ValueError("empty metric name; choose one of " + ", ".join(metric_names()))
    if text.count("(") != text.count(")"):
        raise ValueError(f"{spec!r}: unbalanced parentheses")
    head, paren, rest = text.partition("(")
    if paren and text.endswith(")") and "@" not in head:
        if head == "igfss":
            return _parse_igfss(_split_arguments(rest[:-1], spec), spec)
        if head not in COMBINATIONS:
            raise ValueError(f"{spec!r}: unknown combination {head!r}; use one of {', '.join(COMBINATIONS)}, "
                             "e.g. ar(chi_max,ig)")
        parts = _split_arguments(rest[:-1], spec)
        if len(parts) < 2 or not all(parts):
            raise ValueError(f"{spec!r}: a combination needs two or more metrics, e.g. {head}(chi_max,ig)")
        inputs = tuple(parse_spec(p) for p in parts)
        if any(p[0] == "igfss" for p in inputs):
            raise ValueError(f"{spec!r}: IGFSS selects a word set per k and has no scores to combine; "
                             "combine the global metrics inside it instead, e.g. igfss(ar(cmfs,chi_max))")
        return ("combination", head, inputs)
    inner, at, weight = text.rpartition("@")
    if at:
        alpha = _fraction(weight, spec, "the weight α after '@'", "; 0.5 is unweighted")
        weighted = parse_spec(inner)
        if weighted[0] == "igfss":
            raise ValueError(f"{spec!r}: IGFSS selects a word set per k and has no scores to weight")
        return ("weighted", weighted, alpha)
    if "(" in text or ")" in text:
        raise ValueError(f"{spec!r}: write a combination as name(metric,metric), e.g. ar(chi_max,ig)")
    get_metric(text)  # raises with the list of known metrics
    return ("metric", text)


def _fraction(text, spec, name, hint) -> float:
    """``text`` as a number in [0, 1], or ValueError naming ``name`` in ``spec``."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{spec!r}: {name} must be a number between 0 and 1{hint}") from None
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{spec!r}: {name} must be between 0 and 1, got {value:g}{hint}")
    return value


def _parse_igfss(parts, spec):
    """``igfss(global)``, ``igfss(global,nfr=0.2)`` or ``igfss(global,0.2)``."""
    example = "e.g. igfss(cmfs) or igfss(icmfs,nfr=0.2)"
    if not 1 <= len(parts) <= 2 or not parts[0]:
        raise ValueError(f"{spec!r}: IGFSS takes one global metric and an optional negative feature ratio, {example}")
    nfr = DEFAULT_NFR
    if len(parts) == 2:
        nfr = _fraction(parts[1].removeprefix("nfr="), spec, "the negative feature ratio nfr", f", {example}")
    inner = parse_spec(parts[0])
    if inner[0] == "igfss":
        raise ValueError(f"{spec!r}: IGFSS's global metric must score words; it cannot be IGFSS itself")
    return ("igfss", inner, nfr)


def _unparse(parsed) -> str:
    if parsed[0] == "metric":
        return parsed[1]
    if parsed[0] == "weighted":
        return f"{_unparse(parsed[1])}@{parsed[2]:g}"
    if parsed[0] == "igfss":
        return f"igfss({_unparse(parsed[1])},nfr={parsed[2]:g})"
    return f"{parsed[1]}({','.join(_unparse(p) for p in parsed[2])})"


def canonical(spec: str) -> str:
    """The one way to write a spec: lower case, no spaces, weights as ``%g``.

    >>> canonical("AR(chi_max, BNS@0.30)")
    'ar(chi_max,bns@0.3)'
    """
    return _unparse(parse_spec(spec))


def parse_specs(text: str) -> tuple:
    """Specs from comma-separated text, ``"ar(chi_max, ig), bns@0.6"`` → ``("ar(chi_max,ig)", "bns@0.6")``.

    Commas inside a combination's parentheses do not split; every spec is
    checked (ValueError says which is wrong and why) and written canonically.
    """
    parts = [p for p in _split_arguments(str(text).strip(), str(text)) if p] if str(text).strip() else []
    return tuple(canonical(p) for p in parts)


def check_spec(spec: str) -> str:
    """``spec`` if it is a valid spec (see :func:`parse_spec`), else ValueError."""
    parse_spec(spec)
    return spec


def combination(kind: str, *specs) -> str:
    """The spec of combination ``kind`` (``"hr"``, ``"lr"``, ``"ar"``, ``"dmor"``, ``"dlor"``) of ``specs``.

    >>> combination("lr", "chi_max", "ig")
    'lr(chi_max,ig)'
    """
    spec = f"{kind}({','.join(specs)})"
    check_spec(spec)
    return spec


def _label(parsed) -> str:
    kind = parsed[0]
    if kind == "metric":
        return get_metric(parsed[1]).label
    if kind == "weighted":
        return f"{_label(parsed[1])} α={parsed[2]:g}"
    if kind == "igfss":
        return f"IGFSS({_label(parsed[1])}, nfr={parsed[2]:g})"
    return f"{COMBINATIONS[parsed[1]].label}({', '.join(_label(p) for p in parsed[2])})"


def spec_label(spec) -> str:
    """How a page names a spec: ``"BNS"``, ``"BNS α=0.3"``, ``"AR(χ²max, IG)"``;
    anything that is not a spec is returned as text."""
    try:
        return _label(parse_spec(spec))
    except (ValueError, TypeError):
        return str(spec)


def spec_inputs(spec) -> set[str]:
    """The :data:`fsviz.metrics.INPUTS` keys a spec reads."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    if parsed[0] == "metric":
        return {get_metric(parsed[1]).inputs}
    if parsed[0] == "weighted":
        return spec_inputs(parsed[1]) | {"table"}
    if parsed[0] == "igfss":
        return spec_inputs(parsed[1]) | {"classes"}
    return set().union(*(spec_inputs(p) for p in parsed[2]))


# --- scoring -----------------------------------------------------------------


def ordering_spec(spec: str) -> str:
    """The spec whose scores order ``spec``'s words: ``spec`` itself, or IGFSS's global metric."""
    parsed = parse_spec(spec)
    return _unparse(parsed[1]) if parsed[0] == "igfss" else _unparse(parsed)


def selects_per_k(spec) -> bool:
    """True when ``spec`` picks a word set per k (IGFSS) instead of scoring words."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    return parsed[0] == "igfss"


def _score(parsed, training: Training, random_state) -> np.ndarray:
    key = (parsed, random_state if isinstance(random_state, (int, np.integer, type(None))) else id(random_state))
    if key in training._scores:
        return training._scores[key]
    kind = parsed[0]
    if kind == "igfss":
        raise ValueError(f"{_unparse(parsed)} selects a word set for each k and gives words no score; "
                         "use fsviz.selected_words(spec, training, k)")
    if kind == "metric":
        metric = get_metric(parsed[1])
        if metric.inputs == "table":
            tp, fp, pos, neg = training.table()
            scores = score(metric.name, tp, fp, pos, neg, random_state=random_state)
        else:
            scores = np.asarray(metric.func(training), dtype=np.float64)
    elif kind == "weighted":
        from .selection import alpha_weight

        tp, fp, pos, neg = training.table()
        scores = alpha_weight(_score(parsed[1], training, random_state), tp, fp, pos, neg, parsed[2])
    else:
        columns = [_score(p, training, random_state) for p in parsed[2]]
        scores = COMBINATIONS[parsed[1]].combine(columns).astype(np.float64)
    scores.setflags(write=False)
    training._scores[key] = scores
    return scores


def score_words(spec: str, training: Training, *, random_state=0) -> np.ndarray:
    """Every word's score under ``spec`` (a metric, weighted metric or combination).

    Parameters
    ----------
    spec : str
        See :func:`parse_spec`.
    training : Training
        The documents to score from (``corpus.training(class)`` for a whole
        corpus; the grid passes each fold's training split).
    random_state : int, default 0
        Seed for Rand.

    Returns
    -------
    ndarray of float64, shape (n_words,), read-only. Higher is better.

    Notes
    -----
    Combinations (Olsson & Oard §4) rank each input with rank 1 the best
    score and tied scores sharing their average rank (scipy's
    ``rankdata(method="average")``; the paper does not say how ties rank);
    HR scores a word by minus its best rank, LR by minus its worst, AR by
    minus the mean. DMOR divides each input by its largest score and DLOR
    by its L2 norm, then each word takes the largest normalised score; an
    input whose scores are all 0 contributes 0.

    Examples
    --------
    Two words, the first in both positive documents only, the second in one
    document of each class; the first ranks 1st under both BNS and IG:

    >>> import numpy as np
    >>> X = np.array([[1, 1], [1, 0], [0, 1], [0, 0]])
    >>> training = Training.from_binary(X, [True, True, False, False])
    >>> score_words("ar(bns,ig)", training).tolist()
    [-1.0, -2.0]
    """
    return _score(parse_spec(spec), training, random_state)


def selected_words(spec: str, training: Training, k: int, *, random_state=0) -> np.ndarray:
    """The ``k`` words ``spec`` selects from ``training``, as vocabulary indices.

    For a spec that scores words, the top k by :func:`score_words` (ties:
    lower index first, :func:`fsviz.select_top_k`), best first; for IGFSS,
    :func:`fsviz.igfss.igfss_select` over its global spec's scores, in the
    order it takes them. ``k`` is clipped to the number of words.

    >>> import numpy as np
    >>> X = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 0]])
    >>> training = Training(X, np.array([[1, 0], [1, 0], [0, 1], [0, 1]]), positive=0)
    >>> selected_words("dfreq", training, 2).tolist()
    [0, 1]
    >>> selected_words("igfss(dfreq)", training, 2).tolist()
    [0, 2]
    """
    return selected_sets(spec, training, [k], random_state=random_state)[k]


def selected_sets(spec: str, training: Training, ks, *, random_state=0) -> dict:
    """:func:`selected_words` for every k in ``ks`` (k → word indices), scoring once.

    A ranking is scored and sorted once and each set is a prefix of it;
    IGFSS labels and sorts the words once and fills its quotas per k.
    """
    from .selection import check_k, select_top_k

    sizes = {k: min(check_k(k), training.n_words) for k in ks}
    parsed = parse_spec(spec)
    if parsed[0] == "igfss":
        from .igfss import igfss_sets

        sets = igfss_sets(training, set(sizes.values()), _score(parsed[1], training, random_state), parsed[2])
        return {k: sets[n] for k, n in sizes.items()}
    ranking = select_top_k(_score(parsed, training, random_state), max(sizes.values())).indices
    return {k: ranking[:n] for k, n in sizes.items()}
