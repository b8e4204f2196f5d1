"""The sample corpus: docstrings of the scientific Python stack, by module.

Each document is the docstring of one public function, class or method of
numpy, scipy, pandas or scikit-learn, labelled by the public module it is
documented in (``scipy.stats``, ``sklearn.linear_model`` …). The words are
real, human-written technical prose, and they come with every install of
``requirements.txt``, so the app opens a real corpus with no download.

The corpus is built on the user's machine on first use and cached as JSONL
(not committed: the words are not ours). The build is deterministic for
given package versions; the cache file name carries a hash of them. Only
modules with at least :data:`MIN_CLASS_SIZE` documents become classes, so
every class supports 4-fold cross-validation while the skew stays natural
(the largest class is about 20 times the smallest).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import inspect
import io
import json
import os
import subprocess
import sys
import warnings
from importlib.metadata import version
from pathlib import Path

from .corpus import load_corpus
from .saved import FORMAT, read_corpus, save_corpus

__all__ = ["MODULES", "build_sample", "load_sample", "sample_path"]

#: The sample's name as a corpus.
SAMPLE_NAME = "sample: docstrings by module"
#: The modules (beside fsviz.corpora.formats) whose code shapes a corpus read from text: the built sample's key.
_BUILDERS = ("corpora/analyzer", "corpora/contexts", "corpora/corpus", "corpora/cutoffs", "metrics/counts",
             "corpora/groups", "corpora/ngrams", "corpora/patterns", "corpora/preprocessing", "corpora/saved",
             "corpora/task", "_validation")
#: Bump when the harvesting rules change, so old caches are not reused.
BUILDER_VERSION = 2
#: Smallest module that becomes a class.
MIN_CLASS_SIZE = 30
#: Shortest docstring kept as a document, in characters.
MIN_DOC_CHARS = 40

MODULES = {
    "numpy": ["numpy", "numpy.linalg", "numpy.fft", "numpy.random", "numpy.polynomial", "numpy.ma",
              "numpy.strings", "numpy.testing", "numpy.lib"],
    "scipy": ["scipy.cluster.hierarchy", "scipy.cluster.vq", "scipy.constants", "scipy.fft", "scipy.integrate",
              "scipy.interpolate", "scipy.io", "scipy.linalg", "scipy.ndimage", "scipy.optimize", "scipy.signal",
              "scipy.sparse", "scipy.sparse.linalg", "scipy.sparse.csgraph", "scipy.spatial", "scipy.special",
              "scipy.stats", "scipy.differentiate", "scipy.datasets"],
    "pandas": ["pandas", "pandas.api.types", "pandas.plotting", "pandas.tseries.offsets",
               "pandas.io.formats.style", "pandas.testing"],
    "sklearn": ["sklearn.calibration", "sklearn.cluster", "sklearn.compose", "sklearn.covariance",
                "sklearn.cross_decomposition", "sklearn.datasets", "sklearn.decomposition",
                "sklearn.discriminant_analysis", "sklearn.dummy", "sklearn.ensemble", "sklearn.feature_extraction",
                "sklearn.feature_extraction.text", "sklearn.feature_selection", "sklearn.gaussian_process",
                "sklearn.impute", "sklearn.inspection", "sklearn.isotonic", "sklearn.kernel_approximation",
                "sklearn.linear_model", "sklearn.manifold", "sklearn.metrics", "sklearn.mixture",
                "sklearn.model_selection", "sklearn.multiclass", "sklearn.naive_bayes", "sklearn.neighbors",
                "sklearn.neural_network", "sklearn.pipeline", "sklearn.preprocessing", "sklearn.random_projection",
                "sklearn.semi_supervised", "sklearn.svm", "sklearn.tree", "sklearn.utils"],
}


def _versions() -> dict:
    names = {"numpy": "numpy", "scipy": "scipy", "pandas": "pandas", "sklearn": "scikit-learn"}
    return {pkg: version(dist) for pkg, dist in names.items()}


def cache_dir() -> Path:
    if os.environ.get("FSVIZ_CACHE_DIR"):
        return Path(os.environ["FSVIZ_CACHE_DIR"])
    checkout = Path(__file__).resolve().parents[1] / "sample_data"
    if checkout.is_dir() and os.access(checkout, os.W_OK):
        return checkout / "cache"
    return Path.home() / ".cache" / "fsviz"


def sample_path() -> Path:
    """Where the sample corpus for the installed package versions is cached.

    Returns
    -------
    pathlib.Path
        A ``docstrings-<digest>.jsonl.gz`` file in the cache folder (it may not exist yet).

    See Also
    --------
    fsviz.build_sample : writes the sample there.
    fsviz.load_sample : reads it, building it first when missing.

    Examples
    --------
    >>> from fsviz.corpora import sample_path
    >>> sample_path().name.startswith("docstrings-"), sample_path().suffixes
    (True, ['.jsonl', '.gz'])
    """
    key = json.dumps({"builder": BUILDER_VERSION, **_versions()}, sort_keys=True)
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    return cache_dir() / f"docstrings-{digest}.jsonl.gz"


def _docstrings(module_name):
    """(docstring) of every public callable of a module and of its classes' methods."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
    for name in sorted(set(names)):
        try:
            obj = getattr(module, name)
        except Exception:  # lazy attributes that refuse (experimental, deprecated)
            continue
        if inspect.ismodule(obj) or not callable(obj):
            continue
        yield inspect.getdoc(obj)
        if inspect.isclass(obj):
            for attr_name, attr in sorted(vars(obj).items()):
                if not attr_name.startswith("_"):
                    yield inspect.getdoc(attr)


def _clean(doc: str) -> str:
    # Doctest outputs marked "# may vary" are random draws made at import
    # time (scipy.stats distributions); dropping them keeps builds identical.
    return "\n".join(line for line in doc.splitlines() if "# may vary" not in line)


def build_sample(path=None) -> Path:
    """Harvest the docstrings and write the sample corpus as JSONL (gzip).

    Deterministic for given package versions:
    the harvest runs in a fresh interpreter with ``PYTHONHASHSEED=0`` (some
    docstrings print sets, whose order follows string hashing), modules and
    names are visited in sorted order, randomly drawn example outputs are
    dropped, and a docstring shared by several objects (aliases) is kept
    once, under the first module met.

    Parameters
    ----------
    path : str or pathlib.Path, optional
        Where to write; :func:`sample_path` when not given.

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    subprocess.CalledProcessError
        If the harvesting interpreter fails.

    See Also
    --------
    fsviz.load_sample : the corpus read from the file (built first when missing).
    fsviz.corpora.sample_path : where the file goes by default.

    Examples
    --------
    The harvest takes a while, so it runs only when the file is missing, as :func:`fsviz.load_sample` does it:

    >>> from fsviz.corpora import build_sample, sample_path
    >>> path = sample_path()
    >>> path.exists() or build_sample(path) == path
    True
    """
    path = Path(path) if path else sample_path()
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    code = "import sys; from fsviz.corpora.sample import _harvest; _harvest(sys.argv[1])"
    package_root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    subprocess.run([sys.executable, "-c", code, str(path)], env=env, check=True)
    return path


def _harvest(path) -> None:
    path = Path(path)
    first_module = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for modules in MODULES.values():
            for module_name in modules:
                try:
                    docs = list(_docstrings(module_name))
                except ImportError:  # a module this version does not have
                    continue
                for doc in docs:
                    doc = _clean(doc or "")
                    if len(doc) >= MIN_DOC_CHARS:
                        first_module.setdefault(doc, module_name)
    sizes = {}
    for module_name in first_module.values():
        sizes[module_name] = sizes.get(module_name, 0) + 1
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    with gzip.GzipFile(tmp, "wb", mtime=0) as raw, io.TextIOWrapper(raw, encoding="utf-8") as out:
        for doc, module_name in first_module.items():
            if sizes[module_name] >= MIN_CLASS_SIZE:
                out.write(json.dumps({"text": doc, "label": module_name}) + "\n")
    os.replace(tmp, path)


def load_sample(**options):
    """The sample corpus, built and cached on first use.

    Parameters
    ----------
    **options
        Passed to :func:`fsviz.load_corpus` (``min_df``, ``max_df``, ``stopwords``,
        ``stem``, ``language``, ``ngrams``, ``analyzer``, ``char_ngrams``, ``token_pattern``, ``lowercase``);
        ``name`` defaults to the sample's name.

    Returns
    -------
    fsviz.Corpus
        The sample corpus; with the default options it is read back from its saved build when cached.

    See Also
    --------
    fsviz.load_corpus : any other corpus, with the same options.
    fsviz.make_planted_corpus : a small corpus whose answer is known.

    Examples
    --------
    >>> import fsviz
    >>> corpus = fsviz.load_sample()
    >>> corpus.n_docs > 3000 and corpus.n_classes >= 10
    True
    """
    path = sample_path()
    if not path.exists():
        build_sample(path)
    options.setdefault("name", SAMPLE_NAME)
    built = _built_path(path) if _as_first_opened(options) else None
    if built is not None and built.exists():
        try:
            return read_corpus(built)
        except (OSError, ValueError, KeyError):  # a file cut short or of another layout: built again below
            pass
    with gzip.open(path, "rb") as handle:
        upload = io.BytesIO(handle.read())
    upload.name = "sample.jsonl"
    corpus = load_corpus(upload, format="jsonl", **options)
    if built is not None:
        try:
            save_corpus(corpus, built)
        except OSError:  # a read-only cache: the corpus is still returned
            pass
    return corpus


def _as_first_opened(options: dict) -> bool:
    """True when ``options`` are :func:`fsviz.load_corpus`'s defaults (and the sample's name): the corpus the
    app opens for every new visitor, kept built (:mod:`fsviz.corpora.saved`); other options are tokenised each time."""
    defaults = {name: p.default for name, p in inspect.signature(load_corpus).parameters.items()
                if p.default is not inspect.Parameter.empty and name not in ("format", "limits")}
    return options.get("name") == SAMPLE_NAME and all(
        options.get(name, default) == default for name, default in defaults.items()) and set(options) <= {
        *defaults, "name"}


def _built_path(path: Path) -> Path:
    """Where the built sample is kept: named by the JSONL's key, :data:`fsviz.corpora.saved.FORMAT`, and the source
    of the modules that turn text into a corpus, so a change to any of them builds it again."""
    digest = hashlib.sha256(str(FORMAT).encode())
    package = Path(__file__).resolve().parents[1]  # fsviz/
    for source in sorted([*package.glob("corpora/formats/*.py"), *(package / f"{m}.py" for m in _BUILDERS)]):
        digest.update(source.read_bytes())
    return path.with_name(f"{path.name.split('.')[0]}-built-{digest.hexdigest()[:12]}.npz")
