"""For random rounds, resolve_round agrees with a plain re-simulation of the rules written here."""

import datetime as dt
import itertools
import random

from hostkit.core.cards import FULL_DECK
from hostkit.games.paths_and_pahs.actions import Submission
from hostkit.games.paths_and_pahs.board import generate_board
from hostkit.games.paths_and_pahs.cards import NAMES
from hostkit.games.paths_and_pahs.match import deal, new_match
from hostkit.games.paths_and_pahs.rounds import resolve_round

OPENS = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)
CLOSE = 1440
DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
VALUE = {2: 7, 3: 6, 4: 5, 5: 4}


def forms_pah(cards):
    return len(set(cards)) == 3 and all(len({c.values[i] for c in cards}) == 2 for i in range(3))


def typed_card(rand, card):
    words = NAMES.format(card).split()
    rand.shuffle(words)
    return " ".join(w.upper() if rand.random() < 0.2 else w for w in words)


def random_row(rand, board, sim_player, number):
    """(kind, payload, typed value): payload is what the simulation reads; None marks an unreadable value."""
    kind = rand.choice(["start", "change", "pah", "pah", "pah", "shift", "move", "move", "move", "junk"])
    kind = "start" if sim_player["pos"] is None and rand.random() < 0.5 else kind
    if kind == "start":
        empty = [(r, c) for r in range(6) for c in range(6) if board[r][c] is None]
        r, c = rand.choice(empty) if rand.random() < 0.8 else (rand.randrange(6), rand.randrange(6))
        return kind, (r, c), f"{'ABCDEF'[c]}{r + 1}"
    if kind == "change":
        slot, new = rand.choice([1, 2]), rand.choice(FULL_DECK)
        return kind, (slot, new), f"{slot}: {typed_card(rand, new)}"
    if kind == "pah":
        pool = sorted(sim_player["inventory"])
        tries = [tuple(rand.sample(pool, 3)) for _ in range(40)] if len(pool) >= 3 else []
        cards = next((t for t in tries if forms_pah(t)), None)
        if cards is None or rand.random() < 0.2:
            cards = tries[0] if tries and rand.random() < 0.5 else tuple(rand.sample(FULL_DECK, 3))
        discard = rand.choice(cards)
        typed = ", ".join(typed_card(rand, c) for c in cards)
        return kind, (cards, discard), f"{typed}; discard {typed_card(rand, discard)}"
    if kind == "shift":
        axis = "row" if rand.random() < 0.8 else "column"
        axis = axis if number % 2 else ("column" if axis == "row" else "row")
        index, step = rand.randrange(6), rand.choice([-1, 1])
        way = {("row", -1): "left", ("row", 1): "right", ("column", -1): "up", ("column", 1): "down"}[axis, step]
        label = index + 1 if axis == "row" else "ABCDEF"[index]
        return kind, (axis, index, step), f"{axis} {label} {way}"
    if kind == "move":
        way, n = rand.choice(list(DIRS)), rand.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
        return kind, (way if n else None, n), f"{way} {n}" if n or rand.random() < 0.5 else "stay"
    return rand.choice(["move", "shift", "start"]), None, "sideways, please"


def simulate(board, players, number, rows, balances):
    """One round, the straightforward way: board is a 6x6 list, players plain dicts, rows sorted by time. Every
    PAH counts; of every other kind, each player's last legal row stands (tried from the last back)."""
    on_time = [row for row in rows if row["minute"] <= CLOSE]
    groups = {}
    for at, row in enumerate(on_time):
        if row["kind"] != "pah" and row["payload"] is not None:
            groups.setdefault((row["player"], row["kind"]), []).append((at, row))

    def last_legal(kind, legal):
        ordered = sorted((v for k, v in groups.items() if k[1] == kind), key=lambda v: v[-1][0])
        for candidates in ordered:
            for _, row in reversed(candidates):
                if legal(row):
                    break

    garnets = dict(balances)
    spent = {name: 0 for name in players}
    endgame = number == 5

    def start(row):
        p = players[row["player"]]
        r, c = row["payload"]
        if endgame or p["pos"] is not None or board[r][c] is not None:
            return False
        p["pos"] = (r, c)
        return True

    def change(row):
        p = players[row["player"]]
        slot, new = row["payload"]
        if endgame or new in p["starting"] or garnets[row["player"]] < 1:
            return False
        garnets[row["player"]] -= 1
        spent[row["player"]] += 1
        p["inventory"].discard(p["starting"][slot - 1])
        p["inventory"].add(new)
        p["starting"][slot - 1] = new
        return True

    last_legal("start", start)
    last_legal("change", change)
    for row in on_time:
        p = players[row["player"]]
        if row["kind"] == "pah" and row["payload"] is not None and number in VALUE:
            cards, discard = row["payload"]
            if all(c in p["inventory"] for c in cards) and forms_pah(cards):
                p["points"] += VALUE[number]
                p["pahs"] += 1
                p["with_starting"] += any(c in p["starting"] for c in cards)
                p["inventory"].discard(discard)
    if endgame:
        for p in players.values():
            p["dir"] = None
        return board, spent
    net = {}

    def shift(row):
        axis, index, step = row["payload"]
        if axis != ("row" if number % 2 else "column"):
            return False
        net[axis, index] = net.get((axis, index), 0) + step
        return True

    last_legal("shift", shift)
    for (axis, index), n in net.items():
        if axis == "row":
            board[index] = [board[index][(c - n) % 6] for c in range(6)]
        else:
            column = [board[(r - n) % 6][index] for r in range(6)]
            for r in range(6):
                board[r][index] = column[r]
    moved = {}

    def move(row):
        p = players[row["player"]]
        if p["pos"] is None:
            return False
        way, n = row["payload"]
        if way is not None and way == OPPOSITE.get(p["dir"]):
            return False
        dr, dc = DIRS[way] if way else (0, 0)
        walked = [(p["pos"][0] + k * dr, p["pos"][1] + k * dc) for k in range(n + 1)]
        if not all(0 <= r < 6 and 0 <= c < 6 for r, c in walked):
            return False
        if n == 4:
            if garnets[row["player"]] < 4:
                return False
            garnets[row["player"]] -= 4
            spent[row["player"]] += 4
        p["inventory"].update(board[r][c] for r, c in walked if board[r][c] is not None)
        p["pos"] = walked[-1]
        moved[row["player"]] = way
        return True

    last_legal("move", move)
    for name, p in players.items():
        p["dir"] = moved.get(name)
    return board, spent


def test_random_rounds_match_a_plain_re_simulation():
    rand = random.Random(20300101)
    names = [f"P{i}" for i in range(9)]
    for game in range(40):
        board = generate_board(game)
        starting = deal(game, names)
        match = new_match(board, starting)
        sim_board = [[board.cells[r * 6 + c] for c in range(6)] for r in range(6)]
        sim = {
            n: {
                "pos": None,
                "dir": None,
                "starting": list(cards),
                "inventory": set(cards),
                "points": 0,
                "pahs": 0,
                "with_starting": 0,
            }
            for n, cards in starting.items()
        }
        for number in range(1, 6):
            rows, seen_rows = [], itertools.count(2)
            for _ in range(rand.randint(0, 45)):
                name = rand.choice(names)
                kind, payload, value = random_row(rand, sim_board, sim[name], number)
                minute = rand.choice([rand.uniform(0, CLOSE)] * 8 + [CLOSE, CLOSE + rand.uniform(1, 60)])
                rows.append(
                    {
                        "row": next(seen_rows),
                        "minute": minute,
                        "player": name,
                        "kind": kind,
                        "payload": payload,
                        "value": value,
                    }
                )
            rand.shuffle(rows)
            balances = {n: rand.choice([0, 0, 1, 3, 4, 9]) for n in names}
            subs = [
                Submission(
                    row["row"],
                    OPENS + dt.timedelta(minutes=row["minute"]),
                    row["player"].lower(),
                    row["kind"],
                    row["value"],
                )
                for row in rows
            ]
            result = resolve_round(match, number, subs, OPENS + dt.timedelta(minutes=CLOSE), balances)
            rows.sort(key=lambda row: (row["minute"], row["row"]))
            sim_board, spent = simulate(sim_board, sim, number, rows, balances)
            assert result.spent == spent
            match = result.match
            context = f"game {game}, round {number}"
            assert match.board.cells == tuple(card for line in sim_board for card in line), context
            for name in names:
                got, want = match.players[name], sim[name]
                assert got.inventory == want["inventory"], (context, name)
                assert list(got.starting) == want["starting"], (context, name)
                assert (got.points, got.pahs, got.pahs_with_starting) == (
                    want["points"],
                    want["pahs"],
                    want["with_starting"],
                ), (context, name)
                assert (None if got.tile is None else (got.tile.row, got.tile.column)) == want["pos"], (context, name)
                assert (None if got.direction is None else got.direction.value) == want["dir"], (context, name)
            assert len(result.actions) == len(rows) and all(j.reason for j in result.actions)
