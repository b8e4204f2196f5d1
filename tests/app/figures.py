"""The figures an AppTest run drew, whether by ``st.plotly_chart`` or in place (``ui.charts.live_chart``)."""

import json


def _spec(element) -> dict:
    proto = element.proto
    if element.type == "plotly_chart":
        return json.loads(proto.spec)
    data = json.loads(proto.mixed.json if proto.WhichOneof("data") == "mixed" else proto.json)
    figure = json.loads(data["figure"])
    if data.get("under"):  # drawn first, under the figure's own traces (ui.charts.live_chart's ``under``)
        under = json.loads(data["under"])
        figure["data"] = [*under.get("data", []), *figure.get("data", [])]
        own = {key: value for key, value in figure.get("layout", {}).items() if key != "template"}
        figure["layout"] = {**under.get("layout", {}), **own}  # the figure's own keys over the layout under it
    return figure


def drawn(at) -> list[tuple[str, dict]]:
    """Every chart of the run as (its element id, its plotly figure as a dict), in page order."""
    elements = [*at.get("plotly_chart"), *(e for e in at.get("bidi_component")
                                           if e.proto.component_name == "fsviz_live_chart")]
    return [(e.proto.id, _spec(e)) for e in elements]


def figure(at, key: str) -> dict:
    """The figure drawn under the widget key ``key`` (the last part of its element id)."""
    found = [spec for element_id, spec in drawn(at) if element_id.endswith(f"-{key}")]
    assert found, f"no chart {key!r} in {[i for i, _ in drawn(at)]}"
    return found[0]


def select(at, key: str, points):
    """What a click or a box on the live chart ``key`` sends: its points of the first trace, under the chart's
    current revision (as the browser does); then the rerun."""
    chart = next(e for e in at.get("bidi_component") if e.proto.id.endswith(f"-{key}"))
    revision = json.loads(chart.proto.json)["revision"]
    at.session_state[key] = {"selection": {"points": [{"curve_number": 0, "point_index": int(p)} for p in points],
                                           "revision": revision}}
    return at.run()
