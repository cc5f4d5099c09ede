import pytest

from hostkit.games.paths_and_pahs.actions import (
    ActionKind,
    Change,
    Move,
    Pah,
    ShiftLine,
    Start,
    format_action,
    parse_action,
)
from hostkit.games.paths_and_pahs.board import Direction, Shift, Tile
from hostkit.games.paths_and_pahs.cards import NAMES

C = NAMES.parse


@pytest.mark.parametrize(
    "kind, value, action",
    [
        ("start", "C4", Start(Tile.parse("C4"))),
        ("Start", " c4 ", Start(Tile.parse("C4"))),
        ("change", "1: black red square", Change(1, C("black red square"))),
        ("CHANGE", "2 Blue Circle on Black", Change(2, C("black blue circle"))),
        ("change", "card 2: white yellow triangle", Change(2, C("white yellow triangle"))),
        (
            "pah",
            "black red square, white red circle, black blue circle; discard white red circle",
            Pah((C("black red square"), C("white red circle"), C("black blue circle")), C("white red circle")),
        ),
        (
            "pah",
            "black red square; white red circle; black blue circle discard black red square",
            Pah((C("black red square"), C("white red circle"), C("black blue circle")), C("black red square")),
        ),
        (
            "pah",
            "black red square / white red circle and black blue circle, discard black blue circle",
            Pah((C("black red square"), C("white red circle"), C("black blue circle")), C("black blue circle")),
        ),
        (
            "pah",
            "Blue Circle on Black, white red circle and black red square; discard black red square",
            Pah((C("black blue circle"), C("white red circle"), C("black red square")), C("black red square")),
        ),
        (
            "pah",
            "black red square white red circle black blue circle discard black blue circle",
            Pah((C("black red square"), C("white red circle"), C("black blue circle")), C("black blue circle")),
        ),
        ("shift", "row 3 left", ShiftLine(Shift.parse("row 3 left"))),
        ("shift", "Column d DOWN", ShiftLine(Shift.parse("column D down"))),
        ("move", "left 3", Move(Direction.LEFT, 3)),
        ("move", "3 tiles up", Move(Direction.UP, 3)),
        ("move", "right four", Move(Direction.RIGHT, 4)),
        ("move", "left 0", Move(None, 0)),
        ("move", "stay", Move(None, 0)),
        ("move", "0", Move(None, 0)),
    ],
)
def test_actions_are_read_loosely(kind, value, action):
    assert parse_action(kind, value) == action


def test_every_action_round_trips_through_its_value():
    actions = [
        Start(Tile.parse("F6")),
        Change(1, C("grey yellow circle")),
        Move(Direction.DOWN, 2),
        Move(None, 0),
        ShiftLine(Shift.parse("column A up")),
        Pah((C("black red square"), C("white red circle"), C("black blue circle")), C("black blue circle")),
    ]
    for action in actions:
        assert parse_action(action.kind, format_action(action)) == action
        assert parse_action(action.kind.value, format_action(action)) == action


@pytest.mark.parametrize(
    "kind, value, message",
    [
        ("jump", "left 3", "action 'jump' is not one of start, change, pah, shift, move"),
        ("start", "G4", "off the board"),
        ("change", "black red square", "does not say which starting card; type 1: or 2:"),
        ("change", "3: black red square", "starting card 3 does not exist"),
        ("change", "1: black square", "no colour"),
        ("pah", "black red square, white red circle, black blue circle", "then 'discard' and one of them"),
        ("pah", "black red square, white red circle; discard white red circle", "names 2 cards before 'discard'"),
        ("pah", "black red square, black red square, black blue circle; discard black red square", "twice"),
        (
            "pah",
            "black red square, white red circle, black blue circle; discard grey red circle",
            "not one of its three cards",
        ),
        (
            "pah",
            "black red square, white red circle, black blue circle, one more; discard white red circle",
            r"has words that are not card values \(one, more\)",
        ),
        (
            "pah",
            "black red square white red circle black blue circle please discard black blue circle",
            r"has a word that is not a card value \(please\)",
        ),
        (
            "pah",
            "black red square, white red circle, black blue circle; discard the white red circle",
            r"has a word that is not a card value \(the\)",
        ),
        ("shift", "row 3", "not a shift"),
        ("shift", "row 3 up", "a row shifts left or right"),
        ("move", "left", "type a direction and 0 to 3 tiles"),
        ("move", "left 2 up", "not a move"),
        ("move", "left 5", "goes 5 tiles"),
        ("move", "3", "not a move"),
    ],
)
def test_unreadable_actions_say_what_to_type(kind, value, message):
    with pytest.raises(ValueError, match=message):
        parse_action(kind, value)


def test_action_kinds_and_move_invariants():
    assert ActionKind.parse(" PAH ") is ActionKind.PAH
    with pytest.raises(ValueError):
        Move(Direction.LEFT, 0)
    with pytest.raises(ValueError):
        Move(None, 2)
    with pytest.raises(ValueError, match="three different cards"):
        Pah((C("black red square"),) * 3, C("black red square"))
