"""A list option given but naming nothing is refused, never read as the default: every comma-separated option of
every command, any text of commas and spaces."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsviz.cli import main

LISTS = [
    ["top", "sample", "--class", "numpy", "--metrics"],
    ["contexts", "sample", "--class", "numpy", "--word", "array", "--metrics"],
    ["grid", "sample", "--out", "{out}", "--metrics"],
    ["grid", "sample", "--out", "{out}", "--k"],
    ["lesion", "sample", "--out", "{out}", "--alphas"],
    ["lesion", "sample", "--out", "{out}", "--k"],
    ["multiclass", "sample", "--out", "{out}", "--metrics"],
]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=", ", max_size=6))
@pytest.mark.parametrize("argv", LISTS, ids=lambda a: f"{a[0]} {a[-1]}")
def test_a_list_of_nothing_is_refused_with_its_option_named(argv, tmp_path_factory, capsys, text):
    out = tmp_path_factory.mktemp("empty") / "r.parquet"
    capsys.readouterr()  # what an earlier example printed
    assert main([a.replace("{out}", str(out)) for a in argv] + [text]) == 2
    err = capsys.readouterr().err
    assert f"{argv[-1]} " in err and "names no" in err and not out.exists()
