"""The answer on planted corpora whose truth is known: where all words win, where a metric truly wins at a
known k, and where two metrics are the same selection. The verdicts are asserted, not printed."""

import pytest

from fsviz import make_planted_corpus
from fsviz.evaluation.answer import answers, recommend, recommendation_text
from fsviz.evaluation.grid import GridConfig, run_grid


@pytest.fixture(scope="module")
def sharp():
    """Five strong words per class in 3,000 words of noise: selecting about 15 words is the truth."""
    return make_planted_corpus(300, 3, n_background=3000, doc_length=60, n_positive=5, n_negative=0,
                               positive_rate=(0.7, 0.03), random_state=2).load()


def test_where_all_words_win_the_answer_says_no_selection_helps():
    """150 weak words per class: two or five of them cannot match them all."""
    spread = make_planted_corpus(400, 2, n_background=300, n_positive=150, n_negative=0,
                                 positive_rate=(0.12, 0.04), random_state=1).load()
    run = run_grid(spread, GridConfig(metrics=("bns", "ig", "rand"), ks=(2, 5), trials=2, folds=4), n_jobs=1)
    rec = recommend(run.results)
    for answer in answers(rec)[:4]:  # F1, precision, recall, accuracy
        assert answer["metric"] is None and answer["verdict_all_words"] == "worse"
    assert recommendation_text(rec)[0].startswith("**F-measure**: keep all words: selection scores lower on "
                                                  "held-out folds (")


def test_where_a_few_planted_words_match_all_words_the_answer_names_them_and_says_it_cannot_tell(sharp):
    """About 15 planted words carry the classes: selecting them matches all words (the SVM finds them among the
    noise too), far better than chance. The answer offers the few words, says the data cannot tell them from all
    words, and never says "use"."""
    run = run_grid(sharp, GridConfig(metrics=("bns", "ig", "rand"), ks=(5, 15, 50, 300, 1000), trials=2, folds=4),
                   n_jobs=1)
    f1 = answers(recommend(run.results))[0]
    assert f1["best"] in {"bns", "ig"} and f1["k_high"] <= 50  # about the 15 planted words, not the noise
    assert f1["verdict_all_words"] == "cannot tell" and f1["metric"] is None
    assert f1["verdict_rand"] == "better" and f1["beats_rand"] and f1["p"] is not None
    assert "fewer words than all words, scores" in f1["text"] and "the data cannot tell them apart" in f1["text"]
    assert "Against Rand it scores" in f1["text"] and ": better (p" in f1["text"] and "use " not in f1["text"]


def test_two_names_of_one_selection_are_never_told_apart(sharp):
    """ig and ig@0.5 (both sides weighted alike) select the same words: the same fits, the same scores."""
    run = run_grid(sharp, GridConfig(metrics=("ig", "ig@0.5"), ks=(15,), trials=2, folds=4), n_jobs=1)
    rec = recommend(run.results)
    assert (rec["p_second"] == 1.0).all() and set(rec["second"]) <= {"ig", "ig@0.5"}
    named = [text for text, metric in zip(recommendation_text(rec), rec["metric"]) if isinstance(metric, str)]
    assert named and all("The data cannot tell" in text and "(p = 1.000" in text for text in named)
