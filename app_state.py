"""The app's session state: the current corpus source, the sidebar's context, the shown results.

Caches live in :mod:`app_cache`; widgets shared by pages in
:mod:`components`. The current corpus source lives in session state and
changes only when a new one loads without error, so a failed upload never
loses what was loaded.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import pandas as pd
import streamlit as st

import app_cache
import fsviz
from fsviz.sample import cache_dir


@dataclass(frozen=True)
class Source:
    """Where the current corpus comes from: 'sample', 'upload' or 'path'."""

    kind: str
    name: str = "sample"
    digest: str = ""
    path: str = ""


def load(source: Source, options: dict):
    """The corpus for ``source`` with preprocessing ``options`` (cached in :mod:`app_cache`)."""
    key = (options["min_df"], options["stopwords"], options["stem"])
    if source.kind == "upload":
        return app_cache.uploaded_corpus(source.name, source.digest, *key,
                                         st.session_state["upload_bytes"][source.digest])
    if source.kind == "path":
        return app_cache.path_corpus(source.path, *key)
    return app_cache.sample_corpus(*key)


def upload_source(uploaded) -> Source:
    """A Source for a Streamlit UploadedFile; its bytes are kept in session state."""
    data = uploaded.getvalue()
    digest = hashlib.sha256(data).hexdigest()
    st.session_state.setdefault("upload_bytes", {})[digest] = data
    return Source("upload", uploaded.name, digest=digest)


def metric_option(name: str) -> str:
    """How a metric picker lists a metric: its label, long name and, if not the 2×2 table, what it reads."""
    metric = fsviz.get_metric(name)
    reads = "" if metric.reads_table else f" (reads {fsviz.metrics.INPUTS[metric.inputs]})"
    return f"{metric.label}: {metric.description}{reads}"


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
    return cache_dir() / "grid"


def multiclass_dir():
    """Where the app keeps finished multi-class runs (survives reloads and restarts)."""
    return cache_dir() / "multiclass"


def shown_results():
    """The results table the grid and results pages show: ``(GridRun, source)`` or None."""
    return st.session_state.get("grid_shown")


def show_results(run, source: str) -> None:
    st.session_state["grid_shown"] = (run, source)


def results_key(table, name: str = "") -> tuple:
    """Identifies a results table's content (and an optional run key) for caching its analyses."""
    digest = int(pd.util.hash_pandas_object(table[["tp", "fp", "fn", "tn", "k"]], index=False).sum())
    return name, len(table), digest
