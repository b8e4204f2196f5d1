"""Text from the data shown as text: plotly reads ``<a href>``, ``<b style>``, ``<br>`` in any string it draws.

Class names, words, file and relation names, dataset names and the labels of
a visitor's own metrics all reach figures: as axis categories, hover text,
legend names and titles. Plotly draws a subset of HTML in every one of them
(a label ``<a href="…">BNS</a>`` becomes a live link), so every figure
builder is wrapped in :func:`plain_text`, which escapes ``&``, ``<`` and ``>``
in every string of the finished figure; plotly turns the entities back into
the characters when it draws, so the text reads exactly as it was given.

Templates (``hovertemplate``, ``texttemplate``) are the builders' own,
with data strings (a metric's label) put into them: there only the builders'
tags, ``<br>`` and ``<extra>``, are kept, and every other ``<`` is escaped.
Colours, layout templates and numbers are left alone.
"""

from __future__ import annotations

import functools
import html
import re

import numpy as np
import plotly.graph_objects as go

__all__ = ["escape", "escape_figure", "plain_text"]

#: Trace and layout keys whose strings are not text: colours, colour scales, the layout's template.
_KEEP = {"template", "colorscale", "color", "bgcolor", "bordercolor", "fillcolor", "line", "marker"}
#: Keys whose strings are the builders' templates: their tags are kept, any other tag escaped.
_TEMPLATES = {"hovertemplate", "texttemplate"}
_OTHER_TAG = re.compile(r"<(?!br>|extra>|/extra>)")
_SPECIAL = ("&", "<", ">")


def escape(text) -> str:
    """``text`` with ``&``, ``<`` and ``>`` as entities, for a string plotly reads as HTML.

    >>> escape('<a href="x">BNS</a> & co')
    '&lt;a href="x"&gt;BNS&lt;/a&gt; &amp; co'
    """
    return html.escape(str(text), quote=False)


def _needs(text: str) -> bool:
    return any(c in text for c in _SPECIAL)


def _template(text: str) -> str | None:
    """A template with every tag but ``<br>`` and ``<extra>`` escaped, or None when it had none."""
    out = _OTHER_TAG.sub("&lt;", text)
    return None if out == text else out


def _escaped(value, key: str = ""):
    """``value`` with every string in it escaped, or None when nothing needed it (the common case, cheaply)."""
    if isinstance(value, str):
        if key in _TEMPLATES:
            return _template(value)
        return escape(value) if _needs(value) else None
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "OUS":
            return None
        flat = value.ravel()
        hits = [i for i, v in enumerate(flat) if isinstance(v, str) and _needs(v)]
        if not hits:
            return None
        out = flat.astype(object)
        for i in hits:
            out[i] = escape(out[i])
        return out.reshape(value.shape)
    if isinstance(value, (list, tuple)):
        parts = [_escaped(v, key) for v in value]
        if all(p is None for p in parts):
            return None
        return type(value)(v if p is None else p for v, p in zip(value, parts))
    if isinstance(value, dict):
        changed = {k: p for k, v in value.items() if k not in _KEEP and (p := _escaped(v, k)) is not None}
        return {**value, **changed} if changed else None
    return None


def escape_figure(fig: go.Figure) -> go.Figure:
    """Escape, in place, every data string of ``fig``: its traces, frames and layout (see the module's docstring)."""
    for trace in fig.data:
        updates = {key: new for key, value in trace.to_plotly_json().items()
                   if key not in _KEEP and (new := _escaped(value, key)) is not None}
        if updates:
            trace.update(updates, overwrite=True)
    if fig.frames:
        frames = []
        for frame in fig.frames:
            changed = _escaped(frame.to_plotly_json())
            frames.append(frame if changed is None else go.Frame(changed))
        fig.frames = frames
    layout = fig.layout.to_plotly_json()
    layout.pop("template", None)
    changed = _escaped(layout)
    if changed is not None:
        fig.update_layout(changed, overwrite=True)
    return fig


def plain_text(builder):
    """Wrap a figure builder so that every figure it returns shows its data's strings as text."""
    @functools.wraps(builder)
    def wrapped(*args, **kwargs):
        return escape_figure(builder(*args, **kwargs))

    return wrapped
