"""What a grid runs: :class:`GridConfig` and its checks, and the run's key (its seeds and folds: ``folds``)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from dataclasses import dataclass

import numpy as np

from ..._validation import MAXIMA, check_choice, check_k, check_unique, check_whole
from ...learn._liblinear import SOLVER_MODES
from ...learn.classifiers import check_classifier
from ...metrics import FORMAN_METRICS
from ...selection import canonical, parse_spec
from ...stats.significance import FdrRule, parse_k_rule

__all__ = ["ALL", "DEFAULT_KS", "GridConfig", "check_fixed_ks", "parse_ks", "run_key"]

#: Forman's numbers of features (Appendix B).
DEFAULT_KS = (10, 20, 50, 100, 200, 500, 1000, 2000)
#: The ``metric`` value of the all-features baseline rows.
ALL = "all"


@dataclass(frozen=True)
class GridConfig:
    """What to run; equal configs give identical results.

    Parameters
    ----------
    metrics : tuple of str
        Metric specs (:func:`fsviz.selection.parse_spec`); empty means
        Forman's twelve (:data:`fsviz.FORMAN_METRICS`). Any registered
        metric, including those reading every class, term frequencies or a
        model (scored on each fold's training split only); a name with an α
        weight, ``"bns@0.3"`` (Forman's lesion study: positive features'
        scores × α, negative ones' × (1 − α); see
        :func:`fsviz.selection.alpha_weight`); or a combination,
        ``"ar(chi_max,ig)"`` (Olsson & Oard's HR, LR, AR, DMOR, DLOR).
    ks : tuple of int or str
        Numbers of features to select (Forman: 10 … 2000). A significance
        rule such as ``"fdr0.05"`` among them (:func:`fsviz.stats.parse_k_rule`)
        goes to ``k_rules``.
    k_rules : tuple of str
        k rules, such as ``"fdr0.05"``: in each fold, k is the number of
        words present in the training split whose Benjamini–Hochberg q of
        Fisher's one-sided test (more frequent in the positive group;
        :mod:`fsviz.stats.significance`) is at most the rate, counted on that
        split alone; each metric then selects its top k. The rows carry the
        rule in ``k_rule`` and the fold's chosen k in ``k`` (fixed-k rows
        have ``k_rule == ""``). A fold where no word qualifies selects
        nothing: its classifier has no word to read and predicts every test
        document negative (k = 0). A run with rules still needs one fixed
        k at least: the results explorer sets each rule beside the fixed-k
        curves (:func:`fsviz.evaluation.analyses.k_rule_summary`).
    trials, folds : int
        Random repetitions of stratified ``folds``-fold cross-validation
        (Forman: 5 × 4).
    classes : tuple of str or None
        Positive classes; None means every class of every dataset; ``()``
        with ``groups`` runs the groups' tasks alone.
    classifier : str
        A key of :data:`fsviz.learn.classifiers.CLASSIFIERS`: ``"svm"``
        (scikit-learn's LinearSVC, Forman's choice), ``"nb"``
        (MultinomialNB), ``"knn"`` (cosine, similarity-weighted, k = 10),
        ``"knn_okapi"`` (Okapi weights and idf on term frequencies, k = 100)
        or ``"centroid"`` (cosine); see :mod:`fsviz.learn.classifiers`. All but
        ``knn_okapi`` see Boolean presence.
    classifier_params : tuple of (name, value) pairs, or a dict
        Passed to the classifier (LinearSVC's defaults when empty); checked
        here by scikit-learn's own parameter validation
        (:func:`fsviz.learn.classifiers.check_classifier`), so a bad value fails
        before any cell runs.
    solver : {"fastest", "sklearn"}
        How a LinearSVC is fitted (:mod:`fsviz.learn._liblinear`). ``"fastest"``
        (the default): per fit, the liblinear solver that reaches the
        optimum first (dual once k is a quarter of the training documents),
        duplicate rows merged, the dual solver's answer at a looser
        tolerance kept when its duality gap proves it close enough, and a
        second solve when one stops at ``max_iter``; the results table's ``solver`` and ``converged``
        columns say what happened. ``"sklearn"``: exactly
        ``LinearSVC.fit`` (scikit-learn's ``dual="auto"``, rows as given),
        the fits ``GridSearchCV`` would make. The other classifiers fit the
        same either way.
    seed : int
        Seeds the fold assignment and Rand; a whole number >= 0.
    min_df : int or None
        Rare-word cutoff applied to every dataset before the folds are
        drawn. None: paths are loaded with Forman's 3 and a Corpus is used
        as it was built.
    inner_folds : int
        0 (the default) or at least 2: in every cell, the same metrics and k also run by an inner stratified
        ``inner_folds``-fold cross-validation inside the cell's training split, their counts pooled into the
        rows' ``inner_*`` columns (:func:`fsviz.evaluation.grid.inner_splits`). A choice of metric and k then
        sees the training documents alone: textbook nested cross-validation
        (:mod:`fsviz.evaluation.analyses.nested`). Each cell fits about ``1 + inner_folds`` times as often.
    rand_draws : int
        Draws of each random spec (Rand, and any spec built on it) in every cell, at least 1 (the default):
        each draw selects its own words and fits its own model, and the rows hold the confusion counts summed
        over the draws (``draws`` says how many), so Rand's scores are its expectation over the draws rather
        than one draw's luck, and a verdict against Rand does not hang on the seed. Each draw past the first
        costs Rand's fits again.
    all_features : bool
        Also record the all-features baseline (metric ``"all"``).
    datasets : tuple of str
        Paths (anything :func:`fsviz.load_corpus` reads) used when
        :func:`fsviz.evaluation.grid.run_grid` is given no data.
    groups : tuple of (positive, negative) pairs
        Tasks of one group of classes against another (:mod:`fsviz.corpora.groups`;
        negative None: every other document), run beside the one-vs-rest
        tasks of ``classes``; a group task's rows carry its name in the
        ``class`` column, ``"a + b vs c"``. Documents in neither group are in
        none of its folds.

    See Also
    --------
    fsviz.evaluation.run_grid : Runs a config.
    fsviz.evaluation.parse_ks : Reads ``ks`` and k rules from text.
    fsviz.evaluation.run_key : The key a run's results are stored under.

    References
    ----------
    .. [1] Forman, G., "An Extensive Empirical Study of Feature Selection Metrics for Text Classification", JMLR 3
       (2003), Appendix B: the evaluation grid (each class against the rest, 5 trials of
       stratified 4-fold cross-validation, k = 10 … 2000, a linear SVM).
    .. [2] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures": the combinations HR, LR, AR, DMOR and DLOR.

    Examples
    --------
    >>> config = GridConfig(metrics=("bns", "ig"), ks=(10, 100, "fdr0.05"), trials=2)
    >>> config.ks, config.k_rules, config.k_values
    ((10, 100), ('fdr0.05',), (10, 100, 'fdr0.05'))
    >>> config.n_fits()  # 2 metrics × (2 ks + 1 rule) + all words
    7
    """

    metrics: tuple = ()
    ks: tuple = DEFAULT_KS
    trials: int = 5
    folds: int = 4
    classes: tuple | None = None
    classifier: str = "svm"
    classifier_params: tuple = ()
    solver: str = "fastest"
    seed: int = 0
    min_df: int | None = None
    inner_folds: int = 0
    rand_draws: int = 1
    all_features: bool = True
    datasets: tuple = ()
    groups: tuple = ()
    k_rules: tuple = ()

    def __post_init__(self):
        set_ = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731 (frozen)
        # canonical() raises with the list of known metrics, or for a bad weight or combination
        set_("metrics", check_unique((canonical(m) for m in self.metrics), "metrics") or FORMAN_METRICS)
        ks = (self.ks,) if isinstance(self.ks, (int, np.integer, str)) else tuple(self.ks)
        rules = (self.k_rules,) if isinstance(self.k_rules, (str, FdrRule)) else tuple(self.k_rules)
        # a rule's text is read as a rule; anything else must be a number of words (check_k says what is wrong)
        parsed = [parse_k_rule(k) if _names_a_rule(k) else k for k in (*ks, *rules)]
        set_("k_rules", tuple(str(r) for r in sorted({r for r in parsed if isinstance(r, FdrRule)}, key=lambda r: r.fdr)))
        if all(isinstance(k, FdrRule) for k in parsed):
            raise ValueError(f"`ks` {'is empty' if not parsed else 'has only k rules'}; give at least one number of "
                             "features, e.g. ks=(10, 100, 1000), beside any k rule such as 'fdr0.05' (a rule's "
                             "result is compared with the fixed ks)")
        set_("ks", tuple(sorted({check_k(k) for k in parsed if not isinstance(k, FdrRule)})))
        for name, count in (("ks", len(self.ks) + len(self.k_rules)), ("metrics", len(self.metrics))):
            if count > MAXIMA[name]:
                raise ValueError(f"`{name}` has {count:,} values, more than a run takes ({MAXIMA[name]}); "
                                 "run them in parts")
        for name, low in (("trials", 1), ("folds", 2), ("min_df", 1), ("inner_folds", 0), ("rand_draws", 1)):
            value = getattr(self, name)
            if name != "min_df" or value is not None:
                set_(name, check_whole(value, f"{name}", minimum=low,
                                       maximum=MAXIMA.get(name.removeprefix("inner_").replace("rand_draws", "trials"))))
        if self.inner_folds == 1:
            raise ValueError("`inner_folds` is 1: an inner cross-validation needs at least 2 folds (or 0 for none, "
                             "the choice then made on the other outer folds)")
        set_("groups", _groups(self.groups))
        if self.classes is not None:
            classes = (self.classes,) if isinstance(self.classes, str) else tuple(map(str, self.classes))
            if not classes and not self.groups:
                raise ValueError("`classes` is empty; pass None for every class (or give `groups`)")
            set_("classes", classes)
        set_("classifier_params", _params(self.classifier_params))
        check_classifier(self.classifier, self.classifier_params)  # scikit-learn's checks now, not in a worker
        set_("solver", check_choice(self.solver, "solver", SOLVER_MODES))
        set_("seed", check_whole(self.seed, "seed", minimum=0))
        set_("datasets", tuple(map(str, (self.datasets,) if isinstance(self.datasets, (str, os.PathLike))
                                   else self.datasets)))

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> GridConfig:
        data = dict(data)
        data["classifier_params"] = tuple(tuple(p) for p in data.get("classifier_params", ()))
        data.setdefault("solver", "sklearn")  # results saved before there was a choice were fitted so
        return cls(**{f.name: data[f.name] for f in dataclasses.fields(cls) if f.name in data})

    @property
    def k_values(self) -> tuple:
        """The numbers of features, then the k rules: ``(10, 100, 'fdr0.05')``, as :func:`parse_ks` reads them."""
        return (*self.ks, *self.k_rules)

    def n_fits(self) -> int:
        """Classifier fits per cell at most (fewer when feature sets coincide), the inner folds' included."""
        per_k = len(self.ks) + len(self.k_rules)
        random = sum(parse_spec(m).random for m in self.metrics)
        return ((len(self.metrics) * per_k + self.all_features) * (1 + self.inner_folds)
                + random * per_k * (self.rand_draws - 1))


def _params(params) -> tuple:
    """``classifier_params`` (a dict or (name, value) pairs) as pairs sorted by name."""
    pairs = tuple(params.items() if isinstance(params, dict) else params)
    if not all(isinstance(p, (tuple, list)) and len(p) == 2 and isinstance(p[0], str) for p in pairs):
        raise ValueError(f"`classifier_params` must be a dict or (name, value) pairs such as (('C', 0.5),), "
                         f"got {params!r}")
    check_unique((name for name, _ in pairs), "classifier_params")
    return tuple(sorted(map(tuple, pairs), key=lambda p: p[0]))


def _groups(groups) -> tuple:
    """``groups`` as ((positive classes), (negative classes) or None) pairs, each group named and non-empty."""
    def names(value, side):
        if value is None and side == "negative":
            return None
        value = (value,) if isinstance(value, str) else value
        if not isinstance(value, (tuple, list)) or not value or not all(isinstance(c, str) and c for c in value):
            raise ValueError(f"`groups`: each {side} group must be a non-empty list of class names, got {value!r}")
        return tuple(dict.fromkeys(value))

    try:
        pairs = [tuple(pair) for pair in groups]
    except TypeError:
        pairs = None
    if pairs is None or not all(len(pair) == 2 for pair in pairs):
        raise ValueError(f"`groups` must be (positive, negative) pairs of class lists, e.g. ((('a',), ('b', 'c')),), "
                         f"got {groups!r}")
    out = tuple((names(pos, "positive"), names(neg, "negative")) for pos, neg in pairs)
    for pos, neg in out:
        both = sorted(set(pos) & set(neg or ()))
        if both:
            raise ValueError(f"`groups`: class {both[0]!r} is in both groups of a task; a class belongs to one side")
    return tuple(dict.fromkeys(out))


def _names_a_rule(value) -> bool:
    """Whether ``value`` is meant as a k rule (text starting ``fdr``), to be read by :func:`fsviz.stats.parse_k_rule`."""
    return isinstance(value, str) and value.strip().lower().startswith("fdr")


def check_fixed_ks(config: GridConfig, what: str) -> GridConfig:
    """``config`` when it has numbers of features and no k rule, else a ValueError naming ``what`` refuses it.

    Parameters
    ----------
    config : GridConfig
        The config to check.
    what : str
        What needs fixed ks, named in the error.

    Returns
    -------
    GridConfig
        ``config``, unchanged.

    Raises
    ------
    ValueError
        When ``config`` has a k rule.

    See Also
    --------
    fsviz.evaluation.lesion_config : A study that needs fixed ks.
    fsviz.evaluation.parse_ks : Where k rules come from.

    Examples
    --------
    >>> check_fixed_ks(GridConfig(ks=(10, "fdr0.05")), "The lesion study")
    Traceback (most recent call last):
    ...
    ValueError: The lesion study compares fixed numbers of features; a k rule such as fdr0.05 chooses k in each
    fold of a grid run (one group against another): give numbers of features, e.g. 10, 100, 1000
    """
    if config.k_rules:
        raise ValueError(f"{what} compares fixed numbers of features; a k rule such as {config.k_rules[0]} chooses k "
                         "in each fold of a grid run (one group against another): give numbers of features, "
                         "e.g. 10, 100, 1000")
    return config


def parse_ks(text: str) -> tuple:
    """Numbers of features, and k rules, from text such as ``"10, 100 1000, fdr0.05"``.

    Parameters
    ----------
    text : str
        Whole numbers and k rules, separated by commas or spaces.

    Returns
    -------
    tuple
        The ks as ints and the rules as str, in order.

    Raises
    ------
    ValueError
        For a value that is neither a whole number nor a k rule.

    See Also
    --------
    fsviz.stats.parse_k_rule : Reads one k rule.
    fsviz.evaluation.GridConfig : Takes the values as ``ks``.

    Examples
    --------
    >>> parse_ks("10, 100 fdr0.05")
    (10, 100, 'fdr0.05')
    """
    values = []
    for value in text.replace(",", " ").split():
        try:
            rule = parse_k_rule(value)
        except ValueError:
            if _names_a_rule(value):
                raise  # a rule with a bad rate: its own message says so
            raise ValueError(f"k values must be whole numbers, or k rules such as fdr0.05, separated by commas; "
                             f"{value!r} in {text!r} is neither") from None
        values.append(str(rule) if isinstance(rule, FdrRule) else rule)
    return tuple(values)


def run_key(config: GridConfig, corpora) -> str:
    """Identifies a result set: the config (without dataset paths) and the data it ran on.

    ``corpora`` is a list of :class:`fsviz.Corpus`; equal keys mean equal results.

    Parameters
    ----------
    config : GridConfig
        The config.
    corpora : list of fsviz.Corpus
        The data it ran on.

    Returns
    -------
    str
        16 hexadecimal digits.

    See Also
    --------
    fsviz.evaluation.open_run : Opens a stored run by its key.
    fsviz.evaluation.stored_results : A run's stored results, found by this key.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> key = run_key(GridConfig(metrics=("bns",), ks=(10,)), [corpus])
    >>> len(key), key == run_key(GridConfig(metrics=("bns",), ks=(10,), datasets=("elsewhere.csv",)), [corpus])
    (16, True)
    """
    spec = config.to_dict()
    spec.pop("datasets")
    for name in ("groups", "k_rules", "inner_folds"):  # so a run without them keeps the key it had before them
        if not spec[name]:
            spec.pop(name)
    if spec["rand_draws"] == 1:
        spec.pop("rand_draws")
    if config.classifier != "svm" or config.solver == "sklearn":
        spec.pop("solver")  # the results do not depend on it (and so keep the keys they had before it existed)
    spec["data"] = [(c.name, c.fingerprint) for c in corpora]
    return hashlib.sha1(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()[:16]
