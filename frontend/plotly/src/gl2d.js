// The 2-D WebGL trace type, a chunk of its own: a figure draws it only past a few thousand markers
// (fsviz.plots.look.SVG_POINTS) or on the pages that scatter every word (agreement, studies).
import scattergl from "plotly.js/lib/scattergl";

export const traces = [scattergl];
