"""N-grams on 20 Newsgroups: load time, peak RSS and vocabulary for ngrams (1, 1) and (1, 2), against scikit-learn.

    python benchmarks/bench_ngrams.py [--repeat 1] [--char]

Each measurement runs in a fresh process, so its peak resident set size (``ru_maxrss``) is its own:
``fsviz.load_corpus(tar.gz, ngrams=…)`` (default cutoff, min_df=3) against the usual way, reading the
same tar and ``CountVectorizer(ngram_range=…, binary=True, min_df=3)``. For fsviz it also times the
word map's library side on the loaded corpus (merging words into points and building the figure with
six isoclines, class sci.crypt): what grows with the vocabulary. ``--char`` adds ``analyzer="char_wb"``
with ``char_ngrams=(2, 4)``.
"""

import argparse
import json
import statistics
import subprocess
import sys

from _common import REPO, shared

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {repo!r}); sys.path.insert(0, {bench!r})
options = json.loads(sys.argv[1])
side, path = options.pop("side"), {path!r}
start = time.perf_counter()
if side == "fsviz":
    import fsviz
    from fsviz.plots import word_map_figure
    from fsviz.stats.tables import word_points
    start = time.perf_counter()
    corpus = fsviz.load_corpus(path, **{{k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}})
    seconds = time.perf_counter() - start
    task = corpus.binary_task("sci.crypt")
    t0 = time.perf_counter(); points = word_points(task); t1 = time.perf_counter()
    word_map_figure(task, ["bns", "ig", "chi", "odds", "pr", "dfreq"], 100, points=points)
    t2 = time.perf_counter()
    out = dict(words=corpus.n_words, raw=corpus.n_words_raw, points=int(points.fp.size), points_ms=(t1 - t0) * 1e3,
               figure_ms=(t2 - t1) * 1e3)
else:
    from bench_ingest import read_texts
    from sklearn.feature_extraction.text import CountVectorizer
    start = time.perf_counter()
    texts, labels = read_texts(path)
    kind = options.get("analyzer", "word")
    n = tuple(options.get("char_ngrams" if kind == "char_wb" else "ngrams", (1, 1)))
    X = CountVectorizer(analyzer=kind, ngram_range=n, binary=True, min_df=3).fit_transform(texts)
    seconds = time.perf_counter() - start
    out = dict(words=X.shape[1])
out.update(seconds=seconds, rss_mib=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
print(json.dumps(out))
"""


def run(side, options, path):
    code = CHILD.format(repo=str(REPO), bench=str(REPO / "benchmarks"), path=str(path))
    done = subprocess.run([sys.executable, "-c", code, json.dumps({"side": side, **options})], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each side (the median time is shown)")
    parser.add_argument("--char", action="store_true", help="also analyzer='char_wb', char_ngrams=(2, 4)")
    args = parser.parse_args()
    path = shared("20newsgroups", "20news-bydate.tar.gz")
    configs = [{"ngrams": [1, 1]}, {"ngrams": [1, 2]}] + ([{"analyzer": "char_wb", "char_ngrams": [2, 4]}]
                                                          if args.char else [])
    print("20 Newsgroups (18,846 documents), min_df=3; each run in its own process")
    for options in configs:
        ours = [run("fsviz", options, path) for _ in range(args.repeat)]  # interleaved with the baseline's
        base = [run("sklearn", options, path) for _ in range(args.repeat)]
        t_ours, t_base = (statistics.median(r["seconds"] for r in runs) for runs in (ours, base))
        o, b = ours[-1], base[-1]
        assert o["words"] == b["words"], (o["words"], b["words"])
        label = ", ".join(f"{k}={tuple(v) if isinstance(v, list) else v!r}" for k, v in options.items())
        print(f"{label}: {o['words']:,} terms kept of {o['raw']:,} ({o['points']:,} distinct points for sci.crypt)")
        print(f"  fsviz.load_corpus        : {t_ours:6.1f} s   peak RSS {o['rss_mib']:7.0f} MiB")
        print(f"  read tar + CountVectorizer: {t_base:6.1f} s   peak RSS {b['rss_mib']:7.0f} MiB")
        print(f"  ratio fsviz / baseline   : {t_ours / t_base:6.2f}x time, {o['rss_mib'] / b['rss_mib']:.2f}x RSS")
        print(f"  word map, library side   : points {o['points_ms']:6.1f} ms, figure {o['figure_ms']:6.1f} ms")


if __name__ == "__main__":
    main()
