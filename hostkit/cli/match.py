"""Commands that every match uses: new, board, score, status, demo, games."""

from __future__ import annotations

import itertools
import shlex
from typing import TYPE_CHECKING

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import (
    CREDENTIALS,
    book_options,
    check_image,
    hold,
    image_option,
    json_option,
    ledger_option,
    match_of,
    now,
    pasted,
    problem_lines,
    round_option,
    runnable,
    save_image,
    show,
    shown,
    warn,
)
from hostkit.cli.season_link import season_options
from hostkit.core.settings import MAX_SEED, TOO_LONG_SEED
from hostkit.games import GAMES

if TYPE_CHECKING:
    from hostkit.core.game import Prompt
    from hostkit.storage.book import Book


class Seed(click.ParamType):
    """A seed on the command line: a whole number from 0 to MAX_SEED, a longer one refused saying why."""

    name = "seed"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        number = click.INT.convert(value, param, ctx)
        if number < 0:
            self.fail(f"{number} is negative; use a whole number from 0 to {MAX_SEED}.", param, ctx)
        if number > MAX_SEED:
            self.fail(f"{number} {TOO_LONG_SEED}.", param, ctx)
        return number


SEED = Seed()


@click.command()
@click.argument("game", type=click.Choice(sorted(GAMES), case_sensitive=False))
@book_options
@click.option(
    "--players",
    help='The players\' names, comma-separated: "Reds,Craw" (with --season: default the players still in, '
    "or the Death Match's pair).",
)
@season_options
@click.option(
    "--seed",
    type=SEED,
    help="Seed of every random choice, 0 to 999999999999999 (15 digits, as many as a spreadsheet keeps; "
    "default: a fresh random one).",
)
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite an existing workbook (on a Google Sheet: replace the game's "
    "tabs; the host's other tabs are always left alone).",
)
def new(
    game: str,
    book: Book,
    players: str | None,
    season_path: str | None,
    season_sheet: str | None,
    seed: int | None,
    force: bool,
) -> None:
    """Create a match workbook for GAME from its template.

    With --sheet, the game's tabs are laid into an existing Google Sheet that you
    have shared with the service account; its other tabs are left alone.

    With --season, the match joins that season: a Main Match is for the players
    still in (or --players, each still in), a Death Match for the pair `hostkit
    season dm` set; its Config records the season, and it pays into the season's
    Ledger.

    \b
    Example:
      hostkit new hap-and-grab --book game.xlsx --players "Reds,Craw" --seed 42
      hostkit new hap-and-grab --sheet 1AbC...xyz --credentials credentials.json --players "Reds,Craw"
      hostkit new paths-and-pahs --book main-1.xlsx --season season.xlsx
    """
    from hostkit.library._creating import new_match

    report = new_match(
        book,
        game,
        players,
        seed=seed,
        force=force,
        season=season_path,
        season_sheet=season_sheet,
        credentials=click.get_current_context().meta.get(CREDENTIALS),
        hold=hold,
    )
    for line in shown(book, report, {}):
        click.echo(line)


@click.command()
@book_options
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1),
    help="The round whose board to make or check (and draw with --image). Games whose boards span "
    "every round, like Cards on the Table, make them all at once and need none.",
)
@click.option(
    "--seed",
    type=SEED,
    help="Draw with this seed instead of Config's, 0 to 999999999999999 (recorded in Draws).",
)
@click.option("--force", is_flag=True, help="Replace the existing board with a generated one.")
@image_option
@json_option
def board(
    book: Book, round_number: int | None, seed: int | None, force: bool, image: str | None, as_json: bool
) -> None:
    """Generate round N's board, or check the one typed in.

    Hap and Grab: a generated board has 8 to 11 distinct cards whose number of
    anti-haps is a positive multiple of 3; the draw is recorded in the Draws tab.
    Cards on the Table: all three boards at once, meeting every board rule of the
    sheet. A board already typed in is checked (every broken rule named), never
    changed (unless --force).

    \b
    Example:
      hostkit board --book game.xlsx --round 1
      hostkit board --book cards.xlsx --image round1.png
    """
    check_image(image, book)
    report = match_of(book).board(round_number, seed=seed, force=force)
    save_image(report, image)
    show(book, report, as_json)


@click.command()
@book_options
@round_option
@image_option
@click.option(
    "--message",
    "as_message",
    is_flag=True,
    help="Print the round's public results as a message to paste into the players' chat instead.",
)
@ledger_option
@send_options
@json_option
def score(
    book: Book, round_number: int, image: str | None, as_message: bool, ledger_path: str | None, as_json: bool
) -> None:
    """Score round N by the rules of the workbook's game and write the results.

    Hap and Grab: judges every answer, builds the turn order, and writes 'Round N
    Results' (each answer with its verdict, penalty and reason; the turn order;
    the counts) and the public Leaderboard. Open, Pass: rounds 1-3 score the bids
    and trades into inventories; round 4 replays the play phase and, once every
    player has finished, ranks them and posts the awards.
    Paths and PAHs: resolves rounds 1 to N in order (round 5 is the endgame) and
    writes the host-only results, the public board after the round and the
    Leaderboard, and the garnets spent to the Ledger. --image draws the board.

    Rows that cannot be used are reported by row number and skipped. A round
    still open is not scored: you are told how long is left. --message prints,
    instead of the summary, the round's public results as a short code block to
    paste into the players' chat (nothing private in it). Awards go to the
    match workbook's Ledger tab, or with --ledger to a season workbook's.

    \b
    Example:
      hostkit score --book game.xlsx --round 2 --json
    """
    from dataclasses import replace

    from hostkit.games import load_game

    check_image(image, book)
    match = match_of(book, season=ledger_path)
    report = match.score(round_number)
    save_image(report, image)
    if as_message:
        if report.message is None:
            identity = match.books.identity
            title = load_game(identity.game).title if identity else "This game"
            click.echo(f"No message: {title} has no public results for round {round_number} yet.", err=True)
        report = replace(report, summary=pasted(match, report), next=None)
    show(book, report, as_json, show_private=not as_message)


@click.command()
@click.option(
    "--book",
    "book_path",
    type=click.Path(dir_okay=False),
    default="demo.xlsx",
    show_default=True,
    help="Where to write the demo workbook.",
)
@click.option(
    "--game",
    "game_name",
    type=click.Choice(sorted(GAMES), case_sensitive=False),
    default="hap-and-grab",
    show_default=True,
    help="The game to show.",
)
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
@click.option(
    "--season",
    "whole_season",
    is_flag=True,
    help="Play a short season instead: a Main Match, a Death Match and a second Main Match with the "
    "survivors, into --book as the season workbook (the matches' workbooks beside it).",
)
def demo(book_path: str, game_name: str, force: bool, whole_season: bool) -> None:
    """Build a sample match with realistic submissions and play it through.

    Each command the host would type runs on it in turn, printed as typed,
    with its output: for Hap and Grab every round's score, deal and live play
    (the decisions scripted), then the standings and the ledger.

    Refuses to overwrite an existing file unless --force.

    \b
    Example:
      hostkit demo --book demo.xlsx
      hostkit demo --season --book season.xlsx
    """
    if whole_season:
        from hostkit.cli.season import season_demo

        season_demo(book_path, force)
        return
    from hostkit.cli.phases import play_through
    from hostkit.games import load_game
    from hostkit.library._match import Match
    from hostkit.library._match_demo import build_demo, demo_step
    from hostkit.storage.xlsx import XlsxBook

    game = load_game(game_name)
    book = XlsxBook(book_path)
    hold(book)
    sample, built = build_demo(book, game, force)
    click.echo(f"Built {book_path}: {built.data['description']}\n")
    played_at = sample.now or now()
    for step in sample.script():
        typed = f"hostkit {step.command} --book {shlex.quote(book_path)}"
        click.echo(f"$ {typed}" + (f" --round {step.round}" if step.round is not None else ""))
        if step.command == "play":
            answers = itertools.cycle(step.answers)

            def answer(prompt: Prompt) -> str:
                choice = next(answers)
                click.echo(f"{prompt.text} ({', '.join(prompt.choices)}): {choice}")
                return choice

            live = Match(book, clock=lambda: played_at, warn=warn, hold=hold)
            play_through(live, step.round, None, answer)
        else:
            report = demo_step(book, game, step, played_at)
            for line in shown(book, report, report.private):
                click.echo(line)
            for line in problem_lines(list(report.problems)):
                click.echo(f"  problem reported: {runnable(line, book)}")
        click.echo("")
    book.release(remove_lock=True)  # the demo made this workbook: nothing else waits on it
    click.echo(f"Open {book_path} to see every tab the commands wrote: the public ones come first.")


@click.command()
@book_options
@json_option
def status(book: Book, as_json: bool) -> None:
    """Say what the match is waiting for, and the next command to run.

    Rounds open and closed (with the time left), what each round is waiting
    for, who has not submitted, and the next command, ready to copy. Nothing is
    written. --json has one shape in every game: game, match_id, round (the
    round in play, else the last), phase, waiting_for (a list), next (the
    command to run), problems (how many), and the game's own keys under details.

    \b
    Example:
      hostkit status --book game.xlsx
    """
    report = match_of(book).status()
    show(book, report, as_json)


@click.command("games")
def games_command() -> None:
    """List the games hostkit can run."""
    from hostkit.games import load_game

    for name in GAMES:
        game = load_game(name)
        click.echo(f"{name}\t{game.title} ({game.player_count()} players)")


COMMANDS = (new, board, score, status, demo, games_command)
