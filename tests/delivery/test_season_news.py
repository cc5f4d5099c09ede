"""`hostkit publish --send` of a season workbook: the season's news to the public webhook, once, and the webhook
never in the players' workbook."""

from __future__ import annotations

import json

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.settings import with_setting
from hostkit.storage.xlsx import XlsxBook


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_publish_send_posts_the_seasons_news_once(tmp_path, discord):
    season, public = tmp_path / "season.xlsx", tmp_path / "public.xlsx"
    assert run("season", "new", "--book", season, "--cast", "Ann,Bob,Cal", "--name", "Season 3").exit_code == 0
    book = XlsxBook(season)
    book.write({"Config": with_setting(book.read()["Config"], "public_webhook", discord.url("999"))})
    sent = run("publish", "--book", season, "--public-book", public, "--send")
    assert sent.exit_code == 0, sent.output
    assert discord.received["999"] == ["Season 3: 3 players still in: Ann, Bob, Cal."]
    assert run("publish", "--book", season, "--public-book", public, "--send").exit_code == 0
    assert len(discord.received["999"]) == 1
    tabs = XlsxBook(public).read()
    assert set(tabs) == {"Season", "hostkit"}
    assert "999" not in json.dumps(tabs, default=str)
