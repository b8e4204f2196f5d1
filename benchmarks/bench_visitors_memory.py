"""The server's memory over visitors who come, upload a 30 MB file, and leave (issue 51).

Two servers side by side, in one run: the app, and the least page that takes an upload (``floor_upload.py``: a file
box, Streamlit's own keeping of what visitors leave). Both keep a gone session for
``server.disconnectedSessionTTL`` (set short here, 15 s, so the run is short; 120 s by default). Visitors take
turns, A then B: each opens the page in a new browser context, uploads the file (the app reads it as its corpus),
and closes the context. Each server's resident memory (``VmRSS``) is read before the first visitor, when the last
has left, and once the time Streamlit keeps a gone session has passed (plus two of the app's sweeps).

Run: ``python benchmarks/bench_visitors_memory.py [--visitors 5] [--mb 30]`` (Debian's chromium and Playwright).
"""

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from _common import REPO

TTL = 15


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(script: Path, cache: Path):
    port = _port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "FSVIZ_CACHE_DIR": str(cache)}
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.fileWatcherType", "none", "--server.disconnectedSessionTTL", str(TTL),
                             "--server.maxUploadSize", "200"],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2)
            break
        except OSError:
            time.sleep(0.5)
    try:
        yield proc, url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def corpus_file(folder: Path, mb: int) -> Path:
    """A JSONL corpus of about ``mb`` MB: planted documents of two classes, repeated."""
    import fsviz

    planted = fsviz.make_planted_corpus(n_docs=400, n_classes=2, random_state=0)
    lines = [json.dumps({"text": t, "label": str(lab)}) + "\n" for t, lab in zip(planted.texts, planted.labels)]
    block = "".join(lines).encode()
    path = folder / "visitor.jsonl"
    with path.open("wb") as out:
        for _ in range(mb * 1024**2 // len(block) + 1):
            out.write(block)
    return path


def visit(browser, url: str, path: Path, app: bool) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="domcontentloaded")
    if app:
        side = page.locator('[data-testid="stSidebar"]')
        side.get_by_text("Upload", exact=True).click(timeout=120_000)
        side.locator('input[type="file"]').set_input_files(str(path))
        side.get_by_text("documents", exact=False).filter(has_text="visitor").first.wait_for(timeout=300_000)
    else:
        page.locator('input[type="file"]').set_input_files(str(path))
        page.get_by_text("bytes received").wait_for(timeout=300_000)
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=5)
    parser.add_argument("--mb", type=int, default=30)
    parser.add_argument("--wait", type=float, default=TTL + 15,
                        help="seconds from the last visitor's leaving to the last reading (default: Streamlit's "
                             "keeping, then two of the app's sweeps)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = next((c for c in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(c).exists()), None)
    if chromium is None:
        sys.exit("skipped: Debian's chromium is not installed")
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as p:
        scratch = Path(scratch)
        path = corpus_file(scratch, args.mb)
        size_mb = path.stat().st_size / 1024**2
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu",
                                                                     "--disable-background-networking"])
        with serve(REPO / "app.py", scratch / "cache") as (app, app_url), \
                serve(REPO / "benchmarks" / "floor_upload.py", scratch / "cache2") as (floor, floor_url):
            for url in (app_url, floor_url):  # each server's first page drawn, imports done
                page = browser.new_page()
                page.goto(url)
                page.wait_for_selector('[data-testid="stApp"]', timeout=120_000)
                time.sleep(5)
                page.close()
            before = {"app": rss_mb(app.pid), "floor": rss_mb(floor.pid)}
            started = time.monotonic()
            for _ in range(args.visitors):  # A then B, in turn
                visit(browser, app_url, path, app=True)
                visit(browser, floor_url, path, app=False)
            left = {"app": rss_mb(app.pid), "floor": rss_mb(floor.pid)}
            time.sleep(args.wait)
            later = {"app": rss_mb(app.pid), "floor": rss_mb(floor.pid)}
        browser.close()
    print(f"{args.visitors} visitors each uploaded {size_mb:.0f} MB and left "
          f"({time.monotonic() - started:.0f} s); resident memory (MB):")
    print(f"{'server':<8}{'before':>10}{'all left':>10}{'later':>10}{'kept a visitor':>16}")
    for name in ("app", "floor"):
        kept = (later[name] - before[name]) / args.visitors
        print(f"{name:<8}{before[name]:>10.0f}{left[name]:>10.0f}{later[name]:>10.0f}{kept:>16.1f}")
    print(f"(later: {args.wait:.0f} s after the last visitor left; Streamlit keeps a gone session {TTL} s here, and the "
          "app closes a gone session just before)")


if __name__ == "__main__":
    main()
