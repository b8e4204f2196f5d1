"""Worker processes that end with their parent and give way to interactive work.

joblib's loky workers stay alive for their idle timeout (300 s) after the
process that started them is gone: a server killed in the middle of a grid
run left its workers (about 210 MB each) running for minutes. Every local
run of the grid and of the multi-class evaluation starts its workers with
:func:`watch_parent`, a thread in each worker that ends it within a second of
its parent's end (the worker's parent process id changes when the parent
dies, whatever the signal).

:func:`apart` runs one call (a large corpus read by the app) in a worker of its own, started the same way.

Each worker also runs at a lower CPU priority than its parent
(:data:`WORKER_NICE`): on a shared server, a visitor's click (the server's
own process) goes before another visitor's grid fits, which still take every
core the machine has idle, so a run alone is as fast as before.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time

from joblib import parallel_config

__all__ = ["PARENT_POLL_SECONDS", "WORKER_NICE", "WorkerLost", "WorkerStopped", "apart", "local_workers",
           "start_worker", "watch_parent"]

#: How often a worker looks for its parent.
PARENT_POLL_SECONDS = 0.5
#: How much a worker lowers its CPU priority below its parent's (``nice``; 19 is the lowest, which it takes): with
#: another visitor's grid running, the word map's change of k took 1.94 s at 19 against 3.58 s at 10 (medians of 3,
#: ``bench_browser.py --company``); a run alone still takes every idle core.
WORKER_NICE = 19


def watch_parent(parent: int | None = None) -> None:
    """In a worker: end this process as soon as ``parent`` (default: its parent process) has ended.

    A direct child sees its parent process id change when the parent dies, whatever the signal; a worker started
    by another process (:func:`apart`'s come from the ``forkserver``) asks the system whether ``parent`` is alive.
    """
    parent = os.getppid() if parent is None else parent
    direct = os.getppid() == parent

    def alive() -> bool:
        if direct:
            return os.getppid() == parent
        try:
            os.kill(parent, 0)  # signal 0: no signal, only the question
        except ProcessLookupError:
            return False
        except PermissionError:  # alive, and another user's: cannot be ours, but is not gone
            return True
        return True

    def watch():
        while alive():
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


class WorkerStopped(Exception):  # noqa: N818 (a stop asked for, not an error)
    """:func:`apart` ended its worker because its ``should_stop`` said so."""


class WorkerLost(Exception):  # noqa: N818
    """:func:`apart`'s worker ended without an answer (killed, or out of memory)."""


def _answer(connection, parent: int, function, args, kwargs) -> None:
    start_worker(parent)
    try:
        answer = (True, function(*args, **kwargs))
    except BaseException as error:  # noqa: BLE001 (every failure goes back to the caller, raised there)
        answer = (False, error)
    try:
        connection.send(answer)
    except Exception as error:  # noqa: BLE001 (an answer or an exception that does not pickle)
        connection.send((False, RuntimeError(f"{type(error).__name__}: {error}")))
    connection.close()


def apart(function, /, *args, should_stop=None, poll_seconds: float = 0.1, **kwargs):
    """``function(*args, **kwargs)`` in a worker process of its own; its result, or its exception raised here.

    The worker is started by :func:`start_worker` (it ends with this process and runs at the lowest CPU priority)
    from a fresh interpreter (``forkserver``: no thread of this process is copied into it), so a server's other
    visitors do not wait on the work for this process's interpreter. ``function``, its arguments and its result
    go by pickle. ``should_stop()``, if given, is asked every ``poll_seconds``: once true, the worker is ended
    and :class:`WorkerStopped` raised. A worker that ends without an answer raises :class:`WorkerLost`.
    """
    context = multiprocessing.get_context("forkserver")
    receiver, sender = context.Pipe(duplex=False)
    worker = context.Process(target=_answer, args=(sender, os.getpid(), function, args, kwargs), daemon=True)
    worker.start()
    sender.close()
    def lost():
        worker.join(timeout=1)  # reaped, so its exit code is known
        return WorkerLost(f"the worker ended (exit code {worker.exitcode}) before it answered")

    try:
        while not receiver.poll(poll_seconds):
            if should_stop is not None and should_stop():
                raise WorkerStopped("stopped before the worker answered")
            if not worker.is_alive() and not receiver.poll():
                raise lost()
        try:
            ok, value = receiver.recv()
        except EOFError as error:
            raise lost() from error
    finally:
        receiver.close()
        if worker.is_alive():
            worker.kill()
        worker.join()
    if ok:
        return value
    raise value
