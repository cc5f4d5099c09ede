"""A Paths and PAHs match on a real xlsx file, driven through the CLI, with players who read their inventories."""

from __future__ import annotations

import datetime as dt
import json

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.games.paths_and_pahs.board import TILES, Direction, Tile
from hostkit.storage.xlsx import XlsxBook

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
SEED = 4242
OPENS = dt.datetime(2030, 3, 1, 12, 0)
AFTER = dt.datetime(2030, 3, 10, 12, 0, tzinfo=dt.timezone.utc)
SUBMISSIONS = ["Timestamp", "Player", "Round", "Action", "Value"]


def opens(number: int) -> dt.datetime:
    return OPENS + dt.timedelta(days=number - 1)


def at(number: int, minutes: float) -> dt.datetime:
    return opens(number) + dt.timedelta(minutes=minutes)


def run(*args, when=AFTER):
    with freeze_time(when):
        return CliRunner().invoke(main, [str(a) for a in args])


def tabs(path) -> dict:
    return XlsxBook(path).read()


def write(path, **tabs_by_name) -> None:
    XlsxBook(path).write({name.replace("_", " "): rows for name, rows in tabs_by_name.items()})


def new_match(path, balances: dict[str, int] | None = None) -> None:
    """new, board and deal through the CLI; the five rounds' Opens typed; the season's garnets in the Ledger."""
    for args in (
        ("new", "paths-and-pahs", "--book", path, "--players", ",".join(PLAYERS), "--seed", SEED),
        ("board", "--book", path, "--round", 1),
        ("deal", "--book", path, "--round", 1),
    ):
        result = run(*args)
        assert result.exit_code == 0, result.output
    ledger = [["Match", "Round", "Player", "Garnets", "Tokens of Life", "Elimination candidate", "Reason"]]
    ledger += [["Season", None, p, g, 0, None, "brought forward"] for p, g in (balances or {}).items()]
    write(
        path,
        Rounds=[["Round", "Opens", "Closes"]] + [[n, opens(n), None] for n in range(1, 6)],
        Submissions=[SUBMISSIONS],
        Ledger=ledger,
    )
    assert run("board", "--book", path, "--round", 1).exit_code == 0  # round 1 has opened: the board goes public


def add_rows(path, rows) -> None:
    """Rows (timestamp, player, round, action, value) appended to Submissions."""
    current = tabs(path)["Submissions"]
    write(path, Submissions=current + [list(r) for r in rows])


def board_grid(path) -> dict[Tile, str | None]:
    rows = tabs(path)["Board"][1:]
    return {Tile(r, c): rows[r][c + 1] for r in range(6) for c in range(6)}


def score(path, number: int, *extra) -> tuple[int, dict, str]:
    result = run("score", "--book", path, "--round", number, "--json", *extra)
    assert "Traceback" not in result.output
    start = result.output.index("{")
    return result.exit_code, json.loads(result.output[start : result.output.rindex("}") + 1]), result.output


def a_move(tile: str, previous: str | None, most: int = 3) -> str:
    """The longest legal move from tile (at most `most` tiles), never opposite the previous direction."""
    here = Tile.parse(tile)
    ways = [d for d in Direction if previous is None or d is not Direction.parse(previous).opposite]
    way = max(ways, key=lambda d: (min(here.room(d), most), d.value))
    return f"{way.value} {min(here.room(way), most)}"


def empty_tiles(grid: dict[Tile, str | None]) -> list[Tile]:
    return [t for t in TILES if grid[t] is None]
