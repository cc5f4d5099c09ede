"""Matches in a season, without the command line: a match started in the season (`new --season`), and its
final standings recorded there (`standings`), every payout going to the season's Ledger."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from hostkit.core.ledger import Payout
from hostkit.core.players import player_key
from hostkit.core.season import CHOICE_KEY, DEATH, MAIN, OVER, WAITING, Played, Season, Step, listed
from hostkit.core.season_steps import death_ended, joined, main_ended, start
from hostkit.core.settings import CONFIG_TAB, with_setting
from hostkit.core.tables import Rows, Tables
from hostkit.errors import Refused
from hostkit.library._season import SEASON_SETTING, read, season_tabs
from hostkit.library._workbooks import relative, where

if TYPE_CHECKING:
    from hostkit.core.game import Game, Identity, Outcome
    from hostkit.storage.book import Book


OPPONENT_SETTING = {"when-stars-align": "advantage"}
"""The Config key each two-player game's rule sheet gives to the Death Match's opponent (B of `season dm`)."""


def starting(season: Book, game: Game, players: list[str] | None) -> tuple[str, list[str]]:
    """The new match's name and players in the season, or Refused."""
    state, _, _ = read(season)
    return start(state, game.name, _duel(state, game), players, where(season))


def _duel(state: Season, game: Game) -> bool:
    """Whether a match of the game started now is a Death Match: a two-player game's always; a game for two or
    more (custom) while the season's Death Match is set."""
    return game.max_players == 2 or (game.min_players <= 2 and state.step() is Step.DM_SET)


def match_config(config: Rows, season: Book, match: Book, name: str, game: Game) -> Rows:
    """A new match's Config, naming its season (and the season's Ledger), its name and what it pays; a Death
    Match whose sheet favours the opponent names B of its pair (When Stars Align: Config advantage)."""
    config = with_setting(config, SEASON_SETTING, relative(season, match))
    config = with_setting(config, "match", name)
    key = OPPONENT_SETTING.get(game.name)
    last = read(season)[0].last() if key else None
    if key and last is not None and last.name == name and len(last.players) == 2:
        config = with_setting(config, key, last.players[1])
    return config


def left_out(season: Season, players: Sequence[str]) -> str:
    """The sentence naming the players still in whom a Main Match leaves out ('' when it has them all)."""
    keys = {player_key(p) for p in players}
    out = [p for p in season.playing() if player_key(p) not in keys]
    if not out:
        return ""
    return (
        f"Left out of it, though still in the season: {listed(out)} ({len(players)} of {len(season.playing())} play)."
    )


def record_start(
    season: Book, match: Book, game: Game, name: str, players: list[str], match_id: str
) -> tuple[dict[str, Rows], str]:
    """The season's tabs with the started match in its Matches tab, and the sentence that says so (naming the
    players still in whom a Main Match leaves out)."""
    state, tables, entries = read(season)
    kind = DEATH if _duel(state, game) else MAIN
    row = joined(state, name, kind, game.name, players, match_id, relative(match, season))
    after = state.with_match(row)
    out = left_out(state, players) if kind == MAIN else ""
    said = f"{row.name} joined the season in {season.location}: {', '.join(players)}." + (f" {out}" if out else "")
    return season_tabs(after, entries, tables), said


@dataclass
class Ending:
    """A match's final standings as the season will record them: the season after them, the lines saying so,
    whether it changed, what the result pays in the season (under the match's name there, a Death Match's DM
    garnets added) and the match's Config naming its season when the match joins it now."""

    season: Book
    after: Season
    lines: list[str]
    changed: bool
    payout: Payout
    config: Rows | None = None


def ending(
    match: Book, game: Game, tables: Tables, outcome: Outcome, season: Book, identity: Identity | None
) -> Ending | None:
    """Record a final result in the season (None while the result is not final), the outcome only read: a Main
    Match's Tokens of Life and candidates, a Death Match's loser eliminated and winner paid the Main Match's DM
    garnets (added to the payout, so that a correction reverses them too). Refused when it does not fit the
    season."""
    payout = outcome.payout
    if payout is None or identity is None:
        return None
    state, _, _ = read(season)
    played = state.find(identity.id)
    lines: list[str] = []
    config = None
    if played is None:
        roster = list(game.context(tables).roster.names)
        duel = _duel(state, game)
        name, players = start(state, game.name, duel, roster, where(season))
        played = joined(
            state,
            name,
            DEATH if duel else MAIN,
            game.name,
            players,
            identity.id,
            relative(match, season),
        )
        state = state.with_match(played)
        lines.append(f"{played.name} joined the season in {season.location}.")
        config = match_config(_config(tables, outcome), season, match, played.name, game)
        due = tuple(replace(e, match=played.name) for e in payout.due)  # paid under its name in the season
        payout = replace(payout, match=played.name, due=due)
    if played.kind == MAIN:
        ctx = game.context(tables)
        _refuse_eliminated(state, played, ctx.roster.names)
        values = ctx.config.values
        dodge, dm = values.get("dodge_garnets", 0), values.get("dm_garnets", 0)
        # a result naming no candidate waits for one (Cards on the Table's winners' choice), unless none is due
        decided = any(e.candidate > 0 for e in payout.due) or values.get("candidates", 1) == 0
        winners = (outcome.data or {}).get("winners")  # the game's own winners, where its standings name them
        ended = main_ended(state, played, payout, decided, dodge, dm, winners if isinstance(winners, list) else None)
    else:
        winner = (outcome.data or {}).get("winner")
        ended = death_ended(state, played, winner)
        if ended.extra:
            payout = Payout(
                payout.match_id, payout.match, payout.due + ended.extra, payout.reasons | ended.extra_reasons
            )
        elif ended.extra_reasons:
            payout = replace(payout, reasons=payout.reasons | ended.extra_reasons)
    after = state.with_match(ended.played)
    lines += _said(ended.played, ended.changed)
    return Ending(season, after, lines, ended.changed or played.state != OVER, payout, config)


def _refuse_eliminated(season: Season, played: Played, roster: Sequence[str]) -> None:
    """A Main Match's standings pay no eliminated player: one added to its Players by hand is refused."""
    out = season.eliminated()
    named = [f"{p} (out in {out[player_key(p)]})" for p in roster if player_key(p) in out]
    if named:
        raise Refused(
            f"{played.name}'s Players tab names {', '.join(named)}, who {'was' if len(named) == 1 else 'were'} "
            f"eliminated from the season, so its standings are not recorded; delete "
            f"{'that row' if len(named) == 1 else 'those rows'} from Players and run standings again."
        )


def _config(tables: Tables, outcome: Outcome) -> Rows:
    table = tables.require(CONFIG_TAB)
    return outcome.writes.get(CONFIG_TAB) or [table.header, *table.rows]


def _said(played: Played, changed: bool) -> list[str]:
    if played.state == WAITING:
        return [
            f"{played.name} waits for the winners' choice of elimination candidate (Config {CHOICE_KEY}); the "
            "season records its candidate once it is typed."
        ]
    if played.state != OVER:
        return [f"{played.name} is not decided yet; the season records it once it is."]
    if not changed:
        return [f"Already recorded in the season: {played.name}; nothing changed."]
    if played.kind == MAIN:
        tokens = ", ".join(f"{p} {n}" for p, n in played.tokens) or "nobody"
        return [
            f"Recorded in the season: {played.name} won by {', '.join(played.winners) or 'nobody'}; Tokens of Life: "
            f"{tokens}; elimination candidates: {', '.join(played.candidates) or 'none'}."
        ]
    return [f"Recorded in the season: {played.winners[0]} won {played.name}; {played.eliminated} is eliminated."]
