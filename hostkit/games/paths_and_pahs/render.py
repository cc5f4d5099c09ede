"""Paths and PAHs as the host and the players see it: results tabs, the board drawn, the Leaderboard, summaries."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from hostkit.core.tables import Rows
from hostkit.core.words import chat_block, plural
from hostkit.games.paths_and_pahs.actions import Verdict
from hostkit.games.paths_and_pahs.board import describe_net, format_board
from hostkit.games.paths_and_pahs.cards import CardNames
from hostkit.games.paths_and_pahs.match import PlayerState
from hostkit.games.paths_and_pahs.messages import TITLE, private_message
from hostkit.games.paths_and_pahs.pictures import OFF_BOARD
from hostkit.games.paths_and_pahs.rounds import RoundResult
from hostkit.games.paths_and_pahs.standings import Standings
from hostkit.games.paths_and_pahs.tabs import BOARD_TAB, HEADERS, LEADERBOARD_TAB, round_name

# Drawn by value index, whatever names Config gives the values.


def shift_lines(result: RoundResult) -> list[str]:
    return [describe_net(line, net) for line, net in result.shifts.items()]


def results_rows(result: RoundResult, names: CardNames, tz) -> Rows:
    """The host-only results tab: every row judged, the shifts, each player's whole state, the board after."""
    rows: Rows = [["Timestamp", "Player", "Action", "Value", "Verdict", "Reason", "Submissions row"]]
    for j in result.actions:
        s = j.submission
        at = s.at.astimezone(tz).replace(tzinfo=None)  # a date-time cell in the match's zone, not text
        rows.append([at, s.player, s.action, s.value, j.verdict.value, j.reason, s.row])
    if result.shifts:
        rows += [[], ["Shift", "Net", "Result"]]
        rows += [[str(line), net, describe_net(line, net)] for line, net in result.shifts.items()]
    rows += [
        [],
        [
            "Player",
            "Tile",
            "Direction",
            "Starting card 1",
            "Starting card 2",
            "Inventory",
            "Cards",
            "Points",
            "PAHs",
            "PAHs with a starting card",
            "Garnets spent",
            "Collected this round",
        ],
    ]
    for name, p in result.match.players.items():
        rows.append(
            [
                name,
                OFF_BOARD if p.tile is None else str(p.tile),
                p.direction.value if p.direction else "",
                names.format(p.starting[0]),
                names.format(p.starting[1]),
                names.format_all(sorted(p.inventory)),
                len(p.inventory),
                p.points,
                p.pahs,
                p.pahs_with_starting,
                p.garnets_spent,
                names.format_all(sorted(result.collected[name])),
            ]
        )
    rows += [[], [f"Board after {round_name(result.round)}"], list(HEADERS[BOARD_TAB])]
    rows += [[r + 1, *(cell or "" for cell in line)] for r, line in enumerate(format_board(result.board, names))]
    if result.reports:
        rows += [[]] + [["Note", report] for report in result.reports]
    return rows


def leaderboard_rows(players: Mapping[str, PlayerState], standings: Standings | None, show_points: bool) -> Rows:
    """Final places once the endgame is scored; before it, points in order only when Config shows them."""
    rows: Rows = [list(HEADERS[LEADERBOARD_TAB])]
    tile = {name: OFF_BOARD if p.tile is None else str(p.tile) for name, p in players.items()}
    if standings is not None:
        for place in standings.places:
            award = "ToL and " + plural(place.garnets, "garnet") if place.tol else "EC" if place.ec else ""
            rows.append(
                [
                    place.rank,
                    place.player,
                    place.points,
                    place.pahs,
                    place.pahs_with_starting,
                    tile[place.player],
                    award,
                ]
            )
        rows += [[]] + [
            [
                "Tie-break",
                f"{', '.join(d.tied)} were tied on points and on PAHs made with a starting "
                f"card; a seeded draw ordered them {', '.join(d.order)}.",
            ]
            for d in standings.draws
        ]
        return rows
    if not show_points:
        rows += [["", name, "", "", "", tile[name], ""] for name in players]
        return rows + [[], ["Points are shown once the endgame is scored."]]
    ranked = sorted(players.values(), key=lambda p: (-p.points, -p.pahs_with_starting))
    for p in ranked:
        standing = 1 + sum(
            q.points > p.points or (q.points == p.points and q.pahs_with_starting > p.pahs_with_starting)
            for q in ranked
        )
        rows.append([standing, p.name, p.points, p.pahs, p.pahs_with_starting, tile[p.name], ""])
    return rows + [[], ["Places so far; the ToL and the EC are decided after the endgame."]]


def private_messages(result: RoundResult, names: CardNames) -> dict[str, str]:
    """Each player's inventory, points and position after the round, for their private channel."""
    return {name: private_message(p, result.round, names) for name, p in result.match.players.items()}


def chat_message(result: RoundResult, points_public: bool) -> str:
    """The round as the public tabs show it, to paste into the players' chat: the shifts and every player's
    tile; points once they are public (after the endgame, or with Config public_points)."""
    lines = [f"{TITLE} - {round_name(result.round)}"]
    if result.shifts:
        lines.append("Shifts: " + "; ".join(shift_lines(result)))
    for name, p in result.match.players.items():
        where = OFF_BOARD if p.tile is None else str(p.tile)
        lines.append(f"{name}: {where}" + (f", {plural(p.points, 'point')}" if points_public else ""))
    return chat_block(lines)


def round_summary(result: RoundResult, names: CardNames) -> list[str]:
    counts = Counter(j.verdict for j in result.actions)
    verdicts = ", ".join(f"{counts[v]} {v.value}" for v in Verdict if counts[v])
    lines = [
        f"{TITLE}, {round_name(result.round)}: {plural(len(result.actions), 'row')} judged"
        + (f" ({verdicts})." if verdicts else ".")
    ]
    if result.shifts:
        lines.append("Shifts: " + "; ".join(shift_lines(result)) + ".")
    lines += [f"  {report}." for report in result.reports]
    for name, p in result.match.players.items():
        spent = f", spent {plural(p.garnets_spent, 'garnet')}" if p.garnets_spent else ""
        lines.append(
            f"  {name}: {OFF_BOARD if p.tile is None else p.tile}, {plural(p.points, 'point')} from "
            f"{plural(p.pahs, 'PAH')}, {plural(len(p.inventory), 'card')}{spent}"
        )
    rejected = [j for j in result.actions if j.verdict is Verdict.REJECTED]
    lines += [
        f"  rejected: {j.submission.player} {j.submission.action} {j.submission.value!r} (Submissions row "
        f"{j.submission.row}): {j.reason}"
        for j in rejected
    ]
    return lines
