"""Several visitors at once: a grid run locks only its own results (issue 15, part C).

Two AppTest sessions share the server's ``st.cache_resource`` (so the
per-run locks of :func:`app_cache.grid_lock`), as two browser tabs do.
"""

import threading
import time

import pytest
from conftest import REPO
from streamlit.runtime import Runtime
from streamlit.testing.v1 import AppTest

from fsviz.evaluation.grid import GridConfig, run_grid, run_key
from tests.app.conftest import runs_dir, set_grid

VISITOR = runs_dir(".").name  # the folder, and the locks, of the test's one browser
from ui import cache as app_cache  # noqa: E402  (the repository root is the working directory under pytest)
from ui import runs as components  # noqa: E402

CLASSES = ("scipy.stats", "numpy")


pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def grid_page(metrics=("bns", "ig"), ks="10, 50", trials=1, folds=2):
    """A new session on the grid page, configured; returns it and the seconds all its runs took."""
    start = time.perf_counter()
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    set_grid(at, classes=CLASSES, metrics=metrics, ks=ks, trials=trials, folds=folds)
    return at, time.perf_counter() - start


def page_key(at, metrics=("bns", "ig"), ks=(10, 50), trials=1, folds=2):
    """The run key the page computes for these settings (the corpus from the session's context)."""
    config = GridConfig(metrics=metrics, ks=ks, trials=trials, folds=folds, classes=CLASSES)
    corpus = at.session_state["context"].corpus
    return run_key(config, [corpus]), config, corpus


def busy(at) -> bool:
    return any("in progress in another session" in i.value for i in at.info)


def test_a_running_grid_does_not_block_another_visitors_page(monkeypatch):
    """Run A holds its lock for 20 s (as run_panel does while it runs); a page for run B does not wait on it."""
    monkeypatch.setattr(components, "RUN_LOCK_WAIT", 120.0)  # a page waiting on A's lock would wait the 20 s
    first, _ = grid_page()
    key_a, _, _ = page_key(first)
    taken, done = threading.Event(), threading.Event()
    hold = 20.0

    def run_a():
        with app_cache.grid_lock(f"{VISITOR}/{key_a}"):
            taken.set()
            done.wait(hold)

    holder = threading.Thread(target=run_a)
    holder.start()
    try:
        assert taken.wait(10)
        held = time.perf_counter()
        second, seconds = grid_page(ks="10, 20")
        still_held = not done.is_set() and time.perf_counter() - held < hold
    finally:
        done.set()
        holder.join()
    assert not second.exception and not second.error
    assert not busy(second) and not second.button(key="grid_run").disabled
    print(f"page for run B: {seconds:.2f} s while run A held its lock for {hold:g} s")
    assert still_held and seconds < hold / 2, (seconds, hold)


def test_the_same_run_in_another_session_is_shown_not_started_twice(monkeypatch):
    monkeypatch.setattr(components, "RUN_LOCK_WAIT", 1.0)
    first, _ = grid_page()
    key, _, _ = page_key(first)
    lock = app_cache.grid_lock(f"{VISITOR}/{key}")
    assert lock.acquire(timeout=5)
    try:
        again, seconds = grid_page()
        assert not again.exception and not again.error
        assert busy(again), [i.value for i in again.info]
        assert again.button(key="grid_run").disabled
        assert seconds >= 1.0  # it waited (briefly) for the run to let go
    finally:
        lock.release()
    after, _ = grid_page()
    assert not busy(after) and not after.button(key="grid_run").disabled


def test_after_stop_the_page_waits_for_the_last_cells(cache):
    """A run that is still writing its last cells (after Stop) is waited for: the rerun shows every cell."""
    first, _ = grid_page()
    key, config, corpus = page_key(first)
    lock = app_cache.grid_lock(f"{VISITOR}/{key}")
    assert lock.acquire(timeout=5)
    out = runs_dir(cache) / f"{key}.parquet"

    def finish_then_let_go():
        try:
            time.sleep(1.0)
            run_grid(corpus, config, out=out)
        finally:
            lock.release()

    ending = threading.Thread(target=finish_then_let_go)
    ending.start()
    try:
        again, seconds = grid_page()
    finally:
        ending.join()
    assert not again.exception and not again.error and not busy(again)
    assert again.metric[2].value == "4"  # every finished cell: 2 classes × 1 trial × 2 folds
    assert again.button(key="grid_run").disabled  # nothing left to run
    assert seconds >= 1.0


@pytest.fixture
def one_runtime(monkeypatch):
    """A server has one runtime for all its sessions; AppTest puts a mock one in place for each run and removes it
    at the run's end, so two runs at once in one process (two sessions, below) would leave one without it, and
    the charts (a Streamlit component, which asks the runtime) fail. Here the last runtime stays in place."""
    last = {}

    def instance(cls):
        if Runtime._instance is not None:
            last["runtime"] = Runtime._instance
        return last["runtime"]

    monkeypatch.setattr(Runtime, "instance", classmethod(instance))


def test_a_real_run_in_one_session_and_another_page_meanwhile(monkeypatch, one_runtime):
    """Session A runs a grid of several seconds; session B opens the grid page for another run meanwhile."""
    monkeypatch.setattr(components, "RUN_LOCK_WAIT", 120.0)
    metrics = ("bns", "ig", "chi", "odds", "pow", "acc2")
    running, _ = grid_page(metrics=metrics, ks="10, 20, 50, 100, 200, 500, 1000", folds=4)
    key, _, _ = page_key(running, metrics=metrics, ks=(10, 20, 50, 100, 200, 500, 1000), folds=4)
    times = {}

    def run_a():
        start = time.perf_counter()
        running.button(key="grid_run").click().run()
        times["a"] = time.perf_counter() - start

    thread = threading.Thread(target=run_a)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not app_cache.grid_lock(f"{VISITOR}/{key}").locked():  # run_panel took the run's lock: the run has begun
            assert thread.is_alive() and time.monotonic() < deadline, "run A never started"
            time.sleep(0.05)
        other, seconds = grid_page(metrics=("bns",), ks="10")
        a_still_running = thread.is_alive()
    finally:
        thread.join(300)
    assert not other.exception and not other.error and not busy(other)
    assert not running.exception and not running.error
    run, _ = running.session_state["grid_shown"]
    assert run.complete and run.cells_done == 8
    print(f"page for run B: {seconds:.2f} s during run A's {times['a']:.1f} s")
    assert a_still_running, f"run A ({times.get('a')} s) ended before page B ({seconds:.1f} s) was drawn"
    assert seconds < times["a"], (seconds, times["a"])
