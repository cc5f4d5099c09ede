"""Open, Pass — Heaven and Hell (Main Match, 13 players): pack bids, trades, then a dealt equation.

Rules: docs/games/open-pass.md; rulings: that page, Open, Pass. Rounds 1–3 (Config
`building_rounds`) build inventories from pack bids and trades; the round after them is the play
phase: each player's deck is shuffled with the seed and dealt card by card, and each card is opened
(put at the LEFT of the equation) or passed.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any

from hostkit.core.game import Context, Demo, Game, Outcome, Prompt
from hostkit.core.hindsight import HINDSIGHT_TAB, Hindsight
from hostkit.core.status import GameStatus
from hostkit.core.tables import BookError, Problem, Rows, Table, Tables
from hostkit.core.times import format_span, format_time
from hostkit.core.words import plural
from hostkit.games.open_pass.best import Best, best
from hostkit.games.open_pass.building import Withholding, building_round
from hostkit.games.open_pass.equation import (
    DivisionByZero,
    Evaluation,
    card_name,
    evaluate,
    format_cards,
    format_number,
    parse_cards,
)
from hostkit.games.open_pass.final import award, rank_players
from hostkit.games.open_pass.packs import RoundResult, Side, sorted_cards
from hostkit.games.open_pass.play import (
    Deal,
    Decision,
    Placing,
    Play,
    parse_decision,
)
from hostkit.games.open_pass.render import (
    bids_rows,
    deals_rows,
    equation_lines,
    history,
    inventory_rows,
    play_json,
    results_rows,
    round_json,
    round_message,
    round_summary,
)
from hostkit.games.open_pass.settings import SETTINGS
from hostkit.games.open_pass.tabs import (
    DEALS_TAB,
    DECISIONS_HEADER,
    DECISIONS_TAB,
    FINAL_TAB,
    INVENTORIES_TAB,
    ROUNDS_TAB,
    bids_tab,
    decision_row,
    inventory_rounds,
    player_named,
    read_deadlines,
    read_decks,
    read_plays,
    results_tab,
)


class OpenPass(Withholding, Game):
    name = "open-pass"
    title = "Open, Pass — Heaven and Hell"
    rule_sheet = "003_bd1ef8e504ed12d5.txt"
    min_players = 6
    max_players = 13
    first_steps = (
        "type each round's six packs into Packs (and its Deadline into Rounds), then `hostkit score --round 1`."
    )

    def round_closes(self, tables: Tables, round_number: int) -> dt.datetime | None:
        return read_deadlines(tables, self.context(tables)).times.get(round_number, (None, None))[1]

    def demo(self) -> Demo:
        from hostkit.games.open_pass.demo import demo_book

        return demo_book(self)

    settings = SETTINGS
    public_tabs = (FINAL_TAB, "Round * Results", HINDSIGHT_TAB)

    def play_round(self, ctx: Context) -> int:
        return ctx.config["building_rounds"] + 1

    def _rule(self, ctx: Context) -> DivisionByZero:
        return DivisionByZero(ctx.config["division_by_zero"])

    # ---- deck building

    def start_inventory(self, ctx: Context) -> tuple[str, ...]:
        return sorted_cards(parse_cards(ctx.config["starting_inventory"]))

    def building(self, tables: Tables, ctx: Context, upto: int) -> list[RoundResult]:
        """Rounds 1..upto decided in order, each starting from the inventories the one before left."""
        read = read_deadlines(tables, ctx)
        deadlines = read.times
        inventories = {p: self.start_inventory(ctx) for p in ctx.roster.names}
        results: list[RoundResult] = []
        for number in range(1, upto + 1):
            if number in read.unreadable:
                raise BookError(read.unreadable[number])
            results.append(building_round(tables, ctx, number, inventories, deadlines))
            inventories = results[-1].inventories
        return results

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx = self.context(tables)
        if round_number == self.play_round(ctx):
            return self.score_play(tables, ctx)
        if round_number not in range(1, ctx.config["building_rounds"] + 1):
            raise BookError(
                f"Round {round_number} is not a round of this match: rounds 1–"
                f"{ctx.config['building_rounds']} build decks and round {self.play_round(ctx)} is the "
                f"play phase."
            )
        read = read_deadlines(tables, ctx)
        outcome = Outcome(problems=list(ctx.problems) + read.problems)
        if round_number in read.times and now < read.times[round_number][1]:
            row, deadline = read.times[round_number]
            outcome.problems.insert(
                0,
                Problem(
                    ROUNDS_TAB,
                    row,
                    (
                        f"round {round_number} is still open: bids close at {format_time(deadline, ctx.config.tz)} "
                        f"({format_span(deadline - now)} from now). Score it after that; nothing was scored."
                    ),
                ),
            )
            return outcome
        written = inventory_rounds(tables, ctx.config["building_rounds"])
        results = self.building(tables, ctx, max([round_number, *written]))
        current = results[round_number - 1]
        outcome.problems += current.problems
        outcome.writes[results_tab(round_number)] = results_rows(current)
        outcome.writes[bids_tab(round_number)] = bids_rows(current, ctx)
        outcome.writes[INVENTORIES_TAB] = inventory_rows(results, ctx, self.start_inventory(ctx))
        outcome.summary += round_summary(current, ctx)
        outcome.message = round_message(current)
        outcome.data = round_json(current, ctx)
        return outcome

    def inventory_message(
        self, tables: Tables, player: str, round_number: int | None = None
    ) -> tuple[str, list[Problem]]:
        """A player's own inventory after a round (default: the latest scored, 0 before any), to paste to them."""
        ctx = self.context(tables)
        name = player_named(ctx, player)
        last = ctx.config["building_rounds"]
        upto = max(inventory_rounds(tables, last), default=0) if round_number is None else round_number
        if upto not in range(0, last + 1):
            raise BookError(f"Round {upto} is not a deck-building round (0 = the start, 1–{last}).")
        if upto == 0:
            cards = self.start_inventory(ctx)
            return f"{name}, you start with {plural(len(cards), 'card')}: {format_cards(cards)}.", list(ctx.problems)
        results = self.building(tables, ctx, upto)
        current = results[-1]
        cards = current.inventories[name]
        lines = [
            f"{name}, your inventory after round {upto} ({plural(len(cards), 'card')}): {format_cards(cards)}.",
            f"Round {upto}: {current.reasons[name]}",
        ]
        for t in current.trades_of(name):
            lines.append(f"Trade: {t.reason}.")
        return "\n".join(lines), list(ctx.problems) + list(current.problems)

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        from hostkit.games.open_pass.status import match_status

        ctx = self.context(tables)
        name, play_round = self.match_name(ctx), self.play_round(ctx)
        return match_status(tables, ctx, name, now, play_round, lambda: self._phase(tables, ctx))

    # ---- the play phase

    def _phase(
        self, tables: Tables, ctx: Context
    ) -> tuple[dict[str, Deal], dict[str, str], dict[str, Play], list[Problem]]:
        results = self.building(tables, ctx, ctx.config["building_rounds"])
        deals, waiting, deal_problems = read_decks(tables, ctx, results[-1].inventories)
        plays, play_problems = read_plays(tables, ctx, deals)
        return deals, waiting, plays, deal_problems + play_problems

    def _check_round(self, ctx: Context, round_number: int | None) -> None:
        if round_number is not None and round_number != self.play_round(ctx):
            raise BookError(
                f"Live play is the play phase, round {self.play_round(ctx)}; rounds 1–"
                f"{ctx.config['building_rounds']} are bids, scored with `hostkit score`."
            )

    def _live(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Context, Play]:
        ctx = self.context(tables)
        self._check_round(ctx, round_number)
        if player is None:
            raise BookError("Name the player whose cards are dealt (--player NAME).")
        name = player_named(ctx, player)
        _, waiting, plays, _ = self._phase(tables, ctx)
        if name in waiting:
            raise BookError(f"{waiting[name]}; fix the Decks row before dealing.")
        return ctx, plays[name]

    def next_prompt(
        self, tables: Tables, round_number: int | None, player: str | None, now: dt.datetime
    ) -> tuple[Prompt | None, list[str]]:
        return self._prompt(tables, round_number, player)

    def _prompt(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Prompt | None, list[str]]:
        """The card the player's deal waits on (None once every card is decided) and the play so far; the play
        phase keeps no clock."""
        ctx, play = self._live(tables, round_number, player)
        lines = history(play, self._rule(ctx))
        if play.is_over():
            return None, lines + [
                f"Next: `hostkit score --round {self.play_round(ctx)}` scores the play phase; once "
                f"every player has finished it ranks them and posts the awards."
            ]
        number = play.next_card()
        dealer = ctx.config["heaven_dealer" if play.deal.dealer is Side.HEAVEN else "hell_dealer"]
        opened = len(play.opened)
        text = (
            f"{play.deal.player}, card {number} of {len(play.deal.dealt)} from {dealer} "
            f"({play.deal.dealer.value}) is {card_name(play.deal.dealt[number - 1])}. You have opened {opened} "
            f"of {ctx.config['max_open']}. Open it (it goes to the left of your equation) or pass?"
        )
        return Prompt(text, (Decision.OPEN.value, Decision.PASS.value)), lines

    def decide(
        self, tables: Tables, round_number: int | None, player: str | None, choice: str, now: dt.datetime
    ) -> Outcome:
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
        rows: Rows = [table.header or list(DECISIONS_HEADER)] + table.filled_rows(handled=True)
        rows.append(decision_row(table, play.deal.player, number, face, decision))
        after = play.extended(decision, ctx.config["max_open"])
        rule = self._rule(ctx)
        lines = [f"Card {number}, {card_name(face)}: {decision.value}."]
        if decision is Decision.OPEN and after.is_over() and number < len(play.deal.dealt):
            left, most = len(play.deal.dealt) - number, ctx.config["max_open"]
            lines.append(
                f"{plural(most, 'card')} {'is' if most == 1 else 'are'} open: "
                + ("the last card passes" if left == 1 else f"the other {left} pass")
                + " automatically."
            )
        evaluation = evaluate(after.equation, rule)
        lines += equation_lines(after, evaluation)
        return Outcome(
            writes={DECISIONS_TAB: rows},
            summary=lines,
            data={
                "player": play.deal.player,
                "card": number,
                "face": face,
                "decision": decision.value,
                "equation": format_cards(after.equation),
                "score": format_number(evaluation.score),
                "over": after.is_over(),
            },
        )

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        """Take back the player's last recorded decision (an automatic pass is never recorded)."""
        ctx, play = self._live(tables, round_number, player)
        name = play.deal.player
        table = tables.require(DECISIONS_TAB)
        rows = [r.row for r in table.records("Player", "Decision") if ctx.roster.match(r["Player"]) == name]
        if not rows:
            raise BookError(f"{name} has no recorded decision to take back.")
        typed = table.rows[rows[-1] - 2]
        kept = [
            r for number, r in enumerate(table.rows, start=2) if number != rows[-1] and any(v is not None for v in r)
        ]
        left: Rows = [table.header or list(DECISIONS_HEADER)] + kept
        prompt, _ = self._prompt(tables.replaced(DECISIONS_TAB, Table(table.name, left)), round_number, name)
        shown = ", ".join(str(v) for v in typed if v is not None)
        return Outcome(
            writes={DECISIONS_TAB: left},
            summary=[
                f"Take back {DECISIONS_TAB} row {rows[-1]} ({shown}).",
                f"Before it: {prompt.text if prompt else 'the game was over.'}",
            ],
        )

    def best_for(self, tables: Tables, player: str) -> tuple[Play, Best, Evaluation | None]:
        """The best score a player's dealt order allows, with what they actually scored once they finished."""
        ctx, play = self._live(tables, None, player)
        rule = self._rule(ctx)
        top = best(play.deal.dealt, ctx.config["max_open"], rule)
        return play, top, evaluate(play.equation, rule) if play.is_over() else None

    def hindsight(self, tables: Tables) -> Hindsight:
        from hostkit.games.open_pass.hindsight import hindsight

        ctx = self.context(tables)
        return hindsight(ctx.roster.names, self.play_round(ctx), lambda player: self.best_for(tables, player))

    def standings(self, tables: Tables) -> Outcome:
        """The match's end, as in every game: once every player has finished the play phase, the ranking with
        its Tokens of Life and elimination candidates, paid to the ledger (`score` of the play round does the
        same)."""
        return self.score_play(tables, self.context(tables))

    def score_play(self, tables: Tables, ctx: Context) -> Outcome:
        deals, waiting, plays, problems = self._phase(tables, ctx)
        outcome = Outcome(problems=list(ctx.problems) + problems)
        rule = self._rule(ctx)
        evaluations = {p: evaluate(play.equation, rule) for p, play in plays.items()}
        outcome.writes[DEALS_TAB] = deals_rows(ctx, deals, waiting, plays, evaluations)
        unfinished = [p for p in ctx.roster.names if p not in plays or not plays[p].is_over()]
        data: dict[str, Any] = {
            "game": self.name,
            "round": self.play_round(ctx),
            "players": {p: play_json(plays.get(p), evaluations.get(p), waiting.get(p)) for p in ctx.roster.names},
        }
        outcome.data = data
        if unfinished:
            outcome.summary.append(
                f"Play phase: {len(ctx.roster.names) - len(unfinished)} of "
                f"{len(ctx.roster.names)} players have finished; written: {DEALS_TAB} (host only)."
            )
            for p in unfinished:
                outcome.summary.append(
                    f"  waiting for {p}: "
                    + (
                        waiting[p]
                        if p in waiting
                        else f"card {plays[p].next_card()} of {len(plays[p].deal.dealt)} is next"
                    )
                )
            outcome.summary.append("The ranking and the awards wait until every player has finished.")
            data["ranking"] = None
            return outcome
        return award(self, ctx, evaluations, outcome, data)

    def rank(self, ctx: Context, scores: dict[str, Fraction]) -> tuple[list[Placing], list[str]]:
        """Best score first; equal scores in the order of one seeded draw of all players, shown."""
        return rank_players(ctx, scores)
