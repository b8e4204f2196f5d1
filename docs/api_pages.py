"""Write the API reference's source pages from ``__all__``, so a new public name cannot be missed.

``conf.py`` calls :func:`write_api_pages` before Sphinx reads the sources. It writes ``api/index.rst`` and one
page per package (``api/fsviz.rst``, ``api/fsviz.corpora.rst``, …), each holding an ``autosummary`` table of the
package's ``__all__`` grouped by the module each name comes from (the package's ``_SOURCES``); autosummary then
writes one page per name into ``api/generated/``. The packages are found on disk (every ``fsviz/*/__init__.py``),
so a new package gets its page too. The page of ``fsviz.metrics`` also lists every registered metric with its
label, formula, what it reads and its paper (:func:`metrics_table`), read from the registry, so a new metric
is listed with its reference. Everything written here is generated: ``.gitignore`` keeps it out of git.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def packages() -> list[str]:
    """``fsviz`` and each of its packages (a folder of ``fsviz/`` with an ``__init__.py``), in name order."""
    found = sorted(p.parent.name for p in (ROOT / "fsviz").glob("*/__init__.py") if not p.parent.name.startswith("_"))
    return ["fsviz", *(f"fsviz.{name}" for name in found)]


def public_names(package: str) -> list[str]:
    """The package's ``__all__``, in its order."""
    return list(importlib.import_module(package).__all__)


def _shadowed(package: str) -> set[str]:
    """Names of ``__all__`` that are also a submodule's name (``fsviz.stats.significance``): autosummary would
    import the submodule, so these get a page written here instead."""
    module = importlib.import_module(package)
    if not hasattr(module, "__path__"):
        return set()
    submodules = {info.name for info in pkgutil.iter_modules(module.__path__)}
    return set(public_names(package)) & submodules


def _resolve(package: str, name: str):
    """The object ``package.name`` stands for, read from its source module (never the submodule of that name)."""
    module = importlib.import_module(package)
    source = _source_of(package, name)
    if source is not None:
        return getattr(importlib.import_module(f"{package}.{source}"), name)
    return getattr(module, name)


def aliases() -> dict[str, str]:
    """Each class's or exception's other public names → the one name whose page documents it in full.

    Its home is the package whose modules define it (the longest package prefix of its ``__module__`` that lists
    it); every other package that re-exports it (``fsviz.Corpus`` for ``fsviz.corpora.Corpus``) gets a short page
    pointing there, since Sphinx allows one full description per object.
    """
    names_of: dict[int, list[str]] = {}
    objects = {}
    for package in packages():
        for name in public_names(package):
            obj = _resolve(package, name)
            if inspect.isclass(obj):
                names_of.setdefault(id(obj), []).append(f"{package}.{name}")
                objects[id(obj)] = obj
    result = {}
    for key, fullnames in names_of.items():
        if len(fullnames) < 2:
            continue
        defined_in = objects[key].__module__
        inside = [n for n in fullnames if defined_in.startswith(n.rsplit(".", 1)[0] + ".")]
        home = max(inside, key=len) if inside else sorted(fullnames, key=lambda n: (n.count(".") == 1, n))[0]
        result.update({n: home for n in fullnames if n != home})
    return result


def _shadowed_page(package: str, name: str) -> str:
    obj = _resolve(package, name)
    kind = "class" if inspect.isclass(obj) else "function" if callable(obj) else "data"
    real = f"{obj.__module__}.{obj.__qualname__}" if kind != "data" else f"{package}.{_source_of(package, name)}.{name}"
    return "\n".join([_title(f"{package}.{name}", "="), f".. py:currentmodule:: {package}", "",
                      f".. py:{kind}:: {name}", "   :no-index-entry:", "",
                      f"   ``{package}.{name}`` is :obj:`{real}`, below. (A submodule has the same name, so it is",
                      "   documented under its full path.)", "", f".. auto{kind}:: {real}", ""])


def _source_of(package: str, name: str) -> str | None:
    """The module (relative to ``package``) its ``_SOURCES`` names for ``name``, or None."""
    sources = vars(importlib.import_module(package)).get("_SOURCES", {})
    return next((source for source, names in sources.items() if name in names), None)


def _groups(package: str) -> list[tuple[str, list[str]]]:
    """``__all__`` grouped by source module (``_SOURCES``), in ``__all__``'s order; names without one go last."""
    module = importlib.import_module(package)
    sources = vars(module).get("_SOURCES", {})
    names = public_names(package)
    placed: set[str] = set()
    groups = []
    for source in sorted(sources):
        members = [n for n in names if n in sources[source]]
        if members:
            groups.append((f"{package}.{source}", members))
            placed.update(members)
    rest = [n for n in names if n not in placed]
    if rest:
        groups.append((package, rest))
    return groups


def _escape(text: str) -> str:
    """``text`` as reST that shows it literally: the characters reST reads as markup are backslash-escaped."""
    return "".join(f"\\{char}" if char in "\\`*_|[]<>:" else char for char in text)


def metrics_table() -> str:
    """The reST of every registered metric (:func:`fsviz.metric_names`): its name, label, formula, what it reads
    and its reference (``Metric.reference``), one row each, from the registry itself."""
    metrics = importlib.import_module("fsviz.metrics")
    inputs, get_metric, metric_names = metrics.INPUTS, metrics.get_metric, metrics.metric_names
    lines = [_title("Every registered metric", "-"),
             "Each metric of the registry, by the name every function, page and command takes, with its formula "
             "and the paper it comes from (``Metric.reference``; Forman's twelve are his Table 1). Written from "
             ":func:`fsviz.metric_names` when the site is built.", "",
             ".. list-table::", "   :header-rows: 1", "   :widths: 12 12 40 12 24", "",
             "   * - Name", "     - Label", "     - Formula", "     - Reads", "     - Reference"]
    for name in metric_names():
        metric = get_metric(name)
        lines += [f"   * - ``{name}``", f"     - {_escape(metric.label)}", f"     - {_escape(metric.formula)}",
                  f"     - {_escape(inputs[metric.inputs])}", f"     - {_escape(metric.reference)}"]
    return "\n".join(lines) + "\n"


def _title(text: str, underline: str) -> str:
    return f"{text}\n{underline * len(text)}\n"


def package_page(package: str) -> str:
    """The reST of one package's page: its docstring, then an autosummary table per source module."""
    lines = [f".. _api-{package}:", "", _title(f"``{package}``", "="), f".. automodule:: {package}",
             "   :no-members:", "   :no-index:", "", f".. currentmodule:: {package}", ""]
    if package == "fsviz.metrics":
        lines.append(metrics_table())
    shadowed = _shadowed(package)
    for source, names in _groups(package):
        lines.append(_title(f"From ``{source}``", "-"))
        table = [n for n in names if n not in shadowed]
        if table:
            lines += [".. autosummary::", "   :toctree: generated/", "   :nosignatures:", ""]
            lines += [f"   {name}" for name in table]
            lines.append("")
        for name in (n for n in names if n in shadowed):
            summary = (inspect.getdoc(_resolve(package, name)) or "").split("\n\n")[0].replace("\n", " ")
            lines += [f"* :obj:`{name}` — {summary}", "", ".. toctree::", "   :hidden:", "",
                      f"   generated/{package}.{name}", ""]
    return "\n".join(lines)


def index_page(names: list[str]) -> str:
    lines = [".. _api:", "", _title("API reference", "="),
             "Every public name of :mod:`fsviz` and of each of its packages' ``__all__``, one page each, written "
             "from the docstrings (numpydoc). The top-level names are the ones most scripts need; each package "
             "re-exports the names of its modules.", "", ".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   {name}" for name in names]
    return "\n".join(lines) + "\n"


def _write(path: Path, text: str) -> None:
    """Write only when the text changed, so Sphinx's incremental build does not reread every page."""
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def write_api_pages(docs: Path) -> list[str]:
    """Write ``docs/api/index.rst`` and one page per package; return the packages."""
    api = docs / "api"
    api.mkdir(exist_ok=True)
    names = packages()
    (api / "generated").mkdir(exist_ok=True)
    for package in names:
        _write(api / f"{package}.rst", package_page(package))
        for name in _shadowed(package):
            _write(api / "generated" / f"{package}.{name}.rst", _shadowed_page(package, name))
    _write(api / "index.rst", index_page(names))
    return names


if __name__ == "__main__":
    print("\n".join(write_api_pages(Path(__file__).resolve().parent)))
