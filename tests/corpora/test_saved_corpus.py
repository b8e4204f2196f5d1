"""A built corpus saved and read back (fsviz.corpora.saved), and the sample kept built for new server processes."""

import numpy as np
import pytest

import fsviz
from fsviz.corpora import sample
from fsviz.corpora.saved import read_corpus, save_corpus


def _same(a, b):
    assert (a.X_tf != b.X_tf).nnz == 0 and a.X_tf.dtype == b.X_tf.dtype and (a.Y != b.Y).nnz == 0
    assert a.vocabulary.tolist() == b.vocabulary.tolist() and b.vocabulary.dtype == object
    assert a.classes.tolist() == b.classes.tolist() and b.classes.dtype == object
    assert a.removed_words.tolist() == b.removed_words.tolist() and np.array_equal(a.removed_df, b.removed_df)
    assert (a.name, a.n_words_raw, a.options, a.notes, a.texts) == (b.name, b.n_words_raw, b.options, b.notes, b.texts)
    assert a.fingerprint == b.fingerprint


@pytest.mark.parametrize("options", [{}, {"ngrams": (1, 2), "stopwords": True, "stem": True}])
def test_a_corpus_reads_back_as_it_was_saved(tmp_path, options):
    texts = ["Naïve café — ünïcode words here", "plain words here too", "more words", "café again here",
             "the last words", "ünïcode once more"]
    corpus = fsviz.load_corpus((texts, ["a", "b", "a", "b", "a", "b"]), min_df=1, **options)
    _same(corpus, read_corpus(save_corpus(corpus, tmp_path / "c.npz")))
    b = corpus.binary_task("a")
    assert np.array_equal(b.score("bns"), read_corpus(tmp_path / "c.npz").binary_task("a").score("bns"))


def test_a_pre_counted_corpus_reads_back_without_texts(tmp_path):
    from tests.app.test_export_pages import ARFF

    path = tmp_path / "toy.arff"
    path.write_text(ARFF)
    corpus = fsviz.load_corpus(path, min_df=1)
    again = read_corpus(save_corpus(corpus, tmp_path / "toy.npz"))
    _same(corpus, again)
    assert again.texts is None


def test_a_broken_or_foreign_file_is_refused(tmp_path):
    corpus = fsviz.load_corpus((["aa bb cc", "bb cc dd", "cc dd ee", "dd ee ff"], ["x", "y", "x", "y"]), min_df=1)
    path = save_corpus(corpus, tmp_path / "c.npz")
    with np.load(path) as saved:
        arrays = dict(saved)
    arrays["meta"] = np.frombuffer(bytes(arrays["meta"]).replace(b'"format": 1', b'"format": 99'), dtype=np.uint8)
    np.savez(tmp_path / "foreign.npz", **arrays)
    with pytest.raises(ValueError, match="format 99"):
        read_corpus(tmp_path / "foreign.npz")
    arrays = {**dict(np.load(path)), "vocabulary_offsets": np.array([0, 1], dtype=np.int64)}
    np.savez(tmp_path / "short.npz", **arrays)
    with pytest.raises(ValueError, match="does not fit together"):
        read_corpus(tmp_path / "short.npz")


def test_the_sample_as_first_opened_is_kept_built(tmp_path, monkeypatch):
    """The app's first corpus comes from the built file (a new server reads it, not tokenise again); other
    options are tokenised; a broken built file is built again."""
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    source = sample.sample_path()  # the harvested JSONL, copied from the machine's cache or built once
    real = sample.cache_dir
    monkeypatch.setattr(sample, "cache_dir", lambda: tmp_path)
    if not source.exists():
        monkeypatch.setattr(sample, "cache_dir", real)
        monkeypatch.delenv("FSVIZ_CACHE_DIR")
        original = sample.sample_path()
        if not original.exists():
            sample.build_sample(original)
        monkeypatch.setattr(sample, "cache_dir", lambda: tmp_path)
        source.write_bytes(original.read_bytes())
    first = fsviz.load_sample()
    built = list(tmp_path.glob("*-built-*.npz"))
    assert len(built) == 1
    _same(first, fsviz.load_sample(min_df=3, stopwords=False, ngrams=(1, 1), token_pattern=None))  # read back
    other = fsviz.load_sample(min_df=5)
    assert other.n_words < first.n_words and len(list(tmp_path.glob("*-built-*.npz"))) == 1
    built[0].write_bytes(b"not a zip")
    _same(first, fsviz.load_sample())
    assert built[0].stat().st_size > 1000  # written again
