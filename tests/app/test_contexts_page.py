"""The word map's "documents behind a word" panel through AppTest: a searched word, a clicked point (AppTest
cannot click, so the chart's selection is set as the browser sets it), a row picked in the selection table,
paging, a corpus holding markup, and a corpus read as counts."""

import html
import json
import re

import numpy as np
import pytest
from conftest import REPO
from streamlit.testing.v1 import AppTest

from fsviz.stats.tables import word_points
from tests.app.figures import select

pytestmark = pytest.mark.usefixtures("cache")  # each test starts from an empty cache folder


def word_map(path=None):
    """The word map with its Documents tab open (a hidden tab's content is not built)."""
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    if path is not None:
        at.radio(key="source_kind").set_value("Path").run()
        at.text_input(key="path").set_value(str(path)).run()
    at.switch_page("pages/word_map.py")
    open_tab(at, "Documents")
    assert_clean(at)
    return at


def open_tab(at, name):
    """What a click on the word map's tab ``name`` does."""
    at.session_state["wordmap_tab"] = name
    return at.run()


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def metrics(at) -> dict:
    return {m.label: m.value for m in at.metric}


def kwic_tables(at) -> list:
    return [m.value for m in at.markdown if m.value.startswith("<table")]


def headings(at) -> list:
    return [m.value for m in at.markdown if re.match(r"\*\*[\d,]+ documents ", m.value)]


def shown_docs(table: str) -> list:
    return [int(d) for d in re.findall(r"<tr><td style='color:#666'>(\d+)</td>", table)]


def select_point(at, point):
    """What a click on the point sends (the chart's state, as the browser sets it)."""
    return select(at, "wordmap_chart", [point])


def test_a_searched_word_shows_its_counts_scores_and_documents():
    at = word_map()
    at.text_input(key="wordmap_search").set_value("Distribution").run()
    assert_clean(at)
    task = at.session_state["context"].task
    j = int(np.flatnonzero(task.vocabulary == "distribution")[0])
    tp, fp = int(task.tp[j]), int(task.fp[j])
    assert at.selectbox(key="wordmap_docs_word").value == "distribution"
    shown = metrics(at)
    assert shown["tp: in the class"] == f"{tp:,} of {task.pos:,}" and shown["fp: outside it"] == f"{fp:,} of {task.neg:,}"
    assert shown["tpr = tp / pos"] == f"{tp / task.pos:.4g}"
    class_name = at.session_state["context"].class_name
    assert headings(at) == [f"**{tp:,} documents in class &#x27;{class_name}&#x27; contain &#x27;distribution&#x27;** "
                            f"(showing 1–{min(10, tp)})",
                            f"**{fp:,} documents outside it contain &#x27;distribution&#x27;** (showing 1–{min(10, fp)})"]
    positive, rest = kwic_tables(at)
    assert len(shown_docs(positive)) == min(10, tp) and len(shown_docs(rest)) == min(10, fp)
    corpus = at.session_state["context"].corpus
    y = corpus.y(class_name)
    assert all(y[d] for d in shown_docs(positive)) and not any(y[d] for d in shown_docs(rest))
    assert all(m.lower() == "distribution" for m in re.findall(r"<mark>(.*?)</mark>", positive + rest))
    standing = at.dataframe[-1].value  # the metrics table of the panel
    assert standing["metric"].tolist() == ["BNS", "IG", "Chi", "Odds", "PR", "DFreq"]
    csv = next(b for b in at.get("download_button") if "Download these lines" in b.proto.label)
    assert csv.proto.label == "Download these lines (CSV)"


def test_a_clicked_point_offers_its_words_and_a_picked_row_chooses_one():
    at = word_map()
    task = at.session_state["context"].task
    points = word_points(task)
    point = int(np.flatnonzero((points.count >= 3) & (points.tp >= 2))[0])
    words = np.flatnonzero(points.point_of_word == point)
    select_point(at, point)
    assert_clean(at)
    box = at.selectbox(key="wordmap_docs_word")
    assert box.value == task.vocabulary[words[0]]
    assert box.options[: words.size] == [str(w) for w in task.vocabulary[words]]
    assert f"Selected: {words.size:,} words" not in [h.value for h in at.subheader], "the Words tab is hidden"
    open_tab(at, "Words")
    assert f"Selected: {words.size:,} words" in [h.value for h in at.subheader]
    table_key = f"wordmap_selected_{hash((point,)) & 0xFFFFFFFF:x}"
    at.session_state[table_key] = {"selection": {"rows": [2], "columns": []}}
    at.run()
    open_tab(at, "Documents")
    assert_clean(at)
    assert at.selectbox(key="wordmap_docs_word").value == task.vocabulary[words[2]]
    tp = int(task.tp[words[2]])
    assert metrics(at)["tp: in the class"] == f"{tp:,} of {task.pos:,}"


def test_pages_show_new_documents_and_the_page_resets_for_a_new_word():
    at = word_map()
    task = at.session_state["context"].task
    word = task.vocabulary[np.flatnonzero((task.tp > 20) & (task.fp > 20))[0]]
    at.text_input(key="wordmap_search").set_value(word).run()
    first = [shown_docs(t) for t in kwic_tables(at)]
    at.number_input(key="wordmap_docs_page").set_value(2).run()
    assert_clean(at)
    second = [shown_docs(t) for t in kwic_tables(at)]
    assert "(showing 11–20)" in headings(at)[0]
    assert not set(first[0]) & set(second[0])
    at.selectbox(key="wordmap_docs_n").set_value(5).run()
    assert at.number_input(key="wordmap_docs_page").value == 1 and "(showing 1–5)" in headings(at)[0]


def test_document_markup_is_escaped_before_it_reaches_the_page(data_root):
    hostile = "<script>alert(1)</script> <b>apple</b> **bold** $x$ [link](javascript:alert(1)) `code` &amp; _it_"
    rows = [(hostile, "fruit"), ("an apple a day", "fruit"), ("green apple pie", "fruit"),
            ("blue sky", "weather"), ("grey sky apple", "weather"), ("rain and sky", "weather")]
    (data_root / "markup.jsonl").write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in rows))
    at = word_map(data_root / "markup.jsonl")
    at.text_input(key="wordmap_search").set_value("apple").run()
    assert_clean(at)
    assert at.session_state["context"].class_name == "fruit"
    positive, rest = kwic_tables(at)
    assert "<script>" not in positive and "<b>" not in positive and "**" not in positive and "$" not in positive
    line = next(row for row in positive.split("<tr>") if "script" in row)
    left, match, right = re.findall(r"<td[^>]*>(.*?)</td>", line)[2:]
    assert match == "<mark>apple</mark>"
    assert html.unescape(left) == "<script>alert(1)</script> <b>"
    assert html.unescape(right) == "</b> **bold** $x$ [link](javascript:alert(1)) `code` &amp; _it_"
    for cell in (left, right):  # no character Markdown or HTML reads is left bare, only entities
        assert not re.search(r"[<>*$`_\[\]():!/~|]", re.sub(r"&#?\w+;", "", cell)), cell
    assert "<mark>apple</mark>" in rest and "weather" in rest  # the rest's lines name their class


def test_a_corpus_of_counts_says_it_has_no_text(data_root):
    (data_root / "counted.arff").write_text(
        "@RELATION counted\n@ATTRIBUTE apple numeric\n@ATTRIBUTE sky numeric\n@ATTRIBUTE class {a,b}\n"
        "@DATA\n{0 2,2 a}\n{0 1,1 1,2 a}\n{1 3,2 b}\n{0 1,1 1,2 b}\n")
    at = word_map(data_root / "counted.arff")
    at.text_input(key="wordmap_search").set_value("apple").run()
    assert_clean(at)
    assert at.selectbox(key="wordmap_docs_word").value == "apple"
    assert metrics(at)["tp: in the class"] == "2 of 2" and metrics(at)["fp: outside it"] == "1 of 2"
    assert any("arrived as word counts" in i.value and "no text to show" in i.value for i in at.info)
    assert not kwic_tables(at) and not [n for n in at.number_input if n.key == "wordmap_docs_page"]
