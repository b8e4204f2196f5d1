"""With a login configured, the signed-in user is the visitor: their runs in any browser, no one else's (issue 38).

The app is served with an ``[auth]`` section pointing at a real OpenID Connect provider started on 127.0.0.1
(:mod:`tests.e2e.oidc_provider`): the browsers sign in through Streamlit's own ``st.login`` flow (discovery,
authorization page, code exchange with PKCE, an RS256 ID token checked against the provider's keys).
"""

import hashlib
import secrets

import pytest

import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid
from tests.e2e.oidc_provider import CLIENT_ID, CLIENT_SECRET, oidc_provider
from tests.e2e.test_browser import SHOTS, _assert_no_error, streamlit_server

USERS = {"alice": {"name": "Alice Example", "email": "alice@example.org"},
         "bob": {"name": "Bob Example", "email": "bob@example.org"}}


def _user_runs(cache, sub: str):
    """The folder of the signed-in user ``sub``'s grid runs (``ui.state.visitor``'s rule, worked out here)."""
    return cache / "grid" / ("v-" + hashlib.sha256(f"user:{sub}".encode()).hexdigest()[:32])


@pytest.fixture(scope="module")
def login_server(tmp_path_factory):
    """The app with a login: alice has one stored run; bob has none."""
    cache = tmp_path_factory.mktemp("cache")
    corpus = fsviz.make_planted_corpus(n_docs=200, n_classes=3, random_state=1).load()
    run_grid([corpus], GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2),
             out=_user_runs(cache, "alice") / "alicerun.parquet", n_jobs=1)
    with oidc_provider(USERS) as issuer:
        secrets_file = tmp_path_factory.mktemp("secrets") / "secrets.toml"
        secrets_file.write_text(
            "[auth]\n"
            'redirect_uri = "http://127.0.0.1:{port}/oauth2callback"\n'
            f'cookie_secret = "{secrets.token_urlsafe(32)}"\n'
            f'client_id = "{CLIENT_ID}"\n'
            f'client_secret = "{CLIENT_SECRET}"\n'
            f'server_metadata_url = "{issuer}/.well-known/openid-configuration"\n')
        with streamlit_server(cache, "--secrets.files", str(secrets_file)) as url:
            yield url


def _settled(page):
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=90_000)
    page.wait_for_timeout(1000)


def _results(context, server):
    page = context.new_page()
    page.goto(f"{server}/results", wait_until="domcontentloaded")
    page.wait_for_selector("text=Results explorer", timeout=90_000)
    _settled(page)
    return page


def _sidebar_button(page, name: str):
    """The sidebar's button ``name``, once drawn: the frontend draws a rerun's elements one after another, so a
    button may still be a placeholder when the page's other text is there."""
    button = page.locator('[data-testid="stSidebar"]').get_by_role("button", name=name)
    button.wait_for(timeout=60_000)
    return button


def _sign_in(browser, server, sub: str):
    """A new browser context that signs in as ``sub`` through the provider's page; its Results explorer."""
    context = browser.new_context(viewport={"width": 1400, "height": 1200})
    page = _results(context, server)
    _sidebar_button(page, "Sign in").click()
    page.wait_for_selector(f"text=Sign in as {sub}", timeout=60_000)  # the provider's own page
    page.get_by_role("button", name=f"Sign in as {sub}").click()
    page.wait_for_url(f"{server}/**", timeout=60_000)
    page.wait_for_selector(f"text=Signed in as {USERS[sub]['name']}", timeout=90_000)
    page.close()
    return context, _results(context, server)


def test_a_signed_in_user_finds_their_runs_in_any_browser_and_no_one_else_does(login_server, browser):
    anonymous = browser.new_context(viewport={"width": 1400, "height": 1200})
    page = _results(anonymous, login_server)
    _assert_no_error(page)
    page.get_by_text("You have no runs stored", exact=False).first.wait_for(timeout=90_000)  # a first run draws late
    assert page.get_by_text("You have no runs stored", exact=False).count() == 1
    assert _sidebar_button(page, "Sign in").count() == 1

    for _ in range(2):  # alice, in two browsers: her run in both
        context, page = _sign_in(browser, login_server, "alice")
        _assert_no_error(page)
        assert page.get_by_text("Open a stored run", exact=False).count() >= 1, "alice's run is not listed"
        assert page.get_by_text("You have no runs stored", exact=False).count() == 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "login_alice.png"))
        context.close()

    context, page = _sign_in(browser, login_server, "bob")
    _assert_no_error(page)
    page.get_by_text("Stored runs: open one", exact=False).first.wait_for(timeout=90_000)
    assert page.get_by_text("You have no runs stored", exact=False).count() == 1, "bob sees a run not his"
    _sidebar_button(page, "Sign out").click()
    page.wait_for_selector("text=Sign in to keep your runs", timeout=60_000)
    context.close()
    anonymous.close()
