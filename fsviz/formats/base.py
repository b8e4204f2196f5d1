"""What every reader shares: the result type, the error, decoding, the extension table.

A reader only parses; tokenising, stop words, stemming and the rare-word
cutoff happen once, for every format alike, in :mod:`fsviz.corpus`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import numpy as np
from scipy import sparse

__all__ = [
    "EXTENSIONS",
    "FORMATS",
    "CorpusError",
    "RawCorpus",
    "bytes_of",
    "decode",
    "require_docs",
    "stem_name",
    "suffix_of",
]


class CorpusError(ValueError):
    """A corpus could not be read or prepared; the message says why and what to do."""


@dataclass
class RawCorpus:
    """What a reader returns: either ``texts`` or ``counts`` + ``vocabulary``.

    ``labels`` holds one tuple of labels per document (usually one label).
    """

    labels: list
    texts: list | None = None
    counts: sparse.csr_matrix | None = None
    vocabulary: np.ndarray | None = None
    name: str = "corpus"
    notes: list = field(default_factory=list)


#: The ``format=`` name of each file extension :func:`fsviz.formats.detect_format` knows.
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


def decode(data: bytes, what="file") -> str:
    """UTF-8 text, falling back to latin-1; binary data is refused.

    ``what`` names the input in the error: a str, or a tuple of path parts.
    """
    if b"\x00" in data[:65536]:
        if isinstance(what, tuple):
            what = "/".join(what)
        raise CorpusError(
            f"{what} looks like a binary file (it contains NUL bytes), not text; "
            "give a text corpus: CSV/TSV, JSONL, ARFF, or a ZIP/tar of class folders"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def suffix_of(name: str) -> str:
    """The lower-cased extension of ``name``, ``.tar.gz``-style double ones included."""
    name = name.lower()
    for ext in (".tar.gz", ".tar.bz2", ".tar.xz"):
        if name.endswith(ext):
            return ext
    return os.path.splitext(name)[1]


def bytes_of(source) -> tuple[bytes, str]:
    """The bytes and file name of a path or a file object (rewound after reading)."""
    if hasattr(source, "read"):
        data = source.read()
        if hasattr(source, "seek"):
            source.seek(0)
        return (data.encode() if isinstance(data, str) else bytes(data)), getattr(source, "name", "upload")
    path = Path(source)
    return path.read_bytes(), path.name


def stem_name(name: str) -> str:
    """The corpus name a file name gives: its base name without the extension."""
    base = PurePosixPath(str(name)).name
    suffix = suffix_of(base)
    return base[: -len(suffix)] if suffix else base


def require_docs(n: int, what: str):
    """Refuse an input that holds no documents."""
    if n == 0:
        raise CorpusError(f"{what} holds no documents; check that it is the corpus you meant")
