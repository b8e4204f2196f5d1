"""Text to terms: the preprocessing options, checked at the door, and the analyzer every text format goes through.

One analyzer serves :func:`fsviz.load_corpus` (every text format and texts in memory), the
documents-behind-a-word panel (:mod:`fsviz.corpora.contexts`) and an exported selector
(:mod:`fsviz.evaluation.export`), so a word means the same everywhere.

Options (:data:`TEXT_DEFAULTS`)
-------------------------------
- ``ngrams=(1, 1)``: word n-grams, from ``lo`` to ``hi`` words, ``hi <= 3`` (:data:`MAX_NGRAM`);
  ``(1, 2)`` keeps unigrams and bigrams. As scikit-learn's ``CountVectorizer(ngram_range=…)``:
  stop words are dropped first, then the n-grams are the runs of the remaining tokens, joined by
  one space; in a stemmed corpus, of their stems.
- ``analyzer="word"`` or ``"char_wb"``: character n-grams inside word boundaries (each
  whitespace-separated word padded with a space; scikit-learn's ``char_wb``), for text that is not
  split by spaces (Chinese, Japanese) or is misspelt. Its own n range, ``char_ngrams=(2, 4)``
  (``hi <= 6``); stop words, stemming and ``token_pattern`` apply to words only and are refused with it.
- ``token_pattern=None``: a regular expression whose matches are the tokens (at most one capturing
  group: then the group is the token); None is scikit-learn's default, ``(?u)\\b\\w\\w+\\b``.
  Checked by :func:`~fsviz.corpora.check_token_pattern` (:mod:`fsviz.corpora.patterns`).
- ``lowercase=True``: lower-case before tokenising.
- ``language="english"``: what ``stopwords=True`` and ``stem=True`` mean, one of :data:`LANGUAGES`.

Stop words and stems
--------------------
Stemming is PyStemmer's Snowball stemmer of the language. Stop words: for English, scikit-learn's
list (``ENGLISH_STOP_WORDS``, what ``stopwords=True`` has always meant here and what
``CountVectorizer(stop_words="english")`` drops); for the other languages, the lists of
``stopwordsiso`` (Stopwords ISO, a maintained, MIT-licensed package that ships its lists in the
wheel, so nothing is downloaded at run time). :data:`LANGUAGES` is every language PyStemmer offers
that has a ``stopwordsiso`` list.
"""

from __future__ import annotations

import re
from functools import lru_cache

import Stemmer  # PyStemmer
import stopwordsiso

from .._validation import check_stopwords
from .ngrams import CharAnalyzer, word_ngrams
from .patterns import check_token_pattern

__all__ = ["ISO_CODES", "LANGUAGES", "MAX_CHAR_NGRAM", "MAX_NGRAM", "TEXT_DEFAULTS", "TEXT_OPTIONS", "CharAnalyzer",
           "WordAnalyzer", "check_ngrams", "check_preprocessing", "check_text_options", "language_stop_words",
           "stem_algorithm", "stemmer"]

#: scikit-learn's default token pattern (``CountVectorizer().token_pattern``, tests check it): runs of two or
#: more letters or digits. Written out, so reading a corpus does not import scikit-learn (about 0.9 s).
DEFAULT_TOKEN_PATTERN = r"(?u)\b\w\w+\b"
#: The longest word n-gram and character n-gram: each longer n multiplies the vocabulary again.
MAX_NGRAM, MAX_CHAR_NGRAM = 3, 6
#: The text options and their defaults; only texts take them (pre-counted formats refuse any other value).
TEXT_OPTIONS = {"ngrams": (1, 1), "analyzer": "word", "char_ngrams": (2, 4), "token_pattern": None,
                "lowercase": True}
#: Every preprocessing option that is not in fsviz before issue 27, and its default.
TEXT_DEFAULTS = {**TEXT_OPTIONS, "language": "english", "max_df": 1.0}
ANALYZERS = ("word", "char_wb")
#: PyStemmer's languages and their ISO 639-1 codes (stopwordsiso's keys).
ISO_CODES = {"arabic": "ar", "armenian": "hy", "basque": "eu", "catalan": "ca", "czech": "cs", "danish": "da",
             "dutch": "nl", "english": "en", "esperanto": "eo", "estonian": "et", "finnish": "fi", "french": "fr",
             "german": "de", "greek": "el", "hindi": "hi", "hungarian": "hu", "indonesian": "id", "irish": "ga",
             "italian": "it", "lithuanian": "lt", "nepali": "ne", "norwegian": "no", "persian": "fa",
             "polish": "pl", "portuguese": "pt", "romanian": "ro", "russian": "ru", "serbian": "sr",
             "sesotho": "st", "spanish": "es", "swedish": "sv", "tamil": "ta", "turkish": "tr", "yiddish": "yi"}
#: The languages offered: PyStemmer's that stopwordsiso 0.7 has a list for (tests/test_ngrams_languages.py checks
#: this against both packages).
LANGUAGES = ("arabic", "armenian", "basque", "catalan", "czech", "danish", "dutch", "english", "esperanto",
             "estonian", "finnish", "french", "german", "greek", "hindi", "hungarian", "indonesian", "irish",
             "italian", "lithuanian", "norwegian", "persian", "polish", "portuguese", "romanian", "russian",
             "sesotho", "spanish", "swedish", "turkish")
#: A token pattern longer than this is refused (a bound on what a visitor's text can make the engine do).


def check_language(language) -> str:
    text = language.strip().lower() if isinstance(language, str) else language
    if text not in LANGUAGES:
        raise ValueError(f"`language` must be one of {', '.join(LANGUAGES)} (Snowball stemmers with a stop-word "
                         f"list), got {language!r}")
    return text


@lru_cache(maxsize=64)
def language_stop_words(language: str) -> frozenset:
    """The stop words of ``language`` (one of :data:`LANGUAGES`): scikit-learn's for English, else stopwordsiso's,
    lower-cased."""
    language = check_language(language)
    if language == "english":
        # late: scikit-learn's import (about 0.9 s) only when its list is asked for (skops-style, see
        # tests/test_architecture.py)
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

        return frozenset(ENGLISH_STOP_WORDS)
    return frozenset(w.strip().lower() for w in stopwordsiso.stopwords(ISO_CODES[language]))


def stem_algorithm(stem, language: str = "english"):
    """The Snowball algorithm ``stem`` means: None for False, ``language``'s for True, else the one it names.

    Parameters
    ----------
    stem : bool, str or None
        True for ``language``'s stemmer, False or None for none, or a Snowball algorithm's name (``"porter"``).
    language : str, default "english"
        One of :data:`LANGUAGES`.

    Returns
    -------
    str or None
        The algorithm's name, or None for no stemming.

    Raises
    ------
    ValueError
        For an unknown language or algorithm.

    See Also
    --------
    fsviz.corpora.stemmer : the stemmer of that algorithm.

    Examples
    --------
    >>> from fsviz.corpora import stem_algorithm
    >>> stem_algorithm(True, "german"), stem_algorithm(False), stem_algorithm("porter")
    ('german', None, 'porter')
    """
    if stem is None or stem is False:
        return None
    algorithm = check_language(language) if stem is True else str(stem).strip().lower()
    if algorithm not in Stemmer.algorithms():
        raise ValueError(f"`stem` must be True or a Snowball algorithm ({', '.join(Stemmer.algorithms())}), "
                         f"got {stem!r}")
    return algorithm


def stemmer(stem, language: str = "english"):
    """PyStemmer's Snowball stemmer: ``language``'s for ``stem=True``, else the algorithm ``stem`` names.

    Parameters
    ----------
    stem, language
        As for :func:`stem_algorithm`; ``stem`` must name a stemmer (not False or None).

    Returns
    -------
    Stemmer.Stemmer
        The stemmer; ``stemWords(words)`` stems a list of words.

    See Also
    --------
    fsviz.corpora.WordAnalyzer : stems every token with it.

    Examples
    --------
    >>> from fsviz.corpora import stemmer
    >>> stemmer(True).stemWords(["running", "runs"])
    ['run', 'run']
    """
    return Stemmer.Stemmer(stem_algorithm(stem, language))


def check_ngrams(value, name: str = "ngrams", maximum: int = MAX_NGRAM) -> tuple:
    """``value`` as a ``(lo, hi)`` pair of whole numbers with ``1 <= lo <= hi <= maximum``; an int n means (1, n).

    Parameters
    ----------
    value : int or tuple of int
        The n-gram range, or its upper end.
    name : str, default "ngrams"
        The option's name in the message (``"char_ngrams"`` says character n-grams).
    maximum : int, default MAX_NGRAM
        The largest n allowed.

    Returns
    -------
    tuple of int
        ``(lo, hi)``.

    Raises
    ------
    ValueError
        If ``value`` is not such a pair or int.

    See Also
    --------
    fsviz.corpora.check_text_options : checks ``ngrams`` and ``char_ngrams`` with it.

    Examples
    --------
    >>> from fsviz.corpora import check_ngrams
    >>> check_ngrams((1, 2)), check_ngrams(3)
    ((1, 2), (1, 3))
    """
    pair = (1, value) if isinstance(value, int) and not isinstance(value, bool) else value
    try:
        lo, hi = (int(v) for v in pair) if all(isinstance(v, int) and not isinstance(v, bool) for v in pair) else ()
    except (TypeError, ValueError):
        lo = hi = None
    if lo is None or not 1 <= lo <= hi <= maximum:
        what = "word n-grams" if name == "ngrams" else "character n-grams"
        raise ValueError(f"`{name}` must be (lo, hi) with 1 <= lo <= hi <= {maximum} ({what}; each larger n "
                         f"multiplies the vocabulary), e.g. (1, 2) for single words and pairs, got {value!r}")
    return lo, hi


def check_text_options(*, ngrams=(1, 1), analyzer="word", char_ngrams=(2, 4), token_pattern=None, lowercase=True,
                       language="english", stopwords=False, stem=False) -> dict:
    """The text options, checked and normalised (``token_pattern`` None means scikit-learn's default).

    Parameters
    ----------
    ngrams, analyzer, char_ngrams, token_pattern, lowercase, language
        The text options of the module notes (:data:`TEXT_OPTIONS` and ``language``).
    stopwords, stem : bool or str, default False
        Checked only against ``analyzer="char_wb"``, which refuses them.

    Returns
    -------
    dict
        The six text options, normalised (``ngrams=2`` is ``(1, 2)``).

    Raises
    ------
    ValueError
        For an option out of range, or a word option given with ``analyzer="char_wb"``.

    See Also
    --------
    fsviz.corpora.check_preprocessing : every preprocessing option, these included.

    Examples
    --------
    >>> from fsviz.corpora import check_text_options
    >>> options = check_text_options(ngrams=2, lowercase=False)
    >>> options["ngrams"], options["analyzer"], options["lowercase"]
    ((1, 2), 'word', False)
    >>> check_text_options(analyzer="char_wb", stem=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: analyzer='char_wb' makes character n-grams (their range is `char_ngrams`), so stem=True cannot apply; ...
    """
    ngrams = check_ngrams(ngrams)
    analyzer = analyzer.strip().lower() if isinstance(analyzer, str) else analyzer
    if analyzer not in ANALYZERS:
        raise ValueError(f"`analyzer` must be 'word' (tokens by token_pattern) or 'char_wb' (character n-grams "
                         f"inside words), got {analyzer!r}")
    char_ngrams = check_ngrams(char_ngrams, "char_ngrams", MAX_CHAR_NGRAM)
    if token_pattern is not None:
        token_pattern = check_token_pattern(token_pattern)
    if not isinstance(lowercase, bool):
        raise ValueError(f"`lowercase` must be True or False, got {lowercase!r}")
    language = check_language(language)
    if analyzer == "char_wb":
        given = [f"{name}={value!r}" for name, value, default in (
            ("ngrams", ngrams, (1, 1)), ("token_pattern", token_pattern, None), ("stopwords", stopwords, False),
            ("stem", stem, False)) if value not in (default, None) and not (name == "stopwords" and not value)]
        if given:
            raise ValueError(f"analyzer='char_wb' makes character n-grams (their range is `char_ngrams`), so "
                             f"{', '.join(given)} cannot apply; those are for analyzer='word'")
    return {"ngrams": ngrams, "analyzer": analyzer, "char_ngrams": char_ngrams, "token_pattern": token_pattern,
            "lowercase": lowercase, "language": language}


class WordAnalyzer:
    """Text → words: lower-case (``lowercase``), the tokens ``token_pattern`` finds, ``stop_words`` dropped, each
    stemmed by PyStemmer's ``algorithm`` (None: not stemmed), then the ``ngram_range`` n-grams.

    With no stemmer it gives exactly ``CountVectorizer(ngram_range=…, token_pattern=…, lowercase=…,
    stop_words=…).build_analyzer()``'s terms. It saves as its arguments (``__reduce__``), so skops and pickle
    rebuild it by calling the class.

    Parameters
    ----------
    algorithm : str, optional
        A Snowball algorithm (:func:`stem_algorithm`); None: no stemming.
    stop_words : iterable of str, default ()
        The words dropped before stemming.
    ngram_range : (int, int), default (1, 1)
        The word n-grams, from ``lo`` to ``hi`` words.
    token_pattern : str, optional
        The regular expression that finds tokens; None: scikit-learn's default, ``(?u)\\b\\w\\w+\\b``.
    lowercase : bool, default True
        Lower-case before tokenising.

    See Also
    --------
    fsviz.corpora.CharAnalyzer : character n-grams instead of words.
    fsviz.load_corpus : builds the analyzer of its options and counts every text's terms with it.

    Examples
    --------
    >>> from fsviz.corpora import WordAnalyzer
    >>> analyzer = WordAnalyzer("english", stop_words=("the",), ngram_range=(1, 2))
    >>> analyzer.tokens("The runners ran"), analyzer("The runners ran")
    (['the', 'runners', 'ran'], ['runner', 'ran', 'runner ran'])
    """

    def __init__(self, algorithm=None, stop_words=(), ngram_range=(1, 1), token_pattern=None, lowercase=True):
        self.algorithm, self.stop_words = (None if algorithm is None else str(algorithm)), tuple(stop_words)
        self.ngram_range = tuple(int(n) for n in ngram_range)
        self.token_pattern, self.lowercase = token_pattern, bool(lowercase)
        self._stemmer = Stemmer.Stemmer(self.algorithm) if self.algorithm else None
        self._stop = frozenset(self.stop_words)
        self._find = re.compile(token_pattern or DEFAULT_TOKEN_PATTERN).findall

    def tokens(self, text) -> list:
        """The tokens before stop words, stems and n-grams."""
        return self._find(text.lower() if self.lowercase else text)

    def _words(self, text) -> list:
        tokens = self.tokens(text)
        if self._stop:
            tokens = [t for t in tokens if t not in self._stop]
        return self._stemmer.stemWords(tokens) if self._stemmer is not None else tokens

    def __call__(self, text) -> list:
        return word_ngrams(self._words(text), self.ngram_range)

    def iter_terms(self, text):
        """The terms of ``__call__`` one at a time: counting a long document holds its words, not its n-grams
        (single words: the list itself)."""
        tokens = self._words(text)
        return tokens if self.ngram_range[1] == 1 else self._ngrams(tokens)

    def _ngrams(self, tokens):
        lo, hi = self.ngram_range
        if lo == 1:
            yield from tokens
        join = " ".join
        for n in range(max(lo, 2), min(hi, len(tokens)) + 1):
            for i in range(len(tokens) - n + 1):
                yield join(tokens[i : i + n])

    def __reduce__(self):
        return type(self), (self.algorithm, self.stop_words, self.ngram_range, self.token_pattern, self.lowercase)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({self.algorithm!r}, {len(self.stop_words)} stop words, "
                f"ngram_range={self.ngram_range}, token_pattern={self.token_pattern!r}, lowercase={self.lowercase})")


def check_max_df(max_df):
    """``max_df`` as a share of documents (a float in (0, 1]) or a count (a whole number >= 1), else ValueError."""
    if isinstance(max_df, bool) or not isinstance(max_df, (int, float)) or isinstance(max_df, float) and not (
            0.0 < max_df <= 1.0) or isinstance(max_df, int) and max_df < 1:
        raise ValueError(f"`max_df` must be a share of documents in (0, 1] (1.0 keeps every word) or a whole number "
                         f"of documents >= 1: words in more documents are dropped; got {max_df!r}")
    return max_df


def language_of(stopwords, language: str) -> str:
    """The stop-word list ``stopwords`` names as a language (True: ``language``; a language's name: that one)."""
    if isinstance(stopwords, str) and stopwords.strip().lower() in LANGUAGES:
        return stopwords.strip().lower()
    return language


def preprocessing_key(options: dict) -> dict:
    """The options that change a corpus's words and are not at their defaults (what keys a cache or a run by,
    beside the counts): a corpus made with none of the new options keys exactly as before them."""
    key = {name: options.get(name, default) for name, default in TEXT_DEFAULTS.items()
           if options.get(name, default) != default}
    if options.get("analyzer", "word") != "char_wb":
        key.pop("char_ngrams", None)
    if not (options.get("stopwords") is True or options.get("stem") is True):
        key.pop("language", None)
    return key


def check_preprocessing(*, stopwords=False, stem=False, max_df=1.0, **text) -> tuple[dict, frozenset]:
    """Every preprocessing option checked at the door: the normalised text options with ``max_df``, and the stop
    words ``stopwords`` names (:func:`fsviz._validation.check_stopwords`, ``language``'s list for True).

    Parameters
    ----------
    stopwords : bool, str or iterable of str, default False
        True for ``language``'s list, a language's name for its list, or your own words.
    stem : bool or str, default False
        True for ``language``'s Snowball stemmer, or an algorithm's name.
    max_df : float or int, default 1.0
        Words in more documents than this (a share in (0, 1] or a count) are dropped.
    **text
        The text options (:func:`check_text_options`).

    Returns
    -------
    options : dict
        The text options and ``max_df``, normalised.
    stop_words : frozenset of str
        The stop words.

    Raises
    ------
    TypeError
        For an option that is not a preprocessing option.
    ValueError
        For a value out of range.

    See Also
    --------
    fsviz.load_corpus : takes these options and checks them here before reading.

    Examples
    --------
    >>> from fsviz.corpora import check_preprocessing
    >>> options, stop_words = check_preprocessing(stopwords=True, stem=True, ngrams=2)
    >>> options["ngrams"], options["max_df"], len(stop_words), "the" in stop_words
    ((1, 2), 1.0, 318, True)
    """
    unknown = sorted(set(text) - set(TEXT_DEFAULTS))
    if unknown:
        raise TypeError(f"unexpected preprocessing options {unknown}; the options are {sorted(TEXT_DEFAULTS)}")
    options = check_text_options(stopwords=stopwords, stem=stem, **text)
    listed = frozenset() if stopwords is None or stopwords is False else language_stop_words(
        language_of(stopwords, options["language"]))
    stop = check_stopwords(stopwords, listed, LANGUAGES)
    stem_algorithm(stem, options["language"])
    return {**options, "max_df": check_max_df(max_df)}, stop
