"""Discord as it documents itself: rate-limit headers, every odd answer, threads and forums, late corrections."""

from __future__ import annotations

import json
import math

import pytest

from hostkit.core.settings import with_setting
from hostkit.delivery.discord import LONGEST_WAIT, retry_after, user_agent
from hostkit.storage.xlsx import XlsxBook
from tests.delivery.test_send import HOOKS, run, set_webhook, with_webhooks
from tests.games.hap_and_grab.tobago_helpers import match_tabs


@pytest.fixture
def dealt_book(tmp_path, discord):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(with_webhooks(match_tabs(), discord, HOOKS))
    return path


def due_rows(count: int, recipient: str = "public") -> list[list]:
    header = ["Round", "Command", "Recipient", "Hash", "Message id", "Sent at", "Status", "Text"]
    return [header] + [[n, "note", recipient, f"h{n}", None, None, "due", f"note {n}"] for n in range(1, count + 1)]


def test_twenty_messages_to_one_webhook_wait_for_its_bucket_and_draw_no_429(dealt_book, discord, clock):
    XlsxBook(dealt_book).write({"Sent": due_rows(20)})
    result = run("send", "--book", dealt_book)
    assert result.exit_code == 0, result.output
    assert discord.received["999"] == [f"note {n}" for n in range(1, 21)]
    assert discord.rate_limited == 0 and discord.requests == 20
    assert clock.seconds - 1000 >= 6.0  # 5 posts per 2 s: three waits for the bucket to fill again


def test_every_post_says_it_is_a_discord_bot_with_the_installed_version(dealt_book, discord):
    from importlib.metadata import version

    assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    assert set(discord.user_agents) == {f"DiscordBot (https://github.com/hostkit/hostkit, {version('hostkit')})"}
    assert user_agent() == discord.user_agents[0]


@pytest.mark.parametrize(
    ("body", "headers", "seconds"),
    [
        ({"retry_after": 1.5}, {}, 1.5),
        ({"retry_after": math.nan}, {"Retry-After": "2"}, 2.0),
        ({"retry_after": -3}, {}, 0.0),
        ({"retry_after": 1e12}, {}, LONGEST_WAIT),
        ({"retry_after": "soon"}, {}, None),
        ({}, {"X-RateLimit-Reset-After": "0.25"}, 0.25),
        ({}, {}, None),
    ],
)
def test_a_429_asks_for_a_bounded_wait(body, headers, seconds):
    assert retry_after(body, headers) == seconds


@pytest.mark.parametrize("wait", [math.nan, -1.0, math.inf, None])
def test_a_429_with_a_nonsense_retry_after_neither_crashes_nor_posts_twice(dealt_book, discord, clock, wait):
    discord.script["111"].append((429, {"message": "slow down", "retry_after": wait}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert len(discord.received["111"]) <= 1 and len(discord.received["222"]) == 1
    clock.sleep(LONGEST_WAIT)  # as long as Discord may have asked
    run("send", "--book", dealt_book)
    assert len(discord.received["111"]) == 1 and len(discord.received["222"]) == 1


def test_an_answer_without_an_id_or_a_204_counts_as_sent(dealt_book, discord):
    discord.script["111"].append((204, None))
    discord.script["222"].append((200, {}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 0, result.output
    sent = XlsxBook(dealt_book).read()["Sent"]
    assert [(row[4], row[6]) for row in sent[1:]] == [("-", "sent"), ("-", "sent")]
    assert "Nothing is due" in run("send", "--book", dealt_book).output and discord.requests == 2


def test_a_token_that_discord_echoes_is_masked(dealt_book, discord):
    discord.script["111"].append((400, {"message": "Invalid token tok-111-SECRET given", "code": 50027}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send", "--json")
    assert result.exit_code == 1
    assert "SECRET" not in result.output and "Invalid token **** given" in result.output


def test_a_thread_id_in_the_url_or_the_thread_column_posts_into_that_thread(dealt_book, discord):
    set_webhook(dealt_book, 2, discord.url("111", thread="777"))
    set_webhook(dealt_book, 3, "888", column="Thread")
    tabs = XlsxBook(dealt_book).read()
    config = [["public_thread", "999000", *row[2:]] if row[0] == "public_thread" else row for row in tabs["Config"]]
    XlsxBook(dealt_book).write({"Config": config})
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 0, result.output
    assert discord.threads["111"] == ["777"] and discord.threads["222"] == ["888"]


def test_a_forum_webhook_without_a_thread_is_refused_naming_the_fix(dealt_book, discord):
    discord.forums.add("111")
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1 and not discord.received["111"]
    assert "Players row 2: Discord answered that the webhook …/webhooks/111/**** is a forum channel's" in result.stderr
    assert "put that thread's id (right-click the thread > Copy Thread ID) in Reds's Thread cell" in result.stderr
    set_webhook(dealt_book, 2, "4242", column="Thread")
    assert run("send", "--book", dealt_book).exit_code == 0
    assert discord.threads["111"] == ["4242"]


def test_a_correction_delivered_late_keeps_its_correction_line(dealt_book, discord):
    assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    tabs = dict(XlsxBook(dealt_book).read())
    XlsxBook(dealt_book).write({"Config": [row if row[0] != "seed" else ["seed", 8] for row in tabs["Config"]]})
    discord.deleted.add("111")
    result = run("deal", "--book", dealt_book, "--round", 1, "--send", "--force")
    assert result.exit_code == 1 and len(discord.received["111"]) == 1
    set_webhook(dealt_book, 2, discord.url("112"))
    late = run("send", "--book", dealt_book)
    assert late.exit_code == 0, late.output
    assert discord.received["112"][0].startswith("Correction: this replaces hostkit's earlier message of ")
    sent = XlsxBook(dealt_book).read()["Sent"]
    assert sent[-2][8].startswith("Correction: ") and sent[-2][6] == "sent"


def test_a_player_name_cannot_close_a_code_block():
    from hostkit.core.words import chat_block

    block = chat_block(["Winner: ```Reds```", "``"])
    assert block.count("```") == 2 and block.startswith("```\n") and block.endswith("\n```")


def due_to(plan: list[str]) -> list[list]:
    """A Sent tab with one due note per recipient in `plan`, in that order."""
    header = ["Round", "Command", "Recipient", "Hash", "Message id", "Sent at", "Status", "Text"]
    return [header] + [[n, "note", who, f"h{n}", None, None, "due", f"note {n}"] for n, who in enumerate(plan, 1)]


def test_one_bucket_name_for_two_webhooks_keeps_each_webhooks_own_room(dealt_book, discord):
    discord.shared_bucket = "webhook-post"  # Discord's bucket names leave the webhook out
    XlsxBook(dealt_book).write({"Sent": due_to(["Reds"] * 5 + ["Craw", "Reds"])})
    result = run("send", "--book", dealt_book)
    assert result.exit_code == 0, result.output
    assert discord.rate_limited == 0 and len(discord.received["111"]) == 6 and len(discord.received["222"]) == 1


def test_a_command_right_after_one_that_emptied_a_bucket_waits_for_it(dealt_book, discord, clock):
    XlsxBook(dealt_book).write({"Sent": due_to(["public"] * 5)})
    assert run("send", "--book", dealt_book).exit_code == 0 and discord.rate_limited == 0
    XlsxBook(dealt_book).write({"Sent": due_to(["public"] * 7)[:1] + due_to(["public"] * 7)[6:]})
    before = clock.seconds
    later = run("send", "--book", dealt_book)
    assert later.exit_code == 0, later.output
    assert discord.rate_limited == 0 and len(discord.received["999"]) == 7 and clock.seconds - before >= 1.9
    kept = dealt_book.with_name(f".{dealt_book.name}.hostkit-limits")
    assert kept.exists() and "SECRET" not in kept.read_text()


def test_rooms_that_filled_again_are_dropped_from_the_file(dealt_book, discord, clock):
    XlsxBook(dealt_book).write({"Sent": due_to(["public", "Reds"])})
    assert run("send", "--book", dealt_book).exit_code == 0
    kept = dealt_book.with_name(f".{dealt_book.name}.hostkit-limits")
    assert set(json.loads(kept.read_text())["room"]) == {"999 bucket-999", "111 bucket-111"}
    clock.sleep(5)
    XlsxBook(dealt_book).write({"Sent": due_to(["public", "Reds", "Craw"])[:1] + due_to(["x", "y", "Craw"])[3:]})
    assert run("send", "--book", dealt_book).exit_code == 0
    assert set(json.loads(kept.read_text())["room"]) == {"222 bucket-222"}


def test_every_post_goes_to_api_version_10_whatever_was_pasted(dealt_book, discord):
    set_webhook(dealt_book, 2, discord.url("111").replace("/api/webhooks/", "/api/v9/webhooks/"))
    assert run("deal", "--book", dealt_book, "--round", 1, "--send").exit_code == 0
    assert discord.paths and all(p.startswith("POST api/v10/webhooks/") for p in discord.paths)


def test_a_403_is_a_webhook_that_no_longer_takes_posts_until_its_url_changes(dealt_book, discord):
    discord.script["111"].append((403, {"message": "Missing Access", "code": 50001}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1 and len(discord.received["222"]) == 1
    assert (
        "Players row 2: Discord answered 403: the webhook …/webhooks/111/**** no longer accepts posts" in result.stderr
    )
    again = run("send", "--book", dealt_book)
    assert again.exit_code == 1 and discord.requests == 2 and "answered that it no longer exists" in again.stderr
    set_webhook(dealt_book, 2, discord.url("112"))
    assert run("send", "--book", dealt_book).exit_code == 0 and len(discord.received["112"]) == 1


def test_a_429_asking_for_more_than_hostkit_waits_leaves_the_message_due_at_once(dealt_book, discord, clock):
    discord.script["111"].append((429, {"message": "You are being rate limited.", "retry_after": 500}))
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1 and clock.seconds - 1000 < 5 and len(discord.received["222"]) == 1
    assert "Discord asked hostkit to wait 500 s before posting to …/webhooks/111/**** again" in result.stderr
    assert "it stays due for `hostkit send" in result.stderr
    again = run("send", "--book", dealt_book)  # Discord's answer is remembered: no post, no wait
    assert again.exit_code == 1 and clock.seconds - 1000 < 5 and discord.requests == 2
    clock.sleep(LONGEST_WAIT)
    assert run("send", "--book", dealt_book).exit_code == 0 and len(discord.received["111"]) == 1


def test_a_thread_typed_as_a_long_number_is_refused_naming_its_cell(dealt_book, discord):
    set_webhook(dealt_book, 2, 1450000000000000031, column="Thread")
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 1 and not discord.received["111"] and len(discord.received["222"]) == 1
    assert "Players row 2: Reds's Thread holds the number 1.45e+18" in result.stderr
    assert "type the id as text" in result.stderr and "Traceback" not in result.output
    set_webhook(dealt_book, 2, "1450000000000000031", column="Thread")
    assert run("send", "--book", dealt_book).exit_code == 0
    assert discord.threads["111"] == ["1450000000000000031"]


def test_a_public_thread_typed_as_a_long_number_is_refused_naming_its_row(dealt_book, discord):
    tabs = XlsxBook(dealt_book).read()
    row = next(i for i, r in enumerate(tabs["Config"], 1) if r[0] == "public_thread")
    XlsxBook(dealt_book).write({"Config": with_setting(tabs["Config"], "public_thread", 1450000000000000031)})
    result = run("send", "--book", dealt_book)
    assert f"Config row {row}: public_thread holds the number 1.45e+18" in result.stderr


@pytest.mark.parametrize("kept", ["not json", '{"room": {"111 b": ["x", 1]}, "buckets": {}}', "[]"])
def test_a_damaged_rate_limit_file_is_started_afresh(dealt_book, discord, kept):
    dealt_book.with_name(f".{dealt_book.name}.hostkit-limits").write_text(kept)
    result = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert result.exit_code == 0, result.output
    assert len(discord.received["111"]) == 1 and len(discord.received["222"]) == 1
