"""Your own metric and Forman's Figure 1 on the pages, through AppTest: the formula box on the word map,
boundaries and agreement pages, expr(…) in the grid's spec field, and BNS's two views for a chosen word."""

import re

import pytest
from conftest import REPO, seen
from streamlit.testing.v1 import AppTest

import fsviz
from tests.app.conftest import set_grid
from tests.app.figures import drawn, figure

BNS = "abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(fpr, 0.0005, 0.9995)))"
BNS_SPEC = "expr(abs(ppf(clip(tpr,0.0005,0.9995))-ppf(clip(fpr,0.0005,0.9995))))"


pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def page(name):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    at.switch_page(f"pages/{name}.py").run()
    return at


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def shown(alert) -> str:
    """An alert's text as the page shows it: the formula box escapes Markdown with backslashes."""
    return re.sub(r"\\(.)", r"\1", alert.value)


def chart(at, key):
    """The figure of the chart whose widget key is ``key``, as plotly JSON."""
    return figure(at, key)


def names(figure):
    return [trace.get("name") or "" for trace in figure["data"]]


def test_the_word_map_draws_your_formulas_isocline():
    at = page("word_map")
    at.multiselect(key="wordmap_metrics").set_value(["bns"]).run()
    at.text_input(key="wordmap_formula").set_value(BNS + " * log(df + 1)").run()
    assert_clean(at)
    assert any("Added as `expr(" in c.value for c in at.caption)
    legend = names(chart(at, "wordmap_chart"))
    assert any(n.startswith("ƒ abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(f… #") for n in legend), legend
    assert not any("ringed" in n for n in legend)


def test_a_formula_restating_bns_draws_the_same_curve_as_bns():
    at = page("word_map")
    at.multiselect(key="wordmap_metrics").set_value(["bns"]).run()
    at.text_input(key="wordmap_formula").set_value(BNS).run()
    assert_clean(at)
    traces = chart(at, "wordmap_chart")["data"]
    bns = [t for t in traces if (t.get("legendgroup") or "") == "bns"]
    ours = [t for t in traces if (t.get("legendgroup") or "") == BNS_SPEC]
    assert bns and len(bns) == len(ours)
    for a, b in zip(bns, ours, strict=True):
        assert a["y"] == b["y"] and a["x"] == b["x"]


def test_a_formula_without_an_isocline_is_ringed_and_a_refused_one_is_an_error():
    at = page("word_map")
    at.text_input(key="wordmap_formula").set_value("-abs(tpr - fpr)").run()
    assert_clean(at)
    assert any(n.endswith("-abs(tpr - fpr): top 100 ringed") for n in names(chart(at, "wordmap_chart")))
    assert any("so the top 100 words are ringed: ƒ -abs(tpr - fpr) (its score is not monotone" in seen(c.value)
               for c in at.caption)
    for formula, words in (("__import__('os').system('ls')", "attribute access `__import__('os').system`"),
                           ("log(tp)", "is not finite at fp=0, tp=0"),
                           ("tp +", "is not a valid expression"),
                           ("tp" + "+tp" * 300, "at most 500 (max_length=500)")):
        at.text_input(key="wordmap_formula").set_value(formula).run()
        assert not at.exception
        assert any("Your own metric is refused" in shown(e) and words in shown(e) for e in at.error), \
            [e.value for e in at.error]
        assert "\\_\\_import" in at.error[0].value or "__import__" not in formula  # never Markdown
        assert drawn(at), "the page kept its charts"
        assert not any(n.startswith("ƒ") for n in names(chart(at, "wordmap_chart")))


def test_the_word_map_shows_bns_two_views_for_a_searched_word():
    at = page("word_map")
    at.session_state["wordmap_tab"] = "Why BNS (Figure 1)"  # a hidden tab's content is not built
    at.text_input(key="wordmap_search").set_value("distribution").run()
    assert_clean(at)
    box = at.selectbox(key="wordmap_bns_word")
    assert box.value == "distribution"  # the searched word comes first
    task = at.session_state["context"].task
    expected = float(task.score("bns")[list(task.vocabulary).index("distribution")])
    figure = chart(at, "wordmap_bns_chart")
    arrows = [a for a in figure["layout"]["annotations"] if a.get("showarrow")]
    assert [abs(a["x"] - a["ax"]) for a in arrows] == pytest.approx([expected, expected], abs=1e-12)
    assert f"BNS = {expected:.4f}" in figure["layout"]["title"]["text"]
    assert any(f"= {expected:.4f}, its score on this page" in c.value for c in at.caption)
    other = [w for w in box.options if w != "distribution"][0]
    at.selectbox(key="wordmap_bns_word").set_value(other).run()
    assert_clean(at)
    assert f"“{other}”" in chart(at, "wordmap_bns_chart")["layout"]["title"]["text"]


def test_the_boundaries_page_draws_your_formulas_panel_and_surface():
    at = page("boundaries")
    at.multiselect(key="boundaries_metrics").set_value(["bns", "acc"]).run()
    at.text_input(key="boundaries_formula").set_value("tp - fp").run()
    at.toggle(key="boundaries_formula_invert").set_value(True).run()
    assert_clean(at)
    titles = [a["text"] for a in chart(at, "boundaries_chart")["layout"]["annotations"]]
    assert titles == ["BNS", "Acc", "ƒ tp - fp (inverted)"]
    assert not [i for i, _ in drawn(at) if "surface_chart" in i], "drawn only when asked"
    at.toggle(key="boundaries_surface_on").set_value(True).run()
    at.selectbox(key="boundaries_surface").set_value("expr(tp-fp,invert)").run()
    assert_clean(at)
    surface = chart(at, "boundaries_surface_chart")
    assert surface["data"][0]["type"] == "surface" and len(surface["data"]) >= 2  # the k-isocline on it
    at.text_input(key="boundaries_formula").set_value("-abs(tpr - fpr)").run()
    assert_clean(at)
    titles = [a["text"] for a in chart(at, "boundaries_chart")["layout"]["annotations"]]
    assert titles[-1] == "ƒ -abs(tpr - fpr) (inverted) (no isocline)"


def test_the_agreement_page_compares_your_formula():
    at = page("agreement")
    at.multiselect(key="agreement_metrics").set_value(["ig", "dfreq"]).run()
    at.text_input(key="agreement_formula").set_value("log(df + 1)").run()
    assert_clean(at)
    assert at.selectbox(key="agreement_x").options[-1] == "ƒ log(df + 1)"
    at.text_input(key="agreement_formula").set_value("log(df)").run()
    assert any("is not finite at fp=0, tp=0" in shown(e) for e in at.error)


def test_the_grid_page_takes_an_expr_spec_with_commas():
    at = page("grid")
    at.text_input(key="grid_specs").set_value("expr(where(tp > fp, tpr, 0)), ar(expr(clip(tpr, 0.1, 0.9)), ig)")
    set_grid(at, classes=["scipy.stats", "numpy"], metrics=["bns"], ks="10")
    assert_clean(at)
    at.button(key="grid_run").click().run()
    assert_clean(at)
    run, _ = at.session_state["grid_shown"]
    assert set(run.results.metric) == {"bns", "expr(where(tp>fp,tpr,0))", "ar(expr(clip(tpr,0.1,0.9)),ig)", "all"}
    at.text_input(key="grid_specs").set_value("expr(tp.real)").run()
    assert any("attribute access `tp.real`" in shown(e) for e in at.error)
    assert "\\`tp\\.real\\`" in at.error[0].value  # shown as text, not as Markdown
    at.text_input(key="grid_specs").set_value("expr(log(tp))").run()  # refused before the cost estimate
    assert not at.exception
    assert any("a training split: the formula 'log(tp)' is not finite at fp=0, tp=0" in shown(e) for e in at.error)
    assert not at.get("stMetric") and not [b for b in at.button if b.key == "grid_run"]
    assert fsviz.spec_label("expr(where(tp>fp,tpr,0))") == "ƒ where(tp > fp, tpr, 0)"
