"""Names a module binds at import and imports the first time they are used.

One process runs one command, and every command's code sits in :mod:`fsviz.cli`; importing all it could use
made each command, ``--help`` included, start with scikit-learn's estimators, pyarrow, plotly and joblib
loaded (some 1.5 s). Bound through these stand-ins, a name's module is imported (``importlib``) when the
command first calls the name or reads the value, so ``fsviz --help`` and ``fsviz info`` load what they use.
:mod:`fsviz.evaluation.analyses.skew` binds :func:`fsviz.evaluation.analyses.aggregation.task_sizes` so too: a corpus's
task sizes need no grid.

A stand-in takes the place of a function or class that is called (:class:`LazyCallable`; attributes are
read from the real object, so ``dataclasses.fields`` works on a dataclass), a tuple of names that is
iterated or searched (:class:`LazySequence`) or a dict that is read (:class:`LazyMapping`). The modules are
named absolutely, so the import-graph test's readers find them in the source (``tests/test_architecture.py``
checks these names the same way as ``import`` statements).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Mapping, Sequence

__all__ = ["LazyCallable", "LazyMapping", "LazySequence", "lazy", "package_names"]

_UNSET = object()


class _Lazy:
    __slots__ = ("_module", "_name", "_value")

    def __init__(self, module: str, name: str):
        self._module, self._name, self._value = module, name, _UNSET

    def _get(self):
        if self._value is _UNSET:
            self._value = getattr(importlib.import_module(self._module), self._name)
        return self._value

    def __repr__(self) -> str:
        loaded = "" if self._value is _UNSET else " (loaded)"
        return f"<lazy {self._module}.{self._name}{loaded}>"


class LazyCallable(_Lazy):
    """A function or class of ``module``, imported at its first call or attribute read."""

    __slots__ = ()

    def __call__(self, *args, **kwargs):
        return self._get()(*args, **kwargs)

    def __getattr__(self, attr):
        return getattr(self._get(), attr)


class _LazyContainer(_Lazy):
    """What a tuple and a dict stand-in share: indexing, length and iteration, each on the real object."""

    __slots__ = ()

    def __getitem__(self, key):
        return self._get()[key]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self):
        return iter(self._get())


class LazySequence(_LazyContainer, Sequence):
    """A tuple of ``module``, imported when first iterated, measured or searched."""

    __slots__ = ()

    def __contains__(self, value) -> bool:
        return value in self._get()


class LazyMapping(_LazyContainer, Mapping):
    """A dict of ``module``, imported when first read."""

    __slots__ = ()


def lazy(module: str, *names: str, kind=LazyCallable):
    """Stand-ins for ``names`` of ``module`` (an absolute name, ``"fsviz.evaluation.grid"``): one, or a tuple of them."""
    if not module.startswith("fsviz."):
        raise ValueError(f"lazy() takes a module of fsviz by its absolute name, got {module!r}")
    stand_ins = tuple(kind(module, name) for name in names)
    return stand_ins[0] if len(stand_ins) == 1 else stand_ins


class _Package(types.ModuleType):
    """A package whose public names include one of its modules' names (:func:`fsviz.stats.significance`, the
    function, lives in ``fsviz/stats/significance.py``). Python's import sets the package's attribute to the
    module when the module is first imported, by whoever imports it; here that attribute stays the public name,
    so ``fsviz.stats.significance`` is the function whatever was imported before. ``from fsviz.stats.significance
    import p_label`` reads the module as ever; ``import fsviz.stats.significance as m`` gives the function too
    (Python reads the package's attribute there)."""

    _public: dict = {}  # per package (set on its own subclass): a public name that is a module's → its module

    def __setattr__(self, name, value):
        module = self._public.get(name)
        if module is not None and isinstance(value, types.ModuleType) and value.__name__ == f"{self.__name__}.{name}":
            value = getattr(importlib.import_module(f".{module}", self.__name__), name)
        super().__setattr__(name, value)


def package_names(package: str, sources: dict, namespace: dict):
    """A package's PEP 562 ``__getattr__`` and ``__dir__`` for the public names ``sources`` lists per module
    (relative to ``package``): each is imported from its module on first use, then a plain attribute of
    ``namespace`` (the package's ``globals()``). A public name that is also one of the package's modules' names
    stays the public name when that module is imported (:class:`_Package`). Every package of fsviz uses it."""
    module_of = {name: module for module, names in sources.items() for name in names}
    shadowed = {name: module_of[name] for name in module_of if name in {m.split(".")[0] for m in sources}}
    if shadowed:
        sys.modules[package].__class__ = type("Package", (_Package,), {"_public": shadowed})

    def __getattr__(name: str):
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *module_of})

    return __getattr__, __dir__
