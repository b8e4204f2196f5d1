"""The token pattern, checked before it is used: a regular expression bounded in length, with at most one
capturing group, no empty match, and no backtracking whose time grows faster than the text."""

from __future__ import annotations

import re
import time
from functools import lru_cache
from re import _parser as sre_parse  # the pattern's parse tree, for check_token_pattern (Python 3.11+)
from re._constants import BRANCH, MAX_REPEAT, MIN_REPEAT, SUBPATTERN

__all__ = ["MAX_PATTERN_CHARS", "PROBE_SECONDS", "check_token_pattern"]

MAX_PATTERN_CHARS = 1000
#: Seconds one probe of a token pattern may take (the best of three) before it is refused as slow: a linear
#: pattern scans the longest probe, 4,096 characters, in some 10 µs; a quadratic one (``.*x``) takes 6-10 ms.
PROBE_SECONDS = 0.002


def _children(av):
    """The sub-patterns inside a parsed node's argument, at any depth of tuples and lists."""
    if isinstance(av, sre_parse.SubPattern):
        yield av
    elif isinstance(av, (tuple, list)):
        for item in av:
            yield from _children(item)


def _nested_repeat(parsed) -> bool:
    """True for a repeated group whose body is itself only a repeat or an alternation: ``(\\w+)+``, ``(a|aa)*``,
    the shape whose backtracking takes exponential time on a text it almost matches (possessive repeats aside)."""
    for op, av in parsed:
        if op in (MAX_REPEAT, MIN_REPEAT) and av[1] > 1:
            inner = list(av[2])
            while len(inner) == 1 and inner[0][0] is SUBPATTERN:
                inner = list(inner[0][1][-1])
            if len(inner) == 1 and (inner[0][0] in (MAX_REPEAT, MIN_REPEAT) and inner[0][1][1] > 1
                                    or inner[0][0] is BRANCH):
                return True
        if any(_nested_repeat(child) for child in _children(av)):
            return True
    return False


def _probes():
    """Texts a token pattern is timed on, shortest first: runs of one kind of character and a character to end them."""
    lengths = [*range(2, 34, 2), 48, 64, 96, 128, 256, 512, 1024, 2048, 4096]
    units = ("a", "1", " ", "a ", "a-", "a'", "a.", "aA1_", "é", "中", "a\n")
    for n in lengths:
        for unit in units:
            for end in ("!", "\x00"):
                yield (unit * n)[:n] + end


def _seconds(compiled, text) -> float:
    """The time ``compiled.findall(text)`` takes: once, or the best of three when that is over the bound
    (a busy machine pauses now and then; a slow pattern is slow every time)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        compiled.findall(text)
        best = min(best, time.perf_counter() - start)
        if best <= PROBE_SECONDS:
            break
    return best


def check_token_pattern(pattern) -> str:
    """``pattern`` if it is a usable token pattern, else ValueError saying what is wrong and how to fix it.

    Refused: not a string, longer than 1,000 characters, not a regular expression, more than one
    capturing group (scikit-learn's rule: the one group is the token), a pattern that matches the
    empty string (every position would be a token), a repeated group whose body only repeats or
    alternates (``(\\w+)+``, ``(a|b)+``: exponential backtracking), and one whose time grows faster than
    the text: it is timed on texts of 2 to 4,096 repeated characters (letters, digits, spaces,
    punctuation, CJK) and refused if one takes more than 2 ms (the best of three), which a linear
    pattern does in some 10 µs (a 10-million-character document would stall the load).

    Parameters
    ----------
    pattern : str
        The regular expression that finds tokens.

    Returns
    -------
    str
        ``pattern``, unchanged.

    Raises
    ------
    ValueError
        For a pattern refused as above; the message says why and how to fix it.

    See Also
    --------
    fsviz.corpora.check_text_options : checks ``token_pattern`` with the other text options.
    fsviz.corpora.WordAnalyzer : finds the tokens with the pattern.

    Examples
    --------
    >>> from fsviz.corpora import check_token_pattern
    >>> check_token_pattern(r"(?u)\\b\\w+\\b")
    '(?u)\\\\b\\\\w+\\\\b'
    >>> check_token_pattern(r"(\\w+)+")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: `token_pattern` '(\\\\w+)+' repeats a group that itself repeats or alternates, which can take ...
    """
    if not isinstance(pattern, str) or not pattern:
        raise ValueError(f"`token_pattern` must be a regular expression (a str), got {pattern!r}; {_EXAMPLE}")
    return _check_pattern(pattern)


_EXAMPLE = "e.g. r'(?u)\\b\\w+\\b' for words of one letter or more"


@lru_cache(maxsize=256)
def _check_pattern(pattern: str) -> str:
    example = _EXAMPLE
    if len(pattern) > MAX_PATTERN_CHARS:
        raise ValueError(f"`token_pattern` has {len(pattern):,} characters, more than {MAX_PATTERN_CHARS:,}; "
                         "a token pattern is short, " + example)
    try:
        compiled = re.compile(pattern)
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError) as exc:
        raise ValueError(f"`token_pattern` {pattern!r} is not a valid regular expression ({exc}); {example}") from None
    if compiled.groups > 1:
        raise ValueError(f"`token_pattern` {pattern!r} has {compiled.groups} capturing groups; use at most one "
                         "(its match is the token) and write the others as (?:…)")
    if _nested_repeat(parsed):
        raise ValueError(f"`token_pattern` {pattern!r} repeats a group that itself repeats or alternates, which can "
                         "take exponential time; use one quantifier on a character class, e.g. [\\w'-]+ "
                         "instead of (\\w+|'|-)+")
    if compiled.search("") is not None:
        raise ValueError(f"`token_pattern` {pattern!r} matches the empty string, so every position would be a token; "
                         "require at least one character, e.g. \\w+ rather than \\w*")
    for text in _probes():
        for match in compiled.finditer(text):
            if match.end() == match.start() or (compiled.groups and not match.group(1)):
                raise ValueError(f"`token_pattern` {pattern!r} matches an empty token (in {text[:6]!r}…), so every "
                                 "position would be a token; require at least one character, e.g. \\w+ rather "
                                 "than \\w*")
        seconds = _seconds(compiled, text)
        if seconds > PROBE_SECONDS:
            raise ValueError(f"`token_pattern` {pattern!r} took {seconds * 1000:.0f} ms on {len(text):,} characters "
                             f"({text[:4]!r}…): its time grows faster than the text (backtracking), so a long "
                             "document would stall; avoid quantifiers that overlap, e.g. \\w+\\w+ or .*x")
    return pattern
