"""Resource limits: how much a reader may take in before it stops, and the budget that counts it.

Every reader gets a :class:`Limits` (``load_corpus(..., limits=Limits(...))``;
the defaults when omitted) and spends it through one :class:`Budget`:

- sizes the input declares (``os.stat``, ``ZipInfo.file_size``,
  ``TarInfo.size``, a matrix header) are checked first, before anything is read;
- they are never trusted alone: every file and archive member is read in
  chunks of 1 MiB and the bytes really read are counted, so reading stops at
  the limit (plus one chunk) whatever the metadata said;
- exceeding a limit raises :class:`~fsviz.corpora.formats.CorpusError` naming the
  limit, the size seen and the keyword that raises it.

This is what ``zipfile``'s and ``tarfile``'s documentation ask of code that
opens archives from untrusted sources (decompression bombs, archives that
lie about sizes, too many members).

Links: a reader resolves the path its caller names once, where it starts
(:func:`named_path`: the caller chose it, and the app has already confined it
to the data folders with :func:`fsviz.corpora.paths.confine_path`). Every file it
then finds or derives inside that path (the lone file of a folder, CLUTO's
and the line format's companion files, a class folder's documents) is opened
without following a symbolic link (``O_NOFOLLOW``), so a link placed inside a
data folder never leads a reader outside it: it is refused with a message
naming it. Devices, pipes and sockets are refused the same way.
"""

from __future__ import annotations

import io
import os
import stat
from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np

from .base import CorpusError

__all__ = ["DEFAULT_LIMITS", "RATIO_FLOOR", "Budget", "Limits", "bytes_of", "check_limits", "named_path", "open_file"]

MiB = 1 << 20
#: Bytes a member (or a compressed tar stream) may expand to before :attr:`Limits.max_ratio`
#: applies: small files of repeated text compress far better than 100:1 and are harmless.
RATIO_FLOOR = 4 * MiB
#: Bytes read at a time from a file or an archive member.
CHUNK = MiB


@dataclass(frozen=True)
class Limits:
    """How much one corpus may hold; every reader checks these before the work.

    Pass your own to :func:`fsviz.load_corpus` to raise (or lower) one:
    ``load_corpus(path, limits=fsviz.Limits(max_bytes=2**31))``.

    Parameters
    ----------
    max_bytes : int, default 512 MiB
        Bytes read in total: a file, every file of a folder, the uncompressed
        members of a ZIP or tar (and the archive file itself). 20 Newsgroups is
        36 MB uncompressed; loading it costs about four times the text's size
        in memory (measured: 36 MB → 135 MB above the interpreter), so the
        default bounds a load of ordinary documents at roughly 2–3 GB.
    max_files : int, default 200,000
        Files and folders a folder walk visits, members an archive lists
        (20 Newsgroups: about 18,900). Counted as the walk goes, so a folder
        like ``/usr`` stops early instead of being listed whole.
    max_ratio : float, default 100
        Expansion of a compressed member (uncompressed / compressed bytes;
        of the whole stream for a ``.tar.gz``), applied once it has expanded
        past :data:`RATIO_FLOOR` (4 MiB). Text deflates about 3–10:1
        (20 Newsgroups' ``.tar.gz``: 2.6:1); a decompression bomb, 1000:1.
    max_docs : int, default 1,000,000
        Documents (rows, lines, files, matrix rows).
    max_doc_chars : int, default 10,000,000
        Characters in one document, checked before tokenising: scikit-learn
        holds every token of a document as a Python string at once, about 17
        times the document's size (a 256 MiB document took 4.4 GB); a long
        novel is 1–2 million characters.
    max_words : int, default 2,000,000
        Distinct words before the cutoff (the vocabulary the tokeniser
        builds, or the columns a pre-counted matrix declares). Heaps' law
        gives about 1 million for 512 MiB of English; 20 Newsgroups has
        174,000. With n-grams it counts terms, every word and run of words
        (20 Newsgroups: 1.66 million with ``ngrams=(1, 2)``; ``(1, 3)`` is
        refused), checked as each new term arrives.
    max_counts : int, default 50,000,000
        Counts the corpus holds: its (document, word) entries, the non-zeros
        of the count matrix, about 8 bytes each once built and twice that
        while building (the default bounds them near 800 MB). Distinct words
        do not bound them: character n-grams (1, 6) of a 95 MB CSV reached
        227 million entries (2.3 GB) under 2 million distinct terms. 20
        Newsgroups holds 2.8 million; with ``ngrams=(1, 2)`` 6.1 million.
        Checked as the counts grow, and refused early, from the first part of
        the text, when they are on course for more than twice the limit.
    max_classes : int, default 1,000
        Distinct classes (labels). The metrics over all classes hold a
        classes × words table of counts (8 bytes a cell: 1,000 classes of a
        100,000-word vocabulary are 800 MB), and a task's training labels are
        documents × classes; Forman's sets have up to 51 classes, 20
        Newsgroups 20, RCV1 103.
    max_label_chars : int, default 1,000
        Characters in one class name: a label longer than that is a document
        in the wrong column, and every array of names is as wide as its
        longest.
    max_word_chars : int, default 1,000
        Characters in one word (a token, or a name a pre-counted file
        declares). Longer ones (a base64 blob, a URL-encoded payload) are
        dropped, and the corpus notes say how many.

    Raises
    ------
    ValueError
        If a limit is not a number of at least 1 (a whole number, but for ``max_ratio``).

    See Also
    --------
    fsviz.load_corpus : takes them as ``limits``.
    fsviz.corpora.check_limits : the check every reader runs on them.

    Examples
    --------
    >>> import fsviz
    >>> texts = (["red apple", "blue sky", "green apple"], ["fruit", "sky", "fruit"])
    >>> fsviz.load_corpus(texts, min_df=1, limits=fsviz.Limits(max_docs=2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsviz.corpora.formats.base.CorpusError: the text list is too large: 3 documents, over the limit of 2 (Limits.max_docs); ...
    """

    max_bytes: int = 512 * MiB
    max_files: int = 200_000
    max_ratio: float = 100.0
    max_docs: int = 1_000_000
    max_doc_chars: int = 10_000_000
    max_words: int = 2_000_000
    max_counts: int = 50_000_000
    max_classes: int = 1_000
    max_label_chars: int = 1_000
    max_word_chars: int = 1_000

    def __post_init__(self):
        for spec in fields(self):
            value = getattr(self, spec.name)
            whole = spec.name != "max_ratio"
            kinds = (int, np.integer) if whole else (int, float, np.integer, np.floating)
            if isinstance(value, bool) or not isinstance(value, kinds) or not value >= 1 or value != value:
                kind = "a whole number" if whole else "a number"
                raise ValueError(f"`Limits.{spec.name}` must be {kind}, at least 1, got {value!r}")

    def error(self, field: str, what: str, seen, *, at_least=False, about=False) -> CorpusError:
        """The error for ``what`` exceeding the limit ``field`` with ``seen`` (at least that, or about that: an
        estimate).

        Parameters
        ----------
        field : str
            The limit exceeded, a field name such as ``"max_bytes"``.
        what : str
            Names the input in the message.
        seen : int or float
            The amount found.
        at_least : bool, default False
            Say "more than" ``seen``.
        about : bool, default False
            Say "about" ``seen``: an estimate.

        Returns
        -------
        CorpusError
            The error to raise, saying how to raise the limit.
        """
        template, show = _PHRASES[field]
        seen_text = ("more than " if at_least else "about " if about else "") + show(seen)
        return CorpusError(
            f"{what} is too large: {template.format(seen=seen_text, limit=show(getattr(self, field)))} "
            f"(Limits.{field}); if you trust this input, raise it: "
            f"load_corpus(..., limits=fsviz.Limits({field}=...)), or on the command line --limit {field}=..."
        )


def _size(n) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", MiB), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} bytes"


def _count(n) -> str:
    return f"{int(n):,}"


_PHRASES = {
    "max_bytes": ("{seen} of data, over the limit of {limit}", _size),
    "max_files": ("{seen} files, folders or members, over the limit of {limit}", _count),
    "max_ratio": ("it expands {seen} (uncompressed : compressed), over the limit of {limit}", lambda r: f"{r:.0f}:1"),
    "max_docs": ("{seen} documents, over the limit of {limit}", _count),
    "max_doc_chars": ("{seen} characters in one document, over the limit of {limit}", _count),
    "max_words": ("{seen} distinct words, over the limit of {limit}", _count),
    "max_counts": ("{seen} counts (document, word entries), over the limit of {limit}", _count),
    "max_classes": ("{seen} distinct classes, over the limit of {limit}", _count),
    "max_label_chars": ("{seen} characters in one class name, over the limit of {limit}", _count),
    "max_word_chars": ("{seen} characters in one word, over the limit of {limit}", _count),
}

DEFAULT_LIMITS = Limits()


def check_limits(limits) -> Limits:
    """``limits`` (None: the defaults) as a :class:`Limits`, else ValueError.

    Parameters
    ----------
    limits : fsviz.Limits or None
        The limits to check.

    Returns
    -------
    fsviz.Limits
        ``limits``, or :data:`DEFAULT_LIMITS` for None.

    Raises
    ------
    ValueError
        If ``limits`` is not a :class:`Limits`.

    See Also
    --------
    fsviz.Limits : the limits.

    Examples
    --------
    >>> import fsviz
    >>> from fsviz.corpora import check_limits
    >>> check_limits(None) is fsviz.DEFAULT_LIMITS, check_limits(fsviz.Limits(max_docs=5)).max_docs
    (True, 5)
    """
    if limits is None:
        return DEFAULT_LIMITS
    if not isinstance(limits, Limits):
        raise ValueError(
            f"`limits` must be a fsviz.Limits, e.g. fsviz.Limits(max_bytes=2**31), got {type(limits).__name__}"
        )
    return limits


class Budget:
    """What one read has spent of its :class:`Limits`; ``what`` names the input in errors."""

    def __init__(self, limits: Limits, what: str):
        self.limits, self.what = check_limits(limits), what
        self.bytes = 0
        self.files = 0

    def add_files(self, n: int = 1):
        """Count ``n`` more files, folders or members."""
        self.files += n
        if self.files > self.limits.max_files:
            raise self.limits.error("max_files", self.what, self.limits.max_files, at_least=True)

    def expect_files(self, n: int, what: str | None = None):
        """Refuse now when ``n`` more files or members (as declared by metadata) would pass the limit."""
        if self.files + n > self.limits.max_files:
            raise self.limits.error("max_files", what or self.what, self.files + n)

    def expect(self, size: int, what: str | None = None):
        """Refuse now when ``size`` more bytes (as declared by metadata) would pass the limit."""
        if self.bytes + size > self.limits.max_bytes:
            raise self.limits.error("max_bytes", what or self.what, self.bytes + size)

    def check_ratio(self, expanded: int, compressed: int, what: str):
        """Refuse a member (or stream) that expanded past the floor by more than ``max_ratio``,
        or past ``max_bytes``."""
        if expanded > RATIO_FLOOR and expanded > self.limits.max_ratio * max(compressed, 1):
            raise self.limits.error("max_ratio", what, expanded / max(compressed, 1))
        if expanded > self.limits.max_bytes:
            raise self.limits.error("max_bytes", what, expanded)

    def read(self, stream, what: str | None = None, *, ratio=None, size: int | None = None) -> bytes:
        """Every byte of ``stream``, read in chunks and counted; stops at the limit.

        ``ratio``, when given, is called with the bytes read so far and returns
        (expanded, compressed) for :meth:`check_ratio`. ``size``: the length the
        container declares (a file's, a tar or ZIP member's), which only sizes the
        reads (one byte more, so one read reaches the end; :data:`CHUNK` at most): a
        read allocates what it asks for, and asking 1 MiB for each of 20 Newsgroups'
        18,846 small messages cost 0.2 s of page faults. A stream longer than declared
        is still read to its end, chunk by chunk, within the limits.
        """
        out, n = None, 0
        want = CHUNK if size is None else min(CHUNK, max(int(size), 0) + 1)
        while True:
            chunk = stream.read(want)
            if not chunk:
                break
            n += len(chunk)
            self.bytes += len(chunk)
            if self.bytes > self.limits.max_bytes:
                raise self.limits.error("max_bytes", what or self.what, self.limits.max_bytes, at_least=True)
            if ratio is not None:
                self.check_ratio(*ratio(n), what or self.what)
            if out is None:  # BytesIO hands its buffer over without a copy: one copy of the data, not two
                out = io.StringIO() if isinstance(chunk, str) else io.BytesIO()
            out.write(chunk)
        data = b"" if out is None else out.getvalue()
        return data.encode() if isinstance(data, str) else data

    def read_file(self, path: Path, what: str) -> bytes:
        """A regular file's bytes, opened by :func:`open_file` (no link followed, no device or pipe)."""
        with open_file(path, what) as handle:
            size = os.fstat(handle.fileno()).st_size
            self.expect(size, what)
            return self.read(handle, what, size=size)


def named_path(source):
    """The path a caller named, resolved once (``..`` and links); a file object or other value unchanged."""
    if hasattr(source, "read") or not isinstance(source, (str, os.PathLike)):
        return source
    path = Path(source)
    try:
        return path.resolve(strict=True)
    except FileNotFoundError:
        raise CorpusError(f"no such file or folder: {str(path)!r}") from None
    except (OSError, RuntimeError) as exc:  # unreadable, a link loop
        raise CorpusError(f"cannot read {path.name!r}: {getattr(exc, 'strerror', None) or exc}") from None


def open_file(path: Path, what: str):
    """``path`` opened for reading in binary, when it is a regular file and not a symbolic link.

    A link is refused even if one was swapped in after a folder was listed
    (``O_NOFOLLOW``); a pipe does not block the open (``O_NONBLOCK``) and is
    refused with devices and sockets.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if os.path.islink(path):
            raise CorpusError(f"{what} is a symbolic link, which fsviz does not follow inside a folder (it could "
                              "lead anywhere on the disk); put the file itself there instead of a link") from None
        raise CorpusError(f"cannot read {what}: {exc.strerror or exc}") from None
    handle = os.fdopen(fd, "rb")
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        handle.close()
        raise CorpusError(f"{what} is not a regular file; give a text file, a folder or an archive")
    return handle


def bytes_of(source, budget: Budget) -> tuple[bytes, str]:
    """The bytes and file name of a path or a file object (rewound after reading), within ``budget``."""
    if hasattr(source, "read"):
        name = getattr(source, "name", None) or "upload"
        try:
            return budget.read(source, repr(name)), name
        finally:
            if hasattr(source, "seek"):
                source.seek(0)
    path = Path(source)
    return budget.read_file(path, repr(path.name)), path.name
