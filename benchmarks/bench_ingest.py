"""Ingest: fsviz.load_corpus vs the usual scikit-learn way, CPU and peak memory, per interleaved pair.

    python benchmarks/bench_ingest.py [--repeat 5] [--data 20ng,scale] [--scale-docs 200000]

Two corpora: 20 Newsgroups (the shared .tar.gz, raw text) and the synthetic scale corpus
(``_scale_corpus.py``: 200,000 documents, a Zipfian 100,000-word vocabulary, 20 skewed classes, ~50 tokens
a document, JSONL). Both sides read the same file and decode every document; the baseline tokenises with
``CountVectorizer(binary=True, min_df=3)`` (20 Newsgroups: tarfile + UTF-8 with a latin-1 fallback; the
scale corpus: ``json.loads`` per line), fsviz runs ``load_corpus`` (its limits checked, term frequencies kept,
the label matrix built, what the cutoff removed recorded).

Each run is its own process (the same imports on both sides, before the clock starts: numpy, scipy,
scikit-learn, fsviz.load_corpus and what it imports), so the
peak resident memory (``ru_maxrss``) is that run's alone; CPU is the process's user + system time of the
ingest itself (``time.process_time``). The sides alternate A B, B A, …; each pair gives a ratio
(fsviz / baseline) and the figure is the median of the per-pair ratios, with their range.
Goal: <= 1.1x CPU and <= 1.1x peak memory on both corpora.
"""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tarfile
import time

from _common import shared
from _scale_corpus import make_scale_corpus


def read_tar(path):
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


def read_jsonl(path):
    texts, labels = [], []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            texts.append(record["text"])
            labels.append(record["label"])
    return texts, labels


def _rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2**20


def child(side: str, path: str) -> None:
    """One run in this process: prints {cpu, wall, peak_mib, base_mib, shape} as JSON."""
    from sklearn.feature_extraction.text import CountVectorizer

    from fsviz import load_corpus  # `import fsviz` alone imports nothing yet (PEP 562): the reader now, untimed

    base = _rss_mib()
    start, wall = time.process_time(), time.perf_counter()
    if side == "fsviz":
        corpus = load_corpus(path)
        shape = corpus.X.shape
    else:
        texts, labels = (read_tar if path.endswith(".tar.gz") else read_jsonl)(path)
        shape = CountVectorizer(binary=True, min_df=3).fit_transform(texts).shape
    cpu, wall = time.process_time() - start, time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(dict(cpu=cpu, wall=wall, peak_mib=peak, base_mib=base, shape=list(shape))))


def run(side: str, path) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", side, str(path)], check=True, capture_output=True,
                         text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _spread(values) -> str:
    return f"{statistics.median(values):5.2f}x (range {min(values):.2f}-{max(values):.2f})"


def compare(name: str, path, repeat: int) -> None:
    pairs = []
    for i in range(repeat):
        order = ("sklearn", "fsviz") if i % 2 == 0 else ("fsviz", "sklearn")
        pair = {side: run(side, path) for side in order}
        pairs.append(pair)
    ours, base = [p["fsviz"] for p in pairs], [p["sklearn"] for p in pairs]
    assert ours[0]["shape"] == base[0]["shape"], (ours[0]["shape"], base[0]["shape"])
    print(f"{name}: {ours[0]['shape'][0]:,} documents, {ours[0]['shape'][1]:,} words after the cutoff (min_df=3); "
          f"{repeat} interleaved pairs, one process a run")
    for label, runs in (("read + CountVectorizer(binary)", base), ("fsviz.load_corpus", ours)):
        print(f"  {label:31}: CPU median {statistics.median(r['cpu'] for r in runs):6.2f} s, wall "
              f"{statistics.median(r['wall'] for r in runs):6.2f} s, peak RSS "
              f"{statistics.median(r['peak_mib'] for r in runs):7.1f} MiB (after imports "
              f"{statistics.median(r['base_mib'] for r in runs):6.1f} MiB)")
    cpu = [p["fsviz"]["cpu"] / p["sklearn"]["cpu"] for p in pairs]
    peak = [p["fsviz"]["peak_mib"] / p["sklearn"]["peak_mib"] for p in pairs]
    grown = [(p["fsviz"]["peak_mib"] - p["fsviz"]["base_mib"]) / (p["sklearn"]["peak_mib"] - p["sklearn"]["base_mib"])
             for p in pairs]
    print(f"  fsviz / baseline, per pair      : CPU {_spread(cpu)}; peak RSS {_spread(peak)}; "
          f"growth over imports {_spread(grown)} (goal <= 1.1x CPU and peak)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="interleaved pairs per corpus")
    parser.add_argument("--data", default="20ng,scale", help="which corpora: 20ng, scale or both")
    parser.add_argument("--scale-docs", type=int, default=200_000)
    parser.add_argument("--child", nargs=2, metavar=("SIDE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)
    for name in args.data.split(","):
        if name == "20ng":
            compare("20 Newsgroups", shared("20newsgroups", "20news-bydate.tar.gz"), args.repeat)
        elif name == "scale":
            compare(f"synthetic {args.scale_docs:,} documents", make_scale_corpus(args.scale_docs), args.repeat)
        else:
            sys.exit(f"--data takes 20ng and/or scale, got {name!r}")


if __name__ == "__main__":
    main()
