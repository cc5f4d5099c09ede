"""Cutting long messages for Discord's 2,000 characters, and reading webhook URLs."""

import re

import pytest

from hostkit.delivery.split import split
from hostkit.delivery.webhooks import parse_webhook, redacted


def test_a_short_message_is_one_part():
    assert split("hello\nworld") == ["hello\nworld"]


def test_a_long_message_is_cut_on_line_boundaries_and_code_blocks_stay_closed():
    lines = ["```"] + [f"line {i:04d} " + "x" * 40 for i in range(120)] + ["```"]
    parts = split("\n".join(lines))
    assert len(parts) > 2 and all(len(p) <= 2000 for p in parts)
    assert all(p.startswith("```") and p.endswith("```") for p in parts)
    body = [line for p in parts for line in p.split("\n") if line != "```"]
    assert body == lines[1:-1]


def test_a_line_longer_than_a_message_is_cut_too():
    parts = split("y" * 4500)
    assert [len(p) for p in parts] == [1992, 1992, 516] and "".join(parts) == "y" * 4500


@pytest.mark.parametrize(
    "url",
    [
        "https://discord.com/api/webhooks/123/abc-DEF_ghi",
        "https://discordapp.com/api/webhooks/123/abc",
        "https://canary.discord.com/api/v10/webhooks/123/abc",
        "http://127.0.0.1:8123/api/webhooks/123/abc",
        "http://localhost/api/webhooks/123/abc",
        "https://discord.com/api/webhooks/123/abc?thread_id=5&wait=true",
    ],
)
def test_discord_webhooks_are_accepted(url):
    assert parse_webhook(url).id == "123"


@pytest.mark.parametrize(
    "url",
    [
        "http://discord.com/api/webhooks/123/abc",
        "https://discord.com.evil.example/api/webhooks/123/abc",
        "https://discord.com/api/channels/123/messages",
        "https://discord.com/api/webhooks/123/abc?thread=5",
        "https://user:abc@discord.com/api/webhooks/123/abc",
        "https://discord.com:8443/api/webhooks/123/abc",
        "https://discord.com/api/webhooks/123/abc?thread_id=x",
        "ftp://127.0.0.1/api/webhooks/1/a",
        "not a url",
    ],
)
def test_other_urls_are_refused_without_showing_them(url):
    with pytest.raises(ValueError) as refused:
        parse_webhook(url)
    assert "abc" not in str(refused.value)


def test_a_token_is_never_shown():
    hook = parse_webhook("https://discord.com/api/webhooks/123/SECRET")
    assert hook.redacted() == "…/webhooks/123/****" and "SECRET" not in repr(hook)
    assert (
        redacted("at https://discord.com/api/webhooks/123/SECRET now")
        == "at https://discord.com/api/webhooks/123/**** now"
    )


def test_a_name_with_markdown_is_escaped_outside_code_blocks_only():
    from hostkit.delivery.split import escaped_names

    text = "Winner: *Star* and Reds\n```\n*Star* 3\n```\nthanks *Star*"
    assert escaped_names(text, ["*Star*", "Reds"]) == (
        "Winner: \\*Star\\* and Reds\n```\n*Star* 3\n```\nthanks \\*Star\\*"
    )
    assert escaped_names("plain", ["Reds"]) == "plain"


def test_masked_links_and_mentions_in_a_name_or_the_text_format_nothing():
    from hostkit.delivery.split import escaped_names

    link = "[Craw](https://example.com/x)"
    text = f"Winner: {link}\nthanks <@123>, <@!45>, <@&123>, <#123>, @everyone and @here"
    shown = escaped_names(text, [link, "Reds"])
    assert shown.split("\n")[0] == "Winner: \\[Craw\\](https://example.com/x)"
    assert "\\<@123>" in shown and "\\<@!45>" in shown and "\\<@&123>" in shown and "\\<#123>" in shown
    assert "@\u200beveryone" in shown and "@\u200bhere" in shown
    assert not re.search(r"(?<!\\)<[@#]", shown) and not re.search(r"(?<!\\)\[Craw(?<!\\)\]", shown)
    # in plain text too, not only in names
    assert escaped_names("see [here](https://evil.example)", []) == "see \\[here\\](https://evil.example)"


def test_inside_a_code_block_a_name_is_left_as_typed_but_cannot_close_it():
    from hostkit.delivery.split import escaped_names

    shown = escaped_names("```\n<@1> ```Reds``` 3\n```", ["```Reds```"])
    assert shown.split("\n") == ["```", "<@1> `\u200b`\u200b`Reds`\u200b`\u200b` 3", "```"]


def test_a_block_left_open_is_closed():
    from hostkit.delivery.split import escaped_names

    assert escaped_names("```\nReds 3", []) == "```\nReds 3\n```"


def test_a_name_of_three_backticks_and_a_long_name_leave_every_part_balanced():
    from hostkit.core.words import chat_block
    from hostkit.delivery.split import escaped_names

    names = ["```", "x" * 1500 + "```"]
    text = "\n".join([f"Winner: {names[0]} and {names[1]}", chat_block([f"{n} 3" for n in names * 3])])
    parts = split(escaped_names(text, names))
    assert len(parts) > 1 and all(len(p) <= 2000 and p.count("```") % 2 == 0 for p in parts)


def test_paste_parts_numbers_whole_sections_of_at_most_2000_characters():
    from hostkit.delivery.split import paste_parts

    rounds = [f"Round {n}\n" + "\n".join(f"line {n}.{i} " + "y" * 60 for i in range(12)) for n in range(1, 6)]
    block = "```\n" + "\n".join(f"row {i}" for i in range(10)) + "\n```"
    text = "\n\n".join([*rounds, block])
    parts = paste_parts(text)
    assert len(parts) == 3 and all(len(p) <= 2000 for p in parts)
    assert [p.split("\n", 1)[0] for p in parts] == ["(1/3)", "(2/3)", "(3/3)"]
    bodies = [p.split("\n", 1)[1] for p in parts]
    assert "\n\n".join(bodies) == text  # cut only between sections
    assert all(b.count("```") % 2 == 0 for b in bodies)
    assert paste_parts("short") == ["short"]


def test_paste_parts_cuts_a_section_longer_than_a_message_between_its_lines():
    from hostkit.delivery.split import paste_parts

    lines = ["```"] + [f"line {i:04d} " + "x" * 40 for i in range(120)] + ["```"]
    parts = paste_parts("Results\n\n" + "\n".join(lines))
    assert len(parts) == 4 and all(len(p) <= 2000 and p.count("```") % 2 == 0 for p in parts)
    body = [line for p in parts for line in p.split("\n")[1:] if line not in ("```", "Results", "")]
    assert body == lines[1:-1]


def test_ids_are_snowflakes_as_discord_documents_them():
    from hostkit.delivery.webhooks import is_snowflake

    assert is_snowflake("1450000000000000031") and is_snowflake(str(2**64 - 1))
    assert not is_snowflake("0123") and not is_snowflake(str(2**64)) and not is_snowflake("0")
    with pytest.raises(ValueError, match="not a Discord id"):
        parse_webhook("https://discord.com/api/webhooks/0123/abc")
    with pytest.raises(ValueError, match="without leading zeros"):
        parse_webhook("https://discord.com/api/webhooks/123/abc?thread_id=0777")


@pytest.mark.parametrize(
    "url",
    [
        "https://discord.com/api/webhooks/123/abc",
        "https://discord.com/api/v9/webhooks/123/abc/",
        "https://discord.com/api/v10/webhooks/123/abc?wait=true",
    ],
)
def test_every_address_is_posted_to_as_api_version_10(url):
    assert parse_webhook(url).url == "https://discord.com/api/v10/webhooks/123/abc"
