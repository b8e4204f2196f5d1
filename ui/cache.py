"""The app's only home for ``st.cache_data`` and ``st.cache_resource``.

Corpora, tasks and word points are cached with ``st.cache_resource``
(immutable, never copied), keyed by simple values:
the source kind, a file's SHA-256 or a path, the preprocessing options, the
class. Analyses of a results table are cached with ``st.cache_data`` per
table content.

Memory with many visitors: an upload's corpus is cached for its session
only (``scope="session"``, two at most: the one shown and the one being
tried) and released when the visitor leaves; so are the tasks of an upload
and what is made of them (word points, significance, the word map's words,
isoclines and animation), forgotten when the session's corpus changes
(:func:`forget_tasks`).
The sample and corpora read from paths are shared by every session, a few at
most, and a path's corpus is read again after an hour (``ttl``); their tasks and
what is made of them are the same for every visitor, so they are cached once for
all (:func:`_everyones`): a new visitor to the sample's word map finds its
words, their p and q and the default isoclines made (issue #53).
"""

from __future__ import annotations

import importlib
import io
import os
import threading

import streamlit as st

import fsviz
from fsviz._lazy import lazy
from fsviz.corpora import APART_BYTES, load_apart
from fsviz.corpora.split import load_split
from fsviz.stats.tables import word_points as _word_points
from fsviz.stats.tables import word_table as _word_table

# The run pages' work, imported when first used: the Corpus page, a new server's first, does not wait for
# scikit-learn (about 1 s of imports).
time_cell = lazy("fsviz.evaluation.grid", "time_cell")
analyse = lazy("fsviz.evaluation.analyses", "analyse")
word_map_animation_figure, _word_map_figure, _boundaries_figure = lazy(
    "fsviz.plots.words", "word_map_animation", "word_map_figure", "boundaries_figure")
_bns_figure = lazy("fsviz.plots.bns", "bns_figure")
_fdr_columns, _fp_grid = lazy("fsviz.plots.fdr", "fdr_columns", "fp_grid")
_no_isocline_reason, _top_k_isocline = lazy("fsviz.stats.isoclines", "no_isocline_reason", "top_k_isocline")
_significance, _fdr_boundary = lazy("fsviz.stats.significance", "significance", "fdr_boundary")
all_runs, stored_multiclass, time_multiclass_cell = lazy("fsviz.evaluation.multiclass", "all_runs", "stored_multiclass",
                                                         "time_multiclass_cell")

#: What the other pages import that the Corpus page does not (scikit-learn, scipy.stats, the grid, the figures):
#: :func:`warm_up` imports them in the background once a new server has drawn its first page.
WARM_MODULES = ("fsviz.plots.words", "fsviz.stats.binormal", "fsviz.learn.classifiers", "fsviz.evaluation.grid",
                "fsviz.evaluation.shipping.export", "fsviz.evaluation.analyses.tolerance", "fsviz.stats.agreement",
                "fsviz.evaluation.multiclass.runner", "fsviz.evaluation.analyses.pairwise", "fsviz.plots.results")
#: Set to 0 to turn :func:`warm_up` off (a server short of memory, or a test of what one page imports).
WARM_UP_VAR = "FSVIZ_WARM_UP"


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread | None:
    """Import :data:`WARM_MODULES` in a background thread, once per server process (about 1.5 s of imports).

    Called when the Corpus page has been drawn: a new server's first visitor does not wait for the modules
    the other pages need, and the page they open next finds them loaded. Imports are thread-safe (a page
    importing one of them meanwhile waits for it). ``FSVIZ_WARM_UP=0`` turns it off.
    """
    if os.environ.get(WARM_UP_VAR, "1").strip() == "0":
        return None

    def run():
        for module in WARM_MODULES:
            importlib.import_module(module)

    thread = threading.Thread(target=run, name="fsviz-warm-up", daemon=True)
    thread.start()
    return thread


#: How long a corpus read from a path is kept before it is read again.
PATH_TTL = "1h"


@st.cache_resource(show_spinner="Building the sample corpus (first time only) …", max_entries=4)
def sample_corpus(options: tuple):
    """The sample with preprocessing ``options`` (``(name, value)`` pairs of :func:`fsviz.load_corpus`'s options)."""
    return fsviz.load_sample(**dict(options))


def _handle(name, data):
    if data is None:
        raise fsviz.CorpusError(f"{name!r} is no longer held (another upload or source replaced it); "
                                "upload it again")
    handle = io.BytesIO(data)
    handle.name = name
    return handle


@st.cache_resource(show_spinner="Reading the upload …", max_entries=2, scope="session")
def uploaded_corpus(name, digest, options: tuple, test_digest="", _upload=None, _test=None, _should_stop=None):
    """The corpus in an upload with SHA-256 ``digest``, preprocessed with ``options``; with its test file's
    upload (``test_digest``, ``_test`` = (name, digest, content)), the two read by :func:`fsviz.corpora.load_split`.

    ``_upload`` is the content this session holds (:func:`ui.state.held_upload`), None once another
    replaced it. ``_should_stop`` ends the load (:class:`fsviz.LoadStopped`) once its visitor has left.
    """
    test = None if _test is None else _handle(_test[0], _test[2])
    size = len(_upload or b"") + (0 if _test is None else len(_test[2] or b""))
    return _read(_handle(name, _upload), test, size, _should_stop, dict(options))


@st.cache_resource(show_spinner="Reading the corpus …", max_entries=4, ttl=PATH_TTL)
def path_corpus(path, options: tuple, test_path="", _should_stop=None):
    """The corpus at ``path`` (confined to the data folders), with its test file at ``test_path`` if given;
    ``_should_stop`` as :func:`uploaded_corpus` takes it."""
    size = sum(os.path.getsize(p) if os.path.isfile(p) else APART_BYTES for p in (path, test_path) if p)
    return _read(path, test_path or None, size, _should_stop, dict(options))


def _read(source, test, size: int, should_stop, options: dict):
    """The corpus in ``source`` (and its ``test`` file), read here or, from :data:`fsviz.corpora.APART_BYTES` on
    (a folder counts as that large), in a worker process (:func:`fsviz.corpora.load_apart`): the parse of a
    large corpus holds a process's interpreter for seconds, and every other visitor's click would wait on it."""
    if size >= APART_BYTES:
        return load_apart(source, test, should_stop=should_stop, **options)
    if test is None:
        return fsviz.load_corpus(source, should_stop=should_stop, **options)
    return load_split(source, test, should_stop=should_stop, **options)


def _everyones(task_key) -> bool:
    """Whether the task under ``task_key`` (``(corpus key, groups)``, the corpus key ``(Source, options)``) is the same
    for every visitor: its corpus is the sample or a path, not an upload (which stays its session's)."""
    return getattr(task_key[0][0], "kind", "upload") != "upload"  # anything else stays its session's


# Each of these is cached twice, for every session when the corpus is everyone's (the sample, a path: a new visitor
# finds it made) and for the session alone when it is an upload; the public function picks by the key.


@st.cache_resource(max_entries=8, scope="session")
def _own_task(_corpus, corpus_key, groups):
    return _corpus.task(*groups.arguments)


@st.cache_resource(max_entries=16, ttl=PATH_TTL)
def _everyones_task(_corpus, corpus_key, groups):
    return _corpus.task(*groups.arguments)


def task(corpus, corpus_key, groups):
    """The task of ``groups`` (a :class:`fsviz.corpora.groups.Groups`: one class against the rest, or group A against
    group B), cached per corpus and groups."""
    return (_everyones_task if _everyones((corpus_key,)) else _own_task)(corpus, corpus_key, groups)


@st.cache_resource(max_entries=8, scope="session")
def _own_word_points(_task, task_key):
    return _word_points(_task)


@st.cache_resource(max_entries=16, ttl=PATH_TTL)
def _everyones_word_points(_task, task_key):
    return _word_points(_task)


def word_points(task, task_key):
    """The task's words merged into one point per (fp, tp) (cached per task)."""
    return (_everyones_word_points if _everyones(task_key) else _own_word_points)(task, task_key)


def _made_word_layer(task, task_key, metrics: tuple, log: bool) -> str:
    return _word_map_figure(task, list(metrics), 1, log=log, part="words", points=word_points(task, task_key),
                            tested=significance(task, task_key)).to_json()


@st.cache_resource(max_entries=8, scope="session")
def _own_word_layer(_task, task_key, metrics: tuple, log: bool) -> str:
    return _made_word_layer(_task, task_key, metrics, log)


@st.cache_resource(max_entries=16, ttl=PATH_TTL)
def _everyones_word_layer(_task, task_key, metrics: tuple, log: bool) -> str:
    return _made_word_layer(_task, task_key, metrics, log)


def word_layer(task, task_key, metrics: tuple, log: bool) -> str:
    """The word map's words, its one large trace (:func:`fsviz.plots.word_map_figure`'s ``part="words"``: the
    hover gives each point's score for ``metrics``), as a figure's JSON, cached per task, metrics and axes: a new
    k or search builds none again, and the chart keeps it drawn (``ui.charts.live_chart``'s ``under``)."""
    return (_everyones_word_layer if _everyones(task_key) else _own_word_layer)(task, task_key, metrics, log)


@st.cache_resource(max_entries=8, scope="session")
def boundary_maps(_task, task_key, metrics: tuple, max_points: int) -> tuple[str, dict]:
    """The boundaries page's maps (:func:`fsviz.plots.boundaries_figure`'s ``part="maps"``: the contours, the
    words and the panels' layout, most of the figure and of its build) as a figure's JSON, with its ``meta`` (the
    points drawn, of how many), cached per task, metrics and words shown: a new k builds the isoclines alone."""
    maps = _boundaries_figure(_task, list(metrics), 1, points=word_points(_task, task_key), max_points=max_points,
                              part="maps")
    return maps.to_json(), dict(maps.layout.meta)


def _made_isocline(task, name, k, zoom):
    if _no_isocline_reason(name, task.pos, task.neg) is not None or fsviz.get_metric(name).random:
        return None
    return _top_k_isocline(task, name, k, fp=_fp_grid(task, zoom, 600))  # 600: word_map_figure's n_curve


@st.cache_resource(max_entries=64, scope="session")
def _own_isocline(_task, task_key, name, k, zoom):
    return _made_isocline(_task, name, k, zoom)


@st.cache_resource(max_entries=128, ttl=PATH_TTL)
def _everyones_isocline(_task, task_key, name, k, zoom):
    return _made_isocline(_task, name, k, zoom)


def isocline(task, task_key, name, k, zoom):
    """Metric ``name``'s top-k isocline on the word map's fp grid for ``zoom`` (None where it has none in the
    plane), cached per task, metric, k and view: adding a metric, a search or the log axes computes none again.
    :func:`fsviz.plots.word_map_figure` uses it only where it is that k's curve on its own grid."""
    return (_everyones_isocline if _everyones(task_key) else _own_isocline)(task, task_key, name, k, zoom)


@st.cache_resource(max_entries=8, scope="session")
def ranked_words(_task, task_key, metrics, k):
    """:func:`fsviz.stats.tables.word_table` of every word (cached per task, metrics and k): the word map's ranked
    table, redrawn on every rerun of the page; its p and q are the task's cached :func:`significance`."""
    return _word_table(_task, list(metrics), k, tested=significance(_task, task_key))


def forget_tasks() -> None:
    """Drop this session's tasks and what was made of them (they hold the previous corpus's matrix or its words); those
    of everyone's corpora stay, for the other visitors."""
    for made in (_own_task, _own_word_points, _own_word_layer, _own_isocline, ranked_words, _own_significance,
                 fdr_boundary, bns_figure, _own_word_map_animation):
        made.clear()


@st.cache_data(show_spinner="Timing one cell to estimate the run …", max_entries=64)
def cell_seconds(_corpus, corpus_key, config):
    return time_cell(_corpus, config)


@st.cache_data(show_spinner="Timing one cell to estimate the run …", max_entries=64)
def multiclass_cell_seconds(_corpus, corpus_key, config):
    return time_multiclass_cell(_corpus, config)


@st.cache_data(show_spinner=False, max_entries=16)
def kept_multiclass(_corpus, fingerprint: str, folder: str, signature: tuple):
    """:func:`fsviz.evaluation.multiclass.stored_multiclass` of ``folder`` for the corpus ``fingerprint``, read again only
    when ``signature`` (the folder's files' names, sizes and times) changes."""
    return stored_multiclass(folder, _corpus)


@st.cache_data(show_spinner=False, max_entries=16)
def stored_runs(grid_folder: str, multiclass_folder: str, signature: tuple):
    """:func:`fsviz.evaluation.multiclass.all_runs` of the two folders, read again only when ``signature`` (their files'
    names, sizes and times) changes: the list is drawn on every rerun of the run pages."""
    return all_runs(grid_folder, multiclass_folder)


@st.cache_resource(show_spinner=False)
def grid_lock(key: str):
    """Held while the grid run ``key`` (its :func:`fsviz.evaluation.grid.run_key`) runs, in any session.

    One lock per run, so a run never blocks another run or another
    visitor's page. A rerun of the same run's page (after Stop, or a reload
    while the old session still finishes a cell) waits on it briefly
    before reading what is stored, so it shows every finished cell; a run
    is started only by the session holding its lock. (One small lock per
    run key the server has seen.)"""
    return threading.Lock()


@st.cache_data(max_entries=128, show_spinner="Analysing the results …")
def _analysed(name: str, key: tuple, _function, _results, args: tuple, kwargs: tuple):
    return _function(_results, *args, **dict(kwargs))


@st.cache_resource(show_spinner=False, max_entries=8)
def run_analysis(key: tuple, _results):
    """The shown results' :class:`fsviz.evaluation.analyses.RunAnalysis`, one per results ``key``: every tab
    of the Results explorer reads its tables, each made once (the same content gives the same key)."""
    return analyse(_results)


def analysed(function, key: tuple, results, *args, **kwargs):
    """``function(results, *args, **kwargs)``, cached per results ``key`` (see :func:`state.results_key`)
    and the function's qualified name."""
    name = f"{function.__module__}.{function.__qualname__}"
    return _analysed(name, key, function, results, args, tuple(sorted(kwargs.items())))


@st.cache_resource(show_spinner="Fitting the model on every document …", max_entries=4, scope="session")
def exported(_corpus, corpus_key, groups, metric, k, classifier, params):
    """:func:`fsviz.export_selection` of the current corpus (cached per corpus, groups, spec, k and classifier)."""
    positive, negative = groups.arguments
    return fsviz.export_selection(_corpus, positive, metric, k, negative=negative, classifier=classifier,
                                  params=dict(params))


@st.cache_data(show_spinner="Drawing the boundaries at every k …", max_entries=2, scope="session")
def _own_word_map_animation(_task, task_key, metrics: tuple, ks: tuple, zoom, log, _points):
    return word_map_animation_figure(_task, list(metrics), list(ks), zoom=zoom, log=log, points=_points)


@st.cache_data(show_spinner="Drawing the boundaries at every k …", max_entries=4, ttl=PATH_TTL)
def _everyones_word_map_animation(_task, task_key, metrics: tuple, ks: tuple, zoom, log, _points):
    return word_map_animation_figure(_task, list(metrics), list(ks), zoom=zoom, log=log, points=_points)


def word_map_animation(task, task_key, metrics: tuple, ks: tuple, zoom, log, points):
    """:func:`fsviz.plots.word_map_animation` of a task (cached per task, metrics, ks, zoom and log axes): an
    upload's for its session alone, so that it goes when its visitor does."""
    made = _everyones_word_map_animation if _everyones(task_key) else _own_word_map_animation
    return made(task, task_key, metrics, ks, zoom, log, points)


@st.cache_resource(max_entries=8, scope="session")
def _own_significance(_task, task_key):
    return _significance(_task)


@st.cache_resource(max_entries=16, ttl=PATH_TTL)
def _everyones_significance(_task, task_key):
    return _significance(_task)


def significance(task, task_key):
    """:func:`fsviz.stats.significance.significance` of a task (each word's p and BH q; cached per task)."""
    return (_everyones_significance if _everyones(task_key) else _own_significance)(task, task_key)


@st.cache_resource(show_spinner="Drawing the FDR boundary …", max_entries=16, scope="session")
def fdr_boundary(_task, task_key, fdr: float, zoom):
    """The word map's q = ``fdr`` boundary (:func:`fsviz.stats.significance.fdr_boundary` on the columns
    :func:`fsviz.plots.fdr.fdr_columns` draws for ``zoom``), cached per task, rate and zoom."""
    return _fdr_boundary(_task, fdr, result=significance(_task, task_key), fp=_fdr_columns(_task, zoom))


@st.cache_resource(max_entries=32, scope="session")
def bns_figure(_view, task_key, word: str):
    """Forman's Figure 1 for ``word`` of a task (:func:`fsviz.plots.bns_figure` of its view), cached per task and
    word: the word map's other widgets rerun its block, and plotly takes 0.05–0.2 s to build it."""
    return _bns_figure(_view)
