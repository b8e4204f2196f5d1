"""Page pieces shared by several pages (widgets; no analysis of their own)."""

from __future__ import annotations

import html
import inspect
import math
import re

import pandas as pd
import streamlit as st

import fsviz
from fsviz._lazy import LazyMapping, lazy
from fsviz.stats.tables import word_facts
from ui import cache
from ui.charts import live_chart, whole_figure

# The answer's words need the grid and scikit-learn: imported when a page first shows an answer, not by the Corpus
# page a new server draws first.
metric_label = lazy("fsviz.evaluation.analyses", "metric_label")
recommendation_table, recommendation_text, method_sentence, deciding = lazy(
    "fsviz.evaluation.answer", "recommendation_table", "recommendation_text", "method_sentence", "deciding")
ANSWER_LABELS = lazy("fsviz.evaluation.answer", "ANSWER_LABELS", kind=LazyMapping)
tuning_snippet = lazy("fsviz.evaluation.shipping", "tuning_snippet")
figure_bytes, static_engine = lazy("fsviz.plots.files", "figure_bytes", "static_engine")

#: What a figure downloads as: format → (button label, MIME type).
FIGURE_FILES = {"svg": ("SVG (vector, to restyle and print)", "image/svg+xml"),
                "png": ("PNG (print resolution, 3× its size)", "image/png"),
                "html": ("HTML (interactive, works offline)", "text/html")}


def export_panel(context, metric: str, k: int, *, classifier: str = "svm", params=(), key: str) -> None:
    """Build on request, then download, the selector ``metric`` at ``k`` for the sidebar's corpus and class.

    A corpus of texts gives a fitted scikit-learn Pipeline saved with skops
    (:func:`fsviz.export_selection`), a pre-counted one its words as CSV; the
    lines of Python that load it are shown under the button. The model is
    fitted only when asked (a click), then kept for this session.
    """
    wanted = (context.corpus_key, context.groups, metric, int(k), classifier, tuple(params))
    texts = context.corpus.options.get("tokenised", False)
    asked = st.button("Build the model" if texts else "Prepare the word list", key=f"{key}_build",
                      disabled=st.session_state.get(f"{key}_built") == wanted,
                      help="Fits the classifier on every document of the corpus; a second or so on large corpora.")
    if asked:
        st.session_state[f"{key}_built"] = wanted
    if st.session_state.get(f"{key}_built") != wanted:
        return
    try:
        export = cache.exported(context.corpus, *wanted)
    except ValueError as exc:
        st.session_state.pop(f"{key}_built", None)
        st.error(f"Could not export this selection: {plain(exc)}", icon="⚠️")
        return
    st.download_button(f"Download {export.file_name}", export.data, export.file_name, export.mime,
                       key=f"{key}_download", on_click="ignore", type="primary", icon=":material/download:")
    st.caption(plain(export.summary))
    st.code(export.snippet, language="python")


def heading(title: str, intro: str) -> None:
    """A page's title and its opening paragraph: ``intro`` is our own Markdown, written as wrapped prose (its line
    breaks and indents are single spaces)."""
    st.title(title)
    st.markdown(" ".join(intro.split()))


def chart(figure, *, key: str, name: str | None = None, **options) -> list[dict]:
    """The figure drawn in place (:func:`ui.charts.live_chart`: a changed figure redraws the chart already in the
    page; ``options`` are its ``revision``, ``selection``, ``config`` and ``under``) with a *Download figure* button under
    it: the figure as SVG, PNG at print resolution or HTML (:func:`fsviz.plots.files.figure_bytes`), drawn only
    when a format is clicked. Where the server cannot draw SVG or PNG (:func:`fsviz.plots.files.static_engine`),
    HTML alone, and the reason. Returns the chart's selected points."""
    chosen = live_chart(figure, key=key, **options)
    under = options.get("under")  # the file is the whole figure the chart draws
    with st.popover("Download figure", icon=":material/download:"):
        missing = static_engine()
        for fmt, (label, mime) in FIGURE_FILES.items():
            if fmt != "html" and missing:
                continue
            st.download_button(label, lambda fmt=fmt: figure_bytes(whole_figure(figure, under), fmt),
                               f"fsviz-{name or key}.{fmt}", mime, key=f"{key}_file_{fmt}", on_click="ignore")
        if missing:
            st.caption(f"{missing}; HTML opens in any browser and its camera button saves a PNG.")
    return chosen


def tuning_panel(context, metric: str, k: int, *, classifier: str = "svm", params=()) -> None:
    """The lines that tune ``metric`` and k around ``k`` in the visitor's own pipeline and folds
    (:func:`fsviz.evaluation.shipping.tuning_snippet`: a Pipeline with :class:`fsviz.MetricSelector`)."""
    groups, corpus = context.groups, context.corpus
    code = tuning_snippet(metric, k, classifier=classifier, params=params,
                          class_name=groups.positive[0] if groups.one_vs_rest else None,
                          options=corpus.options if corpus.options.get("tokenised") else None)
    with st.expander("Tune it in your own pipeline: fsviz.MetricSelector in GridSearchCV"):
        st.caption("Refit on your own folds: the same metric and tie rule as here, k around the answer. "
                   + ("" if groups.one_vs_rest else "Your labels: this task's two groups, as you define them."))
        st.code(code, language="python")


#: One-click choices beside a metric picker: Forman's four best overall (2003, §4: BNS, IG, Chi, Odds), his twelve.
PRESETS = {"Forman's four": ("bns", "ig", "chi", "odds"), "Forman's twelve": tuple(fsviz.FORMAN_METRICS)}


def _choose(key: str, values) -> None:
    st.session_state[key] = list(values)


#: Enter in a multiselect's search adds its first match, not every match ("Select N matches"), where Streamlit
#: offers the choice (its ``select_all``, 1.6x on).
_FIRST_MATCH = {"select_all": False} if "select_all" in inspect.signature(st.multiselect).parameters else {}


def choose_many(label: str, options, *, key: str, default=(), **kwargs) -> list:
    """Streamlit's multiselect, every one of the app's: a typed name and Enter add its first match alone, not every
    match (``select_all``). Give it short option labels (``format_func``, :func:`metric_choice` for metrics): the
    box's filter reads them, and a long label matches words typed for another option.

    ``default`` goes into the session's state when the box has none, not to the box: a button that sets the box
    (a preset, All, None) would otherwise set a box that has a default, which Streamlit warns of. A value no longer
    among ``options`` (another corpus's class) is dropped."""
    options = list(options)
    kept = st.session_state[key] if key in st.session_state else default
    st.session_state[key] = [value for value in kept if value in options]
    return st.multiselect(label, options, key=key, **kwargs, **_FIRST_MATCH)


def metric_choice(name: str) -> str:
    """A metric as the app's boxes list it: its short label, and its registered name after it where the label does
    not hold it (``χ²max (chi_max)``, ``IG freq (igf)``), so the name a visitor types, as in the CLI, finds it."""
    label = fsviz.spec_label(name)
    return label if "(" in name or name.lower() in label.lower() else f"{label} ({name})"


def metric_picker(label: str, options, *, default, key: str, format_func=None, help=None, presets=True) -> list:
    """A multiselect of metrics, with presets (Forman's four, his twelve, all, none) that each set it in one
    rerun, and a line naming what is chosen: a dozen long labels do not fit the box, which then scrolls.

    The box lists each metric by its short label (``BNS``, ``PR``) and, where the label does not hold it, its
    registered name (:func:`metric_choice`), so a typed name finds that metric and Enter adds it alone;
    ``format_func`` (a metric's long description) is shown under the box, folded."""
    options = list(options)
    chosen = choose_many(label, options, default=default, key=key, format_func=metric_choice, help=help)
    if format_func is not None:
        with st.expander("What each metric is"):
            st.markdown("\n".join(f"- {plain(format_func(m))}" for m in options))
    if presets:
        choices = {**{name: [m for m in values if m in options] for name, values in PRESETS.items()},
                   "All": options, "None": []}
        row = st.container(horizontal=True, gap="small")  # wraps in a narrow column
        for name, values in choices.items():
            if name == "None" or values:
                slug = re.sub(r"[^a-z]+", "_", name.lower())
                row.button(name, key=f"{key}_preset_{slug}", type="tertiary", on_click=_choose, args=(key, values),
                              help=", ".join(fsviz.spec_label(m) for m in values) or "Clear the choice")
    line = f"Chosen ({len(chosen)}): " + (", ".join(plain(fsviz.spec_label(m)) for m in chosen) or "none")
    st.caption(line)  # under the presets: a narrow column (the grid's) leaves no room beside them
    return chosen


def class_picker(label: str, classes, *, key: str) -> list:
    """A multiselect of classes (all chosen at first) with All and None, and a line naming what is chosen and how
    many: with many classes the box's chips run past its edge, and the line says what the box cannot show."""
    classes = [str(c) for c in classes]
    chosen = choose_many(label, classes, default=classes, key=key)
    row = st.container(horizontal=True, gap="small")
    row.button("All", key=f"{key}_all", type="tertiary", on_click=_choose, args=(key, classes))
    row.button("None", key=f"{key}_none", type="tertiary", on_click=_choose, args=(key, []))
    shown = ", ".join(plain(c) for c in chosen[:12]) + (f", … ({len(chosen) - 12:,} more)" if len(chosen) > 12 else "")
    st.caption(f"Chosen ({len(chosen)} of {len(classes)} classes): {shown or 'none'}")
    return chosen


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_csv(frame: pd.DataFrame, *, index: bool = False) -> str:
    """``frame`` as CSV for a download: a text cell that a spreadsheet would run as a formula (one starting with
    ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading ``'``, as OWASP advises against CSV
    injection. Class names, file names, words and document lines are visitors' own text, and a CSV from a corpus
    someone else put in the data folder may be opened in Excel. Numbers are written as they are."""

    def safe(value):
        return "'" + value if isinstance(value, str) and value.startswith(_FORMULA_START) else value

    frame = frame.copy()
    for column in frame.columns:
        if not pd.api.types.is_numeric_dtype(frame[column]):  # bool counts as numeric
            frame[column] = frame[column].map(safe)
    frame.columns = [safe(c) for c in frame.columns]
    if index:
        frame.index = frame.index.map(safe)
    return frame.to_csv(index=index)


def plain(text) -> str:
    """``text`` (a visitor's label, word, file name, formula, or a message quoting them) for any ``st.*`` call
    that reads Markdown, shown exactly as it is: every ASCII punctuation character is backslash-escaped, as
    CommonMark allows, so no link, image, emphasis, emoji or icon code (``:x:``, ``:material/home:``), colour
    directive or LaTeX forms, and no HTML (Streamlit shows none without ``unsafe_allow_html``); and no bare
    address becomes a link (:func:`unlinked`)."""
    return _PUNCTUATION.sub(r"\\\1", unlinked(str(text)))


_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
#: Where GitHub-flavoured Markdown's autolinks start: a scheme before ":", "www" before ".", and "@".
_AUTOLINK = re.compile(r"(?i)(https?|ftp|mailto|xmpp|www)(?=[:.])|(?=@)")


def unlinked(text: str) -> str:
    """``text`` with an invisible word joiner (U+2060) where Markdown would turn a bare address into a link:
    after ``http``, ``https``, ``ftp``, ``mailto`` or ``www`` and before ``@``. Streamlit's Markdown links
    ``http://…``, ``www.…`` and ``a@b.c`` in any text, escaped or not; the joiner keeps the text as it reads.

    >>> unlinked("see http://x.org or me@x.org") == "see http\u2060://x.org or me\u2060@x.org"
    True
    """
    return _AUTOLINK.sub(lambda m: (m.group(1) or "") + "\u2060", text)


FORMULA_HELP = (
    "A formula in the word's counts: tp, fp (positive and negative documents containing it), pos, neg (documents "
    "in each class), tpr = tp/pos, fpr = fp/neg, n = pos + neg, df = tp + fp; numbers, pi, e; + - * / ** %, "
    "comparisons (1 or 0); and " + ", ".join(fsviz.metrics.expression.FUNCTIONS) + ". ppf is the Normal quantile "
    "F⁻¹ of BNS; where(condition, a, b) picks a where the condition holds. Nothing else runs: the formula is read "
    "as a syntax tree and refused, with the part and column, if it holds anything outside this list. It must be "
    "finite for every (fp, tp) of this class; the refusal names the first point where it is not."
)


def formula_box(prefix: str, task) -> str | None:
    """The "Your own metric" box and Forman's inversion: the formula's spec, or None.

    The spec is checked on ``task`` (one library call); a refused formula is
    shown with ``st.error`` and adds nothing.
    """
    # The switch under the box, not beside it: in a narrow column (the word map's controls) its label was cut.
    text = st.text_input("Your own metric", key=f"{prefix}_formula", help=FORMULA_HELP,
                         placeholder="e.g. abs(ppf(clip(tpr, 0.0005, 0.9995)) - ppf(clip(fpr, 0.0005, 0.9995))) "
                                     "* log(df + 1)")
    invert = st.toggle("Invert negative features", key=f"{prefix}_formula_invert",
                       help="Forman's inversion: a word more common outside the class (tpr < fpr) is scored as if "
                            "tp were pos − tp and fp were neg − fp, so a formula that favours positive features "
                            "scores negative ones too (as Acc, F1, Odds and PR do).")
    if not text.strip():
        return None
    try:
        spec = fsviz.metrics.expression_spec(text, invert=invert)
        task.score(spec)  # refuses a formula not finite on this class's plane
    except ValueError as exc:  # the message quotes the formula
        st.error("Your own metric is refused: " + plain(str(exc)), icon="⚠️")
        return None
    st.caption(f"Added as `{spec}`: use this spec in the grid, the CLI (`--metrics`) or `fsviz.score_words`.")
    return spec


#: Characters Markdown (or its math) would read as syntax, written as HTML character references after
#: ``html.escape``, so a document's ``**``, ``$x$``, ``[link](…)`` or `` ` `` shows as typed.
_MARKDOWN_REFS = {ord(c): f"&#{ord(c)};" for c in "\\`*_{}[]~$|:!()/=+-.@%^?,"}


def escaped(text: str) -> str:
    """``text`` safe inside HTML given to ``st.markdown(..., unsafe_allow_html=True)``: tags, entities and
    Markdown syntax all shown as the characters they are."""
    return html.escape(unlinked(text), quote=True).translate(_MARKDOWN_REFS)


def kwic_html(lines, *, labels: bool = False) -> str:
    """Keyword-in-context lines (:class:`fsviz.corpora.contexts.ContextLine`) as an HTML table: the left context
    right-aligned, the match in ``<mark>``, the right context; every piece of document text escaped."""
    rows = []
    for line in lines:
        label = f"<td style='color:#666'>{escaped(line.labels)}</td>" if labels else ""
        rows.append(f"<tr><td style='color:#666'>{line.doc}</td>{label}<td style='color:#666'>×{line.occurrences}</td>"
                    f"<td style='text-align:right;width:45%'>{escaped(line.left)}</td>"
                    f"<td style='white-space:nowrap;text-align:center'><mark>{escaped(line.match)}</mark></td>"
                    f"<td style='width:45%'>{escaped(line.right)}</td></tr>")
    head = ("<th>doc</th>" + ("<th>class</th>" if labels else "")
            + "<th>times</th><th style='text-align:right'>before</th><th>word</th><th>after</th>")
    return f"<table style='width:100%;font-size:0.9em'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def documents_panel(context, metrics, k, *, searched=(), selected=(), picked=None, key: str) -> None:
    """"The documents behind a word": a word's counts, its standing under ``metrics`` at ``k``, and
    keyword-in-context lines from the class and from the rest, paged, with a CSV of the lines shown.

    The word is chosen in a select box offering, in order, the word ``picked`` in a table, the words at
    the ``selected`` points (a clicked point may hold several), the ``searched`` words, then the top 10
    of the first metric; when what the visitor did changes, its first word is shown. A corpus read as
    counts (ARFF, CLUTO) has no text: the panel says so under the counts.
    """
    task, corpus = context.task, context.corpus
    ranking = fsviz.select_top_k(task.score(metrics[0] if metrics else "bns"), min(10, task.n_words)).indices
    chosen = [int(i) for i in [*([] if picked is None else [picked]), *selected[:200], *searched]]
    offered = [str(w) for w in dict.fromkeys(task.vocabulary[chosen + [int(i) for i in ranking]])]
    if not offered:
        st.info("This class has no words to show.")
        return
    shown_before = st.session_state.get(f"{key}_shown")  # the word shown last, kept across pages
    if shown_before is not None and shown_before[0] == (context.corpus_key, context.class_name):
        if shown_before[1] not in offered:  # same corpus and class: still a word of this task
            offered.append(shown_before[1])
        if f"{key}_word" not in st.session_state:  # back from another page: the widget starts anew
            st.session_state[f"{key}_word"] = shown_before[1]
    action = (context.corpus_key, context.class_name, chosen[:1])
    if chosen and st.session_state.get(f"{key}_action") != action:
        st.session_state[f"{key}_word"] = str(task.vocabulary[chosen[0]])
    st.session_state[f"{key}_action"] = action
    has_text = corpus.texts is not None
    c1, c2, c3, c4 = st.columns([2, 1, 1, 1])
    word = c1.selectbox("Word", offered, key=f"{key}_word",
                        help="The word you picked in the selection table, then the words at the point you clicked "
                             "(or in your box or lasso), then those you searched for, then the top 10 by the first "
                             "metric chosen above.")
    st.session_state[f"{key}_shown"] = ((context.corpus_key, context.class_name), word)
    facts = word_facts(task, word, list(metrics) or ["bns"], k)
    if has_text:
        n = c2.selectbox("Documents per page", [5, 10, 20, 50], index=1, key=f"{key}_n")
        width = c3.slider("Words of context", 2, 20, 8, key=f"{key}_width")
        pages = max(1, math.ceil(max(facts.tp, facts.fp) / n))
        if st.session_state.get(f"{key}_page_of") != (word, n) or st.session_state.get(f"{key}_page", 1) > pages:
            st.session_state[f"{key}_page"] = 1
        st.session_state[f"{key}_page_of"] = (word, n)
        page = c4.number_input(f"Page (of {pages})", 1, pages, key=f"{key}_page",
                               help="Each page shows the next documents of each side in the same fixed order.")
    cards = st.columns(4)
    groups = context.groups
    cards[0].metric("tp: in the class" if groups.one_vs_rest else "tp: in group A", f"{facts.tp:,} of {facts.pos:,}",
                    help="Documents of the class containing the word, of all the class's documents (pos).")
    cards[1].metric("fp: outside it" if groups.negative is None else "fp: in group B", f"{facts.fp:,} of {facts.neg:,}",
                    help="Other documents containing the word, of all the other documents (neg).")
    cards[2].metric("tpr = tp / pos", f"{facts.tpr:.4g}")
    cards[3].metric("fpr = fp / neg", f"{facts.fpr:.4g}")
    standing = facts.standing.assign(metric=[fsviz.spec_label(m) for m in facts.standing["metric"]])
    st.dataframe(standing.rename(columns={"top-k": f"in the top {facts.k}"}), hide_index=True,
                 column_config={"score": st.column_config.NumberColumn(format="%.4g")})
    held = [fsviz.spec_label(m) for m in facts.top_k_of]
    st.caption(f"Rank 1 is the best score of {task.n_words:,} words (tied words share a rank). "
               + (f"In the top {facts.k} of {', '.join(held)}." if held else f"In no metric's top {facts.k}."))
    if not has_text:
        st.info(f"{plain(repr(corpus.name))} arrived as word counts (ARFF, CLUTO or a count matrix), so there is no "
                "text to show; the counts above are all it holds. Load the documents as text (CSV, JSONL, a folder "
                "or an archive) to read them.", icon="ℹ️")
        return
    try:
        shown = corpus.contexts(word, context.positive, negative=context.negative, n=n, width=width,
                                offset=(page - 1) * n)
    except ValueError as exc:
        st.error(f"Could not show the documents: {plain(str(exc))}", icon="⚠️")
        return
    inside = f"in class {groups.positive_label!r}" if groups.one_vs_rest else f"in {groups.positive_label!r}"
    outside = "outside it" if groups.negative is None else f"in {groups.negative_label!r}"
    for sample, where in ((shown.positive, inside), (shown.rest, outside)):
        what = f"{sample.offset + 1:,}–{sample.offset + len(sample.lines):,}" if sample.lines else "none on this page"
        documents = f"{sample.total:,} document contains" if sample.total == 1 else f"{sample.total:,} documents contain"
        st.markdown(f"**{documents.replace(' contain', f' {escaped(where)} contain')} {escaped(repr(word))}** "
                    f"(showing {what})", unsafe_allow_html=True)
        if sample.lines:
            st.markdown(kwic_html(sample.lines, labels=sample.side == "rest"), unsafe_allow_html=True)
    st.caption("One line per document, around the word's first occurrence (times: how often it occurs there); "
               "the documents of each side are in a fixed random order (seed 0), so each page shows new ones and "
               "the pages together show them all.")
    lines = pd.DataFrame(shown.records(), columns=["side", "doc", "left", "match", "right", "occurrences", "labels"])
    st.download_button("Download these lines (CSV)", lambda: spreadsheet_csv(lines), f"contexts_{word}_page{page}.csv",
                       "text/csv", key=f"{key}_download")


def answer_panel(context, recommendation: pd.DataFrame, goal: str, *, classifier: str = "svm", params=(),
                 key: str, own: bool = True) -> None:
    """The answer for ``goal`` from :func:`fsviz.evaluation.answer.recommend`'s table, first and in words; the
    other goals' below it; how its claims were tested, in one sentence; the table; and the model to ship: the
    answer's selection when its verdict is better, the smaller selection when the data cannot tell it from all
    words, nothing when all words score higher, and nothing from a run someone shared (``own`` False: its answer is
    for the sender's corpus). Metric labels are a visitor's text (a results file's own spec): shown as text."""
    lines = recommendation_text(recommendation, label_text)
    goals = list(recommendation["goal"])
    row = recommendation.iloc[goals.index(goal)]
    (st.success if isinstance(row["metric"], str) else st.warning)(lines[goals.index(goal)], icon=None)
    scored_on = row.get("scored_on", "folds")
    method = method_sentence(scored_on, row.get("chosen_on", "other folds"), row.get("test") == "randomization")
    if row.get("test") == "randomization":
        st.caption(f"How sure: every claim of \"better\" is judged by {method}: nothing learnt saw the test file, "
                   "and the test asks how often swapping each document's two predictions at random gives as large a "
                   "difference. \"The data cannot tell\" means the test file's documents could not show a difference, "
                   "not that there is none.")
    else:
        units = "parts of the test file" if scored_on == "test file" else "folds"
        st.caption(f"How sure: every claim of \"better\" is judged by the {method}: the choice is never "
                   f"scored on the {units} that chose it, and the test allows for the folds' overlap. \"The data "
                   f"cannot tell\" means the {units} could not show a difference, not that there is none.")
    with st.expander("The other goals"):
        for g, line in zip(goals, lines):
            if g != goal:
                st.markdown(f"- {line}")
    st.dataframe(recommendation_table(recommendation, label_text), hide_index=True)
    if not own:  # a run shared with this visitor: its answer is the sender's, on the sender's corpus
        st.caption("This run was shared with you: its answer is for the sender's corpus, so nothing is offered to "
                   "ship from it here. Run Recommend on your own corpus to get a selection to ship.")
        return
    said = deciding(*(row.get(name) if isinstance(row.get(name), str) else None
                      for name in ("verdict_all_words", "verdict_rand")))[0]
    documents = ("every document of the sidebar's corpus" if context.corpus.test_rows is None else
                 "the training file of the sidebar's corpus (the test file stays a test)")
    if isinstance(row["metric"], str):
        st.markdown(f"**Ship it for {ANSWER_LABELS[goal]}**: {label_text(row['metric'])} with k = {int(row['k']):,} "
                    f"and this run's classifier, fitted on {documents} "
                    f"({plain(context.corpus.name)}) for {plain(context.described)}; change the class in the sidebar.")
        shipped = row["metric"]
    elif said == "cannot tell":  # what selection does offer: as good as the data can tell, with fewer words
        st.markdown(f"**Ship the smaller selection for {ANSWER_LABELS[goal]}**: {label_text(row['best'])} with "
                    f"k = {int(row['k']):,}, which the held-out data cannot tell from all words, for a smaller and "
                    f"faster model; fitted with this run's classifier on {documents} "
                    f"({plain(context.corpus.name)}) for {plain(context.described)}.")
        shipped = row["best"]
    else:
        st.caption("No selection to ship for this goal: the held-out data show all words scoring higher; keep all "
                   "words, or the fewest words the answer names.")
        return
    export_panel(context, shipped, int(row["k"]), classifier=classifier, params=params, key=key)
    tuning_panel(context, shipped, int(row["k"]), classifier=classifier, params=params)


def label_text(metric) -> str:
    """A metric's label for Markdown: a results file's own spec is a visitor's text."""
    return plain(metric_label(metric))
