"""Form-backed submissions: read a Google Form's responses tab as the submissions tab a game expects.

Config names the responses tab (`form_tab`) and which question fills which column (`form_columns`,
like "Your Discord name -> Player; Your answer -> Answer"). The tab is read as it is, row for row, with
only its header renamed, so a problem names the responses tab and its real row number. The same
mapping works on an xlsx workbook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hostkit.core.tables import BookError, Cell, Table, Tables, _key
from hostkit.core.words import some

_ARROW = re.compile(r"\s*(?:->|→|=>)\s*")


@dataclass(frozen=True)
class FormMapping:
    """Where a Form's responses are and how their questions map to a game's columns."""

    tab: str = ""
    columns: tuple[tuple[str, str], ...] = ()
    target: str = "Submissions"

    def is_set(self) -> bool:
        return bool(self.tab.strip())


def parse_columns(value: Cell) -> tuple[tuple[str, str], ...]:
    """'Your Discord name -> Player; Your answer -> Answer' as (question, column) pairs."""
    pairs: list[tuple[str, str]] = []
    for piece in re.split(r"[;\n]", str(value or "")):
        if not piece.strip():
            continue
        parts = _ARROW.split(piece.strip())
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise ValueError(
                f"has {piece.strip()!r}, which is not 'Question title -> Column' (pairs are separated by ;)"
            )
        pairs.append((parts[0].strip(), parts[1].strip()))
    columns = [_key(c) for _, c in pairs]
    doubled = sorted({c for _, c in pairs if columns.count(_key(c)) > 1})
    if doubled:
        raise ValueError(f"maps two questions to {', '.join(doubled)}; map one question to each column")
    return tuple(pairs)


def format_columns(pairs: tuple[tuple[str, str], ...]) -> str:
    return "; ".join(f"{question} -> {column}" for question, column in pairs)


def submissions_rows(table: Table, mapping: FormMapping) -> list[list[Cell]]:
    """The responses tab's rows with its header renamed to the game's column names; data rows untouched."""
    header = list(table.header)
    keys = [_key(h) for h in header]
    for question, column in mapping.columns:
        if _key(question) not in keys:
            found = some(h for h in header if h) or "nothing"
            raise BookError(
                f"Config form_columns names the question {question!r}, but tab {table.name!r} has no such "
                f"column (its header row holds: {found}); fix form_columns to the question's exact title."
            )
        header[keys.index(_key(question))] = column
    renamed = [_key(h) for h in header if h]
    twice = sorted({h for h in header if h and renamed.count(_key(h)) > 1})
    if twice:
        raise BookError(
            f"Tab {table.name!r} read through form_columns has two columns named "
            f"{', '.join(twice)}; map only one question to each column."
        )
    return [header] + [list(r) for r in table.rows]


def apply_form(tables: Tables, mapping: FormMapping) -> Tables:
    """The tables a game reads: with a mapping set, the responses tab stands in for the submissions tab."""
    if not mapping.is_set():
        return tables
    form = tables.get(mapping.tab)
    if form is None:
        raise BookError(
            f"Config form_tab names the tab {mapping.tab!r}, but the workbook has no such tab (it has: "
            f"{', '.join(tables.names())}); fix form_tab to the responses tab's name, or blank it."
        )
    return tables.replaced(mapping.target, Table(form.name, submissions_rows(form, mapping)))
