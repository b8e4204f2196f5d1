"""Any two groups of documents: one class or several against the rest, or against another group of classes.

Forman's (fp, tp) plane is defined for any two sets of documents, so every view and metric carries over.
:func:`group_task` (:meth:`fsviz.Corpus.task`) makes the :class:`fsviz.Task`:

- ``positive``: the classes of the positive group (a document carrying any of them is in it);
- ``negative``: the classes of the negative group, or None for every other document (one-vs-rest);
- documents in neither group are left out: they count in neither ``pos`` nor ``neg``, and a word's
  ``tp`` and ``fp`` count only the documents of the groups;
- **a document in both groups is refused**, with the number of such documents and the first one: a
  document cannot be on both sides of the plane, and dropping it silently would change ``pos`` and
  ``neg`` behind the user's back (in a multi-label corpus, choose groups no document spans). A class
  named in both groups, an empty group, an unknown class and a group with no documents are refused too.

The task's name is its :attr:`Groups.label`: the class for one class against the rest (so
``corpus.task(positive=["a"])`` is ``corpus.binary_task("a")``), ``"a + b"`` for several, and
``"a + b vs c"`` with a negative group. The metrics that read more than the 2×2 table see the two
groups as the task's two classes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..metrics.counts import Training, counts_from_presence, document_frequency
from .task import Task

__all__ = ["Groups", "check_groups", "group_labels", "group_task", "parse_classes"]


@dataclass(frozen=True)
class Groups:
    """Two groups of classes: ``positive``, and ``negative`` (None: every other document).

    Parameters
    ----------
    positive : tuple of str
        The classes of the positive group.
    negative : tuple of str or None, default None
        The classes of the negative group; None for every other document.

    See Also
    --------
    fsviz.corpora.check_groups : makes them from a corpus's classes, checked.
    fsviz.Corpus.task : the task of two groups.

    Examples
    --------
    >>> from fsviz.corpora import Groups
    >>> Groups(("a", "b")).label, Groups(("a",), ("c",)).label, Groups(("a",)).arguments
    ('a + b', 'a vs c', ('a', None))
    """

    positive: tuple
    negative: tuple | None = None

    @property
    def label(self) -> str:
        """The task's name: ``"a"``, ``"a + b"``, or ``"a + b vs c"``."""
        return self.positive_label if self.negative is None else f"{self.positive_label} vs {self.negative_label}"

    @property
    def positive_label(self) -> str:
        return " + ".join(self.positive)

    @property
    def negative_label(self) -> str:
        return "rest" if self.negative is None else " + ".join(self.negative)

    @property
    def arguments(self) -> tuple:
        """``(positive, negative)`` as :meth:`fsviz.Corpus.task`, :meth:`fsviz.Corpus.contexts` and
        :func:`fsviz.export_selection` take them: the class itself for one class against the rest, else a list;
        the negative group a list, or None for every other document."""
        positive = self.positive[0] if self.one_vs_rest else list(self.positive)
        return positive, None if self.negative is None else list(self.negative)

    @property
    def one_vs_rest(self) -> bool:
        """One class against every other document: what :meth:`fsviz.Corpus.binary_task` makes."""
        return self.negative is None and len(self.positive) == 1


def parse_classes(text) -> tuple:
    """Class names from ``"A,B"`` (the command line's ``--class`` and ``--vs``), stripped, empty parts dropped.

    Parameters
    ----------
    text : str
        Comma-separated class names; any other value is read as its ``str``.

    Returns
    -------
    tuple of str
        The names, in order.

    See Also
    --------
    fsviz.corpora.check_groups : checks the names against a corpus's classes.

    Examples
    --------
    >>> from fsviz.corpora import parse_classes
    >>> parse_classes(" a, b,,c ")
    ('a', 'b', 'c')
    """
    return tuple(part.strip() for part in str(text).split(",") if part.strip())


def _names(value, name: str, classes) -> tuple:
    if value is None:
        return None
    try:
        names = (value,) if isinstance(value, str) else None if isinstance(value, bytes) else tuple(value)
    except TypeError:
        names = None
    if names is None or not all(isinstance(c, (str, np.str_)) for c in names):
        raise ValueError(f"`{name}` must be a list of class names, got {value!r}")
    if not names:
        other = "" if name == "positive" else ", or None for every other document"
        raise ValueError(f"`{name}` is an empty group; name at least one class{other}")
    known = {str(c) for c in classes}
    for c in names:
        if str(c) not in known:
            shown = ", ".join(map(str, list(classes)[:20])) + (" …" if len(classes) > 20 else "")
            raise ValueError(f"unknown class {str(c)!r}; this corpus has classes {shown}")
    return tuple(dict.fromkeys(map(str, names)))


def check_groups(classes, positive, negative=None) -> Groups:
    """The two groups, checked against the corpus's ``classes``: names known, groups not empty, none in both.

    Parameters
    ----------
    classes : array-like of str
        The corpus's classes.
    positive : str or list of str
        The positive group: one class, or several.
    negative : str or list of str, optional
        The negative group; None (the default) for every other document.

    Returns
    -------
    Groups
        The groups, with duplicate names dropped.

    Raises
    ------
    ValueError
        For a group that is not class names or is empty, an unknown class, or a class in both groups.

    See Also
    --------
    fsviz.corpora.group_labels : which documents each group holds.
    fsviz.corpora.group_task : the task of the two groups.

    Examples
    --------
    >>> from fsviz.corpora import check_groups
    >>> check_groups(["neg", "odd", "pos"], "pos", ["neg", "neg"])
    Groups(positive=('pos',), negative=('neg',))
    >>> check_groups(["neg", "odd", "pos"], "pos", "pos")
    Traceback (most recent call last):
    ...
    ValueError: class 'pos' is in both groups; a class belongs to `positive` or to `negative`, not both
    """
    groups = Groups(_names(positive, "positive", classes), _names(negative, "negative", classes))
    both = sorted(set(groups.positive) & set(groups.negative or ()))
    if both:
        raise ValueError(f"class {both[0]!r} is in both groups; a class belongs to `positive` or to `negative`, "
                         "not both")
    return groups


def group_labels(corpus, groups: Groups):
    """``(y, rows)``, Boolean per document: in the positive group, and in either group (the task's documents).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus whose documents are grouped.
    groups : Groups
        Checked groups (:func:`check_groups`).

    Returns
    -------
    y : ndarray of bool of shape (n_docs,)
        True for the documents of the positive group.
    rows : ndarray of bool of shape (n_docs,)
        True for the documents of either group.

    Raises
    ------
    ValueError
        For a document in both groups, or a group with no documents.

    See Also
    --------
    fsviz.corpora.check_groups : the groups it takes.
    fsviz.corpora.group_task : the task made from these labels.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad dull film", "bad plot", "odd film"],
    ...                             ["pos", "pos", "neg", "neg", "odd"]), min_df=1)
    >>> from fsviz.corpora import check_groups, group_labels
    >>> y, rows = group_labels(corpus, check_groups(corpus.classes, "pos", "neg"))
    >>> y.tolist(), rows.tolist()
    ([True, True, False, False, False], [True, True, True, True, False])
    """
    index = {str(c): i for i, c in enumerate(corpus.classes)}
    Y = corpus.Y.tocsc()
    in_positive = np.asarray(Y[:, [index[c] for c in groups.positive]].sum(axis=1)).ravel() > 0
    if groups.negative is None:
        in_negative = ~in_positive
    else:
        in_negative = np.asarray(Y[:, [index[c] for c in groups.negative]].sum(axis=1)).ravel() > 0
    both = np.flatnonzero(in_positive & in_negative)
    if both.size:
        first = int(both[0])
        labels = ", ".join(map(str, corpus.classes[corpus.Y.indices[corpus.Y.indptr[first]:corpus.Y.indptr[first + 1]]]))
        raise ValueError(f"{both.size:,} document(s) carry classes of both groups (the first, document {first}: "
                         f"{labels}); a document cannot be on both sides, so choose groups no document spans")
    pos, neg = int(in_positive.sum()), int(in_negative.sum())
    if pos == 0 or neg == 0:
        raise ValueError(f"{groups.label!r} has {pos} positive and {neg} negative documents; a task needs documents "
                         "in both groups")
    return in_positive, in_positive | in_negative


def group_task(corpus, positive, negative=None) -> Task:
    """The :class:`fsviz.Task` of ``positive`` against ``negative`` (see the module notes).

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus.
    positive : str or list of str
        The positive group: one class, or several.
    negative : str or list of str, optional
        The negative group; None (the default) for every other document.

    Returns
    -------
    fsviz.Task
        The task, named by :attr:`Groups.label`, keeping its documents as ``training``.

    Raises
    ------
    ValueError
        If the groups are refused (:func:`check_groups`, :func:`group_labels`).

    See Also
    --------
    fsviz.Corpus.task : the same, as a method of the corpus.
    fsviz.Corpus.binary_task : one class against the rest.

    Examples
    --------
    The document of class ``odd`` is in neither group, so it is left out:

    >>> import fsviz
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad dull film", "bad plot", "odd film"],
    ...                             ["pos", "pos", "neg", "neg", "odd"]), min_df=1)
    >>> from fsviz.corpora import group_task
    >>> task = group_task(corpus, "pos", "neg")
    >>> task.name, task.pos, task.neg, dict(zip(task.vocabulary, task.tp.tolist()))["good"]
    ('pos vs neg', 2, 2, 2)
    """
    groups = check_groups(corpus.classes, positive, negative)
    if groups.one_vs_rest:
        return corpus.binary_task(groups.positive[0])
    y, rows = group_labels(corpus, groups)
    if rows.all():
        X_count, df, X_tf = corpus._X_count, corpus.df, corpus.X_tf
    else:
        X_count, X_tf = corpus._X_count[rows], corpus.X_tf[rows]
        df = document_frequency(X_count)
    tp, fp, pos, neg = counts_from_presence(X_count, df, y[rows])
    training = Training(X_tf, y[rows], positive=0,
                        classes=np.array([groups.positive_label, groups.negative_label], dtype=object))
    return Task(groups.label, tp, fp, pos, neg, corpus.vocabulary, training=training)
