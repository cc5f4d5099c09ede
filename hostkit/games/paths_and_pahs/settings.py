"""Paths and PAHs' Config settings, and the rules and card names they make."""

from __future__ import annotations

import re

from hostkit.core.game import Context
from hostkit.core.season import season_pays
from hostkit.core.settings import Setting, choice, integer
from hostkit.core.tables import BookError, Cell
from hostkit.games.paths_and_pahs.cards import BACKGROUNDS, COLOURS, SHAPES, CardNames
from hostkit.games.paths_and_pahs.match import ENDGAME, Rules

NO_PAHS = "-"


def _three_names(value: Cell) -> str:
    names = [n for n in re.split(r"[\s,;]+", str(value).strip().lower()) if n]
    if len(names) != 3 or len(set(names)) != 3:
        raise ValueError("is not three different one-word names separated by commas")
    return ", ".join(names)


def _pah_points(value: Cell) -> str:
    words = str(value).replace(",", " ").split()
    if len(words) != ENDGAME or not all(w == NO_PAHS or w.isdigit() for w in words):
        raise ValueError(
            f"is not {ENDGAME} values (rounds 1–{ENDGAME - 1} and the endgame), each points or "
            f"{NO_PAHS} for a round whose PAHs are refused, like '- 7 6 5 4'"
        )
    return " ".join(words)


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "backgrounds", ", ".join(BACKGROUNDS), "The three card backgrounds' names, as players type them.", _three_names
    ),
    Setting("shapes", ", ".join(SHAPES), "The three shapes' names, as players type them.", _three_names),
    Setting("colours", ", ".join(COLOURS), "The three shape colours' names, as players type them.", _three_names),
    Setting(
        "round_hours",
        24,
        "Hours a round stays open after its Opens time when Rounds leaves Closes blank.",
        integer(1, 24 * 14),
    ),
    Setting(
        "pah_points",
        "- 7 6 5 4",
        "Points a PAH scores in rounds 1 to 4 and the endgame; - refuses PAHs in that round.",
        _pah_points,
    ),
    Setting("change_garnets", 1, "Garnets a change of starting card costs.", integer(0, 100)),
    Setting("fourth_tile_garnets", 4, "Garnets a move of 4 tiles costs.", integer(0, 100)),
    Setting("top_garnets", 7, "Garnets the top player wins with the ToL.", integer(0, 1000)),
    Setting("candidates", 3, "Players with the fewest points who become elimination candidates.", integer(0, 15)),
    Setting(
        "public_points",
        "no",
        "Whether the public Leaderboard shows points before the endgame is scored (yes or no).",
        choice("yes", "no"),
    ),
    *season_pays(5, 3),
)


def card_names(ctx: Context) -> CardNames:
    c = ctx.config
    try:
        return CardNames.of(*(c[key].split(", ") for key in ("backgrounds", "shapes", "colours")))
    except ValueError as error:
        raise BookError(f"Config backgrounds, shapes and colours: {error}.") from None


def rules(ctx: Context) -> Rules:
    c = ctx.config
    points = {n: int(w) for n, w in enumerate(c["pah_points"].split(), start=1) if w != NO_PAHS}
    return Rules(
        pah_points=points,
        change_cost=c["change_garnets"],
        fourth_tile_cost=c["fourth_tile_garnets"],
        top_garnets=c["top_garnets"],
        lowest_ec=c["candidates"],
    )
