"""What a visitor's upload makes is cached for their session alone, so it goes when they do (issue 51: a server kept
what visitors who had left uploaded). Every cache in ui.cache that is handed a corpus, a task or what is made of one
(an argument Streamlit does not hash: ``_corpus``, ``_task``, ``_view``, ``_points``, ``_upload``, ``_test``) is its
session's, or is the copy kept for everyone's corpora (``_everyones_*``: the sample and paths, which every visitor
shares), or keeps nothing of the corpus (listed below with what it keeps); and the public function picks the
session's for an upload."""

import inspect

import pytest
from streamlit.runtime.caching.cache_utils import CachedFunc

from ui import cache
from ui.state import Source

VISITOR_DATA = {"_corpus", "_task", "_view", "_points", "_upload", "_test"}
#: Caches handed a visitor's corpus that keep nothing of it: what each keeps instead.
KEEP_NOTHING_OF_IT = {"cell_seconds": "a time in seconds", "multiclass_cell_seconds": "a time in seconds",
                      "kept_multiclass": "the results of the runs stored in the visitor's folder"}
CACHED = {name: f for name, f in vars(cache).items() if isinstance(f, CachedFunc)}


@pytest.mark.parametrize("name", sorted(CACHED))
def test_a_cache_of_what_a_visitor_uploaded_is_their_sessions(name):
    handed = set(inspect.signature(CACHED[name].__wrapped__).parameters) & VISITOR_DATA
    if handed and not name.startswith("_everyones_") and name not in KEEP_NOTHING_OF_IT:
        assert CACHED[name]._info.scope == "session", f"{name} is handed {sorted(handed)} and kept for everyone"


@pytest.mark.parametrize("kind", ["upload", "sample", "path"])
def test_the_word_map_animation_of_an_upload_is_its_sessions(monkeypatch, kind):
    made = []
    monkeypatch.setattr(cache, "_own_word_map_animation", lambda *args: made.append("own"))
    monkeypatch.setattr(cache, "_everyones_word_map_animation", lambda *args: made.append("everyone's"))
    task_key = ((Source(kind), ()), None)  # (corpus key (source, options), groups)
    cache.word_map_animation(None, task_key, ("bns",), (10,), None, False, None)
    assert made == ["own" if kind == "upload" else "everyone's"]
