"""A local run's worker processes end with the process that started them, however it ends, and give way to
interactive work (a lower CPU priority than their parent's)."""

import os
import signal
import subprocess
import sys
import time

import pytest

from fsviz.evaluation._workers import WORKER_NICE

PARENT = """
import os, sys, time
from joblib import Parallel, delayed
from fsviz.evaluation._workers import local_workers

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
from fsviz.evaluation._workers import local_workers

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
