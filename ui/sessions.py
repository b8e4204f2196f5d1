"""What a visitor leaves behind is freed once they have gone.

Streamlit keeps a closed tab's session for ``server.disconnectedSessionTTL`` seconds (120 by default), so that a
moment's reconnection resumes it with its state. Past that time the session is only *forgotten*: its store reaps an
expired session when another is stored, and never shuts it down, so what the session's shutdown would free (the
upload widget's copy of every file the visitor uploaded, kept by Streamlit's uploaded-file manager) stays in the
server's memory for good, and the session's own state (the upload fsviz holds) until the next visitor leaves. Seven
visitors who uploaded 30 MB each and left took a server from 518 MB to 1,587 MB, and it stayed there.

Every page names its session (:func:`track`); one thread (:func:`sweep`, every :data:`CHECK_SECONDS`) closes each
session that has been gone for nearly the time Streamlit keeps it (:func:`keep_seconds`: that time less three looks,
as Streamlit's store no longer hands back a session past it, and such a session can then never be shut down), through
:meth:`streamlit.runtime.Runtime.clear_user_info_for_session` (for a stored session: closed on the server's event
loop, its files and state released, never resumed), then collects the garbage and gives the freed heap back to the
operating system (glibc's ``malloc_trim``), so the server's size falls back once its visitors have left.

A closed session's state is also emptied here (:func:`release`): Streamlit's runtime loop keeps the last session it
sent messages to in a local variable while no visitor is connected, so the last visitor to leave took their whole
session with them into the server's memory for good (their upload, the widget's copy of it, their corpus's
fragments: about 120 MB of a 30 MB upload), until another visitor came.

And from the first page on, every allocation of at least :data:`MMAP_BYTES` (8 MiB: an upload's bytes, a large
corpus's arrays) gets memory of its own from the system, given back the moment it is freed (:func:`fixed_mmap`,
glibc's mmap threshold; ``MALLOC_MMAP_THRESHOLD_`` in the server's environment decides instead). glibc raises that
threshold by itself, up to 32 MiB, whenever such a block is freed; after that, the next visitor's 30 MB upload and
the corpus made of it were carved from the heaps of the server's threads and, freed, left them scattered where
``malloc_trim`` could not give them back whole.

Five visitors who uploaded 30 MB each and left (``benchmarks/bench_visitors_memory.py``, medians of three rounds)
kept 5.5 MB a visitor of the server's memory with the fixed threshold, 23.9 MB without; a bare Streamlit upload page
beside it kept 30.5–36.6 MB a visitor (Streamlit never frees an expired session's upload). Fewer malloc arenas
(``MALLOC_ARENA_MAX=2`` in the server's environment) gave 7.8 MB; set by the app at its first page, too late for the
threads that already had theirs, 18.6 MB. At 8 MiB the server's numeric work on a large corpus takes no more CPU
time; at 1 MiB it took 17 % more (the system's time to map and clear memory), for 6.6 MB a visitor.
"""

from __future__ import annotations

import ctypes
import gc
import os
import threading
import time

import streamlit as st
from streamlit.runtime import Runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

__all__ = ["CHECK_SECONDS", "MMAP_BYTES", "MMAP_VAR", "fixed_mmap", "keep_seconds", "release", "sweep", "track"]

#: How often the sessions are looked at (seconds): a look reads a few ids, so it can be often.
CHECK_SECONDS = 2.0
#: Allocations of at least this many bytes get memory of their own from the system, returned to it when freed
#: (glibc's mmap threshold); the server's environment variable that decides instead.
MMAP_BYTES, MMAP_VAR = 8 << 20, "MALLOC_MMAP_THRESHOLD_"
_M_MMAP_THRESHOLD = -3  # mallopt's parameter (glibc's malloc.h)

_lock = threading.Lock()
#: Each session a page ran in → when it was first seen gone (None while it is connected).
_seen: dict[str, float | None] = {}
#: Each session a page ran in → what it holds (its state and its fragments), emptied once it is closed.
_holds: dict[str, tuple] = {}
#: What the sessions closed at the last look held, emptied at the next (the close runs on the server's loop).
_closed: list[tuple] = []
_thread: list[threading.Thread] = []
_trim_due = [False]


def keep_seconds() -> float:
    """How long a gone session is kept for its visitor's return: Streamlit's ``server.disconnectedSessionTTL`` less
    three looks, so that it is closed while Streamlit's store still hands it back."""
    try:
        ttl = float(st.get_option("server.disconnectedSessionTTL"))
    except (RuntimeError, ValueError, TypeError):
        ttl = 120.0
    return max(ttl - 3 * CHECK_SECONDS, 0.0)


def track() -> None:
    """Name this page's session, so it is let go once its visitor has gone; starts the sweeping thread once."""
    ctx = get_script_run_ctx()
    if ctx is None or not Runtime.exists():  # AppTest, a bare script: no server sessions to free
        return
    with _lock:
        _seen.setdefault(ctx.session_id, None)
        # ctx.session_state wraps the session's own SessionState, the one object its state lives in
        _holds.setdefault(ctx.session_id, (ctx.session_state._state, ctx.fragment_storage))
        if not _thread:
            fixed_mmap()
            _thread.append(threading.Thread(target=_sweeping, name="fsviz-sessions", daemon=True))
            _thread[0].start()


def _sweeping() -> None:
    while True:
        time.sleep(CHECK_SECONDS)
        try:
            sweep()
        except Exception:  # noqa: BLE001 (a server stopping under the thread: nothing left to free)
            if not Runtime.exists():
                return


def sweep(now: float | None = None, runtime=None) -> int:
    """One look at the sessions: close those gone for :func:`keep_seconds`; how many were closed.

    The memory a closed session held is collected on the next look (the session is closed on the server's event
    loop, after this returns).
    """
    now = time.monotonic() if now is None else now
    runtime = Runtime.instance() if runtime is None else runtime
    if _trim_due[0]:
        _trim_due[0] = False
        with _lock:
            closed_before = _closed[:]
            _closed.clear()
        for holds in closed_before:
            release(*holds)
        _give_back()
    keep, closed = keep_seconds(), 0
    with _lock:
        for session, gone in list(_seen.items()):
            if runtime.is_active_session(session):
                _seen[session] = None
            elif gone is None:
                _seen[session] = now
            elif now - gone >= keep:
                del _seen[session]
                runtime.clear_user_info_for_session(session)  # stored only: closed, never resumed
                if session in _holds:
                    _closed.append(_holds.pop(session))
                closed += 1
    _trim_due[0] = _trim_due[0] or closed > 0
    return closed


def release(state, fragments) -> None:
    """Empty a closed session's ``state`` (its :class:`streamlit.runtime.state.SessionState`: the values the app
    keeps and its widgets', an upload widget's file among them) and its ``fragments`` (each fragment's function, and
    what its call was given), so nothing a visitor left is kept by whoever still refers to their closed session."""
    state.clear()
    # clear() empties the widgets' values, not what each widget was drawn with (its format function and callbacks,
    # which may close over the visitor's corpus)
    widgets = getattr(state, "_new_widget_state", None)
    getattr(widgets, "widget_metadata", {}).clear()
    fragments.clear()
    fragments.clear_outside_wrappers()


def fixed_mmap(threshold: int = MMAP_BYTES) -> bool:
    """Give every allocation of at least ``threshold`` bytes memory of its own from the system (glibc's ``mallopt``),
    unless the server was started with :data:`MMAP_VAR`; whether it was set. Elsewhere than glibc, nothing is done."""
    if MMAP_VAR in os.environ:
        return False
    try:
        return ctypes.CDLL("libc.so.6").mallopt(_M_MMAP_THRESHOLD, threshold) == 1
    except (OSError, AttributeError):
        return False


def _give_back() -> None:
    """Collect garbage and return the freed heap to the operating system (glibc only; elsewhere a no-op)."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
