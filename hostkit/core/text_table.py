"""Rows as aligned text columns for a terminal or a chat code block, measured as a terminal shows them: an
emoji or a CJK character takes two columns, a combining accent none (wcwidth)."""

from __future__ import annotations

from collections.abc import Sequence


def display_width(text: str) -> int:
    """The columns a terminal gives the text."""
    if text.isascii():
        return len(text)
    from wcwidth import wcswidth

    width = wcswidth(text)
    return width if width >= 0 else len(text)  # a control character: count it as one column


def pad(text: str, width: int, right: bool = False) -> str:
    """The text padded with spaces to `width` columns, on the left when `right`-aligned."""
    fill = " " * max(width - display_width(text), 0)
    return fill + text if right else text + fill


def text_table(rows: Sequence[Sequence[object]], gap: str = "  ") -> list[str]:
    """Each row's cells padded to its column's widest cell; numbers right-aligned, text left-aligned, blanks
    blank; trailing spaces dropped."""
    shown = [["" if v is None else str(v) for v in row] for row in rows]
    columns = max((len(row) for row in shown), default=0)
    widths = [max((display_width(row[i]) for row in shown if i < len(row)), default=0) for i in range(columns)]
    numeric = [
        all(isinstance(row[i], (int, float)) and not isinstance(row[i], bool) for row in rows[1:] if i < len(row))
        and any(i < len(row) for row in rows[1:])
        for i in range(columns)
    ]
    return [gap.join(pad(text, widths[i], numeric[i]) for i, text in enumerate(row)).rstrip() for row in shown]
