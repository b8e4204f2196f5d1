"""Outputs write only regular files: every entry point that writes a path someone named refuses a device, a
FIFO, a socket, a folder and a symbolic link, leaves it as it was, and says what to do (fsviz._files)."""

import os
import socket
import stat

import pytest
from conftest import cli_grid_results
from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz._files import check_target, write_atomically
from fsviz.cli import main
from fsviz.evaluation.grid import load_results
from fsviz.report import write_report

KINDS = ["device", "fifo", "socket", "folder", "link"]


def special(kind, tmp_path):
    """A special target of ``kind`` and a way to see it was left alone (its lstat mode)."""
    if kind == "device":
        return "/dev/null"
    path = tmp_path / f"target-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    elif kind == "folder":
        path.mkdir()
    else:
        (tmp_path / "real.csv").write_text("kept\n")
        path.symlink_to(tmp_path / "real.csv")
    return str(path)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return cli_grid_results(tmp_path_factory.mktemp("files"), ["--metrics", "bns,ig", "--k", "5", "--trials", "1",
                                                               "--folds", "2"], n_docs=80, n_classes=2)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", ["top", "report-out", "report-html", "export", "grid", "recommend"])
def test_every_cli_output_refuses_a_special_target_and_leaves_it(command, kind, results, tmp_path, capsys):
    target = special(kind, tmp_path)
    before = os.lstat(target).st_mode
    argv = {"top": ["top", "sample", "--class", "numpy", "--k", "3", "--out", target],
            "report-out": ["report", str(results), "--out", target],
            "report-html": ["report", str(results), "--html", target],
            "export": ["export", "sample", "--class", "numpy", "--metric", "bns", "--k", "5", "--out", target],
            "grid": ["grid", "sample", "--classes", "numpy", "--metrics", "bns", "--k", "5", "--trials", "1",
                     "--folds", "2", "--out", target],
            "recommend": ["recommend", "sample", "--classes", "numpy", "--out", target]}[command]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err and target in err
    assert os.lstat(target).st_mode == before  # left as it was
    if kind == "link":
        assert (tmp_path / "real.csv").read_text() == "kept\n"


@pytest.mark.parametrize("kind", KINDS)
def test_the_library_writers_refuse_a_special_target(kind, results, tmp_path):
    target = special(kind, tmp_path)
    run = load_results(results)
    with pytest.raises(ValueError, match="(not a regular file|is a folder|symbolic link)"):
        run.save(target)
    with pytest.raises(ValueError, match="(not a regular file|is a folder|symbolic link)"):
        write_report(run, target)
    assert not stat.S_ISREG(os.lstat(target).st_mode)  # never replaced by a regular file


@settings(max_examples=30, deadline=None)
@given(st.binary(max_size=2000), st.binary(max_size=2000))
def test_a_regular_file_is_replaced_whole_or_left_whole(tmp_path_factory, old, new):
    path = tmp_path_factory.mktemp("atomic") / "out.bin"
    path.write_bytes(old)
    write_atomically(path, lambda tmp: tmp.write_bytes(new))
    assert path.read_bytes() == new

    def broken(tmp):
        tmp.write_bytes(new[: len(new) // 2])
        raise OSError("disk full")

    with pytest.raises(OSError):
        write_atomically(path, broken)
    assert path.read_bytes() == new  # the failed write left the file whole
    assert [p.name for p in path.parent.iterdir()] == ["out.bin"]  # and no temporary file
    assert check_target(path) == path
