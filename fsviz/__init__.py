"""fsviz: see, compare and evaluate feature-selection metrics for text classification.

The public API, flat as in pingouin::

    corpus = fsviz.load_corpus(source)        # or fsviz.load_sample()
    task = corpus.binary_task("some class")   # tp, fp, pos, neg per word
    fsviz.score("bns", task.tp, task.fp, task.pos, task.neg)
    fsviz.score_words("ar(chi_max,ig)", corpus.training("some class"))  # any metric or combination
    fsviz.selected_words("igfss(cmfs,nfr=0.2)", corpus.training(), k=100)  # the k words any spec selects
"""

from .corpus import DEFAULT_MIN_DF, Corpus, CorpusError, build_corpus, load_corpus
from .counts import Task, binary_counts, document_frequency
from .metrics import (FORMAN_METRICS, Metric, get_metric, metric_names, negative_features, register_metric, score,
                      score_func)
from .scoring import Training, combination, score_words, selected_words, spec_label
from .sample import build_sample, load_sample
from .selection import Selection, check_k, select_top_k
from .synthetic import PlantedCorpus, make_planted_corpus

__all__ = [
    "DEFAULT_MIN_DF",
    "FORMAN_METRICS",
    "Corpus",
    "CorpusError",
    "Metric",
    "PlantedCorpus",
    "Selection",
    "Task",
    "Training",
    "binary_counts",
    "build_corpus",
    "build_sample",
    "check_k",
    "combination",
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
    "score_words",
    "select_top_k",
    "selected_words",
    "spec_label",
]

__version__ = "0.1.0"
