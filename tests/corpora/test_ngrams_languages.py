"""Preprocessing options (issue 27): n-grams, character n-grams, token patterns, case, languages, max_df, limits.

References: scikit-learn's ``CountVectorizer`` with the same options (the same terms and counts),
PyStemmer's stemmers (the same stems), stopwordsiso's and scikit-learn's lists (the same stop words).
"""

import re

import numpy as np
import pytest
import Stemmer
import stopwordsiso
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer

import fsviz
from fsviz import CorpusError
from fsviz.cli import main
from fsviz.corpora.analyzer import (
    ISO_CODES,
    LANGUAGES,
    WordAnalyzer,
    language_stop_words,
    preprocessing_key,
)
from fsviz.corpora.patterns import check_token_pattern
from fsviz.evaluation.shipping import SnowballAnalyzer, export_pipeline


@pytest.fixture(scope="module")
def sample():
    """Real text: 600 of the sample corpus's documents (docstrings of numpy, scipy, …) and their classes."""
    corpus = fsviz.load_sample()
    rows = np.random.default_rng(0).choice(corpus.n_docs, 600, replace=False)
    return [corpus.texts[i] for i in rows], [str(label) for label in corpus.labels[rows]]


SAME_AS_SKLEARN = [
    (dict(ngrams=(1, 2)), dict(ngram_range=(1, 2))),
    (dict(ngrams=(2, 3)), dict(ngram_range=(2, 3))),
    (dict(ngrams=(1, 3), min_df=2), dict(ngram_range=(1, 3), min_df=2)),
    (dict(analyzer="char_wb", char_ngrams=(2, 4)), dict(analyzer="char_wb", ngram_range=(2, 4))),
    (dict(analyzer="char_wb", char_ngrams=(1, 1), lowercase=False), dict(analyzer="char_wb", lowercase=False)),
    (dict(token_pattern=r"[A-Za-z]+", lowercase=False), dict(token_pattern=r"[A-Za-z]+", lowercase=False)),
    (dict(token_pattern=r"(?u)\b(\w+)\b", ngrams=(1, 2)), dict(token_pattern=r"(?u)\b(\w+)\b", ngram_range=(1, 2))),
    (dict(max_df=0.2), dict(max_df=0.2)),
    (dict(max_df=40, ngrams=(1, 2)), dict(max_df=40, ngram_range=(1, 2))),
    (dict(stopwords=True, ngrams=(1, 3)), dict(stop_words="english", ngram_range=(1, 3))),
    (dict(stopwords=True), dict(stop_words="english")),
]


@pytest.mark.parametrize("ours, theirs", SAME_AS_SKLEARN, ids=[str(o) for o, _ in SAME_AS_SKLEARN])
def test_terms_and_counts_equal_countvectorizer(sample, ours, theirs):
    texts, labels = sample
    corpus = fsviz.load_corpus((texts, labels), **{"min_df": 1, **ours})
    vectorizer = CountVectorizer(**theirs)
    X = vectorizer.fit_transform(texts)
    assert corpus.vocabulary.tolist() == vectorizer.get_feature_names_out().tolist()
    assert (corpus.X_tf != X).nnz == 0


def test_languages_are_pystemmers_with_a_stopwordsiso_list():
    offered = {name for name, code in ISO_CODES.items() if name in Stemmer.algorithms() and stopwordsiso.has_lang(code)}
    assert set(LANGUAGES) == offered and len(LANGUAGES) == 30
    assert set(Stemmer.algorithms()) - {"porter", "dutch_porter"} <= set(ISO_CODES)  # every language is mapped


@pytest.mark.parametrize("language", LANGUAGES)
def test_stop_words_and_stems_equal_the_sources(language):
    expected = ENGLISH_STOP_WORDS if language == "english" else {w.lower() for w in stopwordsiso.stopwords(
        ISO_CODES[language])}
    assert language_stop_words(language) == frozenset(expected)
    # The language's own words as a text: the stop-word list, which every language has.
    words = sorted(expected)
    text = " ".join(words)
    tokens = CountVectorizer().build_analyzer()(text)
    corpus = fsviz.load_corpus(([text, text], ["a", "b"]), min_df=1, stem=True, language=language)
    assert corpus.vocabulary.tolist() == sorted(set(Stemmer.Stemmer(language).stemWords(tokens)))
    dropped = fsviz.load_corpus(([text + " zzzqx", "zzzqx"], ["a", "b"]), min_df=1, stopwords=True,
                                language=language)
    assert dropped.vocabulary.tolist() == sorted({t for t in tokens if t not in expected} | {"zzzqx"})


GERMAN = (["Die Häuser sind groß und die Kinder spielen im Garten",
           "Der Garten hinter den Häusern ist grün",
           "Die Börse fiel heute, die Aktien verloren",
           "Aktien und Anleihen: die Börsen schlossen schwächer"], ["wohnen", "wohnen", "geld", "geld"])
RUSSIAN = (["Кошки спят на диване, а собаки гуляют",
            "Кошка и собака спали на полу",
            "Рынок акций упал, и акции подешевели",
            "На рынке облигаций акции растут"], ["дом", "дом", "деньги", "деньги"])


@pytest.mark.parametrize("texts, labels, language, gone, stems", [
    (*GERMAN, "german", {"die", "und", "sind", "der", "den", "ist", "im"}, {"haus": 2, "gart": 2, "akti": 2, "bors": 2}),
    (*RUSSIAN, "russian", {"на"}, {"кошк": 2, "собак": 2, "акц": 2, "рынк": 1, "рынок": 1}),
])
def test_german_and_russian_stop_words_and_stems(texts, labels, language, gone, stems):
    corpus = fsviz.load_corpus((texts, labels), min_df=1, stopwords=True, stem=True, language=language)
    stop = language_stop_words(language)
    tokens = [t for text in texts for t in CountVectorizer().build_analyzer()(text)]
    assert gone <= set(tokens) and gone <= stop  # in the text, and the list's
    assert corpus.vocabulary.tolist() == sorted(set(Stemmer.Stemmer(language).stemWords([t for t in tokens
                                                                                         if t not in stop])))
    df = dict(zip(corpus.vocabulary.tolist(), corpus.df.tolist()))
    # Derived with PyStemmer: Häuser, Häusern → haus; Börse, Börsen → bors; Кошки, Кошка → кошк; акций, акции → акц
    # (рынок, рынке stay apart).
    assert {w: df.get(w) for w in stems} == stems
    assert corpus.options["language"] == language and corpus.options["stop_words"] == tuple(
        sorted(language_stop_words(language)))
    # With bigrams the stop words go first, as scikit-learn: "Häuser sind groß und die Kinder" pairs "haus kind"
    # (stopwordsiso's German list holds "groß").
    pairs = fsviz.load_corpus((texts, labels), min_df=1, stopwords=True, stem=True, language=language, ngrams=(2, 2))
    assert all(" " in w for w in pairs.vocabulary)
    if language == "german":
        assert {"haus kind", "kind spiel", "spiel gart"} <= set(pairs.vocabulary.tolist())
        # the panel finds the pair as the corpus made it: from its first word to its last, stop words between
        page = pairs.contexts("Häuser  Kinder", "wohnen", width=1)
        assert [(line.left, line.match, line.right) for line in page.positive.lines] == [
            ("Die ", "Häuser sind groß und die Kinder", " spielen")]


def test_char_wb_separates_chinese_classes_words_cannot():
    cats = ["我的猫很可爱", "猫喜欢睡觉", "这只猫在吃鱼", "猫和老鼠", "小猫在花园里"]
    dogs = ["我的狗很可爱", "狗喜欢跑步", "这只狗在吃肉", "狗和主人", "小狗在公园里"]
    texts, labels = cats + dogs, ["猫"] * 5 + ["狗"] * 5
    words = fsviz.load_corpus((texts, labels), min_df=1)  # one token per sentence: no word is in two documents
    assert words.df.max() == 1
    chars = fsviz.load_corpus((texts, labels), min_df=2, analyzer="char_wb", char_ngrams=(1, 2))
    task = chars.binary_task("猫")
    best = int(np.argmax(task.score("bns")))
    assert chars.vocabulary[best] in {"猫", "狗"} and (task.tp[best], task.fp[best]) in {(5, 0), (0, 5)}
    page = chars.contexts("猫", "猫", width=1)
    assert [line.match for line in page.positive.lines] == ["猫"] * 5 and page.rest.total == 0


def test_a_bigram_separates_what_no_unigram_does():
    rng = np.random.default_rng(1)
    filler = ["the", "report", "says", "city", "people", "visit", "often", "today", "many", "trains"]
    texts, labels = [], []
    for i in range(40):
        a, b = rng.choice(filler, 3), rng.choice(filler, 3)
        order = "new york" if i % 2 else "york new"  # both words in every document; only their order differs
        texts.append(f"{' '.join(a)} {order} {' '.join(b)}")
        labels.append("ny" if i % 2 else "other")
    unigrams = fsviz.load_corpus((texts, labels), min_df=1)
    task = unigrams.binary_task("ny")
    both = {w: (task.tp[i], task.fp[i]) for i, w in enumerate(unigrams.vocabulary) if w in ("new", "york")}
    assert both == {"new": (20, 20), "york": (20, 20)}
    bigrams = fsviz.load_corpus((texts, labels), min_df=1, ngrams=(1, 2))
    task = bigrams.binary_task("ny")
    scores = task.score("bns")
    top = bigrams.vocabulary[int(np.argmax(scores))]
    assert top in ("new york", "york new")
    i = bigrams.vocabulary.tolist().index("new york")
    assert (task.tp[i], task.fp[i]) == (20, 0)
    unigram_best = max(s for w, s in zip(bigrams.vocabulary, scores) if " " not in w)
    assert scores[i] > unigram_best
    # The panel shows the whole bigram; the exported selector counts it as the grid did.
    page = bigrams.contexts("New  York", "ny", width=1)
    assert {line.match for line in page.positive.lines} == {"new york"}
    model = export_pipeline(bigrams, "ny", "bns", 2)
    assert "new york" in model["words"].get_feature_names_out().tolist()
    assert model.predict(texts).tolist() == ["ny" if lab == "ny" else "not ny" for lab in labels]


def test_exported_analyzer_counts_as_the_corpus(sample):
    texts, labels = sample
    for options in (dict(ngrams=(1, 2), stopwords=True), dict(ngrams=(1, 3), stem=True, stopwords=True),
                    dict(analyzer="char_wb", char_ngrams=(3, 4)), dict(token_pattern=r"[A-Za-z]{3,}", lowercase=False)):
        corpus = fsviz.load_corpus((texts, labels), min_df=3, **options)
        model = export_pipeline(corpus, labels[0], "bns", 200)
        words = model["words"].get_feature_names_out().tolist()
        columns = [corpus.vocabulary.tolist().index(w) for w in words]
        assert (model["words"].transform(texts) != (corpus.X_tf[:, columns] > 0)).nnz == 0, options


def test_snowball_analyzer_reads_files_of_two_arguments():
    old = SnowballAnalyzer("english", ("the",))
    assert old("The running dogs ran") == ["run", "dog", "ran"]
    assert SnowballAnalyzer(*old.__reduce__()[1])("the running dogs") == ["run", "dog"]
    assert isinstance(old, WordAnalyzer) and old.ngram_range == (1, 1)


def test_contexts_character_ngram_inside_its_word():
    corpus = fsviz.load_corpus((["The bank was closed", "A river bank", "Stock markets"], ["a", "a", "b"]),
                               min_df=1, analyzer="char_wb", char_ngrams=(3, 3))
    page = corpus.contexts(" ba", "a", width=1)
    assert [(line.left, line.match, line.right) for line in page.positive.lines] in (
        [("The ", "ba", "nk was"), ("river ", "ba", "nk")], [("river ", "ba", "nk"), ("The ", "ba", "nk was")])


BAD = [
    (dict(token_pattern="("), "`token_pattern` '(' is not a valid regular expression"),
    (dict(token_pattern=r"\w*"), "matches the empty string"),
    (dict(token_pattern=r"\b"), "matches an empty token"),
    (dict(token_pattern=r"(a)(b)"), "2 capturing groups"),
    (dict(token_pattern=r"(\w+)+x"), "exponential time"),
    (dict(token_pattern=r".*x"), "grows faster than the text"),
    (dict(token_pattern="x" * 1001), "more than 1,000"),
    (dict(ngrams=(1, 4)), "`ngrams` must be (lo, hi) with 1 <= lo <= hi <= 3"),
    (dict(ngrams=(2, 1)), "`ngrams` must be"),
    (dict(ngrams="1,2"), "`ngrams` must be"),
    (dict(analyzer="char"), "`analyzer` must be 'word'"),
    (dict(analyzer="char_wb", char_ngrams=(1, 7)), "`char_ngrams` must be"),
    (dict(analyzer="char_wb", stem=True), "stem=True cannot apply"),
    (dict(analyzer="char_wb", ngrams=(1, 2)), "ngrams=(1, 2) cannot apply"),
    (dict(language="klingon"), "`language` must be one of arabic"),
    (dict(stopwords="klingon"), "`stopwords` must be True, a language"),
    (dict(max_df=0.0), "`max_df` must be a share"),
    (dict(max_df=1.5), "`max_df` must be a share"),
    (dict(max_df=True), "`max_df` must be a share"),
    (dict(max_df=2, min_df=3), "max_df=2 keeps words in at most 2 documents, fewer than min_df=3"),
    (dict(lowercase="no"), "`lowercase` must be True or False"),
]


@pytest.mark.parametrize("options, message", BAD, ids=[str(o)[:40] for o, _ in BAD])
def test_bad_options_say_what_and_how(options, message):
    with pytest.raises(ValueError) as caught:
        fsviz.load_corpus((["red apple pie", "blue sky rain", "red sky", "apple rain"], ["a", "b", "a", "b"]),
                          **{"min_df": 1, **options})
    assert message in str(caught.value)


def test_token_pattern_check_is_quick_for_a_good_pattern():
    import time

    start = time.perf_counter()
    assert check_token_pattern(r"(?u)\b\w+(?:'\w+)*\b") == r"(?u)\b\w+(?:'\w+)*\b"
    assert time.perf_counter() - start < 1.0
    with pytest.raises(ValueError, match="must be a regular expression \\(a str\\), got \\['x'\\]"):
        check_token_pattern(["x"])


def test_a_text_option_on_arff_is_refused(tmp_path):
    path = tmp_path / "t.arff"
    path.write_text("@relation t\n@attribute apple numeric\n@attribute sky numeric\n@attribute class {a,b}\n"
                    "@data\n{0 2,2 a}\n{1 1,2 b}\n{0 1,2 a}\n{1 3,2 b}\n")
    assert fsviz.load_corpus(path, min_df=1, max_df=0.9, stopwords=True).n_words == 2  # these apply to words
    for options, named in ((dict(ngrams=(1, 2)), "ngrams=(1, 2)"), (dict(analyzer="char_wb"), "analyzer='char_wb'"),
                           (dict(token_pattern=r"\w+"), "token_pattern"), (dict(lowercase=False), "lowercase=False")):
        with pytest.raises(CorpusError, match=re.escape(named) + ".*came pre-counted|came pre-counted.*"
                           + re.escape(named)):
            fsviz.load_corpus(path, min_df=1, **options)


def test_n_grams_over_the_word_limit_name_the_limit_and_the_option():
    texts = [" ".join(f"w{i}x{j}" for j in range(30)) for i in range(20)]
    labels = ["a", "b"] * 10
    assert fsviz.load_corpus((texts, labels), min_df=1, limits=fsviz.Limits(max_words=700)).n_words == 600
    with pytest.raises(CorpusError) as caught:
        fsviz.load_corpus((texts, labels), min_df=1, ngrams=(1, 2), limits=fsviz.Limits(max_words=700))
    message = str(caught.value)
    assert "Limits.max_words" in message and "ngrams=(1, 2)" in message and "more than 700" in message
    with pytest.raises(CorpusError, match="char_ngrams=\\(2, 4\\)"):
        fsviz.load_corpus((texts, labels), analyzer="char_wb", limits=fsviz.Limits(max_words=50))


def test_max_df_drops_common_words_with_a_note():
    texts = ["the red apple", "the green apple", "the blue sky", "the grey sky"]
    corpus = fsviz.load_corpus((texts, ["f", "f", "w", "w"]), min_df=1, max_df=0.5)
    assert "the" not in corpus.vocabulary and "apple" in corpus.vocabulary
    assert corpus.options["common_words"] == ("the",) and any("max_df=0.5" in note for note in corpus.notes)
    with pytest.raises(ValueError, match="more documents than max_df=0.5"):
        corpus.contexts("the", "f")


def test_options_key_the_corpus_only_when_set():
    texts, labels = ["red apple", "green apple", "blue sky", "grey sky"], ["f", "f", "w", "w"]
    plain = fsviz.load_corpus((texts, labels), min_df=1)
    assert preprocessing_key(plain.options) == {}
    # the fingerprint of a corpus made without the new options is the one it had before them
    import hashlib

    digest = hashlib.sha1()
    for array in (plain.X_tf.indptr, plain.X_tf.indices, plain.Y.indptr, plain.Y.indices):
        digest.update(np.ascontiguousarray(array).tobytes())
    digest.update("\x00".join(map(str, plain.classes)).encode())
    assert plain.fingerprint == digest.hexdigest()[:16]
    same_words = fsviz.load_corpus((texts, labels), min_df=1, lowercase=False)  # lower-case text: the same counts
    assert (same_words.X_tf != plain.X_tf).nnz == 0 and same_words.fingerprint != plain.fingerprint
    assert preprocessing_key(fsviz.load_corpus((texts, labels), min_df=1, ngrams=(1, 2)).options) == {"ngrams": (1, 2)}


def test_cli_flags(capsys):
    assert main(["top", "sample", "--class", "numpy", "--vs", "scipy.stats", "--ngrams", "1,2", "--metrics", "bns",
                 "-k", "3"]) == 0
    assert len(capsys.readouterr().out.split("\n\n")[0].splitlines()) == 5  # the ranks (the p and q table follows)
    assert main(["info", "sample", "--token-pattern", "("]) == 2
    assert "`token_pattern` '(' is not a valid regular expression" in capsys.readouterr().err
    assert main(["info", "sample", "--ngrams", "4"]) == 2
    assert "`ngrams` must be (lo, hi) with 1 <= lo <= hi <= 3" in capsys.readouterr().err
    assert main(["info", "sample", "--analyzer", "char_wb", "--char-ngrams", "2,3", "--no-lowercase",
                 "--max-df", "0.9"]) == 0
    assert "vocabulary:" in capsys.readouterr().out


def test_char_analyzer_is_scikit_learns_one_term_at_a_time():
    from fsviz.corpora.ngrams import CharAnalyzer

    rng = np.random.default_rng(3)
    alphabet = list("ab cdé\tF中\n x\u00a0")
    for lo, hi in ((1, 1), (1, 3), (2, 4), (3, 6), (5, 6)):
        for lowercase in (True, False):
            reference = CountVectorizer(analyzer="char_wb", ngram_range=(lo, hi), lowercase=lowercase).build_analyzer()
            for _ in range(100):
                text = "".join(rng.choice(alphabet, rng.integers(0, 30)))
                assert CharAnalyzer((lo, hi), lowercase)(text) == reference(text)
    words = WordAnalyzer("english", ("the",), (1, 3))
    text = "The running dogs ran to the running park"
    assert list(words.iter_terms(text)) == words(text)
