"""Discord takes at most 2,000 characters a message: longer text is cut on line boundaries, and a code block
cut in two is closed at the end of one part and opened again at the start of the next, so every part's code
fences pair up. Nothing a player typed formats a message: players' names and the text outside code blocks
have Discord's markdown, masked links and mention markup escaped, and nothing but hostkit's own fence lines
(a line that is ``` and at most a language name) can open or close a code block."""

from __future__ import annotations

import re
from collections.abc import Iterable

LIMIT = 2000
FENCE = "```"
ZERO_WIDTH = "\u200b"
_FENCE_LINE = re.compile(r"\s*```[A-Za-z0-9_+\-]*\s*")
_MARKDOWN = re.compile(r"([\\*_~`|\[\]<>#])")
_SPECIAL = re.compile(r"[\\*_~`|\[\]<>#]|@everyone|@here", re.IGNORECASE)
_MENTION = re.compile(r"<(?=[@#/]|t:|id:|a?:\w+:)")
_MASKED_LINK = re.compile(r"\[([^\[\]\n]*)\]\(")
_EVERYONE = re.compile(r"@(everyone|here)", re.IGNORECASE)
_TICKS = re.compile(r"`(?=`)")


def is_fence(line: str) -> bool:
    """A line that opens or closes a code block: ``` alone, or with a language name."""
    return bool(_FENCE_LINE.fullmatch(line))


def escaped_names(text: str, names: Iterable[str]) -> str:
    """The text as Discord should show it: outside code blocks each name holding a markdown character is
    backslash-escaped, and masked links, mentions (<@id>, <@&id>, <#id>, ...), @everyone and @here are made
    plain text; inside them backticks are kept apart (a zero-width space between two), so no name closes a
    block early. A block left open is closed at the end."""
    special = sorted({n for n in names if n and _SPECIAL.search(n)}, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) for n in special)) if special else None
    fenced = False
    lines = []
    for line in text.split("\n"):
        if is_fence(line):
            fenced = not fenced
            lines.append(line)
            continue
        lines.append(_escaped_line(line, pattern, fenced))
    if fenced:
        lines.append(FENCE)
    return "\n".join(lines)


def _escaped_line(line: str, names: re.Pattern[str] | None, fenced: bool) -> str:
    plain = _in_code if fenced else _plain
    if names is None:
        return plain(line)
    pieces, start = [], 0
    for found in names.finditer(line):
        pieces.append(plain(line[start : found.start()]))
        pieces.append(_in_code(found.group()) if fenced else _name(found.group()))
        start = found.end()
    pieces.append(plain(line[start:]))
    return "".join(pieces)


def _name(name: str) -> str:
    """A name outside code blocks: its markdown characters (brackets and < too) escaped, and no @everyone."""
    return _EVERYONE.sub(f"@{ZERO_WIDTH}\\1", _MARKDOWN.sub(r"\\\1", name))


def _in_code(text: str) -> str:
    return _TICKS.sub(f"`{ZERO_WIDTH}", text)


def _plain(text: str) -> str:
    """Text outside code blocks with nothing in it that pings, links under another name, or opens a block."""
    text = _MASKED_LINK.sub(r"\\[\1\\](", text)
    text = _MENTION.sub(r"\\<", text)
    text = _EVERYONE.sub(f"@{ZERO_WIDTH}\\1", text)
    return text.replace(FENCE, f"`{ZERO_WIDTH}`{ZERO_WIDTH}`")


def split(text: str, limit: int = LIMIT) -> list[str]:
    """The text in parts of at most `limit` characters, each ending at a line break where one fits; a code
    block cut in two is closed and reopened."""
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    current: list[str] = []
    size = 0
    fenced = False
    for line in _lines(text, limit - 2 * (len(FENCE) + 1)):
        if current and size + len(line) + 1 + (len(FENCE) + 1 if fenced else 0) > limit:
            parts.append("\n".join(current + ([FENCE] if fenced else [])))
            current = [FENCE] if fenced else []
            size = len(FENCE) if fenced else 0
        current.append(line)
        size += len(line) + (1 if len(current) > 1 else 0)
        if is_fence(line):
            fenced = not fenced
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


def paste_parts(text: str, names: Iterable[str] = (), limit: int = LIMIT) -> list[str]:
    """The text as messages to paste into Discord one by one: each at most `limit` characters, a whole block
    (its code fences paired), cut between blank-line-separated sections where it must be cut (a section
    longer than a message is cut between lines), and numbered "(1/3)" on its first line when there are
    several. Names are escaped as escaped_names does."""
    text = escaped_names(text, names)
    if len(text) <= limit:
        return [text]
    count = 1
    while True:
        label = len(f"({count}/{count})\n")
        parts = _packed(_sections(text), limit - label)
        if len(parts) == count or len(f"({len(parts)}/{len(parts)})\n") <= label:
            break
        count = len(parts)
    if len(parts) == 1:
        return parts
    return [f"({i}/{len(parts)})\n{part}" for i, part in enumerate(parts, 1)]


def _sections(text: str) -> list[str]:
    """The text cut at blank lines outside code blocks."""
    sections: list[list[str]] = [[]]
    fenced = False
    for line in text.split("\n"):
        if not line.strip() and not fenced:
            if sections[-1]:
                sections.append([])
            continue
        sections[-1].append(line)
        if is_fence(line):
            fenced = not fenced
    return ["\n".join(lines) for lines in sections if lines]


def _packed(sections: list[str], room: int) -> list[str]:
    """Sections gathered into parts of at most `room` characters, blank lines between them."""
    parts: list[str] = []
    for section in sections:
        pieces = split(section, room)
        if parts and len(pieces) == 1 and len(parts[-1]) + 2 + len(pieces[0]) <= room:
            parts[-1] += "\n\n" + pieces[0]
        elif parts and len(pieces) > 1:  # a section longer than a message goes on from the part before
            parts += split(parts.pop() + "\n\n" + section, room)
        else:
            parts += pieces
    return parts
