"""Each message delivered once, whatever stops hostkit: a kill at any step, Ctrl-C, SIGTERM, a slow Discord."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from hostkit.delivery import discord as discord_module
from hostkit.delivery.journal import Journal
from hostkit.storage.xlsx import XlsxBook
from tests.delivery.test_send import HOOKS, run, with_webhooks
from tests.games.hap_and_grab.tobago_helpers import match_tabs


class Killed(BaseException):
    """Stands in for kill -9: nothing after it runs, not even hostkit's own clean-up."""


@pytest.fixture
def dealt_book(tmp_path, discord, monkeypatch):
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "0")
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(with_webhooks(match_tabs(), discord, HOOKS))
    return path


def kill_at(step: int, monkeypatch: pytest.MonkeyPatch, discord) -> list[str]:
    """Kill hostkit at its step-th step: each line the journal writes, and each post Discord keeps."""
    steps: list[str] = []

    def tick(what: str) -> None:
        steps.append(what)
        if len(steps) == step:
            raise Killed(what)

    append = Journal._append

    def journalled(self, *entries):
        append(self, *entries)
        tick(entries[0]["e"])

    monkeypatch.setattr(Journal, "_append", journalled)
    post = discord_module.post

    def posted(*args, **kwargs):
        answer = post(*args, **kwargs)
        tick("posted")
        return answer

    monkeypatch.setattr(discord_module, "post", posted)
    return steps


@pytest.mark.parametrize("step", range(1, 11))
def test_a_kill_at_any_step_never_delivers_a_message_twice(dealt_book, discord, step):
    with pytest.MonkeyPatch.context() as patch:
        steps = kill_at(step, patch, discord)
        try:
            run("deal", "--book", dealt_book, "--round", 1, "--send")
        except Killed:
            pass
    for _ in range(2):
        again = run("send", "--book", dealt_book)
        assert "Traceback" not in again.output
    assert all(len(discord.received[hook]) <= 1 for hook in ("111", "222")), steps
    rows = {row[2]: row for row in XlsxBook(dealt_book).read()["Sent"][1:]}
    unsure = [name for name, row in rows.items() if row[6] == "uncertain"]
    assert all(rows[name][6] == "sent" for name in rows if name not in unsure), steps
    if steps[-1:] in (["try"], ["posted"]):  # killed between the journal's line and Discord's answer
        assert len(unsure) == 1 and f"uncertain: {unsure[0]}'s message" in again.stderr
        assert "`hostkit send --book" in again.stderr and "--resend-uncertain`" in again.stderr
    else:
        assert not unsure, steps
    if unsure and not discord.received[HOOKS[unsure[0]]]:  # the host looked, and it is not there
        assert run("send", "--book", dealt_book, "--resend-uncertain").exit_code == 0
    assert len(discord.received["111"]) == 1 and len(discord.received["222"]) == 1, steps


def test_an_answer_later_than_the_time_out_is_uncertain_and_resent_only_when_asked(dealt_book, discord, monkeypatch):
    monkeypatch.setattr(discord_module, "TIMEOUT", 0.2)
    discord.slow["111"] = 0.6
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1 and len(discord.received["111"]) == 1
    assert "Sent to Reds." not in result.output and "Sent to Craw." in result.output
    assert "uncertain: Reds's message (round 1, deal: 'Hap and Grab round 1: the turn order" in result.stderr
    discord.slow.clear()
    later = run("send", "--book", dealt_book)
    assert later.exit_code == 1 and len(discord.received["111"]) == 1 and "uncertain: Reds's" in later.stderr
    resent = run("send", "--book", dealt_book, "--resend-uncertain")
    assert resent.exit_code == 0, resent.output
    assert len(discord.received["111"]) == 2 and "Sent to Reds." in resent.output


def test_ctrl_c_stops_after_the_post_in_flight_records_it_and_exits_130(dealt_book, discord):
    discord.on_post = lambda hook: os.kill(os.getpid(), signal.SIGINT)
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    discord.on_post = None
    assert result.exit_code == 130, result.output
    assert len(discord.received["111"]) == 1 and not discord.received["222"]
    assert result.stderr.strip().splitlines()[-1].startswith("Stopped by Ctrl-C after the message in flight: 1 message")
    statuses = [row[6] for row in XlsxBook(dealt_book).read()["Sent"][1:]]
    assert statuses == ["sent", "due"]
    assert run("send", "--book", dealt_book).exit_code == 0
    assert len(discord.received["111"]) == 1 and len(discord.received["222"]) == 1


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_real_send_killed_mid_post_delivers_nothing_twice(dealt_book, discord, how):
    run("deal", "--book", dealt_book, "--round", 1)
    discord.slow["111"] = 1.0
    process = subprocess.Popen(
        [sys.executable, "-m", "hostkit", "send", "--book", str(dealt_book)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while not discord.received["111"] and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(how)
    _, err = process.communicate(timeout=20)
    discord.slow.clear()
    if how == signal.SIGTERM:  # the post in flight finishes and is recorded, then hostkit stops
        assert process.returncode == 143 and "Stopped by SIGTERM after the message in flight" in err
    again = run("send", "--book", dealt_book)
    assert len(discord.received["111"]) == 1 and len(discord.received["222"]) == 1
    if how == signal.SIGKILL:
        assert "uncertain: Reds's message" in again.stderr


@pytest.mark.parametrize(("how", "status", "said"), [(signal.SIGINT, 130, "Ctrl-C"), (signal.SIGTERM, 143, "SIGTERM")])
def test_a_signal_during_the_last_post_still_stops_with_its_line(dealt_book, discord, how, status, said):
    discord.on_post = lambda hook: os.kill(os.getpid(), how) if hook == "222" else None
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    discord.on_post = None
    assert result.exit_code == status, result.output
    assert result.stderr.strip().splitlines()[-1] == (
        f"Stopped by {said} after the message in flight, the last: nothing stays due."
    )
    assert [row[6] for row in XlsxBook(dealt_book).read()["Sent"][1:]] == ["sent", "sent"]


def test_the_journal_and_the_rate_limits_beside_a_private_workbook_are_private(dealt_book, discord):
    previous = os.umask(0o022)
    try:
        dealt_book.chmod(0o600)
        assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    finally:
        os.umask(previous)
    made = [p for p in dealt_book.parent.iterdir() if p.name.startswith(f".{dealt_book.name}.hostkit-")]
    names = {p.name.split(".hostkit-")[1] for p in made}
    assert {"sent", "limits", "limits.lock"} <= names, names
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in made if "hostkit-lock" not in p.name), [
        (p.name, oct(p.stat().st_mode)) for p in made
    ]
