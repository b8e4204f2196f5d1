"""The word map takes isoclines computed already (the app's cache, issue #42) only where each is the curve it
would draw: the same figure as without them, whichever curves are passed."""

import json
import re

import numpy as np
import plotly.io as pio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plotly.io.json import to_json_plotly

import fsviz
from fsviz.plots import boundaries_figure, word_map_figure
from fsviz.plots._panels import svg_path
from fsviz.plots.fdr import fp_grid
from fsviz.stats.isoclines import no_isocline_reason, top_k_isocline

METRICS = ["bns", "ig", "chi", "pr", "dfreq"]


@pytest.fixture(scope="module")
def task():
    corpus = fsviz.load_sample()
    return corpus.binary_task("pandas")


def _json(fig) -> str:
    return pio.to_json(fig, validate=False)


@settings(max_examples=12, deadline=None)
@given(k=st.integers(1, 2000), other_k=st.integers(1, 2000), zoom=st.booleans(), other_zoom=st.booleans(),
       metric=st.sampled_from(METRICS))
def test_a_passed_curve_changes_nothing_and_a_wrong_one_is_not_used(task, k, other_k, zoom, other_zoom, metric):
    """A curve for another k or another view's grid is computed afresh; the right one is the one drawn."""
    view = (40.0, 60.0) if zoom else None
    other_view = (40.0, 60.0) if other_zoom else None
    plain = _json(word_map_figure(task, METRICS, k, zoom=view))
    passed = {metric: top_k_isocline(task, metric, other_k, fp=fp_grid(task, other_view, 600))}
    assert _json(word_map_figure(task, METRICS, k, zoom=view, isoclines=passed)) == plain
    right = {m: top_k_isocline(task, m, k, fp=fp_grid(task, view, 600)) for m in METRICS}
    assert _json(word_map_figure(task, METRICS, k, zoom=view, isoclines=right)) == plain


def test_the_right_curves_are_drawn_without_computing_any(task, monkeypatch):
    right = {m: top_k_isocline(task, m, 100, fp=fp_grid(task, None, 600)) for m in METRICS}
    computed = []
    monkeypatch.setattr("fsviz.plots.words.top_k_isocline", lambda *args, **kwargs: computed.append(args))
    word_map_figure(task, METRICS, 100, isoclines=right)
    assert computed == []


@settings(max_examples=12, deadline=None)
@given(k=st.integers(1, 2000), zoom=st.booleans(), log=st.booleans(), fdr=st.sampled_from([None, 0.05, 0.5]),
       metrics=st.lists(st.sampled_from([*METRICS, "rand", "f1", "odds"]), unique=True, max_size=5),
       highlight=st.lists(st.integers(0, 500), max_size=3))
def test_the_words_and_the_overlays_make_the_whole_map(task, k, zoom, log, fdr, metrics, highlight):
    """The app draws the words once and the rest on each change (``part``): together, trace by trace and with the
    overlays' layout laid over the words' (ui.charts), they are the whole map, whatever the metrics, view, FDR layer
    and search. The words' own layout differs in its height alone: the legend's rows, which the overlays' entries
    add to, set it."""
    options = dict(zoom=(40.0, 60.0) if zoom else None, log=log, fdr=fdr, highlight=highlight)
    whole = word_map_figure(task, metrics, k, **options).to_plotly_json()
    words = word_map_figure(task, metrics, k, part="words", **options).to_plotly_json()
    overlays = word_map_figure(task, metrics, k, part="overlays", **options).to_plotly_json()
    assert to_json_plotly(words["data"] + overlays["data"]) == to_json_plotly(whole["data"])
    assert to_json_plotly({**words["layout"], **overlays["layout"]}) == to_json_plotly(whole["layout"])
    assert to_json_plotly({**words["layout"], "height": 0}) == to_json_plotly({**whole["layout"], "height": 0})


def test_a_part_that_is_not_one_says_which_are():
    task = fsviz.Task("a", [1, 0], [0, 1], 2, 2, ["x", "y"])
    with pytest.raises(ValueError, match="whole, words, overlays"):
        word_map_figure(task, ["bns"], 1, part="points")


@settings(max_examples=8, deadline=None)
@given(k=st.integers(1, 2000), max_points=st.sampled_from([0, 50, 2000]),
       metrics=st.lists(st.sampled_from([*METRICS, "rand", "f1", "odds", "acc2"]), unique=True, min_size=1, max_size=7))
def test_the_maps_and_the_isoclines_make_the_whole_boundaries_figure(task, k, max_points, metrics):
    """The app keeps the maps drawn and lays the isoclines' layout over them (``part``): together, key by key,
    they are the whole figure; each curve is on its own panel's axes, through the finite points of its metric's
    top-k isocline (or, for a branch of one point on the plane's edge, as PR's, along that edge), and the first
    curve of a panel is labelled with its threshold."""
    options = dict(n_grid=12, max_points=max_points)
    whole = boundaries_figure(task, metrics, k, **options).to_plotly_json()
    maps = boundaries_figure(task, metrics, k, part="maps", **options).to_plotly_json()
    lines = boundaries_figure(task, metrics, k, part="isoclines", **options).to_plotly_json()
    assert lines["data"] == [] and set(lines["layout"]) <= {"template", "shapes"}
    assert to_json_plotly(maps["data"]) == to_json_plotly(whole["data"])
    own = {key: value for key, value in lines["layout"].items() if key != "template"}
    assert json.loads(to_json_plotly({**maps["layout"], **own})) == json.loads(to_json_plotly(whole["layout"]))
    shown = [m for m in metrics if m != "rand"]
    titles = [a["text"] for a in maps["layout"].get("annotations", [])]
    fp_curve = task.neg * np.linspace(0, 1, 400) ** 2
    drawn = {}
    for shape in lines["layout"].get("shapes", []):
        panel = int(shape["xref"][1:] or 1) - 1
        assert shape["yref"][1:] == shape["xref"][1:] and shape["type"] == "path"
        drawn.setdefault(panel, []).append(shape)
    for panel, name in enumerate(shown):
        label = fsviz.get_metric(name).label
        if no_isocline_reason(name, task.pos, task.neg) is not None:
            assert titles[panel] == f"{label} (no isocline)" and panel not in drawn
            continue
        assert titles[panel] == label
        curve = top_k_isocline(task, name, k, fp=fp_curve)
        expected = _expected_lines(curve, task.pos, task.neg, task)
        shapes = drawn.get(panel, [])
        assert len(shapes) == len(expected)
        for n, (shape, (want, where)) in enumerate(zip(shapes, expected, strict=True)):
            points = np.array(re.findall(r"[-+0-9.e]+", shape["path"]), dtype=float).reshape(-1, 2)
            np.testing.assert_allclose(points, want, rtol=1e-3, atol=1e-9)
            assert shape.get("label", {}).get("text") == (f"≥ {curve.threshold:.4g}{where}" if n == 0 else None)


def _expected_lines(curve, pos, neg, task=None) -> list:
    """(points, where) of each line drawn for ``curve``: a branch's path; a branch of one finite point on the
    plane's edge, that edge from it (the upper branch at fp = 0 up the tp axis, the lower at fp = neg down), where
    a word of ``task`` lies on that stretch (no line is drawn where no word is)."""
    lines = []
    for upper, branch in ((True, curve.upper), (False, curve.lower)):
        finite = np.flatnonzero(np.isfinite(branch))
        if finite.size == 1:
            x0, y0 = curve.fp[finite[0]], branch[finite[0]]
            if upper and x0 == 0:
                if task is None or np.any((task.fp == 0) & (task.tp >= y0)):
                    lines.append((np.array([[0, y0], [0, pos]]), f" (on the tp axis, tp ≥ {y0:g})"))
            elif not upper and x0 == neg:
                if task is None or np.any((task.fp == neg) & (task.tp <= y0)):
                    lines.append((np.array([[neg, 0], [neg, y0]]), f" (on fp = {neg:g}, tp ≤ {y0:g})"))
        elif len(points := _path_points(curve.fp, branch)):
            lines.append((points, ""))
    return lines


def _path_points(x, y) -> np.ndarray:
    """The points an isocline's path goes through: where ``y`` is finite beside another finite point."""
    finite = np.isfinite(y)
    beside = np.zeros_like(finite)
    beside[1:] |= finite[:-1]
    beside[:-1] |= finite[1:]
    keep = finite & beside
    return np.column_stack([x[keep], y[keep]])


@settings(max_examples=60, deadline=None)
@given(y=st.lists(st.one_of(st.floats(-1e6, 1e6), st.just(np.nan), st.just(np.inf)), max_size=40))
def test_an_isocline_path_breaks_where_the_curve_is_not_finite(y):
    """Each stretch of two or more finite points is one subpath (``M`` then ``L``s); a lone point draws nothing."""
    y = np.array(y, dtype=float)
    x = np.arange(y.size, dtype=float)
    path = svg_path(x, y)
    finite = np.isfinite(y)
    runs = [len(run) for run in "".join("1" if f else "0" for f in finite).split("0") if len(run) >= 2]
    assert path.count("M") == len(runs)
    assert path.count("L") == sum(runs) - len(runs)
    numbers = np.array(re.findall(r"[-+0-9.e]+", path), dtype=float).reshape(-1, 2)
    np.testing.assert_allclose(numbers, _path_points(x, y), rtol=1e-3, atol=1e-9)
