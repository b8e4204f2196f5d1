// fsviz's plotly.js: the core and only the trace types fsviz's figures draw (fsviz/plots), registered here; the
// 3-D ones (the boundaries' surface) are a chunk of their own, loaded by `ensureTraces` when a figure has one.
import Plotly from "plotly.js/lib/core";
import bar from "plotly.js/lib/bar";
import contour from "plotly.js/lib/contour";
import heatmap from "plotly.js/lib/heatmap";
import scatter from "plotly.js/lib/scatter";
import scattergl from "plotly.js/lib/scattergl";

Plotly.register([bar, contour, heatmap, scatter, scattergl]);

/** The trace types loaded with the core, and those loaded on demand (build.mjs writes both to manifest.json). */
export const TRACES = ["bar", "contour", "heatmap", "scatter", "scattergl"];
export const LAZY_TRACES = ["scatter3d", "surface"];

let gl3d = null;

/** Resolve once every trace type of `figure` ({data: [...]}) is registered: the 3-D chunk is fetched the first
 * time a figure needs it. A type this bundle lacks stays unregistered, and plotly.js says so on the chart. */
export function ensureTraces(figure) {
  const types = ((figure && figure.data) || []).map((trace) => trace.type || "scatter");
  if (!types.some((type) => LAZY_TRACES.includes(type))) return Promise.resolve(Plotly);
  gl3d ||= import("./gl3d.js").then((module) => {
    Plotly.register(module.traces);
    return Plotly;
  });
  return gl3d;
}

Plotly.ensureTraces = ensureTraces;
export default Plotly;
