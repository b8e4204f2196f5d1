"""The life of a run on a page: its cost, Run/Continue and Stop, progress, and the runs stored on this server
(list, open, delete) or loaded from a results file."""

from __future__ import annotations

import io
import time

import streamlit as st

import fsviz
from fsviz.grid import delete_run, load_results, open_run, run_grid, run_key, stored_results
from ui import cache, state
from ui.components import plain


def stored_runs(key: str) -> None:
    """The runs stored on this server (grid, lesion, cutoff; finished and stopped), newest first, and a choice
    that opens one as the shown results (its curves here, the explorer, the report) with its Parquet."""
    folder = state.grid_dir()
    runs = cache.stored_runs(str(folder), _signature(folder))
    if runs.empty:
        st.caption("No runs stored on this server yet: a run on the Evaluation grid, Lesion study or Rare-word "
                   "cutoff page is kept here, finished or stopped.")
        return
    shown = runs.assign(cells=[f"{d:,} of {t:,}" for d, t in zip(runs["cells_done"], runs["cells_total"])],
                        written=runs["written"].str.slice(0, 16).str.replace("T", " "))
    st.dataframe(shown[["kind", "datasets", "metrics", "k", "trials", "folds", "classifier", "cells", "status",
                        "written"]], hide_index=True, height=min(400, 38 + 35 * len(runs)))
    labels = {path: f"{kind}: {data} · {metrics[:40]} · {status} ({written[:16].replace('T', ' ')})" for path, kind,
              data, metrics, status, written in runs[["path", "kind", "datasets", "metrics", "status",
                                                      "written"]].itertuples(index=False)}
    c1, c2 = st.columns([4, 1], vertical_alignment="bottom")
    chosen = c1.selectbox("Open a stored run", [None, *labels], format_func=lambda p: "—" if p is None else labels[p],
                          key=f"{key}_choice")
    if chosen is None:
        return
    opened = c2.button("Open", key=f"{key}_open", type="primary")
    if state.deleting_allowed() and c2.button("Delete", key=f"{key}_delete",
                                              help="Deletes the run's results and checkpoints from this server"):
        try:
            delete_run(chosen, state.grid_dir())
        except (ValueError, OSError) as exc:
            st.error(f"Could not delete the run: {plain(exc)}", icon="⚠️")
            return
        st.session_state.pop(f"{key}_choice", None)
        st.rerun()
    if opened:
        try:
            run = open_run(chosen)
        except ValueError as exc:
            st.error(f"Could not open the run: {plain(exc)}", icon="⚠️")
            return
        state.show_results(run, f"the stored run {run.key}" + ("" if run.complete else " (stopped)"))
        st.rerun()


def _signature(folder) -> tuple:
    """The names, sizes and times of a runs folder's files: what its list of runs depends on."""
    entries = []
    for path in [*folder.glob("*.parquet"), *folder.glob("*.parts/*/*")] if folder.is_dir() else []:
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
#: (after Stop, or a reload, the old run ends after its current cell).
RUN_LOCK_WAIT = 10.0


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


def run_panel(corpus, corpus_key, configs, *, prefix: str, run_label: str = "Run"):
    """Cost, Run/Continue and Stop for grid runs of ``configs`` on ``corpus``; returns their GridRuns.

    Each config is stored under the app's grid folder by its key, so finished
    cells survive Stop, reloads and restarts, and a rerun continues. The
    configs run one after another with one progress bar. Returns the stored
    (or just finished) runs, or None when no class is large enough.

    Runs lock only their own results (:func:`cache.grid_lock` per run
    key): other runs and other visitors' pages never wait. A page of the
    same results waits up to :data:`RUN_LOCK_WAIT` seconds for a run that is
    ending (after Stop) so it shows every finished cell; if the run goes on
    in another session, the page shows what is stored so far and cannot
    start it twice.
    """
    keys = [run_key(config, [corpus]) for config in configs]
    outs = [state.grid_dir() / f"{key}.parquet" for key in keys]
    locks = [cache.grid_lock(key) for key in dict.fromkeys(keys)]
    busy = not _free_within(locks, RUN_LOCK_WAIT)
    stored = [stored_results(corpus, config, out=out) for config, out in zip(configs, outs)]
    total = sum(run.cells_total for run in stored)
    done = sum(run.cells_done for run in stored)
    if total == 0:
        st.error("Every chosen class has fewer documents than folds; choose fewer folds or other classes.", icon="⚠️")
        return None
    todo = total - done
    cap = state.max_fits_or_default()
    fits = sum((run.cells_total - run.cells_done) * config.n_fits() for run, config in zip(stored, configs))
    if fits > cap:
        st.error(f"This run has {todo:,} cells to go, up to {fits:,} classifier fits, more than one run on this "
                 f"server may start ({cap:,} fits, the setting {state.MAX_FITS_VAR}). Choose fewer classes, "
                 "metrics, values of k, trials or folds, or run it from the command line (`python -m fsviz grid …`) "
                 "and load its results file here.", icon="⚠️")
        return stored
    seconds = cache.cell_seconds(corpus, corpus_key, configs[0]) if todo else 0.0
    workers = max(1, fsviz.grid.n_workers())
    fits_at_most = sum(r.cells_total * c.n_fits() for r, c in zip(stored, configs))
    stopped = st.session_state.pop(f"{prefix}_stopped", False)  # set by Stop, read by the run that follows
    panel = st.empty()  # the numbers and buttons, redrawn when a run finishes
    with panel.container():
        _run_numbers(total, fits_at_most, done, todo, seconds, workers)
        if stopped and done and todo:
            st.warning(f"Stopped after {done:,} of {total:,} cells. The finished cells are kept: Continue runs the "
                       "rest, and the results below show what is finished.", icon="⏸️")
        running_elsewhere = ("This run is in progress in another session: the numbers above count the cells stored "
                             "so far. Reload the page to follow it; it can be continued here once that session stops.")
        if busy:
            st.info(running_elsewhere, icon="⏳")
        b1, b2 = st.columns([1, 4])
        start = b1.button(run_label if not done else "Continue", type="primary", disabled=not todo or busy,
                          key=f"{prefix}_run")
        b2.button("Stop", key=f"{prefix}_stop", on_click=st.session_state.__setitem__, args=(f"{prefix}_stopped", True),
                  help="Stops the run; finished cells are kept and the next run continues.")
    if not start:
        return stored
    if not _take(locks):  # another session started it since this page was drawn
        st.info(running_elsewhere, icon="⏳")
        return stored
    try:
        runs = _run(corpus, configs, outs, total, todo, fsviz.grid.estimate_seconds(seconds, todo, workers))
        finished = sum(run.cells_done for run in runs)
        with panel.container():  # the numbers now, not the ones from before the run
            _run_numbers(total, fits_at_most, finished, total - finished, seconds, workers)
            if finished >= total:
                st.success(f"Finished: all {total:,} cells are stored, here and for later visits (Stored runs).",
                           icon="✅")
        return runs
    except (ValueError, OSError, MemoryError) as exc:  # the finished cells are in the checkpoints
        st.error(f"The run stopped: {plain(str(exc) or type(exc).__name__)}. Finished cells are kept; Continue runs the rest.",
                 icon="⚠️")
        return [stored_results(corpus, config, out=out) for config, out in zip(configs, outs)]
    finally:
        for lock in locks:
            lock.release()


def _run_numbers(total, fits, done, todo, seconds, workers) -> None:
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Cells (class × trial × fold)", f"{total:,}")
    m2.metric("Classifier fits, at most", f"{fits:,}")
    m3.metric("Already finished", f"{done:,}")
    m4.metric("Estimated time", "done" if not todo else f"{fsviz.grid.estimate_seconds(seconds, todo, workers):,.0f} s",
              help=f"One cell took {seconds:.2f} s here; {todo:,} cells left over {workers} worker processes, and "
                   f"about {fsviz.grid.START_UP_SECONDS:g} s to start them.")


def _run(corpus, configs, outs, total, todo, estimate):
    """Run ``configs`` one after another under one progress bar (the caller holds their locks); the time left
    blends ``estimate`` (seconds for the ``todo`` cells) with the live rate (:func:`fsviz.grid.time_left`)."""
    runs = []
    with st.status(f"Running {todo:,} cells …", expanded=True) as status:
        bar = st.progress(0.0, text=f"{total - todo:,} of {total:,} cells; starting the worker processes …")
        began = time.perf_counter()
        offset = 0
        first = []

        def progress(cells_done, cells_total):
            finished = offset + cells_done
            first.append(finished)
            ran, seconds = finished - first[0], time.perf_counter() - began
            left = fsviz.grid.time_left(seconds, ran, todo, estimate) if finished < total else 0.0
            left = f", about {left:,.0f} s left" if finished < total else ""
            bar.progress(min(finished / total, 1.0), text=f"{finished:,} of {total:,} cells in {seconds:,.0f} s{left}")

        for config, out in zip(configs, outs):
            runs.append(run_grid(corpus, config, out=out, n_jobs=-1, progress=progress, flush_seconds=2))
            offset += runs[-1].cells_total
        fits = sum(run.fits for run in runs)
        status.update(label=f"Finished {total:,} cells in {time.perf_counter() - began:,.0f} s ({fits:,} fits)",
                      state="complete", expanded=False)
    return runs
