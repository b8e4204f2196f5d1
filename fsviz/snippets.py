"""The few lines of Python that load a file :func:`fsviz.export_selection` wrote, and use it."""

from __future__ import annotations

import json

import sklearn

from .selection import spec_label

__all__ = ["model_snippet", "words_snippet"]


def model_snippet(name: str, plan, trusted: tuple) -> str:
    """Lines that check and load the ``.skops`` file ``name`` of ``plan`` (:class:`fsviz.export._Plan`), then predict."""
    needs = "scikit-learn and skops" + (" and fsviz (its types below)" if trusted else " (not fsviz)")
    return "\n".join([
        f"# Needs {needs}; scikit-learn {sklearn.__version__} saved it, so load it with that version.",
        "import skops.io",
        "",
        f"path = {json.dumps(name)}",
        f"trusted = {list(trusted)!r}  # the types this file needs beyond scikit-learn's and numpy's",
        "unknown = set(skops.io.get_untrusted_types(file=path)) - set(trusted)",
        'assert not unknown, f"not the file fsviz wrote: it asks to trust {unknown}"',
        "model = skops.io.load(path, trusted=trusted)",
        "",
        f'print(model.predict(["the text of a new document"]))  # {plan.class_name!r} or {plan.negative_label!r}',
        f"print(model[\"words\"].get_feature_names_out())  # the words {spec_label(plan.metric)} selected",
    ])


def words_snippet(name: str, file_type: str, tokenised: bool, stemmed: bool) -> str:
    """Lines that read the selected words of the CSV or JSON file ``name``."""
    read = (f"words = pd.read_csv({json.dumps(name)})" if file_type == "csv" else
            f'words = pd.DataFrame(json.load(open({json.dumps(name)}, encoding="utf-8"))["words"])')
    lines = ["import json" if file_type == "json" else "", "import pandas as pd", "", read]
    if tokenised:
        same = ("stems: add analyzer=fsviz.export.SnowballAnalyzer(stemmer, stop_words)" if stemmed
                else "the same tokens")
        lines += ["from sklearn.feature_extraction.text import CountVectorizer",
                  f'vectorizer = CountVectorizer(binary=True, vocabulary=sorted(words["word"]))  # {same}']
    else:
        lines += ["# the columns of your document × word matrix, in the corpus's own column numbering",
                  'X_selected = X[:, sorted(words["column"])]']
    return "\n".join(line for i, line in enumerate(lines) if line or i)
