"""Links that share a run on purpose: read-only, unguessable, revocable by their owner, and dead with their run.

A visitor's runs are their own (:func:`ui.state.visitor`). To show one to a colleague, its owner makes a link,
``…/results?run=<id>``: the id is 128 random bits, not the run's key or file name, and its record
(:mod:`ui.share_links`) binds it to that one run, as its file was when the link was made. Whoever opens the link
sees that run in the Results explorer (its curves, the answer, every analysis, the report) and nothing else of the
owner's: they cannot continue, stop or delete it, as those act on their own folder only. The owner sees their links
and revokes any. A link dies with its run: deleting the run deletes its links, and a run made again with the same
settings is not the run a link was made for. A viewer who has the run open loses it on their next rerun once the
link is revoked or its run deleted (:func:`ui.state.shown_results` asks each time); a revoked, dead or unknown id
gets a plain message.
"""

from __future__ import annotations

import streamlit as st

from fsviz.evaluation.grid import open_run
from ui import links, share_links, state


def share(run) -> str | None:
    """A new link id for ``run`` when it is this visitor's finished, stored run; None otherwise.

    Raises
    ------
    ui.share_links.TooManyLinks
        When this visitor already holds the most links one may.
    """
    return share_links.make(state.visitor(), str(getattr(run, "key", "") or ""))


def open_shared(ident):
    """The run a link opens, read-only; None for an id that is malformed, unknown, revoked, or whose run was deleted
    or replaced since the link was made."""
    found = share_links.run_of(ident)
    if found is None:
        return None
    try:
        return open_run(share_links.run_path(*found))
    except (ValueError, OSError):
        return None


def link(ident: str) -> str:
    """The address that opens the link ``ident`` on this server's Results explorer."""
    return f"{links.server_address()}/results?run={ident}"


def share_panel(run) -> None:
    """For the visitor's own finished run: make a read-only link, and see and revoke the links made."""
    key = str(getattr(run, "key", "") or "")
    owner = state.visitor()
    if not share_links.stored(owner, key):
        return
    with st.expander("Share this run (read-only link)"):
        st.caption("Whoever opens the link sees this run in the Results explorer, read-only, and nothing else of "
                   "yours. Revoke it to close it; deleting the run closes its links too.")
        if st.button("Make a link", key="share_make"):
            try:
                share(run)
            except share_links.TooManyLinks as exc:
                st.warning(f"No link was made: {exc}.", icon="🔗")
        for ident in share_links.links_of(owner, key):
            c1, c2 = st.columns([5, 1], vertical_alignment="center")
            c1.code(link(ident), language=None)
            if c2.button("Revoke", key=f"share_revoke_{ident}"):
                share_links.remove(ident, owner)
                st.rerun()


def opened_from_link() -> None:
    """When the page's address holds ``run=<id>``, show that run (read-only), or say plainly why not; and say so
    when a shared run this visitor had open has been closed since."""
    state.shown_results()  # closes a shared run whose link died since the last rerun
    if st.session_state.pop("share_closed", False):
        st.info("The run shared with you is closed: its owner revoked the link or deleted the run.", icon="🔗")
        return
    ident = st.query_params.get("run")
    if ident is None:
        return
    if st.session_state.get("share_opened") == ident and share_links.run_of(ident) is not None:
        return  # once per link and session: the visitor may then open other runs on the page
    run = open_shared(ident)
    if run is None:
        st.info("This link opens no run: it was revoked by its owner, its run was deleted, or it was never a run's "
                "link. Ask the person who sent it for a new one.", icon="🔗")
        return
    st.session_state["share_opened"] = ident
    state.show_results(run, "a run shared with you (read-only)", still_open=lambda: open_shared(ident) is not None)
