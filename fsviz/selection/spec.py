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

Specs nest: ``"hr(bns@0.6,ig)"``. :func:`~fsviz.selection.parse_spec` (:mod:`fsviz.selection.parse`) turns text into nodes
(frozen dataclasses, hashable, so scores can be cached by them); every node
knows its :attr:`~Spec.canonical` text, its :attr:`~Spec.label` for a page
and the :attr:`~Spec.inputs` it reads. Code past the door works on nodes and
never looks inside the text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..metrics import INPUTS, get_metric
from .combine import COMBINATIONS

__all__ = ["DEFAULT_NFR", "IGFSS", "MAX_SPEC_DEPTH", "Combination", "Expression", "MetricSpec", "Spec", "Weighted"]

#: The negative feature ratio of ``igfss(…)`` when the spec gives none.
DEFAULT_NFR = 0.0
#: How deep a spec may nest (parentheses and ``@`` weights together); parsing recurses once per level,
#: so a deeper spec is refused before Python's recursion limit (1,000) is reached.
MAX_SPEC_DEPTH = 32
IGFSS_EXAMPLE = "e.g. igfss(cmfs) or igfss(icmfs,nfr=0.2)"


class Spec:
    """A parsed spec. Subclasses are frozen dataclasses; see the module notes.

    See Also
    --------
    fsviz.selection.parse_spec : makes one from text.
    fsviz.score_words : scores words by any spec.

    Examples
    --------
    >>> from fsviz.selection import parse_spec
    >>> spec = parse_spec("hr(bns@0.6,ig)")
    >>> isinstance(spec, Spec), str(spec), spec.label, sorted(spec.inputs)
    (True, 'hr(bns@0.6,ig)', 'HR(BNS α=0.6, IG)', ['table'])
    """

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
    def random(self) -> bool:
        """True when the scores are random draws: Rand, or a spec built on it (its parts, its weighted inner)."""
        return any(part.random for part in self._parts)

    @property
    def _parts(self) -> tuple:
        """The specs this one is built on."""
        inner = getattr(self, "inner", None)
        return (inner,) if inner is not None else tuple(getattr(self, "parts", ()))

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
    """A registered metric, by its registry key.

    Parameters
    ----------
    name : str
        The metric's registry key.

    See Also
    --------
    fsviz.get_metric : the metric it names.
    fsviz.selection.parse_spec : makes it from text.

    Examples
    --------
    >>> spec = MetricSpec("chi_max")
    >>> spec.canonical, spec.label, spec.is_global
    ('chi_max', 'χ²max', True)
    """

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
    def random(self) -> bool:
        return get_metric(self.name).random

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

    Parameters
    ----------
    name : str
        The canonical ``expr(…)`` spec.

    See Also
    --------
    fsviz.metrics.expression_spec : writes the spec of a formula.
    fsviz.selection.parse_spec : makes it from text.

    Examples
    --------
    >>> from fsviz.selection import parse_spec
    >>> spec = parse_spec("expr( tp - fp )")
    >>> type(spec).__name__, spec.canonical, spec.table_metric is not None
    ('Expression', 'expr(tp-fp)', True)
    """


@dataclass(frozen=True)
class Weighted(Spec):
    """``inner@alpha``: ``inner``'s scores weighted by α (positive) and 1 − α (negative features).

    Parameters
    ----------
    inner : Spec
        The spec weighted.
    alpha : float
        The weight α of positive features, from 0 to 1.

    See Also
    --------
    fsviz.selection.alpha_weight : the weights.
    fsviz.selection.weighted_name : the spec's text for a metric.

    Examples
    --------
    >>> Weighted(MetricSpec("bns"), 0.3).canonical
    'bns@0.3'
    """

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
    """``kind(part,part,…)``: the parts' scores combined by one of :data:`COMBINATIONS`.

    Parameters
    ----------
    kind : str
        The rule's spec prefix: ``"hr"``, ``"lr"``, ``"ar"``, ``"dmor"`` or ``"dlor"``.
    parts : tuple of Spec
        The specs combined, two or more.

    See Also
    --------
    fsviz.selection.combination : writes a combination's spec.
    fsviz.selection.CombinationRule : the rules.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures", §4.

    Examples
    --------
    >>> Combination("ar", (MetricSpec("chi_max"), MetricSpec("ig"))).label
    'AR(χ²max, IG)'
    """

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
    """``igfss(inner,nfr=x)``: IGFSS's word set per k over the global spec ``inner``.

    Parameters
    ----------
    inner : Spec
        The global spec whose scores order the words.
    nfr : float, default ``DEFAULT_NFR``
        The negative feature ratio, from 0 to 1.

    See Also
    --------
    fsviz.selection.igfss_select : the selection.
    fsviz.selection.igfss_specs : a sweep over nfr.

    References
    ----------
    .. [1] Deshpande, D. et al., "A Brief Report on Filter Based Novel Feature Selection Schemes", Algorithm 3.

    Examples
    --------
    >>> from fsviz.selection import parse_spec
    >>> spec = parse_spec("igfss(cmfs,0.2)")
    >>> spec.canonical, spec.selects_per_k, spec.ordering.canonical
    ('igfss(cmfs,nfr=0.2)', True, 'cmfs')
    """

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
