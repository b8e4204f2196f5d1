"""Runs at once on this server: a few going, at most one per visitor, the rest waiting their turn in line.

Every run the app starts (grid, Recommend, lesion, cutoff, multi-class) asks
:data:`TURNS` for its turn in its own thread before it works, and gives it
back when it ends, however it ends. At most :func:`max_runs` go at once
(``FSVIZ_MAX_RUNS``, default :data:`DEFAULT_MAX_RUNS`: each run already uses
every core) and at most :data:`PER_VISITOR` of one visitor's, so four tabs of
one visitor run one after another and never crowd out a second visitor. The
others wait in the order they were started; a run's page shows its place in
line, and Stop, or the visitor leaving, takes it out of the line.
"""

from __future__ import annotations

import os
import threading
from collections import Counter

#: The environment variable that sets how many runs go at once on this server.
MAX_RUNS_VAR = "FSVIZ_MAX_RUNS"
#: Runs at once when the server does not say (each run spreads over every core already).
DEFAULT_MAX_RUNS = 2
#: Runs at once of one visitor: the rest of theirs wait for it.
PER_VISITOR = 1
#: Seconds between a waiting run's looks at its stop signal and its place.
WAIT_SECONDS = 0.25


def max_runs(environ=os.environ) -> int:
    """Runs at once on this server: ``FSVIZ_MAX_RUNS`` (a whole number, at least 1), else
    :data:`DEFAULT_MAX_RUNS` (also for a value that is not one: the server's setting, not a visitor's input)."""
    text = environ.get(MAX_RUNS_VAR, "").strip()
    return int(text) if text.isdigit() and int(text) >= 1 else DEFAULT_MAX_RUNS


class Turns:
    """Who runs now and who waits: :meth:`wait` for a turn, :meth:`done` to give it back. ``limit``: runs at
    once, or None for the server's setting, read at each look (:func:`max_runs`)."""

    def __init__(self, limit: int | None = None):
        self._limit = limit
        self._changed = threading.Condition()
        self._going: list[tuple[object, str]] = []  # (ticket, visitor)
        self._line: list[tuple[object, str]] = []  # the same, in the order they asked

    def wait(self, visitor: str, should_stop, on_place=None):
        """Wait for a turn for ``visitor``'s run; returns its ticket (give it to :meth:`done`), or None when
        ``should_stop()`` said stop first. ``on_place(n)`` hears the run's place in line (1: next) while it waits,
        and ``on_place(0)`` when it goes."""
        ticket = object()
        with self._changed:
            self._line.append((ticket, visitor))
            try:
                while True:
                    place = self._place(ticket)
                    if place == 0:
                        self._line.remove((ticket, visitor))
                        self._going.append((ticket, visitor))
                        break
                    if on_place is not None:
                        on_place(place)
                    if should_stop():
                        return None
                    self._changed.wait(WAIT_SECONDS)
            finally:
                if (ticket, visitor) in self._line:  # stopped, or an error: out of the line
                    self._line.remove((ticket, visitor))
                    self._changed.notify_all()
        if on_place is not None:
            on_place(0)
        return ticket

    def done(self, ticket) -> None:
        """Give ``ticket``'s turn back: the next in line may go."""
        with self._changed:
            self._going = [(t, v) for t, v in self._going if t is not ticket]
            self._changed.notify_all()

    def _place(self, ticket) -> int:
        """0 when ``ticket`` may go now; else 1 + the runs waiting before it that go first or wait too. Runs in
        line go in order, each as soon as the server's and its visitor's counts allow it."""
        limit = self._limit or max_runs()
        going = len(self._going)
        per_visitor = Counter(v for _, v in self._going)
        ahead = 0
        for other, visitor in self._line:
            free = going < limit and per_visitor[visitor] < PER_VISITOR
            if other is ticket:
                return 0 if free else ahead + 1
            if free:
                going += 1
                per_visitor[visitor] += 1
            ahead += 1
        raise ValueError("the ticket is not in line")

    def counts(self) -> tuple[int, int]:
        """(runs going, runs waiting) now."""
        with self._changed:
            return len(self._going), len(self._line)


#: This server's runs: one line for every session (the app's modules are imported once per server process).
TURNS = Turns()
