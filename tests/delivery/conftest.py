"""Every delivery test runs against the Discord stand-in, on a clock that moves only when hostkit waits."""

from __future__ import annotations

import pytest

from hostkit.delivery import discord as discord_module
from tests.delivery.fake_discord import FakeClock, FakeDiscord


@pytest.fixture
def clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(discord_module, "now", fake.now)
    monkeypatch.setattr(discord_module, "wall", fake.wall)
    monkeypatch.setattr(discord_module, "pause", fake.sleep)
    return fake


@pytest.fixture
def discord(clock):
    with FakeDiscord(clock.now) as fake:
        yield fake
