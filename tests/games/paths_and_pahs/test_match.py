"""A whole scripted 9-player match through the package's public API: deal, five rounds, standings."""

import datetime as dt

import hostkit.games.paths_and_pahs as pap
from hostkit.games.paths_and_pahs import Submission, Tile, Verdict

OPENS = dt.datetime(2030, 3, 1, 18, 0, tzinfo=dt.timezone.utc)
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def test_public_api_is_complete():
    assert all(hasattr(pap, name) for name in pap.__all__)


def test_a_scripted_nine_player_match():
    board = pap.generate_board("spring")
    match = pap.new_match(board, pap.deal("spring", PLAYERS))
    empty = [str(t) for t in board.empty_tiles()]
    ways = ["down", "right", "up", "left"]
    garnets = {name: 4 for name in PLAYERS}
    for number in range(1, 6):
        opens = OPENS + dt.timedelta(days=number - 1)
        rows, row = [], 2

        def send(player, action, value, minute):
            nonlocal row
            rows.append(Submission(row, opens + dt.timedelta(minutes=minute), player, action, value))
            row += 1

        for i, name in enumerate(PLAYERS):
            me = match.players[name]
            if number == 1 and name != "Ivy":  # Ivy forgets to start
                send(name, "start", empty[i], i)
            held = sorted(me.inventory)
            pahs = [(a, b, c) for a in held for b in held for c in held if a < b < c and pap.is_pah_set([a, b, c])]
            if pahs:
                a, b, c = pahs[0]
                send(
                    name,
                    "pah",
                    f"{pap.NAMES.format(a)}, {pap.NAMES.format(b)}, {pap.NAMES.format(c)}; "
                    f"discard {pap.NAMES.format(c)}",
                    30 + i,
                )
            line = f"row {i % 6 + 1} left" if number % 2 else f"column {'ABCDEF'[i % 6]} down"
            send(name, "shift", line, 60 + i)
            send(name, "move", f"{ways[(i + number) % 4]} {1 + (i + number) % 3}", 90 + i)
        result = pap.resolve_round(match, number, rows, opens + dt.timedelta(hours=24), garnets)
        assert all(j.reason for j in result.actions)
        if number == 5:
            assert {j.verdict for j in result.actions if j.submission.action in ("shift", "move")} == {Verdict.REJECTED}
        match = result.match
        assert result.board.cells.count(None) == 9
        assert all(p.tile is None or isinstance(p.tile, Tile) for p in match.players.values())
        messages = [pap.private_message(p, number) for p in match.players.values()]
        assert all(m.splitlines()[0].endswith(name) for m, name in zip(messages, PLAYERS))
    assert match.players["Ivy"].tile is None and match.players["Ivy"].inventory == set(match.players["Ivy"].starting)
    assert sum(p.pahs for p in match.players.values()) > 0
    standings = pap.rank_players(match.players.values(), "spring")
    assert len(standings.places) == 9 and standings.top.tol and len(standings.ec) == 3
    assert standings.places[-1].points <= standings.top.points
    assert "spring" not in str(standings.as_json())
