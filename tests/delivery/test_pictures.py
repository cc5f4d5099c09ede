"""Pictures in Discord: a round's board goes as a PNG attachment with the public message only, in a
multipart/form-data post as Discord documents it, recorded once; never with a private message."""

from __future__ import annotations

import dataclasses

import pytest

from hostkit.core.settings import with_setting
from hostkit.delivery import discord as discord_module
from hostkit.storage.xlsx import XlsxBook
from tests.delivery.test_send import HOOKS, run, with_webhooks
from tests.games.hap_and_grab.tobago_helpers import match_tabs

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def dealt_book(tmp_path, discord):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(with_webhooks(match_tabs(), discord, HOOKS))
    return path


def sent_rows(path) -> list[list]:
    return XlsxBook(path).read()["Sent"]


def test_score_send_posts_the_board_as_a_png_to_the_public_webhook_only(dealt_book, discord):
    dealt = run("deal", "--book", dealt_book, "--round", 1, "--send")
    assert dealt.exit_code == 0, dealt.output
    assert not discord.received["999"] and discord.pictures["111"] == [None] and discord.pictures["222"] == [None]
    scored = run("score", "--book", dealt_book, "--round", 1, "--send")
    assert scored.exit_code == 0, scored.output
    assert "Sent to the public channel with its picture." in scored.output
    [(name, picture)] = discord.pictures["999"]
    assert name == "board.png" and picture.startswith(PNG) and len(picture) > 1000
    assert discord.received["999"][0].startswith("```")
    assert discord.pictures["111"] == [None] and discord.pictures["222"] == [None]
    public = [row for row in sent_rows(dealt_book)[1:] if row[2] == "public"]
    assert len(public) == 1 and public[0][6] == "sent" and public[0][9] == "board.png"
    again = run("score", "--book", dealt_book, "--round", 1, "--send")
    assert again.exit_code == 0 and len(discord.pictures["999"]) == 1  # recorded once: not posted again
    assert "PNG" not in str(sent_rows(dealt_book))


def test_no_picture_with_config_discord_images_no(dealt_book, discord):
    config = XlsxBook(dealt_book).read()["Config"]
    XlsxBook(dealt_book).write({"Config": with_setting(config, "discord_images", "no")})
    run("deal", "--book", dealt_book, "--round", 1)
    scored = run("score", "--book", dealt_book, "--round", 1, "--send")
    assert discord.pictures["999"] == [None], scored.output
    assert "with its picture" not in scored.output


def test_a_picture_over_discords_upload_limit_is_left_out_and_the_text_still_sent(dealt_book, discord, monkeypatch):
    monkeypatch.setattr(discord_module, "UPLOAD_LIMIT", 100)
    assert run("deal", "--book", dealt_book, "--round", 1).exit_code == 0
    scored = run("score", "--book", dealt_book, "--round", 1, "--send")
    assert scored.exit_code == 0, scored.output
    assert "The picture for the public channel was left out: at 0.0 MiB it is over Discord's 0 MiB" in scored.output
    assert discord.pictures["999"] == [None] and len(discord.received["999"]) == 1
    public = [row for row in sent_rows(dealt_book)[1:] if row[2] == "public"]
    assert public[0][9].startswith("left out: ")


def test_a_picture_discord_refuses_as_too_large_is_left_out_and_the_text_sent(dealt_book, discord):
    discord.script["999"].append((413, {"message": "Request entity too large", "code": 40005}))
    assert run("deal", "--book", dealt_book, "--round", 1).exit_code == 0
    scored = run("score", "--book", dealt_book, "--round", 1, "--send")
    assert scored.exit_code == 0, scored.output
    assert "The picture was left out: Discord refused the picture as too large" in scored.output
    assert discord.pictures["999"] == [None] and len(discord.received["999"]) == 1


def test_messages_of_attaches_the_board_to_the_public_message_only():
    from hostkit.core.game import Outcome
    from hostkit.library._messaging import messages_of

    def draw() -> bytes:
        return PNG

    outcome = Outcome(message="results", private={"Reds": "peek"}, image=draw)
    found = {m.recipient: m for m in messages_of(outcome, "score", 1)}
    assert found["public"].picture() == PNG and found["Reds"].image is None
    assert all(m.image is None for m in messages_of(outcome, "score", 1, pictures=False))
    own = dataclasses.replace(outcome)
    own.private_images = {"Reds": draw}  # type: ignore[attr-defined]
    mine = {m.recipient: m for m in messages_of(own, "score", 1)}
    assert mine["Reds"].picture() == PNG and mine["public"].picture() == PNG
