// Build fsviz's plotly.js into dist/ (committed: installing the app never needs Node).
//
//   cd frontend/plotly && npm ci && npm run build
//
// The same plotly.js as the Python `plotly` package targets (plotly.offline.get_plotlyjs_version(); package.json
// pins it), bundled by esbuild as plotly.js's own build does (its esbuild-config.js: `buffer`, `stream-browserify`
// and `@plotly/regl` for its dependencies, `global` as `window`), as ES modules: fsviz-plotly.js, the core with the
// 2-D traces (and a chunk it imports, code it shares with the 3-D chunk), and a chunk with the 3-D traces that it
// imports when a figure first needs one. ui/charts.py serves dist/; manifest.json says what is in it.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as esbuild from "esbuild";

const require = createRequire(import.meta.url);
const version = require("plotly.js/package.json").version;
const source = readFileSync(new URL("./src/index.js", import.meta.url), "utf8");
const list = (name) => JSON.parse(source.match(new RegExp(`export const ${name} = (\\[[^\\]]*\\])`))[1]);

// plotly.js's registry imports maplibre's stylesheet for map traces, which fsviz never draws: an empty module.
const noCss = {
  name: "no-css",
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: "no-css" }));
    build.onLoad({ filter: /.*/, namespace: "no-css" }, () => ({ contents: "", loader: "js" }));
  },
};

rmSync("dist", { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: { "fsviz-plotly": "src/index.js" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: "es2020",
  chunkNames: "[name]-[hash]",
  legalComments: "linked",
  alias: { regl: "@plotly/regl", stream: "stream-browserify" },
  define: { global: "window", "define.amd": "false", "process.env.NODE_DEBUG": "false" },
  plugins: [noCss],
  metafile: true,
  logLevel: "info",
});
const files = Object.fromEntries(Object.entries(result.metafile.outputs)
  .map(([path, output]) => [path.replace(/^dist\//, ""), output.bytes]));
// What the entry imports statically: the browser may fetch them beside it (modulepreload), not after parsing it.
const entry = "fsviz-plotly.js";
const eager = [entry, ...result.metafile.outputs[`dist/${entry}`].imports
  .filter((i) => i.kind === "import-statement").map((i) => i.path.replace(/^dist\//, ""))];
const manifest = { "plotly.js": version, entry, eager, traces: list("TRACES"), lazy_traces: list("LAZY_TRACES"),
                   files };
writeFileSync("dist/manifest.json", JSON.stringify(manifest, null, 1) + "\n");
console.log(manifest);
