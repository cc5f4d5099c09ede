"""A whole 9-player match scripted through the CLI on a real xlsx: board, deal, five rounds, standings, ledger."""

import itertools
import json

from hostkit.core.cards import FULL_DECK
from hostkit.games.paths_and_pahs.board import Direction, Tile
from hostkit.games.paths_and_pahs.cards import NAMES, is_pah_set
from hostkit.games.paths_and_pahs.demo import a_pah
from tests.games.paths_and_pahs.workbook import (
    PLAYERS,
    SEED,
    a_move,
    add_rows,
    at,
    board_grid,
    empty_tiles,
    new_match,
    run,
    score,
    tabs,
)

BALANCES = {"Bob": 5, "Cat": 3, "Eve": 9}
PUBLIC = (
    "Leaderboard",
    "Opening Board",
    "Board after Round 1",
    "Board after Round 2",
    "Board after Round 3",
    "Board after Round 4",
)


def verdict(data, player, action, value=None):
    rows = [
        a
        for a in data["actions"]
        if a["player"] == player and a["action"] == action and (value is None or a["value"] == value)
    ]
    assert len(rows) == 1, (player, action, rows)
    return rows[0]["verdict"], rows[0]["reason"]


def starts(grid):
    """Ann starts right of a card (which a shift will bring under her); Gus and Eve where 4 tiles fit."""
    empty = empty_tiles(grid)
    ann = next(t for t in empty if t.column > 0 and grid[Tile(t.row, t.column - 1)] is not None)
    roomy = [t for t in empty if t != ann and max(t.room(d) for d in Direction) >= 4]
    gus, eve = roomy[0], roomy[1]
    rest = [t for t in empty if t not in (ann, gus, eve)]
    tiles = {"Ann": ann, "Gus": gus, "Eve": eve}
    tiles.update(zip(["Bob", "Cat", "Dan", "Fay", "Hal"], rest))
    return tiles


def four(tile):
    return next(d.value for d in Direction if tile.room(d) >= 4)


def test_a_whole_match_through_the_cli(tmp_path):
    path = tmp_path / "match.xlsx"
    new_match(path, BALANCES)
    grid = board_grid(path)
    tiles = starts(grid)
    ann = tiles["Ann"]
    under_ann = grid[Tile(ann.row, ann.column - 1)]
    quiet_row = (ann.row + 3) % 6 + 1
    hal = tiles["Hal"]
    off = next(d for d in Direction if hal.room(d) < 3)
    rows = [(at(1, 1), p, 1, "start", str(t)) for p, t in tiles.items()]
    rows += [
        (at(1, 2), "Bob", 1, "shift", f"row {ann.row + 1} right"),
        (at(1, 2), "Dan", 1, "shift", f"row {quiet_row} left"),
        (at(1, 3), "Eve", 1, "shift", f"row {quiet_row} right"),
        (at(1, 4), "Ann", 1, "move", "stay"),
        (at(1, 4), "Gus", 1, "move", f"{four(tiles['Gus'])} 4"),
        (at(1, 4), "Eve", 1, "move", f"{four(tiles['Eve'])} 4"),
        (at(1, 4), "Hal", 1, "move", f"{off.value} 3"),
        (at(1, 5), "Fay", 1, "move", a_move(str(tiles["Fay"]), None)),
        (at(1, 6), "Fay", 1, "move", "stay"),
        (at(1, 7), "Cat", 1, "pah", "black red square, white red circle, black blue circle; discard white red circle"),
        (at(1, 24 * 60 + 1), "Ann", 1, "move", "down 1"),
    ]
    rows += [(at(1, 8), p, 1, "move", a_move(str(tiles[p]), None)) for p in ("Bob", "Cat", "Dan")]
    add_rows(path, rows)

    code, r1, output = score(path, 1, "--image", tmp_path / "r1.png")
    assert code == 0, output
    assert set(r1) == {"game", "round", "board", "shifts", "players", "actions", "problems"}
    assert r1["shifts"] == {f"row {ann.row + 1}": 1, f"row {quiet_row}": 0}
    assert r1["board"][str(ann)] == under_ann  # the shift brought a card under Ann
    assert verdict(r1, "Ann", "move", "stay") == ("applied", f"stays on {ann}; collects {under_ann}")
    assert under_ann in r1["players"]["Ann"]["inventory"] and r1["players"]["Ann"]["direction"] is None
    assert verdict(r1, "Gus", "move")[1] == "Gus has 0 garnets and cannot spend 4 on a fourth tile"
    assert verdict(r1, "Eve", "move")[0] == "applied" and r1["players"]["Eve"]["garnets_spent"] == 4
    assert "would leave the board" in verdict(r1, "Hal", "move")[1]
    assert verdict(r1, "Fay", "move", "stay")[0] == "applied"
    assert [a["verdict"] for a in r1["actions"] if a["player"] == "Fay" and a["action"] == "move"][0] == "superseded"
    assert verdict(r1, "Cat", "pah")[1].startswith("PAHs made in round 1 score nothing")
    assert [a["verdict"] for a in r1["actions"] if a["timestamp"].startswith("2030-03-02")] == ["late"]
    assert r1["players"]["Ivy"]["tile"] is None
    assert (tmp_path / "r1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ledger = tabs(path)["Ledger"]
    match_id = {row[0]: row[1] for row in tabs(path)["Config"]}["match_id"]
    assert ledger[-1] == ["Paths and PAHs", 1, "Eve", -4, 0, None, "moved a fourth tile", match_id, None]

    before = tabs(path)
    assert score(path, 1)[0] == 0 and tabs(path) == before  # scoring again changes nothing, spends nothing

    # Round 2: Ivy starts late, Cat changes a starting card twice, Dan's PAHs are wrong, everyone else PAHs.
    state = r1["players"]
    cat_start = state["Cat"]["starting"]
    new_cards = [NAMES.format(c) for c in FULL_DECK if NAMES.format(c) not in cat_start][:2]
    empty_now = next(t for t, card in r1["board"].items() if card is None)
    rows = [
        (at(2, 1), "Ivy", 2, "start", empty_now),
        (at(2, 1), "Cat", 2, "change", f"1: {new_cards[0]}"),
        (at(2, 2), "Cat", 2, "change", f"2: {new_cards[1]}"),
    ]
    dan = [NAMES.parse(c) for c in state["Dan"]["inventory"]]
    wrong = next(t for t in itertools.combinations(dan, 3) if not is_pah_set(t))
    missing = next(NAMES.format(c) for c in FULL_DECK if NAMES.format(c) not in state["Dan"]["inventory"])
    wrong_names = [NAMES.format(c) for c in wrong]
    rows += [
        (at(2, 3), "Dan", 2, "pah", f"{', '.join(wrong_names)}; discard {wrong_names[0]}"),
        (at(2, 3), "Dan", 2, "pah", f"{missing}, {wrong_names[1]}, {wrong_names[2]}; discard {missing}"),
    ]
    rows += pahs_and_moves(state, 2, skip=("Cat", "Dan"))
    add_rows(path, rows)
    code, r2, output = score(path, 2)
    assert code == 0, output
    assert verdict(r2, "Ivy", "start") == ("applied", f"starts on {empty_now} (off the board until round 2)")
    assert [a["verdict"] for a in r2["actions"] if a["action"] == "change"] == ["superseded", "applied"]
    assert r2["players"]["Cat"]["starting"] == [cat_start[0], new_cards[1]]
    assert r2["players"]["Cat"]["garnets_spent"] == 1
    dan_verdicts = [a["reason"] for a in r2["actions"] if a["player"] == "Dan" and a["action"] == "pah"]
    assert dan_verdicts[0].startswith("not a PAH: ") and dan_verdicts[1] == f"Dan does not hold {missing}"
    for p, s in r2["players"].items():
        made = sum(a["verdict"] == "applied" for a in r2["actions"] if a["player"] == p and a["action"] == "pah")
        assert s["points"] == 7 * made and s["pahs"] == made
    assert sum(s["pahs"] for s in r2["players"].values()) >= 3
    assert ["Paths and PAHs", 2, "Cat", -1, 0, None, "changed a starting card", match_id, None] in tabs(path)["Ledger"]

    previous = r2
    for number in (3, 4):
        add_rows(path, pahs_and_moves(previous["players"], number))
        code, data, output = score(path, number)
        assert code == 0, output
        for p in PLAYERS:
            made = sum(a["verdict"] == "applied" for a in data["actions"] if a["player"] == p and a["action"] == "pah")
            gained = data["players"][p]["points"] - previous["players"][p]["points"]
            assert gained == {3: 6, 4: 5}[number] * made
        previous = data
    r4 = previous
    leaderboard = tabs(path)["Leaderboard"]
    assert all(row[2] is None for row in leaderboard[1:10])  # points stay hidden before the endgame

    provisional = run("standings", "--book", path, "--json")
    assert provisional.exit_code == 0 and json.loads(provisional.output)["final"] is False
    assert json.loads(provisional.output)["paid"] == []

    rows = [(at(5, 1), "Cat", 5, "change", f"1: {new_cards[0]}"), (at(5, 2), "Zed", 5, "pah", "nothing")]
    rows += pahs_and_moves(r4["players"], 5)
    add_rows(path, rows)
    code, r5, output = score(path, 5)
    assert code == 1 and "'Zed' is not a player" in output
    assert verdict(r5, "Cat", "change")[1] == "round 5 is the endgame: players only make PAHs, so no change"
    assert all(a["verdict"] != "applied" for a in r5["actions"] if a["action"] in ("move", "shift", "change"))
    assert tabs(path)["Leaderboard"][1][2] == max(s["points"] for s in r5["players"].values())
    assert "Round 5 Results" in tabs(path) and "Board after Round 5" not in tabs(path)
    before = tabs(path)
    output = run("score", "--book", path, "--round", 2).output
    assert "Scored before, round 3, round 4 and the endgame are resolved again" in output and tabs(path) == before

    result = run("standings", "--book", path, "--json")
    assert result.exit_code == 1, result.output  # the Zed row is still reported
    final = json.loads(result.output[: result.output.rindex("}") + 1])
    places = final["standings"]
    assert final["final"] and [p["rank"] for p in places] == list(range(1, 10))
    assert sum(p["tol"] for p in places) == 1 and places[0]["tol"] and places[0]["garnets"] == 7
    assert [p["ec"] for p in places] == [False] * 6 + [True] * 3
    points = [p["points"] for p in places]
    assert points == sorted(points, reverse=True) and points == sorted(
        (s["points"] for s in r5["players"].values()), reverse=True
    )
    assert {e["player"]: (e["garnets"], e["tokens_of_life"], e["elimination_candidate"]) for e in final["paid"]} == {
        places[0]["player"]: (7, 1, False),
        **{p["player"]: (0, 0, True) for p in places[6:]},
    }
    again = run("standings", "--book", path, "--json")
    assert json.loads(again.output[: again.output.rindex("}") + 1])["paid"] == []
    balances = json.loads(run("ledger", "--book", path, "--json").output)["players"]
    assert balances["Eve"]["garnets"] == 5 and balances["Cat"]["garnets"] == 2
    assert balances[places[0]["player"]]["tokens_of_life"] == 1

    workbook = tabs(path)
    board = workbook["Board after Round 4"]
    assert board[0] == ["Row", "A", "B", "C", "D", "E", "F"] and [r[0] for r in board[1:7]] == [1, 2, 3, 4, 5, 6]
    assert ("Ivy", r5["players"]["Ivy"]["tile"]) in [tuple(r[:2]) for r in board]
    card_names = {NAMES.format(c) for c in FULL_DECK}
    for tab in PUBLIC:
        text = json.dumps(workbook[tab], default=str)
        assert str(SEED) not in text and not any(name in text for name in card_names), tab


def pahs_and_moves(players, number, skip=()):
    """Each player makes every PAH they can find one after another, shifts a line and moves as far as allowed."""
    rows = []
    for i, (p, s) in enumerate(players.items()):
        if p in skip:
            continue
        held = list(s["inventory"])
        for k in range(3):
            found = a_pah(held, s["starting"])
            if found is None:
                break
            rows.append((at(number, 10 + k), p, number, "pah", found[0]))
            held.remove(found[1])
        if number < 5:
            line = f"row {i % 6 + 1}" if number % 2 else f"column {'ABCDEF'[i % 6]}"
            way = (("left", "right") if number % 2 else ("up", "down"))[i % 2]
            rows.append((at(number, 20), p, number, "shift", f"{line} {way}"))
            if s["tile"] is not None:
                rows.append((at(number, 30), p, number, "move", a_move(s["tile"], s["direction"])))
    return rows


def test_the_opening_board_stays_private_until_round_1_opens(tmp_path):
    from tests.games.paths_and_pahs.workbook import PLAYERS, SEED

    path, public = tmp_path / "pap.xlsx", tmp_path / "players.xlsx"
    assert run("new", "paths-and-pahs", "--book", path, "--players", ",".join(PLAYERS), "--seed", SEED).exit_code == 0
    early = run("board", "--book", path, "--round", 1, "--public-book", public)
    assert early.exit_code == 0, early.output
    assert "The board stays private until round 1 opens (it has no Opens time in Rounds yet)" in early.output
    assert "Opening Board" not in tabs(path) and not public.exists()


def test_the_results_tab_keeps_times_as_date_times(tmp_path):
    import datetime as dt

    from freezegun import freeze_time

    from tests.games.paths_and_pahs.workbook import add_rows, at, new_match, opens

    path = tmp_path / "pap.xlsx"
    with freeze_time(opens(2)):
        new_match(path)
        add_rows(path, [(at(1, 4), "Ann", 1, "move", "stay")])
        assert run("score", "--book", path, "--round", 1).exit_code in (0, 1)
    rows = tabs(path)["Round 1 Results"]
    stamped = [row[0] for row in rows if len(row) > 2 and row[1] == "Ann" and row[2] == "move"]
    assert stamped and all(isinstance(value, dt.datetime) for value in stamped)
