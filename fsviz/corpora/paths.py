"""Paths a visitor types, confined to the data folders a deployment allows.

A server that lets visitors type a path must not read the rest of its disk.
:func:`confine_path` resolves ``..`` and symbolic links first
(:meth:`pathlib.Path.resolve` with ``strict=True``), then accepts the real
path only when it lies inside one of the allowed roots, as Jupyter's
contents manager and :mod:`tarfile`'s extraction filters do. Hidden files
and folders (a name starting with ``.``, such as ``.git`` or
``.streamlit/secrets.toml``) are refused inside the roots too. A path outside
the roots gets the same message whether it exists or not, so the answer
reveals nothing about the rest of the disk.

The allowed roots come from the environment (:func:`data_roots`):
``FSVIZ_DATA_DIRS`` lists them (``os.pathsep``-separated; relative entries
start from the folder the app was started from, which is also the default
when the variable is unset or empty), and ``FSVIZ_ALLOW_PATHS=0`` turns
typed paths off altogether (:func:`paths_allowed`).

The library's own :func:`fsviz.load_corpus` and the command line read any
path their user names: confinement is for a server's visitors.
"""

from __future__ import annotations

import os
from pathlib import Path

from .formats import CorpusError

__all__ = ["ALLOW_PATHS_VAR", "DATA_DIRS_VAR", "confine_path", "data_roots", "paths_allowed", "require_path"]

#: The environment variable listing the folders typed paths may read.
DATA_DIRS_VAR = "FSVIZ_DATA_DIRS"
#: The environment variable that turns typed paths off (``0``) or on (``1``, the default).
ALLOW_PATHS_VAR = "FSVIZ_ALLOW_PATHS"
_TRUE = {"", "1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_SHOWN_CHARS = 120


def data_roots(environ=None) -> tuple[Path, ...]:
    """The allowed roots, as written in ``FSVIZ_DATA_DIRS`` (default: ``.``, the start folder).

    Entries are separated by
    :data:`os.pathsep`; ``~`` is expanded (the setting is the administrator's,
    not a visitor's). Relative entries are resolved by :func:`confine_path`
    against the folder the app was started from.

    Parameters
    ----------
    environ : mapping, optional
        The environment to read; :data:`os.environ` when None.

    Returns
    -------
    tuple of pathlib.Path
        The roots, in order; ``(Path("."),)`` when none is set.

    See Also
    --------
    fsviz.corpora.confine_path : reads a typed path only inside these roots.
    fsviz.corpora.paths_allowed : whether visitors may type paths at all.

    Examples
    --------
    >>> import os
    >>> from fsviz.corpora import data_roots
    >>> data_roots({"FSVIZ_DATA_DIRS": os.pathsep.join([".", "../shared/data"])})
    (PosixPath('.'), PosixPath('../shared/data'))
    >>> data_roots({})
    (PosixPath('.'),)
    """
    environ = os.environ if environ is None else environ
    entries = [e.strip() for e in environ.get(DATA_DIRS_VAR, "").split(os.pathsep)]
    return tuple(Path(e).expanduser() for e in entries if e) or (Path("."),)


def paths_allowed(environ=None) -> bool:
    """Whether visitors may type paths at all: ``FSVIZ_ALLOW_PATHS`` (default on).

    Parameters
    ----------
    environ : mapping, optional
        The environment to read; :data:`os.environ` when None.

    Returns
    -------
    bool
        False when the variable is set to a false value such as ``0``; True when unset or true.

    Raises
    ------
    ValueError
        If the variable holds neither a true nor a false value.

    See Also
    --------
    fsviz.corpora.data_roots : the folders typed paths may read when they are allowed.

    Examples
    --------
    >>> from fsviz.corpora import paths_allowed
    >>> paths_allowed({"FSVIZ_ALLOW_PATHS": "0"}), paths_allowed({})
    (False, True)
    """
    environ = os.environ if environ is None else environ
    value = environ.get(ALLOW_PATHS_VAR, "").strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(f"{ALLOW_PATHS_VAR} must be 1 (visitors may type paths inside {DATA_DIRS_VAR}) or 0 "
                     f"(no typed paths: only the sample and uploads), got {value[:_SHOWN_CHARS]!r}")


def require_path(source) -> None:
    """CorpusError, saying why, unless the path ``source`` (str or Path) names a file or folder that exists.

    Parameters
    ----------
    source : str or os.PathLike
        The path to check.

    Raises
    ------
    CorpusError
        If the path does not exist or cannot be used.

    See Also
    --------
    fsviz.corpora.confine_path : the same for a visitor's path, only inside the allowed folders.
    fsviz.load_corpus : reads the path.

    Examples
    --------
    >>> import tempfile
    >>> from fsviz.corpora import require_path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     require_path(folder)
    ...     require_path(folder + "/missing.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsviz.corpora.formats.base.CorpusError: no such file or folder: .../missing.csv
    """
    try:
        exists = Path(source).exists()
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte in the path
        raise CorpusError(f"cannot use the path {str(source)[:80]!r}: {getattr(exc, 'strerror', None) or exc}") from None
    if not exists:
        raise CorpusError(f"no such file or folder: {source}")


def confine_path(path, roots, *, start=None) -> Path:
    """The real path of ``path`` when it lies inside one of ``roots``; otherwise :class:`CorpusError`.

    Parameters
    ----------
    path : str or os.PathLike
        What the visitor typed. A relative path is looked up from ``start``
        first, then from each root in turn. ``~`` is not expanded: it is an
        ordinary folder name here.
    roots : sequence of path
        The allowed folders (:func:`data_roots`). Relative roots start from
        ``start``; roots that do not exist are skipped.
    start : path, optional
        The folder the app was started from (default: the current folder).

    Returns
    -------
    Path
        The absolute path with ``..`` and every symbolic link resolved; read
        this one, not ``path``.

    Raises
    ------
    CorpusError (a ValueError)
        Empty, with a NUL character, outside every root (or through a link
        that leads outside; the same message whether it exists or not), a
        hidden file or folder, missing inside a root, or no root exists.

    See Also
    --------
    fsviz.corpora.data_roots : the roots a server allows (``FSVIZ_DATA_DIRS``).
    fsviz.corpora.require_path : the check for a path the user gave the library directly.

    Examples
    --------
    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()  # removed at the end
    >>> root = Path(scratch.name)
    >>> (root / "corpus.csv").write_text("text,label\\n")
    11
    >>> confine_path("corpus.csv", [root]) == (root / "corpus.csv").resolve()
    True
    >>> confine_path("/etc/passwd", [root])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsviz.corpora.formats.base.CorpusError: '/etc/passwd' is not inside a folder this app may read; ...
    >>> scratch.cleanup()
    """
    start = Path.cwd() if start is None else Path(start)
    text = _path_text(path, roots)
    real_roots = _existing_roots(roots, start)
    typed = Path(text)
    candidates = [typed] if typed.is_absolute() else [start / typed, *(root / typed for root in real_roots)]
    missing_inside = False
    for candidate in candidates:
        loose = _resolve(candidate, strict=False)
        root = _root_of(loose, real_roots)
        if root is None:
            continue
        if any(part.startswith(".") for part in loose.relative_to(root).parts):
            raise CorpusError(f"{_shown(text)} is a hidden file or folder (a name starting with '.'), which this "
                              "app does not read; choose a visible file or folder")
        real = _resolve(candidate, strict=True)
        if real is None:
            missing_inside = True
        elif _root_of(real, real_roots) is not None:
            return real
    if missing_inside:
        raise CorpusError(f"no such file or folder: {_shown(text)}; check the spelling "
                          f"(paths are read inside {_listing(roots)})")
    raise CorpusError(_outside(text, roots))


def _path_text(path, roots) -> str:
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise CorpusError(f"`path` must be text naming a file or folder, got {type(path).__name__}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise CorpusError(f"`path` must be text naming a file or folder, got {type(text).__name__}")
    if not text.strip():
        raise CorpusError(f"no path given: type a file or folder inside {_listing(roots)}")
    if "\x00" in text:
        raise CorpusError("the path holds a NUL character, which no file name can hold; type the path again")
    return text


def _existing_roots(roots, start: Path) -> list[Path]:
    real = []
    for root in roots:
        root = Path(root)
        resolved = _resolve(root if root.is_absolute() else start / root, strict=True)
        if resolved is not None and resolved.is_dir():
            real.append(resolved)
    if not real:
        raise CorpusError(f"none of the folders this app may read exists ({_listing(roots)}); the administrator "
                          f"names them in the environment variable {DATA_DIRS_VAR} (see the README, 'Deploying')")
    return real


def _resolve(path: Path, *, strict: bool) -> Path | None:
    """``path`` made absolute with ``..`` and links resolved; None when ``strict`` and it does not exist."""
    try:
        return path.resolve(strict=strict)
    except (OSError, RuntimeError, ValueError):  # missing, unreadable, a link loop, a name too long
        if strict:
            return None
        return Path(os.path.abspath(path))


def _root_of(path: Path, roots) -> Path | None:
    return next((root for root in roots if path.is_relative_to(root)), None)


def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…")


def _listing(roots) -> str:
    names = ", ".join(repr(str(r)) for r in roots)
    relative = any(not Path(r).is_absolute() for r in roots)
    return names + (" (relative to the folder the app was started from)" if relative else "")


def _outside(text: str, roots) -> str:
    return (f"{_shown(text)} is not inside a folder this app may read; choose a file or folder inside "
            f"{_listing(roots)}. The administrator can allow other folders with the environment variable "
            f"{DATA_DIRS_VAR} (see the README, 'Deploying').")
