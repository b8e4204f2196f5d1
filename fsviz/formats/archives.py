"""Class folders: a folder, a ZIP or a tar of them.

``folder`` / ``zip`` / ``tar``: one sub-folder per class (scikit-learn's
``load_files`` layout); the label of a file is the name of the folder that
holds it, so ``train/alt.atheism/123`` is in class ``alt.atheism``. Archive
members with absolute paths or ``..`` are refused.
"""

from __future__ import annotations

import io
import os
import re
import tarfile
import zipfile
from pathlib import Path

from .base import CorpusError, RawCorpus, bytes_of, decode, stem_name

__all__ = ["read_folder", "read_tar", "read_zip"]

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


def _class_files(docs, what) -> RawCorpus:
    """``docs``: (path parts, bytes) of every file, in a fixed order; label = parent folder."""
    texts, labels = [], []
    for parts, data in docs:
        texts.append(decode(data, parts))
        labels.append((parts[-2],))
    if not texts:
        raise CorpusError(
            f"{what} has no files inside class folders; lay it out as <class>/<document> "
            "(one sub-folder per class, one text file per document)"
        )
    return RawCorpus(labels=labels, texts=texts)


def read_folder(path, *, name=None) -> RawCorpus:
    """A folder with one sub-folder per class (scikit-learn ``load_files`` layout)."""
    root = Path(path)
    pairs = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in _SKIP_PARTS]
        for fname in filenames:
            full = Path(dirpath, fname)
            parts = full.relative_to(root).parts
            if _keep_member(parts) and full.is_file() and not full.is_symlink():
                pairs.append((parts, full.read_bytes()))
    raw = _class_files(sorted(pairs), f"folder {str(root)!r}")
    raw.name = name or root.name
    return raw


def read_zip(source, *, name=None) -> RawCorpus:
    """A ZIP archive of class folders."""
    data, fname = bytes_of(source)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [(_safe_parts(m.filename, fname), m) for m in archive.infolist() if not m.is_dir()]
        docs = ((parts, archive.read(m)) for parts, m in members if _keep_member(parts))
        raw = _class_files(docs, repr(fname))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as exc:
        raise CorpusError(f"{fname!r} is not a readable ZIP archive ({exc}); re-create it and upload again") from None
    raw.name = name or stem_name(fname)
    return raw


def read_tar(source, *, name=None) -> RawCorpus:
    """A tar archive (optionally gzip/bzip2/xz-compressed) of class folders."""
    if hasattr(source, "read"):
        data, fname = bytes_of(source)
        opener = dict(fileobj=io.BytesIO(data), mode="r|*")
    else:
        fname = Path(source).name
        opener = dict(name=str(source), mode="r|*")  # streaming: no seeks in the compressed stream
    try:
        with tarfile.open(**opener) as archive:
            raw = _class_files(_tar_members(archive, fname), repr(fname))
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise CorpusError(f"{fname!r} is not a readable tar archive ({exc}); re-create it and try again") from None
    raw.name = name or stem_name(fname)
    return raw


def _tar_members(archive, fname):
    for member in archive:
        parts = _safe_parts(member.name, fname)
        if member.isfile() and _keep_member(parts):
            yield parts, archive.extractfile(member).read()
