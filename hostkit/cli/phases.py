"""Commands for the rest of a match: deal, play (live decisions) and standings (which pays into the ledger)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import (
    book_options,
    check_image,
    image_option,
    json_option,
    ledger_option,
    match_of,
    round_option,
    runnable,
    save_image,
    show,
    warn,
)
from hostkit.cli.season_link import season_options
from hostkit.core.words import replace_undecodable
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.core.game import Prompt
    from hostkit.library._match import Match
    from hostkit.library._report import Report
    from hostkit.storage.book import Book


@click.command()
@book_options
@round_option
@click.option("--force", is_flag=True, help="Deal again although the round's reveals have started.")
@send_options
@json_option
def deal(book: Book, round_number: int, force: bool, as_json: bool) -> None:
    """Deal round N's private cards and print one message per player to paste.

    Hap and Grab: from Part 1's turn order, each player peeks at one card of the
    match's shuffled treasure deck per turn they hold; 3 more cards are drawn
    unseen and all are shuffled into the reveal pile (host-only tabs Peeks and
    Pile); a round whose reveals have started is not dealt again without --force.
    Paths and PAHs: each player's two starting cards (host-only tab Starting).
    Dealing again gives the same cards.

    \b
    Example:
      hostkit deal --book game.xlsx --round 1
    """
    show(book, match_of(book).deal(round_number, force=force), as_json)


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), help="The round (default: the one in play).")
@click.option("--player", help="The player whose decisions to take, for games that ask one player at a time.")
@image_option
@send_options
def play(book: Book, round_number: int | None, player: str | None, image: str | None) -> None:
    """Run a live phase: show each decision due, ask you for it, save it at once.

    Each answer is written to the workbook as soon as you give it, so stopping
    (Ctrl-C) or a crash loses nothing: run the same command again to resume where
    the recorded decisions end. It ends when the phase ends. Type `undo` at any
    prompt to take back the last recorded decision (you are asked to confirm).

    \b
    Example (Hap and Grab Part 2: type take or pass for each revealed card):
      hostkit play --book game.xlsx --round 1
    """
    from hostkit.core.words import plural

    check_image(image, book)
    saved, ended = play_through(
        match_of(book), round_number, player, lambda prompt: replace_undecodable(click.prompt(_question(prompt))), image
    )
    if not ended:
        click.echo(f"\nStopped: {plural(saved, 'decision')} saved this run; run the same command to resume.", err=True)
        sys.exit(1)


def play_through(
    match: Match, round_number: int | None, player: str | None, ask: Callable[[Prompt], str], image: str | None = None
) -> tuple[int, bool]:
    """Ask for each decision due and have the library record it (Match.prompt, step, undo): the decisions saved,
    and whether the phase ended (else `ask` raised click.Abort at a prompt that is not open-ended). The game
    reads the answer, so the same words as its tab are accepted."""
    from hostkit.core.words import plural

    book = match.book
    seen: set[str] = set()
    match.warn = _once(warn)  # each step reads the workbook anew: a warning about it is said once a run
    saved = 0
    unpictured = False
    while True:
        prompt, lines = match.prompt(round_number, player)
        for line in lines:
            if line.strip() not in seen:
                click.echo(runnable(line, book))
                seen.add(line.strip())
        if prompt is None:
            if _taken_back_at_the_end(match, round_number, player, seen):
                continue
            click.echo(f"Done: {plural(saved, 'decision')} saved this run.")
            return saved, True
        book.progress = None  # the host answers at their pace: a read or a write per decision is no news
        match.pause()  # other commands may use the workbook while the host waits for an answer
        if not gc.isenabled():  # paused while hostkit runs as a program: it runs while the host thinks
            gc.collect()
        try:
            answer = ask(prompt)
        except click.Abort:
            if prompt.open_ended:  # this phase takes answers until the host stops: stopping finishes it
                click.echo(f"\nDone: {plural(saved, 'decision')} saved this run.")
            return saved, prompt.open_ended
        if match.resume() and match.prompt(round_number, player)[0] != prompt:
            click.echo(
                f"Not recorded: {book.location} changed while you answered (another command wrote it), "
                f"and the decision due is no longer the same; here it is again.",
                err=True,
            )
            continue
        report = _decided(match, answer, round_number, player, seen)
        if report is None:
            continue
        saved += report.saved
        if report.image is not None or not unpictured:  # "no picture" is said once a run, not per decision
            save_image(report, image)
            unpictured = unpictured or report.image is None
        _said(report, seen, saved=report.saved)


def _taken_back_at_the_end(match: Match, round_number: int | None, player: str | None, seen: set[str]) -> bool:
    """Once the phase has ended, offer to take back its last decision: whether one was taken back."""
    from hostkit.core.tables import BookError

    try:
        taken = match.undo(round_number, player, confirm=lambda lines: _at_the_end(lines, seen))
    except BookError:
        return False  # nothing this game can take back here
    if taken is None:
        return False
    _said(taken, seen, saved=False)
    return True


def _decided(match: Match, answer: str, round_number: int | None, player: str | None, seen: set[str]) -> Report | None:
    """The host's answer recorded (or, typed undo, the last decision taken back); None when nothing was."""
    from hostkit.core.tables import BookError

    try:
        if answer.strip().casefold() == UNDO:
            return match.undo(round_number, player, confirm=lambda lines: _take_back(lines, seen))
        return match.step(answer, round_number, player, confirm=lambda q: click.confirm(q, default=False))
    except BookError as error:
        click.echo(f"Not recorded: {error}", err=True)
        return None


UNDO = "undo"


def _once(say: Callable[[str], None]) -> Callable[[str], None]:
    said: set[str] = set()

    def once(text: str) -> None:
        if text not in said:
            said.add(text)
            say(text)

    return once


def _question(prompt: Prompt) -> str:
    """The prompt with the answers it names, and undo."""
    return f"{prompt.text} ({', '.join([*prompt.choices, UNDO])})" if prompt.choices else prompt.text


def _said(report: Report, seen: set[str], saved: bool) -> None:
    """What the game said of a decision (marked saved when it was), each player's private message, then on
    stderr its messages' fate and its problems. An undo says "Taken back." and then its messages' fate."""
    from hostkit.core.words import private_block

    said, notes = (report.summary, report.notes) if report.verb == "play" else (report.summary[:1], report.summary[1:])
    for i, line in enumerate(said):
        click.echo(f"Saved: {line}" if i == 0 and saved else line)
        seen.add(line.strip())
    for who, text in report.private.items():
        for line in private_block(who, text):
            click.echo(line)
    for line in [*notes, *(str(p) for p in report.problems)]:
        click.echo(line, err=True)


def _take_back(lines: Sequence[str], seen: set[str]) -> bool:
    """Show what an undo would take back (not shown again) and ask the host."""
    for line in lines:
        click.echo(line)
        seen.add(line.strip())
    if not click.confirm("Take it back?", default=False):
        click.echo("Kept: nothing was changed.")
        return False
    return True


def _at_the_end(lines: Sequence[str], seen: set[str]) -> bool:
    """Once the phase has ended, a last chance to take back the decision that ended it (a loss on time typed
    by mistake). Enter, or the end of the input, finishes."""
    try:
        answer = click.prompt(
            "The phase has ended. Press Enter to finish, or type undo to take back its last decision",
            default="",
            show_default=False,
        )
    except click.Abort:
        return False
    return answer.strip().casefold() == UNDO and _take_back(lines, seen)


@click.command()
@book_options
@ledger_option
@season_options
@send_options
@json_option
def standings(
    book: Book, ledger_path: str | None, season_path: str | None, season_sheet: str | None, as_json: bool
) -> None:
    """Print the match table, write the public Leaderboard, and pay out a final result.

    Adds each player's treasure over the rounds (a skull is -3), names the winner
    (a tie goes to Config tie_winner) or the automatic loser of Part 1. Once the
    result is final the winner's garnets (Config winner_garnets) are posted to the
    Ledger tab; running it again never pays twice, and a corrected result is
    corrected in the ledger (reversing entries, then the new ones). With --ledger
    the entries go to a season workbook instead (made if it does not exist).
    A match in a season (`new --season`, or --season here to join one) records
    its end in the season workbook and pays into the season's Ledger.

    \b
    Examples:
      hostkit standings --book game.xlsx
      hostkit standings --book game.xlsx --ledger season.xlsx --json
    """
    if ledger_path and (season_path or season_sheet):
        raise BadInput("Give --ledger or --season, not both: each names the workbook the match pays into.")
    report = match_of(book, ledger_path or season_path, season_sheet).standings()
    show(book, report, as_json)


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), help="The round (default: the one in play).")
@click.option("--player", help="The player whose last decision to take back, for games that ask one at a time.")
@click.option("--yes", is_flag=True, help="Take it back without asking (for scripts).")
@json_option
def undo(book: Book, round_number: int | None, player: str | None, yes: bool, as_json: bool) -> None:
    """Take back the last decision recorded in a live phase, after you confirm.

    Shows the decision and the state before it, asks, and removes its row (the
    same as typing undo at a `hostkit play` prompt): a take or pass in Hap and
    Grab, a turn or a loss on time in Hap-Tac-Toe and When Stars Align, an open
    or pass in Open, Pass, a player's last message in Cards on the Table. A game
    with no live phase (Paths and PAHs) says what to edit instead.

    \b
    Examples:
      hostkit undo --book game.xlsx
      hostkit undo --book game.xlsx --player Ann --yes
    """

    def confirmed(lines: Sequence[str]) -> bool:
        for line in lines:
            click.echo(line, err=as_json)
        return click.confirm("Take it back?", default=False, err=as_json)

    report = match_of(book).undo(round_number, player, confirm=None if yes else confirmed)
    if report is None:
        click.echo("Kept: nothing was changed.", err=as_json)
        return
    show(book, report, as_json)


COMMANDS = (deal, play, standings, undo)
