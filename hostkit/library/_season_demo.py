"""A short sample season played end to end: a Main Match (Paths and PAHs), a Death Match (Hap-Tac-Toe) between
two of its candidates, and a second Main Match with the survivors, each step as the host would type it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from hostkit.core.players import player_key
from hostkit.core.settings import CONFIG_TAB, with_setting
from hostkit.core.tables import Rows
from hostkit.library._commit import commit
from hostkit.library._match import Match
from hostkit.library._plan import LEDGER, MATCH, Plan
from hostkit.library._season import new_season, set_dm, status
from hostkit.library._season_matches import match_config, record_start, starting
from hostkit.library._workbooks import Workbooks

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.storage.book import Book

MAIN_GAME, DEATH_GAME = "paths-and-pahs", "hap-tac-toe"


def play_season(season: Book, workbook: Callable[[str], Book], echo: Callable[[str], None]) -> list[dict]:
    """Play the sample season into `season`, each match in `workbook(name)`, saying every step through `echo`:
    the season's status (to_dict) after each step. Each workbook is let go of once its step is written."""
    from hostkit.games import load_game

    main, death = load_game(MAIN_GAME), load_game(DEATH_GAME)
    sample = main.demo()
    cast = [row[0] for row in sample.tabs["Players"][1:]]
    statuses: list[dict] = []

    def show(command: str, lines: list[str]) -> None:
        echo(f"$ hostkit {command}")
        for line in lines:
            echo(line)
        echo("")
        now = status(season)
        echo(f"$ hostkit season status --book {season.location}")
        for line in now.lines:
            echo(line)
        echo("")
        statuses.append(now.to_dict())

    made = new_season(season, cast, "Demo season", force=True)
    season.release()
    show(f'season new --book {season.location} --cast "{",".join(cast)}" --name "Demo season"', made.lines)
    first = _play(season, main, sample.tabs, workbook("main-1"), sample.now, show)
    candidates = [e["player"] for e in first if e["elimination_candidate"] > 0]
    dm = set_dm(season, candidates[:2])
    season.release()
    show(f"season dm --book {season.location} --players {','.join(candidates[:2])}", dm.lines)
    duel = death.demo()
    renamed = _renamed(duel.tabs, dict(zip(("Reds", "Craw"), candidates[:2])))
    _play(season, death, renamed, workbook("death-1"), duel.now, show)
    out = next(m["player"] for m in statuses[-1]["cast"] if m["status"] == "eliminated")
    _play(season, main, _without(sample.tabs, out), workbook("main-2"), sample.now, show)
    return statuses


def _play(
    season: Book,
    game: Game,
    tabs: dict[str, Rows],
    book: Book,
    played_at: dt.datetime | None,
    show: Callable[[str, list[str]], None],
) -> list[dict]:
    """One match of the season: made with `new --season`, scored round by round, ended by its standings; what
    its standings paid (each entry as `standings --json` gives it)."""
    show(
        f"new {game.name} --book {book.location} --season {season.location}",
        [prepare(season, game, tabs, book, played_at)],
    )
    with Match(book, season=season, clock=lambda: played_at or _NOW) as match:
        report = match.standings()
    show(f"standings --book {book.location}", list(report.summary))
    return list(report.data.get("paid", []))


_NOW = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


def prepare(
    season: Book,
    game: Game,
    tabs: dict[str, Rows],
    book: Book,
    played_at: dt.datetime | None,
) -> str:
    """A sample match started in the season (its players as `new --season` takes them) and scored round by
    round, its standings still to run; the sentence saying it joined."""
    players = [row[0] for row in tabs["Players"][1:]]
    name, players = starting(season, game, players if game.max_players > 2 else None)
    match_id = f"{game.name}-demo-{name.split()[0][0].lower()}{name.split()[-1]}"
    config = match_config(with_setting(tabs[CONFIG_TAB], "match_id", match_id), season, book, name, game)
    started, joined = record_start(season, book, game, name, players, match_id)
    writes = {MATCH: {**tabs, CONFIG_TAB: config}, LEDGER: started}
    commit(Workbooks(book, ledger=season), Plan("new", writes=writes, messages=False, create=True, force=True))
    with Match(book, season=season, clock=lambda: played_at or _NOW) as match:
        for step in game.demo().script():
            if step.command == "score":
                match.score(game.round_needed(step.round))
    return joined


def _renamed(tabs: dict[str, Rows], names: dict[str, str]) -> dict[str, Rows]:
    """A sample match's tabs with its players' names changed, in every cell that is exactly a name."""
    return {
        tab: [[names.get(c, c) if isinstance(c, str) else c for c in row] for row in rows] for tab, rows in tabs.items()
    }


def _without(tabs: dict[str, Rows], player: str) -> dict[str, Rows]:
    """A sample match's tabs without one player's rows (every tab with a Player column)."""
    out = {}
    for tab, rows in tabs.items():
        header = [str(c).strip().casefold() if isinstance(c, str) else "" for c in rows[0]] if rows else []
        if "player" not in header:
            out[tab] = rows
            continue
        i = header.index("player")
        out[tab] = [rows[0]] + [r for r in rows[1:] if not (len(r) > i and player_key(r[i]) == player_key(player))]
    return out
