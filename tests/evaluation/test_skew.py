"""Forman's Figure 12: the tasks' sizes from a corpus, from results and from his Appendix A, and the figure."""

import json

import numpy as np
import pandas as pd
import pytest
from conftest import results_table

import fsviz
from fsviz.evaluation.analyses import (
    FORMAN_DATASETS,
    SKEW_LINES,
    forman_tasks,
    skew_summary,
    task_sizes,
    with_forman_tasks,
)
from fsviz.evaluation.grid import GridConfig, run_grid
from fsviz.plots import task_sizes_figure

# Twelve documents: class "a" 6, "b" 4, "c" 2. By hand, each class against the other documents:
# a: pos 6, neg 6, skew 1; b: pos 4, neg 8, skew 2; c: pos 2, neg 10, skew 5.
TEXTS = ["apple pie crust", "apple tart crust", "apple cake crust", "apple pie sugar", "apple jam sugar",
         "apple fruit sugar", "stock market price", "stock bond price", "stock market trade", "stock fund trade",
         "rain cloud wind", "rain storm wind"]
LABELS = ["a"] * 6 + ["b"] * 4 + ["c"] * 2
BY_HAND = {"a": (6, 6, 1.0), "b": (4, 8, 2.0), "c": (2, 10, 5.0)}


@pytest.fixture(scope="module")
def tiny():
    return fsviz.load_corpus((TEXTS, LABELS), min_df=1)


def as_dict(tasks):
    return {row["class"]: (row["pos"], row["neg"], row["skew"]) for row in tasks.to_dict("records")}


def test_from_a_corpus_every_class_against_the_rest(tiny):
    tasks = task_sizes(tiny)
    assert list(tasks.columns) == ["dataset", "class", "pos", "neg", "skew"]
    assert as_dict(tasks) == BY_HAND
    assert set(tasks["dataset"]) == {tiny.name}


def test_a_multilabel_document_is_positive_for_each_of_its_labels(tmp_path):
    path = tmp_path / "m.jsonl"
    rows = [("apple market", ["food", "finance"]), ("apple pie", ["food"]), ("stock market", ["finance"]),
            ("pie crust", ["food"])]
    path.write_text("".join(json.dumps({"text": t, "labels": lab}) + "\n" for t, lab in rows))
    tasks = task_sizes(fsviz.load_corpus(path, min_df=1))
    # food: documents 1, 2, 4 → pos 3, neg 1; finance: documents 1, 3 → pos 2, neg 2.
    assert as_dict(tasks) == {"food": (3, 1, 1 / 3), "finance": (2, 2, 1.0)}


def test_from_a_results_table_and_a_grid_run(tiny):
    assert as_dict(task_sizes(results_table())) == {"a": (10, 30, 3.0), "b": (10, 30, 3.0)}
    run = run_grid(tiny, GridConfig(metrics=("bns",), ks=(2,), trials=1, folds=2))
    # the grid's pos and neg are each task's documents over the whole corpus, not a fold's
    assert as_dict(task_sizes(run)) == BY_HAND == as_dict(task_sizes(run.results))
    assert task_sizes(run)[["pos", "neg"]].equals(task_sizes(tiny).sort_values("class")[["pos", "neg"]]
                                                  .reset_index(drop=True))


def test_bad_sources_are_named():
    with pytest.raises(TypeError, match="Corpus, a results table"):
        task_sizes([1, 2, 3])
    with pytest.raises(ValueError, match=r"missing \['neg', 'pos'\]"):
        task_sizes(pd.DataFrame({"dataset": ["d"], "class": ["x"]}))


def test_forman_tasks_match_what_his_paper_says_of_them():
    tasks = forman_tasks()
    # Appendix A: each dataset's class sizes add up to its documents.
    for name, (docs, sizes) in FORMAN_DATASETS.items():
        assert sum(sizes) == docs, name
        part = tasks[tasks["dataset"] == name]
        assert (part["pos"] + part["neg"] == docs).all()
    # §3: "19 multi-class datasets represent 229 binary text classification problem instances, with a positive
    # class size of 149 on average, and class skews averaging 1:31 (median 1:17, 95th percentile 1:97)".
    assert len(FORMAN_DATASETS) == 19 and len(tasks) == 229
    assert round(tasks["pos"].mean()) == 149
    summary = skew_summary(tasks)
    assert round(summary["mean"]) == 31 and round(summary["median"]) == 17
    assert abs(np.percentile(tasks["skew"], 95, method="hazen") - 97) < 1  # 96.5: he rounded, method unstated
    # Figure 6: "23 of the 229 classification tasks have a skew exceeding 1:67".
    assert (tasks["skew"] > 67).sum() == 23
    # Figure 12's caption: Cora's 36 tasks overlaid at one point (50 positives, 1750 negatives, 1:35).
    cora = tasks[tasks["dataset"] == "cora36"]
    assert len(cora) == 36 and set(zip(cora["pos"], cora["neg"])) == {(50, 1750)}


def test_with_forman_tasks_says_whose_each_row_is(tiny):
    both = with_forman_tasks(task_sizes(tiny), "mine")
    assert len(both) == 3 + 229
    assert list(both["source"].value_counts().sort_index()) == [229, 3]


def test_figure_carries_every_task_and_the_skew_lines(tiny):
    tasks = pd.concat([task_sizes(tiny), task_sizes(results_table())], ignore_index=True)
    fig = task_sizes_figure(tasks, benchmark=forman_tasks())
    points = [t for t in fig.data if t.mode == "markers"]
    bench, mine = points[0], points[1:]
    assert len(bench.x) == 229 and "Forman" in bench.name
    assert sorted(zip(bench.x, bench.y)) == sorted(zip(forman_tasks()["pos"], forman_tasks()["neg"]))
    # one trace per dataset, each its own colour and symbol, holding exactly its tasks' counts
    assert [t.name for t in mine] == [tiny.name, "d"]
    assert len({t.marker.color for t in mine}) == 2 and len({t.marker.symbol for t in mine}) == 2
    drawn = {(t.name, c[1]): (x, y, c[2]) for t in mine for x, y, c in zip(t.x, t.y, t.customdata)}
    assert drawn == {(r["dataset"], r["class"]): (r["pos"], r["neg"], r["skew"]) for r in tasks.to_dict("records")}
    assert fig.layout.xaxis.type == fig.layout.yaxis.type == "log"
    # the skew lines: neg = s · pos along each, labelled 1:s
    lines = [t for t in fig.data if t.mode == "lines+text"]
    assert [t.name for t in lines] == [f"skew 1:{s}" for s in SKEW_LINES]
    for s, line in zip(SKEW_LINES, lines):
        assert np.allclose(np.array(line.y) / np.array(line.x), s)
        assert f"1:{s}" in line.text
    # every point lies inside the axes' range
    low, high = 10 ** np.array(fig.layout.xaxis.range)
    assert low <= min(tasks["pos"].min(), 2) and high >= forman_tasks()["neg"].max()


def test_figure_without_benchmark_has_only_the_tasks(tiny):
    fig = task_sizes_figure(task_sizes(tiny))
    points = [t for t in fig.data if t.mode == "markers"]
    assert len(points) == 1 and sorted(points[0].x) == [2, 4, 6]


def test_cli_info_prints_each_class_pos_neg_and_skew(tmp_path, capsys):
    from fsviz.cli import main

    path = tmp_path / "tiny.jsonl"
    path.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(TEXTS, LABELS)))
    assert main(["info", str(path), "--min-df", "1"]) in (0, None)
    lines = capsys.readouterr().out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:3] == ["class", "pos", "neg"])
    rows = [line.split() for line in lines[header + 1:]]
    assert rows == [["a", "6", "6", "1.0"], ["b", "4", "8", "2.0"], ["c", "2", "10", "5.0"]]
