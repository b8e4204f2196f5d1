"""The results explorer's figures carry the analysis numbers they are given."""

import numpy as np
import pandas as pd
from conftest import results_table

from fsviz import plots
from fsviz.evaluation.analyses import macro_average, paired_tests, residual_curves, tolerance_curves
from fsviz.plots.style import metric_label


def test_pr_tradeoff_puts_each_metric_at_its_macro_precision_and_recall():
    macro = macro_average(results_table())
    fig = plots.pr_tradeoff_figure(macro, 10)
    points = {t.name: (t.x[0], t.y[0]) for t in fig.data if t.name}
    for row in macro[macro["k"] == 10].itertuples():
        assert points[metric_label(row.metric)] == (row.recall, row.precision)
    assert "all features" in points


def test_tolerance_and_residual_figures_scale_tolerance_to_percent():
    maxima = pd.DataFrame({"a": [1.0, 0.5], "b": [0.9, 0.6]},
                          index=pd.MultiIndex.from_tuples([("d", "x"), ("d", "y")], names=["dataset", "class"]))
    # a is best on x; on y it needs 20% (0.5 ≥ 0.6 · 0.8)
    curves = tolerance_curves(maxima, [0.0, 0.2])
    fig = plots.tolerance_figure(curves, "f1")
    assert list(fig.data[0].x) == [0, 20] and list(fig.data[0].y) == [50, 100]
    assert list(plots.tolerance_figure(curves, "f1", relative=False).data[0].x) == [0, 0.2]
    res = residual_curves(maxima, "a", [0.0, 0.2])
    fig = plots.residual_figure(res, "a", curves[curves["metric"] == "a"])
    assert list(fig.data[0].y) == [100, 100]  # a or b: every task at either tolerance


def test_significance_matrix_is_antisymmetric_with_p_values_as_text():
    tests = paired_tests(results_table(), "f1", 10, metrics=("x", "y"))
    fig = plots.significance_figure(tests)
    z = np.array(fig.data[0].z, dtype=float)
    assert np.allclose(z, -z.T, equal_nan=True) and np.isnan(np.diag(z)).all()
    assert fig.data[0].text[0][1] != "" and fig.data[0].text[0][0] == ""


def test_every_registered_metric_has_its_own_colour():
    import fsviz
    from fsviz.plots import METRIC_COLOURS, metric_colour

    names = fsviz.metric_names()
    assert set(names) <= set(METRIC_COLOURS)
    assert len({metric_colour(m) for m in names}) == len(names)
    assert metric_colour("ar(chi_max,ig)") == metric_colour("ar(chi_max,ig)")  # specs: stable


def test_stability_figure_draws_both_indices_per_metric():
    summary = pd.DataFrame({"metric": ["bns", "bns", "ig", "ig"], "k": [10, 100, 10, 100],
                            "kuncheva": [0.5, 0.7, -0.1, 0.2], "jaccard": [0.4, 0.6, 0.1, 0.15], "tasks": 3})
    fig = plots.stability_figure(summary)
    lines = [t for t in fig.data if t.legendgroup in ("bns", "ig")]
    assert [(t.legendgroup, t.xaxis) for t in lines] == [("bns", "x"), ("ig", "x"), ("bns", "x2"), ("ig", "x2")]
    assert list(lines[0].y) == [0.5, 0.7] and list(lines[3].y) == [0.1, 0.15]
    assert lines[0].name == metric_label("bns") and lines[0].showlegend and not lines[2].showlegend
    assert fig.layout.yaxis.range[0] < -0.1 and tuple(fig.layout.yaxis2.range) == (0, 1.02)
    assert [a.text for a in fig.layout.annotations] == ["Kuncheva's consistency index", "mean pairwise Jaccard"]
    assert [t.legendgroup for t in plots.stability_figure(summary, metrics=["ig"]).data if t.legendgroup] == ["ig", "ig"]


def test_the_k_rule_figure_escapes_a_label_once():
    """A label with ``>`` reads as it was given on both its curve and its diamond (escaped once, not twice)."""
    from fsviz.plots import k_rule_figure

    metric = "expr(tpr>fpr)"
    macro = pd.DataFrame({"metric": [metric, metric, "all"], "k": [10, 100, 500], "f1": [0.5, 0.6, 0.7],
                          "f1_sem": [0.0, 0.0, 0.0]})
    rules = pd.DataFrame({"metric": [metric], "k_rule": ["fdr0.05"], "f1": [0.55], "f1_sem": [0.01], "tasks": [2],
                          "k_median": [40.0], "k_min": [20], "k_max": [60], "empty_folds": [0], "best_fixed": [0.6],
                          "best_k": [100]})
    names = [t.name for t in k_rule_figure(macro, rules).data]
    assert "ƒ tpr &gt; fpr" in names and "ƒ tpr &gt; fpr, fdr0.05" in names
    assert not any("&amp;" in (n or "") for n in names)
