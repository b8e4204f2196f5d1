"""A document path is given once (issue 39, rule 1): archive members whose names are one path are refused.

Before, ``a/./x.txt`` and ``a/x.txt`` (or ``a//x.txt``, ``./a/x.txt``, ``a\\x.txt``, the NFC and NFD spellings
of ``café.txt``, a folder ``a/x/`` beside a file ``a/x``) were all read as two documents of class ``a``,
although an extraction writes one file; only a name given twice letter for letter was refused. The rule now,
for ZIP, tar and a folder alike (see the notes of :mod:`fsviz.corpora.formats.archives`): names are compared
as extraction writes them (``\\`` as ``/``, ``.`` and empty parts and a trailing ``/`` dropped, Unicode in
NFC), and two members with one path are refused, naming both. Case is kept: ``X.txt`` and ``x.txt`` are two
documents. The property test checks the rule against an independent normalisation (``posixpath.normpath``).
"""

import io
import posixpath
import tarfile
import time
import unicodedata
import warnings
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz import CorpusError
from fsviz.corpora.formats import read

NFC, NFD = unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café")
BASE = [("fruit/0.txt", b"apple pear"), ("sky/0.txt", b"cloud rain")]


def class_files():
    """A tiny corpus the library loads whole: 2 classes × 3 documents."""
    return [(f"{c}/{i}.txt", f"{words} doc{i}".encode()) for c, words in
            (("fruit", "apple pear plum"), ("sky", "cloud rain wind")) for i in range(3)]


def archive(kind: str, members) -> io.BytesIO:
    """An in-memory ZIP or tar.gz holding ``members`` ((name, bytes); a name ending in '/' is a folder entry)."""
    buf = io.BytesIO()
    if kind == "zip":
        with warnings.catch_warnings(), zipfile.ZipFile(buf, "w") as handle:
            warnings.simplefilter("ignore")  # zipfile warns when it writes a name twice, and writes it
            for name, data in members:
                handle.writestr(name, data)
    else:
        with tarfile.open(fileobj=buf, mode="w:gz") as handle:
            for name, data in members:
                info = tarfile.TarInfo(name)
                if name.endswith("/"):
                    info.type = tarfile.DIRTYPE
                else:
                    info.size = len(data)
                handle.addfile(info, io.BytesIO(data) if not name.endswith("/") else None)
    buf.seek(0)
    buf.name = f"t.{'zip' if kind == 'zip' else 'tar.gz'}"
    return buf


def tar_regular_with_slash() -> io.BytesIO:
    """A tar whose regular file is named 'fruit/d/' (only a crafted archive has one) beside a file 'fruit/d'."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as handle:
        for name, data in [*BASE, ("fruit/d/", b"one"), ("fruit/d", b"two")]:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            handle.addfile(info, io.BytesIO(data))
    buf.seek(0)
    buf.name = "t.tar"
    return buf


ONE_PATH = {  # two spellings of one path: (first, second, how the message shows them)
    "dot": ("fruit/./x.txt", "fruit/x.txt", "'fruit/./x.txt' and 'fruit/x.txt'"),
    "empty part": ("fruit//x.txt", "fruit/x.txt", "'fruit//x.txt' and 'fruit/x.txt'"),
    "leading dot": ("./fruit/x.txt", "fruit/x.txt", "'./fruit/x.txt' and 'fruit/x.txt'"),
    "backslash": ("fruit\\x.txt", "fruit/x.txt", "'fruit\\\\x.txt' and 'fruit/x.txt'"),
    "folder and file": ("fruit/x/", "fruit/x", "'fruit/x/' and 'fruit/x'"),
    "nfc and nfd": (f"fruit/{NFC}.txt", f"fruit/{NFD}.txt", "'fruit/caf\\xe9.txt' and 'fruit/cafe\\u0301.txt'"),
}


@pytest.mark.parametrize("kind", ["zip", "tar"])
@pytest.mark.parametrize("case", sorted(ONE_PATH))
def test_two_members_that_are_one_path_are_refused_naming_both(kind, case):
    first, second, shown = ONE_PATH[case]
    source = archive(kind, [*BASE, (first, b"one"), (second, b"two")])
    if kind == "tar" and case == "folder and file":
        source = tar_regular_with_slash()
        shown = "'fruit/d/' and 'fruit/d'"
    with pytest.raises(CorpusError) as error:
        read(source)
    assert f"holds two members that are one path, {shown} (" in str(error.value)
    assert "needs one member per document: rename one" in str(error.value)


@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_one_name_twice_is_refused_whichever_copy_extraction_keeps(kind):
    source = archive(kind, [*BASE, ("fruit/x.txt", b"one"), ("fruit/x.txt", b"two")])
    with pytest.raises(CorpusError, match=r"'t\.(zip|tar\.gz)' holds two members named 'fruit/x\.txt'; .* keep one "
                                          "copy and rebuild it"):
        read(source)


@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_names_differing_in_case_are_two_documents(kind):
    raw = read(archive(kind, [*BASE, ("fruit/X.txt", b"upper"), ("fruit/x.txt", b"lower")]))
    assert sorted(raw.texts) == ["apple pear", "cloud rain", "lower", "upper"]
    assert raw.notes == []


@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_a_name_with_dotdot_is_still_refused_as_unsafe(kind):
    with pytest.raises(CorpusError, match=r"unsafe member name 'fruit/b/\.\./x\.txt'"):
        read(archive(kind, [*BASE, ("fruit/b/../x.txt", b"x")]))


@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_class_folders_spelled_in_two_unicode_forms_are_one_class_with_a_note(kind):
    """Class names are cleaned (NFC) for every format alike; the merge is said, never silent."""
    raw = read(archive(kind, [*BASE, (f"{NFC}/1.txt", b"one"), (f"{NFD}/2.txt", b"two")]))
    assert sorted(label for (label,) in raw.labels) == sorted(["fruit", "sky", NFC, NFD])  # as the archive spells them
    members = [*class_files(), (f"{NFC}/1.txt", b"tea cake scone"), (f"{NFD}/2.txt", b"tea bun scone")]
    corpus = fsviz.load_corpus(archive(kind, members), min_df=1)
    assert corpus.class_sizes[list(corpus.classes).index(NFC)] == 2 and NFD not in list(corpus.classes)
    assert any("merged with a class of the same name" in note for note in corpus.notes), corpus.notes


def _write_folder(root, names) -> bool:
    """Write each name under ``root``; False when the file system made two of them one (case or form folded)."""
    for name in names:
        path = root.joinpath(*name.split("/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"text of {name}")
    return len({p for p in root.rglob("*") if p.is_file()}) == len(names)


def test_a_folder_with_one_name_in_two_unicode_forms_is_refused(tmp_path):
    if not _write_folder(tmp_path, [*(n for n, _ in BASE), f"fruit/{NFC}.txt", f"fruit/{NFD}.txt"]):
        pytest.skip("this file system keeps one name per Unicode form")
    with pytest.raises(CorpusError, match=r"holds two files that are one path, 'fruit/(caf\\xe9|cafe\\u0301)\.txt' "
                                          r"and 'fruit/(cafe\\u0301|caf\\xe9)\.txt' \(the same name in two Unicode"):
        read(tmp_path, format="folder")


def test_a_folder_with_names_differing_in_case_reads_both(tmp_path):
    if not _write_folder(tmp_path, [*(n for n, _ in BASE), "fruit/X.txt", "fruit/x.txt"]):
        pytest.skip("this file system folds case")
    assert len(read(tmp_path, format="folder").texts) == 4


PART = st.sampled_from(["a", "b", NFC, NFD, "X", "x"])
SPELLING = st.sampled_from(["{}/{}", "{}//{}", "./{}/{}", "{}/./{}", "{}\\{}"])


def _path(name: str) -> str:
    """The path an extraction writes, computed independently of the reader: POSIX normpath, then NFC."""
    return unicodedata.normalize("NFC", posixpath.normpath(name.replace("\\", "/")))


@settings(max_examples=60, deadline=None)
@given(members=st.lists(st.tuples(PART, PART, SPELLING), min_size=1, max_size=6), kind=st.sampled_from(["zip", "tar"]))
def test_refused_exactly_when_two_members_are_one_path(members, kind):
    folders = [folder for folder, _, _ in members]
    names = [spelling.format(folder, f"{leaf}.txt") for folder, leaf, spelling in members]
    paths = [_path(name) for name in names]
    source = archive(kind, [*BASE, *((name, f"doc {i}".encode()) for i, name in enumerate(names))])
    if len(set(paths)) < len(paths):
        with pytest.raises(CorpusError, match="holds two members (named|that are one path)"):
            read(source)
        return
    raw = read(source)
    got = dict(zip(raw.texts, raw.labels))
    assert len(raw.texts) == len(got) == len(names) + 2
    assert [got[f"doc {i}"] for i in range(len(names))] == [(folder,) for folder in folders]


def test_the_check_is_one_pass_over_many_members():
    """20,000 members and the one that repeats the first at the end: compared by dict, not pairwise
    (2·10⁸ comparisons would take minutes); the refusal names both."""
    members = [(f"c{i % 2}/{i}.txt", b"w") for i in range(20_000)] + [("c0/./0.txt", b"again")]
    source = archive("zip", members)
    start = time.perf_counter()
    with pytest.raises(CorpusError, match="'c0/0.txt' and 'c0/./0.txt'"):
        read(source)
    assert time.perf_counter() - start < 20
