"""Line files: a folder with ``<name>.txt`` (one document per line) and ``<name>_labels.txt``
(``index<TAB>split<TAB>label`` per line), labels normalised as for tables (:func:`~fsviz.corpora.formats.label_text`)."""

from __future__ import annotations

from .base import CorpusError, RawCorpus, decode, lines_of
from .limits import Budget, bytes_of, check_limits, named_path
from .tables import label_text

__all__ = ["read_lines"]


def read_lines(path, *, name=None, limits=None) -> RawCorpus:
    """A folder with ``<name>.txt`` (one document per line) and
    ``<name>_labels.txt`` (``index<TAB>split<TAB>label`` lines; the last
    field is the label, the first the line number of the document).

    The indices must name every document once (0 to n − 1); a blank label
    is refused with its line number.

    Parameters
    ----------
    path : str or os.PathLike
        The folder holding the two files.
    name : str, optional
        The corpus name; ``<name>`` of the files when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The lines and their labels, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        If the files are missing, their counts differ, an index is out of range or repeated, a label is
        blank, or they exceed ``limits``.

    See Also
    --------
    fsviz.corpora.read : picks this reader for a folder holding such a pair (``format="lines"``).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from fsviz.corpora import read_lines
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (pathlib.Path(folder) / "tiny.txt").write_text("red apple\\nblue sky\\n")
    ...     _ = (pathlib.Path(folder) / "tiny_labels.txt").write_text("1\\ttrain\\tsky\\n0\\ttest\\tfruit\\n")
    ...     raw = read_lines(folder)
    >>> raw.name, raw.texts, raw.labels
    ('tiny', ['red apple', 'blue sky'], [('fruit',), ('sky',)])
    """
    folder = named_path(path)
    budget = Budget(check_limits(limits), f"folder {folder.name!r}")
    label_files = sorted(p for p in folder.glob("*_labels.txt") if (folder / p.name.replace("_labels.txt", ".txt")).exists())
    if not label_files:
        raise CorpusError(f"{str(folder)!r} needs <name>.txt and <name>_labels.txt")
    label_file = label_files[0]
    text_file = folder / label_file.name.replace("_labels.txt", ".txt")
    texts = decode(bytes_of(text_file, budget)[0], text_file.name).split("\n")
    if texts and texts[-1] == "":
        texts.pop()
    if len(texts) > budget.limits.max_docs:
        raise budget.limits.error("max_docs", text_file.name, len(texts))
    label_lines = [(number, ln.split("\t")) for number, ln in
                   enumerate(lines_of(decode(bytes_of(label_file, budget)[0], label_file.name)), 1) if ln.strip()]
    if len(label_lines) != len(texts):
        raise CorpusError(f"{label_file.name} has {len(label_lines)} labels for {len(texts)} lines of {text_file.name}")
    try:
        order = [int(fields[0]) for _, fields in label_lines]
    except ValueError:
        order = list(range(len(label_lines)))
    labels = [None] * len(texts)
    for index, (number, fields) in zip(order, label_lines):
        if not 0 <= index < len(texts) or labels[index] is not None:
            problem = "is out of range" if not 0 <= index < len(texts) else "names a document already labelled"
            raise CorpusError(f"{label_file.name} line {number}: the document index {index} {problem}; the first "
                              f"field must number the lines of {text_file.name} once each, 0 to {len(texts) - 1}")
        label = label_text(fields[-1])
        if label is None:
            raise CorpusError(f"{label_file.name} line {number} has an empty label; give every document a label")
        labels[index] = (label,)
    return RawCorpus(labels=labels, texts=texts, name=name or text_file.stem)
