"""Every app test gets a cache folder of its own (``FSVIZ_CACHE_DIR``), never the working tree's: the runs a
person stored by using the app before running the tests (the README's two commands, in turn) would otherwise show
on the pages the tests read. The built sample is linked in, so that no test builds it again."""

import pytest

from fsviz.corpora.sample import cache_dir, load_sample


@pytest.fixture(scope="session")
def built_sample():
    """The sample's files as the app first opens it, built once in the usual cache folder."""
    load_sample()
    return sorted(cache_dir().glob("docstrings-*"))


@pytest.fixture(autouse=True)
def own_cache_dir(built_sample, tmp_path_factory, monkeypatch):
    """A fresh cache folder for this test, holding links to the built sample; a test may set its own."""
    folder = tmp_path_factory.mktemp("fsviz-cache")
    for path in built_sample:
        (folder / path.name).symlink_to(path)
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(folder))
    return folder
