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


#: Any text a document may hold: quotes, backslashes, commas, braces, %, tabs, line ends and other control
#: characters, letters beyond ASCII. liac-arff writes each as the ARFF specification says (quoted, escaped).
#: (liac-arff writes a text with a brace and no space unquoted, which its own reader then refuses: such a text gets
#: a space, so that it is quoted.)
DOC = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30).filter(
    lambda s: s.strip() not in ("", "?")).map(lambda s: s + " x" if "{" in s or "}" in s else s)


@st.composite
def text_datasets(draw):
    classes = draw(st.lists(TEXT, min_size=2, max_size=4, unique=True))
    n_strings = draw(st.integers(1, 3))
    names = ["text", "title", "note"][:n_strings] if draw(st.booleans()) else ["body2", "title", "note"][:n_strings]
    n = draw(st.integers(2, 10))
    rows = []
    for i in range(n):
        strings = [draw(DOC | st.none()) if j or draw(st.integers(0, 9)) else None for j in range(n_strings)]
        label = classes[i % 2] if i < 2 else draw(st.sampled_from(classes) | st.none())
        rows.append([*strings, label])
    for row in rows[:2]:  # two documents with a text and a class
        row[0] = row[0] or "a document"
    attributes = [*((name, "STRING") for name in names), ("class", classes)]
    return {"relation": "text", "attributes": attributes, "data": rows}


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(dataset=text_datasets(), weights=st.booleans())
def test_text_arff_reads_as_liac_arff_reads_it(tmp_path_factory, dataset, weights):
    """Weka's text ARFF (issue 51): each document's text in a string attribute, ``?`` for a missing class or
    text, escapes of every kind; the text attribute is the one named ``text``, else the longest; rows whose class
    or text is missing are dropped with a note; instance weights after a row are read past, with a note."""
    from fsviz.corpora import read

    written = arff.dumps(dataset)
    theirs = arff.loads(written, encode_nominal=False)["data"]
    if weights:  # Weka's instance weights, which liac-arff does not write
        head, _, body = written.partition("@DATA\n")
        written = head + "@DATA\n" + "".join(f"{line}, {{{i % 3 + 0.5}}}\n" for i, line in
                                            enumerate(body.split("\n")) if line.strip())
    path = tmp_path_factory.mktemp("arff") / "t.arff"
    path.write_text(written, encoding="utf-8")
    n_strings = len(dataset["attributes"]) - 1
    if dataset["attributes"][0][0] == "text":
        chosen = 0
    else:
        chosen = max(range(n_strings), key=lambda j: sum(len(r[j] or "") for r in theirs) / len(theirs))
    kept = [r for r in theirs if r[-1] is not None and r[chosen] is not None]
    if not kept:
        with pytest.raises(CorpusError, match="holds no documents"):
            read(path)
        return
    raw = read(path)
    assert raw.texts == [r[chosen] for r in kept]
    assert raw.labels == [(r[-1],) for r in kept]
    notes = " ".join(raw.notes)
    assert ("with no class" in notes) == any(r[-1] is None for r in theirs)
    assert ("with no text" in notes) == any(r[-1] is not None and r[chosen] is None for r in theirs)
    assert ("instance weights" in notes) == weights
    assert ("read from the string attribute" in notes) == (n_strings > 1)


def test_the_text_attribute_can_be_named_and_a_wrong_name_says_which_there_are(tmp_path):
    from fsviz.corpora import read

    path = tmp_path / "two.arff"
    path.write_text("@relation r\n@attribute title string\n@attribute body string\n@attribute class {a,b}\n@data\n"
                    "'short','a much longer body',a\n'x','another long body text',b\n")
    assert read(path).texts == ["a much longer body", "another long body text"]
    assert read(path, text_column="title").texts == ["short", "x"]
    with pytest.raises(CorpusError, match=r"no string attribute 'nope'.*\['title', 'body'\]"):
        read(path, text_column="nope")


def test_word_counts_with_missing_values_weights_and_a_missing_class(tmp_path):
    """``?`` in a word column is absence (dense and sparse); a row whose class is ``?`` is dropped with its line;
    a weight that is not a number is refused by name."""
    from fsviz.corpora import read

    path = tmp_path / "q.arff"
    path.write_text(HEADER + "1,?,a\n{0 ?, 1 2, 2 b}, {3}\n2,1,?\n0,1,b, {0.5}\n")
    raw = read(path)
    assert raw.counts.toarray().tolist() == [[1, 0], [0, 2], [0, 1]]
    assert raw.labels == [("a",), ("b",), ("b",)]
    assert any("line 8" in n and "no class" in n for n in raw.notes)
    assert any("2 rows carry Weka instance weights" in n for n in raw.notes)
    path.write_text(HEADER + "1,0,a, {heavy}\n")
    with pytest.raises(CorpusError, match=r"line 6: .*instance weight \{heavy\}.* not a number"):
        read(path)
