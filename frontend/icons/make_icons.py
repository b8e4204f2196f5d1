"""Write the app's page icons (``<name>.svg``, the sidebar menu's Material Symbols) beside this script.

Streamlit draws a ``:material/<name>:`` page icon by asking fonts.gstatic.com for it on every page load; the app
asks nothing off the machine (issue #53), so each page's icon is shipped as a file, cut from the Material Symbols
Rounded font Streamlit itself ships (Apache 2.0), at its default axes (weight 400, outlined). Run once when
``ui.sidebar.PAGES`` gains an icon::

    pip install fonttools brotli   # in any environment: only this script needs them
    python frontend/icons/make_icons.py path/to/.venv/lib/python3.11/site-packages/streamlit
"""

import ast
import sys
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
SIDEBAR = HERE.parents[1] / "ui" / "sidebar.py"
FILL = "#31333F"  # the page's text colour (the app's light theme)


def icon_names() -> list[str]:
    """The ``:material/<name>:`` icons named in ui/sidebar.py (read as text: no import of the app)."""
    found = set()
    for node in ast.walk(ast.parse(SIDEBAR.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(":material/"):
            found.add(node.value.removeprefix(":material/").removesuffix(":"))
    return sorted(found)


def ligatures(font: TTFont) -> dict[str, str]:
    """Icon name → glyph name, from the font's ligature substitutions (the font draws an icon for its name)."""
    cmap = font.getBestCmap()
    by_glyph = {glyph: chr(code) for code, glyph in cmap.items()}
    out = {}
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for sub in lookup.SubTable:
            sub = getattr(sub, "ExtSubTable", sub)
            for first, ligs in getattr(sub, "ligatures", {}).items():
                for lig in ligs:
                    chars = [first, *lig.Component]
                    if all(c in by_glyph for c in chars):
                        out["".join(by_glyph[c] for c in chars)] = lig.LigGlyph
    return out


def main(streamlit_dir: str) -> None:
    font_file = next(Path(streamlit_dir, "static", "static", "media").glob("MaterialSymbols-Rounded*.woff2"))
    font = TTFont(font_file)
    glyphs, names = font.getGlyphSet(), ligatures(font)
    for name in icon_names():
        glyph = glyphs[names[name]]
        pen = SVGPathPen(glyphs)
        glyph.draw(pen)
        bounds = BoundsPen(glyphs)
        glyph.draw(bounds)
        width = glyph.width
        # The icon's square sits on the baseline, y-up in font units; SVG's y runs down: flip it about its top.
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}">'
               f'<path transform="translate(0 {width}) scale(1 -1)" fill="{FILL}" d="{pen.getCommands()}"/></svg>\n')
        (HERE / f"{name}.svg").write_text(svg)
        print(name, bounds.bounds, width)


if __name__ == "__main__":
    main(sys.argv[1])
