import pytest

from hostkit.core.rng import rng
from hostkit.games.hap_and_grab.tobago import (
    Choice,
    DeckRecipe,
    Rejected,
    Tobago,
    Treasure,
    deal,
    parse_choice,
    parse_treasure,
    shuffled_deck,
)

T, P = Choice.TAKE, Choice.PASS
FIVE, FOUR, SEVEN, SKULL = Treasure.FIVE, Treasure.FOUR, Treasure.SEVEN, Treasure.SKULL
NAMES = {"C": "Craw", "R": "Reds"}


def order(letters):
    return [NAMES[x] for x in letters]


def compact(names):
    return "".join(n[0] for n in names)


def worked_example():
    """The rule sheet's example: order CRCCR; a 5, a 4, a skull, a 7 and a 5."""
    return Tobago(order("CRCCR"), [FIVE, FOUR, SKULL, SEVEN, FIVE, Treasure.SIX], ("Craw", "Reds"), show=compact)


def test_worked_example_from_the_rule_sheet():
    game = worked_example()
    game.push("Craw", P, 1)
    game.push("Reds", P, 1)
    game.push("Craw", T, 1)
    assert compact(game.order) == "CRCR"
    game.push("Craw", P, 2)
    game.push("Reds", P, 2)
    game.push("Craw", T, 2)
    # the skull comes up next and is forced on Craw, who holds the first turn
    assert compact(game.order) == "RR"
    assert game.reveals[2].card is SKULL and game.reveals[2].taken_by == "Craw"
    assert game.reveals[2].steps[0].forced
    game.push("Reds", T, 4)
    assert compact(game.order) == "R"
    game.push("Reds", T, 5)
    assert game.order == [] and game.is_over()
    assert game.ended == "the turn order is empty"
    assert [compact(r.order_after) for r in game.reveals] == ["CRCR", "CRR", "RR", "R", ""]
    assert game.treasure == {"Craw": 5 + 4 - 3, "Reds": 7 + 5}
    assert game.unrevealed() == 1


def test_pass_moves_past_all_consecutive_turns():
    game = Tobago(order("CCRC"), [FIVE] * 7, show=compact)
    step = game.push("Craw", P, 1)
    assert game.waiting().player == "Reds"
    assert "option moves to Reds (turn 3 of CCRC)" in step.reason


def test_passing_the_last_turn_ends_part_2_untaken():
    game = Tobago(order("CR"), [FIVE, FOUR, FIVE, FIVE, FIVE])
    game.push("Craw", P, 1)
    step = game.push("Reds", P, 1)
    assert game.is_over() and game.reveals[0].taken_by is None
    assert "nobody takes it and Part 2 ends" in step.reason
    assert game.treasure == {"Craw": 0, "Reds": 0}
    with pytest.raises(Rejected, match="already ended"):
        game.push("Craw", T, 2)


def test_at_most_as_many_cards_as_turns_are_revealed():
    game = Tobago(order("CR"), [FIVE, FOUR, SEVEN, FIVE, FIVE])
    game.push("Craw", T, 1)
    game.push("Reds", T, 2)
    assert game.is_over() and len(game.reveals) == 2 and game.unrevealed() == 3


def test_waiting_names_player_and_card():
    game = worked_example()
    game.push("Craw", P, 1)
    waiting = game.waiting()
    assert (waiting.player, waiting.number, waiting.card) == ("Reds", 1, FIVE)


def test_rejects_the_wrong_player():
    game = worked_example()
    with pytest.raises(
        Rejected, match="Reds does not hold the option: card 1 \\(a 5\\) is being decided and the option is Craw's"
    ):
        game.push("Reds", T, 1)
    assert game.order == order("CRCCR")


def test_rejects_a_card_not_yet_revealed():
    game = worked_example()
    with pytest.raises(
        Rejected, match="card 2 is not revealed yet \\(Card is the number of the card in reveal order\\)"
    ):
        game.push("Craw", T, 2)


def test_rejects_a_pass_on_a_skull():
    game = Tobago(order("RC"), [SKULL, FIVE, FIVE, FIVE, FIVE])
    assert game.reveals[0].taken_by == "Reds" and game.waiting().number == 2
    with pytest.raises(Rejected, match="card 1 is a skull and a skull cannot be passed: Reds"):
        game.push("Reds", P, 1)


def test_a_recorded_take_of_a_skull_confirms_the_forced_take():
    game = Tobago(order("RC"), [SKULL, FIVE, FIVE, FIVE, FIVE])
    step = game.push("Reds", T, 1, row=2)
    assert step.forced and game.reveals[0].steps[0].row == 2
    assert game.waiting().number == 2
    with pytest.raises(
        Rejected, match="card 1 is a skull, taken at once by Reds \\(who held the first turn\\), not by Craw"
    ):
        game.push("Craw", T, 1)
    with pytest.raises(Rejected, match="already recorded as taken by Reds \\(row 2\\)"):
        game.push("Reds", T, 1, row=3)


def test_a_skull_that_ends_part_2_can_still_be_confirmed():
    game = Tobago(order("CR"), [FIVE, SKULL, FIVE, FIVE, FIVE])
    game.push("Craw", T, 1)
    assert game.is_over() and game.reveals[1].taken_by == "Reds"
    assert game.push("Reds", T, 2, row=4).row == 4


def test_rejects_a_settled_card_and_a_blank_card():
    game = worked_example()
    game.push("Craw", T, 1)
    with pytest.raises(Rejected, match="card 1 is already settled \\(taken by Craw\\)"):
        game.push("Reds", T, 1)
    with pytest.raises(Rejected, match="Card is blank"):
        game.push("Reds", T, None)


def test_a_decision_after_part_2_ended_is_rejected():
    game = Tobago(order("C"), [FIVE, FOUR, FIVE, FIVE])
    game.push("Craw", T, 1)
    with pytest.raises(Rejected, match="Part 2 has already ended \\(the turn order is empty\\)"):
        game.push("Craw", T, 2)


def test_deck_recipe_and_seeded_shuffle():
    recipe = DeckRecipe(skulls=3, sevens=7, each_of_3_to_6=10)
    deck = shuffled_deck(recipe, rng(7, "deck"))
    assert len(deck) == 50 and deck.count(SKULL) == 3 and deck.count(SEVEN) == 7 and deck.count(FIVE) == 10
    assert deck == shuffled_deck(recipe, rng(7, "deck"))
    assert deck != shuffled_deck(recipe, rng(8, "deck"))
    assert recipe.describe() == "50 cards: 10 each of 3, 4, 5 and 6, 7 sevens, 3 skulls"


def test_deal_peeks_in_order_of_first_appearance_then_three_unseen():
    deck = [FIVE, FOUR, Treasure.SIX, Treasure.THREE, FIVE, FOUR, SEVEN, SKULL, FIVE]
    dealt = deal(deck, (), order("CRCCR"), 2, rng(1, "pile", 2))
    assert dealt.peeks("Craw") == [FIVE, FOUR, Treasure.SIX]
    assert dealt.peeks("Reds") == [Treasure.THREE, FIVE]
    assert sorted(d.position for d in dealt.pile) == list(range(1, 9))
    assert [d.peeked_by for d in sorted(dealt.pile, key=lambda d: d.position)][5:] == [None] * 3
    assert dealt.short == 0 and dealt.skipped == 0
    assert dealt == deal(deck, (), order("CRCCR"), 2, rng(1, "pile", 2))


def test_round_1_skips_sevens_and_skulls_and_leaves_them_in_the_deck():
    deck = [SEVEN, FIVE, SKULL, FOUR, FIVE, SEVEN, Treasure.SIX, Treasure.THREE, FIVE, FOUR]
    first = deal(deck, (), order("CR"), 1, rng(1, "pile", 1))
    assert all(d.card not in (SEVEN, SKULL) for d in first.pile)
    assert sorted(d.position for d in first.pile) == [2, 4, 5, 7, 8]
    assert first.skipped == 3
    second = deal(deck, [d.position for d in first.pile], order("RC"), 2, rng(1, "pile", 2))
    assert sorted(d.position for d in second.pile) == [1, 3, 6, 9, 10]
    assert second.peeks("Reds") == [SEVEN] and second.peeks("Craw") == [SKULL]


def test_a_short_deck_deals_what_is_left():
    dealt = deal([FIVE, FOUR], (), order("CRC"), 2, rng(1, "x"))
    assert len(dealt.pile) == 2 and dealt.short == 4
    game = Tobago(dealt.order, [d.card for d in dealt.pile])
    game.push("Craw", T, 1)
    game.push("Reds", T, 2)
    assert game.ended == "the reveal pile is used up" and game.order == ["Craw"]


def test_parse_round_trips():
    for treasure in Treasure:
        assert parse_treasure(treasure.value) is treasure
    assert parse_treasure(5) is FIVE and parse_treasure(5.0) is FIVE and parse_treasure(" Skull ") is SKULL
    with pytest.raises(ValueError, match="'8' is not a treasure card"):
        parse_treasure("8")
    assert parse_choice(" Take ") is T and parse_choice("p") is P
    with pytest.raises(ValueError, match="'keep' is not a decision; type take or pass"):
        parse_choice("keep")


def test_the_story_tells_each_card_and_what_waits():
    game = worked_example()
    for player, choice in (("Craw", P), ("Reds", P), ("Craw", T)):
        game.push(player, choice, 1)
    assert game.story(2) == [
        "Part 2 of round 2: turn order CRCCR.",
        "Card 1 revealed: a 5.",
        "  Craw passes card 1; the option moves to Reds (turn 2 of CRCCR).",
        "  Reds passes card 1; the option moves to Craw (turn 3 of CRCCR).",
        "  Craw takes card 1 (a 5, +5); that turn leaves the order, now CRCR.",
        "Card 2 revealed: a 4.",
    ]
    assert game.story(2, brief=True) == [
        "Part 2 of round 2: turn order CRCCR.",
        "Card 1 revealed: a 5. Taken by Craw; turn order after it: CRCR.",
        "Card 2 revealed: a 4.",
        "Waiting for Craw's decision on card 2 (a 4).",
        "Treasure this round: Craw 5, Reds 0.",
    ]
    data = game.as_json()
    assert data["waiting_for"] == {"player": "Craw", "card": "4", "number": 2}
    assert data["reveals"][0]["taken_by"] == "Craw" and len(data["reveals"][0]["decisions"]) == 3
    assert data["turn_order_left"] == ["Craw", "Reds", "Craw", "Reds"] and data["ended"] is None
