"""The records behind share links: each bound to the one stored run it was made for, capped per owner, and
deleted with that run.

A link id is 128 random bits (``secrets.token_urlsafe(16)``), never the run's key or file name. Its record,
``<cache>/shares/links/<id>.json``, names the owner's folder, the run's key and the SHA-256 of the run's results
file as it was when the link was made. A link opens its run only while that file is still there *with the same
content*: a run deleted and later run again under the same settings (the same key) is another file, and a link
made for the first never opens the second. Deleting a run through the app (:func:`forget`, called by the stored
runs' Delete button and by the cache's trimming) deletes its links outright, so even a byte-identical rerun (the
same seed within the same second, or ``SOURCE_DATE_EPOCH`` set on the server) finds no link. A link found dead
when opened is deleted then too.

An owner's links are listed in ``<cache>/shares/owners/<owner>/<key>/<id>`` (empty files): listing an owner's
links for one run reads one small folder, never every visitor's records, and an owner holds at most
:data:`MAX_LINKS` live links (:class:`TooManyLinks` beyond that). Records written before links were bound to a
run's content (``<cache>/shares/<id>.json``) are never read: they opened whatever the key named.

This module reads and writes files only; the panel and the opening of a link are :mod:`ui.shares`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import time
from pathlib import Path

from fsviz.corpora.sample import cache_dir

__all__ = ["MAX_LINKS", "TooManyLinks", "count", "forget", "links_of", "make", "remove", "run_of", "run_path", "stored"]

#: The most live links one owner may hold, over all their runs: each is a small file, and a visitor making them
#: without limit would only fill the server's disk and slow the lists.
MAX_LINKS = 100
#: What a link id, an owner's folder and a run key look like: anything else is refused before a file is read.
_ID = re.compile(r"[A-Za-z0-9_-]{22}")
_OWNER = re.compile(r"(v-[0-9a-f]{32})?")
_KEY = re.compile(r"[0-9a-f]{16}")
#: The owners' folder name for runs kept where every visitor sees them (a server that shares runs: owner ``""``).
_EVERYONE = "everyone"


class TooManyLinks(ValueError):
    """An owner already holds :data:`MAX_LINKS` live links."""


def _root() -> Path:
    return cache_dir() / "shares"


def _record_path(ident: str) -> Path:
    return _root() / "links" / f"{ident}.json"


def _owner_folder(owner: str) -> Path:
    return _root() / "owners" / (owner or _EVERYONE)


def run_path(owner: str, key: str) -> Path:
    """Where the app keeps the finished run ``key`` of the owner ``owner`` (``""``: the folder every visitor sees)."""
    return cache_dir() / "grid" / owner / f"{key}.parquet"


def stored(owner: str, key: str) -> bool:
    """Whether ``owner`` has a finished run ``key`` stored (one a link may be made for)."""
    return _valid(owner, key) and run_path(owner, key).is_file()


#: Digests of run files already hashed, by (path, inode, size, modification and change times): a viewer's every
#: rerun asks whether their link still opens its run. A file's change time (``st_ctime``) moves with every write and
#: cannot be set back, so a rewrite that keeps the size and the modification time is still read again.
_DIGESTS: dict[tuple, str] = {}


def _digest(path: Path) -> str | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    seen = (str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    if seen not in _DIGESTS:
        digest = hashlib.sha256()
        try:
            with path.open("rb") as file:
                for block in iter(lambda: file.read(1 << 20), b""):
                    digest.update(block)
        except OSError:
            return None
        if len(_DIGESTS) > 1000:
            _DIGESTS.clear()
        _DIGESTS[seen] = digest.hexdigest()
    return _DIGESTS[seen]


def _valid(owner: str, key: str) -> bool:
    return isinstance(owner, str) and isinstance(key, str) and bool(_OWNER.fullmatch(owner)) \
        and bool(_KEY.fullmatch(key))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def make(owner: str, key: str) -> str | None:
    """A new link id to ``owner``'s finished run ``key``, bound to the run file's present content; None when there
    is no such run.

    Raises
    ------
    TooManyLinks
        When ``owner`` already holds :data:`MAX_LINKS` live links.
    """
    if not _valid(owner, key):
        return None
    digest = _digest(run_path(owner, key))
    if digest is None:
        return None
    if count(owner) >= MAX_LINKS:
        raise TooManyLinks(f"you hold {MAX_LINKS} links, the most one visitor may; revoke some you no longer "
                           "need, then make another")
    ident = secrets.token_urlsafe(16)
    marker = _owner_folder(owner) / key / ident
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.touch()
    _write(_record_path(ident), json.dumps({"owner": owner, "key": key, "digest": digest, "created": time.time()}))
    return ident


def _record(ident) -> dict | None:
    if not isinstance(ident, str) or not _ID.fullmatch(ident):
        return None
    try:
        record = json.loads(_record_path(ident).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or not _valid(record.get("owner"), record.get("key")) \
            or not isinstance(record.get("digest"), str):
        return None
    return record


def run_of(ident) -> tuple[str, str] | None:
    """``(owner, key)`` of the run the link ``ident`` opens, while that run is the one it was made for; None for an
    id that is malformed, unknown or revoked, or whose run was deleted or replaced (such a link is deleted)."""
    record = _record(ident)
    if record is None:
        return None
    owner, key = record["owner"], record["key"]
    if _digest(run_path(owner, key)) != record["digest"]:
        _drop(ident, owner, key)
        return None
    return owner, key


def links_of(owner: str, key: str) -> list[str]:
    """``owner``'s live link ids to their run ``key``, oldest first (one folder read)."""
    if not _valid(owner, key):
        return []
    folder = _owner_folder(owner) / key
    try:
        markers = [(p.stat().st_mtime_ns, p.name) for p in folder.iterdir() if _ID.fullmatch(p.name)]
    except OSError:
        return []
    return [ident for _, ident in sorted(markers) if _record(ident) is not None]


def count(owner: str) -> int:
    """How many links ``owner`` holds (their folders' entries; no record is read)."""
    folder = _owner_folder(owner)
    try:
        return sum(len(os.listdir(run)) for run in folder.iterdir() if run.is_dir())
    except OSError:
        return 0


def remove(ident, owner: str) -> bool:
    """Delete the link ``ident`` when ``owner`` made it; whether it was theirs."""
    record = _record(ident)
    if record is None or record["owner"] != owner:
        return False
    _drop(ident, owner, record["key"])
    return True


def _drop(ident: str, owner: str, key: str) -> None:
    _record_path(ident).unlink(missing_ok=True)
    marker = _owner_folder(owner) / key / ident
    marker.unlink(missing_ok=True)
    try:
        marker.parent.rmdir()
    except OSError:
        pass


def forget(owner: str, key: str) -> int:
    """Delete every link to ``owner``'s run ``key`` (the run is being deleted); how many there were."""
    if not _valid(owner, key):
        return 0
    folder = _owner_folder(owner) / key
    try:
        idents = [p.name for p in folder.iterdir() if _ID.fullmatch(p.name)]
    except OSError:
        return 0
    for ident in idents:
        _record_path(ident).unlink(missing_ok=True)
    shutil.rmtree(folder, ignore_errors=True)
    return len(idents)
