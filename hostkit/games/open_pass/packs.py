"""Open, Pass deck building: packs, bids, who gains which pack, the pity card, and trades.

Rules: docs/games/open-pass.md; rulings: that page, Open, Pass. Each round a player's
last bid before the deadline stands and chooses up to two packs; a pack chosen by an odd number of
players is given to each of them, an even number to nobody, and when every pack is chosen an odd
number of times nobody gains a pack. A player who gains no pack gets the pity card. Trades then move
cards between inventories in the order they are typed.
"""

from __future__ import annotations

import datetime as dt
import enum
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from hostkit.core.tables import Problem
from hostkit.core.times import format_time
from hostkit.core.words import plural
from hostkit.games.open_pass.equation import FACES, format_cards

SIZES = ("Basic", "Mega", "Special")
_PACK_SEPARATORS = re.compile(r"\s*(?:[,;&\n]|\band\b)\s*", re.IGNORECASE)

Inventories = Mapping[str, Sequence[str]]


class Side(enum.Enum):
    """Heaven or Hell: the kind of a pack, and the dealer a player chooses."""

    HEAVEN = "Heaven"
    HELL = "Hell"


class BidVerdict(enum.Enum):
    STANDS = "stands"
    REPLACED = "replaced"
    LATE = "late"


def sorted_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=FACES.index))


def describe_missing(missing: Counter) -> str:
    """'2 x 9, x' for cards that are needed but not held."""
    return ", ".join(
        f"{n} x {card}" if n > 1 else card for card, n in sorted(missing.items(), key=lambda i: FACES.index(i[0]))
    )


@dataclass(frozen=True)
class Pack:
    round: int
    name: str
    kind: Side | None
    size: str
    cards: tuple[str, ...]
    row: int

    def describe(self) -> str:
        return f"{self.name} ({format_cards(self.cards) or 'no cards'})"


@dataclass(frozen=True)
class Bid:
    row: int
    at: dt.datetime
    player: str
    typed: str
    packs: tuple[str, ...]
    verdict: BidVerdict = BidVerdict.STANDS
    reason: str = ""


@dataclass(frozen=True)
class Trade:
    """A trade as typed; once checked against the inventories, whether it was applied and why."""

    row: int
    player: str
    gives: tuple[str, ...]
    partner: str
    gets: tuple[str, ...]
    accepted: bool = False
    reason: str = ""


@dataclass(frozen=True)
class RoundResult:
    """One deck-building round decided: the bids, the packs chosen and given, the trades, the inventories."""

    number: int
    deadline: dt.datetime | None
    packs: tuple[Pack, ...]
    bids: tuple[Bid, ...]
    chosen: dict[str, int]
    all_odd: bool
    gained: dict[str, tuple[str, ...]]
    pity: tuple[str, ...]
    trades: tuple[Trade, ...]
    inventories: dict[str, tuple[str, ...]]
    reasons: dict[str, str]
    problems: tuple[Problem, ...] = ()

    def is_given(self, pack: str) -> bool:
        return not self.all_odd and self.chosen.get(pack, 0) % 2 == 1

    def trades_of(self, player: str) -> list[Trade]:
        """The trades applied this round that moved the player's cards, in order."""
        return [t for t in self.trades if t.accepted and player in (t.player, t.partner)]


def choose_packs(
    player: str, typed: str, packs: Sequence[Pack], round_number: int, limit: int
) -> tuple[tuple[str, ...], list[str]]:
    """The packs a bid's text names, the first `limit` of them, with a message for each name not counted.

    A whole text that is one pack's name is that pack, even with 'and' in it; otherwise names are
    separated by commas, semicolons, '&' or 'and'. Names match case- and space-insensitively.
    """
    names = {p.name.casefold(): p.name for p in packs}
    typed = " ".join(typed.split())
    words = [typed] if typed.casefold() in names else _PACK_SEPARATORS.split(typed)
    chosen: list[str] = []
    notes: list[str] = []
    for word in words:
        word = " ".join(word.split())
        if not word:
            continue
        pack = names.get(word.casefold())
        if pack is None:
            notes.append(
                f"{player} bid for {word!r}, which is not a pack of round {round_number} "
                f"({', '.join(p.name for p in packs)}); that choice is ignored."
            )
        elif pack in chosen:
            notes.append(f"{player} named {pack} twice; it counts once.")
        elif len(chosen) == limit:
            notes.append(f"{player} chose more than {limit} packs; {pack} is ignored (a bid counts its first {limit}).")
        else:
            chosen.append(pack)
    return tuple(chosen), notes


def judge_bids(bids: Iterable[Bid], deadline: dt.datetime | None, tz: dt.tzinfo | None) -> list[Bid]:
    """Bids in time order, each with its verdict: a late bid is ignored and a player's last bid stands."""
    judged: list[Bid] = []
    standing: dict[str, int] = {}
    for bid in sorted(bids, key=lambda b: (b.at, b.row)):
        if deadline is not None and bid.at > deadline:
            judged.append(
                replace(
                    bid,
                    verdict=BidVerdict.LATE,
                    reason=f"came at {format_time(bid.at, tz)}, after "
                    f"the deadline {format_time(deadline, tz)}; it is ignored",
                )
            )
            continue
        if bid.player in standing:
            earlier = standing[bid.player]
            judged[earlier] = replace(
                judged[earlier],
                verdict=BidVerdict.REPLACED,
                reason=f"replaced by {bid.player}'s later bid (Bids row {bid.row})",
            )
        standing[bid.player] = len(judged)
        judged.append(
            replace(
                bid,
                verdict=BidVerdict.STANDS,
                reason="the last bid before the deadline stands"
                if deadline is not None
                else "the player's last bid stands",
            )
        )
    return judged


def decide_round(
    number: int,
    deadline: dt.datetime | None,
    packs: Sequence[Pack],
    bids: Sequence[Bid],
    trades: Iterable[Trade],
    before: Inventories,
    players: Sequence[str],
    pity_card: str,
    pity_without_bid: bool,
) -> RoundResult:
    """The packs the standing bids give out, the pity cards, then the trades, from the inventories before."""
    standing = [b for b in bids if b.verdict is BidVerdict.STANDS]
    chosen = {p.name: sum(p.name in b.packs for b in standing) for p in packs}
    all_odd = all(n % 2 == 1 for n in chosen.values())
    by_name = {p.name: p for p in packs}
    bidders = {b.player for b in standing}
    gained: dict[str, tuple[str, ...]] = {}
    pity: list[str] = []
    reasons: dict[str, str] = {}
    inventories = {p: list(cards) for p, cards in before.items()}
    for player in players:
        bid = next((b for b in standing if b.player == player), None)
        got, notes = _packs_gained(bid, chosen, all_odd, by_name)
        gained[player] = tuple(got)
        for pack in got:
            inventories[player] += by_name[pack].cards
        if not got and (player in bidders or pity_without_bid):
            pity.append(player)
            inventories[player].append(pity_card)
            notes.append(f"you gained no pack, so you get the pity card {pity_card}")
        reasons[player] = "; ".join(notes) + "."
    applied, after = apply_trades(inventories, trades)
    return RoundResult(
        number,
        deadline,
        tuple(packs),
        tuple(bids),
        chosen,
        all_odd,
        gained,
        tuple(pity),
        tuple(applied),
        after,
        reasons,
    )


def _packs_gained(
    bid: Bid | None, chosen: Mapping[str, int], all_odd: bool, by_name: Mapping[str, Pack]
) -> tuple[list[str], list[str]]:
    """The packs a player's standing bid gains (those chosen an odd number of times, unless every pack was),
    and the notes saying why, pack by pack."""
    notes = []
    got: list[str] = []
    for pack in bid.packs if bid else ():
        times = plural(chosen[pack], "player")
        if all_odd:
            notes.append(f"{pack} was chosen by {times}")
        elif chosen[pack] % 2 == 1:
            got.append(pack)
            notes.append(f"{pack} was chosen by {times} (odd): you gain {by_name[pack].describe()}")
        else:
            notes.append(f"{pack} was chosen by {times} (even): nobody who chose it gains it")
    if all_odd and bid and bid.packs:
        notes.append("every pack was chosen an odd number of times, so nobody gains a pack this round")
    if bid is None:
        notes.append("you made no bid this round")
    elif not bid.packs:
        notes.append("your bid chose no pack")
    return got, notes


def apply_trades(before: Inventories, trades: Iterable[Trade]) -> tuple[list[Trade], dict[str, tuple[str, ...]]]:
    """The trades applied in order, each accepted or refused (a card not held), and the inventories after."""
    inventories = {p: list(cards) for p, cards in before.items()}
    applied: list[Trade] = []
    for t in trades:
        refusal = _refusal(inventories, t.player, t.gives) or _refusal(inventories, t.partner, t.gets)
        if refusal:
            applied.append(replace(t, accepted=False, reason=refusal))
            continue
        for card in t.gives:
            inventories[t.player].remove(card)
            inventories[t.partner].append(card)
        for card in t.gets:
            inventories[t.partner].remove(card)
            inventories[t.player].append(card)
        applied.append(
            replace(
                t,
                accepted=True,
                reason=f"{t.player} gives {format_cards(t.gives) or 'nothing'} to "
                f"{t.partner} for {format_cards(t.gets) or 'nothing'}",
            )
        )
    return applied, {p: sorted_cards(cards) for p, cards in inventories.items()}


def _refusal(inventories: Inventories, player: str, cards: Sequence[str]) -> str:
    missing = Counter(cards) - Counter(inventories[player])
    if not missing:
        return ""
    return (
        f"{player} does not hold {describe_missing(missing)} to give (holds "
        f"{format_cards(sorted_cards(inventories[player]))})"
    )
