"""Failures say their true cause, fast: a scheduler address with nothing behind it fails within the connect
timeout, blamed on the address, not the corpus."""

import socket
import time

import pytest

import fsviz
from fsviz.evaluation.grid import GridConfig, run_grid
from fsviz.evaluation.grid.runner import CONNECT_TIMEOUT

pytest.importorskip("distributed")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


def test_nothing_listening_fails_within_the_connect_timeout_naming_the_address():
    corpus = fsviz.make_planted_corpus(60, 2, random_state=0).load()
    address = f"tcp://127.0.0.1:{_closed_port()}"
    began = time.monotonic()
    with pytest.raises(ValueError, match=f"no Dask scheduler answered at {address} within 5 s"):
        run_grid(corpus, GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2), scheduler=address)
    assert time.monotonic() - began < 6 * CONNECT_TIMEOUT  # a bound far from distributed's 30 s default × retries


def test_a_reply_that_is_not_dask_is_blamed_on_the_address():
    corpus = fsviz.make_planted_corpus(60, 2, random_state=0).load()
    with socket.socket() as server:  # answers with bytes that are not Dask's protocol, then closes
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        with pytest.raises(ValueError, match="no Dask scheduler answered at .*check the address"):
            run_grid(corpus, GridConfig(metrics=("bns",), ks=(5,), trials=1, folds=2), scheduler=address)
