"""The app's session state: the current corpus source, the held upload, the sidebar's context, the shown results.

Caches live in :mod:`ui.cache`. The current corpus source lives in session
state and changes only when a new one loads without error, so a failed
upload never loses what was loaded.

An upload is held here, once: each page has an upload widget of its own
(Streamlit's page folder gives widgets per-page ids), so the file the
visitor uploaded on one page must outlive that page's widget. Only the
newest upload is held (the one shown or being tried), and it is let go when
another kind of source loads; Streamlit frees the widget's own copy when the
widget goes away. The parsed corpus is cached by the file's SHA-256. A path a
visitor types is read only inside the allowed data folders (:mod:`fsviz.corpora.paths`).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.runtime import Runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

import fsviz
from fsviz import CorpusError
from fsviz._lazy import lazy
from fsviz.corpora.analyzer import TEXT_OPTIONS
from fsviz.corpora.corpus import TextOptionsError
from fsviz.corpora.groups import Groups
from fsviz.corpora.paths import ALLOW_PATHS_VAR, confine_path, data_roots, paths_allowed
from fsviz.corpora.sample import cache_dir
from fsviz.evaluation import DEFAULT_CACHE_LIMIT, cache_limit, touch, trim_cache
from ui import cache, share_links

run_key = lazy("fsviz.evaluation.grid", "run_key")  # imported when a run page first needs it (see ui.cache)


@dataclass(frozen=True)
class Source:
    """Where the current corpus comes from: 'sample', 'upload' or 'path'; and its test file, if any (the upload's
    name and SHA-256, or a path), which :func:`fsviz.corpora.load_split` reads beside it."""

    kind: str
    name: str = "sample"
    digest: str = ""
    path: str = ""
    test_name: str = ""
    test_digest: str = ""
    test_path: str = ""


def load(source: Source, options: dict):
    """The corpus for ``source`` with preprocessing ``options`` (:func:`fsviz.load_corpus`'s; cached in
    :mod:`ui.cache`).

    The sidebar's text options (n-grams, analyzer, token pattern, lower-casing) are a setting kept for every
    corpus the visitor opens, so a pre-counted corpus (ARFF, CLUTO: its words are the file's columns), which
    refuses them, is read without them (the sidebar says so) rather than refused.
    """
    try:
        return _load(source, options)
    except TextOptionsError:
        return _load(source, {**options, **TEXT_OPTIONS})


def _load(source: Source, options: dict):
    key = tuple(sorted(options.items()))
    if source.kind == "upload":
        test = (source.test_name, source.test_digest, _held_upload(source.test_digest, TEST_SLOT)) \
            if source.test_digest else None
        return cache.uploaded_corpus(source.name, source.digest, key, source.test_digest,
                                     _upload=_held_upload(source.digest), _test=test, _should_stop=visitor_left())
    if source.kind == "path":
        if not paths_allowed():
            raise CorpusError(f"this server does not read typed paths ({ALLOW_PATHS_VAR}=0); upload the file instead")
        roots = data_roots()
        test = str(confine_path(source.test_path, roots)) if source.test_path else ""
        return cache.path_corpus(str(confine_path(source.path, roots)), key, test, _should_stop=visitor_left())
    return cache.sample_corpus(key)


@dataclass(frozen=True)
class HeldUpload:
    """An uploaded file's name, content and SHA-256, held for the session (see the module's docstring)."""

    file_id: str
    name: str
    digest: str
    data: bytes = field(repr=False)

    @property
    def source(self) -> Source:
        return Source("upload", self.name, digest=self.digest)


#: Where the session holds its corpus upload, and the upload of its test file.
UPLOAD_SLOT, TEST_SLOT = "held_upload", "held_test_upload"


def hold_upload(uploaded, slot: str = UPLOAD_SLOT) -> Source:
    """Hold a Streamlit UploadedFile's content for this session (replacing the one held in ``slot``); its Source.

    The file is named by its content's SHA-256, hashed once per upload. The
    bytes held are the upload widget's own (``getvalue`` shares them), so
    holding them costs no copy while the widget still has the file.
    """
    held = st.session_state.get(slot)
    if held is None or held.file_id != uploaded.file_id:
        data = uploaded.getvalue()
        held = HeldUpload(uploaded.file_id, uploaded.name, hashlib.sha256(data).hexdigest(), data)
        st.session_state[slot] = held
    return held.source


def held_upload(slot: str = UPLOAD_SLOT) -> HeldUpload | None:
    """The upload this session holds in ``slot``, or None."""
    return st.session_state.get(slot)


def release_upload(slot: str | None = None) -> None:
    """Let go of the held upload in ``slot`` (default: both, as another kind of source is loaded)."""
    for name in (UPLOAD_SLOT, TEST_SLOT) if slot is None else (slot,):
        st.session_state.pop(name, None)


def _held_upload(digest: str, slot: str = UPLOAD_SLOT) -> bytes | None:
    """The content held in ``slot`` when it is the file with ``digest``, else None."""
    held = held_upload(slot)
    return held.data if held is not None and held.digest == digest else None


def metric_option(name: str) -> str:
    """How a metric picker lists a metric: its label, long name and, if not the 2×2 table, what it reads."""
    metric = fsviz.get_metric(name)
    reads = "" if metric.reads_table else f" (reads {fsviz.metrics.INPUTS[metric.inputs]})"
    return f"{metric.label}: {metric.description}{reads}"


@dataclass(frozen=True)
class Context:
    """What the sidebar chose, for the pages: the corpus, the task's two groups and its :class:`fsviz.Task`
    (None when the groups cannot make one), and k."""

    corpus: object
    corpus_key: tuple
    groups: Groups
    task: object
    k: int

    @property
    def class_name(self) -> str:
        """The task's name: the class for one class against the rest, else ``"a + b vs c"``
        (:attr:`fsviz.corpora.groups.Groups.label`)."""
        return self.groups.label

    @property
    def described(self) -> str:
        """The task in words, for a sentence: ``class 'a'``, ``classes 'a + b' against the rest`` or
        ``'a + b' against 'c'``."""
        groups = self.groups
        if groups.one_vs_rest:
            return f"class {groups.positive_label!r}"
        if groups.negative is None:
            return f"classes {groups.positive_label!r} against the rest"
        return f"{groups.positive_label!r} against {groups.negative_label!r}"

    @property
    def task_key(self) -> tuple:
        """What the task depends on: the corpus and the groups (a key for the caches of this task)."""
        return (self.corpus_key, self.groups)

    @property
    def positive(self):
        """The positive group as the library takes it: the class, or a list of classes (:attr:`Groups.arguments`)."""
        return self.groups.arguments[0]

    @property
    def negative(self):
        """The negative group as the library takes it: None (every other document) or a list of classes."""
        return self.groups.arguments[1]


def set_context(context: Context) -> None:
    st.session_state["context"] = context


def context() -> Context:
    return st.session_state["context"]


#: The environment variable capping the work one run started in the app may have left: its classifier fits
#: (cells × fits per cell; a grid cell of 12 metrics × 14 k is 169 fits, a rare-word cutoff cell 2), at most.
MAX_FITS_VAR = "FSVIZ_MAX_FITS"
#: Its default: twice Forman's protocol on the sample corpus (700 cells × 169 fits, about 118,000 fits) or the
#: rare-word cutoff page's default (17,500 cells × 2 fits).
DEFAULT_MAX_FITS = 250_000


def max_fits(environ=None) -> int:
    """The most classifier fits a visitor may start in one run: ``FSVIZ_MAX_FITS``, else :data:`DEFAULT_MAX_FITS`.

    A mistyped setting raises ValueError naming it (the page says so and uses the default).
    """
    environ = os.environ if environ is None else environ
    text = environ.get(MAX_FITS_VAR, "").strip().replace(",", "").replace("_", "")
    if not text:
        return DEFAULT_MAX_FITS
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{MAX_FITS_VAR} must be a whole number of classifier fits, at least 1, got {text[:40]!r}")
    return int(text)


#: The environment variable naming a team's Dask scheduler (``tcp://host:8786``): the app's grid-like runs (grid,
#: Recommend, lesion, cutoff) go to it, as the CLI's ``--scheduler`` does; unset, they run on this machine.
SCHEDULER_VAR = "FSVIZ_SCHEDULER"
_ADDRESS = re.compile(r"(tcp|tls|ucx|ws|wss)://[^\s/]+:\d{1,5}")


def scheduler(environ=None) -> str | None:
    """The Dask scheduler ``FSVIZ_SCHEDULER`` names, or None; ValueError naming the setting when it is not an
    address such as ``tcp://10.0.0.5:8786``."""
    environ = os.environ if environ is None else environ
    text = environ.get(SCHEDULER_VAR, "").strip()
    if not text:
        return None
    if not _ADDRESS.fullmatch(text):
        raise ValueError(f"{SCHEDULER_VAR} must be a Dask scheduler's address such as tcp://10.0.0.5:8786, got "
                         f"{text[:80]!r}")
    return text


#: The environment variable that lets visitors delete their stored runs (``1``); off by default.
ALLOW_DELETE_VAR = "FSVIZ_ALLOW_DELETE"


def deleting_allowed(environ=None) -> bool:
    """Whether the runs list offers Delete: ``FSVIZ_ALLOW_DELETE=1`` (a visitor's own runs only, unless the server
    shares runs)."""
    environ = os.environ if environ is None else environ
    return environ.get(ALLOW_DELETE_VAR, "").strip().lower() in {"1", "true", "yes", "on"}


def max_fits_or_default() -> int:
    """:func:`max_fits`, or its default with a warning on the page when the setting is mistyped."""
    try:
        return max_fits()
    except ValueError as exc:
        st.warning(f"{exc}; using the default, {DEFAULT_MAX_FITS:,} fits.", icon="⚠️")
        return DEFAULT_MAX_FITS


#: The environment variable of a team server that lists every run to every visitor (``1``): the old behaviour.
SHARED_RUNS_VAR = "FSVIZ_SHARED_RUNS"
#: The cookie that keeps a browser's visitor token across reloads and server restarts.
VISITOR_COOKIE = "fsviz_visitor"
#: What a visitor token looks like (URL-safe base64 of 32 random bytes): anything else in the cookie is ignored.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def shared_runs(environ=None) -> bool:
    """Whether every visitor sees every run: ``FSVIZ_SHARED_RUNS=1``, for a team that wants it."""
    environ = os.environ if environ is None else environ
    return environ.get(SHARED_RUNS_VAR, "").strip().lower() in {"1", "true", "yes", "on"}


def _cookie() -> str:
    """The visitor cookie the browser sent ('' when none, or outside a browser session)."""
    try:
        value = st.context.cookies.get(VISITOR_COOKIE, "")
    except Exception:  # noqa: BLE001 (no browser request behind this session: a bare script or a test)
        return ""
    return value if isinstance(value, str) else ""


def browser_token() -> str:
    """This browser's visitor token: the cookie's when it holds one, else a new one (256 random bits) that
    :func:`remember_browser` asks the browser to keep. The same for the whole session."""
    token = st.session_state.get("_visitor_token")
    if token is None:
        cookie = _cookie()
        token = cookie if _TOKEN.fullmatch(cookie) else secrets.token_urlsafe(32)
        st.session_state["_visitor_token"] = token
    return token


def remember_browser() -> None:
    """Ask the browser to keep its visitor token (a first-party cookie, one year, this site only) when it does not
    send it yet: a reload, another tab or a restart of the server is then the same visitor; a private window or
    another browser is another. Nothing is drawn."""
    token = browser_token()
    if shared_runs() or signed_in() or _cookie() == token:
        return
    st.html(f"<script>document.cookie = '{VISITOR_COOKIE}={token}; path=/; max-age=31536000; SameSite=Strict';"
            "</script>", unsafe_allow_javascript=True)


def login_providers() -> list:
    """The sign-in buttons this server offers: none without a login (no ``[auth]`` in ``.streamlit/secrets.toml``);
    ``[None]`` for ``[auth]``'s own OpenID Connect provider; each named provider (``[auth.google]``, …) otherwise,
    as :func:`st.login` takes them."""
    try:
        auth = st.secrets.get("auth")
    except Exception:  # noqa: BLE001 (no secrets file, or one Streamlit cannot read: no login)
        return []
    if not auth:
        return []
    named = [name for name, value in auth.items() if isinstance(value, Mapping)]
    return named or [None]


def signed_in() -> bool:
    """Whether a visitor signed in (a login configured with st.login's ``[auth]``)."""
    try:
        return bool(st.user.is_logged_in)
    except Exception:  # noqa: BLE001 (no login configured: [auth] absent from secrets.toml)
        return False


def visitor() -> str:
    """The folder name of this visitor's runs: the signed-in user's (with a login configured, across browsers)
    or this browser's, as a hash, so the cache folder never shows a token or an address; ``""`` when the server
    shares runs (:func:`shared_runs`)."""
    return "" if shared_runs() else visitor_key()


def visitor_key() -> str:
    """Who this visitor is, as a hash (the signed-in user, else this browser), whether or not the server shares
    runs: what counts one visitor's runs at once (:mod:`ui.turns`)."""
    identity = f"user:{st.user.get('sub') or st.user.get('email')}" if signed_in() else f"browser:{browser_token()}"
    return "v-" + hashlib.sha256(identity.encode()).hexdigest()[:32]


def session_id() -> str | None:
    """This session's id (None outside a served session: AppTest, a bare script)."""
    ctx = get_script_run_ctx()
    return None if ctx is None else ctx.session_id


#: Seconds a session may be gone before its work stops: a closed tab, not a moment's reconnection.
LEFT_SECONDS = 5.0


def visitor_left(session: str | None = None, grace: float | None = None):
    """A ``should_stop`` for work of the session ``session`` (default: this one): True once the session has been
    gone for ``grace`` seconds (default :data:`LEFT_SECONDS`); its clock starts again when the session is back."""
    session = session_id() if session is None else session
    gone = []

    def left() -> bool:
        if session_alive(session):
            gone.clear()
            return False
        gone[:] = gone or [time.monotonic()]
        return time.monotonic() - gone[0] > (LEFT_SECONDS if grace is None else grace)

    return left


def session_alive(session: str | None) -> bool:
    """Whether the session ``session`` is still connected to this server (its tab open); True when that cannot
    be known (no session, or no server runtime: AppTest)."""
    if session is None or not Runtime.exists():
        return True
    return Runtime.instance().is_active_session(session)


def grid_dir():
    """Where the app keeps this visitor's grid results and checkpoints (survives reloads and restarts): a folder
    of their own, or the shared one with :data:`SHARED_RUNS_VAR`. Runs stored before visitors had folders (in
    the shared folder) are shown to no one unless the server shares runs."""
    return cache_dir() / "grid" / visitor()


def multiclass_dir():
    """Where the app keeps this visitor's finished multi-class runs (as :func:`grid_dir`)."""
    return cache_dir() / "multiclass" / visitor()


def _all_run_folders() -> list:
    """Every folder of stored runs on this server, every visitor's: what the cache limit counts."""
    folders = []
    for root in (cache_dir() / "grid", cache_dir() / "multiclass"):
        folders.append(root)
        if root.is_dir():
            folders += sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith("v-"))
    return folders


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
        trimmed = trim_cache(_all_run_folders(), limit, in_use=keys)
    except OSError as exc:  # an unreadable cache folder costs disk, not the page
        st.warning(f"Could not trim the cache folder of stored runs ({exc}).", icon="⚠️")
        return
    for removed in trimmed.removed:  # a run's share links die with it
        forget_links(removed.folder, removed.key)


def forget_links(folder, key: str) -> None:
    """Delete the share links to the run ``key`` of the runs folder ``folder`` (the run is gone)."""
    folder = Path(folder)
    owner = folder.name if folder.name.startswith("v-") else ""
    if folder.parent == cache_dir() / "grid" or folder == cache_dir() / "grid":
        share_links.forget(owner, key)


def fill_grid_form(config) -> None:
    """Set the Evaluation grid's form to ``config`` the next time its page runs (a stored run opened)."""
    st.session_state["grid_form"] = config


def apply_grid_form(classes) -> None:
    """Before the grid page draws its form: the settings of a stored run opened since, if any. ``classes``
    are the corpus's (a config's empty list means all of them)."""
    config = st.session_state.pop("grid_form", None)
    if config is None:
        return
    names = set(fsviz.metric_names())
    st.session_state.update(
        grid_classes=list(config.classes) or list(classes), grid_metrics=[m for m in config.metrics if m in names],
        grid_specs=", ".join(m for m in config.metrics if m not in names), grid_ks=", ".join(map(str, config.k_values)),
        grid_trials=config.trials, grid_folds=config.folds, grid_seed=config.seed, grid_classifier=config.classifier,
        grid_solver=config.solver)


def kept(name: str, key):
    """What this session computed and :func:`keep` under ``name`` for the settings ``key``; None when it has not,
    or did for other settings (a result made on request, shown again at every rerun while the settings match)."""
    made = st.session_state.get(name)
    return made[1] if made is not None and made[0] == key else None


def keep(name: str, key, value):
    """Keep ``value``, computed for the settings ``key``, in this session (:func:`kept` reads it); returns it."""
    st.session_state[name] = (key, value)
    return value


def shown_results():
    """The results table the grid and results pages show: ``(GridRun, source)`` or None.

    A run opened through someone's share link is asked, each time, whether the link still opens it
    (``still_open`` of :func:`show_results`): once its owner revokes the link or deletes the run, it is no longer
    shown, and ``share_closed`` in the session says so to the page.
    """
    still_open = st.session_state.get("grid_shown_open")
    if still_open is not None and not still_open():
        for name in ("grid_shown", "grid_shown_open"):
            st.session_state.pop(name, None)
        st.session_state["share_closed"] = True
    return st.session_state.get("grid_shown")


def show_results(run, source: str, *, still_open=None) -> None:
    """Show ``run`` (from ``source``, said in its caption) on the grid and results pages; ``still_open``, for a run
    shared with this visitor, answers whether they may still see it."""
    st.session_state["grid_shown"] = (run, source)
    st.session_state["grid_shown_open"] = still_open


def results_key(table, name: str = "") -> tuple:
    """Names a results table by its whole content, for the analyses cache every session shares.

    The key is the SHA-256 of every column's name, type and values (text
    columns as their distinct values, length-prefixed, and each row's), so two tables share cached analyses
    only when they are equal; nothing a visitor declares (a run key in a
    file's metadata, a file name) enters it. ``name`` keeps apart the
    analyses of one page that share a table. The last key is remembered for its table (weakly), so a rerun
    of a page showing the same table does not hash it again (0.13 s for Forman's 770,000 rows).
    """
    remembered = st.session_state.get("results_key_memo")
    if remembered is not None and remembered[0]() is table and remembered[1] == name:
        return remembered[2]
    key = name, len(table), _table_digest(table)
    st.session_state["results_key_memo"] = (weakref.ref(table), name, key)
    return key


def _table_digest(table) -> str:
    digest = hashlib.sha256()
    for column in table.columns:
        values = table[column]
        header = f"{column!s}\x00{values.dtype!s}\x00{len(values)}".encode("utf-8", "surrogatepass")
        digest.update(len(header).to_bytes(8, "little") + header)
        if values.dtype.kind in "biuf":
            digest.update(np.ascontiguousarray(values.to_numpy()).tobytes())
        else:  # text: its distinct values, each length-prefixed, then which one each row holds
            categorical = pd.Categorical(values.astype(str))
            for text in categorical.categories:
                encoded = text.encode("utf-8", "surrogatepass")
                digest.update(len(encoded).to_bytes(8, "little") + encoded)
            digest.update(np.ascontiguousarray(categorical.codes, dtype=np.int64).tobytes())
    return digest.hexdigest()
