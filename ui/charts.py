"""A plotly chart that updates in place: every chart of the app, redrawn on the same element when it changes.

Streamlit's ``st.plotly_chart`` makes a new element whenever the figure changes (its element id holds the
figure's spec, even with a ``key``), so the browser throws the old chart away and builds a new one: a new div,
new WebGL contexts, plotly's whole first draw. On this project's 2-core machine that was about 0.75 s of each
change of k on the word map, against 0.2 s for ``Plotly.react`` on the chart already there (issue #42, measured
in Chromium on the sample's word map). :func:`live_chart` is a Streamlit component (``st.components.v2``, keyed,
so it stays mounted) that hands each new figure to ``Plotly.react`` on the same div.

- plotly.js is fsviz's own (``frontend/plotly``, issue #53): the version the ``plotly`` package targets, with only
  the trace types fsviz's figures draw, as ES modules: 1.2 MB of SVG traces where the ``plotly`` package's copy is
  4.6 MB; the WebGL ones (``scattergl``, drawn past :data:`fsviz.plots.look.SVG_POINTS` markers, and the 3-D traces
  of the boundaries' surface) are chunks fetched when a figure first has one. It is served by Streamlit's
  component file route (a v1 component's ``path``, used for nothing else) and loaded once per browser tab; the
  browser caches it. As no page calls ``st.plotly_chart``, Streamlit's own plotly.js is never loaded beside it.
- The selection comes back as ``st.plotly_chart``'s does: ``{"points": [{"curve_number", "point_index"}, ...]}``
  from a click (outside the box and lasso tools), a box or a lasso; a double-click or a new figure's empty
  selection clears it. A new selection reruns the fragment or page the chart is in.
- The view a visitor zoomed to is kept while ``revision`` is unchanged (plotly's ``uirevision``); a new revision
  (another class, zoom, log axes) starts from the figure's own ranges.
- A large layer that a change does not touch (the word map's words, the boundaries' maps) is passed apart
  (``under``), built once on the server and parsed once in the browser; plotly keeps it drawn.
- :func:`preload_plotly`, the first element of every page's sidebar, starts loading plotly.js before any chart is
  drawn; a chart's ``warm`` trace types (the boundaries' 3-D surface) have their chunk loaded once it is drawn and
  the page is idle, so the figure that asks for them draws at once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from functools import cache
from pathlib import Path

import plotly
import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st
import streamlit.components.v1 as _v1

from fsviz.plots import look

#: The folder of the ``plotly`` package's own plotly.js bundle (``plotly.min.js``; the browser tests draw with it).
PLOTLY_JS_DIR = Path(plotly.__file__).parent / "package_data"
#: fsviz's own plotly.js, built from ``frontend/plotly`` (its ``build.mjs``) and committed; ``manifest.json`` names
#: its entry, the files the entry imports, its plotly.js version and trace types.
BUNDLE_DIR = Path(__file__).resolve().parents[1] / "frontend" / "plotly" / "dist"

_HTML = '<div class="fsviz-live-chart"></div>'

# plotly.js, loaded once per browser tab and shared by every chart and the preload below: an ES module, imported by
# its address on the server (this script's own is a blob), with the files it imports fetched beside it. The
# ``fsviz:`` performance marks (the first of each name) time a first visit (benchmarks/bench_browser.py).
_LOAD_JS = r"""
function markOnce(name) {
  if (!performance.getEntriesByName(name, "mark").length) performance.mark(name);
}

function loadPlotly(bundle) {
  if (!window.__fsvizPlotly) {
    const address = (file) => new URL(bundle.base + file, window.location.href).href;
    for (const file of bundle.eager) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = address(file);
      document.head.appendChild(link);
    }
    markOnce("fsviz:plotly-import");
    window.__fsvizPlotly = import(address(bundle.entry)).then((module) => {
      markOnce("fsviz:plotly-ready");
      return module.default;
    }).catch((error) => {
      window.__fsvizPlotly = null;
      throw new Error("plotly.js did not load from " + address(bundle.entry) + ": " + error.message);
    });
  }
  return window.__fsvizPlotly;
}
"""

# One renderer per chart; Streamlit calls it again with each new ``data`` on the same element.
_JS = _LOAD_JS + r"""
function picked(event) {
  return ((event && event.points) || []).map((p) => ({
    curve_number: p.curveNumber,
    point_index: p.pointIndex !== undefined ? p.pointIndex : p.pointNumber,
  }));
}

function bind(div) {
  const send = (points) => {
    const key = JSON.stringify(points);
    if (key === div.__fsvizSent) return;
    div.__fsvizSent = key;
    div.__fsvizSet("selection", { points: points, revision: div.__fsvizRevision });
  };
  div.on("plotly_selected", (event) => { if (event) send(picked(event)); });
  div.on("plotly_deselect", () => send([]));
  div.on("plotly_doubleclick", () => send([]));
  div.on("plotly_click", (event) => {
    const mode = div.layout && div.layout.dragmode;
    if (mode !== "select" && mode !== "lasso") send(picked(event));
  });
}

export default function ({ data, parentElement, setStateValue }) {
  let div = parentElement.querySelector(".fsviz-live-chart");
  if (data.carry) {
    // A chart that a new element replaces on every redraw (a run's curves while it goes): the element before
    // left the page, and its drawn div moves into this one, so plotly reacts on it (no blank, the zoom kept).
    const carried = (window.__fsvizCarried ||= {});
    const before = carried[data.carry];
    if (!div.__fsvizDrawn && before && before !== div && !before.isConnected) {
      div.replaceWith(before);
      div = before;
    }
    carried[data.carry] = div;
  }
  markOnce("fsviz:chart-data");
  div.__fsvizSet = setStateValue;
  div.__fsvizNext = data;
  div.__fsvizSent = JSON.stringify(data.selection || []);
  div.__fsvizRevision = data.revision;
  if (div.__fsvizBusy) return;
  div.__fsvizBusy = true;
  loadPlotly(data.plotly).then(async (Plotly) => {
    while (div.__fsvizNext) {
      const next = div.__fsvizNext;
      div.__fsvizNext = null;
      if (next.figure !== div.__fsvizDrawn || next.under !== div.__fsvizUnderJson) {
        const figure = JSON.parse(next.figure);
        const underChanged = next.under !== div.__fsvizUnderJson;
        if (underChanged) {  // parsed once: the same traces, which plotly does not redraw
          const under = next.under ? JSON.parse(next.under) : {};
          div.__fsvizUnder = under.data || [];
          div.__fsvizUnderLayout = under.layout || {};
          div.__fsvizUnderJson = next.under;
        }
        // The figure's own layout (plotly's template aside), laid key by key over the layout under it.
        const own = { ...(figure.layout || {}) };
        delete own.template;
        const traces = figure.data || [];
        await Plotly.ensureTraces({ data: [...div.__fsvizUnder, ...traces] });  // a WebGL chunk, the first time
        const config = JSON.stringify(next.config);
        if (next.under && !underChanged && traces.length === 0 && div.__fsvizOverlays === 0
            && !(figure.frames || []).length && next.revision === div.__fsvizRevisionDrawn
            && config === div.__fsvizConfig) {
          // The same traces, and only the layout over them new (the boundaries' isoclines at another k): plotly.js
          // redraws that alone, where a react would recompute every trace (the boundaries: 16 ms against 200).
          const update = { ...own };
          for (const key of div.__fsvizOwnKeys) {
            if (!(key in own)) update[key] = key in div.__fsvizUnderLayout ? div.__fsvizUnderLayout[key] : null;
          }
          await Plotly.relayout(div, update);
        } else {
          const layout = { ...(next.under ? div.__fsvizUnderLayout : {}), ...own };
          layout.template = next.template;
          layout.uirevision = next.revision;
          await Plotly.react(div, { data: [...div.__fsvizUnder, ...traces], layout: layout,
                                    frames: figure.frames || [], config: next.config });
        }
        div.__fsvizOverlays = traces.length;
        div.__fsvizOwnKeys = Object.keys(own);
        div.__fsvizRevisionDrawn = next.revision;
        div.__fsvizConfig = config;
        div.__fsvizDrawn = next.figure;
        markOnce("fsviz:chart-drawn");
        if (!div.__fsvizBound) { bind(div); div.__fsvizBound = true; }
        if (next.report_drawn && !div.__fsvizReported) {  // the page waits for this chart to draw its other parts
          div.__fsvizReported = true;
          div.__fsvizSet("drawn", true);
        }
        if ((next.warm || []).length && !div.__fsvizWarmed) {  // a chunk the page may ask for next, once it is idle
          div.__fsvizWarmed = true;
          const warm = () => Plotly.ensureTraces({ data: next.warm.map((type) => ({ type })) }).catch(() => {});
          if (window.requestIdleCallback) requestIdleCallback(warm, { timeout: 2000 }); else setTimeout(warm, 500);
        }
      }
    }
  }).catch((error) => {
    div.textContent = String(error);
    if (data.report_drawn && !div.__fsvizReported) { div.__fsvizReported = true; div.__fsvizSet("drawn", true); }
  }).finally(() => { div.__fsvizBusy = false; });
}
"""

_COMPONENT = st.components.v2.component("fsviz_live_chart", html=_HTML, js=_JS, isolate_styles=False)

#: The preload's element key; its container is hidden, so it takes no room on the page.
PRELOAD_KEY = "fsviz_plotly_preload"
_PRELOAD = st.components.v2.component(
    "fsviz_plotly_preload", html="<span></span>", css=f".st-key-{PRELOAD_KEY} {{ display: none; }}",
    js=_LOAD_JS + "\nexport default function ({ data }) { loadPlotly(data.plotly).catch(() => {}); }\n",
    isolate_styles=False)

#: plotly.js's options for every live chart: it follows the page's width; the mode bar as st.plotly_chart's.
CONFIG = {"responsive": True, "displaylogo": False}

#: The figures' look (the page's font, faded ticks and titles, margins the axes size), the same in every file made
#: of them: :data:`fsviz.plots.look.TEMPLATE`.
TEMPLATE = look.TEMPLATE


@cache
def bundle_manifest() -> dict:
    """``frontend/plotly/dist/manifest.json``: the bundle's plotly.js version, entry, eager files and trace types,
    with ``digest``, a short hash of the entry that changes with every build."""
    manifest = json.loads((BUNDLE_DIR / "manifest.json").read_text())
    digest = hashlib.sha256((BUNDLE_DIR / manifest["entry"]).read_bytes()).hexdigest()[:12]
    return {**manifest, "digest": digest}


def plotly_js() -> dict:
    """Where the browser finds fsviz's plotly.js: Streamlit's route for a component's files, under the server's
    ``baseUrlPath`` (``base``), the entry (with the build's digest, so a new build is fetched anew; the chunks'
    names carry their own hashes) and the files it imports (``eager``)."""
    # Registered with the server's runtime, which serves the files; none in a bare script, and an AppTest that
    # ends beside another one takes the shared runtime away: then there is nothing to serve from.
    with contextlib.suppress(RuntimeError):
        _v1.declare_component("plotly_js", path=str(BUNDLE_DIR))
    root = (st.get_option("server.baseUrlPath") or "").strip("/")
    manifest = bundle_manifest()
    return {"base": f"{'/' + root if root else ''}/component/ui.charts.plotly_js/",
            "entry": f"{manifest['entry']}?v={manifest['digest']}", "eager": manifest["eager"][1:]}


def preload_plotly() -> None:
    """Start loading plotly.js in the browser now, while the server builds the page (the sidebar calls it first).

    A first visit's browser took about 1.5 s to fetch and parse the ``plotly`` package's plotly.js (4.6 MB) on this
    project's 2-core machine; a chart that started it only when drawn waited that long after the page's run had
    ended. fsviz's own takes 0.2–0.45 s; from the sidebar's first element its load starts as the sidebar is drawn,
    before the main block's elements (issue #53). A failed load is left to the charts, which say so where they
    would be."""
    _PRELOAD(key=PRELOAD_KEY, data={"plotly": plotly_js()})


def live_chart(figure, *, key: str, revision: str = "", selection: list | None = None,
               config: dict | None = None, under: str | None = None, carry: str | None = None,
               warm: tuple[str, ...] = (), on_drawn=None) -> list[dict]:
    """Draw ``figure`` with ``Plotly.react`` on the chart already in the page under ``key``; return the
    visitor's selected points (``[{"curve_number": c, "point_index": i}, ...]``, empty when none).

    ``revision`` names what the figure's points are (say, the task and view): while it is unchanged, a visitor's
    zoom and pan are kept across new figures, and a selection made under another revision is not returned (its
    point indices belong to other points). ``selection``: the points the page shows as selected, so a redraw
    does not report them again. ``config``: plotly.js options over :data:`CONFIG` (``displayModeBar`` …).

    ``under``: another figure's JSON (``Figure.to_json()``, made once and cached) whose traces are drawn first,
    under ``figure``'s (the selection's curve numbers count them first), on ``under``'s layout with each key of
    ``figure``'s own layout put in its place (the whole key: ``shapes``, say). The browser parses it only when it
    changes and hands plotly the same traces again, which plotly does not redraw: the word map's words, a quarter
    of a megabyte that no new k changes, are built, parsed and drawn once per task and view. A ``figure`` of
    layout alone (no traces) over the same ``under`` is a relayout: plotly.js redraws its keys, not the traces.

    ``carry``: for a chart drawn again within one script run, which Streamlit allows only under a new key each time
    (a run's curves while it goes, :func:`ui.runs._follow`): the browser moves the drawn chart of the element
    before, which left the page, into the new one under the same ``carry``, and reacts on it, so the chart is not
    built afresh (no blank between redraws, the visitor's zoom kept while ``revision`` is unchanged).

    ``warm``: trace types a figure the page may draw next needs (``("surface",)``): once this chart is drawn, the
    browser loads their part of plotly.js when idle (fsviz's bundle, :data:`BUNDLE_DIR`, fetches its WebGL traces
    on demand), so that figure does not wait for it.

    ``on_drawn``: called (as a widget's callback, before the rerun it starts) once the browser has drawn this
    element's first figure, or failed to: a page can hold back what would compete with the chart's first draw (the
    word map's tabs) and draw it then."""
    state = _COMPONENT(key=key, data={"figure": figure.to_json(), "under": under, "plotly": plotly_js(),
                                      "carry": carry, "warm": list(warm), "report_drawn": on_drawn is not None,
                                      "config": {**CONFIG, **(config or {})},
                                      "template": TEMPLATE, "revision": revision, "selection": selection or []},
                       default={"selection": {"points": []}}, on_selection_change=lambda: None,
                       on_drawn_change=on_drawn or (lambda: None))
    chosen = getattr(state, "selection", None) or {}
    return list(chosen.get("points", [])) if chosen.get("revision") == revision else []


def whole_figure(figure, under: str | None = None):
    """The figure :func:`live_chart` draws: ``under``'s traces (a figure's JSON), then ``figure``'s, on ``under``'s
    layout with each key of ``figure``'s own in its place; ``figure`` itself when there is nothing under it."""
    if under is None:
        return figure
    below = pio.from_json(under)
    own = {key: value for key, value in figure.layout.to_plotly_json().items() if key != "template"}
    return go.Figure(data=[*below.data, *figure.data], layout={**below.layout.to_plotly_json(), **own})
