"""Ranges a visitor gives are counted, never materialised, and bounded before any work: the cutoff study's
cutoffs, as a range of any size, an endless iterator, or values beyond the corpus."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz._validation import MAXIMA
from fsviz.evaluation.grid import GridConfig
from fsviz.evaluation.studies import cutoff_jobs

CONFIG = GridConfig(metrics=("bns",), ks=(10,), trials=1, folds=2)


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(120, 2, random_state=1).load()


@settings(max_examples=50, deadline=2000)
@given(low=st.integers(1, 10**18), size=st.integers(1, 10**18))
def test_a_range_of_any_size_is_counted_before_anything_is_made(corpus, low, size):
    cutoffs = range(low, low + size)
    try:
        jobs = cutoff_jobs(corpus, CONFIG, cutoffs)
    except ValueError as exc:
        assert "at most 200 cutoffs" in str(exc) or "more than the corpus holds" in str(exc)
        return
    assert len(jobs) == size <= MAXIMA["cutoffs"] and low + size - 1 <= corpus.n_docs


def test_an_endless_iterator_is_refused_without_being_read_to_its_end(corpus):
    with pytest.raises(ValueError, match="at most 200 cutoffs"):
        cutoff_jobs(corpus, CONFIG, itertools.count(1))
