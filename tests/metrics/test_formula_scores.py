"""A custom formula's returned scores are checked, not only its sampled plane: a non-finite score at a point the
subsampled plane missed is refused with that (fp, tp)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz.metrics.custom import PlaneCheckedFormula, plane_axis
from fsviz.metrics.expression import FormulaError, parse_formula


@settings(max_examples=60, deadline=None)
@given(pole=st.integers(1100, 4999), data=st.data())
def test_a_pole_between_the_planes_samples_is_found_in_the_scores(pole, data):
    """pos = 5,000 is subsampled on the plane (1,001 values); 1 / (tp − pole) is infinite at tp = pole only."""
    formula = PlaneCheckedFormula(parse_formula(f"1 / (tp - {pole})"))
    tp = np.asarray(data.draw(st.lists(st.integers(0, 5000), min_size=1, max_size=50)))
    fp = np.asarray(data.draw(st.lists(st.integers(0, 9000), min_size=tp.size, max_size=tp.size)))
    on_plane = pole in plane_axis(5000)  # the plane's sample holds the ends and an even spread
    if on_plane or pole in tp:
        with pytest.raises(FormulaError, match=f"tp={pole}" if not on_plane else "points checked") as caught:
            formula(tp, fp, 5000, 9000)
        if not on_plane:
            first = int(np.argmax(tp == pole))
            assert f"fp={fp[first]}, tp={pole}" in str(caught.value) and "of the words scored" in str(caught.value)
    else:
        assert np.isfinite(formula(tp, fp, 5000, 9000)).all()


def test_the_scores_check_names_the_word_the_plane_missed():
    formula = PlaneCheckedFormula(parse_formula("1 / (tp - 777)"))
    with pytest.raises(FormulaError, match="not finite at fp=2, tp=777 .*on 1 of the words scored"):
        formula(np.array([5, 777, 3]), np.array([1, 2, 3]), 5000, 9000)
