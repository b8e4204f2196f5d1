"""A share link is bound to the one run it was made for and dies with it (issue 51's security fault): deleting a
run and running the same settings again, even byte for byte, never reopens an old link; an owner's links are
capped and listed without reading anyone else's; a viewer with the run open loses it on their next rerun."""

import json
import os
import tempfile

import pytest
from conftest import REPO
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from streamlit.testing.v1 import AppTest

from tests.app.conftest import as_browser, runs_dir
from tests.app.test_private_runs import a_run_by_browser_a
from ui import share_links

OWNERS = ["", "v-" + "a" * 32, "v-" + "b" * 32]
KEYS = ["0123456789abcdef", "fedcba9876543210"]


class LinkLife(RuleBasedStateMachine):
    """Runs written, deleted (as the app deletes: the run's links, then its file) and written again, with
    contents drawn from a few byte strings, so a rerun is often byte-identical to the run it replaces; links
    made, revoked and opened. A model says which links must open: those made for the run as it is now, neither
    revoked nor outlived by a deletion of their run."""

    @initialize()
    def start(self):
        self.folder = tempfile.TemporaryDirectory()
        self.before = os.environ.get("FSVIZ_CACHE_DIR")
        os.environ["FSVIZ_CACHE_DIR"] = self.folder.name  # each example in a folder of its own
        self.live = {}  # link id -> (owner, key): what must open
        self.dead = set()  # link ids that must never open again
        self.files = {}  # (owner, key) -> bytes on disk

    def teardown(self):
        if hasattr(self, "folder"):
            os.environ["FSVIZ_CACHE_DIR"] = self.before or ""
            self.folder.cleanup()

    @rule(owner=st.sampled_from(OWNERS), key=st.sampled_from(KEYS), content=st.sampled_from([b"one", b"two"]))
    def write(self, owner, key, content):
        path = share_links.run_path(owner, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.files.get((owner, key), content) != content:  # replaced by other content: another run
            for ident, run in list(self.live.items()):
                if run == (owner, key):
                    self.dead.add(ident)
                    del self.live[ident]
        path.write_bytes(content)
        os.utime(path, ns=(1, 1))  # a rewrite that keeps the time and size must still be read again
        self.files[owner, key] = content

    @rule(owner=st.sampled_from(OWNERS), key=st.sampled_from(KEYS))
    def delete(self, owner, key):
        share_links.forget(owner, key)
        share_links.run_path(owner, key).unlink(missing_ok=True)
        self.files.pop((owner, key), None)
        for ident, run in list(self.live.items()):
            if run == (owner, key):
                self.dead.add(ident)
                del self.live[ident]

    @rule(owner=st.sampled_from(OWNERS), key=st.sampled_from(KEYS))
    def make(self, owner, key):
        ident = share_links.make(owner, key)
        assert (ident is None) == ((owner, key) not in self.files)
        if ident is not None:
            self.live[ident] = (owner, key)

    @rule(which=st.integers(0, 50), by=st.sampled_from(OWNERS))
    def revoke(self, which, by):
        if not self.live:
            return
        ident = list(self.live)[which % len(self.live)]  # in the order made: ids are random
        assert share_links.remove(ident, by) == (self.live[ident][0] == by)
        if self.live[ident][0] == by:
            self.dead.add(ident)
            del self.live[ident]

    @invariant()
    def links_open_their_run_only(self):
        for ident, run in self.live.items():
            assert share_links.run_of(ident) == run
        for ident in self.dead:
            assert share_links.run_of(ident) is None
        for owner in OWNERS:
            for key in KEYS:
                assert sorted(share_links.links_of(owner, key)) == sorted(
                    i for i, run in self.live.items() if run == (owner, key))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_link_opens_only_the_run_it_was_made_for(cache):
    run_state_machine_as_test(LinkLife, settings=settings(max_examples=60, stateful_step_count=30, deadline=None))


def test_an_owner_holds_at_most_max_links_and_their_list_reads_no_one_elses(cache, monkeypatch):
    monkeypatch.setattr(share_links, "MAX_LINKS", 5)
    owner, other = OWNERS[1], OWNERS[2]
    for who in (owner, other):
        path = share_links.run_path(who, KEYS[0])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"run")
    made = [share_links.make(owner, KEYS[0]) for _ in range(5)]
    with pytest.raises(share_links.TooManyLinks, match="revoke some"):
        share_links.make(owner, KEYS[0])
    assert share_links.make(other, KEYS[0]) is not None  # the cap is per owner
    share_links.remove(made[0], owner)
    assert share_links.make(owner, KEYS[0]) is not None  # a revoked link frees its place

    opened = []
    real = share_links._record
    monkeypatch.setattr(share_links, "_record", lambda ident: opened.append(ident) or real(ident))
    assert len(share_links.links_of(owner, KEYS[0])) == 5
    assert len(opened) == 5, "the owner's list reads their own records only"


@pytest.mark.parametrize("record", [
    {"owner": "", "key": KEYS[0]},  # a record written before links were bound to a run's content
    {"owner": "../x", "key": KEYS[0], "digest": "0"},
    {"owner": "", "key": "../../etc/passwd", "digest": "0"},
    ["not", "a", "record"],
])
def test_a_record_of_another_shape_opens_nothing(cache, record):
    path = share_links.run_path("", KEYS[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"run")
    ident = "A" * 22
    (cache / "shares" / "links").mkdir(parents=True)
    (cache / "shares" / "links" / f"{ident}.json").write_text(json.dumps(record))
    (cache / "shares" / f"{ident}.json").write_text(json.dumps(record))  # the old layout's place
    assert share_links.run_of(ident) is None


def test_trimming_the_cache_deletes_the_links_of_the_runs_it_removes(cache):
    from fsviz.evaluation import trim_cache
    from ui import state

    owner = OWNERS[1]
    path = share_links.run_path(owner, KEYS[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"run" * 100)
    ident = share_links.make(owner, KEYS[0])
    os.utime(path, (1, 1))  # long unused
    trimmed = trim_cache([path.parent], 0)
    assert [s.key for s in trimmed.removed] == [KEYS[0]]
    for removed in trimmed.removed:
        state.forget_links(removed.folder, removed.key)
    path.write_bytes(b"run" * 100)  # the same run again, byte for byte
    assert share_links.run_of(ident) is None
    assert not (cache / "shares" / "links" / f"{ident}.json").exists()


def _link_of(at) -> str:
    links = [c.value for c in at.code if "/results?run=" in c.value]
    assert len(links) == 1
    return links[0].rsplit("=", 1)[1]


def _shared_and_opened(a, monkeypatch):
    """Browser A shares its run from the Results explorer; browser B opens the link there. Returns the link's
    identifier and B's session (the sessions that start from now on are B's)."""
    a.switch_page("pages/results.py").run()
    a.button(key="share_make").click().run()
    ident = _link_of(a)
    as_browser(monkeypatch, "B" * 43)
    viewer = AppTest.from_file(str(REPO / "app.py"), default_timeout=300)
    viewer.query_params["run"] = ident
    viewer.switch_page("pages/results.py").run()
    return ident, viewer


def test_deleting_a_run_and_running_the_same_settings_again_never_reopens_an_old_link(
        monkeypatch, own_cache_dir):
    """The issue's case, with the rerun made byte-identical to the deleted run (SOURCE_DATE_EPOCH holds its
    time still): the old link stays closed, for a viewer who had it open and for one who opens it later."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1046476800")
    monkeypatch.setenv("FSVIZ_ALLOW_DELETE", "1")
    a = a_run_by_browser_a(monkeypatch)
    first = next(runs_dir(own_cache_dir).glob("*.parquet")).read_bytes()
    ident, viewer = _shared_and_opened(a, monkeypatch)
    assert viewer.session_state["grid_shown"][1].startswith("a run shared")

    as_browser(monkeypatch, "A" * 43)
    choice = a.selectbox(key="results_runs_choice")
    a = choice.set_value(choice.options[1]).run()
    a.button(key="results_runs_delete").click().run()
    assert not a.exception and not a.error
    assert not list(runs_dir(own_cache_dir).glob("*.parquet"))
    again = a_run_by_browser_a(monkeypatch)  # the same settings: the same key, the same bytes
    assert next(runs_dir(own_cache_dir).glob("*.parquet")).read_bytes() == first

    as_browser(monkeypatch, "B" * 43)
    viewer.switch_page("pages/grid.py").run()
    assert "grid_shown" not in viewer.session_state, "a viewer's open run closes on their next rerun"
    viewer.switch_page("pages/results.py").run()
    assert any("shared with you is closed" in i.value for i in viewer.info)
    late = AppTest.from_file(str(REPO / "app.py"), default_timeout=300)
    late.query_params["run"] = ident
    late.switch_page("pages/results.py").run()
    assert not late.exception
    assert any("This link opens no run" in i.value for i in late.info)
    assert "grid_shown" not in late.session_state
    assert again is not None


def test_revoking_closes_the_run_for_a_viewer_who_has_it_open(monkeypatch, own_cache_dir):
    a = a_run_by_browser_a(monkeypatch)
    ident, viewer = _shared_and_opened(a, monkeypatch)
    assert not [m for m in viewer.markdown if "Ship" in m.value], "the sender's answer is not shipped on B's corpus"
    assert any("This run was shared with you" in c.value for c in viewer.caption)
    viewer.switch_page("pages/grid.py").run()
    assert viewer.session_state["grid_shown"][1].startswith("a run shared"), "kept across pages while open"

    as_browser(monkeypatch, "A" * 43)
    a.button(key=f"share_revoke_{ident}").click().run()

    as_browser(monkeypatch, "B" * 43)
    viewer.switch_page("pages/results.py").run()
    assert not viewer.exception
    assert "grid_shown" not in viewer.session_state
    assert any("shared with you is closed" in i.value for i in viewer.info)
    assert not [d for d in viewer.get("download_button")], "no report of the closed run is offered"
