"""One look of `hostkit watch` that found the workbook changed: the round re-scored as `score` scores it (paid,
its messages recorded), in one line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from hostkit.library._report import Report

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.core.tables import Tables

Scored = Callable[[], tuple[Report, "Game", "Tables", set[str]]]
"""`score` of the round as `Match.scored` runs it: its report, the game, the tables judged and the tabs written."""


def rescore(scored: Scored, round_number: int, before: Mapping[str, int]) -> Report:
    """The round scored on the workbook as it is now and written, exactly as `score` does. Its summary is one line (how many new rows since `before`, the rows of each tab then, and
    what the score says), its notes the hint to the problems when there are any; its data the rows of each tab
    read (`counts`) and when the round closes (`closes`, ISO 8601, or None)."""
    from hostkit.core.words import plural

    report, game, tables, written = scored()
    closes = game.round_closes(tables, round_number)
    counts = {name: _filled(tables.require(name).rows) for name in tables.looked_up() if name not in written}
    new = sum(max(counts[name] - before.get(name, 0), 0) for name in counts) if before else None
    grew = [name for name in counts if before and counts[name] > before.get(name, 0)]
    said = list(report.summary) or [str(p).split(": ", 1)[-1] for p in report.problems[:1]] or ["scored"]
    lines = [line.strip() for line in said[0].splitlines() if line.strip()]
    what = (lines[0] if len(lines) == 1 else f"{lines[0].rstrip(':')}: {lines[-1]}").rstrip(".")
    rows = "first score" if new is None else plural(new, "new row") + (f" in {', '.join(grew)}" if grew else "")
    notes: tuple[str, ...] = ()
    if report.problems:
        notes = (f"; {plural(len(report.problems), 'problem')}: `hostkit score --round {round_number}` lists them",)
    data = {"round": round_number, "counts": counts, "closes": None if closes is None else closes.isoformat()}
    return Report("watch", (f"{rows}: {what}",), tuple(report.problems), data, notes=notes)


def _filled(rows: Sequence[Sequence[object]]) -> int:
    """The rows with anything in them (a Table's rows: its header is not among them)."""
    return sum(1 for row in rows if any(v not in (None, "") for v in row))
