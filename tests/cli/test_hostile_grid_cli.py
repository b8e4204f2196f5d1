"""Hostile input for the grid and the CLI (issue 15, part C).

Classifier parameters through scikit-learn's own validation, seeds, trials,
folds, jobs, α and cutoffs checked at the door, results files validated,
every bad CLI argument ending with exit status 2 and one line on stderr, the
``--out`` lock file (two processes do the work once) and the first
checkpoint written with the first finished cell.
"""

import os
import re
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import REPO, write_planted_jsonl

import fsviz
from fsviz.cli import main
from fsviz.evaluation.grid import GridConfig, load_results, run_grid, run_key
from fsviz.evaluation.grid._lock import lock_path, out_lock
from fsviz.evaluation.studies import cutoff_jobs, lesion_config
from fsviz.learn.classifiers import check_classifier

TINY = dict(metrics=("bns", "ig"), ks=(5, 10), trials=1, folds=2)


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=160, n_classes=2, random_state=3).load()


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """A planted corpus as JSONL, for the CLI."""
    return write_planted_jsonl(tmp_path_factory.mktemp("data") / "planted.jsonl", n_docs=160, n_classes=2,
                               random_state=3)


@pytest.fixture(scope="module")
def results_file(tmp_path_factory, corpus):
    """A good results file, and the run that wrote it."""
    out = tmp_path_factory.mktemp("results") / "good.parquet"
    return out, run_grid(corpus, GridConfig(**TINY), out=out)


# --- classifier parameters: scikit-learn's own validation, before any cell ------------------------------


@pytest.mark.parametrize("classifier, params, words", [
    ("svm", {"C": float("nan")}, ["'C' parameter of LinearSVC", "range (0.0, inf)", "Got nan"]),
    ("svm", {"C": -1}, ["'C' parameter", "Got -1"]),
    ("svm", {"C": float("inf")}, ["'C' parameter", "Got inf"]),
    ("svm", {"max_iter": -1}, ["'max_iter' parameter", "int in the range [0, inf)"]),
    ("svm", {"tol": float("nan")}, ["'tol' parameter"]),
    ("knn", {"n_neighbors": 0}, ["'n_neighbors' parameter of CosineKNN", "int in the range [1, inf)"]),
    ("knn_okapi", {"n_neighbors": 2.5}, ["'n_neighbors' parameter of OkapiKNN", "Got 2.5"]),
    ("knn_okapi", {"negative_idf": "yes"}, ["'negative_idf' parameter", "bool"]),
    ("nb", {"alpha": -0.5}, ["'alpha' parameter of MultinomialNB", "[0.0, inf)"]),
    ("svm", {"Cc": 1.0}, ["has no parameter 'Cc'", "its parameters are C, class_weight"]),
    ("centroid", {"n_neighbors": 3}, ["has no parameter 'n_neighbors'", "it takes none"]),
    ("svm", {"penalty": "l1", "loss": "hinge"}, ["do not work together", "penalty='l1'"]),
])
def test_classifier_parameters_go_through_scikit_learns_validation(classifier, params, words):
    start = time.perf_counter()
    with pytest.raises(ValueError) as caught:
        GridConfig(**TINY, classifier=classifier, classifier_params=params)
    assert time.perf_counter() - start < 5, "refused only after a fit"
    message = str(caught.value)
    assert f"classifier {classifier!r}" in message
    for word in words:
        assert word in message, message


def test_good_classifier_parameters_pass_and_keep_their_order():
    config = GridConfig(**TINY, classifier_params={"tol": 1e-3, "C": 0.5})
    assert config.classifier_params == (("C", 0.5), ("tol", 0.001))
    assert check_classifier("nb", {"alpha": 0.5}).alpha == 0.5
    assert check_classifier("knn", [("n_neighbors", np.int64(5))]).n_neighbors == 5


@pytest.mark.parametrize("params, words", [
    (("C", 1.0), "(name, value) pairs"),
    ((("C", 1.0), ("C", 2.0)), "lists C more than once"),
])
def test_malformed_classifier_params_say_so(params, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        GridConfig(**TINY, classifier_params=params)


# --- seeds, trials, folds, jobs, α, cutoffs ---------------------------------------------------------


@pytest.mark.parametrize("bad, words", [
    (dict(seed=1.5), "`seed` must be a whole number, at least 0, got 1.5"),
    (dict(seed=-1), "`seed` must be a whole number, at least 0, got -1"),
    (dict(seed="3"), "`seed` must be a whole number"),
    (dict(seed=True), "`seed` must be a whole number"),
    (dict(trials=2.0), "`trials` must be a whole number, at least 1"),
    (dict(trials=0), "`trials` must be a whole number, at least 1, got 0"),
    (dict(folds=1), "`folds` must be a whole number, at least 2, got 1"),
    (dict(folds=float("nan")), "`folds` must be a whole number"),
    (dict(metrics=("bns", "ig", "bns")), "`metrics` lists bns more than once"),
])
def test_grid_numbers_are_checked_at_the_door(bad, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        GridConfig(**{**TINY, **bad})


def test_a_whole_seed_is_kept_exactly():
    assert GridConfig(**TINY, seed=np.int64(7)).seed == 7


@pytest.mark.parametrize("options, words", [
    (dict(n_jobs=0), "`n_jobs` must be a whole number of worker processes, 1 or more (or -1 for one per core), got 0"),
    (dict(n_jobs=1.5), "`n_jobs` must be a whole number"),
    (dict(workers=0), "`workers` must be a whole number of Dask worker processes, at least 1, got 0"),
])
def test_run_options_are_checked_before_any_cell(corpus, options, words):
    calls = []
    with pytest.raises(ValueError, match=re.escape(words)):
        run_grid(corpus, GridConfig(**TINY), progress=lambda *a: calls.append(a), **options)
    assert not calls


def test_out_naming_a_folder_is_refused_before_the_run(corpus, tmp_path):
    calls = []
    with pytest.raises(ValueError, match="`out` .* is a folder; give a file name inside it"):
        run_grid(corpus, GridConfig(**TINY), out=tmp_path, progress=lambda *a: calls.append(a))
    assert not calls, "the run started before the folder was noticed"


@pytest.mark.parametrize("alphas, words", [
    (["0.1", "abc"], "'abc': each α in `alphas` must be a number between 0 and 1"),
    ([0.1, 1.5], "must be between 0 and 1, got 1.5"),
    ([float("nan")], "must be between 0 and 1, got nan"),
    ([None], "must be a number between 0 and 1"),
    ([], "`alphas` is empty"),
])
def test_alphas_are_numbers_in_zero_one(alphas, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        lesion_config("bns", alphas, **{k: v for k, v in TINY.items() if k != "metrics"})


def test_alphas_as_text_or_one_number():
    assert lesion_config("bns", "0.6, 0.4").metrics == ("bns@0.4", "bns@0.6")
    assert lesion_config("bns", 0.5).metrics == ("bns@0.5",)


@pytest.mark.parametrize("cutoffs, words", [([1.5, 2], "whole numbers of documents ≥ 1"), ([0, 1], "≥ 1"),
                                            ([], "`cutoffs` is empty")])
def test_cutoffs_are_whole_numbers(corpus, cutoffs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        cutoff_jobs(corpus, GridConfig(**TINY), cutoffs)


# --- results files ------------------------------------------------------------------------------


def _rewrite(path, target, change):
    """``path``'s table with ``change(frame)`` applied, written to ``target`` with its metadata."""
    table = pq.read_table(path)
    frame = change(table.to_pandas())
    written = pa.Table.from_pandas(frame, preserve_index=False)
    pq.write_table(written.replace_schema_metadata(table.schema.metadata), target)
    return target


def _set(column, value, row=0):
    def change(frame):
        frame[column] = frame[column].astype(object)
        frame.loc[row, column] = value
        if isinstance(value, str):
            frame[column] = frame[column].astype(str)
        elif isinstance(value, float):
            frame[column] = frame[column].astype(float)
        return frame
    return change


@pytest.mark.parametrize("change, words", [
    (_set("tp", "many", row=2), "column 'tp' holds 'many' in row 2; counts are whole numbers >= 0"),
    (_set("fn", -3), "column 'fn' holds -3 in row 0; counts are whole numbers >= 0"),
    (_set("tn", 2.5), "column 'tn' holds 2.5 in row 0"),
    (_set("fp", float("nan"), row=1), "column 'fp' holds nan in row 1"),
    (_set("k", float("inf")), "column 'k' holds inf"),
    (_set("f1", 1.5), "column 'f1' holds 1.5 in row 0; goals are numbers between 0 and 1"),
    (_set("precision", "high"), "column 'precision' holds 'high'"),
    (lambda f: f.drop(columns=["tp", "fold"]), "lacks the columns ['fold', 'tp']"),
    (lambda f: f.assign(trial=True), "column 'trial' holds True"),
])
def test_bad_values_in_a_results_file_are_named(results_file, tmp_path, change, words):
    path = _rewrite(results_file[0], tmp_path / "bad.parquet", change)
    with pytest.raises(fsviz.CorpusError, match=re.escape(words)):
        load_results(path)


def test_empty_foreign_and_folder_results_files(tmp_path):
    (tmp_path / "empty.parquet").write_bytes(b"")
    with pytest.raises(fsviz.CorpusError, match=r"'empty.parquet' is empty \(0 bytes\)"):
        load_results(tmp_path / "empty.parquet")
    import io
    with pytest.raises(fsviz.CorpusError, match=r"is empty \(0 bytes\)"):
        load_results(io.BytesIO(b""))
    (tmp_path / "text.parquet").write_text("dataset,class\nx,y\n")
    with pytest.raises(fsviz.CorpusError, match="'text.parquet' is not a Parquet results file"):
        load_results(tmp_path / "text.parquet")
    with pytest.raises(fsviz.CorpusError, match="is a folder, not a results file"):
        load_results(tmp_path)
    with pytest.raises(fsviz.CorpusError, match="no such results file"):
        load_results(tmp_path / "missing.parquet")


def test_damaged_metadata_is_named(results_file, tmp_path):
    table = pq.read_table(results_file[0])
    for meta, words in ((b"{not json", "metadata (the run's config) is damaged"),
                        (b'{"config": {"seed": -4}}', "`seed` must be a whole number")):
        pq.write_table(table.replace_schema_metadata({b"fsviz": meta}), tmp_path / "meta.parquet")
        with pytest.raises(fsviz.CorpusError, match=re.escape(words)):
            load_results(tmp_path / "meta.parquet")


def test_a_good_results_file_still_loads_exactly(results_file):
    path, run = results_file
    loaded = load_results(path)
    pd.testing.assert_frame_equal(loaded.results, run.results)
    assert loaded.config == run.config and loaded.complete and loaded.key == run.key


# --- the CLI: exit status 2 and one line -----------------------------------------------------------


def _cli(argv, capsys):
    """(exit status, the non-empty lines on stderr) of ``python -m fsviz ARGV`` run in this process."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse
        code = exc.code
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if line.strip()]


def _grid(data, *more, out):
    return ["grid", data, "--metrics", "bns", "--k", "5", "--trials", "1", "--folds", "2", "--jobs", "1",
            *more, "--out", out]


BAD_ARGUMENTS = {
    # name: (argv with {data}, {dir}, {good} to fill in, words of the one line)
    "top --out in a missing folder": (["top", "{data}", "--class", "c0", "--out", "{dir}/no/x.csv"],
                                      "the folder {dir}/no does not exist"),
    "report --out in a missing folder": (["report", "{good}", "--out", "{dir}/no/x.csv"], "does not exist"),
    "grid --out in a missing folder": (None, "does not exist"),
    "multiclass --out in a missing folder": (["multiclass", "{data}", "--metrics", "chi_max", "--k", "5",
                                              "--trials", "1", "--out", "{dir}/no/x.csv"], "does not exist"),
    "cutoff --out in a missing folder": (["cutoff", "{data}", "--cutoffs", "1-2", "--out", "{dir}/no/x.parquet"],
                                         "does not exist"),
    "grid --out naming a folder": (["grid", "{data}", "--out", "{dir}"], "is a folder; give a file name"),
    "an unknown option": (["grid", "{data}", "--out", "{dir}/x.parquet", "--bogus"],
                          "unrecognized arguments: --bogus"),
    "an unknown command": (["frobnicate"], "invalid choice: 'frobnicate'"),
    "a missing data path": (["info", "{dir}/nothing-here"], "no such file or folder"),
    "a missing results file": (["report", "{dir}/nothing.parquet"], "no such results file"),
    "an empty results file": (["report", "{dir}/empty.parquet"], "is empty (0 bytes)"),
    "a folder as results file": (["report", "{dir}"], "is a folder, not a results file"),
    "--k with a word": (["grid", "{data}", "--k", "10,abc", "--out", "{dir}/x.parquet"],
                        "'abc' in '10,abc' is neither"),
    "--k 0": (["grid", "{data}", "--k", "0", "--out", "{dir}/x.parquet"], "`k` must be a positive whole number"),
    "--k empty": (["grid", "{data}", "--k", " ", "--out", "{dir}/x.parquet"], "--k ' ' names no k"),
    "top -k 0": (["top", "{data}", "--class", "c0", "-k", "0"], "`k` must be a positive whole number"),
    "--seed -1": (["grid", "{data}", "--seed", "-1", "--out", "{dir}/x.parquet"],
                  "`seed` must be a whole number, at least 0, got -1"),
    "--seed 1.5": (["grid", "{data}", "--seed", "1.5", "--out", "{dir}/x.parquet"],
                   "argument --seed: invalid int value: '1.5'"),
    "--trials 0": (["grid", "{data}", "--trials", "0", "--out", "{dir}/x.parquet"], "`trials` must be a whole"),
    "--folds 1": (["grid", "{data}", "--folds", "1", "--out", "{dir}/x.parquet"], "`folds` must be a whole"),
    "--jobs 0": (["grid", "{data}", "--jobs", "0", "--out", "{dir}/x.parquet"], "`--jobs` must be a whole number"),
    "--workers 0": (["grid", "{data}", "--workers", "0", "--out", "{dir}/x.parquet"],
                    "`--workers` must be a whole number of Dask worker processes, at least 1"),
    "--C nan": (["grid", "{data}", "--C", "nan", "--out", "{dir}/x.parquet"], "'C' parameter of LinearSVC"),
    "--C -1": (["grid", "{data}", "--C", "-1", "--out", "{dir}/x.parquet"], "Got -1.0 instead"),
    "--C abc": (["grid", "{data}", "--C", "abc", "--out", "{dir}/x.parquet"], "argument --C: invalid float value"),
    "--classifier forest": (["grid", "{data}", "--classifier", "forest", "--out", "{dir}/x.parquet"],
                            "unknown classifier 'forest'"),
    "--solver quick": (["grid", "{data}", "--solver", "quick", "--out", "{dir}/x.parquet"],
                       "`solver` must be one of fastest, sklearn, got 'quick'"),
    "--metrics bns,bns (grid)": (["grid", "{data}", "--metrics", "bns,bns", "--out", "{dir}/x.parquet"],
                                 "`metrics` lists bns more than once"),
    "--metrics bns,bns (top)": (["top", "{data}", "--class", "c0", "--metrics", "bns,bns"],
                                "`--metrics` lists bns more than once"),
    "--metrics unknown": (["grid", "{data}", "--metrics", "bns,nope", "--out", "{dir}/x.parquet"], "nope"),
    "--alphas 0.1,abc": (["lesion", "{data}", "--alphas", "0.1,abc", "--out", "{dir}/x.parquet"],
                         "'abc': each α in `alphas` must be a number between 0 and 1"),
    "--alphas 2": (["lesion", "{data}", "--alphas", "2", "--out", "{dir}/x.parquet"], "got 2"),
    "--cutoffs abc": (["cutoff", "{data}", "--cutoffs", "abc", "--out", "{dir}/x.parquet"],
                      "--cutoffs must be a number or a range like 1-25"),
    "--cutoffs 0-2": (["cutoff", "{data}", "--cutoffs", "0-2", "--out", "{dir}/x.parquet"], "documents >= 1"),
    "--cutoffs 5-1": (["cutoff", "{data}", "--cutoffs", "5-1", "--out", "{dir}/x.parquet"], "from low to high"),
    "info --min-df -1": (["info", "{data}", "--min-df", "-1"], "`min_df` must be a whole number"),
    "grid --min-df 0": (["grid", "{data}", "--min-df", "0", "--out", "{dir}/x.parquet"],
                        "`min_df` must be a whole number, at least 1, got 0"),
    "--classes nope": (["grid", "{data}", "--classes", "nope", "--k", "5", "--trials", "1", "--jobs", "1",
                        "--out", "{dir}/x.parquet"], "has no class ['nope']"),
    "multiclass one-vs-rest metric": (["multiclass", "{data}", "--metrics", "bns", "--out", "{dir}/x.csv"],
                                      "score(s) one class against the rest"),
    "report on text": (["report", "{data}"], "is not a Parquet results file"),
}


@pytest.mark.parametrize("name", list(BAD_ARGUMENTS))
def test_each_bad_argument_exits_2_with_one_line(name, data, results_file, tmp_path, capsys):
    argv, words = BAD_ARGUMENTS[name]
    (tmp_path / "empty.parquet").write_bytes(b"")
    if argv is None:
        argv = _grid("{data}", out="{dir}/no/x.parquet")
    fill = dict(data=data, dir=tmp_path, good=results_file[0])
    argv = [a.format(**fill) for a in argv]
    code, lines = _cli(argv, capsys)
    assert code == 2, lines
    assert len(lines) == 1, lines
    assert re.match(r"(error: |python -m fsviz.*: error: )", lines[0]), lines[0]
    assert words.format(**fill) in lines[0], lines[0]
    assert "Traceback" not in lines[0]


def test_options_are_checked_before_the_corpus_is_read(data, tmp_path, capsys):
    code, lines = _cli(["grid", data, "--seed", "-1", "--out", tmp_path / "x.parquet"], capsys)
    assert code == 2 and not any(line.startswith("Corpus(") for line in lines)


def test_os_and_memory_errors_are_one_line(monkeypatch, data, tmp_path, capsys):
    import fsviz.cli as cli

    def fail(exc):
        def load(*args, **kwargs):
            raise exc
        return load

    for exc, words in ((PermissionError(13, "Permission denied", "/srv/x"), "error: Permission denied: /srv/x"),
                       (MemoryError(), "error: out of memory; try a smaller corpus")):
        monkeypatch.setattr(cli, "load_corpus", fail(exc))
        code, lines = _cli(["info", data], capsys)
        assert code == 2 and len(lines) == 1 and lines[0].startswith(words), lines


def _python_m_fsviz(*argv, timeout=120, **kwargs):
    return subprocess.run([sys.executable, "-m", "fsviz", *map(str, argv)], cwd=REPO, capture_output=True,
                          text=True, timeout=timeout, **kwargs)


def test_real_processes_exit_2_with_one_line(data, tmp_path):
    for argv, words in (
        (_grid(data, "--C", "nan", out=tmp_path / "x.parquet"), "'C' parameter of LinearSVC"),
        (_grid(data, "--bogus", out=tmp_path / "x.parquet"), "unrecognized arguments: --bogus"),
        (_grid(data, out=tmp_path), "is a folder"),
    ):
        start = time.perf_counter()
        done = _python_m_fsviz(*argv, timeout=90)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert done.returncode == 2 and len(lines) == 1 and words in lines[0], done.stderr
        assert time.perf_counter() - start < 60


# --- two processes, one --out ---------------------------------------------------------------------


def _wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_out_lock_waits_times_out_and_cleans_up(tmp_path):
    out = tmp_path / "r.parquet"
    told = []
    with out_lock(out):
        assert lock_path(out).read_text().strip() == str(os.getpid())
        start = time.perf_counter()
        with pytest.raises(TimeoutError, match=rf"another run \(pid {os.getpid()}\) is writing .*waited 0.3 s"):
            with out_lock(out, timeout=0.3, on_wait=told.append):
                pass
        assert time.perf_counter() - start >= 0.3
        assert len(told) == 1 and "waiting for it to finish" in told[0]
    assert not lock_path(out).exists(), "the lock file was left behind"
    released = threading.Event()

    def hold():
        with out_lock(out):
            released.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    _wait_for(lock_path(out).exists, 5, "the holder")
    threading.Timer(0.3, released.set).start()
    with out_lock(out, timeout=10):  # waits for the holder, then gets the lock
        assert released.is_set()
    holder.join()


def test_two_cli_runs_on_one_out_do_the_work_once(data, tmp_path):
    """Both processes start while a third party holds the lock; one runs everything, the other nothing."""
    out = tmp_path / "shared.parquet"
    argv = ["grid", data, "--metrics", "bns,ig", "--k", "5,10", "--trials", "2", "--folds", "3", "--jobs", "1",
            "--out", out]
    logs = [tmp_path / f"run{i}.err" for i in (0, 1)]
    release = threading.Event()
    holding = threading.Event()

    def hold():
        with out_lock(out):
            holding.set()
            release.wait(120)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    procs = []
    try:
        for log in logs:
            with open(log, "w") as handle:
                procs.append(subprocess.Popen([sys.executable, "-m", "fsviz", *map(str, argv)], cwd=REPO,
                                              stdout=subprocess.PIPE, stderr=handle, text=True))
        _wait_for(lambda: all("waiting for it to finish" in log.read_text() for log in logs), 120,
                  "both runs to wait for the lock")
    finally:
        release.set()
        holder.join()
    outputs = [proc.communicate(timeout=300)[0] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], [log.read_text() for log in logs]
    summary = [re.search(r"(\d+) cells, (\d+) fits", text) for text in outputs]
    cells = [int(m.group(1)) for m in summary]
    fits = sorted(int(m.group(2)) for m in summary)
    assert cells == [12, 12]  # 2 classes × 2 trials × 3 folds, both report the whole table
    assert fits[0] == 0 and fits[1] > 0, f"the work was done {'twice' if fits[0] else 'never'}: {fits}"
    assert not lock_path(out).exists()
    one = tmp_path / "alone.parquet"
    assert _python_m_fsviz(*argv[:-1], one).returncode == 0
    assert pd.read_parquet(out).equals(pd.read_parquet(one))


# --- checkpoints ------------------------------------------------------------------------------------


def test_the_first_finished_cell_is_checkpointed_at_once(corpus, tmp_path):
    out = tmp_path / "r.parquet"
    parts_at_each_cell = []

    def should_stop():
        parts_at_each_cell.append(len(list((tmp_path / "r.parquet.parts").rglob("part-*.parquet"))))
        return len(parts_at_each_cell) >= 3

    run_grid(corpus, GridConfig(**{**TINY, "trials": 3}), out=out, should_stop=should_stop)  # flush_seconds=5
    assert parts_at_each_cell[0] == 1, "the first finished cell was not written at once"


def test_quick_runs_write_few_parts(corpus, tmp_path):
    run = run_grid(corpus, GridConfig(**{**TINY, "trials": 4}), checkpoint_dir=tmp_path)
    parts = list(tmp_path.rglob("part-*.parquet"))
    # the first cell at once, then at most one part per second of the run, and the rest at the end
    assert 1 <= len(parts) <= 2 + run.elapsed, (len(parts), run.elapsed)
    assert len(parts) < run.cells_total


def test_a_killed_run_resumes_from_its_first_cells(data, corpus, tmp_path):
    out = tmp_path / "killed.parquet"
    argv = ["grid", data, "--metrics", "bns,ig,chi", "--k", "5,10,20", "--trials", "6", "--folds", "3",
            "--jobs", "1", "--out", out]
    proc = subprocess.Popen([sys.executable, "-m", "fsviz", *map(str, argv)], cwd=REPO, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    parts = tmp_path / "killed.parquet.parts"
    try:
        _wait_for(lambda: any(parts.rglob("part-*.parquet")) or proc.poll() is not None, 120, "the first checkpoint")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    if out.exists():
        pytest.skip("the run finished before it could be killed")
    stored = pd.concat([pd.read_parquet(p) for p in parts.rglob("part-*.parquet")])
    assert len(stored), "nothing was checkpointed"
    seen = []
    loaded = fsviz.load_corpus(data)
    config = GridConfig(metrics=("bns", "ig", "chi"), ks=(5, 10, 20), trials=6, folds=3, min_df=3)
    resumed = run_grid(loaded, config, out=out, progress=lambda d, t: seen.append(d))
    assert seen[0] >= 1, "the resumed run started from scratch"
    fresh = run_grid(loaded, config)
    pd.testing.assert_frame_equal(resumed.results, fresh.results)
    assert run_key(config, [loaded]) == resumed.key


# --- multi-class runs -----------------------------------------------------------------------------


def test_multiclass_checks_jobs_and_its_files(corpus, tmp_path):
    from fsviz.evaluation.multiclass import load_multiclass, run_multiclass

    config = GridConfig(metrics=("chi_max",), ks=(5,), trials=1, folds=2)
    with pytest.raises(ValueError, match=re.escape("`n_jobs` must be a whole number of worker processes")):
        run_multiclass(corpus, config, n_jobs=0)
    (tmp_path / "junk.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(ValueError, match="'junk.parquet' is not a multi-class run written by fsviz"):
        load_multiclass(tmp_path / "junk.parquet")


def test_limits_are_raised_or_lowered_on_the_command_line(tmp_path, capsys):
    data = write_planted_jsonl(tmp_path / "c.jsonl", n_docs=60, n_classes=2, random_state=1)
    code, err = _cli(["info", data, "--limit", "max_bytes=100"], capsys)
    assert code == 2 and len(err) == 1 and "Limits.max_bytes" in err[0] and "--limit max_bytes=..." in err[0]
    assert _cli(["info", data, "--limit", "max_bytes=1e6", "--limit", "max-docs=60"], capsys)[0] == 0
    code, err = _cli(["info", data, "--limit", "max_docs=59"], capsys)
    assert code == 2 and "Limits.max_docs" in err[0]
    for bad, words in [("bogus=1", "NAME one of max_bytes"), ("max_bytes", "NAME=VALUE"),
                       ("max_ratio=abc", "'abc' is not a number"), ("max_files=0", "at least 1"),
                       ("max_docs=2.5", "a whole number")]:
        code, err = _cli(["info", data, "--limit", bad], capsys)
        assert code == 2 and len(err) == 1 and words in err[0], (bad, err)
    out = tmp_path / "r.parquet"
    code, err = _cli([*_grid(data, "--limit", "max_docs=10", out=out)], capsys)
    assert code == 2 and "Limits.max_docs" in err[0] and not out.exists()
