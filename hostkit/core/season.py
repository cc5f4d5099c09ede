"""A season: its cast, its matches in order, and the step it waits for (in words: `next_step`), as read from the
season workbook.

The season workbook holds Config (the season's settings), Cast (each player, playing or eliminated), Matches
(each Main Match, Death Match and Final Match, with what it decided) and the Ledger every match pays into. Who is playing,
who is in danger and what comes next are worked out from Matches, so the Cast tab is only ever written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from hostkit.core.players import player_key
from hostkit.core.settings import COMMON_SETTINGS, Config, Setting, choice, integer, read_config, text
from hostkit.core.tables import Problem, Tables, is_blank
from hostkit.core.words import plural
from hostkit.errors import Refused as Refused  # a season step out of order: one sentence, exit status 1

CAST_TAB, MATCHES_TAB, SEASON_TAB = "Cast", "Matches", "Season"
CAST_HEADER = ["Player", "Status", "Eliminated in"]
MATCHES_HEADER = [
    "Match",
    "Kind",
    "Game",
    "Players",
    "State",
    "Winners",
    "Tokens of Life",
    "Candidates",
    "Saved",
    "Dodgers",
    "Eliminated",
    "Dodge garnets",
    "DM garnets",
    "Match id",
    "Workbook",
]
MAIN, DEATH, FINAL = "Main Match", "Death Match", "Final Match"
SET, PLAYING, WAITING, OVER = "set", "playing", "waiting", "over"
PLAYING_STATUS, ELIMINATED = "playing", "eliminated"
WARN, REFUSE = "warn", "refuse"
CHOICE_KEY = "ec_choice"
"""The Config key of a Main Match's workbook where the host types the winners' choice of candidate."""

SEASON_SETTINGS: tuple[Setting, ...] = (
    Setting("season", "", "The season's name, shown on the public Season tab.", text),
    Setting("season_id", "", "The season's own id, set by `hostkit season new`. Leave it as it is.", text),
    Setting(
        "tol_per_save",
        1,
        "Tokens of Life an elimination candidate spends to leave the candidates (`hostkit season tol`).",
        integer(1, 100),
    ),
    Setting(
        "dm_opponent_with_tol",
        WARN,
        "When the opponent chosen for a Death Match holds a Token of Life: warn (it does not protect from "
        "being chosen) or refuse.",
        choice(WARN, REFUSE),
    ),
    Setting(
        "players_left",
        1,
        "The season ends when this many players are still in: with 1, the last player is the winner.",
        integer(1, 100),
    ),
    Setting(
        "final_stage_at",
        0,
        "The season's final stage (two-player matches `hostkit season dm --players A,B` pairs, each loser "
        "eliminated) starts when this many players or fewer are still in; 0: when fewer are still in than the "
        "smallest Main Match any game allows.",
        integer(0, 100),
    ),
    *(s for s in COMMON_SETTINGS if s.key in ("timezone", "public_webhook")),
)


def season_pays(dodge: int, death_match: int) -> tuple[Setting, Setting]:
    """A Main Match's settings for what the season pays after it, defaults as its sheet prices them (0 where
    its sheet names none)."""
    return (
        Setting(
            "dodge_garnets",
            dodge,
            "Garnets each elimination candidate who dodges the Death Match after this match is paid.",
            integer(0, 1000),
        ),
        Setting(
            "dm_garnets",
            death_match,
            "Garnets the winner of the Death Match after this match is paid, on top of what that match pays.",
            integer(0, 1000),
        ),
    )


class Step(Enum):
    MAIN = "main"
    """Start the next Main Match."""
    PLAYING = "playing"
    """A match is under way: its standings end it."""
    DM_PENDING = "dm_pending"
    """A Main Match left candidates in danger: spend Tokens of Life, then set the Death Match."""
    DM_SET = "dm_set"
    """The Death Match (or a Final Match) is set: start it."""
    FINAL = "final"
    """Too few players for a Main Match: pair two of them for a Final Match."""
    OVER = "over"


@dataclass(frozen=True)
class Played:
    """One row of the Matches tab."""

    name: str
    kind: str
    game: str
    players: tuple[str, ...]
    state: str
    match_id: str = ""
    workbook: str = ""
    winners: tuple[str, ...] = ()
    tokens: tuple[tuple[str, int], ...] = ()
    candidates: tuple[str, ...] = ()
    saved: tuple[str, ...] = ()
    dodgers: tuple[str, ...] = ()
    eliminated: str = ""
    dodge_garnets: int = 0
    dm_garnets: int = 0

    def row(self) -> list:
        return [
            self.name,
            self.kind,
            self.game,
            ", ".join(self.players),
            self.state,
            ", ".join(self.winners),
            ", ".join(f"{p} {n}" for p, n in self.tokens),
            ", ".join(self.candidates),
            ", ".join(self.saved),
            ", ".join(self.dodgers),
            self.eliminated,
            self.dodge_garnets if self.kind == MAIN else None,
            self.dm_garnets if self.kind == MAIN else None,
            self.match_id,
            self.workbook,
        ]


@dataclass(frozen=True)
class Season:
    config: Config
    cast: tuple[str, ...]
    matches: tuple[Played, ...]
    problems: tuple[Problem, ...] = ()
    smallest_main: int = 0
    """The fewest players any Main Match game allows: fewer players still in start the final stage."""
    lost: frozenset[str] = frozenset()
    """The matches under way whose workbook is gone."""

    @property
    def name(self) -> str:
        return self.config["season"] or "The season"

    def eliminated(self) -> dict[str, str]:
        """Each eliminated player's key, with the match that eliminated them."""
        return {player_key(m.eliminated): m.name for m in self.matches if m.kind != MAIN and m.eliminated}

    def playing(self) -> list[str]:
        out = self.eliminated()
        return [p for p in self.cast if player_key(p) not in out]

    def is_playing(self, name: str) -> bool:
        return any(player_key(p) == player_key(name) for p in self.playing())

    def spelled(self, name: str) -> str | None:
        """A cast member's name as the Cast tab spells it."""
        return next((p for p in self.cast if player_key(p) == player_key(name)), None)

    def last(self) -> Played | None:
        return self.matches[-1] if self.matches else None

    def last_main(self) -> Played | None:
        return next((m for m in reversed(self.matches) if m.kind == MAIN and m.state == OVER), None)

    def in_danger(self) -> list[str]:
        """The candidates of the last Main Match still facing its Death Match: not saved by a Token of Life,
        not dodging, not yet through the Death Match."""
        last = self.last()
        if last is None or last.kind != MAIN or last.state != OVER:
            main = self.last_main()
            if last is None or last.kind != DEATH or last.state == OVER or main is None:
                return []
            ecs = {player_key(p) for p in main.candidates}
            return [p for p in last.players if player_key(p) in ecs]
        safe = {player_key(p) for p in (*last.saved, *last.dodgers)}
        return [p for p in last.candidates if player_key(p) not in safe and self.is_playing(p)]

    def final_stage(self) -> bool:
        """Whether too few players are still in for a Main Match (or as few as Config final_stage_at)."""
        at = self.config["final_stage_at"]
        return len(self.playing()) <= at if at else len(self.playing()) < self.smallest_main

    def step(self) -> Step:
        last = self.last()
        if len(self.playing()) <= self.config["players_left"]:
            return Step.OVER
        if last is not None and last.state in (PLAYING, WAITING):
            return Step.PLAYING
        if last is not None and last.state == SET:
            return Step.DM_SET
        if last is not None and last.kind == MAIN and self.in_danger():
            return Step.DM_PENDING
        return Step.FINAL if self.final_stage() else Step.MAIN

    def winner(self) -> str:
        """The season's end in words: its winner, or the last players in."""
        playing = self.playing()
        if len(playing) == 1:
            return f"{playing[0]} is the winner"
        return f"{', '.join(playing) or 'nobody'} are the last players in"

    def numbered(self, kind: str) -> int:
        """The number of the next match of this kind: Main Match 2, Death Match 1."""
        return 1 + sum(m.kind == kind for m in self.matches)

    def with_match(self, played: Played) -> Season:
        """The season with this match's row replaced (by match id, or a set Death Match) or added."""
        rows = list(self.matches)
        for i, m in enumerate(rows):
            same_id = played.match_id and m.match_id == played.match_id
            if same_id or (m.state == SET and played.kind == m.kind != MAIN and not m.match_id):
                rows[i] = played
                return replace(self, matches=tuple(rows))
        return replace(self, matches=(*rows, played))

    def find(self, match_id: str) -> Played | None:
        return next((m for m in self.matches if m.match_id and m.match_id == match_id), None)

    def without_last(self) -> Season:
        return replace(self, matches=self.matches[:-1])


def names(value: object) -> tuple[str, ...]:
    return tuple(n.strip() for n in str(value or "").split(",") if n.strip())


def _tokens(value: object) -> tuple[tuple[str, int], ...]:
    """'Ann 3, Bea 1' as the Matches tab writes it; a part without a count is one Token of Life."""
    out = []
    for part in names(value):
        name, _, count = part.rpartition(" ")
        out.append((name, _number(count)) if name and count.isdecimal() else (part, 1))
    return tuple(out)


def _number(value: object) -> int:
    if is_blank(value):  # type: ignore[arg-type]
        return 0
    try:
        return int(float(str(value)))
    except (ValueError, OverflowError):
        return 0


def is_season(tables: Tables) -> bool:
    """Whether a workbook is a season workbook: its Config names a season id and no game."""
    config = tables.get("Config")
    if config is None or not (config.has_column("Key") and config.has_column("Value")):
        return False
    keys = {r.text("Key").casefold(): r.text("Value") for r in config.records("Key", "Value")}
    return bool(keys.get("season_id")) and not keys.get("game")


def read_season(tables: Tables, smallest_main: int = 0) -> Season:
    """The season its workbook holds; `smallest_main` the fewest players any Main Match game allows."""
    config, problems = read_config(tables, SEASON_SETTINGS)
    cast_table = tables.require(CAST_TAB)
    cast = tuple(r.text("Player") for r in cast_table.records("Player") if not is_blank(r["Player"]))
    matches = []
    table = tables.get(MATCHES_TAB)
    if table is not None and any(table.header):
        for r in table.records("Match", "Kind", "State", optional=MATCHES_HEADER):
            if is_blank(r["Match"]):
                continue
            matches.append(
                Played(
                    name=r.text("Match"),
                    kind=next((k for k in (DEATH, FINAL) if r.text("Kind").casefold() == k.casefold()), MAIN),
                    game=r.text("Game"),
                    players=names(r["Players"]),
                    state=r.text("State").casefold() or PLAYING,
                    match_id=r.text("Match id"),
                    workbook=r.text("Workbook"),
                    winners=names(r["Winners"]),
                    tokens=_tokens(r["Tokens of Life"]),
                    candidates=names(r["Candidates"]),
                    saved=names(r["Saved"]),
                    dodgers=names(r["Dodgers"]),
                    eliminated=r.text("Eliminated"),
                    dodge_garnets=_number(r["Dodge garnets"]),
                    dm_garnets=_number(r["DM garnets"]),
                )
            )
    return Season(config, cast, tuple(matches), tuple(problems), smallest_main)


def listed(players: Sequence[str]) -> str:
    return ", ".join(players) if players else "nobody"


def book_option(workbook: str) -> str:
    """The option naming a match's workbook as the Matches tab holds it: an .xlsx path or a Google Sheet's key."""
    if not workbook:
        return "--book FILE"
    return f"--book {workbook}" if workbook.casefold().endswith(".xlsx") else f"--sheet {workbook}"


def final_stage_text(season: Season, where: str) -> str:
    """What the final stage waits for: a pair set with `season dm`, until players_left are left."""
    playing, left = season.playing(), season.config["players_left"]
    at = season.config["final_stage_at"]
    why = f"Config final_stage_at is {at}" if at else f"the smallest Main Match needs {season.smallest_main}"
    pair, which = (",".join(playing), "pair them") if len(playing) == 2 else ("A,B", "pair two of them")
    return (
        f"Final stage: {len(playing)} players still in ({listed(playing)}; {why}); {which} with "
        f"`hostkit season dm {where} --players {pair}` for a two-player Final Match, whose loser is eliminated, "
        f"until {plural(left, 'player is', 'players are')} left."
    )


def under_way(season: Season, last: Played, where: str) -> tuple[str, str]:
    """What a match under way waits for, and the command that moves it on."""
    if last.name in season.lost:
        return (
            f"its workbook {last.workbook} is gone",
            f"if it is lost, take the match back with `hostkit season undo {where}`, then start it again",
        )
    if last.state == WAITING:
        return (
            "it waits for the winners' choice of elimination candidate",
            f"type it in Config {CHOICE_KEY} of {last.workbook or 'its workbook'}, then run `hostkit standings "
            f"{book_option(last.workbook)}`",
        )
    return "", f"when it ends, run `hostkit standings {book_option(last.workbook)}`"


def next_step(season: Season, where: str, season_option: str) -> str:
    """What the season waits for and the command to run, in one sentence."""
    step = season.step()
    last = season.last()
    if step is Step.OVER:
        return f"The season is over: {season.winner()}."
    if step is Step.PLAYING and last is not None:
        why, fix = under_way(season, last, where)
        return f"{last.name} is under way{': ' + why if why else ''}; {fix}."
    if step is Step.DM_PENDING:
        danger = season.in_danger()
        return (
            f"Death Match pending: ECs {listed(danger)}; spend a Token of Life with `hostkit season tol {where} "
            f"--player NAME`, or run `hostkit season dm {where} --players {danger[0]},OPPONENT`."
        )
    if step is Step.DM_SET and last is not None:
        return (
            f"{last.name} is set ({' v '.join(last.players)}): start it with `hostkit new GAME --book "
            f"{'-'.join(last.name.lower().split())}.xlsx "
            f"{season_option}` (a two-player game: hap-and-grab, hap-tac-toe, when-stars-align, or custom for two)."
        )
    if step is Step.FINAL:
        return final_stage_text(season, where)
    number = season.numbered(MAIN)
    return (
        f"Start Main Match {number} with the {len(season.playing())} players still in: `hostkit new GAME --book "
        f"main-{number}.xlsx {season_option}`."
    )


def over(season: Season, what: str) -> Refused:
    """The refusal of any step once the season is over: it says so and who won."""
    return Refused(f"{season.name} is over: {season.winner()}; {what}.")


def with_unread(error: Refused, problems: Sequence[Problem]) -> Refused:
    """A refusal that may rest on balances, with the Ledger rows that count in none (`problems`) named."""
    rows = [p.row for p in problems if p.row is not None]
    if not rows:
        return error
    said = f"{'row' if len(rows) == 1 else 'rows'} {', '.join(map(str, rows))}"
    return Refused(f"{str(error)[:-1]}; note that Ledger {said} cannot be read and count in no balance until fixed.")
