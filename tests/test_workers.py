"""A local run's worker processes end with the process that started them, however it ends, and give way to
interactive work (a lower CPU priority than their parent's); apart runs one call in such a worker."""

import os
import signal
import subprocess
import sys
import time

import pytest

from fsviz._workers import WORKER_NICE, WorkerLost, WorkerStopped, apart

PARENT = """
import os, sys, time
from joblib import Parallel, delayed
from fsviz._workers import local_workers

def pid(_):
    time.sleep(0.5)
    return os.getpid()

with local_workers():
    pids = set(Parallel(n_jobs=2)(delayed(pid)(i) for i in range(8)))
print(" ".join(map(str, sorted(pids))), flush=True)
time.sleep(600)  # killed by the test while its workers idle
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie waiting for init to reap it has ended
        return stat.read().split(")")[-1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_end_within_seconds_of_a_killed_parent():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(p) for p in parent.stdout.readline().split()]
        assert workers and parent.pid not in workers
        assert all(_alive(p) for p in workers)  # idle workers wait for more work (loky: 300 s)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 15
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(p) for p in workers), f"workers {workers} outlived their parent"
    finally:
        parent.kill()


NICE = """
import os
from joblib import Parallel, delayed
from fsviz._workers import local_workers

def niceness(_):
    return os.nice(0)

with local_workers():
    print(os.nice(0), *sorted(set(Parallel(n_jobs=2)(delayed(niceness)(i) for i in range(4)))), flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no nice on this platform")
def test_workers_run_below_their_parents_priority():
    parent, *workers = map(int, subprocess.run([sys.executable, "-c", NICE], capture_output=True, text=True,
                                                check=True, timeout=120).stdout.split())
    assert workers == [min(parent + WORKER_NICE, 19)]


# apart: one call in a worker of its own (a large corpus read for the app).

def test_apart_returns_the_calls_result_from_a_worker_below_this_priority():
    assert apart(sum, [1, 2, 3]) == 6
    assert apart(os.getpid) != os.getpid()
    if hasattr(os, "nice"):
        assert apart(os.nice, 0) == min(os.nice(0) + WORKER_NICE, 19)


def test_apart_raises_the_calls_own_exception_here():
    with pytest.raises(ValueError, match="invalid literal for int"):
        apart(int, "not a number")


def test_apart_ends_its_worker_when_asked():
    started = time.monotonic()
    with pytest.raises(WorkerStopped):
        apart(time.sleep, 60, should_stop=lambda: time.monotonic() - started > 0.5)
    assert time.monotonic() - started < 10


def test_a_worker_that_ends_without_an_answer_is_reported_not_waited_for():
    with pytest.raises(WorkerLost, match="exit code 3"):
        apart(os._exit, 3)


APART_PARENT = """
import os, time
from fsviz._workers import apart

def sleeper():
    print(os.getpid(), flush=True)
    time.sleep(600)

if __name__ == "__main__":
    apart(sleeper)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_an_apart_worker_ends_within_seconds_of_a_killed_parent(tmp_path):
    """apart's worker is not its caller's child (it comes from the forkserver): it asks whether its caller lives."""
    script = tmp_path / "parent.py"
    script.write_text(APART_PARENT)
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(parent.stdout.readline())
        assert worker != parent.pid and _alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 15
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(worker), f"worker {worker} outlived its caller"
    finally:
        parent.kill()
