"""Reading specs: text in, typed nodes (:mod:`fsviz.selection.spec`) out, every error named at the door."""

from __future__ import annotations

import functools

from .._validation import check_depth, check_fraction
from ..metrics import get_metric, metric_names
from ..metrics.custom import canonical_expressions
from .combine import COMBINATIONS
from .spec import DEFAULT_NFR, IGFSS, IGFSS_EXAMPLE, MAX_SPEC_DEPTH, Combination, Expression, MetricSpec, Spec, Weighted

__all__ = ["canonical", "parse_spec", "parse_specs"]


def _split_arguments(text: str, spec: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise ValueError(f"{spec!r}: unbalanced parentheses")
        elif char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if depth:
        raise ValueError(f"{spec!r}: unbalanced parentheses")
    parts.append(text[start:].strip())
    return parts


@functools.lru_cache(maxsize=4096)
def _parse_text(spec: str) -> Spec:
    text = canonical_expressions(str(spec)).strip().lower().replace(" ", "")  # formulas first, with their spaces
    if not text:
        raise ValueError("empty metric name; choose one of " + ", ".join(metric_names()))
    if text.count("(") != text.count(")"):
        raise ValueError(f"{spec!r}: unbalanced parentheses")
    head, paren, rest = text.partition("(")
    if paren and text.endswith(")") and "@" not in head:
        if head == "expr":
            return Expression(get_metric(text).name)  # FormulaError says what is refused and where
        if head == "igfss":
            return _parse_igfss(_split_arguments(rest[:-1], spec), spec)
        if head not in COMBINATIONS:
            raise ValueError(f"{spec!r}: unknown combination {head!r}; use one of {', '.join(COMBINATIONS)}, "
                             "e.g. ar(chi_max,ig), or expr(formula) for your own metric")
        parts = _split_arguments(rest[:-1], spec)
        if len(parts) < 2 or not all(parts):
            raise ValueError(f"{spec!r}: a combination needs two or more metrics, e.g. {head}(chi_max,ig)")
        inputs = tuple(_parse_text(p) for p in parts)
        if any(p.selects_per_k for p in inputs):
            raise ValueError(f"{spec!r}: IGFSS selects a word set per k and has no scores to combine; "
                             "combine the global metrics inside it instead, e.g. igfss(ar(cmfs,chi_max))")
        return Combination(head, inputs)
    inner, at, weight = text.rpartition("@")
    if at:
        alpha = check_fraction(weight, "the weight α after '@'", hint="; 0.5 is unweighted", spec=spec)
        weighted = _parse_text(inner)
        if weighted.selects_per_k:
            raise ValueError(f"{spec!r}: IGFSS selects a word set per k and has no scores to weight")
        return Weighted(weighted, alpha)
    if "(" in text or ")" in text:
        raise ValueError(f"{spec!r}: write a combination as name(metric,metric), e.g. ar(chi_max,ig)")
    get_metric(text)  # raises with the list of known metrics
    return MetricSpec(text)


def _parse_igfss(parts, spec) -> IGFSS:
    """``igfss(global)``, ``igfss(global,nfr=0.2)`` or ``igfss(global,0.2)``."""
    if not 1 <= len(parts) <= 2 or not parts[0]:
        raise ValueError(f"{spec!r}: IGFSS takes one global metric and an optional negative feature ratio, "
                         f"{IGFSS_EXAMPLE}")
    nfr = DEFAULT_NFR
    if len(parts) == 2:
        nfr = check_fraction(parts[1].removeprefix("nfr="), "the negative feature ratio nfr",
                             hint=f", {IGFSS_EXAMPLE}", spec=spec)
    inner = _parse_text(parts[0])
    if inner.selects_per_k:
        raise ValueError(f"{spec!r}: IGFSS's global metric must score words; it cannot be IGFSS itself")
    return IGFSS(inner, nfr)


def parse_spec(spec) -> Spec:
    """The typed form of a spec (a :class:`Spec` passes through unchanged).

    Parameters
    ----------
    spec : str or Spec
        A metric name, ``metric@alpha``, a combination, ``igfss(…)`` or ``expr(…)``.

    Returns
    -------
    Spec
        A :class:`MetricSpec`, :class:`Expression`, :class:`Weighted`, :class:`Combination` or :class:`IGFSS`.

    Raises
    ------
    ValueError
        Naming what is wrong: an unknown metric or combination, a weight or ratio outside [0, 1], fewer than
        two inputs, IGFSS inside a combination or weight, or unbalanced parentheses.
    fsviz.metrics.FormulaError
        For ``expr(…)``: names the part of the formula refused and its column.

    See Also
    --------
    fsviz.selection.canonical : the spec's one way to be written.
    fsviz.selection.parse_specs : several specs from one text.

    Examples
    --------
    >>> parse_spec("ar(chi_max,bns@0.3)")
    Combination(kind='ar', parts=(MetricSpec(name='chi_max'), Weighted(inner=MetricSpec(name='bns'), alpha=0.3)))
    """
    if isinstance(spec, Spec):
        return spec
    check_depth(str(spec), MAX_SPEC_DEPTH)
    return _parse_text(spec)


def canonical(spec) -> str:
    """The one way to write a spec: lower case, no spaces, weights as ``%g``.

    Parameters
    ----------
    spec : str or Spec
        The spec.

    Returns
    -------
    str
        The spec's canonical text.

    Raises
    ------
    ValueError
        If ``spec`` does not parse (the message says where and why).

    See Also
    --------
    fsviz.selection.parse_spec : the typed form.
    fsviz.selection.spec_label : how a page names it.

    Examples
    --------
    >>> canonical("AR(chi_max, BNS@0.30)")
    'ar(chi_max,bns@0.3)'
    """
    return parse_spec(spec).canonical


def parse_specs(text: str) -> tuple:
    """Specs from comma-separated text, ``"ar(chi_max, ig), bns@0.6"`` → ``("ar(chi_max,ig)", "bns@0.6")``.

    Commas inside a combination's (or a formula's) parentheses do not split; every spec is
    checked (ValueError says which is wrong and why) and written canonically.

    Parameters
    ----------
    text : str
        Specs separated by commas.

    Returns
    -------
    tuple of str
        The canonical specs, in order; empty for empty text.

    Raises
    ------
    ValueError
        As :func:`parse_spec`, for the first spec that is wrong.

    See Also
    --------
    fsviz.selection.canonical : one spec.

    Examples
    --------
    >>> parse_specs("ar(chi_max, ig), BNS@0.60")
    ('ar(chi_max,ig)', 'bns@0.6')
    """
    parts = [p for p in _split_arguments(str(text).strip(), str(text)) if p] if str(text).strip() else []
    return tuple(canonical(p) for p in parts)
