"""Working offline: pull a Google Sheet into an xlsx copy, run commands on the copy, push the results back."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from hostkit.cli.options import hold, open_book
from hostkit.cli.progress import progress_for
from hostkit.opening import form_mapping

if TYPE_CHECKING:
    from hostkit.core.tables import Tables

_XLSX_BAD_TITLE = re.compile(r"[\[\]:*?/\\]")


def sheet_option(command):
    return click.option(
        "--sheet",
        required=True,
        metavar="KEY_OR_URL",
        envvar="HOSTKIT_SHEET",
        help="The match's Google Sheet: its key or address (or set HOSTKIT_SHEET).",
    )(command)


def copy_option(command):
    return click.option(
        "--book", "book_path", required=True, type=click.Path(dir_okay=False), help="The offline copy (.xlsx)."
    )(command)


def credentials_option(command):
    return click.option(
        "--credentials",
        type=click.Path(dir_okay=False),
        envvar=["HOSTKIT_CREDENTIALS", "GOOGLE_APPLICATION_CREDENTIALS"],
        help="The service account's JSON key (else HOSTKIT_CREDENTIALS, else GOOGLE_APPLICATION_CREDENTIALS).",
    )(command)


@click.command()
@sheet_option
@copy_option
@credentials_option
@click.option("--force", is_flag=True, help="Overwrite an existing copy.")
def pull(sheet: str, book_path: str, credentials: str | None, force: bool) -> None:
    """Snapshot a Google Sheet into an .xlsx copy to work on offline.

    Every command then runs on the copy with --book; `hostkit push` writes the
    tabs hostkit changed back. The copy records where it came from, the
    spreadsheet's time zone (used for its timestamps offline too) and each tab's
    fingerprint, in a tab named 'hostkit pull'. Two requests to Google.

    \b
    Example:
      hostkit pull --sheet 1AbC...xyz --book copy.xlsx --credentials credentials.json
    """
    from hostkit.storage.book import StorageError
    from hostkit.storage.snapshot import PULL_TAB, Snapshot, fingerprint, snapshot_rows

    live = open_book(None, sheet, credentials, progress_for(False))
    tabs = live.read()
    for title in tabs:
        if len(title) > 31 or _XLSX_BAD_TITLE.search(title):
            raise StorageError(
                f"The tab {title!r} cannot be kept in an .xlsx copy (names there have at most 31 "
                f"characters and none of []:*?/\\); rename it in the spreadsheet and pull again."
            )
    snapshot = Snapshot(live.key or sheet, live.timezone, {title: fingerprint(rows) for title, rows in tabs.items()})
    copy = open_book(book_path, None, None)
    hold(copy)
    copy.create({**tabs, PULL_TAB: snapshot_rows(snapshot)}, force=force)
    click.echo(f"Pulled {len(tabs)} tabs of {live.location} into {book_path} (time zone {live.timezone}).")
    click.echo(f"Run commands with --book {book_path}, then `hostkit push --book {book_path} --sheet {live.key}`.")


@click.command()
@copy_option
@sheet_option
@credentials_option
@click.option("--force", is_flag=True, help="Overwrite tabs that also changed on the spreadsheet since the pull.")
def push(book_path: str, sheet: str, credentials: str | None, force: bool) -> None:
    """Write the tabs changed in an offline copy back to its Google Sheet.

    Only the tabs changed in the copy since `hostkit pull` are written, and
    never the submissions (the Submissions tab, or the Form's responses tab
    that Config form_tab names): players may have kept submitting meanwhile. A
    tab changed on the spreadsheet too since the pull is refused unless
    --force. At most four requests to Google.

    \b
    Example:
      hostkit push --book copy.xlsx --sheet 1AbC...xyz --credentials credentials.json
    """
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import Tables
    from hostkit.storage.book import StorageError
    from hostkit.storage.snapshot import PULL_TAB, Snapshot, fingerprint, read_snapshot, snapshot_rows

    copy = open_book(book_path, None, None)
    hold(copy)
    tabs = copy.read()
    snapshot = read_snapshot(tabs)
    if snapshot is None:
        raise StorageError(
            f"{book_path} was not made by `hostkit pull` (it has no {PULL_TAB!r} tab); pull the "
            f"spreadsheet first: hostkit pull --sheet KEY --book {book_path}."
        )
    live = open_book(None, sheet, credentials, progress_for(False))
    if snapshot.key != live.key:
        raise StorageError(
            f"{book_path} was pulled from spreadsheet {snapshot.key}, not {live.key}; push it "
            f"with --sheet {snapshot.key}, or pull {live.key} into another copy."
        )
    tables = Tables(tabs)
    form = form_mapping(read_config(tables, COMMON_SETTINGS)[0]) if "Config" in tables else None
    protected = {"submissions"} | ({form.target.casefold(), form.tab.casefold()} if form and form.is_set() else set())
    owned = {t: rows for t, rows in tabs.items() if t.casefold() not in protected | {PULL_TAB.casefold()}}
    changed = {t: rows for t, rows in owned.items() if fingerprint(rows) != snapshot.fingerprint_of(t)}
    kept = sorted(t for t in tabs if t.casefold() in protected)
    if not changed:
        click.echo(f"Nothing to push: no tab changed in {book_path} since the pull.")
        return
    remote = {t.casefold(): fingerprint(rows) for t, rows in live.read().items()}
    conflicts = [t for t in changed if remote.get(t.casefold()) != snapshot.fingerprint_of(t)]
    if conflicts and not force:
        raise StorageError(
            f"The tabs {', '.join(conflicts)} changed on the spreadsheet as well as in {book_path} since the "
            f"pull; pull again and redo the offline work, or pass --force to overwrite the spreadsheet's version."
        )
    live.write(changed, order=_public_order(tables))
    prints = dict(snapshot.fingerprints)
    prints.update({t: fingerprint(rows) for t, rows in changed.items()})
    copy.write({PULL_TAB: snapshot_rows(Snapshot(snapshot.key, snapshot.timezone, prints))})
    click.echo(f"Pushed {', '.join(changed)} to {live.location}.")
    if kept:
        click.echo(f"Left alone: {', '.join(kept)} (submissions are never pushed).")


def _public_order(tables: Tables):
    """The game's reading order of public tabs, so a push puts them first too; None when Config names no game."""
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import BookError
    from hostkit.games import load_game

    try:
        return load_game(read_config(tables, COMMON_SETTINGS)[0]["game"]).reading_order if "Config" in tables else None
    except (KeyError, BookError):
        return None


COMMANDS = (pull, push)
