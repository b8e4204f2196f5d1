"""The module paths of fsviz 0.1 still import, for one release, as the very modules at their new paths."""

import importlib
import json
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import pandas as pd
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
    assert "<string>:1: DeprecationWarning: fsviz.analysis moved to fsviz.evaluation.analyses.tolerance" in done.stderr


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


#: Each old path of the evaluation's modules (0.1's ``analysis`` …, 0.2's flat ``evaluation.analysis`` … before the
#: evaluation's packages by concept) → each name it gave (its ``__all__``, and the names it re-exported for its
#: importers) → the module that defined the object then. Read from the commit before the packages.
EVALUATION_NAMES = json.loads((Path(__file__).parent / "evaluation_names_0_2.json").read_text())


def _where_now(home: str):
    """The module a 0.2 evaluation module's objects live in now (``evaluation.studies`` is a package of the same
    name, whose ``__all__`` holds them)."""
    return importlib.import_module(new_path(f"fsviz.{home}") or f"fsviz.{home}")


@pytest.mark.parametrize("old", sorted(EVALUATION_NAMES))
def test_every_name_of_an_old_evaluation_path_is_the_same_object(old):
    """``from fsviz.evaluation.analysis import macro_average`` (a name that module only re-exported) and
    ``from fsviz.multiclass import ranked_measures`` give the very objects the evaluation's packages hold now."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module(f"fsviz.{old}")
    for name, home in EVALUATION_NAMES[old].items():
        then = getattr(_where_now(home), name)
        if (old.rpartition(".")[2], name) == ("analysis", "task_sizes"):
            # the analyses' task_sizes is skew's, which reads a results table as the aggregation's did (and a corpus)
            table = pd.DataFrame({"dataset": "d", "class": ["a", "a", "b"], "metric": "bns", "pos": [2, 2, 3],
                                  "neg": [8, 8, 7]})
            pd.testing.assert_frame_equal(getattr(module, name)(table), then(table))
            continue
        assert getattr(module, name) is then, f"fsviz.{old}.{name}"


@pytest.mark.parametrize("old", sorted(k for k in MOVED if k.startswith("evaluation.")))
def test_an_old_evaluation_module_is_not_loaded_twice(old):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module(f"fsviz.{old}")
    assert module is sys.modules[f"fsviz.{MOVED[old]}"]
    assert all(m is module for m in list(sys.modules.values()) if getattr(m, "__file__", None) == module.__file__)


def test_a_model_exported_before_the_shipping_package_still_loads(tmp_path):
    """A ``.skops`` file names its types by module: one exported when SnowballAnalyzer lived in
    ``fsviz.evaluation.export`` loads through the old path, as the same class, and predicts the same."""
    skops_io = pytest.importorskip("skops.io")
    import fsviz
    from fsviz.evaluation.shipping import SnowballAnalyzer, export_pipeline

    texts = ["connected cables", "connecting the cable", "a cable connects", "sunny weather", "rain and weather",
             "the weather turns"] * 3
    corpus = fsviz.load_corpus((texts, ["a", "a", "a", "b", "b", "b"] * 3), min_df=1, stem=True)
    model = export_pipeline(corpus, "a", "bns", 4)
    new = tmp_path / "new.skops"
    skops_io.dump(model, new)
    old = tmp_path / "old.skops"
    with zipfile.ZipFile(new) as source, zipfile.ZipFile(old, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "schema.json":
                data = data.replace(b"fsviz.evaluation.shipping.export", b"fsviz.evaluation.export")
            target.writestr(item, data)
    assert skops_io.get_untrusted_types(file=old) == ["fsviz.evaluation.export.SnowballAnalyzer"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        loaded = skops_io.load(old, trusted=["fsviz.evaluation.export.SnowballAnalyzer"])
    assert isinstance(loaded["words"].analyzer, SnowballAnalyzer)
    assert list(loaded.predict(texts)) == list(model.predict(texts))
