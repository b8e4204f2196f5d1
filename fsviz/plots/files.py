"""A figure as a file to publish: SVG, PNG at print resolution, or one self-contained HTML page.

SVG and PNG are drawn by kaleido (Plotly's static-image engine) with the Chrome or Chromium already on the
machine: nothing is downloaded when a figure is written (Debian's ``chromium`` serves). Where that engine
cannot run (kaleido not installed, no browser), the error says so and what to install, and HTML, which needs
neither (plotly.js is written into the page), still works. PNG is drawn at :data:`PRINT_SCALE` times the
figure's size in CSS pixels: a 700-pixel-wide figure becomes 2,100 pixels, 300 dpi at 7 inches.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import threading
import warnings
from pathlib import Path

from .look import on_screen

try:  # optional: the figures extra (pip install fsviz[figures]); HTML needs nothing
    import kaleido
except ImportError:
    kaleido = None

__all__ = ["FIGURE_FORMATS", "PRINT_SCALE", "FigureExportError", "figure_bytes", "figure_format", "static_engine"]

#: The files a figure can be written as.
FIGURE_FORMATS = ("svg", "png", "html")
#: PNG pixels per CSS pixel: about 300 dpi for a figure printed at its on-screen size at 96 dpi.
PRINT_SCALE = 3


class FigureExportError(ValueError):
    """A figure could not be drawn as SVG or PNG on this machine; the message says what to install.

    A :class:`ValueError`, so a page that turns the library's ``ValueError`` into a message shows it as one.

    See Also
    --------
    fsviz.plots.figure_bytes : raises it.
    fsviz.plots.static_engine : says beforehand whether it would be raised.

    Examples
    --------
    >>> issubclass(FigureExportError, ValueError)
    True
    """


#: One drawing at a time, through the one browser :func:`_engine` keeps for the process.
_DRAWING = threading.Lock()
#: Seconds kaleido's browser is kept after the last drawing: a figure after another takes about 0.3 s, not the
#: 4–20 s of a browser started anew, and a server that drew one figure does not keep a browser (about 215 MB) for
#: the rest of its life.
IDLE_SECONDS = 120.0
_running: list = []  # [the timer that stops the browser] while it runs


def _engine() -> None:
    """Start kaleido's browser unless it runs (call holding ``_DRAWING``): one for the process, stopped after
    :data:`IDLE_SECONDS` without a drawing and at exit. A start that fails is tried again at the next figure."""
    if _running:
        _running.pop().cancel()
        _running.append(None)
        return
    kaleido.start_sync_server(silence_warnings=True)
    _registered()
    _running.append(None)


@functools.cache
def _registered() -> None:
    atexit.register(_stop)


def _idle_stop() -> None:
    """(Holding ``_DRAWING``) stop the browser once :data:`IDLE_SECONDS` pass with no drawing."""
    if _running:
        timer = threading.Timer(IDLE_SECONDS, lambda: _stop(timer))
        timer.daemon = True
        _running[:] = [timer]
        timer.start()


def _stop(timer=None) -> None:
    """Stop kaleido's browser: at exit, or when ``timer`` is still the last drawing's (no drawing since)."""
    with _DRAWING:
        if _running and (timer is None or _running[0] is timer):
            _running.clear()
            kaleido.stop_sync_server(silence_warnings=True)


#: Browsers kaleido draws with, as their commands are named (Debian's first).
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def static_engine() -> str | None:
    """Why SVG and PNG cannot be drawn on this machine (kaleido or a Chrome/Chromium missing), or None when they
    can: a page offers only HTML where they cannot, and says why.

    Returns
    -------
    str or None
        Why not, or None when SVG and PNG can be drawn.

    See Also
    --------
    fsviz.plots.figure_bytes : draws the file.
    fsviz.plots.FigureExportError : what drawing raises where it cannot.

    Examples
    --------
    >>> reason = static_engine()  # None here when kaleido and a browser are installed
    >>> reason is None or reason.startswith("SVG and PNG need")
    True
    """
    if kaleido is None:
        return "SVG and PNG need kaleido on the server (pip install 'kaleido>=1,<2')"
    if not any(shutil.which(name) for name in BROWSERS) and not os.environ.get("BROWSER_PATH"):
        return "SVG and PNG need Chrome or Chromium on the server (Debian: apt install chromium)"
    return None


def figure_format(path) -> str:
    """The format a file name asks for (``.svg``, ``.png``, ``.html``/``.htm``); ValueError for another.

    Parameters
    ----------
    path : str or os.PathLike
        The file name.

    Returns
    -------
    str
        ``"svg"``, ``"png"`` or ``"html"``.

    Raises
    ------
    ValueError
        If the suffix is none of these.

    See Also
    --------
    fsviz.plots.figure_bytes : the file's bytes in that format.
    fsviz.plots.FIGURE_FORMATS : the formats.

    Examples
    --------
    >>> figure_format("figure.PNG"), figure_format("figure.htm")
    ('png', 'html')
    >>> figure_format("figure.pdf")
    Traceback (most recent call last):
    ...
    ValueError: 'figure.pdf' does not end in .svg, .png or .html; name the file for the format you want
    """
    suffix = Path(path).suffix.lower().lstrip(".")
    suffix = "html" if suffix == "htm" else suffix
    if suffix not in FIGURE_FORMATS:
        raise ValueError(f"{str(path)!r} does not end in .svg, .png or .html; name the file for the format you want")
    return suffix


def figure_bytes(fig, fmt: str, *, scale: float = PRINT_SCALE) -> bytes:
    """``fig`` (a plotly Figure) as the bytes of an ``fmt`` file (one of :data:`FIGURE_FORMATS`).

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The figure to write.
    fmt : {"svg", "png", "html"}
        The file's format.
    scale : float, default :data:`PRINT_SCALE`
        PNG pixels per CSS pixel (SVG is vector; HTML is interactive).

    Returns
    -------
    bytes
        The file's contents (HTML as UTF-8, with plotly.js included).

    Raises
    ------
    ValueError
        If ``fmt`` is not one of :data:`FIGURE_FORMATS`.
    FigureExportError
        SVG or PNG asked where kaleido or a Chrome/Chromium browser is missing, or where drawing fails.

    See Also
    --------
    fsviz.plots.figure_format : the format a file name asks for.
    fsviz.plots.static_engine : whether SVG and PNG can be drawn here.

    Examples
    --------
    HTML needs neither kaleido nor a browser:

    >>> import plotly.graph_objects as go
    >>> page = figure_bytes(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])), "html")
    >>> page[:15], b"plotly.js" in page
    (b'<!doctype html>', True)
    """
    if fmt not in FIGURE_FORMATS:
        raise ValueError(f"a figure is written as one of {', '.join(FIGURE_FORMATS)}, got {fmt!r}")
    fig = on_screen(fig)  # the look it has in the app, margins the axes size included
    if fmt == "html":
        return fig.to_html(include_plotlyjs=True, full_html=True).encode("utf-8")
    if kaleido is None:  # the engine plotly's to_image needs
        raise FigureExportError(f"writing {fmt.upper()} needs kaleido: pip install 'kaleido>=1,<2' (it draws with "
                                "this machine's Chrome or Chromium); or write .html, which needs nothing")
    try:
        with _DRAWING:
            _engine()
            try:
                with warnings.catch_warnings():  # plotly passes its browser options, which a running server ignores
                    warnings.filterwarnings("ignore", message="The kopts argument is ignored", category=UserWarning)
                    return fig.to_image(format=fmt, scale=scale if fmt == "png" else 1)
            finally:
                _idle_stop()
    except Exception as exc:  # noqa: BLE001 (kaleido's and its browser's errors have no common type)
        raise FigureExportError(f"could not draw the figure as {fmt.upper()}: {type(exc).__name__}: {exc}. kaleido "
                                "draws with Chrome or Chromium: install one (Debian: apt install chromium), or "
                                "write .html, which needs neither") from None
