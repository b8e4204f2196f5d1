"""Weka ARFF, sparse or dense: word-count attributes and one nominal class.

``arff`` reads Forman's ``*.wc.arff`` files (and any ARFF of that shape).
"""

from __future__ import annotations

import re
from array import array

import numpy as np
from scipy import sparse

from .base import CorpusError, RawCorpus, check_word_counts, decode, require_docs, stem_name
from .limits import Budget, bytes_of, check_limits, named_path

__all__ = ["read_arff"]

#: A quoted attribute name at the start of a string. Each character is consumed by exactly one branch, so the
#: match is linear in the line (a pattern with ``(.+?)\\s*$`` after it backtracked quadratically on long lines,
#: and Python's ``re`` holds the GIL: 150,000 spaces froze every visitor for 100 s).
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def _attribute(line: str):
    """An ``@attribute`` line's (name, type), both still quoted as written, or None when malformed.

    Linear in the line: the name is a quoted string or the first run of
    non-space characters, the type everything after it, stripped.
    """
    rest = line[len("@attribute"):]
    if not rest[:1].isspace():
        return None
    rest = rest.lstrip()
    quoted = _QUOTED.match(rest)
    if quoted:
        name, after = quoted.group(), rest[quoted.end():]
        if not after[:1].isspace():
            return None
    else:
        fields = rest.split(None, 1)
        name, after = fields[0] if fields else "", fields[1] if len(fields) == 2 else ""
    kind = after.strip()
    return (name, kind) if name and kind else None


#: One token of a comma-separated ARFF list: a quoted string (escapes inside), a comma, a run of anything else, or
#: a quote left open. The alternatives are disjoint, so tokenising is linear in the line.
_TOKEN = re.compile(r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|,|[^,'"]+|['"]""", re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


def _fields(text: str) -> list[str]:
    """``text`` split at the commas outside quotes, as ARFF lists are (nominal values, dense rows, sparse items);
    each field still quoted as written. A line with no quote is split by ``str.split`` (Forman's files): the
    same fields, faster. ValueError for a quote left open."""
    if "'" not in text and '"' not in text:
        return text.split(",")
    fields, current = [], []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token == ",":
            fields.append("".join(current))
            current = []
        elif token in ("'", '"'):
            raise ValueError(f"a quote ({token}) is opened at character {match.start() + 1} and never closed")
        else:
            current.append(token)
    fields.append("".join(current))
    return fields


def _unquote(token: str) -> str:
    """A field without its quotes, its backslash escapes read (``\\'`` is a quote); unquoted, only stripped."""
    token = token.strip()
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        return _ESCAPE.sub(r"\1", token[1:-1])
    return token


def _sparse_item(item: str):
    fields = item.split(None, 1)
    if len(fields) != 2:
        raise ValueError(f"the sparse item {item.strip()!r} needs an attribute index and a value")
    return fields


def _nominal(kind: str) -> list[str]:
    """A nominal type's values, ``{a, 'b c', "d,e"}``: the braces of the type itself, then the fields."""
    body = kind.strip()
    return [_unquote(v) for v in _fields(body[1:-1] if body.endswith("}") else body[1:])]


def _number(value: str, attribute: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"attribute {attribute!r} has {value.strip()!r}, not a number") from None


def read_arff(source, *, name=None, limits=None) -> RawCorpus:
    """Weka ARFF with numeric (word count) attributes and one nominal class.

    Sparse rows (``{index value, ...}``) and dense rows are both read. The
    class is the nominal attribute named ``class`` (any case), else the last
    nominal attribute; a sparse row that omits it has the first declared
    value, as ARFF specifies. Other non-numeric attributes are ignored.

    Word counts must be whole numbers, at least 0 (``?`` in a dense row is
    0); NaN, infinities, negatives, fractions and text are refused with the
    line and the attribute that hold them.

    Parameters
    ----------
    source : str, os.PathLike or file-like
        The ARFF file, a path or a binary file object.
    name : str, optional
        The corpus name; the ``@relation`` name (without ``.mat`` / ``.wc``), else the file name when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The labels, word counts and vocabulary read, before tokenising and cutoffs.

    Raises
    ------
    CorpusError
        If the input is malformed or exceeds ``limits``.

    See Also
    --------
    fsviz.corpora.read : picks this reader for a ``.arff`` file.
    fsviz.load_corpus : reads and builds the corpus in one call.

    References
    ----------
    G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for
    Text Classification", JMLR 3 (2003), Appendix A: the 19 datasets of his
    study (most of them Han & Karypis's (2000) preprocessed sets), whose word
    counts this reads as ARFF (``*.wc.arff``).

    Examples
    --------
    The second row is sparse and omits the class, so it has the first declared value:

    >>> import io
    >>> from fsviz.corpora import read_arff
    >>> arff = b"@relation tiny.wc\\n@attribute apple numeric\\n@attribute sky numeric\\n@attribute class {fruit,sky}\\n"
    >>> raw = read_arff(io.BytesIO(arff + b"@data\\n2,0,sky\\n{0 1}\\n"))
    >>> raw.name, raw.labels, raw.vocabulary.tolist(), raw.counts.toarray().tolist()
    ('tiny', [('sky',), ('fruit',)], ['apple', 'sky'], [[2.0, 0.0], [1.0, 0.0]])
    """
    limits = check_limits(limits)
    data, fname = bytes_of(named_path(source), Budget(limits, "the ARFF file"))
    text = decode(data, repr(fname))
    del data
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
            parsed = _attribute(stripped)
            if parsed is None:
                raise CorpusError(f"{fname!r} line {number + 1}: malformed @ATTRIBUTE line {stripped[:80]!r}")
            attr_name, attr_type = _unquote(parsed[0]), parsed[1]
            if attr_type.startswith("{"):
                try:
                    nominal[len(attributes)] = _nominal(attr_type)
                except ValueError as exc:
                    raise CorpusError(f"{fname!r} line {number + 1}: malformed nominal values ({exc})") from None
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
    first_of: dict = {}
    for i, (attr_name, _) in enumerate(attributes):  # one name, one attribute: never a word counted twice
        if first_of.setdefault(attr_name, i) != i:
            raise CorpusError(f"{fname!r}: the attribute name {attr_name[:80]!r} is declared twice (attributes "
                              f"{first_of[attr_name]} and {i}); ARFF names each attribute once")
    if len(word_index) > limits.max_words:
        raise limits.error("max_words", repr(fname), len(word_index))
    declared = set(nominal[class_index])  # a set: each row's label is looked up in it
    column_of = np.full(len(attributes), -1, dtype=np.int64)
    column_of[word_index] = np.arange(len(word_index))
    # typed arrays, not lists: 24 bytes per count instead of about 100
    rows, cols, vals, labels, doc_lines = array("q"), array("q"), array("d"), [], []
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
                seen = set()
                for item in _fields(body) if body else ():
                    index_text, value = _sparse_item(item)
                    index = int(index_text)
                    if not 0 <= index < n_attr:
                        raise ValueError(f"attribute index {index} is out of range 0..{n_attr - 1}")
                    if index in seen:  # Weka refuses it; summing or keeping the last would be a silent repair
                        raise ValueError(f"attribute index {index} ({attributes[index][0]!r}) is given twice")
                    seen.add(index)
                    if index == class_index:
                        label = _unquote(value)
                    elif column_of[index] >= 0:
                        rows.append(doc)
                        cols.append(column_of[index])
                        vals.append(_number(value, attributes[index][0]))
            else:
                values = _fields(line)
                if len(values) != n_attr:
                    raise ValueError(f"a dense row needs {n_attr} values, got {len(values)}")
                label = _unquote(values[class_index])
                for index in word_index:
                    value = values[index].strip()
                    if value not in ("0", "?", ""):
                        rows.append(doc)
                        cols.append(column_of[index])
                        vals.append(_number(value, attributes[index][0]))
            if label not in declared:
                raise ValueError(f"class value {label!r} is not declared in the header")
            labels.append((label,))
            doc_lines.append(number + 1)
    except ValueError as exc:
        raise CorpusError(f"{fname!r} line {number + 1}: malformed data row ({exc})") from None
    require_docs(len(labels), repr(fname))
    vals = np.asarray(vals, dtype=np.float64)
    check_word_counts(vals, lambda at: f"{fname!r} line {doc_lines[rows[at]]}, attribute "
                                  f"{attributes[word_index[cols[at]]][0]!r}")
    counts = sparse.csr_matrix(
        (vals, (np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64))),
        shape=(len(labels), len(word_index)),
    )
    counts.sum_duplicates()
    # object, not a fixed-width str array as wide as the longest name (one 50,000-character name made 3.7 GiB)
    vocabulary = np.array([attributes[i][0] for i in word_index], dtype=object)
    return RawCorpus(
        labels=labels, counts=counts, vocabulary=vocabulary,
        name=name or (relation.removesuffix(".mat").removesuffix(".wc") if relation else stem_name(fname)),
    )
