"""Your own metric as a spec: ``expr(formula)``, checked finite on the task's plane before it scores.

``expr(abs(ppf(clip(tpr,0.0005,0.9995))-ppf(clip(fpr,0.0005,0.9995))))``
scores words like any table metric (the formula language is
:mod:`fsviz.metrics.expression`). ``expr(formula,invert)`` gives it Forman's
inversion of negative features: a word with tpr < fpr is scored as if tp
were pos − tp and fp were neg − fp, as his metrics that devalue negative
features have it (Acc, F1, OddN, Odds, Pow, PR). We chose a word inside the
parentheses over a second name such as ``expr_inv(…)``: one spec head, and
the canonical text says what it is.

:func:`formula_metric` turns a spec into a :class:`~fsviz.metrics.Metric`
named by its canonical spec (:func:`expression_spec`: the formula written
back by :func:`ast.unparse`, spaces removed, so runs are keyed by it), so
:func:`fsviz.get_metric` gives it and everything that takes a registered
table metric takes it. Its function first checks the formula on the task's
whole count plane, every integer (fp, tp) in [0, neg] × [0, pos] (a grid of
at most :data:`MAX_PLANE_AXIS` values per axis, every edge value kept, when
the plane is larger), and refuses it with the first point where it is not
finite; then it scores.
"""

from __future__ import annotations

import functools
import re
import zlib
from dataclasses import dataclass

import numpy as np

from .base import Metric
from .expression import Formula, FormulaError, parse_formula

__all__ = ["MAX_PLANE_AXIS", "PlaneCheckedFormula", "canonical_expressions", "check_plane", "expression_spec",
           "formula_metric", "is_expression", "plane_axis"]

#: Values per axis of the plane check; a larger plane is checked on a grid that keeps its edges.
MAX_PLANE_AXIS = 1001
_EDGE = 64  # the integer counts kept at each end of a subsampled axis (where logs and divisions fail)
#: Where an ``expr(…)`` spec starts inside a longer spec.
_EXPR_START = re.compile(r"\bexpr\s*\(", re.IGNORECASE)


def plane_axis(size: float) -> np.ndarray:
    """The counts 0 … ``size`` the plane check evaluates on one axis.

    Every integer when there are at most :data:`MAX_PLANE_AXIS`; else the
    first and last 64 integers and an even spread between (``size`` itself
    always).
    """
    top = int(np.floor(size))
    if top + 1 <= MAX_PLANE_AXIS:
        values = np.arange(top + 1, dtype=np.float64)
    else:
        spread = np.round(np.linspace(0, top, MAX_PLANE_AXIS - 2 * _EDGE))
        values = np.concatenate([np.arange(_EDGE), top - np.arange(_EDGE), spread]).astype(np.float64)
    return np.unique(np.append(values, float(size)))


@functools.lru_cache(maxsize=256)
def _plane_problem(formula: Formula, pos: float, neg: float) -> str | None:
    tp, fp = plane_axis(pos), plane_axis(neg)
    z = formula.evaluate(tp[None, :], fp[:, None], pos, neg)  # z[i, j] at (fp[i], tp[j]): fp first
    bad = ~np.isfinite(z)
    if not bad.any():
        return None
    i, j = np.argwhere(bad)[0]
    counted = "integer points" if tp.size == int(pos) + 1 and fp.size == int(neg) + 1 else "points checked"
    hint = ("ppf(0) and ppf(1) are infinite: clip the rates as BNS does, e.g. ppf(clip(tpr, 0.0005, 0.9995))"
            if "ppf(" in formula.text else "guard that edge, e.g. log(tp + 1), maximum(fp, 1) or "
            "where(fp > 0, tp / fp, 0)")
    return (f"the formula {formula.text!r:.80} is not finite at fp={fp[i]:g}, tp={tp[j]:g} "
            f"(pos={pos:g}, neg={neg:g}): it gives {z[i, j]}, and {int(bad.sum()):,} of the {z.size:,} {counted} "
            f"of the task's (fp, tp) plane are not finite; {hint}")


def check_plane(formula: Formula, pos, neg) -> None:
    """Refuse (:class:`FormulaError`) a formula not finite somewhere on a task's (fp, tp) plane.

    Every integer (fp, tp) in [0, neg] × [0, pos] is evaluated (a grid of
    :func:`plane_axis` values per axis when the plane is larger); the
    message names the first point, by fp then tp, and the value there.
    Results are cached per formula and task size.

    Parameters
    ----------
    formula : Formula
        A parsed formula (:func:`~fsviz.metrics.expression.parse_formula`).
    pos, neg : int
        The task's positive and negative documents.

    Raises
    ------
    FormulaError
        If the formula is not finite at some point of the plane.

    See Also
    --------
    fsviz.metrics.parse_formula : the formula it checks.
    fsviz.get_metric : an ``expr(…)`` spec's metric, which runs this check for each task it scores.

    Examples
    --------
    A guarded formula passes (it returns None); ``tp / fp`` divides by zero at fp = 0:

    >>> from fsviz.metrics import check_plane, parse_formula
    >>> check_plane(parse_formula("log(tp + 1)"), 10, 20)
    >>> check_plane(parse_formula("tp / fp"), 10, 20)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsviz.metrics.expression.FormulaError: the formula 'tp/fp' is not finite at fp=0, tp=0 ...
    """
    problem = _plane_problem(formula, float(pos), float(neg))
    if problem is not None:
        raise FormulaError(problem)


@dataclass(frozen=True)
class PlaneCheckedFormula:
    """A formula as a table metric's function: :func:`check_plane` for each task it meets, then the scores."""

    formula: Formula

    def __call__(self, tp, fp, pos, neg) -> np.ndarray:
        pairs = np.broadcast_arrays(np.asarray(pos, dtype=np.float64), np.asarray(neg, dtype=np.float64))
        tasks = np.stack([p.ravel() for p in pairs])
        tasks = tasks[:, :1] if tasks.size and (tasks == tasks[:, :1]).all() else np.unique(tasks, axis=1)
        for p, q in tasks.T:
            check_plane(self.formula, p, q)
        scores = self.formula.evaluate(tp, fp, pos, neg)
        bad = ~np.isfinite(scores)
        if bad.any():  # a point the subsampled plane did not reach: the scores themselves are checked too
            first = np.unravel_index(int(np.argmax(bad)), bad.shape) if np.ndim(bad) else ()
            at = [np.broadcast_to(np.asarray(v, dtype=np.float64), bad.shape)[first] for v in (fp, tp, pos, neg)]
            raise FormulaError(f"the formula {self.formula.text!r:.80} is not finite at fp={at[0]:g}, tp={at[1]:g} "
                               f"(pos={at[2]:g}, neg={at[3]:g}): it gives {scores[first]}, on "
                               f"{int(bad.sum()):,} of the words scored; guard that point, e.g. with where(…)")
        return scores


def is_expression(spec) -> bool:
    """True when ``spec`` is text of the form ``expr(…)``."""
    return isinstance(spec, str) and spec.strip().lower().replace(" ", "").startswith("expr(")


def canonical_expressions(text: str) -> str:
    """``text`` with every ``expr(…)`` in it written canonically (no spaces), the rest as it was.

    The spec parser removes spaces before it reads a spec; a formula is
    read first, with its spaces, so that ``expr(1 2)`` is refused rather
    than read as ``expr(12)``, and ``expr(tp if fp else 0)`` is refused for
    its ``if``, with the right column. Raises :class:`FormulaError` for a
    refused formula; a formula without its closing parenthesis is left for
    the spec parser to refuse.

    >>> canonical_expressions("ar(EXPR( tp - fp , invert ), ig)")
    'ar(expr(tp-fp,invert), ig)'
    """
    out, i = [], 0
    for match in _EXPR_START.finditer(text):
        if match.start() < i:
            continue
        end = _closing(text, match.end() - 1)
        if end is None:
            break
        out += [text[i:match.start()], formula_metric(text[match.start():end + 1]).name]
        i = end + 1
    return "".join(out) + text[i:]


def _closing(text: str, opening: int) -> int | None:
    depth = 0
    for j in range(opening, len(text)):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            return j
    return None


def _split_top(text: str) -> list:
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def expression_spec(formula, *, invert: bool = False) -> str:
    """The canonical spec of a formula: ``expr(text)`` or ``expr(text,invert)``.

    Parameters
    ----------
    formula : str
        A formula's text or an ``expr(…)`` spec (whose own ``invert`` is kept).
    invert : bool, default False
        Add ``invert`` to the spec.

    Returns
    -------
    str
        The canonical spec.

    Raises
    ------
    FormulaError
        If the formula is refused.

    See Also
    --------
    fsviz.metrics.parse_formula : the canonical text inside the spec.
    fsviz.get_metric : the metric a spec names.

    References
    ----------
    G. Forman, "An Extensive Empirical Study of Feature Selection Metrics for
    Text Classification", JMLR 3 (2003), Table 1's note: ``invert`` is his
    inversion of negative features (tpr' = 1 - tpr, fpr' = 1 - fpr).

    Examples
    --------
    >>> from fsviz.metrics import expression_spec
    >>> expression_spec("abs( ppf(tpr)-ppf(fpr) )")
    'expr(abs(ppf(tpr)-ppf(fpr)))'
    >>> expression_spec("tp - fp", invert=True)
    'expr(tp-fp,invert)'
    """
    if is_expression(formula):
        metric = formula_metric(formula)
        if not invert:
            return metric.name
        text = metric.func.formula.text
    else:
        text = parse_formula(formula).text
    return f"expr({text},invert)" if invert else f"expr({text})"


@functools.lru_cache(maxsize=1024)
def formula_metric(spec: str) -> Metric:
    """The table :class:`~fsviz.metrics.Metric` of an ``expr(…)`` spec, named by the canonical spec.

    Its function is a :class:`PlaneCheckedFormula`; ``invert`` sets
    Forman's inversion. Raises :class:`FormulaError` for a refused formula.

    >>> formula_metric("expr(tp - fp, invert)").name
    'expr(tp-fp,invert)'
    """
    text = str(spec).strip()
    lowered = text.lower()
    if not is_expression(lowered) or not lowered.endswith(")"):
        raise FormulaError(f"{text!r:.80}: write your own metric as expr(formula) or expr(formula,invert), "
                           "e.g. expr(abs(ppf(tpr)-ppf(fpr)))")
    parts = _split_top(lowered[lowered.index("(") + 1:-1])
    invert = len(parts) == 2 and parts[1].strip() == "invert"
    if len(parts) > 1 and not invert:
        raise FormulaError(f"{text!r:.80}: expr takes one formula and, optionally, the word invert after a comma, "
                           "e.g. expr(tp-fp,invert); to pick between values use where(condition, a, b)")
    formula = parse_formula(parts[0])
    name = f"expr({formula.text},invert)" if invert else f"expr({formula.text})"
    pretty = formula.pretty
    # a long formula is cut for legends; its text's checksum keeps two long formulas apart
    short = pretty if len(pretty) <= 48 else f"{pretty[:47]}… #{zlib.crc32(formula.text.encode()) % 65536:04x}"
    label = "ƒ " + short + (" (inverted)" if invert else "")
    formula_text = pretty + (", negative features inverted (tpr' = 1 − tpr, fpr' = 1 − fpr)" if invert else "")
    return Metric(name, label, "Your own formula", formula_text, PlaneCheckedFormula(formula), inverted=invert,
                  needs_labels=formula.needs_labels or invert, reference="your own formula (fsviz.metrics.custom)")

