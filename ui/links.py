"""Links to views: the word map, decision boundaries and Results explorer keep what they show in their address.

After a page is drawn, :func:`keep` writes its view into the address (``st.query_params``): the corpus (the
sample, or a path inside the data folders), the positive class, k, the rare-word cutoff, and the page's own
choices (its metrics, zoom, log axes and the words searched; the explorer's goal and k). Opening that address in
a new browser (:func:`apply`, before the page's widgets are drawn) shows the same view; going to another page and
back keeps the page's choices. An uploaded corpus is not in the address (``source=upload`` only), and neither
are its class names nor its words (the class, the words searched): the address a visitor copies and sends holds
none of their data. It reopens in its owner's session (the class kept in the session); anyone else gets the
sample, and the page says so. A value that is wrong, stale (a class the
corpus lacks) or hostile is never applied: the page says which, as text, and shows its defaults for it.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import urlencode, urlsplit

import streamlit as st

import fsviz
from fsviz._lazy import lazy
from fsviz.corpora.paths import paths_allowed
from ui import share_links, state
from ui.components import plain

open_run = lazy("fsviz.evaluation.grid", "open_run")  # imported when a link first opens a run

#: Each page's own keys in the address → its widget's session key and what a value must be.
PAGE_KEYS = {
    "pages/word_map.py": {"metrics": "wordmap_metrics", "zoom": "wordmap_zoom", "log": "wordmap_log",
                          "search": "wordmap_search"},
    "pages/boundaries.py": {"metrics": "boundaries_metrics"},
    "pages/results.py": {"goal": "res_goal", "rk": "res_k"},
}
#: Page keys whose values are the corpus's own text (the words searched): left out of an upload's address.
CORPUS_WORDS = {"search"}
_LONGEST = 1000
_WHOLE = re.compile(r"[0-9]{1,9}")


def _metrics(text: str, kind=None) -> list:
    names = [n for n in text.split(",") if n]
    known = {m for m in fsviz.metric_names(kind) if kind is None or not fsviz.get_metric(m).random}
    if not names or len(names) > 50 or any(n not in known for n in names):
        raise ValueError("metrics must be registered metric names, comma-separated")
    return names


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError("must be 0 or 1")
    return text == "1"


def _whole(text: str) -> int:
    if not _WHOLE.fullmatch(text) or int(text) < 1:
        raise ValueError("must be a whole number, at least 1")
    return int(text)


#: The rare-word cutoffs the sidebar's box offers.
MIN_DF_RANGE = (1, 10_000)


def _min_df(text: str) -> int:
    value = _whole(text)
    if value > MIN_DF_RANGE[1]:
        raise ValueError(f"must be {MIN_DF_RANGE[0]} to {MIN_DF_RANGE[1]:,} documents")
    return value


def _paths_open() -> bool:
    try:
        return paths_allowed()
    except ValueError:  # a mistyped setting: the sidebar says so, and reads no path
        return False


def _search(text: str) -> str:
    if len(text) > 200 or not text.isprintable():
        raise ValueError("must be words, comma-separated, at most 200 characters")
    return text


def _goal(text: str) -> str:
    if text not in ("f1", "precision", "recall", "accuracy"):
        raise ValueError("must be f1, precision, recall or accuracy")
    return text


_PARSERS = {"metrics": _metrics, "zoom": _flag, "log": _flag, "k": _whole, "min_df": _min_df, "rk": _whole,
            "goal": _goal, "search": _search}


def apply(script: str) -> None:
    """Put the address's view into the session before the page draws its widgets, once per address and session.
    Bad values are left out and named on the page (as text)."""
    params = {name: st.query_params.get(name) for name in st.query_params}
    if not params or params.get("run") is not None:
        return  # no view in the address, or a shared run's link (ui.shares)
    signature = (script, tuple(sorted(params.items())))
    if st.session_state.get("link_applied") == signature:
        return
    st.session_state["link_applied"] = signature
    problems, own = [], PAGE_KEYS.get(script, {})
    for name, text in params.items():
        if not isinstance(text, str) or len(text) > _LONGEST:
            problems.append(f"{name} (too long)")
            continue
        try:
            if name == "source":
                if text not in ("sample", "path", "upload"):
                    raise ValueError("must be sample, path or upload")
                if text == "upload" and state.held_upload() is None:
                    raise ValueError("an uploaded corpus stays in its owner's session; the sample is shown")
                if text == "path" and not _paths_open():
                    raise ValueError("this server reads no paths (FSVIZ_ALLOW_PATHS is off), so the path in the "
                                     "link was not read; the sample is shown")
                st.session_state["source_kind"] = text.title()
            elif name == "path":
                if not _paths_open():
                    continue  # said once, under source
                st.session_state["path"] = text
            elif name == "class":
                st.session_state["link_class"] = text  # checked against the corpus once it is read
                st.session_state["task_kind"] = "class"
            elif name == "k":
                st.session_state[name] = _whole(text)
            elif name == "min_df":
                st.session_state[name] = _min_df(text)
            elif name == "mine" and script == "pages/results.py":
                _open_mine(text)
            elif name in own:
                kind = "table" if (script, name) == ("pages/boundaries.py", "metrics") else None  # drawn as curves
                value = _metrics(text, kind) if name == "metrics" else _PARSERS[name](text)
                st.session_state[own[name]] = value
            else:
                raise ValueError("is not a setting of this page")
        except ValueError as exc:
            problems.append(f"{name} ({exc})")
    if problems:
        st.session_state["link_problems"] = problems


def _open_mine(key: str) -> None:
    """Show this visitor's own stored run ``key`` (a Results explorer link's ``mine=``); ValueError if it is not
    theirs, or no longer stored."""
    if not share_links.stored(state.visitor(), key):
        raise ValueError("the link names a run that is not yours on this server, or that was deleted since; a run "
                         "someone shows you opens by their share link")
    try:
        run = open_run(share_links.run_path(state.visitor(), key))
    except (ValueError, OSError) as exc:
        raise ValueError(f"the run could not be read ({exc})") from None
    state.show_results(run, f"your stored run {key} (from a link)")


def check_class(classes) -> None:
    """The address's class, once the corpus is read: chosen when the corpus has it, named on the page if not."""
    wanted = st.session_state.pop("link_class", None)
    if wanted is None:
        return
    if wanted in classes:
        st.session_state["class_name"] = wanted
    else:
        st.session_state.setdefault("link_problems", []).append("class (this corpus has no such class)")


def keep(script: str, ctx) -> None:
    """Write the page's view into its address, and say what a link to it shows; name what the link the visitor
    came by could not apply."""
    problems = st.session_state.pop("link_problems", None)
    if problems:  # said on this page until another is opened: a page that reruns at once (the word map, once its
        st.session_state["link_notice"] = (script, problems)  # chart is drawn) would otherwise drop it unseen
    notice = st.session_state.get("link_notice")
    if notice and notice[0] == script:
        st.info("The link's settings that could not be applied, left at the page's defaults: "
                + plain("; ".join(notice[1])), icon="🔗")
    elif notice:
        del st.session_state["link_notice"]
    kind = getattr(ctx.corpus_key[0], "kind", "sample")
    upload = _is_upload(ctx)  # its class names and words are the visitor's own: never in an address
    view = {"source": kind if kind in ("path", "upload") else "sample"}
    if kind == "path":
        view["path"] = str(ctx.corpus_key[0].path)
    if ctx.groups.one_vs_rest and not upload:
        view["class"] = str(ctx.class_name)
    view["k"] = str(int(ctx.k))
    view["min_df"] = str(int(dict(ctx.corpus_key[1]).get("min_df", 3)))  # the shown corpus's, not the box's
    for name, key in PAGE_KEYS.get(script, {}).items():
        value = st.session_state.get(key)
        if value is None or value == "" or (upload and name in CORPUS_WORDS):  # no word of an upload's either
            continue
        view[name] = ",".join(value) if isinstance(value, list) else str(int(value)) if isinstance(value, bool) \
            else str(value)
    if st.query_params.get("run") is not None:  # a shared run's link (ui.shares) keeps its id
        view["run"] = st.query_params.get("run")
    elif script == "pages/results.py" and (mine := _own_shown_run()) is not None:
        view["mine"] = mine  # the visitor's own stored run: their link reopens it (others need a share link)
    if {name: st.query_params.get(name) for name in st.query_params} != view:
        st.query_params.from_dict(view)
    st.session_state["link_applied"] = (script, tuple(sorted(view.items())))  # this view is the session's own


def _own_shown_run() -> str | None:
    """The key of the run the Results explorer shows when it is this visitor's own stored run, else None."""
    shown = state.shown_results()
    if shown is None or shown[1].startswith("a run shared"):
        return None
    key = str(getattr(shown[0], "key", "") or "")
    return key if share_links.stored(state.visitor(), key) else None


def _is_upload(ctx) -> bool:
    """Whether the sidebar's corpus is an upload (its name, classes and words are its visitor's own)."""
    return getattr(ctx.corpus_key[0], "kind", "sample") == "upload"


def server_address() -> str:
    """This server's address as the browser reached it (``https://host:port``); '' outside a browser session."""
    try:
        parts = urlsplit(st.context.url or "")
    except Exception:  # noqa: BLE001 (no browser request behind this session: a test)
        return ""
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def view_link(script: str) -> str:
    """The address of the view :func:`keep` wrote: this server, the page, and its query (an upload's name never in it)."""
    base = server_address()
    slug = "" if script == "app.py" else PurePosixPath(script).stem
    query = urlencode({name: st.query_params.get(name) for name in st.query_params})
    return f"{base}/{slug}" + (f"?{query}" if query else "")


#: The widget key of the sidebar's "Link to this view" (True when it is open).
LINK_BOX = "view_link_box"


def link_box(script: str, ctx) -> None:
    """The sidebar's "Link to this view": the address to copy (the code box's copy button) and what it carries.

    Its content is built when it is open (``on_change="rerun"``): a code box makes a first visit's browser load
    Streamlit's syntax highlighter, 1.5 MB of JavaScript, which a folded box does not need."""
    box = st.sidebar.expander("Link to this view", icon=":material/link:", key=LINK_BOX, on_change="rerun")
    if box.open is False:
        return
    with box:
        st.code(view_link(script), language=None, wrap_lines=True)
        upload = _is_upload(ctx)
        st.caption("Copy it with the button at its corner: it opens this page with the same corpus, class, k and "
                   "the page's choices, and carries nothing else of yours." if not upload else
                   "Copy it with the button at its corner. Your upload stays yours: the link holds its k and the "
                   "page's choices, but not its name, class or words, and whoever opens it sees the sample instead.")
        if script == "pages/results.py":
            st.caption("It reopens the run shown for you alone, on this server. To show the run to someone else, "
                       "make a share link under *Share this run* on this page." if _own_shown_run() is not None else
                       "The results shown are not a run stored on this server (a loaded file, or a run shared with "
                       "you), so the link does not reopen them: load the file again, or keep the share link.")

