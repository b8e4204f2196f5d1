"""The command line's preprocessing flags (the names of :func:`fsviz.load_corpus`'s options) and its two groups
(``--class A,B --vs C,D``; ``--group A,B:C,D`` for grid-like commands)."""

from __future__ import annotations

import argparse

from ..corpora.analyzer import LANGUAGES
from ..corpora.groups import parse_classes

__all__ = ["add_preprocessing_arguments", "corpus_options", "grid_groups", "listed", "task_groups"]


def _range(text: str) -> tuple:
    """``"1,2"``, ``"1-2"`` or ``"2"`` (meaning 1 to 2) as a pair of ints; the library checks the bounds."""
    parts = [p for p in text.replace("-", ",").replace(" ", "").split(",") if p]
    try:
        numbers = tuple(int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give LO,HI such as 1,2 (or one number N for 1 to N), got {text!r}") from None
    if len(numbers) not in (1, 2):
        raise argparse.ArgumentTypeError(f"give LO,HI such as 1,2 (or one number N for 1 to N), got {text!r}")
    return (1, numbers[0]) if len(numbers) == 1 else numbers


def _max_df(text: str):
    """A share with a point (``0.5``) or a count of documents without one (``100``), as scikit-learn reads max_df."""
    try:
        return float(text) if any(c in text for c in ".eE") else int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a share such as 0.5 or a number of documents such as 100, "
                                         f"got {text!r}") from None


def add_preprocessing_arguments(parser) -> None:
    """--stopwords, --stem and the options of issue 27: --max-df, --language, --ngrams, --analyzer, --char-ngrams,
    --token-pattern, --no-lowercase."""
    parser.add_argument("--stopwords", action="store_true", help="drop the language's stop words")
    parser.add_argument("--stem", action="store_true", help="merge words with the same Snowball stem (the language's)")
    parser.add_argument("--language", default="english",
                        help=f"the language of --stopwords and --stem (default english): {', '.join(LANGUAGES)}")
    parser.add_argument("--max-df", type=_max_df, default=1.0,
                        help="drop words in more than this share (0.5) or number (100) of documents (default 1.0: none)")
    parser.add_argument("--ngrams", type=_range, default=(1, 1), metavar="LO,HI",
                        help="word n-grams from LO to HI words, HI <= 3 (default 1,1; 1,2 adds word pairs)")
    parser.add_argument("--analyzer", default="word", choices=("word", "char_wb"),
                        help="word (the default) or char_wb: character n-grams inside words, for text without spaces")
    parser.add_argument("--char-ngrams", type=_range, default=(2, 4), metavar="LO,HI",
                        help="with --analyzer char_wb: n-grams of LO to HI characters, HI <= 6 (default 2,4)")
    parser.add_argument("--token-pattern", default=None, metavar="REGEX",
                        help="a regular expression whose matches are the tokens (default scikit-learn's "
                             r"(?u)\b\w\w+\b)")
    parser.add_argument("--lowercase", action=argparse.BooleanOptionalAction, default=True,
                        help="lower-case the text first (default; --no-lowercase keeps the case)")


def corpus_options(args, min_df) -> dict:
    """The keywords of :func:`fsviz.load_corpus` (and :func:`fsviz.load_sample`) from the flags."""
    return dict(min_df=min_df, max_df=args.max_df, stopwords=args.stopwords, stem=args.stem, language=args.language,
                ngrams=args.ngrams, analyzer=args.analyzer, char_ngrams=args.char_ngrams,
                token_pattern=args.token_pattern, lowercase=args.lowercase)


def task_groups(args, classes=()) -> tuple:
    """``(positive, negative)`` from ``--class A,B`` and ``--vs C,D`` (negative None without --vs: the rest); a
    value that is one of ``classes`` as written (a name with a comma) is that class."""
    known = set(map(str, classes))
    positive = (args.class_name,) if args.class_name in known else parse_classes(args.class_name)
    if not positive:
        raise ValueError(f"--class names no class, got {args.class_name!r}; e.g. --class A or --class A,B")
    negative = None
    if getattr(args, "vs", None) is not None:
        negative = (args.vs,) if args.vs in known else parse_classes(args.vs)
        if not negative:
            raise ValueError(f"--vs names no class, got {args.vs!r}; e.g. --vs C,D (leave it out for the rest)")
    return positive, negative


def grid_groups(args) -> tuple:
    """The ``--group A,B:C,D`` tasks as :class:`fsviz.evaluation.grid.GridConfig`'s ``groups`` (``A,B`` alone:
    against the rest)."""
    pairs = []
    for text in getattr(args, "group", None) or ():
        positive, colon, negative = text.partition(":")
        pairs.append((parse_classes(positive), parse_classes(negative) if colon else None))
        if not pairs[-1][0] or (colon and not pairs[-1][1]):
            raise ValueError(f"--group takes A,B:C,D (group A,B against group C,D) or A,B (against the rest), "
                             f"got {text!r}")
    return tuple(pairs)


def listed(text, option: str, parse, what: str, default=None):
    """The values of a comma-separated option: ``default`` when the option is not given, ``parse(text)`` when it
    names some, and a ValueError when it is given but names none (``--metrics ,``): an empty list is never read
    as "the default"."""
    if text is None:
        return default
    values = parse(text)
    if not len(values):
        raise ValueError(f"{option} {text!r} names no {what}; give at least one, or leave {option} out for the "
                         "default")
    return values
