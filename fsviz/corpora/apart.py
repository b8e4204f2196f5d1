"""Reading a corpus apart from the process that asks for it: :func:`load_apart`, for a server.

Parsing and counting a large corpus is Python work that holds its process's interpreter for seconds: on a
Streamlit server, every other visitor's click waits on it. :func:`load_apart` reads the corpus in a worker
process of its own (:func:`fsviz._workers.apart`: started from a fresh interpreter, at the lowest CPU priority,
ended with its parent), and hands back the same :class:`~fsviz.Corpus` :func:`~fsviz.load_corpus` would.
The worker's start costs about 2 s of imports on a 2-core machine, so the app reads only sources of at least
:data:`APART_BYTES` this way.
"""

from __future__ import annotations

from .._workers import WorkerLost, WorkerStopped, apart
from .corpus import Corpus, CorpusError, load_corpus
from .preprocessing import LoadStopped
from .split import load_split

__all__ = ["APART_BYTES", "load_apart"]

#: Sources at least this large (bytes) are read apart by the app; below it the worker's start (about 2 s of
#: imports on a 2-core machine) costs more than the parse holds the server.
APART_BYTES = 4_000_000


def load_apart(source, test=None, *, should_stop=None, **options) -> Corpus:
    """:func:`~fsviz.load_corpus` (with ``test``, :func:`~fsviz.corpora.load_split`) in a worker process.

    The result, and any refusal (a :class:`~fsviz.CorpusError` with its message), are those of the load itself;
    the server's process only waits, and asks ``should_stop`` ten times a second meanwhile.

    Parameters
    ----------
    source : path, file object, or (texts, labels)
        What :func:`~fsviz.load_corpus` reads; it goes to the worker by pickle (an upload's bytes are copied).
    test : path, file object, or (texts, labels), optional
        A test file: the two are read by :func:`~fsviz.corpora.load_split`.
    should_stop : callable, optional
        Asked while the worker reads; once it returns True the worker is ended.
    **options
        :func:`~fsviz.load_corpus`'s options (``min_df``, ``format``, ``limits``, the text options …).

    Returns
    -------
    Corpus
        The corpus :func:`~fsviz.load_corpus` returns for the same arguments.

    Raises
    ------
    CorpusError
        The load's own refusal; or the worker ended without an answer (out of memory, most often).
    LoadStopped
        ``should_stop()`` said so before the worker answered.

    See Also
    --------
    fsviz.load_corpus : The same load, in this process.
    fsviz.corpora.load_split : The load of a training and a test file.

    Examples
    --------
    >>> from fsviz.corpora import load_apart
    >>> load_apart((["red apple", "green apple", "blue sky"], ["fruit", "fruit", "sky"]), min_df=1)
    Corpus('texts': 3 documents, 5 words, 2 classes)
    """
    function, sources = (load_corpus, (source,)) if test is None else (load_split, (source, test))
    try:
        return apart(function, *sources, should_stop=should_stop, **options)
    except WorkerStopped as stopped:
        raise LoadStopped("the load was stopped before its worker answered") from stopped
    except WorkerLost as lost:
        raise CorpusError(f"reading the corpus ended the process that read it ({lost}); most often it ran out "
                          "of memory: try a smaller corpus, a higher min_df, or a server with more memory") from lost
