"""The app's session state: the current corpus source, the sidebar's context, the shown results.

Caches live in :mod:`app_cache`; widgets shared by pages in
:mod:`components`. The current corpus source lives in session state and
changes only when a new one loads without error, so a failed upload never
loses what was loaded.

Session state holds no upload's bytes of its own: the upload widget holds
the current file (Streamlit frees it when the file is replaced or the widget
goes away), the parsed corpus is cached by the file's SHA-256, and only the
file id → digest pair is kept here. A path a visitor types is read only
inside the allowed data folders (:mod:`fsviz.paths`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import pandas as pd
import streamlit as st

import app_cache
import fsviz
from fsviz import CorpusError
from fsviz.grid import run_key
from fsviz.paths import ALLOW_PATHS_VAR, confine_path, data_roots, paths_allowed
from fsviz.sample import cache_dir
from fsviz.storage import DEFAULT_CACHE_LIMIT, cache_limit, touch, trim_cache


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
        return app_cache.uploaded_corpus(source.name, source.digest, *key, _upload=_held_upload(source.digest))
    if source.kind == "path":
        if not paths_allowed():
            raise CorpusError(f"this server does not read typed paths ({ALLOW_PATHS_VAR}=0); upload the file instead")
        return app_cache.path_corpus(str(confine_path(source.path, data_roots())), *key)
    return app_cache.sample_corpus(*key)


def upload_source(uploaded) -> Source:
    """A Source for a Streamlit UploadedFile, named by its content's SHA-256 (hashed once per upload)."""
    seen = st.session_state.get("upload_digest")
    if seen is None or seen[0] != uploaded.file_id:
        seen = (uploaded.file_id, hashlib.sha256(uploaded.getbuffer()).hexdigest())
        st.session_state["upload_digest"] = seen
    return Source("upload", uploaded.name, digest=seen[1])


def _held_upload(digest: str):
    """The upload widget's file when it still holds the file with ``digest``, else None."""
    uploaded = st.session_state.get("upload")
    seen = st.session_state.get("upload_digest")
    if uploaded is not None and seen is not None and seen == (uploaded.file_id, digest):
        return uploaded
    return None


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


def grid_keys(corpus, configs) -> list[str]:
    """The names the grid pages store runs of ``configs`` on ``corpus`` under, in :func:`grid_dir`."""
    return [run_key(config, [corpus]) for config in configs]


def keep_runs(folder, keys, *, stored: bool = False) -> None:
    """Mark the runs ``keys`` in ``folder`` as used; after a run was ``stored``, trim the app's
    cache folder to its limit (``FSVIZ_CACHE_LIMIT``), least recently used first.

    The runs named here and any run still writing are never deleted.
    """
    for key in keys:
        touch(folder / f"{key}.parquet")
    if not stored:
        return
    try:
        limit = cache_limit()
    except ValueError as exc:
        st.warning(f"{exc}; using the default, {DEFAULT_CACHE_LIMIT / 1024**3:g} GB.", icon="⚠️")
        limit = DEFAULT_CACHE_LIMIT
    try:
        trim_cache([grid_dir(), multiclass_dir()], limit, in_use=keys)
    except OSError as exc:  # an unreadable cache folder costs disk, not the page
        st.warning(f"Could not trim the cache folder of stored runs ({exc}).", icon="⚠️")


def shown_results():
    """The results table the grid and results pages show: ``(GridRun, source)`` or None."""
    return st.session_state.get("grid_shown")


def show_results(run, source: str) -> None:
    st.session_state["grid_shown"] = (run, source)


def results_key(table, name: str = "") -> tuple:
    """Identifies a results table's content (and an optional run key) for caching its analyses."""
    digest = int(pd.util.hash_pandas_object(table[["tp", "fp", "fn", "tn", "k"]], index=False).sum())
    return name, len(table), digest
