"""Your own metric: the formula language (fsviz.metrics.expression), the expr(…) spec (fsviz.metrics.custom),
and the spec used everywhere a registered table metric is."""

import ast
import builtins
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid
from fsviz.metrics import FormulaError, check_plane, expression_spec, parse_formula
from fsviz.metrics.custom import MAX_PLANE_AXIS, plane_axis
from fsviz.metrics.expression import MAX_DEPTH, MAX_LENGTH, MAX_NODES
from fsviz.selection import Expression, canonical, parse_spec, parse_specs
from fsviz.stats.isoclines import (
    NOT_MONOTONE,
    isocline,
    isocline_shape,
    no_isocline_reason,
    selected_side,
)
from fsviz.stats.surface import metric_surface

#: Each of Forman's table metrics (Rand aside) written as a formula: the same formula as
#: fsviz/metrics/table.py, with the registered metric's inversion (``invert``) or absolute value.
RESTATED = {
    "acc": "expr(tp - fp, invert)",
    "acc2": "expr(abs(tpr - fpr))",
    "bns": "expr(abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(fpr, 0.0005, 0.9995))))",
    "chi": "expr(where(df * (n - df) > 0, n * (tp * (neg - fp) - fp * (pos - tp)) ** 2 / (pos * neg * (df * (n - df))),"
           " 0))",
    "dfreq": "expr(tp + fp)",
    "f1": "expr(2 * tp / (pos + tp + fp), invert)",
    "ig": "expr(maximum((xlogy(n, n) - xlogy(pos, pos) - xlogy(neg, neg)"
          " - (xlogy(df, df) - xlogy(tp, tp) - xlogy(fp, fp))"
          " - (xlogy(n - df, n - df) - xlogy(pos - tp, pos - tp) - xlogy(neg - fp, neg - fp))) / (n * log(2)), 0))",
    "oddn": "expr(tpr * (1 - fpr), invert)",
    "odds": "expr(tp * (neg - fp) / (maximum(pos - tp, 1) * maximum(fp, 1)), invert)",
    "pow": "expr((1 - fpr) ** 5 - (1 - tpr) ** 5, invert)",
    "pr": "expr(tpr / maximum(fpr, 1e-8), invert)",
}
BNS = RESTATED["bns"]


@st.composite
def tables(draw):
    pos = draw(st.integers(1, 3000))
    neg = draw(st.integers(1, 30000))
    size = draw(st.integers(1, 40))
    tp = np.array(draw(st.lists(st.integers(0, pos), min_size=size, max_size=size)))
    fp = np.array(draw(st.lists(st.integers(0, neg), min_size=size, max_size=size)))
    return tp, fp, pos, neg


# --- the language: values by hand ---------------------------------------------------------------

# tp = 5, fp = 2, pos = 10, neg = 20: tpr = 0.5, fpr = 0.1, n = 30, df = 7
HAND = [
    ("tp - fp", 3.0), ("tpr", 0.5), ("fpr", 0.1), ("n", 30.0), ("N", 30.0), ("df", 7.0), ("-tp", -5.0),
    ("+tp", 5.0), ("tp ** 2 % 7", 4.0), ("tp / fp", 2.5), ("2 ** -1", 0.5), ("ppf(tpr)", 0.0),
    ("cdf(0)", 0.5), ("abs(fp - tp)", 3.0), ("sign(fp - tp)", -1.0), ("sqrt(tp - 1)", 2.0),
    ("log(e)", 1.0), ("log2(8)", 3.0), ("log10(100)", 2.0), ("log1p(0)", 0.0), ("exp(0)", 1.0),
    ("expm1(0)", 0.0), ("xlogy(0, 0)", 0.0), ("floor(tpr * 3)", 1.0), ("ceil(fpr)", 1.0),
    ("minimum(tp, fp)", 2.0), ("maximum(tp, fp)", 5.0), ("clip(tp, 0, 4)", 4.0),
    ("where(tp > fp, 1, 2)", 1.0), ("where(tp < fp, 1, 2)", 2.0), ("tp >= 5", 1.0), ("tp != 5", 0.0),
    ("0 < fpr < tpr", 1.0), ("0 < tpr < fpr", 0.0), ("-(tp > fp)", -1.0), ("pi", np.pi), ("1e-3 * 1000", 1.0),
]


@pytest.mark.parametrize("text, expected", HAND)
def test_formula_values_by_hand(text, expected):
    assert float(parse_formula(text).evaluate(5, 2, 10, 20)) == pytest.approx(expected, abs=1e-15)


def test_evaluation_is_vectorised_and_broadcast():
    formula = parse_formula("tp - fp + 1")
    scores = formula.evaluate(np.array([[1], [2]]), np.array([0, 1, 2]), 5, 5)
    assert scores.shape == (2, 3) and scores.dtype == np.float64
    assert scores.tolist() == [[2, 1, 0], [3, 2, 1]]
    assert parse_formula("1").evaluate(np.arange(4), np.zeros(4), 5, 5).tolist() == [1, 1, 1, 1]


def test_canonical_text_removes_spaces_case_and_redundant_parentheses():
    assert parse_formula("ABS( (ppf(tpr)) - ppf( fpr ) )").text == "abs(ppf(tpr)-ppf(fpr))"
    assert parse_formula("(tp) + ((fp))").text == "tp+fp"
    assert canonical("EXPR( TP - FP , invert )") == "expr(tp-fp,invert)"
    assert canonical("expr(abs(ppf(tpr) - ppf(fpr)))") == "expr(abs(ppf(tpr)-ppf(fpr)))"
    assert expression_spec("tp * 2", invert=True) == "expr(tp*2,invert)"
    assert expression_spec("expr(tp*2,invert)") == "expr(tp*2,invert)"
    assert parse_spec("expr( tp-fp )") == parse_spec("expr(tp - fp)") == Expression("expr(tp-fp)")


def test_commas_inside_a_formula_do_not_split_a_spec_list():
    text = "expr(where(tp > 0, tpr, 0)), bns, ar(expr(clip(tpr, 0.1, 0.9)), ig), expr(tp - fp, invert)@0.3"
    assert parse_specs(text) == ("expr(where(tp>0,tpr,0))", "bns", "ar(expr(clip(tpr,0.1,0.9)),ig)",
                                 "expr(tp-fp,invert)@0.3")


def test_a_formula_metric_is_a_table_metric_named_by_its_spec():
    metric = fsviz.get_metric("expr(tp - fp, invert)")
    assert metric.name == "expr(tp-fp,invert)" and metric.reads_table and metric.inverted
    assert metric.label == "ƒ tp - fp (inverted)"
    long = [fsviz.get_metric(f"expr(abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(fpr, 0.0005, 0.9995))) * {c})").label
            for c in (2, 3)]
    assert long[0] != long[1] and all(label.startswith("ƒ abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(f… #")
                                      for label in long)
    assert "expr(tp-fp)" not in fsviz.metric_names()  # formulas are not registered
    assert parse_spec("expr(df)").is_global and parse_spec("expr(n - df)").is_global
    assert not parse_spec("expr(df,invert)").is_global and not parse_spec("expr(tp)").is_global


# --- restating Forman's metrics ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RESTATED))
@settings(max_examples=60, deadline=None)
@given(table=tables())
def test_a_formula_restating_a_metric_scores_as_it_does(name, table):
    tp, fp, pos, neg = table
    expected = fsviz.score(name, tp, fp, pos, neg)
    got = fsviz.score(RESTATED[name], tp, fp, pos, neg)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", sorted(RESTATED))
def test_a_formula_restating_a_metric_has_its_isocline(name):
    pos, neg = 40, 700
    rng = np.random.default_rng(3)
    scores = fsviz.score(name, rng.integers(0, pos + 1, 3000), rng.integers(0, neg + 1, 3000), pos, neg)
    threshold = float(np.quantile(scores, 0.97))
    fp = neg * np.linspace(0, 1, 300) ** 2
    ours, theirs = isocline(RESTATED[name], threshold, pos, neg, fp=fp), isocline(name, threshold, pos, neg, fp=fp)
    assert ours.shape == theirs.shape == ("rising" if name == "dfreq" else "two-sided")
    for a, b in ((ours.upper, theirs.upper), (ours.lower, theirs.lower)):
        both = np.isfinite(a) & np.isfinite(b)
        np.testing.assert_allclose(a[both], b[both], rtol=0, atol=1e-9 * pos)
    # the words on the selected side are the same at every integer point of the plane
    tp_grid, fp_grid = (g.ravel().astype(float) for g in np.meshgrid(np.arange(pos + 1), np.arange(0, neg + 1, 3)))
    side = [selected_side(isocline(m, threshold, pos, neg, fp=fp_grid), tp_grid, fp_grid, pos, neg)
            for m in (RESTATED[name], name)]
    assert np.array_equal(*side) and side[0].any()


def test_a_formula_without_monotone_sides_has_no_isocline():
    near_the_diagonal = "expr(-abs(tpr - fpr))"
    assert isocline_shape(near_the_diagonal, 30, 300) is None
    assert no_isocline_reason(near_the_diagonal, 30, 300) == NOT_MONOTONE
    assert no_isocline_reason(near_the_diagonal) is None  # without a task there is nothing to check
    with pytest.raises(ValueError, match="has no isocline for pos=30, neg=300: its score is not monotone"):
        isocline(near_the_diagonal, -0.1, 30, 300)


# --- refused, never run --------------------------------------------------------------------------

def balanced(leaves: int) -> str:
    """A sum of ``leaves`` ones as a balanced tree: many nodes, shallow (``((1+1)+(1+1))``)."""
    if leaves == 1:
        return "1"
    return f"({balanced(leaves // 2)}+{balanced(leaves - leaves // 2)})"


HOSTILE = {
    # spec text: words of the message
    "__import__('os')": "the unknown function `__import__` at column 1",
    "__import__('os').system('touch /tmp/fsviz-pwned')": "attribute access `__import__('os').system` at column 1",
    "tp.__class__": "attribute access `tp.__class__` at column 1",
    "e.__class__.__mro__": "attribute access `e.__class__.__mro__`",
    "tp[0]": "indexing `tp[0]` at column 1",
    "lambda: tp": "a lambda `lambda: tp` at column 1",
    "(lambda: 1)()": "a lambda `lambda: 1` at column 2",
    "(tp)(fp)": "the unknown function `tp` at column 2",
    "open('/etc/passwd')": "the unknown function `open` at column 1",
    "getattr(tp, 'real')": "the unknown function `getattr`",
    "'abc'": "a string `'abc'` at column 1",
    "b'abc' + tp": "a string `b'abc'` at column 1",
    'f"{tp}"': "an f-string",
    "[x for x in tp]": "a comprehension",
    "sum(x for x in tp)": "the unknown function `sum`",
    "[tp, fp]": "a list `[tp, fp]`",
    "{tp: 1}": "a dict",
    "(tp, fp)": "a tuple `(tp, fp)`",
    "foo + 1": "the unknown name `foo` at column 1",
    "tp + abs": "the unknown name `abs` at column 6 of the formula 'tp + abs' is not allowed; call it with parentheses",
    "clip(tpr, a_min=0, a_max=1)": "a keyword argument in `0` at column 17",
    "maximum(*tp)": "unpacking `*tp` at column 9",
    "(x := tp)": "an assignment (:=) `x := tp` at column 2",
    "tp if fp else pos": "if/else (use where(condition, a, b))",
    "tp and fp": "and/or (use minimum, maximum or where)",
    "not tp": "the operator in `not tp`",
    "~tp": "the operator in `~tp`",
    "tp // 2": "the operator in `tp // 2` at column 1 of the formula 'tp // 2' is not allowed; use + - * / ** %",
    "tp @ fp": "the operator in `tp @ fp`",
    "tp is fp": "the comparison `tp is fp` at column 1",
    "sqrt()": "sqrt takes 1 argument(s), so `sqrt()`",
    "where(tp > 0, 1)": "where takes 3 argument(s)",
    "True + tp": "the unknown name `true`",
    "None": "the unknown name `none`",
    "...": "the constant Ellipsis",
    "1j * tp": "the constant 1j",
    "1e999 * tp": "the number `1e999` at column 1",
    "1" + "0" * 400: "the number",
    "tp +": "is not a valid expression",
    "tp\x00": "is not a valid expression",
    "-" * 150 + "tp": f"nests deeper than {MAX_DEPTH} levels",
    "+".join(["tp"] * 150): f"nests deeper than {MAX_DEPTH} levels at column 1",
    balanced(110): f"has more than {MAX_NODES} parts (names, numbers, operations); at most 200 (max_nodes=200)",
    "1+" * 4999 + "11": f"the formula is 10,000 characters long; at most {MAX_LENGTH} (max_length=500)",
}


@pytest.mark.parametrize("formula", list(HOSTILE), ids=[t[:40] for t in HOSTILE])
def test_a_hostile_formula_is_refused_with_the_offending_part(formula):
    with pytest.raises(FormulaError) as raised:
        fsviz.get_metric(f"expr({formula})")
    assert HOSTILE[formula] in str(raised.value)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize("formula", list(HOSTILE)[:12], ids=[t[:40] for t in list(HOSTILE)[:12]])
def test_a_hostile_formula_is_refused_as_a_spec_and_by_the_cli(formula, tmp_path, capsys):
    from fsviz.cli import main

    with pytest.raises(ValueError):
        parse_spec(f"expr({formula})")
    code = main(["top", "sample", "--class", "scipy.stats", "--metrics", f"bns,expr({formula})"])
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert code == 2 and len(err) == 1 and err[0].startswith("error: ")
    assert " ".join(HOSTILE[formula].split()) in err[0]


def test_nothing_is_ever_run(monkeypatch, tmp_path):
    """eval and exec are never called; compile only as ast.parse calls it, to build a tree (PyCF_ONLY_AST)."""
    calls = []
    real_compile = builtins.compile

    def spy_compile(source, filename, mode, flags=0, *args, **kwargs):
        calls.append(flags)
        return real_compile(source, filename, mode, flags, *args, **kwargs)

    def refuse(*args, **kwargs):
        raise AssertionError("eval or exec was called")

    monkeypatch.setattr(builtins, "compile", spy_compile)
    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    target = tmp_path / "pwned"
    for text in (f"__import__('os').system('touch {target}')", f"open('{target}', 'w')", "tp - fp * 2"):
        try:
            formula = parse_formula(text)
        except FormulaError:
            continue
        formula.evaluate(np.arange(3), np.arange(3), 5, 5)
    assert not target.exists()
    assert calls and all(flags & ast.PyCF_ONLY_AST for flags in calls)


def test_huge_exponents_overflow_to_inf_at_once_and_are_refused_on_the_plane():
    formula = parse_formula("10 ** 10 ** 10")  # a Python int power would not finish
    assert np.isinf(formula.evaluate(0, 0, 1, 1))
    with pytest.raises(FormulaError, match=r"is not finite at fp=0, tp=0 \(pos=5, neg=7\): it gives inf"):
        fsviz.score("expr(10 ** 10 ** 10 + tp)", 1, 1, 5, 7)


NOT_FINITE = {
    # formula: (pos, neg, words) — the first point by fp, then tp
    "tp / 0": (5, 7, "is not finite at fp=0, tp=0 (pos=5, neg=7): it gives nan, and 48 of the 48 integer points"),
    "1 / fp": (5, 7, "at fp=0, tp=0 (pos=5, neg=7): it gives inf, and 6 of the 48 integer points"),
    "log(tp)": (5, 7, "at fp=0, tp=0 (pos=5, neg=7): it gives -inf, and 8 of the 48"),
    "sqrt(tp - fp)": (5, 7, "at fp=1, tp=0 (pos=5, neg=7): it gives nan"),
    "tp / (pos - tp)": (5, 7, "at fp=0, tp=5 (pos=5, neg=7): it gives inf"),
    "abs(ppf(tpr) - ppf(fpr))": (5, 7, "clip the rates as BNS does, e.g. ppf(clip(tpr, 0.0005, 0.9995))"),
    "1 / (neg - 7)": (5, 7, "of the 48 integer points of the task's (fp, tp) plane are not finite; guard that edge"),
}


@pytest.mark.parametrize("formula", list(NOT_FINITE))
def test_a_formula_not_finite_on_the_plane_is_refused_with_the_first_point(formula):
    pos, neg, words = NOT_FINITE[formula]
    with pytest.raises(FormulaError) as raised:
        fsviz.score(f"expr({formula})", [0], [0], pos, neg)  # the point scored is not the point refused
    assert words in str(raised.value)


def test_the_plane_check_on_a_large_task_keeps_every_edge_count():
    axis = plane_axis(20_000)
    assert axis.size <= MAX_PLANE_AXIS + 1 and axis[0] == 0 and axis[-1] == 20_000
    assert set(range(64)) <= set(axis.tolist()) and set(range(20_000 - 63, 20_001)) <= set(axis.tolist())
    assert plane_axis(30).tolist() == list(range(31)) and plane_axis(2.5).tolist() == [0, 1, 2, 2.5]
    with pytest.raises(FormulaError, match="fp=19999, tp=0 .* points checked"):
        check_plane(parse_formula("1 / (neg - fp - 1)"), 30_000, 20_000)
    check_plane(parse_formula("log(tp + 1) / log(n)"), 30_000, 20_000)


def test_the_spec_parser_reads_a_formula_with_its_spaces():
    # the spec parser removes spaces; a formula is read before, so "1 2" is not read as 12
    for spec in ("expr(1 2)", "ar(expr(tp 2),ig)", "EXPR (tp fp)"):
        with pytest.raises(FormulaError, match="is not a valid expression at column"):
            parse_spec(spec)
    assert canonical("ar( EXPR ( tp - fp , invert ) , ig )") == "ar(expr(tp-fp,invert),ig)"


@pytest.mark.parametrize("spec, words", [
    ("expr(tp,fp)", "expr takes one formula and, optionally, the word invert after a comma"),
    ("expr(tp,invert,invert)", "expr takes one formula"),
    ("expr()", "the formula is empty"),
    ("expr(tp", "unbalanced parentheses"),
    ("expr(" * 40 + "tp" + ")" * 40, "the unknown function `expr` at column 1 of the formula"),  # one expr(…)
    ("hr(" * 33 + "bns" + ")" * 33, "nested too deeply (33 levels"),
    ("expr(tp@fp)@0.3", "the operator in `tp@fp`"),
])
def test_malformed_expr_specs(spec, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        parse_spec(spec)


def test_limits_have_keywords_to_raise_them():
    many = balanced(300)  # 599 nodes, 10 levels
    with pytest.raises(FormulaError, match=r"more than 200 parts .* \(max_nodes=200\)"):
        parse_formula(many, max_length=5000)
    assert float(parse_formula(many, max_length=5000, max_nodes=1000).evaluate(1, 0, 1, 1)) == 300
    chain = "+".join(["tp"] * 150)  # 150 levels
    with pytest.raises(FormulaError, match=r"nests deeper than 100 levels .* \(max_depth=100\)"):
        parse_formula(chain)
    assert float(parse_formula(chain, max_nodes=1000, max_depth=200).evaluate(1, 0, 1, 1)) == 150
    deep = "(" * 2000 + "tp" + ")" * 2000
    with pytest.raises(FormulaError, match="not a valid expression at column 201: too many nested parentheses"):
        parse_formula(deep, max_length=10_000)
    for bad in (0, -1, 1.5, True, "10"):
        with pytest.raises(ValueError, match="`max_length` must be a whole number, at least 1"):
            parse_formula("tp", max_length=bad)
    with pytest.raises(ValueError, match="`max_depth` must be a whole number, at least 1 and at most 200"):
        parse_formula("tp", max_depth=5000)
    with pytest.raises(FormulaError, match="a formula must be text, got int"):
        parse_formula(3)


# --- usable everywhere a registered table metric is ------------------------------------------------


@pytest.fixture(scope="module")
def corpus():
    return fsviz.make_planted_corpus(n_docs=240, n_classes=3, random_state=5).load()


def test_scoring_and_selection_through_every_entry_point(corpus):
    task = corpus.binary_task("c0")
    training = corpus.training("c0")
    expected = task.score("bns")
    np.testing.assert_array_equal(task.score(BNS), expected)
    np.testing.assert_array_equal(fsviz.score_words(BNS, training), expected)
    np.testing.assert_array_equal(task.select(BNS, 25), task.select("bns", 25))
    np.testing.assert_array_equal(fsviz.selected_words(BNS, training, 25), fsviz.selected_words("bns", training, 25))
    np.testing.assert_array_equal(fsviz.score_words(f"{BNS}@0.3", training), fsviz.score_words("bns@0.3", training))
    np.testing.assert_array_equal(fsviz.score_words(f"ar({BNS},ig)", training),
                                  fsviz.score_words("ar(bns,ig)", training))
    np.testing.assert_array_equal(task.score(RESTATED["acc"], signed=True), task.score("acc", signed=True))
    np.testing.assert_array_equal(metric_surface(BNS, task.pos, task.neg, n_grid=20).z,
                                  metric_surface("bns", task.pos, task.neg, n_grid=20).z)


def test_score_func_for_scikit_learn(corpus):
    from sklearn.feature_selection import SelectKBest

    X, y = corpus.X, corpus.y("c1")
    ours = SelectKBest(fsviz.score_func(RESTATED["chi"]), k=10).fit(X, y).get_support(indices=True)
    theirs = SelectKBest(fsviz.score_func("chi"), k=10).fit(X, y).get_support(indices=True)
    assert np.array_equal(ours, theirs)


def test_a_grid_run_with_a_formula_equals_the_run_with_the_metric_it_spells(corpus):
    options = dict(ks=(5, 20), trials=1, folds=2, all_features=False)
    registered = run_grid(corpus, GridConfig(metrics=("bns", "acc"), **options))
    formulas = run_grid(corpus, GridConfig(metrics=(BNS, RESTATED["acc"]), **options))
    assert formulas.config.metrics == (canonical(BNS), "expr(tp-fp,invert)")
    assert formulas.key != registered.key  # runs are keyed by the canonical spec
    renamed = formulas.results.replace({"metric": {canonical(BNS): "bns", "expr(tp-fp,invert)": "acc"}})
    order = ["dataset", "class", "trial", "fold", "metric", "k"]
    left = registered.results.sort_values(order).reset_index(drop=True)
    right = renamed.sort_values(order).reset_index(drop=True)
    assert left.equals(right)


def test_a_grid_refuses_a_formula_not_finite_on_a_training_split_before_any_cell(corpus):
    # every class has 80 documents; two folds train on 40 of them, where 1/(pos-40) divides by zero
    started = []
    with pytest.raises(FormulaError, match=r"planted, class 'c0', a training split: the formula '1/\(pos-40\)' "
                                           r"is not finite at fp=0, tp=0 \(pos=40, neg=80\)"):
        run_grid(corpus, GridConfig(metrics=("expr(1/(pos-40))",), ks=(5,), trials=1, folds=2),
                 progress=lambda done, total: started.append(done))
    assert started == []
    assert np.isfinite(corpus.binary_task("c0").score("expr(1/(pos-40))")).all()  # fine on the whole task


def test_the_lesion_and_cutoff_studies_take_a_formula(corpus):
    from fsviz.evaluation.studies import cutoff_jobs, feature_shares, lesion_config

    config = lesion_config(RESTATED["acc"], alphas=(0.3, 0.7), ks=(5,), trials=1, folds=2)
    assert config.metrics == ("expr(tp-fp,invert)@0.3", "expr(tp-fp,invert)@0.7")
    task = corpus.binary_task("c0")
    assert feature_shares(task, RESTATED["acc"], 10, (0.3, 0.7)).equals(feature_shares(task, "acc", 10, (0.3, 0.7)))
    jobs = cutoff_jobs(corpus, GridConfig(metrics=(BNS,), ks=(5,), trials=1, folds=2), cutoffs=(1, 2))
    assert [job.metrics for _, job in jobs] == [(canonical(BNS),)] * 2


def test_the_cli_takes_a_formula_spec(capsys):
    from fsviz.cli import main

    assert main(["top", "sample", "--class", "scipy.stats", "-k", "5", "--metrics", f"bns,{BNS}"]) == 0
    out = capsys.readouterr().out
    lines = [line.split() for line in out.split("\n\n")[0].splitlines()[2:]]  # the ranks; the p and q follow
    assert len(lines) == 5 and all(row[1] == row[2] for row in lines)  # the same five words under both names
    assert canonical(BNS) in out
