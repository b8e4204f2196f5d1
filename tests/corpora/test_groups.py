"""Any two groups (issue 27): corpus.task(positive=[…], negative=[…]), the panel, export, the grid and the CLI."""

import hashlib
import json

import numpy as np
import pytest

import fsviz
from fsviz.cli import main
from fsviz.evaluation.grid import GridConfig, run_grid, run_key

# Eight documents, four classes; "stock" is in both a and c, "bond" only in d (left out of a+b vs c).
TEXTS = [
    "apple pie stock",    # 0 a
    "apple tart",         # 1 a
    "pear tart",          # 2 b
    "apple pear juice",   # 3 b
    "stock market",       # 4 c
    "stock bond",         # 5 c
    "bond yield apple",   # 6 d
    "bond market",        # 7 d
]
LABELS = ["a", "a", "b", "b", "c", "c", "d", "d"]


@pytest.fixture(scope="module")
def corpus():
    return fsviz.load_corpus((TEXTS, LABELS), min_df=1)


def counts(task, words):
    index = {w: i for i, w in enumerate(task.vocabulary)}
    return {w: (int(task.tp[index[w]]), int(task.fp[index[w]])) for w in words}


def test_a_vs_b_counts_by_hand(corpus):
    task = corpus.task(positive=["a", "b"], negative=["c"])
    # Positive: documents 0-3 (a, b); negative: 4, 5 (c); 6, 7 (d) are in neither group and left out.
    assert (task.name, task.pos, task.neg) == ("a + b vs c", 4, 2)
    assert counts(task, ["apple", "tart", "stock", "bond", "market", "yield", "pear"]) == {
        "apple": (3, 0),   # documents 0, 1, 3; document 6 (d) is left out
        "tart": (2, 0),    # 1, 2
        "stock": (1, 2),   # 0 | 4, 5
        "bond": (0, 1),    # 5; documents 6, 7 left out
        "market": (0, 1),  # 4; document 7 left out
        "yield": (0, 0),   # only in document 6 (d)
        "pear": (2, 0),    # 2, 3
    }
    assert task.training.n_docs == 6 and task.training.Y[:, 0].sum() == 4
    assert np.isfinite(task.score("bns")).all()
    assert task.score("chi_max").shape == (corpus.n_words,)  # a metric reading the Training: the two groups


def test_negative_default_is_every_other_document(corpus):
    task = corpus.task(positive=["a", "d"])
    assert (task.name, task.pos, task.neg) == ("a + d", 4, 4)
    assert counts(task, ["apple", "bond"]) == {"apple": (3, 1), "bond": (2, 1)}


def test_one_class_is_binary_task(corpus):
    one, binary = corpus.task(positive=["c"]), corpus.binary_task("c")
    assert one.name == binary.name == "c" and (one.pos, one.neg) == (binary.pos, binary.neg) == (2, 6)
    assert np.array_equal(one.tp, binary.tp) and np.array_equal(one.fp, binary.fp)
    assert np.array_equal(corpus.task("c").tp, binary.tp)  # a bare name is one class
    assert np.array_equal(one.score("chi_max"), binary.score("chi_max"))


@pytest.mark.parametrize("positive, negative, message", [
    ([], None, "`positive` is an empty group; name at least one class"),
    (["a"], [], "`negative` is an empty group; name at least one class, or None for every other document"),
    (["a", "c"], ["c"], "class 'c' is in both groups"),
    (["zz"], None, "unknown class 'zz'; this corpus has classes a, b, c, d"),
    (["a"], ["zz"], "unknown class 'zz'"),
    ("a", 5, "`negative` must be a list of class names"),
])
def test_bad_groups(corpus, positive, negative, message):
    with pytest.raises(ValueError) as caught:
        corpus.task(positive=positive, negative=negative)
    assert message in str(caught.value)


def test_a_document_in_both_groups_is_refused():
    multi = fsviz.load_corpus((["apple pie", "apple stock", "stock bond", "pear tart"],
                               [["a"], ["a", "c"], ["c"], ["b"]]), min_df=1)
    with pytest.raises(ValueError, match=r"1 document\(s\) carry classes of both groups \(the first, document 1: "
                                         r"a, c\)"):
        multi.task(positive=["a"], negative=["c"])
    assert multi.task(positive=["a"], negative=["b"]).pos == 2  # groups no document spans


def test_contexts_of_two_groups(corpus):
    page = corpus.contexts("apple", ["a", "b"], negative=["c"], width=1)
    assert page.class_name == "a + b vs c" and (page.positive.total, page.rest.total) == (3, 0)
    page = corpus.contexts("bond", ["c"], negative=["d"])
    assert (page.positive.total, page.rest.total) == (1, 2)
    assert sorted(line.doc for line in page.rest.lines) == [6, 7]
    assert fsviz.load_corpus((TEXTS, LABELS), min_df=1).contexts("bond", "c").rest.total == 2


def test_export_of_two_groups(planted):
    corpus = planted.load()
    model = fsviz.export_pipeline(corpus, ["c0"], "bns", 30, negative=["c1"])
    assert model.classes_.tolist() == ["c1", "c0"]
    kept = [i for i, label in enumerate(planted.labels) if label in ("c0", "c1")]
    texts = [planted.texts[i] for i in kept]
    truth = [planted.labels[i] for i in kept]
    assert np.mean(np.array(model.predict(texts)) == np.array(truth)) > 0.9
    table = fsviz.selection_table(corpus, ["c0"], "bns", 5, negative=["c1"])
    task = corpus.task(["c0"], ["c1"])
    assert table["tp"].tolist() == task.tp[table["column"]].tolist()
    shipped = fsviz.export_selection(corpus, ["c0"], "bns", 5, negative=["c1"], file_type="json")
    meta = json.loads(shipped.data)
    assert (meta["class"], meta["negative"]) == ("c0", "c1")


def test_grid_runs_group_tasks_beside_one_vs_rest(planted):
    corpus = planted.load()
    config = GridConfig(metrics=("bns", "chi_max"), ks=(10,), trials=1, folds=2, classes=("c0",),
                        groups=((("c0",), ("c1",)), (("c0", "c1"), None)))
    run = run_grid(corpus, config)
    sizes = run.results.groupby("class")[["pos", "neg"]].first()
    n = {c: int(corpus.class_sizes[corpus.class_index(c)]) for c in corpus.classes}
    assert sizes.to_dict("index") == {
        "c0": {"pos": n["c0"], "neg": corpus.n_docs - n["c0"]},
        "c0 vs c1": {"pos": n["c0"], "neg": n["c1"]},
        "c0 + c1": {"pos": n["c0"] + n["c1"], "neg": corpus.n_docs - n["c0"] - n["c1"]},
    }
    rows = run.results[(run.results["class"] == "c0 vs c1") & (run.results["metric"] == "bns")]
    assert (rows["tp"] + rows["fp"] + rows["fn"] + rows["tn"]).sum() == n["c0"] + n["c1"]  # 2 folds: each once
    only = run_grid(corpus, GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=2, classes=(),
                                       groups=((("c0",), ("c1",)),)))
    assert set(only.results["class"]) == {"c0 vs c1"}
    one = run_grid(corpus, GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=2, classes=(), groups=((("c1",), None),)))
    same = run_grid(corpus, GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=2, classes=("c1",)))
    assert one.results.equals(same.results)  # a group of one class against the rest is that class's task
    assert GridConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config


def test_run_keys_without_groups_are_unchanged(planted):
    corpus = planted.load()
    config = GridConfig(metrics=("bns",), ks=(10,))
    spec = config.to_dict()  # the key as computed before groups, k rules, inner folds and Rand draws existed
    for name in ("datasets", "groups", "k_rules", "inner_folds", "rand_draws"):
        spec.pop(name)
    spec["data"] = [(corpus.name, corpus.fingerprint)]
    old = hashlib.sha1(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()[:16]
    assert run_key(config, [corpus]) == old
    assert run_key(GridConfig(metrics=("bns",), ks=(10,), groups=((("c0",), ("c1",)),)), [corpus]) != old


@pytest.mark.parametrize("groups, message", [
    ((((), ("b",)),), "each positive group must be a non-empty list"),
    (((("a",), ()),), "each negative group must be a non-empty list"),
    (((("a",), ("a",)),), "class 'a' is in both groups"),
    ((("a",),), "`groups` must be (positive, negative) pairs"),
])
def test_bad_grid_groups(groups, message):
    with pytest.raises(ValueError) as caught:
        GridConfig(groups=groups)
    assert message in str(caught.value)


def test_grid_group_over_documents_in_both_is_refused():
    multi = fsviz.load_corpus((["apple pie"] * 4 + ["apple stock"] * 4 + ["stock bond"] * 4,
                               [["a"]] * 4 + [["a", "c"]] * 4 + [["c"]] * 4), min_df=1)
    with pytest.raises(ValueError, match="carry classes of both groups"):
        run_grid(multi, GridConfig(metrics=("bns",), ks=(1,), folds=2, trials=1, groups=((("a",), ("c",)),)))


def test_cli_class_vs(capsys, tmp_path):
    assert main(["top", "sample", "--class", "numpy,scipy.sparse", "--vs", "scipy.stats", "--metrics", "bns",
                 "-k", "2", "--out", str(tmp_path / "t.csv")]) == 0
    assert "wrote 2 rows" in capsys.readouterr().out
    assert main(["contexts", "sample", "--class", "numpy", "--vs", "scipy.stats", "--word", "array", "--n", "1",
                 "--json"]) == 0
    page = json.loads(capsys.readouterr().out)
    assert page["class"] == "numpy vs scipy.stats" and page["pos"] + page["neg"] < 9581
    assert main(["export", "sample", "--class", "numpy", "--vs", "scipy.stats", "--metric", "bns", "--k", "5",
                 "--out", str(tmp_path / "w.json")]) == 0
    capsys.readouterr()
    assert json.loads((tmp_path / "w.json").read_text())["negative"] == "scipy.stats"
    assert main(["top", "sample", "--class", "numpy", "--vs", "numpy"]) == 2
    assert "class 'numpy' is in both groups" in capsys.readouterr().err
    assert main(["top", "sample", "--class", ",", "--vs", "numpy"]) == 2
    assert "--class names no class" in capsys.readouterr().err
