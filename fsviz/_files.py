"""Writing a file someone named: only a regular file, replaced whole or not at all.

Every file fsviz writes to a path a person gave (``--out``, ``--html``, :meth:`GridRun.save`, the HTML report,
an exported model, a stored run) goes through :func:`write_atomically`: the content is written to a temporary
file beside the target, then renamed over it, so a killed write leaves the old file whole. A rename replaces
whatever has the name, so the target is checked first (:func:`check_target`), and again just before the rename:

- a **device, FIFO or socket** (``/dev/full``, a named pipe) is refused, never replaced;
- a **folder** is refused, with the hint to give a file name;
- a **symbolic link** is refused: the rename would replace the link, not the file it points at, so neither
  would be what the person meant; give the file's own path.

A target that does not exist yet is fine when its folder does.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["check_target", "write_atomically"]


def check_target(path, option: str = "the output") -> Path:
    """``path`` as a :class:`Path` when a regular file may be written there; ValueError (naming ``option`` and
    what to do) for a device, FIFO, socket, folder or symbolic link.

    >>> check_target("/dev/null")
    Traceback (most recent call last):
    ValueError: the output /dev/null is a device, not a regular file: fsviz never replaces one; give a file name
    """
    target = Path(path)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise ValueError(f"{option} {path} cannot be checked ({exc.strerror}); give another file name") from None
    mode = info.st_mode
    if stat.S_ISLNK(mode):
        raise ValueError(f"{option} {path} is a symbolic link: fsviz writes only regular files, never through a "
                         "link (the link would be replaced, not the file it points at); give the file's own path")
    if stat.S_ISDIR(mode):
        raise ValueError(f"{option} {path} is a folder; give a file name inside it")
    if not stat.S_ISREG(mode):
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise ValueError(f"{option} {path} is {kind}, not a regular file: fsviz never replaces one; give a file name")
    return target


def write_atomically(path, write, option: str = "the output") -> Path:
    """Call ``write(tmp)`` to fill a temporary file beside ``path``, then rename it over ``path``; the target is
    checked (:func:`check_target`) before and again just before the rename. The temporary file is
    ``<name>.<pid>.tmp`` (so :mod:`fsviz.evaluation._storage` counts it with its run) and is removed on failure."""
    target = check_target(path, option)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        check_target(target, option)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target
