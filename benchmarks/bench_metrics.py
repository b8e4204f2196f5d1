"""Scoring a 100k-word vocabulary with every metric.

    python benchmarks/bench_metrics.py [--words 100000] [--repeat 20]

Counts are drawn like a real vocabulary (Zipf document frequencies, class
skew 1:19). Reports each metric's median time, the total for the thirteen of
the 2×2 table (Forman's twelve and CC) (goal <= 20 ms), each of the field's
metrics since 2003 (issue #28; goal <= 20 ms each), and ecosystem comparisons
measured in the same run, A and B interleaved, medians:

- Chi from a matrix: fsviz (one sparse product + score) vs scikit-learn's
  ``feature_selection.chi2`` on the same sparse matrix (a different statistic
  that ignores absent cells, but the usual way to score words), and
- a naive pipeline: ``scipy.stats.chi2_contingency`` word by word (on a
  sample of words, extrapolated);
- G²: fsviz ``g2`` vs ``scipy.stats.power_divergence(lambda_="log-likelihood")``
  vectorised over the words' 2×2 tables, and vs ``chi2_contingency(...,
  lambda_="log-likelihood")`` word by word (extrapolated); the largest
  relative difference is the quality number;
- ANOVA F from a matrix: fsviz (one sparse product + ``anova_f``) vs
  scikit-learn's ``f_classif`` on the same binary sparse matrix in float64,
  and their largest relative difference where f_classif is finite (on the
  int32 matrix f_classif loses digits: 1e-3 relative on common words).
"""

import argparse
import time
import warnings

import numpy as np
from _common import timed
from scipy import sparse
from scipy.stats import chi2_contingency, power_divergence
from sklearn.feature_selection import chi2, f_classif

import fsviz

FIELD = ("log_odds", "g2", "log_ratio", "anova_f", "dfs", "ndm", "mmr", "gini", "poisson", "gain_ratio", "su")


def interleaved(a, b, repeat):
    """(median seconds of a, of b, a's last result, b's last result), runs alternating a, b, a, b …"""
    times_a, times_b = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        result_a = a()
        times_a.append(time.perf_counter() - start)
        start = time.perf_counter()
        result_b = b()
        times_b.append(time.perf_counter() - start)
    return float(np.median(times_a)), float(np.median(times_b)), result_a, result_b


def largest_relative_difference(ours, theirs):
    """max |ours − theirs| / max(|theirs|, 1) where theirs is finite: relative, but absolute near 0
    (where tpr = fpr exactly fsviz says 0 and f_classif's rounding says ±1e-6)."""
    ok = np.isfinite(theirs)
    return float(np.max(np.abs(ours[ok] - theirs[ok]) / np.maximum(np.abs(theirs[ok]), 1.0), initial=0.0))


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
    names = [m for m in fsviz.metric_names("table") if m not in FIELD]  # Forman's twelve and CC
    for name in names:
        t, _ = timed(lambda name=name: fsviz.score(name, tp, fp, pos, neg), args.repeat)
        total += t
        print(f"  {name:6s} {t * 1e3:7.2f} ms")
    print(f"  all {len(names)}: {total * 1e3:.1f} ms (goal <= 20 ms)")
    print("the field's metrics since 2003 (goal <= 20 ms each)")
    for name in FIELD:
        t, _ = timed(lambda name=name: fsviz.score(name, tp, fp, pos, neg), args.repeat)
        print(f"  {name:10s} {t * 1e3:7.2f} ms {'ok' if t <= 0.020 else 'SLOW'}")

    # G²: the four cells of every word at once, observed and expected, for scipy's power_divergence.
    def scipy_g2():
        present = tp + fp
        observed = np.stack([tp, fp, pos - tp, neg - fp]).astype(float)
        expected = np.stack([present * pos, present * neg, (pos + neg - present) * pos,
                             (pos + neg - present) * neg]) / (pos + neg)
        with np.errstate(divide="ignore", invalid="ignore"):
            return power_divergence(observed, expected, lambda_="log-likelihood", axis=0).statistic

    t_g2, t_pd, ours_g2, theirs_g2 = interleaved(lambda: fsviz.score("g2", tp, fp, pos, neg), scipy_g2, args.repeat)
    sample = 300
    start = time.perf_counter()
    for j in range(sample):
        table = np.array([[tp[j], fp[j]], [pos - tp[j], neg - fp[j]]])
        if table.sum(axis=1).all():
            chi2_contingency(table, correction=False, lambda_="log-likelihood")
    t_g2_naive = (time.perf_counter() - start) / sample * args.words
    print("G² of every word")
    print(f"  fsviz g2                          : {t_g2 * 1e3:8.2f} ms")
    print(f"  scipy power_divergence, vectorised: {t_pd * 1e3:8.2f} ms   ratio scipy/fsviz {t_pd / t_g2:5.1f}x   "
          f"largest relative difference {largest_relative_difference(ours_g2, theirs_g2):.1e}")
    print(f"  chi2_contingency(G²) per word     : {t_g2_naive * 1e3:8.0f} ms   ratio naive/fsviz "
          f"{t_g2_naive / t_g2:5.0f}x (extrapolated from {sample} words)")

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

    def ours_f():
        return fsviz.score("anova_f", *fsviz.binary_counts(X, y))

    X64 = X.astype(np.float64)

    def sklearn_f():
        with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # "Features [0] are constant": the word in every document
            return f_classif(X64, y)[0]

    t_f, t_skf, f_ours, f_theirs = interleaved(ours_f, sklearn_f, 7)
    print(f"  fsviz counts + anova_f    : {t_f * 1e3:8.1f} ms")
    print(f"  sklearn f_classif (float) : {t_skf * 1e3:8.1f} ms   ratio sklearn/fsviz {t_skf / t_f:5.1f}x   "
          f"largest relative difference {largest_relative_difference(f_ours, f_theirs):.1e}")


if __name__ == "__main__":
    main()
