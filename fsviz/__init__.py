"""fsviz: see, compare and evaluate feature-selection metrics for text classification.

The public API, flat as in pingouin::

    corpus = fsviz.load_corpus(source)        # or fsviz.load_sample(), or fsviz.load_split(train, test)
    task = corpus.binary_task("some class")   # tp, fp, pos, neg per word
    fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)
    fsviz.score_words("ar(chi_max,ig)", corpus.training("some class"))  # any metric or combination
    fsviz.selected_words("igfss(cmfs,nfr=0.2)", corpus.training(), k=100)  # the k words any spec selects
    fsviz.export_selection(corpus, "some class", "bns", 1000).data  # a fitted Pipeline, saved with skops
    Pipeline([("vect", CountVectorizer()), ("select", fsviz.MetricSelector("bns", k=1000)), ("clf", LinearSVC())])
    corpus.contexts("word", "some class")     # the documents behind a word, as keyword-in-context lines

Each name is imported from its module when first used (PEP 562 ``__getattr__``), so ``import fsviz`` and
the command line (``fsviz --help``, ``fsviz info``) load only the modules they use, not scikit-learn's
estimators, plotly or pyarrow for every command; ``from fsviz import load_corpus`` works as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._compat import install
from ._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from ._validation import check_k
    from .corpora.analyzer import LANGUAGES
    from .corpora.contexts import NoTextError, WordContexts
    from .corpora.corpus import DEFAULT_LIMITS, DEFAULT_MIN_DF, Corpus, CorpusError, Limits, build_corpus, load_corpus
    from .corpora.preprocessing import LoadStopped
    from .corpora.sample import build_sample, load_sample
    from .corpora.split import load_split
    from .corpora.synthetic import PlantedCorpus, make_planted_corpus
    from .corpora.task import Task
    from .evaluation.shipping import Export, MetricSelector, export_pipeline, export_selection, selection_table
    from .metrics import FORMAN_METRICS, Metric, get_metric, metric_names, register_metric, score, score_func
    from .metrics.counts import Training, binary_counts, document_frequency, negative_features
    from .selection import Selection, combination, score_words, select_top_k, selected_words, spec_label
    from .stats.tables import WordFacts, word_facts

#: The module (relative to fsviz) each public name comes from (tests/test_lazy_imports.py checks it against
#: ``__all__`` and the names above).
_SOURCES = {
    "_validation": ["check_k"],
    "corpora.analyzer": ["LANGUAGES"],
    "corpora.contexts": ["NoTextError", "WordContexts"],
    "corpora.preprocessing": ["LoadStopped"],
    "corpora.corpus": ["DEFAULT_LIMITS", "DEFAULT_MIN_DF", "Corpus", "CorpusError", "Limits", "build_corpus", "load_corpus"],
    "metrics.counts": ["Training", "binary_counts", "document_frequency", "negative_features"],
    "evaluation.shipping": ["Export", "MetricSelector", "export_pipeline", "export_selection", "selection_table"],
    "metrics": ["FORMAN_METRICS", "Metric", "get_metric", "metric_names", "register_metric", "score", "score_func"],
    "corpora.sample": ["build_sample", "load_sample"],
    "corpora.split": ["load_split"],
    "selection": ["Selection", "combination", "score_words", "select_top_k", "selected_words", "spec_label"],
    "corpora.synthetic": ["PlantedCorpus", "make_planted_corpus"],
    "stats.tables": ["WordFacts", "word_facts"],
    "corpora.task": ["Task"],
}
_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}

__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_MIN_DF",
    "FORMAN_METRICS",
    "LANGUAGES",
    "Corpus",
    "CorpusError",
    "Export",
    "Limits",
    "LoadStopped",
    "Metric",
    "MetricSelector",
    "NoTextError",
    "PlantedCorpus",
    "Selection",
    "Task",
    "Training",
    "WordContexts",
    "WordFacts",
    "binary_counts",
    "build_corpus",
    "build_sample",
    "check_k",
    "combination",
    "document_frequency",
    "export_pipeline",
    "export_selection",
    "get_metric",
    "load_corpus",
    "load_sample",
    "load_split",
    "make_planted_corpus",
    "metric_names",
    "negative_features",
    "register_metric",
    "score",
    "score_func",
    "score_words",
    "select_top_k",
    "selected_words",
    "selection_table",
    "spec_label",
    "word_facts",
]

__version__ = "0.1.0"


__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
install()  # the module paths of fsviz 0.1 keep working for one release, with a DeprecationWarning
