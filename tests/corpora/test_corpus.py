"""Loaders on small files the tests create, preprocessing, counts, bad input."""

import io
import json
import tarfile
import zipfile

import numpy as np
import pytest

import fsviz
from fsviz import CorpusError

TEXTS = [
    "The apple pie was sweet",
    "An apple a day keeps doctors away",
    "Apples and pears are fruit",
    "The stock market fell today",
    "Markets rallied on stock news",
    "Bond markets and stocks",
]
LABELS = ["food", "food", "food", "finance", "finance", "finance"]


def load(source, **kw):
    kw.setdefault("min_df", 1)
    return fsviz.load_corpus(source, **kw)


def documents(corpus):
    """Each document as (label, its words): comparable whatever the document order."""
    return sorted(
        (str(label), tuple(sorted(corpus.vocabulary[corpus.X[i].indices]))) for i, label in enumerate(corpus.labels)
    )


def assert_same_corpus(a, b):
    assert a.n_docs == b.n_docs == 6
    assert list(a.vocabulary) == list(b.vocabulary)
    assert list(a.classes) == list(b.classes) == ["finance", "food"]
    assert documents(a) == documents(b)


@pytest.fixture
def reference():
    return load((TEXTS, LABELS))


def test_in_memory(reference):
    c = reference
    assert c.X.dtype == bool and c.X.shape == (6, c.n_words)
    assert isinstance(c.vocabulary, np.ndarray) and all(isinstance(w, str) for w in c.vocabulary)
    assert list(c.labels) == LABELS and not c.is_multilabel
    assert list(c.class_sizes) == [3, 3]
    task = c.binary_task("food")
    word = dict(zip(c.vocabulary, range(c.n_words)))
    assert (task.tp[word["apple"]], task.fp[word["apple"]]) == (2, 0)
    assert (task.tp[word["markets"]], task.fp[word["markets"]]) == (0, 2)
    assert (task.pos, task.neg) == (3, 3)
    assert np.array_equal(task.tp + task.fp, c.df)


def test_csv_with_header(tmp_path, reference):
    path = tmp_path / "c.csv"
    path.write_text("id,label,text\n" + "".join(f'{i},{lab},"{t}"\n' for i, (t, lab) in enumerate(zip(TEXTS, LABELS))))
    assert_same_corpus(load(path), reference)


def test_csv_columns_detected_by_shape(tmp_path, reference):
    path = tmp_path / "c.csv"
    path.write_text("topic_name,words\n" + "".join(f'{lab},"{t}"\n' for t, lab in zip(TEXTS, LABELS)))
    c = load(path, text_column="words", label_column="topic_name")
    assert_same_corpus(c, reference)


def test_headerless_tsv_label_tab_text(tmp_path, reference):
    path = tmp_path / "c.tsv"
    path.write_text("".join(f"{lab}\t{t}\n" for t, lab in zip(TEXTS, LABELS)))
    assert_same_corpus(load(path), reference)
    txt = tmp_path / "c.txt"
    txt.write_text(path.read_text())
    assert_same_corpus(load(txt), reference)


def test_jsonl_and_json_array(tmp_path, reference):
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(TEXTS, LABELS)))
    assert_same_corpus(load(path), reference)
    arr = tmp_path / "c.json"
    arr.write_text(json.dumps([{"text": t, "label": lab} for t, lab in zip(TEXTS, LABELS)]))
    assert_same_corpus(load(arr), reference)


def test_multilabel_jsonl(tmp_path):
    path = tmp_path / "m.jsonl"
    rows = [("apple market", ["food", "finance"]), ("apple pie", ["food"]), ("stock market", ["finance"])]
    path.write_text("".join(json.dumps({"text": t, "labels": lab}) + "\n" for t, lab in rows))
    c = load(path)
    assert c.is_multilabel
    assert c.labels[0] == ("finance", "food")
    task = c.binary_task("food")
    assert (task.pos, task.neg) == (2, 1)
    assert task.tp[list(c.vocabulary).index("market")] == 1


def _class_tree(write):
    for i, (t, lab) in enumerate(zip(TEXTS, LABELS)):
        write(f"corpus/{lab}/doc{i}.txt", t.encode("utf-8"))


def test_folder_zip_and_tar(tmp_path, reference):
    def write_file(name, data):
        path = tmp_path / "tree" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    _class_tree(write_file)
    (tmp_path / "tree" / "corpus" / "README").write_text("not in a class folder? it is: corpus/README")
    (tmp_path / "tree" / ".hidden").mkdir()
    c = load(tmp_path / "tree" / "corpus")
    assert_same_corpus(c, reference)

    zbuf = io.BytesIO()
    with zipfile.ZipFile(zbuf, "w") as z:
        _class_tree(z.writestr)
        z.writestr("__MACOSX/corpus/food/._doc0.txt", b"junk")
    zpath = tmp_path / "c.zip"
    zpath.write_bytes(zbuf.getvalue())
    assert_same_corpus(load(zpath), reference)

    tpath = tmp_path / "c.tar.gz"
    with tarfile.open(tpath, "w:gz") as tar:
        def add(name, data):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        _class_tree(add)
    assert_same_corpus(load(tpath), reference)


def test_upload_like_file_object(reference):
    data = "".join(f"{lab}\t{t}\n" for t, lab in zip(TEXTS, LABELS)).encode()
    upload = io.BytesIO(data)
    upload.name = "mine.tsv"
    c = load(upload)
    assert_same_corpus(c, reference)
    assert c.name == "mine"


def test_latin1_fallback(tmp_path):
    path = tmp_path / "l.tsv"
    path.write_bytes("a\tcaf\xe9 cr\xe8me\nb\tna\xefve text\n".encode("latin-1"))
    c = load(path)
    assert "café" in c.vocabulary and "naïve" in c.vocabulary


ARFF = """% a comment
@RELATION tiny.wc
@ATTRIBUTE apple\tinteger
@ATTRIBUTE 'stock market'\tinteger
@ATTRIBUTE pie\tinteger
@ATTRIBUTE class\t{food,finance}
@DATA
{0 2,2 1,3 food}
{0 1}
{1 3,3 finance}
{1 1,2 1,3 finance}
"""


def test_sparse_arff(tmp_path):
    path = tmp_path / "t.arff"
    path.write_text(ARFF)
    c = load(path)
    assert c.name == "tiny"
    assert list(c.vocabulary) == ["apple", "stock market", "pie"]
    assert list(c.labels) == ["food", "food", "finance", "finance"]  # row 2 omits class: first value
    assert c.X_tf[0, 0] == 2 and c.X_tf[2, 1] == 3
    task = c.binary_task("finance")
    assert task.tp.tolist() == [0, 2, 1] and task.fp.tolist() == [2, 0, 1]


def test_dense_arff(tmp_path):
    path = tmp_path / "d.arff"
    path.write_text("@relation d\n@attribute a numeric\n@attribute b numeric\n@attribute class {x,y}\n"
                    "@data\n1,0,x\n0,2,y\n3,1,y\n")
    c = load(path)
    assert c.X_tf.toarray().tolist() == [[1, 0], [0, 2], [3, 1]]
    assert list(c.labels) == ["x", "y", "y"]


def test_cluto_folder_with_label_repair(tmp_path):
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "sparse_toy.txt").write_text("4 3\n2 0 1 2 5\n1 1 2\n1 2 1\n2 0 1 1 1\n")
    # Row 2 duplicates row 0; document 3 has no label after that repair.
    (folder / "toy_correct.txt").write_text("1 1 0 0 \n0 0 1 0 \n1 1 0 0 \n")
    c = load(folder)
    assert c.X_tf.toarray().tolist() == [[1, 0, 5], [0, 2, 0], [0, 0, 1], [1, 1, 0]]
    assert list(c.vocabulary) == ["w0", "w1", "w2"]
    assert list(c.labels) == ["c0", "c0", "c1", "unknown"]
    assert any("duplicates row 0" in note for note in c.notes)


def test_cluto_mat(tmp_path):
    (tmp_path / "x.mat").write_text("3 2 3\n1 2\n2 1\n1 1 2 4\n")
    (tmp_path / "x.mat.rclass").write_text("a\nb\nb\n")
    (tmp_path / "x.mat.clabel").write_text("alpha\nbeta\n")
    c = load(tmp_path / "x.mat")
    assert c.X_tf.toarray().tolist() == [[2, 0], [0, 1], [1, 4]]
    assert list(c.vocabulary) == ["alpha", "beta"] and list(c.labels) == ["a", "b", "b"]
    assert load(tmp_path).n_docs == 3  # the folder is recognised too


def test_lines_folder(tmp_path):
    (tmp_path / "s.txt").write_text("good movie\nbad movie\ngreat film\n")
    (tmp_path / "s_labels.txt").write_text("0\ttrain\t1\n1\ttest\t0\n2\ttrain\t1\n")
    c = load(tmp_path)
    assert list(c.labels) == ["1", "0", "1"]


# --- preprocessing ------------------------------------------------------------------


def test_rare_word_cutoff_and_report():
    texts = TEXTS + ["apple market report", "the market and the apple"]
    labels = LABELS + ["finance", "food"]
    c3 = fsviz.load_corpus((texts, labels))  # default min_df = 3
    c1 = load((texts, labels))
    assert c3.options["min_df"] == 3 and 0 < c3.n_words < c1.n_words
    assert sorted(c3.vocabulary) == ["and", "apple", "market", "the"]
    assert (c3.df >= 3).all()
    assert c3.n_words + c3.removed_words.size == c3.n_words_raw == c1.n_words
    assert (c3.removed_df < 3).all()
    again = c1.with_min_df(3)
    assert list(again.vocabulary) == list(c3.vocabulary)
    assert (again.X != c3.X).nnz == 0


def test_stopwords_and_stemming():
    c = load((TEXTS, LABELS), stopwords=True, stem=True)
    assert "the" not in c.vocabulary and "and" not in c.vocabulary
    assert "appl" in c.vocabulary and "apple" not in c.vocabulary
    # "apple" (2 food docs) and "apples" (1 food doc) merge into one stem present in 3 docs.
    assert c.binary_task("food").tp[list(c.vocabulary).index("appl")] == 3
    assert c.X_tf[:, list(c.vocabulary).index("market")].sum() == 3  # market, markets x2
    with pytest.raises(ValueError, match="Snowball"):
        load((TEXTS, LABELS), stem="klingon")


def test_class_matrices():
    c = load((TEXTS, LABELS))
    docs = c.class_doc_counts()
    tf = c.class_tf_sums()
    assert docs.shape == tf.shape == (2, c.n_words)
    food = list(c.classes).index("food")
    assert np.array_equal(docs[food], c.binary_task("food").tp)
    assert (tf >= docs).all() and docs.sum() == c.X.nnz


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("empty.csv", b"", "is empty"),
        ("blob.csv", b"\x00\x01\x02binary\x00", "binary file"),
        ("one.csv", b"text\nhello world\nsecond doc\n", "needs a text column and a label column"),
        ("onlyone.tsv", b"a\thello world\na\tsecond one\n", "at least two classes"),
        ("bad.arff", b"@relation x\n@attribute a numeric\n@attribute class {p,q}\n@data\n{0 1,9 p}\n", "out of range"),
        ("nodata.arff", b"@relation x\n@attribute a numeric\n", "no @DATA"),
        ("broken.zip", b"PK\x03\x04 this is not really a zip", "not a readable ZIP"),
        ("broken.tar.gz", b"\x1f\x8b not a gzip stream", "not a readable tar"),
        ("bad.jsonl", b'{"text": "a", "label": "x"}\n{oops\n', "line 2 is not valid JSON"),
        ("what.docx", b"hello", "cannot tell the format"),
    ],
)
def test_bad_files_give_clear_errors(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(CorpusError, match=message):
        load(path)


def test_zip_slip_is_refused(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("food/a.txt", "apple")
        z.writestr("../evil/b.txt", "stock")
    path = tmp_path / "evil.zip"
    path.write_bytes(buf.getvalue())
    with pytest.raises(CorpusError, match="unsafe member name '../evil/b.txt'"):
        load(path)


def test_cutoff_that_removes_every_word():
    with pytest.raises(CorpusError, match="removes every word.*lower min_df"):
        fsviz.load_corpus((TEXTS, LABELS), min_df=50)
    with pytest.raises(ValueError, match="`min_df` must be"):
        fsviz.load_corpus((TEXTS, LABELS), min_df=-1)


def test_other_bad_inputs(tmp_path, reference):
    with pytest.raises(CorpusError, match="no such file"):
        fsviz.load_corpus(tmp_path / "missing.csv")
    with pytest.raises(CorpusError, match="6 texts but 5 labels"):
        fsviz.load_corpus((TEXTS, LABELS[:5]))
    with pytest.raises(CorpusError, match="no words"):
        fsviz.load_corpus((["!!", "??"], ["a", "b"]))
    with pytest.raises(ValueError, match="unknown class 'sport'.*finance, food"):
        reference.binary_task("sport")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CorpusError, match="no files inside class folders"):
        fsviz.load_corpus(tmp_path / "empty")
    with pytest.raises(CorpusError, match="`text_column`='body' is not a column"):
        fsviz.load_corpus(pd_frame(), format="csv", text_column="body")


def pd_frame():
    import pandas as pd

    return pd.DataFrame({"text": TEXTS, "label": LABELS})


def test_dataframe_source(reference):
    assert_same_corpus(fsviz.load_corpus(pd_frame(), format="csv", min_df=1), reference)


# --- selection and synthetic corpora ----------------------------------------------------


def test_select_top_k_tie_rule():
    s = fsviz.select_top_k(np.array([0.1, 0.9, 0.5, 0.5, 0.2, 0.5]), 3)
    assert s.indices.tolist() == [1, 2, 3] and s.threshold == 0.5
    assert (s.n_above, s.n_tied, s.ties_exceed_k) == (1, 3, True)
    assert s.mask(6).tolist() == [False, True, True, True, False, False]
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="`k` must be a positive whole number"):
            fsviz.select_top_k([1.0, 2.0], bad)
    with pytest.raises(ValueError, match="larger than the vocabulary"):
        fsviz.select_top_k([1.0, 2.0], 3)


def test_planted_words_are_recovered(planted):
    corpus = planted.load()
    task = corpus.binary_task("c2")
    mine = set(planted.positive["c2"]) | set(planted.negative["c2"])
    # Other classes' positive words are absent from c2: genuine negative features for it.
    others = {w for c, words in planted.positive.items() if c != "c2" for w in words}
    for name in ("bns", "chi", "ig", "odds"):
        ranked = corpus.vocabulary[fsviz.select_top_k(task.score(name), corpus.n_words).indices]
        last = max(list(ranked).index(w) for w in mine)
        assert last < 2 * len(mine), name
        assert set(ranked[: last + 1]) - mine <= others, name
    # F1 favours positive features: its top 5 are the planted positive words.
    top5 = fsviz.select_top_k(task.score("f1"), 5).indices
    assert set(corpus.vocabulary[top5]) == set(planted.positive["c2"])
    # PR puts every fp = 0 word first (fpr' = 1e-8), ordered by tp.
    top5 = fsviz.select_top_k(task.score("pr"), 5).indices
    assert (task.fp[top5] == 0).all()
    assert sorted(task.tp[top5]) == sorted(task.tp[task.fp == 0])[-5:]
    again = fsviz.make_planted_corpus(n_docs=400, n_classes=4, random_state=1)
    assert again.texts == planted.texts
