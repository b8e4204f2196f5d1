"""Shipping a selector as a person does it: build the model on the word map, download it, load it.

Same server and browser as :mod:`test_browser` (Debian's chromium, no browser download); the screenshot
of the panel goes to test-output/screenshots/word_map-ship.png.
"""

import skops.io

from e2e.test_browser import SHOTS, _assert_no_error, _settled, _visit, open_tab


def test_word_map_model_downloads_and_predicts(server, browser, tmp_path):
    with _visit(browser, f"{server}/word_map") as page:
        _settled(page)
        open_tab(page, "Ship it")
        build = page.get_by_role("button", name="Build the model")
        build.scroll_into_view_if_needed()
        build.click()
        download_button = page.get_by_role("button", name="Download fsviz-")
        download_button.wait_for(timeout=120_000)
        _assert_no_error(page)
        code = page.locator('[data-testid="stCode"]').filter(has_text="skops.io.load").last
        assert "skops.io.load(path, trusted=trusted)" in code.inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        code.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        page.screenshot(path=str(SHOTS / "word_map-ship.png"))
        with page.expect_download(timeout=60_000) as info:
            download_button.click()
        download = info.value
        assert download.suggested_filename.endswith(".skops")
        path = tmp_path / download.suggested_filename
        download.save_as(path)
        model = skops.io.load(path, trusted=skops.io.get_untrusted_types(file=path))
        assert skops.io.get_untrusted_types(file=path) == []
        predicted = model.predict(["Compute the arithmetic mean along the specified axis.", "zzz"])
        assert len(predicted) == 2 and model["words"].get_feature_names_out().size == 100
        _assert_no_error(page)
