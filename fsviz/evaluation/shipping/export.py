"""A selector you can ship: the words a metric selects for a class, fitted into a scikit-learn Pipeline.

:func:`export_pipeline` fits, on every document of a corpus, the model the
grid evaluates in each cell (:func:`fsviz.evaluation.grid.run_cell`): the ``k`` words
``metric`` selects for ``class_name`` against the rest
(:func:`fsviz.evaluation.grid.fold_selections`, the same tie rule), then the grid's
classifier (:func:`fsviz.learn.classifiers.make_classifier`) on those words::

    Pipeline([("words", CountVectorizer(binary=True, vocabulary=<the k selected words>, lowercase=True)),
              ("classifier", LinearSVC(random_state=0))])

:func:`export_selection` makes the file: the pipeline saved with skops (``.skops``: no pickle, loaded only with
the types you name as trusted), or, for corpora that came pre-counted (ARFF, CLUTO: no texts to tokenise), the
selected words as CSV or JSON; and the few lines of Python that use it.

Why the selection is the vectoriser's vocabulary, not ``SelectKBest``
---------------------------------------------------------------------
``CountVectorizer(vocabulary=corpus.vocabulary) → SelectKBest(fsviz.score_func(metric), k)``
would be the literal pipeline; the shipped one gives the vectoriser the k
selected words instead, because

- skops saves a function by module and name; ``fsviz.score_func`` returns a
  closure, so a file holding it does not load (``module
  'fsviz.metrics.registry' has no attribute 'bns_score'``), and pickle or
  joblib would make the user trust arbitrary code;
- at the k-th score SelectKBest keeps the *higher* column indices (it takes
  the last k of a stable ascending sort); fsviz and the grid keep the *lower*
  ones (:func:`fsviz.select_top_k`). On Boolean text data ties are common,
  so SelectKBest would select other words than the grid evaluated;
- only metrics of the 2×2 table have a ``score_func``; a vocabulary carries
  the words of any spec (every-class and term-frequency metrics,
  model-based ones, combinations, IGFSS), all selected on the whole corpus;
- a fitted SelectKBest only applies its mask; the vocabulary is that mask,
  k words instead of the whole vocabulary, and readable:
  ``model["words"].get_feature_names_out()``.

So the model needs only scikit-learn and skops to load, not fsviz, except
for a stemmed corpus (:class:`SnowballAnalyzer`) or one of fsviz's own
classifiers (kNN, centroid); :attr:`Export.trusted` lists those types.

Tokens and labels
-----------------
``CountVectorizer(lowercase=True)`` with its default token pattern is the
tokeniser :func:`fsviz.load_corpus` uses, so new texts give the same words;
stop words need no step (none is in the vocabulary). The classifier is
fitted as the grid fits it, on Boolean labels, then its ``classes_`` are
renamed ``["not C", "C"]``: ``predict`` returns names, with the same decisions.
"""

from __future__ import annotations

import io
import json
import re
import warnings
import zipfile
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.exceptions import ConvergenceWarning
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.pipeline import Pipeline

from ..._validation import check_choice, check_whole
from ...corpora.analyzer import WordAnalyzer, stem_algorithm
from ...corpora.corpus import CorpusError
from ...learn.classifiers import CLASSIFIER_LABELS, FREQUENCY_CLASSIFIERS, fast_fit, make_classifier
from ...selection import spec_label
from ..grid import cell_data
from ._plan import KNN, _model_bytes, _Plan, _plan, _table
from .snippets import model_snippet, words_snippet

__all__ = ["DEFAULT_MAX_MODEL_BYTES", "FILE_TYPES", "Export", "SnowballAnalyzer", "export_pipeline",
           "export_selection", "selection_table"]

#: How large a model may be, as skops builds it before deflating the file, before :func:`export_pipeline`
#: refuses to fit it (``max_bytes``): about 1 KiB a word, so some 250,000 words; the file is 20–30 times smaller.
DEFAULT_MAX_MODEL_BYTES = 256 << 20
#: What :func:`export_selection` writes: a model, or the selected words.
FILE_TYPES = ("skops", "csv", "json")
_MIME = {"skops": "application/octet-stream", "csv": "text/csv", "json": "application/json"}
#: scikit-learn's default token pattern, which fsviz.corpora.corpus tokenises with.
_TOKENS = CountVectorizer().token_pattern


class SnowballAnalyzer(WordAnalyzer):
    """The terms a stemmed corpus counts (:class:`fsviz.corpora.analyzer.WordAnalyzer`): its tokens, its stop words
    dropped, each token stemmed by PyStemmer's Snowball ``algorithm``, then its n-grams (:func:`fsviz.load_corpus`'s
    order). A ``CountVectorizer(analyzer=SnowballAnalyzer(...), vocabulary=stems)`` counts new texts as the corpus
    was counted. It saves as its arguments, so skops rebuilds it by calling the class (files of fsviz before
    n-grams hold two: the algorithm and the stop words).

    Parameters
    ----------
    algorithm : str, default "english"
        PyStemmer's Snowball algorithm (:func:`fsviz.corpora.analyzer.stem_algorithm`).
    stop_words : sequence of str, default ()
        Tokens dropped before stemming.
    ngram_range : tuple of (int, int), default (1, 1)
        The n-grams made from the stems.
    token_pattern : str, optional
        The tokens' regular expression (default: scikit-learn's).
    lowercase : bool, default True
        Whether the text is lowercased first.

    See Also
    --------
    fsviz.evaluation.export_pipeline : Puts one in a shipped pipeline for a stemmed corpus.
    fsviz.load_corpus : Counts a corpus's stems the same way (``stem=True``).

    Examples
    --------
    >>> analyzer = SnowballAnalyzer("english", ("the",))
    >>> analyzer("The runners were running")
    ['runner', 'were', 'run']
    """

    def __init__(self, algorithm: str = "english", stop_words=(), ngram_range=(1, 1), token_pattern=None,
                 lowercase=True):
        super().__init__(algorithm, stop_words, ngram_range, token_pattern, lowercase)


def _vectorizer(options: dict, words: list, binary: bool) -> CountVectorizer:
    """A vectoriser of ``words`` that counts new texts as the corpus's ``options`` counted it: scikit-learn's own
    for every corpus but a stemmed one (stop words given only with n-grams, and only those that are tokens)."""
    fixed = dict(vocabulary=words, binary=binary, dtype=np.float64)
    lowercase, ngram_range = options.get("lowercase", True), tuple(options.get("ngrams", (1, 1)))
    if options.get("analyzer") == "char_wb":
        return CountVectorizer(analyzer="char_wb", ngram_range=tuple(options["char_ngrams"]), lowercase=lowercase,
                               **fixed)
    stem, pattern = options.get("stem", False), options.get("token_pattern")
    if stem:
        algorithm = stem_algorithm(stem, options.get("language", "english"))
        analyzer = SnowballAnalyzer(algorithm, options.get("stop_words", ()), ngram_range, pattern, lowercase)
        return CountVectorizer(analyzer=analyzer, token_pattern=None, **fixed)
    tokens = WordAnalyzer(None, (), (1, 1), pattern, lowercase).tokens
    stop = [w for w in options.get("stop_words", ()) if tokens(w) == [w]] if ngram_range[1] > 1 else None
    return CountVectorizer(lowercase=lowercase, token_pattern=pattern or _TOKENS, ngram_range=ngram_range,
                           stop_words=stop or None, **fixed)


@dataclass(frozen=True, eq=False)
class Export:
    """What :func:`export_selection` returns: one file's content, and how to use it.

    Parameters
    ----------
    file_type : str
        ``"skops"`` (a fitted Pipeline), ``"csv"`` or ``"json"`` (the selected words).
    data : bytes
        The file.
    file_name : str
        A name for it, from the class, the spec and k.
    mime : str
        Its media type (``application/octet-stream``, ``text/csv`` or ``application/json``).
    words : pandas.DataFrame
        The selected words (:func:`selection_table`).
    snippet : str
        Python lines that load the file (named ``file_name``) and use it;
        :meth:`usage` gives them for another path.
    summary : str
        One line saying what the file holds.
    trusted : tuple of str, default ()
        The types ``skops.io.load`` must be told to trust (empty when
        scikit-learn's and numpy's are enough: skops trusts those itself).
    pipeline : sklearn.pipeline.Pipeline or None, default None
        The fitted pipeline (``"skops"`` only).

    See Also
    --------
    fsviz.evaluation.export_selection : Makes one.
    fsviz.evaluation.selection_table : The words it holds.
    fsviz.evaluation.export_pipeline : The fitted Pipeline alone, not saved.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> export = export_selection(corpus, "c0", "bns", 3, file_type="csv")
    >>> export.file_name, export.mime, export.summary
    ('fsviz-c0-bns-k3.csv', 'text/csv', "BNS's 3 words for class 'c0' (CSV, 130 bytes)")
    """

    file_type: str
    data: bytes
    file_name: str
    mime: str
    words: pd.DataFrame
    snippet: str
    summary: str
    trusted: tuple = ()
    pipeline: Pipeline | None = None

    def usage(self, path) -> str:
        """:attr:`snippet` for the file saved at ``path``."""
        return self.snippet.replace(json.dumps(self.file_name), json.dumps(str(path)))


def selection_table(corpus, class_name, metric, k, *, negative=None, random_state=0) -> pd.DataFrame:
    """The ``k`` words ``metric`` selects for ``class_name`` on the whole corpus, best first.

    The grid's selection (:func:`fsviz.evaluation.grid.fold_selections`) with every
    document as the training split. ``k`` above the vocabulary selects it all.

    Parameters
    ----------
    corpus : fsviz.Corpus
        The corpus; every document is the training split.
    class_name : str or list of str
        The positive class (or group of classes).
    metric : str
        Any spec (:func:`fsviz.selection.parse_spec`).
    k : int
        Words to select.
    negative : list of str, optional
        A negative group of classes instead of the rest.
    random_state : int, default 0
        Seed for Rand and IGFSS's draws.

    Returns
    -------
    pandas.DataFrame
        ``rank`` (1 = best; IGFSS: the order it takes words), ``word``,
        ``column`` (its index in ``corpus.vocabulary``), ``tp`` and ``fp``
        (documents in and outside the class containing it) and ``score``
        (NaN for IGFSS, which gives words no score).

    See Also
    --------
    fsviz.evaluation.export_selection : The same words in a file, or fitted into a pipeline.
    fsviz.evaluation.fold_selections : The grid's selection on one training split.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> selection_table(corpus, "c0", "bns", 3).round(3)
       rank    word  column  tp  fp  score
    0     1  neg0x4       4   0  17  3.458
    1     2  neg0x2       2   0  16  3.374
    2     3  pos1x1      16   0  16  3.374
    """
    return _table(_plan(corpus, class_name, metric, k, random_state=random_state, negative=negative))


def export_pipeline(corpus, class_name, metric, k, *, negative=None, classifier="svm", params=(), random_state=0,
                    max_bytes=DEFAULT_MAX_MODEL_BYTES) -> Pipeline:
    """A fitted ``CountVectorizer → classifier`` Pipeline: ``metric``'s ``k`` words for ``class_name``.

    See the module notes for why the selection is the vectoriser's vocabulary.

    Parameters
    ----------
    corpus : fsviz.Corpus
        A corpus read from texts (``corpus.options["tokenised"]``); every document trains the model.
    class_name : str or list of str
        The positive class (or group of classes); ``predict`` returns it or ``"not <class_name>"``.
    negative : list of str, optional
        A negative group of classes instead of the rest (:mod:`fsviz.corpora.groups`): the model is fitted on the two
        groups' documents only, and ``predict`` returns the positive or the negative group's name.
    metric : str
        Any spec (:func:`fsviz.selection.parse_spec`): a metric, ``bns@0.3``, a combination, IGFSS.
    k : int
        Words to select; above the vocabulary, all of it.
    classifier : str, default "svm"
        A key of :data:`fsviz.learn.classifiers.CLASSIFIERS`.
    params : dict or tuple of (name, value) pairs, default ()
        The classifier's parameters, checked as the grid checks them.
    random_state : int, default 0
        Seed for Rand and IGFSS's draws.
    max_bytes : int, default 256 MiB
        The largest model to fit, estimated before fitting: about 1 KiB a word as skops builds it (the file,
        deflated, is 20–30 times smaller), and kNN stores every training document; raise it to export a larger one.

    Returns
    -------
    sklearn.pipeline.Pipeline
        The fitted ``CountVectorizer → classifier`` pipeline.

    Raises
    ------
    ValueError
        A bad argument, naming it; CorpusError for a corpus without texts or
        a model over ``max_bytes``.

    See Also
    --------
    fsviz.evaluation.export_selection : The pipeline saved with skops, with the lines that load it.
    fsviz.MetricSelector : Tunes the metric and k inside your own pipeline instead.

    Examples
    --------
    >>> import fsviz
    >>> planted = fsviz.make_planted_corpus(n_docs=200, n_classes=2)
    >>> model = fsviz.export_pipeline(planted.load(), "c0", "bns", 20)
    >>> model.predict(planted.texts[:4]).tolist(), planted.labels[:4]
    (['not c0', 'c0', 'not c0', 'c0'], ['c1', 'c0', 'c1', 'c0'])
    """
    plan = _plan(corpus, class_name, metric, k, classifier, params, random_state, negative)
    return _fit(plan, max_bytes)


def _fit(plan: _Plan, max_bytes) -> Pipeline:
    corpus, config = plan.corpus, plan.config
    if not corpus.options.get("tokenised", False):
        raise CorpusError(f"{corpus.name!r} came pre-counted (no texts), so a pipeline could not count new "
                          "documents' words as its columns were counted; export the selected words instead: "
                          "file_type='csv' or 'json' (on the command line, --out words.csv or words.json)")
    max_bytes = check_whole(max_bytes, "max_bytes", minimum=1)
    estimate = _model_bytes(plan)
    if estimate > max_bytes:
        why, fix = ((f"{config.classifier} keeps its {corpus.n_docs:,} training documents", "k or the svm or nb "
                     "classifier") if config.classifier in KNN else ("about 1 KiB a word", "k"))
        raise CorpusError(f"the model would take about {_size(estimate)}, over the limit of {_size(max_bytes)} "
                          f"(max_bytes; {why}); choose a smaller {fix}, or raise it: "
                          "export_pipeline(..., max_bytes=...)")
    columns = plan.columns
    X = cell_data(corpus, config).X.tocsc()[:, columns].tocsr()  # as run_cell: sorted indices, the same sums
    X, y = (X, plan.y) if plan.rows.all() else (X[plan.rows], plan.y[plan.rows])
    model = make_classifier(config.classifier, config.classifier_params)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # as the grid: a hard task still gets its model
        fast_fit(model, X, y)  # the grid's fit: LinearSVC solved as run_grid's default solver does
    model.classes_ = np.array([plan.negative_label, plan.class_name])
    words = corpus.vocabulary[columns].astype(str).tolist()
    vectorizer = _vectorizer(corpus.options, words, config.classifier not in FREQUENCY_CLASSIFIERS)
    vectorizer.fit([])  # a fixed vocabulary: sets vocabulary_, so the pipeline reads as fitted
    return Pipeline([("words", vectorizer), ("classifier", model)])


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n:,} bytes"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", str(text)).strip("_.")[:60] or "class"


def export_selection(corpus, class_name, metric, k, *, negative=None, classifier="svm", params=(), file_type=None,
                     random_state=0, max_bytes=DEFAULT_MAX_MODEL_BYTES) -> Export:
    """:func:`export_pipeline` saved with skops, or the selected words as CSV/JSON; one file and its snippet.

    Loading a ``.skops`` file: ``skops.io.load(path, trusted=export.trusted)``; check first that
    ``skops.io.get_untrusted_types(file=path)`` lists only those. A pipeline of scikit-learn's LinearSVC or
    MultinomialNB needs none (skops trusts scikit-learn and numpy types); a stemmed corpus adds
    ``fsviz.evaluation.shipping.SnowballAnalyzer``, a kNN or centroid classifier its ``fsviz.learn.classifiers`` class;
    both then need fsviz installed to load.

    Parameters
    ----------
    corpus, class_name, metric, k, negative, classifier, params
        As :func:`export_pipeline`.
    file_type : {"skops", "csv", "json"}, optional
        ``"skops"`` (the default for corpora read from texts), ``"csv"`` (the default for pre-counted ones) or
        ``"json"`` (the words with the corpus, class, spec and preprocessing).
    random_state, max_bytes
        As :func:`export_pipeline`.

    Returns
    -------
    Export
        The file, its name, the selected words and the snippet that loads it.

    See Also
    --------
    fsviz.evaluation.export_pipeline : The fitted pipeline a ``.skops`` file holds.
    fsviz.evaluation.Export : What it returns.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.make_planted_corpus(n_docs=60, n_classes=2, n_background=50).load()
    >>> export = export_selection(corpus, "c0", "bns", 3, file_type="csv")
    >>> print(export.data.decode())
    rank,word,column,tp,fp,score
    1,neg0x4,4,0,17,3.45842073628
    2,neg0x2,2,0,16,3.3741784653990234
    3,pos1x1,16,0,16,3.3741784653990234
    <BLANKLINE>
    """
    plan = _plan(corpus, class_name, metric, k, classifier, params, random_state, negative)
    tokenised = bool(plan.corpus.options.get("tokenised", False))
    file_type = check_choice("skops" if file_type is None and tokenised else file_type or "csv", "file_type",
                             FILE_TYPES)
    words = _table(plan)
    vs = "" if plan.groups.negative is None else f" against {plan.negative_label!r}"
    what = f"{spec_label(plan.metric)}'s {len(words):,} words for class {plan.class_name!r}{vs}"
    task = plan.class_name + ("" if plan.groups.negative is None else f"-vs-{plan.negative_label}")
    name = f"fsviz-{_slug(task)}-{_slug(plan.metric)}-k{len(words)}.{file_type}"
    if file_type != "skops":
        data = _words_file(plan, words, file_type)
        snippet = words_snippet(name, file_type, tokenised, bool(plan.corpus.options.get("stem")), plan.corpus.options)
        return Export(file_type, data, name, _MIME[file_type], words, snippet,
                      f"{what} ({file_type.upper()}, {len(data):,} bytes)")
    pipeline = _fit(plan, max_bytes)
    import skops.io  # late: importing it loads every scikit-learn estimator (about 2 s), needed only here

    data = skops.io.dumps(pipeline, compression=zipfile.ZIP_DEFLATED)  # its JSON schema shrinks about 30 times
    trusted = tuple(skops.io.get_untrusted_types(data=data))
    fitted = f"{CLASSIFIER_LABELS[plan.config.classifier]} fitted on {int(plan.rows.sum()):,} documents " \
             f"({int(plan.y[plan.rows].sum()):,} in the class)"
    return Export("skops", data, name, _MIME["skops"], words, model_snippet(name, plan, trusted),
                  f"{what} → {fitted} ({len(data) / 1024:,.0f} KiB)", trusted, pipeline)


def _words_file(plan: _Plan, words: pd.DataFrame, file_type: str) -> bytes:
    if file_type == "csv":
        return words.to_csv(index=False).encode()
    corpus = plan.corpus
    meta = {"corpus": corpus.name, "class": plan.class_name, "negative": plan.negative_label, "metric": plan.metric,
            "k": len(words),
            "documents": int(plan.rows.sum()), "in_class": int(plan.y[plan.rows].sum()), "vocabulary": corpus.n_words,
            "preprocessing": {key: corpus.options.get(key) for key in ("min_df", "max_df", "stopwords", "stem", "language",
                                                                       "ngrams", "analyzer", "char_ngrams",
                                                                       "token_pattern", "lowercase", "tokenised")},
            "words": json.loads(words.to_json(orient="records"))}
    out = io.StringIO()
    json.dump(meta, out, indent=1, ensure_ascii=False, default=str)
    return out.getvalue().encode()
