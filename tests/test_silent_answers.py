"""Inputs that used to give a silent or misleading answer: each has one documented rule, the same everywhere."""

import io

import pandas as pd
import pytest
from conftest import results_table

import fsviz
from fsviz import CorpusError
from fsviz.evaluation.grid import GridConfig, load_results
from fsviz.evaluation.grid.results import with_goals


def _csv(rows, encoding="utf-8") -> io.BytesIO:
    handle = io.BytesIO(("text,label\n" + "".join(f"{t},{lab}\n" for t, lab in rows)).encode(encoding, "replace"))
    handle.name = "rows.csv"
    return handle


def test_one_bad_byte_keeps_the_utf8_text_and_says_so():
    data = _csv([(f"café number{i} here", "ab"[i % 2]) for i in range(10)]).getvalue() + b"one \xff byte,a\n"
    corpus = fsviz.load_corpus(io.BytesIO(data), format="csv", min_df=1)
    assert "café" in set(corpus.vocabulary) and "cafã" not in set(corpus.vocabulary)
    assert any("1 byte that is not UTF-8" in note for note in corpus.notes), corpus.notes


def test_a_latin1_file_is_read_as_latin1_and_says_so():
    corpus = fsviz.load_corpus(_csv([(f"café number{i}", "ab"[i % 2]) for i in range(10)], "latin-1"),
                               format="csv", min_df=1)
    assert "café" in set(corpus.vocabulary)
    assert any("not UTF-8" in note and "read as Latin-1" in note for note in corpus.notes)


def test_labels_equal_after_normalisation_are_one_class_and_invisible_characters_go():
    texts = ["ab bc cd", "ab bc dd", "xx yy zz", "xx yy ww", "qq rr ss", "qq tt uu"]
    labels = ["caf\u00e9", "cafe\u0301", "\u202egnp.exe", "\u202egnp.exe", "zero\u200bwidth", "plain"]
    corpus = fsviz.load_corpus((texts, labels), min_df=1)
    assert sorted(map(str, corpus.classes)) == ["café", "gnp.exe", "plain", "zerowidth"]
    assert corpus.class_sizes[list(corpus.classes).index("café")] == 2
    note = next(n for n in corpus.notes if "class names cleaned" in n)
    assert note.startswith("3 class names cleaned") and "merged" in note


def test_a_label_of_only_invisible_characters_is_refused():
    with pytest.raises(CorpusError, match="made only of invisible or control characters"):
        fsviz.load_corpus((["ab cd", "ef gh", "ij kl"], ["\u200b", "a", "b"]), min_df=1)


def _results_file(table: pd.DataFrame) -> io.BytesIO:
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False)
    buffer.seek(0)
    buffer.name = "results.parquet"
    return buffer


def _results():
    table = with_goals(results_table())
    table["n_features"] = table["k"]
    table["metric"] = table["metric"].map({"x": "bns", "y": "ig", "all": "all"})
    return table


def test_a_results_row_counting_more_documents_than_the_task_has_is_refused():
    table = _results()
    table.loc[3, "tp"] = 50  # pos is 10
    with pytest.raises(CorpusError, match=r"row 3 counts 5\d test documents in the class \(tp \+ fn\), more than "
                                          r"the 10 the task has \(pos\)"):
        load_results(_results_file(table))


def test_a_results_file_of_only_all_rows_says_there_is_nothing_to_compare():
    table = _results()
    with pytest.raises(CorpusError, match="holds only the rows of every word"):
        load_results(_results_file(table[table["metric"] == "all"]))


def test_a_corpus_emptied_by_stop_words_says_so():
    with pytest.raises(CorpusError, match="the stop words remove every word"):
        fsviz.load_corpus((["the and of", "is it to", "we are be"], ["a", "b", "a"]), min_df=1, stopwords=True)


def test_one_nesting_limit_for_specs_everywhere():
    deep_formula = "expr(" + "(" * 51 + "tp" + ")" * 51 + ")"  # the formula's own limit (100) applies
    deep_spec = "hr(" * 51 + "bns" + ")" * 51
    task = fsviz.load_sample().binary_task("scipy.stats")
    assert fsviz.score(deep_formula, [1, 2], [3, 4], 10, 20).tolist() == [1.0, 2.0]
    assert task.score(deep_formula).shape == task.tp.shape
    assert GridConfig(metrics=(deep_formula,)).metrics == ("expr(tp)",)
    for refuse in (lambda: task.score(deep_spec), lambda: GridConfig(metrics=(deep_spec,))):
        with pytest.raises(ValueError, match="nested too deeply"):
            refuse()
