"""The app's only home for st.cache_* and session state.

Corpora are cached with ``st.cache_resource`` (immutable, shared, never
copied), keyed by simple values: the source kind, a file's SHA-256 or a
path, and the preprocessing options. The current corpus source lives in
session state and changes only when a new one loads without error, so a
failed upload never loses what was loaded.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

import streamlit as st

import fsviz
from fsviz.tables import word_points as merge_word_points


@dataclass(frozen=True)
class Source:
    """Where the current corpus comes from: 'sample', 'upload' or 'path'."""

    kind: str
    name: str = "sample"
    digest: str = ""
    path: str = ""


@st.cache_resource(show_spinner="Building the sample corpus (first time only) …", max_entries=8)
def _load_sample(min_df, stopwords, stem):
    return fsviz.load_sample(min_df=min_df, stopwords=stopwords, stem=stem)


@st.cache_resource(show_spinner="Reading the upload …", max_entries=8)
def _load_upload(name, digest, min_df, stopwords, stem, _data):
    handle = io.BytesIO(_data)
    handle.name = name
    return fsviz.load_corpus(handle, min_df=min_df, stopwords=stopwords, stem=stem)


@st.cache_resource(show_spinner="Reading the corpus …", max_entries=8)
def _load_path(path, min_df, stopwords, stem):
    return fsviz.load_corpus(path, min_df=min_df, stopwords=stopwords, stem=stem)


def load(source: Source, options: dict):
    """The corpus for ``source`` with preprocessing ``options`` (cached)."""
    key = (options["min_df"], options["stopwords"], options["stem"])
    if source.kind == "upload":
        return _load_upload(source.name, source.digest, *key, st.session_state["upload_bytes"][source.digest])
    if source.kind == "path":
        return _load_path(source.path, *key)
    return _load_sample(*key)


def upload_source(uploaded) -> Source:
    """A Source for a Streamlit UploadedFile; its bytes are kept in session state."""
    data = uploaded.getvalue()
    digest = hashlib.sha256(data).hexdigest()
    st.session_state.setdefault("upload_bytes", {})[digest] = data
    return Source("upload", uploaded.name, digest=digest)


def current_source() -> Source:
    return st.session_state.setdefault("source", Source("sample"))


def set_source(source: Source) -> None:
    st.session_state["source"] = source


def metric_option(name: str) -> str:
    """How a metric picker lists a metric: its label, long name and, if not the 2×2 table, what it reads."""
    metric = fsviz.get_metric(name)
    reads = "" if metric.inputs == "table" else f" (reads {fsviz.metrics.INPUTS[metric.inputs]})"
    return f"{metric.label}: {metric.description}{reads}"


@st.cache_resource(max_entries=32)
def binary_task(_corpus, corpus_key, name):
    """The task for class ``name`` (cached per corpus and class)."""
    return _corpus.binary_task(name)


@st.cache_resource(max_entries=32)
def word_points(_task, task_key):
    return merge_word_points(_task)


@dataclass(frozen=True)
class Context:
    """What the sidebar chose, for the pages."""

    corpus: object
    corpus_key: tuple
    class_name: str
    task: object
    k: int


def set_context(context: Context) -> None:
    st.session_state["context"] = context


def context() -> Context:
    return st.session_state["context"]


def grid_dir():
    """Where the app keeps grid results and checkpoints (survives reloads and restarts)."""
    from fsviz.sample import cache_dir

    return cache_dir() / "grid"


def multiclass_dir():
    """Where the app keeps finished multi-class runs (survives reloads and restarts)."""
    from fsviz.sample import cache_dir

    return cache_dir() / "multiclass"


@st.cache_data(show_spinner="Timing one cell to estimate the run …", max_entries=64)
def cell_seconds(_corpus, corpus_key, config):
    from fsviz.grid import time_cell

    return time_cell(_corpus, config)


@st.cache_resource
def _grid_lock():
    import threading

    return threading.Lock()


def grid_lock():
    """Held while a grid runs. A rerun (e.g. after Stop) can start before the
    interrupted run has written its last cells; waiting on this lock before
    reading what is stored makes the page show every finished cell."""
    return _grid_lock()


def shown_results():
    """The results table the grid and results pages show: ``(GridRun, source)`` or None."""
    return st.session_state.get("grid_shown")


def show_results(run, source: str) -> None:
    st.session_state["grid_shown"] = (run, source)


def results_uploader(key: str) -> None:
    """A Parquet uploader for grid results; a good file becomes the shown results.

    A broken file gives an error and keeps what was shown.
    """
    from fsviz.grid import load_results

    uploaded = st.file_uploader("Results file", type=["parquet"], key=key)
    if uploaded is None:
        return
    digest = (uploaded.name, uploaded.size)
    if st.session_state.get(f"{key}_digest") == digest:
        return
    try:
        show_results(load_results(io.BytesIO(uploaded.getvalue())), f"loaded from {uploaded.name}")
        st.session_state[f"{key}_digest"] = digest
    except ValueError as exc:
        st.error(f"Could not load {uploaded.name!r}: {exc}", icon="⚠️")


def results_key(table, name: str = "") -> tuple:
    """Identifies a results table's content (and an optional run key) for caching its analyses."""
    import pandas as pd

    digest = int(pd.util.hash_pandas_object(table[["tp", "fp", "fn", "tn", "k"]], index=False).sum())
    return name, len(table), digest


@st.cache_data(max_entries=128, show_spinner="Analysing the results …")
def analysed(function: str, key: tuple, _results, args: tuple = (), kwargs: tuple = (), module: str = "analysis"):
    """``fsviz.<module>.<function>(results, *args, **dict(kwargs))``, cached per results ``key``.

    ``module`` is ``"analysis"`` or ``"studies"``.
    """
    import importlib

    return getattr(importlib.import_module(f"fsviz.{module}"), function)(_results, *args, **dict(kwargs))

