"""The module paths of fsviz 0.1, kept for one release: ``import fsviz.grid`` still works and warns.

fsviz 0.2 put its modules in packages named by concept (``fsviz.grid`` is now ``fsviz.evaluation.grid``,
``fsviz.corpus`` is ``fsviz.corpora.corpus``, the solvers are private in ``fsviz.learn``). A finder placed first
on :data:`sys.meta_path` answers each old name, and any module under it, with the module at its new path (the
same object, not a copy: classes compare equal and a monkeypatch reaches the code that runs), after a
:class:`DeprecationWarning` that names the new path. Names imported from ``fsviz`` itself never moved.

A module split by topic since (``df_cutoffs`` left ``corpora/preprocessing.py`` for ``corpora/cutoffs.py``) keeps
its 0.1 names under the old path: a name the module no longer holds is looked up among the public names of the
packages above it (``fsviz.corpora``), nearest first (:func:`_from_packages`, the module's ``__getattr__``).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

__all__ = ["MOVED", "install", "new_path"]

#: Old module (relative to fsviz) → where it lives now. The old paths go in the release after 0.2.
MOVED = {
    "formats": "corpora.formats", "paths": "corpora.paths", "analyzer": "corpora.analyzer",
    "preprocessing": "corpora.preprocessing", "task": "corpora.task", "groups": "corpora.groups",
    "contexts": "corpora.contexts", "corpus": "corpora.corpus", "saved": "corpora.saved",
    "sample": "corpora.sample", "synthetic": "corpora.synthetic",
    "counts": "metrics.counts",
    "fisher": "stats.fisher", "significance": "stats.significance", "isoclines": "stats.isoclines",
    "binormal": "stats.binormal", "agreement": "stats.agreement", "tables": "stats.tables",
    "classifiers": "learn.classifiers", "liblinear": "learn._liblinear", "dual_cd": "learn._dual_cd",
    "row_cuts": "learn._row_cuts",
    "grid": "evaluation.grid", "grid.lock": "evaluation.grid._lock",
    "workers": "_workers", "storage": "evaluation._storage",
    "analysis": "evaluation.analyses.tolerance", "multiclass": "evaluation.multiclass.runner",
    "stability": "evaluation.analyses.stability", "studies": "evaluation.studies.lesion",
    "skew": "evaluation.analyses.skew", "advice": "evaluation.answer.advice", "export": "evaluation.shipping.export",
    "snippets": "evaluation.shipping.snippets",
    # 0.2's flat evaluation modules, in packages by concept since (evaluation.multiclass and evaluation.studies are
    # packages of the same name now, whose __all__ holds the old module's names)
    "evaluation.aggregation": "evaluation.analyses.aggregation", "evaluation.analysis": "evaluation.analyses.tolerance",
    "evaluation.nested": "evaluation.analyses.nested", "evaluation.paired": "evaluation.analyses.paired",
    "evaluation.pairs": "evaluation.analyses.pairs", "evaluation.pairwise": "evaluation.analyses.pairwise",
    "evaluation.peaks": "evaluation.analyses.peaks", "evaluation.run_analysis": "evaluation.analyses.run_analysis",
    "evaluation.skew": "evaluation.analyses.skew", "evaluation.stability": "evaluation.analyses.stability",
    "evaluation.advice": "evaluation.answer.advice", "evaluation.answers": "evaluation.answer.wording",
    "evaluation.quick": "evaluation.answer.quick",
    "evaluation.cutoff": "evaluation.studies.cutoff", "evaluation._alpha": "evaluation.studies._alpha",
    "evaluation.multiclass_runs": "evaluation.multiclass.runs", "evaluation._multiclass_fit": "evaluation.multiclass._fit",
    "evaluation.export": "evaluation.shipping.export", "evaluation._export_plan": "evaluation.shipping._plan",
    "evaluation.snippets": "evaluation.shipping.snippets", "evaluation.selector": "evaluation.shipping.selector",
}
_LONGEST_FIRST = sorted(MOVED, key=len, reverse=True)


def new_path(name: str) -> str | None:
    """The module's name today for an old one (``"fsviz.grid.runner"`` → ``"fsviz.evaluation.grid.runner"``);
    None for a name that did not move.

    >>> new_path("fsviz.grid.lock"), new_path("fsviz.metrics")
    ('fsviz.evaluation.grid._lock', None)
    """
    if not name.startswith("fsviz."):
        return None
    rest = name[len("fsviz."):]
    for old in _LONGEST_FIRST:
        if rest == old or rest.startswith(old + "."):
            return f"fsviz.{MOVED[old]}{rest[len(old):]}"
    return None


def _from_packages(module_name: str):
    """A module ``__getattr__`` for ``module_name`` that finds a name among the public names (``__all__``) of the
    packages above it, nearest first, and raises :class:`AttributeError` as a module does for any other."""

    def __getattr__(name: str):
        package = module_name.rpartition(".")[0]
        while package:
            found = importlib.import_module(package)
            if name in getattr(found, "__all__", ()):
                return getattr(found, name)
            package = package.rpartition(".")[0]
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old module name and loads it as the module at its new path."""

    def __init__(self):
        self._specs = {}  # the new module's own spec, put back after the import machinery sets the old one

    def find_spec(self, fullname, path=None, target=None):
        new = new_path(fullname)
        if new is None or importlib.util.find_spec(new) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        new = new_path(spec.name)
        warnings.warn(f"{spec.name} moved to {new} in fsviz 0.2; import it from there (the old path goes in the "
                      "next release)", DeprecationWarning, stacklevel=2)  # warnings skips the import machinery's frames
        module = importlib.import_module(new)
        self._specs[id(module)] = module.__spec__
        if "__getattr__" not in vars(module):  # PEP 562: asked only for a name the module does not hold
            module.__getattr__ = _from_packages(new)
        return module

    def exec_module(self, module):
        # The machinery set the old name's spec on the module: give it back its own.
        module.__spec__ = self._specs.pop(id(module), module.__spec__)


_FINDER = _OldPaths()


def install() -> None:
    """Put the finder first on :data:`sys.meta_path` (once): before the path finder, which would load a second
    copy of a module found under an old package's ``__path__``."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
