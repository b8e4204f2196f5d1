"""The volcano view's y: −log₁₀ q in logs (equal to −log₁₀ of the q the library computes wherever q is a number,
finite where q underflows), and the figure's points against the library's numbers."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.plots import volcano_figure
from fsviz.stats.effect import log_ratio_interval
from fsviz.stats.pvalues import bh_q_values
from fsviz.stats.significance import Significance


@settings(max_examples=80, deadline=None)
@given(st.lists(st.floats(1e-280, 1.0), min_size=1, max_size=60))
def test_minus_log10_q_is_minus_log10_of_q(p):
    p = np.array(p)
    tested = Significance(p, bh_q_values(p), "greater", "fisher")
    np.testing.assert_allclose(tested.minus_log10_q, -np.log10(tested.q), rtol=1e-9, atol=1e-9)


def test_a_q_below_the_float_range_keeps_its_size():
    log10_p = np.array([-600.0, -400.0, -2.0, -0.1])
    tested = Significance(10.0 ** log10_p, bh_q_values(10.0 ** log10_p), "greater", "fisher", log10_p)
    assert tested.q[0] == 0.0
    # m = 4: q1 = p1 · 4/1, q2 = p2 · 4/2, so −log₁₀ q = 600 − log₁₀ 4 and 400 − log₁₀ 2.
    np.testing.assert_allclose(tested.minus_log10_q[:2], [600 - np.log10(4), 400 - np.log10(2)])


def test_the_volcano_draws_every_word_at_its_effect_and_q():
    corpus = fsviz.make_planted_corpus(n_docs=300, random_state=0).load()
    task = corpus.binary_task(corpus.classes[0])
    from fsviz.stats.significance import significance

    tested = significance(task)
    effect = log_ratio_interval(task.tp, task.fp, task.pos, task.neg)
    figure = volcano_figure(task, tested, effect, fdr=0.05, highlight=[0])
    points = {t.name: t for t in figure.data}
    hits = next(t for name, t in points.items() if name.startswith("q ≤"))
    assert len(hits.x) == int((tested.q <= 0.05).sum())
    drawn = sum(len(t.x) for name, t in points.items() if name != "searched")
    assert drawn == task.n_words
    words = list(hits.text)
    at = np.searchsorted(task.vocabulary, words) if np.all(task.vocabulary[:-1] <= task.vocabulary[1:]) else \
        np.array([int(np.flatnonzero(task.vocabulary == w)[0]) for w in words])
    np.testing.assert_allclose(hits.x, effect.log_ratio[at])
    np.testing.assert_allclose(hits.y, tested.minus_log10_q[at])
