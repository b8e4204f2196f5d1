"""Ingest of 20 Newsgroups: fsviz.load_corpus vs the usual scikit-learn way.

    python benchmarks/bench_ingest.py [--repeat 3]

Both sides read the same .tar.gz, decode every message (UTF-8, latin-1
fallback) and tokenise with CountVectorizer; the baseline stops there
(``CountVectorizer(binary=True, min_df=3)``), fsviz also keeps term
frequencies, builds the label matrix and records what the cutoff removed.
Goal: ratio <= 1.1. Also: the baseline on texts already in memory (tokenising
alone), and peak memory of each side.
"""

import argparse
import statistics
import tarfile

from _common import peak_mib, shared, timed
from sklearn.feature_extraction.text import CountVectorizer

import fsviz


def read_texts(path):
    texts, labels = [], []
    with tarfile.open(path, "r:*") as tar:
        for member in tar:
            if member.isfile():
                data = tar.extractfile(member).read()
                try:
                    texts.append(data.decode("utf-8"))
                except UnicodeDecodeError:
                    texts.append(data.decode("latin-1"))
                labels.append(member.name.split("/")[-2])
    return texts, labels


def baseline(path):
    texts, labels = read_texts(path)
    return CountVectorizer(binary=True, min_df=3).fit_transform(texts), labels


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    path = shared("20newsgroups", "20news-bydate.tar.gz")
    texts, _ = read_texts(path)
    t_tok, _ = timed(lambda: CountVectorizer(binary=True, min_df=3).fit_transform(texts), args.repeat)
    # Interleaved, so drift in the machine's speed hits both sides alike.
    base_times, our_times = [], []
    for _ in range(args.repeat):
        t, (X, _) = timed(lambda: baseline(path), 1)
        base_times.append(t)
        t, corpus = timed(lambda: fsviz.load_corpus(path), 1)
        our_times.append(t)
    t_base, t_ours = statistics.median(base_times), statistics.median(our_times)
    assert corpus.X.shape == X.shape, (corpus.X.shape, X.shape)
    m_base = peak_mib(lambda: baseline(path))
    m_ours = peak_mib(lambda: fsviz.load_corpus(path))
    print(f"20 Newsgroups: {corpus.n_docs} documents, {corpus.n_words} words after the cutoff (min_df=3)")
    print(f"  CountVectorizer on texts in memory : {t_tok:6.2f} s")
    print(f"  read tar + CountVectorizer(binary) : {t_base:6.2f} s   peak {m_base:7.1f} MiB")
    print(f"  fsviz.load_corpus(tar.gz)          : {t_ours:6.2f} s   peak {m_ours:7.1f} MiB")
    print(f"  ratio fsviz / baseline             : {t_ours / t_base:6.2f}x time, {m_ours / m_base:.2f}x memory "
          "(goal <= 1.1x time)")


if __name__ == "__main__":
    main()
