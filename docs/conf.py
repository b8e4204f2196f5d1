"""Sphinx configuration of fsviz's documentation site: ``bash docs/build.sh`` builds it into ``docs/_build/html``.

Offline: nothing is downloaded at build time (no intersphinx inventories). The API pages are written from each
package's ``__all__`` by ``api_pages.py`` before Sphinx reads the sources; the gallery's examples
(``examples/plot_*.py``) run at build time and embed their plotly figures as interactive HTML.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import plotly
import plotly.io as pio
from plotly.io._base_renderers import SphinxGalleryHtmlRenderer

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS))
sys.path.insert(0, str(DOCS.parent))

from api_pages import aliases, write_api_pages  # noqa: E402

import fsviz  # noqa: E402

project = "fsviz"
author = "The fsviz team"
copyright = "2026, the fsviz team"  # noqa: A001
version = release = fsviz.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
]

templates_path = ["_templates"]
exclude_patterns = ["_build", "examples/GALLERY_HEADER.rst", "**/*.ipynb", "**/*.py.md5", "**/*.codeobj.json",
                    "sg_execution_times.rst", "auto_examples/sg_execution_times.rst"]  # an older build's, not written now
root_doc = "index"
default_role = "py:obj"

# The API reference: one page per public name (api_pages.py lists them from __all__).
write_api_pages(DOCS)
autosummary_generate = True
autosummary_imported_members = True
autosummary_context = {"fsviz_aliases": aliases()}  # a class's other public names point to its one full page
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "none"  # numpydoc's Parameters sections carry the types; signatures stay short
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False


def _skip_member(app, what, name, obj, skip, options):
    """Leave out scikit-learn's generated metadata-routing setters (``set_fit_request`` …): not ours to document,
    and their docstrings point into scikit-learn's own site."""
    if name.startswith("set_") and name.endswith("_request"):
        return True
    return None


def setup(app):
    app.connect("autodoc-skip-member", _skip_member)

# The gallery: every example runs at build time; plotly figures embed as interactive HTML (their
# ``_repr_html_``), so no image scraper is needed.
sphinx_gallery_conf = {
    "examples_dirs": ["examples"],
    "gallery_dirs": ["auto_examples"],
    "filename_pattern": r"/plot_",
    "image_scrapers": (),
    "capture_repr": ("_repr_html_", "__repr__"),
    "download_all_examples": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "show_memory": False,
    "write_computation_times": False,  # its pages load DataTables from a CDN: the site is offline
    "reset_modules": (),
}


class _LocalPlotlyRenderer(SphinxGalleryHtmlRenderer):
    """The ``sphinx_gallery`` renderer without its CDN script tag: the pages load plotly.js from ``_static``
    (copied from the installed plotly below), so the site's figures work without a network too."""

    def to_mimebundle(self, fig_dict):
        html = pio.to_html(fig_dict, config=self.config, include_plotlyjs=False, include_mathjax=False,
                           full_html=False, default_width="100%", default_height=525, validate=False)
        return {"text/html": html}


pio.renderers["sphinx_gallery"] = _LocalPlotlyRenderer()
pio.renderers.default = "sphinx_gallery"
_PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
(DOCS / "_static" / "js").mkdir(parents=True, exist_ok=True)
shutil.copyfile(_PLOTLY_JS, DOCS / "_static" / "js" / "plotly.min.js")

html_theme = "pydata_sphinx_theme"
html_title = f"fsviz {release}"
html_static_path = ["_static"]
html_js_files = ["js/plotly.min.js"]
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
