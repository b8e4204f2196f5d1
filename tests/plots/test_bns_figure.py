"""Forman's Figure 1 for one word: fsviz.stats.binormal (the numbers) and fsviz.plots.bns (the figure)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.integrate import trapezoid
from scipy.stats import norm

import fsviz
from fsviz.plots import bns_figure
from fsviz.stats.binormal import bns_view, word_bns_view


@st.composite
def words(draw):
    pos = draw(st.integers(1, 5000))
    neg = draw(st.integers(1, 50000))
    return draw(st.integers(0, pos)), draw(st.integers(0, neg)), pos, neg


def test_thresholds_by_hand():
    # tpr = 20/50 = 0.4, fpr = 1/1000; F⁻¹(0.4) = -0.2533471…, F⁻¹(0.001) = -3.0902323… (normal tables);
    # BNS = 2.8368852…, the value fsviz.score's own doctest gives
    view = bns_view(20, 1, 50, 1000, word="planted")
    assert view.threshold_pos == pytest.approx(-0.2533471031357997, abs=1e-15)
    assert view.threshold_neg == pytest.approx(-3.090232306167813, abs=1e-15)
    assert view.score == pytest.approx(2.8368852030320135, abs=1e-15)
    assert not view.tpr_clipped and not view.fpr_clipped and not view.negative
    assert view.to_dict()["bns"] == view.score and view.to_dict()["word"] == "planted"


@settings(max_examples=60, deadline=None)
@given(word=words())
def test_the_drawn_separation_is_the_words_bns_score(word):
    view = bns_view(*word)
    expected = float(fsviz.score("bns", *word))
    assert view.score == expected  # exactly: the same clip and the same ndtri
    figure = bns_figure(view)
    arrows = [a for a in figure.layout.annotations if a.showarrow]
    assert len(arrows) == 2  # one per view, from one threshold (centre) to the other
    for arrow in arrows:
        assert abs(arrow.x - arrow.ax) == pytest.approx(expected, abs=1e-12)


def test_the_shaded_areas_are_the_rates():
    view = bns_view(12, 90, 40, 600, n_points=20_001)
    left = view.x <= view.threshold_pos
    assert trapezoid(view.density[left], view.x[left]) == pytest.approx(view.tpr, abs=1e-3)
    left = view.x <= view.threshold_neg
    assert trapezoid(view.density[left], view.x[left]) == pytest.approx(view.fpr, abs=1e-3)
    past = view.x_shifted >= 0
    assert trapezoid(view.positive_density[past], view.x_shifted[past]) == pytest.approx(view.tpr, abs=1e-3)
    assert trapezoid(view.negative_density[past], view.x_shifted[past]) == pytest.approx(view.fpr, abs=1e-3)
    # exactly, by the c.d.f.: area left of F⁻¹(r) is r; area of N(F⁻¹(r), 1) past 0 is r
    assert norm.cdf(view.threshold_pos) == pytest.approx(view.tpr, abs=1e-15)
    assert norm.sf(0, loc=view.threshold_neg) == pytest.approx(view.fpr, abs=1e-15)


@pytest.mark.parametrize("tp, fp, flags, used", [
    (0, 30, (True, False), (0.0005, 0.03)),
    (10, 0, (False, True), (0.2, 0.0005)),
    (50, 0, (True, True), (0.9995, 0.0005)),
    (50, 1000, (True, True), (0.9995, 0.9995)),
])
def test_clipping_is_flagged_and_shown(tp, fp, flags, used):
    view = bns_view(tp, fp, 50, 1000)
    assert (view.tpr_clipped, view.fpr_clipped) == flags
    assert (view.tpr_used, view.fpr_used) == used
    legend = " ".join(trace.name or "" for trace in bns_figure(view).data)
    texts = " ".join(a.text for a in bns_figure(view).layout.annotations)
    for clipped, value in zip(flags, used, strict=True):
        assert (f"(clipped to {value:g})" in legend) == clipped
    assert texts.count("(rate clipped)") == sum(flags)


def test_a_negative_feature_has_a_negative_separation_and_the_same_score():
    view = bns_view(1, 300, 50, 1000)
    assert view.negative and view.separation < 0 and view.score == -view.separation
    assert view.score == float(fsviz.score("bns", 1, 300, 50, 1000))
    assert "a negative feature" in bns_figure(view).layout.title.text


def test_the_curves_cover_both_thresholds():
    view = bns_view(0, 1000, 50, 1000)  # thresholds at ±3.29
    assert view.x[0] < min(view.threshold_pos, view.threshold_neg) and view.x[-1] > 3.29
    assert view.x_shifted[0] <= min(view.threshold_pos, view.threshold_neg) - 4
    assert view.x_shifted[-1] >= max(view.threshold_pos, view.threshold_neg) + 4


@pytest.mark.parametrize("args, kwargs, words", [
    (([1, 2], [0, 0], 5, 5), {}, "bns_view draws one word"),
    ((6, 0, 5, 5), {}, "`tp` must lie in [0, pos]"),
    ((1, 0, 0, 5), {}, "`pos` and `neg` must both be at least 1"),
    (("a", 0, 5, 5), {}, "`tp` must hold numbers of documents"),
    ((1, 0, 5, 5), {"n_points": 3}, "`n_points` must be a whole number of at least 11"),
])
def test_bad_counts_are_refused(args, kwargs, words):
    with pytest.raises(ValueError) as raised:
        bns_view(*args, **kwargs)
    assert words in str(raised.value)


def test_a_word_of_a_task():
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=2, random_state=3).load()
    task = corpus.binary_task("c0")
    i = int(np.argmax(task.score("bns")))
    view = word_bns_view(task, str(task.vocabulary[i]))
    assert (view.tp, view.fp, view.pos, view.neg) == (task.tp[i], task.fp[i], task.pos, task.neg)
    assert view.score == task.score("bns")[i]
    for bad, words in (("notaword", "'notaword' is not in the vocabulary of 'c0'"), (3, "`word` must be text")):
        with pytest.raises(ValueError, match=words):
            word_bns_view(task, bad)
