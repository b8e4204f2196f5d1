"""Command line: ``python -m fsviz COMMAND …``.

Commands
--------
info DATA             what a corpus holds: documents, words, classes and skew
top DATA --class C    the top k words of one class under each metric
sample                build (or rebuild) the sample corpus cache

DATA is anything :func:`fsviz.load_corpus` reads (a file, a folder, an
archive), or ``sample`` for the bundled sample corpus.
"""

from __future__ import annotations

import argparse
import sys

import pandas as pd

from . import metric_names, select_top_k
from .corpus import DEFAULT_MIN_DF, load_corpus
from .sample import build_sample, load_sample, sample_path


def _load(args):
    options = dict(min_df=args.min_df, stopwords=args.stopwords, stem=args.stem)
    if args.data == "sample":
        return load_sample(**options)
    return load_corpus(args.data, format=args.format, **options)


def _corpus_arguments(parser):
    parser.add_argument("data", help="a corpus file or folder, or 'sample'")
    parser.add_argument("--format", default=None, help="force a format (csv, tsv, jsonl, zip, tar, folder, arff, cluto, …)")
    parser.add_argument("--min-df", type=int, default=DEFAULT_MIN_DF, help="drop words in fewer documents (default 3)")
    parser.add_argument("--stopwords", action="store_true", help="drop English stop words")
    parser.add_argument("--stem", action="store_true", help="merge words with the same English stem")


def class_table(corpus) -> pd.DataFrame:
    """Classes with their sizes and skew (neg:pos), largest first."""
    sizes = corpus.class_sizes
    table = pd.DataFrame({"class": corpus.classes, "documents": sizes, "skew 1:n": (corpus.n_docs - sizes) / sizes})
    return table.sort_values("documents", ascending=False, kind="stable").reset_index(drop=True)


def top_words(task, metrics, k) -> pd.DataFrame:
    """The top ``k`` words of ``task`` under each metric, one row per (metric, rank)."""
    rows = []
    for name in metrics:
        scores = task.score(name)
        for rank, j in enumerate(select_top_k(scores, k).indices, 1):
            rows.append((name, rank, task.vocabulary[j], int(task.tp[j]), int(task.fp[j]), float(scores[j])))
    return pd.DataFrame(rows, columns=["metric", "rank", "word", "tp", "fp", "score"])


def _info(args):
    corpus = _load(args)
    print(corpus)
    print(f"vocabulary: {corpus.n_words} words kept of {corpus.n_words_raw}; "
          f"the cutoff (min_df={corpus.options['min_df']}) removed {corpus.removed_words.size}")
    for note in corpus.notes:
        print(f"note: {note}")
    print(class_table(corpus).to_string(index=False, float_format=lambda v: f"{v:.1f}"))


def _top(args):
    corpus = _load(args)
    metrics = args.metrics.split(",") if args.metrics else metric_names()
    table = top_words(corpus.binary_task(args.class_name), metrics, min(args.k, corpus.n_words))
    if args.out:
        table.to_csv(args.out, index=False)
        print(f"wrote {len(table)} rows to {args.out}")
    else:
        wide = table.pivot(index="rank", columns="metric", values="word")[metrics]
        print(wide.to_string())


def _sample(args):
    path = build_sample(sample_path())
    print(f"wrote {path}")
    print(load_sample())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fsviz", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    info = commands.add_parser("info", help="summarise a corpus")
    _corpus_arguments(info)
    info.set_defaults(run=_info)
    top = commands.add_parser("top", help="top k words of a class under each metric")
    _corpus_arguments(top)
    top.add_argument("--class", dest="class_name", required=True, help="the positive class")
    top.add_argument("--metrics", default=None, help=f"comma-separated, default all: {','.join(metric_names())}")
    top.add_argument("-k", type=int, default=20, help="words per metric (default 20)")
    top.add_argument("--out", default=None, help="write a CSV instead of printing")
    top.set_defaults(run=_top)
    sample = commands.add_parser("sample", help="build the sample corpus cache")
    sample.set_defaults(run=_sample)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except ValueError as exc:  # CorpusError included: a message for the user, not a traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


__all__ = ["class_table", "main", "top_words"]
