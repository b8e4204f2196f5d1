"""Class folders in a tar archive (gzip, bzip2 or xz compressed, or not), streamed within the limits: the guards
of :mod:`~fsviz.corpora.formats.archives` (member names, one path per document, sizes and expansion ratio), and a
header extension larger than any real one refused before ``tarfile`` reads it; a tar that ends early (cut short
at a block boundary or inside a member) is an error that says how many members were read."""

from __future__ import annotations

import tarfile

from .archives import _add_once, _class_files, _keep_member, _name_of, _safe_parts
from .base import CorpusError, RawCorpus, stem_name
from .limits import Budget, check_limits, named_path, open_file

__all__ = ["MAX_TAR_HEADER", "read_tar"]


class _CountingReader:
    """A file object's ``read``, counting the bytes it hands out (the compressed size of a stream)."""

    def __init__(self, raw):
        self.raw, self.count = raw, 0

    def read(self, size=-1):
        data = self.raw.read(size)
        self.count += len(data)
        return data


#: Bytes a tar header extension (a GNU long name or link, a pax header) may hold: ``tarfile`` reads one whole
#: into memory before the member it describes, so a header declaring 6 GB would be read (from a 6 MB
#: ``.tar.gz``) before any other check. Real ones hold a path or a few attributes.
MAX_TAR_HEADER = 1 << 20


class _CheckedTarInfo(tarfile.TarInfo):
    """``tarfile``'s member header, refusing a header extension larger than :data:`MAX_TAR_HEADER` before
    ``tarfile`` reads it."""

    def _proc_member(self, tarfile_):
        extension = (tarfile.GNUTYPE_LONGNAME, tarfile.GNUTYPE_LONGLINK, tarfile.XHDTYPE, tarfile.XGLTYPE,
                     tarfile.SOLARIS_XHDTYPE)
        if self.type in extension and self.size > MAX_TAR_HEADER:
            raise CorpusError(f"the member after {self.name!r} has a header of {self.size:,} bytes (a long name "
                              f"or pax header), more than any real one ({MAX_TAR_HEADER:,}); the archive is "
                              "damaged or made to exhaust memory")
        return super()._proc_member(tarfile_)


class _TarProgress:
    """How far a tar stream got: members read in full, and links or special members skipped."""

    def __init__(self):
        self.started = False
        self.members = 0
        self.skipped = 0


def read_tar(source, *, name=None, limits=None) -> RawCorpus:
    """A tar archive (optionally gzip/bzip2/xz-compressed) of class folders, streamed within the limits.

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
        If the input is malformed or exceeds ``limits``; or the archive is damaged or ends early.

    See Also
    --------
    fsviz.corpora.read_zip : the same layout in a ZIP archive.
    fsviz.corpora.read_folder : the same layout in a folder.

    Examples
    --------
    >>> import io, tarfile
    >>> from fsviz.corpora import read_tar
    >>> upload = io.BytesIO()
    >>> with tarfile.open(fileobj=upload, mode="w:gz") as archive:
    ...     for path, text in (("fruit/1.txt", b"red apple"), ("sky/1.txt", b"blue sky")):
    ...         member = tarfile.TarInfo(path)
    ...         member.size = len(text)
    ...         archive.addfile(member, io.BytesIO(text))
    >>> upload.name = "news.tar.gz"
    >>> _ = upload.seek(0)
    >>> raw = read_tar(upload)
    >>> raw.name, raw.labels, raw.texts
    ('news', [('fruit',), ('sky',)], ['red apple', 'blue sky'])
    """
    fname = _name_of(source)
    budget = Budget(check_limits(limits), repr(fname))
    progress = _TarProgress()
    handle = source if hasattr(source, "read") else open_file(named_path(source), repr(fname))
    try:
        counter = _CountingReader(handle)
        # streaming (no seeks in the compressed stream); every header extension checked before it is read
        with tarfile.open(fileobj=counter, mode="r|*", tarinfo=_CheckedTarInfo) as archive:
            raw = _class_files(_tar_members(archive, fname, budget, counter, progress), repr(fname))
            notes = _tar_end(archive, fname, progress)
    except (tarfile.TarError, EOFError, OSError, ValueError) as exc:
        if isinstance(exc, CorpusError):
            raise
        if progress.started:
            raise CorpusError(
                f"{fname!r} ended early or is damaged: {progress.members} members were read in full, then "
                f"{exc or type(exc).__name__}; the file is incomplete, copy or download it again"
            ) from None
        raise CorpusError(f"{fname!r} is not a readable tar archive ({exc}); re-create it and try again") from None
    finally:
        if handle is source:
            if hasattr(source, "seek"):
                source.seek(0)
        else:
            handle.close()
    raw.name = name or stem_name(fname)
    raw.notes.extend(notes)
    return raw


def _tar_members(archive, fname, budget, counter, progress):
    seen = {}
    for member in archive:
        progress.started = True
        budget.add_files()
        budget.check_ratio(member.offset_data, counter.count, repr(fname))  # headers expand too
        parts = _safe_parts(member.name, fname)
        _add_once(member.name, parts, seen, repr(fname))
        if member.isfile() and _keep_member(parts):
            what = f"{fname!r}: the member {member.name!r}"
            budget.expect(member.size, what)
            start = member.offset_data
            data = budget.read(archive.extractfile(member), what, ratio=lambda n, start=start: (start + n, counter.count),
                               size=member.size)
            progress.members += 1
            yield parts, data
            continue
        if not member.isfile() and not member.isdir() and _keep_member(parts):
            progress.skipped += 1
        progress.members += 1


def _tar_end(archive, fname, progress) -> list:
    """Refuse a stream that stopped without its end-of-archive block; notes on skipped links."""
    if archive.fileobj.tell() < archive.offset + tarfile.BLOCKSIZE:
        raise CorpusError(
            f"{fname!r} ended early: {progress.members} members were read, then the archive stopped "
            "without its end-of-archive marker (it was cut short); copy or download it again"
        )
    skipped = progress.skipped
    return [f"skipped {skipped} links or special members: only regular files are read"] if skipped else []
