"""Reading corpora: every format to one :class:`Corpus`, one text path, and the binary tasks it holds.

What a newcomer finds here, lowest first: the readers of each format family (:mod:`~fsviz.corpora.formats`,
with their resource limits), the data folders a server allows (:mod:`~fsviz.corpora.paths`), the analyzers
(:mod:`~fsviz.corpora.analyzer`: words, n-grams, 30 languages' stop words and stemmers; the token pattern
checked by :mod:`~fsviz.corpora.patterns`) and the one text path
every format goes through (:mod:`~fsviz.corpora.preprocessing`), a class against the rest as a :class:`Task`
(:mod:`~fsviz.corpora.task`) or one group of classes against another (:mod:`~fsviz.corpora.groups`), the
documents behind a word (:mod:`~fsviz.corpora.contexts`), :class:`Corpus` itself (:mod:`~fsviz.corpora.corpus`),
a built corpus saved without pickle (:mod:`~fsviz.corpora.saved`), a training file and a test file read as one
corpus (:mod:`~fsviz.corpora.split`), a large corpus read in a worker process for a server
(:mod:`~fsviz.corpora.apart`), the bundled sample and planted corpora whose
answer is known (:mod:`~fsviz.corpora.sample`, :mod:`~fsviz.corpora.synthetic`).

It may import :mod:`fsviz.metrics` and :mod:`fsviz.selection` (a task scores and ranks its words), the
checks at the door (``fsviz._validation``) and the worker processes (``fsviz._workers``); nothing here
imports statistics, evaluation, plots or the CLI.

Each public name is imported from its module on first use (PEP 562), so importing the package loads nothing
else; ``__all__`` is the package's public API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import package_names

if TYPE_CHECKING:  # what type checkers and editors see; at run time __getattr__ imports on first use
    from .analyzer import (
        ISO_CODES,
        LANGUAGES,
        MAX_CHAR_NGRAM,
        MAX_NGRAM,
        TEXT_DEFAULTS,
        TEXT_OPTIONS,
        WordAnalyzer,
        check_ngrams,
        check_preprocessing,
        check_text_options,
        language_stop_words,
        stem_algorithm,
        stemmer,
    )
    from .apart import APART_BYTES, load_apart
    from .contexts import ContextLine, ContextSample, NoTextError, WordContexts, keyword_in_context, word_index
    from .corpus import (
        DEFAULT_LIMITS,
        Corpus,
        CorpusError,
        Counted,
        Limits,
        TextOptionsError,
        build_corpus,
        counted,
        load_corpus,
    )
    from .cutoffs import common_words, cutoff_error, df_cutoffs, max_count
    from .formats import (
        CLUTO_CLASS_NAMES,
        FORMATS,
        RawCorpus,
        check_limits,
        decode,
        detect_format,
        label_text,
        read,
        read_arff,
        read_cluto,
        read_cluto_mat,
        read_folder,
        read_jsonl,
        read_lines,
        read_table,
        read_tar,
        read_texts,
        read_zip,
    )
    from .groups import Groups, check_groups, group_labels, group_task, parse_classes
    from .ngrams import CharAnalyzer
    from .parts import IN_MEMORY_FACTOR, PART_DOCS, ClassCounts, count_in_parts, default_memory, part_docs_for
    from .paths import ALLOW_PATHS_VAR, DATA_DIRS_VAR, confine_path, data_roots, paths_allowed, require_path
    from .patterns import check_token_pattern
    from .preprocessing import LoadStopped, clean_label, count_terms, label_matrix, merge_columns, tokenise
    from .sample import MODULES, build_sample, load_sample, sample_path
    from .saved import FORMAT, read_corpus, save_corpus
    from .split import BUILD_OPTIONS, load_split
    from .synthetic import PlantedCorpus, make_planted_corpus
    from .task import Task

#: The module each public name comes from, relative to this package.
_SOURCES = {
    "analyzer": [
        "ISO_CODES", "LANGUAGES", "MAX_CHAR_NGRAM", "MAX_NGRAM", "TEXT_DEFAULTS", "TEXT_OPTIONS",
        "WordAnalyzer", "check_ngrams", "check_preprocessing", "check_text_options", "language_stop_words",
        "stem_algorithm", "stemmer",
    ],
    "contexts": [
        "ContextLine", "ContextSample", "NoTextError", "WordContexts", "keyword_in_context", "word_index",
    ],
    "apart": ["APART_BYTES", "load_apart"],
    "cutoffs": ["common_words", "cutoff_error", "df_cutoffs", "max_count"],
    "corpus": [
        "Corpus", "CorpusError", "Counted", "DEFAULT_LIMITS", "Limits", "TextOptionsError", "build_corpus", "counted",
        "load_corpus",
    ],
    "parts": ["ClassCounts", "IN_MEMORY_FACTOR", "PART_DOCS", "count_in_parts", "default_memory", "part_docs_for"],
    "formats": [
        "CLUTO_CLASS_NAMES", "FORMATS", "RawCorpus", "check_limits", "decode", "detect_format", "label_text",
        "read", "read_arff", "read_cluto", "read_cluto_mat", "read_folder", "read_jsonl", "read_lines",
        "read_table", "read_tar", "read_texts", "read_zip",
    ],
    "groups": [
        "Groups", "check_groups", "group_labels", "group_task", "parse_classes",
    ],
    "paths": [
        "ALLOW_PATHS_VAR", "DATA_DIRS_VAR", "confine_path", "data_roots", "paths_allowed", "require_path",
    ],
    "ngrams": ["CharAnalyzer"],
    "patterns": ["check_token_pattern"],
    "preprocessing": ["LoadStopped", "clean_label", "count_terms", "label_matrix", "merge_columns", "tokenise"],
    "sample": [
        "MODULES", "build_sample", "load_sample", "sample_path",
    ],
    "saved": [
        "FORMAT", "read_corpus", "save_corpus",
    ],
    "split": [
        "BUILD_OPTIONS", "load_split",
    ],
    "synthetic": [
        "PlantedCorpus", "make_planted_corpus",
    ],
    "task": [
        "Task",
    ],
}

__all__ = [
    "ALLOW_PATHS_VAR", "APART_BYTES", "BUILD_OPTIONS", "CLUTO_CLASS_NAMES", "DATA_DIRS_VAR", "DEFAULT_LIMITS",
    "FORMAT", "FORMATS", "ISO_CODES", "LANGUAGES", "MAX_CHAR_NGRAM", "MAX_NGRAM", "MODULES", "PART_DOCS",
    "TEXT_DEFAULTS", "TEXT_OPTIONS", "CharAnalyzer", "ClassCounts", "ContextLine", "ContextSample", "Corpus",
    "CorpusError", "Counted", "Groups", "Limits",
    "LoadStopped", "NoTextError", "PlantedCorpus", "RawCorpus", "Task", "TextOptionsError", "WordAnalyzer",
    "WordContexts", "build_corpus", "build_sample", "check_groups", "check_limits", "check_ngrams",
    "check_preprocessing", "check_text_options", "check_token_pattern", "clean_label", "common_words", "confine_path",
    "count_in_parts", "count_terms", "default_memory", "part_docs_for",
    "IN_MEMORY_FACTOR", "counted", "cutoff_error", "data_roots", "decode", "detect_format", "df_cutoffs",
    "group_labels",
    "group_task", "keyword_in_context", "label_matrix", "label_text", "language_stop_words", "load_apart",
    "load_corpus", "load_sample", "load_split", "make_planted_corpus", "max_count", "merge_columns", "parse_classes",
    "paths_allowed", "read", "read_arff", "read_cluto", "read_cluto_mat", "read_corpus", "read_folder", "read_jsonl",
    "read_lines", "read_table", "read_tar", "read_texts", "read_zip", "require_path", "sample_path", "save_corpus",
    "stem_algorithm", "stemmer", "tokenise", "word_index",
]

__getattr__, __dir__ = package_names(__name__, _SOURCES, globals())
