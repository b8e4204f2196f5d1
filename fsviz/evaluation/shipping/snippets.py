"""The few lines of Python that load a file :func:`fsviz.export_selection` wrote, and use it."""

from __future__ import annotations

import json

import sklearn

from ...selection import spec_label

__all__ = ["model_snippet", "tuning_snippet", "words_snippet"]


def model_snippet(name: str, plan, trusted: tuple) -> str:
    """Lines that check and load the ``.skops`` file ``name`` of ``plan`` (:class:`fsviz.evaluation.shipping._plan._Plan`),
    then predict.

    Parameters
    ----------
    name : str
        The ``.skops`` file's name.
    plan : fsviz.evaluation.shipping._plan._Plan
        What was exported.
    trusted : tuple of str
        The types ``skops.io.load`` is told to trust.

    Returns
    -------
    str
        The Python lines: check the file, load it with only ``trusted`` types, predict.

    See Also
    --------
    fsviz.export_selection : Writes the file and puts these lines beside it.
    fsviz.evaluation.words_snippet : The lines for a CSV or JSON list of words.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> plan = SimpleNamespace(class_name="spam", negative_label="not spam", metric="bns")
    >>> print(model_snippet("spam.skops", plan, ()).splitlines()[-1])
    print(model["words"].get_feature_names_out())  # the words BNS selected
    """
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
    n-gram range, analyzer, token pattern and case the vectoriser needs to count the same terms).

    Parameters
    ----------
    name : str
        The file's name.
    file_type : {"csv", "json"}
        The file's type.
    tokenised : bool
        Whether the corpus was read from texts.
    stemmed : bool
        Whether its words are stemmed.
    options : dict, optional
        The corpus's options.

    Returns
    -------
    str
        The Python lines: read the words, then count new texts on them alone.

    See Also
    --------
    fsviz.export_selection : Writes the file and puts these lines beside it.
    fsviz.evaluation.model_snippet : The lines for a fitted ``.skops`` model.

    Examples
    --------
    >>> print(words_snippet("words.csv", "csv", True, False, {}))
    import pandas as pd
    <BLANKLINE>
    words = pd.read_csv("words.csv")
    from sklearn.feature_extraction.text import CountVectorizer
    vectorizer = CountVectorizer(binary=True, vocabulary=sorted(words["word"]))  # the same tokens
    """
    read = (f"words = pd.read_csv({json.dumps(name)})" if file_type == "csv" else
            f'words = pd.DataFrame(json.load(open({json.dumps(name)}, encoding="utf-8"))["words"])')
    lines = ["import json" if file_type == "json" else "", "import pandas as pd", "", read]
    if tokenised:
        same = ("stems: add analyzer=fsviz.evaluation.shipping.SnowballAnalyzer(stemmer, stop_words)" if stemmed
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


def tuning_snippet(metric: str, k: int, *, classifier: str = "svm", params=(), class_name=None,
                   options: dict | None = None) -> str:
    """Lines that tune ``metric`` and ``k`` inside the reader's own cross-validation: a Pipeline of the corpus's
    counts (``options``: the corpus's; None for a pre-counted one, whose matrix the reader brings), a
    :class:`fsviz.MetricSelector` and the classifier, searched by ``GridSearchCV`` over k around the answer.

    Parameters
    ----------
    metric : str
        The answer's metric spec.
    k : int
        The answer's number of words; the search tries half, it and twice it.
    classifier : str, default "svm"
        The classifier's name (:func:`fsviz.learn.make_classifier`).
    params : sequence of (str, value), default ()
        The classifier's parameters.
    class_name : str, optional
        The positive class of a one-vs-rest task; None to tune on every label (macro F1).
    options : dict, optional
        The corpus's options, to count its terms; None for a pre-counted corpus.

    Returns
    -------
    str
        The Python lines: a grid search over k around the answer's (k / 2, k, 2k).

    See Also
    --------
    fsviz.MetricSelector : The selector the lines tune.
    fsviz.evaluation.recommend : The answer whose metric and k they start from.

    Examples
    --------
    >>> print(tuning_snippet("bns", 1000, class_name="spam", options={}).splitlines()[9])
        ("select", fsviz.MetricSelector("bns", k=1000)),
    """
    texts = options is not None
    ks = sorted({max(1, k // 2), k, 2 * k})
    stemmed = texts and bool(options.get("stem"))
    counts = (f'    ("counts", CountVectorizer(binary=True{_terms(options)})),  # the corpus\'s terms'
              + ("; stems: analyzer=fsviz.evaluation.shipping.SnowballAnalyzer(stemmer, stop_words)" if stemmed else "")
              if texts else None)
    y = "labels" if class_name is None else f"[label == {class_name!r} for label in labels]"
    lines = [
        "# Needs fsviz and scikit-learn: the answer's metric and k, tuned on your own folds.",
        "import fsviz",
        "from fsviz.learn import make_classifier",
        *(["from sklearn.feature_extraction.text import CountVectorizer"] if texts else []),
        "from sklearn.model_selection import GridSearchCV",
        "from sklearn.pipeline import Pipeline",
        "",
        "pipe = Pipeline([",
        *([counts] if counts else []),
        f"    (\"select\", fsviz.MetricSelector({json.dumps(metric)}, k={k})),",
        f"    (\"classify\", make_classifier({json.dumps(classifier)}{', ' + repr(tuple(params)) if params else ''})),",
        "])",
        f"search = GridSearchCV(pipe, {{\"select__metric\": [{json.dumps(metric)}], \"select__k\": {ks}}}, cv=4, "
        f"scoring={json.dumps('f1' if class_name is not None else 'f1_macro')})",
        (f"search.fit(texts, {y})  # your documents and their labels" if texts else
         f"search.fit(X, {y})  # X: your documents' word counts, a matrix"),
        "print(search.best_params_)",
    ]
    return "\n".join(lines)


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
