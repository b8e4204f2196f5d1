"""The progress of a grid-like command on the terminal."""

from __future__ import annotations

import sys

from tqdm import tqdm

__all__ = ["Progress"]


class Progress:
    """A run's ``progress(done, total)``: a tqdm bar on stderr when it is a terminal, else silent.

    Parameters
    ----------
    preamble : iterable of str, default ()
        Lines printed to stderr at the first call, i.e. once the run has
        passed its checks (so a refused run prints only its error).
    quiet : bool, default False
        Drop the preamble and the bar.

    See Also
    --------
    fsviz.cli.main : the commands that draw it (``grid``, ``lesion``, ``cutoff``, ``multiclass``, ``recommend``).

    Examples
    --------
    Called with the cells done and the total, as the grid calls its ``progress``:

    >>> from fsviz.cli import Progress
    >>> progress = Progress(["tiny corpus: 4 cells"], quiet=True)
    >>> progress(0, 4), progress(4, 4)
    (None, None)
    """

    def __init__(self, preamble=(), *, quiet=False):
        self.stream = sys.stderr
        self.preamble = None if quiet else list(preamble)
        self.show = not quiet and getattr(self.stream, "isatty", lambda: False)()
        self.bar = None

    def __call__(self, done, total):
        if self.preamble is not None:
            print("\n".join(self.preamble), file=self.stream, flush=True)
            self.preamble = None
        if not self.show:
            return
        if self.bar is None:
            self.bar = tqdm(total=total, initial=done, unit="cell", file=self.stream, dynamic_ncols=True)
        self.bar.total = total
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.bar.close()
