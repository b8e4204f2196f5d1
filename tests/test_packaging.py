"""fsviz installs as a package: the wheel, a fresh virtual environment, the console script, outside the checkout.

Builds the wheel with pip (setuptools from pyproject.toml), installs it into a
new venv (its dependencies come from the package index, as for a user), and
runs the ``fsviz`` command and the public API from an empty folder with an
empty HOME, so nothing of the checkout or the user's caches is found. The
sample corpus must be built in the user cache directory, never in the
current folder.
"""

import os
import shutil
import subprocess
import sys
import venv

import pytest
from conftest import REPO

pytestmark = pytest.mark.skipif(os.environ.get("FSVIZ_SKIP_PACKAGING") == "1",
                                reason="FSVIZ_SKIP_PACKAGING=1 skips the install test")


def _run(args, **kwargs):
    done = subprocess.run(args, capture_output=True, text=True, timeout=900, **kwargs)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    root = tmp_path_factory.mktemp("packaging")
    source = root / "source"  # a copy, so the build writes nothing into the checkout
    shutil.copytree(REPO / "fsviz", source / "fsviz", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(source), "-w", str(root / "dist")])
    wheels = list((root / "dist").glob("fsviz-*.whl"))
    assert len(wheels) == 1, wheels
    venv.create(root / "venv", with_pip=True)
    python = root / "venv" / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", str(wheels[0])])
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "FSVIZ_", "VIRTUAL_ENV"))}
    env.update(HOME=str(root / "home"), PATH=f"{python.parent}{os.pathsep}{env.get('PATH', '')}")
    return python, elsewhere, env, wheels[0]


def test_the_wheel_holds_the_package_and_its_type_marker(installed):
    import zipfile

    names = zipfile.ZipFile(installed[3]).namelist()
    assert "fsviz/py.typed" in names and "fsviz/metrics/registry.py" in names
    assert not any(n.startswith(("tests/", "pages/", "ui/", "benchmarks/")) for n in names)


def test_console_script_and_module_agree(installed):
    python, elsewhere, env, _ = installed
    script = _run([str(python.parent / "fsviz"), "--help"], cwd=elsewhere, env=env)
    module = _run([str(python), "-m", "fsviz", "--help"], cwd=elsewhere, env=env)
    assert "info" in script and "grid" in script
    assert script.startswith("usage: fsviz ") and module.startswith("usage: python -m fsviz ")
    # the same parser: everything after the usage block (whose wrapping follows the program's name) agrees
    assert script.split("\n\n", 1)[1] == module.split("\n\n", 1)[1]


def test_public_api_and_the_sample_from_another_folder(installed):
    python, elsewhere, env, _ = installed
    code = ("import fsviz, fsviz.evaluation.grid, fsviz.selection; "
            "c = fsviz.load_sample(); t = c.binary_task(c.classes[0]); "
            "print(fsviz.__version__, c.n_docs > 1000, fsviz.select_top_k(t.score('bns'), 10).k, "
            "fsviz.evaluation.grid.GridConfig(metrics=('bns',)).ks[0], fsviz.__file__)")
    out = _run([str(python), "-c", code], cwd=elsewhere, env=env).split()
    version, many_docs, k, first_k, location = out
    assert many_docs == "True" and k == "10" and first_k == "10"
    assert str(REPO) not in location, "the installed package must be used, not the checkout"
    assert list(elsewhere.iterdir()) == [], "nothing may be written to the current folder"
    assert list((elsewhere.parent / "home" / ".cache" / "fsviz").glob("docstrings-*.jsonl.gz"))
    info = _run([str(python.parent / "fsviz"), "info", "sample"], cwd=elsewhere, env=env)
    assert info.startswith("Corpus('sample")
