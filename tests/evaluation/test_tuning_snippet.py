"""The answer's "tune it" lines run as shown: a Pipeline with MetricSelector, searched by GridSearchCV (issue 40)."""

import numpy as np
import pytest

import fsviz
from fsviz.evaluation.shipping import tuning_snippet


@pytest.mark.parametrize("metric, classifier, params", [("bns", "svm", ()), ("ig", "nb", (("alpha", 0.5),)),
                                                        ("expr(tpr - fpr)", "svm", (("C", 0.5),))])
def test_the_lines_for_a_corpus_of_texts_run_and_tune_around_the_answer(metric, classifier, params):
    planted = fsviz.make_planted_corpus(n_docs=160, n_classes=2, random_state=4)
    corpus = planted.load()
    code = tuning_snippet(metric, 6, classifier=classifier, params=params, class_name=str(corpus.classes[0]),
                          options=corpus.options)
    scope = {"texts": list(planted.texts), "labels": list(planted.labels)}
    exec(compile(code, "<the answer's lines>", "exec"), scope)
    search = scope["search"]
    assert search.best_params_["select__metric"] == metric and search.best_params_["select__k"] in (3, 6, 12)
    assert search.best_estimator_["select"].get_support().sum() == search.best_params_["select__k"]
    assert np.isfinite(search.cv_results_["mean_test_score"]).all()


def test_the_lines_for_a_pre_counted_corpus_take_its_matrix():
    corpus = fsviz.make_planted_corpus(n_docs=160, n_classes=2, random_state=4).load()
    code = tuning_snippet("chi", 4, options=None)
    assert "CountVectorizer" not in code
    scope = {"X": corpus.X_tf, "labels": np.asarray(corpus.classes)[corpus.Y.toarray().argmax(axis=1)]}
    exec(compile(code, "<the answer's lines>", "exec"), scope)
    assert scope["search"].best_params_["select__k"] in (2, 4, 8)
    assert np.isfinite(scope["search"].cv_results_["mean_test_score"]).all()


def test_a_class_name_or_metric_holding_quotes_stays_one_python_string():
    code = tuning_snippet("bns", 10, class_name='it\'s "odd"\n', options={})
    compile(code, "<the answer's lines>", "exec")  # a SyntaxError would fail here
    assert repr('it\'s "odd"\n') in code
