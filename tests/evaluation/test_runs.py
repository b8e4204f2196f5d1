"""Runs found again: a folder's finished and stopped runs listed from their metadata, opened, and the CLI's list."""

import json

import pytest

import fsviz
from fsviz.cli import main
from fsviz.evaluation.grid import GridConfig, list_runs, open_run, run_grid


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("runs")
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    run_grid([corpus], GridConfig(metrics=("bns", "ig"), ks=(5, 10), trials=1, folds=2), out=folder / "a.parquet",
             n_jobs=1)
    calls = {"n": 0}

    def stop_after_three():
        calls["n"] += 1
        return calls["n"] > 2

    run_grid([corpus], GridConfig(metrics=("bns@0.3", "bns@0.7"), ks=(5,), trials=3, folds=2),
             out=folder / "b.parquet", n_jobs=1, should_stop=stop_after_three, flush_seconds=0)
    (folder / "damaged.parquet").write_bytes(b"not parquet")
    return folder


def test_a_folder_lists_its_finished_and_stopped_runs(folder):
    runs = list_runs(folder).set_index("status")
    assert sorted(runs.index) == ["finished", "stopped"]  # the damaged file is left out
    finished, stopped = runs.loc["finished"], runs.loc["stopped"]
    assert (finished["kind"], finished["datasets"], finished["metrics"], finished["k"]) == ("grid", "planted",
                                                                                            "bns, ig", "5, 10")
    assert (finished["cells_done"], finished["cells_total"]) == (6, 6)
    assert stopped["kind"] == "lesion study" and stopped["cells_total"] == 18 and 0 < stopped["cells_done"] < 18
    assert finished["written"].startswith("20") and stopped["written"].startswith("20")
    assert finished["seed"] == stopped["seed"] == 0  # GridConfig's default


def test_two_runs_that_differ_in_the_seed_alone_list_their_seeds(tmp_path):
    corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, random_state=0).load()
    for seed in (0, 7):
        run_grid([corpus], GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2, seed=seed),
                 out=tmp_path / f"s{seed}.parquet", n_jobs=1)
    assert sorted(list_runs(tmp_path)["seed"]) == [0, 7]


def test_a_listed_run_opens_with_its_results(folder):
    runs = list_runs(folder).set_index("status")
    done = open_run(runs.loc["finished", "path"])
    assert done.complete and done.cells_done == 6 and set(done.results["metric"]) == {"bns", "ig", "all"}
    stopped = open_run(runs.loc["stopped", "path"])
    assert not stopped.complete and stopped.cells_done == runs.loc["stopped", "cells_done"]
    assert stopped.provenance["datasets"][0]["name"] == "planted"


def test_the_cli_lists_the_runs(folder, capsys):
    assert main(["runs", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "finished" in out and "stopped" in out and "6 of 6" in out
    assert main(["runs", str(folder), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["command"] == "runs" and len(listed["runs"]) == 2
    assert main(["runs", str(folder / "missing")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_run_is_deleted_only_from_its_own_folder(tmp_path):
    from fsviz import CorpusError
    from fsviz.evaluation.grid import delete_run

    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=2).load()
    folder = tmp_path / "grid"
    run_grid([corpus], GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2), out=folder / "a.parquet", n_jobs=1)
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 1

    run_grid([corpus], GridConfig(metrics=("ig",), ks=(5,), trials=2, folds=2), out=folder / "b.parquet", n_jobs=1,
             should_stop=stop, flush_seconds=0)
    elsewhere = tmp_path / "elsewhere.parquet"
    elsewhere.write_bytes((folder / "a.parquet").read_bytes())
    with pytest.raises(CorpusError, match="is not a run stored in"):
        delete_run(elsewhere, folder)
    with pytest.raises(CorpusError, match="is not a run stored in"):
        delete_run(folder, folder)
    assert elsewhere.exists()
    for path in list_runs(folder)["path"]:
        delete_run(path, folder)
    assert list_runs(folder).empty and not any(folder.rglob("*.parquet"))


def test_a_run_that_is_going_cannot_be_deleted_by_its_file_or_its_checkpoint(tmp_path):
    """Issue 39: with deletion allowed, a visitor deleted a run another was still running (its manifest and parts
    gone, the job writing on). While a run holds its results file's lock, both of its listed paths are refused."""
    import threading

    from fsviz import CorpusError
    from fsviz.evaluation.grid import delete_run

    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=2).load()
    folder, out = tmp_path / "grid", tmp_path / "grid" / "b.parquet"
    config = GridConfig(metrics=("ig",), ks=(5,), trials=2, folds=2)
    run_grid([corpus], config, out=folder / "b.parquet", n_jobs=1, should_stop=lambda: True, flush_seconds=0)
    stopped = list_runs(folder)["path"].tolist()  # the stopped run's checkpoint folder
    going, release = threading.Event(), threading.Event()

    def stop_when_released():
        going.set()
        release.wait(60)
        return True

    thread = threading.Thread(target=run_grid, args=([corpus], config), daemon=True,
                              kwargs={"out": out, "n_jobs": 1, "should_stop": stop_when_released, "flush_seconds": 0})
    thread.start()
    assert going.wait(60)
    try:
        for path in [*stopped, out]:
            with pytest.raises(CorpusError, match="is running; stop it"):
                delete_run(path, folder)
        assert list_runs(folder)["path"].tolist() == stopped, "the refused delete removed something"
    finally:
        release.set()
        thread.join(60)
    for path in list_runs(folder)["path"]:
        delete_run(path, folder)
    assert list_runs(folder).empty


def test_a_stopped_multiclass_run_is_listed_with_the_grid_runs_and_continues(tmp_path):
    from fsviz.evaluation.multiclass import all_runs, cells_done, run_multiclass, save_multiclass

    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    run_grid([corpus], GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2), out=tmp_path / "g" / "a.parquet",
             n_jobs=1)
    config = GridConfig(metrics=("chi_max", "cmfs"), ks=(5, 10), trials=1, folds=2)
    calls = iter(range(100))
    partial = run_multiclass(corpus, config, should_stop=lambda: next(calls) >= 2)
    save_multiclass(partial, tmp_path / "m" / "b.parquet", config, corpus)
    runs = all_runs(tmp_path / "g", tmp_path / "m")
    assert sorted(runs["kind"]) == ["grid", "multi-class"]
    row = runs[runs["kind"] == "multi-class"].iloc[0]
    assert (row["cells_done"], row["cells_total"], row["status"]) == (3, 6, "stopped")
    whole = run_multiclass(corpus, config, done=partial)
    assert cells_done(whole) == 6
    fresh = run_multiclass(corpus, config)
    assert whole.equals(fresh), "continuing gives the table a run from scratch gives"
