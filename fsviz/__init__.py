"""fsviz: see, compare and evaluate feature-selection metrics for text classification.

The public API, flat as in pingouin::

    corpus = fsviz.load_corpus(source)        # or fsviz.load_sample()
    task = corpus.binary_task("some class")   # tp, fp, pos, neg per word
    fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)
"""

from .corpus import DEFAULT_MIN_DF, Corpus, CorpusError, build_corpus, load_corpus
from .counts import Task, binary_counts, document_frequency
from .metrics import Metric, get_metric, metric_names, negative_features, register_metric, score, score_func
from .sample import build_sample, load_sample
from .selection import Selection, check_k, select_top_k
from .synthetic import PlantedCorpus, make_planted_corpus

__all__ = [
    "DEFAULT_MIN_DF",
    "Corpus",
    "CorpusError",
    "Metric",
    "PlantedCorpus",
    "Selection",
    "Task",
    "binary_counts",
    "build_corpus",
    "build_sample",
    "check_k",
    "document_frequency",
    "get_metric",
    "load_corpus",
    "load_sample",
    "make_planted_corpus",
    "metric_names",
    "negative_features",
    "register_metric",
    "score",
    "score_func",
    "select_top_k",
]

__version__ = "0.1.0"
