"""The documentation site builds (``bash docs/build.sh``: offline, warnings as errors), every public name has its
API page, and every gallery example ran and embeds its figure and its table (issue #41)."""

import importlib
import inspect
import pkgutil
import re
import subprocess

import pytest
from conftest import REPO

for _tool in ("sphinx", "numpydoc", "sphinx_gallery", "pydata_sphinx_theme"):
    pytest.importorskip(_tool, reason="the docs tools (pip install '.[docs]') are not installed")

import fsviz  # noqa: E402

HTML = REPO / "docs" / "_build" / "html"
EXAMPLES = sorted((REPO / "docs" / "examples").glob("plot_*.py"))


def _public_names():
    """(package, name) for fsviz's __all__ and each of its packages' __all__."""
    packages = ["fsviz"] + [f"fsviz.{m.name}" for m in pkgutil.iter_modules(fsviz.__path__)
                            if m.ispkg and not m.name.startswith("_")]
    return [(p, n) for p in packages for n in importlib.import_module(p).__all__]


@pytest.fixture(scope="module")
def built():
    done = subprocess.run(["bash", str(REPO / "docs" / "build.sh")], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, (done.stdout[-3000:] + done.stderr[-5000:])
    return done


def test_the_site_builds_with_warnings_as_errors(built):
    assert (HTML / "index.html").is_file()
    for page in ("install", "tour", "cli", "corpus", "choosing", "deploying", "forman", "papers", "library"):
        assert (HTML / "guide" / f"{page}.html").is_file(), page


def test_every_public_name_has_its_api_page(built):
    names = _public_names()
    assert len(names) > 300
    missing = [f"{p}.{n}" for p, n in names if not (HTML / "api" / "generated" / f"{p}.{n}.html").is_file()]
    assert not missing
    packages = {p for p, _ in names}
    assert all((HTML / "api" / f"{p}.html").is_file() for p in packages)


def test_every_public_classs_page_documents_it_where_a_newcomer_lands(built):
    """``fsviz.MetricSelector``'s page (the name a newcomer imports) holds the class's docs, not a pointer to
    another page (issue 54): for every public class, under every name it is exported by."""
    stubs = []
    for package, name in _public_names():
        obj = getattr(importlib.import_module(package), name)
        if not inspect.isclass(obj) or not (obj.__doc__ or "").strip():
            continue
        first = re.findall(r"[A-Za-z]{4,}", obj.__doc__.strip().splitlines()[0])
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (HTML / "api" / "generated" / f"{package}.{name}.html")
                                         .read_text(encoding="utf-8")))
        if not all(word in text for word in first[:3]) or "documented on its page" in text:
            stubs.append(f"{package}.{name}")
    assert not stubs, stubs


def test_every_gallery_example_ran_and_shows_its_figure_and_table(built):
    assert len(EXAMPLES) >= 13
    for example in EXAMPLES:
        page = HTML / "auto_examples" / f"{example.stem}.html"
        assert page.is_file(), example.name
        html = page.read_text()
        assert "plotly-graph-div" in html, f"{example.name}: no interactive figure"
        assert "<table" in html and "dataframe" in html, f"{example.name}: no table of the numbers"
    assert (HTML / "_static" / "js" / "plotly.min.js").is_file()  # the figures need no network


def test_no_page_loads_anything_from_another_host(built):
    """The site works offline: no page's script, stylesheet, image or font comes from the network (no MathJax,
    no CDN for the gallery's execution-time tables, plotly.js from ``_static``)."""
    remote = re.compile(r"<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=[\"']?(?:https?:)?//", re.I)
    loading = [page.relative_to(HTML).as_posix() for page in HTML.rglob("*.html")
               if remote.search(page.read_text(errors="replace"))]
    assert not loading, f"pages that load from another host: {loading[:10]}"


#: numpydoc's checks every public name passes: its Parameters and Returns sections whole (PR01: a parameter left
#: out, PR02: one that does not exist, RT01: no Returns, GL08: no docstring), See Also (SA01) and Examples (EX01).
NUMPYDOC_CHECKS = {"PR01", "PR02", "RT01", "GL08", "SA01", "EX01"}


def test_every_public_name_has_its_numpydoc_sections():
    validate = pytest.importorskip("numpydoc.validate")
    failing, seen = [], set()
    for package, name in _public_names():
        obj = getattr(importlib.import_module(package), name)
        if not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue  # constants and modules: documented where they are defined
        path = f"{obj.__module__}.{obj.__qualname__}"
        if path in seen:
            continue
        seen.add(path)
        codes = {code for code, _ in validate.validate(path)["errors"]} & NUMPYDOC_CHECKS
        if codes:
            failing.append(f"{package}.{name}: {', '.join(sorted(codes))}")
    assert len(seen) > 300
    assert not failing, f"{len(failing)} public names miss numpydoc sections: {failing}"


def test_no_reference_starts_as_a_list():
    """A reference written "G. Forman, …" is read by reST as an enumerated list (item "G."), which the site draws
    over the citation's label; the references name the surname first ("Forman, G., …")."""
    enumerator = re.compile(r"(?:[A-Za-z#]|[0-9]+|[ivxlcdmIVXLCDM]+)[.)]\s|\([A-Za-z0-9]+\)\s")
    starts_as_list = []
    for package, name in _public_names():
        obj = getattr(importlib.import_module(package), name)
        for text in re.findall(r"^\s*\.\. \[[^\]]+\]\s+(.*)$", inspect.getdoc(obj) or "", re.M):
            if enumerator.match(text):
                starts_as_list.append(f"{package}.{name}: {text[:40]}")
    assert not starts_as_list, starts_as_list
