"""fsviz.corpora.paths: typed paths are read only inside the allowed data folders.

Every hostile path is built here in tmp_path: a data root with a corpus, a
folder beside it (outside) with a corpus, links out of and inside the root.
"""

import os
from pathlib import Path

import pytest

from fsviz import CorpusError
from fsviz.corpora.paths import confine_path, data_roots, paths_allowed

OUTSIDE = "is not inside a folder this app may read"


@pytest.fixture
def tree(tmp_path):
    """tmp/start (the app's folder) with tmp/data (the root) and tmp/private (outside)."""
    start, root, private = tmp_path / "start", tmp_path / "data", tmp_path / "private"
    for folder in (start, root / "wap", private):
        folder.mkdir(parents=True)
    (root / "wap" / "wap.csv").write_text("text,label\n")
    (root / "tiny.jsonl").write_text("{}\n")
    (private / "secret.csv").write_text("text,label\n")
    return start, root, private


def refused(path, roots, start, match):
    with pytest.raises(CorpusError, match=match) as info:
        confine_path(path, roots, start=start)
    return str(info.value)


def test_a_path_inside_a_root_comes_back_resolved(tree):
    start, root, _ = tree
    assert confine_path(str(root / "wap"), [root], start=start) == (root / "wap").resolve()
    assert confine_path(root / "wap" / "wap.csv", [root], start=start) == (root / "wap" / "wap.csv").resolve()
    assert confine_path(str(root), [root], start=start) == root.resolve()  # the root itself
    assert confine_path(f"{root}/wap/../tiny.jsonl", [root], start=start) == (root / "tiny.jsonl").resolve()


def test_relative_paths_start_from_the_start_folder_then_each_root(tree):
    start, root, _ = tree
    assert confine_path("../data/tiny.jsonl", ["../data"], start=start) == (root / "tiny.jsonl").resolve()
    assert confine_path("wap", ["../data"], start=start) == (root / "wap").resolve()  # found in the root
    other = start.parent / "other"
    (other / "wap").mkdir(parents=True)
    assert confine_path("wap", [other, root], start=start) == (other / "wap").resolve()  # the first root wins


def test_dot_dot_out_of_a_root_is_refused(tree):
    start, root, private = tree
    message = refused("../private/secret.csv", [root], start, OUTSIDE)
    assert "FSVIZ_DATA_DIRS" in message
    refused(f"{root}/../private/secret.csv", [root], start, OUTSIDE)
    refused("wap/../../private", [root], start, OUTSIDE)
    refused("../../../../../../../../etc/passwd", [root], start, OUTSIDE)


def test_absolute_paths_outside_are_refused(tree):
    start, root, private = tree
    refused("/etc/passwd", [root], start, OUTSIDE)
    refused("/etc/apt", [root], start, OUTSIDE)
    refused(str(private), [root], start, OUTSIDE)
    refused("/", [root], start, OUTSIDE)


def test_outside_says_the_same_whether_it_exists_or_not(tree):
    """The answer must not let a visitor map the server's disk."""
    start, root, private = tree
    existing = refused(str(private / "secret.csv"), [root], start, OUTSIDE)
    missing = refused(str(private / "nothere.csv"), [root], start, OUTSIDE)
    assert existing.replace("secret.csv", "X") == missing.replace("nothere.csv", "X")
    assert refused("/etc/passwd", [root], start, OUTSIDE).replace("passwd", "X") == \
        refused("/etc/nothere", [root], start, OUTSIDE).replace("nothere", "X")
    assert "secret" not in refused(str(private), [root], start, OUTSIDE).replace(str(private), "")


def test_a_link_in_a_root_pointing_out_is_refused(tree):
    start, root, private = tree
    (root / "escape").symlink_to(private)
    (root / "passwd").symlink_to("/etc/passwd")
    refused(str(root / "escape"), [root], start, OUTSIDE)
    refused("escape/secret.csv", [root], start, OUTSIDE)
    refused("escape/nothere.csv", [root], start, OUTSIDE)  # the same answer for a missing file through the link
    refused(str(root / "passwd"), [root], start, OUTSIDE)


def test_a_link_inside_a_root_to_the_root_is_followed(tree):
    start, root, _ = tree
    (root / "alias.jsonl").symlink_to(root / "tiny.jsonl")
    assert confine_path("alias.jsonl", [root], start=start) == (root / "tiny.jsonl").resolve()


def test_a_root_that_is_a_link_allows_what_it_points_to(tree, tmp_path):
    start, root, private = tree
    (tmp_path / "linked_root").symlink_to(root)
    assert confine_path(str(tmp_path / "linked_root" / "wap"), [tmp_path / "linked_root"],
                        start=start) == (root / "wap").resolve()
    refused(str(tmp_path / "linked_root" / ".." / "private"), [tmp_path / "linked_root"], start, OUTSIDE)


def test_a_link_loop_is_a_missing_file(tree):
    start, root, _ = tree
    (root / "loop").symlink_to(root / "loop")
    refused("loop", [root], start, "no such file or folder")


def test_tilde_is_not_the_home_folder(tree):
    start, root, _ = tree
    refused("~", [root], start, "no such file or folder: '~'")  # an ordinary name, looked up in the root
    refused("~root/wap", [root], start, "no such file or folder")
    refused("~/.bashrc", [root], start, "hidden file or folder")
    (root / "~").mkdir()
    assert confine_path("~", [root], start=start) == (root / "~").resolve()


def test_hidden_files_and_folders_are_refused_inside_a_root(tree):
    start, root, _ = tree
    (root / ".streamlit").mkdir()
    (root / ".streamlit" / "secrets.toml").write_text("password = 1\n")
    (root / "visible").symlink_to(root / ".streamlit")
    for path in (".streamlit/secrets.toml", ".streamlit/nothere.toml", ".git", "wap/.hidden", "visible/secrets.toml"):
        refused(path, [root], start, "hidden file or folder")


def test_empty_nul_and_not_text(tree):
    start, root, _ = tree
    for path in ("", "   ", "\t\n"):
        refused(path, [root], start, "no path given")
    refused("wap\x00/../../private", [root], start, "NUL character")
    for path in (None, 42, b"wap", ["wap"]):
        refused(path, [root], start, "`path` must be text")


def test_missing_inside_a_root_says_so(tree):
    start, root, _ = tree
    refused("nothere.csv", [root], start, "no such file or folder: 'nothere.csv'")


def test_roots_that_do_not_exist(tree, tmp_path):
    start, root, _ = tree
    assert confine_path("tiny.jsonl", [tmp_path / "gone", root], start=start) == (root / "tiny.jsonl").resolve()
    message = refused("tiny.jsonl", [tmp_path / "gone"], start, "none of the folders this app may read exists")
    assert "FSVIZ_DATA_DIRS" in message
    (tmp_path / "a_file").write_text("")
    refused("tiny.jsonl", [tmp_path / "a_file"], start, "none of the folders")  # a file is no root


def test_a_long_path_is_shortened_in_the_message(tree):
    start, root, _ = tree
    message = refused("/x" * 5000, [root], start, OUTSIDE)
    assert len(message) < 600


def test_data_roots_from_the_environment():
    assert data_roots({}) == (Path("."),)
    assert data_roots({"FSVIZ_DATA_DIRS": ""}) == (Path("."),)
    assert data_roots({"FSVIZ_DATA_DIRS": os.pathsep.join(["../shared/data", "", " /srv/corpora "])}) == \
        (Path("../shared/data"), Path("/srv/corpora"))
    assert data_roots({"FSVIZ_DATA_DIRS": "~/corpora"}) == (Path.home() / "corpora",)


def test_paths_allowed_from_the_environment():
    assert paths_allowed({}) and paths_allowed({"FSVIZ_ALLOW_PATHS": "1"}) and paths_allowed({"FSVIZ_ALLOW_PATHS": "yes"})
    assert not paths_allowed({"FSVIZ_ALLOW_PATHS": "0"}) and not paths_allowed({"FSVIZ_ALLOW_PATHS": " Off "})
    with pytest.raises(ValueError, match="FSVIZ_ALLOW_PATHS must be 1 .* or 0 .* got 'maybe'"):
        paths_allowed({"FSVIZ_ALLOW_PATHS": "maybe"})
