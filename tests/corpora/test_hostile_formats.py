"""Reading a corpus holds against hostile and corrupt input (issue 15, part A).

Every hostile input is built here, in ``tmp_path`` or in memory, bounded in
size and time: the ZIP and tar bombs expand to 64 MiB at most and are
refused before (or a few MiB into) being read. Each case asserts the
exception type and the words of its message, or the behaviour.
"""

import gzip
import io
import json
import os
import tarfile
import tracemalloc
import zipfile

import numpy as np
import pandas as pd
import pytest
from conftest import SHARED_DATA, shared

import fsviz
from fsviz import CorpusError, Limits
from fsviz.corpora.formats import read
from fsviz.selection.parse import parse_spec
from fsviz.selection.spec import MAX_SPEC_DEPTH

MiB = 1 << 20
CLASSES = {"fruit": "apple banana cherry pear plum", "sky": "cloud rain storm wind sun"}


def class_files():
    """(member name, bytes) of a tiny class-folder corpus: 2 classes × 4 documents."""
    return [(f"{c}/{i}.txt", f"{words} doc{i} common words".encode()) for c, words in CLASSES.items() for i in range(4)]


def make_zip(members, compression=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buf.getvalue()


def make_tar(members, mode="w:gz") -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def zip_bomb(size: int, name="fruit/bomb.txt") -> bytes:
    """A ZIP whose one extra member expands to ``size`` bytes of repeated text, written in 1 MiB chunks."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in class_files():
            archive.writestr(member, data)
        info = zipfile.ZipInfo(name)
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w") as out:
            chunk = b"spam eggs " * (MiB // 10)
            for _ in range(size // len(chunk)):
                out.write(chunk)
    return buf.getvalue()


def write(tmp_path, name, data):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


def peak_mib(fn):
    """(peak traced allocation in MiB, the exception ``fn`` raised)."""
    tracemalloc.start()
    try:
        with pytest.raises(CorpusError) as info:
            fn()
        return tracemalloc.get_traced_memory()[1] / MiB, info.value
    finally:
        tracemalloc.stop()


# --- 1. resource limits -------------------------------------------------------------------


def test_zip_bomb_refused_from_its_metadata_before_reading(tmp_path):
    path = write(tmp_path, "bomb.zip", zip_bomb(64 * MiB))
    assert path.stat().st_size < MiB
    peak, error = peak_mib(lambda: fsviz.load_corpus(path))
    assert "'bomb.zip': the member 'fruit/bomb.txt' is too large: it expands" in str(error)
    assert "over the limit of 100:1 (Limits.max_ratio)" in str(error)
    assert "limits=fsviz.Limits(max_ratio=...)" in str(error)
    assert peak < 8


def test_zip_that_lies_about_its_size_is_not_trusted(tmp_path):
    data = bytearray(zip_bomb(16 * MiB))
    at = data.find(b"PK\x01\x02", data.find(b"fruit/bomb.txt") - 60)  # the bomb's central directory entry
    while at >= 0:  # declare 1,000 bytes in the central directory and the local header alike
        data[at + 24 : at + 28] = (1000).to_bytes(4, "little")
        at = data.find(b"PK\x01\x02", at + 4)
    local = data.rfind(b"PK\x03\x04", 0, data.find(b"fruit/bomb.txt"))
    data[local + 22 : local + 26] = (1000).to_bytes(4, "little")
    path = write(tmp_path, "liar.zip", bytes(data))
    peak, error = peak_mib(lambda: fsviz.load_corpus(path, limits=Limits(max_ratio=10**6)))
    assert "'liar.zip' is not a readable ZIP archive (Bad CRC-32" in str(error)
    assert peak < 8


def test_zip_member_read_in_chunks_stops_at_max_bytes(tmp_path):
    path = write(tmp_path, "big.zip", zip_bomb(16 * MiB))
    with pytest.raises(CorpusError, match=r"is too large: 16\.0 MiB of data, over the limit of 4\.0 MiB "
                                          r"\(Limits\.max_bytes\).*Limits\(max_bytes=\.\.\.\)"):
        fsviz.load_corpus(path, limits=Limits(max_ratio=10**6, max_bytes=4 * MiB))


def test_raising_the_limit_loads_the_member(tmp_path):
    path = write(tmp_path, "big.zip", zip_bomb(5 * MiB))
    with pytest.raises(CorpusError, match="max_ratio"):
        fsviz.load_corpus(path)
    corpus = fsviz.load_corpus(path, limits=Limits(max_ratio=10_000), min_df=1)
    assert corpus.n_docs == 9 and "spam" in corpus.vocabulary


def test_tar_bomb_stopped_while_streaming(tmp_path):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as archive:
        info = tarfile.TarInfo("fruit/bomb.txt")
        info.size = 64 * MiB
        archive.addfile(info, io.BytesIO(b"spam eggs " * (info.size // 10) + b"x" * (info.size % 10)))
    path = write(tmp_path, "bomb.tar.gz", buf.getvalue())
    assert path.stat().st_size < MiB
    peak, error = peak_mib(lambda: fsviz.load_corpus(path))
    assert "'bomb.tar.gz': the member 'fruit/bomb.txt' is too large: it expands" in str(error)
    assert "(Limits.max_ratio)" in str(error)
    assert peak < 24  # stopped a few MiB in (RATIO_FLOOR is 4 MiB), not at 64


def test_folder_with_too_many_files_stops_during_the_walk(tmp_path):
    for i in range(60):
        write(tmp_path, f"corpus/{'fruit' if i % 2 else 'sky'}/{i}.txt", "apple")
    with pytest.raises(CorpusError, match=r"folder 'corpus' is too large: more than 50 files, folders or members, "
                                          r"over the limit of 50 \(Limits\.max_files\).*Limits\(max_files=\.\.\.\)"):
        fsviz.load_corpus(tmp_path / "corpus", limits=Limits(max_files=50))


def test_folder_over_max_bytes_is_refused_from_sizes_before_reading(tmp_path, monkeypatch):
    for i in range(4):
        write(tmp_path, f"corpus/{'fruit' if i % 2 else 'sky'}/{i}.txt", "apple " * 500)
    monkeypatch.setattr(fsviz.corpora.formats.limits.Budget, "read_file", lambda *a, **k: pytest.fail("a file was read"))
    with pytest.raises(CorpusError, match=r"folder 'corpus' is too large: 5\.9 KiB of data, over the limit of "
                                          r"4\.9 KiB \(Limits\.max_bytes\)"):
        fsviz.load_corpus(tmp_path / "corpus", limits=Limits(max_bytes=5000))


def test_zip_declaring_too_many_members_is_refused_before_parsing(tmp_path):
    path = write(tmp_path, "many.zip", make_zip([(f"fruit/{i}.txt", "apple") for i in range(30)]))
    with pytest.raises(CorpusError, match="30 files, folders or members, over the limit of 20"):
        fsviz.load_corpus(path, limits=Limits(max_files=20))


@pytest.mark.parametrize(
    "limits, message",
    [
        (Limits(max_docs=5), r"the text list is too large: 8 documents, over the limit of 5 \(Limits.max_docs\)"),
        (Limits(max_words=5), r"more than 5 distinct words, over the limit of 5 \(Limits.max_words\)"),
        (Limits(max_doc_chars=20), r"'texts': document 1 is too large: \d\d characters in one document"),
    ],
)
def test_document_word_and_length_limits(limits, message):
    texts = [f"{words} doc{i} common words" for words in CLASSES.values() for i in range(4)]
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus((texts, ["fruit"] * 4 + ["sky"] * 4), limits=limits, min_df=1)


def test_matrix_header_declaring_too_many_words_is_refused_before_allocating(tmp_path):
    write(tmp_path, "big/sparse_big.txt", "2 999999999999\n1 0 1\n1 1 2\n")
    write(tmp_path, "big/big_correct.txt", "1 0\n0 1\n")
    with pytest.raises(CorpusError, match="999,999,999,999 distinct words, over the limit of 2,000,000"):
        fsviz.load_corpus(tmp_path / "big")


@pytest.mark.parametrize("bad", [0, -1, 1.5, "big", None, float("nan")])
def test_limits_are_validated(bad):
    with pytest.raises(ValueError, match="`Limits.max_bytes` must be a whole number, at least 1"):
        Limits(max_bytes=bad)
    with pytest.raises(ValueError, match="`limits` must be a fsviz.Limits"):
        fsviz.load_corpus((["a b", "c d"], ["x", "y"]), limits={"max_bytes": 1})


def test_default_limits_are_documented_and_generous():
    limits = fsviz.DEFAULT_LIMITS
    assert (limits.max_bytes, limits.max_files, limits.max_ratio) == (512 * MiB, 200_000, 100)
    assert (limits.max_docs, limits.max_words, limits.max_doc_chars) == (1_000_000, 2_000_000, 10_000_000)
    for name in ("max_bytes", "max_files", "max_ratio", "max_docs", "max_words", "max_doc_chars"):
        assert name in Limits.__doc__


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_not_read_forever():
    with pytest.raises(CorpusError, match="'zero' is not a regular file"):
        fsviz.load_corpus("/dev/zero", format="csv")


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(os, "symlink"), reason="needs POSIX")
def test_symlinks_and_pipes_inside_a_folder_are_skipped_with_a_note(tmp_path):
    for name, data in class_files():
        write(tmp_path, f"corpus/{name}", data)
    write(tmp_path, "outside/secret.txt", "password hunter2 " * 10)
    os.symlink(tmp_path / "outside/secret.txt", tmp_path / "corpus/fruit/link.txt")
    os.symlink(tmp_path / "outside", tmp_path / "corpus/sky/linked_folder")
    os.mkfifo(tmp_path / "corpus/sky/pipe.txt")
    corpus = fsviz.load_corpus(tmp_path / "corpus", min_df=1)
    assert corpus.n_docs == 8 and "hunter2" not in corpus.vocabulary
    assert "skipped 2 symbolic links: only files inside the folder are read" in corpus.notes
    assert "skipped 1 special file (pipes, sockets or devices)" in corpus.notes


@pytest.mark.parametrize("name", sorted(p.name for p in SHARED_DATA.iterdir() if p.is_dir()) if SHARED_DATA.exists()
                         else ["20newsgroups"])
def test_every_shared_corpus_reads_within_the_default_limits(name):
    raw = read(shared(name))
    assert len(raw.labels) > 100


# --- 2. numbers ---------------------------------------------------------------------------

ARFF_HEAD = "@relation r\n@attribute apple numeric\n@attribute pear numeric\n@attribute class {x,y}\n@data\n"


@pytest.mark.parametrize(
    "rows, message",
    [
        ("{0 1,2 x}\n{0 nan,1 2,2 y}", r"line 7, attribute 'apple': the count nan is not a number \(NaN\)"),
        ("1,0,x\n0,inf,y", "line 7, attribute 'pear': the count inf is infinite"),
        ("1,0,x\n0,-3,y", "line 7, attribute 'pear': the count -3 is negative"),
        ("1,0,x\n0,1.5,y", "line 7, attribute 'pear': the count 1.5 is not a whole number"),
        ("1,0,x\n0,1e20,y", "line 7, attribute 'pear': the count 1e\\+20 is too large"),
        ("1,0,x\n0,abc,y", "line 7: malformed data row \\(attribute 'pear' has 'abc', not a number\\)"),
        ("{0 1,2 x}\n{0,2 y}", "line 7: malformed data row \\(the sparse item '0' needs an attribute index"),
    ],
)
def test_arff_counts_must_be_whole_numbers(tmp_path, rows, message):
    path = write(tmp_path, "bad.arff", ARFF_HEAD + rows + "\n")
    with pytest.raises(CorpusError, match=f"'bad.arff' {message}"):
        fsviz.load_corpus(path)


@pytest.mark.parametrize(
    "matrix, labels, message",
    [
        ("2 3\n1 0 nan\n1 1 2\n", "1 0\n0 1\n", "sparse_toy.txt line 2, column 3: 'nan' is not a whole number"),
        ("2 3\n1 0 -4\n1 1 2\n", "1 0\n0 1\n", "sparse_toy.txt line 2, column 3: the count -4 is negative"),
        ("2 3\n1 0 1.5\n1 1 2\n", "1 0\n0 1\n", "sparse_toy.txt line 2, column 3: '1.5' is not a whole number"),
        ("2 3\n1 0 1\n1 7 2\n", "1 0\n0 1\n", "sparse_toy.txt line 3, column 2: the column index 7 is out of range"),
        ("2 3\n2 0 1\n1 1 2\n", "1 0\n0 1\n", "sparse_toy.txt line 2: the row starts with 2 .* has 2 more values"),
        ("-2 3\n", "1 0\n", "sparse_toy.txt line 1 must hold n_docs n_cols"),
        ("", "1 0\n", "sparse_toy.txt is empty"),
        ("2 3\n1 0 1\n1 1 2\n", "1 0\n0\n", "toy_correct.txt line 2 has 1 values; every label row needs one 0 or 1"),
        ("2 3\n1 0 1\n1 1 2\n", "1 0\n0 2\n", "toy_correct.txt line 2, column 2: 2 is not 0 or 1"),
    ],
)
def test_cluto_counts_and_label_rows_are_checked(tmp_path, matrix, labels, message):
    write(tmp_path, "toy/sparse_toy.txt", matrix)
    write(tmp_path, "toy/toy_correct.txt", labels)
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus(tmp_path / "toy")


def test_cluto_mat_negative_count(tmp_path):
    write(tmp_path, "x.mat", "2 2 2\n1 3\n2 -1\n")
    write(tmp_path, "x.mat.rclass", "a\nb\n")
    with pytest.raises(CorpusError, match="x.mat line 3, column 2: the count -1 is negative"):
        fsviz.load_corpus(tmp_path / "x.mat")


@pytest.mark.parametrize(
    "tp, fp, pos, neg, message",
    [
        (float("nan"), 0, 5, 10, "`tp` must hold finite counts, got nan"),
        (None, 0, 5, 10, "`tp` must hold finite counts, got nan .None and missing values read as nan"),
        ([1, 2, float("inf")], 0, 5, 10, "`tp` must hold finite counts, got inf at index 2"),
        (1, 0, 5, [10, None], "`neg` must hold finite counts, got nan at index 1"),
        ("3", 0, 5, 10, "`tp` must hold numbers of documents, got text such as '3'"),
        (-1, 0, 5, 10, r"`tp` must lie in \[0, pos\]"),
        (6, 0, 5, 10, r"`tp` must lie in \[0, pos\]"),
        ([1, 2], [1, 2, 3], 5, 10, "must have one shape or broadcast to one"),
    ],
)
def test_score_refuses_bad_counts(tp, fp, pos, neg, message):
    with pytest.raises(ValueError, match=message):
        fsviz.score("bns", tp, fp, pos, neg)


# --- 3. labels ----------------------------------------------------------------------------


def jsonl(tmp_path, records, name="d.jsonl"):
    return write(tmp_path, name, "\n".join(json.dumps(r) for r in records) + "\n")


def test_jsonl_missing_labels_are_dropped_with_a_note(tmp_path):
    path = jsonl(tmp_path, [{"text": "apple pear", "label": "fruit"}, {"text": "apple cloud", "label": None},
                            {"text": "cloud rain", "label": "sky"}, {"text": "rain pear", "label": float("nan")},
                            {"text": "rain sun", "label": "  "}, {"text": "sun pear", "label": []}])
    corpus = fsviz.load_corpus(path, min_df=1)
    assert corpus.n_docs == 2 and list(corpus.classes) == ["fruit", "sky"]
    assert corpus.notes == ("dropped 4 lines with no label (lines 2, 4, 5, 6)",)
    assert "none" not in corpus.classes and "nan" not in corpus.classes


def test_labels_are_normalised_once_as_documented(tmp_path):
    path = write(tmp_path, "n.jsonl", '{"text":"apple pear","label":1}\n{"text":"apple plum","label":1.0}\n'
                                      '{"text":"cloud rain","label":" 2 "}\n{"text":"rain sun","label":"1.0"}\n')
    corpus = fsviz.load_corpus(path, min_df=1)
    assert list(corpus.classes) == ["1", "1.0", "2"]  # as written: JSON 1.0 and the string "1.0" are one class
    assert corpus.class_sizes.tolist() == [1, 2, 1]
    assert fsviz.corpora.formats.label_text(2.5) == "2.5" and fsviz.corpora.formats.label_text(np.int64(3)) == "3"


def test_jsonl_null_text_is_dropped_not_read_as_none(tmp_path):
    path = jsonl(tmp_path, [{"text": "apple pear", "label": "a"}, {"text": None, "label": "a"},
                            {"text": "cloud rain", "label": "b"}])
    corpus = fsviz.load_corpus(path, min_df=1)
    assert "none" not in corpus.vocabulary and corpus.n_docs == 2
    assert corpus.notes == ("dropped 1 line with no text (line 2)",)


@pytest.mark.parametrize(
    "line, message",
    [
        ('[1, 2]', "'d.jsonl' line 2 is a JSON list, not an object"),
        ('{"text": {"a": 1}, "label": "x"}', "'d.jsonl' line 2: a text must be a string, got dict"),
        ('{"text": "b", "label": {"a": 1}}', "'d.jsonl' line 2: a label must be text or a number"),
        ('{"text": "b", "label": Infinity}', "'d.jsonl' line 2: the label inf is not a class name"),
        ('{"text": "b"}', "'d.jsonl' line 2: the object has no 'label' field"),
        ('{"text": "b", "label": 1' + "0" * 5000 + "}", "5,001 characters in one class name"),  # as written
    ],
)
def test_jsonl_bad_records_are_named_by_line(tmp_path, line, message):
    path = write(tmp_path, "d.jsonl", '{"text": "apple pear", "label": "x"}\n' + line + "\n")
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus(path)


def test_csv_and_dataframe_missing_labels_and_texts_dropped_with_notes(tmp_path):
    path = write(tmp_path, "c.csv", "text,label\napple pear,fruit\ncloud rain,\nrain sun,sky\n")
    corpus = fsviz.load_corpus(path, min_df=1)
    assert corpus.n_docs == 2 and corpus.notes == ("dropped 1 row with no label (row 2)",)
    frame = pd.DataFrame({"text": ["apple pear", None, "rain sun", "pear plum"], "label": ["fruit", "sky", "sky", None]})
    corpus = fsviz.load_corpus(frame, min_df=1)  # a DataFrame is detected as a table
    assert corpus.n_docs == 2 and "nan" not in corpus.vocabulary and "none" not in corpus.vocabulary
    assert corpus.notes == ("dropped 1 row with no label (row 4)", "dropped 1 row with no text (row 2)")


@pytest.mark.parametrize("labels, message", [(["x", None], r"labels\[1\] is missing \(None\)"),
                                             (["x", float("nan")], r"labels\[1\] is missing \(nan\)")])
def test_in_memory_missing_labels_are_refused(labels, message):
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus((["apple pear", "cloud rain"], labels))
    with pytest.raises(CorpusError, match=r"texts\[1\] is NoneType"):
        fsviz.load_corpus((["apple pear", None], ["x", "y"]))


def test_text_column_equal_to_label_column_is_refused(tmp_path):
    csv = write(tmp_path, "c.csv", "text,label\napple,x\ncloud,y\n")
    with pytest.raises(CorpusError, match="the text and the label are both column 'label'"):
        fsviz.load_corpus(csv, text_column="label", label_column="label")
    path = jsonl(tmp_path, [{"text": "apple", "label": "x"}])
    with pytest.raises(CorpusError, match="the text and the label are both column 'text'"):
        fsviz.load_corpus(path, text_column="text", label_column="text")


def tar_offsets(data):
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        return [member.offset for member in archive]


def test_tar_cut_at_a_block_boundary_says_how_many_members_were_read(tmp_path):
    data = make_tar(class_files(), mode="w")
    cut = data[: tar_offsets(data)[4]]
    for name, body in (("cut.tar", cut), ("cut.tar.gz", gzip.compress(cut))):
        with pytest.raises(CorpusError, match=f"'{name}' ended early: 4 members were read, then the archive stopped "
                                              "without its end-of-archive marker"):
            fsviz.load_corpus(write(tmp_path, name, body))


def test_tar_cut_inside_a_member_or_a_compressed_stream(tmp_path):
    data = make_tar([(name, body * 200) for name, body in class_files()], mode="w")
    cut = data[: tar_offsets(data)[3] + 1000]
    with pytest.raises(CorpusError, match="'mid.tar' ended early or is damaged: 3 members were read in full, then "
                                          "unexpected end of data"):
        fsviz.load_corpus(write(tmp_path, "mid.tar", cut))
    rng = np.random.default_rng(0)
    noisy = make_tar([(name, rng.integers(97, 123, 20_000, dtype=np.uint8).tobytes()) for name, _ in class_files()])
    with pytest.raises(CorpusError, match="'gz.tar.gz' ended early or is damaged: [1-7] members were read in full"):
        fsviz.load_corpus(write(tmp_path, "gz.tar.gz", noisy[: len(noisy) // 2]))


@pytest.mark.parametrize("stopwords", ["the", "a", b"the"])
def test_a_bare_string_of_stopwords_is_refused(stopwords):
    with pytest.raises(ValueError, match=r"`stopwords` must be True, a language \(arabic, .*, english, .*\) or a list "
                                         r"of words, got the string"):
        fsviz.load_corpus((["the apple", "the cloud"], ["x", "y"]), stopwords=stopwords, min_df=1)


def test_stopwords_as_a_list_or_english():
    texts, labels = ["the apple pear", "the cloud rain"], ["x", "y"]
    assert "the" not in fsviz.load_corpus((texts, labels), stopwords=["The"], min_df=1).vocabulary
    english = fsviz.load_corpus((texts, labels), stopwords="english", min_df=1)
    assert "the" not in english.vocabulary and "apple" in english.vocabulary and english.options["stopwords"]


# --- 4. decoding --------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_bom_marked_text_is_decoded(tmp_path, encoding):
    text = "text,label\napple pear café,fruit\ncloud rain,sky\n"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    corpus = fsviz.load_corpus(write(tmp_path, "u.csv", data), min_df=1)
    assert list(corpus.classes) == ["fruit", "sky"] and "café" in corpus.vocabulary


def test_utf16_without_bom_and_real_binaries_are_still_refused(tmp_path):
    text = "text,label\napple pear,fruit\ncloud rain,sky\n"
    with pytest.raises(CorpusError, match="looks like a binary file .*needs its byte-order mark"):
        fsviz.load_corpus(write(tmp_path, "u.csv", text.encode("utf-16-le")))
    with pytest.raises(CorpusError, match="starts with a UTF-16 byte-order mark but is not valid UTF-16"):
        fsviz.load_corpus(write(tmp_path, "odd.csv", b"\xff\xfea\x00b"))


def test_binary_file_in_a_folder_is_named_relative_to_the_folder(tmp_path):
    for name, data in class_files():
        write(tmp_path, f"corpus/{name}", data)
    write(tmp_path, "corpus/sky/deep/blob.bin", b"\x00\x01ELF")
    with pytest.raises(CorpusError) as info:
        fsviz.load_corpus(tmp_path / "corpus")
    assert "folder 'corpus': the file 'sky/deep/blob.bin' looks like a binary file" in str(info.value)
    assert str(tmp_path) not in str(info.value)


# --- 5. raw tracebacks become messages ----------------------------------------------------


@pytest.mark.parametrize(
    "labels, message",
    [
        ("0\ttrain\ta\n5\ttrain\tb\n", "mr_labels.txt line 2: the document index 5 is out of range"),
        ("0\ttrain\ta\n-1\ttrain\tb\n", "mr_labels.txt line 2: the document index -1 is out of range"),
        ("0\ttrain\ta\n0\ttrain\tb\n", "mr_labels.txt line 2: the document index 0 names a document already"),
        ("0\ttrain\ta\n1\ttrain\t \n", "mr_labels.txt line 2 has an empty label"),
    ],
)
def test_lines_folder_indices_are_checked(tmp_path, labels, message):
    write(tmp_path, "mr/mr.txt", "apple pear\ncloud rain\n")
    write(tmp_path, "mr/mr_labels.txt", labels)
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus(tmp_path / "mr")


@pytest.mark.parametrize(
    "source, options, message",
    [
        (None, {}, "no corpus given"),
        (5, {}, "`source` must be a path, an open file or upload, a pandas DataFrame or \\(texts, labels\\), got int"),
        ("FOLDER", {"format": "csv"}, "format='csv' reads a file; 'corpus' is a folder"),
        ("FILE", {"format": "folder"}, "format='folder' reads a folder; 'c.csv' is not one"),
        ("FILE", {"format": "xlsx"}, "unknown format 'xlsx'; use one of texts, csv"),
        ("FILE", {"format": 3}, "`format` must be a str"),
        ("FILE", {"encoding": "utf-8"}, "unknown option encoding; the options are text_column"),
        ("a" * 5000, {}, "cannot use the path 'aaaa.*': File name too long"),
        (b"c.csv", {}, "`source` must be a path, .* got bytes"),
    ],
)
def test_wrong_sources_and_options_give_messages(tmp_path, source, options, message):
    write(tmp_path, "corpus/fruit/a.txt", "apple")
    source = {"FOLDER": tmp_path / "corpus", "FILE": write(tmp_path, "c.csv", "text,label\na,b\n")}.get(source, source)
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus(source, **options)


@pytest.mark.parametrize("spec", ["ar(" * 1500 + "bns,ig" + ")" * 1500, "bns" + "@0.5" * 1500,
                                  "ar(" * (MAX_SPEC_DEPTH + 1) + "bns,ig" + ")" * (MAX_SPEC_DEPTH + 1)])
def test_a_spec_nested_too_deeply_is_a_value_error(spec):
    with pytest.raises(ValueError, match=f"is nested too deeply .* at most {MAX_SPEC_DEPTH} \\(MAX_SPEC_DEPTH\\)"):
        parse_spec(spec)
    assert parse_spec("ar(" * 5 + "bns,ig" + ",ig)" * 5).canonical.count("ar(") == 5


def encrypted_zip():
    """A ZIP whose members say they are encrypted (the flag bit set in both headers)."""
    data = bytearray(make_zip(class_files()))
    for signature, flags_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.find(signature)
        while at >= 0:
            data[at + flags_at] |= 0x1
            at = data.find(signature, at + 4)
    return bytes(data)


BROKEN = [
    ("empty.jsonl", b"", "'empty.jsonl' is empty"),
    ("header.csv", b"text,label\n", "'header' holds no documents"),
    ("one.csv", b"text\nhello\nworld\n", "needs a text column and a label column, found columns \\['text'\\]"),
    ("zero.zip", b"", "'zero.zip' is not a readable ZIP archive \\(File is not a zip file\\)"),
    ("dir.zip", make_zip([("fruit/", b"")]), "'dir.zip' has no files inside class folders"),
    ("bin.zip", make_zip(class_files() + [("sky/x.bin", b"\x00\x01")]),
     "'bin.zip': the file 'sky/x.bin' looks like a binary file"),
    ("plain.tar.gz", gzip.compress(b"hello world\n" * 100), "'plain.tar.gz' is not a readable tar archive"),
    ("slip.zip", make_zip(class_files() + [("../evil/b.txt", b"x")]), "unsafe member name '../evil/b.txt'"),
    ("abs.tar.gz", make_tar(class_files() + [("/etc/x", b"x")]), "unsafe member name '/etc/x'"),
    ("dup.tar.gz", make_tar(class_files() + [class_files()[0]]), "holds two members named 'fruit/0.txt'"),
    ("secret.zip", encrypted_zip(), "'secret.zip' cannot be read \\(File .* is encrypted"),
    ("ragged.csv", b"text,label\na,b\nc,d,e\n", "'ragged.csv' is not a readable CSV file"),
    ("array.json", b'{"text": "a", "label": "b"', "'array.json': line 1 is not valid JSON"),
]


# Named by file: an archive's bytes hold the time it was made, and the two test workers must collect one id each.
@pytest.mark.parametrize("name, data, message", BROKEN, ids=[name for name, _, _ in BROKEN])
def test_broken_files_give_messages(tmp_path, name, data, message):
    with pytest.raises(CorpusError, match=message):
        fsviz.load_corpus(write(tmp_path, name, data))


def test_links_inside_a_tar_are_skipped_with_a_note(tmp_path):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as archive:
        for name, data in class_files():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        for kind, target in ((tarfile.SYMTYPE, "/etc/passwd"), (tarfile.LNKTYPE, "fruit/0.txt")):
            info = tarfile.TarInfo(f"sky/link{kind.decode()}")
            info.type, info.linkname = kind, target
            archive.addfile(info)
    corpus = fsviz.load_corpus(write(tmp_path, "links.tar.gz", buf.getvalue()), min_df=1)
    assert corpus.n_docs == 8
    assert corpus.notes == ("skipped 2 links or special members: only regular files are read",)


def test_duplicate_zip_members_are_refused(tmp_path):
    with pytest.warns(UserWarning, match="Duplicate name"):  # zipfile itself only warns when writing
        data = make_zip(class_files() + [class_files()[0]])
    with pytest.raises(CorpusError, match="'dup.zip' holds two members named 'fruit/0.txt'"):
        fsviz.load_corpus(write(tmp_path, "dup.zip", data))


def test_a_huge_single_line_is_bounded(tmp_path):
    line = "apple " * 400_000  # 2.4 million characters in one cell
    path = write(tmp_path, "long.csv", f"text,label\n{line},fruit\ncloud rain,sky\n")
    with pytest.raises(CorpusError, match="'long': document 1 is too large: 2,400,000 characters in one document"):
        fsviz.load_corpus(path, limits=Limits(max_doc_chars=1_000_000))
    assert fsviz.load_corpus(path, min_df=1).n_docs == 2


def test_uploads_are_read_within_the_limits_and_rewound(tmp_path):
    upload = io.BytesIO(zip_bomb(8 * MiB))
    upload.name = "up.zip"
    with pytest.raises(CorpusError, match="'up.zip': the member 'fruit/bomb.txt' is too large: it expands"):
        fsviz.load_corpus(upload)
    assert upload.tell() == 0
    good = io.BytesIO(make_zip(class_files()))
    good.name = "good.zip"
    assert fsviz.load_corpus(good, min_df=1).n_docs == 8 and good.tell() == 0
