"""The app served to many visitors, through AppTest: typed paths confined, uploads freed, memory errors
caught, over-limit uploads refused, results uploads replaced, the stored runs kept under their limit.

Every hostile input is built here in tmp_path; the data root is set with
FSVIZ_DATA_DIRS (AppTest runs the app in this process, so monkeypatch.setenv
reaches it).
"""

import hashlib
import io
import json
import os
import time

import pandas as pd
import pytest
import streamlit as st
from conftest import REPO, results_table, seen
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.evaluation.grid.results import with_goals
from tests.app.conftest import runs_dir, set_grid
from tests.app.figures import drawn
from ui import cache as app_cache

OUTSIDE = "is not inside a folder this app may read"


def fresh():
    return AppTest.from_file(str(REPO / "app.py"), default_timeout=180)


def jsonl(n_docs=120, n_classes=3, random_state=2, pad=0):
    """A planted corpus as JSONL bytes; ``pad`` adds that many bytes of filler text per document."""
    planted = fsviz.make_planted_corpus(n_docs=n_docs, n_classes=n_classes, random_state=random_state)
    filler = " filler" * (pad // 7)
    return "".join(json.dumps({"text": t + filler, "label": lab}) + "\n"
                   for t, lab in zip(planted.texts, planted.labels)).encode()


@pytest.fixture
def data_root(tmp_path, monkeypatch):
    """tmp/data (the only data root) holding tiny.jsonl, and tmp/private beside it holding secret.jsonl."""
    root, private = tmp_path / "data", tmp_path / "private"
    root.mkdir()
    private.mkdir()
    (root / "tiny.jsonl").write_bytes(jsonl())
    (private / "secret.jsonl").write_bytes(jsonl(random_state=5))
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(root))
    monkeypatch.delenv("FSVIZ_ALLOW_PATHS", raising=False)
    return root, private


def type_path(at, path):
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def errors(at):
    return " ".join(seen(e.value) for e in at.error)


def corpus_name(at):
    return at.session_state["context"].corpus.name


# --- 1. typed paths are confined ------------------------------------------------------------------


def test_a_path_inside_the_data_folder_loads(data_root):
    root, _ = data_root
    at = type_path(fresh().run(), root / "tiny.jsonl")
    assert not at.error and corpus_name(at) == "tiny"
    type_path(at, "tiny.jsonl")  # relative: looked up in the data folder too
    assert not at.error and corpus_name(at) == "tiny"


@pytest.mark.parametrize("outside", ["/etc/apt", "/etc", "{private}/secret.jsonl", "{private}/missing.jsonl",
                                     "{root}/../private/secret.jsonl", "../private", "/", "{root}/escape",
                                     "{root}/escape/secret.jsonl"])
def test_a_path_outside_is_refused_and_the_corpus_kept(data_root, outside):
    root, private = data_root
    (root / "escape").symlink_to(private)
    at = type_path(fresh().run(), root / "tiny.jsonl")
    path = outside.format(root=root, private=private)
    type_path(at, path)
    message = errors(at)
    assert OUTSIDE in message and "FSVIZ_DATA_DIRS" in message and "Still showing 'tiny.jsonl'" in message
    assert corpus_name(at) == "tiny"
    # nothing about what is (or is not) there: no file names found, no "binary", no "no such file"
    assert "binary" not in message and "no such file" not in message and "trusted.gpg" not in message
    at.switch_page("pages/word_map.py").run()
    assert not at.exception and corpus_name(at) == "tiny"


def test_outside_answers_the_same_for_existing_and_missing(data_root):
    _, private = data_root
    at = type_path(fresh().run(), private / "secret.jsonl")
    existing = errors(at).replace("secret.jsonl", "X")
    type_path(at, private / "nothere.jsonl")
    assert errors(at).replace("nothere.jsonl", "X") == existing


def test_hidden_files_in_the_data_folder_are_refused(data_root):
    root, _ = data_root
    (root / ".streamlit").mkdir()
    (root / ".streamlit" / "secrets.jsonl").write_bytes(jsonl())
    at = type_path(fresh().run(), root / ".streamlit" / "secrets.jsonl")
    assert "hidden file or folder" in errors(at) and corpus_name(at) != "secrets"


def test_nul_byte_and_missing_inside(data_root):
    root, _ = data_root
    at = type_path(fresh().run(), f"{root}/tiny.jsonl\x00.csv")
    assert "NUL character" in errors(at)
    type_path(at, root / "missing.csv")
    assert "no such file or folder" in errors(at)
    assert not at.exception


def test_paths_off_offers_only_sample_and_upload(data_root, monkeypatch):
    monkeypatch.setenv("FSVIZ_ALLOW_PATHS", "0")
    at = fresh().run()
    assert list(at.radio(key="source_kind").options) == ["Sample", "Upload"]
    assert [t.key for t in at.text_input] == ["token_pattern"] and not at.error  # no path box


def test_a_mistyped_paths_setting_turns_paths_off(data_root, monkeypatch):
    monkeypatch.setenv("FSVIZ_ALLOW_PATHS", "perhaps")
    at = fresh().run()
    assert list(at.radio(key="source_kind").options) == ["Sample", "Upload"]
    assert "FSVIZ_ALLOW_PATHS must be 1" in errors(at) and "Typed paths are off" in errors(at)


def test_the_default_root_is_the_start_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("FSVIZ_DATA_DIRS", raising=False)
    (tmp_path / "here.jsonl").write_bytes(jsonl())
    monkeypatch.chdir(tmp_path)
    at = type_path(fresh().run(), "here.jsonl")
    assert not at.error and corpus_name(at) == "here"
    type_path(at, REPO / "app.py")  # the app's own folder is not the start folder here
    assert OUTSIDE in errors(at) and "'.' (relative to the folder the app was started from)" in errors(at)


# --- 2. uploads freed, over-limit refused ---------------------------------------------------------


def _held_buffers(value, found: dict, depth=0) -> None:
    """The file contents reachable from a session-state value (bytes, BytesIO, containers, dataclasses), into
    ``found`` by content: an upload reachable twice (the upload widget and the session's held upload) counts
    once. On a server the two share one bytes object (``test_a_held_upload_shares_the_widgets_bytes``); AppTest
    registers the widget's file again before every run, so there they are equal copies."""
    if depth > 6:
        return
    if isinstance(value, (bytes, bytearray, memoryview)):
        found[hashlib.sha256(value).hexdigest()] = memoryview(value).nbytes
    elif isinstance(value, io.BytesIO):  # Streamlit's UploadedFile too
        found[hashlib.sha256(value.getbuffer()).hexdigest()] = value.getbuffer().nbytes
    elif isinstance(value, dict):
        for v in value.values():
            _held_buffers(v, found, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _held_buffers(v, found, depth + 1)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        for f in value.__dataclass_fields__:
            if f not in ("corpus", "task"):  # the context's corpus is the shared cached object
                _held_buffers(getattr(value, f), found, depth + 1)


def session_bytes(at) -> int:
    found = {}
    _held_buffers(at.session_state._state._state.filtered_state, found)
    return sum(found.values())


def test_five_uploads_leave_one_uploads_bytes_at_most_and_none_after_the_sample():
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    sizes = []
    for i in range(5):
        data = jsonl(random_state=10 + i, pad=2000)  # about 250 KB each, each different
        sizes.append(len(data))
        at.file_uploader(key="upload").set_value((f"upload{i}.jsonl", data, "application/json")).run()
        assert not at.exception and not at.error
        assert corpus_name(at) == f"upload{i}"
        assert session_bytes(at) <= len(data), f"after upload {i}: {session_bytes(at):,} bytes held"
    at.number_input(key="min_df").set_value(2).run()  # options change: the current upload is read again
    assert not at.error and corpus_name(at) == "upload4"
    at.radio(key="source_kind").set_value("Sample").run()
    assert not at.error and corpus_name(at).startswith("sample")
    assert session_bytes(at) == 0


def test_a_replaced_upload_that_must_be_read_again_says_so():
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("first.jsonl", jsonl(), "application/json")).run()
    assert corpus_name(at) == "first"
    at.file_uploader(key="upload").set_value(("broken.zip", b"PK\x03\x04 nope", "application/zip")).run()
    assert "not a readable ZIP" in errors(at) and corpus_name(at) == "first"
    st.cache_resource.clear()  # the cached corpus left the cache
    at.number_input(key="min_df").set_value(2).run()
    assert "no longer held" in errors(at) and "upload it again" in errors(at)
    assert corpus_name(at).startswith("sample") and not at.exception


def test_an_upload_over_the_size_limit_is_refused_and_the_corpus_kept():
    before = st_config.get_option("server.maxUploadSize")
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("small.jsonl", jsonl(), "application/json")).run()
    st_config.set_option("server.maxUploadSize", 1)  # MB
    try:
        big = jsonl(random_state=7, pad=12_000)
        assert len(big) > 1024**2
        at.file_uploader(key="upload").set_value(("big.jsonl", big, "application/json")).run()
    finally:
        st_config.set_option("server.maxUploadSize", before)
    assert "more than this server accepts (1 MB, `server.maxUploadSize`" in errors(at)
    assert corpus_name(at) == "small" and not at.exception


def test_the_config_file_sets_the_upload_limit():
    text = (REPO / ".streamlit" / "config.toml").read_text()
    assert "maxUploadSize = 100" in text


# --- 3. MemoryError in the loaders ----------------------------------------------------------------


@pytest.fixture
def memory_hog(monkeypatch):
    """fsviz.load_corpus raises MemoryError for any source whose name holds 'huge'."""
    real = fsviz.load_corpus
    calls = []

    def load_corpus(source, **options):
        name = str(getattr(source, "name", source))
        if "huge" in name:
            calls.append(name)
            raise MemoryError()
        return real(source, **options)

    monkeypatch.setattr(fsviz, "load_corpus", load_corpus)
    return calls


def test_memory_error_on_an_upload_keeps_the_corpus_and_is_not_retried(memory_hog):
    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("small.jsonl", jsonl(), "application/json")).run()
    at.file_uploader(key="upload").set_value(("huge.jsonl", jsonl(random_state=3), "application/json")).run()
    assert not at.exception
    message = errors(at)
    assert "Not enough memory to load 'huge.jsonl'" in message and "Still showing 'small.jsonl'" in message
    assert "smaller file" in message and "rare-word cutoff" in message
    assert corpus_name(at) == "small"
    at.switch_page("pages/word_map.py").run()  # a rerun: the message stays, the load is not tried again
    assert "Not enough memory" in errors(at) and len(memory_hog) == 1
    assert drawn(at) and corpus_name(at) == "small"


def test_memory_error_on_a_path_keeps_the_corpus(data_root, memory_hog):
    root, _ = data_root
    (root / "huge.jsonl").write_bytes(jsonl())
    at = type_path(fresh().run(), root / "tiny.jsonl")
    type_path(at, root / "huge.jsonl")
    assert "Not enough memory to load 'huge.jsonl'" in errors(at) and corpus_name(at) == "tiny"


def test_memory_error_reloading_the_kept_corpus_falls_back_to_the_sample(data_root, monkeypatch):
    root, _ = data_root
    real = fsviz.load_corpus
    at = type_path(fresh().run(), root / "tiny.jsonl")

    def fails_now(source, **options):
        if "tiny" in str(source):
            raise MemoryError()
        return real(source, **options)

    monkeypatch.setattr(fsviz, "load_corpus", fails_now)
    app_cache.path_corpus.clear()  # the kept corpus left the cache and must be read again
    at.number_input(key="min_df").set_value(2).run()
    assert not at.exception
    assert "Not enough memory to load 'tiny.jsonl'" in errors(at) and "Showing the sample corpus instead" in errors(at)
    assert corpus_name(at).startswith("sample")


# --- 4. the results upload ------------------------------------------------------------------------


def _results_parquet(dataset: str) -> bytes:
    table = with_goals(results_table())
    table["dataset"] = dataset
    table["n_features"] = table["k"]
    table["metric"] = table["metric"].map({"x": "bns", "y": "ig", "all": "all"})
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    return buffer.getvalue()


def test_a_results_upload_with_the_same_name_and_size_replaces_the_shown_results():
    first, second = _results_parquet("aaaa"), _results_parquet("bbbb")
    assert len(first) == len(second) and first != second
    at = fresh().run()
    at.switch_page("pages/results.py").run()
    at.file_uploader(key="results_upload").set_value(("results.parquet", first, "application/octet-stream")).run()
    assert set(at.session_state["grid_shown"][0].results["dataset"]) == {"aaaa"}
    at.file_uploader(key="results_upload").set_value(("results.parquet", second, "application/octet-stream")).run()
    assert not at.exception and not at.error
    assert set(at.session_state["grid_shown"][0].results["dataset"]) == {"bbbb"}
    at.file_uploader(key="results_upload").set_value(("results.parquet", b"PAR1 nope", "application/octet-stream"))
    at.run()
    assert "not a Parquet results file" in errors(at)
    assert set(at.session_state["grid_shown"][0].results["dataset"]) == {"bbbb"}
    at.run()  # the broken file is read once; its message stays
    assert "not a Parquet results file" in errors(at)


# --- 5. the stored runs stay under their limit -------------------------------------------------------


def test_a_grid_run_in_the_app_evicts_old_stored_runs_beyond_the_limit(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    grid = cache / "grid"
    (grid / "old.parquet.parts" / "old").mkdir(parents=True)
    (grid / "old.parquet").write_bytes(b"x" * 50_000)
    (grid / "old.parquet.parts" / "old" / "part-000001-1.parquet").write_bytes(b"x" * 50_000)
    (cache / "multiclass").mkdir()
    (cache / "multiclass" / "older.parquet").write_bytes(b"x" * 50_000)
    (grid / "notes.txt").write_text("not a stored run")
    long_ago = time.time() - 7200
    for path in [*grid.rglob("*"), *(cache / "multiclass").rglob("*")]:
        os.utime(path, (long_ago, long_ago))
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(cache))
    monkeypatch.setenv("FSVIZ_CACHE_LIMIT", "30KB")  # more than the new run, less than any old one with it

    at = fresh().run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("small.jsonl", jsonl(), "application/json")).run()
    at.switch_page("pages/grid.py").run()
    set_grid(at, ks="5, 10")
    at.button(key="grid_run").click().run()
    assert not at.exception and not at.error
    names = sorted(p.name for p in grid.iterdir())
    assert "old.parquet" not in names and "old.parquet.parts" not in names
    assert not (cache / "multiclass" / "older.parquet").exists()
    assert "notes.txt" in names  # not a stored run: never touched
    kept = sorted(runs_dir(cache).glob("*.parquet"))  # the new run, in this visitor's own folder
    assert len(kept) == 1 and kept[0].stat().st_size < 30 * 1024  # the new run stays
    assert pd.read_parquet(kept[0])["metric"].nunique() == 3  # bns, ig and all features
