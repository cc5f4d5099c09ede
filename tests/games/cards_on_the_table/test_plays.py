import pytest

from hostkit.games.cards_on_the_table.cells import Cell
from hostkit.games.cards_on_the_table.plays import (
    Action,
    Reply,
    Statement,
    Turn,
    Unclear,
    extra_card_warning,
    first_unused,
    read_message,
    read_round,
    reveal_answer,
)

from .boards import GOOD

BOARD = GOOD.board(1)  # R1C2 3Y, R2C4 1Y, R3C3 3R, R1C1 2B, R5C5 1B


def test_read_message_turns_and_statements_in_written_order():
    assert read_message(">R2C4") == (Turn(Cell(2, 4)),)
    assert read_message("> r2c4") == (Turn(Cell(2, 4)),)
    assert read_message("NULLIFY") == (Statement(Action.NULLIFY),)
    assert read_message("Replace, then >R3C3") == (Statement(Action.REPLACE), Turn(Cell(3, 3)))
    assert read_message("scout scout") == (Statement(Action.SCOUT),)


@pytest.mark.parametrize("text", ["R2C4", "hello", "", "I'll think about it"])
def test_talk_is_not_a_command(text):
    assert read_message(text) == ()


def test_bad_cells_and_two_actions_are_unclear():
    [bad] = read_message(">R6C1")
    assert isinstance(bad, Unclear) and "R6C1 is not a cell" in bad.problem
    assert read_message("nullify or scout?") == (
        Unclear("the message names more than one action (nullify, scout); state just one"),
    )


def test_action_stated_before_the_second_card_applies_to_it():
    play = read_round(BOARD, [">R2C4", "replace", ">R1C2"])
    assert play.starting == Cell(2, 4) and play.target == Cell(1, 2) and play.action is Action.REPLACE
    assert play.stated and play.penalty == 0
    assert play.scoring_cell == Cell(1, 2)
    assert play.replies == (
        Reply(0, "You turned over R2C4: a 1, Yellow, heat GWGB. It is your starting card."),
        Reply(1, "Noted: your action this round is Replace; your second card this round is its target."),
        Reply(
            2,
            "You turned over R1C2: a 3, Yellow, heat GBWW. Your action is Replace: "
            "you score with this card instead of your starting card.",
        ),
    )


@pytest.mark.parametrize("action", [Action.NULLIFY, Action.SCOUT])
def test_nullify_and_scout_score_with_the_starting_card(action):
    play = read_round(BOARD, [">R2C4", action.value, ">R1C2"])
    assert play.scoring_cell == Cell(2, 4) and play.target == Cell(1, 2)


def test_a_statement_before_the_first_card_counts_and_the_last_one_before_the_second_wins():
    play = read_round(BOARD, ["scout", ">R2C4", "nullify", ">R1C2"])
    assert play.action is Action.NULLIFY and play.penalty == 0
    assert play.replies_to(2)[0].text == (
        "Noted: your action this round is Nullify (instead of Scout); your second card this round is its target."
    )


def test_no_action_stated_costs_a_point_and_the_first_unused_applies():
    play = read_round(BOARD, [">R2C4", ">R1C2"])
    assert play.action is Action.NULLIFY and not play.stated and play.penalty == 1
    assert play.penalties()[0].points == -1
    assert play.penalties()[0].reason == (
        "You stated no action before your second card, R1C2: −1 point, and your first unused action applies, Nullify."
    )
    assert play.replies[-1].text == (
        "You turned over R1C2: a 3, Yellow, heat GBWW. You stated no action before your second card, R1C2: −1 point, "
        "and your first unused action applies, Nullify: this card is worth 0 this round to everyone scoring with it; "
        "you score with your starting card."
    )
    later = read_round(BOARD, [">R2C4", ">R1C2"], used_before={Action.NULLIFY})
    assert later.action is Action.REPLACE and later.scoring_cell == Cell(1, 2)
    assert first_unused({Action.NULLIFY, Action.REPLACE}) is Action.SCOUT


def test_an_action_already_used_is_refused_and_counts_as_not_stated():
    play = read_round(BOARD, [">R2C4", "nullify", ">R1C2"], used_before={Action.NULLIFY})
    assert play.replies[1].text == (
        "You already used Nullify in an earlier round, and each action is used once. "
        "State Replace or Scout before your second card."
    )
    assert play.action is Action.REPLACE and play.penalty == 1


def test_a_statement_after_the_second_card_is_too_late():
    play = read_round(BOARD, [">R2C4", ">R1C2 scout"])
    assert play.action is Action.NULLIFY
    assert play.replies[-1].text == (
        "Too late: your action this round was settled when you turned your second card, R1C2."
    )


def test_third_card_costs_two_and_each_further_card_one_more():
    play = read_round(BOARD, [">R2C4", "scout", ">R1C2", ">R3C3", ">R1C1", ">R5C5"])
    assert [reply.penalty for reply in play.replies] == [0, 0, 0, 2, 1, 1]
    assert play.penalty == 4
    assert (
        play.replies[3].text
        == "You turned over R3C3: a 3, Red, heat WWBB. This is your 3rd card this round: −2 points."
    )
    assert play.replies[4].text.endswith(
        "This is card 4 this round: −1 more point (3 points lost to extra cards this round)."
    )
    assert play.turned == (Cell(2, 4), Cell(1, 2), Cell(3, 3), Cell(1, 1), Cell(5, 5))
    assert play.scoring_cell == Cell(2, 4)


def test_extra_card_warning_for_the_live_answer():
    assert extra_card_warning(1) is None
    assert extra_card_warning(2) == "Turning over card 3 this round costs 2 points."
    assert extra_card_warning(3) == "Turning over card 4 this round costs 1 point."


def test_turning_the_same_card_again_is_not_a_new_card():
    play = read_round(BOARD, [">R2C4", ">r2c4", "scout", ">R1C2"])
    assert play.turned == (Cell(2, 4), Cell(1, 2)) and play.penalty == 0
    assert play.replies[1].text == (
        "You already turned over R2C4 this round: a 1, Yellow, heat GWGB. It is not turned again and costs nothing."
    )


def test_one_card_only_uses_no_action_and_scores_the_starting_card():
    play = read_round(BOARD, ["replace", ">R2C4"])
    assert play.action is None and play.target is None and play.scoring_cell == Cell(2, 4)


def test_messages_that_are_not_commands_get_a_reply_and_change_nothing():
    play = read_round(BOARD, ["good luck all", ">R9C9"])
    assert play.turned == ()
    assert play.replies[0].text.startswith("Not read: type >R2C4 to turn over a card")
    assert play.replies[1].text.startswith("Not read: >R9C9 names no card")


def test_reveal_for_a_garnet():
    assert reveal_answer(GOOD, 2, 1, Cell(2, 4), garnets=1) == (
        "For 1 garnet: in round 1, R2C4 was a 1, Yellow, heat GWGB."
    )
    with pytest.raises(ValueError, match="round 1 is not the previous round of round 3; ask for a card of round 2"):
        reveal_answer(GOOD, 3, 1, Cell(2, 4), garnets=1)
    assert reveal_answer(GOOD, 3, 1, Cell(2, 4), garnets=1, rounds="any-earlier").startswith("For 1 garnet")
    with pytest.raises(ValueError, match="only during round 2 or 3, not round 1"):
        reveal_answer(GOOD, 1, 1, Cell(2, 4), garnets=1)
    with pytest.raises(ValueError, match="round 2 is not the previous round of round 2; ask for a card of round 1"):
        reveal_answer(GOOD, 2, 2, Cell(2, 4), garnets=1)
    with pytest.raises(ValueError, match="costs 1 garnet and the player holds 0 garnets"):
        reveal_answer(GOOD, 2, 1, Cell(2, 4), garnets=0)
