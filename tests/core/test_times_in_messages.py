"""Every time a game writes into a message for players is a Discord timestamp, read in each player's own zone:
no wall-clock text (which names one zone only), and never inside a code block, where Discord shows it raw."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.tables import BookError, Tables
from hostkit.games import GAMES, load_game
from hostkit.storage.xlsx import XlsxBook

WALL_CLOCK = re.compile(r"\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{4}\b")
DISCORD = re.compile(r"<t:-?\d+:[tTdDfFR]>")
CODE_BLOCK = re.compile(r"```.*?```", re.S)


def demo_messages(game_name, folder):
    """The public and private messages a game's demo match gives at each of its steps, once it is played."""
    path = folder / f"{game_name}.xlsx"
    assert CliRunner().invoke(main, ["demo", "--game", game_name, "--book", str(path)]).exit_code == 0
    game, tables = load_game(game_name), Tables(XlsxBook(path).read())
    demo = game.demo()
    found = []
    for step in demo.script():
        call = {"score": game.score, "deal": game.deal}.get(step.command)
        if call is None or step.round is None:
            continue
        try:
            outcome = call(tables, step.round, demo.now)
        except BookError:
            continue
        found += [text for text in (outcome.message, *outcome.private.values()) if text]
    return found


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_time_in_a_demo_message_is_a_discord_timestamp_outside_code(game_name, tmp_path):
    messages = demo_messages(game_name, tmp_path)
    assert messages, f"{game_name}'s demo gave no message to check"
    for text in messages:
        assert not WALL_CLOCK.search(DISCORD.sub("", text)), text
        assert not any(DISCORD.search(block) for block in CODE_BLOCK.findall(text)), text
