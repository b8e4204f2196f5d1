"""A built corpus saved to one ``.npz`` file and read back, with no pickle: arrays as arrays, text as UTF-8.

:func:`fsviz.load_sample` keeps the sample, as the app first opens it, this way, so a new server process reads
it in a tenth of the time tokenising takes. The file holds the count matrix and labels (CSR arrays), the
vocabulary, the classes, the words the cutoff removed, the documents' texts, the test file's rows, and the rest (name, options,
notes) as JSON; :func:`read_corpus` refuses a file of another :data:`FORMAT` or one that does not fit together.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
from scipy import sparse

from .corpus import Corpus

__all__ = ["FORMAT", "read_corpus", "save_corpus"]

#: Bump when the file's layout changes: older files are then refused (and rebuilt by their users).
FORMAT = 1


def _strings(values) -> tuple[np.ndarray, np.ndarray]:
    """``values`` (str) as their UTF-8 bytes joined, and the offsets where each starts and the last ends."""
    encoded = [str(v).encode("utf-8") for v in values]
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum([len(e) for e in encoded], out=offsets[1:])
    return np.frombuffer(b"".join(encoded), dtype=np.uint8), offsets


def _unstrings(data: np.ndarray, offsets: np.ndarray) -> list[str]:
    raw = data.tobytes()
    return [raw[a:b].decode("utf-8") for a, b in zip(offsets[:-1].tolist(), offsets[1:].tolist())]


def save_corpus(corpus: Corpus, path) -> Path:
    """Write ``corpus`` to ``path`` (``.npz``), atomically: a reader sees the old file or the whole new one.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The built corpus; saved without pickle.
    path : str or os.PathLike
        The file to write; its folder is made when missing.

    Returns
    -------
    pathlib.Path
        ``path``.

    See Also
    --------
    fsviz.corpora.read_corpus : reads it back.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import fsviz
    >>> from fsviz.corpora import read_corpus, save_corpus
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad film"], ["pos", "pos", "neg"]), min_df=1)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = save_corpus(corpus, pathlib.Path(folder) / "corpus.npz")
    ...     read_corpus(path)
    Corpus('texts': 3 documents, 5 words, 2 classes)
    """
    path = Path(path)
    arrays = {}
    for name, values in (("vocabulary", corpus.vocabulary), ("classes", corpus.classes),
                         ("removed_words", corpus.removed_words), ("texts", corpus.texts or ())):
        arrays[f"{name}_data"], arrays[f"{name}_offsets"] = _strings(values)
    meta = {"format": FORMAT, "name": corpus.name, "n_words_raw": int(corpus.n_words_raw), "notes": list(corpus.notes),
            "has_texts": corpus.texts is not None, "options": corpus.options,
            "shape": list(corpus.X_tf.shape), "n_classes": int(corpus.classes.size),
            "has_test_rows": corpus.test_rows is not None}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as handle:
        np.savez(handle, meta=np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8),
                 X_data=corpus.X_tf.data, X_indices=corpus.X_tf.indices, X_indptr=corpus.X_tf.indptr,
                 Y_indices=corpus.Y.indices, Y_indptr=corpus.Y.indptr, removed_df=corpus.removed_df,
                 test_rows=np.asarray(corpus.test_rows if corpus.test_rows is not None else (), dtype=np.int64),
                 **arrays)
    os.replace(tmp, path)
    return path


def _options(options: dict) -> dict:
    """JSON's lists back to the tuples the options hold (``ngrams``, ``char_ngrams``, ``stop_words``)."""
    return {key: tuple(value) if isinstance(value, list) else value for key, value in options.items()}


def read_corpus(path) -> Corpus:
    """The corpus :func:`save_corpus` wrote to ``path``; ValueError for a file of another format or broken.

    Parameters
    ----------
    path : str or os.PathLike
        A file :func:`save_corpus` wrote.

    Returns
    -------
    fsviz.Corpus
        The corpus as it was saved.

    Raises
    ------
    ValueError
        If the file is of another :data:`FORMAT` or its parts do not fit together.

    See Also
    --------
    fsviz.corpora.save_corpus : writes the file.
    fsviz.load_corpus : builds a corpus from its texts instead.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import fsviz
    >>> from fsviz.corpora import read_corpus, save_corpus
    >>> corpus = fsviz.load_corpus((["good fun film", "good plot", "bad film"], ["pos", "pos", "neg"]), min_df=1)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     again = read_corpus(save_corpus(corpus, pathlib.Path(folder) / "corpus.npz"))
    >>> again.vocabulary.tolist() == corpus.vocabulary.tolist(), (again.X_tf != corpus.X_tf).nnz
    (True, 0)
    """
    with np.load(path, allow_pickle=False) as saved:
        meta = json.loads(saved["meta"].tobytes().decode("utf-8"))
        if meta.get("format") != FORMAT:
            raise ValueError(f"{Path(path).name!r} is a saved corpus of format {meta.get('format')!r}, not {FORMAT}")
        n_docs, n_words = meta["shape"]
        X_tf = sparse.csr_matrix((saved["X_data"], saved["X_indices"], saved["X_indptr"]), shape=(n_docs, n_words))
        Y = sparse.csr_matrix((np.ones(saved["Y_indices"].size, dtype=bool), saved["Y_indices"], saved["Y_indptr"]),
                              shape=(n_docs, meta["n_classes"]))
        strings = {name: _unstrings(saved[f"{name}_data"], saved[f"{name}_offsets"])
                   for name in ("vocabulary", "classes", "removed_words", "texts")}
        removed_df = saved["removed_df"]
        test_rows = saved["test_rows"] if meta.get("has_test_rows") else None  # files before it: no test file
    if len(strings["vocabulary"]) != n_words or len(strings["classes"]) != meta["n_classes"] or (
            meta["has_texts"] and len(strings["texts"]) != n_docs):
        raise ValueError(f"{Path(path).name!r} does not fit together (its words, classes or texts miscounted)")
    if test_rows is not None and (test_rows.size == 0 or test_rows.min() < 0 or test_rows.max() >= n_docs):
        raise ValueError(f"{Path(path).name!r} does not fit together (its test rows lie outside its documents)")
    return Corpus(X_tf, Y, np.array(strings["vocabulary"], dtype=object), np.array(strings["classes"], dtype=object),
                  name=meta["name"], removed_words=np.array(strings["removed_words"], dtype=object),
                  removed_df=removed_df, n_words_raw=meta["n_words_raw"], options=_options(meta["options"]),
                  notes=tuple(meta["notes"]), texts=tuple(strings["texts"]) if meta["has_texts"] else None,
                  test_rows=test_rows)
