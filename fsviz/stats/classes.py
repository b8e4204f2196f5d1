"""Every class's top words at once: which words each class's one-against-the-rest selection keeps, side by side.

:func:`class_word_matrix` selects each class's top k words (the class against every other document, as
:meth:`fsviz.Corpus.binary_task` sets it up) and lays them out as one table: a row per word any class keeps,
a column per class, each cell the word's rank in that class (or its score), and how many classes keep the word.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validation import check_k
from ..corpora.task import Task
from ..metrics import get_metric
from ..metrics.counts import Training, presence_counts
from ..selection import MetricSpec, parse_spec, select_top_k

__all__ = ["MATRIX_VALUES", "MAX_CLASSES", "SHARED_COLUMN", "class_word_matrix"]

#: The most classes one matrix holds: beyond it, columns are too many to read (pass ``classes=``).
MAX_CLASSES = 50
#: What a cell may hold: the word's rank in the class (1 = best) or its score.
MATRIX_VALUES = ("rank", "score")
#: The column counting the classes whose top k holds the word.
SHARED_COLUMN = "classes"
#: A Training's counts computed on first use that are the same whichever class is positive.
_DERIVED = ("presence", "df", "class_sizes", "class_df", "class_tf", "present_classes")


def _check_classes(corpus, classes) -> list:
    """The class names to lay out, in the order given (default: the corpus's), at most :data:`MAX_CLASSES`."""
    if classes is None:
        names = [str(c) for c in corpus.classes]
        if len(names) > MAX_CLASSES:
            raise ValueError(f"this corpus has {len(names)} classes, more than the {MAX_CLASSES} one matrix shows; "
                             f"pass `classes=` with at most {MAX_CLASSES} of them")
    else:
        names = [str(c) for c in ([classes] if isinstance(classes, str) else classes)]
        if not 1 <= len(names) <= MAX_CLASSES:
            raise ValueError(f"`classes` must name 1 to {MAX_CLASSES} classes, got {len(names)}")
        if len(set(names)) < len(names):
            raise ValueError("`classes` names a class twice")
        for name in names:
            corpus.class_index(name)  # an unknown class: ValueError listing the corpus's classes
    if SHARED_COLUMN in names:
        raise ValueError(f"a class is named {SHARED_COLUMN!r}, the name of the column counting the classes that "
                         "keep a word; leave it out with `classes=`")
    return names


def _for_class(training: Training, column: int) -> Training:
    """``training`` scoring class ``column`` against the rest, with the counts it derived already (none of which
    depends on the positive class): a metric reading every class counts the corpus once, not once per class."""
    out = Training(training.X_tf, training.Y, positive=column, classes=training.classes)
    out.__dict__.update({name: training.__dict__[name] for name in _DERIVED if name in training.__dict__})
    return out


def class_word_matrix(corpus, metric, k, *, classes=None, value="rank") -> pd.DataFrame:
    """Each class's top ``k`` words by ``metric``, one column per class and one row per word any of them keeps.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus; each class's task is that class against every other document.
    metric : str
        Any spec :meth:`fsviz.Task.score` accepts: a registered metric
        (``"bns"``), a formula (``"expr(…)"``), an α-weighted metric or a
        combination. IGFSS, which picks a word set per k rather than
        scoring words, is refused.
    k : int
        Words per class, 1 to the vocabulary's size.
    classes : sequence of str, optional
        The classes to lay out, in this order (default: every class of the
        corpus, in its order); at most :data:`MAX_CLASSES`.
    value : {"rank", "score"}
        What a cell holds: the word's rank in the class's top k (1 = best,
        the order of :func:`fsviz.select_top_k`) or its score there.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``word``; the column ``classes`` counts the classes whose
        top k holds the word (the words several classes share), then one
        column per class: the rank (nullable ``Int64``) or score
        (``float64``), empty (``<NA>`` / NaN) where the class's top k does
        not hold the word. Rows: the most shared words first, then by their
        best rank in any class, then alphabetically. Every class column
        holds exactly ``k`` values.

    Raises
    ------
    ValueError
        For more than :data:`MAX_CLASSES` classes (pass ``classes=``), an
        unknown class, metric or ``value``, IGFSS, a ``k`` outside 1 to the
        vocabulary's size, or a class with no documents outside it.

    See Also
    --------
    fsviz.stats.top_words : one class's top words by several metrics.
    fsviz.select_top_k : the top k of one scoring, with the tie rule used here.
    fsviz.Corpus.binary_task : one class against the rest, as each column counts it.

    Notes
    -----
    Class c's task is c against every other document: a word's tp counts
    the documents of c holding it, fp the others, as
    ``corpus.binary_task(c)`` counts them, but for every class in one
    sparse product, ``Xᵀ Y``. A spec reading more than the 2×2 table gets
    the task's documents too, with the counts derived from them (per class,
    term frequencies) made once for all classes; a metric of every class at
    once (``all_classes``: χ²max, the t-test …) is scored once, since its
    scores are the same whichever class is positive, and so every class
    keeps the same words. Each class's words are
    ``fsviz.select_top_k(task.score(metric), k)``, with its tie rule: the
    lower vocabulary index first among equal scores.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=0).load()
    >>> table = class_word_matrix(corpus, "bns", 2)
    >>> table.columns.tolist()
    ['classes', 'c0', 'c1', 'c2']
    >>> int(table["c0"].notna().sum()), int(table["classes"].sum())
    (2, 6)
    """
    if value not in MATRIX_VALUES:
        raise ValueError(f"`value` must be one of {', '.join(MATRIX_VALUES)}, got {value!r}")
    spec = parse_spec(metric)
    if spec.selects_per_k:
        raise ValueError(f"{metric!r} selects a word set per k and gives no ranks; use its global metric instead")
    k = check_k(k, corpus.n_words)
    names = _check_classes(corpus, classes)
    one = get_metric(spec.name) if isinstance(spec, MetricSpec) else None
    table, same = one is not None and one.reads_table, one is not None and one.all_classes
    columns = [corpus.class_index(name) for name in names]
    # Every class's tp from one sparse product (binary_task counts one class's the same way).
    tp_all = np.ascontiguousarray((presence_counts(corpus.X_tf).T @ corpus.Y[:, columns].toarray().astype(np.int32)).T,
                                  dtype=np.int64)
    training = None if table else corpus.training()  # the counts it derives are made once, for every class
    chosen, scores, score = [], [], None
    for i, name in enumerate(names):
        pos, tp = int(corpus.class_sizes[columns[i]]), tp_all[i]
        if pos == 0 or pos == corpus.n_docs:
            raise ValueError(f"class {name!r} has {pos} of {corpus.n_docs} documents; a task needs documents "
                             "both in and outside the class")
        if score is None or not same:  # a metric of every class at once scores each class alike
            training = None if table else _for_class(training, columns[i])
            task = Task(name, tp, corpus.df - tp, pos, corpus.n_docs - pos, corpus.vocabulary, training)
            score = task.score(metric)
        top = select_top_k(score, k).indices
        chosen.append(top)
        scores.append(score[top])
    words, inverse = np.unique(np.concatenate(chosen), return_inverse=True)
    rows = inverse.reshape(len(names), k)  # row of each class's j-th word in the matrix
    ranks = np.full((words.size, len(names)), np.nan)
    cells = np.full((words.size, len(names)), np.nan)
    for i in range(len(names)):
        ranks[rows[i], i] = np.arange(1, k + 1)
        cells[rows[i], i] = scores[i]
    shared = np.count_nonzero(~np.isnan(ranks), axis=1)
    best = np.nanmin(ranks, axis=1)
    vocabulary = corpus.vocabulary[words].astype(str)
    order = np.lexsort((vocabulary, best, -shared))
    frame = pd.DataFrame(ranks[order] if value == "rank" else cells[order], columns=names,
                         index=pd.Index(vocabulary[order], name="word"))
    if value == "rank":
        frame = frame.astype("Int64")
    frame.insert(0, SHARED_COLUMN, shared[order])
    return frame
