"""What every command prints and checks the same way: the result on stdout (JSON with --json), notes on stderr,
tables, and an output file's folder."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .._files import check_target

__all__ = ["check_out", "finish", "note", "records", "table"]


def note(args, message: str) -> None:
    """A line on stderr that is not the result (a note, a skipped task), unless --quiet."""
    if not getattr(args, "quiet", False):
        print(message, file=sys.stderr, flush=True)


def finish(args, summary: dict, text: str) -> None:
    """The command's result on stdout: ``summary`` as JSON with --json, else ``text`` unless --quiet."""
    if getattr(args, "json", False):
        print(json.dumps(summary, indent=2, allow_nan=False))
    elif not getattr(args, "quiet", False):
        print(text)


def records(frame) -> list:
    """A table as JSON records (NaN as null)."""
    return json.loads(frame.to_json(orient="records"))


def table(frame) -> str:
    return frame.to_string(index=False, float_format=lambda v: f"{v:.3f}")


def check_out(out, option="--out", example="results.parquet") -> None:
    """ValueError unless ``out`` can be written: its folder exists and it is not a folder itself."""
    if out is None:
        return
    path = Path(out)
    if not path.is_dir():
        check_target(path, option)  # a device, FIFO, socket or link is refused before any work
    if path.is_dir():
        raise ValueError(f"{option} {out} is a folder; give a file name, e.g. {option} {path / example}")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"{option} {out}: the folder {folder} does not exist; create it first or choose another")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{option} {out}: the folder {folder} is not writable; choose another")
