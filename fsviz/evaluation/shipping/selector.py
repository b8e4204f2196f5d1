"""A scikit-learn feature selector for any fsviz metric: :class:`MetricSelector`.

``SelectKBest(fsviz.score_func("bns"), k=100)`` works for the 2×2 metrics,
but it breaks ties its own way (the higher column index wins), knows only
two classes, and a closure does not load from a skops file.
:class:`MetricSelector` selects exactly the words :func:`fsviz.selected_words`
selects, for any spec (weighted metrics, combinations, formulas, IGFSS, the
every-class and term-frequency metrics), chooses ``k`` by the grid's FDR
rule if asked, selects for several classes, and is a plain class that skops
saves and loads.
"""

from __future__ import annotations

import numbers
import warnings
from types import SimpleNamespace

import numpy as np
from scipy import sparse
from sklearn.base import BaseEstimator
from sklearn.feature_selection import SelectorMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from ..._validation import check_choice
from ...metrics.counts import Training, document_frequency, presence_counts
from ...selection import check_formulas, parse_spec, score_words, select_top_k, selected_words
from ...stats.significance import FdrRule, parse_k_rule, significant_words
from ..grid import rule_ks

try:
    from sklearn.utils.validation import validate_data
except ImportError:  # scikit-learn < 1.6: the method this function replaced
    def validate_data(estimator, X, y, **kwargs):
        return estimator._validate_data(X, y, **kwargs)

__all__ = ["MULTICLASS_RULES", "MetricSelector", "round_robin"]

#: How :class:`MetricSelector` chooses one word set for more than two classes with a one-vs-rest metric.
MULTICLASS_RULES = ("round_robin", "max")


class MetricSelector(SelectorMixin, BaseEstimator):
    """Select the ``k`` words a feature-selection metric ranks best, as fsviz and its grid do.

    Parameters
    ----------
    metric : str or Spec, default="bns"
        Any spec :func:`fsviz.selection.parse_spec` reads: a registered metric
        (``"bns"``, ``"ig"``, ``"chi"``, ``"chi_max"``, ``"cmfs"`` …), an α-weighted
        one (``"bns@0.3"``), a combination (``"ar(chi_max,ig)"``), your own
        formula (``"expr(tpr-fpr)"``) or IGFSS (``"igfss(cmfs)"``).
    k : int, "all" or str, default=1000
        How many words to select: a whole number ≥ 0 (clipped, silently, to
        the number of features, as :func:`fsviz.selected_words` clips it),
        ``"all"``, or a false-discovery-rate rule such as ``"fdr0.05"``: k is the
        number of words with Benjamini–Hochberg q ≤ 0.05 under the grid's test
        (:func:`fsviz.evaluation.grid.cell.rule_ks`: Fisher's exact test,
        one-sided, over the words present in the training documents). With
        more than two classes (and no ``positive``) the rule counts the words
        significant for at least one class against the rest. A rule that
        finds no word raises ValueError.
    positive : label or None, default=None
        The class whose words are selected against the rest. None: with two
        classes the larger label after sorting (scikit-learn's ``pos_label``
        convention, as :func:`fsviz.score_func`); with more, ``multiclass``
        decides. Given with more than two classes, that class is scored
        against all the others (the grid's one-vs-rest task).
    multiclass : {"round_robin", "max"}, default="round_robin"
        With more than two classes, how a metric that scores one class
        against the rest chooses one word set (metrics that score words for
        every class at once, :attr:`Spec.is_global <fsviz.selection.Spec.is_global>`:
        χ²max, CMFS, DFreq … select by their own score and ignore it):

        - ``"round_robin"`` (Forman 2004): each class ranks the words one
          against the rest; the classes then take turns, in the order of
          ``classes_``, each taking its best word not yet taken, until k words
          are taken. A class's own ties go to the lower column index.
        - ``"max"``: each word scores its highest score over the classes
          (χ²max's rule, applied to any metric); the top k of that.
    random_state : int, RandomState or None, default=0
        Seed of the metrics that draw (``"rand"``) or fit a model (``"svm_w"`` …).

    Attributes
    ----------
    scores_ : ndarray of shape (n_features,)
        Each word's score (higher is better): the metric's for the positive
        class; with several classes and a one-vs-rest metric, its highest
        score over the classes (the ``"max"`` rule's ranking); for IGFSS, the
        scores of its global metric (IGFSS then picks words per class, not the
        top k of ``scores_``).
    class_scores_ : ndarray of shape (n_classes, n_features)
        Only with several classes, no ``positive`` and a one-vs-rest metric:
        each class's scores against the rest, in the order of ``classes_``.
    selected_ : ndarray of int, shape (``k_``,)
        The selected columns in the order they were selected, best first.
    k_ : int
        The number of words selected (``k`` resolved and clipped).
    classes_ : ndarray of shape (n_classes,)
        The labels of ``y``, sorted.
    n_features_in_ : int
        Number of features seen in ``fit``.
    feature_names_in_ : ndarray of str, shape (``n_features_in_``,)
        The column names of ``X``, when ``X`` has string column names (a pandas DataFrame).

    See Also
    --------
    fsviz.selected_words : the same words, from a :class:`fsviz.Training` sample.
    fsviz.score_func : a ``score_func`` for ``SelectKBest`` (2×2 metrics only; SelectKBest's tie rule).
    fsviz.export_selection : a Pipeline to ship with the selected words as its vocabulary.

    Notes
    -----
    ``X`` holds counts, such as ``CountVectorizer``'s: a word is present in a
    document where its count is > 0, and every 2×2 metric reads presence
    only; the term-frequency metrics read the counts themselves. Negative or
    non-finite values raise ValueError. Every feature is a candidate, even one
    absent from every document (as in ``SelectKBest``), so exactly
    ``min(k, n_features)`` words are selected.

    Ties: at equal scores the lower column index is selected first
    (:func:`fsviz.select_top_k`; alphabetical order after ``CountVectorizer``),
    where ``SelectKBest`` keeps the higher indices. On Boolean text data ties
    are common, so the two select different words.

    References
    ----------
    G. Forman (2004), "A pitfall and solution in multi-class feature selection
    for text classification", ICML 2004 (round-robin selection over the classes).

    Examples
    --------
    >>> import numpy as np
    >>> from fsviz import MetricSelector
    >>> X = np.array([[2, 1, 0, 0], [1, 0, 0, 1], [0, 0, 3, 1], [0, 1, 1, 0]])
    >>> selector = MetricSelector("dfreq", k=2).fit(X, [1, 1, 0, 0])
    >>> selector.get_support(indices=True).tolist(), selector.k_
    ([0, 1], 2)
    """

    def __init__(self, metric="bns", k=1000, *, positive=None, multiclass="round_robin", random_state=0):
        self.metric = metric
        self.k = k
        self.positive = positive
        self.multiclass = multiclass
        self.random_state = random_state

    def fit(self, X, y):
        """Score the words of ``X`` for the labels ``y`` and select the best ``k``.

        Parameters
        ----------
        X : {array-like, sparse matrix} of shape (n_samples, n_features)
            Counts (or presence) of each word in each document; never negative.
        y : array-like of shape (n_samples,)
            Class labels, at least two distinct.

        Returns
        -------
        self : MetricSelector

        Raises
        ------
        ValueError
            For an unknown metric, a bad ``k``, ``positive`` or ``multiclass``,
            negative or non-finite counts, fewer than two classes, or an FDR rule
            that finds no word.
        """
        spec = _check_metric(self.metric)
        rule = _check_k_param(self.k)
        multiclass = check_choice(self.multiclass, "multiclass", MULTICLASS_RULES)
        _check_labels(y)
        X, y = validate_data(self, X, y, accept_sparse=("csr", "csc", "coo"))
        X = _count_matrix(X)
        check_classification_targets(y)
        self.classes_, codes = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError(f"y holds one class ({self.classes_[0]!r}); MetricSelector scores words by how they "
                             "separate classes, so it needs at least two")
        Y = codes.reshape(-1, 1) == np.arange(self.classes_.size)
        names = np.array([str(c) for c in self.classes_], dtype=object)
        task = self._task()
        n_features = X.shape[1]
        k = n_features if rule is None else min(_rule_k(rule, X, Y, task), n_features)
        seed = self.random_state
        self.__dict__.pop("class_scores_", None)  # a previous fit's, for other classes

        if task is not None or spec.is_global:
            training = Training(X, Y, positive=0 if task is None else task, classes=names)
            check_formulas([spec], [_sizes(training)])
            scores = score_words(spec.ordering, training, random_state=seed)
            chosen = selected_words(spec, training, k, random_state=seed) if k else np.empty(0, np.intp)
        else:
            if spec.selects_per_k:
                raise ValueError(f"{spec.canonical} selects one class's word set per k; with "
                                 f"{self.classes_.size} classes give `positive`, or use a metric over every class "
                                 "inside it, such as igfss(cmfs)")
            trainings = [Training(X, Y, positive=c, classes=names) for c in range(self.classes_.size)]
            check_formulas([spec], [_sizes(t) for t in trainings])
            self.class_scores_ = np.vstack([score_words(spec, t, random_state=seed) for t in trainings])
            scores = self.class_scores_.max(axis=0)
            if not k:
                chosen = np.empty(0, np.intp)
            elif multiclass == "max":
                chosen = select_top_k(scores, k).indices
            else:
                chosen = round_robin([select_top_k(s, k).indices for s in self.class_scores_], k)
        self.scores_ = np.array(scores, dtype=np.float64)  # a writable copy of the engine's cached scores
        self.selected_ = np.asarray(chosen, dtype=np.intp)
        self.k_ = int(self.selected_.size)
        return self

    def _task(self):
        """The column of the class scored against the rest, or None when several classes share one word set."""
        labels = self.classes_.tolist()
        if self.positive is None:
            return 1 if len(labels) == 2 else None
        matches = [i for i, label in enumerate(labels) if label == self.positive]
        if not matches:
            raise ValueError(f"`positive` must be one of the labels in y ({', '.join(map(repr, labels))}), "
                             f"got {self.positive!r}")
        return matches[0]

    def _get_support_mask(self):
        check_is_fitted(self, "selected_")
        mask = np.zeros(self.n_features_in_, dtype=bool)
        mask[self.selected_] = True
        return mask

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        tags.input_tags.sparse = True
        tags.input_tags.positive_only = True  # counts: a negative value is refused
        tags.transformer_tags.preserves_dtype = ["float64", "float32"]  # selecting columns changes no value
        return tags

    def _more_tags(self):  # scikit-learn < 1.6 reads these instead of __sklearn_tags__
        return {"requires_y": True, "requires_positive_X": True}


def round_robin(rankings, k: int) -> np.ndarray:
    """The first ``k`` words taken by classes in turn, each its best word not yet taken (Forman 2004).

    Parameters
    ----------
    rankings : sequence of ndarray of int
        One ranking per class, best first, each holding at least ``k`` words
        (the class's top k is enough: before its turn at most k words are taken).
    k : int
        How many words to take, at most the number of distinct words in ``rankings``.

    Returns
    -------
    ndarray of int, shape (k,)
        The words in the order taken: the first class's best, the second's, …

    See Also
    --------
    fsviz.MetricSelector : Uses it for ``multiclass="round_robin"``.
    fsviz.select_top_k : One ranking's top k, with its tie rule.

    References
    ----------
    .. [1] Forman, G., "A Pitfall and Solution in Multi-Class Feature Selection for Text Classification", ICML
       (2004): round-robin selection over the classes.

    Examples
    --------
    >>> round_robin([np.array([0, 1, 2]), np.array([0, 2, 1])], 3).tolist()
    [0, 2, 1]
    """
    taken = set()
    order = []
    position = [0] * len(rankings)
    # One turn after another: each turn depends on the words taken before it, so the loop runs once per
    # selected word (and once per skipped one), never over the vocabulary.
    while len(order) < k:
        for c, ranking in enumerate(rankings):
            while int(ranking[position[c]]) in taken:
                position[c] += 1
            word = int(ranking[position[c]])
            taken.add(word)
            order.append(word)
            if len(order) == k:
                break
    return np.array(order, dtype=np.intp)


def _check_metric(metric):
    """The parsed spec of ``metric``, or ValueError naming the parameter and what is wrong."""
    try:
        return parse_spec(metric)
    except (ValueError, TypeError) as err:
        raise ValueError(f"`metric`: {err}. Give a metric name such as 'bns', a weighted one ('bns@0.3'), "
                         "a combination ('ar(chi_max,ig)') or a formula ('expr(tpr-fpr)')") from None


def _check_k_param(k):
    """``k`` as a whole number ≥ 0, an :class:`FdrRule`, or None for "all"; else ValueError."""
    allowed = "`k` must be a whole number of words >= 0, 'all', or a rule such as 'fdr0.05'"
    if isinstance(k, str) and k.strip().lower() == "all":
        return None
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (numbers.Integral, str)):
        raise ValueError(f"{allowed}, got {k!r}")
    try:
        value = parse_k_rule(k)
    except ValueError as err:
        raise ValueError(f"{allowed}, got {k!r} ({err})") from None
    if not isinstance(value, FdrRule) and value < 0:
        raise ValueError(f"{allowed}, got {k!r}")
    return value


def _check_labels(y) -> None:
    """A missing label (None, NaN, pandas' NA) in ``y`` is refused by its position, as scikit-learn refuses NaN in
    ``y``; so are text labels beside numbers, which cannot be ordered (a raw sort TypeError otherwise)."""
    if y is None:  # scikit-learn's own message: "requires y to be passed"
        return
    values = np.asarray(y, dtype=object).ravel() if not isinstance(y, np.ndarray) or y.dtype == object else None
    if values is None:
        if np.asarray(y).dtype.kind == "f" and np.isnan(y).any():
            raise ValueError(f"Input y contains NaN (at position {int(np.flatnonzero(np.isnan(y))[0])}); give "
                             "every document a label, or leave out the documents without one")
        return
    for at, value in enumerate(values):
        try:
            missing = value is None or bool(value != value)  # NaN is the one value unequal to itself
        except TypeError:  # pandas' NA, whose comparisons are NA
            missing = True
        if missing:
            raise ValueError(f"Input y contains a missing label ({value!r} at position {at}); give every document "
                             "a label, or leave out the documents without one")
    if len({str if isinstance(v, str) else type(v).__name__ for v in values}) > 1 and \
            any(isinstance(v, str) for v in values):  # text and numbers do not order: np.unique cannot sort them
        kinds = sorted({type(v).__name__ for v in values})
        raise ValueError(f"y mixes labels of types {', '.join(kinds)}, which cannot be ordered; give every label as "
                         "the same type (all str, say)")


def _count_matrix(X) -> sparse.csr_matrix:
    """``X`` as CSR with no stored zeros; ValueError when a value is negative (in the words scikit-learn's
    checks look for, then fsviz's, which name the first such entry). Fractional values (tf-idf weights) are read
    as presence, with a warning that says so: the 2×2 metrics read whether a word is in a document."""
    X = sparse.csr_matrix(X)
    data = X.data if X.nnz else np.zeros(0)
    if data.size and np.issubdtype(data.dtype, np.floating) and np.any(data != np.floor(data)):
        warnings.warn("X holds fractional values (tf-idf weights?): MetricSelector reads each word's presence "
                      "(a value > 0), so the weights do not change the selection; pass counts (CountVectorizer) "
                      "to give the term-frequency metrics what they read", UserWarning, stacklevel=3)
    try:
        presence_counts(X)
    except ValueError as err:
        raise ValueError(f"Negative values in data passed to MetricSelector: {err}") from None
    if X.nnz and not np.all(X.data):  # a stored zero is no word: the FDR rule's hypotheses are the words present
        X = X.copy()
        X.eliminate_zeros()
    return X


def _sizes(training: Training) -> tuple:
    """(pos, neg) of the training sample's positive class."""
    pos = int(training.class_sizes[training.positive])
    return pos, training.n_docs - pos


def _rule_k(rule, X, Y, task) -> int:
    """The k of ``rule`` (a number, or the FDR rule's count on these documents); ValueError when a rule finds none."""
    if not isinstance(rule, FdrRule):
        return rule
    if task is not None:
        k = rule_ks(X, Y[:, task], [str(rule)])[str(rule)]
    else:  # the words significant for some class against the rest: each class's test, as rule_ks makes it
        present = np.flatnonzero(document_frequency(X))
        tp, fp, pos, neg = Training(X[:, present], Y).class_tables()
        words = set()
        for c in range(tp.shape[0]):
            table = SimpleNamespace(tp=tp[c], fp=fp[c], pos=int(pos[c, 0]), neg=int(neg[c, 0]))
            words.update(significant_words(table, rule.fdr).tolist())
        k = len(words)
    if k == 0:
        raise ValueError(f"no word has q <= {rule.fdr:g} in these training documents, so k={str(rule)!r} selects "
                         "nothing; raise the rate (e.g. 'fdr0.1') or give a number of words")
    return k
