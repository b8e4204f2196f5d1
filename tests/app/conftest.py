"""Every app test is one browser, and gets a cache folder of its own (``FSVIZ_CACHE_DIR``), never the working tree's: the runs a
person stored by using the app before running the tests (the README's two commands, in turn) would otherwise show
on the pages the tests read. The built sample is linked in, so that no test builds it again.

AppTest sends no cookie, so each of its sessions would be a new visitor: :func:`one_browser` gives every session of
a test the same visitor cookie, as a browser reloading the page sends it; a test of two visitors sets its own
(:func:`as_browser`)."""

import gc
import hashlib
from pathlib import Path

import pytest

import ui.state
from fsviz.corpora.sample import cache_dir, load_sample


@pytest.fixture(autouse=True)
def runs_end_with_their_test():
    """Stop the runs a test left going (it ended while a page's run went on): every app test is the same browser,
    and a visitor runs one at a time (ui.turns), so a run left over would make the next test's run wait its turn."""
    yield
    from ui.runs import RunJob

    jobs = [job for job in gc.get_objects() if isinstance(job, RunJob) and job.running]
    for job in jobs:
        job.stop.set()
    for job in jobs:
        job.thread.join(60)


@pytest.fixture(scope="session")
def built_sample():
    """The sample's files as the app first opens it, built once in the usual cache folder."""
    load_sample()
    return sorted(cache_dir().glob("docstrings-*"))


@pytest.fixture(autouse=True)
def own_cache_dir(built_sample, tmp_path_factory, monkeypatch):
    """A fresh cache folder for this test, holding links to the built sample; a test may set its own."""
    folder = tmp_path_factory.mktemp("fsviz-cache")
    for path in built_sample:
        (folder / path.name).symlink_to(path)
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder of the test's own, ``tmp/cache`` (made when first written): for the modules whose pages
    must start from nothing (``pytestmark = pytest.mark.usefixtures("cache")``) and the tests that look into it."""
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def set_grid(at, *, metrics=("bns", "ig"), ks="10, 50", trials=1, folds=2, classes=None):
    """Fill in the grid page's settings of session ``at`` (on the grid page; ``classes`` None keeps the page's
    default classes) and rerun it."""
    if classes is not None:
        at.multiselect(key="grid_classes").set_value(list(classes))
    at.multiselect(key="grid_metrics").set_value(list(metrics))
    at.text_input(key="grid_ks").set_value(ks)
    at.number_input(key="grid_trials").set_value(trials)
    at.number_input(key="grid_folds").set_value(folds)
    return at.run()


def as_browser(monkeypatch, token: str) -> None:
    """The AppTest sessions that start from now on are the browser whose visitor cookie is ``token``."""
    monkeypatch.setattr(ui.state, "_cookie", lambda: token)


@pytest.fixture(autouse=True)
def one_browser(monkeypatch):
    """Every session of a test is one browser (the same visitor cookie), unless the test says otherwise."""
    as_browser(monkeypatch, "A" * 43)


def runs_dir(cache, kind: str = "grid", token: str = "A" * 43) -> Path:
    """Where the app keeps the runs of the browser whose visitor cookie is ``token`` (``grid`` or ``multiclass``),
    under the cache folder ``cache``: :func:`ui.state.visitor`'s folder, worked out here."""
    return Path(cache) / kind / ("v-" + hashlib.sha256(f"browser:{token}".encode()).hexdigest()[:32])


@pytest.fixture
def data_root(tmp_path, monkeypatch):
    """tmp/data, the only folder typed paths may read (``FSVIZ_DATA_DIRS``), with typed paths allowed."""
    root = tmp_path / "data"
    root.mkdir()
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(root))
    monkeypatch.delenv("FSVIZ_ALLOW_PATHS", raising=False)
    return root

