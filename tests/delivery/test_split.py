"""Cutting long messages for Discord's 2,000 characters, and reading webhook URLs."""

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
