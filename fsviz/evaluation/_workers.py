"""Worker processes that end with their parent and give way to interactive work.

joblib's loky workers stay alive for their idle timeout (300 s) after the
process that started them is gone: a server killed in the middle of a grid
run left its workers (about 210 MB each) running for minutes. Every local
run of the grid and of the multi-class evaluation starts its workers with
:func:`watch_parent`, a thread in each worker that ends it within a second of
its parent's end (the worker's parent process id changes when the parent
dies, whatever the signal).

Each worker also runs at a lower CPU priority than its parent
(:data:`WORKER_NICE`): on a shared server, a visitor's click (the server's
own process) goes before another visitor's grid fits, which still take every
core the machine has idle, so a run alone is as fast as before.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time

from joblib import parallel_config

__all__ = ["PARENT_POLL_SECONDS", "WORKER_NICE", "local_workers", "start_worker", "watch_parent"]

#: How often a worker looks for its parent.
PARENT_POLL_SECONDS = 0.5
#: How much a worker lowers its CPU priority below its parent's (``nice``; 19 is the lowest, which it takes): with
#: another visitor's grid running, the word map's change of k took 1.94 s at 19 against 3.58 s at 10 (medians of 3,
#: ``bench_browser.py --company``); a run alone still takes every idle core.
WORKER_NICE = 19


def watch_parent(parent: int | None = None) -> None:
    """In a worker: end this process as soon as its parent (``parent``, default the current one) has ended."""
    parent = os.getppid() if parent is None else parent

    def watch():
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)  # no cleanup to run: the process that wanted the results is gone

    threading.Thread(target=watch, name="fsviz-watch-parent", daemon=True).start()


def start_worker(parent: int) -> None:
    """A worker's start: watch ``parent`` (:func:`watch_parent`) and step back :data:`WORKER_NICE` in CPU priority."""
    watch_parent(parent)
    with contextlib.suppress(OSError):  # a platform without nice: the worker runs at its parent's priority
        os.nice(WORKER_NICE)


@contextlib.contextmanager
def local_workers():
    """joblib's loky workers, each started by :func:`start_worker`, for the ``Parallel`` inside."""
    with parallel_config(backend="loky", initializer=start_worker, initargs=(os.getpid(),)):
        yield
