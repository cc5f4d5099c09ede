"""A match workbook read once: the game it runs, its tables as the game sees them, and which match it holds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hostkit.core.forms import FormMapping
    from hostkit.core.game import Game, Identity
    from hostkit.core.settings import Config
    from hostkit.core.tables import Rows, Tables
    from hostkit.storage.book import Book


def read_game(book: Book, warn: Callable[[str], None]) -> tuple[Game, Tables, Identity]:
    """Read the whole workbook once and find which game it runs.

    The tables the game sees use the workbook's own time zone (a Google Sheet's, or the one a pulled copy
    recorded) instead of Config timezone, and a Form's responses tab in place of its submissions tab when
    Config maps one. `warn` hears a Config timezone that is not used. The identity is which match it holds.
    """
    from hostkit.core.forms import apply_form
    from hostkit.core.settings import COMMON_SETTINGS, given_setting, read_config, tables_with_setting
    from hostkit.core.tables import BookError, Tables
    from hostkit.games import load_game

    tabs = book.read()
    zone = book.timezone or _pulled_timezone(tabs)
    tables = raw = Tables(tabs)
    if zone:
        given = given_setting(tables, "timezone")
        if given and given != zone:  # said under --json too: it changes every verdict
            whose = (
                "the spreadsheet's own time zone"
                if book.timezone
                else "the time zone of the spreadsheet this copy was pulled from"
            )
            warn(
                f"hostkit: Config timezone {given} is not used: times are read in {zone}, {whose} (set "
                f"Config timezone to {zone}, or change the spreadsheet's in Google Sheets: File > Settings)."
            )
        tables = tables_with_setting(tables, "timezone", zone)
    order = date_order_of(book.locale)
    if order is not None and not given_setting(tables, "date_order"):
        tables = tables_with_setting(tables, "date_order", order)  # slashed text dates as the locale writes them
    common, _ = read_config(tables, COMMON_SETTINGS)
    try:
        game = load_game(common["game"])
    except KeyError as error:
        if not common["game"] and given_setting(tables, "season_id"):
            raise BookError(
                f"{book.location} is a season workbook, not a match's; see the season with `hostkit season status "
                f"{'--sheet ' + book.key if book.key else '--book ' + book.location}`."
            ) from None
        raise BookError(
            f"Config's game {common['game']!r} is not a game hostkit knows "
            f"({error.args[0].split(': ')[-1]}); fix the 'game' row of Config."
        ) from None
    identity = game.identity(raw)
    if book.progress:
        book.progress(f"Judging by the rules of {game.title}…")
    return game, apply_form(tables, form_mapping(common)), identity


MONTH_FIRST = {"en_US", "en_PH", "es_US", "en_CA", "fil_PH", "en_AS", "en_GU", "en_MP", "en_PR", "en_UM", "en_VI"}
"""Locales whose short dates put the month first (11/21/2026); the others put the day first (21/11/2026)."""


def date_order_of(locale: str | None) -> str | None:
    """How a spreadsheet's locale writes a slashed date: MDY, DMY, or None when it has no locale."""
    if not locale:
        return None
    return "MDY" if locale in MONTH_FIRST else "DMY"


def _pulled_timezone(tabs: Mapping[str, Rows]) -> str | None:
    from hostkit.core.settings import PULL_TAB

    if not any(name.casefold() == PULL_TAB.casefold() for name in tabs):
        return None  # not a pulled copy: no need to import the snapshot module
    from hostkit.storage.snapshot import read_snapshot

    snapshot = read_snapshot(tabs)
    return snapshot.timezone if snapshot else None


def form_mapping(config: Config) -> FormMapping:
    """The Form mapping that Config sets (none when form_tab is blank)."""
    from hostkit.core.forms import FormMapping, parse_columns

    return FormMapping(
        config["form_tab"], parse_columns(config["form_columns"]), config["form_target"] or "Submissions"
    )
