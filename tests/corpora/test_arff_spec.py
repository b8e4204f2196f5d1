"""The ARFF reader reads ARFF as its specification says, checked against an independent reader and writer
(liac-arff) on generated files: quoted names and values with spaces, commas, quotes and backslashes, string
attributes, dense and sparse rows; and a value given twice is refused, never merged."""

import arff
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fsviz
from fsviz import CorpusError

TEXT = st.text(alphabet="ab c,'\"%-_é", min_size=1, max_size=8).map(str.strip).filter(
    lambda s: s and s not in ("?",) and not s.startswith(("%", "{")))


@st.composite
def datasets(draw):
    words = draw(st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=6), min_size=1, max_size=6,
                          unique=True))
    classes = draw(st.lists(TEXT, min_size=2, max_size=4, unique=True))
    n = draw(st.integers(2, 12))
    rows = []
    for i in range(n):
        counts = draw(st.lists(st.integers(0, 5), min_size=len(words), max_size=len(words)).filter(any))
        note = draw(TEXT)
        rows.append([*counts, note, classes[i % 2] if i < 2 else draw(st.sampled_from(classes))])
    attributes = [*((w, "NUMERIC") for w in words), ("note", "STRING"), ("class", classes)]
    return {"relation": "generated", "attributes": attributes, "data": rows}


def expected(dataset):
    counts = np.array([row[:-2] for row in dataset["data"]], dtype=float)
    labels = [row[-1] for row in dataset["data"]]
    return counts, labels


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(dataset=datasets(), sparse=st.booleans())
def test_generated_files_read_as_liac_arff_reads_them(tmp_path_factory, dataset, sparse):
    path = tmp_path_factory.mktemp("arff") / "g.arff"
    if sparse:
        dataset = {**dataset, "data": [{i: v for i, v in enumerate(row) if v != 0} for row in dataset["data"]]}
        path.write_text(arff.dumps({**dataset}), encoding="utf-8")
        dense = {**dataset, "data": [[row.get(i, 0) for i in range(len(dataset["attributes"]))]
                                     for row in dataset["data"]]}
    else:
        path.write_text(arff.dumps(dataset), encoding="utf-8")
        dense = dataset
    theirs = arff.loads(path.read_text(encoding="utf-8"), encode_nominal=False,
                        return_type=arff.DENSE if not sparse else arff.LOD)
    assert len(theirs["data"]) == len(dense["data"])
    corpus = fsviz.load_corpus(path, min_df=1)
    counts, labels = expected(dense)
    if sparse:  # a sparse row that omits the class has the first declared value
        first = dense["attributes"][-1][1][0]
        labels = [lab if lab != 0 else first for lab in labels]
    assert list(corpus.labels) == labels
    words = [w for w, _ in dense["attributes"][:-2]]
    kept = [words.index(w) for w in corpus.vocabulary]
    assert np.array_equal(corpus.X_tf.toarray(), counts[:, kept])


HEADER = "@relation t\n@attribute w1 numeric\n@attribute w2 numeric\n@attribute class {a,b}\n@data\n"


@pytest.mark.parametrize("body, words", [
    ("{0 1,0 5,2 a}\n{1 1,2 b}\n", "attribute index 0 .* is given twice"),
    ("{0 1,2 a,2 b}\n{1 1,2 b}\n", "attribute index 2 .* is given twice"),
    ("1,0,'a\n0,1,b\n", "a quote .* never closed"),
])
def test_a_value_given_twice_or_a_quote_left_open_is_refused_with_its_line(tmp_path, body, words):
    path = tmp_path / "bad.arff"
    path.write_text(HEADER + body)
    with pytest.raises(CorpusError, match=f"line 6: malformed data row \\({words}"):
        fsviz.load_corpus(path, min_df=1)


def test_an_attribute_name_declared_twice_is_refused(tmp_path):
    path = tmp_path / "twice.arff"
    path.write_text(HEADER.replace("w2", "w1") + "1,0,a\n0,1,b\n")
    with pytest.raises(CorpusError, match="the attribute name 'w1' is declared twice"):
        fsviz.load_corpus(path, min_df=1)
