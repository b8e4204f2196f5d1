"""Counting in parts gives exactly what loading the corpus whole gives (issue 55): over generated corpora, every
format that can be split (JSONL, CSV with quoted line ends, TSV), partitions down to one document, several
preprocessings and cutoffs; each word's documents per class, the class sizes, and each class's task."""

import csv
import io
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fsviz
from fsviz import CorpusError
from fsviz.corpora.parts import count_in_parts

WORDS = ["apple", "pear", "sky", "cloud", "rain", "sun", "Tree", "tree", "été", "naïve", "the", "running", "runs"]


@st.composite
def corpora(draw):
    n = draw(st.integers(4, 30))
    labels = [draw(st.sampled_from(["a", "b", "c", " b ", "a\u200b"])) for _ in range(n)]
    labels[0], labels[1] = "a", "b"
    texts = [" ".join(draw(st.lists(st.sampled_from(WORDS + ["x,y", 'say "hi"', "line\nend"]), min_size=1,
                                    max_size=8))) for _ in range(n)]
    return texts, labels


def _write(folder, fmt, texts, labels):
    path = folder / f"c.{fmt}"
    if fmt == "jsonl":
        path.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(texts, labels)),
                        encoding="utf-8")
    elif fmt == "csv":
        out = io.StringIO()
        csv.writer(out).writerows([("text", "label"), *zip(texts, labels)])
        path.write_text(out.getvalue(), encoding="utf-8")
    else:  # a TSV field holds no tab or line end
        path.write_text("text\tlabel\n" + "".join(f"{t.replace(chr(10), ' ')}\t{lab}\n" for t, lab in
                                                  zip(texts, labels)), encoding="utf-8")
    return path


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=corpora(), fmt=st.sampled_from(["jsonl", "csv", "tsv"]), part=st.integers(1, 7),
       min_df=st.integers(1, 3), options=st.sampled_from([{}, {"stopwords": True}, {"stem": True},
                                                           {"ngrams": (1, 2)}, {"max_df": 0.8}]))
def test_counting_in_parts_equals_loading_whole(tmp_path_factory, corpus, fmt, part, min_df, options):
    path = _write(tmp_path_factory.mktemp("parts"), fmt, *corpus)
    try:
        whole = fsviz.load_corpus(path, min_df=min_df, **options)
    except CorpusError as exc:  # what the whole corpus refuses, the parts refuse too
        with pytest.raises(CorpusError):
            count_in_parts(path, part_docs=part, min_df=min_df, **options)
        return exc
    counts = count_in_parts(path, part_docs=part, min_df=min_df, **options)
    assert counts.vocabulary.tolist() == whole.vocabulary.tolist()
    assert counts.classes.tolist() == whole.classes.tolist()
    assert counts.n_docs == whole.n_docs and counts.class_sizes.tolist() == whole.class_sizes.tolist()
    presence = (whole.X_tf > 0).astype(np.int64)
    assert np.array_equal(counts.df_by_class.toarray(), (presence.T @ whole.Y.astype(np.int64)).toarray())
    for name in whole.classes:
        mine, theirs = counts.task(name), whole.binary_task(name)
        assert np.array_equal(mine.tp, theirs.tp) and np.array_equal(mine.fp, theirs.fp)
        assert (mine.pos, mine.neg) == (theirs.pos, theirs.neg)
    assert counts.parts == -(-whole.n_docs // part) or fmt != "jsonl"


def test_a_file_that_cannot_be_split_says_what_can(tmp_path):
    arff = tmp_path / "c.arff"
    arff.write_text("@relation r\n@attribute w numeric\n@attribute class {a,b}\n@data\n1,a\n0,b\n")
    with pytest.raises(CorpusError, match="counting in parts reads JSONL, CSV and TSV"):
        count_in_parts(arff)
    headless = tmp_path / "c.csv"
    headless.write_text("red apple,fruit\nblue sky,sky\n")
    with pytest.raises(CorpusError, match="needs a header row naming the text column"):
        count_in_parts(headless)
    with pytest.raises(ValueError, match="part_docs must be a whole number"):
        count_in_parts(headless, part_docs=0)
