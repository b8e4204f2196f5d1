"""One served app and one Chromium for the browser tests.

Each module used to start its own ``streamlit run app.py`` and its own Chromium; each server then imported the
app's libraries and drew its first page cold (the browser tests alone: 12 min 11 s then, 10 min 31 s with one
server). ``server`` and ``browser`` are now one for the run (the browser tests run in one pytest-xdist group,
on one worker: ``tests/conftest.py``).
Each test still opens its own browser context, a visitor of its own; modules that need a server of their own
(a login, another cache, a cold start) start one with :func:`e2e.test_browser.streamlit_server`.

The shared server does not watch the source files: in a working copy edited while the tests run, Streamlit
would otherwise unload the edited modules and leave the pages waiting on its "File change" prompt.
"""

import pytest
from conftest import cli_grid_results

from e2e.test_browser import CHROMIUM, streamlit_server


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with streamlit_server(tmp_path_factory.mktemp("cache"),  # grid results stay out of the user's cache
                          "--server.fileWatcherType", "none") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:  # every browser test, in whichever module, skips rather than errs without chromium
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def results_file(tmp_path_factory):
    """A grid results file made by the CLI on a planted corpus with skewed classes."""
    return cli_grid_results(tmp_path_factory.mktemp("results"),
                            ["--metrics", "bns,ig,chi,odds", "--k", "5,10,20,50,100", "--trials", "2", "--folds", "3"],
                            n_docs=240, n_classes=4, skew=1.8, random_state=1)
