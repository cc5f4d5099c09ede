"""The final stage: fewer players than any Main Match allows (or Config final_stage_at) are paired for Final
Matches without candidates, each loser eliminated, until the season has its winner."""

from __future__ import annotations

from hostkit.core.settings import with_setting
from hostkit.storage.xlsx import XlsxBook
from tests.cli.season_stages import run, start_death, status

CAST = "Ann,Bob,Cat,Dan"


def refused(result, *words: str) -> None:
    assert result.exit_code == 1, result.output
    for word in words:
        assert word in result.stderr, result.stderr


def test_a_season_of_four_plays_final_matches_to_one_winner(tmp_path):
    season = tmp_path / "season.xlsx"
    assert run("season", "new", "--book", season, "--cast", CAST).exit_code == 0
    nxt = status(season)["next"]
    assert nxt.startswith("Final stage: 4 players still in (Ann, Bob, Cat, Dan; the smallest Main Match needs 5)")
    assert f"`hostkit season dm --book {season} --players A,B`" in nxt and "until 1 player is left" in nxt
    main = run("new", "paths-and-pahs", "--book", tmp_path / "m.xlsx", "--season", season)
    refused(main, "No Main Match now: Final stage")
    early = run("new", "hap-tac-toe", "--book", tmp_path / "f.xlsx", "--season", season)
    refused(early, "No Final Match is set")
    winners = []
    for number, pair in enumerate((("Ann", "Bob"), ("Cat", "Dan")), start=1):
        chosen = run("season", "dm", "--book", season, "--players", ",".join(pair), "--json")
        assert chosen.exit_code == 0, chosen.output
        assert '"match": "Final Match' in chosen.stdout and '"dodgers": []' in chosen.stdout
        start_death(tmp_path, pair, f"final-{number}")
        ended = run("standings", "--book", tmp_path / f"final-{number}.xlsx")
        assert ended.exit_code == 0, ended.output
        state = status(season)
        out = [m["player"] for m in state["cast"] if m["status"] == "eliminated"]
        assert len(out) == number and out[-1] in pair
        winners.append(next(p for p in pair if p != out[-1]))
    refused(run("season", "dm", "--book", season, "--players", f"{winners[0]},Ann"), "Ann is not a player still in")
    assert run("season", "dm", "--book", season, "--players", ",".join(winners)).exit_code == 0
    start_death(tmp_path, (winners[0], winners[1]), "final-3")
    assert run("standings", "--book", tmp_path / "final-3.xlsx").exit_code == 0
    state = status(season)
    (winner,) = [m["player"] for m in state["cast"] if m["status"] == "playing"]
    assert state["next"] == f"The season is over: {winner} is the winner." and state["winner"] == winner
    for late in (("dm", "--players", ",".join(winners)), ("tol", "--player", winner), ("undo",)):
        refused(run("season", late[0], "--book", season, *late[1:]), f"is over: {winner} is the winner")
    refused(run("new", "hap-tac-toe", "--book", tmp_path / "x.xlsx", "--season", season), f"{winner} is the winner")


def test_final_stage_at_starts_the_final_stage_earlier(tmp_path):
    season = tmp_path / "season.xlsx"
    assert run("season", "new", "--book", season, "--cast", "Ann,Bob,Cat,Dan,Eve,Fay").exit_code == 0
    assert status(season)["next"].startswith("Start Main Match 1 with the 6 players")
    book = XlsxBook(season)
    book.write({"Config": with_setting(book.read()["Config"], "final_stage_at", 6)})
    nxt = status(season)["next"]
    assert nxt.startswith("Final stage: 6 players still in") and "Config final_stage_at is 6" in nxt


def test_players_left_ends_the_final_stage_at_a_final_of_several(tmp_path):
    season = tmp_path / "season.xlsx"
    assert run("season", "new", "--book", season, "--cast", "Ann,Bob,Cat").exit_code == 0
    book = XlsxBook(season)
    book.write({"Config": with_setting(book.read()["Config"], "players_left", 2)})
    assert "until 2 players are left" in status(season)["next"]
    assert run("season", "dm", "--book", season, "--players", "Ann,Bob").exit_code == 0
    start_death(tmp_path, ("Ann", "Bob"), "final-1")
    assert run("standings", "--book", tmp_path / "final-1.xlsx").exit_code == 0
    assert (
        status(season)["next"].startswith("The season is over: ")
        and "are the last players in" in status(season)["next"]
    )
