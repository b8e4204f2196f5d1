"""The app in Chromium as a person uses it: from each change to the page settled (issue #26, item 1).

    python benchmarks/bench_browser.py [--repeat 5] [--corpus sample|20ng|both] [--app-dir DIR] [--json FILE]
                                       [--company] [--floor] [--skip PARTS] [--only PARTS]
    python benchmarks/bench_browser.py --only firstpaint --corpus sample --repeat 9   # issue #53's figures

Starts ``python -m streamlit run DIR/app.py`` (cwd ``DIR``, default this
repository; its own empty ``FSVIZ_CACHE_DIR``; typed paths allowed under the
shared data folder through ``FSVIZ_DATA_DIRS``) on a free local port, drives
Debian's Chromium (``/usr/bin/chromium``, by path: no browser download) through
Playwright at 1400×1000, performs the interactions of the issue's table and
prints, for each, the median and the spread (min–max) over ``--repeat`` repeats
of the time from the change to the page settled, and where that time went
(below). It is a benchmark, not a timed test: nothing fails on a slow number.

When is a change made, when is the page settled
-----------------------------------------------
*The change* is the person's input event, taken in the page: the first
``pointerdown`` or ``keydown`` after the benchmark arms its clock (a click on an
option, a tag's remove button, a toggle or a page link; Enter in a text or
number box, typed beforehand). A navigation (new session, cold server) starts
when ``page.goto`` is called, a cold server when its process is spawned.

*Settled* is, all at once and for a quiet window of 500 ms afterwards:

1. a rerun started after the change has ended: Streamlit's own marker
   ``[data-testid="stApp"][data-test-script-state]`` went to ``running`` (or
   ``rerunRequested``) and is back at ``notRunning``. If no rerun has started
   2 s after the change, the change is taken as one that needs none (its
   row's note then says "no rerun seen");
2. no running indicator: ``[data-testid="stStatusWidget"]`` is absent.
   Streamlit shows it only once a run has gone on for 500 ms and fades it out
   over 200 ms after the run; the fade is waited for but not counted (the
   time is that of the run's end, rule 1), so a run of 0.49 s and one of
   0.51 s are not 0.2 s apart;
3. every plotly figure on the page drawn: each ``[data-testid="stPlotlyChart"]``
   and each chart drawn in place (``.fsviz-live-chart``, ``ui.charts``) holds
   its ``.main-svg`` layer, and no mutation
   happened inside any chart for the quiet window (a figure redrawn after the
   run, by ``Plotly.react``, counts until its last DOM change).

The time reported is the latest of: the end of the last rerun, the last DOM
change inside a chart, the change itself; minus the change. The quiet window
is not counted. "First chart" rows stop at the first ``.main-svg`` of the
named chart instead (not for a corpus typed as a path: the landing page's
charts are redrawn in place, not added). A change that starts a second rerun
(``st.rerun``, a widget's callback) counts until the last one ends: the reruns
per change are counted (the JSON has them; the table notes any count but 1).

The floor (``--floor``)
-----------------------
A page with nothing but a number box and the word map's figure (``floor_app.py``,
served beside the app) is the least Streamlit with plotly can do for a change of
k: a changed figure is a new element there too (Streamlit's element id holds the
figure's spec), so the browser mounts a new chart, with new WebGL contexts, each
time. Its k change and the word map's are timed one after the other in each
repeat, and the word map's row notes its median ratio to the floor. So are a
new session straight to the word map's chart and one to the floor page's chart
(Streamlit's own start in a new browser, plotly.js and one chart: the least a
first visit can take).

The first paint against a bare page (issue #53; part ``firstpaint``, first in a run; with ``--company``, both
pages are timed while the company's run goes on)
-----------------------------------------------------------------------------------------------------------
A bare Streamlit page (:data:`BARE_APP`: a title and a number box, nothing of fsviz's), served by a
``streamlit run`` of its own beside the app, from the app's folder (so with its ``.streamlit/config.toml``),
the word map's chart alone on a page (:data:`CHART_ALONE`: the same figure through the app's chart, nothing else),
and the word map, each opened by a new visitor (a new browser context: nothing cached), in rounds whose order
turns, after one untimed visit to each server. *First paint* is the first appearance of the bare page's
number box, of the word map's chart (its ``.main-svg``), from ``goto``. Printed: each one's median and spread,
the word map's ratio to the bare page (the median of the rounds' ratios, and the ratio of the medians), the chart
alone's (what plotly.js and the figure add; the word map less it is the rest of its page), and where it went: what the page
had received whole by then (decoded bytes of plotly.js, the other scripts, fonts and styles; the websocket's
frames, which hold the figure), and Chromium's main-thread seconds by then (``Performance.getMetrics``, read
when Python sees the element: scripts compiled and run, style and layout, every task). Then the server's part:
the word map's script per phase (:data:`PHASES`: corpus, counts, scores, significance, thresholds, figure,
table, the rest), run by Streamlit's AppTest in a process of its own on the same cache folder, for the first
visitor of a fresh process and for new visitors after it (their median), with the imports before it apart.
AppTest runs every visitor under one session id, so what ``ui.cache`` keeps per session (an upload's task and
its word map) is found there as by a returning visitor; the sample's is every visitor's in the served app too
(``ui.cache._everyones``), so for the sample the "new visitor" row is what a new visitor's run costs.

Where the seconds go (issue #42)
--------------------------------
Each timed change is also cut in three, by the same clock in the page, and its
websocket traffic is counted (per sample in the JSON's ``parts``, medians in
the table's extra columns and the JSON's ``median_<part>``):

- *to run*: the change → the first rerun's start as the browser sees it (the
  script state goes to ``running``): the widget's message to the server, the
  server starting the script, and its word of that reaching the page;
- *run*: that start → the last rerun's end as the browser sees it (back at
  ``notRunning``; with several reruns, first start to last end): the server's
  script and the streaming of its messages, and the page handling them as they
  come (a chart whose message arrives while the script goes on is drawn inside
  this part);
- *draw*: the run's end → the last DOM change inside a chart: the browser
  redrawing figures after the messages arrived; 0 when no chart changed after
  the run;
- *bytes*: the bytes of the websocket frames the page received from the
  server (Playwright's ``framereceived``; a text frame's in UTF-8), from the
  clock's arming, just before the change, to the page seen settled (its quiet
  window included: nothing normally arrives then); *largest*: the largest single
  frame of them. The JSON also has the frames' count and, from the change, when
  the largest and the last frame came (``largest_frame_at_s``,
  ``last_frame_at_s``: when Playwright handed them to Python, on the page's
  clock as set at arming; a few ms late, and only a guide: a run's time before
  its largest frame is mostly the server's, the last frame is its end).

to run + run + draw is the row's time (its definition is unchanged: the end is
the latest of the run's end and the last chart change). A change with no rerun
has no "to run" nor "run" ("–"): its draw runs from the change. Navigation rows
(new session, cold server → settled) count from ``goto`` or the spawn, so their
"to run" holds the page's load (and the server's start), and their bytes are
the page's since it was made; "first chart" rows have no breakdown (their
"settled" twin has one). "All 8 removals" sums its removals' parts (its largest
frame is the largest of them all).

Interactions (the issue's table; rows say "n/a" with the reason when the app
does not offer one):

- word map: change class (sidebar "Positive class"), add a metric, remove a
  metric, search a word (Enter in the search box), zoom toggle, log axes
  toggle, change k (sidebar "k: words to select", Enter);
- boundaries: open from the word map's menu link (first chart; settled),
  k → 1000, change class, remove a metric, change the surface metric;
- any page: cold server, first visit (process spawned to the landing page's
  first chart and settled; a new server each repeat, sharing one cache folder
  so the sample is on disk as on a deployed server) and new session (a new
  browser context on the warm server: ``goto`` to the first chart, settled;
  and another new context straight to ``/word_map``, as a shared link opens
  it: to the word map's chart, settled);
- grid page: cut the twelve metrics of "Metrics" (run tab) to Forman's four
  (BNS, IG, Chi, Odds), one tag at a time: each removal is a change (median
  per removal; the eight together; reruns per removal).

On 20 Newsgroups (``../shared/data/20newsgroups/20news-bydate.tar.gz``, read
through the sidebar's Path option, which each new session types again) the
same interactions; a session always starts on the sample, so its "new
session" and "cold server" rows time the path typed (Enter) to the 20 NG
landing page settled instead, on a warm and on a fresh server process.
Skipped with a message when the shared data is absent.

Classes change in turn to the next one in the sidebar's list (each class new
to the session); toggles alternate on and off, k alternates, and a removed
metric is put back (untimed) before the next repeat. Two rows beyond the
issue's table: the word map opened from the menu, and 20 NG's first read by
the server.

With ``--company`` every row (but the cold servers') is timed while another
visitor, in a browser context of its own, runs the Evaluation grid page's
default plan on the same server; the rows are named "…, with company", and the
JSON's ``company_still_running`` says whether that run still ran at the end
(a plan that ended early leaves the last rows without company).

The servers run with ``--server.fileWatcherType none``: to time a checkout
others are editing, serve a frozen copy (``git worktree add /tmp/before HEAD``,
then ``--app-dir /tmp/before``). ``FSVIZ_SHARED_DATA`` points elsewhere for the
shared data (see ``_common.py``). ``--skip flows,sessions,cold`` leaves parts
out. The machine's load average is printed (and kept in the JSON) before and
after: note it beside the numbers.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from _common import REPO, SHARED_DATA

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
VIEWPORT = {"width": 1400, "height": 1000}
TWENTY_NG = ("20newsgroups", "20news-bydate.tar.gz")
QUIET_MS = 500  # the page unchanged this long after it looks settled (not counted)
GRACE_MS = 2000  # no rerun started this long after a change: the change needed none
SETTLE_TIMEOUT_MS = 600_000
FIND_MS = 20_000  # finding a widget
FORMANS_FOUR = ["BNS", "IG", "Chi", "Odds"]
WORD_MAP_CHART = '.st-key-wordmap_chart .main-svg'
# A chart drawn: Streamlit's plotly element's, or one drawn in place's (ui.charts, the word map's).
CHART_DRAWN = '[data-testid="stPlotlyChart"] .main-svg, .fsviz-live-chart .main-svg'

# The clock in the page: Streamlit's run state, charts' DOM changes, the person's first input after arming.
MONITOR_JS = r"""
(() => {
  if (window.__fb) return;
  const now = () => performance.timeOrigin + performance.now();
  const b = window.__fb = {armedAt: now(), t0: null, runs: 0, runsAtArm: 0, runStart: null, firstRun: null, runEnd: null,
                           lastPlot: 0, statusSeen: false, watchAt: null,
                           watch: window.__fbWatch || '[data-testid="stPlotlyChart"] .main-svg, .fsviz-live-chart .main-svg',
                           okSince: null, state: null};
  const input = () => { if (b.t0 === null) b.t0 = now(); };
  window.addEventListener('pointerdown', input, true);
  window.addEventListener('keydown', input, true);
  const chart = '[data-testid="stPlotlyChart"], .fsviz-live-chart';
  new MutationObserver((records) => {
    const t = now();
    const app = document.querySelector('[data-testid="stApp"]');
    const state = app ? app.getAttribute('data-test-script-state') : null;
    if (state !== b.state) {
      const running = s => s === 'running' || s === 'rerunRequested';
      if (running(state) && !running(b.state)) {
        b.runs += 1; b.runStart = t;
        if (b.firstRun === null) b.firstRun = t;
      }
      if (state === 'notRunning' && running(b.state)) b.runEnd = t;
      b.state = state;
    }
    if (document.querySelector('[data-testid="stStatusWidget"]')) b.statusSeen = true;
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (el && el.closest(chart)) { b.lastPlot = t; break; }
    }
    if (b.watch && b.watchAt === null && document.querySelector(b.watch)) b.watchAt = t;
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
"""

ARM_JS = """(watch) => {
  const b = window.__fb, t = performance.timeOrigin + performance.now();
  Object.assign(b, {armedAt: t, t0: null, runsAtArm: b.runs, firstRun: null, runEnd: null, lastPlot: 0, statusSeen: false,
                    watch: watch, watchAt: watch && document.querySelector(watch) ? t : null, okSince: null});
  return t;
}"""

# True (with the times) once the page is settled; see the module's docstring.
SETTLED_JS = """(p) => {
  const b = window.__fb;
  if (!b) return false;
  const t = performance.timeOrigin + performance.now();
  const start = b.t0 === null ? b.armedAt : b.t0;
  const started = b.runs > b.runsAtArm;
  if (!started && t - start < p.grace) { b.okSince = null; return false; }
  const app = document.querySelector('[data-testid="stApp"]');
  let ok = !!app && app.getAttribute('data-test-script-state') === 'notRunning'
           && !document.querySelector('[data-testid="stStatusWidget"]');
  if (ok && p.need) ok = !!document.querySelector(p.need);
  if (ok) for (const c of document.querySelectorAll('[data-testid="stPlotlyChart"], .fsviz-live-chart'))
    if (!c.querySelector('.main-svg')) { ok = false; break; }
  if (!ok) { b.okSince = null; return false; }
  if (b.okSince === null) b.okSince = t;
  if (t - Math.max(b.okSince, b.lastPlot) < p.quiet) return false;
  const end = Math.max(start, started && b.runEnd !== null ? b.runEnd : 0, b.lastPlot);
  return {start: start, end: end, runs: b.runs - b.runsAtArm, statusSeen: b.statusSeen,
          watchAt: b.watchAt, inputSeen: b.t0 !== null, firstRun: started ? b.firstRun : null,
          runEnd: started ? b.runEnd : null, lastPlot: b.lastPlot || null};
}"""


PARTS = ("to_run_s", "run_s", "draw_s", "bytes", "largest_frame_bytes")  # the breakdown of a sample, in its order


class Frames:
    """The websocket frames a page has received from the server since ``reset()``: how many, their bytes (a text
    frame's in UTF-8), the largest one's; and when the largest and the last came (Playwright hands each frame to
    Python, ``framereceived``: the time it is handed, moved to the page's clock by ``offset``, page − Python, s)."""

    def __init__(self, page):
        self.reset()
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload):
        now = time.time()
        size = len(payload.encode() if isinstance(payload, str) else payload)
        self.count += 1
        self.bytes += size
        self.last_at = now
        self.log.append((now, size))
        if size > self.largest:
            self.largest, self.largest_at = size, now

    def reset(self, offset=0.0):
        self.log = []  # (when Python was handed it, epoch s; its bytes)
        self.count = self.bytes = self.largest = 0
        self.largest_at = self.last_at = None
        self.offset = offset

    def bytes_before(self, epoch: float) -> int:
        """The bytes of the frames received before ``epoch`` (the page's clock)."""
        return sum(size for at, size in self.log if at + self.offset <= epoch)

    def taken(self) -> dict:
        def page_clock(t):
            return None if t is None else t + self.offset

        return {"bytes": self.bytes, "largest_frame_bytes": self.largest, "frames": self.count,
                "largest_frame_epoch": page_clock(self.largest_at), "last_frame_epoch": page_clock(self.last_at)}


FRAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # page → its Frames


def breakdown(start, settled, frames) -> dict:
    """Where the seconds from ``start`` (epoch s) to the page settled went: to the first rerun's start, the reruns
    (first start to last end), the charts' DOM changes after them; with the frames received. Without a rerun
    "to run" and "run" are None and "draw" runs from ``start``. Their sum is the row's time (the end is the latest
    of the run's end and the last chart change)."""
    first, last, plot = settled["run_start_epoch"], settled["run_end_epoch"], settled["last_plot_epoch"]
    ran = first is not None and last is not None
    drawn_from = last if ran else start
    out = {"to_run_s": round(first - start, 4) if ran else None, "run_s": round(last - first, 4) if ran else None,
           "draw_s": round(max(0.0, plot - drawn_from), 4) if plot is not None else 0.0,
           "bytes": frames["bytes"], "largest_frame_bytes": frames["largest_frame_bytes"], "frames": frames["frames"]}
    for key in ("largest_frame", "last_frame"):  # from the change, roughly (see Frames)
        at = frames[f"{key}_epoch"]
        out[f"{key}_at_s"] = None if at is None else round(at - start, 4)
    return out


def summed(parts: list) -> dict | None:
    """The breakdown of several changes made one after the other (their sum; the largest frame of them all)."""
    if not parts or any(p is None for p in parts):
        return None
    out = {}
    for key in (*PARTS, "frames"):
        values = [p[key] for p in parts]
        if key == "largest_frame_bytes":
            out[key] = max(values)
        else:
            out[key] = None if None in values else round(sum(values), 4)
    return out


class NotPossible(Exception):
    """The interaction cannot be made in this app (the row says n/a with this reason)."""


@dataclass
class Row:
    interaction: str
    corpus: str
    samples: list = field(default_factory=list)
    runs: list = field(default_factory=list)
    parts: list = field(default_factory=list)  # per sample: where its seconds went (see breakdown()), or None
    notes: list = field(default_factory=list)
    na: str | None = None

    def add(self, seconds, runs=None, parts=None):
        self.samples.append(seconds)
        self.parts.append(parts)
        if runs is not None:
            self.runs.append(runs)

    def summary(self) -> dict:
        out = {"interaction": self.interaction, "corpus": self.corpus, "n": len(self.samples),
               "samples_s": [round(s, 3) for s in self.samples]}
        if self.samples:
            q = statistics.quantiles(self.samples, n=4, method="inclusive") if len(self.samples) > 1 else [self.samples[0]] * 3
            out.update(median_s=round(statistics.median(self.samples), 3), min_s=round(min(self.samples), 3),
                       max_s=round(max(self.samples), 3), iqr_s=[round(q[0], 3), round(q[2], 3)])
        if self.runs:
            out["reruns"] = self.runs
        if any(p is not None for p in self.parts):
            out["parts"] = self.parts
            for key in PARTS:
                values = [p[key] for p in self.parts if p is not None and p[key] is not None]
                out[f"median_{key}"] = round(statistics.median(values), 3) if values else None
        if self.na is not None and not self.samples:
            out["na"] = self.na
        if self.notes:
            out["notes"] = sorted(set(self.notes))
        return out


class Results:
    def __init__(self, suffix=""):
        self.rows: dict[tuple, Row] = {}
        self.suffix = suffix  # ", with company": every row measured beside another visitor's grid run

    def row(self, interaction, corpus) -> Row:
        interaction += self.suffix
        return self.rows.setdefault((interaction, corpus), Row(interaction, corpus))

    def na(self, interaction, corpus, reason):
        row = self.row(interaction, corpus)
        row.na = reason
        interaction = row.interaction
        print(f"  {interaction} [{corpus}]: n/a ({reason})", flush=True)


# --- the server -------------------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_env(cache: Path) -> dict:
    return {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", "FSVIZ_CACHE_DIR": str(cache),
            "FSVIZ_ALLOW_PATHS": "1", "FSVIZ_DATA_DIRS": str(SHARED_DATA.resolve()), "PYTHONUNBUFFERED": "1"}


class Server:
    """``python -m streamlit run APP/SCRIPT`` (``app.py``) from ``APP`` on a free port; ``started`` is the spawn time
    (epoch s)."""

    def __init__(self, app_dir: Path, cache: Path, log: Path, script: Path | None = None):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.started = time.time()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script or app_dir / "app.py"), "--server.headless", "true",
             "--server.port", str(self.port), "--server.address", "127.0.0.1", "--server.fileWatcherType", "none",
             "--server.runOnSave", "false"],
            cwd=app_dir, env=_server_env(cache), stdout=log.open("w"), stderr=subprocess.STDOUT)

    def wait_healthy(self, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2)
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        sys.exit("streamlit did not start:\n" + self.log.read_text(errors="replace")[-3000:])

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --- the page ---------------------------------------------------------------------------------------------------


def arm(page, watch=None):
    """Start the clock in the page (and the count of frames, its clock set against Python's at this call)."""
    before = time.time()
    page_now = page.evaluate(ARM_JS, watch) / 1000
    FRAMES[page].reset(offset=page_now - (before + time.time()) / 2)


def settle(page, need=None, grace=GRACE_MS, timeout=SETTLE_TIMEOUT_MS) -> dict:
    """Wait until the page is settled (see the module's docstring); the times of that wait, in seconds."""
    handle = page.wait_for_function(SETTLED_JS, arg={"quiet": QUIET_MS, "grace": grace, "need": need},
                                    polling=25, timeout=timeout)
    r = handle.json_value()
    out = {"seconds": (r["end"] - r["start"]) / 1000, "runs": r["runs"], "status_seen": r["statusSeen"],
           "input_seen": r["inputSeen"], "end_epoch": r["end"] / 1000}
    if r["watchAt"] is not None:
        out["first_chart"] = max(0.0, (r["watchAt"] - r["start"]) / 1000)
        out["first_chart_epoch"] = r["watchAt"] / 1000
    for key, name in (("firstRun", "run_start_epoch"), ("runEnd", "run_end_epoch"), ("lastPlot", "last_plot_epoch")):
        out[name] = None if r[key] is None else r[key] / 1000
    out["frames"] = FRAMES[page].taken()  # since arm(), or since the page was made for a navigation
    out["parts"] = breakdown(r["start"] / 1000, out, out["frames"])
    return out


def timed(page, action, need=None, watch=None) -> dict:
    """Arm the clock, make the change with ``action()``, wait until the page is settled."""
    arm(page, watch)
    action()
    result = settle(page, need=need)
    if not result["input_seen"]:
        raise RuntimeError("the change sent no input event to the page")
    return result


def new_page(browser, watch=None):
    """A new browser context (a new visitor) and its page, with the clock in it; ``watch``: the element whose first
    appearance is the "first chart" of a navigation (by default any chart's drawing)."""
    context = browser.new_context(viewport=VIEWPORT)
    if watch:
        context.add_init_script(f"window.__fbWatch = {json.dumps(watch)};")
    context.add_init_script(MONITOR_JS)
    page = context.new_page()
    FRAMES[page] = Frames(page)
    return context, page


def open_app(page, url, corpus_path=None) -> dict:
    """Go to the landing page and wait until it is settled; with ``corpus_path``, then load it by the Path option."""
    page.goto(url, wait_until="commit")
    first = settle(page, need=CHART_DRAWN)
    if corpus_path is not None:
        return load_path(page, corpus_path)
    return first


def load_path(page, path) -> dict:
    """Choose Corpus: Path, type ``path`` and press Enter: the times from Enter to the landing page settled."""
    kinds = page.locator(".st-key-source_kind")
    kinds.wait_for(timeout=FIND_MS)
    if kinds.get_by_text("Path", exact=True).count() == 0:
        raise NotPossible("the sidebar offers no Path option (typed paths off)")
    arm(page)
    kinds.get_by_text("Path", exact=True).click()
    settle(page)
    box = page.locator(".st-key-path input")
    box.fill(str(path))
    result = timed(page, lambda: box.press("Enter"))  # the sample's charts are there already: no first-chart time
    caption = page.locator('[data-testid="stSidebar"]').inner_text()
    if Path(path).name.split(".")[0] not in caption:
        errors = page.locator('[data-testid="stAlertContentError"]').all_inner_texts()
        raise RuntimeError(f"{path} did not load: {' '.join(errors)[:300]}")
    return result


def go_to(page, title, chart_key=None) -> dict:
    """Follow the sidebar menu link ``title``; with ``chart_key``, note the first ``.main-svg`` of that chart."""
    link = page.locator('[data-testid="stSidebar"] [data-testid="stPageLink"]').filter(has_text=title).first
    link.wait_for(timeout=FIND_MS)
    watch = f".st-key-{chart_key} .main-svg" if chart_key else None
    return timed(page, lambda: link.locator("a").first.click(), need=watch, watch=watch)


def select_next(page, key, step=1):
    """Open the selectbox ``key`` and click the option ``step`` places after the chosen one (wrapping round among
    the options listed); returns its text. Opening is not timed: the caller arms before the option's click."""
    box = page.locator(f".st-key-{key}")
    box.wait_for(timeout=FIND_MS)
    options = page.locator('[role="listbox"] [role="option"]')
    for attempt in range(3):  # a click that did not open the list (seen once in 20 repeats) is made again
        box.locator('button[aria-label="Open"]').click()
        try:
            options.first.wait_for(timeout=FIND_MS // 4)
            break
        except Exception:
            if attempt == 2:
                raise
            page.keyboard.press("Escape")
    texts = options.all_inner_texts()
    current = box.locator("input").input_value()
    index = (texts.index(current) + step) % len(texts) if current in texts else 0
    return texts[index], options.nth(index)


def change_select(page, key, step=1) -> tuple[str, dict]:
    text, option = select_next(page, key, step)
    return text, timed(page, option.click)


def multiselect_tags(page, key) -> list[str]:
    return [t.strip() for t in page.locator(f".st-key-{key} [data-tag]").all_inner_texts()]


def remove_tag(page, key, label) -> dict:
    """Click the remove button of the tag whose text starts with ``label:`` (or is ``label``)."""
    box = page.locator(f".st-key-{key}")
    buttons = box.locator("button[aria-label^='Remove ']")
    for i in range(buttons.count()):
        name = buttons.nth(i).get_attribute("aria-label")[len("Remove "):]
        if name == label or name.startswith(label + ":"):
            button = box.locator(f"button[aria-label='Remove {name}']")
            for _ in range(3):  # a click that reached the page but removed nothing (no rerun) is made again
                result = timed(page, button.click)
                if button.count() == 0:
                    return result
            raise RuntimeError(f"{label!r} stays chosen in {key} after three clicks on its remove button")
    raise NotPossible(f"no {label!r} among the chosen metrics of {key}")


def add_option(page, key, label, close=True) -> dict:
    """Type ``label`` into the multiselect ``key`` and click the option whose text starts with it."""
    box = page.locator(f".st-key-{key}")
    field_ = box.locator("input[role='combobox']")
    field_.click()
    field_.fill(label)
    options = page.locator('[role="listbox"] [role="option"]')
    options.first.wait_for(timeout=FIND_MS)
    texts = options.all_inner_texts()
    matches = [i for i, t in enumerate(texts) if t == label or t.startswith(label + ":")]
    if not matches:
        raise NotPossible(f"{label!r} is not offered by {key}")
    result = timed(page, options.nth(matches[0]).click)
    if close:
        page.keyboard.press("Escape")
        settle(page, grace=300)
    return result


def set_number(page, key, value) -> dict:
    field_ = page.locator(f".st-key-{key} input")
    field_.wait_for(timeout=FIND_MS)
    if field_.input_value() == str(value):
        return None
    field_.fill(str(value))
    return timed(page, lambda: field_.press("Enter"))


def set_text(page, key, value) -> dict:
    field_ = page.locator(f".st-key-{key} input")
    field_.wait_for(timeout=FIND_MS)
    field_.fill(value)
    return timed(page, lambda: field_.press("Enter"))


def toggle(page, key) -> dict:
    label = page.locator(f".st-key-{key} label").first
    label.wait_for(timeout=FIND_MS)
    return timed(page, label.click)


def errors_on(page) -> list[str]:
    return (page.locator('[data-testid="stException"]').all_inner_texts()
            + page.locator('[data-testid="stAlertContentError"]').all_inner_texts())


# --- the interactions ---------------------------------------------------------------------------------------------


def measure(results, name, corpus, fn, repeat, *, on_result=None):
    """Call ``fn(i)`` ``repeat`` times, each giving a settle dict (or None: not counted); errors make the row n/a."""
    row = results.row(name, corpus)
    for i in range(repeat):
        try:
            r = fn(i)
        except NotPossible as exc:
            results.na(name, corpus, str(exc))
            return
        except Exception as exc:  # a broken interaction leaves the others measurable
            row.notes.append(f"repeat {i + 1} failed: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
            print(f"  {name} [{corpus}] repeat {i + 1} failed: {exc!s:.300}", flush=True)
            continue
        if r is None:
            continue
        row.add(r["seconds"], r["runs"], r.get("parts"))
        if r["runs"] == 0:
            row.notes.append("no rerun seen")
        if on_result:
            on_result(r)
    if row.samples:
        print(f"  {name} [{corpus}]: median {statistics.median(row.samples):.2f} s "
              f"({min(row.samples):.2f}–{max(row.samples):.2f}, n={len(row.samples)}, reruns {row.runs})"
              f"{parts_line(row.summary())}", flush=True)


def word_map(page, results, corpus, repeat, search_words):
    go = go_to(page, "Word map", "wordmap_chart")
    results.row("word map: open from the menu", corpus).add(go["seconds"], go["runs"], go["parts"])
    measure(results, "word map: change class", corpus, lambda i: change_select(page, "class_name")[1], repeat)

    def add(i):
        return add_option(page, "wordmap_metrics", "Acc2")

    def remove(i):
        if not any(t == "Acc2" or t.startswith("Acc2:") for t in multiselect_tags(page, "wordmap_metrics")):
            add_option(page, "wordmap_metrics", "Acc2")
        return remove_tag(page, "wordmap_metrics", "Acc2")

    for _ in range(repeat):  # add, then remove the same metric: a pair per repeat
        measure(results, "word map: add a metric", corpus, add, 1)
        measure(results, "word map: remove a metric", corpus, remove, 1)
    measure(results, "word map: search a word", corpus,
            lambda i: set_text(page, "wordmap_search", search_words[i % len(search_words)]), repeat)
    set_text(page, "wordmap_search", "")
    measure(results, "word map: zoom toggle", corpus, lambda i: toggle(page, "wordmap_zoom"), repeat)
    if page.locator(".st-key-wordmap_zoom input").is_checked():
        toggle(page, "wordmap_zoom")
    measure(results, "word map: log axes toggle", corpus, lambda i: toggle(page, "wordmap_log"), repeat)
    if page.locator(".st-key-wordmap_log input").is_checked():
        toggle(page, "wordmap_log")
    measure(results, "word map: change k", corpus, lambda i: set_number(page, "k", 50 if i % 2 == 0 else 100), repeat)
    set_number(page, "k", 100)
    if errors_on(page):
        results.row("word map: change class", corpus).notes.append("error on the page: " + errors_on(page)[0][:150])


def boundaries(page, results, corpus, repeat):
    first = results.row("boundaries: open, first chart", corpus)

    def open_(i):
        if i:
            go_to(page, "Word map", "wordmap_chart")  # away and back, not timed
        r = go_to(page, "Decision boundaries", "boundaries_chart")
        if "first_chart" in r:
            first.add(r["first_chart"])
        return r

    measure(results, "boundaries: open, settled", corpus, open_, repeat)

    def k_1000(i):
        r = set_number(page, "k", 1000)
        set_number(page, "k", 100)  # back, not timed
        return r

    measure(results, "boundaries: k → 1000", corpus, k_1000, repeat)
    measure(results, "boundaries: change class", corpus, lambda i: change_select(page, "class_name")[1], repeat)

    controls = page.locator(".st-key-boundaries_controls details")
    if controls.count() and controls.first.get_attribute("open") is None:  # the picker is folded above the chart
        controls.first.locator("summary").click()
        page.locator(".st-key-boundaries_metrics").first.wait_for(state="visible", timeout=30_000)

    def remove(i):
        tags = multiselect_tags(page, "boundaries_metrics")
        if not tags:
            raise NotPossible("no metric chosen")
        label = "Chi" if any(t.startswith("Chi") for t in tags) else tags[-1].split(":")[0]
        r = remove_tag(page, "boundaries_metrics", label)
        add_option(page, "boundaries_metrics", label)  # back, not timed
        return r

    measure(results, "boundaries: remove a metric", corpus, remove, repeat)
    def surface_on(i):  # the 3-D surface is drawn when asked: turning it on is the change
        r = timed(page, page.locator(".st-key-boundaries_surface_on label").first.click)
        timed(page, page.locator(".st-key-boundaries_surface_on label").first.click)  # off again, not timed
        return r

    if page.locator(".st-key-boundaries_surface_on").count():
        measure(results, "boundaries: draw the surface", corpus, surface_on, repeat)
        timed(page, page.locator(".st-key-boundaries_surface_on label").first.click)  # on, for the next row
    measure(results, "boundaries: surface metric", corpus,
            lambda i: change_select(page, "boundaries_surface", step=1 + i % 3)[1], repeat)


def grid(page, results, corpus, repeat):
    per = results.row("grid: cut 12 metrics to 4, each removal", corpus)
    total = results.row("grid: cut 12 metrics to 4, all 8 removals", corpus)
    for i in range(repeat):
        try:
            if i:
                go_to(page, "Word map", "wordmap_chart")  # away and back: the multiselect is back to its default
            go_to(page, "Evaluation grid")
            tags = multiselect_tags(page, "grid_metrics")
            if len(tags) != 12:
                raise NotPossible(f"the grid's Metrics start with {len(tags)} metrics, not 12")
            spent, reruns, parts = 0.0, [], []
            for tag in tags:
                label = tag.split(":")[0]
                if label in FORMANS_FOUR:
                    continue
                r = remove_tag(page, "grid_metrics", label)
                per.add(r["seconds"], r["runs"], r["parts"])
                spent += r["seconds"]
                reruns.append(r["runs"])
                parts.append(r["parts"])
            left = [t.split(":")[0] for t in multiselect_tags(page, "grid_metrics")]
            if sorted(left) != sorted(FORMANS_FOUR):
                per.notes.append(f"left {left}")
            total.add(spent, sum(reruns), summed(parts))
        except NotPossible as exc:
            results.na(per.interaction, corpus, str(exc))
            results.na(total.interaction, corpus, str(exc))
            return
        except Exception as exc:
            total.notes.append(f"repeat {i + 1} failed: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
            print(f"  grid [{corpus}] repeat {i + 1} failed: {exc!s:.300}", flush=True)
    preset = ".st-key-grid_metrics_preset_forman_s_four button"
    if page.locator(preset).count():  # the same choice in one click, where the page offers it
        row = results.row("grid: Forman's four preset (one click)", corpus)
        for _ in range(repeat):
            timed(page, page.locator(".st-key-grid_metrics_preset_forman_s_twelve button").first.click)  # not timed
            r = timed(page, page.locator(preset).first.click)
            row.add(r["seconds"], r["runs"], r["parts"])
    if total.samples:
        print(f"  grid [{corpus}]: each removal median {statistics.median(per.samples):.2f} s, all 8 median "
              f"{statistics.median(total.samples):.2f} s, reruns {total.runs}", flush=True)


def session_flows(browser, url, results, corpus, corpus_path, repeat, pages=("word_map", "boundaries", "grid")):
    """Word map, boundaries and grid (those of ``pages``) in one session on ``corpus``."""
    context, page = new_page(browser)
    try:
        loaded = open_app(page, url, corpus_path)
        if corpus_path is not None:
            results.row("20 NG path → landing settled, first read in this server", corpus).add(
                loaded["seconds"], parts=loaded["parts"])
        words = ["distribution, sample", "array", "matrix"] if corpus == "sample" else ["god", "space", "encryption"]
        parts = {"word_map": lambda: word_map(page, results, corpus, repeat, words),
                 "boundaries": lambda: boundaries(page, results, corpus, repeat),
                 "grid": lambda: grid(page, results, corpus, repeat)}
        for part in (parts[name] for name in parts if name in pages):
            try:
                part()
            except Exception as exc:
                print(f"  [{corpus}] a part failed: {exc!s:.400}", flush=True)
    finally:
        context.close()


def floor_pairs(browser, url, floor_url, results, repeat):
    """A change of k on the word map and on the floor page (``floor_app.py``: one number box and the same figure),
    one after the other in each repeat, so both meet the same load; the ratio is taken pair by pair."""
    context, page = new_page(browser)
    floor_context, floor = new_page(browser)
    try:
        open_app(page, url)
        go_to(page, "Word map", "wordmap_chart")
        floor.goto(floor_url, wait_until="commit")
        settle(floor, need=CHART_DRAWN)
        ratios = []
        for i in range(repeat):
            value = 50 if i % 2 == 0 else 100
            ours = set_number(page, "k", value)
            least = set_number(floor, "k", value)
            if ours is None or least is None:
                continue
            results.row("word map: change k (paired with the floor)", "sample").add(ours["seconds"], ours["runs"],
                                                                                     ours["parts"])
            results.row("floor: change k, one box and the same figure", "sample").add(
                least["seconds"], least["runs"], least["parts"])
            ratios.append(ours["seconds"] / least["seconds"])
        if ratios:
            print(f"  word map / floor, change k: median ratio {statistics.median(ratios):.2f} "
                  f"({min(ratios):.2f}–{max(ratios):.2f}, n={len(ratios)})", flush=True)
            results.row("word map: change k (paired with the floor)", "sample").notes.append(
                f"{statistics.median(ratios):.2f}× the floor (median of pairs)")
    finally:
        context.close()
        floor_context.close()
    floor_sessions(browser, url, floor_url, results, repeat)


def _new_session(browser, url, need) -> tuple[float, dict]:
    """A new browser context's ``goto(url)`` until the page is settled with ``need`` drawn: when it started
    (epoch s) and :func:`settle`'s result."""
    context, page = new_page(browser)
    try:
        start = time.time()
        page.goto(url, wait_until="commit")
        return start, settle(page, need=need)
    finally:
        context.close()


def floor_sessions(browser, url, floor_url, results, repeat):
    """A new session straight to the word map's chart and one to the floor page's chart (the same figure, a page
    with nothing else: Streamlit's own start in a new browser, plotly.js, one chart), in pairs."""
    ratios = []
    for _ in range(repeat):
        start, r = _new_session(browser, f"{url}/word_map", WORD_MAP_CHART)
        ours = r["first_chart_epoch"] - start
        start, r = _new_session(browser, floor_url, CHART_DRAWN)
        least = r["first_chart_epoch"] - start
        results.row("new session → word map's chart (paired with the floor)", "sample").add(ours)
        results.row("floor: new session → its chart, one box and the same figure", "sample").add(least)
        ratios.append(ours / least)
    print(f"  word map / floor, new session to the chart: median ratio {statistics.median(ratios):.2f} "
          f"({min(ratios):.2f}–{max(ratios):.2f}, n={len(ratios)})", flush=True)
    results.row("new session → word map's chart (paired with the floor)", "sample").notes.append(
        f"{statistics.median(ratios):.2f}× the floor (median of pairs)")


# --- the first paint: a bare Streamlit page against the word map (issue #53) ---------------------------------------

#: The least page Streamlit draws, served by its own ``streamlit run`` beside the app (from the app's folder, so
#: with its ``.streamlit/config.toml``): a title and a number box, nothing of fsviz's.
BARE_APP = ('"""A bare Streamlit page (benchmarks/bench_browser.py): a title and a number box."""\n'
            "import streamlit as st\n\n"
            'st.title("A bare Streamlit page")\n'
            'st.number_input("k: words to select", 1, 10_000, 100, key="k")\n')
BARE_DRAWN = '[data-testid="stNumberInput"] input'
#: The word map's chart alone on a page (its script beside this one), the third page of the first paint.
CHART_ALONE = "chart_alone_app.py"

# What the page had received, whole, by ``until`` (epoch ms): each file's URL and decoded bytes (what is parsed).
RESOURCES_JS = """(until) => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .filter((e) => performance.timeOrigin + e.responseEnd <= until)
  .map((e) => ({name: e.name, size: e.decodedBodySize}))"""

KINDS = ("plotly.js", "other scripts", "styles", "fonts", "page and other")

# The first of each ``fsviz:`` mark ui.charts sets (chart-data: a chart's first data in the page; plotly-import,
# plotly-ready: plotly.js asked for and imported; chart-drawn: a chart's first plotly draw done), epoch ms.
MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('fsviz:'))
  .map((m) => [m.name.slice(6), performance.timeOrigin + m.startTime]))"""
TIMELINE = ("first message", "chart-data", "plotly-import", "plotly-ready", "chart-drawn", "first paint")


def resource_kind(url: str) -> str:
    path = urlsplit(url).path
    if "/component/ui.charts.plotly_js/" in path:
        return "plotly.js"
    if path.endswith((".js", ".mjs")):
        return "other scripts"
    if path.endswith(".css"):
        return "styles"
    if path.endswith((".woff2", ".woff", ".ttf")):
        return "fonts"
    return "page and other"


def first_visit(browser, url, watch) -> dict:
    """A new visitor's ``goto(url)``: the seconds to ``watch`` first in the page (*first paint*) and to settled;
    what the page had received by then (files by kind, decoded bytes; the websocket's bytes) and the main thread's
    time so far (Chromium's own counters, read when Python sees ``watch``: script compiling and running, style and
    layout, every task)."""
    context, page = new_page(browser, watch=watch)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    try:
        start = time.time()
        page.goto(url, wait_until="commit")
        page.wait_for_selector(watch, state="attached", timeout=SETTLE_TIMEOUT_MS)
        counters = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        r = settle(page, need=watch)
        first = r["first_chart_epoch"]
        files = page.evaluate(RESOURCES_JS, first * 1000)
        received = dict.fromkeys(KINDS, 0)
        for f in files:
            received[resource_kind(f["name"])] += f["size"]
        scripts = [f for f in files if resource_kind(f["name"]) in ("plotly.js", "other scripts")]
        frames = FRAMES[page].log
        timeline = {"first message": frames[0][0] - start if frames else None, "first paint": first - start,
                    **{name: at / 1000 - start for name, at in page.evaluate(MARKS_JS).items()}}
        return {"timeline": timeline, "first_s": first - start, "settled_s": max(first, r["end_epoch"]) - start,
                "received": received,
                "scripts": len(scripts), "script_bytes": sum(f["size"] for f in scripts),
                "websocket_bytes": FRAMES[page].bytes_before(first),
                "main_script_s": counters.get("ScriptDuration"),
                "main_style_layout_s": counters.get("RecalcStyleDuration", 0) + counters.get("LayoutDuration", 0),
                "main_busy_s": counters.get("TaskDuration")}
    finally:
        context.close()


FIRST_PAINT = {"bare": "first paint: bare Streamlit page (title, number box)",
               "chart alone": "first paint: the word map's chart alone on a page",
               "word map": "first paint: new session → word map's chart"}


def first_paint(browser, app_url, bare_url, results, repeat, chart_url=None) -> dict:
    """A new visitor to the bare page and one to the word map (and, given ``chart_url``, one to the word map's chart
    alone), in rounds, their order turning; each server's first visit (imports, the sample read from disk) is made
    first and not timed."""
    pages = {"bare": (bare_url, BARE_DRAWN), "word map": (f"{app_url}/word_map", WORD_MAP_CHART)}
    if chart_url:
        pages["chart alone"] = (chart_url, WORD_MAP_CHART)
    for url, watch in pages.values():
        first_visit(browser, url, watch)
    samples = {name: [] for name in pages}
    ratios = []
    for i in range(repeat):
        names = list(pages)
        order = names[i % len(names):] + names[:i % len(names)]
        got = {name: first_visit(browser, *pages[name]) for name in order}
        for name, r in got.items():
            samples[name].append(r)
            results.row(FIRST_PAINT[name], "sample").add(r["first_s"])
        ratios.append(got["word map"]["first_s"] / got["bare"]["first_s"])
        alone = f", chart alone {got['chart alone']['first_s']:.2f} s" if "chart alone" in got else ""
        print(f"  round {i + 1}: bare {got['bare']['first_s']:.2f} s{alone}, word map {got['word map']['first_s']:.2f} s, "
              f"{ratios[-1]:.2f}×", flush=True)
    return {"samples": samples, "ratios": ratios}


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def first_paint_report(paint: dict, phases: dict | None) -> str:
    """The bare page against the word map: medians, spreads, the ratio; where the browser's time went and what it
    had received; the server's script per phase."""
    lines = [f"{'new visitor, first paint':<30} {'median s':>8} {'min–max':>11} {'settled':>7} {'scripts':>7} "
             f"{'plotly.js':>9} {'other JS':>9} {'fonts':>8} {'styles':>8} {'websocket':>9} {'JS main':>7} "
             f"{'layout':>6} {'busy':>5}"]
    for name, runs in paint["samples"].items():
        if not runs:
            continue
        first = [r["first_s"] for r in runs]
        med = {key: _median([r[key] for r in runs]) for key in ("settled_s", "scripts", "websocket_bytes",
                                                                "main_script_s", "main_style_layout_s", "main_busy_s")}
        got = {kind: _median([r["received"][kind] for r in runs]) for kind in KINDS}
        label = {"bare": "bare page → title, number box", "chart alone": "the chart alone → the chart"}.get(
            name, "word map → its chart")
        lines.append(f"{label:<30} {statistics.median(first):>8.2f} {min(first):>5.2f}–{max(first):<5.2f} "
                     f"{med['settled_s']:>7.2f} {med['scripts']:>7.0f} {size(got['plotly.js']):>9} "
                     f"{size(got['other scripts']):>9} {size(got['fonts']):>8} {size(got['styles']):>8} "
                     f"{size(med['websocket_bytes']):>9} {seconds(med['main_script_s']):>7} "
                     f"{seconds(med['main_style_layout_s']):>6} {seconds(med['main_busy_s']):>5}")
    for name, runs in paint["samples"].items():
        points = {key: _median([r["timeline"].get(key) for r in runs]) for key in TIMELINE}
        label = name if name != "bare" else "bare page"
        lines.append(f"{label} timeline, median s from goto: "
                     + ", ".join(f"{key} {value:.2f}" for key, value in points.items() if value is not None))
    ratios = paint["ratios"]
    if ratios:
        bare = statistics.median(r["first_s"] for r in paint["samples"]["bare"])
        ours = statistics.median(r["first_s"] for r in paint["samples"]["word map"])
        lines.append(f"word map / bare page: {statistics.median(ratios):.2f}× (median of {len(ratios)} interleaved "
                     f"rounds, {min(ratios):.2f}–{max(ratios):.2f}); ratio of the medians {ours / bare:.2f}×")
        if paint["samples"].get("chart alone"):
            alone = statistics.median(r["first_s"] for r in paint["samples"]["chart alone"])
            lines.append(f"the chart alone / bare page: {alone / bare:.2f}× (ratio of the medians): plotly.js and the "
                         f"figure add {alone - bare:.2f} s to Streamlit's own start, the rest of the word map's page "
                         f"{ours - alone:.2f} s")
    lines.append("(bytes: decoded, of the files whole by the first paint, and the websocket's frames by then; JS main, "
                 "layout, busy: Chromium's main-thread seconds by then: scripts compiled and run, style and layout, "
                 "every task. Timeline: the server's first websocket message; ui.charts' marks: a chart's first data "
                 "in the page, plotly.js asked for and ready, the first draw done; then the element seen)")
    if phases:
        lines.append(phases_report(phases))
    return "\n".join(lines)


# --- the server's part: the word map's script per phase ----------------------------------------------------------

#: Where the word map's script spends its time, by what it calls: (module, attribute) → phase. A call's time counts
#: once, in the innermost phase it is in (``figure`` holds the building of the figures and their JSON, less the
#: scores the hover asks for, which are ``scores``).
PHASES = {
    ("ui.cache", "sample_corpus"): "corpus", ("ui.cache", "path_corpus"): "corpus",
    ("ui.cache", "uploaded_corpus"): "corpus",
    ("ui.cache", "task"): "counts", ("ui.cache", "word_points"): "counts",
    ("fsviz.corpora.task", "Task.score"): "scores",
    ("ui.cache", "significance"): "significance",
    ("ui.cache", "isocline"): "thresholds", ("fsviz", "select_top_k"): "thresholds",
    ("ui.cache", "word_layer"): "figure", ("fsviz.plots", "word_map_figure"): "figure",
    ("ui.components", "live_chart"): "figure",
    ("ui.cache", "ranked_words"): "table",
}
PHASE_ORDER = ("corpus", "counts", "scores", "significance", "thresholds", "figure", "table")


class PhaseClock:
    """Each phase's own time (its calls' time less that of the phases called inside them), per thread."""

    def __init__(self):
        self.spent: dict[str, float] = {}
        self._local = threading.local()

    def wrap(self, phase, fn):
        @functools.wraps(fn)
        def timed(*args, **kwargs):
            stack = self._local.__dict__.setdefault("stack", [])
            stack.append(0.0)
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                elapsed = time.perf_counter() - start
                inner = stack.pop()
                self.spent[phase] = self.spent.get(phase, 0.0) + elapsed - inner
                if stack:
                    stack[-1] += elapsed
        return timed


def server_phases_child(app_dir: Path, repeat: int) -> dict:
    """In this process (``--server-phases``): the word map's script as Streamlit's AppTest runs it, for the first
    visitor of a fresh process, then for ``repeat`` new visitors; each run's time per phase (:data:`PHASES`), the
    rest (Streamlit's elements, the page's own code) and the total; the imports before the first run apart."""
    import importlib

    sys.path.insert(0, str(app_dir))
    os.chdir(app_dir)
    clock = PhaseClock()
    start = time.perf_counter()
    missing = []
    for (module_name, attribute), phase in PHASES.items():
        try:
            owner = importlib.import_module(module_name)
            *path, name = attribute.split(".")
            for part in path:
                owner = getattr(owner, part)
            setattr(owner, name, clock.wrap(phase, getattr(owner, name)))
        except (ImportError, AttributeError):
            missing.append(f"{module_name}.{attribute}")
    from streamlit.testing.v1 import AppTest

    import ui.state

    imports = time.perf_counter() - start
    runs = []
    for i in range(repeat + 1):
        ui.state._cookie = lambda token=f"bench{i:038d}": token  # a new visitor each time
        clock.spent = {}
        at = AppTest.from_file(str(app_dir / "app.py"), default_timeout=600)
        at.switch_page("pages/word_map.py")  # a link straight to the word map: its script alone runs
        t = time.perf_counter()
        at.run()
        total = time.perf_counter() - t
        phases = {phase: round(clock.spent.get(phase, 0.0), 4) for phase in PHASE_ORDER}
        runs.append({**phases, "rest": round(total - sum(phases.values()), 4), "total": round(total, 4),
                     "errors": [str(e.value)[:200] for e in at.exception]})
    return {"imports_s": round(imports, 3), "first": runs[0], "new": runs[1:], "unwrapped": missing}


def server_phases(app_dir: Path, cache: Path, repeat: int) -> dict | None:
    """:func:`server_phases_child` in a process of its own, with the servers' environment and cache folder."""
    done = subprocess.run([sys.executable, __file__, "--server-phases", "--app-dir", str(app_dir),
                           "--repeat", str(repeat)], cwd=app_dir, env=_server_env(cache), capture_output=True,
                          text=True)
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        print(f"  the server's phases were not measured: {done.stderr[-1500:]}", flush=True)
        return None


def phases_report(phases: dict) -> str:
    keys = (*PHASE_ORDER, "rest", "total")
    new = {key: _median([r[key] for r in phases["new"]]) for key in keys}
    first = phases["first"]
    lines = ["server: the word map's script per phase, s (AppTest, in one process; own time of each phase)",
             f"{'':<36}" + " ".join(f"{key:>12}" for key in keys),
             f"{'new visitor (median of ' + str(len(phases['new'])) + ')':<36}"
             + " ".join(f"{new[key]:>12.3f}" for key in keys),
             f"{'first visitor of a fresh process':<36}" + " ".join(f"{first[key]:>12.3f}" for key in keys),
             f"(before the first visitor, the process imported the app's modules in {phases['imports_s']:.2f} s; "
             "AppTest runs every visitor under one session id: the sample's caches are every visitor's, as served)"]
    errors = sorted({e for r in [first, *phases["new"]] for e in r["errors"]})
    if errors:
        lines.append(f"errors on the page: {errors}")
    if phases.get("unwrapped"):
        lines.append(f"not timed (not found): {', '.join(phases['unwrapped'])}")
    return "\n".join(lines)


def new_sessions(browser, url, results, corpus, corpus_path, repeat):
    for _ in range(repeat):
        context, page = new_page(browser)
        try:
            start = time.time()
            page.goto(url, wait_until="commit")
            r = settle(page, need=CHART_DRAWN)
            if corpus_path is None:
                results.row("new session → first chart", corpus).add(r["first_chart_epoch"] - start)
                results.row("new session → settled", corpus).add(r["end_epoch"] - start,
                                                                 parts=breakdown(start, r, r["frames"]))
                context.close()  # the first newcomer leaves; another opens a link to the word map
                start, r = _new_session(browser, f"{url}/word_map", WORD_MAP_CHART)
                results.row("new session → word map's chart", corpus).add(r["first_chart_epoch"] - start)
                results.row("new session → word map settled", corpus).add(r["end_epoch"] - start,
                                                                          parts=breakdown(start, r, r["frames"]))
            else:
                r = load_path(page, corpus_path)
                results.row("new session: path typed → settled", corpus).add(r["seconds"], parts=r["parts"])
        except Exception as exc:
            results.row("new session → settled", corpus).notes.append(f"failed: {exc!s:.200}")
            print(f"  new session [{corpus}] failed: {exc!s:.300}", flush=True)
        finally:
            context.close()


def cold_servers(browser, app_dir, cache, logs, results, corpus_path, repeat):
    for i in range(repeat):
        server = Server(app_dir, cache, logs / f"cold-{i}.log")
        context, page = new_page(browser)
        try:
            server.wait_healthy()
            page.goto(server.url, wait_until="commit")
            r = settle(page, need=CHART_DRAWN)
            results.row("cold server → first chart", "sample").add(r["first_chart_epoch"] - server.started)
            results.row("cold server → settled", "sample").add(r["end_epoch"] - server.started,
                                                               parts=breakdown(server.started, r, r["frames"]))
            if corpus_path is not None:
                r = load_path(page, corpus_path)
                results.row("cold server: path typed → settled", "20ng").add(r["seconds"], parts=r["parts"])
        except Exception as exc:
            results.row("cold server → settled", "sample").notes.append(f"failed: {exc!s:.200}")
            print(f"  cold server {i + 1} failed: {exc!s:.300}", flush=True)
        finally:
            context.close()
            server.stop()
    for key in ("cold server → first chart", "cold server → settled", "cold server: path typed → settled"):
        for (name, corpus), row in results.rows.items():
            if name == key and row.samples:
                print(f"  {name} [{corpus}]: median {statistics.median(row.samples):.2f} s "
                      f"({min(row.samples):.2f}–{max(row.samples):.2f}, n={len(row.samples)})", flush=True)


class Company:
    """Another visitor, in a browser context of its own, running the Evaluation grid page's default plan on the
    same server while the rows are timed (``--company``): the run uses every core its workers can have, as a
    colleague's would. ``running()`` says whether it still runs (a row timed after it ended is not with company)."""

    def __init__(self, browser, url):
        self.context, self.page = new_page(browser)
        self.page.goto(f"{url}/grid", wait_until="commit")
        self.page.get_by_role("button", name="Run", exact=True).click(timeout=120_000)
        self.page.wait_for_function("() => /[0-9,]+ of [0-9,]+ cells/.test(document.body.innerText)",
                                    timeout=300_000)

    def running(self) -> bool:
        return self.page.get_by_role("button", name="Stop").count() > 0

    def close(self):
        self.context.close()  # the visitor leaves: the server stops the run within seconds


# --- the report -------------------------------------------------------------------------------------------------


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def size(n) -> str:
    """Bytes for the table: 812 B, 45.3 kB, 1.23 MB (powers of 1000)."""
    if n is None:
        return "–"
    if n < 1000:
        return f"{n:.0f} B"
    return f"{n / 1000:.1f} kB" if n < 1_000_000 else f"{n / 1_000_000:.2f} MB"


def seconds(x) -> str:
    return "–" if x is None else f"{x:.2f}"


PARTS_HEAD = f"{'to run':>7} {'run':>6} {'draw':>6} {'bytes':>9} {'largest':>9}"


def parts_columns(r: dict) -> str:
    """The medians of a row's breakdown (blank when it has none: the first-chart rows)."""
    if "parts" not in r:
        return " " * len(PARTS_HEAD)
    return (f"{seconds(r['median_to_run_s']):>7} {seconds(r['median_run_s']):>6} {seconds(r['median_draw_s']):>6} "
            f"{size(r['median_bytes']):>9} {size(r['median_largest_frame_bytes']):>9}")


def parts_line(r: dict) -> str:
    if "parts" not in r:
        return ""
    return (f"; to run {seconds(r['median_to_run_s'])}, run {seconds(r['median_run_s'])}, draw "
            f"{seconds(r['median_draw_s'])} s, {size(r['median_bytes'])} (largest {size(r['median_largest_frame_bytes'])})")


def table(rows: list[dict]) -> str:
    lines = [f"{'interaction':<58} {'corpus':<7} {'median s':>9} {'spread (min–max)':>17} {'IQR':>13} {'n':>3} "
             f"{PARTS_HEAD}  note"]
    for r in rows:
        if "median_s" in r:
            spread = f"{r['min_s']:.2f}–{r['max_s']:.2f}"
            iqr = f"{r['iqr_s'][0]:.2f}–{r['iqr_s'][1]:.2f}"
            note = []
            if r.get("reruns") and any(x != 1 for x in r["reruns"]):
                note.append(f"reruns {r['reruns']}")
            note += r.get("notes", [])
            lines.append(f"{r['interaction']:<58} {r['corpus']:<7} {r['median_s']:>9.2f} {spread:>17} {iqr:>13} "
                         f"{r['n']:>3} {parts_columns(r)}  {'; '.join(note)}")
        else:
            reason = r.get("na") or "; ".join(r.get("notes", [])) or "not measured"
            lines.append(f"{r['interaction']:<58} {r['corpus']:<7} {'n/a':>9} {'':>17} {'':>13} {0:>3} "
                         f"{' ' * len(PARTS_HEAD)}  {reason}")
    return "\n".join(lines)


def imported_from(app_dir: Path) -> str:
    """Where the server's ``fsviz`` and ``ui`` come from: Streamlit puts the script's folder first on sys.path."""
    code = "import sys; sys.path.insert(0, sys.argv[1]); import fsviz, ui; print(fsviz.__file__, ui.__file__)"
    return subprocess.run([sys.executable, "-c", code, str(app_dir)], cwd=app_dir, capture_output=True, text=True,
                          env=_server_env(Path(tempfile.gettempdir()))).stdout.strip()


def git_commit(path: Path) -> str:
    try:
        return subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


PARTS_OF_RUN = ("firstpaint", "flows", "sessions", "cold")  # --skip and --only name these


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-dir", type=Path, default=REPO, help="the checkout to serve (default: this repository)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--corpus", choices=["sample", "20ng", "both"], default="both")
    parser.add_argument("--json", type=Path, help="also write the table (with every sample) to this file")
    parser.add_argument("--pages", default="word_map,boundaries,grid",
                        help="comma-separated pages to time in the flows: word_map, boundaries, grid")
    parser.add_argument("--skip", default="",
                        help="comma-separated parts to leave out: firstpaint, flows, sessions, cold")
    parser.add_argument("--only", default="", help="comma-separated parts to run alone (as --skip the others)")
    parser.add_argument("--server-phases", action="store_true", help=argparse.SUPPRESS)  # the child of firstpaint
    parser.add_argument("--floor", action="store_true",
                        help="also time k on a page with nothing but the same figure (floor_app.py), in pairs")
    parser.add_argument("--company", action="store_true",
                        help="time every row while another visitor's grid runs on the same server (cold: no)")
    args = parser.parse_args(argv)
    app_dir = args.app_dir.resolve()
    if args.server_phases:
        print(json.dumps(server_phases_child(app_dir, args.repeat)))
        return
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    if args.only:
        skip |= set(PARTS_OF_RUN) - {s.strip() for s in args.only.split(",")}
    if not (app_dir / "app.py").is_file():
        sys.exit(f"no app.py in {app_dir}")
    if not Path(CHROMIUM).exists():
        sys.exit(f"skipped: {CHROMIUM} not present (apt-get install chromium)")
    corpora = ["sample", "20ng"] if args.corpus == "both" else [args.corpus]
    twenty = SHARED_DATA.joinpath(*TWENTY_NG).resolve()
    if "20ng" in corpora and not twenty.exists():
        print(f"skipped 20 Newsgroups: {twenty} not present (the shared data sits beside the repository)")
        corpora.remove("20ng")
        if not corpora:
            sys.exit("skipped: nothing to measure")
    from playwright.sync_api import sync_playwright

    results = Results(", with company" if args.company else "")
    meta = {"app_dir": str(app_dir), "commit": git_commit(app_dir), "repeat": args.repeat, "corpora": corpora,
            "viewport": VIEWPORT, "chromium": CHROMIUM, "quiet_ms": QUIET_MS, "grace_ms": GRACE_MS,
            "host": platform.node(), "cpus": os.cpu_count(), "load_before": load_average(),
            "started": time.strftime("%Y-%m-%d %H:%M:%S"), "company": args.company}
    meta["imports"] = imported_from(app_dir)
    print(f"fsviz and ui import from {meta['imports']}", flush=True)
    print(f"serving {app_dir} (commit {meta['commit'][:10]}); load average {meta['load_before']}", flush=True)
    with tempfile.TemporaryDirectory(prefix="fsviz-bench-browser-") as tmp, sync_playwright() as pw:
        tmp = Path(tmp)
        cache, logs = tmp / "cache", tmp / "logs"
        cache.mkdir()
        logs.mkdir()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        meta["chromium_version"] = browser.version
        try:
            server = Server(app_dir, cache, logs / "main.log")
            company = None
            try:
                server.wait_healthy()
                if args.company:
                    print("company: another visitor starts the Evaluation grid's default run", flush=True)
                    company = Company(browser, server.url)
                if "firstpaint" not in skip:
                    print("first paint: a new visitor to a bare Streamlit page, to the chart alone and to the word map",
                          flush=True)
                    (tmp / "bare_app.py").write_text(BARE_APP)
                    bare = Server(app_dir, cache, logs / "bare.log", script=tmp / "bare_app.py")
                    alone = Server(app_dir, cache, logs / "alone.log", script=Path(__file__).with_name(CHART_ALONE))
                    try:
                        bare.wait_healthy()
                        alone.wait_healthy()
                        paint = first_paint(browser, server.url, bare.url, results, args.repeat, chart_url=alone.url)
                    finally:
                        bare.stop()
                        alone.stop()
                    print("first paint: the word map's script per phase, in a process of its own", flush=True)
                    phases = server_phases(app_dir, cache, args.repeat)
                    meta["first_paint"] = {**paint, "server_phases": phases}
                if args.floor:
                    print("the floor: the word map's k against a page with one box and the same figure", flush=True)
                    floor = Server(app_dir, cache, logs / "floor.log", script=Path(__file__).with_name("floor_app.py"))
                    try:
                        floor.wait_healthy()
                        floor_pairs(browser, server.url, floor.url, results, args.repeat)
                    finally:
                        floor.stop()
                for corpus in corpora:
                    path = twenty if corpus == "20ng" else None
                    if "flows" not in skip:
                        print(f"{corpus}: word map, boundaries, grid", flush=True)
                        session_flows(browser, server.url, results, corpus, path, args.repeat,
                                      pages=args.pages.split(","))
                    if "sessions" not in skip:
                        print(f"{corpus}: new sessions", flush=True)
                        new_sessions(browser, server.url, results, corpus, path, args.repeat)
            finally:
                if company is not None:
                    meta["company_still_running"] = company.running()
                    print(f"company: the grid run {'still runs' if meta['company_still_running'] else 'had ended'}",
                          flush=True)
                    company.close()
                server.stop()
                meta["server_log_tail"] = (logs / "main.log").read_text(errors="replace")[-1500:]
            if "cold" not in skip and not args.company:
                print("cold servers", flush=True)
                cold_servers(browser, app_dir, cache, logs, results, twenty if "20ng" in corpora else None,
                             args.repeat)
        finally:
            browser.close()
    meta["load_after"] = load_average()
    meta["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    rows = [row.summary() for row in results.rows.values()]
    print()
    if "first_paint" in meta:
        if args.company:
            print("first paint with company: both pages timed while another visitor's grid runs on the app's server")
        print(first_paint_report(meta["first_paint"], meta["first_paint"]["server_phases"]))
        print()
    print(f"fsviz in Chromium {meta.get('chromium_version', '?')} {VIEWPORT['width']}×{VIEWPORT['height']}, "
          f"{app_dir} @ {meta['commit'][:10]}, {args.repeat} repeats; load average {meta['load_before']} before, "
          f"{meta['load_after']} after ({meta['cpus']} CPUs)")
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, ensure_ascii=False))
        print(f"written to {args.json}")


if __name__ == "__main__":
    main()
