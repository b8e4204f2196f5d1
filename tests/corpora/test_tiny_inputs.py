"""Tiny inputs that used to become gigabytes: each is refused (or read) with its memory bounded.

Each case is built here (a few MB on disk at most) and read in a child
process that reports its peak memory above what it held before the read;
the peak must stay under :data:`CAP`, far below what each took before
(3–48 GB), and the answer must be a clear message naming the limit and how
to raise it (or a corpus with a note).
"""

import gzip
import io
import json
import subprocess
import sys
import tarfile
import zipfile

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

#: Peak memory a case may add to the child, in MiB.
CAP = 400

READ = """
import json, resource, sys
import fsviz
from fsviz.evaluation.grid import load_results
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kind, path, limits = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
try:
    if kind == "results":
        load_results(path)
        answer = "OK"
    else:
        corpus = fsviz.load_corpus(path, min_df=1, limits=fsviz.Limits(**limits))
        answer = f"OK {corpus.n_docs} {corpus.n_words} " + " | ".join(corpus.notes)
except fsviz.CorpusError as exc:
    answer = f"REFUSED {exc}"
peak = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
print(json.dumps({"answer": answer, "peak_mib": peak}))
"""


def _read(path, kind="corpus", **limits):
    done = subprocess.run([sys.executable, "-c", READ, kind, str(path), json.dumps(limits)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _long_label_csv(path):
    rows = [f"doc number {i} words here,{'ab'[i % 2]}" for i in range(8_000)]
    rows.append("the long one," + "x" * 25_000)
    path.write_text("text,label\n" + "\n".join(rows) + "\n")


def _long_name_arff(path):
    attributes = "".join(f"@attribute w{i} numeric\n" for i in range(20)) + f"@attribute {'n' * 50_000} numeric\n"
    rows = "".join(f"{{0 1,{1 + i % 19} 2,21 {'ab'[i % 2]}}}\n" for i in range(20_000))  # each index once a row
    path.write_text(f"@relation r\n{attributes}@attribute class {{a,b}}\n@data\n{rows}")


def _many_labels_csv(path):
    path.write_text("text,label\n" + "".join(f"word{i % 50} other,label{i}\n" for i in range(100_000)))


def _long_name_tar(path):
    header = tarfile.TarInfo("././@LongLink")
    header.type, header.size = tarfile.GNUTYPE_LONGNAME, 6_000_000_000  # declares 6 GB of file name
    raw = header.tobuf(format=tarfile.GNU_FORMAT)
    path.write_bytes(gzip.compress(raw + b"\0" * 4_000_000))


def _lying_zip(path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(3_000):
            archive.writestr(f"c{i % 2}/{i}.txt", b"")
    data = bytearray(buffer.getvalue())
    end = data.rfind(b"PK\x05\x06")
    data[end + 8: end + 12] = (2).to_bytes(2, "little") * 2  # the end record says 2 members
    path.write_bytes(bytes(data))


def _huge_results(path):
    rows = 20_000_001
    table = pa.table({name: pa.array(np.zeros(rows, dtype=np.int8)) for name in ("tp", "fp", "fn", "tn", "k")})
    pq.write_table(table, path, compression="zstd")


CASES = {
    "long_label.csv": (_long_label_csv, {}, "REFUSED 'long_label': the class 'xxxxx"),
    "long_name.arff": (_long_name_arff, {}, "OK 20000 20 dropped 1 word of more than 1,000 characters"),
    "many_labels.csv": (_many_labels_csv, {}, "REFUSED 'many_labels' is too large: 100,000 distinct classes"),
    "long_name.tar.gz": (_long_name_tar, {}, "REFUSED the member after '././@LongLink' has a header of 6,000,000,000"),
    "lying.zip": (_lying_zip, {"max_files": 1_000}, "REFUSED 'lying.zip' is too large: "),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_tiny_input_stays_tiny_in_memory(tmp_path, name):
    build, limits, expected = CASES[name]
    path = tmp_path / name
    build(path)
    assert path.stat().st_size < 5_000_000
    seen = _read(path, **limits)
    assert seen["answer"].startswith(expected), seen["answer"][:400]
    if name == "long_label.csv":
        assert "is too large: 25,000 characters in one class name" in seen["answer"]
    if seen["answer"].startswith("REFUSED") and "Limits." in seen["answer"]:
        assert "raise it" in seen["answer"] and "--limit" in seen["answer"]
    assert seen["peak_mib"] < CAP, seen


def test_a_results_file_of_20_million_rows_is_refused_from_its_footer(tmp_path):
    path = tmp_path / "huge.parquet"
    _huge_results(path)
    assert path.stat().st_size < 5_000_000
    seen = _read(path, kind="results")
    assert seen["answer"].startswith("REFUSED 'huge.parquet' holds 20,000,001 rows, more than a results table"), seen
    assert seen["peak_mib"] < CAP, seen
