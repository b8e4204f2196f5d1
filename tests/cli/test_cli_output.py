"""What the CLI prints: tqdm's bar only on a terminal, --quiet, --json, and the report's --html.

Every command runs through ``fsviz.cli.main([...])`` with capsys (stderr is
then not a terminal); the terminal case swaps in a stream that says it is one.
"""

import io
import json
import sys

import pytest
from conftest import write_planted_jsonl

from fsviz.cli import Progress, main
from fsviz.evaluation.grid import load_results

TINY = ["--k", "5,10", "--trials", "1", "--folds", "2", "--jobs", "1"]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def status(argv) -> int:
    """main's exit status; argparse's own refusals exit (status 2) rather than return."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def strict_json(text: str):
    """JSON as a strict parser reads it: NaN or Infinity would fail."""
    def refuse(name):
        raise AssertionError(f"{name} in the JSON output")
    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    return write_planted_jsonl(folder / "planted.jsonl", n_docs=160, n_classes=3, random_state=4)


@pytest.fixture(scope="module")
def results(data, tmp_path_factory):
    out = tmp_path_factory.mktemp("cli-results") / "results.parquet"
    assert main(["grid", str(data), "--metrics", "bns,ig", *TINY, "--out", str(out), "--quiet"]) == 0
    return out


def test_grid_json_is_a_summary_a_program_can_read(data, tmp_path, capsys):
    out = tmp_path / "r.parquet"
    assert main(["grid", str(data), "--metrics", "bns,ig", *TINY, "--out", str(out), "--json"]) == 0
    captured = capsys.readouterr()
    summary = strict_json(captured.out)
    run = load_results(out)
    assert summary["command"] == "grid" and summary["out"] == str(out)
    assert summary["rows"] == len(run.results) and summary["cells_done"] == summary["cells_total"] == 3 * 1 * 2
    assert summary["complete"] is True and summary["fits"] > 0 and summary["seconds"] >= 0
    assert summary["skipped"] == [] and 0 <= summary["no_positive_predictions"] <= 1
    assert {m["metric"] for m in summary["best"]} == {"bns", "ig", "all"}
    assert len(summary["macro"]) == 2 * 2 + 1 and set(summary["macro"][0]) >= {"metric", "k", "f1", "f1_sem", "tasks"}
    # the notes still go to stderr, no bar (not a terminal), nothing else on stdout
    assert captured.err.startswith("Corpus('planted': 160 documents")
    assert "\r" not in captured.err and "cell/s" not in captured.err


def test_grid_quiet_prints_nothing_and_writes_the_results(data, tmp_path, capsys):
    out = tmp_path / "r.parquet"
    assert main(["grid", str(data), "--metrics", "bns", *TINY, "--out", str(out), "--quiet"]) == 0
    assert capsys.readouterr() == ("", "")
    assert len(load_results(out).results) > 0


def test_grid_without_a_terminal_keeps_the_one_line_summaries_and_draws_no_bar(data, tmp_path, capsys):
    out = tmp_path / "r.parquet"
    assert main(["grid", str(data), "--metrics", "bns", *TINY, "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"wrote {len(load_results(out).results)} rows to {out}: 6 cells")
    assert "macro-averaged over tasks, at each metric's best k for F1:" in captured.out
    assert captured.err.splitlines()[-1] == "1 dataset(s); 1 metrics × 2 k values + all features; 1 trials × 2 folds"
    assert "%|" not in captured.err and "\r" not in captured.err


def test_grid_on_a_terminal_draws_tqdm_s_bar(data, tmp_path, monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["grid", str(data), "--metrics", "bns", *TINY, "--out", str(tmp_path / "r.parquet")]) == 0
    drawn = terminal.getvalue()
    assert "6/6" in drawn and "100%" in drawn and "cell/s" in drawn and "\r" in drawn
    assert capsys.readouterr().out.startswith("wrote ")


def test_progress_prints_its_preamble_once_and_nothing_else_off_a_terminal(capsys):
    progress = Progress(["Corpus(…)", "1 dataset(s)"])
    for done in range(4):
        progress(done, 3)
    assert capsys.readouterr() == ("", "Corpus(…)\n1 dataset(s)\n")
    quiet = Progress(["x"], quiet=True)
    quiet(0, 1)
    assert capsys.readouterr() == ("", "")


def test_a_resumed_run_starts_the_bar_where_it_is(monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    progress = Progress()
    progress(4, 10)
    progress(10, 10)
    assert " 4/10" in terminal.getvalue() and "10/10" in terminal.getvalue()


def test_report_json_holds_the_recommendation_and_the_tolerance_table(results, capsys):
    assert main(["report", str(results), "--json"]) == 0
    captured = capsys.readouterr()
    summary = strict_json(captured.out)
    assert captured.err == ""
    assert summary["command"] == "report" and summary["tasks"] == 3 and summary["metrics"] == 3
    goals = ["f1", "precision", "recall", "accuracy", "fewest"]
    assert [r["goal"] for r in summary["recommendation"]] == goals
    assert [a["goal"] for a in summary["answers"]] == goals
    assert all(a["best"] in {"bns", "ig"} and a["metric"] in {"bns", "ig", None} for a in summary["answers"])
    assert all(set(a) >= {"goal", "metric", "k_low", "k_high", "score", "all_words", "rand", "beats_all_words",
                          "beats_rand", "p", "method", "trials", "tasks", "text"} for a in summary["answers"])
    assert [a["text"] for a in summary["answers"]] == summary["text"]
    assert len(summary["text"]) == 5 and summary["text"][0].startswith("F-measure: ")
    assert len(summary["tolerance"]) == 4 * 2 and set(summary["tolerance"][0]) == {"goal", "tolerance", "metric",
                                                                                  "percent"}
    assert summary["html"] is None and summary["out"] is None


def test_report_writes_the_html_quietly(results, tmp_path, capsys):
    page = tmp_path / "report.html"
    assert main(["report", str(results), "--html", str(page), "--quiet", "--goal", "recall", "--k", "5"]) == 0
    assert capsys.readouterr() == ("", "")
    text = page.read_text(encoding="utf-8")
    assert "Precision vs recall at k = 5" in text and "Recall: chance of attaining the best" in text
    assert "results.parquet: 3 tasks" in text


def test_report_says_what_it_wrote(results, tmp_path, capsys):
    page, csv = tmp_path / "report.html", tmp_path / "rec.csv"
    assert main(["report", str(results), "--html", str(page), "--out", str(csv)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-2:] == [f"wrote {csv}", f"wrote {page}"]
    assert "% of tasks on which each metric comes within tolerance" in out and page.exists() and csv.exists()
    assert main(["report", str(results), "--html", str(page), "--json"]) == 0
    assert strict_json(capsys.readouterr().out)["html"] == str(page)


def test_multiclass_json_holds_the_curves(data, tmp_path, capsys):
    out = tmp_path / "mc.csv"
    assert main(["multiclass", str(data), "--metrics", "chi_max,ig_multi", *TINY, "--out", str(out), "--json"]) == 0
    summary = strict_json(capsys.readouterr().out)
    assert summary["command"] == "multiclass" and summary["multilabel"] is False and summary["folds"] == 2
    assert {c["metric"] for c in summary["curves"]} == {"chi_max", "ig_multi", "all"}
    assert {"macro_f1", "micro_f1"} <= set(summary["curves"][0])
    assert main(["multiclass", str(data), "--metrics", "chi_max", *TINY, "--out", str(out), "-q"]) == 0
    assert capsys.readouterr() == ("", "")


def test_lesion_and_cutoff_json(data, tmp_path, capsys):
    assert main(["lesion", str(data), "--alphas", "0.3,0.7", *TINY, "--out", str(tmp_path / "l.parquet"),
                 "--json"]) == 0
    lesion = strict_json(capsys.readouterr().out)
    assert lesion["command"] == "lesion" and {c["alpha"] for c in lesion["curves"]} >= {0.3, 0.7}
    assert lesion["findings"] and "**" not in " ".join(lesion["findings"])
    assert main(["cutoff", str(data), "--cutoffs", "1-2", *TINY, "--out", str(tmp_path / "c.parquet"), "--json"]) == 0
    cutoff = strict_json(capsys.readouterr().out)
    assert cutoff["command"] == "cutoff" and {c["min_df"] for c in cutoff["curves"]} == {1, 2}


@pytest.mark.parametrize("extra, message", [
    (["--k", "10"], "error: --goal and --k choose what the HTML report shows; give --html FILE too"),
    (["--goal", "recall"], "error: --goal and --k choose what the HTML report shows; give --html FILE too"),
    (["--html", "{tmp}/r.html", "--k", "7"], "error: `k` = 7 is not among the results table's k [5, 10]; "
                                             "choose one of them"),
    (["--html", "{tmp}/r.html", "--goal", "f2"], "argument --goal: invalid choice: 'f2'"),
    (["--html", "{tmp}/r.html", "--k", "ten"], "argument --k: invalid int value: 'ten'"),
    (["--html", "{results}"], "error: --html {results} is the results file itself; choose another name"),
    (["--out", "{results}"], "error: --out {results} is the results file itself; choose another name"),
    (["--html", "{tmp}"], "error: --html {tmp} is a folder; give a file name, e.g. --html {tmp}/report.html"),
    (["--html", "{tmp}/no/such/r.html"], "error: --html {tmp}/no/such/r.html: the folder {tmp}/no/such does not "
                                         "exist"),
])
@pytest.mark.parametrize("mode", [[], ["--json"], ["--quiet"]])
def test_a_bad_report_option_is_one_line_whatever_the_mode(results, tmp_path, capsys, extra, message, mode):
    fill = lambda text: text.format(tmp=tmp_path, results=results)  # noqa: E731
    assert status(["report", str(results), *map(fill, extra), *mode]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert fill(message) in captured.err
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize("mode", [["--json"], ["--quiet"], ["--json", "--quiet"]])
def test_errors_stay_one_line_with_exit_status_2(data, tmp_path, capsys, mode):
    assert main(["report", str(tmp_path / "missing.parquet"), *mode]) == 2
    assert capsys.readouterr() == ("", f"error: no such results file: {tmp_path / 'missing.parquet'}\n")
    assert main(["grid", str(data), "--metrics", "nope", *TINY, "--out", str(tmp_path / "r.parquet"), *mode]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: ") and len(captured.err.splitlines()) == 1


def test_recommend_runs_the_quick_plan_and_answers_as_report_does(data, tmp_path, capsys):
    """``fsviz recommend`` gives the --goal's answer first, and the same answers as ``fsviz report`` on the
    results it kept."""
    out = tmp_path / "quick.parquet"
    assert main(["recommend", str(data), "--goal", "recall", "--out", str(out), "--json", "--quiet", "--jobs", "1"]) == 0
    quick = strict_json(capsys.readouterr().out)
    assert quick["command"] == "recommend" and quick["goal"] == "recall"
    assert quick["answers"][0]["goal"] == "recall" and len(quick["answers"]) == 5
    assert "4 folds × 1 trial" in quick["first_plan"] and "all 3 classes" in quick["plan"]
    # then k refined around the peaks and, within the budget (60 s), a second split: the plan says what ran
    assert quick["trials"] == 2 and "4 folds × 2 trials" in quick["plan"] and "a second split" in quick["refinement"]
    assert f"k = {', '.join(f'{k:,}' for k in quick['ks'])} (the vocabulary" in quick["plan"]
    assert load_results(out).config.ks == tuple(quick["ks"]) and (tmp_path / "quick.parquet.quick").is_dir()
    assert main(["report", str(out), "--json"]) == 0
    report = strict_json(capsys.readouterr().out)
    by_goal = {a["goal"]: a for a in report["answers"]}
    assert all(a == by_goal[a["goal"]] for a in quick["answers"])  # one code path, one answer
    assert main(["recommend", str(data), "--goal", "recall", "--out", str(out), "--json", "--quiet", "--jobs", "1"]) == 0
    again = strict_json(capsys.readouterr().out)  # its runs are kept: nothing runs twice
    assert again["fits"] == 0 and again["answers"] == quick["answers"]
    assert main(["recommend", str(data), "--jobs", "1", "--quiet"]) == 0
    assert capsys.readouterr().out == ""
    assert main(["recommend", str(data), "--trials", "0"]) == 2
    assert "--trials" in capsys.readouterr().err
    assert main(["recommend", str(data), "--budget", "-1"]) == 2
    assert "--budget must be seconds >= 0" in capsys.readouterr().err


def test_recommend_says_its_provisional_answer_then_what_refined_it(data, capsys):
    """Without a budget: one split, k refined around the peaks; the provisional answer is a note on stderr."""
    assert main(["recommend", str(data), "--budget", "0", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert "provisional answer (12 cells, one split, k = 10, 30, 100, 300; refining): F-measure: " in captured.err
    lines = captured.out.splitlines()
    assert lines[0].startswith("plan: ") and "4 folds × 1 trial;" in lines[0]
    assert lines[1].startswith("refined: k refined around the peaks (F-measure at k = ")
    assert lines[1].endswith("; one split: a second would take about "
                             f"{lines[1].split('about ')[1].split(' s')[0]} s more, past the 0 s budget (more trials "
                             "run it).")
