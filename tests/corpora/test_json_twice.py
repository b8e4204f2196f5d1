"""A value given twice is never merged silently: a JSON object that gives a key twice is refused with its line,
wherever the key is and whichever key it is; records without one read as the standard library reads them."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fsviz
from fsviz import CorpusError

WORDS = st.lists(st.sampled_from(["alpha", "beta", "gamma", "delta"]), min_size=2, max_size=6).map(" ".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=st.lists(st.tuples(WORDS, st.sampled_from(["x", "y"])), min_size=4, max_size=12),
       twice=st.one_of(st.none(), st.tuples(st.integers(0, 11), st.sampled_from(["text", "label", "extra"]))))
def test_a_key_given_twice_is_refused_with_its_line(tmp_path_factory, records, twice):
    records = [(text, label) for text, label in records]
    records[0], records[1] = (records[0][0], "x"), (records[1][0], "y")
    lines = [json.dumps({"text": text, "label": label}) for text, label in records]
    if twice is not None and twice[0] < len(lines):
        at, key = twice
        lines[at] = lines[at][:-1] + f', "{key}": "again", "{key}": "twice"}}'
    path = tmp_path_factory.mktemp("json") / "r.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if twice is not None and twice[0] < len(lines):
        with pytest.raises(CorpusError, match=f"line {twice[0] + 1}: the key '{twice[1]}' is given twice"):
            fsviz.load_corpus(path, min_df=1)
        return
    corpus = fsviz.load_corpus(path, min_df=1)
    assert list(corpus.labels) == [json.loads(line)["label"] for line in lines]
