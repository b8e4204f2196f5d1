"""Worker processes that end with their parent.

joblib's loky workers stay alive for their idle timeout (300 s) after the
process that started them is gone: a server killed in the middle of a grid
run left its workers (about 210 MB each) running for minutes. Every local
run of the grid and of the multi-class evaluation starts its workers with
:func:`watch_parent`, a thread in each worker that ends it within a second of
its parent's end (the worker's parent process id changes when the parent
dies, whatever the signal).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time

from joblib import parallel_config

__all__ = ["PARENT_POLL_SECONDS", "local_workers", "watch_parent"]

#: How often a worker looks for its parent.
PARENT_POLL_SECONDS = 0.5


def watch_parent(parent: int | None = None) -> None:
    """In a worker: end this process as soon as its parent (``parent``, default the current one) has ended."""
    parent = os.getppid() if parent is None else parent

    def watch():
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)  # no cleanup to run: the process that wanted the results is gone

    threading.Thread(target=watch, name="fsviz-watch-parent", daemon=True).start()


@contextlib.contextmanager
def local_workers():
    """joblib's loky workers, each watching its parent (:func:`watch_parent`), for the ``Parallel`` inside."""
    with parallel_config(backend="loky", initializer=watch_parent, initargs=(os.getpid(),)):
        yield
