"""What a grid runs: :class:`GridConfig` and its checks, the run's key, seeds and folds."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import zlib
from dataclasses import dataclass

import numpy as np
from sklearn.model_selection import StratifiedKFold

from .._validation import MAXIMA, check_choice, check_k, check_unique, check_whole
from ..classifiers import check_classifier
from ..liblinear import SOLVER_MODES
from ..metrics import FORMAN_METRICS
from ..selection import canonical

__all__ = ["ALL", "DEFAULT_KS", "GridConfig", "cell_splits", "parse_ks", "run_key", "seed_for"]

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
    ks : tuple of int
        Numbers of features to select (Forman: 10 … 2000).
    trials, folds : int
        Random repetitions of stratified ``folds``-fold cross-validation
        (Forman: 5 × 4).
    classes : tuple of str or None
        Positive classes; None means every class of every dataset; ``()``
        with ``groups`` runs the groups' tasks alone.
    classifier : str
        A key of :data:`fsviz.classifiers.CLASSIFIERS`: ``"svm"``
        (scikit-learn's LinearSVC, Forman's choice), ``"nb"``
        (MultinomialNB), ``"knn"`` (cosine, similarity-weighted, k = 10),
        ``"knn_okapi"`` (Okapi weights and idf on term frequencies, k = 100)
        or ``"centroid"`` (cosine); see :mod:`fsviz.classifiers`. All but
        ``knn_okapi`` see Boolean presence.
    classifier_params : tuple of (name, value) pairs, or a dict
        Passed to the classifier (LinearSVC's defaults when empty); checked
        here by scikit-learn's own parameter validation
        (:func:`fsviz.classifiers.check_classifier`), so a bad value fails
        before any cell runs.
    solver : {"fastest", "sklearn"}
        How a LinearSVC is fitted (:mod:`fsviz.liblinear`). ``"fastest"``
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
    all_features : bool
        Also record the all-features baseline (metric ``"all"``).
    datasets : tuple of str
        Paths (anything :func:`fsviz.load_corpus` reads) used when
        :func:`fsviz.grid.run_grid` is given no data.
    groups : tuple of (positive, negative) pairs
        Tasks of one group of classes against another (:mod:`fsviz.groups`;
        negative None: every other document), run beside the one-vs-rest
        tasks of ``classes``; a group task's rows carry its name in the
        ``class`` column, ``"a + b vs c"``. Documents in neither group are in
        none of its folds.
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
    all_features: bool = True
    datasets: tuple = ()
    groups: tuple = ()

    def __post_init__(self):
        set_ = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731 (frozen)
        # canonical() raises with the list of known metrics, or for a bad weight or combination
        set_("metrics", check_unique((canonical(m) for m in self.metrics), "metrics") or FORMAN_METRICS)
        ks = (self.ks,) if isinstance(self.ks, (int, np.integer)) else tuple(self.ks)
        if not ks:
            raise ValueError("`ks` is empty; give at least one number of features, e.g. ks=(10, 100, 1000)")
        set_("ks", tuple(sorted({check_k(k) for k in ks})))
        for name in ("ks", "metrics"):
            if len(getattr(self, name)) > MAXIMA[name]:
                raise ValueError(f"`{name}` has {len(getattr(self, name)):,} values, more than a run takes "
                                 f"({MAXIMA[name]}); run them in parts")
        for name, low in (("trials", 1), ("folds", 2), ("min_df", 1)):
            value = getattr(self, name)
            if name != "min_df" or value is not None:
                set_(name, check_whole(value, f"{name}", minimum=low, maximum=MAXIMA.get(name)))
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

    def n_fits(self) -> int:
        """Classifier fits per cell at most (fewer when feature sets coincide)."""
        return len(self.metrics) * len(self.ks) + self.all_features


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


def parse_ks(text: str) -> tuple:
    """Numbers of features from text such as ``"10, 100 1000"``."""
    try:
        return tuple(int(v) for v in text.replace(",", " ").split())
    except ValueError:
        raise ValueError(f"k values must be whole numbers separated by commas, got {text!r}") from None


def run_key(config: GridConfig, corpora) -> str:
    """Identifies a result set: the config (without dataset paths) and the data it ran on.

    ``corpora`` is a list of :class:`fsviz.Corpus`; equal keys mean equal results.
    """
    spec = config.to_dict()
    spec.pop("datasets")
    if not config.groups:
        spec.pop("groups")  # so a run without groups keeps the key it had before they existed
    if config.classifier != "svm" or config.solver == "sklearn":
        spec.pop("solver")  # the results do not depend on it (and so keep the keys they had before it existed)
    spec["data"] = [(c.name, c.fingerprint) for c in corpora]
    return hashlib.sha1(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()[:16]


def seed_for(*parts) -> int:
    """A 32-bit seed from ints and strings, stable across processes and runs."""
    words = [p if isinstance(p, int) else zlib.crc32(str(p).encode()) for p in parts]
    return int(np.random.SeedSequence(words).generate_state(1)[0])


def cell_splits(y, config: GridConfig, trial: int):
    """The (train, test) index pairs of one trial, as the grid draws them.

    Use this to reproduce the grid's folds elsewhere (e.g. as ``cv=`` of
    scikit-learn's ``GridSearchCV``).
    """
    y = np.asarray(y, dtype=bool)
    cv = StratifiedKFold(n_splits=config.folds, shuffle=True, random_state=seed_for(config.seed, trial))
    return list(cv.split(np.zeros((y.size, 1)), y))
