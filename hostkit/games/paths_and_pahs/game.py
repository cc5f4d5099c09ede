"""Paths and PAHs (Main Match, 5 to 16 players; 9 on the sheet): a shifting 6x6 board walked to make PAHs.

Rules: docs/games/paths-and-pahs.md; rulings: that page, Paths and PAHs, and the README's. Every
command resolves the rounds from the start (the board, the starting cards and the submissions), so a fix to
an early round flows into the later ones.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from hostkit.core.game import Context, Demo, Game, Outcome
from hostkit.core.hindsight import HINDSIGHT_TAB, Hindsight
from hostkit.core.ledger import LEDGER_TAB, Entry, ledger_rows, post, read_ledger
from hostkit.core.players import player_key
from hostkit.core.status import GameStatus
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.times import format_span, format_time
from hostkit.core.words import plural, signed
from hostkit.games.paths_and_pahs.garnets import held, other_matches, round_spends, stale
from hostkit.games.paths_and_pahs.match import ENDGAME, PlayerState, deal, new_match
from hostkit.games.paths_and_pahs.messages import TITLE, private_message
from hostkit.games.paths_and_pahs.payout import final_payout
from hostkit.games.paths_and_pahs.pictures import board_png, public_board_rows, publish_opening
from hostkit.games.paths_and_pahs.render import (
    chat_message,
    leaderboard_rows,
    private_messages,
    results_rows,
    round_summary,
    shift_lines,
)
from hostkit.games.paths_and_pahs.rounds import GAME, RoundResult, resolve_round
from hostkit.games.paths_and_pahs.settings import SETTINGS, card_names, rules
from hostkit.games.paths_and_pahs.standings import Standings, and_list, rank_players
from hostkit.games.paths_and_pahs.status import match_status
from hostkit.games.paths_and_pahs.tabs import (
    DRAWS_TAB,
    HEADERS,
    LEADERBOARD_TAB,
    OPENING_BOARD_TAB,
    STARTING_TAB,
    RoundTimes,
    Withholding,
    board_cells,
    board_tab,
    has_cards,
    laid_board,
    read_board,
    read_rounds,
    read_starting,
    read_submissions,
    record_draws,
    results_tab,
    round_name,
    typed_board,
)


@dataclass
class Played:
    """Rounds 1..upto resolved, the problems found reading them, and the Ledger with this match's purchases."""

    results: list[RoundResult]
    problems: list[Problem]
    ledger: list[Entry]
    spends: list[Entry] = field(default_factory=list)

    @property
    def players(self) -> dict[str, PlayerState]:
        return dict(self.results[-1].match.players)


class PathsAndPahs(Withholding, Game):
    name = GAME
    title = TITLE
    rule_sheet = "002_40f9e284857a4163.txt"
    min_players = 5
    max_players = 16
    settings = SETTINGS
    public_tabs = (LEADERBOARD_TAB, OPENING_BOARD_TAB, "Board after Round *", HINDSIGHT_TAB)
    first_steps = (
        "`hostkit board --round 1` (lay the board) and `hostkit deal --round 1` (starting cards), then type "
        "each round's Opens time in Rounds."
    )

    def demo(self) -> Demo:
        from hostkit.games.paths_and_pahs.demo import demo_book

        return demo_book(self)

    def round_closes(self, tables: Tables, round_number: int) -> dt.datetime | None:
        times = read_rounds(tables, self.context(tables)).get(round_number)
        return times.closes if times is not None else None

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        raise BookError(
            "Paths and PAHs has no live phase to take back: actions come in the Submissions tab; delete the row "
            "there (or type yes in its Handled column) and run `hostkit score --round N` again."
        )

    # ---- the opening: board and starting cards

    def board(
        self,
        tables: Tables,
        round_number: int | None,
        seed: int | None = None,
        force: bool = False,
        *,
        now: dt.datetime,
    ) -> Outcome:
        """Lay the seeded board (or check the typed one); publish it as Opening Board once round 1 has opened,
        as the rule sheet reveals it then."""
        round_number = self.round_needed(round_number)
        ctx = self.context(tables)
        names = card_names(ctx)
        if round_number != 1:
            raise BookError(
                f"The board is laid once, for round 1; later boards come from the shifts: `hostkit score "
                f"--round {round_number - 1}` draws the board after round {round_number - 1}."
            )
        grid, problems = board_cells(tables)
        outcome = Outcome(problems=list(ctx.problems) + problems)
        if has_cards(grid) and not force:
            board = typed_board(ctx, grid, names, problems, outcome)
            if board is None:
                return outcome
            label = None
        else:
            used = ctx.config["seed"] if seed is None else seed
            label = f"{used}:board"
            board = laid_board(tables, used, label, names, outcome)
        publish_opening(tables, ctx, board, outcome, now)
        outcome.data = {"round": 1, "seed": label, "board": board.as_json(names)}
        outcome.image = lambda: board_png(board, {}, {}, f"{TITLE}: the board as round 1 opens")
        return outcome

    def deal(self, tables: Tables, round_number: int, now: dt.datetime, force: bool = False) -> Outcome:
        """Every player's two starting cards (seeded per player), host-only, and one private message each."""
        ctx = self.context(tables)
        names = card_names(ctx)
        if round_number != 1:
            raise BookError("Starting cards are dealt once, before round 1: run `hostkit deal --round 1`.")
        seed = ctx.config["seed"]
        dealt = deal(seed, ctx.roster.names)
        rows = [[p, names.format(a), names.format(b)] for p, (a, b) in dealt.items()]
        table = tables.require(STARTING_TAB)
        typed = [[str(c or "").strip().casefold() for c in r[:3]] for r in table.filled_rows()]
        if typed and typed != [[str(c).casefold() for c in r] for r in rows] and not force:
            raise BookError(
                f"{STARTING_TAB} already holds starting cards that are not this seed's deal; they stand. "
                f"Pass --force to replace them with the seeded deal."
            )
        outcome = Outcome(problems=list(ctx.problems))
        outcome.writes[STARTING_TAB] = [list(HEADERS[STARTING_TAB])] + rows
        outcome.writes[DRAWS_TAB] = record_draws(
            tables, "deal", [["deal", 1, f"{seed}:starting:{player_key(p)}", f"{p}: {a}, {b}"] for p, a, b in rows]
        )
        outcome.private = {
            p: private_message(PlayerState(p, cards, frozenset(cards)), 0, names) for p, cards in dealt.items()
        }
        outcome.summary.append(
            f"Dealt two starting cards to each of {plural(len(rows), 'player')} (seeds "
            f"{seed}:starting:<player>), written to {STARTING_TAB}: host only, never share it. "
            f"Next: type round 1's Opens time in Rounds."
        )
        outcome.data = {"round": 1, "starting": {p: [a, b] for p, a, b in rows}}
        return outcome

    # ---- rounds

    def _play(self, tables: Tables, ctx: Context, upto: int) -> Played:
        """Rounds 1..upto resolved in order, each spending garnets through the ledger."""
        names, rule = card_names(ctx), rules(ctx)
        rounds = read_rounds(tables, ctx)
        missing = [n for n in range(1, upto + 1) if n not in rounds]
        if missing:
            raise BookError(f"Rounds has no Opens time for {round_name(missing[0])}; type when it opened.")
        starting, problems = read_starting(tables, ctx, names)
        match = new_match(read_board(tables, names), starting)
        existing, ledger_problems = read_ledger(tables)
        name, match_id = self.match_name(ctx), self.match_id(ctx)
        ledger = other_matches(existing, match_id)
        funded = len(ledger)
        results: list[RoundResult] = []
        for number in range(1, upto + 1):
            subs, found = read_submissions(tables, ctx, rounds, number)
            problems += found
            times = rounds[number]
            result = resolve_round(
                match,
                number,
                subs,
                times.closes,
                held(ledger, ctx.roster.names),
                rules=rule,
                names=names,
                tz=ctx.config.tz,
                opens=times.opens,
            )
            problems += round_spends(ledger, name, match_id, result, rule)
            results.append(result)
            match = result.match
        problems = list(dict.fromkeys(problems + ledger_problems))
        return Played(results, problems, existing, ledger[funded:])

    def _scored(self, tables: Tables) -> list[int]:
        return [n for n in range(1, ENDGAME + 1) if results_tab(n) in tables]

    def _marks(self, ctx: Context) -> dict[str, str]:
        return ctx.roster.initials() or {p: p for p in ctx.roster.names}

    def _standings(self, ctx: Context, played: Played) -> Standings:
        return rank_players(played.players.values(), ctx.config["seed"], rules(ctx))

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx = self.context(tables)
        if not 1 <= round_number <= ENDGAME:
            raise BookError(
                f"Round {round_number} is not a round of this match: rounds 1–{ENDGAME - 1}, then "
                f"{ENDGAME}, the endgame."
            )
        outcome = Outcome(problems=list(ctx.problems))
        rounds = read_rounds(tables, ctx)
        times = rounds.get(round_number)
        if times is None:
            raise BookError(f"Rounds has no Opens time for {round_name(round_number)}; type when it opened.")
        if now < times.closes:
            outcome.problems.append(_not_closed(round_number, times, now, ctx.config.tz))
            return outcome
        again = [n for n in self._scored(tables) if n > round_number and n in rounds and rounds[n].closes <= now]
        upto = max([round_number, *again])
        played = self._play(tables, ctx, upto)
        outcome.problems += played.problems
        names, marks = card_names(ctx), self._marks(ctx)
        added = self._write_played(tables, ctx, played, upto, outcome)
        result = played.results[round_number - 1]
        outcome.summary += round_summary(result, names)
        outcome.summary += [
            f"Ledger: {e.player} {signed(e.garnets, 'garnet')} ({e.reason}, round {e.round})." for e in added
        ]
        outcome.private = private_messages(result, names)
        outcome.message = chat_message(result, result.round == ENDGAME or ctx.config["public_points"] == "yes")
        outcome.summary += _written_lines(upto, again, bool(added))
        outcome.data = result.as_json(names)
        title = f"{TITLE}: the board after {round_name(min(round_number, ENDGAME - 1))}"
        outcome.image = lambda: board_png(result.board, result.match.players, marks, title)
        return outcome

    def _write_played(self, tables: Tables, ctx: Context, played: Played, upto: int, outcome: Outcome) -> list[Entry]:
        """The tabs of every round played up to `upto`: results, public boards, the leaderboard (final after the
        endgame) and the purchases new to the ledger, which it returns."""
        names, marks = card_names(ctx), self._marks(ctx)
        for result in played.results:
            outcome.writes[results_tab(result.round)] = results_rows(result, names, ctx.config.tz)
            if result.round < ENDGAME:
                outcome.writes[board_tab(result.round)] = public_board_rows(
                    result.board,
                    result.match.players,
                    marks,
                    f"The board after round {result.round}",
                    shift_lines(result),
                )
        final = upto == ENDGAME
        outcome.writes[LEADERBOARD_TAB] = leaderboard_rows(
            played.players, self._standings(ctx, played) if final else None, ctx.config["public_points"] == "yes"
        )
        _, added = post(played.ledger, played.spends)
        if added:
            outcome.writes[LEDGER_TAB] = ledger_rows(added, tables.get(LEDGER_TAB))
        outcome.problems += stale(played.ledger, played.spends, self.match_id(ctx), range(1, upto + 1))
        return added

    # ---- the end

    def hindsight(self, tables: Tables) -> Hindsight:
        from hostkit.games.paths_and_pahs.hindsight import hindsight

        ctx = self.context(tables)
        scored = self._scored(tables)
        if not scored:
            raise BookError("No round is scored yet, so there is nothing to explain; run `hostkit score --round 1`.")
        played = self._play(tables, ctx, max(scored))
        return hindsight(played.results, rules(ctx), card_names(ctx), self._marks(ctx))

    def standings(self, tables: Tables) -> Outcome:
        ctx = self.context(tables)
        scored = self._scored(tables)
        if not scored:
            raise BookError("No round is scored yet; run `hostkit score --round 1` once round 1 has closed.")
        upto = max(scored)
        played = self._play(tables, ctx, upto)
        standing = self._standings(ctx, played)
        final = upto == ENDGAME
        outcome = Outcome(problems=list(ctx.problems) + played.problems)
        outcome.writes[LEADERBOARD_TAB] = leaderboard_rows(
            played.players, standing if final else None, ctx.config["public_points"] == "yes"
        )
        seed = ctx.config["seed"]
        outcome.writes[DRAWS_TAB] = record_draws(
            tables,
            "standings",
            [
                [
                    "standings",
                    upto,
                    ":".join(str(x) for x in (seed, *d.labels)),
                    f"{', '.join(d.tied)} tied; drawn order {', '.join(d.order)}",
                ]
                for d in standing.draws
            ],
        )
        heading = "Final standings" if final else f"Standings after {round_name(upto)} (provisional)"
        outcome.summary.append(f"{heading}:")
        outcome.summary += [
            f"  {p.rank}. {p.player}: {p.reason}"
            if final
            else f"  {p.rank}. {p.player}: {plural(p.points, 'point')}, {plural(p.pahs, 'PAH')} "
            f"({p.pahs_with_starting} with a starting card)"
            for p in standing.places
        ]
        if final:
            outcome.payout = final_payout(self.match_name(ctx), self.match_id(ctx), standing)
        else:
            outcome.summary.append(
                f"The ToL and the EC wait for the endgame: `hostkit score --round {ENDGAME}` once "
                f"it closes, then `hostkit standings` again."
            )
        outcome.summary.append(f"Written: {LEADERBOARD_TAB} (public), {DRAWS_TAB} (host only).")
        outcome.data = {"final": final, "after_round": upto, **standing.as_json()}
        return outcome

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        return match_status(self.context(tables), tables, now)


def _not_closed(round_number: int, times: RoundTimes, now: dt.datetime, tz: dt.tzinfo) -> Problem:
    """Why a round that has not closed is not scored yet."""
    when = (
        f"has not opened yet: it opens at {format_time(times.opens, tz)}"
        if now < times.opens
        else f"is still open: {format_span(times.closes - now)} left"
    )
    return Problem(
        "Rounds",
        times.row,
        f"{round_name(round_number)} {when} (it closes at {format_time(times.closes, tz)}). Score it after that; "
        f"nothing was scored.",
    )


def _written_lines(upto: int, again: list[int], posted: bool) -> list[str]:
    """What scoring up to round `upto` wrote, the later rounds resolved again, and the next step."""
    written = [results_tab(n) for n in range(1, upto + 1)]
    boards = [board_tab(n) for n in range(1, min(upto, ENDGAME - 1) + 1)]
    lines = [
        f"Written: {', '.join(written)} (host only); {', '.join(boards + [LEADERBOARD_TAB])} "
        f"(public)" + (f"; {LEDGER_TAB}" if posted else "") + "."
    ]
    if again:
        later = and_list([round_name(n) for n in again])
        lines.append(
            f"Scored before, {later} {'is' if len(again) == 1 else 'are'} resolved again with "
            f"it (their tabs are rewritten)."
        )
    lines.append(
        "Next: `hostkit standings`."
        if upto == ENDGAME
        else f"Next: `hostkit score --round {upto + 1}` once {round_name(upto + 1)} closes."
    )
    return lines
