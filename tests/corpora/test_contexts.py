"""The documents behind a word (fsviz.corpora.contexts): keyword-in-context lines, hand-checked on a corpus made here.

The corpus, with min_df=1 (classes fruit: documents 0-2, weather: 3-5):

    0 fruit    "Apple pie is an apple dessert."            apple twice, the first at the very start
    1 fruit    "I ate an APPLE"                             apple once, at the very end, upper case
    2 fruit    "The <b>apple</b> and **bold** $x$ …"        markup around apple; apple again at the end
    3 weather  "Blue sky, no fruit here"                    no apple
    4 weather  "An apple a day; apples? Weather\\n\\n\\tfine"  apple once (apples is another word unless stemmed)
    5 weather  "grey sky and rain"                          no apple

So "apple" has tp = 3 (documents 0, 1, 2) and fp = 1 (document 4); document 0 holds it twice, 2 twice.
Document frequencies: apple 4, an 3 (0, 1, 4), and 2 (2, 5), sky 2 (3, 5), every other word 1.
"""

import json
import pickle
from dataclasses import replace

import numpy as np
import pytest
from scipy import sparse

import fsviz
from fsviz.cli import main
from fsviz.corpora.contexts import NoTextError, keyword_in_context, word_index
from fsviz.corpora.formats import RawCorpus
from fsviz.evaluation.grid import GridConfig
from fsviz.evaluation.grid.cell import cell_data
from fsviz.stats.tables import word_facts

MARKUP = "The <b>apple</b> and **bold** $x$ <script>alert(1)</script> [link](http://x) `code` apple"
TEXTS = ["Apple pie is an apple dessert.", "I ate an APPLE", MARKUP, "Blue sky, no fruit here",
         "An apple a day; apples? Weather\n\n\tfine", "grey sky and rain"]
LABELS = ["fruit"] * 3 + ["weather"] * 3


@pytest.fixture(scope="module")
def corpus():
    return fsviz.load_corpus((TEXTS, LABELS), min_df=1)


def spans(sample):
    return {line.doc: (line.left, line.match, line.right, line.occurrences) for line in sample.lines}


def test_the_documents_of_each_side_and_their_windows(corpus):
    page = corpus.contexts("apple", "fruit", width=2)
    assert (page.word, page.class_name, page.positive.total, page.rest.total) == ("apple", "fruit", 3, 1)
    assert spans(page.positive) == {
        0: ("", "Apple", " pie is", 2),  # the first occurrence opens the text: nothing on the left
        1: ("ate an ", "APPLE", "", 1),  # it ends the text: nothing on the right
        2: ("The <b>", "apple", "</b> and **bold**", 2),  # the markup glued to the word stays with it
    }
    assert spans(page.rest) == {4: ("An ", "apple", " a day;", 1)}
    assert [line.labels for line in page.rest.lines] == ["weather"]
    assert page.positive.next_offset is None and page.rest.next_offset is None
    assert keyword_in_context(corpus, "apple", "fruit", width=2) == page  # the method is the module's function


def test_counts_match_the_corpus_and_the_case_of_the_query_does_not_matter(corpus):
    task = corpus.binary_task("fruit")
    j = int(np.flatnonzero(corpus.vocabulary == "apple")[0])
    for query in ("apple", "Apple", "APPLE", "  apple "):
        page = corpus.contexts(query, "fruit")
        assert (page.positive.total, page.rest.total) == (task.tp[j], task.fp[j]) == (3, 1)
    # the other class's view swaps the sides
    swapped = corpus.contexts("apple", "weather", width=0)
    assert (swapped.positive.total, swapped.rest.total) == (1, 3)
    assert spans(swapped.positive) == {4: ("", "apple", "", 1)}  # width 0: the word alone


def test_whitespace_is_one_space_and_wide_windows_stop_at_the_ends(corpus):
    page = corpus.contexts("weather", "weather", width=50)
    assert spans(page.positive) == {4: ("An apple a day; apples? ", "Weather", " fine", 1)}
    page = corpus.contexts("fine", "fruit", width=1)  # only outside the class
    assert page.positive.total == 0 and page.positive.lines == () and spans(page.rest) == {4: ("Weather ", "fine", "", 1)}


def test_markup_stays_text_in_the_lines(corpus):
    line = next(line for line in corpus.contexts("script", "fruit", width=3).positive.lines)
    # the characters glued to the match (< and >alert(1)</script>) come with it; then three words each side
    assert (line.left, line.match, line.right) == ("and **bold** $x$ <", "script",
                                                   ">alert(1)</script> [link](http://x) `code` apple")


def test_a_word_the_lower_case_of_a_character_lengthens_still_lines_up():
    texts = ["İstanbul apple tea", "apple pie", "tea time", "sky blue"]
    corpus = fsviz.load_corpus((texts, ["a", "a", "b", "b"]), min_df=1)
    assert spans(corpus.contexts("apple", "a", width=1).positive) == {0: ("İstanbul ", "apple", " tea", 1),
                                                                      1: ("", "apple", " pie", 1)}


def test_a_huge_document_costs_a_window_only():
    word = "x" * 3000  # one 3,000-letter word before the match: the window reads a bounded part of it
    corpus = fsviz.load_corpus(([f"{word} apple end", "apple", "tea", "sky"], ["a", "a", "b", "b"]), min_df=1)
    line = next(line for line in corpus.contexts("apple", "a", width=2).positive.lines if line.doc == 0)
    assert line.match == "apple" and line.right == " end" and 0 < len(line.left) <= 64 * 3


def test_sampling_is_seeded_and_pages_cover_every_document_once():
    texts = [f"doc {i} has the word" for i in range(23)] + [f"other {i} word too" for i in range(7)] + ["none"] * 5
    corpus = fsviz.load_corpus((texts, ["p"] * 23 + ["q"] * 12), min_df=1)
    pages = [corpus.contexts("word", "p", n=5, offset=offset, seed=3) for offset in range(0, 25, 5)]
    positive = [line.doc for page in pages for line in page.positive.lines]
    assert sorted(positive) == list(range(23))  # all of them, none twice
    assert [len(p.positive.lines) for p in pages] == [5, 5, 5, 5, 3]
    assert [p.positive.next_offset for p in pages] == [5, 10, 15, 20, None]
    rest = [line.doc for page in pages for line in page.rest.lines]
    assert sorted(rest) == list(range(23, 30)) and [p.rest.next_offset for p in pages[:2]] == [5, None]
    again = corpus.contexts("word", "p", n=5, offset=0, seed=3)
    assert [line.doc for line in again.positive.lines] == [line.doc for line in pages[0].positive.lines]
    assert positive[:5] != list(range(5))  # a random order, not the documents' order
    other = [line.doc for line in corpus.contexts("word", "p", n=23, seed=4).positive.lines]
    assert other != positive and sorted(other) == list(range(23))
    assert corpus.contexts("word", "p", n=0).positive.total == 23  # n=0: the counts alone


def test_a_stemmed_corpus_matches_every_form_of_the_stem():
    corpus = fsviz.load_corpus((TEXTS, LABELS), min_df=1, stem=True)
    for query in ("appl", "apples", "Apple"):
        page = corpus.contexts(query, "weather", width=1)
        assert page.word == "appl"
        assert spans(page.positive) == {4: ("An ", "apple", " a", 2)}  # apple and apples: two occurrences
    assert spans(corpus.contexts("apples", "fruit", width=1).positive)[1] == ("an ", "APPLE", "", 1)


def test_a_stemmed_corpus_skips_its_stop_words():
    texts = ["being here", "the beings", "tea", "sky"]  # "being" is an English stop word; "beings" stems to "be"
    corpus = fsviz.load_corpus((texts, ["a", "a", "b", "b"]), min_df=1, stem=True, stopwords=True)
    page = corpus.contexts("be", "a", width=1)
    assert page.positive.total == 1 and spans(page.positive) == {1: ("the ", "beings", "", 1)}


def test_unknown_words_and_classes_and_bad_options_say_what_is_wrong(corpus):
    with pytest.raises(ValueError, match="unknown word 'pear'"):
        corpus.contexts("pear", "fruit")
    with pytest.raises(ValueError, match="unknown class 'veg'"):
        corpus.contexts("apple", "veg")
    with pytest.raises(ValueError, match="`width` must be a whole number"):
        corpus.contexts("apple", "fruit", width=-1)
    with pytest.raises(ValueError, match="`offset` must be a whole number"):
        corpus.contexts("apple", "fruit", offset=1.5)
    with pytest.raises(ValueError, match="`word` must be"):
        corpus.contexts("", "fruit")
    cut = fsviz.load_corpus((TEXTS, LABELS), min_df=2)
    with pytest.raises(ValueError, match="rare-word cutoff removed it"):
        word_index(cut, "dessert")
    stopped = fsviz.load_corpus((TEXTS, LABELS), min_df=1, stopwords=True)
    with pytest.raises(ValueError, match="stop word"):
        word_index(stopped, "the")


def count_only():
    counts = sparse.csr_matrix(np.array([[2, 0], [1, 1], [0, 3], [0, 1]]))
    raw = RawCorpus(labels=[("a",), ("a",), ("b",), ("b",)], counts=counts, vocabulary=np.array(["apple", "sky"]),
                    name="counted")
    return fsviz.build_corpus(raw, min_df=1)


def test_a_count_only_corpus_has_no_text_to_show():
    corpus = count_only()
    assert corpus.texts is None
    with pytest.raises(NoTextError, match="'counted' arrived as word counts .* no text to show"):
        corpus.contexts("apple", "a")
    facts = word_facts(corpus.binary_task("a"), "apple", ["dfreq"], 1)  # its counts are still there
    assert (facts.tp, facts.fp, facts.pos, facts.neg) == (2, 0, 2, 2)


def test_the_texts_are_kept_once_and_stay_out_of_the_grid(corpus):
    assert corpus.texts == tuple(TEXTS)
    assert all(a is b for a, b in zip(corpus.texts, TEXTS))  # the strings read, not copies
    stricter = corpus.with_min_df(2)
    assert stricter.texts is corpus.texts  # shared, not copied
    assert stricter.contexts("apple", "fruit").positive.total == 3
    assert replace(corpus, texts=None).fingerprint == corpus.fingerprint
    shipped = pickle.dumps(cell_data(corpus, GridConfig(metrics=("bns", "chi_max"))))
    assert b"dessert" not in shipped and b"script" not in shipped  # what the grid's workers receive: matrices only


def test_word_facts_counts_scores_ranks_and_top_k(corpus):
    task = corpus.binary_task("fruit")
    facts = word_facts(task, "apple", ["dfreq", "bns"], 2)
    assert facts.counts() == dict(word="apple", tp=3, fp=1, pos=3, neg=3, tpr=1.0, fpr=1 / 3, k=2)
    dfreq = facts.standing.set_index("metric").loc["dfreq"]
    assert (dfreq["score"], dfreq["rank"], dfreq["top-k"]) == (4.0, 1, True)  # the largest df
    assert dfreq["score"] == 4 and facts.standing["metric"].tolist() == ["dfreq", "bns"]
    assert facts.standing.set_index("metric").loc["bns", "score"] == fsviz.score("bns", 3, 1, 3, 3)
    sky = word_facts(task, "sky", ["dfreq"], 2).standing.iloc[0]
    assert (sky["score"], sky["rank"], sky["top-k"]) == (2.0, 3, False)  # apple 4, an 3, then sky and "and" tie at 2
    assert word_facts(task, "sky", ["dfreq"], 2).top_k_of == () and facts.top_k_of[0] == "dfreq"
    assert word_facts(task, "apple", ["dfreq"], 10_000).k == task.n_words  # k past the vocabulary: every word
    with pytest.raises(ValueError, match="unknown word 'pear'"):
        word_facts(task, "pear", ["dfreq"], 2)


# --- the command line -------------------------------------------------------------------------------


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "fruit.jsonl"
    path.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(TEXTS, LABELS)))
    return path


def test_cli_json(data, capsys):
    assert main(["contexts", str(data), "--class", "fruit", "--word", "Apple", "--width", "2", "--min-df", "1",
                 "--metrics", "dfreq", "-k", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["word"], out["class"], out["tp"], out["fp"], out["pos"], out["neg"]) == ("apple", "fruit", 3, 1, 3, 3)
    assert out["metrics"] == [{"metric": "dfreq", "score": 4.0, "rank": 1, "top-k": True}] and out["top_k_of"] == ["dfreq"]
    assert out["positive"]["total"] == 3 and out["positive"]["next_offset"] is None
    lines = {line["doc"]: (line["left"], line["match"], line["right"]) for line in out["positive"]["lines"]}
    assert lines == {0: ("", "Apple", " pie is"), 1: ("ate an ", "APPLE", ""), 2: ("The <b>", "apple", "</b> and **bold**")}
    assert out["rest"]["lines"] == [{"side": "rest", "doc": 4, "left": "An ", "match": "apple", "right": " a day;",
                                     "occurrences": 1, "labels": "weather"}]


def test_cli_text_pages(data, capsys):
    assert main(["contexts", str(data), "--class", "fruit", "--word", "apple", "--min-df", "1", "--n", "1",
                 "--offset", "1", "--metrics", "dfreq"]) == 0
    out = capsys.readouterr().out
    assert "'apple' in class 'fruit': tp = 3 of 3 documents (tpr 1), fp = 1 of 3 others (fpr 0.333)" in out
    assert "documents in 'fruit' containing it: 3 (shown 2–2, seed 0; --offset 2 for more)" in out
    assert "documents outside it containing it: 1 (shown none, seed 0)" in out
    assert out.count("[apple]") + out.count("[Apple]") + out.count("[APPLE]") == 1


@pytest.mark.parametrize("args, message", [
    (["--word", "pear"], "error: unknown word 'pear'"),
    (["--class", "veg"], "error: unknown class 'veg'"),
    (["--n", "-1"], "error: `--n` must be a whole number"),
    (["--metrics", "nope"], "error: unknown metric"),
])
def test_cli_refuses_bad_input_in_one_line(data, capsys, args, message):
    base = {"--class": "fruit", "--word": "apple"}
    options = [*args]
    for option, value in base.items():
        if option not in args:
            options += [option, value]
    assert main(["contexts", str(data), "--min-df", "1", *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_cli_says_a_count_only_corpus_has_no_text(tmp_path, capsys):
    arff = tmp_path / "counted.arff"
    arff.write_text("@RELATION counted\n@ATTRIBUTE apple numeric\n@ATTRIBUTE sky numeric\n@ATTRIBUTE class {a,b}\n"
                    "@DATA\n{0 2,2 a}\n{0 1,1 1,2 a}\n{1 3,2 b}\n{1 1,2 b}\n")
    assert main(["contexts", str(arff), "--class", "a", "--word", "apple", "--min-df", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: 'counted' arrived as word counts") and "no text to show" in err
