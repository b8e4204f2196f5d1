"""N-grams: a token list's word n-grams (runs joined by one space) and scikit-learn's ``char_wb`` character n-grams,
each as scikit-learn makes them, so a corpus's terms match ``CountVectorizer``'s."""

from __future__ import annotations

__all__ = ["CharAnalyzer", "word_ngrams"]


def word_ngrams(tokens: list, ngram_range) -> list:
    """The n-grams of ``tokens`` (scikit-learn's ``_word_ngrams``: unigrams first, then runs joined by a space)."""
    lo, hi = ngram_range
    if hi == 1:
        return tokens
    out = list(tokens) if lo == 1 else []
    join, size = " ".join, len(tokens)
    for n in range(max(lo, 2), min(hi, size) + 1):
        out.extend(join(tokens[i : i + n]) for i in range(size - n + 1))
    return out


class CharAnalyzer:
    """scikit-learn's ``char_wb`` analyzer (``_char_wb_ngrams``): the character n-grams of each whitespace-separated
    word padded with a space, a word shorter than n counted once; :meth:`iter_terms` gives them one at a time.

    Parameters
    ----------
    char_ngrams : (int, int), default (2, 4)
        The n-gram lengths, from ``lo`` to ``hi`` characters.
    lowercase : bool, default True
        Lower-case before splitting.

    See Also
    --------
    fsviz.corpora.WordAnalyzer : words and word n-grams.

    Examples
    --------
    >>> from fsviz.corpora import CharAnalyzer
    >>> CharAnalyzer((2, 3))("ab cde")
    [' a', 'ab', 'b ', ' ab', 'ab ', ' c', 'cd', 'de', 'e ', ' cd', 'cde', 'de ']
    """

    def __init__(self, char_ngrams=(2, 4), lowercase=True):
        self.ngram_range, self.lowercase = tuple(int(n) for n in char_ngrams), bool(lowercase)

    def __call__(self, text) -> list:
        return list(self.iter_terms(text))

    def iter_terms(self, text):
        lo, hi = self.ngram_range
        for word in (text.lower() if self.lowercase else text).split():
            word = f" {word} "
            size = len(word)
            for n in range(lo, hi + 1):
                yield word[:n]
                if n >= size:  # the whole padded word: as scikit-learn, once, and no longer n
                    break
                for offset in range(1, size - n + 1):
                    yield word[offset : offset + n]
