"""What a card shows, game-neutral: a shape, a pattern, colours, a number and marks (a `Picture`), and the
colours by name. hostkit.core.drawing draws pictures as a PNG, hostkit.core.glyphs as cells."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

RGB = tuple[int, int, int]


class Shape(str, Enum):
    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    STAR = "star"
    NUMBER = "number"  # the picture's text, drawn large, is the shape


class Pattern(str, Enum):
    SOLID = "solid"
    HOLLOW = "hollow"
    STRIPED = "striped"


COLOURS: dict[str, RGB] = {
    "white": (255, 255, 255),
    "grey": (150, 155, 160),
    "gray": (150, 155, 160),
    "black": (33, 37, 41),
    "red": (224, 49, 49),
    "yellow": (252, 196, 25),
    "blue": (28, 126, 214),
    "green": (47, 158, 68),
    "orange": (247, 103, 7),
    "purple": (112, 72, 232),
}
EMPTY: RGB = (222, 226, 230)
"""The colour of a place with no card, on the PNG and in a cell."""


def rgb(colour: str) -> RGB:
    """A colour name from COLOURS (any case) or a '#RRGGBB' code, as red, green, blue."""
    word = colour.strip().lower()
    if word in COLOURS:
        return COLOURS[word]
    if len(word) == 7 and word.startswith("#"):
        try:
            return (int(word[1:3], 16), int(word[3:5], 16), int(word[5:7], 16))
        except ValueError:
            pass
    raise ValueError(f"colour {colour!r} is not one of {', '.join(COLOURS)} or a #RRGGBB code")


def hex_code(colour: str | RGB) -> str:
    """'RRGGBB', as openpyxl wants it."""
    return "%02X%02X%02X" % (rgb(colour) if isinstance(colour, str) else colour)


@dataclass(frozen=True)
class Picture:
    """What one card shows. shape None leaves the tile blank (still coloured, marked and labelled).

    edges: colours of four small triangles at the tile's up, right, down and left edges, each pointing outward.
    marks: short names or initials of players standing on this tile.
    """

    background: str = "white"
    shape: Shape | None = None
    colour: str = "black"
    pattern: Pattern = Pattern.SOLID
    points: int = 5
    text: str = ""
    label: str = ""
    edges: tuple[str, str, str, str] | None = None
    marks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # accept the words and lists a game has at hand; keep the picture hashable
        if self.shape is not None:
            object.__setattr__(self, "shape", Shape(self.shape))
        object.__setattr__(self, "pattern", Pattern(self.pattern))
        object.__setattr__(self, "marks", tuple(self.marks))
        if self.edges is not None:
            object.__setattr__(self, "edges", tuple(self.edges))
        for colour in (self.background, self.colour, *(self.edges or ())):
            rgb(colour)
        if self.edges is not None and len(self.edges) != 4:
            raise ValueError(f"edges are four colours (up, right, down, left), not {self.edges!r}")
        if self.shape is Shape.STAR and not 3 <= self.points <= 12:
            raise ValueError(f"a star has 3 to 12 points, not {self.points}")
        if self.shape is Shape.NUMBER and not self.text:
            raise ValueError("a number picture needs its text")
