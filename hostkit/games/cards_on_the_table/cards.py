"""Cards, boards and sets: a card is a number 1-3, a colour and a heat indicator; a set is three boards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum, IntEnum

from hostkit.core.settings import whole_number

from .cells import CELLS, SIZE, Cell

NUMBERS = (1, 2, 3)
ROUNDS = (1, 2, 3)


class Colour(Enum):
    RED = "Red"
    BLUE = "Blue"
    YELLOW = "Yellow"

    @classmethod
    def parse(cls, text: object) -> Colour:
        """'Red', 'red' or 'R' (and so on), case-insensitive."""
        word = str(text if text is not None else "").strip().lower()
        for colour in cls:
            if word in (colour.value.lower(), colour.letter.lower()):
                return colour
        raise ValueError(f"colour {str(text).strip()!r} is not one of Red, Blue, Yellow (or R, B, Y)")

    @property
    def letter(self) -> str:
        return self.value[0]

    def __str__(self) -> str:
        return self.value


COLOURS: tuple[Colour, ...] = tuple(Colour)


def parse_number(value: object) -> int:
    """A card number 1, 2 or 3 from an int or its text (a spreadsheet's 2.0 too)."""
    try:
        number = whole_number(value)  # type: ignore[arg-type]
    except ValueError:
        number = 0
    if number not in NUMBERS:
        raise ValueError(f"number {value!r} is not a card number; use 1, 2 or 3")
    return number


class Shade(Enum):
    """The colour of one heat triangle."""

    BLACK = "B"
    GREY = "G"
    WHITE = "W"


class Side(IntEnum):
    """The four triangles of a heat indicator, in the order they are written."""

    UP = 0
    RIGHT = 1
    DOWN = 2
    LEFT = 3


@dataclass(frozen=True)
class Heat:
    """Four shades for the up, right, down and left triangles; written 'BGWG'."""

    shades: tuple[Shade, Shade, Shade, Shade]

    def __post_init__(self) -> None:
        if len(self.shades) != 4 or not all(isinstance(s, Shade) for s in self.shades):
            raise ValueError(f"a heat indicator has four shades (up, right, down, left), not {self.shades!r}")

    @classmethod
    def parse(cls, text: object) -> Heat:
        letters = str(text if text is not None else "").strip().upper()
        if len(letters) != 4 or any(letter not in "BGW" for letter in letters):
            raise ValueError(
                f"heat {str(text).strip()!r} is not four letters B, G or W "
                "(black, grey, white) for the up, right, down and left triangles, as in BGWG"
            )
        return cls(tuple(Shade(letter) for letter in letters))  # type: ignore[arg-type]

    def format(self) -> str:
        return "".join(shade.value for shade in self.shades)

    def __str__(self) -> str:
        return self.format()

    def __getitem__(self, side: Side) -> Shade:
        return self.shades[side]


@dataclass(frozen=True)
class Card:
    """A number 1-3 and a colour; heat is None until a heat rule (or the host) gives it."""

    number: int
    colour: Colour
    heat: Heat | None = None

    def __post_init__(self) -> None:
        if self.number not in NUMBERS or isinstance(self.number, bool):
            raise ValueError(f"a card's number is 1, 2 or 3, not {self.number!r}")
        if not isinstance(self.colour, Colour):
            raise ValueError(f"a card's colour is Red, Blue or Yellow, not {self.colour!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """'3R' (number and colour letter) or '3R/BGWG' (with heat)."""
        token = str(text).strip()
        face, _, heat = token.partition("/")
        if len(face) != 2:
            raise ValueError(f"card {token!r} is not a number and a colour letter, as in 3R or 3R/BGWG")
        return cls(parse_number(face[0]), Colour.parse(face[1]), Heat.parse(heat) if heat else None)

    def format(self) -> str:
        face = f"{self.number}{self.colour.letter}"
        return face if self.heat is None else f"{face}/{self.heat}"

    def __str__(self) -> str:
        return self.format()

    def describe(self) -> str:
        """'a 3, Red, heat BGWG', as the private answer puts it."""
        heat = "" if self.heat is None else f", heat {self.heat}"
        return f"a {self.number}, {self.colour}{heat}"

    def has_face(self, number: int, colour: Colour) -> bool:
        return self.number == number and self.colour == colour


@dataclass(frozen=True)
class Board:
    """One round's 25 cards in reading order; index it with a Cell."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.cards) != SIZE * SIZE:
            raise ValueError(f"a board has {SIZE * SIZE} cards, not {len(self.cards)}")

    def __getitem__(self, cell: Cell) -> Card:
        return self.cards[cell.index]

    def items(self) -> Iterator[tuple[Cell, Card]]:
        return zip(CELLS, self.cards)

    def number(self, cell: Cell) -> int:
        return self.cards[cell.index].number

    def has_heat(self) -> bool:
        return all(card.heat is not None for card in self.cards)

    def with_heat(self, heats: Mapping[Cell, Heat]) -> Board:
        return Board(tuple(replace(card, heat=heats[cell]) for cell, card in self.items()))

    @classmethod
    def parse(cls, text: str) -> Board:
        """Five lines of five cards such as '3R' or '3R/BGWG', separated by spaces."""
        lines = [line.split() for line in str(text).strip().splitlines() if line.strip()]
        if len(lines) != SIZE or any(len(line) != SIZE for line in lines):
            shape = " + ".join(str(len(line)) for line in lines) or "nothing"
            raise ValueError(f"a board is {SIZE} lines of {SIZE} cards, not {shape}; write cards like 3R or 3R/BGWG")
        return cls(tuple(Card.parse(token) for line in lines for token in line))

    def format(self) -> str:
        return "\n".join(
            " ".join(card.format() for card in self.cards[row * SIZE : (row + 1) * SIZE]) for row in range(SIZE)
        )


def _whole(value: object, what: str) -> int:
    try:
        return whole_number(value)  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(f"{what} {value!r} is not a whole number; use 1 to {SIZE}") from None


Record = tuple[int, int, int, int, str, str]


@dataclass(frozen=True)
class BoardSet:
    """The three boards of a match, for rounds 1, 2 and 3."""

    boards: tuple[Board, Board, Board]

    def __post_init__(self) -> None:
        if len(self.boards) != len(ROUNDS):
            raise ValueError(f"a set has {len(ROUNDS)} boards (rounds 1-3), not {len(self.boards)}")

    def board(self, round_number: int) -> Board:
        if round_number not in ROUNDS:
            raise ValueError(f"round {round_number!r} has no board; rounds are 1, 2 and 3")
        return self.boards[round_number - 1]

    def card(self, round_number: int, cell: Cell) -> Card:
        return self.board(round_number)[cell]

    @classmethod
    def parse(cls, text: str) -> BoardSet:
        """Three boards (see Board.parse), separated by a blank line."""
        blocks, block = [], []
        for line in str(text).strip().splitlines():
            if line.strip():
                block.append(line)
            elif block:
                blocks.append("\n".join(block))
                block = []
        if block:
            blocks.append("\n".join(block))
        if len(blocks) != len(ROUNDS):
            raise ValueError(f"a set is 3 boards separated by blank lines, not {len(blocks)}")
        return cls(tuple(Board.parse(b) for b in blocks))  # type: ignore[arg-type]

    def format(self) -> str:
        return "\n\n".join(board.format() for board in self.boards)

    def records(self) -> list[Record]:
        """One row per card: Round, Row, Column, Number, Colour, Heat ('' when not given)."""
        return [
            (
                round_number,
                cell.row,
                cell.column,
                card.number,
                card.colour.value,
                "" if card.heat is None else card.heat.format(),
            )
            for round_number, board in zip(ROUNDS, self.boards)
            for cell, card in board.items()
        ]

    @classmethod
    def from_records(cls, records: Iterable[Sequence[object]]) -> BoardSet:
        """The inverse of records(): 75 rows of Round, Row, Column, Number, Colour, Heat (Heat may be blank)."""
        cards: dict[tuple[int, Cell], Card] = {}
        errors: list[str] = []
        for position, record in enumerate(records, start=1):
            try:
                round_text, row, column, number, colour, *rest = record
                round_number = _whole(round_text, "round")
                if round_number not in ROUNDS:
                    raise ValueError(f"round {round_text!r} is not 1, 2 or 3")
                cell = Cell(_whole(row, "row"), _whole(column, "column"))
                heat_text = str(rest[0]).strip() if rest and rest[0] is not None else ""
                card = Card(parse_number(number), Colour.parse(colour), Heat.parse(heat_text) if heat_text else None)
            except ValueError as error:
                errors.append(f"record {position}: {error}")
                continue
            if (round_number, cell) in cards:
                errors.append(f"record {position}: round {round_number} {cell} is given twice; keep one")
            cards[(round_number, cell)] = card
        missing = [f"round {r} {cell}" for r in ROUNDS for cell in CELLS if (r, cell) not in cards]
        if missing:
            errors.append(f"no card for {', '.join(missing[:10])}{' and more' if len(missing) > 10 else ''}")
        if errors:
            raise ValueError("the boards cannot be read: " + "; ".join(errors))
        return cls(tuple(Board(tuple(cards[(r, cell)] for cell in CELLS)) for r in ROUNDS))  # type: ignore[arg-type]
