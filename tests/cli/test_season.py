"""A season from the command line: every step, every refusal of a step out of order, and paying once through
corrections, on xlsx workbooks."""

from __future__ import annotations

import json

import pytest

from hostkit.core.settings import with_setting
from hostkit.library._season_demo import _without
from hostkit.storage.xlsx import XlsxBook
from tests.cli.season_stages import build, copied, ledger_rows, member, run, start_main, status


@pytest.fixture(scope="module")
def stages(tmp_path_factory):
    return build(tmp_path_factory.mktemp("season"))


def config_of(path) -> dict:
    return {row[0]: row[1] for row in XlsxBook(path).read()["Config"][1:]}


def set_config(path, key, value) -> None:
    book = XlsxBook(path)
    book.write({"Config": with_setting(book.read()["Config"], key, value)})


def refused(result, *words: str, code: int = 1) -> str:
    """A refusal (exit 1, `Refused: `) or, with code 2, an error: one sentence on stderr naming each word."""
    assert result.exit_code == code, result.output
    message = result.stderr.strip()
    assert message.startswith("Refused: " if code == 1 else "Error: ") and message.count("\n") == 0, message
    for word in words:
        assert word in message, message
    return message


def test_a_new_season_has_its_tabs_and_says_what_comes_next(stages, tmp_path):
    folder = copied(stages, "new", tmp_path)
    tabs = XlsxBook(folder / "season.xlsx").read()
    assert {"Config", "Cast", "Matches", "Ledger", "Season"} <= set(tabs)
    assert tabs["Cast"][0] == ["Player", "Status", "Eliminated in"] and tabs["Cast"][1][:2] == ["Ann", "playing"]
    state = status(folder / "season.xlsx")
    assert set(state) == {"cast", "next", "problems"}
    assert set(state["cast"][0]) == {"player", "status", "garnets", "tokens_of_life", "candidate"}
    assert [m["player"] for m in state["cast"]] == "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy".split(",")
    assert "Start Main Match 1 with the 9 players still in" in state["next"]
    again = run("season", "new", "--book", folder / "season.xlsx", "--cast", "A,B")
    refused(again, "already a season workbook", "--force", code=2)


def test_a_season_ledger_kept_with_ledger_becomes_the_seasons_ledger(tmp_path):
    ledger = tmp_path / "season.xlsx"
    paid = run("ledger", "pay", "--ledger", ledger, "--player", "Ann", "--garnets", "4", "--reason", "carried")
    assert paid.exit_code == 0, paid.output
    made = run("season", "new", "--book", ledger, "--cast", "Ann,Bob")
    assert made.exit_code == 0, made.output
    assert "is the season's Ledger now" in made.output
    assert member(ledger, "Ann")["garnets"] == 4


def test_ledger_import_brings_an_older_season_ledger_in_once(stages, tmp_path):
    folder = copied(stages, "new", tmp_path)
    old = tmp_path / "old.xlsx"
    run("ledger", "pay", "--ledger", old, "--player", "Cat", "--garnets", "2", "--reason", "dodged")
    run("ledger", "pay", "--ledger", old, "--player", "Ann", "--tokens", "1", "--reason", "won")
    first = run("ledger", "import", "--book", folder / "season.xlsx", "--from", old)
    assert first.exit_code == 0, first.output
    assert "Brought in 2 of 2 entries" in first.output
    again = run("ledger", "import", "--book", folder / "season.xlsx", "--from", old)
    assert "Brought in 0 of 2" in again.output
    assert len(ledger_rows(folder / "season.xlsx")) == 2
    assert member(folder / "season.xlsx", "Ann")["tokens_of_life"] == 1


def test_new_with_season_starts_a_main_match_with_the_players_still_in(stages, tmp_path):
    folder = copied(stages, "new", tmp_path)
    made = run("new", "paths-and-pahs", "--book", folder / "m.xlsx", "--season", folder / "season.xlsx")
    assert made.exit_code == 0, made.output
    assert "Main Match 1 joined the season" in made.output
    config = config_of(folder / "m.xlsx")
    assert config["season"] == "season.xlsx" and config["match"] == "Main Match 1"
    players = [row[0] for row in XlsxBook(folder / "m.xlsx").read()["Players"][1:]]
    assert players == "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy".split(",")
    matches = XlsxBook(folder / "season.xlsx").read()["Matches"]
    assert matches[1][:5] == ["Main Match 1", "Main Match", "paths-and-pahs", ", ".join(players), "playing"]
    assert "Main Match 1 is under way" in status(folder / "season.xlsx")["next"]
    second = run("new", "open-pass", "--book", folder / "o.xlsx", "--season", folder / "season.xlsx")
    refused(second, "Main Match 1 is still under way", "standings")


def test_new_with_season_and_players_checks_each_is_still_in(stages, tmp_path):
    folder = copied(stages, "dm_over", tmp_path)
    season = folder / "season.xlsx"
    out = run(
        "new", "paths-and-pahs", "--book", folder / "m.xlsx", "--season", season, "--players", "Ann,Bob,Cat,Dan,Eve"
    )
    refused(out, "Bob was eliminated in Death Match 1", "still in")
    stranger = run("new", "paths-and-pahs", "--book", folder / "m.xlsx", "--season", season, "--players", "Ann,Zed")
    refused(stranger, "Zed is not in the season's Cast")
    some = run(
        "new", "paths-and-pahs", "--book", folder / "m.xlsx", "--season", season, "--players", "Ann,Cat,Dan,Eve,Fay"
    )
    assert some.exit_code == 0, some.output
    assert not (folder / "o.xlsx").exists()


def test_a_death_match_needs_its_pair_set_first(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    early = run("new", "hap-tac-toe", "--book", folder / "d.xlsx", "--season", folder / "season.xlsx")
    refused(early, "No Death Match is set", f"`hostkit season dm --book {folder / 'season.xlsx'} --players A,B`")
    assert not (folder / "d.xlsx").exists()


def test_a_main_matchs_end_records_tol_and_candidates_and_pays_once(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = folder / "season.xlsx"
    state = status(season)
    assert [m["player"] for m in state["cast"] if m["candidate"]] == ["Bob", "Eve", "Ivy"]
    assert member(season, "Fay") == {
        "player": "Fay",
        "status": "playing",
        "garnets": 7,
        "tokens_of_life": 1,
        "candidate": False,
    }
    assert state["next"].startswith("Death Match pending: ECs Bob, Eve, Ivy; ")
    row = XlsxBook(season).read()["Matches"][1]
    assert row[4:8] == ["over", "Fay", "Fay 1", "Bob, Eve, Ivy"]
    saved = season.read_bytes()
    again = run("standings", "--book", folder / "main-1.xlsx")
    assert again.exit_code == 0, again.output
    assert "Already recorded in the season" in again.output
    assert season.read_bytes() == saved
    main = run("new", "paths-and-pahs", "--book", folder / "m2.xlsx", "--season", season)
    refused(main, "A Death Match is pending for Bob, Eve, Ivy", f"`hostkit season dm --book {season} --players A,B`")


def test_a_corrected_main_match_reverses_and_repays_in_the_season_once(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = folder / "season.xlsx"
    set_config(folder / "main-1.xlsx", "candidates", 2)
    set_config(folder / "main-1.xlsx", "top_garnets", 9)
    fixed = run("standings", "--book", folder / "main-1.xlsx")
    assert fixed.exit_code == 0, fixed.output
    assert "Reversed:" in fixed.output
    assert [m["player"] for m in status(season)["cast"] if m["candidate"]] == ["Eve", "Ivy"]
    assert member(season, "Fay")["garnets"] == 9 and member(season, "Bob")["candidate"] is False
    rows = len(ledger_rows(season))
    again = run("standings", "--book", folder / "main-1.xlsx")
    assert again.exit_code == 0 and len(ledger_rows(season)) == rows


def test_a_changed_result_once_the_season_moved_on_is_refused(stages, tmp_path):
    folder = copied(stages, "dm_set", tmp_path)
    before = XlsxBook(folder / "season.xlsx").read()
    set_config(folder / "main-1.xlsx", "candidates", 2)
    late = run("standings", "--book", folder / "main-1.xlsx")
    refused(late, "already recorded in the season", "Death Match 1 is set")
    assert XlsxBook(folder / "season.xlsx").read() == before


def test_tol_saves_a_candidate_who_holds_one_and_refuses_the_others(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = folder / "season.xlsx"
    refused(run("season", "tol", "--book", season, "--player", "Gus"), "Gus is not an elimination candidate")
    refused(run("season", "tol", "--book", season, "--player", "Bob"), "Bob holds 0 Tokens of Life")
    run("ledger", "pay", "--ledger", season, "--player", "Bob", "--tokens", "1", "--reason", "a gift")
    saved = run("season", "tol", "--book", season, "--player", "bob")
    assert saved.exit_code == 0, saved.output
    assert member(season, "Bob") | {"garnets": 0} == {
        "player": "Bob",
        "status": "playing",
        "garnets": 0,
        "tokens_of_life": 0,
        "candidate": False,
    }
    assert status(season)["next"].startswith("Death Match pending: ECs Eve, Ivy; ")
    refused(run("season", "tol", "--book", season, "--player", "Bob"), "Bob is not an elimination candidate")


def test_dm_checks_its_pair_and_pays_the_dodgers_once(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = folder / "season.xlsx"
    refused(run("season", "dm", "--book", season, "--players", "Ann,Bob"), "Ann is not an elimination candidate")
    refused(run("season", "dm", "--book", season, "--players", "Bob,bob"), "named twice", code=2)
    refused(run("season", "dm", "--book", season, "--players", "Bob,Zed"), "Zed is not a player still in")
    chosen = run("season", "dm", "--book", season, "--players", "Bob,Fay")
    assert chosen.exit_code == 0, chosen.output
    assert "Warning: Fay holds 1 Token of Life" in chosen.output
    assert "Dodged it: Eve, Ivy, each paid 5 garnets." in chosen.output
    assert member(season, "Eve")["garnets"] == 5 and member(season, "Ivy")["garnets"] == 5
    assert [m["player"] for m in status(season)["cast"] if m["candidate"]] == ["Bob"]
    rows = len(ledger_rows(season))
    second = run("season", "dm", "--book", season, "--players", "Eve,Ann")
    refused(second, "Death Match 1 (Bob v Fay) is set and not played yet")
    assert len(ledger_rows(season)) == rows
    refused(run("season", "tol", "--book", season, "--player", "Bob"), "already set")


def test_dm_opponent_with_tol_refuse(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    set_config(folder / "season.xlsx", "dm_opponent_with_tol", "refuse")
    refused(run("season", "dm", "--book", folder / "season.xlsx", "--players", "Bob,Fay"), "dm_opponent_with_tol")


def test_a_death_match_starts_with_the_pair_set(stages, tmp_path):
    folder = copied(stages, "dm_set", tmp_path)
    season = folder / "season.xlsx"
    wrong = run("new", "hap-and-grab", "--book", folder / "d.xlsx", "--season", season, "--players", "Bob,Ann")
    refused(wrong, "Death Match 1 is set for Bob v Eve")
    main = run("new", "paths-and-pahs", "--book", folder / "m.xlsx", "--season", season)
    refused(main, "Death Match 1 is set but not played")
    made = run("new", "hap-and-grab", "--book", folder / "d.xlsx", "--season", season)
    assert made.exit_code == 0, made.output
    assert "Hap and Grab for Bob, Eve" in made.output
    assert config_of(folder / "d.xlsx")["match"] == "Death Match 1"


def test_a_death_matchs_end_eliminates_its_loser_and_pays_its_winner(stages, tmp_path):
    folder = copied(stages, "dm_over", tmp_path)
    season = folder / "season.xlsx"
    state = status(season)
    out = [m for m in state["cast"] if m["status"] == "eliminated"]
    assert [m["player"] for m in out] == ["Bob"] and not any(m["candidate"] for m in state["cast"])
    assert member(season, "Eve")["garnets"] == 3
    cast = XlsxBook(season).read()["Cast"]
    assert ["Bob", "eliminated", "Death Match 1"] in cast
    assert "Start Main Match 2 with the 8 players still in" in state["next"]
    rows = len(ledger_rows(season))
    assert run("standings", "--book", folder / "death-1.xlsx").exit_code == 0
    assert len(ledger_rows(season)) == rows
    second = start_main(folder, "main-2", without="Bob")
    assert [row[0] for row in XlsxBook(second).read()["Players"][1:]] == "Ann,Cat,Dan,Eve,Fay,Gus,Hal,Ivy".split(",")


def test_a_corrected_death_match_moves_its_payout_once(stages, tmp_path):
    folder = copied(stages, "dm_over", tmp_path)
    season = folder / "season.xlsx"
    set_config(folder / "death-1.xlsx", "winner_garnets", 2)
    fixed = run("standings", "--book", folder / "death-1.xlsx", "--json")
    assert fixed.exit_code == 0, fixed.output
    assert member(season, "Eve")["garnets"] == 5
    rows = len(ledger_rows(season))
    assert run("standings", "--book", folder / "death-1.xlsx").exit_code == 0
    assert len(ledger_rows(season)) == rows


def test_standings_with_season_joins_a_match_made_without_it(stages, tmp_path):
    from hostkit.games import load_game
    from hostkit.storage.xlsx import XlsxBook as Book

    folder = copied(stages, "new", tmp_path)
    game = load_game("paths-and-pahs")
    sample = game.demo()
    book = Book(folder / "alone.xlsx")
    book.create(_without(sample.tabs, "Zed"))
    for round_number in range(1, 6):
        from hostkit.core.tables import Tables

        book.write(game.score(Tables(book.read()), round_number, sample.now).writes)
    joined = run("standings", "--book", book.path, "--season", folder / "season.xlsx")
    assert joined.exit_code == 0, joined.output
    assert "joined the season" in joined.output
    assert config_of(book.path)["season"] == "season.xlsx"
    assert member(folder / "season.xlsx", "Fay")["tokens_of_life"] == 1
    assert {row[0] for row in ledger_rows(folder / "season.xlsx")} == {"Main Match 1"}
    elsewhere = run("standings", "--book", book.path, "--season", folder / "other.xlsx")
    refused(elsewhere, "belongs to the season in season.xlsx", code=2)


def test_publish_writes_the_public_season_tab_only(stages, tmp_path):
    folder = copied(stages, "dm_over", tmp_path)
    public = folder / "public.xlsx"
    done = run("publish", "--book", folder / "season.xlsx", "--public-book", public)
    assert done.exit_code == 0, done.output
    tabs = XlsxBook(public).read()
    assert set(tabs) == {"Season", "hostkit"}
    season_tab = tabs["Season"]
    assert ["Bob", "eliminated", 0, 0, None, "Death Match 1"] == season_tab[4][:6]
    assert ["Main Match 1", "Main Match"] == season_tab[14][:2] and season_tab[14][5:8] == [
        "Bob, Eve, Ivy",
        None,
        "Ivy",
    ]
    assert season_tab[15][8] == "Bob"
    assert not any("season-" in str(c) for row in season_tab for c in row)


def test_the_season_ends_with_its_winner(tmp_path):
    from hostkit.core.season import MATCHES_HEADER

    season = tmp_path / "season.xlsx"
    run("season", "new", "--book", season, "--cast", "Ann,Bob")
    played = [
        ["Main Match 1", "Main Match", "paths-and-pahs", "Ann, Bob", "over", "Ann", "Ann 1", "Bob"],
        ["Death Match 1", "Death Match", "hap-and-grab", "Bob, Ann", "over", "Ann", None, None, None, None, "Bob"],
    ]
    XlsxBook(season).write({"Matches": [MATCHES_HEADER, *played]})
    state = status(season)
    assert state["next"] == "The season is over: Ann is the winner."
    assert [m["status"] for m in state["cast"]] == ["playing", "eliminated"]
    refused(
        run("new", "hap-and-grab", "--book", tmp_path / "d.xlsx", "--season", season), "is over", "Ann is the winner"
    )
    for late in (("dm", "--players", "Ann,Bob"), ("tol", "--player", "Bob"), ("undo",), ("cast", "--add", "Zed")):
        refused(run("season", late[0], "--book", season, *late[1:]), "The season is over: Ann is the winner")


def test_demo_season_plays_a_season_end_to_end(tmp_path):
    result = run("demo", "--season", "--book", tmp_path / "season.xlsx")
    assert result.exit_code == 0, result.output
    assert result.output.count("$ hostkit season status") == 8
    assert "Recorded in the season: Eve won Death Match 1; Bob is eliminated." in result.output
    assert "Main Match 2 joined the season in" in result.output
    assert not list(tmp_path.glob(".*hostkit-lock"))
    final = json.loads(run("season", "status", "--book", tmp_path / "season.xlsx", "--json").stdout)
    assert [m["player"] for m in final["cast"] if m["status"] == "eliminated"] == ["Bob"]
    public = XlsxBook(tmp_path / "season.xlsx").read()["Season"]
    assert public[4][:6] == ["Bob", "eliminated", 0, 0, None, "Death Match 1"]
    assert public[8][:5] == ["Fay", "playing", 7, 1, None] and public[10][:5] == ["Hal", "playing", 7, 1, None]
    played = {row[0]: row[3:9] for row in public[14:]}
    assert played["Main Match 1"] == ["Fay", "Fay 1", "Bob, Eve, Ivy", None, "Ivy", None]
    assert played["Death Match 1"] == ["Eve", None, None, None, None, "Bob"]
    assert played["Main Match 2"][:3] == ["Hal", "Hal 1", "Ann, Eve, Cat"]
    refused(run("demo", "--season", "--book", tmp_path / "season.xlsx"), "--force", code=2)


@pytest.mark.parametrize(
    ("game", "tokens", "candidates"),
    [("open-pass", [3, 1, 1], 3), ("cards-on-the-table", [1, 1], 1)],
)
def test_each_main_match_game_awards_by_its_own_rules(tmp_path, game, tokens, candidates):
    from hostkit.games import load_game
    from hostkit.library._season_demo import prepare

    rules = load_game(game)
    sample = rules.demo()
    cast = ",".join(row[0] for row in sample.tabs["Players"][1:])
    assert run("season", "new", "--book", tmp_path / "season.xlsx", "--cast", cast).exit_code == 0
    prepare(XlsxBook(tmp_path / "season.xlsx"), rules, sample.tabs, XlsxBook(tmp_path / "m.xlsx"), sample.now)
    ended = run("standings", "--book", tmp_path / "m.xlsx")
    assert ended.exit_code in (0, 1), ended.output
    state = status(tmp_path / "season.xlsx")
    held = sorted((m["tokens_of_life"] for m in state["cast"] if m["tokens_of_life"]), reverse=True)
    assert held == tokens
    assert sum(m["candidate"] for m in state["cast"]) == candidates
    assert all(m["garnets"] >= 0 for m in state["cast"])
    row = XlsxBook(tmp_path / "season.xlsx").read()["Matches"][1]
    assert row[4] == "over" and len(row[7].split(", ")) == candidates
    said = [line.removeprefix("Winners: ").rstrip(".") for line in ended.output.splitlines() if "Winners: " in line]
    if game == "cards-on-the-table":  # its sheet: the most points wins, whoever the Tokens of Life went to
        assert said and row[5] == said[0] and len(row[5].split(", ")) < len(row[6].split(", "))
    assert config_of(tmp_path / "m.xlsx")["dodge_garnets"] == 0


def test_the_hosts_own_columns_in_cast_and_matches_survive_every_step(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = XlsxBook(folder / "season.xlsx")
    tabs = season.read()
    cast = [[*row, "Discord" if i == 0 else f"@{row[0].lower()}"] for i, row in enumerate(tabs["Cast"])]
    matches = [[*row, "Notes" if i == 0 else "great match"] for i, row in enumerate(tabs["Matches"])]
    season.write({"Cast": cast, "Matches": matches})
    assert run("season", "dm", "--book", folder / "season.xlsx", "--players", "Bob,Eve").exit_code == 0
    after = XlsxBook(folder / "season.xlsx").read()
    assert after["Cast"][0][-1] == "Discord" and after["Cast"][2][-1] == "@bob"
    assert after["Matches"][0][-1] == "Notes" and after["Matches"][1][-1] == "great match"
    assert after["Matches"][2][0] == "Death Match 1" and after["Matches"][2][-1] is None
