"""Class folders: a folder, a ZIP or a tar of them (the tar reader is :mod:`~fsviz.corpora.formats.tar`).

``folder`` / ``zip`` / ``tar``: one sub-folder per class (scikit-learn's
``load_files`` layout); the label of a file is the name of the folder that
holds it, so ``train/alt.atheism/123`` is in class ``alt.atheism``.

Guards, as ``zipfile``'s and ``tarfile``'s extraction filters advise
(limits from :class:`~fsviz.corpora.formats.Limits`):

- a folder is walked, counting entries and adding up their sizes, before any
  file is read; symbolic links and special files (pipes, devices) are
  skipped, and the corpus notes say how many;
- archive members with absolute paths or ``..`` are refused;
- a document path is given once: two members (or two files of a folder) that
  are one path are refused with a message naming both, never merged nor both
  kept (issue 39: a value given twice is never merged silently). Names are
  compared as extraction writes them: ``\\`` read as ``/``, empty and ``.``
  parts dropped (``a//x``, ``a/./x``, ``./a/x`` and ``a/x`` are one path), a
  trailing ``/`` dropped (a folder ``a/x/`` and a file ``a/x`` are one), and
  Unicode compared in NFC (``é`` as one code point or as ``e`` + U+0301: macOS
  wrote names in NFD, most systems in NFC). Case is kept: ``X.txt`` and
  ``x.txt`` are two documents, as a Linux folder holds them. The same name
  twice (``zip`` and ``tar`` can write it; ``tar -r`` appends a new copy) is
  refused, whichever copy an extraction would keep. Labels keep the archive's
  spelling here; the corpus then cleans class names as for every format
  (:func:`fsviz.corpora.preprocessing.clean_label`: NFC), so class folders
  ``café`` in two forms are one class, with a note saying so;
- members are read in chunks with their sizes, counts and expansion ratio
  checked first from the metadata, then against the bytes really read;
- a tar that ends early (cut short at a block boundary or inside a member)
  is an error that says how many members were read.
"""

from __future__ import annotations

import os
import re
import stat
import struct
import unicodedata
import zipfile
from pathlib import Path, PurePath

from .base import CorpusError, RawCorpus, decode, stem_name
from .limits import Budget, check_limits, named_path, open_file

__all__ = ["read_folder", "read_zip"]

_SKIP_PARTS = ("__MACOSX",)


def _keep_member(parts) -> bool:
    return len(parts) >= 2 and not any(p.startswith(".") or p in _SKIP_PARTS for p in parts)


def _safe_parts(name: str, archive: str):
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\")) or ".." in parts or re.match(r"^[A-Za-z]:", name):
        raise CorpusError(
            f"{archive!r} has an unsafe member name {name!r} (absolute or with '..'); "
            "rebuild the archive with relative paths inside one folder"
        )
    return tuple(p for p in parts if p not in ("", "."))


def _class_files(docs, what, notes=()) -> RawCorpus:
    """``docs``: (path parts, bytes) of every file, in a fixed order; label = parent folder."""
    texts, labels = [], []
    for parts, data in docs:
        texts.append(decode(data, f"{what}: the file {'/'.join(parts)!r}"))
        labels.append((parts[-2],))
    if not texts:
        raise CorpusError(
            f"{what} has no files inside class folders; lay it out as <class>/<document> "
            "(one sub-folder per class, one text file per document)"
        )
    return RawCorpus(labels=labels, texts=texts, notes=list(notes))


def _walk(root: Path, budget: Budget):
    """The path parts of every file to read below ``root``, sorted, and notes on what was skipped.

    Entries count against ``max_files`` and the files' sizes against
    ``max_bytes`` as the walk goes, before anything is read; two files whose names are one in NFC are refused.
    """
    files, links, special, declared, seen = [], 0, 0, 0, {}
    pending = [()]
    while pending:
        prefix = pending.pop()
        with os.scandir(root.joinpath(*prefix)) as entries:
            for entry in entries:
                budget.add_files()
                parts = (*prefix, entry.name)
                if entry.name.startswith(".") or entry.name in _SKIP_PARTS:
                    continue
                mode = entry.stat(follow_symlinks=False).st_mode
                if stat.S_ISLNK(mode):
                    links += 1
                elif stat.S_ISDIR(mode):
                    pending.append(parts)
                elif not stat.S_ISREG(mode):
                    special += 1
                elif _keep_member(parts):
                    _add_once("/".join(parts), parts, seen, budget.what, unit="file")
                    declared += entry.stat(follow_symlinks=False).st_size
                    budget.expect(declared)
                    files.append(parts)  # not the Path: a tuple of names costs a third as much
    notes = []
    if links:
        notes.append(f"skipped {links} symbolic link{'s' * (links > 1)}: only files inside the folder are read")
    if special:
        notes.append(f"skipped {special} special file{'s' * (special > 1)} (pipes, sockets or devices)")
    return sorted(files), notes


def read_folder(path, *, name=None, limits=None) -> RawCorpus:
    """A folder with one sub-folder per class (scikit-learn ``load_files`` layout).

    Parameters
    ----------
    path : str or os.PathLike
        The folder; each file's label is the name of the sub-folder holding it.
    name : str, optional
        The corpus name; the folder's name when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The texts, each labelled by its class folder, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        If the input is malformed or exceeds ``limits``; or a file cannot be read.

    See Also
    --------
    fsviz.corpora.read_zip : the same layout in a ZIP archive.
    fsviz.corpora.read_tar : the same layout in a tar archive.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from fsviz.corpora import read_folder
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for label, text in (("fruit", "red apple"), ("sky", "blue sky")):
    ...         (pathlib.Path(folder) / label).mkdir()
    ...         _ = (pathlib.Path(folder) / label / "1.txt").write_text(text)
    ...     raw = read_folder(folder, name="news")
    >>> raw.name, raw.labels, raw.texts
    ('news', [('fruit',), ('sky',)], ['red apple', 'blue sky'])
    """
    root = named_path(path)
    what = f"folder {root.name or str(root)!r}"
    budget = Budget(check_limits(limits), what)
    try:
        files, notes = _walk(root, budget)
        docs = ((parts, budget.read_file(root.joinpath(*parts), f"{what}: {'/'.join(parts)!r}"))
                for parts in files)
        raw = _class_files(docs, what, notes)
    except OSError as exc:
        raise CorpusError(f"{what}: a file could not be read ({exc.strerror or exc}); check its permissions") from None
    raw.name = name or root.name
    return raw


def _zip_end(handle) -> tuple[int, int | None, int, int]:
    """The archive's size, the members its end-of-central-directory record declares (None if that cannot
    be found) and where the central directory is (offset, bytes), read before ``zipfile`` parses the
    directory, which holds every entry in memory."""
    handle.seek(0, os.SEEK_END)
    size = handle.tell()
    handle.seek(max(0, size - (1 << 16) - 22))
    tail = handle.read()
    handle.seek(0)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) < at + 22:
        return size, None, 0, 0
    entries, cd_size, cd_offset = struct.unpack("<HII", tail[at + 10 : at + 20])
    locator = tail.rfind(b"PK\x06\x07", 0, at)
    if locator >= 0 and (entries == 0xFFFF or cd_size == 0xFFFFFFFF or cd_offset == 0xFFFFFFFF):
        handle.seek(struct.unpack("<Q", tail[locator + 8 : locator + 16])[0])  # ZIP64: the record before it
        record = handle.read(56)
        handle.seek(0)
        if record[:4] == b"PK\x06\x06" and len(record) == 56:
            entries, cd_size, cd_offset = struct.unpack("<QQQ", record[32:56])
    return size, entries, cd_offset, cd_size


#: The fixed part of a central directory entry; every entry is at least this long.
_CD_ENTRY = struct.Struct("<4s24xHHH12x")  # signature, then the name, extra and comment lengths at 28, 30, 32
_CD_ENTRY_SIZE = 46


def _count_entries(handle, offset: int, length: int, at_most: int) -> int | None:
    """The entries of the central directory at ``offset`` counted by walking its headers, stopping past
    ``at_most`` (a record may declare 2 members over a directory of a million); None where the walk does
    not find the headers (an archive with data before it: ``zipfile`` finds those itself)."""
    count, position, end = 0, offset, offset + length
    while position < end and count <= at_most:
        handle.seek(position)
        head = handle.read(_CD_ENTRY_SIZE)
        if len(head) < _CD_ENTRY_SIZE:
            break
        signature, name, extra, comment = _CD_ENTRY.unpack(head)
        if signature != b"PK\x01\x02":
            handle.seek(0)
            return None
        count += 1
        position += _CD_ENTRY_SIZE + name + extra + comment
    handle.seek(0)
    return count


def read_zip(source, *, name=None, limits=None) -> RawCorpus:
    """A ZIP archive of class folders, read member by member within the limits.

    Parameters
    ----------
    source : str, os.PathLike or file-like
        The archive, a path or a binary file object opened for reading.
    name : str, optional
        The corpus name; the file name without its extensions when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The texts, each labelled by its class folder, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        If the input is malformed or exceeds ``limits``; or the file is not a readable ZIP archive.

    See Also
    --------
    fsviz.corpora.read_folder : the same layout in a folder.
    fsviz.corpora.read_tar : the same layout in a tar archive.

    Examples
    --------
    >>> import io, zipfile
    >>> from fsviz.corpora import read_zip
    >>> upload = io.BytesIO()
    >>> with zipfile.ZipFile(upload, "w") as archive:
    ...     archive.writestr("fruit/1.txt", "red apple")
    ...     archive.writestr("sky/1.txt", "blue sky")
    >>> upload.name = "news.zip"
    >>> raw = read_zip(upload)
    >>> raw.name, raw.labels, raw.texts
    ('news', [('fruit',), ('sky',)], ['red apple', 'blue sky'])
    """
    fname = _name_of(source)
    budget = Budget(check_limits(limits), repr(fname))
    handle = source if hasattr(source, "read") else open_file(named_path(source), repr(fname))
    try:
        size, declared, cd_offset, cd_size = _zip_end(handle)
        if size > budget.limits.max_bytes:
            raise budget.limits.error("max_bytes", repr(fname), size)
        budget.expect_files(declared or 0)
        if cd_size > budget.limits.max_files * _CD_ENTRY_SIZE:  # room for more entries than the record says
            walked = _count_entries(handle, cd_offset, cd_size, budget.limits.max_files)
            budget.expect_files(walked or 0)
        with zipfile.ZipFile(handle) as archive:
            docs = _zip_members(archive, fname, budget)
            raw = _class_files(docs, repr(fname))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError) as exc:
        if isinstance(exc, CorpusError):
            raise
        raise CorpusError(f"{fname!r} is not a readable ZIP archive ({exc}); re-create it and upload again") from None
    except (RuntimeError, NotImplementedError) as exc:  # an encrypted member, an unknown compression method
        raise CorpusError(f"{fname!r} cannot be read ({exc}); re-create it without a password, with deflate") from None
    finally:
        if handle is source:
            source.seek(0)
        else:
            handle.close()
    raw.name = name or stem_name(fname)
    return raw


def _nfc(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def _add_once(name: str, parts: tuple, seen: dict, what: str, unit="member") -> None:
    """Record a member under its path (``parts`` as :func:`_safe_parts` gives them, compared in NFC); a second
    member with that path is refused, naming both (which copy would be the document?). One dict look-up each."""
    key = tuple(map(_nfc, parts))
    if key not in seen:
        seen[key] = name
        return
    first, fix = seen[key], f"a corpus of class folders needs one {unit} per document"
    if first == name:
        raise CorpusError(f"{what} holds two {unit}s named {name!r}; {fix}: keep one copy and rebuild it")
    if _nfc(first) == _nfc(name):
        shown, why = f"{first!a} and {name!a}", "the same name in two Unicode forms, compared in NFC"
    else:
        shown, why = f"{first!r} and {name!r}", "'\\' read as '/', '.' and empty parts and a trailing '/' dropped"
    raise CorpusError(f"{what} holds two {unit}s that are one path, {shown} ({why}); {fix}: rename one")


def _zip_members(archive: zipfile.ZipFile, fname: str, budget: Budget):
    """Check every member's name and declared size, then yield (parts, bytes) one by one."""
    infos = archive.infolist()
    budget.add_files(len(infos))
    members, seen = [], {}
    for info in infos:
        parts = _safe_parts(info.filename, fname)
        _add_once(info.filename, parts, seen, repr(fname))
        if stat.S_ISLNK(info.external_attr >> 16):  # a link stored by Info-ZIP: its text is where it points
            continue
        if not info.is_dir() and _keep_member(parts):
            what = f"{fname!r}: the member {info.filename!r}"
            budget.check_ratio(info.file_size, info.compress_size, what)
            members.append((parts, info, what))
    budget.expect(sum(info.file_size for _, info, _ in members))
    for parts, info, what in members:
        with archive.open(info) as stream:
            yield parts, budget.read(stream, what, ratio=lambda n, size=info.compress_size: (n, size),
                                     size=info.file_size)


def _name_of(source) -> str:
    """The file name of a path or an upload, without the folders above it."""
    name = (getattr(source, "name", None) or "upload") if hasattr(source, "read") else source
    return PurePath(str(name)).name
