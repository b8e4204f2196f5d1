"""Page pieces shared by several pages (widgets; no analysis of their own)."""

from __future__ import annotations

import io
import time

import streamlit as st

import app_cache
import app_state
import fsviz
from fsviz.grid import load_results, run_grid, run_key, stored_results


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
        app_state.show_results(load_results(io.BytesIO(uploaded.getvalue())), f"loaded from {uploaded.name}")
        error = None
    except ValueError as exc:
        error = f"Could not load {uploaded.name!r}: {exc}"
        st.error(error, icon="⚠️")
    st.session_state[f"{key}_seen"] = (uploaded.file_id, error)


def run_panel(corpus, corpus_key, configs, *, prefix: str, run_label: str = "Run"):
    """Cost, Run/Continue and Stop for grid runs of ``configs`` on ``corpus``; returns their GridRuns.

    Each config is stored under the app's grid folder by its key, so finished
    cells survive Stop, reloads and restarts, and a rerun continues. The
    configs run one after another with one progress bar. Returns the stored
    (or just finished) runs, or None when no class is large enough.
    """
    outs = [app_state.grid_dir() / f"{run_key(config, [corpus])}.parquet" for config in configs]
    lock = app_cache.grid_lock()
    if lock.acquire(timeout=60):  # an interrupted run may still be writing its last cells
        lock.release()
    stored = [stored_results(corpus, config, out=out) for config, out in zip(configs, outs)]
    total = sum(run.cells_total for run in stored)
    done = sum(run.cells_done for run in stored)
    if total == 0:
        st.error("Every chosen class has fewer documents than folds; choose fewer folds or other classes.", icon="⚠️")
        return None
    todo = total - done
    seconds = app_cache.cell_seconds(corpus, corpus_key, configs[0]) if todo else 0.0
    workers = max(1, fsviz.grid.n_workers())
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Cells (class × trial × fold)", f"{total:,}")
    m2.metric("Classifier fits, at most", f"{sum(r.cells_total * c.n_fits() for r, c in zip(stored, configs)):,}")
    m3.metric("Already finished", f"{done:,}")
    m4.metric("Estimated time", "done" if not todo else f"{seconds * todo / workers:,.0f} s",
              help=f"One cell took {seconds:.2f} s here; {todo:,} cells left over {workers} worker processes.")
    b1, b2 = st.columns([1, 4])
    start = b1.button(run_label if not done else "Continue", type="primary", disabled=not todo, key=f"{prefix}_run")
    b2.button("Stop", key=f"{prefix}_stop", help="Stops the run; finished cells are kept and the next run continues.")
    if not start:
        return stored
    runs = []
    with st.status(f"Running {todo:,} cells …", expanded=True) as status:
        bar = st.progress(0.0)
        began = time.perf_counter()
        offset = 0
        first = []

        def progress(cells_done, cells_total):
            finished = offset + cells_done
            first.append(finished)
            rate = (finished - first[0]) / max(time.perf_counter() - began, 1e-9)
            left = f", about {(total - finished) / rate:,.0f} s left" if rate > 0 and finished < total else ""
            bar.progress(min(finished / total, 1.0), text=f"{finished:,} of {total:,} cells{left}")

        with lock:
            for config, out in zip(configs, outs):
                runs.append(run_grid(corpus, config, out=out, n_jobs=-1, progress=progress, flush_seconds=2))
                offset += runs[-1].cells_total
        fits = sum(run.fits for run in runs)
        status.update(label=f"Finished {total:,} cells in {time.perf_counter() - began:,.0f} s ({fits:,} fits)",
                      state="complete", expanded=False)
    return runs
