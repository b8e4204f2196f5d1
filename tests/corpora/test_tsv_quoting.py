"""TSV has no quoting (the IANA definition), and the reader, its messages and the docs agree (issue 51): a quote
is text, read as Python's csv module reads a tab-separated file with QUOTE_NONE, and noted when fields are wrapped
in double quotes; a row with a tab too many is explained without advising quotes."""

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz import CorpusError
from fsviz.corpora import read

FIELD = st.text(alphabet='ab "\'', min_size=1, max_size=10).filter(lambda s: s.strip() and any(c in s for c in "ab"))


def _upload(text: str, name: str = "q.tsv"):
    upload = io.BytesIO(text.encode())
    upload.name = name
    return upload


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(FIELD, st.sampled_from(["x", '"y"', "z"])), min_size=2, max_size=6))
def test_a_tsv_is_read_as_the_csv_module_reads_it_without_quoting(rows):
    text = "text\tlabel\n" + "".join(f"{t}\t{lab}\n" for t, lab in rows)
    theirs = list(csv.reader(io.StringIO(text, newline=""), delimiter="\t", quoting=csv.QUOTE_NONE))[1:]
    raw = read(_upload(text))
    assert raw.texts == [t for t, _ in theirs]
    assert raw.labels == [(lab.strip(),) for _, lab in theirs]
    quoted = any(len(v) >= 2 and v[0] == v[-1] == '"' for row in theirs for v in row)
    assert ("a TSV has no quoting" in " ".join(raw.notes)) == quoted


def test_a_tab_too_many_is_explained_without_advising_quotes():
    with pytest.raises(CorpusError, match="cannot hold a tab.*save the table as CSV") as caught:
        read(_upload('text\tlabel\n"a\tb"\tx\nc\ty\n'))
    assert "in double quotes" not in str(caught.value).split("save the table as CSV")[0]
