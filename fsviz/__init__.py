"""fsviz: see, compare and evaluate feature-selection metrics for text classification.

The public API, flat as in pingouin::

    corpus = fsviz.load_corpus(source)        # or fsviz.load_sample()
    task = corpus.binary_task("some class")   # tp, fp, pos, neg per word
    fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)
    fsviz.score_words("ar(chi_max,ig)", corpus.training("some class"))  # any metric or combination
    fsviz.selected_words("igfss(cmfs,nfr=0.2)", corpus.training(), k=100)  # the k words any spec selects
    fsviz.export_selection(corpus, "some class", "bns", 1000).data  # a fitted Pipeline, saved with skops
    corpus.contexts("word", "some class")     # the documents behind a word, as keyword-in-context lines
"""

from ._validation import check_k
from .analyzer import LANGUAGES
from .contexts import NoTextError, WordContexts
from .corpus import DEFAULT_LIMITS, DEFAULT_MIN_DF, Corpus, CorpusError, Limits, build_corpus, load_corpus
from .counts import Training, binary_counts, document_frequency, negative_features
from .export import Export, export_pipeline, export_selection, selection_table
from .metrics import FORMAN_METRICS, Metric, get_metric, metric_names, register_metric, score, score_func
from .sample import build_sample, load_sample
from .selection import Selection, combination, score_words, select_top_k, selected_words, spec_label
from .synthetic import PlantedCorpus, make_planted_corpus
from .tables import WordFacts, word_facts
from .task import Task

__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_MIN_DF",
    "FORMAN_METRICS",
    "LANGUAGES",
    "Corpus",
    "CorpusError",
    "Export",
    "Limits",
    "Metric",
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
