"""Counting words for messages: a count with its noun, and runs of numbers."""

from __future__ import annotations

import re
import textwrap

PHONE_WIDTH = 34
"""Characters of a code block that a phone shows without scrolling sideways."""


def replace_undecodable(text: str) -> str:
    """Text with the lone surrogates a shell makes of bytes that are not UTF-8 (and the non-characters
    U+FFFE, U+FFFF) replaced by U+FFFD, which shows where they were."""
    if text.isprintable() or text.isascii():
        return text
    return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF or ch in "\ufffe\uffff" else ch for ch in text)


def plural(count: int, word: str, many: str | None = None) -> str:
    """3 and 'turn' as '3 turns'; `many` for nouns that do not just add an s."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def signed(count: int, word: str, many: str | None = None) -> str:
    """A change with its sign and noun: +1 garnet, -3 garnets, +2 Tokens of Life ('Token of Life', 'Tokens of
    Life')."""
    return f"{count:+d} {word if abs(count) == 1 else many or word + 's'}"


FEW = 5
"""The most values a message names: the rest are counted."""


def some(values: object, most: int = FEW, more: str = "more") -> str:
    """Values for a message, at most `most` of them named and the rest counted: 'Ann, Bo, Cy, Di, Ed and 995
    more'. An error about a thousand values stays one readable sentence."""
    listed = [str(v) for v in values]  # type: ignore[attr-defined]
    if len(listed) <= most:
        return ", ".join(listed)
    return f"{', '.join(listed[:most])} and {len(listed) - most:,} {more}"


def spans(numbers: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 as '1–3, 5, 7–8'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


def named(column: str, value: object) -> str:
    """A cell as a message names it: "Opens 'tonight 8pm'", "Round 1.9", or just "Opens" when it is blank."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return column
    return f"{column} {value.strip()!r}" if isinstance(value, str) else f"{column} {value}"


def chat_block(lines: list[str], width: int = PHONE_WIDTH) -> str:
    """Lines as a chat code block (``` fences), each wrapped to fit a phone screen. No two backticks stay side
    by side (a zero-width space goes between them), so no name a player chose can close the block."""
    wrapped = [part for line in lines for part in (textwrap.wrap(line, width, subsequent_indent="  ") or [""])]
    return "\n".join(["```", *(_TICKS.sub("`\u200b", line) for line in wrapped), "```"])


_TICKS = re.compile(r"`(?=`)")


def private_block(player: str, text: str) -> list[str]:
    """A private message as the host sees it among a command's lines, to paste into one player's channel."""
    return [f"--- for {player} only (paste in their private channel) ---", text, ""]
