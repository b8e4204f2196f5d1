"""``fsviz export DATA --class C --metric M --k K --out F``: a selector you can ship, a class's k words under a
metric as a fitted Pipeline (.skops) or the words themselves (.csv, .json), with the code to tune it yourself."""

from __future__ import annotations

from pathlib import Path

from .._files import write_atomically
from .._lazy import LazySequence, lazy
from .._validation import check_whole
from ..stats.significance import FdrRule, parse_k_rule
from .options import task_groups
from .output import check_out
from .significance import chosen_k as _k

__all__ = ["export_command"]

# Fitting and saving a model needs scikit-learn (and skops): imported when the command first runs.
export_selection = lazy("fsviz.evaluation.shipping", "export_selection")
FILE_TYPES = lazy("fsviz.evaluation.shipping", "FILE_TYPES", kind=LazySequence)
tuning_snippet = lazy("fsviz.evaluation.shipping", "tuning_snippet")
GridConfig = lazy("fsviz.evaluation.grid", "GridConfig")


def export_command(args, load) -> None:
    """``fsviz export``: the selection of ``args`` written to ``--out``; ``load(args)`` reads the corpus."""
    check_out(args.out)
    file_type = Path(args.out).suffix.lstrip(".").lower()
    if file_type not in FILE_TYPES:
        raise ValueError(f"--out must end in .skops (a fitted model) or .csv or .json (the selected words), "
                         f"got {args.out}")
    check_whole(args.max_mb, "--max-mb", minimum=1, what="of MiB")
    if args.test_file:
        raise ValueError("export fits its model on all of DATA's documents, so --test-file does not apply; "
                         "leave it out")
    rule = parse_k_rule(args.k)
    GridConfig(metrics=(args.metric,), ks=(rule if isinstance(rule, int) else 1,),  # checked before the corpus is read
               classifier=args.classifier, classifier_params=(("C", args.C),) if args.C is not None else (),
               seed=args.seed)
    corpus = load(args)
    positive, negative = task_groups(args, corpus.classes)
    k = _k(args, corpus.task(positive, negative)) if isinstance(rule, FdrRule) else rule
    if isinstance(rule, FdrRule):
        print(f"{rule}: {k} words have q <= {rule.fdr:g}, so k = {k}")
    export = export_selection(corpus, positive, args.metric, k, negative=negative, classifier=args.classifier,
                              params={"C": args.C} if args.C is not None else {}, file_type=file_type,
                              random_state=args.seed, max_bytes=args.max_mb << 20)
    write_atomically(args.out, lambda tmp: tmp.write_bytes(export.data), "--out")  # a killed run leaves no half
    print(f"wrote {args.out}: {export.summary}")
    print(export.usage(args.out))
    print("\n# Or tune the metric and k in your own pipeline and folds:")
    params = (("C", args.C),) if args.C is not None else ()
    print(tuning_snippet(args.metric, k, classifier=args.classifier, params=params, options=corpus.options
                         if corpus.options.get("tokenised") else None,
                         class_name=positive[0] if len(positive) == 1 and negative is None else None))
