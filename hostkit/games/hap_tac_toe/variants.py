"""The rules objects: Hap-Tac-Toe, and When Stars Align, which changes only its names and its scoring.

Rules: docs/games/hap-tac-toe.md; rulings: that page, Hap-Tac-Toe and When Stars Align.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from hostkit.core.cards import Card
from hostkit.games.hap_tac_toe.blocks import BlockFaces, make_faces
from hostkit.games.hap_tac_toe.scoring import Scoring, Settings


class HapTacToe:
    """Names, block faces and settings of one match (game.py replays its games)."""

    name: ClassVar[str] = "hap-tac-toe"
    title: ClassVar[str] = "Hap-Tac-Toe"
    piece: ClassVar[str] = "block"
    claim_noun: ClassVar[str] = "hap"
    advantage_title: ClassVar[str] = "the Advantage"
    attributes: ClassVar[tuple[str, str, str]] = ("background", "colour", "shape")
    values: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("white", "grey", "black"),
        ("red", "yellow", "blue"),
        ("circle", "square", "triangle"),
    )
    aliases: ClassVar[Mapping[str, str]] = {"gray": "grey"}
    drawn_as: ClassVar[tuple[str, str, str]] = ("background", "colour", "shape")
    """What each attribute is in a picture of the block (hostkit.core.drawing.Picture's fields)."""
    default_scoring: ClassVar[Scoring] = Scoring.HALF_POINT

    def __init__(
        self,
        settings: Settings | None = None,
        attributes: Sequence[str] | None = None,
        values: Sequence[Sequence[str]] | None = None,
    ) -> None:
        """Config gives the settings and may rename the attributes and values; blanks take the defaults."""
        settings = settings or Settings()
        self.settings = settings if settings.scoring else replace(settings, scoring=self.default_scoring)
        self.faces: BlockFaces = make_faces(
            attributes or self.attributes, values or self.values, self.aliases, self.piece
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.settings!r})"

    def parse_block(self, text: object) -> Card:
        return self.faces.parse(text)

    def format_block(self, block: Card) -> str:
        return self.faces.format(block)


class WhenStarsAlign(HapTacToe):
    name = "when-stars-align"
    title = "When Stars Align"
    piece = "star"
    claim_noun = "set"
    advantage_title = "the Death Match Opponent"
    attributes = ("colour", "pattern", "points")
    values = (("yellow", "blue", "white"), ("solid", "hollow", "striped"), ("4", "5", "6"))
    aliases = {}
    drawn_as = ("colour", "pattern", "points")
    default_scoring = Scoring.STRIKES


VARIANTS: dict[str, type[HapTacToe]] = {cls.name: cls for cls in (HapTacToe, WhenStarsAlign)}
