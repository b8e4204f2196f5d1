"""A fit's training columns: gathered per fit (fsviz.evaluation.grid.fits.gather_columns) vs cut from its metric's ranking
gathered once per fold, each top k a prefix.

    python benchmarks/bench_gather.py [--datasets tr45 wap la1] [--rounds 7]

For the first class's fold 0 of each dataset, every Forman metric's sets for
the grid's ks (10 … 2000) are made four ways, in turn (the order rotates
each round):

- ``gather``: scipy's row gather and transposition per set (what the grid did per fit; ``--solver sklearn`` still does);
- ``numpy cut``: the ranking's largest set gathered once with each entry's
  rank; each smaller k keeps the entries of rank below k from the previous
  cut and renumbers the columns (numpy boolean masks);
- ``scipy cut``: the same chain of cuts with scipy's ``csr_column_index1/2``
  (what ``X[:, columns]`` on a CSR matrix runs), no transposition.

- ``rank prefix`` (what the grid does, ``fsviz.evaluation.grid.fits.CellFits.rank``):
  the ranking's largest set gathered once in rank order (column j is the
  word of rank j), so each document's entries of the top k are a prefix of
  its row; each k finds the rows' ends (``fsviz.learn._row_cuts.prefix_ends``) and
  cuts the prefixes into a matrix of their own only for the primal solver's
  ks (below ``DUAL_FROM`` × the rows): the dual solver reads them in place.
  Its columns are in rank order, not ascending, so ``LinearSVC.fit`` would
  see another column order (the same optimum, other rounding): used by
  ``--solver fastest`` only.

The first three give the same arrays, bit for bit, in the column order
``LinearSVC.fit`` on ``X[:, sorted(words)]`` sees, so ``--solver sklearn``
would stay equal to it; the fourth gives ``X[:, ranking[:k]]`` (all checked
here). Printed: the median milliseconds per fold of each and the ratio to
``gather``.
"""

import argparse
import statistics
import time

import numpy as np
from _common import shared
from scipy import sparse
from scipy.sparse._sparsetools import csr_column_index1, csr_column_index2

import fsviz
from fsviz.evaluation.grid import GridConfig, cell_splits, fold_selections
from fsviz.evaluation.grid.fits import gather_columns
from fsviz.learn import _liblinear as liblinear
from fsviz.learn._row_cuts import cut_rows, prefix_ends


def by_gather(csc, ranking, ks):
    return [gather_columns(csc, np.sort(ranking[:k])) for k in ks]


def _levels(csc, ranking):
    order = np.argsort(ranking, kind="stable")
    return order.astype(np.int32), gather_columns(csc, ranking[order])


def by_numpy_cut(csc, ranking, ks):
    rank, (data, positions, indptr) = _levels(csc, ranking)
    ranks, out = rank[positions], []
    for k in sorted(ks, reverse=True):
        if k < ranking.size:
            kept = ranks < k
            counts = np.zeros(kept.size + 1, dtype=np.int32)
            np.cumsum(kept, out=counts[1:])
            data, positions, ranks, indptr = data[kept], positions[kept], ranks[kept], counts[indptr]
        renumber = np.cumsum(rank < k, dtype=np.int32) - 1
        out.append((data, renumber[positions], indptr))
    return out[::-1]


def by_scipy_cut(csc, ranking, ks):
    rank, (data, indices, indptr) = _levels(csc, ranking)
    out = []
    for k in sorted(ks, reverse=True):
        if k < rank.size:
            keep = np.flatnonzero(rank < k).astype(np.int32)
            offsets, new_indptr = np.zeros(rank.size, dtype=np.int32), np.empty_like(indptr)
            csr_column_index1(keep.size, keep, indptr.size - 1, rank.size, indptr, indices, offsets, new_indptr)
            new_indices, new_data = np.empty(new_indptr[-1], dtype=np.int32), np.empty(new_indptr[-1])
            csr_column_index2(np.arange(keep.size, dtype=np.int32), offsets, indices.size, indices, data,
                              new_indices, new_data)
            data, indices, indptr, rank = new_data, new_indices, new_indptr, rank[keep]
        out.append((data, indices, indptr))
    return out[::-1]


def by_rank_prefix(csc, ranking, ks):
    """The grid's way (``CellFits.rank``): one gather in rank order; per k, each row's end (looking on from the
    last k's), and for the primal solver's ks (below ``DUAL_FROM`` × the rows) the prefixes cut into their own
    CSR; the dual solver reads them in place. Gives (data, indices, indptr, ends), ends None when cut."""
    data, indices, indptr = gather_columns(csc, ranking)  # each row's entries by rank
    out, ends = [], None
    for k in ks:
        ends = prefix_ends(indices, indptr, k, ends)
        if k < liblinear.DUAL_FROM * csc.shape[0]:
            out.append((*cut_rows(data, indices, indptr[:-1], ends), None))
        else:
            out.append((data, indices, indptr, ends))
    return out


WAYS = {"gather": by_gather, "numpy cut": by_numpy_cut, "scipy cut": by_scipy_cut, "rank prefix": by_rank_prefix}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", nargs="+", default=["tr45", "wap", "la1"])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    config = GridConfig(trials=1)
    for name in args.datasets:
        corpus = fsviz.load_corpus(shared(name))
        X = sparse.csr_matrix(corpus.X, dtype=np.float64)
        y = corpus.y(corpus.classes[0])
        train, _ = cell_splits(y, config, 0)[0]
        chosen = fold_selections(X[train], y[train], config.metrics, config.ks)
        csc = X[train].tocsc()
        rankings = [max(sets.values(), key=len) for sets in chosen.selections.values()]
        ks = [[k for k in config.ks if k <= r.size] for r in rankings]
        for way, make in WAYS.items():
            for ranking, sizes in zip(rankings, ks):
                if way == "rank prefix":
                    for k, (data, indices, indptr, ends) in zip(sizes, make(csc, ranking, sizes)):
                        if ends is not None:
                            data, indices, indptr = cut_rows(data, indices, indptr[:-1], ends)
                        got = sparse.csr_matrix((data, indices, indptr), shape=(csc.shape[0], k))
                        assert (got != csc[:, ranking[:k]]).nnz == 0, way
                    continue
                for got, expected in zip(make(csc, ranking, sizes), by_gather(csc, ranking, sizes)):
                    assert all(np.array_equal(a, b) and a.dtype == b.dtype for a, b in zip(got, expected)), way
        seconds = {way: [] for way in WAYS}
        names = list(WAYS)
        for round_ in range(args.rounds):
            for way in names[round_ % len(names):] + names[:round_ % len(names)]:
                start = time.perf_counter()
                for ranking, sizes in zip(rankings, ks):
                    WAYS[way](csc, ranking, sizes)
                seconds[way].append(time.perf_counter() - start)
        base = statistics.median(seconds["gather"])
        print(f"{name}: {train.size} training documents, {len(rankings)} metrics × {len(config.ks)} k, "
              f"{sum(len(s) for s in ks)} sets per fold")
        for way, times in seconds.items():
            median = statistics.median(times)
            print(f"  {way:10} {1000 * median:7.2f} ms per fold ({median / base:4.2f}x gather)")


if __name__ == "__main__":
    main()
