"""The steps that move a season along, as pure rules: each takes the season as read and returns what changes
(a Matches row, Ledger entries), or Refused with one sentence naming the fix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from hostkit.core.ledger import Balance, Entry, Payout
from hostkit.core.players import player_key
from hostkit.core.season import DEATH, MAIN, OVER, PLAYING, SET, Played, Refused, Season, Step
from hostkit.core.words import plural

SAVE_REASON = "spent a Token of Life to leave the elimination candidates"
DODGE_REASON = "dodged the Death Match"
DM_PAYOUT_REASON = "the Death Match payout of the Main Match before it"


def _listed(players: Sequence[str]) -> str:
    return ", ".join(players) if players else "nobody"


def _option(workbook: str) -> str:
    """The option naming a match's workbook as the Matches tab holds it: an .xlsx path or a Google Sheet's key."""
    if not workbook:
        return "--book FILE"
    return f"--book {workbook}" if workbook.casefold().endswith(".xlsx") else f"--sheet {workbook}"


def next_step(season: Season, where: str, season_option: str) -> str:
    """What the season waits for and the command to run, in one sentence."""
    step = season.step()
    playing = season.playing()
    if step is Step.OVER:
        if len(playing) == 1:
            return f"The season is over: {playing[0]} is the winner."
        return f"The season is over: {_listed(playing)} are the last players in."
    last = season.last()
    if step is Step.PLAYING and last is not None:
        return f"{last.name} is under way: when it ends, run `hostkit standings {_option(last.workbook)}`."
    if step is Step.DM_PENDING:
        danger = season.in_danger()
        return (
            f"Death Match pending: ECs {_listed(danger)}; spend a Token of Life with `hostkit season tol {where} "
            f"--player NAME`, or run `hostkit season dm {where} --players {danger[0]},OPPONENT`."
        )
    if step is Step.DM_SET and last is not None:
        return (
            f"{last.name} is set ({' v '.join(last.players)}): start it with `hostkit new GAME --book dm.xlsx "
            f"{season_option}` (a two-player game: hap-and-grab, hap-tac-toe or when-stars-align)."
        )
    number = season.numbered(MAIN)
    return (
        f"Start Main Match {number} with the {len(playing)} players still in: `hostkit new GAME --book "
        f"main-{number}.xlsx {season_option}`."
    )


def start(
    season: Season, game: str, two_player: bool, players: Sequence[str] | None, where: str = "--book SEASON"
) -> tuple[str, list[str]]:
    """A new match's name in the season and its players (the players still in, or those given, each checked;
    a Death Match's pair as `season dm` set it); Refused when the season is not at this step. `where` names
    the season workbook in the commands a refusal suggests."""
    step = season.step()
    if step is Step.OVER:
        raise Refused(f"{season.name} is over; {next_step(season, '', '').split(': ', 1)[1]}")
    if step is Step.PLAYING:
        last = season.last()
        assert last is not None
        raise Refused(
            f"{last.name} is still under way; run its standings (`hostkit standings {_option(last.workbook)}`) "
            f"before starting another match."
        )
    if two_player:
        last = season.last()
        if step is not Step.DM_SET or last is None:
            raise Refused(
                f"No Death Match is set: set its pair first with `hostkit season dm {where} --players A,B` (after a Main "
                "Match with elimination candidates)."
            )
        if players is not None and {player_key(p) for p in players} != {player_key(p) for p in last.players}:
            raise Refused(
                f"{last.name} is set for {' v '.join(last.players)}, not {' v '.join(players)}; leave out --players "
                f"or give that pair."
            )
        return last.name, list(last.players)
    if step is Step.DM_PENDING:
        raise Refused(
            f"A Death Match is pending for {_listed(season.in_danger())}; set it with `hostkit season dm {where} --players "
            f"A,B` and play it before the next Main Match."
        )
    if step is Step.DM_SET:
        last = season.last()
        assert last is not None
        raise Refused(f"{last.name} is set but not played; start it with a two-player game before the next Main Match.")
    if players is None:
        chosen = season.playing()
    else:
        chosen = []
        for typed in players:
            name = season.spelled(typed)
            if name is None:
                raise Refused(f"{typed} is not in the season's Cast; check the spelling or add them to the Cast tab.")
            if not season.is_playing(name):
                raise Refused(
                    f"{name} was eliminated in {season.eliminated()[player_key(name)]}; start the match with "
                    f"the players still in ({_listed(season.playing())})."
                )
            chosen.append(name)
    return f"Main Match {season.numbered(MAIN)}", chosen


@dataclass(frozen=True)
class Ended:
    """What a match's final standings record in the season."""

    played: Played
    changed: bool
    extra: tuple[Entry, ...] = ()
    """Entries the season pays on top of the match's own (a Death Match winner's payout)."""
    extra_reasons: frozenset[str] = frozenset()


def main_ended(
    season: Season, played: Played, payout: Payout, decided: bool, dodge_garnets: int, dm_garnets: int
) -> Ended:
    """A Main Match's winners, Tokens of Life and candidates, from what its final result pays; a changed
    result once the season moved past it is refused."""
    tokens: dict[str, int] = {}
    candidates = []
    for entry in payout.due:
        if entry.tokens:
            tokens[entry.player] = tokens.get(entry.player, 0) + entry.tokens
        if entry.candidate > 0:
            candidates.append(entry.player)
    top = max(tokens.values(), default=0)
    ended = replace(
        played,
        state=OVER if decided else PLAYING,
        winners=tuple(p for p, n in tokens.items() if n == top),
        tokens=tuple(sorted(tokens.items(), key=lambda item: -item[1])),
        candidates=tuple(candidates),
        dodge_garnets=dodge_garnets,
        dm_garnets=dm_garnets,
    )
    return _checked(season, played, ended)


def death_ended(season: Season, played: Played, winner: str | None) -> Ended:
    """A Death Match's loser eliminated, and the winner's payout from the Main Match before it."""
    if winner is None:
        return Ended(played, False)
    loser = next(p for p in played.players if player_key(p) != player_key(winner))
    ended = replace(played, state=OVER, winners=(winner,), eliminated=loser)
    before = next((m for m in reversed(season.matches[: _index(season, played)]) if m.kind == MAIN), None)
    garnets = before.dm_garnets if before is not None else 0
    extra = (
        (Entry(played.name, None, winner, garnets=garnets, reason=DM_PAYOUT_REASON, match_id=played.match_id),)
        if garnets
        else ()
    )
    checked = _checked(season, played, ended)
    return replace(checked, extra=extra, extra_reasons=frozenset({DM_PAYOUT_REASON}))


def _index(season: Season, played: Played) -> int:
    return next((i for i, m in enumerate(season.matches) if m.match_id == played.match_id), len(season.matches))


def _checked(season: Season, before: Played, after: Played) -> Ended:
    recorded = season.find(before.match_id) or before
    changed = recorded.row() != after.row()
    if recorded.state != OVER or not changed:
        return Ended(after, changed)
    later = season.matches[_index(season, recorded) + 1 :]
    moved = [f"{m.name} is {'set' if m.state == SET else 'started'}" for m in later]
    moved += [f"{', '.join(recorded.saved)} spent a Token of Life"] if recorded.saved else []
    if moved:
        raise Refused(
            f"{recorded.name}'s result is already recorded in the season and the season has moved on "
            f"({'; '.join(moved)}), so a changed result cannot be taken in; correct the season by hand, or "
            f"undo those steps first."
        )
    return Ended(after, True)


def spend_token(season: Season, balances: dict[str, Balance], player: str) -> tuple[Played, Entry]:
    """A candidate in danger leaves the candidates by spending Tokens of Life (Config tol_per_save)."""
    name = season.spelled(player) or player
    main = season.last()
    cost = season.config["tol_per_save"]
    if season.step() is not Step.DM_PENDING or main is None:
        where = "the Death Match is already set" if season.step() is Step.DM_SET else "no Death Match is pending"
        raise Refused(
            f"{name} cannot spend a Token of Life now: {where}; a ToL saves a candidate only before `season dm`."
        )
    if player_key(name) not in {player_key(p) for p in season.in_danger()}:
        raise Refused(
            f"{name} is not an elimination candidate in danger (candidates: {_listed(season.in_danger())}); "
            f"only a candidate spends a Token of Life."
        )
    held = next((b.tokens for p, b in balances.items() if player_key(p) == player_key(name)), 0)
    if held < cost:
        raise Refused(
            f"{name} holds {plural(held, 'Token of Life', 'Tokens of Life')} and a save costs {cost} (Config "
            f"tol_per_save); {name} stays a candidate."
        )
    entry = Entry(main.name, None, name, tokens=-cost, candidate=-1, reason=SAVE_REASON, match_id=main.match_id)
    return replace(main, saved=(*main.saved, name)), entry


@dataclass(frozen=True)
class DeathMatchSet:
    main: Played
    death: Played
    dodges: tuple[Entry, ...]
    warnings: tuple[str, ...]


def set_death_match(season: Season, balances: dict[str, Balance], pair: Sequence[str]) -> DeathMatchSet:
    """The next Death Match: A a candidate in danger, B a player still in; the other candidates dodge it."""
    step = season.step()
    if step in (Step.DM_SET, Step.PLAYING) and (last := season.last()) is not None and last.kind == DEATH:
        raise Refused(
            f"{last.name} ({' v '.join(last.players)}) is set and not played yet; play it before setting another."
        )
    if step is not Step.DM_PENDING:
        raise Refused("No Death Match is pending: a Main Match's standings must first name candidates in danger.")
    if len(pair) != 2:
        raise Refused(f"A Death Match is for two players, not {len(pair)}; give --players A,B.")
    a, b = (season.spelled(p) or p for p in pair)
    danger = season.in_danger()
    if player_key(a) not in {player_key(p) for p in danger}:
        raise Refused(
            f"{a} is not an elimination candidate in danger (candidates: {_listed(danger)}); A must be one of them."
        )
    if player_key(a) == player_key(b):
        raise Refused(f"{a} cannot face themselves; give another player still in as B.")
    if not season.is_playing(b):
        raise Refused(f"{b} is not a player still in ({_listed(season.playing())}); choose B among them.")
    warnings = []
    tokens = next((x.tokens for p, x in balances.items() if player_key(p) == player_key(b)), 0)
    if tokens > 0:
        said = f"{b} holds {plural(tokens, 'Token of Life', 'Tokens of Life')}"
        if season.config["dm_opponent_with_tol"] == "refuse":
            raise Refused(f"{said}, and Config dm_opponent_with_tol is refuse; choose another opponent.")
        warnings.append(f"Warning: {said}; a Token of Life does not protect from being chosen as the opponent.")
    main = season.last()
    assert main is not None
    dodgers = tuple(p for p in danger if player_key(p) not in {player_key(a), player_key(b)})
    dodges = tuple(
        Entry(main.name, None, p, garnets=main.dodge_garnets, reason=DODGE_REASON, match_id=main.match_id)
        for p in dodgers
        if main.dodge_garnets
    )
    death = Played(f"Death Match {season.numbered(DEATH)}", DEATH, "", (a, b), SET)
    return DeathMatchSet(replace(main, dodgers=dodgers), death, dodges, tuple(warnings))


def joined(
    season: Season, name: str, kind: str, game: str, players: Sequence[str], match_id: str, where: str
) -> Played:
    """The Matches row of a match starting (or joining) the season."""
    last = season.last()
    if kind == DEATH and last is not None and last.state == SET:
        return replace(last, game=game, state=PLAYING, match_id=match_id, workbook=where, players=tuple(players))
    return Played(name, kind, game, tuple(players), PLAYING, match_id=match_id, workbook=where)
