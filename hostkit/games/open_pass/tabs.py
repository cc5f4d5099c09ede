"""Open, Pass's tabs: their names and headers (from template.json), and reading them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from hostkit.core.game import Context, load_template, template_headers
from hostkit.core.settings import whole_number
from hostkit.core.stamped import RoundClock, RoundTimes, read_round_times, read_stamped
from hostkit.core.tables import BookError, Cell, Problem, Record, Table, Tables, is_blank
from hostkit.core.words import named
from hostkit.games.open_pass.equation import SPELLINGS, parse_cards
from hostkit.games.open_pass.packs import SIZES, Bid, Pack, Side, Trade, choose_packs
from hostkit.games.open_pass.play import Deal, Decision, Play, deal_deck, deck_refusal, parse_decision, pick_dealer

HEADERS = template_headers(load_template(__package__))
ROUNDS_TAB = "Rounds"
PACKS_TAB = "Packs"
BIDS_TAB = "Bids"
TRADES_TAB = "Trades"
DECKS_TAB = "Decks"
DECISIONS_TAB = "Decisions"
INVENTORIES_TAB = "Inventories"
DEALS_TAB = "Deals"
FINAL_TAB = "Final Results"
DECISIONS_HEADER = HEADERS[DECISIONS_TAB]
INVENTORIES_HEADER = HEADERS[INVENTORIES_TAB]


def results_tab(round_number: int) -> str:
    return f"Round {round_number} Results"


def bids_tab(round_number: int) -> str:
    return f"Round {round_number} Bids"


def whole_or_none(cell: Cell) -> int | None:
    try:
        return whole_number(cell)
    except ValueError:
        return None


NOTHING = "nothing"
"""What a player types for a list of no cards (a gift in Trades, the host's all-÷ deck in Decks)."""
_DASHES = ("-", "–", "—", "−")
_NOT_A_LIST = ("none", "n/a", "na", "nil", "null", "no", *_DASHES)
"""What people type for "nothing" that a list of cards cannot take at its word: `-` is also the minus card."""


def typed_cards(record: Record, column: str, what: str, nothing_is: str = "none") -> tuple[str, ...]:
    """The cards typed in a player's list, `nothing` for none; a blank, `None` or a lone `-` is a ValueError
    naming the cell and the fix, never read as no cards or as one minus card."""
    value, text = record[column], record.text(column)
    fix = f"type {what}, or {NOTHING!r} for {nothing_is}"
    if is_blank(value):
        raise ValueError(f"{column} is blank; {fix}")
    if text.casefold() in _NOT_A_LIST:
        minus = " (or 'minus' for one minus card)" if text in _DASHES else ""
        raise ValueError(f"{named(column, value)} is not a list of cards; {fix}{minus}")
    if text.casefold() == NOTHING:
        return ()
    try:
        return parse_cards(value)
    except ValueError as error:
        raise ValueError(f"{named(column, value)}: {error}") from None


def read_deadlines(tables: Tables, ctx: Context) -> RoundTimes:
    """Each deck-building round's Deadline (a round without one takes no late bids)."""
    table = tables.get(ROUNDS_TAB)
    if table is None:
        return RoundTimes({}, [], {})
    return read_round_times(
        table,
        ctx,
        "Deadline",
        ctx.config["building_rounds"],
        "round {round} and the rounds after it cannot be scored until it is fixed",
    )


def read_packs(tables: Tables, round_number: int, rounds: int) -> tuple[list[Pack], list[Problem]]:
    """Round round_number's packs; a row of no deck-building round (1..rounds) is reported with them."""
    table = tables.require(PACKS_TAB)
    packs: list[Pack] = []
    problems: list[Problem] = []
    for record in table.records("Round", "Pack", "Cards", optional=("Kind", "Size")):

        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        number = whole_or_none(record["Round"])
        if number is None or not 1 <= number <= rounds:
            said = "is blank" if is_blank(record["Round"]) else f"is not a deck-building round (1–{rounds})"
            problem(f"{named('Round', record['Round'])} {said}; the pack is left out until its round is fixed.")
            continue
        if number != round_number:
            continue

        name = " ".join(record.text("Pack").split())
        if not name:
            problem("the pack has no name; name it in the Pack column, as players will bid for it.")
            continue
        if any(p.name.casefold() == name.casefold() for p in packs):
            problem(
                f"round {round_number} already has a pack named {name!r}; this row is left out. "
                f"Give each pack of a round its own name."
            )
            continue
        try:
            cards = parse_cards(record["Cards"])
        except ValueError as error:
            problem(f"pack {name!r}: {error}. The pack is left out until it is fixed.")
            continue
        kind = next((s for s in Side if s.value.casefold() == record.text("Kind").casefold()), None)
        if kind is None:
            problem(
                f"pack {name!r}: Kind {record.text('Kind')!r} is not Heaven or Hell; write one of them "
                f"(the pack is still offered)."
            )
        size = next((s for s in SIZES if s.casefold() == record.text("Size").casefold()), record.text("Size"))
        if size not in SIZES:
            problem(
                f"pack {name!r}: Size {size!r} is not Basic, Mega or Special; write one of them "
                f"(the pack is still offered)."
            )
        if not cards:
            problem(f"pack {name!r} has no cards; type its cards separated by spaces, like '7 8 x'.")
        packs.append(Pack(round_number, name, kind, size, cards, record.row))
    return packs, problems


def read_bids(
    tables: Tables,
    ctx: Context,
    round_number: int,
    packs: Sequence[Pack],
    deadlines: dict[int, tuple[int, dt.datetime]],
) -> tuple[list[Bid], list[Problem]]:
    """The round's bids as typed, before they are judged against the deadline."""

    def round_at(at: dt.datetime) -> int | None:
        open_rounds = sorted(n for n, (_, deadline) in deadlines.items() if at <= deadline)
        return open_rounds[0] if open_rounds else None

    clock = RoundClock(ctx.config["building_rounds"], "bidding round", round_at, "after every round's Deadline")
    table = tables.require(BIDS_TAB)
    rows, problems = read_stamped(table, ctx, round_number, clock, ("Packs",), "the bid is not counted")
    bids: list[Bid] = []
    for row in rows:
        typed = row.record.text("Packs")
        if not typed or typed.casefold() in _NOT_A_LIST:
            said = "Packs is blank" if not typed else f"{named('Packs', typed)} is no pack's name"
            problems.append(
                Problem(
                    table.name,
                    row.row,
                    f"{row.player}'s bid names no pack ({said}); type the packs, or delete the row. "
                    f"The bid is not counted.",
                )
            )
            continue
        chosen, notes = choose_packs(
            row.player, row.record.text("Packs"), packs, round_number, ctx.config["bids_per_round"]
        )
        problems += [Problem(table.name, row.row, note) for note in notes]
        bids.append(Bid(row.row, row.at, row.player, row.record.text("Packs"), chosen))
    return bids, problems


def read_trades(tables: Tables, ctx: Context, round_number: int) -> tuple[list[Trade], list[Problem]]:
    table = tables.get(TRADES_TAB)
    if table is None:
        return [], []
    rows: list[Trade] = []
    problems: list[Problem] = []
    for record in table.records("Round", "Player", "Gives", "Partner", "Gets"):

        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        number = whole_or_none(record["Round"])
        if number is None or number not in range(1, ctx.config["building_rounds"] + 1):
            problem(
                f"Round {record['Round']!r} is not a deck-building round (1–{ctx.config['building_rounds']}); "
                f"the trade is not applied until its round is fixed."
            )
            continue
        if number != round_number:
            continue
        player, partner = ctx.roster.match(record["Player"]), ctx.roster.match(record["Partner"])
        if player is None or partner is None:
            column = "Player" if player is None else "Partner"
            problem(f"{ctx.roster.unknown(record[column], column)}; the trade is not applied until the name is fixed.")
            continue
        if player == partner:
            problem(f"{player} trades with themself; name two different players.")
            continue
        try:
            gives = typed_cards(record, "Gives", f"the cards {player} gives")
            gets = typed_cards(record, "Gets", f"the cards {player} gets from {partner}")
        except ValueError as error:
            problem(f"{error}. The trade is not applied until it is fixed.")
            continue
        if not gives and not gets:
            problem("the trade moves no cards; fill in Gives and/or Gets.")
            continue
        rows.append(Trade(record.row, player, gives, partner, gets))
    return rows, problems


def read_decks(
    tables: Tables, ctx: Context, inventories: dict[str, tuple[str, ...]]
) -> tuple[dict[str, Deal], dict[str, str], list[Problem]]:
    """Every valid deck shuffled: the deals, the reason each other player cannot be dealt, problems."""
    table = tables.require(DECKS_TAB)
    rows: dict[str, Any] = {}
    problems: list[Problem] = []
    for record in table.records("Player", "Dealer", "Cards"):
        player = ctx.roster.match(record["Player"])
        if player is None:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"{ctx.roster.unknown(record['Player'])}; fix the name or add the player to Players.",
                )
            )
            continue
        if player in rows:
            problems.append(
                Problem(
                    table.name,
                    rows[player].row,
                    f"{player}'s deck is replaced by the one on row {record.row} (a player's last deck row stands).",
                )
            )
        rows[player] = record
    deals: dict[str, Deal] = {}
    waiting: dict[str, str] = {}
    size = ctx.config["deck_size"]
    dealers = {Side.HEAVEN: ctx.config["heaven_dealer"], Side.HELL: ctx.config["hell_dealer"]}
    for player in ctx.roster.names:
        deck_row = rows.get(player)
        if deck_row is None:
            waiting[player] = f"{player} has no deck in {DECKS_TAB}"
            continue

        def refuse(message: str) -> None:
            waiting[player] = message
            problems.append(Problem(table.name, deck_row.row, message))

        dealer = pick_dealer(deck_row.text("Dealer"), dealers)
        if dealer is None:
            refuse(
                f"{player}'s dealer {deck_row.text('Dealer')!r} is neither Heaven ({dealers[Side.HEAVEN]}) nor "
                f"Hell ({dealers[Side.HELL]}); write one of them. The deck is not dealt."
            )
            continue
        try:
            cards = typed_cards(deck_row, "Cards", "the deck's cards", f"a deck of {size} ÷")
        except ValueError as error:
            refuse(f"{player}'s deck: {error}. The deck is not dealt.")
            continue
        refusal = deck_refusal(player, cards, inventories[player], size)
        if refusal:
            refuse(refusal)
            continue
        deals[player] = deal_deck(player, dealer, cards, size, ctx.config["seed"])
    return deals, waiting, problems


def read_plays(tables: Tables, ctx: Context, deals: dict[str, Deal]) -> tuple[dict[str, Play], list[Problem]]:
    """Replay the Decisions tab, row by row, onto each player's deal."""
    table = tables.require(DECISIONS_TAB)
    made = {p: Play(deal, ()) for p, deal in deals.items()}
    problems: list[Problem] = []
    limit = ctx.config["max_open"]
    stopped: set[str] = set()
    for record in table.records("Player", "Decision", optional=("Card", "Face")):

        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        player = ctx.roster.match(record["Player"])
        if player is None:
            problem(f"{ctx.roster.unknown(record['Player'])}; fix the name.")
            continue
        if player not in deals:
            problem(f"{player} has no deck that can be dealt yet; this decision is ignored.")
            continue
        if player in stopped:
            continue
        play = made[player]
        dealt = play.deal.dealt
        if play.is_over():
            problem(f"{player}'s game is over (every card is decided); this decision is ignored.")
            continue
        number = play.next_card()
        typed_card = record.cells.get("Card")
        if not is_blank(typed_card) and whole_or_none(typed_card) != number:
            problem(
                f"this decision is for card {record.text('Card')}, but {player}'s next card is card "
                f"{number}; it is ignored. Decisions are made in dealing order."
            )
            continue
        face = record.text("Face")
        if face and SPELLINGS.get(face, face) != dealt[number - 1]:
            stopped.add(player)
            problem(
                f"this decision was recorded for a {face} as card {number}, but {player}'s deal now has "
                f"{dealt[number - 1]} there: the deck, dealer or seed changed after dealing. {player}'s "
                f"decisions from here on are not replayed until Decks or Config is put back."
            )
            continue
        try:
            decision = parse_decision(record["Decision"])
        except ValueError as error:
            problem(f"{error}; it is ignored.")
            continue
        made[player] = play.extended(decision, limit)
    return made, problems


def inventory_rounds(tables: Tables, last: int) -> list[int]:
    """The deck-building rounds already in the Inventories tab (re-scored with the round asked for)."""
    table = tables.get(INVENTORIES_TAB)
    if table is None or not table.has_column("Round"):
        return []
    return [n for n in (whole_or_none(r["Round"]) for r in table.records("Round")) if n and n <= last]


def decision_row(table: Table, player: str, number: int, face: str, decision: Decision) -> list[Cell]:
    values: dict[str, Cell] = {"player": player, "card": number, "face": face, "decision": decision.value}
    header = table.header or DECISIONS_HEADER
    return [values.get(" ".join(h.split()).casefold()) for h in header]


def player_named(ctx: Context, typed: str) -> str:
    name = ctx.roster.match(typed)
    if name is None:
        raise BookError(f"{typed!r} is not a player ({', '.join(ctx.roster.names)}).")
    return name
