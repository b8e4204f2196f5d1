"""fsviz.evaluation.shipping.export: the shipped selector equals the grid's fit, loads in a fresh process, refuses bad
input.

The round trip: a corpus of texts is split by the grid's own folds
(:func:`fsviz.evaluation.grid.cell_splits`); the grid's machinery selects the words on
the training split and fits the grid's classifier with its fast fit
(:func:`fsviz.learn.classifiers.fast_fit`, :func:`~fsviz.learn.classifiers.fast_predict`,
as :func:`fsviz.evaluation.grid.run_cell` does; its confusion counts are checked
against ``run_cell``'s row). A corpus built from the training texts alone is
exported, saved with skops, and loaded in a fresh Python process that cannot
import fsviz; its predictions on the held-out texts must be the grid's.
"""

import json
import subprocess
import sys
import warnings

import numpy as np
import pytest
import sklearn
import skops.io
from conftest import REPO, shared
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
from sklearn.feature_selection import SelectKBest

import fsviz
from fsviz.cli import main
from fsviz.evaluation.grid import GridConfig, cell_splits, fold_selections, seed_for
from fsviz.evaluation.grid.cell import Cell, cell_data, run_cell
from fsviz.evaluation.shipping import SnowballAnalyzer, export_pipeline, export_selection, selection_table
from fsviz.learn.classifiers import fast_fit, fast_predict, make_classifier

K = 15
#: Loads each model given on the command line and predicts texts, in a process where ``import fsviz`` fails
#: (unless the model needs fsviz's types: then fsviz comes from the repository, via PYTHONPATH).
LOADER = """
import json, sys
if sys.argv[1] == "no-fsviz":
    sys.modules["fsviz"] = None  # any import of fsviz now raises ImportError
import skops.io
jobs = json.load(open(sys.argv[2], encoding="utf-8"))
out = {}
for name, job in jobs.items():
    unknown = set(skops.io.get_untrusted_types(file=job["path"])) - set(job["trusted"])
    assert not unknown, unknown
    model = skops.io.load(job["path"], trusted=job["trusted"])
    out[name] = model.predict(job["texts"]).tolist()
out["fsviz_loaded"] = sorted(m for m in sys.modules if m.split(".")[0] == "fsviz" and sys.modules[m] is not None)
json.dump(out, sys.stdout)
"""


def predict_elsewhere(jobs: dict, tmp_path, *, with_fsviz=False) -> dict:
    """Each job's (path, trusted, texts) loaded and predicted by a fresh interpreter started in ``tmp_path``."""
    spec = tmp_path / "jobs.json"
    spec.write_text(json.dumps(jobs), encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)} if with_fsviz else {"PATH": "/usr/bin:/bin"}
    flags = [] if with_fsviz else ["-I"]  # isolated: no PYTHONPATH, no current folder on sys.path
    done = subprocess.run([sys.executable, *flags, "-c", LOADER, "fsviz" if with_fsviz else "no-fsviz", str(spec)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def texts_and_labels():
    planted = fsviz.make_planted_corpus(n_docs=400, n_classes=3, random_state=5, positive_rate=(0.3, 0.05),
                                        negative_rate=(0.05, 0.3))
    return np.array(planted.texts, dtype=object), np.array(planted.labels)


def grid_predictions(corpus, class_name, metric, classifier, split, trial=0, fold=0, k=K):
    """The grid's predictions on the test rows of ``split``, and its selected words; checked against run_cell."""
    config = GridConfig(metrics=(metric,), ks=(k,), classifier=classifier, all_features=False)
    y = corpus.y(class_name)
    train, test = split
    data = cell_data(corpus, config)
    seed = seed_for(config.seed, class_name, trial, fold)
    training = None
    if data.X_tf is not None:
        positive = int(np.flatnonzero(data.classes == class_name)[0])
        training = fsviz.Training(data.X_tf[train], data.Y[train], positive=positive, classes=data.classes)
    chosen = fold_selections(data.X[train], y[train], config.metrics, config.ks, training=training, random_state=seed)
    columns = np.sort(chosen.selections[config.metrics[0]][k])
    model = make_classifier(classifier)
    with warnings.catch_warnings(), sklearn.config_context(assume_finite=True, skip_parameter_validation=True):
        warnings.simplefilter("ignore")
        fast_fit(model, data.X[train][:, columns], y[train])
        predicted = fast_predict(model, data.X[test][:, columns])
    row = run_cell(data, y, Cell(0, class_name, trial, fold), "d", config, split)[0].iloc[0]
    assert (row.tp, row.fp) == (int((predicted & y[test]).sum()), int((predicted & ~y[test]).sum()))
    return predicted, corpus.vocabulary[columns].tolist(), seed


def ship(texts, labels, train, class_name, metric, classifier, seed, tmp_path, **options):
    """The export of a corpus of the training texts alone, written to tmp_path; (path, Export)."""
    corpus = fsviz.load_corpus((list(texts[train]), list(labels[train])), min_df=1, **options)
    export = export_selection(corpus, class_name, metric, K, classifier=classifier, random_state=seed)
    path = tmp_path / f"{len(list(tmp_path.glob('*.skops')))}-{export.file_name}"
    path.write_bytes(export.data)
    return path, export


SKLEARN_ONLY = [("bns", "svm"), ("chi_max", "nb"), ("igfss(cmfs)", "svm"), ("ar(bns,ig)", "svm"), ("svm_w", "nb")]


def test_a_fresh_process_without_fsviz_predicts_as_the_grid(texts_and_labels, tmp_path):
    texts, labels = texts_and_labels
    corpus = fsviz.load_corpus((list(texts), list(labels)), min_df=1)
    split = cell_splits(corpus.y("c1"), GridConfig(), 0)[0]
    jobs, expected = {}, {}
    for metric, classifier in SKLEARN_ONLY:
        predicted, words, seed = grid_predictions(corpus, "c1", metric, classifier, split)
        path, export = ship(texts, labels, split[0], "c1", metric, classifier, seed, tmp_path)
        assert export.trusted == () and export.file_type == "skops"
        assert export.pipeline["words"].get_feature_names_out().tolist() == words  # the grid's words, its order
        name = f"{metric} {classifier}"
        jobs[name] = {"path": str(path), "trusted": list(export.trusted), "texts": list(texts[split[1]])}
        expected[name] = np.where(predicted, "c1", "not c1").tolist()
        assert 0 < predicted.sum() < predicted.size or metric == "rand"
    got = predict_elsewhere(jobs, tmp_path)
    assert got.pop("fsviz_loaded") == []
    assert got == expected


def _stem_sensitive_texts(n_docs=300, seed=3):
    """English-like texts whose words share stems across forms, including stop words that stem like kept words."""
    stemmer = SnowballAnalyzer()._stemmer
    kept = ["connect", "connected", "connecting", "connection", "runs", "running", "runner", "happily", "happy",
            "others", "otherwise", "become", "becoming", "everything", "cats", "cat", "analysis", "analyses"]
    stop = sorted(w for w in ENGLISH_STOP_WORDS if stemmer.stemWord(w) in set(stemmer.stemWords(kept)))
    rng = np.random.default_rng(seed)
    labels = rng.choice(["a", "b"], size=n_docs, p=[0.4, 0.6])
    texts = []
    for lab in labels:
        pool = kept[:9] if lab == "a" else kept[9:]
        words = list(rng.choice(pool, 6)) + list(rng.choice(kept + stop, 4))
        texts.append(" ".join(words).capitalize() + ".")
    return np.array(texts, dtype=object), labels, stop


def test_fsviz_types_load_in_a_fresh_process_and_predict_as_the_grid(texts_and_labels, tmp_path):
    """kNN, centroid and a stemmed corpus need fsviz's types at load time: listed in ``trusted``, nothing else."""
    texts, labels = texts_and_labels
    corpus = fsviz.load_corpus((list(texts), list(labels)), min_df=1)
    split = cell_splits(corpus.y("c2"), GridConfig(), 0)[1]
    jobs, expected = {}, {}
    for metric, classifier in [("odds", "knn"), ("bns", "knn_okapi"), ("ig", "centroid")]:
        predicted, _, seed = grid_predictions(corpus, "c2", metric, classifier, split, fold=1)
        path, export = ship(texts, labels, split[0], "c2", metric, classifier, seed, tmp_path)
        assert any(t.startswith("fsviz.learn.classifiers.") for t in export.trusted), export.trusted
        jobs[classifier] = {"path": str(path), "trusted": list(export.trusted), "texts": list(texts[split[1]])}
        expected[classifier] = np.where(predicted, "c2", "not c2").tolist()
    stem_texts, stem_labels, stop = _stem_sensitive_texts()
    assert stop, "the texts need stop words that stem like kept words"
    stemmed = fsviz.load_corpus((list(stem_texts), list(stem_labels)), min_df=1, stem=True, stopwords=True)
    split = cell_splits(stemmed.y("a"), GridConfig(), 0)[0]
    predicted, words, seed = grid_predictions(stemmed, "a", "bns", "svm", split)
    path, export = ship(stem_texts, stem_labels, split[0], "a", "bns", "svm", seed, tmp_path, stem=True,
                        stopwords=True)
    assert export.trusted == ("fsviz.evaluation.shipping.export.SnowballAnalyzer",)
    assert "connect" in words and "connected" not in words  # stems, as the corpus counted them
    jobs["stemmed"] = {"path": str(path), "trusted": list(export.trusted), "texts": list(stem_texts[split[1]])}
    expected["stemmed"] = np.where(predicted, "a", "not a").tolist()
    got = predict_elsewhere(jobs, tmp_path, with_fsviz=True)
    assert got.pop("fsviz_loaded")
    assert got == expected


def test_the_shipped_vectoriser_counts_as_the_corpus_did():
    texts, labels, _ = _stem_sensitive_texts(seed=4)
    for options in ({}, {"stopwords": True}, {"stem": True, "stopwords": True}, {"stem": "porter"}):
        corpus = fsviz.load_corpus((list(texts), list(labels)), min_df=1, **options)
        model = export_pipeline(corpus, "a", "dfreq", corpus.n_words)  # every word
        vectorised = model["words"].transform(list(texts))
        assert model["words"].get_feature_names_out().tolist() == corpus.vocabulary.tolist()
        assert (vectorised != corpus.X.astype(float)).nnz == 0, options


def test_the_words_are_the_grids_and_predict_matches_the_grid_fit_on_every_document(planted):
    corpus = planted.load()
    model = export_pipeline(corpus, "c0", "bns", 25)
    table = selection_table(corpus, "c0", "bns", 25)
    task = corpus.binary_task("c0")
    assert table["column"].tolist() == fsviz.select_top_k(task.score("bns"), 25).indices.tolist()
    assert sorted(table["word"]) == model["words"].get_feature_names_out().tolist()
    assert (table["tp"] == task.tp[table["column"]]).all() and table["rank"].tolist() == list(range(1, 26))
    columns = np.sort(table["column"].to_numpy())
    X = cell_data(corpus, GridConfig()).X.tocsc()[:, columns].tocsr()  # as run_cell slices
    grid = make_classifier("svm")
    fast_fit(grid, X, corpus.y("c0"))
    shipped = model.predict(planted.texts) == "c0"
    assert np.array_equal(shipped, fast_predict(grid, X))
    assert np.array_equal(model["classifier"].coef_, grid.coef_)


def test_why_not_select_k_best():
    """The two reasons the module notes give: SelectKBest keeps the higher index on ties, and skops cannot load
    fsviz's score_func. The shipped vocabulary keeps the lower index, as the grid does."""
    X = np.array([[1, 1, 1, 0], [1, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 1]])
    y = np.array([1, 1, 0, 0])
    selector = SelectKBest(fsviz.score_func("bns"), k=2).fit(X, y)
    assert np.unique(selector.scores_).size == 1  # four tied words
    assert selector.get_support(indices=True).tolist() == [2, 3]
    assert fsviz.select_top_k(selector.scores_, 2).indices.tolist() == [0, 1]
    data = skops.io.dumps(selector)
    with pytest.raises(AttributeError, match="bns_score"):
        skops.io.loads(data, trusted=skops.io.get_untrusted_types(data=data))
    corpus = fsviz.load_corpus((["w0 w1 w2", "w0 w1 w2", "w3", "w3"], ["p", "p", "n", "n"]), min_df=1)
    assert selection_table(corpus, "p", "bns", 2)["word"].tolist() == ["w0", "w1"]


def test_the_snippet_runs_as_shown(planted, tmp_path):
    export = export_selection(planted.load(), "c1", "ig", 30, classifier="nb")
    path = tmp_path / "my model.skops"
    path.write_bytes(export.data)
    code = export.usage(path)
    assert json.dumps(str(path)) in code and "trusted = []" in code
    done = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert "not c1" in done.stdout or "'c1'" in done.stdout
    assert "pos1x" in done.stdout  # the words IG selected


def write_arff(path, n_docs=60):
    """A sparse Weka ARFF (Forman's *.wc.arff): 8 word columns and a class, counts only."""
    rng = np.random.default_rng(0)
    lines = ["@relation toy"] + [f"@attribute w{i} numeric" for i in range(8)] + ["@attribute class {a,b}", "@data"]
    for d in range(n_docs):
        label = "a" if d % 3 == 0 else "b"
        words = sorted(set(rng.choice(4 if label == "a" else 8, 3).tolist()))
        lines.append("{" + ",".join(f"{w} {1 + d % 2}" for w in words) + f",8 {label}" + "}")
    path.write_text("\n".join(lines) + "\n")
    return path


def test_count_only_corpora_export_their_words(tmp_path):
    corpus = fsviz.load_corpus(write_arff(tmp_path / "toy.wc.arff"), min_df=1)
    assert corpus.options["tokenised"] is False
    export = export_selection(corpus, "a", "bns", 3)
    assert export.file_type == "csv" and export.pipeline is None and export.file_name.endswith(".csv")
    assert export.data.decode().splitlines()[0] == "rank,word,column,tp,fp,score"
    as_json = json.loads(export_selection(corpus, "a", "bns", 3, file_type="json").data)
    assert as_json["class"] == "a" and len(as_json["words"]) == 3 and as_json["preprocessing"]["tokenised"] is False
    assert "X_selected" in export.snippet
    with pytest.raises(fsviz.CorpusError, match="pre-counted .* file_type='csv' or 'json'"):
        export_selection(corpus, "a", "bns", 3, file_type="skops")
    with pytest.raises(fsviz.CorpusError, match="pre-counted"):
        export_pipeline(corpus, "a", "bns", 3)


def _corpus():
    return fsviz.make_planted_corpus(n_docs=120, n_classes=2, random_state=0).load()


BAD = [  # (keyword overrides, exception, words of the message)
    ({"corpus": ["a text"]}, ValueError, "`corpus` must be an fsviz.Corpus"),
    ({"class_name": "nope"}, ValueError, "unknown class 'nope'; this corpus has classes c0, c1"),
    ({"metric": "nope"}, ValueError, "unknown metric 'nope'; valid metrics are"),
    ({"metric": None}, ValueError, "unknown metric"),
    ({"metric": "bns,ig"}, ValueError, "`metric` must be one spec"),
    ({"metric": "bns@2"}, ValueError, "between 0 and 1"),
    ({"k": 0}, ValueError, "`k` must be a positive whole number"),
    ({"k": -5}, ValueError, "`k` must be a positive whole number"),
    ({"k": 2.5}, ValueError, "`k` must be a positive whole number"),
    ({"k": "10"}, ValueError, "`k` must be a positive whole number"),
    ({"k": True}, ValueError, "`k` must be a positive whole number"),
    ({"classifier": "forest"}, ValueError, "unknown classifier 'forest'; choose one of svm, nb"),
    ({"params": {"C": -1}}, ValueError, "The 'C' parameter of LinearSVC must be a float"),
    ({"params": {"gamma": 1}}, ValueError, "has no parameter 'gamma'"),
    ({"params": "C=1"}, ValueError, "`params` must be a dict of the classifier's parameters"),
    ({"params": 5}, ValueError, "`params` must be a dict"),
    ({"file_type": "pkl"}, ValueError, "`file_type` must be one of skops, csv, json, got 'pkl'"),
    ({"file_type": 3}, ValueError, "`file_type` must be one of"),
    ({"random_state": -1}, ValueError, "`random_state` must be a whole number"),
    ({"max_bytes": 0}, ValueError, "`max_bytes` must be a whole number"),
    ({"max_bytes": 1000}, fsviz.CorpusError, "over the limit of 1,000 bytes (max_bytes"),
    ({"max_bytes": 70_000}, fsviz.CorpusError, "(max_bytes; about 1 KiB a word); choose a smaller k, or raise"),
    # 10 words: 64 KiB + 10 × 1056 = 76,096 bytes for a linear model; kNN adds its documents (12 a stored word)
    ({"classifier": "knn", "max_bytes": 77_000}, fsviz.CorpusError, "knn keeps its 120 training documents"),
]


@pytest.mark.parametrize("change, error, words", BAD, ids=[str(b[0])[:40] for b in BAD])
def test_bad_arguments_name_themselves(change, error, words):
    arguments = {"corpus": _corpus(), "class_name": "c0", "metric": "bns", "k": 10, **change}
    with pytest.raises(error) as caught:
        export_selection(**arguments)
    assert words in str(caught.value)


def test_a_class_on_every_document_is_refused():
    corpus = fsviz.load_corpus((["red apple", "green apple", "blue sky"], [("x", "y"), ("x",), ("x", "z")]),
                               min_df=1)
    with pytest.raises(ValueError, match="class 'x' has 3 of 3 documents; a selector needs documents both in"):
        export_selection(corpus, "x", "bns", 2)


def test_k_above_the_vocabulary_selects_it_all_and_the_limit_holds_before_fitting(monkeypatch):
    corpus = _corpus()
    export = export_selection(corpus, "c1", "chi", 10**9)
    assert len(export.words) == corpus.n_words and f"k{corpus.n_words}" in export.file_name
    monkeypatch.setattr(fsviz.evaluation.shipping.export.Pipeline, "__init__",
                        lambda *a, **k: pytest.fail("fitted past the limit"))
    with pytest.raises(fsviz.CorpusError, match="raise it: export_pipeline"):
        export_pipeline(corpus, "c1", "chi", 10, max_bytes=10)


def test_hostile_class_names_make_safe_file_names():
    corpus = fsviz.load_corpus((["aa bb", "cc dd"] * 6, ["../../etc/passwd", "x"] * 6), min_df=1)
    export = export_selection(corpus, "../../etc/passwd", "ar(bns,ig)", 2)
    assert "/" not in export.file_name and ".." not in export.file_name
    assert export.file_name == "fsviz-etc_passwd-ar_bns_ig-k2.skops"
    assert export.pipeline.predict(["aa bb"]).tolist() == ["../../etc/passwd"]


def _cli(argv, capsys):
    try:
        status = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse's own errors
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_writes_a_model_and_prints_how_to_load_it(tmp_path, capsys):
    data = tmp_path / "planted.jsonl"
    planted = fsviz.make_planted_corpus(n_docs=200, n_classes=2, random_state=3)
    data.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n"
                            for t, lab in zip(planted.texts, planted.labels, strict=True)))
    out = tmp_path / "model.skops"
    status, printed, err = _cli(["export", data, "--class", "c0", "--metric", "bns", "--k", 20, "--out", out,
                                 "--classifier", "nb", "--min-df", 2], capsys)
    assert status == 0, err
    assert printed.startswith(f"wrote {out}: BNS's 20 words for class 'c0' → multinomial Naive Bayes")
    assert f"path = {json.dumps(str(out))}" in printed and "skops.io.load(path, trusted=trusted)" in printed
    model = skops.io.load(out, trusted=[])
    assert ((model.predict(planted.texts) == "c0") == (np.array(planted.labels) == "c0")).mean() > 0.8
    tuning = printed.split("# Or tune the metric and k in your own pipeline and folds:\n", 1)[1]
    scope = {"texts": list(planted.texts), "labels": list(planted.labels)}
    exec(compile(tuning, "<export's tuning lines>", "exec"), scope)  # they run as printed
    assert scope["search"].best_params_["select__k"] in (10, 20, 40)
    status, printed, err = _cli(["export", data, "--class", "c1", "--metric", "chi_max", "--k", 5, "--out",
                                 tmp_path / "words.json"], capsys)
    assert status == 0 and json.loads((tmp_path / "words.json").read_text())["metric"] == "chi_max"


def test_cli_bad_arguments_exit_2_with_one_line(tmp_path, capsys):
    arff = write_arff(tmp_path / "toy.wc.arff")
    good = ["export", "sample", "--class", "numpy", "--metric", "bns", "--k", 10]
    cases = [
        (good + ["--out", tmp_path / "m.pkl"], "--out must end in .skops"),
        (good + ["--out", tmp_path], "is a folder"),
        (good + ["--out", tmp_path / "no" / "m.skops"], "does not exist"),
        (["export", "sample", "--class", "numpy", "--metric", "bns", "--k", 0, "--out", tmp_path / "m.skops"],
         "`k` must be a positive whole number"),
        (["export", "sample", "--class", "numpy", "--metric", "zzz", "--k", 5, "--out", tmp_path / "m.skops"],
         "unknown metric 'zzz'"),
        (good + ["--out", tmp_path / "m.skops", "--classifier", "forest"], "unknown classifier 'forest'"),
        (good + ["--out", tmp_path / "m.skops", "--C", -1], "The 'C' parameter of LinearSVC"),
        (good + ["--out", tmp_path / "m.skops", "--max-mb", 0], "`--max-mb` must be a whole number"),
        (good[:2] + ["--metric", "bns", "--k", 5, "--out", tmp_path / "m.skops"], "the following arguments are "
         "required: --class"),
        (["export", arff, "--class", "a", "--metric", "bns", "--k", 3, "--out", tmp_path / "m.skops"],
         "pre-counted"),
        (["export", arff, "--class", "zz", "--metric", "bns", "--k", 3, "--out", tmp_path / "w.csv"],
         "unknown class 'zz'"),
    ]
    for argv, words in cases:
        status, out, err = _cli(argv, capsys)
        assert status == 2, (argv, out, err)
        assert err.count("\n") == 1 and words in err, (argv, err)
    assert not list(tmp_path.glob("m.*"))


def test_options_are_checked_before_the_corpus_is_read(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("fsviz.cli.load_sample", lambda **_: pytest.fail("read the corpus"))
    status, _, err = _cli(["export", "sample", "--class", "numpy", "--metric", "nope", "--k", 5, "--out",
                           tmp_path / "m.skops"], capsys)
    assert status == 2 and "unknown metric 'nope'" in err


def test_mr_held_out_sentences_as_the_grid_fit(tmp_path):
    """Real text (punctuation, apostrophes): the MR train/test split given with the data."""
    folder = shared("mr")
    raw = fsviz.corpora.formats.read(folder)
    split = [line.split("\t")[1] for line in (folder / "mr_labels.txt").read_text().splitlines()]
    train = np.flatnonzero(np.array(split) == "train")
    test = np.flatnonzero(np.array(split) == "test")
    texts = np.array(raw.texts, dtype=object)
    labels = np.array([lab[0] for lab in raw.labels])
    corpus = fsviz.load_corpus((list(texts), list(labels)), min_df=1)
    predicted, words, _ = grid_predictions(corpus, "1", "bns", "svm", (train, test), k=1000)
    trained = fsviz.load_corpus((list(texts[train]), list(labels[train])), min_df=1)
    export = export_selection(trained, "1", "bns", 1000)
    assert export.pipeline["words"].get_feature_names_out().tolist() == words
    (tmp_path / "mr.skops").write_bytes(export.data)
    got = predict_elsewhere({"mr": {"path": str(tmp_path / "mr.skops"), "trusted": [],
                                    "texts": list(texts[test])}}, tmp_path)
    assert got["mr"] == np.where(predicted, "1", "not 1").tolist()
