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
from dataclasses import replace
from pathlib import Path

import streamlit as st

from fsviz import LoadStopped
from fsviz.corpora.analyzer import ANALYZERS, LANGUAGES, MAX_CHAR_NGRAM, MAX_NGRAM, check_preprocessing
from fsviz.corpora.groups import Groups
from fsviz.corpora.paths import DATA_DIRS_VAR, data_roots, paths_allowed
from ui import cache, charts, links, sessions, state
from ui.components import choose_many, plain
from ui.state import Context, Source

ROOT = Path(__file__).resolve().parents[1]
#: The pages' icons as files shipped with the app (``frontend/icons/make_icons.py``): Streamlit fetches a
#: ``:material/…:`` page icon from fonts.gstatic.com on every page load, and the app asks nothing off the machine.
ICONS = ROOT / "frontend" / "icons"

#: The menu: (script relative to the repository, title, icon). ``app.py`` is the landing page.
PAGES = [
    ("app.py", "Corpus", ":material/description:"),
    ("pages/recommend.py", "Recommend", ":material/recommend:"),
    ("pages/word_map.py", "Word map", ":material/scatter_plot:"),
    ("pages/classes.py", "Every class", ":material/grid_on:"),
    ("pages/boundaries.py", "Decision boundaries", ":material/grid_view:"),
    ("pages/grid.py", "Evaluation grid", ":material/table_chart:"),
    ("pages/results.py", "Results explorer", ":material/insights:"),
    ("pages/multiclass.py", "Multi-class evaluation", ":material/hub:"),
    ("pages/lesion.py", "Lesion study", ":material/balance:"),
    ("pages/cutoff.py", "Rare-word cutoff", ":material/filter_alt:"),
    ("pages/agreement.py", "Metric agreement", ":material/compare_arrows:"),
]

UPLOAD_TYPES = ["csv", "tsv", "tab", "txt", "jsonl", "ndjson", "json", "zip", "tar", "tgz", "gz", "arff"]

#: The preprocessing the sidebar starts with (:func:`fsviz.load_corpus`'s options; Forman's rare-word cutoff of 3).
DEFAULT_OPTIONS = {"min_df": 3, "max_df": 1.0, "stopwords": False, "stem": False, "language": "english",
                   "ngrams": (1, 1), "analyzer": "word", "char_ngrams": (2, 4), "token_pattern": None, "lowercase": True}
#: The sidebar's widgets and their first values; each is re-assigned at the start of every page.
DEFAULTS = {"source_kind": "Sample", "path": "", "test_path": "", **DEFAULT_OPTIONS, "token_pattern": "", "k": 100,
            "task_kind": "class", "group_a": (), "group_b": ()}
KEPT = [*DEFAULTS, "class_name"]

DEFAULT_SOURCE = (Source("sample"), DEFAULT_OPTIONS)


def page(script: str) -> Context:
    """Set up the page whose script is ``script`` (its ``__file__``): tab title, menu and sidebar.

    Returns what the sidebar chose, also kept for the page's helpers
    (:func:`ui.state.context`).
    """
    relative = Path(script).resolve().relative_to(ROOT).as_posix()
    title, icon = next((t, i) for path, t, i in PAGES if path == relative)
    st.set_page_config(page_title=f"{title} · fsviz", page_icon=page_icon_file(icon), layout="wide")
    sessions.track()  # what this visitor leaves behind is freed once they have gone
    for key in KEPT:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
    for key, value in DEFAULTS.items():
        st.session_state.setdefault(key, value)
    links.apply(relative)  # a link's view (corpus, class, k, the page's choices), before any widget is drawn
    with st.sidebar:
        # The sidebar's first element, hidden: a first visit's browser loads plotly.js while the page is built. In
        # the sidebar its load started 0.4 s sooner than as the main block's first (issue #53, bench_browser.py).
        charts.preload_plotly()
        for path, label, page_icon in PAGES:
            st.page_link(path, label=label, icon=page_icon)
        st.divider()
        corpus, corpus_key, min_df, groups, k = _corpus_groups_k()
        state.remember_browser()  # this browser's runs are its own (a cookie; see ui.state.visitor)
        _account()
    task = None
    if groups is not None:
        try:
            task = cache.task(corpus, corpus_key, groups)
        except ValueError as exc:
            st.error(f"{plain(exc)}. Choose other classes in the sidebar.", icon="⚠️")
    if task is not None and not task.tp.any():
        st.warning(
            f"After the rare-word cutoff no word is left in any of the {task.pos} documents of "
            f"{plain(repr(groups.positive_label))} (every word they use is in fewer than {min_df} documents). Lower "
            "the cutoff under Preprocessing, or choose another class.", icon="⚠️")
    context = Context(corpus, corpus_key, groups or Groups((str(corpus.classes[0]),)), task, k)
    state.set_context(context)
    links.keep(relative, context)  # the view in the address: a link to it reopens it
    links.link_box(relative, context)
    return context


def page_icon_file(icon: str) -> Path:
    """The tab's icon for the menu's ``:material/<name>:``: ``frontend/icons/<name>.svg``, sent inside the page
    (Streamlit makes an SVG file a ``data:`` address), so the browser fetches it from nowhere."""
    return ICONS / f"{icon.removeprefix(':material/').removesuffix(':')}.svg"


def _account() -> None:
    """Sign in and out, where the server has a login (:func:`ui.state.login_providers`): a signed-in visitor's runs
    are theirs in any browser they sign in on; until then the browser is the visitor. Nothing without a login."""
    providers = state.login_providers()
    if not providers:
        return
    st.divider()
    if state.signed_in():
        name = st.user.get("name") or st.user.get("email") or st.user.get("sub")
        st.caption(f"Signed in as {plain(str(name))}: your runs are yours in any browser you sign in on.")
        st.button("Sign out", key="account_sign_out", on_click=st.logout)
        return
    st.caption("Sign in to keep your runs across browsers. Until then this browser keeps its own.")
    for provider in providers:
        st.button("Sign in" if provider is None else f"Sign in with {plain(provider)}",
                  key=f"account_sign_in_{provider}", on_click=st.login, args=() if provider is None else (provider,))


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
            return _with_test_upload(state.hold_upload(uploaded))
        if held is not None:  # the file uploaded on another page, or before its widget was cleared
            st.caption(f"Showing the upload {plain(repr(held.name))}; upload another file to replace it.")
            return _with_test_upload(held.source)
        return None
    if kind == "Path":
        roots = ", ".join(str(r) for r in data_roots())
        path = st.text_input("File or folder", key="path", max_chars=1000, placeholder="../shared/data/wap",
                             help=f"A corpus file or folder inside {roots} (relative paths start where the app "
                                  f"was started). The server's administrator sets these folders with {DATA_DIRS_VAR}.")
        test = st.text_input("Test file (optional)", key="test_path", max_chars=1000,
                             help=TEST_HELP + " Give its path, in the same data folders.")
        return Source("path", Path(path).name or path, path=path, test_path=test.strip()) if path.strip() else None
    return Source("sample")


#: What a test file does, said beside its box.
TEST_HELP = ("A corpus that ships as a training file and a test file (Reuters, 20 Newsgroups …): give the test file "
             "here, in the same format. Runs then select words and fit on the training file and score on the test "
             "file (in parts, the metric and k chosen on the other parts) instead of cross-validating one file.")


def _with_test_upload(source: Source) -> Source:
    """``source`` with the test file uploaded beside it, if any (held for the session as the corpus is)."""
    held = state.held_upload(state.TEST_SLOT)
    uploaded = st.file_uploader("Test file (optional)" if held is None else "Another test file", type=UPLOAD_TYPES,
                                key="test_upload", help=TEST_HELP)
    if uploaded is not None:
        state.hold_upload(uploaded, state.TEST_SLOT)
    elif held is not None:  # uploaded on another page, or before its widget was cleared
        st.caption(f"Test file: {plain(repr(held.name))}.")
        if st.button("Score by cross-validation instead (drop the test file)", key="drop_test_upload"):
            state.release_upload(state.TEST_SLOT)
    held = state.held_upload(state.TEST_SLOT)
    if held is None:
        return source
    return replace(source, test_name=held.name, test_digest=held.digest)


def _chosen_options() -> dict:
    """The preprocessing the widgets hold (read before they are drawn, so the box can say what the corpus took),
    normalised: options that cannot apply are at their defaults, so two spellings of one corpus share a cache."""
    state_ = st.session_state
    options = {name: state_[name] for name in DEFAULT_OPTIONS}
    options.update(min_df=int(options["min_df"]), max_df=float(options["max_df"]), ngrams=tuple(options["ngrams"]),
                   char_ngrams=tuple(options["char_ngrams"]), token_pattern=str(options["token_pattern"]).strip() or None)
    if options["analyzer"] == "char_wb":  # character n-grams take no word options
        options.update(ngrams=(1, 1), token_pattern=None, stopwords=False, stem=False)
    else:
        options["char_ngrams"] = DEFAULT_OPTIONS["char_ngrams"]
    if not (options["stopwords"] or options["stem"]):
        options["language"] = DEFAULT_OPTIONS["language"]
    return options


def _checked(options: dict, good: dict) -> dict:
    """``options`` if :func:`fsviz.corpora.analyzer.check_preprocessing` accepts them, else (with the reason shown) the
    options the shown corpus was read with."""
    try:
        check_preprocessing(**{name: value for name, value in options.items() if name != "min_df"})
        return options
    except (TypeError, ValueError) as exc:
        st.error(f"Preprocessing: {plain(exc)}. The corpus stays as it was read; change the option under "
                 "Preprocessing.", icon="⚠️")
        return good


def _preprocessing(corpus) -> None:
    """The Preprocessing box: rare and common words, language, stop words, stems, and the text options (off for
    a pre-counted corpus, whose words are its file's columns)."""
    text = bool(corpus.options.get("tokenised", False))
    words = st.session_state["analyzer"] == "word"
    with st.expander("Preprocessing", expanded=False):
        st.number_input("Rare-word cutoff: keep words in at least this many documents", *links.MIN_DF_RANGE, key="min_df",
                        help="Forman used 3. 1 keeps every word.")
        st.number_input("Common-word cutoff: drop words in more than this share of documents", 0.01, 1.0, step=0.05,
                        key="max_df", format="%.2f", help="1.00 keeps every word; 0.5 drops words in over half.")
        st.selectbox("Language", LANGUAGES, key="language", format_func=str.title,
                     help="Whose stop words and Snowball stemmer the two boxes below use (stop words: "
                          "scikit-learn's list for English, stopwordsiso's for the others).")
        st.checkbox("Drop stop words", key="stopwords", disabled=not words)
        st.checkbox("Stem words (Snowball)", key="stem", disabled=not words)
        st.radio("Features", ANALYZERS, key="analyzer", horizontal=True, disabled=not text,
                 format_func={"word": "Words", "char_wb": "Characters"}.get,
                 help="Characters: the character n-grams inside each word (scikit-learn's char_wb), for text not "
                      "split into words by spaces (Chinese, Japanese, Thai …).")
        if words:
            st.slider("Word n-grams: from … to … words", 1, MAX_NGRAM, key="ngrams", disabled=not text,
                      help="1 to 2 keeps single words and pairs of adjacent words (stop words are dropped first).")
            st.text_input("Token pattern (a regular expression)", key="token_pattern", disabled=not text,
                          max_chars=200, placeholder=r"(?u)\b\w\w+\b",
                          help="What a word is: by default two or more letters or digits (scikit-learn's).")
        else:
            st.slider("Character n-grams: from … to … characters", 1, MAX_CHAR_NGRAM, key="char_ngrams",
                      disabled=not text)
        st.checkbox("Lower-case the text", key="lowercase", disabled=not text)
        if not text:
            st.caption("This corpus came as word counts (ARFF, CLUTO): its words are the file's columns, so the "
                       "options read from text (features, n-grams, token pattern, case) do not apply.")


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
            except LoadStopped:  # the visitor left while it was read (ui.state.visitor_left): no one to tell
                st.stop()
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


def _corpus_groups_k():
    """The corpus, preprocessing, task and k widgets; the loaded corpus and the choices."""
    pending = _source()
    box = st.container()  # Preprocessing, drawn once the corpus says whether it has text
    good = st.session_state.get("loaded", DEFAULT_SOURCE)[1]
    corpus, (source, used_options) = _load_corpus(pending, _checked(_chosen_options(), good))
    with box:
        _preprocessing(corpus)
    test = "" if corpus.test_rows is None else f" ({corpus.test_rows.size:,} in the test file)"
    st.caption(f"{plain(corpus.name)}: {corpus.n_docs:,} documents{test}, {corpus.n_words:,} words, "
               f"{corpus.n_classes} classes")

    groups = _groups(corpus)
    if st.session_state["k"] > corpus.n_words:
        st.session_state["k"] = corpus.n_words
    k = st.number_input("k: words to select", 1, corpus.n_words, key="k",
                        help=f"Each metric keeps its k best words (1 to {corpus.n_words:,}, the vocabulary size).")
    return corpus, (source, tuple(sorted(used_options.items()))), used_options["min_df"], groups, int(k)


def _groups(corpus) -> Groups | None:
    """The task: one class against the rest (Forman's), or group A against group B (any classes on each side;
    documents in neither are left out). None, with a note, while group A is empty."""
    order = sorted(range(corpus.n_classes), key=lambda i: -corpus.class_sizes[i])
    classes = [str(corpus.classes[i]) for i in order]
    sizes = dict(zip(map(str, corpus.classes.tolist()), corpus.class_sizes.tolist()))
    kind = st.radio("Compare", ["class", "groups"], key="task_kind", horizontal=True,
                    format_func={"class": "A class vs the rest", "groups": "Group A vs group B"}.get,
                    help="Forman's question is one class against every other document; any two groups of classes "
                         "sit on the same (fp, tp) plane.")
    if kind == "class":
        links.check_class(classes)
        if st.session_state.get("class_name") not in classes:
            st.session_state["class_name"] = classes[0]
        class_name = st.selectbox(
            "Positive class", classes, key="class_name",
            format_func=lambda c: f"{c} ({sizes[c]} docs, 1:{(corpus.n_docs - sizes[c]) / sizes[c]:.0f})")
        return Groups((class_name,))
    # choose_many drops the classes this corpus does not have, and those group A took from group B's choice
    group_a = choose_many("Group A (positive)", classes, key="group_a", format_func=lambda c: f"{c} ({sizes[c]})",
                          placeholder="Choose classes",
                          help="Its documents are the positives: a word's tp counts them.")
    group_b = choose_many("Group B (negative)", [c for c in classes if c not in group_a], key="group_b",
                          format_func=lambda c: f"{c} ({sizes[c]})", placeholder="Every other document",
                          help="Its documents are the negatives (fp); empty: every document not in group A. "
                               "Documents in neither group are left out.")
    if not group_a:
        st.info("Choose the classes of group A.", icon="ℹ️")
        return None
    return Groups(tuple(group_a), tuple(group_b) or None)
