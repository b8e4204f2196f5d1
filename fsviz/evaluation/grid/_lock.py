"""One run at a time per results file: a lock file beside the grid's ``out``.

Two processes given the same ``out`` (two shells, two app servers sharing a
cache folder, a run started again while the first still goes) would each do
the whole grid and write the same file. :func:`out_lock` makes the second
*wait* for the first; it then reads the first's results or checkpoints, finds
those cells done and runs only what is left (nothing, when the first
finished). The work is done once and both get the same table.

The lock is POSIX ``fcntl.flock`` on ``<out>.lock``. The kernel releases it
when the holder exits or is killed, so there is no stale lock to clean up by
hand and no pid-age rule to tune. The holder writes its pid in the file (the
waiting message names it) and removes the file when it is done; a waiter
that locked a file removed meanwhile starts again on the new one, so two
processes never both hold a lock. Where ``fcntl`` does not exist
(Windows) the lock is a no-op and two runs on one ``out`` each do the work,
as before.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock
    fcntl = None

__all__ = ["lock_path", "out_lock"]

#: Seconds between two tries while another process holds the lock.
POLL_SECONDS = 0.2


def lock_path(out) -> Path:
    """The lock file of results file ``out``: ``<out>.lock``."""
    return Path(f"{os.fspath(out)}.lock")


@contextlib.contextmanager
def out_lock(out, *, timeout: float | None = None, on_wait=None):
    """Hold the lock on ``out`` for the ``with`` block, waiting while another process holds it.

    Parameters
    ----------
    out : path
        The results file; its folder is created if missing.
    timeout : float, optional
        Give up after this many seconds with :class:`TimeoutError` (an
        OSError) naming the holder's pid; None waits as long as it takes.
    on_wait : callable(str), optional
        Called once, with a sentence saying who holds the lock, when the
        lock is not free at once.
    """
    if fcntl is None:
        yield
        return
    path = lock_path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    deadline = None if timeout is None else time.monotonic() + timeout
    told = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError(f"another run ({holder}) is writing {os.fspath(out)}; waited {timeout:g} s for "
                                   "it. Try again when it has finished, or choose another output file") from None
            if not told and on_wait is not None:
                on_wait(f"another run ({holder}) is writing {os.fspath(out)}; waiting for it to finish, "
                        "then continuing from its results")
            told = True
            time.sleep(POLL_SECONDS)
            continue
        if _same_file(fd, path):
            break
        os.close(fd)  # the holder removed the file before we locked it: lock the new one
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, held = os.stat(path), os.fstat(fd)
    except FileNotFoundError:
        return False
    return (here.st_dev, here.st_ino) == (held.st_dev, held.st_ino)


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode().strip()
    except (OSError, UnicodeDecodeError):
        pid = ""
    return f"pid {pid}" if pid.isdigit() else "a process starting"
