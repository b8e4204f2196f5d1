"""Your own metric: a formula over the 2×2 table, parsed by a whitelist and evaluated node by node.

A formula is one arithmetic expression in the table's counts, written as in
Python or numpy::

    abs(ppf(tpr) - ppf(fpr)) * log(df + 1)

It may read the counts ``tp, fp, pos, neg`` and the derived ``tpr = tp/pos``,
``fpr = fp/neg``, ``n = pos + neg`` (N; names are case-insensitive) and
``df = tp + fp``; the constants ``pi`` and ``e``; numbers; the operators
``+ - * / ** %``, unary ``-``/``+`` and comparisons ``< <= > >= == !=``
(chains such as ``0 < tpr < 0.5`` mean both; a comparison is 1.0 or 0.0);
and the functions of :data:`FUNCTIONS` (``ppf`` is the standard Normal
quantile F⁻¹, scipy's ``ndtri``; ``where(c, a, b)`` picks ``a`` where ``c`` is
not 0). Nothing else: attributes, indexing, keywords, lambdas,
comprehensions, strings, ``and``/``or``, ``if``/``else`` and unknown names are
refused, with the offending part and its column in the message.

Safety: the text is never run. :func:`ast.parse` only builds the syntax
tree; :func:`parse_formula` checks every node against the whitelist and the
limits (:data:`MAX_LENGTH` characters, :data:`MAX_NODES` nodes,
:data:`MAX_DEPTH` levels of nesting) before anything is evaluated, and
:meth:`Formula.evaluate` walks the checked tree, one numpy call per node, on
float64 arrays, so ``10**10**10`` overflows to inf at once instead of
building a huge integer.

As a spec, ``expr(formula)``, see :mod:`fsviz.metrics.custom`.
"""

from __future__ import annotations

import ast
import functools
import warnings
from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtr, ndtri, xlogy

__all__ = ["CONSTANTS", "DEPTH_CEILING", "FUNCTIONS", "MAX_DEPTH", "MAX_LENGTH", "MAX_NODES", "VARIABLES", "Formula",
           "FormulaError", "parse_formula"]

#: Characters a formula may have (raise with ``parse_formula(..., max_length=…)``).
MAX_LENGTH = 500
#: Syntax-tree nodes a formula may have (names, numbers, operations and calls each count one).
MAX_NODES = 200
#: How deeply operations and calls may nest (a chain a + b + c + … nests one level per term); the
#: evaluator recurses once per level.
MAX_DEPTH = 100
#: The largest ``max_depth`` allowed: Python's recursion limit (1,000) stays far away.
DEPTH_CEILING = 200

#: The names a formula reads, and what each is.
VARIABLES = {
    "tp": "positive documents containing the word",
    "fp": "negative documents containing the word",
    "pos": "positive documents",
    "neg": "negative documents",
    "tpr": "tp / pos",
    "fpr": "fp / neg",
    "n": "pos + neg, all documents (N)",
    "df": "tp + fp, documents containing the word",
}
#: Named constants.
CONSTANTS = {"pi": np.pi, "e": np.e}


def _where(condition, a, b):
    return np.where(condition != 0, a, b)


#: name → (function, fewest arguments, most arguments, what it does).
FUNCTIONS = {
    "abs": (np.abs, 1, 1, "absolute value"),
    "sign": (np.sign, 1, 1, "-1, 0 or 1"),
    "sqrt": (np.sqrt, 1, 1, "square root"),
    "exp": (np.exp, 1, 1, "e to the x"),
    "expm1": (np.expm1, 1, 1, "exp(x) − 1"),
    "log": (np.log, 1, 1, "natural logarithm"),
    "log2": (np.log2, 1, 1, "base-2 logarithm"),
    "log10": (np.log10, 1, 1, "base-10 logarithm"),
    "log1p": (np.log1p, 1, 1, "log(1 + x)"),
    "xlogy": (xlogy, 2, 2, "x·log(y), 0 where x = 0 (entropy terms)"),
    "ppf": (ndtri, 1, 1, "the standard Normal quantile F⁻¹(p) (BNS's)"),
    "cdf": (ndtr, 1, 1, "the standard Normal c.d.f. F(x)"),
    "floor": (np.floor, 1, 1, "round down"),
    "ceil": (np.ceil, 1, 1, "round up"),
    "minimum": (np.minimum, 2, 2, "the smaller of two"),
    "maximum": (np.maximum, 2, 2, "the larger of two"),
    "clip": (np.clip, 3, 3, "clip(x, low, high)"),
    "where": (_where, 3, 3, "where(condition, a, b): a where the condition is not 0, else b"),
}
_BINARY = {ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply, ast.Div: np.true_divide,
           ast.Pow: np.power, ast.Mod: np.mod}
_UNARY = {ast.USub: np.negative, ast.UAdd: np.positive}
_COMPARE = {ast.Lt: np.less, ast.LtE: np.less_equal, ast.Gt: np.greater, ast.GtE: np.greater_equal,
            ast.Eq: np.equal, ast.NotEq: np.not_equal}
#: Why a construct is refused, and what to write instead.
_REFUSED = {
    ast.Attribute: "attribute access", ast.Subscript: "indexing", ast.Lambda: "a lambda",
    ast.ListComp: "a comprehension", ast.SetComp: "a comprehension", ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a comprehension", ast.Starred: "unpacking", ast.NamedExpr: "an assignment (:=)",
    ast.JoinedStr: "an f-string", ast.BoolOp: "and/or (use minimum, maximum or where)",
    ast.IfExp: "if/else (use where(condition, a, b))", ast.Tuple: "a tuple", ast.List: "a list",
    ast.Set: "a set", ast.Dict: "a dict", ast.Slice: "a slice",
}
_ALLOWED_NAMES = ", ".join([*VARIABLES, *CONSTANTS])
_ALLOWED_FUNCTIONS = ", ".join(FUNCTIONS)
_HINT = f"a formula may use {_ALLOWED_NAMES}, numbers, + - * / ** %, comparisons and {_ALLOWED_FUNCTIONS}"


class FormulaError(ValueError):
    """A formula that is refused: its syntax, a construct outside the whitelist, a limit, or a non-finite score.

    A :class:`ValueError`, so code that turns ValueError into a message (the app's pages, the CLI) shows it.

    See Also
    --------
    fsviz.metrics.parse_formula : raises it for a formula outside the whitelist or its limits.
    fsviz.metrics.check_plane : raises it for a formula not finite on a task's plane.

    Examples
    --------
    >>> from fsviz.metrics import FormulaError, parse_formula
    >>> try:
    ...     parse_formula("tp if fp else 0")
    ... except FormulaError as error:
    ...     print(str(error)[:54])
    if/else (use where(condition, a, b)) `tp if fp else 0`
    """


@dataclass(frozen=True)
class Formula:
    """A checked formula: its canonical text, the names it reads, and its syntax tree.

    Make one with :func:`parse_formula`; equal texts are equal formulas.

    Parameters
    ----------
    text : str
        Canonical: lower case, the tree written back by :func:`ast.unparse`
        (redundant parentheses gone), spaces removed. ``"abs(ppf(tpr)-ppf(fpr))"``.
    names : frozenset of str
        The variables of :data:`VARIABLES` it reads.
    tree : ast.Expression
        The checked syntax tree; not compared.

    See Also
    --------
    fsviz.metrics.parse_formula : makes one from text.
    fsviz.metrics.expression_spec : its spec, ``expr(text)``, for wherever a metric name goes.

    Examples
    --------
    >>> from fsviz.metrics import parse_formula
    >>> formula = parse_formula("TPR - fpr")
    >>> formula.text, sorted(formula.names), formula.pretty
    ('tpr-fpr', ['fpr', 'tpr'], 'tpr - fpr')
    >>> formula.evaluate([10, 2], [1, 30], 20, 100).round(3).tolist()
    [0.49, -0.2]
    """

    text: str
    names: frozenset
    tree: ast.Expression = field(compare=False, repr=False)

    @property
    def pretty(self) -> str:
        """The formula with spaces around operators, for a page: ``"abs(ppf(tpr) - ppf(fpr))"``."""
        return ast.unparse(self.tree)

    @property
    def needs_labels(self) -> bool:
        """False when it reads only ``df`` and ``n``, which are the same whichever class is positive."""
        return not self.names <= {"df", "n"}

    def evaluate(self, tp, fp, pos, neg) -> np.ndarray:
        """The formula on counts that broadcast, as float64 of their broadcast shape; no checks.

        Non-finite values (a division by zero, ``log(0)``) are returned as
        they are; :func:`fsviz.metrics.custom.check_plane` refuses a formula
        that has them on a task's plane.

        Parameters
        ----------
        tp, fp, pos, neg : array-like
            The 2×2 counts, any shapes that broadcast together (a metric's contract).

        Returns
        -------
        ndarray of float64
            The formula's values, in the broadcast shape of the counts.
        """
        arrays = [np.asarray(v, dtype=np.float64) for v in (tp, fp, pos, neg)]
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
        env = dict(zip(("tp", "fp", "pos", "neg"), arrays, strict=True))
        derived = {"tpr": lambda: env["tp"] / env["pos"], "fpr": lambda: env["fp"] / env["neg"],
                   "n": lambda: env["pos"] + env["neg"], "df": lambda: env["tp"] + env["fp"]}
        with np.errstate(all="ignore"):
            for name in self.names & derived.keys():
                env[name] = derived[name]()
            result = np.asarray(_evaluate(self.tree.body, env), dtype=np.float64)
        return result if result.shape == shape else np.array(np.broadcast_to(result, shape))


def _evaluate(node, env):
    """One checked node's value; recursion is bounded by :data:`MAX_DEPTH`."""
    if isinstance(node, ast.Constant):
        return np.float64(node.value)
    if isinstance(node, ast.Name):
        return env[node.id] if node.id in env else np.float64(CONSTANTS[node.id])
    if isinstance(node, ast.BinOp):
        return _BINARY[type(node.op)](_evaluate(node.left, env), _evaluate(node.right, env))
    if isinstance(node, ast.UnaryOp):
        return _UNARY[type(node.op)](_evaluate(node.operand, env))
    if isinstance(node, ast.Compare):
        left, holds = _evaluate(node.left, env), True
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _evaluate(right_node, env)
            holds = np.logical_and(holds, _COMPARE[type(op)](left, right))
            left = right
        return np.asarray(holds, dtype=np.float64)
    function = FUNCTIONS[node.func.id][0]  # _check let only calls of FUNCTIONS through
    return function(*(_evaluate(a, env) for a in node.args))


# --- parsing -----------------------------------------------------------------


def _refuse(text, node, what, hint=_HINT):
    segment = ast.get_source_segment(text, node) or ""
    shown = segment if len(segment) <= 60 else segment[:57] + "…"
    column = getattr(node, "col_offset", 0) + 1
    raise FormulaError(f"{what} `{shown}` at column {column} of the formula {_short(text)!r} is not allowed; {hint}")


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "…"


def _check(text: str, tree: ast.Expression, max_nodes: int, max_depth: int) -> frozenset:
    """Every node of ``tree`` against the whitelist and the limits; the variables it reads."""
    names, count, stack = set(), 0, [(tree.body, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > max_nodes:
            raise FormulaError(f"the formula {_short(text)!r} has more than {max_nodes} parts (names, numbers, "
                               f"operations); at most {max_nodes} (max_nodes={max_nodes}): simplify it, or raise "
                               "max_nodes in fsviz.metrics.parse_formula")
        if depth > max_depth:
            raise FormulaError(f"the formula {_short(text)!r} nests deeper than {max_depth} levels at column "
                               f"{node.col_offset + 1}; at most {max_depth} (max_depth={max_depth})")
        children = []
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                kind = "a string" if isinstance(node.value, (str, bytes)) else f"the constant {node.value!r}"
                _refuse(text, node, kind, "a formula holds only numbers, names and operations")
            try:
                value = float(node.value)
            except OverflowError:
                value = np.inf
            if not np.isfinite(value):
                _refuse(text, node, "the number", "numbers must be finite floats (below 1.8e308)")
        elif isinstance(node, ast.Name):
            if node.id not in VARIABLES and node.id not in CONSTANTS:
                hint = f"call it with parentheses, e.g. {node.id}(tpr)" if node.id in FUNCTIONS else _HINT
                _refuse(text, node, "the unknown name", hint)
            if node.id in VARIABLES:
                names.add(node.id)
        elif isinstance(node, ast.BinOp):
            if type(node.op) not in _BINARY:
                _refuse(text, node, "the operator in", "use + - * / ** % (no //, @, bit operations)")
            children = [node.left, node.right]
        elif isinstance(node, ast.UnaryOp):
            if type(node.op) not in _UNARY:
                _refuse(text, node, "the operator in", "use unary - or + (for not, write 1 - x or where)")
            children = [node.operand]
        elif isinstance(node, ast.Compare):
            if any(type(op) not in _COMPARE for op in node.ops):
                _refuse(text, node, "the comparison", "use < <= > >= == != (no is, in)")
            children = [node.left, *node.comparators]
        elif isinstance(node, ast.Call):
            children = _check_call(text, node)
        else:
            _refuse(text, node, _REFUSED.get(type(node), f"the construct {type(node).__name__}"))
        stack.extend((child, depth + 1) for child in reversed(children))  # leftmost first
    return frozenset(names)


def _check_call(text, node: ast.Call) -> list:
    if not isinstance(node.func, ast.Name):
        _refuse(text, node.func, _REFUSED.get(type(node.func), "calling"), f"the functions are {_ALLOWED_FUNCTIONS}")
    if node.func.id not in FUNCTIONS:
        _refuse(text, node.func, "the unknown function", f"the functions are {_ALLOWED_FUNCTIONS}")
    if node.keywords:
        _refuse(text, node.keywords[0].value if node.keywords[0].arg else node, "a keyword argument in",
                "pass arguments by position, e.g. clip(tpr, 0.0005, 0.9995)")
    starred = next((a for a in node.args if isinstance(a, ast.Starred)), None)
    if starred is not None:
        _refuse(text, starred, "unpacking")
    _, low, high, what = FUNCTIONS[node.func.id]
    if not low <= len(node.args) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        _refuse(text, node, f"{node.func.id} takes {wanted} argument(s), so", f"{node.func.id}: {what}")
    return list(node.args)


@functools.lru_cache(maxsize=1024)
def _parse(text: str, max_length: int, max_nodes: int, max_depth: int) -> Formula:
    if len(text) > max_length:
        raise FormulaError(f"the formula is {len(text):,} characters long; at most {max_length:,} "
                           f"(max_length={max_length}): shorten it, or raise max_length in fsviz.metrics.parse_formula")
    if not text.strip():
        raise FormulaError(f"the formula is empty; write one in {', '.join(VARIABLES)}, e.g. abs(ppf(tpr) - ppf(fpr))")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarnings about literals: the tree is checked below
            tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        where = f" at column {exc.offset}" if getattr(exc, "offset", None) else ""
        reason = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
        raise FormulaError(f"the formula {_short(text.strip())!r} is not a valid expression{where}: {reason}") from None
    names = _check(text.strip(), tree, max_nodes, max_depth)
    return Formula(ast.unparse(tree).replace(" ", ""), names, tree)


def parse_formula(text, *, max_length: int = MAX_LENGTH, max_nodes: int = MAX_NODES,
                  max_depth: int = MAX_DEPTH) -> Formula:
    """The checked :class:`Formula` of ``text``, or :class:`FormulaError` saying what is refused and where.

    Parameters
    ----------
    text : str
        One expression; see the module notes for what it may hold.
    max_length, max_nodes, max_depth : int
        The limits, checked before anything is evaluated (defaults
        :data:`MAX_LENGTH`, :data:`MAX_NODES`, :data:`MAX_DEPTH`).

    Returns
    -------
    Formula
        The checked formula, with its canonical ``text``.

    Raises
    ------
    FormulaError
        Saying what is refused and where.
    ValueError
        If a limit is not a whole number of at least 1 (``max_depth`` also at most :data:`DEPTH_CEILING`).

    See Also
    --------
    fsviz.metrics.expression_spec : the formula's canonical ``expr(…)`` spec.
    fsviz.metrics.check_plane : checks it finite on a task's (fp, tp) plane.
    fsviz.get_metric : the table metric of an ``expr(…)`` spec.

    Examples
    --------
    >>> from fsviz.metrics import parse_formula
    >>> formula = parse_formula("ABS( ppf(tpr) - (ppf(fpr)) )")
    >>> formula.text
    'abs(ppf(tpr)-ppf(fpr))'
    >>> round(float(formula.evaluate(20, 1, 50, 1000)), 3)
    2.837
    """
    if not isinstance(text, str):
        raise FormulaError(f"a formula must be text, got {type(text).__name__} {text!r:.60}")
    for name, value, most in (("max_length", max_length, None), ("max_nodes", max_nodes, None),
                              ("max_depth", max_depth, DEPTH_CEILING)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1 or \
                (most is not None and value > most):
            upto = f" and at most {most} (the evaluator recurses once per level)" if most else ""
            raise ValueError(f"`{name}` must be a whole number, at least 1{upto}, got {value!r}")
    return _parse(text.lower(), int(max_length), int(max_nodes), int(max_depth))
