"""Each word's p and q in the word table and the word map's hover, and the map's q = fdr boundary and rings."""

import numpy as np
import pytest
from scipy.stats import false_discovery_control, fisher_exact

from fsviz.corpora.task import Task
from fsviz.plots import word_map_figure
from fsviz.plots.fdr import fdr_columns
from fsviz.stats.effect import log_ratio_interval
from fsviz.stats.significance import fdr_boundary, p_label, significance
from fsviz.stats.tables import word_points, word_table


@pytest.fixture(scope="module")
def task(planted):
    return planted.load().binary_task("c1")


def test_word_table_p_and_q_are_fisher_and_bh_over_every_word(task):
    table = word_table(task, ["bns"], 10)
    some = [0, 5, int(np.argmin(table["p"]))]
    for j in some:  # scipy's one-sided Fisher on the word's own 2×2 table
        ref = fisher_exact([[task.tp[j], task.pos - task.tp[j]], [task.fp[j], task.neg - task.fp[j]]],
                           alternative="greater").pvalue
        assert table.loc[j, "p"] == pytest.approx(ref, rel=1e-9)
    np.testing.assert_allclose(table["q"], false_discovery_control(table["p"], method="bh"), rtol=1e-12)
    # a few rows keep the q of the whole task (BH counts every word, not the rows shown)
    few = word_table(task, ["bns"], 10, words=some)
    np.testing.assert_array_equal(few["q"].to_numpy(), table.loc[some, "q"].to_numpy())


def test_word_table_takes_a_significance_made_already(task):
    two_sided = significance(task, alternative="two-sided")
    table = word_table(task, ["bns"], 10, tested=two_sided)
    np.testing.assert_array_equal(table["p"], two_sided.p)


def _points(fig):
    return fig.data[0]


def test_the_hover_gives_each_points_p_and_q(task):
    fig = word_map_figure(task, ["bns"], 10)
    points, tested = word_points(task), significance(task)
    trace = _points(fig)
    # counts, point, BNS score and rank, the log2 ratio and its interval, then p, q and −log10 p
    assert ("p %{customdata[7]} (−log₁₀ p %{customdata[9]:.1f}), q %{customdata[8]} (Fisher's exact, greater)"
            in trace.hovertemplate)
    assert "log₂ ratio %{customdata[4]:.2f} (95% CI %{customdata[5]:.2f} to %{customdata[6]:.2f})" in trace.hovertemplate
    data = np.asarray(trace.customdata, dtype=object)
    for i in range(0, points.fp.size, max(1, points.fp.size // 25)):
        words = np.flatnonzero(points.point_of_word == i)
        assert np.unique(tested.p[words]).size == 1  # one table, one p per point
        shown = words[0]  # the values as the hover shows them: p and q as text in 3 digits, −log10 p in one decimal
        assert data[i, 7] == p_label(tested.p[shown], -tested.minus_log10_p[shown])
        assert data[i, 8] == p_label(tested.q[shown], -tested.minus_log10_q[shown])
        assert data[i, 7] == f"{tested.p[shown]:.3g}"  # the planted corpus's p are all in the float range
        assert data[i, 9] == round(float(tested.minus_log10_p[shown]), 1)
        effect = log_ratio_interval(task.tp[shown], task.fp[shown], task.pos, task.neg)  # the word's own table
        assert data[i, 4:7].tolist() == [round(float(v), 2) for v in (effect.log_ratio, effect.low, effect.high)]



def test_a_p_below_the_float_range_reads_from_its_logarithm_in_the_hover():
    """A word in every positive document and no other: p is about 1e-1200, 0 as a float; the hover gives it from
    its logarithm, not as 0 (issue #42), and q too."""
    task = Task("a", tp=np.array([2000, 10, 3]), fp=np.array([0, 10, 40]), pos=2000, neg=2000,
                vocabulary=np.array(["alpha", "beta", "gamma"]))
    tested = significance(task)
    assert tested.p[0] == 0.0 and tested.minus_log10_p[0] > 1000
    trace = _points(word_map_figure(task, ["bns"], 1))
    row = next(r for r, t in zip(trace.customdata, trace.text) if "alpha" in t)
    p, q = row[-3], row[-2]
    assert p == p_label(0.0, -tested.minus_log10_p[0]) and p.endswith(f"e-{int(np.ceil(tested.minus_log10_p[0]))}")
    assert q != "0" and "e-" in q

def test_no_boundary_unless_asked(task):
    fig = word_map_figure(task, ["bns"], 10)
    assert not [t for t in fig.data if (t.legendgroup or "") == "fdr"]


@pytest.mark.parametrize("zoom", [None, (20.0, 30.0)])
def test_the_fdr_boundary_and_rings(task, zoom):
    fig = word_map_figure(task, ["bns"], 10, fdr=0.05, zoom=zoom)
    layer = [t for t in fig.data if t.legendgroup == "fdr"]
    line, rings = layer[0], layer[-1]
    tested = significance(task)
    chosen = tested.selected(0.05)
    assert chosen.size > 0 and f"{chosen.size:,} words ringed" in rings.name
    # the rings are exactly the points of the words with q <= 0.05
    points = word_points(task)
    ringed = set(zip(np.asarray(rings.x).tolist(), np.asarray(rings.y).tolist()))
    assert ringed == set(zip(task.fp[chosen].tolist(), task.tp[chosen].tolist()))
    # the line is the exact boundary at its columns: every whole fp up to the axis end near the origin
    columns = fdr_columns(task, zoom)
    assert columns[0] == 0 and columns[-1] == (task.neg if zoom is None else 20)
    full = fdr_boundary(task, 0.05)
    np.testing.assert_array_equal(np.asarray(line.y, dtype=float), full.upper[np.asarray(line.x, dtype=int)])
    assert points.fp.size  # (the points were merged on the same task)


def test_a_boundary_computed_on_some_columns_says_which_it_lacks(task):
    part = fdr_boundary(task, 0.05, fp=[0, 1, 2, 10])
    full = fdr_boundary(task, 0.05)
    np.testing.assert_array_equal(part.upper, full.upper[[0, 1, 2, 10]])
    assert part.encloses([task.pos], [10]).tolist() == full.encloses([task.pos], [10]).tolist()
    with pytest.raises(ValueError, match="without fp"):
        part.encloses([1], [3])
    with pytest.raises(ValueError, match="whole numbers"):
        fdr_boundary(task, 0.05, fp=[0.5])
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        word_map_figure(task, ["bns"], 10, fdr=1.5)
