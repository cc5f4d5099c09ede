"""Working offline: pull a Google Sheet into an xlsx copy, run commands on the copy, push the results back."""

from __future__ import annotations

import click

from hostkit.cli.options import hold, open_book
from hostkit.cli.progress import progress_for


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
    from hostkit.library._syncing import pull as pulled

    live = open_book(None, sheet, credentials, progress_for(False))
    copy = open_book(book_path, None, None)
    hold(copy)
    for line in pulled(live, copy, force).summary:
        click.echo(line)


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
    from hostkit.library._syncing import push as pushed

    copy = open_book(book_path, None, None)
    hold(copy)
    for line in pushed(copy, lambda: open_book(None, sheet, credentials, progress_for(False)), force).summary:
        click.echo(line)


COMMANDS = (pull, push)
