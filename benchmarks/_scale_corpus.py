"""The synthetic corpus of the scale and ingest benchmarks: Zipfian words, skewed classes, written as JSONL.

``make_scale_corpus(path, n_docs)`` writes ``n_docs`` lines ``{"text": …, "label": …}``:

- a vocabulary of ``n_words`` (default 100,000) made-up words of 3 to 10 letters, all distinct, drawn with
  Zipf–Mandelbrot frequencies ``p(r) ∝ 1 / (r + 2.7)`` (rank r from 1), as word frequencies in English run;
- ``n_classes`` (default 20) classes, class c's share of documents ``∝ 1 / (c + 1)`` (the largest class about
  28%, the smallest 1.4%: skewed as Forman's sets);
- about ``doc_length`` (default 50) tokens a document (Poisson), of which a fifth come from the class's own
  topic: the same Zipf law over a slice of the vocabulary the class owns, so each class has words that mark it.

The documents are drawn one after another from one seeded generator, so the first 20,000 lines of the
200,000-line file are a corpus of the same law (the prefixes the scale benchmark loads). The file is made once
per (n_docs, seed) and kept in ``cache`` (default ``$TMPDIR/fsviz-bench``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import numpy as np

LETTERS = np.array(list("abcdefghijklmnopqrstuvwxyz"))
CACHE = Path(os.environ.get("FSVIZ_BENCH_CACHE", Path(tempfile.gettempdir()) / "fsviz-bench"))


def _words(rng, n_words: int) -> np.ndarray:
    """``n_words`` distinct lower-case words of 3-10 letters (tokens CountVectorizer keeps whole)."""
    words: dict = {}
    while len(words) < n_words:
        lengths = rng.integers(3, 11, size=n_words)
        letters = LETTERS[rng.integers(0, 26, size=(n_words, 10))]
        for row, n in zip(letters, lengths):
            words.setdefault("".join(row[:n]), None)
            if len(words) == n_words:
                break
    return np.array(list(words), dtype=object)


def _zipf(n: int) -> np.ndarray:
    weights = 1.0 / (np.arange(1, n + 1) + 2.7)
    return np.cumsum(weights / weights.sum())


def scale_lines(n_docs: int, *, n_words=100_000, n_classes=20, doc_length=50, topic_share=0.2, seed=0):
    """The JSONL lines of the corpus, one document at a time (see the module notes)."""
    rng = np.random.default_rng(seed)
    words = _words(rng, n_words)
    background = _zipf(n_words)
    topic_size = n_words // n_classes
    topic = _zipf(topic_size)
    topics = rng.permutation(n_words)  # class c owns words topics[c * topic_size: (c + 1) * topic_size]
    class_p = 1.0 / np.arange(1, n_classes + 1)
    class_p /= class_p.sum()
    batch = 10_000
    for start in range(0, n_docs, batch):
        size = min(batch, n_docs - start)
        labels = rng.choice(n_classes, size=size, p=class_p)
        lengths = np.maximum(5, rng.poisson(doc_length, size=size))
        n_topic = rng.binomial(lengths, topic_share)
        common = np.searchsorted(background, rng.random(int(lengths.sum() - n_topic.sum())))
        own = np.searchsorted(topic, rng.random(int(n_topic.sum())))
        own = topics[np.repeat(labels, n_topic) * topic_size + own]
        c_end, o_end = np.cumsum(lengths - n_topic), np.cumsum(n_topic)
        for i in range(size):
            ids = np.concatenate([common[c_end[i] - (lengths[i] - n_topic[i]): c_end[i]],
                                  own[o_end[i] - n_topic[i]: o_end[i]]])
            rng.shuffle(ids)
            yield json.dumps({"text": " ".join(words[ids]), "label": f"class{labels[i]:02d}"}) + "\n"


def make_scale_corpus(n_docs: int, *, seed=0, cache: Path = CACHE, **law) -> Path:
    """The path of the JSONL corpus of ``n_docs`` documents, written if not there yet; a prefix of a larger
    one is cut from it (the same documents)."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"scale-{n_docs}-seed{seed}.jsonl"
    if path.exists():
        return path
    part = path.with_suffix(".part")
    with open(part, "w", encoding="utf-8") as out:
        out.writelines(scale_lines(n_docs, seed=seed, **law))
    os.replace(part, path)
    return path
