"""Discord takes at most 2,000 characters a message: longer text is cut on line boundaries, and a code block
cut in two is closed at the end of one part and opened again at the start of the next. Players' names are
escaped in Discord's markdown outside code blocks, so no name formats a message."""

from __future__ import annotations

import re
from collections.abc import Iterable

LIMIT = 2000
FENCE = "```"
_MARKDOWN = re.compile(r"([\\*_~`|])")


def escaped_names(text: str, names: Iterable[str]) -> str:
    """The text with each name holding a markdown character (* _ ~ ` | \\) backslash-escaped outside code
    blocks (inside one nothing formats, and the code block's own writer keeps backticks apart)."""
    special = sorted((n for n in names if _MARKDOWN.search(n)), key=len, reverse=True)
    if not special:
        return text
    pieces = text.split(FENCE)
    for i in range(0, len(pieces), 2):
        for name in special:
            pieces[i] = pieces[i].replace(name, _MARKDOWN.sub(r"\\\1", name))
    return FENCE.join(pieces)


def split(text: str, limit: int = LIMIT) -> list[str]:
    """The text in parts of at most `limit` characters, each ending at a line break where one fits."""
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    current: list[str] = []
    size = 0
    fenced = False
    for line in _lines(text, limit - 2 * (len(FENCE) + 1)):
        opens = fenced
        if current and size + len(line) + 1 + (len(FENCE) + 1 if fenced else 0) > limit:
            parts.append("\n".join(current + ([FENCE] if fenced else [])))
            current = [FENCE] if fenced else []
            size = len(FENCE) if fenced else 0
        current.append(line)
        size += len(line) + (1 if len(current) > 1 else 0)
        if line.strip().startswith(FENCE):
            fenced = not opens
    if current:
        parts.append("\n".join(current))
    return parts


def _lines(text: str, width: int) -> list[str]:
    """The text's lines, a line longer than `width` cut into pieces of that width."""
    lines = []
    for line in text.split("\n"):
        while len(line) > width:
            lines.append(line[:width])
            line = line[width:]
        lines.append(line)
    return lines
