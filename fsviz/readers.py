"""Readers: every supported corpus format to one :class:`RawCorpus`.

A reader only parses; tokenising, stop words, stemming and the rare-word
cutoff happen once, for every format alike, in :mod:`fsviz.corpus`.

Formats (``format=`` name: what it reads)

- ``texts``: in-memory ``(texts, labels)``.
- ``csv`` / ``tsv``: a text column and a label column, detected or named; a
  headerless ``label<TAB>text`` file works too.
- ``jsonl``: one ``{"text": ..., "label": ...}`` object per line (``label``
  may be a list: several labels); a JSON array of such objects also works.
- ``folder`` / ``zip`` / ``tar``: one sub-folder per class (scikit-learn's
  ``load_files`` layout); the label of a file is the name of the folder that
  holds it, so ``train/alt.atheism/123`` is in class ``alt.atheism``.
- ``arff``: Weka ARFF, sparse or dense, word-count attributes and one
  nominal class attribute (Forman's ``*.wc.arff`` files).
- ``cluto``: a folder with ``sparse_<name>.txt`` and ``<name>_correct.txt``
  (CLUTO sets converted to a 0-based sparse matrix and a class × document
  indicator matrix).
- ``cluto-mat``: CLUTO's own ``<name>.mat`` with ``.mat.rclass`` labels and,
  when present, ``.mat.clabel`` words.
- ``lines``: a folder with ``<name>.txt`` (one document per line) and
  ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` per line).
"""

from __future__ import annotations

import io
import json
import os
import re
import tarfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import numpy as np
from scipy import sparse

__all__ = ["CorpusError", "RawCorpus", "FORMATS", "detect_format", "read"]


class CorpusError(ValueError):
    """A corpus could not be read or prepared; the message says why and what to do."""


@dataclass
class RawCorpus:
    """What a reader returns: either ``texts`` or ``counts`` + ``vocabulary``.

    ``labels`` holds one tuple of labels per document (usually one label).
    """

    labels: list
    texts: list | None = None
    counts: sparse.csr_matrix | None = None
    vocabulary: np.ndarray | None = None
    name: str = "corpus"
    notes: list = field(default_factory=list)


TEXT_NAMES = ("text", "texts", "document", "doc", "content", "body", "sentence", "abstract", "message")
LABEL_NAMES = ("label", "labels", "class", "category", "categories", "target", "topic", "y")

_EXTENSIONS = {
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".txt": "tsv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".zip": "zip",
    ".tar": "tar",
    ".tgz": "tar",
    ".tar.gz": "tar",
    ".tar.bz2": "tar",
    ".tar.xz": "tar",
    ".arff": "arff",
    ".mat": "cluto-mat",
}
FORMATS = ("texts", "csv", "tsv", "jsonl", "folder", "zip", "tar", "arff", "cluto", "cluto-mat", "lines")


# --- helpers -------------------------------------------------------------------


def decode(data: bytes, what="file") -> str:
    """UTF-8 text, falling back to latin-1; binary data is refused.

    ``what`` names the input in the error: a str, or a tuple of path parts.
    """
    if b"\x00" in data[:65536]:
        if isinstance(what, tuple):
            what = "/".join(what)
        raise CorpusError(
            f"{what} looks like a binary file (it contains NUL bytes), not text; "
            "give a text corpus: CSV/TSV, JSONL, ARFF, or a ZIP/tar of class folders"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _suffix(name: str) -> str:
    name = name.lower()
    for ext in (".tar.gz", ".tar.bz2", ".tar.xz"):
        if name.endswith(ext):
            return ext
    return os.path.splitext(name)[1]


def detect_format(source) -> str:
    """The ``format=`` name for ``source``, from its type, extension or contents."""
    if isinstance(source, tuple) and len(source) == 2:
        return "texts"
    if hasattr(source, "read"):
        name = getattr(source, "name", "") or ""
    else:
        path = Path(source)
        if path.is_dir():
            return _detect_folder(path)
        if not path.exists():
            raise CorpusError(f"no such file or folder: {path}")
        name = path.name
    fmt = _EXTENSIONS.get(_suffix(name))
    if fmt is None:
        raise CorpusError(
            f"cannot tell the format of {name or 'the upload'!r} from its extension; "
            f"use one of {', '.join(sorted(_EXTENSIONS))} or pass format= (one of {', '.join(FORMATS)})"
        )
    return fmt


def _detect_folder(path: Path) -> str:
    names = {p.name for p in path.iterdir()}
    if any(n.startswith("sparse_") and n.endswith(".txt") for n in names) and any(
        n.endswith("_correct.txt") for n in names
    ):
        return "cluto"
    if any(n.endswith(".mat") and f"{n}.rclass" in names for n in names):
        return "cluto-mat"
    if any(n.endswith("_labels.txt") and n[: -len("_labels.txt")] + ".txt" in names for n in names):
        return "lines"
    return "folder"


def _lone_file(path: Path):
    """The one data file of a folder that holds nothing else (e.g. ``data/tr45/tr45.wc.arff``)."""
    if not path.is_dir():
        return None
    entries = [p for p in path.iterdir() if not p.name.startswith(".")]
    if len(entries) == 1 and entries[0].is_file() and _suffix(entries[0].name) in _EXTENSIONS:
        return entries[0]
    return None


def _bytes_of(source) -> tuple[bytes, str]:
    if hasattr(source, "read"):
        data = source.read()
        if hasattr(source, "seek"):
            source.seek(0)
        return (data.encode() if isinstance(data, str) else bytes(data)), getattr(source, "name", "upload")
    path = Path(source)
    return path.read_bytes(), path.name


def _stem_name(name: str) -> str:
    base = PurePosixPath(str(name)).name
    suffix = _suffix(base)
    return base[: -len(suffix)] if suffix else base


def _require_docs(n: int, what: str):
    if n == 0:
        raise CorpusError(f"{what} holds no documents; check that it is the corpus you meant")


# --- in-memory and tables ---------------------------------------------------------


def read_texts(texts, labels, *, name="texts") -> RawCorpus:
    """``texts``: sequence of str; ``labels``: one label, or a list of labels, per text."""
    texts = list(texts)
    labels = list(labels)
    if len(texts) != len(labels):
        raise CorpusError(f"got {len(texts)} texts but {len(labels)} labels; give one label (or list of labels) per text")
    _require_docs(len(texts), "the text list")
    if not all(isinstance(t, str) for t in texts):
        raise CorpusError("every text must be a str")
    return RawCorpus(labels=[_as_label_tuple(lab) for lab in labels], texts=texts, name=name)


def _as_label_tuple(label) -> tuple:
    if isinstance(label, (list, tuple, set, frozenset, np.ndarray)):
        return tuple(sorted({str(x) for x in label}))
    return (str(label),)


def _pick_column(columns, wanted, given, param):
    if given is not None:
        if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < len(columns):
            return columns[given]
        if given in columns:
            return given
        raise CorpusError(f"`{param}`={given!r} is not a column; the columns are {list(columns)}")
    lower = {str(c).strip().lower(): c for c in columns}
    for name in wanted:
        if name in lower:
            return lower[name]
    return None


def read_table(source, *, sep=None, text_column=None, label_column=None, label_sep=None, name=None) -> RawCorpus:
    """A CSV/TSV file (path or file object) or a ``pandas.DataFrame``.

    The header row is recognised by a text or label column name
    (``text``, ``document``, ``body`` …; ``label``, ``class``, ``category`` …);
    otherwise the file is read as headerless. Columns are then chosen by
    ``text_column``/``label_column`` (name or position), by those names, or
    by shape: the text is the column with the longest mean length, the label
    the remaining column with the fewest distinct values. ``label_sep``
    splits a label cell into several labels (multi-label corpora).
    """
    import pandas as pd

    if isinstance(source, pd.DataFrame):
        frame = source.astype(str)
        name = name or "table"
    else:
        data, fname = _bytes_of(source)
        name = name or _stem_name(fname)
        text = decode(data, repr(fname))
        if not text.strip():
            raise CorpusError(f"{fname!r} is empty; a CSV/TSV corpus needs a text column and a label column")
        if sep is None:
            sep = "\t" if ("\t" in text.split("\n", 1)[0] or _suffix(fname) in (".tsv", ".tab", ".txt")) else ","
        try:
            frame = pd.read_csv(
                io.StringIO(text), sep=sep, header=None, dtype=str, keep_default_na=False,
                quoting=3 if sep == "\t" else 0, engine="c",
            )
        except (pd.errors.ParserError, ValueError) as exc:
            raise CorpusError(f"{fname!r} is not a readable {'TSV' if sep == chr(9) else 'CSV'} file: {exc}") from None
        first = [str(v).strip().lower() for v in frame.iloc[0]]
        if any(v in TEXT_NAMES or v in LABEL_NAMES for v in first) or (
            text_column is not None and not isinstance(text_column, int)
        ):
            frame.columns = [str(v).strip() for v in frame.iloc[0]]
            frame = frame.iloc[1:].reset_index(drop=True)
    columns = list(frame.columns)
    text_col = _pick_column(columns, TEXT_NAMES, text_column, "text_column")
    label_col = _pick_column(columns, LABEL_NAMES, label_column, "label_column")
    rest = [c for c in columns if c not in (text_col, label_col)]
    if text_col is None and rest:
        text_col = max(rest, key=lambda c: frame[c].str.len().mean())
        rest.remove(text_col)
    if label_col is None and rest:
        label_col = min(rest, key=lambda c: frame[c].nunique())
    if text_col is None or label_col is None:
        raise CorpusError(
            f"{name!r} needs a text column and a label column, found columns {columns}; "
            "name them 'text' and 'label' in a header row, or pass text_column= and label_column="
        )
    _require_docs(len(frame), repr(name))
    labels = frame[label_col].str.strip()
    keep = (labels != "").to_numpy()
    notes = []
    if not keep.all():
        notes.append(f"dropped {int((~keep).sum())} rows with an empty label")
    texts = frame[text_col].to_numpy()[keep].tolist()
    labels = labels.to_numpy()[keep].tolist()
    if label_sep:
        label_tuples = [tuple(sorted({x.strip() for x in lab.split(label_sep) if x.strip()})) for lab in labels]
    else:
        label_tuples = [(lab,) for lab in labels]
    _require_docs(len(texts), repr(name))
    return RawCorpus(labels=label_tuples, texts=texts, name=name, notes=notes)


def read_jsonl(source, *, text_column=None, label_column=None, name=None) -> RawCorpus:
    """One JSON object per line, or a JSON array of objects."""
    data, fname = _bytes_of(source)
    name = name or _stem_name(fname)
    text = decode(data, repr(fname)).strip()
    if not text:
        raise CorpusError(f"{fname!r} is empty; a JSONL corpus has one {{\"text\": …, \"label\": …}} object per line")
    try:
        if text.startswith("["):
            records = json.loads(text)
        else:
            records = []
            for number, line in enumerate(text.splitlines(), 1):
                if line.strip():
                    records.append(json.loads(line))
    except json.JSONDecodeError as exc:
        where = f"line {number}" if not text.startswith("[") else "the array"
        raise CorpusError(f"{fname!r}: {where} is not valid JSON ({exc.msg})") from None
    if not records or not all(isinstance(r, dict) for r in records):
        raise CorpusError(f"{fname!r} must hold JSON objects such as {{\"text\": \"…\", \"label\": \"…\"}}")
    keys = list(records[0])
    text_key = _pick_column(keys, TEXT_NAMES, text_column, "text_column")
    label_key = _pick_column(keys, LABEL_NAMES, label_column, "label_column")
    if text_key is None or label_key is None:
        raise CorpusError(
            f"{fname!r}: the objects need a text and a label field, found {keys}; "
            "name them 'text' and 'label' or pass text_column= and label_column="
        )
    try:
        texts = [str(r[text_key]) for r in records]
        labels = [_as_label_tuple(r[label_key]) for r in records]
    except KeyError as exc:
        raise CorpusError(f"{fname!r}: an object has no {exc.args[0]!r} field; every line needs one") from None
    return RawCorpus(labels=labels, texts=texts, name=name)


# --- class folders: a folder, a ZIP or a tar -----------------------------------


_SKIP_PARTS = ("__MACOSX",)


def _keep_member(parts) -> bool:
    return len(parts) >= 2 and not any(p.startswith(".") or p in _SKIP_PARTS for p in parts)


def _safe_parts(name: str, archive: str):
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\")) or ".." in parts or re.match(r"^[A-Za-z]:", name):
        raise CorpusError(
            f"{archive!r} has an unsafe member name {name!r} (absolute or with '..'); "
            "rebuild the archive with relative paths inside one folder"
        )
    return tuple(p for p in parts if p not in ("", "."))


def _class_files(docs, what) -> RawCorpus:
    """``docs``: (path parts, bytes) of every file, in a fixed order; label = parent folder."""
    texts, labels = [], []
    for parts, data in docs:
        texts.append(decode(data, parts))
        labels.append((parts[-2],))
    if not texts:
        raise CorpusError(
            f"{what} has no files inside class folders; lay it out as <class>/<document> "
            "(one sub-folder per class, one text file per document)"
        )
    return RawCorpus(labels=labels, texts=texts)


def read_folder(path, *, name=None) -> RawCorpus:
    """A folder with one sub-folder per class (scikit-learn ``load_files`` layout)."""
    root = Path(path)
    pairs = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in _SKIP_PARTS]
        for fname in filenames:
            full = Path(dirpath, fname)
            parts = full.relative_to(root).parts
            if _keep_member(parts) and full.is_file() and not full.is_symlink():
                pairs.append((parts, full.read_bytes()))
    raw = _class_files(sorted(pairs), f"folder {str(root)!r}")
    raw.name = name or root.name
    return raw


def read_zip(source, *, name=None) -> RawCorpus:
    """A ZIP archive of class folders."""
    data, fname = _bytes_of(source)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [(_safe_parts(m.filename, fname), m) for m in archive.infolist() if not m.is_dir()]
        docs = ((parts, archive.read(m)) for parts, m in members if _keep_member(parts))
        raw = _class_files(docs, repr(fname))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as exc:
        raise CorpusError(f"{fname!r} is not a readable ZIP archive ({exc}); re-create it and upload again") from None
    raw.name = name or _stem_name(fname)
    return raw


def read_tar(source, *, name=None) -> RawCorpus:
    """A tar archive (optionally gzip/bzip2/xz-compressed) of class folders."""
    if hasattr(source, "read"):
        data, fname = _bytes_of(source)
        opener = dict(fileobj=io.BytesIO(data), mode="r|*")
    else:
        fname = Path(source).name
        opener = dict(name=str(source), mode="r|*")  # streaming: no seeks in the compressed stream
    try:
        with tarfile.open(**opener) as archive:
            raw = _class_files(_tar_members(archive, fname), repr(fname))
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise CorpusError(f"{fname!r} is not a readable tar archive ({exc}); re-create it and try again") from None
    raw.name = name or _stem_name(fname)
    return raw


def _tar_members(archive, fname):
    for member in archive:
        parts = _safe_parts(member.name, fname)
        if member.isfile() and _keep_member(parts):
            yield parts, archive.extractfile(member).read()


# --- pre-counted formats: ARFF, CLUTO, lines -------------------------------------


_ATTRIBUTE = re.compile(r"^@attribute\s+('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\S+)\s+(.+?)\s*$", re.IGNORECASE)


def _unquote(token: str) -> str:
    token = token.strip()
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        return token[1:-1]
    return token


def read_arff(source, *, name=None) -> RawCorpus:
    """Weka ARFF with numeric (word count) attributes and one nominal class.

    Sparse rows (``{index value, ...}``) and dense rows are both read. The
    class is the nominal attribute named ``class`` (any case), else the last
    nominal attribute; a sparse row that omits it has the first declared
    value, as ARFF specifies. Other non-numeric attributes are ignored.
    """
    data, fname = _bytes_of(source)
    text = decode(data, repr(fname))
    lines = text.splitlines()
    attributes, nominal = [], {}
    relation = None
    data_start = None
    for number, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        lower = stripped.lower()
        if lower.startswith("@relation"):
            relation = _unquote(stripped[len("@relation"):])
        elif lower.startswith("@attribute"):
            match = _ATTRIBUTE.match(stripped)
            if not match:
                raise CorpusError(f"{fname!r} line {number + 1}: malformed @ATTRIBUTE line {stripped[:80]!r}")
            attr_name, attr_type = _unquote(match.group(1)), match.group(2).strip()
            if attr_type.startswith("{"):
                values = [_unquote(v) for v in attr_type.strip("{}").split(",")]
                nominal[len(attributes)] = values
            attributes.append((attr_name, attr_type.lower()))
        elif lower.startswith("@data"):
            data_start = number + 1
            break
        else:
            raise CorpusError(f"{fname!r} line {number + 1}: expected @RELATION, @ATTRIBUTE or @DATA, got {stripped[:80]!r}")
    if data_start is None or not attributes:
        raise CorpusError(f"{fname!r} is not an ARFF file: it has no @ATTRIBUTE lines or no @DATA section")
    class_index = next((i for i in nominal if attributes[i][0].lower() == "class"), max(nominal, default=None))
    if class_index is None:
        raise CorpusError(f"{fname!r} has no nominal class attribute (e.g. @ATTRIBUTE class {{a,b}}); fsviz needs labels")
    word_index = [i for i, (_, t) in enumerate(attributes) if t in ("numeric", "integer", "real")]
    column_of = np.full(len(attributes), -1, dtype=np.int64)
    column_of[word_index] = np.arange(len(word_index))
    rows, cols, vals, labels = [], [], [], []
    n_attr = len(attributes)
    try:
        for number in range(data_start, len(lines)):
            line = lines[number].strip()
            if not line or line.startswith("%"):
                continue
            label = nominal[class_index][0]
            doc = len(labels)
            if line.startswith("{"):
                if not line.endswith("}"):
                    raise ValueError("a sparse row must end with '}'")
                body = line[1:-1].strip()
                for item in body.split(",") if body else ():
                    index_text, value = item.split(None, 1)
                    index = int(index_text)
                    if not 0 <= index < n_attr:
                        raise ValueError(f"attribute index {index} is out of range 0..{n_attr - 1}")
                    if index == class_index:
                        label = _unquote(value)
                    elif column_of[index] >= 0:
                        rows.append(doc)
                        cols.append(column_of[index])
                        vals.append(float(value))
            else:
                values = line.split(",")
                if len(values) != n_attr:
                    raise ValueError(f"a dense row needs {n_attr} values, got {len(values)}")
                label = _unquote(values[class_index])
                for index in word_index:
                    value = values[index].strip()
                    if value not in ("0", "?", ""):
                        rows.append(doc)
                        cols.append(column_of[index])
                        vals.append(float(value))
            if label not in nominal[class_index]:
                raise ValueError(f"class value {label!r} is not declared in the header")
            labels.append((label,))
    except ValueError as exc:
        raise CorpusError(f"{fname!r} line {number + 1}: malformed data row ({exc})") from None
    _require_docs(len(labels), repr(fname))
    counts = sparse.csr_matrix(
        (np.asarray(vals), (np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64))),
        shape=(len(labels), len(word_index)),
    )
    counts.sum_duplicates()
    vocabulary = np.array([attributes[i][0] for i in word_index], dtype=object).astype(str)
    return RawCorpus(
        labels=labels, counts=counts, vocabulary=vocabulary,
        name=name or (relation.removesuffix(".mat").removesuffix(".wc") if relation else _stem_name(fname)),
    )


def _parse_int_rows(text: str):
    return [np.array(line.split(), dtype=np.int64) for line in text.splitlines() if line.strip()]


#: Class names of the CLUTO sets as converted by ntyaan/some-datasets, row by
#: row of ``<name>_correct.txt`` (from the converter's source; see
#: ``../shared/data/PROVENANCE.md``). re1 lists "tin" twice; the repair in
#: :func:`read_cluto` handles that.
CLUTO_CLASS_NAMES = {
    "fbis": "202 187 189 100 108 142 118 161 111 221 3 11 95 240 4 12 119".split(),
    "la1": "Financial Foreign National Metro Sports Entertainment".split(),
    "la2": "Financial Foreign National Metro Sports Entertainment".split(),
    "re0": "housing money trade reserves cpi interest gnp retail ipi jobs lei bop wpi".split(),
    "re1": (
        "cocoa grain veg wheat copper coffee sugar ship cotton carcass crude nat meal alum oilseed gold "
        "tin livestock iron rubber tin zinc gas orange dlr"
    ).split(),
}


def read_cluto(path, *, name=None) -> RawCorpus:
    """A folder with ``sparse_<name>.txt`` and ``<name>_correct.txt``.

    The matrix file starts with ``n_docs n_cols``; each next line is
    ``k c1 v1 … ck vk`` with 0-based columns. The label file has one 0/1 row
    per class. There is no word list, so words are named ``w0, w1, …``.

    Repairs (each recorded in the corpus notes): a label row identical to an
    earlier row is a converter's duplicate and is dropped (re1 lists "tin"
    twice); documents left with no label then form their own class,
    ``unknown`` (re1's class the converter forgot). A document with several
    1s keeps all of them (multi-label).
    """
    folder = Path(path)
    matrix_files = sorted(folder.glob("sparse_*.txt"))
    if not matrix_files:
        raise CorpusError(f"{str(folder)!r} has no sparse_<name>.txt matrix file")
    set_name = matrix_files[0].stem.removeprefix("sparse_")
    label_file = folder / f"{set_name}_correct.txt"
    if not label_file.exists():
        raise CorpusError(f"{str(folder)!r} has {matrix_files[0].name} but no {label_file.name} label file")
    rows = _parse_int_rows(decode(matrix_files[0].read_bytes(), matrix_files[0].name))
    try:
        n_docs, n_cols = (int(v) for v in rows[0][:2])
        body = rows[1:]
        if len(body) != n_docs:
            raise ValueError(f"header says {n_docs} documents, found {len(body)} rows")
        lengths = np.array([r[0] for r in body])
        if np.any([r.size != 1 + 2 * r[0] for r in body]):
            raise ValueError("a row's length does not match its leading count")
        pairs = np.concatenate([r[1:] for r in body]) if body else np.zeros(0, np.int64)
        cols, vals = pairs[0::2], pairs[1::2]
        if cols.size and (cols.min() < 0 or cols.max() >= n_cols):
            raise ValueError(f"column index out of range 0..{n_cols - 1}")
    except (ValueError, IndexError) as exc:
        raise CorpusError(f"{matrix_files[0].name} is not a CLUTO sparse matrix: {exc}") from None
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    counts = sparse.csr_matrix((vals.astype(np.float64), cols, indptr), shape=(n_docs, n_cols))
    counts.sum_duplicates()
    indicator = np.array(_parse_int_rows(decode(label_file.read_bytes(), label_file.name)))
    if indicator.ndim != 2 or indicator.shape[1] != n_docs:
        raise CorpusError(f"{label_file.name} must have one 0/1 row per class with {n_docs} columns")
    names = list(CLUTO_CLASS_NAMES.get(set_name, [f"c{k}" for k in range(indicator.shape[0])]))
    if len(names) != indicator.shape[0]:
        names = [f"c{k}" for k in range(indicator.shape[0])]
    notes = []
    keep = []
    for k in range(indicator.shape[0]):
        duplicate = next((j for j in keep if np.array_equal(indicator[j], indicator[k])), None)
        if duplicate is None:
            keep.append(k)
        else:
            notes.append(f"label row {k} ({names[k]}) duplicates row {duplicate} ({names[duplicate]}); dropped")
    indicator = indicator[keep].astype(bool)
    names = [names[k] for k in keep]
    unlabelled = ~indicator.any(axis=0)
    if unlabelled.any():
        notes.append(f"{int(unlabelled.sum())} documents had no label; they form the class 'unknown'")
    labels = [
        tuple(names[k] for k in np.flatnonzero(indicator[:, j])) or ("unknown",) for j in range(n_docs)
    ]
    return RawCorpus(
        labels=labels, counts=counts, vocabulary=np.array([f"w{j}" for j in range(n_cols)]),
        name=name or set_name, notes=notes,
    )


def read_cluto_mat(path, *, name=None) -> RawCorpus:
    """CLUTO's ``<name>.mat`` (1-based sparse rows after an ``n_rows n_cols nnz``
    header), ``<name>.mat.rclass`` (one label per line) and, when present,
    ``<name>.mat.clabel`` (one word per line)."""
    path = Path(path)
    if path.is_dir():
        mats = sorted(p for p in path.glob("*.mat") if Path(f"{p}.rclass").exists())
        if not mats:
            raise CorpusError(f"{str(path)!r} has no <name>.mat with a <name>.mat.rclass beside it")
        path = mats[0]
    rclass = Path(f"{path}.rclass")
    if not rclass.exists():
        raise CorpusError(f"{path.name} needs its labels in {rclass.name} beside it")
    lines = [ln for ln in decode(path.read_bytes(), path.name).splitlines()]
    try:
        n_rows, n_cols, _ = (int(v) for v in lines[0].split())
        body = lines[1 : 1 + n_rows]
        if len(body) != n_rows:
            raise ValueError(f"header says {n_rows} rows, found {len(body)}")
        parsed = [np.array(ln.split(), dtype=np.float64) for ln in body]
        lengths = np.array([p.size // 2 for p in parsed])
        flat = np.concatenate(parsed) if parsed else np.zeros(0)
        cols = flat[0::2].astype(np.int64) - 1
        if cols.size and (cols.min() < 0 or cols.max() >= n_cols):
            raise ValueError(f"column index out of range 1..{n_cols}")
    except ValueError as exc:
        raise CorpusError(f"{path.name} is not a CLUTO .mat file: {exc}") from None
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    counts = sparse.csr_matrix((flat[1::2], cols, indptr), shape=(n_rows, n_cols))
    counts.sum_duplicates()
    labels = [(ln.strip(),) for ln in decode(rclass.read_bytes(), rclass.name).splitlines() if ln.strip()]
    if len(labels) != n_rows:
        raise CorpusError(f"{rclass.name} has {len(labels)} labels for {n_rows} documents")
    clabel = Path(f"{path}.clabel")
    if clabel.exists():
        words = [ln.strip() for ln in decode(clabel.read_bytes(), clabel.name).splitlines() if ln.strip()]
        vocabulary = np.array(words) if len(words) == n_cols else np.array([f"w{j}" for j in range(n_cols)])
    else:
        vocabulary = np.array([f"w{j}" for j in range(n_cols)])
    return RawCorpus(labels=labels, counts=counts, vocabulary=vocabulary, name=name or path.stem)


def read_lines(path, *, name=None) -> RawCorpus:
    """A folder with ``<name>.txt`` (one document per line) and
    ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` lines; the last
    field is the label, the first the line number of the document)."""
    folder = Path(path)
    label_files = sorted(p for p in folder.glob("*_labels.txt") if (folder / p.name.replace("_labels.txt", ".txt")).exists())
    if not label_files:
        raise CorpusError(f"{str(folder)!r} needs <name>.txt and <name>_labels.txt")
    label_file = label_files[0]
    text_file = folder / label_file.name.replace("_labels.txt", ".txt")
    texts = decode(text_file.read_bytes(), text_file.name).split("\n")
    if texts and texts[-1] == "":
        texts.pop()
    label_lines = [ln.split("\t") for ln in decode(label_file.read_bytes(), label_file.name).splitlines() if ln.strip()]
    if len(label_lines) != len(texts):
        raise CorpusError(f"{label_file.name} has {len(label_lines)} labels for {len(texts)} lines of {text_file.name}")
    try:
        order = [int(fields[0]) for fields in label_lines]
    except ValueError:
        order = list(range(len(label_lines)))
    labels = [None] * len(texts)
    for index, fields in zip(order, label_lines):
        labels[index] = (fields[-1].strip(),)
    return RawCorpus(labels=labels, texts=texts, name=name or text_file.stem)


# --- dispatch -------------------------------------------------------------------------


def read(source, *, format=None, **options) -> RawCorpus:
    """Parse ``source`` with the reader for ``format`` (detected when None).

    ``options`` go to the table and JSONL readers (``text_column``,
    ``label_column``, ``label_sep``, ``sep``) and ``name`` to every reader.
    """
    if format is None and not isinstance(source, tuple) and not hasattr(source, "read"):
        source = _lone_file(Path(source)) or source
    fmt = format or detect_format(source)
    if fmt not in FORMATS:
        raise CorpusError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    name = options.pop("name", None)
    if fmt == "texts":
        texts, labels = source
        return read_texts(texts, labels, name=name or "texts")
    if isinstance(source, tuple):
        raise CorpusError(f"format={fmt!r} reads a path or a file, not a (texts, labels) tuple")
    if fmt in ("csv", "tsv"):
        if fmt == "tsv":
            options.setdefault("sep", "\t")
        return read_table(source, name=name, **options)
    if fmt == "jsonl":
        options.pop("label_sep", None)  # JSONL carries several labels as a list
        return read_jsonl(source, name=name, **options)
    if options:
        raise CorpusError(f"options {sorted(options)} apply to CSV/TSV/JSONL, not to format={fmt!r}")
    readers = {
        "folder": read_folder, "zip": read_zip, "tar": read_tar, "arff": read_arff,
        "cluto": read_cluto, "cluto-mat": read_cluto_mat, "lines": read_lines,
    }
    if fmt in ("folder", "cluto", "lines") and (hasattr(source, "read") or not Path(source).is_dir()):
        raise CorpusError(f"format={fmt!r} reads a folder; {source!r} is not one")
    return readers[fmt](source, name=name)
