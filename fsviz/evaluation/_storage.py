"""A folder of stored runs kept under a size limit, least recently used first out.

The app stores every visitor's grid and multi-class runs in its cache folder
(``<cache>/grid``, ``<cache>/multiclass``). Without a limit that folder only
grows. :func:`trim_cache` deletes whole *result sets*, least recently used
first, until the folders together fit the limit. A result set is everything
named after one run: ``<key>.parquet`` and any ``<key>.parquet.*`` beside it
(the ``.parts`` checkpoint folder of a run, a ``.tmp`` being written, a lock).
Files with other names are not ours and are never touched or counted.

A set is *in use*, and never deleted, when its key is named in ``in_use``
(the run just stored, the runs a page shows) or when any of its files
changed in the last ``active_seconds`` (a run in progress writes a checkpoint
every few seconds). A stopped run's checkpoints count as a set like any
other: when it is the least recently used, it goes.

"Used" is a file's modification time: :func:`touch` marks a set as read
(access times are unreliable: most systems mount with ``relatime`` or
``noatime``).

The limit comes from ``FSVIZ_CACHE_LIMIT`` (:func:`cache_limit`; default
2 GB, binary units: 1 GB is 1024³ bytes).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from .._validation import parse_size

__all__ = ["CACHE_LIMIT_VAR", "DEFAULT_CACHE_LIMIT", "ResultSet", "Trimmed", "cache_limit", "result_sets", "touch",
           "trim_cache"]

#: Default size limit of the app's stored runs, in bytes (2 GB).
DEFAULT_CACHE_LIMIT = 2 * 1024**3
#: The environment variable that sets the limit (``500MB``, ``10GB``, or bytes).
CACHE_LIMIT_VAR = "FSVIZ_CACHE_LIMIT"
#: A set changed this recently (seconds) may belong to a run in progress.
ACTIVE_SECONDS = 600.0
_SET_NAME = re.compile(r"^(?P<key>.+?)\.parquet(?:\..*)?$")


@dataclass(frozen=True)
class ResultSet:
    """One stored run: its key, its files and folders, their total size and when it was last used."""

    key: str
    folder: Path
    paths: tuple[Path, ...]
    size: int
    last_used: float
    finished: bool


@dataclass(frozen=True)
class Trimmed:
    """What :func:`trim_cache` did: the sets removed, the sizes before and after, the limit."""

    removed: tuple[ResultSet, ...]
    size_before: int
    size_after: int
    limit: int

    @property
    def freed(self) -> int:
        return self.size_before - self.size_after

    @property
    def over_limit(self) -> bool:
        """True when only sets in use are left and they still exceed the limit."""
        return self.size_after > self.limit


def cache_limit(environ=None) -> int:
    """The size limit of the app's stored runs: ``FSVIZ_CACHE_LIMIT``, else :data:`DEFAULT_CACHE_LIMIT`.

    Parameters
    ----------
    environ : mapping, optional
        The environment to read (default: :data:`os.environ`).

    Returns
    -------
    int
        The limit in bytes.

    Raises
    ------
    ValueError
        When ``FSVIZ_CACHE_LIMIT`` is not a size (``500MB``, ``2GB`` or a number of bytes).

    See Also
    --------
    fsviz.evaluation.trim_cache : Keeps the stored runs under this limit.

    Examples
    --------
    >>> cache_limit({"FSVIZ_CACHE_LIMIT": "500MB"}) == 500 * 1024**2
    True
    >>> cache_limit({}) == DEFAULT_CACHE_LIMIT
    True
    """
    environ = os.environ if environ is None else environ
    text = environ.get(CACHE_LIMIT_VAR, "").strip()
    return parse_size(text, CACHE_LIMIT_VAR) if text else DEFAULT_CACHE_LIMIT


def touch(path) -> None:
    """Mark the result set stored at ``path`` (its ``.parquet``) as used now; nothing when it is gone.

    Parameters
    ----------
    path : str or os.PathLike
        The result set's ``.parquet`` file.

    See Also
    --------
    fsviz.evaluation.trim_cache : Deletes the least recently used sets first.

    Examples
    --------
    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> path = Path(scratch.name) / "run.parquet"
    >>> _ = path.write_bytes(b"x")
    >>> os.utime(path, (1000, 1000))
    >>> touch(path)
    >>> path.stat().st_mtime > 1000
    True
    >>> touch(path.with_name("gone.parquet"))  # nothing happens
    >>> scratch.cleanup()
    """
    try:
        os.utime(path)
    except FileNotFoundError:
        pass


def _tree(path: Path):
    """(bytes of its files, newest modification time) of a file or a folder and everything in it.

    Links are not followed (a link counts as its own few bytes).
    """
    stat = path.lstat()
    folder = path.is_dir() and not path.is_symlink()
    size, newest = (0 if folder else stat.st_size), stat.st_mtime
    if folder:
        for dirpath, dirnames, filenames in os.walk(path):
            for entry in (*dirnames, *filenames):
                try:
                    inner = os.lstat(os.path.join(dirpath, entry))
                except FileNotFoundError:  # removed while we looked
                    continue
                size += inner.st_size if entry in filenames else 0
                newest = max(newest, inner.st_mtime)
    return size, newest


def result_sets(folder) -> list[ResultSet]:
    """Every result set in ``folder``, least recently used first (empty when the folder does not exist)."""
    folder = Path(folder)
    groups: dict[str, list[Path]] = {}
    try:
        entries = sorted(folder.iterdir())
    except FileNotFoundError:
        return []
    for entry in entries:
        match = _SET_NAME.match(entry.name)
        if match:
            groups.setdefault(match.group("key"), []).append(entry)
    sets = []
    for key, paths in groups.items():
        size, newest = 0, 0.0
        for path in list(paths):
            try:
                s, n = _tree(path)
            except FileNotFoundError:
                paths.remove(path)
                continue
            size, newest = size + s, max(newest, n)
        if paths:
            sets.append(ResultSet(key, folder, tuple(paths), size, newest,
                                  finished=(folder / f"{key}.parquet") in paths))
    return sorted(sets, key=lambda s: (s.last_used, s.key))


def _remove(result_set: ResultSet) -> bool:
    try:
        for path in result_set.paths:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink(missing_ok=True)
    except FileNotFoundError:  # another process trimmed it first
        return True
    except OSError:  # not ours to delete (permissions): keep counting it
        return False
    return True


def trim_cache(folders, limit, *, in_use=(), active_seconds: float = ACTIVE_SECONDS, now=None) -> Trimmed:
    """Delete the least recently used result sets in ``folders`` until together they fit ``limit`` bytes.

    Parameters
    ----------
    folders : path or sequence of paths
        The folders whose result sets share the limit (e.g. the app's
        ``grid`` and ``multiclass`` folders).
    limit : int or str
        The most bytes they may hold together (``"2GB"`` works too).
    in_use : iterable of str
        Run keys never to delete (the run just stored, the runs shown).
    active_seconds : float
        Sets changed more recently than this are in use too (a run in progress).
    now : float, optional
        The current time (``time.time()``); for tests.

    Returns
    -------
    Trimmed
        The sets removed and the sizes before and after. ``over_limit`` is
        True when the sets in use alone exceed the limit.

    See Also
    --------
    fsviz.evaluation.cache_limit : The limit the app passes, from ``FSVIZ_CACHE_LIMIT``.
    fsviz.evaluation.touch : Marks a set as used, so it goes last.

    Examples
    --------
    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> folder = Path(scratch.name)
    >>> for i, key in enumerate(["old", "new"]):
    ...     _ = (folder / f"{key}.parquet").write_bytes(b"x" * 100)
    ...     os.utime(folder / f"{key}.parquet", (1000 + i, 1000 + i))
    >>> [s.key for s in trim_cache(folder, 150, active_seconds=0).removed]
    ['old']
    >>> scratch.cleanup()
    """
    limit = parse_size(limit, "limit")
    folders = [folders] if isinstance(folders, (str, os.PathLike)) else list(folders)
    sets = sorted((s for folder in folders for s in result_sets(folder)), key=lambda s: (s.last_used, s.key))
    keep = set(in_use)
    now = time.time() if now is None else now
    total = before = sum(s.size for s in sets)
    removed = []
    for result_set in sets:
        if total <= limit:
            break
        if result_set.key in keep or now - result_set.last_used < active_seconds:
            continue
        if _remove(result_set):
            removed.append(result_set)
            total -= result_set.size
    return Trimmed(tuple(removed), before, total, limit)
