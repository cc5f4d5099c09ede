import pytest

from hostkit.core.cards import FULL_DECK, Card, Faces
from hostkit.games.hap_tac_toe import BlockFaces, HapTacToe, WhenStarsAlign, make_faces

STARS = WhenStarsAlign().faces
BLOCKS = HapTacToe().faces


@pytest.mark.parametrize(
    "typed",
    [
        "yellow solid 4",
        "Solid Yellow 4-pointed",
        "4 yellow solid",
        "YELLOW, solid, 4pointed",
        "a 4-pointed yellow solid star",
    ],
)
def test_a_star_is_typed_in_any_order_and_case(typed):
    assert STARS.parse(typed) == Card((0, 0, 0))


def test_hap_tac_toe_blocks_accept_gray_for_grey():
    assert BLOCKS.parse("Gray Triangle blue") == BLOCKS.parse("grey blue triangle") == Card((1, 2, 2))


@pytest.mark.parametrize("faces", [STARS, BLOCKS])
def test_every_block_round_trips_in_the_games_attribute_order(faces):
    for card in FULL_DECK:
        text = faces.format(card)
        assert faces.parse(text) == card
        assert faces.parse(" ".join(reversed(text.split())).upper()) == card


def test_formatting_follows_the_attribute_order():
    assert STARS.format(Card((2, 1, 2))) == "white hollow 6"
    assert BLOCKS.format(Card((2, 0, 1))) == "black red square"


@pytest.mark.parametrize(
    "typed, message",
    [
        (
            "purple solid 4",
            "'purple solid 4' is not a star: it names no colour \\(yellow, blue or white\\); "
            "'purple' is not a value of this game. Type its three values, like 'yellow solid 4'",
        ),
        ("yellow blue 4 solid", "it names 2 colour values \\(yellow, blue\\) where a star has one"),
        ("yellow solid", "it names no points \\(4, 5 or 6\\)"),
        ("", "'' is not a star"),
        ("yellow soild 7", "'soild', '7' are not values of this game"),
    ],
)
def test_unreadable_blocks_name_the_input_and_the_fix(typed, message):
    with pytest.raises(ValueError, match=message):
        STARS.parse(typed)


def test_a_repeated_value_is_harmless():
    assert STARS.parse("yellow yellow solid 4") == Card((0, 0, 0))


def test_names_come_from_config():
    faces = make_faces(
        ["Colour", "Fill", "Size"],
        [["red", "green", "purple"], ["empty", "striped", "solid"], ["one", "two", "light blue"]],
    )
    assert faces.attributes == ("colour", "fill", "size")
    assert faces.parse("light blue Striped purple") == Card((2, 1, 2))
    assert faces.format(Card((2, 1, 2))) == "purple striped light blue"


def test_rules_take_renamed_attributes():
    rules = WhenStarsAlign(
        attributes=("hue", "fill", "tips"),
        values=(("gold", "azure", "ivory"), ("full", "ring", "lines"), ("4", "5", "6")),
    )
    assert rules.parse_block("ring 6 gold") == Card((0, 1, 2))
    assert rules.format_block(Card((0, 1, 2))) == "gold ring 6"


@pytest.mark.parametrize(
    "attributes, values, message",
    [
        (("a", "b"), (("x", "y", "z"),) * 3, "name exactly three"),
        (("a", "b", "c"), (("x", "y", "z"), ("p", "q", "r")), "give three non-blank values"),
        (("a", "b", "c"), (("x", "y", "z"), ("p", "q", ""), ("s", "t", "u")), "give three non-blank values"),
        (("a", "b", "c"), (("x", "y", "z"), ("p", "q", "x"), ("s", "t", "u")), "value 'x' is used twice \\(a and b\\)"),
        (("a", "b", "c"), (("x", "y", "z"), ("p", "q", "?"), ("s", "t", "u")), "has no letters or digits"),
    ],
)
def test_bad_config_names_are_refused(attributes, values, message):
    with pytest.raises(ValueError, match=message):
        make_faces(attributes, values)


def test_codes_tell_values_apart_and_the_legend_spells_them():
    assert STARS.code(Card((0, 0, 0))) == "YSo4" and STARS.code(Card((2, 2, 2))) == "WSt6"
    assert BLOCKS.code(Card((1, 2, 0))) == "GBC"
    assert len({STARS.code(c) for c in FULL_DECK}) == 27 == len({BLOCKS.code(c) for c in FULL_DECK})
    assert STARS.legend() == (
        "colour: Y yellow, B blue, W white; pattern: So solid, Ho hollow, St striped; points: 4, 5, 6"
    )


def test_hap_reasons_name_each_attribute():
    row = [STARS.parse(t) for t in ("yellow solid 5", "yellow solid 4", "yellow solid 6")]
    assert STARS.is_hap(row)
    assert STARS.hap_reason(row) == "colour all yellow; pattern all solid; points all different (5, 4, 6)"
    bad = [STARS.parse(t) for t in ("yellow solid 5", "yellow hollow 4", "blue solid 6")]
    assert not STARS.is_hap(bad)
    assert STARS.why_not_hap(bad) == (
        "colour neither all the same nor all different (yellow, yellow, blue); "
        "pattern neither all the same nor all different (solid, hollow, solid)"
    )


OTHER_FACES = Faces(
    attributes=("background", "shape", "colour"),
    values=(("white", "gray", "black"), ("square", "triangle", "circle"), ("red", "blue", "yellow")),
    aliases={"grey": "gray"},
)


def test_any_core_faces_compose():
    faces = BlockFaces(OTHER_FACES)
    assert faces.parse("Yellow grey CIRCLE") == OTHER_FACES.parse(["gray", "circle", "yellow"])
    assert faces.format(Card((1, 2, 2))) == "gray circle yellow"
