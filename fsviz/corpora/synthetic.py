"""Synthetic corpora with planted positive and negative words.

For tests and for showing which metrics recover planted words: every class
``c`` gets ``n_positive`` words that mostly occur in its own documents and
``n_negative`` words that occur in most documents *outside* it and rarely
inside. The rest is Zipf-distributed background vocabulary shared by all
classes. Class sizes follow ``skew``, so a corpus looks like Forman's
setting: a few large classes and some small ones.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .corpus import load_corpus

__all__ = ["PlantedCorpus", "make_planted_corpus"]


@dataclass(frozen=True)
class PlantedCorpus:
    """Texts, labels and what was planted.

    Parameters
    ----------
    texts : list of str
        One text per document.
    labels : list of str
        Each document's class, ``"c0"``, ``"c1"`` …
    positive, negative : dict
        ``positive[c]`` and ``negative[c]`` list the planted words of class ``c``.

    See Also
    --------
    fsviz.make_planted_corpus : makes one.

    Examples
    --------
    >>> import fsviz
    >>> planted = fsviz.make_planted_corpus(40, 2, n_background=50, doc_length=5, n_positive=2, n_negative=1)
    >>> planted.positive["c0"], planted.labels[:4], planted.load()
    (['pos0x0', 'pos0x1'], ['c0', 'c1', 'c0', 'c1'], Corpus('planted': 40 documents, 48 words, 2 classes))
    """

    texts: list
    labels: list
    positive: dict
    negative: dict

    def load(self, **options):
        """The corpus through :func:`fsviz.load_corpus` (``min_df=1`` unless given).

        Parameters
        ----------
        **options
            Passed to :func:`fsviz.load_corpus`; ``min_df`` defaults to 1 and ``name`` to ``"planted"``.

        Returns
        -------
        fsviz.Corpus
            The planted texts and labels, tokenised.
        """
        options.setdefault("min_df", 1)
        options.setdefault("name", "planted")
        return load_corpus((self.texts, self.labels), **options)


def make_planted_corpus(
    n_docs=600,
    n_classes=4,
    *,
    n_background=2000,
    doc_length=40,
    n_positive=5,
    n_negative=5,
    positive_rate=(0.5, 0.02),
    negative_rate=(0.02, 0.5),
    skew=1.0,
    random_state=0,
) -> PlantedCorpus:
    """Make a corpus with planted words.

    Parameters
    ----------
    n_docs, n_classes : int
        Documents and classes.
    n_background : int
        Background words (``w0``, ``w1`` …), drawn with Zipf(1.1) frequencies.
    doc_length : int
        Background tokens per document.
    n_positive, n_negative : int
        Planted words per class: ``pos<c>x<i>`` and ``neg<c>x<i>``.
    positive_rate : (float, float)
        Probability that a positive word of class c appears in a document
        (inside c, outside c).
    negative_rate : (float, float)
        The same for a negative word of class c: rare inside, common outside.
    skew : float
        Class c's share of documents is proportional to ``skew ** -c``;
        1.0 gives equal classes, 2.0 halves each next class.
    random_state : int
        Seed; the same seed gives the same corpus.

    Returns
    -------
    fsviz.PlantedCorpus
        The texts, their labels and the planted words of each class.

    Raises
    ------
    ValueError
        If ``n_classes < 2`` or there are fewer than 2 documents per class.

    See Also
    --------
    fsviz.PlantedCorpus.load : the corpus of its texts.
    fsviz.load_sample : a real corpus, the docstrings of the scientific Python stack.

    Examples
    --------
    BNS's top words for ``c0`` against the rest are the positive words planted in ``c0`` and the negative word of
    ``c1`` (rare in ``c1``, so common in ``c0``):

    >>> import numpy as np
    >>> import fsviz
    >>> planted = fsviz.make_planted_corpus(40, 2, n_background=50, doc_length=5, n_positive=2, n_negative=1)
    >>> task = planted.load().binary_task("c0")
    >>> scores = fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)
    >>> task.vocabulary[np.argsort(-scores, kind="stable")[:3]].tolist()
    ['pos0x0', 'pos0x1', 'neg1x0']
    """
    if n_classes < 2 or n_docs < 2 * n_classes:
        raise ValueError(f"need n_classes >= 2 and at least 2 documents per class, got {n_docs} docs, {n_classes} classes")
    rng = np.random.default_rng(random_state)
    weights = float(skew) ** -np.arange(n_classes)
    sizes = np.maximum(2, np.floor(weights / weights.sum() * n_docs).astype(int))
    sizes[0] += n_docs - sizes.sum()
    y = np.repeat(np.arange(n_classes), sizes)
    rng.shuffle(y)
    zipf = 1.0 / np.arange(1, n_background + 1) ** 1.1
    background = rng.choice(n_background, size=(n_docs, doc_length), p=zipf / zipf.sum())
    positive = {f"c{c}": [f"pos{c}x{i}" for i in range(n_positive)] for c in range(n_classes)}
    negative = {f"c{c}": [f"neg{c}x{i}" for i in range(n_negative)] for c in range(n_classes)}
    texts = []
    for doc in range(n_docs):
        words = [f"w{j}" for j in background[doc]]
        for c in range(n_classes):
            inside = y[doc] == c
            p_pos = positive_rate[0] if inside else positive_rate[1]
            p_neg = negative_rate[0] if inside else negative_rate[1]
            words += [w for w in positive[f"c{c}"] if rng.random() < p_pos]
            words += [w for w in negative[f"c{c}"] if rng.random() < p_neg]
        texts.append(" ".join(words))
    return PlantedCorpus(texts=texts, labels=[f"c{c}" for c in y], positive=positive, negative=negative)
