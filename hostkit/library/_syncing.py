"""Working offline: a Google Sheet pulled into an .xlsx copy, and the tabs changed in the copy pushed back."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from hostkit.library._commit import commit
from hostkit.library._opening import form_mapping
from hostkit.library._plan import COPY, MATCH, Plan
from hostkit.library._report import Report
from hostkit.library._workbooks import Workbooks

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.core.tables import Tables
    from hostkit.storage.book import Book

_XLSX_BAD_TITLE = re.compile(r"[\[\]:*?/\\]")


def pull(live: Book, copy: Book, force: bool = False) -> Report:
    """Snapshot the Google Sheet `live` into the .xlsx workbook `copy` (over an existing one only with force),
    recording where it came from, its time zone and each tab's fingerprint. Two requests to Google."""
    from hostkit.storage.book import StorageError
    from hostkit.storage.snapshot import PULL_TAB, Snapshot, fingerprint, snapshot_rows

    tabs = live.read()
    for title in tabs:
        if len(title) > 31 or _XLSX_BAD_TITLE.search(title):
            raise StorageError(
                f"The tab {title!r} cannot be kept in an .xlsx copy (names there have at most 31 "
                f"characters and none of []:*?/\\); rename it in the spreadsheet and pull again."
            )
    snapshot = Snapshot(live.key or "", live.timezone, {title: fingerprint(rows) for title, rows in tabs.items()})
    plan = Plan(
        "pull", writes={MATCH: {**tabs, PULL_TAB: snapshot_rows(snapshot)}}, messages=False, create=True, force=force
    )
    commit(Workbooks(copy), plan)
    summary = (
        f"Pulled {len(tabs)} tabs of {live.location} into {copy.location} (time zone {live.timezone}).",
        f"Run commands with --book {copy.location}, then `hostkit push --book {copy.location} --sheet {live.key}`.",
    )
    return Report("pull", summary, data={"tabs": list(tabs), "timezone": live.timezone})


def push(copy: Book, live: Callable[[], Book], force: bool = False) -> Report:
    """Write the tabs changed in the pulled copy `copy` since the pull back to its Google Sheet (`live` opens it
    once the copy is known to be a pulled one), never the submissions; a tab changed on the spreadsheet too is
    refused unless force. At most four requests to Google."""
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import Tables
    from hostkit.storage.book import StorageError
    from hostkit.storage.snapshot import PULL_TAB, Snapshot, fingerprint, read_snapshot, snapshot_rows

    book_path = copy.location
    tabs = copy.read()
    snapshot = read_snapshot(tabs)
    if snapshot is None:
        raise StorageError(
            f"{book_path} was not made by `hostkit pull` (it has no {PULL_TAB!r} tab); pull the "
            f"spreadsheet first: hostkit pull --sheet KEY --book {book_path}."
        )
    sheet = live()
    if snapshot.key != sheet.key:
        raise StorageError(
            f"{book_path} was pulled from spreadsheet {snapshot.key}, not {sheet.key}; push it "
            f"with --sheet {snapshot.key}, or pull {sheet.key} into another copy."
        )
    tables = Tables(tabs)
    form = form_mapping(read_config(tables, COMMON_SETTINGS)[0]) if "Config" in tables else None
    protected = {"submissions"} | ({form.target.casefold(), form.tab.casefold()} if form and form.is_set() else set())
    owned = {t: rows for t, rows in tabs.items() if t.casefold() not in protected | {PULL_TAB.casefold()}}
    changed = {t: rows for t, rows in owned.items() if fingerprint(rows) != snapshot.fingerprint_of(t)}
    kept = sorted(t for t in tabs if t.casefold() in protected)
    if not changed:
        return Report("push", (f"Nothing to push: no tab changed in {book_path} since the pull.",), data={"pushed": []})
    remote = {t.casefold(): fingerprint(rows) for t, rows in sheet.read().items()}
    conflicts = [t for t in changed if remote.get(t.casefold()) != snapshot.fingerprint_of(t)]
    if conflicts and not force:
        raise StorageError(
            f"The tabs {', '.join(conflicts)} changed on the spreadsheet as well as in {book_path} since the "
            f"pull; pull again and redo the offline work, or pass --force to overwrite the spreadsheet's version."
        )
    prints = dict(snapshot.fingerprints)
    prints.update({t: fingerprint(rows) for t, rows in changed.items()})
    recorded = {PULL_TAB: snapshot_rows(Snapshot(snapshot.key, snapshot.timezone, prints))}
    commit(
        Workbooks(sheet, copy=copy),
        Plan("push", writes={MATCH: changed, COPY: recorded}, messages=False),
        game=_game(tables),
    )
    summary = [f"Pushed {', '.join(changed)} to {sheet.location}."]
    if kept:
        summary.append(f"Left alone: {', '.join(kept)} (submissions are never pushed).")
    return Report("push", tuple(summary), data={"pushed": list(changed), "left_alone": kept})


def _game(tables: Tables) -> Game | None:
    """The game Config names, so a push puts its public tabs first too; None when it names none."""
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import BookError
    from hostkit.games import load_game

    try:
        return load_game(read_config(tables, COMMON_SETTINGS)[0]["game"]) if "Config" in tables else None
    except (KeyError, BookError):
        return None
