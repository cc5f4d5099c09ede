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


@pytest.fixture(autouse=True, scope="session")
def state_folder(tmp_path_factory):
    """What hostkit keeps of a Google Sheet (the journal of posts to Discord) stays in the session's folder."""
    import os

    folder = tmp_path_factory.mktemp("hostkit-state")
    before = os.environ.get("HOSTKIT_STATE")
    os.environ["HOSTKIT_STATE"] = str(folder)
    yield
    if before is None:
        os.environ.pop("HOSTKIT_STATE", None)
    else:
        os.environ["HOSTKIT_STATE"] = before


class QuotaClock:
    """The clock of Google's request budget: it moves only when hostkit waits for the budget (or a test moves
    it), so no test ever sleeps for the quota, and each starts with a fresh budget."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.waited: list[float] = []

    def now(self) -> float:
        return self.seconds

    def pause(self, seconds: float) -> None:
        self.waited.append(seconds)
        self.seconds += seconds


@pytest.fixture(autouse=True)
def quota_clock(monkeypatch):
    from hostkit.storage import quota

    clock = QuotaClock()
    monkeypatch.setattr(quota, "now", clock.now)
    monkeypatch.setattr(quota, "pause", clock.pause)
    quota.forget_all()
    return clock
