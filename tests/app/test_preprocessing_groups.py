"""The sidebar's preprocessing (n-grams, characters, languages, token pattern, case) and its group A vs group B
task, through every page that takes a task (issue 27)."""

import html
import json

import pytest
from conftest import REPO, seen
from streamlit.testing.v1 import AppTest

from tests.app.figures import drawn
from tests.app.test_export_pages import ARFF

#: Classes a and b use the same words, in another order: only the bigram "new york" tells a from b.
#: Class c (4 documents) is in neither group of the A-vs-B tests.
ROWS = ([{"text": f"new york office report {i}", "label": "a"} for i in range(6)]
        + [{"text": f"york office new report {i}", "label": "b"} for i in range(5)]
        + [{"text": f"new garden office plan {i}", "label": "c"} for i in range(4)])


def corpus_at(tmp_path, monkeypatch, rows=ROWS, name="toy.jsonl"):
    """The app on the landing page with the corpus ``rows`` typed as a path."""
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(tmp_path))
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=120).run()
    at.number_input(key="min_df").set_value(1).run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    assert at.session_state["context"].corpus.name == path.stem
    return at


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_bigrams_in_the_sidebar_reach_the_word_map(tmp_path, monkeypatch):
    at = corpus_at(tmp_path, monkeypatch)
    assert "new york" not in set(at.session_state["context"].corpus.vocabulary)
    at.slider(key="ngrams").set_value((1, 2)).run()
    assert_clean(at)
    corpus = at.session_state["context"].corpus
    assert {"new york", "york office"} <= set(corpus.vocabulary) and corpus.options["ngrams"] == (1, 2)
    at.selectbox(key="class_name").set_value("a").run()
    at.switch_page("pages/word_map.py").run()
    assert_clean(at)
    task = at.session_state["context"].task
    assert task.vocabulary[task.score("bns").argmax()] == "new york"  # tp = 6 of 6, fp = 0
    at.text_input(key="wordmap_search").set_value("new york").run()
    assert_clean(at)


def test_characters_language_and_case(tmp_path, monkeypatch):
    rows = ([{"text": f"Der Hund und die Katze laufen {i}", "label": "tiere"} for i in range(4)]
            + [{"text": f"Das Auto und der Zug fahren {i}", "label": "verkehr"} for i in range(4)])
    at = corpus_at(tmp_path, monkeypatch, rows, "de.jsonl")
    at.selectbox(key="language").set_value("german").run()
    at.checkbox(key="stopwords").check().run()
    at.checkbox(key="stem").check().run()
    assert_clean(at)
    vocabulary = set(at.session_state["context"].corpus.vocabulary)
    assert "und" not in vocabulary and "der" not in vocabulary and "katz" in vocabulary  # Snowball German: katze → katz
    at.checkbox(key="lowercase").uncheck().run()
    assert "Hund" in set(at.session_state["context"].corpus.vocabulary)
    at.radio(key="analyzer").set_value("char_wb").run()  # stop words and stems do not apply to characters
    assert_clean(at)
    corpus = at.session_state["context"].corpus
    assert corpus.options["analyzer"] == "char_wb" and " Hu" in set(corpus.vocabulary)
    assert at.checkbox(key="stem").disabled and at.checkbox(key="stopwords").disabled


def test_the_word_map_says_character_n_grams_of_one_word_crowd_its_top_k(tmp_path, monkeypatch):
    """With character n-grams the word map says why one word's n-grams fill several top-k places; with words, not."""
    at = corpus_at(tmp_path, monkeypatch)
    at.switch_page("pages/word_map.py").run()
    hint = "overlapping n-grams of one telling word"
    assert not any(hint in c.value for c in at.caption)
    at.radio(key="analyzer").set_value("char_wb").run()
    assert_clean(at)
    assert any(hint in c.value for c in at.caption)


def test_a_bad_token_pattern_keeps_the_corpus(tmp_path, monkeypatch):
    at = corpus_at(tmp_path, monkeypatch)
    before = at.session_state["context"].corpus
    at.text_input(key="token_pattern").set_value("(unclosed").run()
    assert not at.exception
    assert any("not a valid regular expression" in seen(e.value) and "corpus stays as it was" in seen(e.value)
               for e in at.error)
    assert at.session_state["context"].corpus is before
    at.text_input(key="token_pattern").set_value(r"\b\w+\b").run()  # one-letter words too: the report numbers
    assert_clean(at)
    assert "0" in set(at.session_state["context"].corpus.vocabulary)


def test_a_pre_counted_upload_ignores_the_text_options():
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=120).run()
    at.slider(key="ngrams").set_value((1, 2)).run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(("toy.wc.arff", ARFF.encode(), "text/plain")).run()
    assert_clean(at)
    assert at.session_state["context"].corpus.name == "toy"
    assert at.slider(key="ngrams").disabled and at.radio(key="analyzer").disabled
    assert any("do not apply" in c.value for c in at.sidebar.caption)


def test_group_a_against_group_b_on_every_task_page(tmp_path, monkeypatch):
    at = corpus_at(tmp_path, monkeypatch)
    at.radio(key="task_kind").set_value("groups").run()
    assert not at.exception
    assert any("group A" in i.value for i in at.sidebar.info)  # nothing chosen yet: no task, pages wait
    at.multiselect(key="group_a").set_value(["a"]).run()
    at.multiselect(key="group_b").set_value(["b"]).run()
    assert_clean(at)
    ctx = at.session_state["context"]
    task = ctx.task
    assert (task.pos, task.neg) == (6, 5)  # class c's 4 documents are in neither group: left out
    words = list(task.vocabulary)
    assert task.tp[words.index("new")] == 6 and task.fp[words.index("new")] == 5  # not 9: c's "new" not counted
    assert task.fp[words.index("office")] == 5 and "garden" not in words or task.tp[words.index("garden")] == 0
    for page in ["pages/word_map.py", "pages/boundaries.py", "pages/agreement.py", "pages/lesion.py"]:
        at.switch_page(page).run()
        assert_clean(at)
        assert drawn(at), page
    at.switch_page("pages/word_map.py")
    at.session_state["wordmap_tab"] = "Documents"  # a hidden tab's content is not built
    at.run()
    assert any("'a' against 'b'" in seen(c.value) for c in at.caption)
    sides = [html.unescape(m.value) for m in at.markdown if "contain" in m.value and "**" in m.value[:2]]
    assert [side.split(" contain")[0].split("in ")[-1] for side in sides] == ["'a'", "'b'"]  # the documents panel
    at.session_state["wordmap_tab"] = "Ship it"
    at.run()
    at.button(key="wordmap_ship_build").click().run()
    assert_clean(at)
    assert any("for class 'a' against 'b'" in seen(c.value) for c in at.caption)  # the exported model's summary


def test_a_group_task_runs_in_the_grid(tmp_path, monkeypatch):
    at = corpus_at(tmp_path, monkeypatch)
    at.radio(key="task_kind").set_value("groups").run()
    at.multiselect(key="group_a").set_value(["a", "c"]).run()
    at.switch_page("pages/grid.py").run()
    assert_clean(at)
    assert at.checkbox(key="grid_groups").value
    at.multiselect(key="grid_classes").set_value([]).run()  # the group task alone
    assert_clean(at)
    assert any("'a + c' against the rest" in c.label for c in at.checkbox)


@pytest.mark.parametrize("groups", [["a"], ["a", "b", "c"]])
def test_groups_the_corpus_cannot_split_are_explained(tmp_path, monkeypatch, groups):
    at = corpus_at(tmp_path, monkeypatch)
    at.radio(key="task_kind").set_value("groups").run()
    at.multiselect(key="group_a").set_value(groups).run()
    assert not at.exception
    if len(groups) == 3:  # every document positive: no negatives
        assert any("documents in both groups" in seen(e.value) for e in at.error)
        at.switch_page("pages/word_map.py").run()
        assert not at.exception
    else:
        assert at.session_state["context"].task.neg == 9


def test_a_class_group_a_takes_leaves_group_b_and_another_corpus_empties_both(tmp_path, monkeypatch):
    """The groups never share a class, and never hold a class the corpus lacks (ui.components.choose_many)."""
    at = corpus_at(tmp_path, monkeypatch)
    at.radio(key="task_kind").set_value("groups").run()
    at.multiselect(key="group_a").set_value(["a"]).run()
    at.multiselect(key="group_b").set_value(["b", "c"]).run()
    at.multiselect(key="group_a").set_value(["a", "b"]).run()
    assert_clean(at)
    assert at.multiselect(key="group_b").value == ["c"] and "b" not in at.multiselect(key="group_b").options
    assert at.session_state["context"].groups.negative == ("c",)
    other = [{"text": f"tea cup {i}", "label": "x"} for i in range(4)] + \
        [{"text": f"coffee mug {i}", "label": "y"} for i in range(4)]
    path = tmp_path / "other.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in other), encoding="utf-8")
    at.text_input(key="path").set_value(str(path)).run()
    assert not at.exception
    assert at.multiselect(key="group_a").value == [] and at.multiselect(key="group_b").value == []
