"""The cutoffs by document frequency: ``min_df`` drops the rare words (Forman's cutoff), ``max_df`` the common ones
(scikit-learn's rule); both are applied once, in the one preprocessing path (:mod:`fsviz.corpora.corpus`)."""

from __future__ import annotations

import numpy as np

from .formats import CorpusError

__all__ = ["common_words", "cutoff_error", "df_cutoffs", "max_count"]


def cutoff_error(min_df, df):
    """The error for a ``min_df`` that removes every word, saying how far to lower it.

    Parameters
    ----------
    min_df : int
        The rare-word cutoff.
    df : ndarray of int
        Each word's document frequency.

    Returns
    -------
    CorpusError
        The error, to raise.

    See Also
    --------
    fsviz.corpora.df_cutoffs : raises it when ``min_df`` keeps no word.

    Examples
    --------
    >>> import numpy as np
    >>> from fsviz.corpora import cutoff_error
    >>> cutoff_error(6, np.array([1, 3, 5, 2]))  # doctest: +ELLIPSIS
    CorpusError('the rare-word cutoff min_df=6 removes every word (the most common word is in 5 documents); ...')
    """
    top = int(df.max()) if df.size else 0
    return CorpusError(
        f"the rare-word cutoff min_df={min_df} removes every word (the most common word is in "
        f"{top} documents); lower min_df to at most {max(top, 1)}"
    )


def max_count(max_df, n_docs) -> float:
    """scikit-learn's rule: a float is a share of the documents, an int a count.

    Parameters
    ----------
    max_df : int or float
        The common-word cutoff.
    n_docs : int
        Documents in the corpus.

    Returns
    -------
    int or float
        The largest document frequency a word may have.

    See Also
    --------
    fsviz.corpora.common_words : the words over it.

    Examples
    --------
    >>> from fsviz.corpora import max_count
    >>> max_count(0.5, 10), max_count(4, 10)
    (5.0, 4)
    """
    return max_df if isinstance(max_df, int) else max_df * n_docs


def common_words(max_df, df, min_df, n_docs) -> np.ndarray:
    """Words in more than ``max_df`` documents (a mask); CorpusError when that bound is below ``min_df``'s.

    Parameters
    ----------
    max_df : int or float
        The common-word cutoff (see :func:`max_count`); 1.0 drops nothing.
    df : ndarray of int of shape (n_words,)
        Each word's document frequency.
    min_df : int
        The rare-word cutoff.
    n_docs : int
        Documents in the corpus.

    Returns
    -------
    ndarray of bool of shape (n_words,)
        True for the words ``max_df`` drops.

    Raises
    ------
    CorpusError
        When ``max_df`` keeps words in fewer documents than ``min_df`` asks for.

    See Also
    --------
    fsviz.corpora.df_cutoffs : both cutoffs at once.

    Examples
    --------
    >>> import numpy as np
    >>> from fsviz.corpora import common_words
    >>> common_words(0.5, np.array([1, 3, 5, 2]), 1, 8).tolist()
    [False, False, True, False]
    """
    if max_df == 1.0 and isinstance(max_df, float):
        return np.zeros(df.size, dtype=bool)
    high = max_count(max_df, n_docs)
    if high < min_df:
        raise CorpusError(f"max_df={max_df} keeps words in at most {high:g} documents, fewer than min_df={min_df} "
                          "asks for; raise max_df or lower min_df")
    return df > high


def df_cutoffs(vocabulary, df, min_df, max_df, n_docs):
    """``(keep, common, notes)``: the words kept by ``min_df`` and ``max_df``, those ``max_df`` drops, and a note
    naming the most frequent of them; CorpusError when nothing is kept.

    Parameters
    ----------
    vocabulary : ndarray of str of shape (n_words,)
        The words.
    df : ndarray of int of shape (n_words,)
        Each word's document frequency.
    min_df : int
        The rare-word cutoff.
    max_df : int or float
        The common-word cutoff.
    n_docs : int
        Documents in the corpus.

    Returns
    -------
    keep : ndarray of bool of shape (n_words,)
        The words kept.
    common : ndarray of bool of shape (n_words,)
        The words ``max_df`` drops.
    notes : list of str
        A note on those words, when there are any.

    Raises
    ------
    CorpusError
        When the two cutoffs together keep no word.

    See Also
    --------
    fsviz.load_corpus : applies them (``min_df``, ``max_df``) to every corpus.
    fsviz.Corpus.with_min_df : a stricter rare-word cutoff on a built corpus.

    References
    ----------
    G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for
    Text Classification", JMLR 3 (2003), Appendix B (his datasets "removed rare
    words that occurred < 3 times": ``min_df=3``) and Figure 11 (BNS at 1000
    features as the rare-word cutoff varies).

    Examples
    --------
    >>> import numpy as np
    >>> from fsviz.corpora import df_cutoffs
    >>> keep, common, notes = df_cutoffs(np.array(["a", "b", "c", "d"], dtype=object), np.array([1, 3, 5, 2]), 2, 0.5, 8)
    >>> keep.tolist(), common.tolist()
    ([False, True, False, True], [False, False, True, False])
    >>> notes
    ['max_df=0.5 dropped 1 word(s) present in more than 4 documents: c']
    """
    common = common_words(max_df, df, min_df, n_docs)
    keep = (df >= min_df) & ~common
    if not keep.any():
        raise cutoff_error(min_df, df) if not common.any() else CorpusError(
            f"min_df={min_df} and max_df={max_df} together remove every word; lower min_df or raise max_df")
    notes = []
    if common.any():
        notes.append(f"max_df={max_df} dropped {int(common.sum()):,} word(s) present in more than "
                     f"{max_count(max_df, n_docs):g} documents: "
                     + ", ".join(map(str, vocabulary[common][np.argsort(-df[common], kind="stable")][:8])))
    return keep, common, notes
