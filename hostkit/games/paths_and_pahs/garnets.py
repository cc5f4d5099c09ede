"""Garnets a match spends, through the ledger: balances come from the Ledger, each purchase is an entry.

A player's garnets for this match's purchases are their balance over the Ledger's entries of every other
match and what was brought forward into this one, less what this match has spent in earlier rounds. Each purchase is keyed by match, round, player and
what was bought, so scoring again posts nothing twice; the match is its match id, so renaming it never
charges twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hostkit.core.carry import BROUGHT_FORWARD
from hostkit.core.ledger import LEDGER_TAB, Entry, Refused, balances, spend
from hostkit.core.players import player_key
from hostkit.core.tables import Problem
from hostkit.games.paths_and_pahs.actions import Change, Judged, Move
from hostkit.games.paths_and_pahs.match import Rules
from hostkit.games.paths_and_pahs.rounds import RoundResult

CHANGE = "changed a starting card"
FOURTH_TILE = "moved a fourth tile"
PURCHASES = (CHANGE, FOURTH_TILE)


def other_matches(entries: Iterable[Entry], match_id: str) -> list[Entry]:
    """The entries a player's garnets for this match's purchases come from: every other match's, and the
    balances brought forward into this match (`ledger import`), which carry this match's id."""
    own = match_id.strip().casefold()
    return [e for e in entries if e.match_key() != own or e.payout_key() == BROUGHT_FORWARD]


def held(entries: Sequence[Entry], players: Iterable[str]) -> dict[str, int]:
    """Each player's garnets over these entries."""
    totals = {player_key(name): b.garnets for name, b in balances(entries).items()}
    return {p: totals.get(player_key(p), 0) for p in players}


def purchase(judged: Judged, rules: Rules) -> tuple[int, str] | None:
    """What an applied action bought: its garnets and what it was."""
    if not judged.is_applied():
        return None
    if isinstance(judged.action, Change):
        return rules.change_cost, CHANGE
    if isinstance(judged.action, Move) and judged.action.tiles == 4:
        return rules.fourth_tile_cost, FOURTH_TILE
    return None


def round_spends(ledger: list[Entry], match: str, match_id: str, result: RoundResult, rules: Rules) -> list[Problem]:
    """Appends the round's purchases to `ledger` as spend entries; a purchase the ledger refuses is a problem."""
    problems = []
    for judged in result.actions:
        bought = purchase(judged, rules)
        if bought is None or bought[0] <= 0:
            continue
        player = result.match.player(judged.submission.player)
        assert player is not None
        try:
            ledger.append(spend(ledger, match, result.round, player.name, bought[0], bought[1], match_id))
        except Refused as error:
            problems.append(Problem(LEDGER_TAB, None, f"{error}; the round counted it, so check the Ledger."))
    return problems


def stale(existing: Iterable[Entry], wanted: Iterable[Entry], match_id: str, rounds: range) -> list[Problem]:
    """This match's purchases in the Ledger that the rounds, as scored now, no longer make."""
    keys = {e.key(): e for e in wanted}
    problems = []
    for e in existing:
        if e.match_key() != match_id.strip().casefold() or e.round not in rounds or e.reason not in PURCHASES:
            continue
        now = keys.get(e.key())
        if now is None or now.garnets != e.garnets:
            should = "no longer makes it" if now is None else f"now charges {-now.garnets}"
            problems.append(
                Problem(
                    LEDGER_TAB,
                    None,
                    (
                        f"the entry charging {e.player} {-e.garnets} garnets in round {e.round} ({e.reason}) does not match "
                        f"the round as scored now, which {should}; correct that Ledger row by hand."
                    ),
                )
            )
    return problems
