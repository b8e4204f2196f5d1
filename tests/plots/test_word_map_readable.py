"""The word map read at a glance (issue #26): every boundary seen, honest log ticks, labels kept, scores on hover."""

import numpy as np
import pytest

import fsviz
from fsviz.plots import word_map_figure
from fsviz.plots._word_traces import DASHES


@pytest.fixture(scope="module")
def task():
    corpus = fsviz.load_sample()
    return corpus.binary_task(corpus.classes[0])


def _curves(fig, metric_label):
    return [t for t in fig.data if t.name and t.name.startswith(metric_label) and t.type == "scatter"]


def test_prs_boundary_on_the_axis_is_drawn_as_a_segment_and_named(task):
    fig = word_map_figure(task, ["pr"], 100)
    edges = [t for t in _curves(fig, "PR") if "on the tp axis" in t.name]
    assert len(edges) == 1
    edge = edges[0]
    assert list(edge.x) == [0, 0] and edge.y[1] == task.pos and 0 < edge.y[0] < task.pos  # a segment, drawable
    assert edge.mode == "lines+markers" and edge.line.width >= 4 and edge.cliponaxis is False
    assert edge.showlegend
    # Every word PR selects lies on that segment or on its other branch's edge.
    chosen = task.select("pr", 100)
    assert ((task.fp[chosen] == 0) & (task.tp[chosen] >= edge.y[0]) | (task.fp[chosen] == task.neg)).all()


def test_metrics_get_dashes_in_turn_so_similar_colours_read_apart(task):
    fig = word_map_figure(task, ["ig", "chi", "odds"], 100)
    dashes = [_curves(fig, label)[0].line.dash for label in ("IG", "Chi", "Odds")]
    assert dashes == list(DASHES[:3])


def test_log_axes_tick_the_powers_of_ten_and_mark_zero_where_it_is_drawn(task):
    fig = word_map_figure(task, ["bns"], 100, log=True)
    for axis, top in ((fig.layout.xaxis, task.neg), (fig.layout.yaxis, task.pos)):
        assert axis.type == "log"
        assert axis.tickvals[0] == 0.5 and axis.ticktext[0] == "0"
        assert all(np.log10(v) == int(np.log10(v)) for v in axis.tickvals[1:]) and axis.tickvals[-1] <= top
        assert "0 " in axis.title.text and "0.5" in axis.title.text
    words = fig.data[0]
    assert min(words.x) == 0.5 and min(words.y) == 0.5


def test_the_hover_gives_each_curved_metrics_score_and_rank(task):
    fig = word_map_figure(task, ["bns", "ig", "chi_max"], 100)
    words = fig.data[0]
    assert "BNS %{customdata[2]" in words.hovertemplate and "rank %{customdata[3]" in words.hovertemplate
    assert "IG %{customdata[4]" in words.hovertemplate
    data = np.asarray(words.customdata)
    scores = task.score("bns")
    best = int(np.argmax(scores))
    points = fsviz.stats.tables.word_points(task)
    at = points.point_of_word[best]
    assert data[at, 2] == float(f"{scores[best]:.4g}") and data[at, 3] == 1  # the score as the hover shows it
    anywhere = 7
    word = np.flatnonzero(points.point_of_word == anywhere)[0]
    assert data[anywhere, 3] == 1 + int((scores > scores[word]).sum())


def test_a_searched_words_label_opens_away_from_the_edge_and_is_never_clipped(task):
    right = int(np.argmax(task.fp))
    fig = word_map_figure(task, ["bns"], 100, highlight=[right])
    search = [t for t in fig.data if t.name == "search"][0]
    assert search.cliponaxis is False and search.textposition[0].endswith("left")


def test_an_unbounded_metrics_surface_is_drawn_by_its_log_and_says_so(task):
    from fsviz.plots import surface_figure

    odds = surface_figure(task, "odds", 100, n_grid=30)
    assert odds.layout.scene.zaxis.title.text.startswith("sign · log10")
    assert np.nanmax(odds.data[0].z) < 10  # a readable height, not one spike to millions
    threshold = fsviz.select_top_k(task.score("odds"), 100).threshold
    assert odds.data[1].z[0] == pytest.approx(np.sign(threshold) * np.log10(1 + abs(threshold)))  # the isocline's height
    bns = surface_figure(task, "bns", 100, n_grid=30)
    assert bns.layout.scene.zaxis.title.text == "BNS"
    rank = surface_figure(task, "pr", 100, n_grid=30, height="rank")
    assert 0 <= np.nanmin(rank.data[0].z) and np.nanmax(rank.data[0].z) == 100
    with pytest.raises(ValueError, match="height must be one of"):
        surface_figure(task, "bns", 100, height="cube")


def test_the_boundaries_panels_draw_at_most_max_points_each_and_have_axis_titles(task):
    from fsviz.plots import boundaries_figure

    fig = boundaries_figure(task, ["bns", "ig"], 100, max_points=500)
    words = [t for t in fig.data if t.type == "scattergl"]
    assert len(words) == 2 and all(len(t.x) == 500 for t in words)
    assert fig.layout.meta["points_drawn"] == 500 and fig.layout.meta["points"] > 500
    assert fig.layout.xaxis.title.text == "fp" and fig.layout.yaxis.title.text == "tp"
    assert fig.layout.modebar.orientation == "v"


def test_the_boundaries_panels_without_words_draw_no_word_layer(task):
    from fsviz.plots import boundaries_figure

    fig = boundaries_figure(task, ["bns", "ig", "pr"], 100, max_points=0)
    assert not [t for t in fig.data if t.type == "scattergl"]
    assert [t.type for t in fig.data].count("contour") == 3
    assert fig.layout.meta["points_drawn"] == 0 and fig.layout.meta["points"] > 0


def test_the_word_map_draws_a_few_thousand_points_as_svg_and_more_with_webgl():
    """SVG (``scatter``) up to fsviz.plots.look.SVG_POINTS points, which every browser draws and the app's plotly.js
    holds from the start; past it WebGL, the words, the rings and the FDR marks alike (an animation's frames keep one
    type)."""
    from fsviz import Task
    from fsviz.plots import word_map_figure
    from fsviz.plots.look import SVG_POINTS

    def task(n):  # n words, each at a point of its own
        tp, fp = np.divmod(np.arange(n), 100)
        return Task("a", tp, fp, int(tp.max()) + 1, 100, np.array([f"w{i}" for i in range(n)]))

    for n, kind in ((SVG_POINTS, "scatter"), (SVG_POINTS + 1, "scattergl")):
        fig = word_map_figure(task(n), ["bns", "gini"], 10, fdr=0.05)  # Gini: ringed, not monotone
        markers = [t.type for t in fig.data if t.mode == "markers"]
        assert len(markers) == 3 and set(markers) == {kind}, (n, markers)  # words, q ≤ FDR rings, Gini rings
