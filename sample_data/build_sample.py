"""Build the sample corpus the app opens with, on this machine.

    python sample_data/build_sample.py

Harvests the docstrings of numpy, scipy, pandas and scikit-learn (already
installed by requirements.txt), labels each by the module it documents, and
caches them in sample_data/cache/ (git-ignored: the words are not ours).
`fsviz.load_sample()` runs the same build on first use; this script only
lets you run it ahead of time and see what it made.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fsviz  # noqa: E402
from fsviz.corpora.sample import build_sample, sample_path  # noqa: E402

if __name__ == "__main__":
    start = time.perf_counter()
    path = build_sample(sample_path())
    built = time.perf_counter() - start
    corpus = fsviz.load_sample()
    sizes = corpus.class_sizes
    print(f"wrote {path} in {built:.1f} s")
    print(corpus)
    print(f"class sizes {sizes.min()}..{sizes.max()}; worst skew 1:{(corpus.n_docs - sizes.min()) / sizes.min():.0f}")
