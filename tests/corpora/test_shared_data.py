"""Every dataset in ../shared/data parses to the counts PROVENANCE.md gives.

Skipped when ../shared/data is absent. Loaded with min_df=1 (or 0 to keep
declared but unused columns), no stop words, no stemming: the files as they are.
"""

import numpy as np
import pytest
from conftest import shared

import fsviz

# name: (docs, words, classes, non-zeros, {class: size}) from PROVENANCE.md
ARFF_SETS = {
    "oh0": (1003, 3182, 10, 52673, {"Heart-Valve-Prosthesis": 194, "Mexico": 51}),
    "oh10": (1050, 3238, 10, 58424, {"Costs-and-Cost-Analysis": 165, "Sampling-Studies": 52}),
    "oh15": (913, 3100, 10, 54147, {"Staphylococcal-Infections": 157, "Aluminum": 53}),
    "tr11": (414, 6429, 9, 116613, {"12": 132, "11": 74, "3": 69, "4": 52, "6": 29, "1": 21, "24": 20, "5": 11, "44": 6}),
    "tr31": (927, 10128, 7, 248903, {"301": 352, "306": 227, "304": 151, "307": 111, "302": 63, "305": 21, "310": 2}),
    "tr41": (878, 7454, 10, 171509, {"354": 243, "356": 9}),
    "tr45": (690, 8261, 10, 193605, {"395": 160, "394": 14}),
    "wap": (1560, 8460, 20, 220482, {"Health": 341, "Film": 196, "Entertainment": 5}),
}
CLUTO_SETS = {
    "fbis": (2463, 2000, 17, 393386, [190, 125, 358, 92, 94, 506, 139, 65, 387, 119, 48, 46, 38, 46, 43, 121, 46]),
    "la1": (3204, 31472, 6, 484024, [555, 341, 273, 943, 738, 354]),
    "re0": (1504, 2886, 13, 77808, [16, 608, 319, 42, 60, 219, 80, 20, 37, 39, 11, 38, 15]),
    "re1": (1657, 3758, 25, None,
            [48, 371, 60, 19, 37, 99, 106, 137, 17, 20, 330, 27, 15, 31, 50, 87, 18, 42, 31, 32, 10, 19, 13, 20]),
}


def sizes(corpus):
    return dict(zip(corpus.classes.tolist(), corpus.class_sizes.tolist()))


@pytest.mark.parametrize("name", sorted(ARFF_SETS))
def test_arff_sets(name):
    docs, words, n_classes, nnz, some_sizes = ARFF_SETS[name]
    corpus = fsviz.load_corpus(shared(name, f"{name}.wc.arff"), min_df=1)
    assert (corpus.n_docs, corpus.n_words, corpus.n_classes, corpus.X.nnz) == (docs, words, n_classes, nnz)
    assert corpus.name == name
    assert some_sizes.items() <= sizes(corpus).items()
    assert corpus.class_sizes.sum() == docs and not corpus.is_multilabel


@pytest.mark.parametrize("name", sorted(CLUTO_SETS))
def test_cluto_sets(name):
    docs, words, n_classes, nnz, row_sizes = CLUTO_SETS[name]
    corpus = fsviz.load_corpus(shared(name), min_df=0)
    assert (corpus.n_docs, corpus.n_words, corpus.n_classes) == (docs, words, n_classes)
    if nnz is not None:
        assert corpus.X.nnz == nnz
    names = fsviz.corpora.formats.CLUTO_CLASS_NAMES[name]
    by_row = [sizes(corpus)[n] for n in dict.fromkeys(names)]
    assert by_row == row_sizes
    assert not corpus.is_multilabel and corpus.class_sizes.sum() == docs


def test_la1_unused_columns_and_cutoff():
    corpus = fsviz.load_corpus(shared("la1"), min_df=1)
    assert corpus.n_words_raw == 31472 and corpus.n_words == 31472 - 1758


def test_re1_label_repair():
    corpus = fsviz.load_corpus(shared("re1"), min_df=0)
    assert sizes(corpus)["unknown"] == 18 and sizes(corpus)["tin"] == 18
    assert any("duplicates row 16" in note for note in corpus.notes)


def test_20newsgroups_tar():
    corpus = fsviz.load_corpus(shared("20newsgroups", "20news-bydate.tar.gz"))
    assert (corpus.n_docs, corpus.n_classes) == (18846, 20)
    s = sizes(corpus)
    assert s["alt.atheism"] == 799 and s["rec.sport.hockey"] == 999 and s["talk.religion.misc"] == 628
    assert (corpus.df >= 3).all() and corpus.n_words > 30000


def test_ohsumed23_tar():
    corpus = fsviz.load_corpus(shared("ohsumed23", "ohsumed_single_23.tar.gz"))
    assert (corpus.n_docs, corpus.n_classes) == (7400, 23)
    assert corpus.classes[0] == "C01"


def test_mr_lines():
    corpus = fsviz.load_corpus(shared("mr"))
    assert corpus.n_docs == 10662
    assert sizes(corpus) == {"0": 5331, "1": 5331}


def test_binary_task_on_real_data_matches_dense_count():
    corpus = fsviz.load_corpus(shared("tr45", "tr45.wc.arff"))
    task = corpus.binary_task("394")
    dense = corpus.X.toarray()
    y = corpus.y("394")
    assert np.array_equal(task.tp, dense[y].sum(axis=0)) and np.array_equal(task.fp, dense[~y].sum(axis=0))
    assert (task.pos, task.neg) == (14, 676)
