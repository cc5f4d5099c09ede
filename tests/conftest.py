"""Shared fixtures. No test may reach the network: sockets are refused for the whole session, but for the
loopback address, where a test may run a server of its own (the imitation of Discord's webhooks)."""

from __future__ import annotations

import socket

import pytest
from hypothesis import settings

settings.register_profile("hostkit", derandomize=True, database=None, deadline=None)
settings.load_profile("hostkit")
"""Property tests draw the same examples on every run (CI is deterministic) and leave no example database;
`pytest --hypothesis-profile=default` draws fresh ones."""


@pytest.fixture(autouse=True, scope="session")
def no_network():
    real_connect = socket.socket.connect

    def refuse(self, address):
        if self.family == socket.AF_UNIX or (isinstance(address, tuple) and address[0] in ("127.0.0.1", "::1")):
            return real_connect(self, address)
        raise RuntimeError(f"a test tried to reach the network at {address!r}")

    socket.socket.connect = refuse
    yield
    socket.socket.connect = real_connect
