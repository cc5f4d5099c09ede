"""Open, Pass in hindsight: for every player, the best score their dealt order allowed (the exact search of
`open-pass best`) against the score they made."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hostkit.core.hindsight import Explained, Hindsight, proven
from hostkit.core.tables import BookError
from hostkit.games.open_pass.best import Best
from hostkit.games.open_pass.equation import Evaluation, format_cards, format_number
from hostkit.games.open_pass.play import Play

BestFor = Callable[[str], tuple[Play, Best, Evaluation | None]]


def player_lines(play: Play, top: Best, played: Evaluation | None) -> tuple[list[str], dict[str, Any]]:
    deal = play.deal
    chosen = [deal.dealt[n - 1] for n in top.opened]
    made = "has not finished" if played is None else f"scored {format_number(played.score)}"
    lines = [
        f"  {deal.player}: dealt {format_cards(deal.dealt)}; best {format_number(top.score)} ({proven(True)}) by "
        f"opening cards {', '.join(map(str, top.opened)) or 'none'} ({format_cards(chosen) or 'nothing'}), "
        f"making {format_cards(top.evaluation.cards) or '(empty)'} read as {top.evaluation.normalised}; "
        f"{deal.player} {made}" + ("" if played is None else f" with {format_cards(played.cards) or '(empty)'}") + "."
    ]
    data = {
        "dealt": format_cards(deal.dealt),
        "best": format_number(top.score),
        "exact": True,
        "open": list(top.opened),
        "equation": format_cards(top.evaluation.cards),
        "reads_as": top.evaluation.normalised,
        "played": None if played is None else format_number(played.score),
        "played_equation": None if played is None else format_cards(played.cards),
    }
    return lines, data


def hindsight(players: Sequence[str], play_round: int, best_for: BestFor) -> Hindsight:
    lines = [f"Round {play_round}: the best score each player's dealt order allowed, against what they made."]
    data: dict[str, Any] = {}
    for player in players:
        try:
            play, top, played = best_for(player)
        except BookError as error:
            lines.append(f"  {player}: no deal to search ({error})")
            data[player] = None
            continue
        more, data[player] = player_lines(play, top, played)
        lines += more
    return Hindsight("open-pass", [Explained(play_round, lines, {"players": data})])
