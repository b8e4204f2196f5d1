"""The sidebar every page draws first: the page menu, the corpus, preprocessing, class and k.

Every script Streamlit runs (``app.py``, the landing page, and each file in
``pages/``) starts with ``ctx = page(__file__)``. Streamlit's own page folder
gives each page's widgets their own ids, so a widget drawn on every page is a
new widget on each: :func:`page` re-assigns the sidebar's widget keys before
drawing them (Streamlit's documented way to keep a widget's value across
pages), and the upload is held in session state (:func:`ui.state.hold_upload`)
rather than only by the upload widget of the page it was made on.

Streamlit's own page list is turned off (``client.showSidebarNavigation`` in
``.streamlit/config.toml``); :data:`PAGES` is the menu, in order.
"""

from __future__ import annotations

import gc
from pathlib import Path

import streamlit as st

from fsviz.paths import DATA_DIRS_VAR, data_roots, paths_allowed
from ui import cache, state
from ui.components import plain
from ui.state import Context, Source

ROOT = Path(__file__).resolve().parents[1]

#: The menu: (script relative to the repository, title, icon). ``app.py`` is the landing page.
PAGES = [
    ("app.py", "Corpus", ":material/description:"),
    ("pages/word_map.py", "Word map", ":material/scatter_plot:"),
    ("pages/boundaries.py", "Decision boundaries", ":material/grid_view:"),
    ("pages/grid.py", "Evaluation grid", ":material/table_chart:"),
    ("pages/results.py", "Results explorer", ":material/insights:"),
    ("pages/multiclass.py", "Multi-class evaluation", ":material/hub:"),
    ("pages/lesion.py", "Lesion study", ":material/balance:"),
    ("pages/cutoff.py", "Rare-word cutoff", ":material/filter_alt:"),
    ("pages/agreement.py", "Metric agreement", ":material/compare_arrows:"),
]

UPLOAD_TYPES = ["csv", "tsv", "tab", "txt", "jsonl", "ndjson", "json", "zip", "tar", "tgz", "gz", "arff"]

#: The sidebar's widgets and their first values; each is re-assigned at the start of every page.
DEFAULTS = {"source_kind": "Sample", "path": "", "min_df": 3, "stopwords": False, "stem": False, "k": 100}
KEPT = [*DEFAULTS, "class_name"]

DEFAULT_SOURCE = (Source("sample"), {"min_df": 3, "stopwords": False, "stem": False})


def page(script: str) -> Context:
    """Set up the page whose script is ``script`` (its ``__file__``): tab title, menu and sidebar.

    Returns what the sidebar chose, also kept for the page's helpers
    (:func:`ui.state.context`).
    """
    relative = Path(script).resolve().relative_to(ROOT).as_posix()
    title, icon = next((t, i) for path, t, i in PAGES if path == relative)
    st.set_page_config(page_title=f"{title} · fsviz", page_icon=icon, layout="wide")
    for key in KEPT:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, value)
    with st.sidebar:
        for path, label, page_icon in PAGES:
            st.page_link(path, label=label, icon=page_icon)
        st.divider()
        corpus, corpus_key, min_df, class_name, k = _corpus_class_k()
    try:
        task = cache.binary_task(corpus, corpus_key, class_name)
    except ValueError as exc:
        task = None
        st.error(f"{plain(exc)}. Choose another class.", icon="⚠️")
    if task is not None and not task.tp.any():
        st.warning(
            f"After the rare-word cutoff no word is left in any of the {task.pos} documents of class {plain(repr(class_name))} "
            f"(every word they use is in fewer than {min_df} documents). Lower the cutoff under "
            "Preprocessing, or choose another class.", icon="⚠️")
    context = Context(corpus, corpus_key, class_name, task, k)
    state.set_context(context)
    return context


def _paths_allowed() -> bool:
    try:
        return paths_allowed()
    except ValueError as exc:  # a mistyped setting turns paths off rather than on
        st.error(f"{plain(exc)}. Typed paths are off until it is fixed.", icon="⚠️")
        return False


def _source() -> Source | None:
    allow_paths = _paths_allowed()
    kinds = ["Sample", "Upload", "Path"] if allow_paths else ["Sample", "Upload"]
    if st.session_state["source_kind"] not in kinds:
        st.session_state["source_kind"] = "Sample"
    kind = st.radio("Corpus", kinds, horizontal=True, key="source_kind",
                    help="The bundled sample (docstrings by module), a file you upload"
                         + (", or a file or folder in this server's data folders." if allow_paths else "."))
    if kind == "Upload":
        held = state.held_upload()
        uploaded = st.file_uploader(
            "Corpus file" if held is None else "Another corpus file", type=UPLOAD_TYPES, key="upload",
            help="CSV/TSV (text + label columns), JSONL, a ZIP or .tar.gz of class folders, or Weka ARFF.",
        )
        if uploaded is not None:
            limit_mb = st.get_option("server.maxUploadSize")
            if uploaded.size > limit_mb * 1024**2:  # the browser refuses these first; this guards other clients
                st.error(f"{plain(repr(uploaded.name))} is {uploaded.size / 1024**2:,.1f} MB, more than this server accepts "
                         f"({limit_mb} MB, `server.maxUploadSize` in .streamlit/config.toml). Upload a smaller file "
                         "(a ZIP or .tar.gz of it, or a sample of its documents).", icon="⚠️")
                return None
            return state.hold_upload(uploaded)
        if held is not None:  # the file uploaded on another page, or before its widget was cleared
            st.caption(f"Showing the upload {plain(repr(held.name))}; upload another file to replace it.")
            return held.source
        return None
    if kind == "Path":
        roots = ", ".join(str(r) for r in data_roots())
        path = st.text_input("File or folder", key="path", max_chars=1000, placeholder="../shared/data/wap",
                             help=f"A corpus file or folder inside {roots} (relative paths start where the app "
                                  f"was started). The server's administrator sets these folders with {DATA_DIRS_VAR}.")
        return Source("path", Path(path).name or path, path=path) if path.strip() else None
    return Source("sample")


def _options() -> dict:
    with st.expander("Preprocessing", expanded=False):
        min_df = st.number_input("Rare-word cutoff: keep words in at least this many documents", 1, 10_000,
                                 key="min_df", help="Forman used 3. 1 keeps every word.")
        stopwords = st.checkbox("Drop English stop words", key="stopwords")
        stem = st.checkbox("Stem words (English Snowball)", key="stem")
    return {"min_df": int(min_df), "stopwords": stopwords, "stem": stem}


def _load_error(source: Source, exc: BaseException, kept: str) -> str:
    """The message (Markdown, the visitor's text escaped) for a failed load; a MemoryError also frees what the
    failed attempt left."""
    name = plain(repr(source.name))
    if isinstance(exc, MemoryError):
        gc.collect()
        return (f"Not enough memory to load {name}: the server ran out while reading it. Try a smaller "
                "file (or a sample of its documents) or a higher rare-word cutoff under Preprocessing; a corpus that "
                f"must be read whole needs a server with more memory.\n\n{kept}")
    return f"Could not load {name}: {plain(exc)}\n\n{kept}"


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
                corpus = state.load(*wanted)
                if wanted[0].kind != "upload":
                    state.release_upload()
                cache.forget_tasks()
                st.session_state["loaded"] = wanted
                st.session_state.pop("load_failed", None)
                return corpus, wanted
            except (ValueError, MemoryError) as exc:
                message = _load_error(wanted[0], exc, f"Still showing {plain(repr(good[0].name))}.")
                if wanted[0].kind == "upload" or isinstance(exc, MemoryError):
                    st.session_state["load_failed"] = (wanted, message)
                st.error(message, icon="⚠️")
    try:
        return state.load(*good), good
    except (ValueError, MemoryError) as exc:  # the kept corpus can no longer be read (upload gone, file changed)
        st.error(_load_error(good[0], exc, "Showing the sample corpus instead."), icon="⚠️")
        st.session_state["loaded"] = DEFAULT_SOURCE
        return state.load(*DEFAULT_SOURCE), DEFAULT_SOURCE


def _corpus_class_k():
    """The corpus, preprocessing, class and k widgets; the loaded corpus and the choices."""
    pending = _source()
    options = _options()
    corpus, (source, used_options) = _load_corpus(pending, options)
    st.caption(f"{plain(corpus.name)}: {corpus.n_docs:,} documents, {corpus.n_words:,} words, {corpus.n_classes} classes")

    order = sorted(range(corpus.n_classes), key=lambda i: -corpus.class_sizes[i])
    classes = [str(corpus.classes[i]) for i in order]
    if st.session_state.get("class_name") not in classes:
        st.session_state["class_name"] = classes[0]
    sizes = dict(zip(corpus.classes.tolist(), corpus.class_sizes.tolist()))
    class_name = st.selectbox(
        "Positive class", classes, key="class_name",
        format_func=lambda c: f"{c} ({sizes[c]} docs, 1:{(corpus.n_docs - sizes[c]) / sizes[c]:.0f})")
    if st.session_state["k"] > corpus.n_words:
        st.session_state["k"] = corpus.n_words
    k = st.number_input("k: words to select", 1, corpus.n_words, key="k",
                        help=f"Each metric keeps its k best words (1 to {corpus.n_words:,}, the vocabulary size).")
    return corpus, (source, tuple(sorted(used_options.items()))), used_options["min_df"], class_name, int(k)
