"""A gone visitor's session is closed once Streamlit's time for a return has passed, never before and never while
they are back (issue 51: the server kept what seven visitors who left had uploaded); the freed memory is given back.
The server's memory over visitors who come and go is measured by benchmarks/bench_visitors_memory.py."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui import sessions


class FakeRuntime:
    def __init__(self):
        self.active, self.closed = set(), []

    def is_active_session(self, session):
        return session in self.active

    def clear_user_info_for_session(self, session):
        assert session not in self.active, "an active session is never closed"
        self.closed.append(session)


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(sessions, "_seen", {})
    monkeypatch.setattr(sessions, "keep_seconds", lambda: 120.0)
    gave_back = []
    monkeypatch.setattr(sessions, "_give_back", lambda: gave_back.append(1))
    monkeypatch.setattr(sessions, "_trim_due", [False])
    return gave_back


# Each step: a session connects, leaves, or the clock moves on (seconds), then a sweep.
STEPS = st.lists(st.one_of(st.tuples(st.just("come"), st.sampled_from("abc")),
                           st.tuples(st.just("go"), st.sampled_from("abc")),
                           st.tuples(st.just("wait"), st.integers(1, 90))), max_size=30)


@settings(max_examples=200, deadline=None)
@given(steps=STEPS)
def test_a_session_is_closed_only_after_it_has_been_gone_the_whole_time(steps):
    sessions._seen.clear()
    runtime, now, gone_since = FakeRuntime(), 0.0, {}
    for kind, value in steps:
        if kind == "come":
            runtime.active.add(value)
            sessions._seen.setdefault(value, None)  # what track() does on the session's page
            gone_since.pop(value, None)
        elif kind == "go" and value in runtime.active:
            runtime.active.discard(value)
        elif kind == "wait":
            now += value
        before = list(runtime.closed)
        sessions.sweep(now, runtime)
        for session in set(sessions._seen) | set(runtime.closed):
            if session not in runtime.active and session in sessions._seen:
                gone_since.setdefault(session, now)
        for session in runtime.closed[len(before):]:
            assert session not in runtime.active
            # seen gone at one look, closed at a later one at least the keeping time after
            assert now - gone_since[session] >= 120.0
            gone_since.pop(session)


def test_the_memory_of_closed_sessions_is_given_back_on_the_next_look(fresh):
    runtime = FakeRuntime()
    sessions._seen.update({"a": None, "b": None})
    runtime.active.add("b")
    assert sessions.sweep(0.0, runtime) == 0  # a is seen gone
    assert sessions.sweep(119.0, runtime) == 0
    assert sessions.sweep(121.0, runtime) == 1 and runtime.closed == ["a"] and not fresh
    sessions.sweep(131.0, runtime)
    assert fresh == [1]
    assert sessions._seen == {"b": None}


def test_outside_a_session_track_does_nothing(monkeypatch):
    monkeypatch.setattr(sessions, "_thread", [])
    monkeypatch.setattr(sessions, "get_script_run_ctx", lambda: None)  # a bare script: no session to name
    sessions.track()
    assert sessions._seen == {} and not sessions._thread


def test_a_session_is_closed_while_streamlit_still_hands_it_back(monkeypatch):
    """Streamlit's store stops handing back a gone session once its time (``server.disconnectedSessionTTL``) has
    passed, and such a session can never be shut down (its uploaded files stay for good): a session seen gone at
    one look is closed by a later look, at the latest one look past the keeping time, before that time ends."""
    monkeypatch.undo()  # the real keeping time, from Streamlit's option
    import streamlit as st

    for ttl in (15, 120, 600):
        monkeypatch.setattr(st, "get_option", lambda name, ttl=ttl: ttl)
        keep = sessions.keep_seconds()
        assert 0 <= keep and keep + 2 * sessions.CHECK_SECONDS < ttl
