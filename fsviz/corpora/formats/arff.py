"""Weka ARFF, sparse or dense: word-count attributes, or each document's text in a string attribute, and one nominal
class.

``arff`` reads Forman's ``*.wc.arff`` files (word counts), and the text ARFF Weka users keep documents in (a string
attribute, the input of Weka's ``StringToWordVector``). Values are read as the ARFF specification says: quoted with
``'`` or ``"``, backslash escapes inside (``\\n``, ``\\t``, ``\\'``, octal and ``\\u`` code points, as Weka and
liac-arff write them); an unquoted ``?`` is a missing value, for any attribute; Weka's instance weights (``, {w}``
after a row) are read past, with a note, as fsviz counts each document once.
"""

from __future__ import annotations

import re
from array import array

import numpy as np
from scipy import sparse

from .base import CorpusError, RawCorpus, check_word_counts, decode, lines_of, require_docs, stem_name
from .limits import Budget, bytes_of, check_limits, named_path
from .tables import TEXT_NAMES

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
#: A backslash escape in a quoted value: an octal code (up to three digits), ``\\u`` and four hex digits, or one
#: character.
_ESCAPE = re.compile(r"\\([0-7]{1,3}|u[0-9a-fA-F]{4}|.)", re.DOTALL)
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
#: Weka's instance weight after a row: ``, {2.5}``.
_WEIGHT = re.compile(r",\s*\{\s*([^{}'\",]*?)\s*\}\s*$")


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


def _escape(match) -> str:
    code = match.group(1)
    if code[0] in "01234567":
        return chr(int(code, 8))
    if len(code) == 5:
        return chr(int(code[1:], 16))
    return _ESCAPED.get(code, code)


def _unquote(token: str) -> str:
    """A field without its quotes, its backslash escapes read (``\\'`` is a quote, ``\\n`` a line end, ``\\012``
    and ``\\u000a`` too); unquoted, only stripped."""
    token = token.strip()
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        return _ESCAPE.sub(_escape, token[1:-1])
    return token


def _value(token: str) -> str | None:
    """A data value: :func:`_unquote`'s, or None for a missing value (an unquoted ``?``)."""
    token = token.strip()
    return None if token == "?" else _unquote(token)


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


def _text_attribute(attributes, strings, text_column, rows, fname) -> int | None:
    """The string attribute that holds each document's text: ``text_column`` (a name or a position), else the one
    named like a text (``text``, ``document`` …), else the one whose values are longest on average; None when the
    file has numeric attributes (word counts) and no ``text_column`` is given."""
    if text_column is not None:
        if isinstance(text_column, int) and not isinstance(text_column, bool):
            found = text_column if 0 <= text_column < len(attributes) else None
        else:
            found = next((i for i, (n, _) in enumerate(attributes) if n == text_column), None)
        if found is None or found not in strings:
            raise CorpusError(f"{fname!r} has no string attribute {text_column!r} to read the text from; its string "
                              f"attributes are {[attributes[i][0] for i in strings]}")
        return found
    if not strings:
        return None
    named = [i for i in strings if attributes[i][0].strip().lower() in TEXT_NAMES]
    if named:
        return named[0]
    return max(strings, key=lambda i: sum(len(r[i] or "") for r in rows) / max(len(rows), 1))


def _rows(lines, data_start, attributes, fname):
    """Each data row as ``(line number, {attribute index: value as written}, sparse)``, its weight read past; and
    how many rows had a weight."""
    weighted, n_attr = 0, len(attributes)
    for number in range(data_start, len(lines)):
        line = lines[number].strip()
        if not line or line.startswith("%"):
            continue
        try:
            weight = _WEIGHT.search(line)
            if weight:
                if weight.group(1).strip() and not _is_number(weight.group(1)):
                    raise ValueError(f"the instance weight {{{weight.group(1)}}} after the row is not a number")
                line = line[:weight.start()].rstrip()
                weighted += 1
            if line.startswith("{"):
                if not line.endswith("}"):
                    raise ValueError("a sparse row must end with '}' (or '}, {weight}')")
                body = line[1:-1].strip()
                values = {}
                for item in _fields(body) if body else ():
                    index_text, value = _sparse_item(item)
                    index = int(index_text)
                    if not 0 <= index < n_attr:
                        raise ValueError(f"attribute index {index} is out of range 0..{n_attr - 1}")
                    if index in values:  # Weka refuses it; summing or keeping the last would be a silent repair
                        raise ValueError(f"attribute index {index} ({attributes[index][0]!r}) is given twice")
                    values[index] = value
                yield number + 1, values, True
            else:
                values = _fields(line)
                if len(values) != n_attr:
                    raise ValueError(f"a dense row needs {n_attr} values, got {len(values)}")
                yield number + 1, dict(enumerate(values)), False
        except ValueError as exc:
            raise CorpusError(f"{fname!r} line {number + 1}: malformed data row ({exc})") from None
    yield None, weighted, None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def read_arff(source, *, text_column=None, name=None, limits=None) -> RawCorpus:
    """Weka ARFF: numeric (word count) attributes, or a string attribute holding each document's text; and one
    nominal class.

    Sparse rows (``{index value, ...}``) and dense rows are both read. The
    class is the nominal attribute named ``class`` (any case), else the last
    nominal attribute; a sparse row that omits it has the first declared
    value, as ARFF specifies. A row whose class is missing (``?``) is dropped,
    and the corpus notes give its line.

    What a document is: with numeric attributes, they are its word counts
    (any string attribute is then left, with a note, unless ``text_column``
    names it); with no numeric attribute, a string attribute is its text —
    ``text_column``, else the one named like a text (``text``, ``document`` …),
    else the one with the longest values, noted when there are several. A
    document whose text is missing (``?``) is dropped with a note.

    Word counts must be whole numbers, at least 0 (``?`` is 0: absent); NaN,
    infinities, negatives, fractions and text are refused with the line and
    the attribute that hold them.

    Parameters
    ----------
    source : str, os.PathLike or file-like
        The ARFF file, a path or a binary file object.
    text_column : str or int, optional
        The string attribute holding each document's text (a name or a position); chosen as above when None.
    name : str, optional
        The corpus name; the ``@relation`` name (without ``.mat`` / ``.wc``), else the file name when None.
    limits : fsviz.Limits, optional
        Bounds on what the reader takes in; :data:`DEFAULT_LIMITS` when None.

    Returns
    -------
    RawCorpus
        The labels and either the word counts and vocabulary, or the texts, read before tokenising and cutoffs;
        with notes on what was dropped or read past.

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
    counts this reads as ARFF (``*.wc.arff``). The ARFF format:
    https://waikato.github.io/weka-wiki/formats_and_processing/arff_stable/

    Examples
    --------
    The second row is sparse and omits the class, so it has the first declared value:

    >>> import io
    >>> from fsviz.corpora import read_arff
    >>> arff = b"@relation tiny.wc\\n@attribute apple numeric\\n@attribute sky numeric\\n@attribute class {fruit,sky}\\n"
    >>> raw = read_arff(io.BytesIO(arff + b"@data\\n2,0,sky\\n{0 1}\\n"))
    >>> raw.name, raw.labels, raw.vocabulary.tolist(), raw.counts.toarray().tolist()
    ('tiny', [('sky',), ('fruit',)], ['apple', 'sky'], [[2.0, 0.0], [1.0, 0.0]])

    Weka's text ARFF: the text in a string attribute; the row whose class is ``?`` is dropped:

    >>> text = b"@relation news\\n@attribute text string\\n@attribute class {sport,art}\\n@data\\n"
    >>> raw = read_arff(io.BytesIO(text + b"'a goal, then another',sport\\n'oil on canvas',art\\n'who won?',?\\n"))
    >>> raw.texts, raw.labels, raw.notes
    (['a goal, then another', 'oil on canvas'], [('sport',), ('art',)], ['dropped 1 row with no class (line 7)'])
    """
    limits = check_limits(limits)
    data, fname = bytes_of(named_path(source), Budget(limits, "the ARFF file"))
    text = decode(data, repr(fname))
    del data
    lines = lines_of(text)
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
    first_of: dict = {}
    for i, (attr_name, _) in enumerate(attributes):  # one name, one attribute: never a word counted twice
        if first_of.setdefault(attr_name, i) != i:
            raise CorpusError(f"{fname!r}: the attribute name {attr_name[:80]!r} is declared twice (attributes "
                              f"{first_of[attr_name]} and {i}); ARFF names each attribute once")
    numeric = [i for i, (_, t) in enumerate(attributes) if t in ("numeric", "integer", "real")]
    strings = [i for i, (_, t) in enumerate(attributes) if t == "string"]
    notes: list[str] = []
    if strings and (not numeric or text_column is not None):
        return _read_texts(lines, data_start, attributes, nominal, class_index, strings, text_column, fname,
                           name or _relation_name(relation, fname), limits, notes)
    if text_column is not None:
        _text_attribute(attributes, strings, text_column, [], fname)  # says there is no such string attribute
    if strings:
        names = ", ".join(repr(attributes[i][0]) for i in strings[:3])
        notes.append(f"the string attribute{'s' * (len(strings) > 1)} {names} left: the numeric attributes are read "
                     "as word counts; name one as the text column to read the documents' text instead")
    word_index = numeric
    if len(word_index) > limits.max_words:
        raise limits.error("max_words", repr(fname), len(word_index))
    column_of = np.full(len(attributes), -1, dtype=np.int64)
    column_of[word_index] = np.arange(len(word_index))
    # typed arrays, not lists: 24 bytes per count instead of about 100
    rows, cols, vals, labels, doc_lines, unlabelled = array("q"), array("q"), array("d"), [], [], []
    declared = set(nominal[class_index])  # a set: each row's label is looked up in it
    for number, values, sparse_row in _rows(lines, data_start, attributes, fname):
        if number is None:
            _note_weights(values, notes)
            break
        label = _label(values, class_index, nominal, declared, sparse_row, fname, number)
        if label is None:
            unlabelled.append(number)
            continue
        doc = len(labels)
        for index, value in values.items():
            if column_of[index] < 0:
                continue
            value = value.strip()
            if value not in ("0", "?", ""):
                rows.append(doc)
                cols.append(column_of[index])
                try:
                    vals.append(float(value))
                except ValueError:
                    raise CorpusError(f"{fname!r} line {number}: malformed data row (attribute "
                                      f"{attributes[index][0]!r} has {value!r}, not a number)") from None
        labels.append((label,))
        doc_lines.append(number)
    _note_dropped(unlabelled, "class", notes)
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
    return RawCorpus(labels=labels, counts=counts, vocabulary=vocabulary, name=name or _relation_name(relation, fname),
                     notes=notes)


def _relation_name(relation, fname) -> str:
    return relation.removesuffix(".mat").removesuffix(".wc") if relation else stem_name(fname)


def _label(values, class_index, nominal, declared, sparse_row, fname, number) -> str | None:
    """A row's class as declared, None when missing (``?``); a class the header does not declare is refused."""
    if class_index not in values:
        if sparse_row:  # omitted from a sparse row: the first declared value, as ARFF specifies
            return nominal[class_index][0]
        return None
    label = _value(values[class_index])
    if label is not None and label not in declared:
        raise CorpusError(f"{fname!r} line {number}: malformed data row (class value {label!r} is not declared in "
                          f"the header; declare it in the class attribute's {{…}}, or write ? for a missing class)")
    return label


def _note_dropped(lines_, what: str, notes: list) -> None:
    if lines_:
        shown = ", ".join(map(str, lines_[:5])) + (", …" if len(lines_) > 5 else "")
        notes.append(f"dropped {len(lines_):,} row{'s' * (len(lines_) > 1)} with no {what} "
                     f"(line{'s' * (len(lines_) > 1)} {shown})")


def _note_weights(weighted: int, notes: list) -> None:
    if weighted:
        notes.append(f"{weighted:,} row{'s' * (weighted > 1)} carry Weka instance weights ({{w}} after the row), "
                     "read past: fsviz counts each document once")


def _read_texts(lines, data_start, attributes, nominal, class_index, strings, text_column, fname, name, limits,
                notes) -> RawCorpus:
    """A text ARFF: each row's text from one string attribute (:func:`_text_attribute`)."""
    declared = set(nominal[class_index])
    found, weighted = [], 0
    for number, values, sparse_row in _rows(lines, data_start, attributes, fname):
        if number is None:
            weighted = values
            break
        if len(found) >= limits.max_docs:
            raise limits.error("max_docs", repr(fname), len(found) + 1)
        found.append((number, _label(values, class_index, nominal, declared, sparse_row, fname, number),
                      {i: _value(values[i]) if i in values else ("" if sparse_row else None) for i in strings}))
    chosen = _text_attribute(attributes, strings, text_column, [texts for _, _, texts in found], fname)
    if len(strings) > 1 and text_column is None:
        notes.append(f"the text is read from the string attribute {attributes[chosen][0]!r}, of "
                     f"{', '.join(repr(attributes[i][0]) for i in strings)}; name another as the text column to "
                     "read that one")
    texts, labels, unlabelled, untexted = [], [], [], []
    for number, label, values in found:
        if label is None:
            unlabelled.append(number)
        elif values[chosen] is None:
            untexted.append(number)
        else:
            texts.append(values[chosen])
            labels.append((label,))
    _note_dropped(unlabelled, "class", notes)
    _note_dropped(untexted, "text", notes)
    _note_weights(weighted, notes)
    require_docs(len(texts), repr(fname))
    return RawCorpus(labels=labels, texts=texts, name=name, notes=notes)
