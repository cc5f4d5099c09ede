"""The ready-made workbooks in sheets_templates/: for each game, `<game>.xlsx` (every tab `hostkit new`
makes, with its headers and each setting's meaning, no players yet) and `<game>.md` (the Google Form that
feeds it). Made from the game packages: `python -m hostkit.cli.templates [FOLDER]`."""

from __future__ import annotations

import sys
from pathlib import Path

from hostkit.core.game import TEMPLATE_ID, Game
from hostkit.core.players import PLAYERS_TAB
from hostkit.core.settings import CONFIG_TAB, with_setting
from hostkit.core.tables import Rows

FOLDER = Path(__file__).parents[2] / "sheets_templates"


def template_tabs(game: Game) -> dict[str, Rows]:
    """The tabs of a new match with no players typed in yet, no seed, and the match id `template` (made the
    match's own by the first command that writes)."""
    tabs = game.new_book([f"Player {i + 1}" for i in range(game.min_players)], 0, match_id=TEMPLATE_ID)
    tabs[PLAYERS_TAB] = tabs[PLAYERS_TAB][:1]
    tabs[CONFIG_TAB] = with_setting(tabs[CONFIG_TAB], "seed", None)
    return tabs


def form_tab(game: Game) -> tuple[str, list[str]] | None:
    """The tab players' answers land in, and its columns, when a Form can feed it (it has a Timestamp)."""
    for tab in game.template()["tabs"]:
        if "Timestamp" in tab["header"]:
            return tab["name"], list(tab["header"])
    return None


def form_page(game: Game) -> str:
    found = form_tab(game)
    lines = [
        f"# {game.title}: the ready-made workbook",
        "",
        f"`{game.name}.xlsx` holds every tab `hostkit new {game.name}` makes, with its headers, and Config with "
        "each setting's meaning. To use it:",
        "",
        "1. Upload it to Google Drive and open it with Google Sheets (File > Save as Google Sheets), or keep "
        "it as an .xlsx file to work offline.",
        f"2. Type the players' names in `{PLAYERS_TAB}`, one per row under `Player` ({game.player_count()} players).",
        "3. In `Config`, type a `seed` of your own (any whole number: it drives every random choice) and a "
        "`match` name; fill in the rest as the game's page says.",
        f"4. Run `hostkit status --sheet KEY` (or `--book {game.name}.xlsx`): it says what to do next.",
        "",
    ]
    if found is None:
        lines += [
            "## Players' moves",
            "",
            f"{game.title} is refereed live: you paste each player's message at `hostkit play`, which writes "
            "it to the workbook. No Google Form is needed.",
        ]
    else:
        tab, header = found
        questions = [column for column in header if column != "Timestamp"]
        lines += [
            "## The Google Form",
            "",
            f"Players' answers go into `{tab}`. Make a Google Form with these questions (a short-answer question "
            "each; the Form adds the Timestamp itself):",
            "",
            "| question | fills the column | what players type |",
            "|---|---|---|",
            *(f"| {column} | `{column}` | {_hint(column)} |" for column in questions),
            "",
            "Then link it to the sheet: in the Form, *Responses > Link to Sheets > Select existing spreadsheet*, "
            "and pick this sheet. Google adds a tab such as `Form Responses 1`. Tell hostkit to read it in Config:",
            "",
            "```text",
            "form_tab      Form Responses 1",
            f"form_columns  {'; '.join(f'{q} -> {q}' for q in questions)}",
            f"form_target   {tab}",
            "```",
            "",
            "If your questions have other titles, put each title on the left of its `->`.",
        ]
    return "\n".join(lines) + "\n"


def _hint(column: str) -> str:
    return {
        "Player": "their name, as in Players",
        "Round": "the round number (may be left out: hostkit reads it from the time)",
    }.get(column, f"their {column.lower()}, as the game's page describes")


def write_templates(folder: Path = FOLDER) -> list[Path]:
    from hostkit.games import GAMES, load_game
    from hostkit.library._commit import commit
    from hostkit.library._plan import MATCH, Plan
    from hostkit.library._workbooks import Workbooks
    from hostkit.storage.xlsx import XlsxBook

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in GAMES:
        game = load_game(name)
        book = folder / f"{name}.xlsx"
        plan = Plan("template", writes={MATCH: template_tabs(game)}, messages=False, create=True, force=True)
        commit(Workbooks(XlsxBook(book, wait=0)), plan)
        page = folder / f"{name}.md"
        page.write_text(form_page(game), encoding="utf-8")
        written += [book, page]
    for lock in folder.glob(".*.hostkit-lock"):
        lock.unlink()
    return written


if __name__ == "__main__":
    for path in write_templates(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER):
        print(path)
