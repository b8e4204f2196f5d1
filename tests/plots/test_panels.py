"""The boundaries' panel grid, written out as a plain layout, is plotly's ``make_subplots`` grid key for key."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from plotly.subplots import make_subplots

from fsviz.plots._panels import panel_axes, panel_grid


@settings(max_examples=40, deadline=None)
@given(panels=st.integers(1, 16), columns=st.integers(1, 5), horizontal=st.floats(0, 0.2),
       vertical=st.floats(0, 0.15))
def test_the_grid_is_make_subplots_shared_grid(panels, columns, horizontal, vertical):
    titles = [f"panel {i}" for i in range(panels)]
    rows = -(-panels // columns)
    if vertical * (rows - 1) >= 1 or horizontal * (columns - 1) >= 1:
        return  # make_subplots refuses gaps that leave no room
    theirs = make_subplots(rows=rows, cols=columns, subplot_titles=titles, shared_xaxes="all", shared_yaxes="all",
                           horizontal_spacing=horizontal, vertical_spacing=vertical).to_plotly_json()["layout"]
    theirs.pop("template")
    ours = panel_grid(titles, columns, horizontal_spacing=horizontal, vertical_spacing=vertical)
    assert json.loads(json.dumps(ours)) == json.loads(json.dumps(theirs))


@given(st.integers(0, 200))
def test_a_panels_axes_are_its_layouts_axes(i):
    layout = panel_grid(["t"] * (i + 1), 4, horizontal_spacing=0.04, vertical_spacing=0.0)
    x, y = panel_axes(i)
    name = "" if i == 0 else str(i + 1)
    assert layout[f"xaxis{name}"]["anchor"] == y and layout[f"yaxis{name}"]["anchor"] == x
