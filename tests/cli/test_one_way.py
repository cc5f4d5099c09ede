"""One ledger, seen alike by the rules and by the payouts: a Paths and PAHs match spends the garnets of the ledger it
pays into (the season's, or balances brought in with `ledger import`), charged there once; and `watch` leaves the
same Ledger and Sent rows as `score`."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.games.paths_and_pahs.board import Direction
from hostkit.storage.xlsx import XlsxBook
from tests.games.paths_and_pahs.workbook import (
    AFTER,
    PLAYERS,
    SEED,
    SUBMISSIONS,
    add_rows,
    at,
    board_grid,
    empty_tiles,
    opens,
    run,
    score,
    write,
)


def ledger(path) -> list[list]:
    return XlsxBook(path).read()["Ledger"]


def four_tile_start(path) -> tuple[str, str]:
    """A starting tile with room for a 4-tile move, and that move."""
    tile = next(t for t in empty_tiles(board_grid(path)) if max(t.room(d) for d in Direction) >= 4)
    return str(tile), next(f"{d.value} 4" for d in Direction if tile.room(d) >= 4)


def start_round_one(path, *extra) -> None:
    """The match's board laid and dealt, round 1 open, Cat starting where a 4-tile move fits and making it."""
    for args in (("board", "--book", path, "--round", 1), ("deal", "--book", path, "--round", 1)):
        result = run(*args)
        assert result.exit_code == 0, result.output
    write(path, Rounds=[["Round", "Opens", "Closes"]] + [[n, opens(n), None] for n in range(1, 6)])
    write(path, Submissions=[SUBMISSIONS])
    tile, move = four_tile_start(path)
    add_rows(path, [(at(1, 1), "Cat", 1, "start", tile), (at(1, 2), "Cat", 1, "move", move)])


def cat_moved(data: dict) -> tuple[str, str]:
    [found] = [a for a in data["actions"] if a["player"] == "Cat" and a["action"] == "move"]
    return found["verdict"], found["reason"]


def test_a_season_match_spends_the_seasons_garnets_and_charges_the_season_once(tmp_path):
    season, path = tmp_path / "season.xlsx", tmp_path / "main-2.xlsx"
    assert run("season", "new", "--book", season, "--cast", ",".join(PLAYERS)).exit_code == 0
    paid = run("ledger", "pay", "--ledger", season, "--player", "Cat", "--garnets", 9, "--reason", "Main Match 1")
    assert paid.exit_code == 0, paid.output
    made = run("new", "paths-and-pahs", "--book", path, "--season", season, "--seed", SEED)
    assert made.exit_code == 0, made.output
    start_round_one(path)
    code, first, output = score(path, 1)
    assert code == 0, output
    assert cat_moved(first)[0] == "applied", cat_moved(first)
    charged = [row for row in ledger(season)[1:] if row[2] == "Cat" and row[3] == -4]
    assert len(charged) == 1 and not [row for row in ledger(path)[1:] if row[2] == "Cat"]
    status = json.loads(run("season", "status", "--book", season, "--json").output)
    assert next(m for m in status["cast"] if m["player"] == "Cat")["garnets"] == 5
    assert score(path, 1)[0] == 0
    assert ledger(season) == ledger(season) and len([r for r in ledger(season)[1:] if r[3] == -4]) == 1


def test_balances_brought_in_with_ledger_import_are_the_ones_a_purchase_is_checked_against(tmp_path):
    path, balances = tmp_path / "pap.xlsx", tmp_path / "balances.csv"
    made = run("new", "paths-and-pahs", "--book", path, "--players", ",".join(PLAYERS), "--seed", SEED)
    assert made.exit_code == 0, made.output
    start_round_one(path)
    balances.write_text("Player,Garnets\nCat,5\n", encoding="utf-8")
    imported = run("ledger", "import", "--book", path, "--from", balances)
    assert imported.exit_code == 0, imported.output
    code, data, output = score(path, 1)
    assert code == 0, output
    assert cat_moved(data)[0] == "applied", cat_moved(data)
    held = json.loads(run("ledger", "--book", path, "--json").output)["players"]["Cat"]
    assert held["garnets"] == 1


def test_a_season_match_refuses_ledger_import_since_it_plays_on_the_seasons_ledger(tmp_path):
    season, path, balances = tmp_path / "season.xlsx", tmp_path / "m.xlsx", tmp_path / "b.csv"
    assert run("season", "new", "--book", season, "--cast", ",".join(PLAYERS)).exit_code == 0
    assert run("new", "paths-and-pahs", "--book", path, "--season", season, "--seed", SEED).exit_code == 0
    balances.write_text("Player,Garnets\nCat,5\n", encoding="utf-8")
    refused = run("ledger", "import", "--book", path, "--from", balances)
    assert refused.exit_code == 2 and "whose Ledger it already plays on" in refused.stderr


def test_watch_on_the_last_round_of_open_pass_pays_and_records_as_score_does(tmp_path, monkeypatch):
    from tests.cli.watching import looks

    scored, watched = tmp_path / "scored.xlsx", tmp_path / "watched.xlsx"
    assert run("demo", "--game", "open-pass", "--book", scored).exit_code == 0
    book = XlsxBook(scored).read()
    config = [row for row in book["Config"] if row and row[0] != "public_webhook"]
    config.append(["public_webhook", "https://discord.com/api/webhooks/123456789012345678/token", None])
    XlsxBook(scored).write({"Config": config})
    shutil.copy(scored, watched)
    last = run("score", "--book", scored, "--round", 4)
    assert last.exit_code == 0, last.output
    with freeze_time(AFTER):
        looks(monkeypatch, {})  # after freezing the clock, which would otherwise take the watch's clock back
        watch = CliRunner().invoke(main, ["watch", "--book", str(watched), "--round", "4", "--for", "5s"])
    assert watch.exit_code == 0, watch.output
    after_score, after_watch = XlsxBook(scored).read(), XlsxBook(watched).read()
    assert after_score["Ledger"] == after_watch["Ledger"] and len(after_score["Ledger"]) > 1
    assert [row[:4] for row in after_score["Sent"]] == [row[:4] for row in after_watch["Sent"]]
