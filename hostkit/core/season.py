"""A season: its cast, its matches in order, and the step it waits for, as read from the season workbook.

The season workbook holds Config (the season's settings), Cast (each player, playing or eliminated), Matches
(each Main Match and Death Match, with what it decided) and the Ledger every match pays into. Who is playing,
who is in danger and what comes next are worked out from Matches, so the Cast tab is only ever written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from hostkit.core.ledger import Balance
from hostkit.core.players import player_key
from hostkit.core.settings import COMMON_SETTINGS, Config, Setting, choice, integer, read_config, text
from hostkit.core.tables import BookError, Problem, Rows, Table, Tables, is_blank

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
MAIN, DEATH = "Main Match", "Death Match"
SET, PLAYING, OVER = "set", "playing", "over"
PLAYING_STATUS, ELIMINATED = "playing", "eliminated"
WARN, REFUSE = "warn", "refuse"

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
    """The Death Match is set: start it."""
    OVER = "over"


class Refused(BookError):
    """A season step taken out of order; the message is one sentence naming the fix."""


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
class Member:
    player: str
    status: str
    eliminated_in: str
    garnets: int
    tokens_of_life: int
    candidate: bool

    def as_json(self) -> dict:
        return {
            "player": self.player,
            "status": self.status,
            "garnets": self.garnets,
            "tokens_of_life": self.tokens_of_life,
            "candidate": self.candidate,
        }


@dataclass(frozen=True)
class Season:
    config: Config
    cast: tuple[str, ...]
    matches: tuple[Played, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def name(self) -> str:
        return self.config["season"] or "The season"

    def eliminated(self) -> dict[str, str]:
        """Each eliminated player's key, with the match that eliminated them."""
        return {player_key(m.eliminated): m.name for m in self.matches if m.kind == DEATH and m.eliminated}

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

    def step(self) -> Step:
        last = self.last()
        if len(self.playing()) <= self.config["players_left"]:
            return Step.OVER
        if last is None:
            return Step.MAIN
        if last.state == PLAYING:
            return Step.PLAYING
        if last.state == SET:
            return Step.DM_SET
        if last.kind == MAIN and self.in_danger():
            return Step.DM_PENDING
        return Step.MAIN

    def members(self, balances: dict[str, Balance]) -> list[Member]:
        held = {player_key(name): b for name, b in balances.items()}
        out = self.eliminated()
        danger = {player_key(p) for p in self.in_danger()}
        return [
            Member(
                p,
                ELIMINATED if player_key(p) in out else PLAYING_STATUS,
                out.get(player_key(p), ""),
                held.get(player_key(p), Balance()).garnets,
                held.get(player_key(p), Balance()).tokens,
                player_key(p) in danger,
            )
            for p in self.cast
        ]

    def numbered(self, kind: str) -> int:
        """The number of the next match of this kind: Main Match 2, Death Match 1."""
        return 1 + sum(m.kind == kind for m in self.matches)

    def with_match(self, played: Played) -> Season:
        """The season with this match's row replaced (by match id, or a set Death Match) or added."""
        rows = list(self.matches)
        for i, m in enumerate(rows):
            same_id = played.match_id and m.match_id == played.match_id
            if same_id or (m.state == SET and played.kind == DEATH and m.kind == DEATH and not m.match_id):
                rows[i] = played
                return replace(self, matches=tuple(rows))
        return replace(self, matches=(*rows, played))

    def find(self, match_id: str) -> Played | None:
        return next((m for m in self.matches if m.match_id and m.match_id == match_id), None)


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


def read_season(tables: Tables) -> Season:
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
                    kind=DEATH if r.text("Kind").casefold() == DEATH.casefold() else MAIN,
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
    return Season(config, cast, tuple(matches), tuple(problems))


def cast_rows(season: Season) -> Rows:
    out = season.eliminated()
    return [list(CAST_HEADER)] + [
        [p, ELIMINATED if player_key(p) in out else PLAYING_STATUS, out.get(player_key(p)) or None] for p in season.cast
    ]


def with_host_columns(table: Table | None, rows: Rows) -> Rows:
    """A tab's rows as hostkit writes them, with the columns the host added to it kept beside them, each row's
    matched by its first cell (the player, the match)."""
    if table is None or not any(table.header):
        return rows
    ours = {str(h).casefold() for h in rows[0]}
    extra = [i for i, h in enumerate(table.header) if str(h or "").strip() and str(h).strip().casefold() not in ours]
    if not extra:
        return rows
    held = {str(r[0] or "").strip().casefold(): r for r in table.rows if r}
    out: Rows = [rows[0] + [table.header[i] for i in extra]]
    for row in rows[1:]:
        old = held.get(str(row[0] or "").strip().casefold(), [])
        out.append(row + [old[i] if i < len(old) else None for i in extra])
    return out


def matches_rows(season: Season) -> Rows:
    return [list(MATCHES_HEADER)] + [m.row() for m in season.matches]


def public_rows(season: Season, members: Sequence[Member]) -> Rows:
    """The public Season tab: the cast with garnets, Tokens of Life and who is out, then every match played."""
    rows: Rows = [[season.name], [], ["Player", "Status", "Garnets", "Tokens of Life", "In danger", "Eliminated in"]]
    rows += [
        [m.player, m.status, m.garnets, m.tokens_of_life, "yes" if m.candidate else None, m.eliminated_in or None]
        for m in members
    ]
    rows += [
        [],
        ["Match", "Kind", "Players", "Winners", "Tokens of Life", "Candidates", "Saved", "Dodgers", "Eliminated"],
    ]
    rows += [
        [
            m.name,
            m.kind,
            ", ".join(m.players),
            ", ".join(m.winners),
            ", ".join(f"{p} {n}" for p, n in m.tokens),
            ", ".join(m.candidates),
            ", ".join(m.saved),
            ", ".join(m.dodgers),
            m.eliminated,
        ]
        for m in season.matches
        if m.state != SET
    ]
    return rows
