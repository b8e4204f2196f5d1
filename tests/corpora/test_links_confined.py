"""A symbolic link inside a folder never leads a reader outside it, whatever the format.

Each case puts a secret file outside the data folder and a link to it inside,
where a reader would look (the lone file of a folder, a companion file, a
class folder's document, an archive member), then reads the folder with
``fsviz.load_corpus`` and checks that the secret was not read: the load is
refused with a message naming the link, or the link is skipped with a note.
"""

import io
import os
import tarfile
import zipfile

import pytest

import fsviz
from fsviz import CorpusError
from fsviz.corpora.paths import confine_path

SECRET = "topsecretword alsosecret\n"


@pytest.fixture
def layout(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.txt"
    secret.write_text(SECRET * 20)
    data = tmp_path / "data"
    data.mkdir()
    return data, secret


def _never_read(exc_or_corpus):
    text = str(exc_or_corpus) if isinstance(exc_or_corpus, Exception) else " ".join(
        [*map(str, exc_or_corpus.vocabulary), *map(str, exc_or_corpus.classes), *(exc_or_corpus.texts or [])])
    assert "topsecret" not in text and "alsosecret" not in text


def _refused(path, *, format=None):
    with pytest.raises(CorpusError) as info:
        fsviz.load_corpus(path, min_df=1, format=format)
    _never_read(info.value)
    assert "symbolic link" in str(info.value)
    return str(info.value)


def test_a_lone_file_that_is_a_link(layout):
    data, secret = layout
    folder = data / "arff"
    folder.mkdir()
    (folder / "x.arff").symlink_to(secret)
    message = _refused(folder)
    assert "'x.arff'" in message
    # The app's own confinement accepts the folder (it is inside the data folder); the reader refuses the link.
    assert _refused(confine_path(folder, [data]))


#: The formats read from several files, each file's text: every one of them, made a link, is refused.
SEVERAL_FILES = {
    "lines": {"docs.txt": "alpha beta\ngamma delta\n", "docs_labels.txt": "0\ttrain\ta\n1\ttrain\tb\n"},
    "cluto": {"sparse_set.txt": "2 2\n1 0 1\n1 1 1\n", "set_correct.txt": "1 0\n0 1\n"},
    "mat": {"set.mat": "2 2 2\n1 1\n2 1\n", "set.mat.rclass": "a\nb\n", "set.mat.clabel": "w1\nw2\n"},
}


@pytest.mark.parametrize(("kind", "linked"), [(kind, name) for kind, files in SEVERAL_FILES.items() for name in files])
def test_each_file_of_a_several_file_format(layout, kind, linked):
    data, secret = layout
    folder = data / kind
    folder.mkdir()
    for name, text in SEVERAL_FILES[kind].items():
        (folder / name).write_text(text)
    (folder / linked).unlink()
    (folder / linked).symlink_to(secret)
    assert linked in _refused(folder)


def test_a_class_folders_document_that_is_a_link_is_skipped_with_a_note(layout):
    data, secret = layout
    for label in ("a", "b"):
        (data / "classes" / label).mkdir(parents=True)
        for i in range(3):
            (data / "classes" / label / f"{i}.txt").write_text(f"common {label}word{i}")
    (data / "classes" / "a" / "leak.txt").symlink_to(secret)
    (data / "classes" / "b" / "outside").symlink_to(secret.parent, target_is_directory=True)
    corpus = fsviz.load_corpus(data / "classes", min_df=1)
    _never_read(corpus)
    assert corpus.n_docs == 6
    assert any("symbolic link" in note for note in corpus.notes)


def test_archive_members_that_are_links_are_not_followed(layout):
    data, secret = layout
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for label in ("a", "b"):
            for i in range(2):
                body = f"common {label}word{i}".encode()
                info = tarfile.TarInfo(f"{label}/{i}.txt")
                info.size = len(body)
                archive.addfile(info, io.BytesIO(body))
        link = tarfile.TarInfo("a/leak.txt")
        link.type, link.linkname = tarfile.SYMTYPE, str(secret)
        archive.addfile(link)
    (data / "links.tar.gz").write_bytes(buffer.getvalue())
    corpus = fsviz.load_corpus(data / "links.tar.gz", min_df=1)
    _never_read(corpus)
    assert corpus.n_docs == 4

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for label in ("a", "b"):
            for i in range(2):
                archive.writestr(f"{label}/{i}.txt", f"common {label}word{i}")
        link = zipfile.ZipInfo("a/leak.txt")
        link.external_attr = 0o120777 << 16  # how Info-ZIP stores a link: the member's text is the target
        archive.writestr(link, str(secret))
    (data / "links.zip").write_bytes(buffer.getvalue())
    corpus = fsviz.load_corpus(data / "links.zip", min_df=1)
    _never_read(corpus)
    assert corpus.n_docs == 4 and not any("secret" in str(w) for w in corpus.vocabulary)


def test_a_link_the_caller_names_is_followed_once(layout, tmp_path):
    """The library's caller may name a link (their choice); the app confines such a path first."""
    data, _ = layout
    real = tmp_path / "real.csv"
    real.write_text("text,label\nalpha beta,a\ngamma delta,b\n")
    (data / "named.csv").symlink_to(real)
    assert fsviz.load_corpus(data / "named.csv", min_df=1).n_docs == 2
    with pytest.raises(CorpusError, match="not inside a folder this app may read"):
        confine_path(data / "named.csv", [data])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_without_blocking(layout):
    data, _ = layout
    os.mkfifo(data / "pipe.csv")
    with pytest.raises(CorpusError, match="not a regular file"):
        fsviz.load_corpus(data / "pipe.csv")
    os.mkfifo(data / "pipe.zip")
    with pytest.raises(CorpusError, match="not a regular file"):
        fsviz.load_corpus(data / "pipe.zip")
