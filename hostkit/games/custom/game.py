"""A custom game (2 to 16 players): rounds of answers judged by a key or by the host, with the penalties, turn
order, Threshold and payout the host writes in Config.

Rules: docs/games/custom.md.
"""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Context, Demo, Game, LazyData, Outcome
from hostkit.core.hindsight import HINDSIGHT_TAB, Hindsight
from hostkit.core.status import GameStatus
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.times import format_span, format_time
from hostkit.core.words import plural
from hostkit.games.custom.render import (
    as_json,
    chat_message,
    final_lines,
    leaderboard_rows,
    results_rows,
    summary,
    table_text,
    totals_of,
)
from hostkit.games.custom.scoring import Scored, score_round
from hostkit.games.custom.settings import SETTINGS
from hostkit.games.custom.standings import Final, final_result, match_payout
from hostkit.games.custom.tabs import LEADERBOARD_TAB, ROUNDS_TAB, Schedule, read_schedule, results_tab


class CustomGame(Game):
    name = "custom"
    title = "Custom game"
    rule_sheet = "Config"
    """The rules are the Config settings the host writes (docs/games/custom.md), not a rule sheet."""
    min_players = 2
    max_players = 16
    settings = SETTINGS
    public_tabs = (LEADERBOARD_TAB, "Round * Results", HINDSIGHT_TAB)
    first_steps = (
        "fill in each round's Opens and Closes times in Rounds and its answers in Answers, then `hostkit score "
        "--round 1` once the round closes."
    )

    def demo(self) -> Demo:
        from hostkit.games.custom.demo import demo_book

        return demo_book(self)

    def match_name(self, ctx: Context) -> str:
        if not ctx.config["match"] and ctx.config["title"] != type(self).title:
            named = ctx.config["title"]
            return f"{named}: {' v '.join(ctx.roster.names)}" if len(ctx.roster.names) == 2 else named
        return super().match_name(ctx)

    def _schedule(self, tables: Tables, round_number: int) -> tuple[Context, Schedule]:
        ctx = self.context(tables)
        schedule = read_schedule(tables, ctx)
        if round_number not in schedule.listed:
            listed = ", ".join(map(str, schedule.listed)) or "none"
            raise BookError(
                f"Round {round_number} is not in the Rounds tab (its rounds: {listed}); add a row for it, or give "
                f"--round one of those."
            )
        return ctx, schedule

    def round_closes(self, tables: Tables, round_number: int) -> dt.datetime | None:
        ctx, schedule = self._schedule(tables, round_number)
        return score_round(tables, ctx, round_number, schedule)[0].closes

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx, schedule = self._schedule(tables, round_number)
        scored, problems = score_round(tables, ctx, round_number, schedule)
        outcome = Outcome(problems=list(ctx.problems) + problems)
        refused = _not_yet(scored, now, ctx)
        if refused:
            outcome.problems.insert(0, Problem(ROUNDS_TAB, scored.plan.row, refused))
            return outcome
        others = [s for s in self._scored_rounds(tables, ctx, schedule) if s.number != round_number]
        rounds = sorted([*others, scored], key=lambda s: s.number)
        outcome.writes[results_tab(round_number)] = results_rows(scored, ctx)
        outcome.writes[LEADERBOARD_TAB] = leaderboard_rows(ctx, rounds, None, tie_winner(ctx))
        outcome.summary += summary(scored, ctx)
        if scored.closes is None:
            outcome.summary.append(
                f"Round {round_number} has no Closes time: scored the answers sent so far; type its Closes time to end it."
            )
        outcome.message = chat_message(scored, ctx, ctx.config["title"])
        outcome.data = LazyData(lambda: as_json(scored, ctx))
        return outcome

    def _scored_rounds(self, tables: Tables, ctx: Context, schedule: Schedule) -> list[Scored]:
        """Every round that has been scored (its Results tab is written), judged again from the workbook."""
        return [
            score_round(tables, ctx, n, schedule)[0]
            for n in schedule.listed
            if results_tab(n) in tables and n in schedule.plans
        ]

    def standings(self, tables: Tables) -> Outcome:
        """The Leaderboard over the scored rounds; once every round is scored and judged, what the result pays."""
        ctx = self.context(tables)
        schedule = read_schedule(tables, ctx)
        rounds = self._scored_rounds(tables, ctx, schedule)
        unscored = [n for n in schedule.listed if n not in {s.number for s in rounds}]
        waiting = sum(s.waiting() for s in rounds)
        final_ = not unscored and not waiting and bool(rounds)
        totals = totals_of(ctx, rounds)
        config = ctx.config
        garnets = [int(n) for n in str(config["garnets"]).split()]
        final = final_result(totals, garnets, config["tol_threshold"], config["candidates"], tie_winner(ctx))
        outcome = Outcome(problems=list(ctx.problems) + _tie_winner_problem(ctx))
        outcome.writes[LEADERBOARD_TAB] = leaderboard_rows(ctx, rounds, final if final_ else None, tie_winner(ctx))
        for s in rounds:
            outcome.writes[results_tab(s.number)] = results_rows(s, ctx)
        outcome.summary += table_text(outcome.writes[LEADERBOARD_TAB])
        if final_:
            outcome.summary += final_lines(final, totals)
            match, match_id = self.match_name(ctx), self.match_id(ctx)
            payout = match_payout(match, match_id, ctx.roster.names, final, config["tol_threshold"])
            outcome.payout = payout
        else:
            outcome.summary.append(_not_final(unscored, waiting))
        outcome.data = _standings_data(ctx, totals, final, final_)
        return outcome

    def hindsight(self, tables: Tables) -> Hindsight:
        from hostkit.games.custom.hindsight import hindsight

        ctx = self.context(tables)
        schedule = read_schedule(tables, ctx)
        return hindsight(self._scored_rounds(tables, ctx, schedule), ctx)

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        raise BookError(
            f"{self.title} has no live decision to take back: fix or delete the row in Submissions (or its "
            f"Verdict), then run `hostkit score --round {round_number or 'N'}` again."
        )

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        from hostkit.games.custom.status import match_status

        ctx = self.context(tables)
        return match_status(tables, ctx, read_schedule(tables, ctx), now)


def _not_yet(scored: Scored, now: dt.datetime, ctx: Context) -> str:
    """Why the round cannot be scored yet (it has not opened, or is still open); blank when it can."""
    tz, plan = ctx.config.tz, scored.plan
    if now < plan.opens:
        return (
            f"round {plan.number} has not opened yet: it opens at {format_time(plan.opens, tz)} "
            f"({format_span(plan.opens - now)} from now). Nothing was scored."
        )
    if scored.closes is not None and now < scored.closes:
        return (
            f"round {plan.number} is still open: {format_span(scored.closes - now)} left (it closes at "
            f"{format_time(scored.closes, tz)}). Score it after that; nothing was scored."
        )
    return ""


def tie_winner(ctx: Context) -> str:
    """Config tie_winner as the Players tab spells it ('' when blank or not a player)."""
    return ctx.roster.match(ctx.config["tie_winner"]) or "" if ctx.config["tie_winner"] else ""


def _tie_winner_problem(ctx: Context) -> list[Problem]:
    typed = ctx.config["tie_winner"]
    if typed and ctx.roster.match(typed) is None:
        return [
            Problem("Config", None, f"tie_winner {typed!r} is not a player; type a name from Players, or blank it.")
        ]
    return []


def _not_final(unscored: list[int], waiting: int) -> str:
    if unscored:
        return f"Not final: round {', '.join(map(str, unscored))} not scored yet; nothing is paid until every round is."
    if waiting:
        waits = "waits" if waiting == 1 else "wait"
        return f"Not final: {plural(waiting, 'answer')} {waits} for your Verdict; type it and score the round again."
    return "Not final: no round is scored yet."


def _standings_data(ctx: Context, totals: dict[str, int], final: Final, final_: bool) -> dict:
    players = {
        p: {
            "points": totals[p],
            "rank": final.ranks[p],
            "garnets": final.garnets.get(p, 0) if final_ else 0,
            "tokens_of_life": int(final_ and final.tokens is not None and p in final.tokens.winners),
            "candidate": final_ and p in final.candidates,
        }
        for p in ctx.roster.names
    }
    return {"players": players, "winner": final.winner if final_ else None, "final": final_}
