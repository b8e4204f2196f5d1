"""The module paths of fsviz 0.1 still import, for one release, as the very modules at their new paths."""

import importlib
import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from fsviz._compat import MOVED, new_path


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_is_the_new_module_and_warns(old):
    new = importlib.import_module(f"fsviz.{MOVED[old]}")
    sys.modules.pop(f"fsviz.{old}", None)
    with pytest.warns(DeprecationWarning, match=f"fsviz.{old} moved to fsviz.{MOVED[old]}"):
        module = importlib.import_module(f"fsviz.{old}")
    assert module is new  # the same object: classes compare equal, a monkeypatch reaches the code that runs
    assert module.__spec__.name == f"fsviz.{MOVED[old]}"  # its own spec, not the alias's


def test_a_module_under_an_old_package_is_not_loaded_twice():
    import fsviz.evaluation.grid.runner as runner

    sys.modules.pop("fsviz.grid.runner", None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module("fsviz.grid.runner")
        from fsviz.grid import GridConfig
    assert old is runner
    assert GridConfig is importlib.import_module("fsviz.evaluation.grid").GridConfig


@pytest.mark.parametrize("name", ["fsviz", "fsviz.metrics", "fsviz.metrics.table", "fsviz.gridx", "fsviz.plots.words",
                                  "fsviz.corpora.corpus", "numpy.grid"])
def test_names_that_did_not_move_are_left_alone(name):
    assert new_path(name) is None


def test_the_warning_points_at_the_users_import():
    """A script that imports an old path sees the warning with its own file and line (Python shows a
    DeprecationWarning only when it points at ``__main__``)."""
    script = "import fsviz.analysis\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert "<string>:1: DeprecationWarning: fsviz.analysis moved to fsviz.evaluation.analysis" in done.stderr


#: Every name of each 0.1 module's ``__all__``, read from the 0.1 sources (the commit before the concept packages).
NAMES_0_1 = json.loads((Path(__file__).parent / "public_names_0_1.json").read_text())


@pytest.mark.parametrize("old", sorted(NAMES_0_1))
def test_every_name_of_an_old_path_still_imports_from_it(old):
    """A module split since 0.2 (its names spread over modules by topic) keeps every 0.1 name under its old path:
    ``from fsviz.preprocessing import df_cutoffs`` is the same object as ``fsviz.corpora.df_cutoffs``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module(f"fsviz.{old}")
    missing = [name for name in NAMES_0_1[old] if not hasattr(module, name)]
    assert not missing, f"fsviz.{old} lost {missing}"


def test_a_name_no_package_has_is_still_an_attribute_error():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module("fsviz.preprocessing")
        from fsviz.preprocessing import df_cutoffs
    assert df_cutoffs is importlib.import_module("fsviz.corpora").df_cutoffs
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        module.no_such_name  # noqa: B018
