"""Every size a run takes has a documented maximum, checked at the door: library, CLI and app alike."""

import pytest

from fsviz._validation import MAXIMA
from fsviz.cli import main
from fsviz.evaluation.grid import GridConfig, run_grid


@pytest.mark.parametrize("field, value, message", [
    ("trials", 10**9, "`trials` must be a whole number from 1 to 100, got 1,000,000,000"),
    ("folds", 10**9, "`folds` must be a whole number from 2 to 100, got 1,000,000,000"),
    ("ks", tuple(range(1, 2_000)), "`ks` has 1,999 values, more than a run takes (500)"),
])
def test_grid_config_refuses_absurd_sizes(field, value, message):
    with pytest.raises(ValueError) as info:
        GridConfig(**{field: value})
    assert str(info.value).startswith(message)


def test_run_grid_refuses_a_cluster_of_100000_workers(planted):
    with pytest.raises(ValueError, match="`workers` must be a whole number of Dask worker processes from 1 to 256"):
        run_grid([planted], GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2), workers=100_000)
    assert MAXIMA["workers"] == 256


def _write_corpus(path):
    rows = [f'"common shared word{i % 5} thing{i % 3}",c{i % 2}' for i in range(60)]
    path.write_text("text,label\n" + "\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize("option, message", [
    (["--trials", "1000000000"], "error: `trials` must be a whole number from 1 to 100"),
    (["--folds", "1000000000"], "error: `folds` must be a whole number from 2 to 100"),
    (["--workers", "100000"], "error: `--workers` must be a whole number of Dask worker processes from 1 to 256"),
    (["--jobs", "100000"], "error: `--jobs` must be at most 256 worker processes"),
    (["--folds", "50"], "error: every class was skipped (30 positive documents, fewer than the 50 folds, …)"),
])
def test_the_cli_refuses_absurd_sizes_with_one_line(tmp_path, capsys, option, message):
    data = _write_corpus(tmp_path / "t.csv")
    out = tmp_path / "out.parquet"
    assert main(["grid", str(data), "--out", str(out), "--jobs", "1", *option]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(message), err
    assert "Traceback" not in "\n".join(err)
