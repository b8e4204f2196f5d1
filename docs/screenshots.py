"""Make the user guide's screenshots of the app: ``python docs/screenshots.py`` → ``docs/_static/screens/*.png``.

Starts ``streamlit run app.py`` on a free local port (on the bundled sample corpus), opens each page of the menu
(``ui.sidebar.PAGES``) in Debian's Chromium through Playwright (no browser download), waits for Streamlit to
finish, and saves the page's first chart (or, on a page that draws nothing before you press a button, the top of
the page), as a palette PNG of at most 200 KB. Not part of ``docs/build.sh``: the build stays fast and needs no
browser; run this when the app's look changes and commit the PNGs.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "_static" / "screens"
MAX_BYTES = 200_000
PlaywrightTimeout = TimeoutError  # playwright's, once main() has imported it
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"

sys.path.insert(0, str(ROOT))
from ui.sidebar import PAGES  # noqa: E402  (the menu, in order)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_app(cache: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "FSVIZ_CACHE_DIR": str(cache)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2)
            return proc, url
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("streamlit did not start")


def _small_png(png: bytes, path: Path) -> int:
    """Save ``png`` with a 256-colour palette, halving its size until it is at most MAX_BYTES; return the bytes."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    while True:
        buffer = io.BytesIO()
        image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(buffer, "PNG", optimize=True)
        if buffer.tell() <= MAX_BYTES or image.width < 400:
            path.write_bytes(buffer.getvalue())
            return buffer.tell()
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4), Image.Resampling.LANCZOS)


def _shoot(browser, url: str, script: str) -> bytes:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        slug = "" if script == "app.py" else Path(script).stem
        page.goto(f"{url}/{slug}", wait_until="domcontentloaded")
        page.wait_for_selector('[data-testid="stSidebar"]', timeout=90_000)
        page.wait_for_timeout(1000)
        page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000)
        page.wait_for_timeout(1500)
        try:  # a page that draws on opening: its first chart, axes drawn
            page.wait_for_selector(".js-plotly-plot .xtick", timeout=30_000)
        except PlaywrightTimeout:  # a page that waits for a button: the top of the page
            return page.screenshot()
        page.wait_for_timeout(1000)
        chart = page.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        return chart.screenshot()
    finally:
        page.close()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help="page names (word_map, recommend …); default: every page")
    args = parser.parse_args(argv)
    global PlaywrightTimeout
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as cache, sync_playwright() as p:
        proc, url = _start_app(Path(cache))
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            for script, title, _icon in PAGES:
                name = "corpus" if script == "app.py" else Path(script).stem
                if args.pages and name not in args.pages:
                    continue
                size = _small_png(_shoot(browser, url, script), OUT / f"{name}.png")
                print(f"{name}.png ({title}): {size / 1000:.0f} KB")
        finally:
            browser.close()
            proc.terminate()
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
