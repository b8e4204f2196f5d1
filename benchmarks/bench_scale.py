"""Scale: a 200,000-document corpus end to end, through the library and through the app, and the growth from 20k.

    python benchmarks/bench_scale.py            # 20k, 60k, 200k documents (some 15 minutes)
    python benchmarks/bench_scale.py --quick    # 2k, 6k, 20k documents (about two minutes)

The corpus (``_scale_corpus.py``): a Zipfian vocabulary of 100,000 made-up words, 20 skewed classes (the largest
28% of the documents, the smallest 1.4%), about 50 tokens a document, as JSONL; the smaller sizes are the first
lines of the largest file (prefixes: the same documents).

Each size runs twice, each time in a fresh process so its peak resident memory (``ru_maxrss``) is its own:

- library: ``load_corpus``; one class's task (``binary_task``); every registered metric's scores for it
  (``score_words``; model-based ones fit their model); the word-map figure (``word_points`` and
  ``word_map_figure`` with Forman's Figure 2 metrics at k = 100, after one warm-up figure); one grid trial
  (3 metrics × 3 k × 2 classes, 4 folds, plus the all-features rows; ``run_grid``, one worker);
- app: Streamlit's AppTest on ``app.py`` with the corpus given as a typed path (``FSVIZ_DATA_DIRS`` set to its
  folder), the class chosen, then ``pages/word_map.py`` and five reruns after k changes (their median).

Then the growth from the smallest to the largest size of each figure (time or memory; 10× the documents).
Goals: the app with the 200k corpus loaded <= 1.2 GB peak RSS (1,144 MiB); word-map reruns <= 1 s.
"""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from _common import REPO, let_the_app_read
from _scale_corpus import make_scale_corpus

#: Forman's Figure 2 metrics, as bench_word_map draws them.
FIGURE_METRICS = ["bns", "ig", "chi", "odds", "pr", "dfreq"]
GRID_METRICS, GRID_KS = ("bns", "ig", "chi"), (10, 100, 1000)
#: A mid-sized class (class00 is the largest) and a small one.
CLASS, GRID_CLASSES = "class03", ("class03", "class12")
GOAL_MIB = 1.2e9 / 2**20


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _clock(figures: dict, name: str, fn):
    """Run ``fn``; its wall seconds in ``figures[name]``, this process's CPU seconds in ``figures[name + "_cpu"]``
    (AppTest runs the app's script in this process, so its CPU counts too)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    figures[name], figures[f"{name}_cpu"] = time.perf_counter() - start, time.process_time() - cpu
    return result


def library(path: str) -> dict:
    import fsviz
    from fsviz.evaluation.grid import GridConfig, run_grid
    from fsviz.metrics import metric_names
    from fsviz.plots import word_map_figure
    from fsviz.stats.tables import word_points

    figures = {}
    corpus = _clock(figures, "load", lambda: fsviz.load_corpus(path))
    figures["load_peak_mib"] = _peak_mib()
    task = _clock(figures, "task", lambda: corpus.binary_task(CLASS))
    training = corpus.training(CLASS)
    slowest = {}

    def every_metric():
        for name in metric_names():
            start = time.perf_counter()
            fsviz.score_words(name, training)
            slowest[name] = time.perf_counter() - start

    _clock(figures, "all_metrics", every_metric)
    figures["slowest_metrics"] = dict(sorted(slowest.items(), key=lambda kv: -kv[1])[:3])
    word_map_figure(task, FIGURE_METRICS, 10, points=word_points(task))  # warm: plotly's first figure imports more
    _clock(figures, "word_map", lambda: word_map_figure(task, FIGURE_METRICS, 100, points=word_points(task)))
    config = GridConfig(metrics=GRID_METRICS, ks=GRID_KS, trials=1, folds=4, classes=GRID_CLASSES)
    with tempfile.TemporaryDirectory() as folder:
        run = _clock(figures, "grid_trial", lambda: run_grid(corpus, config, out=f"{folder}/grid.parquet"))
    figures.update(grid_fits=run.fits, docs=corpus.n_docs, words=corpus.n_words, peak_mib=_peak_mib())
    return figures


def app(path: str, reruns: int) -> dict:
    from streamlit.testing.v1 import AppTest

    let_the_app_read(path)
    figures = {}

    def ok(at):
        problems = [e.value for e in (*at.exception, *at.error)]
        assert not problems, problems
        return at

    at = _clock(figures, "app_start", lambda: ok(AppTest.from_file(str(REPO / "app.py"), default_timeout=900).run()))
    ok(at.radio(key="source_kind").set_value("Path").run())
    _clock(figures, "app_load", lambda: ok(at.text_input(key="path").set_value(path).run()))
    figures["app_loaded_peak_mib"] = _peak_mib()
    _clock(figures, "app_class", lambda: ok(at.selectbox(key="class_name").set_value(CLASS).run()))
    _clock(figures, "app_word_map", lambda: ok(at.switch_page("pages/word_map.py").run()))
    corpus = at.session_state["context"].corpus
    assert corpus.n_docs > 0 and at.get("bidi_component"), "the word map page drew no chart"
    times, cpus = [], []
    for k in (200, 500, 1000, 100, 50)[:reruns]:
        start, cpu = time.perf_counter(), time.process_time()
        ok(at.number_input(key="k").set_value(k).run())
        times.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    figures.update(app_rerun_median=statistics.median(times), app_rerun_median_cpu=statistics.median(cpus),
                   app_rerun_max=max(times), app_rerun_max_cpu=max(cpus), docs=corpus.n_docs, peak_mib=_peak_mib())
    return figures


def run_child(side: str, path, reruns: int) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", side, str(path), "--reruns", str(reruns)],
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the {side} run on {path} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


ROWS = [  # (label, side, key, unit)
    ("load_corpus", "library", "load", "s"), ("peak RSS after load", "library", "load_peak_mib", "MiB"),
    ("binary_task", "library", "task", "s"), ("all metrics (score_words)", "library", "all_metrics", "s"),
    ("word map figure (6 metrics)", "library", "word_map", "s"),
    ("grid trial 3 metrics x 3 k x 2 classes", "library", "grid_trial", "s"),
    ("library peak RSS", "library", "peak_mib", "MiB"),
    ("app: start", "app", "app_start", "s"), ("app: load the typed path", "app", "app_load", "s"),
    ("app: peak RSS with the corpus loaded", "app", "app_loaded_peak_mib", "MiB"),
    ("app: choose the class", "app", "app_class", "s"), ("app: open the word map", "app", "app_word_map", "s"),
    ("app: word map rerun after k (median)", "app", "app_rerun_median", "s"),
    ("app: word map rerun after k (max)", "app", "app_rerun_max", "s"),
    ("app peak RSS", "app", "peak_mib", "MiB"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2k, 6k and 20k documents instead of 20k, 60k, 200k")
    parser.add_argument("--sizes", help="comma-separated numbers of documents (overrides --quick)")
    parser.add_argument("--no-app", action="store_true", help="the library only")
    parser.add_argument("--reruns", type=int, default=5, help="word map reruns after k changes (at most 5)")
    parser.add_argument("--child", nargs=2, metavar=("SIDE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        side, path = args.child
        print(json.dumps(library(path) if side == "library" else app(path, args.reruns)))
        return
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else (
        [2_000, 6_000, 20_000] if args.quick else [20_000, 60_000, 200_000])
    largest = make_scale_corpus(max(sizes))
    paths = {n: make_scale_corpus(n) for n in sizes}  # the prefixes: the first n lines of the largest
    results = {}
    for n in sizes:
        results[n] = {"library": run_child("library", paths[n], args.reruns)}
        if not args.no_app:
            results[n]["app"] = run_child("app", paths[n], args.reruns)
        lib = results[n]["library"]
        assert args.no_app or results[n]["app"]["docs"] == lib["docs"] == n, (n, results[n])
        print(f"{n:,} documents: {lib['words']:,} words after the cutoff; grid trial {lib['grid_fits']:,} fits; "
              f"slowest metrics {', '.join(f'{k} {v:.2f} s' for k, v in lib['slowest_metrics'].items())}",
              flush=True)
    print(f"\nscale corpus {largest.name} and prefixes; growth = largest / smallest ({max(sizes) // min(sizes)}x the "
          "documents)")
    print("times: CPU seconds of the process (wall seconds in brackets; the machine is shared, CPU is steadier); "
          "growth of the CPU")
    print(f"{'':40}" + "".join(f"{n:>16,}" for n in sizes) + f"{'growth':>8}")
    for label, side, key, unit in ROWS:
        if side not in results[sizes[0]]:
            continue
        rows = [results[n][side] for n in sizes]
        if unit == "MiB":
            values = [row[key] for row in rows]
            cells = "".join(f"{v:>12.0f} MiB" for v in values)
        else:
            values = [row[f"{key}_cpu"] for row in rows]
            cells = "".join(f"{row[f'{key}_cpu']:>8.2f} ({row[key]:5.1f})" for row in rows)
        print(f"{label:40}{cells}{values[-1] / max(values[0], 1e-9):>7.1f}x")
    if not args.no_app:
        peak = results[sizes[-1]]["app"]["app_loaded_peak_mib"]
        rerun = results[sizes[-1]]["app"]["app_rerun_median"]
        print(f"goal: the app with {sizes[-1]:,} documents loaded <= {GOAL_MIB:,.0f} MiB peak RSS: {peak:,.0f} MiB "
              f"({'met' if peak <= GOAL_MIB else 'NOT met'}); word map reruns <= 1 s: median {rerun:.2f} s "
              f"({'met' if rerun <= 1 else 'NOT met'})")


if __name__ == "__main__":
    main()
