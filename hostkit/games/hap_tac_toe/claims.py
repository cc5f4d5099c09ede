"""Reading claims (`set A1 A2 A4; B2 C3 D4`) and the live message a host pastes
(`yellow solid 4 C3 set A1 A2 A4 done @20:01:15`)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from hostkit.games.hap_tac_toe.board import Square, format_squares, parse_square

CLAIM_WORDS = ("set", "sets", "hap", "haps", "claim", "claims")
"""Words that open a claim, in either game; `;`, `|` and line breaks also separate claims."""
NOISE_WORDS = ("and", "done")
_SEPARATORS = re.compile(r"[;|\n]|\b(?:" + "|".join(CLAIM_WORDS) + r")\b", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z]+\d*|\d+|[^\sA-Za-z\d,.\-+/&]+")
_TIME = re.compile(r"@\s*(\d\S*)")
_DONE = re.compile(r"\bdone\b[\s.!]*$", re.IGNORECASE)
_SQUARE_WORD = re.compile(r"[A-Za-z]\d+")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?")


@dataclass(frozen=True)
class Claim:
    """Three squares named in one claim, or an unreadable piece of text with what is wrong with it.

    `text` is the claim as format_claims writes it: the squares for a readable claim, the
    piece as typed (trimmed) for an unreadable one."""

    text: str
    squares: tuple[Square, ...] | None = None
    problem: str | None = None

    @classmethod
    def of(cls, *squares: Square | str) -> Claim:
        parsed = tuple(sq if isinstance(sq, Square) else parse_square(sq) for sq in squares)
        if len(parsed) != 3:
            raise ValueError(f"a claim names three squares, not {len(parsed)}: {format_squares(parsed)!r}")
        return cls(format_squares(parsed), parsed)

    @classmethod
    def unreadable(cls, text: str, problem: str) -> Claim:
        return cls(text.strip(), None, problem)

    def is_readable(self) -> bool:
        return self.squares is not None

    def key(self) -> frozenset[Square]:
        """The claim regardless of the order its squares were named in."""
        return frozenset(self.squares or ())


def _read_group(text: str) -> list[Claim]:
    squares: list[Square] = []
    for token in _TOKEN.findall(text):
        if token.casefold() in NOISE_WORDS:
            continue
        try:
            squares.append(parse_square(token))
        except ValueError as error:
            return [Claim.unreadable(text, str(error))]
    if not squares or len(squares) % 3:
        return [
            Claim.unreadable(text, f"{text.strip()!r} names {len(squares)} squares; a claim names three, like A1 A2 A4")
        ]
    return [Claim(format_squares(squares[i : i + 3]), tuple(squares[i : i + 3])) for i in range(0, len(squares), 3)]


def parse_claims(text: object) -> list[Claim]:
    """Any number of claims, in the order written. Blank gives none. Claims are split at `set`/`hap`,
    `;`, `|` or line breaks; a group of six or nine squares is read as two or three claims."""
    raw = "" if text is None else str(text)
    claims: list[Claim] = []
    for group in _SEPARATORS.split(raw):
        if group and group.strip(" \t,.-"):
            claims.extend(_read_group(group.strip()))
    return claims


def format_claims(claims: Iterable[Claim], word: str | None = None) -> str:
    """`A1 A2 A4; B2 C3 D4`, or with word="set": `set A1 A2 A4 set B2 C3 D4`."""
    texts = [claim.text for claim in claims]
    if word:
        return " ".join(f"{word} {t}" for t in texts)
    return "; ".join(texts)


def parse_clock_time(text: str) -> dt.time:
    """`20:01`, `20:01:15` or `20:01:15.5` as a time of day."""
    match = _CLOCK.fullmatch(text.strip().lstrip("@").strip())
    try:
        if not match:
            raise ValueError
        hours, minutes, seconds, fraction = match.groups()
        micro = int((fraction or "").ljust(6, "0"))
        return dt.time(int(hours), int(minutes), int(seconds or 0), micro)
    except ValueError:
        raise ValueError(f"{text!r} is not a time of day; write it like 20:01:15") from None


def format_clock_time(moment: dt.time) -> str:
    return moment.isoformat(timespec="milliseconds" if moment.microsecond else "seconds")


@dataclass(frozen=True)
class Message:
    """A player's turn as pasted by the host: block text, square text, claims, and an optional time."""

    block: str
    square: str
    claims: str = ""
    time: dt.time | None = None

    def claim_list(self) -> list[Claim]:
        return parse_claims(self.claims)


def parse_message(text: object, block_example: str = "yellow solid 4") -> Message:
    """`yellow solid 4 C3 set A1 A2 A4 done @20:01:15`: the block is everything before the first
    word shaped like a square, the claims everything after it; `done` and the time are optional. A message
    that cannot be read is explained with an example of the game's own blocks (`block_example`)."""
    raw = "" if text is None else str(text).strip()
    moment = None
    found = list(_TIME.finditer(raw))
    if len(found) > 1:
        raise ValueError(f"{raw!r} has {len(found)} times; type one, like @20:01:15")
    if found:
        moment = parse_clock_time(found[0].group(1))
        raw = (raw[: found[0].start()] + " " + raw[found[0].end() :]).strip()
    raw = _DONE.sub("", raw).strip()
    words = raw.split()
    at = next((i for i, w in enumerate(words) if _SQUARE_WORD.fullmatch(w.strip(",.;:"))), None)
    if at is None:
        raise ValueError(
            f"{raw!r} names no square; type the block, the square and the claims, "
            f"like '{block_example} C3 set A1 A2 A4 done'"
        )
    block = " ".join(words[:at])
    if not block:
        raise ValueError(
            f"{raw!r} names no block before its square {words[at]}; type the block first, like '{block_example} C3'"
        )
    return Message(block, words[at].strip(",.;:"), " ".join(words[at + 1 :]), moment)


def format_message(message: Message) -> str:
    parts = [message.block, message.square]
    if message.claims:
        parts.append(message.claims)
    parts.append("done")
    if message.time is not None:
        parts.append("@" + format_clock_time(message.time))
    return " ".join(parts)
