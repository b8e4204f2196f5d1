"""What every reader shares: the result type, the error, decoding, the extension table.

A reader only parses; tokenising, stop words, stemming and the rare-word
cutoff happen once, for every format alike, in :mod:`fsviz.corpora.corpus`.
"""

from __future__ import annotations

import codecs
import contextlib
import contextvars
import os
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

import numpy as np
from scipy import sparse

__all__ = [
    "EXTENSIONS",
    "FORMATS",
    "CorpusError",
    "RawCorpus",
    "check_word_counts",
    "collected_notes",
    "decode",
    "lines_of",
    "note",
    "require_docs",
    "stem_name",
    "suffix_of",
]


class CorpusError(ValueError):
    """A corpus could not be read or prepared; the message says why and what to do.

    A :class:`ValueError`, so the pages and the command line show its message as they show any refused input.

    See Also
    --------
    fsviz.load_corpus : raises it for a source it cannot read.
    fsviz.Limits : the limits whose excess raises it.

    Examples
    --------
    >>> import fsviz
    >>> fsviz.load_corpus("no/such/corpus.csv")
    Traceback (most recent call last):
    ...
    fsviz.corpora.formats.base.CorpusError: no such file or folder: no/such/corpus.csv
    """


@dataclass
class RawCorpus:
    """What a reader returns: either ``texts`` or ``counts`` + ``vocabulary``.

    Parameters
    ----------
    labels : list of tuple of str
        One tuple of labels per document (usually one label).
    texts : list of str, optional
        One text per document, for a format of texts.
    counts : scipy.sparse.csr_matrix of shape (n_docs, n_words), optional
        Word counts, for a pre-counted format.
    vocabulary : ndarray of str of shape (n_words,), optional
        The words of the columns of ``counts``.
    name : str, default "corpus"
        The corpus name.
    notes : list of str, optional
        What the reader repaired or dropped; empty by default.

    See Also
    --------
    fsviz.corpora.read : reads any source into one.
    fsviz.build_corpus : builds the corpus from one.

    Examples
    --------
    >>> from fsviz.corpora import read
    >>> raw = read((["red apple", "blue sky"], ["fruit", "sky"]))
    >>> raw.labels, raw.texts, raw.counts, raw.name
    ([('fruit',), ('sky',)], ['red apple', 'blue sky'], None, 'texts')
    """

    labels: list
    texts: list | None = None
    counts: sparse.csr_matrix | None = None
    vocabulary: np.ndarray | None = None
    name: str = "corpus"
    notes: list = field(default_factory=list)


#: The ``format=`` name of each file extension :func:`fsviz.corpora.formats.detect_format` knows.
EXTENSIONS = {
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".txt": "tsv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".zip": "zip",
    ".tar": "tar",
    ".tgz": "tar",
    ".tar.gz": "tar",
    ".tar.bz2": "tar",
    ".tar.xz": "tar",
    ".arff": "arff",
    ".mat": "cluto-mat",
}
FORMATS = ("texts", "csv", "tsv", "jsonl", "folder", "zip", "tar", "arff", "cluto", "cluto-mat", "lines")


#: Byte-order marks and their codecs, the longest first (UTF-32 LE's starts with UTF-16 LE's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(data: bytes, what="file") -> str:
    """Text of ``data``: by its byte-order mark (UTF-8/16/32) when it has one, else UTF-8; binary data (NUL
    bytes, no BOM) is refused.

    Text that is not valid UTF-8 is read by one rule, and a note says so
    (:func:`collected_notes`; the corpus notes, which the app and ``fsviz
    info`` show): when it holds more valid UTF-8 characters beyond ASCII
    than bytes that are not UTF-8, it is UTF-8 with a few damaged bytes, each
    read as U+FFFD (``café`` stays ``café``); otherwise it is a legacy
    8-bit file and is read as Latin-1 (every byte one character).

    Parameters
    ----------
    data : bytes
        The file's contents.
    what : str or tuple of str, default "file"
        Names the input in the error: a phrase, or a tuple of path parts.

    Returns
    -------
    str
        The decoded text.

    Raises
    ------
    CorpusError
        If ``data`` holds NUL bytes and no byte-order mark, or does not decode by its byte-order mark.

    See Also
    --------
    fsviz.corpora.read : every text reader decodes its input with it.

    Examples
    --------
    >>> import codecs
    >>> from fsviz.corpora import decode
    >>> decode("café".encode()), decode("café".encode("latin-1")), decode(codecs.BOM_UTF16_LE + "hi".encode("utf-16-le"))
    ('café', 'café', 'hi')
    >>> decode(b"\\x00\\x01", "upload.bin")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsviz.corpora.formats.base.CorpusError: upload.bin looks like a binary file (it contains NUL bytes), not text; ...
    """
    if isinstance(what, tuple):
        what = "/".join(what)
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise CorpusError(
                    f"{what} starts with a {codec.upper().removesuffix('-SIG')} byte-order mark but is not "
                    f"valid {codec.upper().removesuffix('-SIG')} (byte {exc.start}); save it again as UTF-8"
                ) from None
    if b"\x00" in data[:65536]:
        raise CorpusError(
            f"{what} looks like a binary file (it contains NUL bytes), not text; "
            "give a text corpus: CSV/TSV, JSONL, ARFF, or a ZIP/tar of class folders "
            "(UTF-16 or UTF-32 text needs its byte-order mark; or save it as UTF-8)"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        first = exc.start
    text = data.decode("utf-8", errors="replace")
    damaged = text.count("\ufffd") - data.count("\ufffd".encode())
    wide = sum(1 for c in text if c > "\x7f") - text.count("\ufffd")
    if wide > damaged:
        bytes_ = f"{damaged:,} bytes that are" if damaged > 1 else "1 byte that is"
        note("utf8", f"{what}: {bytes_} not UTF-8 (the first at byte {first:,}) read as \ufffd")
        return text
    note("latin1", f"{what}: not UTF-8 (byte {first:,} is not), read as Latin-1")
    return data.decode("latin-1")


_NOTES: contextvars.ContextVar = contextvars.ContextVar("fsviz_reader_notes", default=None)


def note(kind: str, text: str) -> None:
    """Record a note of ``kind`` on what a reader repaired, for :func:`collected_notes`."""
    notes = _NOTES.get()
    if notes is not None:
        notes.append((kind, text))


@contextlib.contextmanager
def collected_notes():
    """Collect the readers' notes made inside; yields a list that holds them summarised at the end (one line
    per kind: the first case, and how many more)."""
    token = _NOTES.set([])
    summary = []
    try:
        yield summary
    finally:
        notes = _NOTES.get()
        _NOTES.reset(token)
        for kind in dict.fromkeys(k for k, _ in notes):
            cases = [text for k, text in notes if k == kind]
            summary.append(cases[0] + (f" (and {len(cases) - 1:,} more file{'s' * (len(cases) > 2)} like it)"
                                       if len(cases) > 1 else ""))


def suffix_of(name: str) -> str:
    """The lower-cased extension of ``name``, ``.tar.gz``-style double ones included."""
    name = name.lower()
    for ext in (".tar.gz", ".tar.bz2", ".tar.xz"):
        if name.endswith(ext):
            return ext
    return os.path.splitext(name)[1]


def stem_name(name: str) -> str:
    """The corpus name a file name gives: its base name without the extension."""
    base = PurePosixPath(str(name)).name
    suffix = suffix_of(base)
    return base[: -len(suffix)] if suffix else base


def require_docs(n: int, what: str):
    """Refuse an input that holds no documents."""
    if n == 0:
        raise CorpusError(f"{what} holds no documents; check that it is the corpus you meant")


#: The largest count a corpus holds (term frequencies are int32).
MAX_COUNT = int(np.iinfo(np.int32).max)


def check_word_counts(values: np.ndarray, where) -> None:
    """Refuse word counts that are not whole numbers from 0 to :data:`MAX_COUNT`.

    ``where(i)`` names the place of the i-th value in the file (a line and a
    column or attribute), for the message.
    """
    values = np.asarray(values, dtype=np.float64)
    bad = ~np.isfinite(values) | (values < 0) | (values > MAX_COUNT) | (values != np.round(values))
    if not bad.any():
        return
    at = int(np.flatnonzero(bad)[0])
    value = values[at]
    reason = (
        "not a number (NaN)" if np.isnan(value) else "infinite" if np.isinf(value) else "negative" if value < 0
        else f"too large (over {MAX_COUNT:,})" if value > MAX_COUNT else "not a whole number"
    )
    raise CorpusError(
        f"{where(at)}: the count {value:g} is {reason}; word counts must be whole numbers, at least 0 "
        "(fix that value or re-export the file)"
    )


_LINE_END = re.compile(r"\r\n|\r|\n")


def lines_of(text: str) -> list[str]:
    """``text``'s lines, split at a file's line ends only (``\\n``, ``\\r\\n``, ``\\r``).

    Not :meth:`str.splitlines`, which also splits at U+0085, U+2028, U+2029 and the separators U+001C to U+001E:
    characters a JSON string, an ARFF value or a class name may hold as written.

    >>> lines_of("a\\u2028b\\r\\nc\\x85d"), "a\\u2028b".splitlines()
    (['a\u2028b', 'c\x85d'], ['a', 'b'])
    """
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines
