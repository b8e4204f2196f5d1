"""A corpus read apart (fsviz.corpora.load_apart, the app's way for large sources) is the corpus read here: the
same words, counts and labels, or the same refusal with the same message; a stop ends it."""

import io
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.corpora import LoadStopped, load_apart

WORDS = st.sampled_from(["apple", "sky", "blue", "red", "é", "2024", "a", "", "<b>", "x y"])
TEXTS = st.lists(st.lists(WORDS, max_size=6).map(" ".join), min_size=0, max_size=8)
LABELS = st.sampled_from(["fruit", "sky", "", " "])


def _read(load, *args, **options):
    try:
        return load(*args, **options)
    except (fsviz.CorpusError, ValueError) as error:
        return type(error), str(error)


def _same(a, b):
    if isinstance(a, tuple) or isinstance(b, tuple):
        assert a == b
        return
    assert a.name == b.name and a.classes.tolist() == b.classes.tolist()
    assert a.vocabulary.tolist() == b.vocabulary.tolist()
    assert (a.X_tf != b.X_tf).nnz == 0 and np.array_equal(a.Y.toarray(), b.Y.toarray())


# Each example starts a worker (about 2 s of imports), so few examples; the inputs hold empty texts and labels,
# markup, digits and non-ASCII words, which the load keeps or refuses.
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts=TEXTS, labels=st.data(), min_df=st.integers(0, 2))
def test_a_corpus_read_apart_is_the_corpus_read_here(texts, labels, min_df):
    labels = labels.draw(st.lists(LABELS, min_size=len(texts), max_size=len(texts)))
    _same(_read(load_apart, (texts, labels), min_df=min_df), _read(fsviz.load_corpus, (texts, labels), min_df=min_df))


def test_an_upload_read_apart_is_read_as_here():
    data = b"text,label\nred apple,fruit\ngreen apple,fruit\nblue sky,sky\ngrey sky,sky\n"
    upload = io.BytesIO(data)
    upload.name = "tiny.csv"
    here = io.BytesIO(data)
    here.name = "tiny.csv"
    _same(load_apart(upload, min_df=1), fsviz.load_corpus(here, min_df=1))


def test_a_broken_upload_gets_the_same_message_apart():
    broken = io.BytesIO(b"PK\x03\x04 not a zip")
    broken.name = "broken.zip"
    apart = _read(load_apart, broken)
    broken.seek(0)
    assert isinstance(apart, tuple) and apart == _read(fsviz.load_corpus, broken)


def test_a_load_apart_stops_when_asked():
    started = time.monotonic()
    with pytest.raises(LoadStopped):
        load_apart((["red apple"] * 10, ["fruit"] * 10), should_stop=lambda: True)
    assert time.monotonic() - started < 10
