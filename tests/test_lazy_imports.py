"""Fast start: `import fsviz`, `fsviz --help` and `fsviz info` load what they use, and the lazy names behave as
the real ones (fsviz/__init__.py's PEP 562 __getattr__, fsviz._lazy's stand-ins)."""

import dataclasses
import importlib
import json
import os
import subprocess
import sys

import pandas as pd
import pytest
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer

import fsviz
from fsviz._lazy import LazyCallable, LazyMapping, LazySequence, lazy
from fsviz.cli.parser import build_parser
from fsviz.corpora.analyzer import DEFAULT_TOKEN_PATTERN, check_preprocessing

HEAVY = ["sklearn", "plotly", "joblib", "numba", "pyarrow.parquet", "fsviz.evaluation.grid",
         "fsviz.evaluation.shipping.export", "fsviz.report"]


def loaded_after(code: str) -> dict:
    """Which of HEAVY a fresh interpreter has imported after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps({{m: m in sys.modules for m in {HEAVY!r}}}))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_public_name_resolves_to_its_modules_object():
    assert sorted(fsviz.__all__) == sorted(fsviz._MODULE_OF)
    for name in fsviz.__all__:
        module = importlib.import_module(f"fsviz.{fsviz._MODULE_OF[name]}")
        assert getattr(fsviz, name) is getattr(module, name), name
    assert set(fsviz.__all__) <= set(dir(fsviz))
    with pytest.raises(AttributeError, match="no attribute 'load_corpora'"):
        fsviz.load_corpora  # noqa: B018


SHADOWING = """
import importlib, json, pkgutil, sys, types
import fsviz
packages = ["fsviz"] + [f"fsviz.{m.name}" for m in pkgutil.iter_modules(fsviz.__path__) if m.ispkg]
found = []
for name in packages:
    package = importlib.import_module(name)
    for sub in sorted({m.name for m in pkgutil.iter_modules(package.__path__)} & set(getattr(package, "__all__", ()))):
        if ORDER == "module first":
            importlib.import_module(f"{name}.{sub}")  # whoever imports the module first
        value = getattr(package, sub)
        importlib.import_module(f"{name}.{sub}")
        found.append([f"{name}.{sub}", isinstance(value, types.ModuleType), isinstance(getattr(package, sub), types.ModuleType)])
print(json.dumps(found))
"""


@pytest.mark.parametrize("order", ["module first", "name first"])
def test_a_public_name_that_is_also_a_modules_name_stays_the_public_name(order):
    """``fsviz.stats.significance`` (the function in fsviz/stats/significance.py) is the function whether or not
    its module was imported before, by whoever: Python's import would otherwise set the package's attribute to
    the module."""
    done = subprocess.run([sys.executable, "-c", f"ORDER = {order!r}\n" + SHADOWING], capture_output=True, text=True,
                          check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert {name for name, *_ in found} >= {"fsviz.stats.significance"}
    assert [name for name, before, after in found if before or after] == []


def test_import_fsviz_loads_nothing_heavy():
    assert not any(loaded_after("import fsviz").values())


def test_help_loads_no_estimator_plot_or_parquet_module():
    code = "from fsviz.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    assert loaded_after(code) == dict.fromkeys(HEAVY, False)


def test_info_loads_no_estimator_grid_or_plot(tmp_path):
    data = tmp_path / "tiny.jsonl"
    data.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in
                            [("red apple", "a"), ("green apple", "a"), ("blue sky", "b"), ("grey sky", "b")]))
    code = f"from fsviz.cli import main\nassert main(['info', {str(data)!r}, '--min-df', '1']) == 0"
    assert loaded_after(code) == dict.fromkeys(HEAVY, False)


def test_loading_a_corpus_loads_no_estimator():
    code = "import fsviz\nfsviz.load_corpus((['red apple', 'green apple', 'blue sky'], ['a', 'a', 'b']), min_df=1)"
    loaded = loaded_after(code)
    assert not loaded["sklearn"] and not loaded["fsviz.evaluation.grid"]


def test_the_written_out_token_pattern_and_stop_words_are_scikit_learns():
    assert DEFAULT_TOKEN_PATTERN == CountVectorizer().token_pattern
    assert check_preprocessing(stopwords=True)[1] == frozenset(ENGLISH_STOP_WORDS)
    assert check_preprocessing(stopwords="english")[1] == frozenset(ENGLISH_STOP_WORDS)
    assert check_preprocessing(stopwords=["The"])[1] == frozenset({"the"})
    assert check_preprocessing()[1] == frozenset()


def test_stand_ins_act_as_the_real_objects():
    limits = lazy("fsviz.corpora.formats", "Limits")
    assert isinstance(limits, LazyCallable) and "fsviz.corpora.formats.Limits" in repr(limits)
    assert [f.name for f in dataclasses.fields(limits)] == [f.name for f in dataclasses.fields(fsviz.Limits)]
    assert limits(max_docs=5) == fsviz.Limits(max_docs=5)
    goals = lazy("fsviz.evaluation.analyses", "GOALS", kind=LazySequence)
    assert "f1" in goals and "f2" not in goals and list(goals) == ["f1", "precision", "recall", "accuracy"]
    assert len(goals) == 4 and goals[1] == "precision" and [*goals][-1] == "accuracy"
    measures = lazy("fsviz.evaluation.multiclass", "MEASURES", kind=LazyMapping)
    frame = pd.DataFrame({"macro_f1": [0.5], "other": [1]}).rename(columns=measures)
    assert list(frame.columns) == ["macro-F1", "other"] and measures["map"] == "MAP" and len(measures) == 5
    first, second = lazy("fsviz.evaluation.analyses", "goal_shares", "macro_average")
    assert first._module == second._module == "fsviz.evaluation.analyses"
    with pytest.raises(ValueError, match="absolute name"):
        lazy("..grid", "run_grid")


def test_the_report_goal_is_checked_against_the_goals():
    parser = build_parser()
    assert parser.parse_args(["report", "results.parquet", "--goal", "recall"]).goal == "recall"
    with pytest.raises(SystemExit):
        parser.parse_args(["report", "results.parquet", "--goal", "f2"])


def test_the_corpus_page_a_new_servers_first_loads_no_run_code():
    """The landing page (app.py, the sample) imports neither the grid, scikit-learn, scipy.stats nor pyarrow's
    Parquet: a new server's first visitor does not wait for them; the other figure families load on their page."""
    root = fsviz.__file__.rsplit("/fsviz/", 1)[0]
    probe = (f"import sys; sys.path.insert(0, {root!r})\n"
             "from streamlit.testing.v1 import AppTest\n"
             f"at = AppTest.from_file({root + '/app.py'!r}, "
             "default_timeout=120).run()\nassert not at.exception, at.exception\n"
             "import json\nprint(json.dumps({m: m in sys.modules for m in "
             "['sklearn', 'scipy.stats', 'fsviz.evaluation.grid', 'pyarrow.parquet', "
             "'fsviz.evaluation.analyses.aggregation', 'fsviz.plots.words']}))")
    environ = {**os.environ, "FSVIZ_WARM_UP": "0"}  # what the page itself imports, not the warm-up after it
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=environ)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert not any(loaded.values()), loaded
    warmed = probe.replace("import json", "import json, threading\n"
                           "[t.join(120) for t in threading.enumerate() if t.name == 'fsviz-warm-up']")
    done = subprocess.run([sys.executable, "-c", warmed], capture_output=True, text=True, check=True)
    assert all(json.loads(done.stdout.strip().splitlines()[-1]).values())  # then, in the background, the rest
    plots = importlib.import_module("fsviz.plots")
    assert plots.task_sizes_figure.__module__ == "fsviz.plots.corpus"
    assert set(plots.__all__) == set(plots._MODULE_OF)
