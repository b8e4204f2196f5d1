"""The server's memory over visitors who come, upload a 30 MB file, and leave (issue 51).

Two servers side by side, in one run: the app, and the least page that takes an upload (``floor_upload.py``: a file
box, Streamlit's own keeping of what visitors leave). Both keep a gone session for
``server.disconnectedSessionTTL`` (set short here, 15 s, so the run is short; 120 s by default). Visitors take
turns, A then B: each opens the page in a new browser context, uploads the file (the app reads it as its corpus),
and closes the context. Each server's resident memory (``VmRSS``, of the server and the processes it started: the
app's worker that reads a large upload, and the process it is forked from) is read once the server has settled
after its first page (the app imports the other pages' modules in the background meanwhile), when the last visitor
has left, and once the time Streamlit keeps a gone session has passed (plus two of the app's sweeps). Each round
starts both servers afresh; the medians over the rounds close the report, with the app's memory kept per visitor
over the floor's.

Run: ``python benchmarks/bench_visitors_memory.py [--visitors 5] [--mb 30] [--rounds 3]`` (Debian's chromium and
Playwright). ``--app-env NAME=VALUE`` starts the app's server with that variable (an allocator setting to try, such
as ``MALLOC_ARENA_MAX=2``); the floor's is started as Streamlit is.
"""

import argparse
import contextlib
import json
import os
import signal
import socket
import statistics
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
def serve(script: Path, cache: Path, extra_env: dict | None = None):
    port = _port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "FSVIZ_CACHE_DIR": str(cache),
           **(extra_env or {})}
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


def _children(pid: int) -> list[int]:
    kids = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            kids += [int(c) for c in (task / "children").read_text().split()]
    return kids


def rss_mb(pid: int, alone: bool = False) -> float:
    """The resident memory of process ``pid`` and every process under it (MB); ``alone``: of ``pid`` only."""
    total, todo = 0.0, [pid]
    while todo:
        process = todo.pop()
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
            todo += [] if alone else _children(process)
    return total


def settled_mb(pid: int, still_seconds: float = 6.0, most_seconds: float = 120.0) -> float:
    """``rss_mb(pid)`` once it has moved less than 2 MB for ``still_seconds`` (at most ``most_seconds`` of waiting)."""
    readings, started = [], time.monotonic()
    while time.monotonic() - started < most_seconds:
        readings.append(rss_mb(pid))
        last = readings[-int(still_seconds):]
        if len(readings) > still_seconds and max(last) - min(last) < 2:
            break
        time.sleep(1)
    return readings[-1]


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


def one_round(browser, path: Path, scratch: Path, visitors: int, wait: float, app_env: dict) -> dict:
    """Both servers started afresh, ``visitors`` visitors each, A then B; each server's memory at each reading."""
    with serve(REPO / "app.py", scratch / "cache", app_env) as (app, app_url), \
            serve(REPO / "benchmarks" / "floor_upload.py", scratch / "cache2") as (floor, floor_url):
        servers = {"app": app, "floor": floor}
        # each server's first page drawn to its end (the app's: the sample read, the other pages' imports started)
        for url, last in ((app_url, "text=Download classes (CSV)"), (floor_url, 'input[type="file"]')):
            page = browser.new_page()
            page.goto(url)
            page.locator(last).first.wait_for(state="attached", timeout=180_000)
            page.close()
        readings = {name: {"before": settled_mb(server.pid)} for name, server in servers.items()}
        for _ in range(visitors):  # A then B, in turn
            visit(browser, app_url, path, app=True)
            visit(browser, floor_url, path, app=False)
        for name, server in servers.items():
            readings[name]["all left"] = rss_mb(server.pid)
        time.sleep(wait)
        for name, server in servers.items():
            readings[name]["later"] = rss_mb(server.pid)
            readings[name]["kept a visitor"] = (readings[name]["later"] - readings[name]["before"]) / visitors
            readings[name]["of which started"] = readings[name]["later"] - rss_mb(server.pid, alone=True)
    return readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=5)
    parser.add_argument("--mb", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--wait", type=float, default=TTL + 15,
                        help="seconds from the last visitor's leaving to the last reading (default: Streamlit's "
                             "keeping, then two of the app's sweeps)")
    parser.add_argument("--app-env", action="append", default=[], metavar="NAME=VALUE",
                        help="start the app's server with this variable (repeatable), e.g. MALLOC_ARENA_MAX=2")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # the servers are stopped on the way out
    app_env = dict(item.split("=", 1) for item in args.app_env)
    from playwright.sync_api import sync_playwright

    chromium = next((c for c in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(c).exists()), None)
    if chromium is None:
        sys.exit("skipped: Debian's chromium is not installed")
    columns = ("before", "all left", "later", "kept a visitor", "of which started")
    rounds = []
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as p:
        scratch = Path(scratch)
        path = corpus_file(scratch, args.mb)
        size_mb = path.stat().st_size / 1024**2
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu",
                                                                     "--disable-background-networking"])
        print(f"{args.visitors} visitors a round each upload {size_mb:.0f} MB and leave; resident memory (MB) of each "
              f"server and the processes it started{'; the app with ' + ' '.join(args.app_env) if app_env else ''}:")
        print(f"{'round':<7}{'server':<8}" + "".join(f"{c:>18}" for c in columns), flush=True)
        for number in range(1, args.rounds + 1):
            readings = one_round(browser, path, scratch / str(number), args.visitors, args.wait, app_env)
            rounds.append(readings)
            for name in ("app", "floor"):
                print(f"{number:<7}{name:<8}" + "".join(f"{readings[name][c]:>18.1f}" for c in columns), flush=True)
        browser.close()
    for name in ("app", "floor"):
        print(f"{'median':<7}{name:<8}" + "".join(f"{statistics.median(r[name][c] for r in rounds):>18.1f}"
                                                  for c in columns))
    ratios = [r["app"]["kept a visitor"] / r["floor"]["kept a visitor"] for r in rounds]
    print(f"memory kept per visitor who came and left, the app's over the floor's: median {statistics.median(ratios):.2f} "
          f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)})")
    print("(of which started: what the processes the server started hold at the last reading: the process that forks "
          "the worker reading a large upload, and multiprocessing's resource tracker, both started by the first such "
          "upload and kept)")
    print(f"(later: {args.wait:.0f} s after the last visitor left; Streamlit keeps a gone session {TTL} s here, the app "
          "closes a gone session just before; the floor never frees a gone session's upload, as Streamlit only forgets "
          "an expired session)")


if __name__ == "__main__":
    main()
