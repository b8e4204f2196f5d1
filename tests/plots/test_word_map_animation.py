"""The word map's boundaries as k grows: one frame per k, each frame the static map's isoclines at that k."""

import numpy as np
import pytest

import fsviz
from fsviz.evaluation.grid import DEFAULT_KS
from fsviz.plots import word_map_animation, word_map_figure
from fsviz.stats.isoclines import top_k_isocline, top_k_isoclines
from fsviz.stats.tables import boundary_table, word_points

KS = [5, 10, 20, 50, 100]
METRICS = ["bns", "ig", "dfreq", "rand", "chi_max"]  # two-sided, two-sided, rising, no curve, ringed


@pytest.fixture(scope="module")
def task():
    corpus = fsviz.make_planted_corpus(n_docs=400, n_classes=4, random_state=1).load(min_df=2)
    return corpus.binary_task(corpus.classes[0])


@pytest.fixture(scope="module")
def animation(task):
    return word_map_animation(task, METRICS, KS)


def curves(fig_data):
    """Legend label → y of each isocline trace (lines), upper branch first."""
    out = {}
    for t in fig_data:
        if t.mode == "lines" and t.y is not None and t.y[0] is not None:
            out.setdefault(t.name, []).append(np.asarray(t.y, dtype=float))
    return out


def test_one_frame_per_k_with_the_ks_on_the_slider(animation):
    assert [f.name for f in animation.frames] == [str(k) for k in KS]
    slider = animation.layout.sliders[0]
    assert [s.label for s in slider.steps] == [str(k) for k in KS]
    assert [list(s.args[0]) for s in slider.steps] == [[str(k)] for k in KS]
    assert animation.layout.updatemenus[0].buttons[0].label.endswith("Play")


def test_the_words_are_drawn_once_and_only_the_metrics_move(task, animation):
    points = word_points(task)
    assert animation.data[0].type == "scatter" and len(animation.data[0].x) == points.fp.size  # SVG: few points
    for frame in animation.frames:
        assert 0 not in frame.traces
        assert len(frame.traces) == len(frame.data)
        # bns, ig, dfreq: two branches each; chi_max: its ring; rand: nothing (a static legend entry)
        assert len(frame.data) == 2 + 2 + 2 + 1
    assert any("Rand" in t.name and "no curve" in t.name for t in animation.data)


def test_each_frame_is_the_static_maps_isoclines_at_its_k(task, animation):
    base = {i: t for i, t in enumerate(animation.data)}
    for frame, k in zip(animation.frames, KS):
        static = word_map_figure(task, METRICS, k)
        expected = curves(static.data)
        moved = {}
        for i, t in zip(frame.traces, frame.data):
            if t.y is not None and base[i].mode == "lines":
                assert np.array_equal(np.asarray(base[i].x, dtype=float), np.asarray(static.data[1].x, dtype=float))
                moved.setdefault(t.name, []).append(np.asarray(t.y, dtype=float))
        for label, branches in expected.items():
            finite = [b for b in moved[label] if np.isfinite(b).any()]
            assert len(finite) == len(branches), (k, label)
            for got, want in zip(finite, branches):
                assert np.array_equal(got, want, equal_nan=True), (k, label)
        assert {lab.split(" ≥ ")[0] for lab in moved} == {"BNS", "IG", "DFreq"}


def test_a_metric_without_an_isocline_rings_the_points_of_its_top_k(task, animation):
    points = word_points(task)
    for frame, k in zip(animation.frames, KS):
        ring = [t for t in frame.data if t.name.startswith("χ²max")][0]
        chosen = task.select("chi_max", k)
        at = points.holding(chosen)
        assert sorted(zip(ring.x, ring.y)) == sorted(zip(points.fp[at], points.tp[at]))
        assert f"top {k} ringed ({k} words" in ring.name


def test_the_first_frame_is_shown_at_first(animation):
    first = animation.frames[0]
    for i, t in zip(first.traces, first.data):
        assert np.array_equal(np.asarray(animation.data[i].y, dtype=float), np.asarray(t.y, dtype=float),
                              equal_nan=True)


def test_k_above_the_vocabulary_is_refused(task):
    with pytest.raises(ValueError, match="larger than the vocabulary"):
        word_map_animation(task, ["bns"], [10, task.n_words + 1])
    with pytest.raises(ValueError, match="empty"):
        word_map_animation(task, ["bns"], [])


def test_log_zoom_and_the_default_ks(task):
    ks = [k for k in DEFAULT_KS if k <= task.n_words]
    fig = word_map_animation(task, ["bns"], ks, log=True, zoom=(20.0, 30.0))
    assert [f.name for f in fig.frames] == [str(k) for k in ks]
    assert fig.layout.xaxis.type == "log"
    static = word_map_figure(task, ["bns"], ks[-1], log=True, zoom=(20.0, 30.0))
    assert np.array_equal(np.asarray(fig.frames[-1].data[0].y, dtype=float), np.asarray(static.data[1].y, dtype=float),
                          equal_nan=True)


def test_top_k_isoclines_score_once_and_equal_one_k_at_a_time(task):
    fp = np.linspace(0, task.neg, 50)
    many = top_k_isoclines(task, "ig", KS, fp=fp)
    for k in KS:
        one = top_k_isocline(task, "ig", k, fp=fp)
        assert many[k].threshold == one.threshold
        assert np.array_equal(many[k].upper, one.upper, equal_nan=True)


def test_boundary_table_holds_each_curve(task):
    table = boundary_table(task, ["bns", "rand", "chi_max"], [10, 20], n_points=30)
    assert set(table["metric"]) == {"bns"} and len(table) == 2 * 30
    rows = table[table["k"] == 20]
    curve = top_k_isocline(task, "bns", 20, fp=rows["fp"].to_numpy())
    assert np.array_equal(rows["upper"].to_numpy(), curve.upper, equal_nan=True)
    assert (rows["threshold"] == curve.threshold).all()


def test_no_metric_or_only_rand_gives_the_words_and_empty_frames(task):
    for metrics, n_traces in (([], 1), (["rand"], 2)):
        fig = word_map_animation(task, metrics, [10, 20])
        assert len(fig.data) == n_traces and all(f.traces == () and f.data == () for f in fig.frames)
