"""Issue 38 in three browsers on one served app: a visitor's upload and runs are their own, a run is shared only
by a link its owner makes (read-only, revocable), and a link to a view opens that view for anyone.

A uploads a corpus with a telling file name and class names and runs Recommend on it. B, another visitor, opens
every page and finds neither the name nor the classes, and no runs. A makes a link to the run: B sees the run
read-only, still with no runs of its own; A revokes the link and B's reload says it opens no run. A then sets the
word map's view in the sidebar (class, k) and C opens the sidebar's "Link to this view": the same class and k.
"""

import time

from tests.app.test_private_runs import SECRET_CLASS, SECRET_FILE, upload_bytes  # the same upload as the AppTest
from tests.e2e.test_browser import SHOTS, _assert_no_error
from ui.sidebar import PAGES

VIEWPORT = {"width": 1400, "height": 1500}
#: The script run is over (no "running" indicator) and every element is drawn: none still waits for its code
#: (Streamlit loads a widget's code on first use and shows a skeleton until then; a box's value is not there yet).
SETTLED = ("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
           " && !document.querySelector('[data-testid=\"stSkeleton\"]')")


def _settled(page, pause: int = 300):
    """Streamlit has finished the script run and drawn the page, and still has a moment later."""
    page.wait_for_function(SETTLED, timeout=120_000)
    page.wait_for_timeout(pause)
    page.wait_for_function(SETTLED, timeout=120_000)


def _goto(page, url: str):
    page.goto(url, wait_until="domcontentloaded")
    page.locator("h1").first.wait_for(timeout=120_000)
    _settled(page)


def _menu(page, title: str):
    """Another page through the sidebar's menu: the same session (an upload stays held)."""
    page.locator('[data-testid="stSidebar"] [data-testid="stPageLink"]').filter(has_text=title).first.click()
    page.locator("h1").filter(has_text=title).first.wait_for(timeout=120_000)
    _settled(page)


def _link_box(sidebar) -> str:
    """The address in the sidebar's "Link to this view", opened if it is folded (its content is built when open)."""
    box = sidebar.get_by_test_id("stExpander").filter(has_text="Link to this view")
    if box.get_by_test_id("stCode").count() == 0:
        box.locator("summary").first.click()
    code = box.get_by_test_id("stCode").first
    code.wait_for(timeout=60_000)
    return code.inner_text().strip()


def _answer_shown(page) -> bool:
    return page.locator('[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentWarning"]') \
        .filter(has_text="F-measure").count() > 0


def _finished(page) -> bool:
    """Recommend has nothing left to run: its panel says every cell is stored."""
    return _main(page).get_by_text("Finished: all", exact=False).count() > 0


def _first_run_stored(page) -> bool:
    """Recommend's first run is finished and stored: its refinement is offered, or nothing is left to run."""
    return page.get_by_text("After its first run", exact=False).count() > 0 or _finished(page)


def _main(page):
    return page.get_by_test_id("stMain")


def _no_error(page, where: str):
    """:func:`_assert_no_error`, saying where and what the page showed."""
    try:
        _assert_no_error(page)
    except AssertionError:
        shown = page.locator('[data-testid="stException"], [data-testid="stAlertContentError"]').all_inner_texts()
        raise AssertionError(f"{where}: {shown}") from None


def _shown(page) -> str:
    """The page's visible text and the values its boxes show (a choice's value is its input's, not text)."""
    values = page.eval_on_selector_all("input, textarea", "boxes => boxes.map(b => b.value)")
    return "\n".join([page.inner_text("body"), *values])


def _private(page, where: str):
    text = _shown(page)
    assert SECRET_FILE not in text, f"{where}: another visitor sees the upload's name"
    assert SECRET_CLASS not in text, f"{where}: another visitor sees the upload's class names"


def _no_runs_of_its_own(page):
    """The explorer's runs list (opened if folded) says this visitor has none."""
    box = _main(page).get_by_test_id("stExpander").filter(has_text="Stored runs: open one")
    if not box.get_by_text("You have no runs stored", exact=False).is_visible():
        box.locator("summary").first.click()
    box.get_by_text("You have no runs stored", exact=False).wait_for(timeout=30_000)
    assert _main(page).get_by_text("Open a stored run", exact=False).count() == 0


def test_three_browsers_upload_share_revoke_and_a_view_link(server, browser, tmp_path):
    upload = tmp_path / f"{SECRET_FILE}.jsonl"
    upload.write_bytes(upload_bytes())
    SHOTS.mkdir(parents=True, exist_ok=True)
    contexts = []

    def visitor():
        contexts.append(browser.new_context(viewport=VIEWPORT))
        return contexts[-1].new_page()

    try:
        # 1. A uploads the corpus.
        a = visitor()
        _goto(a, server)
        a.locator('[data-testid="stSidebar"]').get_by_text("Upload", exact=True).click()
        _settled(a)
        a.locator('[data-testid="stSidebar"] input[type="file"]').set_input_files(str(upload))
        a.locator('[data-testid="stSidebar"]').get_by_text("120 documents", exact=False).first \
            .wait_for(timeout=90_000)
        _settled(a)
        assert SECRET_CLASS in _shown(a)  # A's own page names A's classes (the checks below can see them)

        # 2. B, another visitor, opens every page, in tabs of one browser, while A runs Recommend on the upload
        # (a run stored in A's folder): nothing of A's upload on any page, and no runs.
        b = visitor()
        tabs = []
        for script, title, _ in PAGES:
            tab = contexts[-1].new_page()
            tab.goto(f"{server}/{'' if script == 'app.py' else script.removeprefix('pages/').removesuffix('.py')}",
                     wait_until="commit")
            tabs.append((script, title, tab))
        _menu(a, "Recommend")
        _main(a).get_by_role("button", name="Recommend").click()
        for script, title, tab in tabs:
            tab.locator("h1").first.wait_for(timeout=120_000)
            _settled(tab)
            assert title.lower() in tab.locator("h1").first.inner_text().lower() or script == "app.py", script
            _no_error(tab, script)
            _private(tab, script)
            if script != "pages/results.py":
                tab.close()
        deadline = time.monotonic() + 300
        while not (_answer_shown(a) and _first_run_stored(a)) and time.monotonic() < deadline:
            a.wait_for_timeout(300)
        assert _answer_shown(a), "Recommend gave no answer on A's upload"
        assert _first_run_stored(a), "Recommend's first run did not finish"  # the answer shows while cells run
        _settled(a)
        go_on = _main(a).get_by_role("button", name="Continue")
        if go_on.count():  # the refinement: only a finished run is stored whole, to share
            go_on.first.click()
            deadline = time.monotonic() + 300
            while not _finished(a) and time.monotonic() < deadline:
                a.wait_for_timeout(300)
            assert _finished(a), "Recommend's refinement did not finish"
        _settled(a)
        _no_error(a, a.url)
        results = next(tab for script, _, tab in tabs if script == "pages/results.py")
        results.reload(wait_until="domcontentloaded")  # A's run is stored now
        results.locator("h1").first.wait_for(timeout=120_000)
        _settled(results)
        _private(results, "pages/results.py, after A's run")
        assert results.get_by_text("You have no runs stored", exact=False).count() == 1, "B sees runs not its own"
        results.close()

        # 3. A makes a link to the run; B sees it read-only, and still no runs of its own; A revokes it.
        _menu(a, "Results explorer")
        share = _main(a).get_by_test_id("stExpander").filter(has_text="Share this run")
        share.locator("summary").first.click()
        share.get_by_role("button", name="Make a link").click()
        code = share.get_by_test_id("stCode").filter(has_text="/results?run=")
        code.first.wait_for(timeout=60_000)
        _settled(a)
        assert code.count() == 1
        link = code.first.inner_text().strip()
        assert link.startswith(f"{server}/results?run="), link
        ident = link.rsplit("=", 1)[1]
        assert len(ident) == 22 and SECRET_FILE not in link

        _goto(b, link)
        _no_error(b, b.url)
        main = _main(b)
        main.get_by_text("a run shared with you (read-only)", exact=False).first.wait_for(timeout=60_000)
        assert main.get_by_text("2 tasks (class vs rest)", exact=False).count() == 1  # the shared run's caption
        assert main.get_by_text(f"These results came from {SECRET_FILE}", exact=False).count() == 1
        for name in ("Make a link", "Revoke", "Continue", "Stop", "Delete"):
            assert main.get_by_role("button", name=name, exact=True).count() == 0, f"B may {name} A's run"
        assert main.get_by_test_id("stExpander").filter(has_text="Share this run").count() == 0
        _no_runs_of_its_own(b)
        b.screenshot(path=str(SHOTS / "three_browsers_b_shared.png"), full_page=True)  # its own list shown too

        share.get_by_role("button", name="Revoke").click()
        code.first.wait_for(state="detached", timeout=60_000)
        _settled(a)
        _no_error(a, a.url)
        # B, the link still open, goes to another page and back (no reload): the run is closed on that rerun
        _menu(b, "Evaluation grid")
        _menu(b, "Results explorer")
        _main(b).get_by_text("The run shared with you is closed", exact=False).first.wait_for(timeout=90_000)
        _settled(b)
        assert _main(b).get_by_text("a run shared with you (read-only)", exact=False).count() == 0
        b.goto(link, wait_until="domcontentloaded")  # the link opened again
        _main(b).get_by_text("This link opens no run", exact=False).first.wait_for(timeout=90_000)
        _settled(b)
        assert _main(b).get_by_text("a run shared with you", exact=False).count() == 0
        _private(b, "the revoked link")

        # The address equals the view shown: a refused cutoff in a link is named, and the address says the one used
        _goto(b, f"{server}/word_map?min_df=99999&k=50")
        _main(b).get_by_text("could not be applied", exact=False).first.wait_for(timeout=90_000)
        b.wait_for_function("() => new URL(location.href).searchParams.get('min_df') === '3'", timeout=60_000)

        # 4. A's link to a view of the upload holds none of its data (no name, no class); then A sets the word
        # map's view on the sample in the sidebar, and C opens the sidebar's "Link to this view".
        sidebar = a.locator('[data-testid="stSidebar"]')
        _menu(a, "Word map")
        own = _link_box(sidebar)
        assert "source=upload" in own and SECRET_CLASS not in own and SECRET_FILE not in own, own
        assert SECRET_CLASS not in a.url, a.url
        sidebar.get_by_text("Sample", exact=True).click()
        sidebar.get_by_text("4,341 documents", exact=False).first.wait_for(timeout=90_000)
        _settled(a)
        _menu(a, "Word map")
        sidebar.get_by_label("Positive class", exact=True).click()
        a.get_by_role("option").filter(has_text="scipy.stats (").first.click()
        _settled(a)
        k = sidebar.get_by_label("k: words to select", exact=True)
        k.fill("137")
        k.press("Enter")
        a.wait_for_function("() => new URL(location.href).searchParams.get('k') === '137'", timeout=60_000)
        _settled(a)
        view = _link_box(sidebar)
        assert view.startswith(f"{server}/word_map?"), view
        assert "class=scipy.stats" in view and "k=137" in view and "source=sample" in view, view
        assert SECRET_FILE not in view and SECRET_CLASS not in view

        c = visitor()
        c.goto(view, wait_until="domcontentloaded")
        c.locator(".js-plotly-plot").first.wait_for(timeout=120_000)
        _settled(c)
        _no_error(c, c.url)
        side = c.locator('[data-testid="stSidebar"]')
        assert side.get_by_label("k: words to select", exact=True).input_value() == "137"
        assert side.get_by_label("Positive class", exact=True).input_value().startswith("scipy.stats (")
        assert "class=scipy.stats" in c.url and "k=137" in c.url
        _private(c, "C's word map")
    finally:
        for context in contexts:
            context.close()
