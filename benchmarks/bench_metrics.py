"""Scoring a 100k-word vocabulary with every metric.

    python benchmarks/bench_metrics.py [--words 100000] [--repeat 20]

Counts are drawn like a real vocabulary (Zipf document frequencies, class
skew 1:19). Reports each metric's median time, the total for the thirteen of the 2×2 table (Forman's twelve and CC)
(goal <= 20 ms), and two ecosystem comparisons measured in the same run:

- Chi from a matrix: fsviz (one sparse product + score) vs scikit-learn's
  ``feature_selection.chi2`` on the same sparse matrix (a different statistic
  that ignores absent cells, but the usual way to score words), and
- a naive pipeline: ``scipy.stats.chi2_contingency`` word by word (on a
  sample of words, extrapolated).
"""

import argparse
import time

import numpy as np
from _common import timed
from scipy import sparse
from scipy.stats import chi2_contingency
from sklearn.feature_selection import chi2

import fsviz


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    pos, neg = 1000, 19000
    df = np.minimum(pos + neg, (2e4 / np.arange(1, args.words + 1) ** 0.9).astype(int) + 1)
    tp = rng.binomial(df, pos / (pos + neg))
    tp = np.minimum(tp, pos)
    fp = np.minimum(df - tp, neg)
    total = 0.0
    print(f"{args.words} words, pos={pos}, neg={neg}")
    names = fsviz.metric_names("table")  # the metrics of the 2×2 table; the others read documents
    for name in names:
        t, _ = timed(lambda name=name: fsviz.score(name, tp, fp, pos, neg), args.repeat)
        total += t
        print(f"  {name:6s} {t * 1e3:7.2f} ms")
    print(f"  all {len(names)}: {total * 1e3:.1f} ms (goal <= 20 ms)")

    # A matrix with the same shape of data, to compare the whole path.
    n_docs = pos + neg
    nnz_per_word = np.minimum(df, n_docs)
    rows = np.concatenate([rng.choice(n_docs, size=k, replace=False) for k in nnz_per_word[:args.words]])
    cols = np.repeat(np.arange(args.words), nnz_per_word)
    X = sparse.csr_matrix((np.ones(rows.size, dtype=np.int32), (rows, cols)), shape=(n_docs, args.words))
    y = np.zeros(n_docs, dtype=bool)
    y[:pos] = True

    def ours():
        return fsviz.score("chi", *fsviz.binary_counts(X, y))

    t_ours, _ = timed(ours, 5)
    t_sk, _ = timed(lambda: chi2(X, y), 5)
    sample = 300
    start = time.perf_counter()
    for j in range(sample):
        table = np.array([[tp[j], fp[j]], [pos - tp[j], neg - fp[j]]])
        if table.sum(axis=1).all():
            chi2_contingency(table, correction=False)
    t_naive = (time.perf_counter() - start) / sample * args.words
    print(f"matrix {n_docs} x {args.words}, {X.nnz} non-zeros")
    print(f"  fsviz counts + chi        : {t_ours * 1e3:8.1f} ms")
    print(f"  sklearn chi2              : {t_sk * 1e3:8.1f} ms   ratio sklearn/fsviz {t_sk / t_ours:5.1f}x")
    print(f"  chi2_contingency per word : {t_naive * 1e3:8.0f} ms   ratio naive/fsviz {t_naive / t_ours:5.0f}x "
          f"(extrapolated from {sample} words)")


if __name__ == "__main__":
    main()
