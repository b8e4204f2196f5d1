"""Forman's twelve read apart by colour alone (issue #42: DFreq, Rand and Acc2 looked alike), every registered
metric from every other (DFreq and DFS, Chi and KL looked alike), and the random baseline is a neutral grey."""

import itertools

import numpy as np

import fsviz
from fsviz.plots.style import METRIC_COLOURS, luminance, metric_colour


def _lab(colour: str) -> np.ndarray:
    """CIELAB (D65) of ``"#rrggbb"``, from the sRGB formulas."""
    rgb = np.array([int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    linear = np.where(rgb > 0.04045, ((rgb + 0.055) / 1.055) ** 2.4, rgb / 12.92)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ linear
    t = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def test_formans_twelve_differ_by_a_clear_colour_difference():
    """Every pair at least ΔE*ab 33 apart (about ten times a just-noticeable difference): Chi and Odds, the closest
    pair, are 33.5 apart; DFreq and Rand were 30.2 in Dark24's magentas."""
    close = [(a, b, round(float(np.linalg.norm(_lab(metric_colour(a)) - _lab(metric_colour(b)))), 1))
             for a, b in itertools.combinations(fsviz.FORMAN_METRICS, 2)
             if np.linalg.norm(_lab(metric_colour(a)) - _lab(metric_colour(b))) < 33]
    assert not close, close


def test_every_registered_metric_has_a_colour_at_least_delta_e_20_from_every_other():
    assert set(METRIC_COLOURS) == set(fsviz.metric_names())
    assert all(luminance(c) < 0.6 for c in METRIC_COLOURS.values())  # each reads on white
    close = [(a, b) for a, b in itertools.combinations(METRIC_COLOURS, 2)
             if np.linalg.norm(_lab(METRIC_COLOURS[a]) - _lab(METRIC_COLOURS[b])) < 20]
    assert not close, close


def test_the_random_baseline_is_grey_and_no_other_metric_is():
    _, a, b = _lab(METRIC_COLOURS["rand"])
    assert abs(a) < 1 and abs(b) < 1
    greys = [m for m, c in METRIC_COLOURS.items() if m != "rand" and np.hypot(*_lab(c)[1:]) < 10]
    assert not greys or greys == ["f1"], greys  # F1's near-black is dark, far from the baseline's mid grey
