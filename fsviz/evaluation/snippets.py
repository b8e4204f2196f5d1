"""The few lines of Python that load a file :func:`fsviz.export_selection` wrote, and use it."""

from __future__ import annotations

import json

import sklearn

from ..selection import spec_label

__all__ = ["model_snippet", "words_snippet"]


def model_snippet(name: str, plan, trusted: tuple) -> str:
    """Lines that check and load the ``.skops`` file ``name`` of ``plan`` (:class:`fsviz.evaluation.export._Plan`),
    then predict."""
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


def words_snippet(name: str, file_type: str, tokenised: bool, stemmed: bool, options: dict | None = None) -> str:
    """Lines that read the selected words of the CSV or JSON file ``name`` (``options``: the corpus's, whose
    n-gram range, analyzer, token pattern and case the vectoriser needs to count the same terms)."""
    read = (f"words = pd.read_csv({json.dumps(name)})" if file_type == "csv" else
            f'words = pd.DataFrame(json.load(open({json.dumps(name)}, encoding="utf-8"))["words"])')
    lines = ["import json" if file_type == "json" else "", "import pandas as pd", "", read]
    if tokenised:
        same = ("stems: add analyzer=fsviz.evaluation.export.SnowballAnalyzer(stemmer, stop_words)" if stemmed
                else "the same tokens")
        if (options or {}).get("stop_words") and tuple((options or {}).get("ngrams", (1, 1)))[1] > 1:
            same += "; add stop_words=<the corpus's stop words>: they go before the n-grams are made"
        lines += ["from sklearn.feature_extraction.text import CountVectorizer",
                  f'vectorizer = CountVectorizer(binary=True, vocabulary=sorted(words["word"]){_terms(options or {})})'
                  f"  # {same}"]
    else:
        lines += ["# the columns of your document × word matrix, in the corpus's own column numbering",
                  'X_selected = X[:, sorted(words["column"])]']
    return "\n".join(line for i, line in enumerate(lines) if line or i)


def _terms(options: dict) -> str:
    """The CountVectorizer arguments that make the corpus's terms, beyond its defaults."""
    char = options.get("analyzer") == "char_wb"
    parts = ['analyzer="char_wb"'] if char else []
    n = tuple(options.get("char_ngrams" if char else "ngrams", (1, 1)))
    if n != (1, 1):
        parts.append(f"ngram_range={n}")
    if not char and options.get("token_pattern"):
        parts.append(f"token_pattern={options['token_pattern']!r}")
    if not options.get("lowercase", True):
        parts.append("lowercase=False")
    return "".join(f", {p}" for p in parts)
