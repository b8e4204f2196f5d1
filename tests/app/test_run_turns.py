"""Runs at once are bounded (issue 39, class 9): a few on the server, one per visitor, the rest in line.

Four tabs that started four grid runs at once all ran together before, and another visitor's clicks slowed
from 0.6–1.0 s to 1.2–6.0 s. :class:`ui.turns.Turns` is tested on its own, over any order of asking and
any server setting, and then through the grid page: a run that finds the server full waits its turn, shows
its place, and runs when a turn is given back.
"""

import threading
import time
from collections import Counter

import pytest
from conftest import REPO
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tests.app.conftest import set_grid
from ui import turns as turns_module
from ui.turns import DEFAULT_MAX_RUNS, PER_VISITOR, Turns, max_runs


@pytest.mark.parametrize("value, expected", [("", DEFAULT_MAX_RUNS), ("3", 3), ("1", 1), ("0", DEFAULT_MAX_RUNS),
                                             ("-2", DEFAULT_MAX_RUNS), ("two", DEFAULT_MAX_RUNS),
                                             (" 4 ", 4), ("1e9", DEFAULT_MAX_RUNS)])
def test_the_servers_setting_is_read_or_the_default_kept(value, expected):
    assert max_runs({"FSVIZ_MAX_RUNS": value}) == expected


@settings(max_examples=25, deadline=None)
@given(visitors=st.lists(st.sampled_from("abcd"), min_size=1, max_size=10), limit=st.integers(1, 3),
       stop_at=st.sets(st.integers(0, 9), max_size=3))
def test_never_more_than_the_limit_nor_two_of_one_visitor_and_every_run_has_its_turn(visitors, limit, stop_at):
    """Any order of asking: at every moment at most ``limit`` runs go and at most one per visitor; every run not
    stopped goes; one visitor's runs go in the order they asked; a run stopped while in line never goes."""
    line, lock = Turns(limit), threading.Lock()
    going, went, broken = Counter(), [], []
    stopped = {i for i in stop_at if i < len(visitors)}
    asked = []

    def run(i, visitor):
        with lock:
            asked.append(i)
        ticket = line.wait(visitor, lambda: i in stopped)
        if ticket is None:
            return
        with lock:
            going[visitor] += 1
            went.append(i)
            if sum(going.values()) > limit or going[visitor] > PER_VISITOR:
                broken.append(dict(going))
        time.sleep(0.01)
        with lock:
            going[visitor] -= 1
        line.done(ticket)

    threads = []
    for i, visitor in enumerate(visitors):
        threads.append(threading.Thread(target=run, args=(i, visitor), daemon=True))
        threads[-1].start()
        time.sleep(0.002)  # ask roughly in order; the invariants hold whatever the order
    for thread in threads:
        thread.join(30)
    assert not any(t.is_alive() for t in threads), "a run never had its turn"
    assert not broken, broken
    assert set(went) >= set(range(len(visitors))) - stopped  # a stopped run goes only if it found a turn at once
    for visitor in set(visitors):
        mine = [i for i in asked if visitors[i] == visitor and i in went]
        assert [i for i in went if visitors[i] == visitor] == mine, "one visitor's runs went out of order"
    assert line.counts() == (0, 0)


def test_a_place_in_line_is_told_and_stop_takes_a_run_out():
    line = Turns(1)
    first = line.wait("a", lambda: False)
    places, stop = [], threading.Event()
    waiting = threading.Thread(target=lambda: places.append(line.wait("b", stop.is_set, places.append)))
    waiting.start()
    time.sleep(0.5)
    assert places and places[0] == 1 and line.counts() == (1, 1)
    stop.set()
    waiting.join(5)
    assert places[-1] is None and line.counts() == (1, 0), "Stop did not take the run out of the line"
    line.done(first)
    assert line.counts() == (0, 0)


def test_a_grid_run_that_finds_the_server_full_waits_its_turn_then_runs(tmp_path, monkeypatch):
    """The server runs one at a time and another visitor's run holds the turn: the page's run tells its place
    (1), starts only when that turn is given back, and then finishes and is stored."""
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("FSVIZ_MAX_RUNS", "1")
    held = turns_module.TURNS.wait("someone else", lambda: False)
    places = []
    original = turns_module.Turns.wait

    def told(self, visitor, should_stop, on_place=None):
        return original(self, visitor, should_stop,
                        lambda p: (places.append((p, time.monotonic())), on_place and on_place(p)))

    monkeypatch.setattr(turns_module.Turns, "wait", told)
    given_back = []

    def give_back():
        given_back.append(time.monotonic())
        turns_module.TURNS.done(held)

    timer = threading.Timer(3.0, give_back)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/grid.py").run()
    set_grid(at, classes=["scipy.stats", "numpy"], metrics=["bns"], ks="10")
    timer.start()
    try:
        at.button(key="grid_run").click().run()
    finally:
        timer.join()
        if not given_back:  # never leave the server's line held for the tests after this one
            turns_module.TURNS.done(held)
    assert not at.exception and not at.error
    assert places[0][0] == 1 and places[-1][0] == 0, places
    assert given_back and places[-1][1] >= given_back[0], "the run went before the turn was given back"
    assert any("Finished" in s.value for s in at.success)
    assert turns_module.TURNS.counts() == (0, 0)


def test_a_run_whose_session_has_gone_stops_after_a_moment_not_at_a_blip(monkeypatch):
    """A run's tab closed: its session is no longer active on the server. The run stops once it has been gone
    a few seconds (the finished cells are kept), not at a moment's reconnection."""
    from ui import runs, state

    alive = {"now": True}
    monkeypatch.setattr(state, "session_alive", lambda session: alive["now"])
    job = object.__new__(runs.RunJob)
    job.stop, job.followed, job.left = threading.Event(), time.monotonic(), state.visitor_left("s", grace=0.3)
    assert not job.should_stop()
    alive["now"] = False
    assert not job.should_stop(), "a blip stopped the run"
    alive["now"] = True
    assert not job.should_stop()  # back: the clock starts again
    alive["now"] = False
    job.should_stop()
    time.sleep(0.4)
    assert job.should_stop()
