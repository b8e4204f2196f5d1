"""The lesion study and rare-word cutoff pages through AppTest."""

import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

from tests.app.figures import drawn

pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def page(name):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    return at.switch_page(f"pages/{name}.py").run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_lesion_page_maps_the_weights_then_runs_the_study():
    at = page("lesion")
    assert_clean(at)
    assert len(drawn(at)) == 2  # shares and the word map, before any run
    at.select_slider(key="lesion_chosen").set_value(0.9).run()
    assert_clean(at)
    at.multiselect(key="lesion_classes").set_value(["numpy", "scipy.stats"])
    at.multiselect(key="lesion_alphas").set_value([0.1, 0.4, 0.5, 0.6, 0.9])
    at.text_input(key="lesion_ks").set_value("10, 100")
    at.number_input(key="lesion_trials").set_value(1)
    at.number_input(key="lesion_folds").set_value(2).run()
    assert at.metric[0].value == "4"
    at.button(key="lesion_run").click().run()
    assert_clean(at)
    assert len(drawn(at)) == 3
    said = " ".join(m.value for m in at.markdown)
    assert "**Precision**: α = 0.6" in said and "**Recall**: α = 0.4" in said
    again = page("lesion")  # a new session finds the stored study
    again.multiselect(key="lesion_classes").set_value(["numpy", "scipy.stats"])
    again.multiselect(key="lesion_alphas").set_value([0.1, 0.4, 0.5, 0.6, 0.9])
    again.text_input(key="lesion_ks").set_value("10, 100")
    again.number_input(key="lesion_trials").set_value(1)
    again.number_input(key="lesion_folds").set_value(2).run()
    assert_clean(again)
    assert again.button(key="lesion_run").disabled and len(drawn(again)) == 3


def test_lesion_page_explains_bad_input():
    at = page("lesion")
    at.text_input(key="lesion_ks").set_value("ten").run()
    assert any("whole numbers" in e.value for e in at.error) and not at.exception
    at.multiselect(key="lesion_alphas").set_value([]).run()
    assert any("at least one" in i.value for i in at.info) and not at.exception


def test_cutoff_page_runs_and_draws_the_vocabulary():
    at = page("cutoff")
    assert_clean(at)
    assert any("Words kept: 1: " in c.value for c in at.caption)
    at.multiselect(key="cutoff_classes").set_value(["numpy"])
    at.slider(key="cutoff_range").set_value((2, 4))
    at.number_input(key="cutoff_k").set_value(200)
    at.number_input(key="cutoff_trials").set_value(1)
    at.number_input(key="cutoff_folds").set_value(2).run()
    assert at.metric[0].value == "6"  # 3 cutoffs × 1 class × 2 folds
    at.button(key="cutoff_run").click().run()
    assert_clean(at)
    assert len(drawn(at)) == 1
    assert any("Forman's cutoff of 3 gives" in m.value for m in at.markdown)
    at.slider(key="cutoff_range").set_value((1, 50)).run()
    assert_clean(at)
    assert at.metric[0].value == "100" and at.metric[2].value == "6"  # 50 cutoffs × 2 folds; cutoffs 2–4 kept

