"""Cards on the Table as the host and the players read it: tabs, pictures, summary lines and private messages.

Public rows never hold a card, a heat indicator or the heat rule of a round that is not over, and never
a player's own score beside their name before the end: the lists are anonymous.
"""

from __future__ import annotations

from collections.abc import Sequence

from hostkit.core.styles import plain
from hostkit.core.tables import Rows
from hostkit.core.text_table import text_table
from hostkit.core.words import chat_block, plural

from .cells import Cell
from .points import signed
from .scoring import PlayerRound, RoundResult
from .standings import Standings
from .tabs import board_tab, results_tab, scores_tab

SCORES_HEADER = [
    "Player",
    "Starting",
    "Action",
    "Target",
    "Scoring card",
    "Scoring value",
    "Nullify credit",
    "Guess points",
    "Penalties",
    "Round points",
    "Total",
    "Reasons",
]
FINAL_HEADER = [
    "Player",
    "Round 1",
    "Round 2",
    "Round 3",
    "Colour bonus",
    "Unique bonus",
    "Forfeit",
    "Total",
    "Garnets",
    "Token of Life",
    "Why",
]


def _card(result: RoundResult, cell: Cell | None) -> str:
    if cell is None:
        return ""
    card = result.board[cell]
    return f"{cell} ({card.number} {card.colour})"


def scores_rows(result: RoundResult, private: dict[str, list[str]]) -> Rows:
    """Host only: each player's round part by part with every reason, then what the host must tell whom."""
    rows: Rows = [list(SCORES_HEADER)]
    for player, score in result.players.items():
        play = score.play
        rows.append(
            [
                player,
                _card(result, play.starting),
                "" if play.action is None else play.action.value,
                _card(result, play.target),
                _card(result, play.scoring_cell),
                score.scoring_value.points,
                score.nullify_credit.points,
                score.guess_points,
                score.penalty_points,
                score.round_points,
                score.total,
                " ".join(score.reasons()),
            ]
        )
    rows += [[], ["Top scorers this round", ", ".join(result.top_scorers())]]
    if result.top_guesses is not None:
        rows += [["Host note", note] for note in result.top_guesses.host_notes]
    if private:
        rows += [[], ["Tell privately", "Message"]]
        rows += [[player, text] for player, texts in private.items() for text in texts]
    return rows


def results_rows(result: RoundResult) -> Rows:
    """Public: every player's round points, best first, without names; from round 2 the totals too."""
    primary = result.primary_list()
    heads = [f"Primary list: round {result.round} points"]
    columns = [primary]
    if result.round >= 2:
        heads.append(f"Secondary list: totals after round {result.round}")
        columns.append(result.secondary_list())
    rows: Rows = [heads]
    rows += [[column[i] for column in columns] for i in range(len(primary))]
    rows += [[], ["Every player's points, best first; names are not shown and nobody is told their own score."]]
    return rows


def private_messages(result: RoundResult) -> dict[str, list[str]]:
    """What each player is told after the round: the verdicts of their heat and top-scorer guesses."""
    out: dict[str, list[str]] = {}
    for player, score in result.players.items():
        for part in (score.heat_guess, score.top_guess):
            if part.reason:
                out.setdefault(player, []).append(part.reason)
    return out


def _line(score: PlayerRound, result: RoundResult) -> str:
    play = score.play
    turned = ", ".join(str(c) for c in play.turned) or "no card"
    action = f", {play.action.value}" if play.action else ""
    return (
        f"  {score.player}: {turned}{action}; scoring {_card(result, play.scoring_cell) or 'nothing'} "
        f"{signed(score.scoring_value.points)}, Nullify {signed(score.nullify_credit.points)}, guesses "
        f"{signed(score.guess_points)}, penalties {signed(score.penalty_points)}: "
        f"{plural(score.round_points, 'point')} this round, {score.total} in total"
    )


def chat_message(result: RoundResult) -> str:
    """The round's public results, to paste into the players' chat: every player's points this round, best
    first, and from round 2 the totals; no names, as the public tab shows them."""
    lines = [f"Cards on the Table - round {result.round}", "Points this round, best first (no names):"]
    lines.append(", ".join(map(str, result.primary_list())))
    if result.round >= 2:
        lines += ["Totals so far, best first:", ", ".join(map(str, result.secondary_list()))]
    return chat_block(lines)


def score_summary(result: RoundResult, written: list[str]) -> list[str]:
    lines = [f"Round {result.round} scored for {plural(len(result.players), 'player')}."]
    lines += [_line(score, result) for score in result.players.values()]
    lines.append(f"Primary list (public): {', '.join(map(str, result.primary_list()))}")
    if result.round >= 2:
        lines.append(f"Secondary list (public): {', '.join(map(str, result.secondary_list()))}")
    lines.append(f"Written: {', '.join(written)}.")
    return lines


def written_tabs(round_number: int, boards: Sequence[int]) -> list[str]:
    return [f"{scores_tab(round_number)} (host only)", f"{results_tab(round_number)} (public)"] + [
        f"{board_tab(n)} (public)" for n in boards
    ]


def final_rows(standings: Standings, order: Sequence[str]) -> Rows:
    """Public at the end: everyone's points with every bonus, the garnets, the Tokens of Life and the EC."""
    rows: Rows = [list(FINAL_HEADER)]
    tokens = set(standings.tokens_of_life.winners)
    for player in sorted(order, key=lambda p: -standings.scores[p].total):
        s = standings.scores[player]
        rows.append(
            [
                player,
                *s.round_points,
                s.colour_bonus.points,
                s.unique_bonus.points,
                "set to 3" if s.forfeit.reason else "",
                s.total,
                s.garnets,
                "yes" if player in tokens else "",
                " ".join(s.reasons()),
            ]
        )
    rows += [
        [],
        ["Winners", ", ".join(standings.winners)],
        ["Tokens of Life", standings.tokens_of_life.reason],
        ["Elimination candidate", standings.ec or "undecided", standings.ec_reason],
    ]
    return rows


def table_text(rows: Rows) -> list[str]:
    """Rows as aligned columns (the reasons column left out), for the host's terminal."""
    return text_table([[plain(v) for v in row[:-1]] for row in rows if len(row) > 3])
