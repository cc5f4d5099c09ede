"""Commands for the rest of a match: deal, play (live decisions) and standings (which pays into the ledger)."""

from __future__ import annotations

import datetime as dt
import sys
from typing import Callable, Mapping

import click

from hostkit.cli.options import (
    book_options,
    finish,
    guarded,
    json_option,
    now,
    open_game,
    round_option,
    runnable,
    save,
    image_option,
    save_image,
    write_or_create,
)
from hostkit.core.game import Game, Outcome, Prompt
from hostkit.core.ledger import LEDGER_TAB, Entry, ledger_rows, post, read_ledger
from hostkit.core.players import player_key
from hostkit.core.tables import BookError, Problem, Rows, Table, Tables
from hostkit.core.words import plural
from hostkit.storage.book import Book


@click.command()
@book_options
@round_option
@click.option("--force", is_flag=True, help="Deal again although the round's reveals have started.")
@json_option
@guarded
def deal(book: Book, round_number: int, force: bool, as_json: bool) -> None:
    """Deal round N's treasure: each player's peeks and the hidden reveal pile.

    From Part 1's turn order, each player peeks at one card of the match's
    shuffled treasure deck per turn they hold; 3 more cards are drawn unseen and
    all are shuffled into the reveal pile. The cards go to the host-only tabs
    Peeks and Pile; the command prints one message per player to paste into that
    player's private channel. Dealing again gives the same cards; a round whose
    reveals have started is not dealt again without --force.

    \b
    Example:
      hostkit deal --book game.xlsx --round 1
    """
    game, tables = open_game(book)
    finish(book, game, game.deal(tables, round_number, now(), force=force), as_json)


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), help="The round (default: the one in play).")
@click.option("--player", help="The player whose decisions to take, for games that ask one player at a time.")
@image_option
@guarded
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
    game, tables = open_game(book)
    saved, ended = play_through(book, game, tables, round_number, player,
                                lambda prompt: click.prompt(_question(prompt)), image)
    if not ended:
        click.echo(f"\nStopped: {plural(saved, 'decision')} saved this run; run the same command to resume.",
                   err=True)
        sys.exit(1)


def play_through(book: Book, game: Game, tables: Tables, round_number: int | None, player: str | None,
                 ask: Callable[[Prompt], str], image: str | None = None,
                 clock: Callable[[], dt.datetime] = now) -> tuple[int, bool]:
    """Ask for each decision due and save it at once: the decisions saved, and whether the phase ended (else
    `ask` raised click.Abort). The game reads the answer, so the same words as its tab are accepted."""
    seen: set[str] = set()
    saved = 0
    while True:
        prompt, lines = game.next_prompt(tables, round_number, player, clock())
        for line in lines:
            if line.strip() not in seen:
                click.echo(runnable(line, book))
                seen.add(line.strip())
        if prompt is None:
            click.echo(f"Done: {plural(saved, 'decision')} saved this run.")
            return saved, True
        try:
            answer = ask(prompt)
        except click.Abort:
            return saved, False
        try:
            if answer.strip().casefold() == UNDO:
                outcome = _confirmed_undo(game, tables, round_number, player, seen)
            else:
                outcome = game.decide(tables, round_number, player, answer, clock())
        except BookError as error:
            click.echo(f"Not recorded: {error}", err=True)
            continue
        if outcome is None:
            continue
        undone = answer.strip().casefold() == UNDO
        if outcome.writes:
            save(book, game, outcome.writes)
            saved += not undone
            tables = _updated(tables, outcome.writes)
        save_image(outcome, image)
        for i, line in enumerate(outcome.summary):
            click.echo(f"Saved: {line}" if i == 0 and outcome.writes and not undone else line)
            seen.add(line.strip())


UNDO = "undo"


def _question(prompt: Prompt) -> str:
    """The prompt with the answers it names, and undo."""
    return f"{prompt.text} ({', '.join([*prompt.choices, UNDO])})" if prompt.choices else prompt.text


def _confirmed_undo(game: Game, tables: Tables, round_number: int | None, player: str | None,
                    seen: set[str]) -> Outcome | None:
    """The game's undo once the host confirms it; the lines it shows are not shown again."""
    outcome = game.undo(tables, round_number, player)
    for line in outcome.summary:
        click.echo(line)
        seen.add(line.strip())
    if not click.confirm("Take it back?", default=False):
        click.echo("Kept: nothing was changed.")
        return None
    outcome.summary = ["Taken back."]
    return outcome


def _updated(tables: Tables, writes: Mapping[str, Rows]) -> Tables:
    """The tabs as they stand after a write, without reading the workbook again."""
    for name, rows in writes.items():
        tables = tables.replaced(name, Table(name, rows))
    return tables


@click.command()
@book_options
@click.option("--ledger", "ledger_path", type=click.Path(dir_okay=False),
              help="Pay into this season workbook's Ledger tab instead of the match workbook's own.")
@json_option
@guarded
def standings(book: Book, ledger_path: str | None, as_json: bool) -> None:
    """Print the match table, write the public Leaderboard, and pay out a final result.

    Adds each player's treasure over the rounds (a skull is -3), names the winner
    (a tie goes to Config tie_winner) or the automatic loser of Part 1. Once the
    result is final the winner's garnets (Config winner_garnets) are posted to the
    Ledger tab; running it again never pays twice. With --ledger the entries go
    to a season workbook instead (made with a Ledger tab if it does not exist).

    \b
    Examples:
      hostkit standings --book game.xlsx
      hostkit standings --book game.xlsx --ledger season.xlsx --json
    """
    game, tables = open_game(book)
    finish(book, game, paid_standings(book, game, tables, ledger_path), as_json)


def paid_standings(book: Book, game: Game, tables: Tables, ledger_path: str | None) -> Outcome:
    """The game's standings with its final result paid into the ledger (the season workbook's, written here)."""
    outcome, entries = game.standings(tables)
    if ledger_path is None:
        _pay(tables, entries, outcome, book.location)
    else:
        from hostkit.storage.xlsx import XlsxBook

        season = XlsxBook(ledger_path)
        season_outcome = Outcome()
        _pay(Tables(season.read() if season.path.exists() else {}), entries, season_outcome, ledger_path)
        write_or_create(season, season_outcome.writes)
        outcome.problems += season_outcome.problems
        outcome.summary += season_outcome.summary
        outcome.data = {**(outcome.data or {}), **(season_outcome.data or {})}
    return outcome


def _pay(tables: Tables, entries: list[Entry], outcome: Outcome, where: str) -> None:
    """Post entries into the Ledger tab of `tables`; entries already there, or contradicted, are not posted."""
    existing, problems = read_ledger(tables)
    outcome.problems += problems
    fresh = []
    for entry in entries:
        clash = next((e for e in existing if e.match.casefold() == entry.match.casefold() and e.round == entry.round
                      and e.reason.strip().casefold() == entry.reason.strip().casefold()
                      and player_key(e.player) != player_key(entry.player)), None)
        if clash is None:
            fresh.append(entry)
        else:
            outcome.problems.append(Problem(LEDGER_TAB, None, (
                f"{where} already pays {clash.player} for {entry.reason!r} in {entry.match!r}, but the result now "
                f"names {entry.player}; nothing was paid. Correct the Ledger by hand, then run standings again.")))
    everything, added = post(existing, fresh)
    if added:
        outcome.writes[LEDGER_TAB] = ledger_rows(everything)
    for entry in added:
        outcome.summary.append(f"Paid: {entry.player} {entry.garnets:+d} garnets ({entry.reason}, {entry.match}), "
                               f"written to {LEDGER_TAB} in {where}.")
    for entry in entries:
        if entry.key() in {e.key() for e in existing}:
            outcome.summary.append(f"Already paid: {entry.player} {entry.garnets:+d} garnets ({entry.reason}); "
                                   f"nothing added.")
    outcome.data = {**(outcome.data or {}), "paid": [_entry_json(e) for e in added]}


def _entry_json(entry: Entry) -> dict:
    return {"match": entry.match, "round": entry.round, "player": entry.player, "garnets": entry.garnets,
            "tokens_of_life": entry.tokens, "elimination_candidate": entry.candidate, "reason": entry.reason}


COMMANDS = (deal, play, standings)
