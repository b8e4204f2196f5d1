"""A team's Dask cluster (issue #42): a real ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1, not a
LocalCluster; the grid run from the CLI (``--scheduler``) and from the app (``FSVIZ_SCHEDULER``) on them gives the
local run's numbers, and its cells ran on the workers."""

import socket
import subprocess
import sys
import time

import pandas as pd
import pytest

pytest.importorskip("distributed")
from conftest import REPO, write_planted_jsonl  # noqa: E402
from distributed import Client  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from fsviz.cli import main  # noqa: E402
from fsviz.evaluation.grid import load_results  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster():
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    processes = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                   "--port", str(port), "--dashboard-address", ":0"], **quiet)]
    processes += [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                                    "--host", "127.0.0.1", "--dashboard-address", ":0"], **quiet) for _ in range(2)]
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                client = Client(address, timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        client.wait_for_workers(2, timeout=60)
        yield address, client
        client.close()
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def _executed(client) -> int:
    return sum(client.run(lambda dask_worker: dask_worker.state.executed_count).values())


def test_the_cli_grid_on_the_cluster_equals_the_local_run(cluster, tmp_path):
    address, client = cluster
    data = write_planted_jsonl(tmp_path / "planted.jsonl", n_docs=300, n_classes=3, random_state=2)
    args = ["grid", str(data), "--metrics", "bns,ig", "--k", "5,20", "--trials", "1", "--folds", "2", "-q"]
    before = _executed(client)
    assert main([*args, "--out", str(tmp_path / "cluster.parquet"), "--scheduler", address]) == 0
    assert _executed(client) > before  # the cells ran on the workers
    assert main([*args, "--out", str(tmp_path / "local.parquet"), "--jobs", "1"]) == 0
    on_cluster, local = (load_results(tmp_path / f"{name}.parquet").results for name in ("cluster", "local"))
    pd.testing.assert_frame_equal(on_cluster, local)


def test_the_apps_runs_go_to_fsviz_scheduler(cluster, tmp_path, monkeypatch):
    address, client = cluster
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FSVIZ_SCHEDULER", address)
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/recommend.py").run()
    before = _executed(client)
    at.button(key="recommend_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert [m for m in [*at.success, *at.warning] if m.value.startswith("**F-measure**")]
    assert _executed(client) > before


def test_a_mistyped_fsviz_scheduler_is_named_and_nothing_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("FSVIZ_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("FSVIZ_SCHEDULER", "my-cluster")
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=300).run()
    at.switch_page("pages/recommend.py").run()
    at.button(key="recommend_run").click().run()
    assert any("must be a Dask scheduler" in e.value and "my\\-cluster" in e.value for e in at.error), \
        [e.value for e in at.error]
    assert not list((tmp_path / "cache").glob("grid/*/*.parquet"))
