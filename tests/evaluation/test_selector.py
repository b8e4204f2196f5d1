"""fsviz.evaluation.shipping.selector: MetricSelector is a scikit-learn selector that selects exactly fsviz's words.

Expected values are hand-derived in the comments beside them, or cross-checked against the library
(:func:`fsviz.selected_words`, :func:`fsviz.select_top_k`, the grid's :func:`rule_ks`), never hard-coded from a run.
"""

import numpy as np
import pandas as pd
import pytest
import skops.io
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import sparse
from scipy.stats import norm
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.feature_selection import SelectKBest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline
from sklearn.svm import LinearSVC
from sklearn.utils.estimator_checks import parametrize_with_checks

import fsviz
from fsviz import MetricSelector, Training
from fsviz.evaluation.grid import rule_ks
from fsviz.evaluation.shipping import round_robin

try:
    from sklearn.utils import get_tags  # scikit-learn >= 1.6: tags as dataclasses
except ImportError:
    get_tags = None

#: Four documents × four words; documents 0 and 1 are class 1 (the positive class: the larger label), 2 and 3 class 0.
#: Presence: word 0 in {0, 1} (tp 2, fp 0), word 1 in {0, 3} (tp 1, fp 1), word 2 in {2, 3} (tp 0, fp 2),
#: word 3 in {1, 2} (tp 1, fp 1). The counts (2, 3) only say "present".
TINY_X = np.array([[2, 1, 0, 0], [1, 0, 0, 1], [0, 0, 3, 1], [0, 1, 1, 0]])
TINY_Y = np.array([1, 1, 0, 0])


@parametrize_with_checks([MetricSelector(k=2), MetricSelector(metric="ig", k="all")])
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


@pytest.mark.skipif(get_tags is None, reason="scikit-learn < 1.6 reads _more_tags")
def test_tags_say_counts_and_labels():
    tags = get_tags(MetricSelector())
    assert tags.input_tags.positive_only and tags.input_tags.sparse and tags.target_tags.required


# --- hand-checked ---------------------------------------------------------------------------------------------


def test_tiny_bns_by_hand():
    # BNS = |F⁻¹(tpr) − F⁻¹(fpr)|, rates clipped to [0.0005, 0.9995] (Forman 2003): word 0 (tpr 1, fpr 0) and
    # word 2 (tpr 0, fpr 1, a negative feature) both score 2·F⁻¹(0.9995) ≈ 6.581; words 1 and 3 (tpr = fpr = ½) 0.
    top = 2 * norm.ppf(0.9995)
    selector = MetricSelector("bns", k=1).fit(TINY_X, TINY_Y)
    np.testing.assert_allclose(selector.scores_, [top, 0, top, 0], atol=1e-12)
    # the tie between words 0 and 2 goes to the lower index; SelectKBest keeps the higher one
    assert selector.selected_.tolist() == [0] and selector.k_ == 1
    assert SelectKBest(fsviz.score_func("bns"), k=1).fit(TINY_X, TINY_Y).get_support(indices=True).tolist() == [2]
    assert MetricSelector("bns", k=2).fit(TINY_X, TINY_Y).get_support(indices=True).tolist() == [0, 2]


def test_tiny_dfreq_tie_is_the_librarys_not_select_k_best():
    # every word is in exactly two documents: DFreq ties all four; fsviz keeps the lowest indices, SelectKBest the highest
    selector = MetricSelector("dfreq", k=2).fit(TINY_X, TINY_Y)
    assert selector.scores_.tolist() == [2, 2, 2, 2]
    ours = selector.get_support(indices=True).tolist()
    assert ours == [0, 1] == fsviz.select_top_k(selector.scores_, 2).indices.tolist()
    assert ours == fsviz.selected_words("dfreq", Training.from_binary(TINY_X, TINY_Y == 1), 2).tolist()
    theirs = SelectKBest(fsviz.score_func("dfreq"), k=2).fit(TINY_X, TINY_Y).get_support(indices=True).tolist()
    assert theirs == [2, 3]


def test_positive_names_the_class_and_k_is_clipped():
    selector = MetricSelector("expr(tpr-fpr)", k=10, positive=0).fit(TINY_X, TINY_Y)
    # class 0 positive: word 2 scores 1 − 0, words 1 and 3 score 0, word 0 scores −1
    assert selector.scores_.tolist() == [-1, 0, 1, 0]
    assert selector.selected_.tolist() == [2, 1, 3, 0] and selector.k_ == 4
    assert MetricSelector("dfreq", k=0).fit(TINY_X, TINY_Y).get_support().sum() == 0


# --- several classes ------------------------------------------------------------------------------------------

#: Six documents, two per class: a = {0, 1}, b = {2, 3}, c = {4, 5}; so pos 2, neg 4 for every class.
MULTI_X = sparse.csr_matrix(np.array([
    # w0 w1 w2 w3 w4 w5
    [1, 1, 0, 0, 0, 0],   # a
    [1, 0, 0, 0, 0, 1],   # a
    [1, 0, 0, 0, 0, 0],   # b
    [1, 0, 1, 0, 0, 0],   # b
    [0, 0, 0, 1, 0, 0],   # c
    [0, 0, 0, 0, 1, 1],   # c
]))
MULTI_Y = np.array(["a", "a", "b", "b", "c", "c"])


def test_round_robin_by_hand():
    # tpr − fpr for each class (rows) and word (columns), from the presence above:
    #   a: w0 1−2/4 = .5, w1 .5, w2 −.25, w3 −.25, w4 −.25, w5 .5−.25 = .25
    #   b: w0 .5, w1 −.25, w2 .5, w3 −.25, w4 −.25, w5 −.5
    #   c: w0 −1, w1 −.25, w2 −.25, w3 .5, w4 .5, w5 .25
    # rankings (ties: lower index first): a 0 1 5 2 3 4; b 0 2 1 3 4 5; c 3 4 5 1 2 0
    # round robin: a takes w0; b's best, w0, is taken, so it takes w2; c takes w3; a w1; b skips w1 and w3 for w4.
    expected = np.array([[.5, .5, -.25, -.25, -.25, .25], [.5, -.25, .5, -.25, -.25, -.5],
                         [-1, -.25, -.25, .5, .5, .25]])
    selector = MetricSelector("expr(tpr-fpr)", k=5).fit(MULTI_X, MULTI_Y)
    np.testing.assert_array_equal(selector.class_scores_, expected)
    assert selector.classes_.tolist() == ["a", "b", "c"]
    assert selector.selected_.tolist() == [0, 2, 3, 1, 4]
    assert MetricSelector("expr(tpr-fpr)", k=3).fit(MULTI_X, MULTI_Y).selected_.tolist() == [0, 2, 3]
    # "max": each word's best class score, .5 for w0–w4 and .25 for w5; the top 3 by the tie rule are w0, w1, w2
    by_max = MetricSelector("expr(tpr-fpr)", k=3, multiclass="max").fit(MULTI_X, MULTI_Y)
    np.testing.assert_array_equal(by_max.scores_, expected.max(axis=0))
    assert by_max.selected_.tolist() == [0, 1, 2]


def test_round_robin_alone():
    assert round_robin([np.array([4, 1, 2]), np.array([4, 3, 1])], 3).tolist() == [4, 3, 1]
    assert round_robin([np.array([0, 1]), np.array([1, 0])], 2).tolist() == [0, 1]


def test_positive_with_several_classes_is_the_one_vs_rest_task():
    selector = MetricSelector("bns", k=3).fit(MULTI_X, MULTI_Y)
    assert selector.class_scores_.shape == (3, 6)
    selector.set_params(positive="b").fit(MULTI_X, MULTI_Y)
    assert not hasattr(selector, "class_scores_")  # refitted for one class: the classes' scores are gone
    expected = fsviz.selected_words("bns", Training.from_binary(MULTI_X, MULTI_Y == "b"), 3)
    assert selector.selected_.tolist() == expected.tolist()


@pytest.fixture(scope="module")
def sample():
    """800 documents of the bundled sample corpus (docstrings by module), counted by CountVectorizer."""
    corpus = fsviz.load_sample()
    rows = np.sort(np.random.default_rng(0).choice(corpus.n_docs, 800, replace=False))
    texts = [corpus.texts[i] for i in rows]
    labels = np.asarray(corpus.labels)[rows]
    vect = CountVectorizer()
    return texts, labels, vect.fit_transform(texts), vect


def test_every_class_metrics_select_once_for_all_classes(sample):
    _, labels, X, _ = sample
    classes, codes = np.unique(labels, return_inverse=True)
    Y = codes[:, None] == np.arange(classes.size)
    for spec in ("chi_max", "igfss(cmfs)"):
        selector = MetricSelector(spec, k=50).fit(X, labels)
        expected = fsviz.selected_words(spec, Training(X, Y), 50)
        assert selector.selected_.tolist() == expected.tolist(), spec
    with pytest.raises(ValueError, match="give `positive`"):
        MetricSelector("igfss(bns)", k=5).fit(X, labels)


def test_fdr_rule_is_the_grids(sample):
    _, labels, X, _ = sample
    y = labels == "scipy.stats"
    selector = MetricSelector("ig", k="fdr0.05").fit(X, y)
    k = rule_ks(X, y, ["fdr0.05"])["fdr0.05"]
    assert 0 < selector.k_ == k
    assert selector.selected_.tolist() == fsviz.selected_words("ig", Training.from_binary(X, y), k).tolist()
    # several classes: the words significant for some class, at least as many as for the likeliest one
    several = MetricSelector("ig", k="fdr0.05").fit(X, labels)
    per_class = [rule_ks(X, labels == c, ["fdr0.05"])["fdr0.05"] for c in np.unique(labels)]
    assert max(per_class) <= several.k_ <= sum(per_class)


# --- in a Pipeline ----------------------------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")  # LinearSVC's 1000 iterations on raw counts
def test_grid_search_selects_the_librarys_words(sample):
    texts, labels, _, _ = sample
    y = labels == "scipy.stats"
    pipe = Pipeline([("vect", CountVectorizer()), ("select", MetricSelector()), ("clf", LinearSVC(random_state=0))])
    grid = {"select__metric": ["bns", "ig", "chi"], "select__k": [10, 100, 1000]}
    search = GridSearchCV(pipe, grid, cv=3, n_jobs=1).fit(texts, y)
    assert search.best_params_["select__metric"] in grid["select__metric"]
    assert search.best_params_["select__k"] in grid["select__k"]
    best = search.best_estimator_
    X = best["vect"].transform(texts)
    training = Training.from_binary(X, y)
    expected = fsviz.selected_words(search.best_params_["select__metric"], training, search.best_params_["select__k"])
    assert best["select"].selected_.tolist() == expected.tolist()
    words = best["vect"].get_feature_names_out()
    assert best[:-1].get_feature_names_out().tolist() == sorted(words[expected].tolist())
    for metric in grid["select__metric"]:  # every point of the grid, on the same counts
        for k in grid["select__k"]:
            got = MetricSelector(metric, k=k).fit(X, y).selected_
            assert got.tolist() == fsviz.selected_words(metric, training, k).tolist(), (metric, k)


def test_feature_names_from_a_data_frame():
    frame = pd.DataFrame(TINY_X, columns=["apple", "bean", "corn", "date"])
    selector = MetricSelector("bns", k=2).fit(frame, TINY_Y)
    assert selector.feature_names_in_.tolist() == ["apple", "bean", "corn", "date"]
    assert selector.get_feature_names_out().tolist() == ["apple", "corn"]
    assert selector.transform(frame).shape == (4, 2)


def test_skops_round_trip(sample, tmp_path):
    texts, labels, _, _ = sample
    keep = np.isin(labels, ["numpy", "pandas", "scipy.stats", "scipy.special"])
    texts, labels = [t for t, k in zip(texts, keep) if k], labels[keep]
    pipe = Pipeline([("vect", CountVectorizer()), ("select", MetricSelector("bns@0.7", k=200)),
                     ("clf", LogisticRegression(max_iter=200))]).fit(texts, labels)
    path = tmp_path / "model.skops"
    skops.io.dump(pipe, path)
    untrusted = skops.io.get_untrusted_types(file=path)
    assert untrusted == ["fsviz.evaluation.shipping.selector.MetricSelector"]
    loaded = skops.io.load(path, trusted=untrusted)
    assert loaded.predict(texts).tolist() == pipe.predict(texts).tolist()
    assert loaded["select"].selected_.tolist() == pipe["select"].selected_.tolist()
    np.testing.assert_array_equal(loaded["select"].class_scores_, pipe["select"].class_scores_)


# --- properties --------------------------------------------------------------------------------------------------


@st.composite
def counts_and_labels(draw):
    n_docs = draw(st.integers(2, 12))
    n_words = draw(st.integers(1, 15))
    X = draw(arrays(np.int64, (n_docs, n_words), elements=st.integers(0, 5)))
    y = draw(arrays(np.bool_, n_docs))
    y[0], y[-1] = True, False  # both classes present
    return X, y


METRICS = ["bns", "ig", "chi", "dfreq", "odds", "bns@0.3", "ar(chi,ig)"]


@settings(max_examples=30, deadline=None)
@given(counts_and_labels(), st.integers(0, 20), st.sampled_from(METRICS), st.integers(2, 7))
def test_properties(data, k, metric, factor):
    X, y = data
    selector = MetricSelector(metric, k=k).fit(X, y)
    mask = selector.get_support()
    assert mask.sum() == min(k, X.shape[1]) == selector.k_
    scaled = MetricSelector(metric, k=k).fit(X * factor, y)  # presence only: counts scaled select the same
    assert scaled.selected_.tolist() == selector.selected_.tolist()
    if selector.k_:
        assert selector.selected_.tolist() == fsviz.select_top_k(selector.scores_, selector.k_).indices.tolist()
        expected = fsviz.selected_words(metric, Training.from_binary(X, y), k)
        assert selector.selected_.tolist() == expected.tolist()


# --- refused -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("X", "options", "message"), [
    (-TINY_X, {}, r"Negative values in data passed to MetricSelector: X holds -2 at row 0, column 0"),
    (np.where(TINY_X == 3, np.nan, TINY_X), {}, "NaN"),
    (TINY_X, {"metric": "nope"}, r"`metric`: unknown metric 'nope'; valid metrics are acc, "),
    (TINY_X, {"k": "fdrx"}, r"`k` must be a whole number of words >= 0, 'all', or a rule such as 'fdr0.05', got 'fdrx'"),
    (TINY_X, {"k": -1}, r"`k` must be a whole number of words >= 0, 'all', or a rule such as 'fdr0.05', got -1"),
    (TINY_X, {"k": 2.5}, r"`k` must be a whole number .* got 2.5"),
    (TINY_X, {"k": "fdr2"}, r"fdr2"),
    (TINY_X, {"k": "fdr0.05"}, r"no word has q <= 0.05 .* raise the rate"),
    (TINY_X, {"positive": 7}, r"`positive` must be one of the labels in y \(0, 1\), got 7"),
    (TINY_X, {"multiclass": "min"}, r"`multiclass` must be one of round_robin, max, got 'min'"),
])
def test_bad_input_is_refused_with_what_to_do(X, options, message):
    with pytest.raises(ValueError, match=message):
        MetricSelector(**{"k": 2, **options}).fit(X, TINY_Y)


def test_one_class_and_continuous_targets_are_refused():
    with pytest.raises(ValueError, match="one class"):
        MetricSelector().fit(TINY_X, [1, 1, 1, 1])
    with pytest.raises(ValueError, match="continuous"):
        MetricSelector().fit(TINY_X, [0.5, 1.5, 2.25, 3.125])
