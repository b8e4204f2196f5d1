// The 3-D trace types, a chunk of their own: only the boundaries' surface draws them.
import scatter3d from "plotly.js/lib/scatter3d";
import surface from "plotly.js/lib/surface";

export const traces = [scatter3d, surface];
