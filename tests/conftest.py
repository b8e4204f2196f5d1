"""Shared fixtures: where the benchmark corpora live, and small corpora."""

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import settings
from scipy.stats import chi2_contingency

import fsviz

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("FSVIZ_SHARED_DATA", REPO.parent / "shared" / "data"))

# Property tests: the suite draws the same examples on every run, so a run that lands is a run that can be
# repeated (a failure found by chance on CI's clean clone once cost a whole stop). New examples are searched
# for on purpose: `HYPOTHESIS_PROFILE=explore python -m pytest tests/corpora` (any tests) draws fresh ones
# on each run and prints how to reproduce a failure.
settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups into each test's id
def pytest_collection_modifyitems(config, items):
    """Two workers share the suite (pytest-xdist, ``-n 2 --dist loadgroup`` in pytest.ini): a test file runs in one
    worker, so its module fixtures (a server, a results file) are made once; every browser test runs in one
    worker, one after another, and first, so the longest group starts at once and the other worker takes the rest
    beside it (two Chromiums and two servers at once on two cores would only slow each other)."""
    for item in items:
        path = Path(str(item.fspath))
        item.add_marker(pytest.mark.xdist_group("browser" if "e2e" in path.parts else str(path.relative_to(REPO))))
    items.sort(key=lambda item: "e2e" not in Path(str(item.fspath)).parts)  # stable: each file's order is kept


def shared(*parts) -> Path:
    """A path under ../shared/data, or skip the test when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} not present (the shared benchmark data sits beside the repository)")
    return path


@pytest.fixture(scope="session")
def planted():
    import fsviz

    return fsviz.make_planted_corpus(n_docs=400, n_classes=4, random_state=1)


def results_table():
    """Two tasks (pos 10, neg 30) × metrics x, y × k 10, 20, one trial and fold, plus all features.

    x: k 10 P 1 R .8, k 20 perfect; y: k 10 P .5 R .5, k 20 P .6 R .6; all features P 1 R .9.
    """
    specs = []
    for task in ("a", "b"):
        specs += [(task, "x", 10, 8, 0), (task, "x", 20, 10, 0), (task, "y", 10, 5, 5), (task, "y", 20, 6, 4),
                  (task, "all", 500, 9, 0)]
    table = pd.DataFrame([(t, m, k, 0, 0, tp, fp, 10 - tp, 30 - fp) for t, m, k, tp, fp in specs],
                         columns=["class", "metric", "k", "trial", "fold", "tp", "fp", "fn", "tn"])
    table.insert(0, "dataset", "d")
    table["pos"], table["neg"] = 10, 30
    return table


def write_planted_jsonl(path, **options):
    """``make_planted_corpus(**options)`` written to ``path`` as JSONL (text, label); returns ``path``."""
    import json

    import fsviz

    planted = fsviz.make_planted_corpus(**options)
    path.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in zip(planted.texts, planted.labels)))
    return path


def cli_grid_results(folder, grid_args, **planted):
    """A results file made by ``python -m fsviz grid`` on a planted corpus (``planted`` options)."""
    from fsviz.cli import main

    data = write_planted_jsonl(folder / "planted.jsonl", **planted)
    out = folder / "results.parquet"
    assert main(["grid", str(data), *grid_args, "--jobs", "1", "--out", str(out)]) == 0
    return out


def seen(markdown: str) -> str:
    """What a reader sees of an element's Markdown: the backslash escapes the app puts before the punctuation
    of a visitor's text (``ui.components.plain``) and its invisible word joiners removed."""
    import re

    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace("\u2060", "")  # the joiner is invisible


def random_tables(rng, n=400):
    """``n`` random 2×2 tables (tp, fp, pos, neg), with each edge forced in: tp = 0, tp = pos, fp = 0, fp = neg."""
    pos = rng.integers(1, 60, n)
    neg = rng.integers(1, 400, n)
    tp = rng.integers(0, pos + 1)
    fp = rng.integers(0, neg + 1)
    e = n // 8
    tp[:e], tp[e:2 * e], fp[2 * e:3 * e], fp[3 * e:4 * e] = 0, pos[e:2 * e], 0, neg[3 * e:4 * e]
    return tp, fp, pos, neg


def assert_matches_chi2_contingency(name, **options):
    """Metric ``name`` equals scipy's ``chi2_contingency(table, correction=False, **options)`` statistic on
    random tables, and 0 where a row of the table is empty (a word in no or every document: scipy is undefined)."""
    tp, fp, pos, neg = random_tables(np.random.default_rng(0))
    ours = fsviz.score(name, tp, fp, pos, neg)
    for i in range(tp.size):
        table = np.array([[tp[i], fp[i]], [pos[i] - tp[i], neg[i] - fp[i]]])
        if (table.sum(axis=1) == 0).any():
            assert ours[i] == 0
            continue
        expected = chi2_contingency(table, correction=False, **options)[0]
        assert ours[i] == pytest.approx(expected, rel=1e-9, abs=1e-9)


def split_texts(seed=0, n_train=60, n_test=40, classes=("fruit", "sky", "sea")):
    """A training file's and a test file's (texts, labels): each class's documents hold two of its own words among
    four common ones, the classes in turn (a corpus that ships as two files, for ``fsviz.load_split``)."""
    rng = np.random.default_rng(seed)
    signal = {"fruit": ["apple", "pear", "plum"], "sky": ["cloud", "rain", "sun"], "sea": ["wave", "salt", "tide"]}
    noise = ["the", "and", "of", "with", "very", "some", "more", "then"]

    def one(n):
        labels = [classes[i % len(classes)] for i in range(n)]
        texts = [" ".join(rng.choice(signal[c], 2).tolist() + rng.choice(noise, 4).tolist()) for c in labels]
        return texts, labels
    return one(n_train), one(n_test)


def write_csv(path, texts, labels):
    """``texts`` and ``labels`` as a CSV of text and label columns (texts without commas or quotes); ``path``."""
    path.write_text("text,label\n" + "".join(f"{t},{c}\n" for t, c in zip(texts, labels)))
    return path

