"""A file's lines end at ``\\n``, ``\\r\\n`` or ``\\r`` only, in every reader: a text, a value or a class name may
hold U+0085, U+2028, U+2029 or U+001C–U+001E as written (``str.splitlines`` splits at them), as JSON, CSV, TSV
and ARFF allow; checked against the json and csv modules on generated files."""

import csv
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from fsviz.corpora import read
from fsviz.corpora.formats.base import lines_of

ODD_ENDS = "\x85\u2028\u2029\x1c\x1d\x1e"
WORDS = st.text(alphabet="ab " + ODD_ENDS, min_size=1, max_size=12).filter(lambda s: any(c in s for c in "ab"))
LABELS = st.sampled_from(["x\u2028y", "plain", "p\x85q"])


def _upload(data: bytes, name: str):
    upload = io.BytesIO(data)
    upload.name = name
    return upload


@settings(max_examples=40, deadline=None)
@given(rows=st.lists(st.tuples(WORDS, LABELS), min_size=2, max_size=6))
def test_jsonl_csv_and_tsv_keep_unicode_line_separators_inside_a_value(rows):
    jsonl = "".join(json.dumps({"text": t, "label": lab}, ensure_ascii=False) + "\n" for t, lab in rows)
    theirs = [json.loads(line) for line in jsonl.split("\n") if line]
    raw = read(_upload(jsonl.encode(), "c.jsonl"))
    assert raw.texts == [r["text"] for r in theirs]

    out = io.StringIO()
    csv.writer(out).writerows([("text", "label"), *rows])
    table = list(csv.reader(io.StringIO(out.getvalue(), newline="")))[1:]
    raw = read(_upload(out.getvalue().encode(), "c.csv"))
    assert raw.texts == [t for t, _ in table]
    assert raw.labels == [(lab.strip(),) for _, lab in table]

    tsv = "text\tlabel\n" + "".join(f"{t}\t{lab}\n" for t, lab in rows)
    raw = read(_upload(tsv.encode(), "c.tsv"))
    assert raw.texts == [t for t, _ in rows]


def test_lines_of_splits_at_a_files_line_ends_only():
    assert lines_of("a\x85b\r\nc\rd\ne\u2028f\n") == ["a\x85b", "c", "d", "e\u2028f"]
    assert lines_of("") == [] and lines_of("\n") == [""]
