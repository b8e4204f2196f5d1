// fsviz's plotly.js: the core and the SVG trace types fsviz's figures draw (fsviz/plots), registered here, which a
// first visit parses; the WebGL ones are chunks of their own, loaded by `ensureTraces` when a figure first has one:
// scattergl (a task's words past a few thousand points, the agreement and study scatters) and the 3-D traces (the
// boundaries' surface).
import Plotly from "plotly.js/lib/core";
import bar from "plotly.js/lib/bar";
import contour from "plotly.js/lib/contour";
import heatmap from "plotly.js/lib/heatmap";
import scatter from "plotly.js/lib/scatter";

Plotly.register([bar, contour, heatmap, scatter]);

/** The trace types loaded with the core, and those loaded on demand (build.mjs writes both to manifest.json). */
export const TRACES = ["bar", "contour", "heatmap", "scatter"];
export const LAZY_TRACES = ["scattergl", "scatter3d", "surface"];

/** The chunk of each lazy trace type (imported once; esbuild names each file by its own hash). */
const gl2d = () => import("./gl2d.js");
const gl3d = () => import("./gl3d.js");
const CHUNKS = { scattergl: gl2d, scatter3d: gl3d, surface: gl3d };
const loaded = new Map();

/** Resolve once every trace type of `figure` ({data: [...]}) is registered: a lazy type's chunk is fetched the
 * first time a figure needs it. A type this bundle lacks stays unregistered, and plotly.js says so on the chart. */
export function ensureTraces(figure) {
  const types = new Set(((figure && figure.data) || []).map((trace) => trace.type || "scatter"));
  const waits = [];
  for (const type of types) {
    if (!(type in CHUNKS)) continue;
    const chunk = CHUNKS[type];
    if (!loaded.has(chunk)) loaded.set(chunk, chunk().then((module) => Plotly.register(module.traces)));
    waits.push(loaded.get(chunk));
  }
  return Promise.all(waits).then(() => Plotly);
}

Plotly.ensureTraces = ensureTraces;
export default Plotly;
