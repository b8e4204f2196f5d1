"""Every parser is linear in its input: a small hostile file cannot hold the GIL (and every visitor) for minutes.

Each case is a file of at most a few MB built here whose shape made a parser
quadratic before (a regular expression backtracking over a long line, a
duplicate check per column, a label looked up in a list per row) or
recursive (deeply nested JSON). Each is read in a child process with a time
limit far above what a linear parser needs (well under a second here) and far
below what the quadratic one took (100 s and more): a timeout is the failure.
The answer must be a corpus or a clear CorpusError, never a traceback.
"""

import json
import subprocess
import sys

import pytest

LIMIT_SECONDS = 60

READ = """
import sys, fsviz
try:
    corpus = fsviz.load_corpus(sys.argv[1], min_df=1)
    print("OK", corpus.n_docs, corpus.n_classes)
except fsviz.CorpusError as exc:
    print("REFUSED", exc)
"""


def _read(path) -> str:
    done = subprocess.run([sys.executable, "-c", READ, str(path)], capture_output=True, text=True,
                          timeout=LIMIT_SECONDS)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def _arff(attributes: str, rows: str) -> str:
    return f"@relation r\n{attributes}\n@data\n{rows}"


CASES = {
    # an @attribute line padded with 150,000 spaces (the regex took 116 s on it)
    "spaces.arff": (_arff("@attribute w" + " " * 150_000 + "numeric\n@attribute class {a,b}",
                          "{0 1,1 a}\n{0 2,1 b}\n{0 1,1 a}\n"), "OK 3 2"),
    "bare.arff": (_arff("@attribute" + " " * 150_000 + "\n@attribute class {a,b}", "{0 1,1 a}\n"),
                  "REFUSED 'bare.arff' line 2: malformed @ATTRIBUTE line"),
    # 60,000 declared classes and 60,000 rows: each row's label checked against the declared ones
    "classes.arff": (_arff("@attribute w numeric\n@attribute class {" + ",".join(f"c{i}" for i in range(60_000)) + "}",
                           "".join(f"{{0 1,1 c{i}}}\n" for i in range(60_000))),
                     "REFUSED 'r' is too large: 60,000 distinct classes, over the limit of 1,000 (Limits.max_classes)"),
    # a CSV header of 100,000 columns (1.3 MB; the duplicate check per column did not finish in 400 s)
    "wide.csv": (",".join(f"col{i}" for i in range(100_000)) + "\n" + ",".join("x" for _ in range(100_000)) + "\n",
                 "REFUSED 'wide.csv' has 100,000 columns, more than a corpus table can have (1,000)"),
    # JSON nested 100,000 levels deep (a RecursionError before)
    "deep.jsonl": ("[" * 100_000 + "]" * 100_000 + "\n", "REFUSED 'deep.jsonl': a JSON value is nested too deeply"),
    "deep_array.json": ('[{"text": "a", "label": ' + "[" * 100_000 + "]" * 100_000 + "}]",
                        "REFUSED 'deep_array.json': a JSON value is nested too deeply"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_shape_is_read_in_linear_time_with_a_clear_answer(tmp_path, name):
    text, expected = CASES[name]
    assert len(text) < 4_000_000
    path = tmp_path / name
    path.write_text(text)
    assert _read(path).startswith(expected)


def test_a_few_duplicate_column_names_are_still_named():
    import io

    import fsviz

    table = "text,label,x,x\n" + "".join(f"doc {i} word{i % 3},{'ab'[i % 2]},1,2\n" for i in range(20))
    corpus = fsviz.load_corpus(io.BytesIO(table.encode()), format="csv", min_df=1)
    assert corpus.n_docs == 20
    assert json.dumps(sorted(map(str, corpus.classes))) == '["a", "b"]'


def test_cluto_label_rows_are_compared_by_hash_not_pairwise(tmp_path):
    """20,000 distinct label rows over 20 documents: the duplicate-row repair compared every row with every kept
    one (2·10⁸ comparisons); by hash it is one pass, and the file is refused by the class limit at once."""
    folder = tmp_path / "many"
    folder.mkdir()
    n_docs, n_rows = 20, 20_000
    (folder / "sparse_many.txt").write_text(f"{n_docs} 3\n" + "1 0 1\n" * n_docs)
    rows = (" ".join(str((r >> d) & 1) for d in range(n_docs)) for r in range(1, n_rows + 1))
    (folder / "many_correct.txt").write_text("\n".join(rows) + "\n")
    out = _read(folder)
    assert out.startswith("REFUSED") and "classes" in out, out
