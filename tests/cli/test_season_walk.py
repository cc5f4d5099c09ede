"""A whole season of six players played on xlsx to its single winner: two Main Matches, their Death Matches,
then the final stage's Final Matches, with `season status` (text and --json) and the Season tab checked after
every step. HOSTKIT_SEASON_WALK names a file to save the status printed at each step in."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hostkit.core.season_steps import DM_PAYOUT_REASON
from hostkit.storage.xlsx import XlsxBook
from tests.cli.season_stages import ledger_rows, run, start_death, start_main

CAST = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
NOT_CAST = ("Gus", "Hal", "Ivy")  # the sample Main Match's other players


class Walk:
    def __init__(self, folder: Path):
        self.folder = folder
        self.season = folder / "season.xlsx"
        self.said: list[str] = []

    def step(self, title: str, *args: object) -> str:
        """Run a command (if given), check it worked, and the season's status after it, text and JSON."""
        if args:
            done = run(*args)
            assert done.exit_code == 0, done.output
        text = run("season", "status", "--book", self.season)
        assert text.exit_code == 0, text.output
        self.said += [f"## {title}", text.output]
        state = self.state()
        if args or "standings" in title:  # a match's rounds pay into the Ledger; the next season step shows it
            self.check_season_tab(state)
        assert text.output.rstrip().endswith(state["next"].replace(str(self.folder) + "/", "")) or state[
            "next"
        ] in text.output.replace("\n", " ")
        return state["next"]

    def state(self) -> dict:
        result = run("season", "status", "--book", self.season, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    def playing(self) -> list[str]:
        return [m["player"] for m in self.state()["cast"] if m["status"] == "playing"]

    def candidates(self) -> list[str]:
        return [m["player"] for m in self.state()["cast"] if m["candidate"]]

    def check_season_tab(self, state: dict) -> None:
        """The public Season tab says what --json says: each player's status, garnets and ToL, who is in danger."""
        tab = XlsxBook(self.season).read()["Season"]
        rows = {row[0]: row for row in tab[3 : 3 + len(CAST)]}
        for m in state["cast"]:
            row = rows[m["player"]]
            assert row[1:5] == [m["status"], m["garnets"], m["tokens_of_life"], "yes" if m["candidate"] else None]

    def standings(self, title: str, name: str) -> str:
        return self.step(title, "standings", "--book", self.folder / f"{name}.xlsx")


def test_a_season_of_six_is_played_to_its_winner_through_the_final_stage(tmp_path):
    walk = Walk(tmp_path)
    nxt = walk.step("season new", "season", "new", "--book", walk.season, "--cast", ",".join(CAST), "--name", "Walk")
    assert nxt.startswith("Start Main Match 1 with the 6 players still in")
    out: list[str] = []
    for number in (1, 2):
        start_main(tmp_path, f"main-{number}", without=(*NOT_CAST, *out))
        assert f"Main Match {number} is under way" in walk.step(f"Main Match {number} started")
        nxt = walk.standings(f"Main Match {number} standings", f"main-{number}")
        danger = walk.candidates()
        assert len(danger) == 3 and nxt.startswith("Death Match pending: ECs ")
        assert sorted(nxt.split("ECs ", 1)[1].split(";")[0].split(", ")) == danger
        nxt = walk.step(
            f"Death Match {number} set", "season", "dm", "--book", walk.season, "--players", ",".join(danger[:2])
        )
        assert f"Death Match {number} is set ({danger[0]} v {danger[1]})" in nxt
        start_death(tmp_path, (danger[0], danger[1]), f"death-{number}")
        walk.step(f"Death Match {number} started")
        nxt = walk.standings(f"Death Match {number} standings", f"death-{number}")
        out = [p for p in CAST if p not in walk.playing()]
        assert len(out) == number
    assert nxt.startswith("Final stage: 4 players still in") and "the smallest Main Match needs 5" in nxt
    for number in (1, 2, 3):
        pair = walk.playing()[:2]
        nxt = walk.step(f"Final Match {number} set", "season", "dm", "--book", walk.season, "--players", ",".join(pair))
        assert f"Final Match {number} is set ({pair[0]} v {pair[1]})" in nxt
        start_death(tmp_path, (pair[0], pair[1]), f"final-{number}")
        walk.step(f"Final Match {number} started")
        nxt = walk.standings(f"Final Match {number} standings", f"final-{number}")
        assert len(walk.playing()) == 4 - number
    (winner,) = walk.playing()
    assert nxt == f"The season is over: {winner} is the winner." and walk.state()["winner"] == winner
    matches = XlsxBook(walk.season).read()["Matches"]
    assert [row[0] for row in matches[1:]] == [
        "Main Match 1",
        "Death Match 1",
        "Main Match 2",
        "Death Match 2",
        "Final Match 1",
        "Final Match 2",
        "Final Match 3",
    ]
    assert all(row[4] == "over" for row in matches[1:])
    payouts = [row[0] for row in ledger_rows(walk.season) if row[6] == DM_PAYOUT_REASON]
    assert payouts == ["Death Match 1", "Death Match 2"]  # a Final Match pays only what its own game pays
    for late in (
        ("season", "dm", "--book", walk.season, "--players", ",".join(CAST[:2])),
        ("season", "tol", "--book", walk.season, "--player", winner),
        ("season", "undo", "--book", walk.season),
        ("new", "hap-tac-toe", "--book", tmp_path / "more.xlsx", "--season", walk.season),
        ("new", "paths-and-pahs", "--book", tmp_path / "more.xlsx", "--season", walk.season),
    ):
        refused = run(*late)
        assert refused.exit_code == 1, refused.output
        assert f"is over: {winner} is the winner" in refused.stderr
    assert not (tmp_path / "more.xlsx").exists()
    saved = os.environ.get("HOSTKIT_SEASON_WALK")
    if saved:
        Path(saved).write_text("\n".join(walk.said).replace(str(tmp_path) + "/", ""), encoding="utf-8")
