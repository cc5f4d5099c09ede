"""Open, Pass — Heaven and Hell (Main Match, 13 players): pack bids, trades, then a dealt equation.

Rule sheet: seeds/003_bd1ef8e504ed12d5.txt; rulings: RULINGS.md, Open, Pass. Rounds 1–3 (Config
`building_rounds`) build inventories from pack bids and trades; the round after them is the play
phase: each player's deck is shuffled with the seed and dealt card by card, and each card is opened
(put at the LEFT of the equation) or passed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any, Sequence

from hostkit.core.equation import (
    SPELLINGS,
    DivisionByZero,
    Evaluation,
    evaluate,
    format_cards,
    format_number,
    parse_card,
    parse_cards,
)
from hostkit.core.game import Context, Game, Outcome, Prompt
from hostkit.core.ledger import LEDGER_TAB, Entry, ledger_rows, post, read_ledger
from hostkit.core.open_pass_best import Best, best
from hostkit.core.open_pass_packs import (
    SIZES,
    Bid,
    BidVerdict,
    Pack,
    RoundResult,
    Side,
    Trade,
    choose_packs,
    decide_round,
    judge_bids,
    sorted_cards,
)
from hostkit.core.open_pass_play import (
    Deal,
    Decision,
    Placing,
    Play,
    deal_deck,
    deck_refusal,
    nth,
    parse_decision,
    pick_dealer,
    rank,
)
from hostkit.core.stamped import RoundClock, read_stamped
from hostkit.core.settings import Setting, choice, integer, text, whole_number
from hostkit.core.tables import BookError, Cell, Problem, Rows, Table, Tables, is_blank
from hostkit.core.times import format_span, format_time, parse_time

ROUNDS_TAB = "Rounds"
PACKS_TAB = "Packs"
BIDS_TAB = "Bids"
TRADES_TAB = "Trades"
DECKS_TAB = "Decks"
DECISIONS_TAB = "Decisions"
INVENTORIES_TAB = "Inventories"
DEALS_TAB = "Deals"
FINAL_TAB = "Final Results"
DECISIONS_HEADER = ["Player", "Card", "Face", "Decision"]
INVENTORIES_HEADER = ["Round", "Player", "Cards", "Count", "Gained", "Trades"]


def results_tab(round_number: int) -> str:
    return f"Round {round_number} Results"


def bids_tab(round_number: int) -> str:
    return f"Round {round_number} Bids"


def _cards_setting(value: Cell) -> str:
    return format_cards(parse_cards(value))


def _card_setting(value: Cell) -> str:
    return parse_card(value)


def _int(cell: Cell) -> int | None:
    try:
        return whole_number(cell)
    except ValueError:
        return None


class OpenPass(Game):
    name = "open-pass"
    title = "Open, Pass — Heaven and Hell"
    rule_sheet = "003_bd1ef8e504ed12d5.txt"
    min_players = 6
    max_players = 13
    first_steps = "type each round's six packs into Packs (and its Deadline into Rounds), then `hostkit score --round 1`."
    settings = (
        Setting("building_rounds", 3, "Deck-building rounds; the round after them is the play phase.",
                integer(1, 10)),
        Setting("starting_inventory", "1 1 1 2 2 2 3 3 3 + + + - - -", "The cards every player starts with.",
                _cards_setting),
        Setting("pity_card", "1", "The card a player gets in a round in which they gain no pack.", _card_setting),
        Setting("pity_without_bid", "yes", "Whether a player who made no bid in a round also gets the pity "
                "card (yes or no).", choice("yes", "no")),
        Setting("packs_per_round", 6, "Packs offered each round (a different count is reported).", integer(1, 50)),
        Setting("bids_per_round", 2, "Most packs one bid may choose; packs past these are reported and ignored.",
                integer(1, 50)),
        Setting("deck_size", 20, "Cards in a deck; a shorter deck is padded with ÷.", integer(1, 60)),
        Setting("max_open", 10, "Most cards a player may open; later cards pass automatically.", integer(1, 60)),
        Setting("division_by_zero", "zero", "What dividing by zero does: zero (the whole equation scores 0) or "
                "skip (that division is left out).", choice("zero", "skip")),
        Setting("heaven_dealer", "YellOw", "The Heaven dealer's name, as players may write it in Decks.", text),
        Setting("hell_dealer", "Impact", "The Hell dealer's name, as players may write it in Decks.", text),
        Setting("first_tokens", 3, "Tokens of Life for the best score.", integer(0, 100)),
        Setting("second_third_tokens", 1, "Tokens of Life for each of the 2nd and 3rd best scores.", integer(0, 100)),
        Setting("candidates", 3, "Players with the worst scores who become elimination candidates.", integer(0, 13)),
    )
    public_tabs = ("Round * Results", FINAL_TAB)

    def play_round(self, ctx: Context) -> int:
        return ctx.config["building_rounds"] + 1

    def _rule(self, ctx: Context) -> DivisionByZero:
        return DivisionByZero(ctx.config["division_by_zero"])

    # ---- reading the workbook

    def _deadlines(self, tables: Tables, ctx: Context) -> dict[int, tuple[int, dt.datetime]]:
        table = tables.get(ROUNDS_TAB)
        if table is None:
            return {}
        deadlines: dict[int, tuple[int, dt.datetime]] = {}
        for record in table.records("Round", "Deadline"):
            number = _int(record["Round"])
            if number is None:
                raise BookError(f"Rounds row {record.row}: round {record['Round']!r} is not a whole number; fix it.")
            if is_blank(record["Deadline"]):
                continue
            try:
                deadlines[number] = (record.row, parse_time(record["Deadline"], ctx.config.tz, ctx.config["date_order"]))
            except ValueError as error:
                raise BookError(f"Rounds row {record.row}: Deadline {record['Deadline']!r} {error}.") from None
        return deadlines

    def packs(self, tables: Tables, round_number: int) -> tuple[list[Pack], list[Problem]]:
        table = tables.require(PACKS_TAB)
        packs: list[Pack] = []
        problems: list[Problem] = []
        for record in table.records("Round", "Pack", "Cards", optional=("Kind", "Size")):
            if _int(record["Round"]) != round_number:
                continue

            def problem(message: str) -> None:
                problems.append(Problem(table.name, record.row, message))

            name = " ".join(record.text("Pack").split())
            if not name:
                problem("the pack has no name; name it in the Pack column, as players will bid for it.")
                continue
            if any(p.name.casefold() == name.casefold() for p in packs):
                problem(f"round {round_number} already has a pack named {name!r}; this row is left out. "
                        f"Give each pack of a round its own name.")
                continue
            try:
                cards = parse_cards(record["Cards"])
            except ValueError as error:
                problem(f"pack {name!r}: {error}. The pack is left out until it is fixed.")
                continue
            kind = next((s for s in Side if s.value.casefold() == record.text("Kind").casefold()), None)
            if kind is None:
                problem(f"pack {name!r}: Kind {record.text('Kind')!r} is not Heaven or Hell; write one of them "
                        f"(the pack is still offered).")
            size = next((s for s in SIZES if s.casefold() == record.text("Size").casefold()), record.text("Size"))
            if size not in SIZES:
                problem(f"pack {name!r}: Size {size!r} is not Basic, Mega or Special; write one of them "
                        f"(the pack is still offered).")
            if not cards:
                problem(f"pack {name!r} has no cards; type its cards separated by spaces, like '7 8 x'.")
            packs.append(Pack(round_number, name, kind, size, cards, record.row))
        return packs, problems

    def _bids(self, tables: Tables, ctx: Context, round_number: int, packs: Sequence[Pack],
              deadlines: dict[int, tuple[int, dt.datetime]]) -> tuple[list[Bid], list[Problem]]:
        """The round's bids as typed, before they are judged against the deadline."""
        def round_at(at: dt.datetime) -> int | None:
            open_rounds = sorted(n for n, (_, deadline) in deadlines.items() if at <= deadline)
            return open_rounds[0] if open_rounds else None

        clock = RoundClock(ctx.config["building_rounds"], "bidding round", round_at, "after every round's Deadline")
        table = tables.require(BIDS_TAB)
        rows, problems = read_stamped(table, ctx, round_number, clock, ("Packs",), "the bid is not counted")
        bids: list[Bid] = []
        for row in rows:
            chosen, notes = choose_packs(row.player, row.record.text("Packs"), packs, round_number,
                                         ctx.config["bids_per_round"])
            problems += [Problem(table.name, row.row, note) for note in notes]
            bids.append(Bid(row.row, row.at, row.player, row.record.text("Packs"), chosen))
        return bids, problems

    def _trades(self, tables: Tables, ctx: Context, round_number: int) -> tuple[list[Trade], list[Problem]]:
        table = tables.get(TRADES_TAB)
        if table is None:
            return [], []
        rows: list[Trade] = []
        problems: list[Problem] = []
        for record in table.records("Round", "Player", "Gives", "Partner", "Gets"):
            def problem(message: str) -> None:
                problems.append(Problem(table.name, record.row, message))

            number = _int(record["Round"])
            if number is None or number not in range(1, ctx.config["building_rounds"] + 1):
                problem(f"Round {record['Round']!r} is not a deck-building round (1–{ctx.config['building_rounds']}); "
                        f"the trade is not applied until its round is fixed.")
                continue
            if number != round_number:
                continue
            player, partner = ctx.roster.match(record["Player"]), ctx.roster.match(record["Partner"])
            if player is None or partner is None:
                bad = record.text("Player") if player is None else record.text("Partner")
                problem(f"{bad!r} is not a player; the trade is not applied until the name is fixed.")
                continue
            if player == partner:
                problem(f"{player} trades with themself; name two different players.")
                continue
            try:
                gives, gets = parse_cards(record["Gives"]), parse_cards(record["Gets"])
            except ValueError as error:
                problem(f"{error}; the trade is not applied until it is fixed.")
                continue
            if not gives and not gets:
                problem("the trade moves no cards; fill in Gives and/or Gets.")
                continue
            rows.append(Trade(record.row, player, gives, partner, gets))
        return rows, problems

    # ---- deck building

    def start_inventory(self, ctx: Context) -> tuple[str, ...]:
        return sorted_cards(parse_cards(ctx.config["starting_inventory"]))

    def building(self, tables: Tables, ctx: Context, upto: int) -> list[RoundResult]:
        """Rounds 1..upto decided in order, each starting from the inventories the one before left."""
        deadlines = self._deadlines(tables, ctx)
        inventories = {p: self.start_inventory(ctx) for p in ctx.roster.names}
        results: list[RoundResult] = []
        for number in range(1, upto + 1):
            results.append(self._round(tables, ctx, number, inventories, deadlines))
            inventories = results[-1].inventories
        return results

    def _round(self, tables: Tables, ctx: Context, number: int, before: dict[str, tuple[str, ...]],
               deadlines: dict[int, tuple[int, dt.datetime]]) -> RoundResult:
        packs, problems = self.packs(tables, number)
        if not packs:
            raise BookError(f"The Packs tab has no packs for round {number}; type the round's packs "
                            f"(Round, Pack, Kind, Size, Cards) first.")
        if len(packs) != ctx.config["packs_per_round"]:
            problems.append(Problem(PACKS_TAB, None, f"round {number} offers {len(packs)} packs, not "
                                    f"{ctx.config['packs_per_round']}; scored as typed."))
        bids, bid_problems = self._bids(tables, ctx, number, packs, deadlines)
        trades, trade_problems = self._trades(tables, ctx, number)
        deadline = deadlines.get(number, (None, None))[1]
        bids = judge_bids(bids, deadline, ctx.config.tz)
        result = decide_round(number, deadline, packs, bids, trades, before,
                              ctx.roster.names, ctx.config["pity_card"], ctx.config["pity_without_bid"] == "yes")
        rejected = [Problem(TRADES_TAB, t.row, f"trade rejected: {t.reason}.") for t in result.trades if not t.accepted]
        return replace(result, problems=tuple(problems + bid_problems + trade_problems + rejected))

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx = self.context(tables)
        if round_number == self.play_round(ctx):
            return self.score_play(tables, ctx)
        if round_number not in range(1, ctx.config["building_rounds"] + 1):
            raise BookError(f"Round {round_number} is not a round of this match: rounds 1–"
                            f"{ctx.config['building_rounds']} build decks and round {self.play_round(ctx)} is the "
                            f"play phase.")
        outcome = Outcome(problems=list(ctx.problems))
        deadlines = self._deadlines(tables, ctx)
        if round_number in deadlines and now < deadlines[round_number][1]:
            row, deadline = deadlines[round_number]
            outcome.problems.append(Problem(ROUNDS_TAB, row, (
                f"round {round_number} is still open: bids close at {format_time(deadline, ctx.config.tz)} "
                f"({format_span(deadline - now)} from now). Score it after that; nothing was scored.")))
            return outcome
        written = self._inventory_rounds(tables, ctx.config["building_rounds"])
        results = self.building(tables, ctx, max([round_number, *written]))
        current = results[round_number - 1]
        outcome.problems += current.problems
        outcome.writes[results_tab(round_number)] = self._results_rows(current)
        outcome.writes[bids_tab(round_number)] = self._bids_rows(current, ctx)
        outcome.writes[INVENTORIES_TAB] = self._inventory_rows(results, ctx)
        outcome.summary += self._round_summary(current, ctx)
        outcome.data = self._round_json(current, ctx)
        return outcome

    def _inventory_rounds(self, tables: Tables, last: int) -> list[int]:
        """The deck-building rounds already in the Inventories tab (re-scored with the round asked for)."""
        table = tables.get(INVENTORIES_TAB)
        if table is None or not table.has_column("Round"):
            return []
        return [n for n in (_int(r["Round"]) for r in table.records("Round")) if n and n <= last]

    def inventory_message(self, tables: Tables, player: str, round_number: int | None = None) -> tuple[str, list[Problem]]:
        """A player's own inventory after a round (default: the last deck-building round), to paste to them."""
        ctx = self.context(tables)
        name = _player(ctx, player)
        last = ctx.config["building_rounds"]
        upto = last if round_number is None else round_number
        if upto not in range(0, last + 1):
            raise BookError(f"Round {upto} is not a deck-building round (0 = the start, 1–{last}).")
        if upto == 0:
            cards = self.start_inventory(ctx)
            return f"{name}, you start with {len(cards)} cards: {format_cards(cards)}.", list(ctx.problems)
        results = self.building(tables, ctx, upto)
        current = results[-1]
        cards = current.inventories[name]
        lines = [f"{name}, your inventory after round {upto} ({len(cards)} cards): {format_cards(cards)}.",
                 f"Round {upto}: {current.reasons[name]}"]
        for t in current.trades_of(name):
            lines.append(f"Trade: {t.reason}.")
        return "\n".join(lines), list(ctx.problems) + list(current.problems)

    # ---- the play phase

    def deal(self, tables: Tables, ctx: Context, inventories: dict[str, tuple[str, ...]]
             ) -> tuple[dict[str, Deal], dict[str, str], list[Problem]]:
        """Every valid deck shuffled: the deals, the reason each other player cannot be dealt, problems."""
        table = tables.require(DECKS_TAB)
        rows: dict[str, Any] = {}
        problems: list[Problem] = []
        for record in table.records("Player", "Dealer", "Cards"):
            player = ctx.roster.match(record["Player"])
            if player is None:
                problems.append(Problem(table.name, record.row, f"{record.text('Player')!r} is not a player; fix "
                                        f"the name or add the player to Players."))
                continue
            if player in rows:
                problems.append(Problem(table.name, rows[player].row, f"{player}'s deck is replaced by the one on "
                                        f"row {record.row} (a player's last deck row stands)."))
            rows[player] = record
        deals: dict[str, Deal] = {}
        waiting: dict[str, str] = {}
        size = ctx.config["deck_size"]
        dealers = {Side.HEAVEN: ctx.config["heaven_dealer"], Side.HELL: ctx.config["hell_dealer"]}
        for player in ctx.roster.names:
            record = rows.get(player)
            if record is None:
                waiting[player] = f"{player} has no deck in {DECKS_TAB}"
                continue

            def refuse(message: str) -> None:
                waiting[player] = message
                problems.append(Problem(table.name, record.row, message))

            dealer = pick_dealer(record.text("Dealer"), dealers)
            if dealer is None:
                refuse(f"{player}'s dealer {record.text('Dealer')!r} is neither Heaven ({dealers[Side.HEAVEN]}) nor "
                       f"Hell ({dealers[Side.HELL]}); write one of them. The deck is not dealt.")
                continue
            try:
                cards = parse_cards(record["Cards"])
            except ValueError as error:
                refuse(f"{player}'s deck: {error}. The deck is not dealt.")
                continue
            refusal = deck_refusal(player, cards, inventories[player], size)
            if refusal:
                refuse(refusal)
                continue
            deals[player] = deal_deck(player, dealer, cards, size, ctx.config["seed"])
        return deals, waiting, problems

    def plays(self, tables: Tables, ctx: Context, deals: dict[str, Deal]) -> tuple[dict[str, Play], list[Problem]]:
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
                problem(f"{record.text('Player')!r} is not a player; fix the name.")
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
            if not is_blank(typed_card) and _int(typed_card) != number:
                problem(f"this decision is for card {record.text('Card')}, but {player}'s next card is card "
                        f"{number}; it is ignored. Decisions are made in dealing order.")
                continue
            face = record.text("Face")
            if face and SPELLINGS.get(face, face) != dealt[number - 1]:
                stopped.add(player)
                problem(f"this decision was recorded for a {face} as card {number}, but {player}'s deal now has "
                        f"{dealt[number - 1]} there: the deck, dealer or seed changed after dealing. {player}'s "
                        f"decisions from here on are not replayed until Decks or Config is put back.")
                continue
            try:
                decision = parse_decision(record["Decision"])
            except ValueError as error:
                problem(f"{error}; it is ignored.")
                continue
            made[player] = play.extended(decision, limit)
        return made, problems

    def _phase(self, tables: Tables, ctx: Context
               ) -> tuple[dict[str, Deal], dict[str, str], dict[str, Play], list[Problem]]:
        results = self.building(tables, ctx, ctx.config["building_rounds"])
        deals, waiting, deal_problems = self.deal(tables, ctx, results[-1].inventories)
        plays, play_problems = self.plays(tables, ctx, deals)
        return deals, waiting, plays, deal_problems + play_problems

    def _check_round(self, ctx: Context, round_number: int | None) -> None:
        if round_number is not None and round_number != self.play_round(ctx):
            raise BookError(f"Live play is the play phase, round {self.play_round(ctx)}; rounds 1–"
                            f"{ctx.config['building_rounds']} are bids, scored with `hostkit score`.")

    def _live(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Context, Play]:
        ctx = self.context(tables)
        self._check_round(ctx, round_number)
        if player is None:
            raise BookError("Name the player whose cards are dealt (--player NAME).")
        name = _player(ctx, player)
        _, waiting, plays, _ = self._phase(tables, ctx)
        if name in waiting:
            raise BookError(f"{waiting[name]}; fix the Decks row before dealing.")
        return ctx, plays[name]

    def next_prompt(self, tables: Tables, round_number: int | None, player: str | None
                    ) -> tuple[Prompt | None, list[str]]:
        ctx, play = self._live(tables, round_number, player)
        lines = _history(play, self._rule(ctx))
        if play.is_over():
            return None, lines
        number = play.next_card()
        dealer = ctx.config["heaven_dealer" if play.deal.dealer is Side.HEAVEN else "hell_dealer"]
        opened = len(play.opened)
        text = (f"{play.deal.player}, card {number} of {len(play.deal.dealt)} from {dealer} "
                f"({play.deal.dealer.value}): {play.deal.dealt[number - 1]}. You have opened {opened} of "
                f"{ctx.config['max_open']}. Open it (it goes to the left of your equation) or pass?")
        return Prompt(text, (Decision.OPEN.value, Decision.PASS.value)), lines

    def decide(self, tables: Tables, round_number: int | None, player: str | None, choice: str) -> Outcome:
        ctx, play = self._live(tables, round_number, player)
        if play.is_over():
            raise BookError(f"{play.deal.player}'s game is over: every card is decided.")
        try:
            decision = parse_decision(choice)
        except ValueError as error:
            raise BookError(f"{error}.") from None
        number = play.next_card()
        face = play.deal.dealt[number - 1]
        table = tables.require(DECISIONS_TAB)
        rows: Rows = [table.header or list(DECISIONS_HEADER)] + table.filled_rows()
        rows.append(_decision_row(table, play.deal.player, number, face, decision))
        after = play.extended(decision, ctx.config["max_open"])
        rule = self._rule(ctx)
        lines = [f"Card {number} ({face}): {decision.value}."]
        if decision is Decision.OPEN and after.is_over() and number < len(play.deal.dealt):
            lines.append(f"{ctx.config['max_open']} cards are open: the other {len(play.deal.dealt) - number} "
                         f"pass automatically.")
        evaluation = evaluate(after.equation, rule)
        lines += _equation_lines(after, evaluation)
        return Outcome(writes={DECISIONS_TAB: rows}, summary=lines,
                       data={"player": play.deal.player, "card": number, "face": face, "decision": decision.value,
                             "equation": format_cards(after.equation), "score": format_number(evaluation.score),
                             "over": after.is_over()})

    def best_for(self, tables: Tables, player: str) -> tuple[Play, Best, Evaluation | None]:
        """The best score a player's dealt order allows, with what they actually scored once they finished."""
        ctx, play = self._live(tables, None, player)
        rule = self._rule(ctx)
        top = best(play.deal.dealt, ctx.config["max_open"], rule)
        return play, top, evaluate(play.equation, rule) if play.is_over() else None

    def score_play(self, tables: Tables, ctx: Context) -> Outcome:
        deals, waiting, plays, problems = self._phase(tables, ctx)
        outcome = Outcome(problems=list(ctx.problems) + problems)
        rule = self._rule(ctx)
        evaluations = {p: evaluate(play.equation, rule) for p, play in plays.items()}
        outcome.writes[DEALS_TAB] = self._deals_rows(ctx, deals, waiting, plays, evaluations)
        unfinished = [p for p in ctx.roster.names if p not in plays or not plays[p].is_over()]
        data: dict[str, Any] = {
            "game": self.name, "round": self.play_round(ctx),
            "players": {p: _play_json(plays.get(p), evaluations.get(p), waiting.get(p)) for p in ctx.roster.names},
        }
        outcome.data = data
        if unfinished:
            outcome.summary.append(f"Play phase: {len(ctx.roster.names) - len(unfinished)} of "
                                   f"{len(ctx.roster.names)} players have finished; written: {DEALS_TAB} (host only).")
            for p in unfinished:
                outcome.summary.append(f"  waiting for {p}: " + (waiting[p] if p in waiting else
                                       f"card {plays[p].next_card()} of {len(plays[p].deal.dealt)} is next"))
            outcome.summary.append("The ranking and the awards wait until every player has finished.")
            data["ranking"] = None
            return outcome
        placings, draw_lines = self.rank(ctx, {p: e.score for p, e in evaluations.items()})
        outcome.writes[FINAL_TAB] = self._final_rows(placings, evaluations, draw_lines)
        match = self.match_name(ctx)
        entries = [Entry(match, None, pl.player, tokens=pl.tokens, candidate=pl.candidate, reason=_ledger_reason(self, pl))
                   for pl in placings if pl.has_award()]
        existing, ledger_problems = read_ledger(tables)
        outcome.problems += ledger_problems
        _, added = post(existing, entries)
        ledger = tables.get(LEDGER_TAB)
        if added:
            rows = [ledger.header] + ledger.rows if ledger is not None and ledger.header else ledger_rows([])
            outcome.writes[LEDGER_TAB] = rows + [e.row() for e in added]
        outcome.summary.append(f"Play phase over: {len(placings)} players ranked.")
        for pl in placings:
            outcome.summary.append(f"  {pl.place}. {pl.player} {format_number(pl.score)}"
                                   + (f" - {pl.reason}" if pl.has_award() else ""))
        outcome.summary += draw_lines
        outcome.summary.append(f"Ledger: {len(added)} award(s) posted" + (
            f", {len(entries) - len(added)} already there." if len(entries) > len(added) else "."))
        outcome.summary.append(f"Written: {FINAL_TAB}, {DEALS_TAB}" + (f", {LEDGER_TAB}." if added else "."))
        data["ranking"] = [{"place": pl.place, "player": pl.player, "score": format_number(pl.score),
                            "tokens": pl.tokens, "candidate": pl.candidate, "reason": pl.reason} for pl in placings]
        data["draws"] = draw_lines
        data["ledger_added"] = len(added)
        return outcome

    def rank(self, ctx: Context, scores: dict[str, Fraction]) -> tuple[list[Placing], list[str]]:
        """Best score first; equal scores in the order of one seeded draw of all players, shown."""
        c = ctx.config
        return rank(ctx.roster.names, scores, c["seed"], c["first_tokens"], c["second_third_tokens"], c["candidates"])

    # ---- rendering

    def _results_rows(self, r: RoundResult) -> Rows:
        rows: Rows = [["Pack", "Kind", "Size", "Cards", "Chosen by", "Given out"]]
        for p in r.packs:
            given = "yes" if r.is_given(p.name) else "no"
            rows.append([p.name, p.kind.value if p.kind else "", p.size, format_cards(p.cards), r.chosen[p.name], given])
        rows.append([])
        if r.all_odd:
            rows.append(["Every pack was chosen an odd number of times, so nobody gains a pack this round."])
        else:
            rows.append(["A pack chosen by an odd number of players is given to each of them; an even number, to nobody."])
        rows.append([f"Players who gained no pack get the pity card: {len(r.pity)}."])
        return rows

    def _bids_rows(self, r: RoundResult, ctx: Context) -> Rows:
        tz = ctx.config.tz
        rows: Rows = [["Timestamp", "Player", "Typed", "Packs counted", "Verdict", "Reason", "Bids row"]]
        for b in r.bids:
            rows.append([format_time(b.at, tz), b.player, b.typed, ", ".join(b.packs), b.verdict.value, b.reason, b.row])
        rows += [[], ["Player", "Gained", "Pity card", "Reason"]]
        for p in ctx.roster.names:
            rows.append([p, ", ".join(r.gained[p]), "yes" if p in r.pity else "", r.reasons[p]])
        if r.trades:
            rows += [[], ["Trade", "Player", "Gives", "Partner", "Gets", "Applied", "Reason", "Trades row"]]
            for n, t in enumerate(r.trades, start=1):
                rows.append([n, t.player, format_cards(t.gives), t.partner, format_cards(t.gets),
                             "yes" if t.accepted else "rejected", t.reason, t.row])
        return rows

    def _inventory_rows(self, results: list[RoundResult], ctx: Context) -> Rows:
        rows: Rows = [list(INVENTORIES_HEADER)]
        start = self.start_inventory(ctx)
        for p in ctx.roster.names:
            rows.append([0, p, format_cards(start), len(start), "starting cards", ""])
        for r in results:
            for p in ctx.roster.names:
                gained = list(r.gained[p]) + ([f"pity card {ctx.config['pity_card']}"] if p in r.pity else [])
                trades = "; ".join(t.reason for t in r.trades_of(p))
                rows.append([r.number, p, format_cards(r.inventories[p]), len(r.inventories[p]),
                             ", ".join(gained), trades])
        return rows

    def _round_summary(self, r: RoundResult, ctx: Context) -> list[str]:
        counts = Counter(b.verdict for b in r.bids)
        lines = [f"Round {r.number}: {counts[BidVerdict.STANDS]} bids stand ({counts[BidVerdict.REPLACED]} replaced, "
                 f"{counts[BidVerdict.LATE]} late)."]
        for p in r.packs:
            takers = [q for q in ctx.roster.names if p.name in r.gained[q]]
            lines.append(f"  {p.name}: chosen {r.chosen[p.name]} time(s)" +
                         (f", given to {', '.join(takers)}" if takers else ", not given out"))
        if r.all_odd:
            lines.append("  Every pack was chosen an odd number of times: nobody gains a pack.")
        lines.append(f"  Pity card {ctx.config['pity_card']}: {', '.join(r.pity) or 'nobody'}.")
        accepted = sum(t.accepted for t in r.trades)
        if r.trades:
            lines.append(f"  Trades: {accepted} applied, {len(r.trades) - accepted} rejected.")
        lines.append(f"Written: {results_tab(r.number)} (public), {bids_tab(r.number)} and {INVENTORIES_TAB} "
                     f"(host only).")
        return lines

    def _round_json(self, r: RoundResult, ctx: Context) -> dict[str, Any]:
        return {
            "game": self.name,
            "round": r.number,
            "all_odd": r.all_odd,
            "packs": {p.name: {"chosen": r.chosen[p.name], "given": r.is_given(p.name), "cards": format_cards(p.cards)}
                      for p in r.packs},
            "bids": [{"row": b.row, "player": b.player, "packs": list(b.packs), "verdict": b.verdict.value,
                      "reason": b.reason} for b in r.bids],
            "players": {p: {"gained": list(r.gained[p]), "pity": p in r.pity,
                            "inventory": format_cards(r.inventories[p]), "reason": r.reasons[p]}
                        for p in ctx.roster.names},
            "trades": [{"row": t.row, "applied": t.accepted, "reason": t.reason} for t in r.trades],
        }

    def _deals_rows(self, ctx: Context, deals: dict[str, Deal], waiting: dict[str, str], plays: dict[str, Play],
                    evaluations: dict[str, Evaluation]) -> Rows:
        rows: Rows = [["Player", "Dealer", "Draw", "Deck", "Padding", "Dealt", "Decisions", "Equation", "Score",
                       "Status"]]
        for p in ctx.roster.names:
            if p not in deals:
                rows.append([p, "", "", "", "", "", "", "", "", waiting[p]])
                continue
            d, play = deals[p], plays[p]
            marks = " ".join({Decision.OPEN: "O", Decision.PASS: "P", Decision.AUTO: "a"}[x] for x in play.decisions)
            status = "finished" if play.is_over() else f"card {play.next_card()} is next"
            rows.append([p, d.dealer.value, d.draw, format_cards(d.deck), d.padding, format_cards(d.dealt), marks,
                         format_cards(play.equation), format_number(evaluations[p].score), status])
        return rows

    def _final_rows(self, placings: list[Placing], evaluations: dict[str, Evaluation], draws: list[str]) -> Rows:
        rows: Rows = [["Place", "Player", "Score", "Equation", "Reads as", "Award", "Reason"]]
        for pl in placings:
            e = evaluations[pl.player]
            award = ", ".join(filter(None, [f"{pl.tokens} ToL" if pl.tokens else "", "EC" if pl.candidate else ""]))
            rows.append([pl.place, pl.player, format_number(pl.score), format_cards(e.cards) or "(empty)",
                         e.normalised, award, pl.reason])
        if draws:
            rows.append([])
            rows += [[line] for line in draws]
        return rows


def _decision_row(table: Table, player: str, number: int, face: str, decision: Decision) -> list[Cell]:
    values = {"player": player, "card": number, "face": face, "decision": decision.value}
    header = table.header or DECISIONS_HEADER
    return [values.get(" ".join(h.split()).casefold()) for h in header]


def _player(ctx: Context, typed: str) -> str:
    name = ctx.roster.match(typed)
    if name is None:
        raise BookError(f"{typed!r} is not a player ({', '.join(ctx.roster.names)}).")
    return name


def _history(play: Play, rule: DivisionByZero) -> list[str]:
    lines = [f"{play.deal.player}'s deck is dealt by {play.deal.dealer.value} (shuffle {play.deal.draw})."]
    for number, (card, decision) in enumerate(zip(play.deal.dealt, play.decisions), start=1):
        lines.append(f"Card {number}: {card} - {decision.value}")
    return lines + _equation_lines(play, evaluate(play.equation, rule))


def _equation_lines(play: Play, evaluation: Evaluation) -> list[str]:
    """The equation so far and its score, and once the play is over, how the score was reached."""
    lines = [f"Equation: {format_cards(play.equation) or '(empty)'} = {format_number(evaluation.score)}."]
    if play.is_over():
        lines.append(f"Game over. {evaluation.explain()}.")
    return lines


def _play_json(play: Play | None, evaluation: Evaluation | None, waiting: str | None) -> dict[str, Any]:
    if play is None or evaluation is None:
        return {"dealt": None, "status": waiting}
    return {"dealer": play.deal.dealer.value, "draw": play.deal.draw, "dealt": format_cards(play.deal.dealt),
            "decisions": [d.value for d in play.decisions], "equation": format_cards(play.equation),
            "score": format_number(evaluation.score), "finished": play.is_over()}


def _ledger_reason(game: Game, placing: Placing) -> str:
    parts = []
    if placing.tokens:
        parts.append(f"{nth(placing.place)}best score")
    if placing.candidate:
        parts.append("one of the worst scores")
    return f"{game.title}: {' and '.join(parts)}"

