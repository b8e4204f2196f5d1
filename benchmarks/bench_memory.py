"""Peak memory of loading hostile inputs with the default limits, against a normal small corpus.

    python benchmarks/bench_memory.py [--keep DIR]

Not a test: it writes about 2 MB of bombs and 200,001 empty files into a
temporary folder, then loads each input in a fresh interpreter and reports
that process's peak resident set size (``ru_maxrss``), the time, and the
limit that stopped it:

- ``import``: the interpreter with fsviz, numpy, scipy, pandas, scikit-learn;
- ``small folder``: 400 short documents in 4 class folders (loads);
- ``zip bomb``: 1 GiB of repeated text deflated to about 1 MB, in one member
  (stopped from its metadata by ``max_ratio``);
- ``zip bomb, ratio raised``: the same with ``Limits(max_ratio=10**6)``
  (stopped from its declared size by ``max_bytes``; had the size lied,
  ``zipfile`` stops at the declared size and the chunked read counts the rest);
- ``tar.gz bomb``: the same text as four members of 256 MiB in a
  ``.tar.gz``, each under ``max_bytes`` (stopped while streaming by
  ``max_ratio``, the stream's expansion, a few MiB in);
- ``tar.gz bomb, ratio raised``: the same with ``Limits(max_ratio=10**6)``
  (two members, 512 MiB, are read; the third is refused from its size by
  ``max_bytes``: the bound on what a load may hold);
- ``many files``: a folder of 200,001 empty files (stopped by ``max_files``
  during the walk);
- ``big files``: 8 sparse files of 80 MiB each (stopped by ``max_bytes``
  from their sizes, before any is read);
- the tiny inputs that became gigabytes before the limits on names and
  headers: ``long label`` (a 225 KB CSV, one label of 25,000 characters:
  3.15 GB before), ``long word name`` (a 560 KB ARFF with a 50,000-character
  attribute name: 3.7 GiB), ``many labels`` (100,000 distinct labels, 2 MB:
  9.3 GiB on the first task), ``tar long-name header`` (a 4 KB ``.tar.gz``
  whose GNU long-name header declares 6 GB), ``lying zip`` (250,000 empty
  members behind an end record that says 2: 741 MiB parsed before), ``huge
  results`` (a Parquet results file of 20,000,001 rows, about 40 KB);
- ``20 Newsgroups word map``: a normal large corpus, ``../shared/data``'s
  20 Newsgroups (18,846 texts), loaded, then what the word map builds: one
  class's task, its word points, and a page of keyword-in-context lines
  (the corpus keeps its texts for them). Skipped when the data is absent.

``--cases "import,20 Newsgroups word map"`` runs only those cases (and makes
no hostile inputs when none of them needs one).
"""

import argparse
import gzip
import json
import os
import re
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

MiB = 1 << 20
GiB = 1 << 30
TEXT = b"spam eggs and ham " * (MiB // 18)


def make_inputs(root: Path):
    small = root / "small"
    for c in range(4):
        (small / f"class{c}").mkdir(parents=True)
        for i in range(100):
            (small / f"class{c}" / f"{i}.txt").write_text(f"topic{c} words shared by all document{i % 7} text")
    with zipfile.ZipFile(root / "bomb.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        info = zipfile.ZipInfo("class0/bomb.txt")
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w", force_zip64=True) as out:
            for _ in range(GiB // len(TEXT)):
                out.write(TEXT)
    with tarfile.open(root / "bomb.tar.gz", "w:gz", compresslevel=9) as archive:
        for part in range(4):  # each member declares 256 MiB, under max_bytes: only the stream's ratio betrays it
            info = tarfile.TarInfo(f"class0/bomb{part}.txt")
            info.size = (GiB // 4 // len(TEXT)) * len(TEXT)
            archive.addfile(info, _Repeat(TEXT, GiB // 4 // len(TEXT)))
    many = root / "many"
    for c in range(4):
        (many / f"class{c}").mkdir(parents=True)
    for i in range(200_001):
        (many / f"class{i % 4}" / str(i)).touch()
    make_tiny_inputs(root)
    big = root / "big"
    for c in range(2):
        (big / f"class{c}").mkdir(parents=True)
        for i in range(4):
            with open(big / f"class{c}" / f"{i}.txt", "wb") as handle:
                handle.truncate(80 * MiB)  # sparse: the size is declared, nothing is written


def make_tiny_inputs(root: Path):
    """Small files whose shapes used to ask for gigabytes (see the module's docstring)."""
    rows = [f"doc number {i} words here,{'ab'[i % 2]}" for i in range(8_000)]
    (root / "long_label.csv").write_text("text,label\n" + "\n".join(rows) + "\nthe long one," + "x" * 25_000 + "\n")
    attributes = "".join(f"@attribute w{i} numeric\n" for i in range(20)) + f"@attribute {'n' * 50_000} numeric\n"
    body = "".join(f"{{0 1,{i % 20} 2,21 {'ab'[i % 2]}}}\n" for i in range(20_000))
    (root / "long_name.arff").write_text(f"@relation r\n{attributes}@attribute class {{a,b}}\n@data\n{body}")
    (root / "many_labels.csv").write_text("text,label\n" + "".join(f"word{i % 50} other,label{i}\n"
                                                                   for i in range(100_000)))
    header = tarfile.TarInfo("././@LongLink")
    header.type, header.size = tarfile.GNUTYPE_LONGNAME, 6_000_000_000
    with gzip.open(root / "long_name.tar.gz", "wb") as out:
        out.write(header.tobuf(format=tarfile.GNU_FORMAT) + b"\0" * 4_000_000)
    with zipfile.ZipFile(root / "lying.zip", "w") as archive:
        for i in range(250_000):
            archive.writestr(f"c{i % 2}/{i}", b"")
    with open(root / "lying.zip", "r+b") as handle:  # the end record says 2 members
        data = handle.read()
        handle.seek(data.rfind(b"PK\x05\x06") + 8)
        handle.write((2).to_bytes(2, "little") * 2)
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    zeros = pa.array(np.zeros(20_000_001, dtype=np.int8))
    pq.write_table(pa.table({c: zeros for c in ("tp", "fp", "fn", "tn", "k")}), root / "huge.parquet",
                   compression="zstd")


class _Repeat:
    """A file object reading as ``text`` repeated ``times`` times, so the tar is written without holding 1 GiB."""

    def __init__(self, text, times):
        self.text, self.pos, self.total = text, 0, len(text) * times

    def read(self, size=-1):
        n = min(len(self.text), self.total - self.pos if size < 0 else min(size, self.total - self.pos))
        start = self.pos % len(self.text)
        self.pos += n
        if start + n <= len(self.text):
            return self.text[start : start + n]
        return self.text[start:] + self.text[: n - (len(self.text) - start)]


CASES = {
    "import": None,
    "small folder": ("small", {}),
    "zip bomb": ("bomb.zip", {}),
    "zip bomb, ratio raised": ("bomb.zip", {"max_ratio": 10**6}),
    "tar.gz bomb": ("bomb.tar.gz", {}),
    "tar.gz bomb, ratio raised": ("bomb.tar.gz", {"max_ratio": 10**6}),
    "many files": ("many", {}),
    "big files": ("big", {}),
    "long label": ("long_label.csv", {}),
    "long word name": ("long_name.arff", {}),
    "many labels": ("many_labels.csv", {}),
    "tar long-name header": ("long_name.tar.gz", {}),
    "lying zip": ("lying.zip", {}),
    "huge results": ("huge.parquet", {}),
    "20 Newsgroups word map": None,
}
#: 20 Newsgroups "bydate" (see ../shared/data/PROVENANCE.md).
NEWSGROUPS = Path(os.environ.get("FSVIZ_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data")) \
    / "20newsgroups" / "20news-bydate.tar.gz"


def run_case(name: str, root: Path):
    """In the child: load one input, print one JSON line."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import fsviz

    start = time.perf_counter()
    outcome, limit = "imported", ""
    if name == "20 Newsgroups word map":
        from fsviz.stats.tables import word_points

        corpus = fsviz.load_corpus(NEWSGROUPS)
        task = corpus.binary_task(corpus.classes[0])
        points = word_points(task)
        page = corpus.contexts(str(task.vocabulary[task.tp.argmax()]), task.name)
        outcome = (f"loaded: {corpus!r}; {points.fp.size:,} points; texts "
                   f"{sum(map(sys.getsizeof, corpus.texts)) / MiB:.0f} MiB; {page.positive.total:,} contexts")
    elif CASES[name] is not None:
        source, limits = CASES[name]
        try:
            if source.endswith(".parquet"):
                from fsviz.evaluation.grid import load_results

                outcome = f"loaded: {len(load_results(root / source).results):,} rows"
            else:
                corpus = fsviz.load_corpus(root / source, limits=fsviz.Limits(**limits))
                outcome = f"loaded: {corpus!r}" + (f"; {' | '.join(corpus.notes)}" if corpus.notes else "")
        except fsviz.CorpusError as exc:
            outcome = str(exc)
            found = re.search(r"\(Limits\.(\w+)\)", outcome)
            limit = found.group(1) if found else ""
    print(json.dumps({
        "case": name, "seconds": time.perf_counter() - start, "limit": limit, "outcome": outcome,
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", help="make the inputs in this folder and keep them")
    parser.add_argument("--cases", help="comma-separated case names to run (default: all)")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        return run_case(args.case, Path(args.root))
    cases = [c.strip() for c in args.cases.split(",")] if args.cases else list(CASES)
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        parser.error(f"unknown cases {unknown}; the cases are {list(CASES)}")
    if not NEWSGROUPS.exists() and "20 Newsgroups word map" in cases:
        print(f"skipping '20 Newsgroups word map': {NEWSGROUPS} is absent")
        cases.remove("20 Newsgroups word map")
    cases = ["import", *(c for c in cases if c != "import")]  # the baseline first
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.keep or tmp)
        root.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        if any(CASES[c] is not None for c in cases):
            if not (root / "huge.parquet").exists():
                make_inputs(root)
            sizes = {p: os.path.getsize(root / p) for p in ("bomb.zip", "bomb.tar.gz")}
            print(f"inputs made in {time.perf_counter() - start:.1f} s in {root}: bomb.zip "
                  f"{sizes['bomb.zip'] / MiB:.2f} MiB, bomb.tar.gz {sizes['bomb.tar.gz'] / MiB:.2f} MiB (each expands "
                  f"to 1 GiB); many: 200,001 files; big: 8 × 80 MiB sparse files")
        print(f"{'case':<24} {'peak RSS':>10} {'above import':>13} {'time':>8}  stopped by")
        base = None
        for name in cases:
            out = subprocess.run([sys.executable, __file__, "--case", name, "--root", str(root)],
                                 capture_output=True, text=True, check=True).stdout
            row = json.loads(out.strip().splitlines()[-1])
            base = row["peak_rss_mib"] if base is None else base
            print(f"{name:<24} {row['peak_rss_mib']:>7.0f} MiB {row['peak_rss_mib'] - base:>9.0f} MiB "
                  f"{row['seconds']:>7.2f}s  {row['limit'] or '-'}  ({row['outcome'][:150]})")


if __name__ == "__main__":
    main()
