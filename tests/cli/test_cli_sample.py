"""``fsviz sample`` makes the sample ready before the app starts (issue #42: a first visit builds nothing): it
harvests the docstrings only when they are missing or ``--rebuild`` asks, and leaves the corpus the app opens
built, so the app's first read is the kept one."""

import pytest

import fsviz.corpora.sample as sample
from fsviz.cli import main


@pytest.fixture
def harvests(tmp_path, monkeypatch):
    """Count the harvests (each one the real build, into a cache folder of the test's own)."""
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    calls = []
    real = sample.build_sample

    def counted(path=None):
        calls.append(path)
        return real(path)

    monkeypatch.setattr("fsviz.cli.build_sample", counted)
    monkeypatch.setattr("fsviz.cli.sample_path", lambda: tmp_path / "sample.jsonl.gz")
    monkeypatch.setattr(sample, "sample_path", lambda: tmp_path / "sample.jsonl.gz")
    return calls, tmp_path


def test_the_sample_is_harvested_once_and_kept_built(harvests, capsys):
    calls, folder = harvests
    main(["sample"])
    assert len(calls) == 1 and "sample: docstrings by module" in capsys.readouterr().out
    assert list(folder.glob("*-built-*.npz")), "the corpus the app opens is not kept built"
    main(["sample"])
    assert len(calls) == 1, "a second start harvested the docstrings again"
    main(["sample", "--rebuild"])
    assert len(calls) == 2
