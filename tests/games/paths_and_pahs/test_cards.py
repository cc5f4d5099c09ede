import itertools

import pytest

from hostkit.core.cards import FULL_DECK, Card
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames, is_pah_set, shares_no_value


def test_every_card_round_trips_through_its_name():
    for card in FULL_DECK:
        assert NAMES.parse(NAMES.format(card)) == card
    assert len({NAMES.format(card) for card in FULL_DECK}) == 27


def test_values_in_any_order_any_case_other_words_ignored():
    card = NAMES.parse("black blue circle")
    assert NAMES.format(card) == "black blue circle"
    assert NAMES.parse("Blue Circle on Black") == card
    assert NAMES.parse("a CIRCLE, blue, on a black background!") == card
    for words in itertools.permutations(["black", "blue", "circle"]):
        assert NAMES.parse(" ".join(words)) == card


def test_gray_is_grey_and_repeating_a_value_is_harmless():
    assert NAMES.parse("gray red square") == NAMES.parse("grey red square")
    assert NAMES.parse("red red square on grey") == NAMES.parse("grey red square")


@pytest.mark.parametrize(
    "typed, message",
    [
        ("black white circle", "two backgrounds \\(black, white\\)"),
        ("black circle", "no colour"),
        ("black red hexagon", "no shape"),
        ("   ", "blank"),
        (None, "blank"),
    ],
)
def test_bad_cards_name_the_input_and_the_fix(typed, message):
    with pytest.raises(ValueError, match=message):
        NAMES.parse(typed)
    assert not NAMES.is_card(typed)


def test_names_are_configurable():
    names = CardNames.of(backgrounds=("Night", "Day", "Dusk"), colours=("crimson", "gold", "azure"))
    card = names.parse("azure SQUARE on dusk")
    assert card == Card((2, 1, 2))
    assert names.format(card) == "dusk azure square"
    assert names.parse("gray gold circle on day") == Card((1, 0, 1))  # the gray alias finds no grey: ignored
    with pytest.raises(ValueError, match="no background"):
        names.parse("grey gold circle")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"backgrounds": ("black", "black", "grey")}, "three different names"),
        ({"colours": ("red", "yellow")}, "three different names"),
        ({"colours": ("black", "yellow", "blue")}, "both a background and a colour"),
        ({"shapes": ("circle", "square", "tri angle")}, "one word"),
    ],
)
def test_bad_names_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        CardNames.of(**kwargs)


def test_shares_no_value_and_is_pah():
    a, b = NAMES.parse("black red circle"), NAMES.parse("white yellow square")
    assert shares_no_value(a, b)
    assert not shares_no_value(a, NAMES.parse("white red square"))
    pah = [NAMES.parse(t) for t in ("black red square", "white red circle", "black blue circle")]
    assert is_pah_set(pah)
    assert not is_pah_set([pah[0], pah[0], pah[1]])
    assert not is_pah_set([NAMES.parse(t) for t in ("black red square", "black red circle", "black red triangle")])
    assert "backgrounds are all the same" in NAMES.why_not_pah(
        [NAMES.parse(t) for t in ("black red square", "black blue circle", "black red circle")]
    )
