"""The Every class page through AppTest: the matrix it shows is the library's, and a picked cell links to that
class's word map at that word (AppTest cannot click a cell, so the selection is set as the browser sets it)."""

import json
from urllib.parse import parse_qsl

import pandas as pd
import pytest
from conftest import REPO, seen, shared
from streamlit.testing.v1 import AppTest

import fsviz
from fsviz.stats import SHARED_COLUMN, class_word_matrix
from tests.app.figures import drawn
from ui.sidebar import PAGES

#: Markdown and HTML in a class name and a word: shown as text in the link to the word map.
HOSTILE = "**b** [x](http://example.com) <b>"


def assert_clean(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def classes_page(**params):
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    at.switch_page("pages/classes.py").run()
    assert_clean(at)
    return at


def shown_matrix(at, matrix):
    """The table the page shows, with the class names its column labels carry (its columns are c0, c1 …)."""
    shown = at.dataframe[0].value
    assert list(shown.columns) == ["word", SHARED_COLUMN, *(f"c{i}" for i in range(matrix.shape[1] - 1))]
    return shown.set_axis(["word", *matrix.columns], axis=1).set_index("word")


def pick(at, row, column):
    at.session_state["classes_matrix"] = {"selection": {"rows": [], "columns": [], "cells": [(row, column)]}}
    at.run()
    assert_clean(at)


def page_links(at):
    """The page's own links (not the sidebar's menu): (label as read, page, query parameters)."""
    menu = at.sidebar.get("page_link")
    return [(seen(link.proto.label), link.proto.page, dict(parse_qsl(link.proto.query_string)))
            for link in at.get("page_link") if link not in menu]


@pytest.fixture(scope="module")
def sample_page():
    return classes_page()


def test_the_page_shows_the_librarys_matrix_on_the_sample(sample_page):
    at = sample_page
    ctx = at.session_state["context"]
    matrix = class_word_matrix(ctx.corpus, "bns", 20)  # the page's defaults: BNS, k = min(sidebar k, 20), ranks
    assert at.selectbox(key="classes_metric").value == "bns" and at.number_input(key="classes_k").value == 20
    shown = shown_matrix(at, matrix)
    pd.testing.assert_frame_equal(shown, matrix, check_dtype=False)
    assert any(f"{len(matrix):,} distinct words" in c.value for c in at.caption)
    assert len(drawn(at)) == 8  # the first group of small word maps


def test_twenty_newsgroups_each_column_is_that_classs_own_top_k(monkeypatch):
    path = shared("20newsgroups", "20news-bydate.tar.gz")
    monkeypatch.setenv("FSVIZ_DATA_DIRS", str(path.parent))
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.radio(key="source_kind").set_value("Path").run()
    at.text_input(key="path").set_value(str(path)).run()
    at.switch_page("pages/classes.py").run()
    assert_clean(at)
    corpus = at.session_state["context"].corpus
    assert corpus.n_classes == 20 and at.number_input(key="classes_k").value == 20
    shown = at.dataframe[0].value
    for i, name in enumerate(corpus.classes):  # each class against the rest, selected as the library does
        task = corpus.binary_task(name)
        top = fsviz.select_top_k(task.score("bns"), 20).indices
        column = shown.dropna(subset=[f"c{i}"]).sort_values(f"c{i}")
        assert column["word"].tolist() == [str(w) for w in task.vocabulary[top]], name
        assert column[f"c{i}"].tolist() == list(range(1, 21))
    held = shown[[f"c{i}" for i in range(20)]].notna().sum(axis=1)
    assert (shown[SHARED_COLUMN] == held).all()


def test_another_metric_k_and_scores(sample_page):
    at = sample_page
    at.selectbox(key="classes_metric").set_value("ig").run()
    at.number_input(key="classes_k").set_value(7).run()
    at.radio(key="classes_value").set_value("score").run()
    assert_clean(at)
    matrix = class_word_matrix(at.session_state["context"].corpus, "ig", 7, value="score")
    shown = shown_matrix(at, matrix)
    assert shown.index.tolist() == matrix.index.tolist()
    pd.testing.assert_frame_equal(shown, matrix, check_dtype=False)
    at.radio(key="classes_value").set_value("rank").run()
    at.number_input(key="classes_k").set_value(20).run()
    at.selectbox(key="classes_metric").set_value("bns").run()


def test_a_picked_cell_links_to_that_classs_word_map_at_that_word(sample_page):
    at = sample_page
    corpus = at.session_state["context"].corpus
    matrix = class_word_matrix(corpus, "bns", 20)
    column = 11  # a class in the second group of maps
    name = matrix.columns[1 + column]
    row = int(matrix.index.get_loc(matrix[name].dropna().index[0]))
    word = matrix.index[row]
    pick(at, row, f"c{column}")
    [(label, target, params)] = page_links(at)
    assert target == "word_map"
    assert params == {"source": "sample", "min_df": "3", "class": name, "k": "20", "metrics": "bns", "search": word}
    assert label == f"Open the word map of {name} at {word!r} (rank {matrix.at[word, name]})"

    opened = AppTest.from_file(str(REPO / "app.py"), default_timeout=180)  # the link, in a new session
    for key, value in params.items():
        opened.query_params[key] = value
    opened.switch_page("pages/word_map.py").run()
    assert_clean(opened)
    ctx = opened.session_state["context"]
    assert (ctx.class_name, ctx.k) == (name, 20)
    assert opened.text_input(key="wordmap_search").value == word
    assert opened.multiselect(key="wordmap_metrics").value == ["bns"]
    assert opened.query_params["search"] == word  # the word map keeps the word in its own address


def test_the_small_maps_come_eight_classes_at_a_time(sample_page):
    at = sample_page
    names = list(at.session_state["context"].corpus.classes)

    def headings():
        return [seen(m.value) for m in at.markdown if seen(m.value).strip("*") in names]

    assert headings() == [f"**{n}**" for n in names[:8]]
    at.radio(key="classes_group").set_value(1).run()
    assert_clean(at)
    assert headings() == [f"**{n}**" for n in names[8:16]]
    charts = [spec for _, spec in drawn(at)]
    assert len(charts) == 8
    for chart, name in zip(charts, names[8:16]):  # each map is its class's: its tp axis counts the class's documents
        pos = int(at.session_state["context"].corpus.class_sizes[names.index(name)])
        assert chart["layout"]["yaxis"]["title"]["text"] == f"tp (of {pos:,})"
    at.radio(key="classes_group").set_value(0).run()


def test_a_cell_outside_the_classes_columns_only_says_what_to_pick(sample_page):
    at = sample_page
    pick(at, 0, "word")
    assert not page_links(at)
    assert any("Pick a cell of a class's column" in c.value for c in at.caption)


def test_an_empty_cell_links_too_and_says_the_word_is_not_in_the_top_k(sample_page):
    at = sample_page
    matrix = class_word_matrix(at.session_state["context"].corpus, "bns", 20)
    name = matrix.columns[1]
    row = int(matrix.index.get_loc(matrix.index[matrix[name].isna()][0]))
    pick(at, row, "c0")
    [(label, _, params)] = page_links(at)
    assert params["class"] == name and params["search"] == matrix.index[row]
    assert label.endswith("(not in its top k)")


def test_names_and_words_from_a_visitor_show_as_text():
    rows = [{"text": f"alpha beta {HOSTILE if i % 2 else 'plain'} gamma{i % 3}", "label": HOSTILE if i % 2 else "b"}
            for i in range(40)]
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.file_uploader(key="upload").set_value(
        ("hostile.jsonl", "".join(json.dumps(r) + "\n" for r in rows).encode(), "application/json")).run()
    at.switch_page("pages/classes.py").run()
    assert_clean(at)
    corpus = at.session_state["context"].corpus
    assert at.number_input(key="classes_k").value == min(20, corpus.n_words)
    matrix = class_word_matrix(corpus, "bns", min(20, corpus.n_words))
    column = list(matrix.columns[1:]).index(HOSTILE)
    pick(at, 0, f"c{column}")
    [(label, _, params)] = page_links(at)
    assert params["class"] == HOSTILE
    raw = next(link.proto.label for link in at.get("page_link") if link not in at.sidebar.get("page_link"))
    assert "**b**" not in raw and "](http" not in raw and "<b>" not in raw
    assert any(seen(m.value) == f"**{HOSTILE}**" for m in at.markdown)  # its small map's heading, as text


def test_more_than_fifty_classes_lays_out_the_fifty_largest_or_those_chosen():
    rows = [{"text": f"common words here topic{c} extra{c % 4}", "label": f"class{c:02d}"}
            for c in range(55) for _ in range(2 + (c < 5))]  # classes 0-4 are the largest
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=180).run()
    at.radio(key="source_kind").set_value("Upload").run()
    at.number_input(key="min_df").set_value(1).run()
    at.file_uploader(key="upload").set_value(
        ("many.jsonl", "".join(json.dumps(r) + "\n" for r in rows).encode(), "application/json")).run()
    at.switch_page("pages/classes.py").run()
    assert_clean(at)
    chosen = at.multiselect(key="classes_chosen").value
    assert len(chosen) == 50 and chosen[:5] == [f"class{c:02d}" for c in range(5)]
    assert at.dataframe[0].value.shape[1] == 2 + 50
    at.multiselect(key="classes_chosen").set_value(["class07", "class03"]).run()
    assert_clean(at)
    matrix = class_word_matrix(at.session_state["context"].corpus, "bns", at.number_input(key="classes_k").value,
                               classes=["class07", "class03"])
    pd.testing.assert_frame_equal(shown_matrix(at, matrix), matrix, check_dtype=False)
    at.multiselect(key="classes_chosen").set_value([]).run()
    assert_clean(at)
    assert any("Choose the classes" in i.value for i in at.info)


def test_the_page_is_in_the_menu_after_the_word_map():
    order = [path for path, _, _ in PAGES]
    assert order.index("pages/classes.py") == order.index("pages/word_map.py") + 1
