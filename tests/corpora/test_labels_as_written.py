"""Labels as written (issue 51): a JSON scalar of any type is the class its file writes (``true`` is ``"true"``,
``1.0`` is ``"1.0"``), checked against the json module; and one rule for class names in every reader
(:func:`fsviz.corpora.clean_label`), noted whenever it changes one: control characters included."""

import io
import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.corpora import clean_label, read

SCALARS = st.one_of(st.text(min_size=1, max_size=8), st.integers(-10**30, 10**30), st.booleans(), st.none(),
                    st.floats(allow_nan=False, allow_infinity=False))


def _upload(data: bytes, name: str):
    upload = io.BytesIO(data)
    upload.name = name
    return upload


def written(line: str, label) -> str | None:
    """The label's text in the JSON line as written, stripped; None when missing."""
    if label is None:
        return None
    if isinstance(label, str):
        return label.strip() or None
    return line.split('"label": ', 1)[1].rstrip("}")


@settings(max_examples=80, deadline=None)
@given(labels=st.lists(SCALARS, min_size=1, max_size=8))
def test_a_json_label_of_any_type_is_the_class_its_file_writes(labels):
    lines = [json.dumps({"text": f"doc {i}", "label": label}) for i, label in enumerate(labels)]
    lines += [json.dumps({"text": "anchor", "label": "anchor"})]
    expected = [written(line, json.loads(line)["label"]) for line in lines]
    raw = read(_upload("\n".join(lines).encode(), "l.jsonl"))
    assert raw.labels == [(e,) for e in expected if e is not None]
    assert ("no label" in " ".join(raw.notes)) == (None in expected)


def test_json_true_and_false_are_the_classes_true_and_false():
    data = b'{"text": "a", "label": true}\n{"text": "b", "label": false}\n{"text": "c", "label": [true, 1.50]}\n'
    assert read(_upload(data, "b.jsonl")).labels == [("true",), ("false",), ("1.50", "true")]


CONTROL = st.sampled_from(["\t", "\n", "\x00", "\x07", "\x1b", "\x7f", "\x85", "\u200b", "\u202e", " "])
NAMES = st.lists(st.sampled_from(["sky", "fruit", "café"]) | CONTROL, min_size=1, max_size=5).map("".join).filter(
    lambda s: any(c.isalpha() for c in s))


@settings(max_examples=40, deadline=None)
@given(names=st.lists(NAMES, min_size=2, max_size=4, unique=True), fmt=st.sampled_from(["jsonl", "arff", "csv"]))
def test_every_reader_cleans_class_names_by_one_rule_and_says_so(names, fmt):
    texts = [f"word{i} common" for i in range(len(names))] * 2
    labels = names * 2
    if fmt == "jsonl":
        data = "".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(texts, labels))
    elif fmt == "csv":  # a CSV cell cannot hold NUL: Python's csv refuses it
        labels = [lab.replace("\x00", "\x01") for lab in labels]
        names = [n.replace("\x00", "\x01") for n in names]
        data = "text,label\n" + "".join(f'{t},"{lab}"\n' for t, lab in zip(texts, labels))
    else:
        escaped = ["'" + "".join(f"\\{ord(c):03o}" if ord(c) < 32 else c for c in n) + "'" for n in names]
        data = (f"@relation r\n@attribute text string\n@attribute class {{{','.join(escaped)}}}\n@data\n" +
                "".join(f"'{t}',{escaped[names.index(lab)]}\n" for t, lab in zip(texts, labels)))
    expected = {clean_label(n) for n in names}
    if any(not e for e in expected):
        with pytest.raises(fsviz.CorpusError, match="invisible or control characters"):
            fsviz.load_corpus(_upload(data.encode(), f"n.{fmt}"), min_df=1)
        return
    corpus = fsviz.load_corpus(_upload(data.encode(), f"n.{fmt}"), min_df=1)
    assert set(corpus.classes) == expected
    for name in corpus.classes:
        assert name == name.strip() and all(unicodedata.category(c) not in ("Cc", "Cf") for c in name)
    changed = any(clean_label(n) != (n.strip() if fmt != "arff" else n) for n in names)
    assert ("class name" in " ".join(corpus.notes) and "cleaned" in " ".join(corpus.notes)) == changed
