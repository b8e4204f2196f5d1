"""A gone visitor's session is closed once Streamlit's time for a return has passed, never before and never while
they are back (issue 51: the server kept what seven visitors who left had uploaded); what a closed session held is
let go even when Streamlit still refers to the session, and the freed memory is given back.
The server's memory over visitors who come and go is measured by benchmarks/bench_visitors_memory.py."""

import gc
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.runtime.fragment import MemoryFragmentStorage
from streamlit.runtime.state.common import WidgetMetadata
from streamlit.runtime.state.session_state import SessionState

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
    monkeypatch.setattr(sessions, "_holds", {})
    monkeypatch.setattr(sessions, "_closed", [])
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


class Holds:
    """A session's state and fragments, as track() keeps them: each records when it was emptied."""

    def __init__(self):
        self.emptied = []

    def clear(self):
        self.emptied.append("clear")

    def clear_outside_wrappers(self):
        self.emptied.append("wrappers")


@settings(max_examples=100, deadline=None)
@given(steps=STEPS)
def test_what_a_session_held_is_emptied_at_the_look_after_its_close_and_never_before(steps):
    sessions._seen.clear()
    sessions._holds.clear()
    sessions._closed.clear()
    sessions._trim_due[0] = False
    runtime, now, holds, closed_at = FakeRuntime(), 0.0, {}, {}
    for look, (kind, value) in enumerate(steps):
        if kind == "come" and value in closed_at:
            pass  # a closed session never comes back (its visitor's return starts another)
        elif kind == "come":
            runtime.active.add(value)
            if value not in sessions._seen:  # what track() does on the session's page
                sessions._seen[value] = None
                holds[value] = (Holds(), Holds())
                sessions._holds[value] = holds[value]
        elif kind == "go":
            runtime.active.discard(value)
        else:
            now += value
        before = len(runtime.closed)
        sessions.sweep(now, runtime)
        for session in runtime.closed[before:]:
            closed_at.setdefault(session, []).append(look)
        for session, (state, fragments) in holds.items():
            closes = [at for at in closed_at.get(session, []) if at < look]
            emptied = bool(state.emptied)
            assert emptied == bool(closes), "emptied exactly from the look after its close"
            assert not emptied or (fragments.emptied and session not in sessions._holds)


class Big:
    """A visitor's large object (a corpus, an upload)."""


def giving(thing):
    """A function that closes over ``thing`` (as a format function closes over the corpus it names)."""
    return lambda *args: thing


def test_release_lets_go_of_every_value_widget_and_fragment_of_a_session():
    """The session's values, each widget's functions (a select box's format function closing over the corpus) and
    each fragment are let go: only the emptied objects themselves may still be referred to."""
    state, fragments = SessionState(), MemoryFragmentStorage()
    held, drawn, fragment = Big(), Big(), Big()
    refs = [weakref.ref(o) for o in (held, drawn, fragment)]
    state["held_upload"] = held
    state.register_widget(WidgetMetadata(id="$$ID-sidebar-class", deserializer=giving(drawn),
                                         serializer=lambda value: value, value_type="string_value",
                                         callback=giving(drawn)), user_key="class")
    fragments.register("fragment", giving(fragment))
    del held, drawn, fragment
    gc.collect()
    assert all(ref() is not None for ref in refs)
    sessions.release(state, fragments)
    gc.collect()
    assert [ref() for ref in refs] == [None, None, None]


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


class FakeLibc:
    def __init__(self):
        self.calls = []

    def mallopt(self, parameter, value):
        self.calls.append((parameter, value))
        return 1


@pytest.mark.parametrize("set_by_server", [False, True])
def test_large_blocks_get_their_own_memory_unless_the_server_says_otherwise(monkeypatch, set_by_server):
    """glibc's threshold is fixed at MMAP_BYTES (no longer raised by itself as large blocks are freed), unless the
    server was started with its own MALLOC_MMAP_THRESHOLD_, which glibc then follows."""
    libc = FakeLibc()
    monkeypatch.setattr(sessions.ctypes, "CDLL", lambda name: libc)
    monkeypatch.delenv(sessions.MMAP_VAR, raising=False)
    if set_by_server:
        monkeypatch.setenv(sessions.MMAP_VAR, "4194304")
    assert sessions.fixed_mmap() is not set_by_server
    assert libc.calls == ([] if set_by_server else [(sessions._M_MMAP_THRESHOLD, sessions.MMAP_BYTES)])


def test_elsewhere_than_glibc_nothing_is_done(monkeypatch):
    def no_libc(name):
        raise OSError(f"{name}: no such library")

    monkeypatch.setattr(sessions.ctypes, "CDLL", no_libc)
    monkeypatch.delenv(sessions.MMAP_VAR, raising=False)
    assert sessions.fixed_mmap() is False
