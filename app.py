"""fsviz app: `streamlit run app.py`.

The entry point: page navigation and the sidebar shared by every page
(corpus, preprocessing, class, k). Pages read the choices from
``app_state.context()``.
"""

import gc
from pathlib import Path

import streamlit as st

import app_cache
import app_state
from app_state import Context, Source
from fsviz.paths import DATA_DIRS_VAR, data_roots, paths_allowed

UPLOAD_TYPES = ["csv", "tsv", "tab", "txt", "jsonl", "ndjson", "json", "zip", "tar", "tgz", "gz", "arff"]


DEFAULT_SOURCE = (Source("sample"), {"min_df": 3, "stopwords": False, "stem": False})


def _paths_allowed() -> bool:
    try:
        return paths_allowed()
    except ValueError as exc:  # a mistyped setting turns paths off rather than on
        st.error(f"{exc}. Typed paths are off until it is fixed.", icon="⚠️")
        return False


def _sidebar_source() -> Source | None:
    allow_paths = _paths_allowed()
    kinds = ["Sample", "Upload", "Path"] if allow_paths else ["Sample", "Upload"]
    kind = st.radio("Corpus", kinds, horizontal=True, key="source_kind",
                    help="The bundled sample (docstrings by module), a file you upload"
                         + (", or a file or folder in this server's data folders." if allow_paths else "."))
    if kind == "Upload":
        uploaded = st.file_uploader(
            "Corpus file", type=UPLOAD_TYPES, key="upload",
            help="CSV/TSV (text + label columns), JSONL, a ZIP or .tar.gz of class folders, or Weka ARFF.",
        )
        if uploaded is None:
            return None
        limit_mb = st.get_option("server.maxUploadSize")
        if uploaded.size > limit_mb * 1024**2:  # the browser refuses these first; this guards other clients
            st.error(f"{uploaded.name!r} is {uploaded.size / 1024**2:,.1f} MB, more than this server accepts "
                     f"({limit_mb} MB, `server.maxUploadSize` in .streamlit/config.toml). Upload a smaller file "
                     "(a ZIP or .tar.gz of it, or a sample of its documents).", icon="⚠️")
            return None
        return app_state.upload_source(uploaded)
    if kind == "Path":
        roots = ", ".join(str(r) for r in data_roots())
        path = st.text_input("File or folder", key="path", max_chars=1000, placeholder="../shared/data/wap",
                             help=f"A corpus file or folder inside {roots} (relative paths start where the app "
                                  f"was started). The server's administrator sets these folders with {DATA_DIRS_VAR}.")
        return Source("path", Path(path).name or path, path=path) if path.strip() else None
    return Source("sample")


def _sidebar_options() -> dict:
    with st.expander("Preprocessing", expanded=False):
        min_df = st.number_input("Rare-word cutoff: keep words in at least this many documents", 1, 10_000, 3,
                                 key="min_df", help="Forman used 3. 1 keeps every word.")
        stopwords = st.checkbox("Drop English stop words", key="stopwords")
        stem = st.checkbox("Stem words (English Snowball)", key="stem")
    return {"min_df": int(min_df), "stopwords": stopwords, "stem": stem}


def _load_error(source: Source, exc: BaseException, kept: str) -> str:
    """The message for a failed load; a MemoryError also frees what the failed attempt left."""
    if isinstance(exc, MemoryError):
        gc.collect()
        return (f"Not enough memory to load {source.name!r}: the server ran out while reading it. Try a smaller "
                "file (or a sample of its documents) or a higher rare-word cutoff under Preprocessing; a corpus that "
                f"must be read whole needs a server with more memory.\n\n{kept}")
    return f"Could not load {source.name!r}: {exc}\n\n{kept}"


def _load_corpus(pending: Source | None, options: dict):
    """Load ``pending`` with ``options``; on failure (bad input, not enough memory) keep the last good corpus.

    A failed upload (same bytes, same result) or a source that ran out of
    memory is not read again on every rerun: its message stays until the
    visitor chooses something else.
    """
    good = st.session_state.get("loaded", DEFAULT_SOURCE)
    wanted = (pending or good[0], options)
    if wanted != good:
        failed = st.session_state.get("load_failed")
        if failed is not None and failed[0] == wanted:
            st.error(failed[1], icon="⚠️")
        else:
            try:
                corpus = app_state.load(*wanted)
                app_cache.forget_tasks()
                st.session_state["loaded"] = wanted
                st.session_state.pop("load_failed", None)
                return corpus, wanted
            except (ValueError, MemoryError) as exc:
                message = _load_error(wanted[0], exc, f"Still showing {good[0].name!r}.")
                if wanted[0].kind == "upload" or isinstance(exc, MemoryError):
                    st.session_state["load_failed"] = (wanted, message)
                st.error(message, icon="⚠️")
    try:
        return app_state.load(*good), good
    except (ValueError, MemoryError) as exc:  # the kept corpus can no longer be read (upload gone, file changed)
        st.error(_load_error(good[0], exc, "Showing the sample corpus instead."), icon="⚠️")
        st.session_state["loaded"] = DEFAULT_SOURCE
        return app_state.load(*DEFAULT_SOURCE), DEFAULT_SOURCE


def _sidebar():
    """The shared sidebar: corpus, preprocessing, class and k."""
    with st.sidebar:
        pending = _sidebar_source()
        options = _sidebar_options()
        corpus, (source, used_options) = _load_corpus(pending, options)
        st.caption(f"{corpus.name}: {corpus.n_docs:,} documents, {corpus.n_words:,} words, {corpus.n_classes} classes")

        order = sorted(range(corpus.n_classes), key=lambda i: -corpus.class_sizes[i])
        classes = [str(corpus.classes[i]) for i in order]
        if st.session_state.get("class_name") not in classes:
            st.session_state["class_name"] = classes[0]
        sizes = dict(zip(corpus.classes.tolist(), corpus.class_sizes.tolist()))
        class_name = st.selectbox(
            "Positive class", classes, key="class_name",
            format_func=lambda c: f"{c} ({sizes[c]} docs, 1:{(corpus.n_docs - sizes[c]) / sizes[c]:.0f})")
        if st.session_state.get("k", 100) > corpus.n_words:
            st.session_state["k"] = corpus.n_words
        k = st.number_input("k: words to select", 1, corpus.n_words, min(100, corpus.n_words), key="k",
                            help=f"Each metric keeps its k best words (1 to {corpus.n_words:,}, the vocabulary size).")
    return corpus, (source, tuple(sorted(used_options.items()))), used_options["min_df"], class_name, int(k)


def main() -> None:
    st.set_page_config(page_title="fsviz: feature-selection metrics", page_icon=":material/scatter_plot:",
                       layout="wide")
    corpus, corpus_key, min_df, class_name, k = _sidebar()
    try:
        task = app_cache.binary_task(corpus, corpus_key, class_name)
    except ValueError as exc:
        task = None
        st.error(f"{exc}. Choose another class.", icon="⚠️")
    if task is not None and not task.tp.any():
        st.warning(
            f"After the rare-word cutoff no word is left in any of the {task.pos} documents of class {class_name!r} "
            f"(every word they use is in fewer than {min_df} documents). Lower the cutoff under "
            "Preprocessing, or choose another class.", icon="⚠️")
    app_state.set_context(Context(corpus, corpus_key, class_name, task, k))

    page = st.navigation([
        st.Page("views/corpus.py", title="Corpus", icon=":material/description:", default=True),
        st.Page("views/word_map.py", title="Word map", icon=":material/scatter_plot:"),
        st.Page("views/boundaries.py", title="Decision boundaries", icon=":material/grid_view:"),
        st.Page("views/grid.py", title="Evaluation grid", icon=":material/table_chart:"),
        st.Page("views/results.py", title="Results explorer", icon=":material/insights:"),
        st.Page("views/multiclass.py", title="Multi-class evaluation", icon=":material/hub:"),
        st.Page("views/lesion.py", title="Lesion study", icon=":material/balance:"),
        st.Page("views/cutoff.py", title="Rare-word cutoff", icon=":material/filter_alt:"),
        st.Page("views/agreement.py", title="Metric agreement", icon=":material/compare_arrows:"),
    ])
    page.run()


# Streamlit runs this file as __main__ for every visit and leaves it installed as the process's __main__.
# A process started with "spawn" (a Dask worker, multiprocessing) runs its parent's main file again as
# __mp_main__: that is not a visit, so it draws and loads nothing (and reads no session-scoped cache).
if __name__ != "__mp_main__":
    main()
