"""Messages delivered to Discord webhooks (an imitation on 127.0.0.1): each to its own channel, once."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.delivery.fake_discord import FakeDiscord
from tests.games.hap_and_grab.tobago_helpers import match_tabs
from tests.games.open_pass.test_cli import PLAYERS as OPEN_PASS_PLAYERS
from tests.games.open_pass.test_cli import new_match

HOOKS = {"Reds": "111", "Craw": "222", "public": "999"}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def with_webhooks(tabs: dict, discord: FakeDiscord, hooks: dict[str, str]) -> dict:
    players = tabs["Players"]
    tabs["Players"] = [[*players[0], "Webhook"]] + [
        [*row, discord.url(hooks[row[0]]) if row[0] in hooks else None] for row in players[1:]
    ]
    if "public" in hooks:
        url = discord.url(hooks["public"])
        tabs["Config"] = [[row[0], url, *row[2:]] if row[0] == "public_webhook" else row for row in tabs["Config"]]
    return tabs


@pytest.fixture
def dealt_book(tmp_path, discord):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(with_webhooks(match_tabs(), discord, HOOKS))
    return path


def everything(path) -> str:
    return json.dumps({name: rows for name, rows in XlsxBook(path).read().items()}, default=str)


def test_deal_send_gives_each_player_their_own_peeks_only(dealt_book, discord):
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 0, result.output
    reds, craw = discord.received["111"], discord.received["222"]
    assert len(reds) == 1 and len(craw) == 1 and not discord.received["999"]
    assert reds[0].startswith("Hap and Grab round 1") and "You hold 2 turns" in reds[0]
    assert "You hold 3 turns" in craw[0]
    assert "Sent to Reds." in result.output and "Sent to Craw." in result.output
    sent = XlsxBook(dealt_book).read()["Sent"]
    assert sent[0] == [
        "Round",
        "Command",
        "Recipient",
        "Hash",
        "Message id",
        "Sent at",
        "Status",
        "Text",
        "Corrects",
        "Picture",
    ]
    assert [row[2] for row in sent[1:]] == ["Reds", "Craw"] and all(row[6] == "sent" for row in sent[1:])
    again = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert again.exit_code == 0 and discord.requests == 2  # nothing already sent is sent again
    resent = run("deal", "--book", dealt_book, "--round", 1, "--send", "--resend")
    assert resent.exit_code == 0 and len(discord.received["111"]) == 2


def test_without_send_nothing_leaves_and_send_delivers_what_is_due(dealt_book, discord):
    result = run("deal", "--book", dealt_book, "--round", 1)
    assert result.exit_code == 0 and discord.requests == 0
    assert "Due for Discord: 2 messages" in result.output
    dry = run("send", "--book", dealt_book, "--dry-run")
    assert "Would send to Reds (…/webhooks/111/****): round 1, deal" in dry.output and discord.requests == 0
    sent = run("send", "--book", dealt_book)
    assert sent.exit_code == 0, sent.output
    assert len(discord.received["111"]) == 1 and len(discord.received["222"]) == 1
    assert "Nothing is due" in run("send", "--book", dealt_book).output


def test_a_rate_limit_is_waited_out_and_a_deleted_webhook_is_named_while_the_rest_go(dealt_book, discord):
    discord.script["111"].append((429, {"message": "You are being rate limited.", "retry_after": 0.01}))
    discord.deleted.add("222")
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1
    assert len(discord.received["111"]) == 1
    assert "Players row 3: Discord answered 404: the webhook …/webhooks/222/**** no longer exists" in result.stderr
    assert "Webhooks > New Webhook" in result.stderr and "run `hostkit send --book" in result.stderr
    assert "Sent to Reds." in result.output
    discord.deleted.clear()  # a webhook that answered 404 is not posted to again while its URL stays
    again = run("send", "--book", dealt_book)
    assert again.exit_code == 1 and discord.requests == 3 and not discord.received["222"]
    assert "Players row 3: Craw's webhook …/webhooks/222/**** answered that it no longer exists" in again.stderr
    set_webhook(dealt_book, 3, discord.url("223"))
    later = run("send", "--book", dealt_book)
    assert later.exit_code == 0, later.output
    assert len(discord.received["223"]) == 1 and len(discord.received["111"]) == 1


def test_a_server_error_is_retried(dealt_book, discord):
    discord.script["222"].append((502, {"message": "Bad Gateway"}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 0, result.output
    assert len(discord.received["222"]) == 1


def reseeded(path, seed: int = 8) -> None:
    tabs = dict(XlsxBook(path).read())
    XlsxBook(path).write({"Config": [row if row[0] != "seed" else ["seed", seed] for row in tabs["Config"]]})


def test_a_changed_message_edits_the_delivered_one_in_place_and_is_recorded_once(dealt_book, discord):
    assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    first = XlsxBook(dealt_book).read()["Sent"]
    reds_id = next(row[4] for row in first[1:] if row[2] == "Reds")
    reseeded(dealt_book)
    result = run("deal", "--book", dealt_book, "--round", 1, "--send", "--force")
    assert result.exit_code == 0, result.output
    assert "Edited Reds's earlier message with the correction." in result.output
    assert [(m, t) for m, t, _ in discord.edits["111"]] == [(reds_id, "")]
    assert len(discord.received["111"]) == 1 and discord.received["111"][0].startswith("edited: hostkit corrected")
    assert any(p.startswith(f"PATCH api/v10/webhooks/111/TOKEN/messages/{reds_id}") for p in discord.paths)
    sent = XlsxBook(dealt_book).read()["Sent"]
    reds = [row for row in sent[1:] if row[2] == "Reds"]
    assert len(reds) == 2 and reds[1][4] == reds_id and reds[1][6] == "sent"
    assert reds[1][8].startswith("edited: hostkit corrected this message on ")
    again = run("deal", "--book", dealt_book, "--round", 1, "--send", "--force")
    assert again.exit_code == 0 and len(discord.edits["111"]) == 1  # recorded once: not edited again
    assert len(XlsxBook(dealt_book).read()["Sent"]) == len(sent)


def test_a_correction_whose_original_cannot_be_edited_is_posted_anew(dealt_book, discord):
    assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    reseeded(dealt_book)
    discord.script["111"].append((404, {"message": "Unknown Message", "code": 10008}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send", "--force")
    assert result.exit_code == 0, result.output
    assert "Could not edit Reds's earlier message (Discord would not edit it: 404 (Unknown Message))" in result.output
    assert len(discord.received["111"]) == 2 and not discord.edits["111"]
    assert discord.received["111"][-1].startswith("Correction: this replaces hostkit's earlier message of ")
    reds = [row for row in XlsxBook(dealt_book).read()["Sent"][1:] if row[2] == "Reds"]
    assert len(reds) == 2 and reds[1][6] == "sent" and reds[1][8].startswith("Correction: ")
    assert run("send", "--book", dealt_book).exit_code == 0 and len(discord.received["111"]) == 2


def test_no_webhook_token_is_shown_anywhere(dealt_book, discord, tmp_path):
    discord.deleted.add("222")
    outputs = [
        run("deal", "--book", dealt_book, "--round", 1, "--send", "--json"),
        run("send", "--book", dealt_book, "--json"),
        run("send", "--book", dealt_book, "--dry-run", "--json"),
        run("status", "--book", dealt_book, "--json"),
        run("publish", "--book", dealt_book, "--public-book", tmp_path / "players.xlsx"),
    ]
    for result in outputs:
        assert "SECRET" not in result.output, result.output
    assert "SECRET" not in everything(tmp_path / "players.xlsx")


def test_open_pass_score_message_send_reaches_only_the_public_webhook(tmp_path, discord):
    path = new_match(tmp_path)
    hooks = {"public": "999", OPEN_PASS_PLAYERS[0]: "111"}
    tabs = dict(XlsxBook(path).read())
    XlsxBook(path).write(with_webhooks({"Players": tabs["Players"], "Config": tabs["Config"]}, discord, hooks))
    result = run("score", "--book", path, "--round", 1, "--message", "--send")
    assert result.exit_code in (0, 1), result.output
    assert len(discord.received["999"]) == 1 and discord.received["999"][0].startswith("```\nOpen, Pass - round 1")
    assert not discord.received["111"]
    assert run("score", "--book", path, "--round", 1, "--message", "--send").exit_code in (0, 1)
    assert len(discord.received["999"]) == 1


def set_webhook(path, row: int, url: str, column: str = "Webhook") -> None:
    players = [list(r) for r in XlsxBook(path).read()["Players"]]
    if column not in players[0]:
        players = [[*r, column if i == 0 else None] for i, r in enumerate(players)]
    players[row - 1][players[0].index(column)] = url
    XlsxBook(path).write({"Players": players})


def test_a_malformed_webhook_keeps_its_messages_due_until_it_is_fixed(dealt_book, discord):
    set_webhook(dealt_book, 2, "https://evil.example.com/api/webhooks/1/abc")
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1
    assert "Players row 2: Reds's Webhook is not a Discord channel webhook" in result.stderr
    assert "evil" not in result.output and not discord.received["111"]
    sent = XlsxBook(dealt_book).read()["Sent"]
    assert [(row[2], row[6]) for row in sent[1:]] == [("Reds", "due: webhook malformed"), ("Craw", "sent")]
    set_webhook(dealt_book, 2, discord.url("111"))
    fixed = run("send", "--book", dealt_book)
    assert fixed.exit_code == 0, fixed.output
    assert len(discord.received["111"]) == 1 and "Sent to Reds." in fixed.output


def test_a_correction_in_a_thread_edits_the_message_in_that_thread(dealt_book, discord):
    set_webhook(dealt_book, 2, "777", column="Thread")
    assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    reseeded(dealt_book)
    result = run("deal", "--book", dealt_book, "--round", 1, "--send", "--force")
    assert result.exit_code == 0, result.output
    assert [thread for _, thread, _ in discord.edits["111"]] == ["777"] and len(discord.received["111"]) == 1
