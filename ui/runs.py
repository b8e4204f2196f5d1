"""The life of a run on a page: its cost, Run/Continue and Stop, progress, and the runs stored on this server
(list, open, delete) or loaded from a results file."""

from __future__ import annotations

import io
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import streamlit as st

import fsviz
from fsviz.evaluation.grid import delete_run, load_results, open_run, run_grid, run_key, stored_results
from fsviz.evaluation.multiclass import cells_done, load_multiclass, multiclass_cells, run_multiclass, save_multiclass
from ui import cache, state
from ui.charts import live_chart
from ui.components import plain
from ui.turns import TURNS, max_runs


def stored_runs(key: str, corpus=None) -> None:
    """The runs stored on this server (grid, lesion, cutoff; finished and stopped), newest first, and a choice
    that opens one as the shown results (its curves here, the explorer, the report) with its Parquet.

    A grid run of ``corpus`` (the sidebar's, with the same preprocessing) also
    sets the Evaluation grid's form to its settings (:func:`state.fill_grid_form`),
    so its panel counts its cells and Continue runs the rest."""
    folders = {"grid": state.grid_dir(), "multi-class": state.multiclass_dir()}
    runs = cache.stored_runs(str(folders["grid"]), str(folders["multi-class"]), _signature(*folders.values()))
    if runs.empty:
        st.caption("You have no runs stored on this server yet: a run on the Recommend, Evaluation grid, Lesion "
                   "study, Rare-word cutoff or Multi-class evaluation page is kept here, finished or stopped, and "
                   "shown to you alone (this browser" + (", or your account" if state.signed_in() else "") + ").")
        return
    shown = runs.assign(cells=[f"{d:,} of {t:,}" for d, t in zip(runs["cells_done"], runs["cells_total"])],
                        written=runs["written"].str.slice(0, 16).str.replace("T", " "))
    st.dataframe(shown[["kind", "datasets", "metrics", "k", "trials", "folds", "classifier", "cells", "status",
                        "written"]], hide_index=True, height=min(400, 38 + 35 * len(runs)))
    labels = {row.path: _run_label(row) for row in runs.itertuples(index=False)}
    c1, c2 = st.columns([4, 1], vertical_alignment="bottom")
    chosen = c1.selectbox("Open a stored run", [None, *labels], format_func=lambda p: "—" if p is None else labels[p],
                          key=f"{key}_choice")
    note = st.session_state.pop(f"{key}_note", None)
    if note:
        st.info(plain(note), icon="📂")
    if chosen is None:
        return
    opened = c2.button("Open", key=f"{key}_open", type="primary")
    kind = runs.loc[runs["path"] == chosen, "kind"].iloc[0]
    if state.deleting_allowed() and c2.button("Delete", key=f"{key}_delete",
                                              help="Deletes the run's results and checkpoints from this server"):
        try:
            delete_run(chosen, folders.get(kind, folders["grid"]))
        except (ValueError, OSError) as exc:
            st.error(f"Could not delete the run: {plain(exc)}", icon="⚠️")
            return
        if str(chosen).endswith(".parquet"):  # its share links die with it
            state.forget_links(Path(chosen).parent, Path(chosen).stem)
        st.session_state.pop(f"{key}_choice", None)
        st.rerun()
    if opened and kind == "multi-class":
        _open_multiclass(chosen, corpus, key)
    elif opened:
        try:
            run = open_run(chosen)
        except ValueError as exc:
            st.error(f"Could not open the run: {plain(exc)}", icon="⚠️")
            return
        state.show_results(run, f"the stored run {run.key}" + ("" if run.complete else " (stopped)"))
        if kind == "grid" and corpus is not None and run.key == run_key(run.config, [corpus]):
            state.fill_grid_form(run.config)
            st.session_state[f"{key}_note"] = ("Its settings are in the Evaluation grid's form" + (
                "." if run.complete else ": Continue runs the rest."))
        else:
            st.session_state[f"{key}_note"] = (
                f"Its curves are shown. To {'run it again' if run.complete else 'continue it'}, open its corpus "
                f"({run.provenance.get('datasets', [{}])[0].get('name', 'see the list')}) with the same "
                f"preprocessing and the same settings on the {kind} page.")
        st.rerun()


def _open_multiclass(path, corpus, key: str) -> None:
    """A stored multi-class run opens on its own page (its table is not the grid's): the page's form takes
    its settings when it is a run of ``corpus``."""
    try:
        config, _, meta = load_multiclass(path)
    except ValueError as exc:
        st.error(f"Could not open the run: {plain(exc)}", icon="⚠️")
        return
    if corpus is not None and meta.get("key") == run_key(config, [corpus]):
        st.session_state["mc_form"] = config
        note = "Its settings are in the Multi-class evaluation page's form: open that page to see it."
    else:
        note = (f"This multi-class run is of {meta.get('corpus', 'another corpus')}: open that corpus with the same "
                "preprocessing, then the Multi-class evaluation page.")
    st.session_state[f"{key}_note"] = note
    st.rerun()


def kept_multiclass(corpus) -> dict:
    """The multi-class runs of ``corpus`` kept on this server, oldest first (run key → (config, table)), read
    from disk only when the folder's files change."""
    folder = state.multiclass_dir()
    return cache.kept_multiclass(corpus, corpus.fingerprint, str(folder), _signature(folder))


def _short(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip(", ") + "…"


def _run_label(row) -> str:
    """A stored run as the picker lists it: enough to tell two runs apart (every setting the list has, and the
    start of its key, which differs with anything else: the classes, the classifier's parameters)."""
    metrics = [m for m in str(row.metrics).split(", ") if m]
    named = _short(", ".join(metrics), 60)
    return (f"{row.kind}: {_short(str(row.datasets), 40)} · {len(metrics)} metric{'s' * (len(metrics) != 1)} "
            f"({named}) · k {_short(str(row.k), 40)} · {row.trials} × {row.folds} folds · seed {row.seed} · {row.status} "
            f"({str(row.written)[:16].replace('T', ' ')}) · {str(row.key)[:6]}")


def _signature(*folders) -> tuple:
    """The names, sizes and times of the runs folders' files: what their list of runs depends on."""
    entries = []
    for path in [p for folder in folders if folder.is_dir()
                 for p in [*folder.glob("*.parquet"), *folder.glob("*.parts/*/*")]]:
        try:
            info = path.stat()
        except OSError:  # deleted since the folder was listed
            continue
        entries.append((str(path), info.st_size, info.st_mtime_ns))
    return tuple(sorted(entries))


def results_uploader(key: str) -> None:
    """A Parquet uploader for grid results; a good file becomes the shown results.

    A broken file gives an error and keeps what was shown. Each upload is
    read once, known by the id Streamlit gives every upload: a new file with
    the same name and size replaces the shown results, and so does the same
    file uploaded again after a grid run replaced them.
    """
    uploaded = st.file_uploader("Results file", type=["parquet"], key=key)
    if uploaded is None:
        return
    seen = st.session_state.get(f"{key}_seen")
    if seen is not None and seen[0] == uploaded.file_id:
        if seen[1] is not None:
            st.error(seen[1], icon="⚠️")
        return
    try:
        state.show_results(load_results(io.BytesIO(uploaded.getvalue())), f"loaded from {uploaded.name}")
        error = None
    except ValueError as exc:
        error = plain(f"Could not load {uploaded.name!r}: {exc}")
        st.error(error, icon="⚠️")
    st.session_state[f"{key}_seen"] = (uploaded.file_id, error)


#: Seconds a page waits for a run of the same results to let go of its lock before showing what is stored
#: (a reload while the old run ends its current cell, or Continue just after Stop).
RUN_LOCK_WAIT = 10.0
#: Seconds the page after Stop waits for the run's last cells before it shows the stopped state anyway.
STOP_WAIT = 1.0
#: Seconds between the page's looks at its run: how soon Stop is seen, and the progress bar's pace.
POLL_SECONDS = 0.25
#: Seconds between redraws of the partial results while a run goes, at least. The first is drawn as soon as the
#: run has new cells: a short run (Recommend's plan on a fast machine) ended before its first redraw.
PREVIEW_SECONDS = 4.0
#: At most this share of the server's time goes to one page's redraws of its partial results: a redraw that took
#: 0.5 s waits 5 s before the next, so a run's page never crowds out another visitor's clicks (issue #42).
PREVIEW_SHARE = 0.1
#: A run stops when no page of its session has followed it for this long (the visitor left the page or closed
#: the tab); finished cells are kept and Continue runs the rest.
UNFOLLOWED_SECONDS = 60.0


class RunJob:
    """A page's run in a thread of its own, so the page answers at once while it goes.

    The page that started it follows it (:func:`_follow`) and so does every
    rerun of that page in the session (a widget changed, the page opened
    again): the run goes on across reruns and ends when it is done, when
    Stop sets :attr:`stop`, or when nothing has followed it for
    :data:`UNFOLLOWED_SECONDS`. ``work(progress, should_stop)`` does the run
    and returns its result; ``progress(done)`` counts the run's finished
    cells, those stored before it included (as :func:`fsviz.evaluation.grid.run_grid`
    and :func:`fsviz.evaluation.multiclass.run_multiclass` count them). The job holds ``locks`` (taken by the
    caller) and lets go of them when the work ends.
    """

    def __init__(self, keys, work, locks, *, total: int, done: int, estimate: float, rows=None):
        self.keys, self.total, self.done_before, self.estimate = tuple(keys), total, done, estimate
        self.rows = [] if rows is None else rows  # the finished cells' rows, where the work hands them over
        self.done = done  # cells stored or finished, this run's and those before
        self.first = None  # the count at the first progress report: cells finished before workers were up
        self.began = time.perf_counter()
        self.stop = threading.Event()
        self.followed = time.monotonic()
        self.result = self.error = None
        self.visitor = state.visitor_key()  # whose turn (ui.turns)
        self.left = state.visitor_left()  # its session gone (the tab closed) for a few seconds
        self.place = None  # its place in the server's line of runs while it waits (ui.turns), else None
        self.thread = threading.Thread(target=self._main, args=(work, locks), daemon=True, name="fsviz-run")
        self.thread.start()

    def _main(self, work, locks):
        ticket = None
        try:
            ticket = TURNS.wait(self.visitor, self.should_stop, self._placed)
            self.began = time.perf_counter()  # its time counts from its turn
            self.result = work(self._progress, self.should_stop)  # stopped in line: it stops before any cell
        except BaseException as exc:  # handed to the page that follows the run
            self.error = exc
        finally:
            if ticket is not None:
                TURNS.done(ticket)
            for lock in locks:
                lock.release()

    def _placed(self, place: int) -> None:
        self.place = place or None

    def _progress(self, done: int) -> None:
        self.done = done
        if self.first is None:
            self.first = self.done

    def should_stop(self) -> bool:
        """Stop was pressed, no page followed the run for :data:`UNFOLLOWED_SECONDS`, or its session has been
        gone (the tab closed, the browser left) for :data:`ui.state.LEFT_SECONDS`."""
        return self.stop.is_set() or time.monotonic() - self.followed > UNFOLLOWED_SECONDS or self.left()

    @property
    def running(self) -> bool:
        return self.thread.is_alive()

    def progress_text(self) -> str:
        if self.place:
            return (f"Waiting for its turn: number {self.place} in line. This server runs {max_runs()} at a time, "
                    "one per visitor; it starts when a run before it ends, and Stop takes it out of the line.")
        seconds = time.perf_counter() - self.began
        if self.first is None:
            return f"{self.done:,} of {self.total:,} cells; starting the worker processes …"
        text = f"{self.done:,} of {self.total:,} cells in {seconds:,.0f} s"
        if self.done < self.total:
            left = fsviz.evaluation.grid.time_left(seconds, self.done - self.first, self.total - self.done_before, self.estimate)
            text += f", about {left:,.0f} s left"
        return text


def _own_job(prefix: str, keys) -> RunJob | None:
    """This session's run of ``keys`` on this page, if it is still going. A run of other settings is told to
    stop: the visitor changed the form, and its finished cells are kept for when they change it back."""
    job = st.session_state.get(f"{prefix}_job")
    if job is None or not job.running:
        return None
    if job.keys != tuple(keys):
        job.stop.set()
        return None
    return job


def _stop(prefix: str) -> None:
    """Stop's callback: runs before the page, so the run is told at once."""
    st.session_state[f"{prefix}_stopped"] = True
    job = st.session_state.get(f"{prefix}_job")
    if job is not None:
        job.stop.set()


@dataclass(frozen=True)
class _Turn:
    """Where this rerun of a run page finds its run: this session's job (if still going), whether Stop was
    just pressed, whether the page follows a going run, whether the run's locks are held (``busy``) and, if so,
    by this session's stopped job ending its last cells (``ending``)."""

    job: RunJob | None
    stopped: bool
    following: bool
    busy: bool
    ending: bool

    def take(self, locks) -> bool:
        """Take the locks to start the run: at once, or after this session's stopped run has ended."""
        return _take(locks) or self.ending and _free_within(locks, RUN_LOCK_WAIT) and _take(locks)


def _turn(prefix: str, keys, locks) -> _Turn:
    job = _own_job(prefix, keys)
    stopped = st.session_state.pop(f"{prefix}_stopped", False)  # set by Stop, read by the run that follows
    following = job is not None and not job.stop.is_set()
    busy = not following and not _free_within(locks, STOP_WAIT if stopped and job is not None else RUN_LOCK_WAIT)
    return _Turn(job, stopped, following, busy, busy and job is not None)


def _running_buttons(prefix: str) -> None:
    """Run off while the run goes, and Stop."""
    b1, b2 = st.columns([1, 4])
    b1.button("Running …", type="primary", disabled=True, key=f"{prefix}_running")
    b2.button("Stop", key=f"{prefix}_stop_running", on_click=_stop, args=(prefix,),
              help="Stops the run; finished cells are kept and the next run continues.")


def _free_within(locks, seconds: float) -> bool:
    """True when every lock was free within ``seconds`` in all (each taken and let go at once)."""
    deadline = time.monotonic() + seconds
    for lock in locks:
        if not lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            return False
        lock.release()
    return True


def _take(locks) -> bool:
    """Take every lock without waiting; False (holding none) when one is held elsewhere."""
    taken = []
    for lock in locks:
        if not lock.acquire(blocking=False):
            for held in taken:
                held.release()
            return False
        taken.append(lock)
    return True


def run_panel(corpus, corpus_key, configs, *, prefix: str, run_label: str = "Run", preview=None):
    """Cost, Run/Continue and Stop for grid runs of ``configs`` on ``corpus``; returns their GridRuns.

    Each config is stored under the app's grid folder by its key, so finished
    cells survive Stop, reloads and restarts, and a rerun continues. The
    configs run one after another, in a :class:`RunJob`, with one progress
    bar; ``preview(runs)``, if given, draws the finished cells' results
    while the run goes: it returns a figure, or draws in place and returns None. Returns the stored (or just finished)
    runs, or None when no class is large enough.

    Runs lock only their own results (:func:`cache.grid_lock` per run
    key): other runs and other visitors' pages never wait. After Stop the
    page shows the stopped state within :data:`STOP_WAIT` seconds, while the
    cells in progress end and are stored; a reload waits up to
    :data:`RUN_LOCK_WAIT` seconds for such a run so it shows every finished
    cell; if the run goes on in another session, the page shows what is
    stored so far and cannot start it twice.
    """
    keys = [run_key(config, [corpus]) for config in configs]
    outs = [state.grid_dir() / f"{key}.parquet" for key in keys]
    locks = [cache.grid_lock(f"{state.visitor()}/{key}") for key in dict.fromkeys(keys)]  # one visitor's run
    turn = _turn(prefix, keys, locks)
    job, stopped, following, busy, ending = turn.job, turn.stopped, turn.following, turn.busy, turn.ending
    stored = [stored_results(corpus, config, out=out) for config, out in zip(configs, outs)]
    total = sum(run.cells_total for run in stored)
    done = max(sum(run.cells_done for run in stored), job.done if job is not None else 0)
    if total == 0:
        st.error("Every chosen class has fewer documents than folds; choose fewer folds or other classes.", icon="⚠️")
        return None
    todo = total - done
    cap = state.max_fits_or_default()
    fits = sum((run.cells_total - run.cells_done) * config.n_fits() for run, config in zip(stored, configs))
    if fits > cap and not following:
        st.error(f"This run has {todo:,} cells to go, up to {fits:,} classifier fits, more than one run on this "
                 f"server may start ({cap:,} fits, the setting {state.MAX_FITS_VAR}). Choose fewer classes, "
                 "metrics, values of k, trials or folds, or run it from the command line (`python -m fsviz grid …`) "
                 "and load its results file here.", icon="⚠️")
        return stored
    seconds = cache.cell_seconds(corpus, corpus_key, configs[0]) if todo else 0.0
    workers = max(1, fsviz.evaluation.grid.n_workers())
    fits_at_most = sum(r.cells_total * c.n_fits() for r, c in zip(stored, configs))
    panel = st.empty()  # the numbers and buttons, redrawn when a run finishes
    with panel.container():
        _run_numbers(total, fits_at_most, done, todo, seconds, workers)
        if (stopped or ending) and done and todo:
            last = " The cells in progress when you pressed Stop end in a moment and are kept too." if ending else ""
            st.warning(f"Stopped after {done:,} of {total:,} cells. The finished cells are kept: Continue runs the "
                       f"rest, and the results below show what is finished.{last}", icon="⏸️")
        running_elsewhere = ("This run is in progress in another session: the numbers above count the cells stored "
                             "so far. Reload the page to follow it; it can be continued here once that session stops.")
        if busy and not ending:
            st.info(running_elsewhere, icon="⏳")
        b1, b2 = st.columns([1, 4])
        start = b1.button(run_label if not done else "Continue", type="primary",
                          disabled=not todo or following or (busy and not ending), key=f"{prefix}_run")
        b2.button("Stop", key=f"{prefix}_stop", on_click=_stop, args=(prefix,),
                  help="Stops the run; finished cells are kept and the next run continues.")
    if not following:
        if not start:
            return stored
        try:
            address = state.scheduler()
        except ValueError as exc:  # the server's setting, not the visitor's input: say which, run nothing
            st.error(f"{plain(exc)}. Ask the server's administrator to fix it or unset it.", icon="⚠️")
            return stored
        if not turn.take(locks):
            st.info(running_elsewhere, icon="⏳")  # another session started it since this page was drawn
            return stored
        estimate = fsviz.evaluation.grid.estimate_seconds(seconds, todo, workers)
        job = RunJob(keys, _grid_work(corpus, configs, outs, address), locks, total=total, done=done, estimate=estimate)
        st.session_state[f"{prefix}_job"] = job
        with panel.container():  # the same numbers, with Run off while the run goes
            _run_numbers(total, fits_at_most, done, todo, seconds, workers)
            _running_buttons(prefix)
    _follow(job, preview, lambda: [stored_results(corpus, c, out=o) for c, o in zip(configs, outs)])
    if isinstance(job.error, (ValueError, OSError, MemoryError)):  # the finished cells are in the checkpoints
        st.error(f"The run stopped: {plain(str(job.error) or type(job.error).__name__)}. Finished cells are kept; "
                 "Continue runs the rest.", icon="⚠️")
        return [stored_results(corpus, config, out=out) for config, out in zip(configs, outs)]
    if job.error is not None:
        raise job.error
    runs = job.result
    finished = sum(run.cells_done for run in runs)
    with panel.container():  # the numbers now, not the ones from before the run
        _run_numbers(total, fits_at_most, finished, total - finished, seconds, workers)
        if finished >= total:
            st.success(f"Finished: all {total:,} cells are stored, here and for later visits (Stored runs).", icon="✅")
        elif job.stop.is_set():
            st.warning(f"Stopped after {finished:,} of {total:,} cells. The finished cells are kept: Continue runs "
                       "the rest.", icon="⏸️")
    return runs


def _grid_work(corpus, configs, outs, address):
    """The work of a grid run: ``configs`` one after another, their cells counted together; on the Dask scheduler
    at ``address`` (:func:`ui.state.scheduler`) or, None, on this machine's processes."""

    def work(progress, should_stop):
        runs, offset = [], 0
        for config, out in zip(configs, outs):
            runs.append(run_grid(corpus, config, out=out, n_jobs=-1, flush_seconds=2, should_stop=should_stop,
                                 scheduler=address,
                                 progress=lambda done, _total, _offset=offset: progress(_offset + done)))
            offset += runs[-1].cells_total
            if should_stop():
                runs += [stored_results(corpus, c, out=o) for c, o in zip(configs[len(runs):], outs[len(runs):])]
                break
        return runs

    return work


def _follow(job: RunJob, preview, partial) -> None:
    """Show ``job``'s progress until it ends (the page's script waits here, looking every
    :data:`POLL_SECONDS`, so a click on Stop reruns the page at once); ``preview(partial())`` redraws the
    finished cells' results while new cells come in, every :data:`PREVIEW_SECONDS` or, where a redraw is slow,
    so that redraws take at most :data:`PREVIEW_SHARE` of the time.

    A rerun (any click) ends this loop with Streamlit's StopException, as the
    header's own Stop does, and leaves the job alone: the page's next run
    follows it again, or shows it stopped. A job nobody follows any more
    stops after :data:`UNFOLLOWED_SECONDS`."""
    with st.status(f"Running {job.total - job.done_before:,} cells …", expanded=True) as status:
        bar = st.progress(job.done / job.total, text=job.progress_text())
        chart, drawn, last, pause = st.empty(), job.done, time.monotonic() - PREVIEW_SECONDS, PREVIEW_SECONDS
        while job.running:
            job.followed = time.monotonic()
            # Sent at every look, changed or not: a call into Streamlit is where a rerun, Stop or the server's
            # shutdown reaches this loop (StopException); a loop that only waited would outlive all three.
            bar.progress(min(job.done / job.total, 1.0), text=job.progress_text())
            if preview is not None and job.done > drawn and time.monotonic() - last >= pause:
                drawn, began = job.done, time.monotonic()
                with chart.container():  # a figure to draw, or None when the preview drew itself
                    figure = preview(partial())
                    if figure is not None:
                        # a new key per redraw (one script run), the chart carried over: drawn, zoom kept
                        live_chart(figure, key=f"preview_{drawn}", revision=f"run {id(job)}", carry="run_preview")
                last = time.monotonic()
                pause = max(PREVIEW_SECONDS, (last - began) / PREVIEW_SHARE)
            job.thread.join(POLL_SECONDS)
        chart.empty()
        seconds = time.perf_counter() - job.began
        if job.stop.is_set() and job.done < job.total:
            status.update(label=f"Stopped after {job.done:,} of {job.total:,} cells ({seconds:,.0f} s)",
                          state="complete", expanded=False)
        else:
            status.update(label=f"Finished {job.total:,} cells in {seconds:,.0f} s", state="complete", expanded=False)


def _run_numbers(total, fits, done, todo, seconds, workers, cells="class × trial × fold") -> None:
    m1, m2, m3, m4 = st.columns(4)
    m1.metric(f"Cells ({cells})", f"{total:,}")
    m2.metric("Classifier fits, at most", f"{fits:,}")
    m3.metric("Already finished", f"{done:,}")
    estimate = fsviz.evaluation.grid.estimate_seconds(seconds, todo, workers) if todo else 0
    m4.metric("Estimated time", "done" if not todo else f"{estimate:,.0f} s",
              help=f"One cell took {seconds:.2f} s here; {todo:,} cells left over {workers} worker processes, and "
                   f"about {fsviz.evaluation.grid.START_UP_SECONDS:g} s to start them.")


def multiclass_panel(corpus, corpus_key, config, preview=None):
    """Cost, Run/Continue and Stop for the multi-class run of ``config`` on ``corpus`` (a :class:`RunJob`
    as on the grid's :func:`run_panel`); returns its kept table (finished or stopped) or None. While it runs,
    ``preview(table)`` draws the cells finished so far (a figure to draw, or None).

    A cell is one metric on one trial's fold (:func:`fsviz.evaluation.multiclass.multiclass_cells`). The table is kept
    in the app's multi-class folder when the run finishes or stops; Continue runs only the missing cells.
    """
    prefix, key = "mc", run_key(config, [corpus])
    path = state.multiclass_dir() / f"{key}.parquet"
    locks = [cache.grid_lock(f"{state.visitor()}/multiclass-{key}")]
    turn = _turn(prefix, [key], locks)
    job, stopped, following, busy, ending = turn.job, turn.stopped, turn.following, turn.busy, turn.ending
    try:
        stored = load_multiclass(path)[1] if path.is_file() else None
    except ValueError:  # a damaged file: the run starts again and replaces it
        stored = None
    total = multiclass_cells(config)
    done = max(cells_done(stored) if stored is not None else 0, job.done if job is not None else 0)
    todo = total - done
    fits_at_most = config.trials * config.folds * config.n_fits()
    cap = state.max_fits_or_default()
    if fits_at_most * todo / total > cap and not following:
        st.error(f"This run has up to {fits_at_most:,} classifier fits, more than one run on this server may start "
                 f"({cap:,}, the setting {state.MAX_FITS_VAR}); choose fewer metrics, values of k, trials or folds, "
                 "or run `python -m fsviz multiclass …`.", icon="⚠️")
        return stored
    seconds = cache.multiclass_cell_seconds(corpus, corpus_key, config) if todo else 0.0
    workers = max(1, fsviz.evaluation.grid.n_workers())
    cells = "trial × fold × metric"
    panel = st.empty()
    with panel.container():
        _run_numbers(total, fits_at_most, done, todo, seconds, workers, cells)
        if (stopped or ending) and done and todo:
            st.warning(f"Stopped after {done:,} of {total:,} cells. The finished cells are kept: Continue runs the "
                       "rest, and the results below show what is finished.", icon="⏸️")
        if busy and not ending:
            st.info("This run is in progress in another session; it can be continued here once that session "
                    "stops.", icon="⏳")
        b1, b2 = st.columns([1, 4])
        start = b1.button("Run" if not done else "Continue", type="primary", key=f"{prefix}_run",
                          disabled=not todo or following or (busy and not ending))
        b2.button("Stop", key=f"{prefix}_stop", on_click=_stop, args=(prefix,),
                  help="Stops the run; finished cells are kept and the next run continues.")
    if not following:
        if not start or not turn.take(locks):
            return stored

        rows = [] if stored is None or stored.empty else [stored]  # appended by the run's thread, read here

        def work(progress, should_stop):
            table = run_multiclass(corpus, config, n_jobs=-1, done=stored, should_stop=should_stop,
                                   progress=lambda count, _total: progress(count), on_rows=rows.append)
            save_multiclass(table, path, config, corpus)
            return table

        job = RunJob([key], work, locks, total=total, done=done, rows=rows,
                     estimate=fsviz.evaluation.grid.estimate_seconds(seconds, todo, workers))
        st.session_state[f"{prefix}_job"] = job
        with panel.container():
            _run_numbers(total, fits_at_most, done, todo, seconds, workers, cells)
            _running_buttons(prefix)
    _follow(job, preview, lambda: pd.concat(list(job.rows), ignore_index=True) if job.rows else None)
    if isinstance(job.error, (ValueError, OSError, MemoryError)):
        st.error(f"The run stopped: {plain(str(job.error) or type(job.error).__name__)}.", icon="⚠️")
        return stored
    if job.error is not None:
        raise job.error
    table = job.result
    with panel.container():
        finished = cells_done(table)
        _run_numbers(total, fits_at_most, finished, total - finished, seconds, workers, cells)
        if finished >= total:
            st.success(f"Finished: all {total:,} cells are stored, here and for later visits (Stored runs).", icon="✅")
        else:
            st.warning(f"Stopped after {finished:,} of {total:,} cells; Continue runs the rest.", icon="⏸️")
    return table

