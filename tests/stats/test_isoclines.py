"""The drawn curve separates exactly the words each metric selects."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.stats.isoclines import (
    NOT_MONOTONE,
    isocline,
    no_isocline_reason,
    selected_side,
    top_k_isocline,
    weighted_isocline,
)
from fsviz.stats.surface import metric_surface

CURVED = [m for m in fsviz.metric_names("table") if m != "rand" and fsviz.get_metric(m).monotone]
# DFS, Gini and Poisson deviation: their shape depends on the task (tests/test_field_metrics.py).
TASK_SHAPED = [m for m in fsviz.metric_names("table") if not fsviz.get_metric(m).monotone]


@pytest.fixture(scope="module")
def task(planted):
    return planted.load().binary_task("c1")


@pytest.mark.parametrize("name", CURVED)
@pytest.mark.parametrize("k", [5, 20, 100, 400])
def test_selected_side_is_the_selection(task, name, k):
    scores = task.score(name)
    selection = fsviz.select_top_k(scores, k)
    curve = isocline(name, selection.threshold, task.pos, task.neg, fp=task.fp)
    side = selected_side(curve, task.tp, task.fp, task.pos, task.neg)
    at_or_above = scores >= selection.threshold
    assert np.array_equal(side, at_or_above), (name, k, np.flatnonzero(side != at_or_above)[:5])
    assert side[selection.indices].all()
    if not selection.ties_exceed_k:
        assert side.sum() == k


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(CURVED), st.integers(1, 300), st.integers(1, 3000), st.floats(0.05, 0.95))
def test_curve_is_the_boundary_of_the_selected_region(name, pos, neg, quantile):
    """On a branch the score reaches the threshold; just off it, towards the diagonal, it does not."""
    tp = np.arange(pos + 1)[:, None]
    fp = np.arange(0, neg + 1, max(1, neg // 50))[None, :]
    threshold = float(np.quantile(fsviz.score(name, tp, fp, pos, neg), quantile))
    curve = isocline(name, threshold, pos, neg)
    diagonal = curve.fp * pos / neg
    step = 1e-6 * pos
    for branch, towards_diagonal in ((curve.upper, -step), (curve.lower, step)):
        ok = np.isfinite(branch)
        if name == "dfreq":
            continue
        assert (fsviz.score(name, branch[ok], curve.fp[ok], pos, neg) >= threshold).all()
        off = ok & (np.abs(branch - diagonal) > 2 * step)
        inner = np.clip(branch[off] + towards_diagonal, 0, pos)
        assert (fsviz.score(name, inner, curve.fp[off], pos, neg) < threshold).all(), name


@pytest.mark.parametrize("name", TASK_SHAPED)
def test_a_metric_whose_shape_depends_on_the_task_is_ringed_where_it_has_none(task, name):
    assert no_isocline_reason(name, task.pos, task.neg) == NOT_MONOTONE
    with pytest.raises(ValueError, match="no isocline"):
        top_k_isocline(task, name, 20)


def test_rand_has_no_isocline():
    with pytest.raises(ValueError, match="no isocline"):
        isocline("rand", 0.5, 10, 100)


def test_top_k_overlap_hand_built():
    from fsviz.selection import top_k_overlap

    scores = {"a": np.array([4.0, 3, 2, 1]), "b": np.array([4.0, 1, 3, 2]), "c": np.array([1.0, 2, 3, 4])}
    overlap = top_k_overlap(scores, 2)
    # a: {0, 1}; b: {0, 2}; c: {3, 2}
    assert overlap.tolist() == [[1, 1 / 3, 0], [1 / 3, 1, 1 / 3], [0, 1 / 3, 1]]


def test_surface_figure_height_is_the_metric(task):
    from fsviz.plots import surface_figure

    fig = surface_figure(task, "bns", 10, n_grid=20)
    surface = fig.data[0]
    z = np.asarray(surface.z)
    i, j = 7, 13
    assert z[i, j] == pytest.approx(fsviz.score("bns", surface.y[i], surface.x[j], task.pos, task.neg))
    threshold = fsviz.select_top_k(task.score("bns"), 10).threshold
    assert all(np.allclose(trace.z, threshold) for trace in fig.data[1:])
    with pytest.raises(ValueError, match="random"):
        surface_figure(task, "rand", 10)


def test_top_k_isocline_is_the_isocline_at_the_k_th_best_score(task):
    curve = top_k_isocline(task, "ig", 20, fp=task.fp)
    threshold = fsviz.select_top_k(task.score("ig"), 20).threshold
    assert curve.threshold == threshold
    assert np.array_equal(curve.upper, isocline("ig", threshold, task.pos, task.neg, fp=task.fp).upper, equal_nan=True)


@pytest.mark.parametrize("alpha", [0.0, 0.3, 0.5, 0.9, 1.0])
def test_weighted_isocline_bounds_the_weighted_selection(task, alpha):
    """Off the diagonal, the words on the selected side are those whose α-weighted score reaches the threshold."""
    weighted = fsviz.score_words(f"bns@{alpha:g}", task.training)
    threshold = fsviz.select_top_k(weighted, 30).threshold
    curve = weighted_isocline("bns", threshold, alpha, task.pos, task.neg, fp=task.fp)
    assert curve.metric == f"bns@{alpha:g}" and curve.threshold == threshold
    assert np.isnan(curve.upper).all() if alpha == 0 else np.isnan(curve.lower).all() if alpha == 1 else True
    side = selected_side(curve, task.tp, task.fp, task.pos, task.neg)
    off_diagonal = task.tp * task.neg != task.fp * task.pos
    assert np.array_equal(side[off_diagonal], (weighted >= threshold)[off_diagonal])


def test_weighted_isocline_at_one_half_is_the_metric_at_twice_the_threshold():
    curve = weighted_isocline("acc", 0.1, 0.5, 40, 400, shift=-0.2)
    plain = isocline("acc", 0.1 / 0.5 - 0.2, 40, 400)
    assert np.array_equal(curve.fp, plain.fp)
    assert np.array_equal(curve.upper, plain.upper, equal_nan=True)
    assert np.array_equal(curve.lower, plain.lower, equal_nan=True)


def test_metric_surface_is_the_metric_over_the_plane():
    surface = metric_surface("pr", 30, 300, n_grid=15)
    assert surface.fp[[0, -1]].tolist() == [0, 300] and surface.tp[[0, -1]].tolist() == [0, 30]
    i, j = 4, 11
    assert surface.z[i, j] == fsviz.score("pr", surface.tp[i], surface.fp[j], 30, 300)
    levels = surface.percentiles
    assert levels.min() == 0 and levels.max() <= 1
    z = np.asarray(surface.z, dtype=np.float32).ravel()  # scores compared as the levels compare them
    assert (np.diff(z[np.argsort(levels, axis=None, kind="stable")]) >= 0).all()  # higher score, higher level
    with pytest.raises(ValueError, match="random"):
        metric_surface("rand", 30, 300)


def test_only_table_metrics_have_an_isocline():
    assert no_isocline_reason("chi") is None and no_isocline_reason("rand") is None
    assert no_isocline_reason("chi_max") == fsviz.metrics.INPUTS[fsviz.get_metric("chi_max").inputs]
    assert no_isocline_reason("ar(chi_max,ig)") == "weights or ranks, not one table"
    assert no_isocline_reason("igfss(cmfs,nfr=0.2)") == "every class, a set per k"


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(["acc", "acc2", "f1", "bns", "pr", "odds", "dfreq", "chi", "ig"]),
       pos=st.integers(1, 2000), neg=st.integers(1, 20_000), n_grid=st.integers(3, 40))
def test_percentiles_give_equal_scores_one_level_and_higher_scores_a_higher_one(name, pos, neg, n_grid):
    """The contour levels: a score's rank among the grid's, ties averaged, in [0, 1]; so equal scores draw at
    one level (no zig-zag between cells of one score) and a higher score at a higher level."""
    surface = metric_surface(name, pos, neg, n_grid=n_grid)
    z, levels = np.asarray(surface.z, dtype=np.float32).ravel(), surface.percentiles.ravel()
    assert levels.min() >= 0 and levels.max() <= 1
    order = np.argsort(z, kind="stable")
    same = np.diff(z[order]) == 0
    assert np.array_equal(np.diff(levels[order])[same], np.zeros(same.sum()))
    assert (np.diff(levels[order])[~same] > 0).all()


@settings(max_examples=40, deadline=None)
@given(pos=st.integers(1, 5000), neg=st.integers(1, 50_000), n_grid=st.integers(2, 120))
def test_no_grid_point_but_the_corners_is_on_the_diagonal(pos, neg, n_grid):
    """Where Forman's inversion makes a score jump (Acc, F1): a grid point there is a saddle of the contours."""
    surface = metric_surface("acc", pos, neg, n_grid=n_grid)
    i, j = np.meshgrid(np.arange(surface.tp.size), np.arange(surface.fp.size), indexing="ij")
    on = i * (surface.fp.size - 1) == j * (surface.tp.size - 1)  # tp/pos = fp/neg, in whole numbers
    assert on.sum() == 2 and on[0, 0] and on[-1, -1]
