"""fsviz's own plotly.js (``frontend/plotly``, issue #53) draws every figure of ``fsviz/plots`` and is the version
the ``plotly`` package targets.

The bundle holds only the trace types its ``src/index.js`` registers (and the WebGL ones it loads when asked):
a figure given a new trace type (a ``go.Histogram``, say) would draw nothing in the app, so the types the
figure builders use are read from their source and each must be in the bundle. A new ``plotly`` package that
targets another plotly.js must come with a rebuilt bundle (``npm install plotly.js@<version>`` and
``npm run build`` in ``frontend/plotly``). The browser test ``tests/e2e/test_plotly_bundle_browser.py`` checks
that the built files register what the manifest says.
"""

import ast
import json
import re

import plotly.graph_objects as go
from conftest import REPO
from plotly.basedatatypes import BaseTraceType
from plotly.offline import get_plotlyjs_version

from ui.charts import BUNDLE_DIR, bundle_manifest

FRONTEND = REPO / "frontend" / "plotly"
DRAWING_CODE = [REPO / "fsviz" / "plots", REPO / "ui", REPO / "pages", REPO / "app.py"]


def _sources():
    for place in DRAWING_CODE:
        yield from sorted(place.rglob("*.py")) if place.is_dir() else [place]


def trace_types_used() -> dict[str, set[str]]:
    """Each plotly trace type the app's drawing code builds (``go.<Trace>(...)``), with the files building it."""
    used: dict[str, set[str]] = {}
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "go"):
                cls = getattr(go, node.func.attr, None)
                if isinstance(cls, type) and issubclass(cls, BaseTraceType):
                    used.setdefault(cls().type, set()).add(str(path.relative_to(REPO)))
    return used


def test_the_figures_are_read():
    used = trace_types_used()
    assert {"scatter", "scattergl", "heatmap", "contour", "bar", "surface"} <= set(used)  # the reading works


def test_every_trace_type_a_figure_uses_is_in_the_bundle():
    manifest = bundle_manifest()
    held = set(manifest["traces"]) | set(manifest["lazy_traces"])
    missing = {kind: sorted(files) for kind, files in trace_types_used().items() if kind not in held}
    assert not missing, (f"fsviz's plotly.js lacks trace types the figures use: {missing}. Register them in "
                         "frontend/plotly/src/index.js (or a lazy chunk: gl2d.js, gl3d.js) and run `npm run build` there.")


def test_nothing_draws_with_plotly_express():
    """A plotly.express figure (``px.scatter(...)``) picks its trace types out of the reading above: the figures
    are built with ``go`` (``px.colors`` is only a palette)."""
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "px"):
                raise AssertionError(f"{path.relative_to(REPO)}:{node.lineno} draws with px.{node.func.attr}")


def test_the_bundle_is_the_plotly_js_the_plotly_package_targets():
    version = get_plotlyjs_version()
    manifest = bundle_manifest()
    package = json.loads((FRONTEND / "package.json").read_text())
    lock = json.loads((FRONTEND / "package-lock.json").read_text())
    assert package["dependencies"]["plotly.js"] == version, "package.json pins another plotly.js"
    assert lock["packages"]["node_modules/plotly.js"]["version"] == version, "package-lock.json holds another"
    assert manifest["plotly.js"] == version, "the bundle was built from another plotly.js: rebuild it"
    loaded = "".join((BUNDLE_DIR / name).read_text() for name in manifest["eager"])  # plotly's src/version.js
    assert re.search(r'\.version="' + re.escape(version) + '"', loaded), "the built files carry another version"


def test_the_built_files_are_the_manifests():
    manifest = bundle_manifest()
    for name, size in manifest["files"].items():
        assert (BUNDLE_DIR / name).stat().st_size == size, f"{name} is not the build's output: rebuild"
    assert manifest["eager"][0] == manifest["entry"]
    assert set(manifest["eager"]) <= set(manifest["files"])
    assert not set(manifest["traces"]) & set(manifest["lazy_traces"])
    assert sum(manifest["files"][f] for f in manifest["eager"]) < 2_000_000  # the plotly package's is 4.6 MB
