"""Open, Pass's settings (Config), each with its default, its meaning and how a typed value is read."""

from __future__ import annotations

from hostkit.core.season import season_pays
from hostkit.core.settings import Setting, choice, integer, text
from hostkit.core.tables import Cell
from hostkit.games.open_pass.equation import (
    format_cards,
    parse_card,
    parse_cards,
)


def _cards_setting(value: Cell) -> str:
    return format_cards(parse_cards(value))


def _card_setting(value: Cell) -> str:
    return parse_card(value)


SETTINGS = (
    Setting("building_rounds", 3, "Deck-building rounds; the round after them is the play phase.", integer(1, 10)),
    Setting(
        "starting_inventory", "1 1 1 2 2 2 3 3 3 + + + - - -", "The cards every player starts with.", _cards_setting
    ),
    Setting("pity_card", "1", "The card a player gets in a round in which they gain no pack.", _card_setting),
    Setting(
        "pity_without_bid",
        "yes",
        "Whether a player who made no bid in a round also gets the pity card (yes or no).",
        choice("yes", "no"),
    ),
    Setting("packs_per_round", 6, "Packs offered each round (a different count is reported).", integer(1, 50)),
    Setting(
        "bids_per_round",
        2,
        "Most packs one bid may choose; packs past these are reported and ignored.",
        integer(1, 50),
    ),
    Setting(
        "deck_size",
        20,
        "Cards in a deck; only a player who holds fewer is padded with ÷, by the cards they lack.",
        integer(1, 60),
    ),
    Setting("max_open", 10, "Most cards a player may open; later cards pass automatically.", integer(1, 60)),
    Setting(
        "division_by_zero",
        "zero",
        "What dividing by zero does: zero (the whole equation scores 0) or skip (that division is left out).",
        choice("zero", "skip"),
    ),
    Setting("heaven_dealer", "YellOw", "The Heaven dealer's name, as players may write it in Decks.", text),
    Setting("hell_dealer", "Impact", "The Hell dealer's name, as players may write it in Decks.", text),
    Setting("first_tokens", 3, "Tokens of Life for the best score.", integer(0, 100)),
    Setting("second_third_tokens", 1, "Tokens of Life for each of the 2nd and 3rd best scores.", integer(0, 100)),
    Setting("candidates", 3, "Players with the worst scores who become elimination candidates.", integer(0, 13)),
    *season_pays(0, 0),
)
