"""A page's run in its own thread (ui.runs.RunJob) counts each cell once, continued runs too."""

import threading

import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid
from fsviz.evaluation.multiclass import cells_done, multiclass_cells, run_multiclass
from ui import runs


def test_a_continued_grid_run_counts_its_stored_cells_once(tmp_path):
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    configs = [GridConfig(metrics=("bns",), ks=(5,), trials=2, folds=2),
               GridConfig(metrics=("ig",), ks=(5,), trials=1, folds=2)]
    outs = [tmp_path / "a.parquet", tmp_path / "b.parquet"]
    calls = iter(range(100))
    run_grid([corpus], configs[0], out=outs[0], should_stop=lambda: next(calls) >= 2, flush_seconds=0)  # 3 of 12
    lock = threading.Lock()
    lock.acquire()  # taken by the page, let go of by the job
    job = runs.RunJob(["a", "b"], runs._grid_work(corpus, configs, outs, None), [lock], total=18, done=3, estimate=1.0)
    seen = []
    while job.running:
        seen.append(job.done)
        job.thread.join(0.01)
    assert job.error is None and job.done == 18 == sum(run.cells_done for run in job.result)
    assert max(seen) <= 18
    assert job.first is not None and job.first >= 3
    assert not lock.locked()


def test_a_continued_multiclass_run_counts_its_stored_cells_once():
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    config = GridConfig(metrics=("chi_max",), ks=(5,), trials=1, folds=2)
    calls = iter(range(100))
    partial = run_multiclass(corpus, config, should_stop=lambda: next(calls) >= 1)
    counts = []
    lock = threading.Lock()
    lock.acquire()
    job = runs.RunJob(["m"], lambda progress, stop: run_multiclass(corpus, config, done=partial, should_stop=stop,
                                                                    progress=lambda c, _t: (counts.append(c),
                                                                                            progress(c))),
                      [lock], total=multiclass_cells(config), done=cells_done(partial), estimate=1.0)
    job.thread.join(60)
    assert job.done == multiclass_cells(config) == cells_done(job.result) == max(counts)
    assert not lock.locked(), "the job lets go of its lock"
