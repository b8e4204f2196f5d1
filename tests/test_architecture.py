"""The package's shape, enforced: layers import only downward, no cycles, no hidden imports.

Every file under ``fsviz/`` is read with :mod:`ast` (nothing is imported).
``LAYERS`` declares the order, lowest first; a module may import from a
lower layer, and inside a sub-package from its siblings, as long as no cycle
forms. The evaluation's packages are layers of their own (``evaluation.grid``
below ``evaluation.analyses`` …), and a module of one is imported from outside
it only through the package's public names. The README's architecture picture
follows the same order.
"""

import ast
import importlib
import warnings
from pathlib import Path

import pytest

from fsviz._compat import new_path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fsviz"

#: Lowest first. Each entry is a top-level module or sub-package of fsviz.
LAYERS = [
    ["_validation", "_lazy", "_compat", "_files", "_workers"],
    ["learn"],
    ["metrics"],
    ["selection"],
    ["corpora"],
    ["stats"],
    ["evaluation._storage", "evaluation.grid"],
    ["evaluation.analyses", "evaluation.multiclass", "evaluation.shipping"],
    ["evaluation.answer", "evaluation.studies"],
    ["evaluation"],
    ["plots"],
    ["report"],
    ["cli"],
    ["__main__", "__init__"],
]
LAYER = {name: i for i, names in enumerate(LAYERS) for name in names}
#: Optional heavy dependencies a function may import late, so the rest works without them; and skops,
#: whose import loads every scikit-learn estimator (about 2 s), which only saving a model needs; and
#: scikit-learn (about 0.9 s), which reading a corpus and the metrics' registry need only for a stop-word
#: list or a model-based metric (so `fsviz --help` and `fsviz info` start without it).
LATE_IMPORTS_ALLOWED = {"distributed", "dask", "playwright", "skops", "sklearn"}
#: The scripts Streamlit runs: the landing page and one file per page.
PAGE_FILES = ["app.py", *sorted(f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py"))]
#: The app's shared code, lowest first: a module imports only from those before it.
UI_LAYERS = ["ui.cache", "ui.charts", "ui.turns", "ui.sessions", "ui.share_links", "ui.state", "ui.components",
             "ui.links", "ui.shares", "ui.runs", "ui.sidebar"]
APP_FILES = [*PAGE_FILES, *(f"{m.replace('.', '/')}.py" for m in UI_LAYERS), "ui/__init__.py"]
#: What the app may import of the library, said once: its public modules (no part of the path private, ``_name``),
#: never the CLI; the ui modules also bind names imported at first use (``fsviz._lazy``), so a page's first draw
#: does not wait for scikit-learn or the grid.
APP_PRIVATE_ALLOWED = {"pages": set(), "ui": {"fsviz._lazy"}}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 2:
        parts = parts[:-1]
    return ".".join(parts)


def _modules() -> dict:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _imports(name: str, path: Path, known: set):
    """(target module, line, inside a function) for every fsviz import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if _is_package(path) else name.rpartition(".")[0]
    functions = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for n in ast.walk(f) if n is not f}
    for node in ast.walk(tree):
        nested = id(node) in functions
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, nested
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module is None or f"{target}.{node.names[0].name}" in known:
                for alias in node.names:  # `from . import x`: the sub-modules themselves
                    sub = f"{target}.{alias.name}"
                    yield (sub if sub in known else target), node.lineno, nested
            else:
                yield target, node.lineno, nested
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "lazy" and node.args \
                and isinstance(node.args[0], ast.Constant) and str(node.args[0].value).startswith("fsviz."):
            yield node.args[0].value, node.lineno, nested  # fsviz._lazy: an import made at first use


def _graph():
    modules = _modules()
    known = set(modules)
    edges = {}
    for name, path in modules.items():
        edges[name] = [(t, line, nested) for t, line, nested in _imports(name, path, known)]
    return modules, edges


def _unit(module: str) -> str:
    """The layer entry a module belongs to: ``fsviz.metrics.table`` → ``metrics``; inside the evaluation, its
    package or private module: ``fsviz.evaluation.analyses.skew`` → ``evaluation.analyses``."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "evaluation":
        return f"evaluation.{parts[2]}"
    return parts[1] if len(parts) > 1 else "__init__"


#: The evaluation's packages (``fsviz.evaluation.grid`` …): what is outside one imports only the package itself.
EVALUATION_PACKAGES = sorted(f"fsviz.evaluation.{p.parent.name}" for p in (PACKAGE / "evaluation").glob("*/__init__.py"))


def _inside(module: str) -> str | None:
    """The evaluation package a module is one of the modules of, or None (the package itself is not inside it;
    ``f"{package}."`` is)."""
    return next((p for p in EVALUATION_PACKAGES if module.startswith(p + ".")), None)


def test_every_module_has_a_layer():
    missing = sorted({_unit(m) for m in _modules()} - set(LAYER))
    assert not missing, f"declare these in LAYERS: {missing}"


def test_imports_run_only_downward():
    modules, edges = _graph()
    wrong = []
    for name, targets in edges.items():
        for target, line, _ in targets:
            if not target.startswith("fsviz") or target == name:
                continue
            here, there = _unit(name), _unit(target)
            if here == there:
                continue  # inside one sub-package: checked for cycles below
            if target == "fsviz" or LAYER[there] >= LAYER[here]:
                wrong.append(f"{modules[name].relative_to(ROOT)}:{line} imports {target} (layer {there!r} is not below {here!r})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles():
    _, edges = _graph()
    graph = {n: {t for t, _, _ in ts if t in edges and t != n} for n, ts in edges.items()}
    state, stack, cycles = {}, [], []

    def visit(n):
        state[n] = "open"
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == "open":
                cycles.append(" → ".join(stack[stack.index(m):] + [m]))
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = "done"

    for n in sorted(graph):
        if n not in state:
            visit(n)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_no_imports_hidden_in_functions():
    modules, _ = _graph()
    hidden = []
    for name, path in modules.items():
        for target, line, nested in _imports(name, path, set(modules)):
            if nested and target.split(".")[0] not in LATE_IMPORTS_ALLOWED:
                hidden.append(f"{path.relative_to(ROOT)}:{line} imports {target} inside a function")
    assert not hidden, "\n".join(hidden)


def test_late_imports_say_why():
    modules, _ = _graph()
    for name, path in modules.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for target, line, nested in _imports(name, path, set(modules)):
            if nested and target.split(".")[0] in LATE_IMPORTS_ALLOWED:
                context = " ".join(lines[max(0, line - 3): line])  # the import and the two lines above it
                assert "#" in context, f"{path.relative_to(ROOT)}:{line}: say why this import is late"


def test_library_never_imports_streamlit_or_the_app():
    modules, edges = _graph()
    for name, targets in edges.items():
        for target, line, _ in targets:
            assert target.split(".")[0] not in {"streamlit", "ui", "pages", "app"}, \
                f"{modules[name].relative_to(ROOT)}:{line} imports {target}"


def _app_imports(filename: str) -> list[str]:
    """Every module an app file imports (``from ui import cache`` counts as ``ui.cache``)."""
    tree = ast.parse((ROOT / filename).read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names += [f"{module}.{a.name}" if module == "ui" else module for a in node.names]
    return names


@pytest.mark.parametrize("filename", APP_FILES)
def test_pages_never_import_the_cli(filename):
    names = _app_imports(filename)
    assert not any(n == "fsviz.cli" or n.startswith("fsviz.cli.") for n in names), f"{filename} imports the CLI"


@pytest.mark.parametrize("filename", APP_FILES)
def test_the_app_imports_only_the_librarys_public_modules(filename):
    allowed = APP_PRIVATE_ALLOWED["ui" if filename.startswith("ui/") else "pages"]
    private = [n for n in _app_imports(filename) if n.split(".")[0] == "fsviz" and n not in allowed
               and any(part.startswith("_") for part in n.split("."))]
    assert not private, f"{filename} imports the library's private modules {private}: use the package's public names"


@pytest.mark.parametrize("filename", APP_FILES)
def test_the_app_imports_one_way(filename):
    """pages → ui.sidebar → ui.runs → ui.components → ui.state → ui.cache → fsviz: no page imports another page or
    app.py, and a ui module imports only the ui modules below it."""
    names = _app_imports(filename)
    assert not any(n.split(".")[0] in {"pages", "app"} for n in names), f"{filename} imports a page"
    if filename.startswith("ui/") and filename != "ui/__init__.py":
        here = UI_LAYERS.index(filename[:-3].replace("/", "."))
        above = [n for n in names if n in UI_LAYERS and UI_LAYERS.index(n) >= here]
        assert not above, f"{filename} imports {above}, which are not below it"


@pytest.mark.parametrize("filename", PAGE_FILES)
def test_every_page_draws_the_sidebar_first_and_only_when_visited(filename):
    """Each script Streamlit runs defines main(), whose first statement is ``ctx = page(__file__)``, and
    calls it only under ``if __name__ == "__main__"``: a process started with "spawn" (a Dask worker,
    multiprocessing) runs its parent's main script again as __mp_main__, and must draw and load nothing."""
    tree = ast.parse((ROOT / filename).read_text(encoding="utf-8"))
    top = [n for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom, ast.FunctionDef))
           and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    assert len(top) == 1 and isinstance(top[0], ast.If), f"{filename}: only the __main__ guard may run at import"
    assert ast.unparse(top[0].test) == "__name__ == '__main__'", filename
    main = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main")
    assert ast.unparse(main.body[0]) == "ctx = page(__file__)", f"{filename}: main() must call page() first"


@pytest.mark.parametrize("filename", APP_FILES)
def test_every_multiselect_is_ui_components_choose_many(filename):
    """One rule for the app's multiselects (a typed name and Enter add its first match, not every match): every one
    is :func:`ui.components.choose_many`, the only caller of Streamlit's own."""
    tree = ast.parse((ROOT / filename).read_text(encoding="utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
             and node.func.attr == "multiselect"]
    if filename == "ui/components.py":
        owner = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "choose_many")
        assert calls and all(call in list(ast.walk(owner)) for call in calls), "a multiselect outside choose_many"
    else:
        assert not calls, f"{filename}: {len(calls)} multiselect(s) not through ui.components.choose_many"


def test_an_evaluation_package_is_imported_only_through_its_public_names():
    """Outside ``fsviz/evaluation/analyses/`` (and each other package of the evaluation) code imports
    ``fsviz.evaluation.analyses``, whose ``__all__`` is its public API, never one of its modules; the app too."""
    modules, edges = _graph()
    reaching = [f"{modules[name].relative_to(ROOT)}:{line} imports {target}" for name, targets in edges.items()
                for target, line, _ in targets if _inside(target) and _inside(f"{name}.") != _inside(target)]
    reaching += [f"{filename} imports {target}" for filename in APP_FILES for target in _app_imports(filename)
                 if _inside(target)]
    assert not reaching, "import these through their package:\n" + "\n".join(reaching)


def _old_paths(names):
    """The names among ``names`` (and, for ``from package import name``, ``package.name``) that are module paths
    kept only for old code (``fsviz._compat``)."""
    return [n for n in names if new_path(n)]


def test_no_code_of_the_project_imports_an_old_path():
    """Old module paths (``fsviz.evaluation.analysis`` …) import only for users' code, with a warning: the library
    and the app import each name from where it lives now."""
    modules, _ = _graph()
    old = []
    for name, path in list(modules.items()) + [(f, ROOT / f) for f in APP_FILES]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = (name if _is_package(path) else name.rpartition(".")[0]).split(".")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                names = [module, *(f"{module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            old += [f"{path.relative_to(ROOT)}:{node.lineno} imports {n}" for n in _old_paths(names)]
    assert not old, "import these from their new paths:\n" + "\n".join(old)


#: A module this long is worth a look (one topic, or two?); its topic decides its length, not a count of lines.
LONG_MODULE = 800


def test_long_modules_are_named_for_a_look():
    """Not a cap: a module as long as its one topic needs passes; one past LONG_MODULE lines is named in a warning."""
    long = [f"{p.relative_to(ROOT)}: {n} lines" for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONG_MODULE]
    if long:
        warnings.warn(f"modules past {LONG_MODULE} lines, worth a look for a second topic:\n" + "\n".join(long),
                      UserWarning, stacklevel=1)


def test_a_handful_of_modules_at_the_top():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= 10, f"at most 10 modules directly under fsviz/, found {top}: put them in a package"


PACKAGES = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_says_what_it_is_for_and_what_it_may_import(package):
    doc = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text(encoding="utf-8"))) or ""
    assert len(doc.split()) >= 15, f"fsviz/{package}/__init__.py: say in its docstring what the package is for"
    if package not in {"cli", "plots"}:  # cli and plots: everything below them, said in the README's picture
        assert "import" in doc, f"fsviz/{package}/__init__.py: say what the package may import"


@pytest.mark.parametrize("package", PACKAGES)
def test_each_packages_public_names_resolve_from_its_modules(package):
    """Every name of a package's ``__all__`` is there (imported on first use where the package is lazy), and the
    lazy tables name modules that exist and hold the name."""
    module = importlib.import_module(f"fsviz.{package}")
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, f"fsviz.{package}.__all__ names what it lacks: {missing}"
    assert len(set(module.__all__)) == len(module.__all__), f"fsviz.{package}.__all__ repeats a name"
