"""Figures to publish (issue 40, item 4): SVG that parses, PNG at print resolution, self-contained HTML; the same
figures from `fsviz plot`, and a clear message where the drawing engine cannot run."""

import shutil
import struct
import xml.etree.ElementTree as ET

import plotly.graph_objects as go
import pytest

from fsviz.cli import main
from fsviz.plots.files import PRINT_SCALE, FigureExportError, figure_bytes, figure_format

ENGINE = pytest.mark.skipif(
    shutil.which("chromium") is None and shutil.which("chromium-browser") is None
    or __import__("importlib").util.find_spec("kaleido") is None,
    reason="kaleido and Debian's chromium draw SVG and PNG")


def small_figure():
    return go.Figure(go.Scatter(x=[1, 2, 3], y=[3, 1, 2], name="<b>a label</b>"),
                     layout=dict(width=400, height=300, title="t"))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@ENGINE
def test_svg_parses_and_png_is_drawn_at_print_resolution():
    fig = small_figure()
    svg = ET.fromstring(figure_bytes(fig, "svg"))
    assert svg.tag.endswith("svg") and svg.get("width") == "400"
    assert png_size(figure_bytes(fig, "png")) == (400 * PRINT_SCALE, 300 * PRINT_SCALE)


def test_html_holds_plotly_and_the_figure_and_needs_no_network():
    page = figure_bytes(small_figure(), "html").decode()
    assert page.lstrip().lower().startswith("<!doctype html>") and "Plotly.newPlot" in page
    assert "<script src=" not in page and len(page) > 1_000_000  # plotly.js is in the page, not fetched


def test_where_the_engine_is_missing_the_message_says_what_to_install(monkeypatch):
    from fsviz.plots import files

    monkeypatch.setattr(files, "kaleido", None)
    with pytest.raises(FigureExportError, match=r"needs kaleido: pip install .*or write \.html"):
        figure_bytes(small_figure(), "png")
    assert files.static_engine().startswith("SVG and PNG need kaleido")
    assert figure_bytes(small_figure(), "html")  # HTML needs neither


@pytest.mark.parametrize("name, fmt", [("a.svg", "svg"), ("b.PNG", "png"), ("c.htm", "html"), ("d.html", "html")])
def test_the_file_name_says_the_format(name, fmt):
    assert figure_format(name) == fmt


@pytest.mark.parametrize("name", ["a.pdf", "noext", "a.svg.gz"])
def test_a_name_of_another_format_is_refused(name):
    with pytest.raises(ValueError, match="does not end in .svg, .png or .html"):
        figure_format(name)


@pytest.mark.parametrize("argv, message", [
    (["word-map", "sample"], "shows one class's words: give --class"),
    (["word-map", "sample", "--class", "pandas", "-k", "0"], "positive whole number"),
    (["boundaries", "sample", "--class", "pandas", "--metrics", ","], "--metrics"),
    (["volcano", "sample", "--class", "pandas", "--fdr", "5"], "false-discovery rate"),
    (["volcano", "sample", "--class", "pandas", "--fdr", "nan"], "false-discovery rate"),
])
def test_cli_bad_arguments_say_what_is_wrong(tmp_path, capsys, argv, message):
    assert main(["plot", *argv, "--out", str(tmp_path / "f.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
    assert not (tmp_path / "f.html").exists()


def test_cli_writes_the_word_map_as_html(tmp_path, capsys):
    out = tmp_path / "map.html"
    assert main(["plot", "word-map", "sample", "--class", "pandas", "--metrics", "bns,ig", "-k", "50",
                 "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    page = out.read_text()
    assert "BNS \\u2265" in page and "IG \\u2265" in page  # the isoclines, named as in the app (JSON-escaped)


@ENGINE
@pytest.mark.parametrize("figure", ["word-map", "boundaries", "volcano", "task-sizes", "curves", "tolerance"])
def test_cli_writes_each_figure_as_svg_and_png(figure, tmp_path, capsys):
    """Every figure `fsviz plot` draws, as an SVG that parses and a PNG of three times the figure's size."""
    from conftest import cli_grid_results

    data = (str(cli_grid_results(tmp_path, ["--metrics", "bns,ig", "--k", "5,10", "--trials", "1", "--folds", "2"],
                                 n_docs=200, n_classes=3)) if figure in ("curves", "tolerance") else "sample")
    options = ["--class", "pandas", "-k", "50"] if figure in ("word-map", "boundaries", "volcano") else []
    svg, png = tmp_path / f"{figure}.svg", tmp_path / f"{figure}.png"
    for out in (svg, png):
        assert main(["plot", figure, data, *options, "--out", str(out)]) == 0, capsys.readouterr().err
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg")
    width, height = png_size(png.read_bytes())
    assert (width, height) == (round(float(root.get("width")) * PRINT_SCALE),
                               round(float(root.get("height")) * PRINT_SCALE))


def test_cli_draws_the_results_figures_from_a_results_file(tmp_path, capsys):
    from conftest import cli_grid_results

    results = cli_grid_results(tmp_path, ["--metrics", "bns,ig", "--k", "5,10", "--trials", "1", "--folds", "2"],
                               n_docs=200, n_classes=3)
    for figure in ("curves", "tolerance"):
        out = tmp_path / f"{figure}.html"
        assert main(["plot", figure, str(results), "--out", str(out)]) == 0, capsys.readouterr().err
        assert "Plotly.newPlot" in out.read_text()
