"""Links that share a run on purpose: read-only, unguessable, revocable by their owner.

A visitor's runs are their own (:func:`ui.state.visitor`). To show one to a colleague, its owner makes a link,
``…/results?run=<id>``: the id is 128 random bits, not the run's key or file name, and the server keeps what it
opens in ``<cache>/shares/<id>.json`` (the owner's folder name and the run's key, nothing of the run's content).
Whoever opens the link sees that run in the Results explorer (its curves, the answer, every analysis, the
report) and nothing else of the owner's: they cannot continue, stop or delete it, as those act on their own
folder only. The owner sees their links and revokes any; a revoked or unknown id gets a plain message.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time

import streamlit as st

from fsviz.corpora.sample import cache_dir
from fsviz.evaluation.grid import open_run
from ui import links, state

#: What a share id, an owner's folder and a run key look like: anything else is refused before a file is read.
_ID = re.compile(r"[A-Za-z0-9_-]{22}")
_OWNER = re.compile(r"(v-[0-9a-f]{32})?")
_KEY = re.compile(r"[0-9a-f]{16}")


def _folder():
    return cache_dir() / "shares"


def _record(ident: str) -> dict | None:
    if not isinstance(ident, str) or not _ID.fullmatch(ident):
        return None
    try:
        record = json.loads((_folder() / f"{ident}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or not _OWNER.fullmatch(str(record.get("owner", "x"))) \
            or not _KEY.fullmatch(str(record.get("key", ""))):
        return None
    return record


def _run_path(owner: str, key: str):
    return cache_dir() / "grid" / owner / f"{key}.parquet"


def share(run) -> str | None:
    """A new link id for ``run`` when it is this visitor's finished, stored run; None otherwise."""
    key = str(getattr(run, "key", "") or "")
    if not _KEY.fullmatch(key) or not _run_path(state.visitor(), key).is_file():
        return None
    ident = secrets.token_urlsafe(16)
    folder = _folder()
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{ident}.tmp"
    tmp.write_text(json.dumps({"owner": state.visitor(), "key": key, "created": time.time()}), encoding="utf-8")
    os.replace(tmp, folder / f"{ident}.json")
    return ident


def my_links(key: str) -> list[str]:
    """This visitor's link ids to the run ``key``, oldest first."""
    folder, mine = _folder(), []
    if not folder.is_dir():
        return mine
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime):
        record = _record(path.stem)
        if record is not None and record["owner"] == state.visitor() and record["key"] == key:
            mine.append(path.stem)
    return mine


def revoke(ident: str) -> bool:
    """Delete the link ``ident`` when it is this visitor's; whether it was."""
    record = _record(ident)
    if record is None or record["owner"] != state.visitor():
        return False
    (_folder() / f"{ident}.json").unlink(missing_ok=True)
    return True


def open_shared(ident):
    """The run a link opens, read-only; None for an id that is malformed, unknown, revoked, or whose run is gone."""
    record = _record(ident)
    if record is None:
        return None
    path = _run_path(record["owner"], record["key"])
    if not path.is_file():
        return None
    try:
        return open_run(path)
    except (ValueError, OSError):
        return None


def link(ident: str) -> str:
    """The address that opens the link ``ident`` on this server's Results explorer."""
    return f"{links.server_address()}/results?run={ident}"


def share_panel(run) -> None:
    """For the visitor's own finished run: make a read-only link, and see and revoke the links made."""
    key = str(getattr(run, "key", "") or "")
    if not _KEY.fullmatch(key) or not _run_path(state.visitor(), key).is_file():
        return
    with st.expander("Share this run (read-only link)"):
        st.caption("Whoever opens the link sees this run in the Results explorer, read-only, and nothing else of "
                   "yours. Revoke it to close it.")
        if st.button("Make a link", key="share_make"):
            share(run)
        for ident in my_links(key):
            c1, c2 = st.columns([5, 1], vertical_alignment="center")
            c1.code(link(ident), language=None)
            if c2.button("Revoke", key=f"share_revoke_{ident}"):
                revoke(ident)
                st.rerun()


def opened_from_link() -> None:
    """When the page's address holds ``run=<id>``, show that run (read-only), or say plainly why not."""
    ident = st.query_params.get("run")
    if ident is None or st.session_state.get("share_opened") == ident:
        return  # once per link and session: the visitor may then open other runs on the page
    run = open_shared(ident)
    if run is None:
        st.info("This link opens no run: it was revoked by its owner, or it was never a run's link. Ask the person "
                "who sent it for a new one.", icon="🔗")
        return
    st.session_state["share_opened"] = ident
    state.show_results(run, "a run shared with you (read-only)")
