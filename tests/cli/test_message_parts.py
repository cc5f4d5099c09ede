"""`--message` prints a step's public message as parts to paste into Discord one by one: each at most 2,000
characters (Discord's limit), a whole block with its fences paired, numbered when there are several."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.games import GAMES, load_game

NUMBERED = re.compile(r"\n\n(?=\(\d+/\d+\)\n)")


def parts(output: str) -> list[str]:
    text = output.rstrip("\n")
    return NUMBERED.split(text) if text.startswith("(1/") else [text]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_message_of_every_demo_pastes_in_parts_discord_takes(tmp_path, name):
    path = tmp_path / "demo.xlsx"
    demo = load_game(name).demo()
    assert CliRunner().invoke(main, ["demo", "--game", name, "--book", str(path)]).exit_code == 0
    rounds = sorted({step.round for step in demo.script() if step.command == "score" and step.round})
    commands = [["score", "--round", str(n)] for n in rounds] + [["hindsight"]]
    with freeze_time(demo.now):
        for command in commands:
            result = CliRunner().invoke(main, [*command, "--book", str(path), "--message"])
            assert "Traceback" not in result.output
            for i, part in enumerate(parts(result.stdout)):
                assert len(part) <= 2000, (command, len(part))
                assert part.count("```") % 2 == 0, (command, part)
                assert not i or part.startswith(f"({i + 1}/"), (command, part[:20])
