"""Formats: every supported corpus format to one :class:`RawCorpus`.

A reader only parses; tokenising, stop words, stemming and the rare-word
cutoff happen once, for every format alike, in :mod:`fsviz.corpora.corpus`.

Formats (``format=`` name: what it reads; the module that reads it)

- ``texts``: in-memory ``(texts, labels)`` (:mod:`~fsviz.corpora.formats.tables`).
- ``csv`` / ``tsv``: a text column and a label column, detected or named; a
  headerless ``label<TAB>text`` file works too (:mod:`~fsviz.corpora.formats.tables`).
- ``jsonl``: one ``{"text": ..., "label": ...}`` object per line (``label``
  may be a list: several labels); a JSON array of such objects also works
  (:mod:`~fsviz.corpora.formats.jsonl`).
- ``folder`` / ``zip`` / ``tar``: one sub-folder per class (scikit-learn's
  ``load_files`` layout); the label of a file is the name of the folder that
  holds it, so ``train/alt.atheism/123`` is in class ``alt.atheism``
  (:mod:`~fsviz.corpora.formats.archives`; tar: :mod:`~fsviz.corpora.formats.tar`).
- ``arff``: Weka ARFF, sparse or dense, word-count attributes and one
  nominal class attribute (Forman's ``*.wc.arff`` files; :mod:`~fsviz.corpora.formats.arff`).
- ``cluto``: a folder with ``sparse_<name>.txt`` and ``<name>_correct.txt``
  (CLUTO sets converted to a 0-based sparse matrix and a class × document
  indicator matrix; :mod:`~fsviz.corpora.formats.cluto`).
- ``cluto-mat``: CLUTO's own ``<name>.mat`` with ``.mat.rclass`` labels and,
  when present, ``.mat.clabel`` words (:mod:`~fsviz.corpora.formats.cluto`).
- ``lines``: a folder with ``<name>.txt`` (one document per line) and
  ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` per line;
  :mod:`~fsviz.corpora.formats.lines`).

:func:`read` (in :mod:`~fsviz.corpora.formats.detect`) picks the reader, detecting
the format from the source's type, extension or folder contents. Every
reader stays within a :class:`Limits` (bytes, files, expansion ratio,
documents, words; :mod:`~fsviz.corpora.formats.limits`), checked before the work.
"""

from .archives import read_folder, read_zip
from .arff import read_arff
from .base import FORMATS, CorpusError, RawCorpus, decode
from .cluto import CLUTO_CLASS_NAMES, read_cluto, read_cluto_mat
from .detect import detect_format, read
from .jsonl import read_jsonl
from .limits import DEFAULT_LIMITS, Limits, check_limits
from .lines import read_lines
from .tables import label_text, read_table, read_texts
from .tar import read_tar

__all__ = [
    "CLUTO_CLASS_NAMES",
    "DEFAULT_LIMITS",
    "FORMATS",
    "CorpusError",
    "Limits",
    "RawCorpus",
    "check_limits",
    "decode",
    "detect_format",
    "label_text",
    "read",
    "read_arff",
    "read_cluto",
    "read_cluto_mat",
    "read_folder",
    "read_jsonl",
    "read_lines",
    "read_table",
    "read_tar",
    "read_texts",
    "read_zip",
]
