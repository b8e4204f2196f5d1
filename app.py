"""fsviz app: `streamlit run app.py`.

The entry point: page navigation and the sidebar shared by every page
(corpus, preprocessing, class, k). Pages read the choices from
``app_state.context()``.
"""

from pathlib import Path

import streamlit as st

import app_cache
import app_state
from app_state import Context, Source

st.set_page_config(page_title="fsviz: feature-selection metrics", page_icon=":material/scatter_plot:", layout="wide")

UPLOAD_TYPES = ["csv", "tsv", "tab", "txt", "jsonl", "ndjson", "json", "zip", "tar", "tgz", "gz", "arff"]


def _sidebar_source() -> Source | None:
    kind = st.radio("Corpus", ["Sample", "Upload", "Path"], horizontal=True, key="source_kind",
                    help="The bundled sample (docstrings by module), a file you upload, or a file or folder on this machine.")
    if kind == "Upload":
        uploaded = st.file_uploader(
            "Corpus file", type=UPLOAD_TYPES, key="upload",
            help="CSV/TSV (text + label columns), JSONL, a ZIP or .tar.gz of class folders, or Weka ARFF.",
        )
        return app_state.upload_source(uploaded) if uploaded is not None else None
    if kind == "Path":
        path = st.text_input("File or folder", key="path", placeholder="/data/corpus.csv or ../shared/data/wap")
        return Source("path", Path(path).name or path, path=path) if path.strip() else None
    return Source("sample")


def _sidebar_options() -> dict:
    with st.expander("Preprocessing", expanded=False):
        min_df = st.number_input("Rare-word cutoff: keep words in at least this many documents", 1, 10_000, 3,
                                 key="min_df", help="Forman used 3. 1 keeps every word.")
        stopwords = st.checkbox("Drop English stop words", key="stopwords")
        stem = st.checkbox("Stem words (English Snowball)", key="stem")
    return {"min_df": int(min_df), "stopwords": stopwords, "stem": stem}


def _load_corpus(pending: Source | None, options: dict):
    """Load ``pending`` with ``options``; on failure keep the last good corpus."""
    good = st.session_state.get("loaded", (Source("sample"), {"min_df": 3, "stopwords": False, "stem": False}))
    wanted = (pending or good[0], options)
    if wanted != good:
        try:
            app_state.load(*wanted)
            st.session_state["loaded"] = good = wanted
        except ValueError as exc:
            st.error(f"Could not load {wanted[0].name!r}: {exc}\n\nStill showing {good[0].name!r}.", icon="⚠️")
    return app_state.load(*good), good


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
    class_name = st.selectbox("Positive class", classes, key="class_name",
                              format_func=lambda c: f"{c} ({sizes[c]} docs, 1:{(corpus.n_docs - sizes[c]) / sizes[c]:.0f})")
    if st.session_state.get("k", 100) > corpus.n_words:
        st.session_state["k"] = corpus.n_words
    k = st.number_input("k: words to select", 1, corpus.n_words, min(100, corpus.n_words), key="k",
                        help=f"Each metric keeps its k best words (1 to {corpus.n_words:,}, the vocabulary size).")

corpus_key = (source, tuple(sorted(used_options.items())))
try:
    task = app_cache.binary_task(corpus, corpus_key, class_name)
except ValueError as exc:
    task = None
    st.error(f"{exc}. Choose another class.", icon="⚠️")
if task is not None and not task.tp.any():
    st.warning(
        f"After the rare-word cutoff no word is left in any of the {task.pos} documents of class {class_name!r} "
        f"(every word they use is in fewer than {used_options['min_df']} documents). Lower the cutoff under "
        "Preprocessing, or choose another class.", icon="⚠️")
app_state.set_context(Context(corpus, corpus_key, class_name, task, int(k)))

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
