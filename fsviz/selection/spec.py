"""Metric specs: the small language that names a scoring, parsed once into typed nodes.

A *spec* names a scoring:

- a registered metric: ``"bns"``, ``"chi_max"``, ``"ttest_avg"``
  (:class:`MetricSpec`);
- an α-weighted one (Forman's lesion study): ``"bns@0.3"``
  (:class:`Weighted`, see :func:`fsviz.selection.alpha_weight`);
- a combination of two or more specs (Olsson & Oard §4):
  ``"ar(chi_max,ig)"``, ``"lr(dfreq,chi_avg,ig)"`` (:class:`Combination`, see
  :data:`~fsviz.selection.combine.COMBINATIONS`);
- your own formula over the 2×2 table, ``"expr(abs(tpr-fpr))"``, ``"expr(tp-fp,invert)"`` (with Forman's
  inversion; :class:`Expression`, :mod:`fsviz.metrics.custom`), wherever a registered table metric goes;
- IGFSS (Deshpande et al., :mod:`fsviz.selection.igfss`) over a global
  spec: ``"igfss(cmfs,nfr=0.2)"`` (:class:`IGFSS`), which *selects* a word
  set for each k instead of scoring words, so it cannot be weighted or
  combined.

Specs nest: ``"hr(bns@0.6,ig)"``. :func:`parse_spec` turns text into nodes
(frozen dataclasses, hashable, so scores can be cached by them); every node
knows its :attr:`~Spec.canonical` text, its :attr:`~Spec.label` for a page
and the :attr:`~Spec.inputs` it reads. Code past the door works on nodes and
never looks inside the text.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .._validation import check_depth, check_fraction
from ..metrics import INPUTS, get_metric, metric_names
from ..metrics.custom import canonical_expressions
from .combine import COMBINATIONS

__all__ = ["DEFAULT_NFR", "IGFSS", "MAX_SPEC_DEPTH", "Combination", "Expression", "MetricSpec", "Spec", "Weighted",
           "canonical",
           "check_spec", "combination", "igfss_specs", "ordering_spec", "parse_spec", "parse_specs",
           "parse_weighted", "selects_per_k", "spec_inputs", "spec_label", "weighted_name"]

#: The negative feature ratio of ``igfss(…)`` when the spec gives none.
DEFAULT_NFR = 0.0
#: How deep a spec may nest (parentheses and ``@`` weights together); parsing recurses once per level,
#: so a deeper spec is refused before Python's recursion limit (1,000) is reached.
MAX_SPEC_DEPTH = 32
IGFSS_EXAMPLE = "e.g. igfss(cmfs) or igfss(icmfs,nfr=0.2)"


class Spec:
    """A parsed spec. Subclasses are frozen dataclasses; see the module notes."""

    #: True when the spec picks a word set per k (IGFSS) instead of scoring words.
    selects_per_k = False

    @property
    def canonical(self) -> str:
        """The one way to write the spec: lower case, no spaces, numbers as ``%g``."""
        raise NotImplementedError

    @property
    def label(self) -> str:
        """How a page names the spec: ``"BNS"``, ``"BNS α=0.3"``, ``"AR(χ²max, IG)"``."""
        raise NotImplementedError

    @property
    def inputs(self) -> frozenset:
        """The :data:`fsviz.metrics.INPUTS` keys the spec reads."""
        raise NotImplementedError

    @property
    def ordering(self) -> Spec:
        """The spec whose scores order this one's words: itself, or IGFSS's global spec."""
        return self

    @property
    def table_metric(self):
        """The registered :class:`~fsviz.metrics.Metric` when the spec is one metric of the 2×2 table
        (it then has isoclines), else None."""
        return None

    @property
    def reads(self) -> str:
        """What the spec reads beyond one 2×2 table, in words (why it has no isocline)."""
        return "weights or ranks, not one table"

    @property
    def is_global(self) -> bool:
        """True when the spec scores words the same whichever class is positive, so it can choose one
        word set for a model over every class (all-class metrics, DFreq and Rand, combinations of
        them, IGFSS over them)."""
        return False

    def __str__(self) -> str:
        return self.canonical


@dataclass(frozen=True)
class MetricSpec(Spec):
    """A registered metric, by its registry key."""

    name: str

    @property
    def canonical(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return get_metric(self.name).label

    @property
    def inputs(self) -> frozenset:
        return frozenset({get_metric(self.name).inputs})

    @property
    def table_metric(self):
        metric = get_metric(self.name)
        return metric if metric.reads_table else None

    @property
    def reads(self) -> str:
        return INPUTS[get_metric(self.name).inputs]

    @property
    def is_global(self) -> bool:
        metric = get_metric(self.name)
        return metric.all_classes or not metric.needs_labels


@dataclass(frozen=True)
class Expression(MetricSpec):
    """``expr(formula)`` or ``expr(formula,invert)``: your own formula over the 2×2 table.

    ``name`` is the canonical spec (:func:`fsviz.metrics.expression_spec`); :func:`fsviz.get_metric`
    gives its table metric, so everything that takes a registered table metric takes it too.
    """


@dataclass(frozen=True)
class Weighted(Spec):
    """``inner@alpha``: ``inner``'s scores weighted by α (positive) and 1 − α (negative features)."""

    inner: Spec
    alpha: float

    @property
    def canonical(self) -> str:
        return f"{self.inner.canonical}@{self.alpha:g}"

    @property
    def label(self) -> str:
        return f"{self.inner.label} α={self.alpha:g}"

    @property
    def inputs(self) -> frozenset:
        return self.inner.inputs | {"table"}  # the weights read the 2×2 table


@dataclass(frozen=True)
class Combination(Spec):
    """``kind(part,part,…)``: the parts' scores combined by one of :data:`COMBINATIONS`."""

    kind: str
    parts: tuple

    @property
    def canonical(self) -> str:
        return f"{self.kind}({','.join(p.canonical for p in self.parts)})"

    @property
    def label(self) -> str:
        return f"{COMBINATIONS[self.kind].label}({', '.join(p.label for p in self.parts)})"

    @property
    def inputs(self) -> frozenset:
        return frozenset().union(*(p.inputs for p in self.parts))

    @property
    def is_global(self) -> bool:
        return all(p.is_global for p in self.parts)


@dataclass(frozen=True)
class IGFSS(Spec):
    """``igfss(inner,nfr=x)``: IGFSS's word set per k over the global spec ``inner``."""

    inner: Spec
    nfr: float = DEFAULT_NFR
    selects_per_k = True

    @property
    def canonical(self) -> str:
        return f"igfss({self.inner.canonical},nfr={self.nfr:g})"

    @property
    def label(self) -> str:
        return f"IGFSS({self.inner.label}, nfr={self.nfr:g})"

    @property
    def inputs(self) -> frozenset:
        return self.inner.inputs | {"classes"}  # the labels read every class's counts

    @property
    def ordering(self) -> Spec:
        return self.inner

    @property
    def reads(self) -> str:
        return "every class, a set per k"

    @property
    def is_global(self) -> bool:
        return self.inner.is_global


# --- parsing -----------------------------------------------------------------


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

    >>> parse_spec("ar(chi_max,bns@0.3)")
    Combination(kind='ar', parts=(MetricSpec(name='chi_max'), Weighted(inner=MetricSpec(name='bns'), alpha=0.3)))

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
    """
    if isinstance(spec, Spec):
        return spec
    check_depth(str(spec), MAX_SPEC_DEPTH)
    return _parse_text(spec)


def canonical(spec) -> str:
    """The one way to write a spec: lower case, no spaces, weights as ``%g``.

    >>> canonical("AR(chi_max, BNS@0.30)")
    'ar(chi_max,bns@0.3)'
    """
    return parse_spec(spec).canonical


def parse_specs(text: str) -> tuple:
    """Specs from comma-separated text, ``"ar(chi_max, ig), bns@0.6"`` → ``("ar(chi_max,ig)", "bns@0.6")``.

    Commas inside a combination's (or a formula's) parentheses do not split; every spec is
    checked (ValueError says which is wrong and why) and written canonically.
    """
    parts = [p for p in _split_arguments(str(text).strip(), str(text)) if p] if str(text).strip() else []
    return tuple(canonical(p) for p in parts)


def check_spec(spec: str) -> str:
    """``spec`` if it is a valid spec (see :func:`parse_spec`), else ValueError."""
    parse_spec(spec)
    return spec


def combination(kind: str, *specs) -> str:
    """The spec of combination ``kind`` (``"hr"``, ``"lr"``, ``"ar"``, ``"dmor"``, ``"dlor"``) of ``specs``.

    >>> combination("lr", "chi_max", "ig")
    'lr(chi_max,ig)'
    """
    spec = f"{kind}({','.join(specs)})"
    check_spec(spec)
    return spec


def spec_label(spec) -> str:
    """How a page names a spec: ``"BNS"``, ``"BNS α=0.3"``, ``"AR(χ²max, IG)"``;
    anything that is not a spec is returned as text."""
    try:
        return parse_spec(spec).label
    except (ValueError, TypeError):
        return str(spec)


def spec_inputs(spec) -> set[str]:
    """The :data:`fsviz.metrics.INPUTS` keys a spec reads."""
    return set(parse_spec(spec).inputs)


def ordering_spec(spec) -> str:
    """The spec whose scores order ``spec``'s words: ``spec`` itself, or IGFSS's global metric."""
    return parse_spec(spec).ordering.canonical


def selects_per_k(spec) -> bool:
    """True when ``spec`` picks a word set per k (IGFSS) instead of scoring words."""
    return parse_spec(spec).selects_per_k


def weighted_name(metric: str, alpha: float) -> str:
    """The name of ``metric`` α-weighted, usable wherever a metric name is: ``"bns@0.3"``.

    >>> weighted_name("bns", 0.3)
    'bns@0.3'
    """
    get_metric(metric)
    alpha = check_fraction(alpha, "`alpha`", hint=" (0.5 = unweighted)")
    return f"{metric}@{alpha:g}"


def parse_weighted(spec: str) -> tuple[str, float | None]:
    """``"bns@0.3"`` → ``("bns", 0.3)``; a plain name → ``(name, None)``.

    Raises ValueError for an unknown metric or an α outside [0, 1].
    """
    parsed = parse_spec(spec)  # raises for an unknown metric or a bad weight
    if isinstance(parsed, MetricSpec):
        return parsed.name, None
    if isinstance(parsed, Weighted) and isinstance(parsed.inner, MetricSpec):
        return parsed.inner.name, parsed.alpha
    raise ValueError(f"{spec!r} is a combination, not a metric name with an optional weight")


def igfss_specs(global_specs, nfrs) -> tuple:
    """The spec ``igfss(g,nfr=x)`` for every global spec g and ratio x, as the paper sweeps nfr.

    ``nfrs``: numbers, or text such as ``"0, 0.2 0.5"``. ValueError names a
    ratio that is not a number in [0, 1] or a global spec that is unknown.

    >>> igfss_specs(["cmfs", "icmfs"], "0, 0.5")
    ('igfss(cmfs,nfr=0)', 'igfss(cmfs,nfr=0.5)', 'igfss(icmfs,nfr=0)', 'igfss(icmfs,nfr=0.5)')
    """
    if isinstance(nfrs, str):
        try:
            nfrs = [float(v) for v in nfrs.replace(",", " ").split()]
        except ValueError:
            raise ValueError(f"negative feature ratios must be numbers between 0 and 1 separated by commas, "
                             f"got {nfrs!r}") from None
    return tuple(dict.fromkeys(canonical(f"igfss({g},nfr={float(x)!r})") for g in global_specs for x in nfrs))
