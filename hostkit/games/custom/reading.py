"""Reading what a player typed: a message cut into answers, and an answer in the form it is compared in."""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation

_SEPARATORS = re.compile(r"[,;\n\r]+")
_SET_SEPARATORS = re.compile(r"[;\n\r]+")
_NUMBER = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$")


def split_message(message: str, many: bool, form: str) -> list[str]:
    """The answers of one message: the message itself, or (many) its pieces between commas, semicolons and new
    lines, blank pieces dropped. A set answer keeps its commas (`A, B, D` is one answer of three items), so set
    answers are separated by semicolons and new lines only; a number keeps its thousands commas (`1,000`)."""
    text = str(message).strip()
    if not many:
        return [text] if text else []
    pattern = _SET_SEPARATORS if form in ("set", "number") else _SEPARATORS
    return [piece.strip() for piece in pattern.split(text) if piece.strip()]


def _plain(text: str) -> str:
    """Case and accents ignored, inner spaces made one, spaces and punctuation at the ends dropped."""
    decomposed = unicodedata.normalize("NFKD", str(text).casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    bare = " ".join(bare.split())
    start, end = 0, len(bare)
    while start < end and not bare[start].isalnum():
        start += 1
    while end > start and not bare[end - 1].isalnum():
        end -= 1
    return bare[start:end]


def normal(answer: object, form: str) -> str | None:
    """An answer as it is compared: text plain; a set's characters (or comma-separated items) sorted; a number
    written in one way. None when it cannot be read in that form (a number that is not one, an empty answer)."""
    if form == "number":
        return _number(answer)
    text = _plain(str(answer))
    if form == "set":
        if "," in text:
            items = sorted(_plain(item) for item in text.split(","))
            return ",".join(item for item in items if item) or None
        return "".join(sorted(ch for ch in text if ch.isalnum())) or None
    return text or None


def _number(answer: object) -> str | None:
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        value = Decimal(str(answer))
    else:
        typed = "".join(str(answer).split())
        if not typed or not _NUMBER.match(typed) or not any(ch.isdigit() for ch in typed):
            return None
        try:
            value = Decimal(typed.replace(",", ""))
        except InvalidOperation:
            return None
    if not value.is_finite():
        return None
    return format(value.normalize(), "f") if value != value.to_integral() else str(int(value))


def why_unread(answer: object, form: str) -> str:
    """Why an answer cannot be read in its form, in words."""
    if form == "number":
        return f"{str(answer).strip()!r} is not a number"
    return "the answer is empty"
