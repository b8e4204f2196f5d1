"""Hover values rounded to what the hover shows: the same text on screen, fewer bytes in every message."""

import json

import numpy as np
import plotly.io as pio
import pytest
from hypothesis import given
from hypothesis import strategies as st

import fsviz
from fsviz.plots.hover import hover_columns
from fsviz.plots.words import word_map_figure

FLOATS = st.floats(allow_nan=True, allow_infinity=True, width=64)


@given(values=st.lists(FLOATS, min_size=1, max_size=30), fmt=st.sampled_from([".1g", ".3g", ".4g", ".6g", ".1f",
                                                                            ".2f"]))
def test_a_rounded_value_reads_as_the_value_in_its_format(values, fmt):
    """Whatever the value (tiny p values near the float range's end, huge scores, 0, −0, inf, NaN), the rounded
    one formats to the same text as the original, the hover's format being the d3 twin of Python's."""
    shown = hover_columns((values, fmt))[:, 0]
    for original, rounded in zip(values, shown):
        if np.isnan(original):
            assert np.isnan(rounded)
            continue
        if not np.isfinite(float(format(original, fmt))):
            continue  # 1.5e308 shown in one digit is 2e+308: past the float range, no value prints so
        assert format(rounded, fmt) == format(original, fmt), (original, rounded)


@given(values=st.lists(st.integers(-2**62, 2**62), min_size=1, max_size=30), fmt=st.sampled_from(["", ","]))
def test_whole_numbers_stay_whole_numbers(values, fmt):
    shown = hover_columns((values, fmt))[:, 0].tolist()
    assert shown == values and all(type(v) is int for v in shown)


def test_the_word_maps_message_is_smaller_and_says_the_same():
    task = fsviz.load_sample().binary_task("pandas")
    fig = word_map_figure(task, ["bns", "ig", "chi"], 100)
    words = json.loads(pio.to_json(fig.data[0], validate=False))
    # every cell is an int or a float with at most the digits shown: no "12.0", no 17-digit floats
    cells = [c for row in words["customdata"] for c in row]
    assert all(isinstance(c, int) or len(repr(c).replace("-", "").replace("e", "")) <= 12 for c in cells)
    assert len(pio.to_json(fig, validate=False)) < 250_000  # 390 KB before: float64 everywhere


@pytest.mark.parametrize("bad", [(([1, 2], ".3x"),), (([1, 2], ".3g"), ([1], ""))])
def test_a_format_it_cannot_read_or_columns_of_two_lengths_are_refused(bad):
    with pytest.raises(ValueError, match="column"):
        hover_columns(*bad)
