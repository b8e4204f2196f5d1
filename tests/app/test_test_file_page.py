"""A test file beside the corpus in the sidebar (issue #37, item 4): the corpus says how many documents the test
file holds, Recommend fits on the training file and scores on the test file, and its answer says so."""

import pytest
from conftest import REPO, split_texts, write_csv
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def test_a_test_file_in_the_sidebar_is_what_recommend_scores_on(data_root):
    for name, texts in zip(("train.csv", "test.csv"), split_texts(n_train=90, n_test=60)):
        write_csv(data_root / name, *texts)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(data_root / "train.csv")).run()
    at.text_input(key="test_path").set_value(str(data_root / "test.csv")).run()
    assert not at.error, [e.value for e in at.error]
    assert any("150 documents (60 in the test file)" in c.value for c in at.sidebar.caption)
    at.switch_page("pages/recommend.py").run()
    assert any("scored on every test document" in c.value for c in at.caption)
    at.button(key="recommend_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    answer = [m.value for m in [*at.success, *at.warning] if m.value.startswith("**F-measure**")]
    assert answer and "on the test file" in answer[0] and "approximate randomization over 60 test documents" in answer[0]
    assert any("approximate randomization (paired, over the test file's documents)" in c.value for c in at.caption)

    at.text_input(key="test_path").set_value("../outside.csv").run()  # a test file outside the data folders
    assert any("outside" in e.value and "not inside a folder" in e.value for e in at.error), [e.value for e in at.error]
    assert any("150 documents (60 in the test file)" in c.value for c in at.sidebar.caption)  # the last good kept
