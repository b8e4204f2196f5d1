"""Spec text, built, checked and taken apart: a combination's spec, a weighted name, IGFSS's sweep, a spec's label,
inputs and ordering (the typed nodes and the parser are in :mod:`fsviz.selection.spec`)."""

from __future__ import annotations

from .._validation import check_fraction
from ..metrics import get_metric
from .parse import canonical, parse_spec
from .spec import MetricSpec, Weighted

__all__ = ["check_spec", "combination", "igfss_specs", "ordering_spec", "parse_weighted", "selects_per_k",
           "spec_inputs", "spec_label", "weighted_name"]


def check_spec(spec: str) -> str:
    """``spec`` if it is a valid spec (see :func:`parse_spec`), else ValueError.

    Parameters
    ----------
    spec : str
        The spec.

    Returns
    -------
    str
        ``spec``, unchanged.

    Raises
    ------
    ValueError
        When ``spec`` does not parse; the message says where and what was expected.

    See Also
    --------
    fsviz.selection.canonical : the spec written canonically.

    Examples
    --------
    >>> check_spec("AR(chi_max, ig)")
    'AR(chi_max, ig)'
    """
    parse_spec(spec)
    return spec


def combination(kind: str, *specs) -> str:
    """The spec of combination ``kind`` (``"hr"``, ``"lr"``, ``"ar"``, ``"dmor"``, ``"dlor"``) of ``specs``.

    Parameters
    ----------
    kind : str
        The rule's spec prefix.
    *specs : str
        The specs combined, two or more.

    Returns
    -------
    str
        The combination's spec, e.g. ``"ar(bns,ig)"``.

    Raises
    ------
    ValueError
        For an unknown ``kind``, fewer than two specs or a spec that does not parse.

    See Also
    --------
    fsviz.selection.Combination : the typed node.
    fsviz.score_words : scores words by it.

    References
    ----------
    .. [1] Olsson, J. S., D. W. Oard, "Exploring Feature Selection for Multi-Label Text Classification using Ranked
       Retrieval Measures", §4 (HR, LR, AR, DMOR, DLOR).

    Examples
    --------
    >>> combination("lr", "chi_max", "ig")
    'lr(chi_max,ig)'
    """
    spec = f"{kind}({','.join(specs)})"
    check_spec(spec)
    return spec


def spec_label(spec) -> str:
    """How a page names a spec: ``"BNS"``, ``"BNS α=0.3"``, ``"AR(χ²max, IG)"``;
    anything that is not a spec is returned as text.

    Parameters
    ----------
    spec : str or Spec or object
        The spec, or anything else.

    Returns
    -------
    str
        The label, in the metrics' display names.

    See Also
    --------
    fsviz.selection.canonical : the spec's text.

    Examples
    --------
    >>> spec_label("ar(chi_max,bns@0.3)"), spec_label("no such metric")
    ('AR(χ²max, BNS α=0.3)', 'no such metric')
    """
    try:
        return parse_spec(spec).label
    except (ValueError, TypeError):
        return str(spec)


def spec_inputs(spec) -> set[str]:
    """The :data:`fsviz.metrics.INPUTS` keys a spec reads.

    Parameters
    ----------
    spec : str or Spec
        A spec as text, or parsed (:func:`fsviz.selection.parse_spec`).

    Returns
    -------
    set of str
        Input keys, e.g. ``"table"`` or ``"classes"``.

    Raises
    ------
    ValueError
        If ``spec`` does not parse.

    See Also
    --------
    fsviz.selection.Spec : its ``inputs``.

    Examples
    --------
    >>> sorted(spec_inputs("igfss(cmfs)")), sorted(spec_inputs("bns@0.3"))
    (['classes', 'frequency'], ['table'])
    """
    return set(parse_spec(spec).inputs)


def ordering_spec(spec) -> str:
    """The spec whose scores order ``spec``'s words: ``spec`` itself, or IGFSS's global metric.

    Parameters
    ----------
    spec : str or Spec
        A spec; for IGFSS, its global metric is the answer.

    Returns
    -------
    str
        The canonical spec.

    See Also
    --------
    fsviz.selection.selects_per_k : whether the spec is IGFSS.

    Examples
    --------
    >>> ordering_spec("igfss(cmfs,nfr=0.2)"), ordering_spec("BNS")
    ('cmfs', 'bns')
    """
    return parse_spec(spec).ordering.canonical


def selects_per_k(spec) -> bool:
    """True when ``spec`` picks a word set per k (IGFSS) instead of scoring words.

    Parameters
    ----------
    spec : str or Spec
        Any spec, as text or parsed.

    Returns
    -------
    bool
        Whether the spec selects a set per k.

    See Also
    --------
    fsviz.selected_sets : the sets per k of any spec.

    Examples
    --------
    >>> selects_per_k("igfss(cmfs)"), selects_per_k("ar(bns,ig)")
    (True, False)
    """
    return parse_spec(spec).selects_per_k


def weighted_name(metric: str, alpha: float) -> str:
    """The name of ``metric`` α-weighted, usable wherever a metric name is: ``"bns@0.3"``.

    Parameters
    ----------
    metric : str
        A registered metric.
    alpha : float
        α, from 0 to 1 (:class:`~fsviz.selection.Weighted`).

    Returns
    -------
    str
        ``"<metric>@<alpha>"``.

    Raises
    ------
    ValueError
        For an unknown metric or an α outside [0, 1].

    See Also
    --------
    fsviz.selection.parse_weighted : the name taken apart.
    fsviz.selection.alpha_weight : the weighted scores.

    Examples
    --------
    >>> weighted_name("bns", 0.3)
    'bns@0.3'
    """
    get_metric(metric)
    alpha = check_fraction(alpha, "`alpha`", hint=" (0.5 = unweighted)")
    return f"{metric}@{alpha:g}"


def parse_weighted(spec: str) -> tuple[str, float | None]:
    """``"bns@0.3"`` → ``("bns", 0.3)``; a plain name → ``(name, None)``.

    Parameters
    ----------
    spec : str
        A metric's name, optionally ``@alpha``.

    Returns
    -------
    tuple of (str, float or None)
        The metric's name and α, None for a name that is not weighted.

    Raises
    ------
    ValueError
        For an unknown metric, an α outside [0, 1], or a spec that is a combination.

    See Also
    --------
    fsviz.selection.weighted_name : the reverse.

    Examples
    --------
    >>> parse_weighted("bns@0.3"), parse_weighted("ig")
    (('bns', 0.3), ('ig', None))
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

    Parameters
    ----------
    global_specs : iterable of str
        The global specs.
    nfrs : iterable of float or str
        The negative feature ratios.

    Returns
    -------
    tuple of str
        The canonical specs, each once, by global spec then ratio.

    Raises
    ------
    ValueError
        For a ratio that is not a number in [0, 1], or a spec that does not parse.

    See Also
    --------
    fsviz.selection.IGFSS : the typed node.
    fsviz.selection.igfss_select : the selection.

    References
    ----------
    .. [1] Deshpande, D. et al., "A Brief Report on Filter Based Novel Feature Selection Schemes", Algorithm 3.

    Examples
    --------
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
