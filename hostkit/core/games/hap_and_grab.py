"""Hap and Grab (Death Match, 2 players): anti-haps race for turns, then Tobago treasure drafting.

Rule sheet: seeds/000_8acb406e1f75c262.txt; rulings: RULINGS.md, Hap and Grab.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Sequence

from hostkit.core.anti_hap import (
    FACES,
    Answer,
    Board,
    Submission,
    TurnOrder,
    Verdict,
    board_warnings,
    closing_time,
    earned_turns,
    generate_board,
    judge,
)
from hostkit.core.cards import Card
from hostkit.core.game import Context, Game, Outcome, Prompt
from hostkit.core.ledger import Entry
from hostkit.core.match_result import MatchResult, RoundTally, settle_match, tally_round
from hostkit.core.rng import rng
from hostkit.core.stamped import RoundClock, read_stamped
from hostkit.core.settings import Setting, integer, text, whole_number
from hostkit.core.tables import BookError, Cell, Problem, Rows, Tables, is_blank
from hostkit.core.times import format_span, format_time, parse_time
from hostkit.core.tobago import (
    Choice,
    Deal,
    Dealt,
    DeckRecipe,
    Rejected,
    Tobago,
    deal,
    parse_choice,
    parse_treasure,
    shuffled_deck,
)
from hostkit.core.words import plural, spans

ROUNDS_TAB = "Rounds"
BOARD_TAB = "Board"
SUBMISSIONS_TAB = "Submissions"
DRAWS_TAB = "Draws"
LEADERBOARD_TAB = "Leaderboard"
BOARD_HEADER = ["Round", "Label", "Background", "Shape", "Colour"]
DRAWS_HEADER = ["Command", "Round", "Seed", "Drawn"]
DECISIONS_TAB = "Decisions"
DECISIONS_HEADER = ["Round", "Card", "Player", "Decision"]
PEEKS_TAB = "Peeks"
PEEKS_HEADER = ["Round", "Player", "Card", "Deck position"]
PILE_TAB = "Pile"
PILE_HEADER = ["Round", "Reveal", "Card", "Deck position", "Peeked by"]
UNSEEN = "unseen"
WIN_REASON = "won the Death Match"


def results_tab(round_number: int) -> str:
    return f"Round {round_number} Results"


@dataclass(frozen=True)
class RoundPlan:
    number: int
    row: int
    opens: dt.datetime


@dataclass(frozen=True)
class Part1:
    """A round's Part 1 judged: the answers, the turn order, and when it closed."""

    round: RoundPlan
    board: Board
    answers: tuple[Answer, ...]
    turns: TurnOrder
    closes: dt.datetime

    def found(self) -> int:
        """How many anti-haps were found."""
        return sum(a.verdict is Verdict.CORRECT for a in self.answers)


@dataclass(frozen=True)
class Part2:
    """A round's Part 2 replayed from the Decisions tab: the game as it stands and where the replay stopped."""

    round: int
    game: Tobago
    decisions: int
    rejection: Problem | None
    problems: tuple[Problem, ...]

    def is_shown(self) -> bool:
        """Whether the reveals may be published: the host has recorded a decision, or none was ever needed."""
        return self.decisions > 0 or self.game.is_over()

    def reported(self) -> list[Problem]:
        """The problems found replaying it, the rejected decision last."""
        return list(self.problems) + ([self.rejection] if self.rejection else [])


class HapAndGrab(Game):
    name = "hap-and-grab"
    title = "Hap and Grab"
    rule_sheet = "000_8acb406e1f75c262.txt"
    min_players = 2
    max_players = 2
    settings = (
        Setting("tie_winner", "", "The player who wins a tied match (the rule sheet's Joker).", text),
        Setting("rounds", 4, "Rounds in the match.", integer(1, 20)),
        Setting("part1_minutes", 8, "Minutes Part 1 stays open after the round's Opens time.", integer(1, 600)),
        Setting("board_min_cards", 8, "Fewest cards on a generated or checked board.", integer(3, 27)),
        Setting("board_max_cards", 11, "Most cards on a generated or checked board (at most 26 labels A–Z).", integer(3, 26)),
        Setting("skulls", 3, "Skull cards in the treasure deck.", integer(0, 100)),
        Setting("sevens", 7, "7-treasure cards in the treasure deck.", integer(0, 100)),
        Setting("each_of_3_to_6", 10, "Cards of each of the treasures 3, 4, 5 and 6 in the deck.", integer(0, 100)),
        Setting("skull_value", -3, "Treasure a skull is worth.", integer(-100, 0)),
        Setting("winner_garnets", 6, "Garnets paid to the match winner.", integer(0, 1000)),
    )
    public_tabs = (LEADERBOARD_TAB, "Round * Results")
    first_steps = "fill in each round's Opens time in Rounds, then `hostkit board --round 1`."

    # ---- reading the workbook

    def _rounds(self, tables: Tables, ctx: Context) -> dict[int, RoundPlan]:
        table = tables.require(ROUNDS_TAB)
        plans: dict[int, RoundPlan] = {}
        for record in table.records("Round", "Opens"):
            try:
                number = int(record["Round"])  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise BookError(f"Rounds row {record.row}: round {record['Round']!r} is not a whole number; fix it.") from None
            if is_blank(record["Opens"]):
                continue
            try:
                opens = parse_time(record["Opens"], ctx.config.tz, ctx.config["date_order"])
            except ValueError as error:
                raise BookError(f"Rounds row {record.row}: Opens {record['Opens']!r} {error}.") from None
            plans[number] = RoundPlan(number, record.row, opens)
        return plans

    def _board(self, tables: Tables, round_number: int) -> tuple[Board, list[str]]:
        table = tables.require(BOARD_TAB)
        cards: dict[str, Card] = {}
        problems: list[str] = []
        for record in table.records(*BOARD_HEADER):
            if not _same_round(record["Round"], round_number):
                continue
            name = record.text("Label").upper()
            where = f"Board row {record.row}"
            if len(name) != 1 or not name.isalpha():
                problems.append(f"{where}: label {record['Label']!r} is not one letter; the card is left out")
                continue
            if name in cards:
                problems.append(f"{where}: label {name} is used twice; this card is left out")
                continue
            try:
                cards[name] = FACES.parse((record["Background"], record["Shape"], record["Colour"]))
            except ValueError as error:
                problems.append(f"{where}: {error}; card {name} is left out until it is fixed")
        return Board(cards), problems

    def _submissions(
        self, tables: Tables, ctx: Context, plans: dict[int, RoundPlan], round_number: int
    ) -> tuple[list[Submission], list[Problem]]:
        def round_at(at: dt.datetime) -> int | None:
            started = [p for p in plans.values() if p.opens <= at]
            return max(started, key=lambda p: p.opens).number if started else None

        clock = RoundClock(ctx.config["rounds"], "round of this match", round_at,
                           "before any round opened (fix the Opens times if they are wrong)")
        table = tables.require(SUBMISSIONS_TAB)
        rows, problems = read_stamped(table, ctx, round_number, clock, ("Answer",), "the row is not scored")
        subs: list[Submission] = []
        opens = plans[round_number].opens
        for row in rows:
            if is_blank(row.record["Answer"]):
                problems.append(Problem(table.name, row.row, f"{row.player}'s answer is blank; nothing to score."))
            elif row.at < opens:
                problems.append(Problem(table.name, row.row, (
                    f"came at {format_time(row.at, ctx.config.tz)}, before round {round_number} opened at "
                    f"{format_time(opens, ctx.config.tz)}; the row is not scored.")))
            else:
                subs.append(Submission(row.row, row.at, row.player, str(row.record["Answer"])))
        return subs, problems

    def part1(self, tables: Tables, ctx: Context, round_number: int) -> tuple[Part1, list[Problem]]:
        """Judge one round's Part 1 from the workbook."""
        plans = self._rounds(tables, ctx)
        if round_number not in plans:
            raise BookError(
                f"Round {round_number} has no Opens time in the Rounds tab; type when Part 1 opened "
                f"(like 2026-11-21 20:00) on its row."
            )
        plan = plans[round_number]
        board, board_problems = self._board(tables, round_number)
        if not board.cards:
            raise BookError(
                f"The Board tab has no cards for round {round_number}; run `hostkit board --round {round_number}` "
                f"or type the board in."
            )
        problems = _board_problems(board, board_problems, ctx, round_number)
        subs, sub_problems = self._submissions(tables, ctx, plans, round_number)
        problems += sub_problems
        limit = plan.opens + dt.timedelta(minutes=ctx.config["part1_minutes"])
        answers = judge(subs, board, limit, ctx.config.tz)
        closes = closing_time(answers, len(board.anti_haps()), limit)
        return Part1(plan, board, tuple(answers), earned_turns(answers, ctx.roster.names), closes), problems

    # ---- commands

    def _judged(self, tables: Tables, round_number: int) -> tuple[Context, Part1, Outcome]:
        """A round command's start: the settings, the round's Part 1 judged, and the problems found so far."""
        ctx = self.context(tables)
        self._check_round(ctx, round_number)
        part, problems = self.part1(tables, ctx, round_number)
        return ctx, part, Outcome(problems=list(ctx.problems) + problems)

    def board(self, tables: Tables, round_number: int, seed: int | None = None, force: bool = False) -> Outcome:
        ctx = self.context(tables)
        outcome = Outcome(problems=list(ctx.problems))
        existing, problems = self._board(tables, round_number)
        if existing.cards and not force:
            warnings = _board_problems(existing, problems, ctx, round_number)
            outcome.problems += warnings
            outcome.summary.append(
                f"Round {round_number} already has a board of {len(existing.cards)} cards with "
                f"{len(existing.anti_haps())} anti-haps; checked it"
                + (", no warnings." if not warnings else f", {len(warnings)} warning(s).")
                + " Use --force to replace it with a generated one."
            )
            outcome.data = {"round": round_number, "seed": None, **existing.as_json()}
            return outcome
        used = ctx.config["seed"] if seed is None else seed
        draw = f"{used}:board:{round_number}"
        board = generate_board(rng(used, "board", round_number), ctx.config["board_min_cards"],
                               ctx.config["board_max_cards"])
        table = tables.require(BOARD_TAB)
        kept = _other_rounds(tables, BOARD_TAB, round_number)
        new = [[round_number, name, *FACES.format(board.cards[name])] for name in sorted(board.cards)]
        outcome.writes[BOARD_TAB] = [table.header or list(BOARD_HEADER)] + _by_round(kept + new)
        drawn = f"{len(board.cards)} cards, {len(board.anti_haps())} anti-haps: " + "; ".join(
            f"{name} {FACES.describe(board.cards[name])}" for name in sorted(board.cards))
        outcome.writes[DRAWS_TAB] = _record_draw(tables, ["board", round_number, draw, drawn])
        outcome.summary.append(
            f"Round {round_number}: generated a board of {len(board.cards)} cards with "
            f"{len(board.anti_haps())} anti-haps (seed {draw}), written to {BOARD_TAB}."
        )
        outcome.data = {"round": round_number, "seed": draw, **board.as_json()}
        return outcome

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx, part, outcome = self._judged(tables, round_number)
        tz = ctx.config.tz
        if now < part.round.opens:
            outcome.problems.append(Problem(ROUNDS_TAB, part.round.row, (
                f"round {round_number} has not opened yet: it opens at {format_time(part.round.opens, tz)} "
                f"({format_span(part.round.opens - now)} from now). Nothing was scored.")))
            return outcome
        if now < part.closes:
            outcome.problems.append(Problem(ROUNDS_TAB, part.round.row, (
                f"round {round_number} is still open: {format_span(part.closes - now)} left "
                f"(Part 1 closes at {format_time(part.closes, tz)}). Score it after that; nothing was scored.")))
            return outcome
        shown = self._shown(tables, ctx, part)
        outcome.writes[results_tab(round_number)] = self._results_rows(part, ctx) + (
            _part2_rows(shown, ctx) if shown else [])
        outcome.writes[LEADERBOARD_TAB] = self._leaderboard(tables, ctx, round_number, part, shown)
        outcome.summary += self._summary(part, ctx)
        outcome.data = self._json(part, ctx)
        if shown is not None:
            outcome.problems += shown.reported()
            outcome.summary += shown.game.story(shown.round, brief=True)
            outcome.data["part2"] = shown.game.as_json()
        return outcome

    # ---- Part 2, Tobago

    def _deck(self, ctx: Context) -> tuple[DeckRecipe, tuple]:
        recipe = DeckRecipe(ctx.config["skulls"], ctx.config["sevens"], ctx.config["each_of_3_to_6"])
        return recipe, shuffled_deck(recipe, rng(ctx.config["seed"], "deck"))

    def _piles(self, tables: Tables) -> dict[int, list[Dealt]]:
        """Each dealt round's reveal pile, in reveal order, from the host-only Pile tab."""
        table = tables.get(PILE_TAB)
        piles: dict[int, list[tuple[int, Dealt]]] = {}
        for record in table.records(*PILE_HEADER) if table else ():
            try:
                number, reveal = _whole(record["Round"], "Round"), _whole(record["Reveal"], "Reveal")
                dealt = Dealt(_whole(record["Deck position"], "Deck position"), parse_treasure(record["Card"]),
                              None if record.text("Peeked by").casefold() in ("", UNSEEN) else record.text("Peeked by"))
            except ValueError as error:
                raise BookError(f"Pile row {record.row}: {error}. `hostkit deal` writes this tab; re-deal the round "
                                f"with --force instead of typing in it.") from None
            piles.setdefault(number, []).append((reveal, dealt))
        return {n: [d for _, d in sorted(cards, key=lambda c: c[0])] for n, cards in piles.items()}

    def _decision_records(self, tables: Tables, round_number: int) -> tuple[list, list[Problem]]:
        table = tables.get(DECISIONS_TAB)
        records, problems = [], []
        for record in table.records(*DECISIONS_HEADER) if table else ():
            try:
                number = _whole(record["Round"], "Round")
            except ValueError as error:
                problems.append(Problem(table.name, record.row, f"{error}; type the round the decision belongs "
                                        f"to. The row is not replayed."))
                continue
            if number == round_number:
                records.append(record)
        return records, problems

    def part2(self, tables: Tables, ctx: Context, part: Part1) -> Part2 | None:
        """Replay a dealt round's Decisions against the rules; None when the round is not dealt."""
        number = part.round.number
        pile = self._piles(tables).get(number)
        if pile is None:
            return None
        records, problems = self._decision_records(tables, number)
        order = part.turns.order
        for p in ctx.roster.names:
            peeks = sum(1 for d in pile if d.peeked_by == p)
            if peeks != order.count(p):
                problems.append(Problem(PILE_TAB, None, (
                    f"round {number} was dealt {peeks} peeks for {p}, but Part 1 now gives {p} "
                    f"{order.count(p)} turns; re-deal with `hostkit deal --round {number} --force`.")))
        game = Tobago(order, [d.card for d in pile], ctx.roster.names, ctx.config["skull_value"],
                      show=lambda o: _order_text(ctx, o))
        rejection = None
        for record in records:
            try:
                game.push(*self._read_decision(record, ctx), row=record.row)
            except Rejected as error:
                rejection = Problem(DECISIONS_TAB, record.row, (
                    f"{error}. The replay stops here: fix or delete this row (the rows after it are not "
                    f"replayed yet)."))
                break
        return Part2(number, game, len(records), rejection, tuple(problems))

    def _shown(self, tables: Tables, ctx: Context, part: Part1) -> Part2 | None:
        """The round's Part 2 once it may be published, else None."""
        part2 = self.part2(tables, ctx, part)
        return part2 if part2 is not None and part2.is_shown() else None

    def _read_decision(self, record: Any, ctx: Context) -> tuple[str, Choice, int | None]:
        player = ctx.roster.match(record["Player"])
        if player is None:
            raise Rejected(f"{record.text('Player')!r} is not a player ({', '.join(ctx.roster.names)})")
        try:
            choice = parse_choice(record["Decision"])
            card = None if is_blank(record["Card"]) else _whole(record["Card"], "Card")
        except ValueError as error:
            raise Rejected(str(error)) from None
        return player, choice, card

    def deal(self, tables: Tables, round_number: int, now: dt.datetime, force: bool = False) -> Outcome:
        """Deal round N's peeks and 3 unseen cards into the reveal pile, from the match's one shuffled deck."""
        ctx, part, outcome = self._judged(tables, round_number)
        if now < part.closes:
            raise BookError(f"Round {round_number}'s Part 1 is still open until "
                            f"{format_time(part.closes, ctx.config.tz)}: the turn order is not final yet. Deal "
                            f"after that.")
        if part.turns.losers():
            raise BookError(f"Round {round_number} has no Part 2: " + "; ".join(
                f"{p} {part.turns.loss_reason(p)}" for p in part.turns.losers()) + ". Run `hostkit standings`.")
        order = part.turns.order
        if not order:
            outcome.summary.append(f"Round {round_number}: nobody earned a turn, so there is nothing to deal.")
            return outcome
        piles = self._piles(tables)
        recipe, deck = self._deck(ctx)
        used = [d.position for n, pile in piles.items() if n < round_number for d in pile]
        dealt = deal(deck, used, order, round_number, rng(ctx.config["seed"], "pile", round_number))
        if piles.get(round_number) != list(dealt.pile):
            later = sorted(n for n in piles if n > round_number)
            if later:
                raise BookError(f"Round {later[0]} is already dealt from the deck after round {round_number}'s "
                                f"cards; dealing round {round_number} differently now would deal some cards twice.")
        records, _ = self._decision_records(tables, round_number)
        if records and round_number in piles and not force:
            raise BookError(f"Round {round_number}'s reveals have started (Decisions rows "
                            f"{', '.join(str(r.row) for r in records)}); its peeks are in the {PEEKS_TAB} tab. "
                            f"Pass --force to deal it again anyway.")
        if dealt.short:
            outcome.problems.append(Problem(PILE_TAB, None, (
                f"round {round_number}: the treasure deck ran out {dealt.short} cards short; the pile holds "
                f"{len(dealt.pile)} cards. Raise the deck counts in Config before the match starts next time.")))
        outcome.writes[PEEKS_TAB] = self._peeks_rows(tables, dealt)
        outcome.writes[PILE_TAB] = self._pile_rows(tables, dealt)
        seed = ctx.config["seed"]
        positions = sorted(d.position for d in dealt.pile)
        held = f", {dealt.skipped} sevens and skulls held back for later rounds" if dealt.skipped else ""
        outcome.writes[DRAWS_TAB] = _record_draw(tables, [
            "deal", round_number, f"{seed}:deck; {seed}:pile:{round_number}",
            f"deck of {recipe.describe()}; this round took deck cards {spans(positions)}{held}; "
            f"pile of {len(dealt.pile)} shuffled (cards in {PILE_TAB}, peeks in {PEEKS_TAB})"])
        outcome.summary += self._deal_messages(dealt, ctx)
        outcome.summary.append(
            f"Round {round_number} dealt: a reveal pile of {len(dealt.pile)} cards ({len(order)} peeked, "
            f"{len(dealt.pile) - len(order)} unseen), seeds {seed}:deck and {seed}:pile:{round_number}. The cards "
            f"are in the host-only tabs {PEEKS_TAB} and {PILE_TAB}: never share them. Next: "
            f"`hostkit play --round {round_number}`.")
        outcome.data = {"round": round_number, "turn_order": list(order),
                        "peeks": {p: [t.value for t in dealt.peeks(p)] for p in ctx.roster.names},
                        "pile_size": len(dealt.pile), "seed": f"{seed}:deck; {seed}:pile:{round_number}"}
        return outcome

    def _deal_messages(self, dealt: Deal, ctx: Context) -> list[str]:
        order = ctx.roster.compact(list(dealt.order))
        lines = []
        for p in ctx.roster.names:
            cards = [t.value for t in dealt.peeks(p)]
            others = [f"{q}'s {plural(len(dealt.peeks(q)), 'peek')}" for q in ctx.roster.names if q != p]
            lines += [f"--- for {p} only (paste in their private channel) ---",
                      f"Hap and Grab round {dealt.round}: the turn order is {order}. You hold "
                      f"{plural(dealt.order.count(p), 'turn')}, so you peek at "
                      f"{plural(len(cards), 'treasure card')}: {', '.join(cards) or 'none'}. They are shuffled "
                      f"with {' and '.join(others)} and {plural(len(dealt.pile) - len(dealt.order), 'unseen card')} "
                      f"into the reveal pile of {len(dealt.pile)}.", ""]
        return lines

    def _peeks_rows(self, tables: Tables, dealt: Deal) -> Rows:
        rows = _other_rounds(tables, PEEKS_TAB, dealt.round)
        for p in dealt.peekers():
            rows += [[dealt.round, p, d.card.value, d.position]
                     for d in sorted(dealt.pile, key=lambda d: d.position) if d.peeked_by == p]
        return [list(PEEKS_HEADER)] + _by_round(rows)

    def _pile_rows(self, tables: Tables, dealt: Deal) -> Rows:
        rows = _other_rounds(tables, PILE_TAB, dealt.round)
        rows += [[dealt.round, i, d.card.value, d.position, d.peeked_by or UNSEEN]
                 for i, d in enumerate(dealt.pile, start=1)]
        return [list(PILE_HEADER)] + _by_round(rows)

    # ---- live play

    def _live(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Context, Part2]:
        if player is not None:
            raise BookError("Hap and Grab's Part 2 takes both players' decisions in one run; leave out --player.")
        ctx = self.context(tables)
        numbers = [round_number] if round_number is not None else sorted(self._piles(tables))
        if round_number is not None:
            self._check_round(ctx, round_number)
        found = None
        for number in numbers:
            part, _ = self.part1(tables, ctx, number)
            found = self.part2(tables, ctx, part)
            if found is None:
                raise BookError(f"Round {number} is not dealt yet; run `hostkit deal --round {number}` first.")
            if round_number is not None or not found.game.is_over():
                break
        if found is None:
            raise BookError("No round is dealt yet; run `hostkit deal --round N` first.")
        if found.rejection is not None:
            raise BookError(f"{found.rejection}")
        return ctx, found

    def next_prompt(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Prompt | None, list[str]]:
        ctx, part2 = self._live(tables, round_number, player)
        game = part2.game
        lines = game.story(part2.round)
        waiting = game.waiting()
        if waiting is None:
            return None, lines + [f"Part 2 of round {part2.round} has ended: {game.ended}.", game.describe_treasure()]
        order = ctx.roster.compact(game.order)
        return Prompt(f"Round {part2.round}, card {waiting.number} is {waiting.card.describe()}; the option is "
                      f"{waiting.player}'s (turn {game.option + 1} of {order}). {waiting.player}: take or pass?",
                      (Choice.TAKE.value, Choice.PASS.value)), lines

    def decide(self, tables: Tables, round_number: int | None, player: str | None, choice: str) -> Outcome:
        ctx, part2 = self._live(tables, round_number, player)
        game = part2.game
        waiting = game.waiting()
        if waiting is None:
            raise BookError(f"Part 2 of round {part2.round} has already ended ({game.ended}); no decision is needed.")
        try:
            step = game.push(waiting.player, parse_choice(choice), waiting.number)
        except (Rejected, ValueError) as error:
            raise BookError(str(error)) from None
        forced = [(r.number, s) for r in game.reveals for s in r.steps if s.forced and s.row is None]
        new = ([[part2.round, n, s.player, s.choice.value] for n, s in forced if n < waiting.number]
               + [[part2.round, waiting.number, waiting.player, step.choice.value]]
               + [[part2.round, n, s.player, s.choice.value] for n, s in forced if n > waiting.number])
        table = tables.get(DECISIONS_TAB)
        header = table.header if table and table.header else list(DECISIONS_HEADER)
        return Outcome(writes={DECISIONS_TAB: [header] + _filled(tables, DECISIONS_TAB) + new}, summary=[step.reason])

    # ---- the match

    def _check_round(self, ctx: Context, round_number: int) -> None:
        if round_number not in range(1, ctx.config["rounds"] + 1):
            raise BookError(f"Round {round_number} is not a round of this match; rounds run 1–{ctx.config['rounds']}.")

    def _tie_winner(self, ctx: Context) -> str | None:
        typed = ctx.config["tie_winner"]
        if is_blank(typed):
            return None
        name = ctx.roster.match(typed)
        if name is None:
            raise BookError(f"Config tie_winner {typed!r} is not a player ({', '.join(ctx.roster.names)}); "
                            f"fix it or leave it blank.")
        return name

    def _rounds_played(self, tables: Tables, ctx: Context, include: tuple[Part1, Part2 | None] | None = None
                       ) -> list[tuple[Part1, Part2 | None]]:
        """Each round scored or dealt so far, with its Part 2 (None until the host records a decision)."""
        piles = self._piles(tables)
        played = []
        for number in range(1, ctx.config["rounds"] + 1):
            if include is not None and include[0].round.number == number:
                played.append(include)
                continue
            if results_tab(number) not in tables and number not in piles:
                continue
            try:
                part, _ = self.part1(tables, ctx, number)
            except BookError:
                continue
            played.append((part, self._shown(tables, ctx, part)))
        return played

    def _match(self, tables: Tables, ctx: Context, include: tuple[Part1, Part2 | None] | None = None
               ) -> tuple[list[RoundTally], MatchResult]:
        tallies = [tally_round(part.round.number, part.turns, part2.game if part2 is not None else None)
                   for part, part2 in self._rounds_played(tables, ctx, include)]
        result = settle_match(ctx.roster.names, tallies, ctx.config["rounds"], self._tie_winner(ctx))
        return tallies, result

    def standings(self, tables: Tables) -> tuple[Outcome, list[Entry]]:
        """The match table, the public Leaderboard, and the ledger entries a final result pays."""
        ctx = self.context(tables)
        tallies, result = self._match(tables, ctx)
        outcome = Outcome(problems=list(ctx.problems))
        for part, part2 in self._rounds_played(tables, ctx):
            if part2 is not None:
                outcome.problems += part2.reported()
        if result.final and result.winner is None:
            outcome.problems.append(Problem("Config", None, result.reason))
        outcome.writes[LEADERBOARD_TAB] = self._leaderboard(tables, ctx, None, None, with_match=True)
        outcome.summary += _table_text(_match_rows(ctx, tallies, result))
        outcome.data = {"players": {p: {"treasure": result.treasure[p], "lost": p in result.lost}
                                    for p in ctx.roster.names},
                        "winner": result.winner, "reason": result.reason, "final": result.final,
                        "rounds": {t.number: {"treasure": t.treasure, "status": t.status} for t in tallies}}
        entries = []
        if result.final and result.winner is not None and ctx.config["winner_garnets"]:
            entries.append(Entry(self.match_name(ctx), None, result.winner, garnets=ctx.config["winner_garnets"],
                                 reason=WIN_REASON))
        return outcome, entries

    # ---- rendering

    def _results_rows(self, part: Part1, ctx: Context) -> Rows:
        tz = ctx.config.tz
        t = part.turns
        rows: Rows = [["Timestamp", "Player", "Cards", "Verdict", "Penalty", "Reason", "Submissions row"]]
        for a in part.answers:
            rows.append([format_time(a.at, tz), a.player, a.shown, a.verdict.value, a.penalty, a.reason, a.row])
        rows += [[], ["Turn order", ctx.roster.compact(list(t.order)), ", ".join(t.order) or "(empty)"]]
        rows += [["Step", step] for step in t.steps]
        rows += [[], ["Player", "Correct", "Penalties", "Turns earned", "Turns", "Lost the match"]]
        for p in ctx.roster.names:
            rows.append([p, t.correct[p], t.penalties[p], t.earned[p], t.turns(p), t.loss_reason(p)])
        rows += [[], ["Anti-haps on the board", len(part.board.anti_haps())], ["Anti-haps found", part.found()],
                 ["Part 1 closed", format_time(part.closes, tz)]]
        return rows

    def _leaderboard(self, tables: Tables, ctx: Context, round_number: int | None, current: Part1 | None,
                     part2: Part2 | None = None, with_match: bool = False) -> Rows:
        rows: Rows = [["Round", "Player", "Correct", "Penalties", "Turns", "Status"]]
        for number in range(1, ctx.config["rounds"] + 1):
            if number == round_number and current is not None:
                part = current
            elif results_tab(number) in tables:
                try:
                    part, _ = self.part1(tables, ctx, number)
                except BookError:
                    continue
            else:
                continue
            for p in ctx.roster.names:
                t = part.turns
                rows.append([number, p, t.correct[p], t.penalties[p], t.turns(p),
                             "lost the match (more penalties than turns)" if t.has_lost(p) else ""])
        tallies, result = self._match(tables, ctx, (current, part2) if current is not None else None)
        if with_match or result.final or any(t.treasure for t in tallies):
            rows += [[]] + _match_rows(ctx, tallies, result)
        return rows

    def _summary(self, part: Part1, ctx: Context) -> list[str]:
        t = part.turns
        lines = [f"Round {part.round.number}: {len(part.answers)} answers judged; "
                 f"{part.found()} of "
                 f"{len(part.board.anti_haps())} anti-haps found."]
        for p in ctx.roster.names:
            lines.append(f"  {p}: {t.correct[p]} correct, {plural(t.penalties[p], 'penalty', 'penalties')}, "
                         f"{plural(t.turns(p), 'turn')}"
                         + (f" - {t.loss_reason(p)}" if t.has_lost(p) else ""))
        lines.append(f"Turn order: {_order_text(ctx, t.order)}")
        lines.append(f"Written: {results_tab(part.round.number)}, {LEADERBOARD_TAB}.")
        return lines

    def _json(self, part: Part1, ctx: Context) -> dict[str, Any]:
        t = part.turns
        return {
            "game": self.name,
            "round": part.round.number,
            "turn_order": list(t.order),
            "players": {p: {"correct": t.correct[p], "penalties": t.penalties[p], "turns": t.turns(p),
                            "lost": t.has_lost(p)} for p in ctx.roster.names},
            "answers": [{"timestamp": a.at.isoformat(), "player": a.player, "row": a.row, "cards": a.shown,
                         "verdict": a.verdict.value, "penalty": a.penalty, "reason": a.reason} for a in part.answers],
            "anti_haps_total": len(part.board.anti_haps()),
            "anti_haps_found": part.found(),
        }


def _order_text(ctx: Context, order: Sequence[str]) -> str:
    return ctx.roster.compact(list(order)) or "(empty)"


def _same_round(cell: Any, round_number: int) -> bool:
    try:
        return int(cell) == round_number
    except (TypeError, ValueError):
        return False


def _by_round(rows: Rows) -> Rows:
    def key(row: list) -> tuple:
        try:
            return (0, int(row[0]), str(row[1]))
        except (TypeError, ValueError, IndexError):
            return (1, 0, "")
    return sorted(rows, key=key)


def _record_draw(tables: Tables, entry: list) -> Rows:
    """The Draws tab with this draw's row replacing any earlier row of the same command and round."""
    rows = [r for r in _filled(tables, DRAWS_TAB) if not (len(r) > 1 and r[0] == entry[0] and _same_round(r[1], entry[1]))]
    return [list(DRAWS_HEADER)] + rows + [entry]


def _whole(cell: Cell, what: str) -> int:
    try:
        return whole_number(cell)
    except ValueError as error:
        shown = "" if cell is None else str(cell).strip()
        raise ValueError(f"{what} {shown!r} {error}") from None


def _filled(tables: Tables, tab: str) -> Rows:
    """A tab's rows that are not wholly blank; none when the tab is missing."""
    table = tables.get(tab)
    return table.filled_rows() if table else []


def _other_rounds(tables: Tables, tab: str, round_number: int) -> Rows:
    return [r for r in _filled(tables, tab) if not _same_round(r[0] if r else None, round_number)]


def _board_problems(board: Board, problems: list[str], ctx: Context, round_number: int) -> list[Problem]:
    """A round's unreadable board rows, then the ways the board breaks the rules."""
    warnings = board_warnings(board, ctx.config["board_min_cards"], ctx.config["board_max_cards"])
    return ([Problem(BOARD_TAB, None, p) for p in problems]
            + [Problem(BOARD_TAB, None, f"round {round_number}: {w}") for w in warnings])


def _part2_rows(part2: Part2, ctx: Context) -> Rows:
    """Part 2 for the public results tab: the revealed cards only, never the rest of the pile or the peeks."""
    game = part2.game
    rows: Rows = [[], ["Part 2 (Tobago)", "Turn order at the start", ctx.roster.compact(list(game.start))],
                  ["Card", "Treasure", "Taken by", "Turn order after", "Decisions"]]
    for r in game.reveals:
        after = "(being decided)" if r.order_after is None else _order_text(ctx, r.order_after)
        taken = r.taken_by or ("" if r.order_after is None else "nobody")
        rows.append([r.number, r.card.value, taken, after, " ".join(step.reason for step in r.steps)])
    waiting = game.waiting()
    rows.append(["Part 2 ended", game.ended] if waiting is None else
                ["Waiting for", waiting.player, f"card {waiting.number} ({waiting.card.describe()})"])
    rows += [[], ["Player", "Treasure this round"]] + [[p, t] for p, t in game.treasure.items()]
    return rows


def _match_rows(ctx: Context, tallies: list[RoundTally], result: MatchResult) -> Rows:
    rounds = range(1, ctx.config["rounds"] + 1)
    by_number = {t.number: t for t in tallies}
    rows: Rows = [["Match", *[f"Round {n}" for n in rounds], "Treasure", "Status"]]
    for p in ctx.roster.names:
        status = ("winner" if p == result.winner else result.lost[p] if p in result.lost
                  else "lost" if result.final and result.winner else "")
        cells = [by_number[n].treasure.get(p, "") if n in by_number else "" for n in rounds]
        rows.append([p, *cells, result.treasure[p], status])
    rows.append(["Result", result.reason])
    return rows


def _table_text(rows: Rows) -> list[str]:
    """Rows as aligned text columns; a row of one or two cells (a note) is not aligned."""
    wide = [r for r in rows if len(r) > 2]
    widths = [max(len(str(r[i])) for r in wide if i < len(r)) for i in range(max(map(len, wide), default=0))]
    return ["  ".join(str(v).ljust(widths[i]) for i, v in enumerate(r)).rstrip() if len(r) > 2
            else ": ".join(str(v) for v in r) for r in rows]
