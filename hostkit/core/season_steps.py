"""The steps that move a season along, as pure rules: each takes the season as read and returns what changes
(a Matches row, Ledger entries), or Refused with one sentence naming the fix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from hostkit.core.ledger import REVERSED, Balance, Entry, Payout, describe, settle
from hostkit.core.players import player_key
from hostkit.core.season import (
    DEATH,
    FINAL,
    MAIN,
    OVER,
    PLAYING,
    SET,
    WAITING,
    Played,
    Refused,
    Season,
    Step,
    book_option,
    final_stage_text,
    listed,
    over,
    under_way,
)
from hostkit.core.season import next_step as next_step  # what comes next, in words: kept importable here
from hostkit.core.tables import Problem
from hostkit.core.words import plural

SAVE_REASON = "spent a Token of Life to leave the elimination candidates"
DODGE_REASON = "dodged the Death Match"
DM_PAYOUT_REASON = "the Death Match payout of the Main Match before it"
TAKEN_BACK = "taken back by `hostkit season undo`"


def start(
    season: Season, game: str, two_player: bool, players: Sequence[str] | None, where: str = "--book SEASON"
) -> tuple[str, list[str]]:
    """A new match's name in the season and its players (the players still in, or those given, each checked;
    a two-player match's pair as `season dm` set it); Refused when the season is not at this step. `where` names
    the season workbook in the commands a refusal suggests."""
    step, last = season.step(), season.last()
    if step is Step.OVER:
        raise over(season, "no further match starts")
    if step is Step.PLAYING and last is not None:
        why, fix = under_way(season, last, where)
        raise Refused(f"{last.name} is still under way{' (' + why + ')' if why else ''}; {fix}.")
    if two_player:
        return _pair(season, step, last, players, where)
    if step is Step.DM_PENDING:
        raise Refused(
            f"A Death Match is pending for {listed(season.in_danger())}; set it with `hostkit season dm {where} --players "
            f"A,B` and play it before the next Main Match."
        )
    if step is Step.DM_SET and last is not None:
        raise Refused(f"{last.name} is set but not played; start it with a two-player game before the next Main Match.")
    if step is Step.FINAL:
        raise Refused(f"No Main Match now: {final_stage_text(season, where)}")
    return f"Main Match {season.numbered(MAIN)}", _chosen(season, players)


def _pair(season: Season, step: Step, last: Played | None, players: Sequence[str] | None, where: str):
    if step is not Step.DM_SET or last is None:
        if step is Step.FINAL:
            raise Refused(f"No Final Match is set: {final_stage_text(season, where)}")
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


def _chosen(season: Season, players: Sequence[str] | None) -> list[str]:
    if players is None:
        return season.playing()
    chosen = []
    for typed in players:
        name = season.spelled(typed)
        if name is None:
            raise Refused(
                f"{typed} is not in the season's Cast; check the spelling, or add them with `hostkit season cast "
                f"--add {typed}`."
            )
        if not season.is_playing(name):
            raise Refused(
                f"{name} was eliminated in {season.eliminated()[player_key(name)]}; start the match with "
                f"the players still in ({listed(season.playing())})."
            )
        chosen.append(name)
    return chosen


@dataclass(frozen=True)
class Ended:
    """What a match's final standings record in the season."""

    played: Played
    changed: bool
    extra: tuple[Entry, ...] = ()
    """Entries the season pays on top of the match's own (a Death Match winner's payout)."""
    extra_reasons: frozenset[str] = frozenset()


def main_ended(
    season: Season,
    played: Played,
    payout: Payout,
    decided: bool,
    dodge_garnets: int,
    dm_garnets: int,
    winners: Sequence[str] | None = None,
) -> Ended:
    """A Main Match's winners (the game's own, or else who took the most Tokens of Life), Tokens of Life and
    candidates, from what its final result pays; while no candidate is decided it waits for the winners' choice.
    A changed result once the season moved past it is refused."""
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
        state=OVER if decided else WAITING,
        winners=tuple(winners) if winners is not None else tuple(p for p, n in tokens.items() if n == top),
        tokens=tuple(sorted(tokens.items(), key=lambda item: -item[1])),
        candidates=tuple(candidates),
        dodge_garnets=dodge_garnets,
        dm_garnets=dm_garnets,
    )
    return _checked(season, played, ended)


def death_ended(season: Season, played: Played, winner: str | None) -> Ended:
    """A two-player match's loser eliminated; a Death Match's winner is paid the DM garnets of the Main Match
    before it (a Final Match pays nothing on top of its game)."""
    if winner is None:
        return Ended(played, False)
    loser = next(p for p in played.players if player_key(p) != player_key(winner))
    ended = replace(played, state=OVER, winners=(winner,), eliminated=loser)
    before = next((m for m in reversed(season.matches[: _index(season, played)]) if m.kind == MAIN), None)
    garnets = before.dm_garnets if before is not None and played.kind == DEATH else 0
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
    said = {SET: "is set", PLAYING: "is under way", WAITING: "is under way", OVER: "was played"}
    moved = [f"{m.name} {said.get(m.state, 'is under way')}" for m in later]
    moved += [f"{', '.join(recorded.saved)} spent a Token of Life"] if recorded.saved else []
    if moved:
        fix = (
            "correct the season by hand"
            if any(m.state == OVER for m in later)
            else "take those steps back first with `hostkit season undo`, latest first"
        )
        raise Refused(
            f"{recorded.name}'s result is already recorded in the season and the season has moved on "
            f"({'; '.join(moved)}), so a changed result cannot be taken in; {fix}."
        )
    return Ended(after, True)


def spend_token(season: Season, balances: dict[str, Balance], player: str) -> tuple[Played, Entry]:
    """A candidate in danger leaves the candidates by spending Tokens of Life (Config tol_per_save)."""
    name = season.spelled(player) or player
    main = season.last()
    cost = season.config["tol_per_save"]
    if season.step() is Step.OVER:
        raise over(season, f"{name} has no Death Match left to spend a Token of Life on")
    if season.step() is not Step.DM_PENDING or main is None:
        where = "the Death Match is already set" if season.step() is Step.DM_SET else "no Death Match is pending"
        raise Refused(
            f"{name} cannot spend a Token of Life now: {where}; a ToL saves a candidate only before `season dm`."
        )
    if player_key(name) not in {player_key(p) for p in season.in_danger()}:
        raise Refused(
            f"{name} is not an elimination candidate in danger (candidates: {listed(season.in_danger())}); "
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


def saved_entries(existing: Sequence[Entry], main: Played, player: str, due: Sequence[Entry]) -> list[Entry]:
    """What brings one player's Token-of-Life saves after `main` in the Ledger to `due`, each posted once (a save
    taken back and spent again is paid again)."""
    mine = [e for e in existing if player_key(e.player) == player_key(player)]
    return settle(mine, Payout(main.match_id, main.name, tuple(due), frozenset({SAVE_REASON})))


def dodge_entries(main: Played) -> tuple[Entry, ...]:
    """What the dodgers of the Death Match after `main` are paid (its Config dodge_garnets each)."""
    return tuple(
        Entry(main.name, None, p, garnets=main.dodge_garnets, reason=DODGE_REASON, match_id=main.match_id)
        for p in main.dodgers
        if main.dodge_garnets
    )


@dataclass(frozen=True)
class DeathMatchSet:
    main: Played | None
    """The Main Match whose candidates it settles, with its dodgers (None for a Final Match)."""
    death: Played
    dodges: tuple[Entry, ...]
    warnings: tuple[str, ...]


def set_death_match(season: Season, balances: dict[str, Balance], pair: Sequence[str]) -> DeathMatchSet:
    """The next Death Match: A a candidate in danger, B a player still in; the other candidates dodge it. In the
    final stage, a Final Match of any two players still in."""
    step = season.step()
    if step is Step.OVER:
        raise over(season, "no Death Match is set after the end")
    if step in (Step.DM_SET, Step.PLAYING) and (last := season.last()) is not None and last.kind != MAIN:
        raise Refused(
            f"{last.name} ({' v '.join(last.players)}) is set and not played yet; play it before setting another."
        )
    if step not in (Step.DM_PENDING, Step.FINAL):
        raise Refused("No Death Match is pending: a Main Match's standings must first name candidates in danger.")
    if len(pair) != 2:
        raise Refused(f"A Death Match is for two players, not {len(pair)}; give --players A,B.")
    a, b = (season.spelled(p) or p for p in pair)
    if step is Step.FINAL:
        for name in (a, b):
            if not season.is_playing(name):
                raise Refused(f"{name} is not a player still in ({listed(season.playing())}); pair two of them.")
        if player_key(a) == player_key(b):
            raise Refused(f"{a} cannot face themselves; give another player still in as B.")
        return DeathMatchSet(None, Played(f"{FINAL} {season.numbered(FINAL)}", FINAL, "", (a, b), SET), (), ())
    return _death_match(season, balances, a, b)


def _death_match(season: Season, balances: dict[str, Balance], a: str, b: str) -> DeathMatchSet:
    danger = season.in_danger()
    if player_key(a) not in {player_key(p) for p in danger}:
        raise Refused(
            f"{a} is not an elimination candidate in danger (candidates: {listed(danger)}); A must be one of them."
        )
    if player_key(a) == player_key(b):
        raise Refused(f"{a} cannot face themselves; give another player still in as B.")
    if not season.is_playing(b):
        raise Refused(f"{b} is not a player still in ({listed(season.playing())}); choose B among them.")
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
    main = replace(main, dodgers=dodgers)
    death = Played(f"{DEATH} {season.numbered(DEATH)}", DEATH, "", (a, b), SET)
    return DeathMatchSet(main, death, dodge_entries(main), tuple(warnings))


def joined(
    season: Season, name: str, kind: str, game: str, players: Sequence[str], match_id: str, where: str
) -> Played:
    """The Matches row of a match starting (or joining) the season."""
    last = season.last()
    if kind != MAIN and last is not None and last.state == SET:
        return replace(last, game=game, state=PLAYING, match_id=match_id, workbook=where, players=tuple(players))
    return Played(name, kind, game, tuple(players), PLAYING, match_id=match_id, workbook=where)


def joined_cast(season: Season, names: Sequence[str]) -> Season:
    """The season with players added to its Cast (`season cast --add`), playing from now on."""
    if season.step() is Step.OVER:
        raise over(season, "no player joins it now")
    known = [n for n in names if season.spelled(n) is not None]
    if known:
        raise Refused(f"{', '.join(known)} {'is' if len(known) == 1 else 'are'} already in the season's Cast.")
    return replace(season, cast=(*season.cast, *names))


def of_the_cast(season: Season, entries: Sequence[Entry], source: str) -> tuple[list[Entry], list[Problem]]:
    """The entries of Cast members, and one problem per other player naming them and the fix."""
    others: dict[str, int] = {}
    for e in entries:
        if season.spelled(e.player) is None:
            others[e.player] = others.get(e.player, 0) + 1
    problems = [
        Problem(
            source,
            None,
            f"{name} is not in the season's Cast, so {plural(n, 'entry', 'entries')} of theirs "
            f"{'was' if n == 1 else 'were'} left out; check the spelling, or add them with `hostkit season cast "
            f"--add {name}` and import again.",
        )
        for name, n in others.items()
    ]
    return [e for e in entries if season.spelled(e.player) is not None], problems


@dataclass(frozen=True)
class Undone:
    """A season step taken back: the season after it, the Ledger's reversing entries, and what it says."""

    season: Season
    entries: tuple[Entry, ...]
    said: str


def take_back(season: Season, entries: Sequence[Entry]) -> Undone:
    """The latest season step taken back: a match started whose workbook is lost, a Death (or Final) Match set,
    or a Token of Life spent; Refused when the latest step is a match played to its end, or one under way."""
    last = season.last()
    if last is None:
        raise Refused("Nothing to take back: the season has no step recorded yet.")
    if last.state in (PLAYING, WAITING):
        return _lost_match(season, last, entries)
    if last.state == SET:
        main = season.last_main() if last.kind == DEATH else None
        after = season.without_last()
        if main is None:
            return Undone(after, (), f"Took back {last.name} ({' v '.join(last.players)}).")
        reversed_ = settle(entries, Payout(main.match_id, main.name, (), frozenset({DODGE_REASON})))
        return Undone(
            after.with_match(replace(main, dodgers=())),
            _marked(reversed_),
            f"Took back {last.name} ({' v '.join(last.players)}); {_reversal(reversed_, 'its dodgers')}",
        )
    if last.kind == MAIN and last.saved and not last.dodgers:
        who = last.saved[-1]
        reversed_ = saved_entries(entries, last, who, ())
        return Undone(
            season.with_match(replace(last, saved=last.saved[:-1])),
            _marked(reversed_),
            f"Took back {who}'s Token of Life: {who} is an elimination candidate again; {_reversal(reversed_, who)}",
        )
    what = f"`season undo` cannot take back {last.name}, which was played to its end and is recorded"
    if season.step() is Step.OVER:
        raise over(season, what)
    raise Refused(f"{what}; correct it through its own workbook (`hostkit standings {book_option(last.workbook)}`).")


def _lost_match(season: Season, last: Played, entries: Sequence[Entry]) -> Undone:
    if last.name not in season.lost:
        raise Refused(
            f"{last.name} is under way and its workbook {last.workbook} is there, so `season undo` leaves it: end "
            f"it with `hostkit standings {book_option(last.workbook)}` (or, if it is not to be played, delete that "
            f"workbook first)."
        )
    reasons = frozenset(e.payout_key() for e in entries if e.match_id and e.match_id == last.match_id)
    reversed_ = settle(entries, Payout(last.match_id, last.name, (), reasons)) if reasons else []
    kept = replace(last, game="", state=SET, match_id="", workbook="") if last.kind != MAIN else None
    after = season.without_last() if kept is None else season.with_match(kept)
    again = f"{last.name} is set again for {' v '.join(last.players)}" if kept else f"{last.name} is no longer started"
    return Undone(
        after,
        _marked(reversed_),
        f"Took back {last.name}, whose workbook {last.workbook} is gone: {again}; {_reversal(reversed_, 'it')}",
    )


def _marked(entries: Sequence[Entry]) -> tuple[Entry, ...]:
    return tuple(replace(e, reason=f"{e.pays_for}{REVERSED}{TAKEN_BACK}") for e in entries)


def _reversal(entries: Sequence[Entry], whose: str) -> str:
    if not entries:
        return f"nothing was paid for {whose} in the Ledger."
    return "reversed in the Ledger: " + "; ".join(f"{e.player} {describe(e)}" for e in entries) + "."
