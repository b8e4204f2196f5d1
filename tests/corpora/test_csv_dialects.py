"""CSV and TSV are read as Python's ``csv`` reads them, and a column named twice is never merged (issue 39).

Property tests write files with ``csv.writer`` (quoted fields holding commas, quotes, line ends; CRLF or LF;
a UTF-8 byte-order mark; text beyond ASCII; the separator ``,``, ``;``, ``|`` or a tab) and compare the
reader's texts and labels with ``csv.DictReader`` on the same bytes, after the reader's documented cleaning
(labels stripped; a row with a blank label, or a row too short to hold a text, dropped with a note).
Arbitrary strings over a small alphabet check invalid input too: where strict ``csv`` refuses a file, or a
row has more fields than the header, the reader refuses it; otherwise the two agree.

Before this, the reader parsed with pandas' C engine, which read ``text,label\\r\\r,e\\r`` (a blank line ended
by a lone CR, then a row with an empty text) as text ``e`` with no label: the row's cells moved one column
left. It also skipped a line of spaces silently and read ``"ab"c`` as ``abc``.
"""

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz import CorpusError
from fsviz.corpora.formats import read


def strings(pieces, max_size: int):
    """Strings joined from ``pieces`` (which may be longer than one character, such as CRLF)."""
    return st.lists(st.sampled_from(pieces), max_size=max_size).map("".join)


TEXT = strings([*"ab ,;|\"'\t", "\n", "\r\n", "\r", "é", "中", "\u2028", "😀"], 12)
LABEL = st.sampled_from(["x", "y", " x ", "y ", "", " ", "1"])


def upload(data: bytes, name: str) -> io.BytesIO:
    source = io.BytesIO(data)
    source.name = name
    return source


def expected(data: bytes, delimiter: str, quoting=csv.QUOTE_MINIMAL):
    """(texts, labels) as ``csv.DictReader`` reads ``data``, cleaned as the reader documents; None when the
    reader must refuse the file (strict ``csv`` refuses it, or a row is longer than the header)."""
    try:
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=delimiter,
                                   quoting=quoting, strict=True))
    except csv.Error:
        return None
    if any(None in row for row in rows):
        return None
    kept = [(row["text"], row["label"].strip()) for row in rows
            if row["label"] is not None and row["label"].strip() and row["text"] is not None]
    return [t for t, _ in kept], [(label,) for _, label in kept]


def check(data: bytes, name: str, delimiter: str, quoting=csv.QUOTE_MINIMAL, **options):
    want = expected(data, delimiter, quoting)
    if want is None:
        with pytest.raises(CorpusError, match="is not a readable (CSV|TSV) file"):
            read(upload(data, name), **options)
        return
    if not want[0]:
        with pytest.raises(CorpusError, match="holds no documents"):
            read(upload(data, name), **options)
        return
    raw = read(upload(data, name), **options)
    assert (raw.texts, raw.labels) == want


def written(rows, *, delimiter=",", quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n", bom=False, order=(0, 1)):
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, delimiter=delimiter, quoting=quoting, lineterminator=lineterminator)
    writer.writerow([("text", "label")[i] for i in order])
    writer.writerows([[row[i] for i in order] for row in rows])
    return ("\ufeff" if bom else "").encode() + buf.getvalue().encode("utf-8")


DIALECT = {
    "delimiter": st.sampled_from([",", ";", "|"]),
    "quoting": st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]),
    "lineterminator": st.sampled_from(["\r\n", "\n"]),
    "bom": st.booleans(),
    "order": st.sampled_from([(0, 1), (1, 0)]),
}


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(st.tuples(TEXT, LABEL), min_size=1, max_size=8), dialect=st.fixed_dictionaries(DIALECT),
       give_sep=st.booleans())
def test_a_written_csv_reads_as_dictreader_reads_it(rows, dialect, give_sep):
    data = written(rows, **dialect)
    sep = dialect["delimiter"]
    options = {"sep": sep} if give_sep or sep == "|" else {}  # ',' and ';' are recognised from the header
    check(data, "t.csv", sep, format="csv", **options)


TSV_TEXT = strings([*"ab ,;\"'", "é", "中"], 12)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(TSV_TEXT, LABEL), min_size=1, max_size=8), crlf=st.booleans(), bom=st.booleans(),
       name=st.sampled_from(["t.tsv", "t.txt", "t.tab"]))
def test_a_tsv_reads_as_csv_reads_it_with_no_quoting(rows, crlf, bom, name):
    """A TSV has no quoting (IANA text/tab-separated-values): a field holds no tab or line end, quotes are text."""
    end = "\r\n" if crlf else "\n"
    text = end.join(["label\ttext", *(f"{label}\t{text}" for text, label in rows)]) + end
    data = ("\ufeff" if bom else "").encode() + text.encode()
    check(data, name, "\t", csv.QUOTE_NONE)


@settings(max_examples=100, deadline=None)
@given(body=strings([*"ab ,\"", "\n", "\r", "\r\n", "é"], 16), bom=st.booleans())
def test_any_file_is_read_as_strict_csv_reads_it_or_refused(body, bom):
    data = ("\ufeff" if bom else "").encode() + ("text,label\n" + body).encode()
    check(data, "t.csv", ",", format="csv")


def test_a_blank_line_ended_by_a_lone_cr_does_not_move_the_next_row():
    """pandas' C engine read the row ',e' after a blank '\\r' line as text 'e' with no label."""
    raw = read(upload(b"text,label\r\r,e\rf,g\r", "cr.csv"))
    assert (raw.texts, raw.labels) == (["", "f"], [("e",), ("g",)])


@pytest.mark.parametrize("body, message", [
    ('text,label\n"open,x\n', r"'t\.csv' is not a readable CSV file: line 2: unexpected end of data"),
    ('text,label\n"ab"c,x\n', r"'t\.csv' is not a readable CSV file: line 2: ',' expected after '\"'"),
    ("text,label\na,x\nb,y,z\n", r"'t\.csv' is not a readable CSV file: data row 2 has 3 fields, the header 2: put a field"),
])
def test_invalid_csv_is_refused_with_its_line(body, message):
    with pytest.raises(CorpusError, match=message):
        read(upload(body.encode(), "t.csv"))


def test_a_line_of_spaces_is_a_row_without_a_label():
    raw = read(upload(b"text,label\na,x\n   \nb,y\n", "t.csv"))
    assert raw.texts == ["a", "b"] and raw.notes == ["dropped 1 row with no label (row 2)"]


def test_a_headerless_tsv_is_label_then_text():
    raw = read(upload(b'earn\tshares "rose" 5%, a lot\nacq\tthe deal closed\nearn\tprofit up\n', "r8.txt"))
    assert raw.texts == ['shares "rose" 5%, a lot', "the deal closed", "profit up"]
    assert raw.labels == [("earn",), ("acq",), ("earn",)]


def test_a_field_longer_than_csvs_default_limit_is_read():
    long = "word " * 40_000  # 200,000 characters; csv refuses a field over 131,072 unless told otherwise
    raw = read(upload(f"text,label\n{long},x\nb,y\n".encode(), "t.csv"))
    assert raw.texts[0] == long


@pytest.mark.parametrize("sep", ["::", "", '"', "\n", 3])
def test_a_separator_must_be_one_character(sep):
    with pytest.raises(CorpusError, match="`sep` must be one character"):
        read(upload(b"text,label\na,x\n", "t.csv"), sep=sep)


@pytest.mark.parametrize("header, options, message", [
    ("text,label,text", {}, r"'t' names a column twice \('text' at positions 0, 2; .*\) and it is the text column"),
    ("text,label,label", {}, r"\('label' at positions 1, 2; .*\) and it is the label column"),
    ("label,text,text", {"text_column": 2}, r"\('text' at positions 1, 2; .*\) and it is the text column"),
    ("label, text,text ", {"text_column": "text"}, r"\('text' at positions 1, 2;"),
    ("text,body,body", {"text_column": "text"}, r"\('body' at positions 1, 2; .*\) and the text and label are chosen"),
    ("Text,label,text", {}, r"the names 'Text' \(position 0\), 'text' \(position 2\) all read as 'text'"),
])
def test_a_column_named_twice_is_refused_with_its_positions(header, options, message):
    body = f"{header}\n" + "".join(f"w{i} a,{'xy'[i % 2]},w{i} b\n" for i in range(4))
    with pytest.raises(CorpusError, match=message):
        read(upload(body.encode(), "t.csv"), **options)


def test_a_column_named_twice_but_not_read_is_noted():
    raw = read(upload(b"text,label,x,x\na,y,1,2\nb,z,3,4\n", "t.csv"))
    assert raw.texts == ["a", "b"]
    assert raw.notes == ["a column named twice is not read ('x' at positions 2, 3; positions count from 0)"]


def test_names_matching_ignoring_case_are_told_apart_by_the_option(tmp_path):
    raw = read(upload(b"Text,label,text\nA,x,a\nB,y,b\n", "t.csv"), text_column="text")
    assert raw.texts == ["a", "b"]
    path = tmp_path / "keys.jsonl"
    path.write_text('{"Text": "apple pie", "text": "a", "label": "x"}\n'
                    '{"Text": "cloud rain", "text": "b", "label": "y"}\n')
    with pytest.raises(CorpusError, match=r"the names 'Text' \(position 0\), 'text' \(position 1\) all read as 'text'"):
        read(path)
    assert fsviz.load_corpus(path, text_column="Text", min_df=1).n_docs == 2


@settings(max_examples=30, deadline=None)
@given(width=st.integers(3, 12), twice=st.tuples(st.integers(0, 11), st.integers(0, 11)))
def test_wherever_a_read_column_is_repeated_it_is_refused(width, twice):
    names = ["text", "label"] + [f"c{i}" for i in range(width - 2)]
    at, copy = twice[0] % width, twice[1] % width
    if at == copy:
        return
    names[copy] = names[at]
    body = ",".join(names) + "\n" + "".join(",".join(f"v{r}{c}" for c in range(width)) + "\n" for r in range(3))
    source = upload(body.encode(), "t.csv")
    if names[at] in ("text", "label") or "text" not in names or "label" not in names:
        with pytest.raises(CorpusError, match=f"'{names[at]}' at positions {min(at, copy)}, {max(at, copy)}"):
            read(source)
    else:
        assert f"'{names[at]}' at positions {min(at, copy)}, {max(at, copy)}" in read(source).notes[0]


def test_a_row_too_short_to_hold_its_text_is_dropped_with_a_note():
    """``csv.writer`` leaves a lone CR unquoted under a LF line end; strict ``csv`` then ends the row there,
    so the next line ``a`` holds a label and no text: it is dropped, and the note says which row."""
    raw = read(upload(b"label,text\nx,\ra\n", "t.csv"))
    assert (raw.texts, raw.labels) == ([""], [("x",)])
    assert raw.notes == ["dropped 1 row with no text (row 2)"]
