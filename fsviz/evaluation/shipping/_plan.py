"""An export's plan: its arguments checked as the grid checks them, and the words selected on the whole corpus (on
the training file alone when the corpus came with a test file)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..._validation import check_whole
from ...corpora.corpus import Corpus
from ...corpora.groups import Groups, check_groups, group_labels
from ...selection import selects_per_k
from ..grid import GridConfig, cell_data, cell_selections, fold_selections

#: Bytes a selected word costs in skops's schema: a JSON node in ``vocabulary`` and two in ``vocabulary_``.
_WORD_BYTES = 1024
#: The classifiers that keep their training documents.
KNN = frozenset({"knn", "knn_okapi"})


@dataclass(frozen=True, eq=False)
class _Plan:
    """The checked arguments and the selected columns (sorted, as the grid fits them)."""

    corpus: Corpus
    groups: Groups
    config: GridConfig
    y: np.ndarray
    rows: np.ndarray
    ranked: np.ndarray
    random_state: int

    @property
    def class_name(self) -> str:
        return self.groups.label if self.groups.negative is None else self.groups.positive_label

    @property
    def negative_label(self) -> str:
        """What ``predict`` says for the other side: ``"not C"`` against the rest, else the negative group."""
        return f"not {self.class_name}" if self.groups.negative is None else self.groups.negative_label

    @property
    def metric(self) -> str:
        return self.config.metrics[0]

    @property
    def columns(self) -> np.ndarray:
        return np.sort(self.ranked)


def _plan(corpus, class_name, metric, k, classifier="svm", params=(), random_state=0, negative=None) -> _Plan:
    """Check every argument (the grid's own checks for the spec, k and the classifier), then select the words."""
    if not isinstance(corpus, Corpus):
        raise ValueError(f"`corpus` must be an fsviz.Corpus (fsviz.load_corpus or fsviz.load_sample makes one), "
                         f"got {type(corpus).__name__}")
    groups = check_groups(corpus.classes, class_name, negative)
    random_state = check_whole(random_state, "random_state", minimum=0)
    try:
        params = tuple(sorted(dict(params).items()))
    except (TypeError, ValueError):
        raise ValueError(f"`params` must be a dict of the classifier's parameters, e.g. {{'C': 0.5}}, "
                         f"got {params!r}") from None
    if isinstance(metric, str) and "," in metric and "(" not in metric:
        raise ValueError(f"`metric` must be one spec, got {metric!r}; export one metric at a time")
    config = GridConfig(metrics=(metric,), ks=(k,), classifier=classifier, classifier_params=params,
                        all_features=False)
    if groups.one_vs_rest:
        y = corpus.y(groups.positive[0])
        if y.all() or not y.any():
            raise ValueError(f"class {groups.label!r} has {int(y.sum())} of {corpus.n_docs} documents; a selector "
                             "needs documents both in and outside the class")
        rows = np.ones(corpus.n_docs, dtype=bool)
    else:
        y, rows = group_labels(corpus, groups)
    data = cell_data(corpus, config)
    if corpus.test_rows is not None:  # a test file is a test: the words and the model come from the training file
        rows = rows.copy()
        rows[corpus.test_rows] = False
        chosen = cell_selections(data, config, groups.label, y, np.flatnonzero(rows), random_state)
    else:
        training = None
        if data.X_tf is not None:
            training = corpus.task(groups.positive, groups.negative).training
        X = data.X if rows.all() else data.X[rows]
        chosen = fold_selections(X, y[rows], config.metrics, config.ks, training=training, random_state=random_state)
    ranked = chosen.selections[config.metrics[0]][config.ks[0]]
    return _Plan(corpus, groups, config, y, rows, np.asarray(ranked), random_state)


def _table(plan: _Plan) -> pd.DataFrame:
    task = plan.corpus.task(plan.groups.positive, plan.groups.negative)
    ranked = plan.ranked
    if selects_per_k(plan.metric):
        scores = np.full(ranked.size, np.nan)
    else:
        scores = task.score(plan.metric, random_state=plan.random_state)[ranked]
    return pd.DataFrame({"rank": np.arange(1, ranked.size + 1), "word": plan.corpus.vocabulary[ranked].astype(str),
                         "column": ranked, "tp": task.tp[ranked], "fp": task.fp[ranked], "score": scores})


def _model_bytes(plan: _Plan) -> int:
    """The model's size as skops builds it (before deflating), known before fitting; kNN keeps its training
    documents (CSR: 12 bytes a stored entry, 16 a row). An upper bound: 1.1–3.3 times the real size on the sample."""
    columns, corpus = plan.columns, plan.corpus
    size = 64 * 1024 + (_WORD_BYTES + 32) * columns.size
    if plan.config.classifier in KNN:
        size += 12 * int(corpus.df[columns].sum()) + 16 * corpus.n_docs
    return size
