"""Shared fixtures: where the benchmark corpora live, and small corpora."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("FSVIZ_SHARED_DATA", REPO.parent / "shared" / "data"))


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
