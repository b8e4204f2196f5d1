"""The app's CSV downloads are safe to open in a spreadsheet: visitors' text that a spreadsheet would run as a
formula is written with a leading quote, and every page's CSV goes through that one function."""

import io
import re

import pandas as pd
from conftest import REPO

from ui.components import spreadsheet_csv


def test_text_that_a_spreadsheet_would_run_gets_a_leading_quote():
    frame = pd.DataFrame({"class": ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "plain", "a=b"],
                          "tp": [-1, 2, 3, 4, 5, 6, 7], "score": [-0.5] * 7, "chosen": [True] * 7})
    back = pd.read_csv(io.StringIO(spreadsheet_csv(frame)), keep_default_na=False)
    assert back["class"].tolist()[:5] == ["'=HYPERLINK(\"http://x\")", "'+1", "'-2+3", "'@SUM(A1)", "'\tx"]
    assert back["class"].tolist()[5:] == ["plain", "a=b"]  # only a leading character is a formula
    assert back["tp"].tolist() == frame["tp"].tolist() and back["score"].tolist() == [-0.5] * 7  # numbers as they are
    assert back["chosen"].tolist() == [True] * 7
    assert "\n'\rx," in spreadsheet_csv(pd.DataFrame({"line": ["\rx"], "n": [1]}))  # a carriage return too


def test_column_names_and_the_index_are_guarded_too():
    frame = pd.DataFrame([[1, 2]], columns=["=a", "b"], index=["-x"])
    back = pd.read_csv(io.StringIO(spreadsheet_csv(frame, index=True)), index_col=0)
    assert back.columns.tolist() == ["'=a", "b"] and back.index.tolist() == ["'-x"]


def test_the_frame_given_is_not_changed():
    frame = pd.DataFrame({"word": ["=x"]})
    spreadsheet_csv(frame)
    assert frame["word"].tolist() == ["=x"]


def test_every_page_writes_its_csv_through_spreadsheet_csv():
    for path in [REPO / "app.py", *(REPO / "pages").glob("*.py"), *(REPO / "ui").glob("*.py")]:
        text = path.read_text()
        calls = re.findall(r"\.to_csv\(", text)
        allowed = 1 if path.name == "components.py" else 0  # spreadsheet_csv's own call
        assert len(calls) == allowed, f"{path.name} writes a CSV without spreadsheet_csv"
