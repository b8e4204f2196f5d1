"""fsviz.evaluation._storage: the app's folder of stored runs stays under its size limit, least recently used first out.

Result sets are faked in tmp_path with files of known sizes and
modification times (``os.utime``), so the order of eviction is exact.
"""

import os

import pytest

from fsviz._validation import parse_size
from fsviz.evaluation._storage import DEFAULT_CACHE_LIMIT, cache_limit, result_sets, touch, trim_cache

NOW = 1_000_000.0


def stored(folder, key, size, used, *, parts=0, finished=True):
    """A fake result set: ``key.parquet`` of ``size`` bytes and ``parts`` checkpoint files, last used at ``used``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    if finished:
        paths.append(folder / f"{key}.parquet")
        paths[-1].write_bytes(b"p" * size)
    if parts:
        inner = folder / f"{key}.parquet.parts" / key
        inner.mkdir(parents=True)
        for i in range(parts):
            paths.append(inner / f"part-{i:06d}-1.parquet")
            paths[-1].write_bytes(b"c" * size)
        paths += [inner, inner.parent]
    for path in paths:
        os.utime(path, (used, used))
    return key


def keys(folder):
    return sorted(s.key for s in result_sets(folder))


def test_result_sets_group_a_run_with_its_checkpoints_and_skip_other_files(tmp_path):
    stored(tmp_path, "a", 100, NOW - 50, parts=2)
    stored(tmp_path, "b", 10, NOW - 10)
    stored(tmp_path, "c", 30, NOW - 90, parts=1, finished=False)  # a stopped run: checkpoints only
    (tmp_path / "b.parquet.tmp").write_bytes(b"t" * 5)
    (tmp_path / "notes.txt").write_text("not ours")
    (tmp_path / "docstrings-1234.jsonl.gz").write_bytes(b"z" * 1000)
    sets = result_sets(tmp_path)
    assert [s.key for s in sets] == ["c", "a", "b"]  # least recently used first
    by_key = {s.key: s for s in sets}
    assert by_key["a"].size == 300 and by_key["a"].finished
    assert by_key["b"].size == 15 and len(by_key["b"].paths) == 2
    assert by_key["c"].size == 30 and not by_key["c"].finished
    assert result_sets(tmp_path / "missing") == []


def test_trim_removes_least_recently_used_until_under_the_limit(tmp_path):
    for i, key in enumerate(["oldest", "old", "new", "newest"]):
        stored(tmp_path, key, 100, NOW - 10_000 + i * 1000, parts=1)  # 200 bytes each
    trimmed = trim_cache(tmp_path, 450, now=NOW)
    assert [s.key for s in trimmed.removed] == ["oldest", "old"]
    assert (trimmed.size_before, trimmed.size_after, trimmed.freed) == (800, 400, 400)
    assert not trimmed.over_limit
    assert keys(tmp_path) == ["new", "newest"]
    assert not (tmp_path / "oldest.parquet.parts").exists() and not (tmp_path / "oldest.parquet").exists()
    assert trim_cache(tmp_path, 450, now=NOW).removed == ()  # under the limit: nothing to do


def test_trim_never_removes_a_set_in_use_or_still_being_written(tmp_path):
    stored(tmp_path, "shown", 100, NOW - 9000)
    stored(tmp_path, "running", 100, NOW - 30, parts=1, finished=False)
    stored(tmp_path, "idle", 100, NOW - 5000)
    trimmed = trim_cache(tmp_path, 0, in_use={"shown"}, active_seconds=600, now=NOW)
    assert [s.key for s in trimmed.removed] == ["idle"]
    assert keys(tmp_path) == ["running", "shown"]
    assert trimmed.over_limit and trimmed.size_after == 200


def test_a_stopped_run_left_alone_is_evicted_like_any_other(tmp_path):
    stored(tmp_path, "stopped", 100, NOW - 9000, parts=3, finished=False)
    stored(tmp_path, "done", 100, NOW - 100)
    assert [s.key for s in trim_cache(tmp_path, 150, active_seconds=60, now=NOW).removed] == ["stopped"]


def test_touch_marks_a_set_as_recently_used(tmp_path):
    stored(tmp_path, "a", 100, NOW - 9000)
    stored(tmp_path, "b", 100, NOW - 8000)
    touch(tmp_path / "a.parquet")  # now: the present, far later than NOW - 8000
    touch(tmp_path / "gone.parquet")  # nothing, no error
    assert [s.key for s in trim_cache(tmp_path, 150, active_seconds=0).removed] == ["b"]


def test_one_limit_over_several_folders(tmp_path):
    stored(tmp_path / "grid", "g1", 100, NOW - 300)
    stored(tmp_path / "grid", "g2", 100, NOW - 100)
    stored(tmp_path / "multiclass", "m1", 100, NOW - 200)
    trimmed = trim_cache([tmp_path / "grid", tmp_path / "multiclass", tmp_path / "absent"], 150, now=NOW,
                         active_seconds=0)
    assert [s.key for s in trimmed.removed] == ["g1", "m1"]
    assert keys(tmp_path / "grid") == ["g2"]


def test_links_inside_a_set_are_removed_not_followed(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me")
    folder = tmp_path / "cache"
    stored(folder, "a", 100, NOW - 9000, parts=1)
    (folder / "a.parquet.parts" / "a" / "link").symlink_to(outside)
    (folder / "b.parquet.lock").symlink_to(outside / "precious.txt")
    os.utime(folder / "a.parquet.parts", (NOW - 9000, NOW - 9000))
    os.utime(folder / "a.parquet.parts" / "a", (NOW - 9000, NOW - 9000))
    os.utime(folder / "a.parquet.parts" / "a" / "link", (NOW - 9000, NOW - 9000), follow_symlinks=False)
    os.utime(folder / "b.parquet.lock", (NOW - 8000, NOW - 8000), follow_symlinks=False)
    trimmed = trim_cache(folder, 0, now=NOW)
    assert {s.key for s in trimmed.removed} == {"a", "b"}
    assert (outside / "precious.txt").read_text() == "keep me"
    assert list(folder.iterdir()) == []


def test_limits_as_text_and_their_errors():
    assert parse_size("2GB") == 2 * 1024**3 == DEFAULT_CACHE_LIMIT
    assert parse_size(" 500 mb ") == 500 * 1024**2
    assert parse_size("1.5G") == 1536 * 1024**2
    assert parse_size("0") == 0 and parse_size(7) == 7
    for bad in ("-1GB", "2 parsecs", "lots", "1e9", ""):
        with pytest.raises(ValueError, match="size must be a size such as 500MB, 2GB or a number of bytes"):
            parse_size(bad)
    for bad in (-1, 1.5, True, None):
        with pytest.raises(ValueError, match="`limit` must be a whole number of bytes, at least 0"):
            trim_cache([], bad)


def test_cache_limit_from_the_environment():
    assert cache_limit({}) == DEFAULT_CACHE_LIMIT
    assert cache_limit({"FSVIZ_CACHE_LIMIT": "10GB"}) == 10 * 1024**3
    with pytest.raises(ValueError, match="FSVIZ_CACHE_LIMIT must be a size such as 500MB, 2GB .* got 'ten'"):
        cache_limit({"FSVIZ_CACHE_LIMIT": "ten"})
