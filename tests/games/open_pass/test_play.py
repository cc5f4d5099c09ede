from fractions import Fraction

import pytest

from hostkit.games.open_pass.equation import parse_cards
from hostkit.games.open_pass.packs import Side
from hostkit.games.open_pass.play import (
    PAD_CARD,
    Decision,
    Play,
    deal_deck,
    deck_refusal,
    nth,
    parse_decision,
    pick_dealer,
    rank,
)

DEALERS = {Side.HEAVEN: "YellOw", Side.HELL: "Impact"}


def test_decisions_are_open_or_pass():
    assert parse_decision(" O ") is Decision.OPEN
    assert parse_decision("Pass") is Decision.PASS
    with pytest.raises(ValueError, match="'maybe' is neither open nor pass"):
        parse_decision("maybe")


def test_dealer_by_side_or_by_name():
    assert pick_dealer("heaven", DEALERS) is Side.HEAVEN
    assert pick_dealer("IMPACT", DEALERS) is Side.HELL
    assert pick_dealer("Purgatory", DEALERS) is None
    assert pick_dealer("", {Side.HEAVEN: "YellOw", Side.HELL: ""}) is None


def test_deck_refusals():
    held = parse_cards("1 1 2 x")
    assert deck_refusal("Bo", parse_cards("1 1 2 x"), held, 20) == ""
    assert deck_refusal("Bo", parse_cards("1 2 3"), held, 2) == (
        "Bo's deck has 3 cards; a deck is exactly 2: remove 1. The deck is not dealt."
    )
    assert deck_refusal("Bo", parse_cards("9 9 x x"), held, 20) == (
        "Bo's deck uses 2 x 9, x more than Bo holds (4 cards: 1 1 2 x). The deck is not dealt."
    )


def test_padding_is_only_for_a_player_without_enough_cards():
    # The rule sheet: "This deck must be exactly 20 cards in size. If you do not have enough cards to get to 20,
    # your submitted deck will be padded with division symbols to pad your deck to 20."
    ann_holds = parse_cards("1 1 1 2 2 2 3 3 3 + + + - - - 9 9 9 x x x 4 5")
    assert deck_refusal("Ann", ann_holds[:15], ann_holds, 20) == (
        "Ann's deck has 15 cards, but Ann holds 23, so the deck must be exactly 20 of them (÷ pads only a player "
        "who holds fewer than 20): add 5 more. The deck is not dealt."
    )
    assert deck_refusal("Ann", ann_holds[:20], ann_holds, 20) == ""
    bo_holds = ann_holds[:17]
    assert deck_refusal("Bo", bo_holds[:10], bo_holds, 20) == (
        "Bo's deck has 10 cards, but Bo holds 17, so the deck must hold all 17 (÷ pads only the 3 they lack): add "
        "7 more. The deck is not dealt."
    )
    assert deck_refusal("Bo", bo_holds, bo_holds, 20) == ""
    assert deal_deck("Bo", Side.HEAVEN, bo_holds, 20, 11).padding == 3
    assert deck_refusal("Cy", (), ann_holds, 20) == "", "a blank deck is the host's stand-in for a missing one"


def test_deck_is_padded_with_division_and_shuffled_by_the_seed():
    deal = deal_deck("Ann", Side.HEAVEN, parse_cards("9 x 1"), 20, 11)
    assert deal.padding == 17
    assert deal.deck == parse_cards("1 9 x") + (PAD_CARD,) * 17
    assert sorted(deal.dealt) == sorted(deal.deck)
    assert deal.draw == "11:deal:Ann:Heaven"
    assert deal_deck("Ann", Side.HEAVEN, parse_cards("9 x 1"), 20, 11) == deal
    assert deal_deck("Ann", Side.HELL, parse_cards("9 x 1"), 20, 11).dealt != deal.dealt


def test_opened_cards_go_to_the_left_and_the_open_limit_passes_the_rest():
    deal = deal_deck("Ann", Side.HEAVEN, parse_cards("1 2 3 4 5"), 5, 1)
    play = Play(deal, ())
    for decision in (Decision.OPEN, Decision.PASS, Decision.OPEN):
        play = play.extended(decision, 2)
    assert play.is_over()
    assert play.decisions[3:] == (Decision.AUTO, Decision.AUTO)
    assert play.opened == (deal.dealt[0], deal.dealt[2])
    assert play.equation == (deal.dealt[2], deal.dealt[0])
    assert Play(deal, ()).extended(Decision.OPEN, 2).next_card() == 2


def test_ranking_awards_and_seeded_ties():
    scores = {
        "Ann": Fraction(3),
        "Bo": Fraction(2),
        "Cy": Fraction(1),
        "Di": Fraction(1),
        "Ed": Fraction(1),
        "Fay": Fraction(2),
    }
    placings, lines = rank(list(scores), scores, 11, 3, 1, 3)
    assert [(p.player, p.tokens, p.candidate) for p in placings][0] == ("Ann", 3, False)
    assert [p.tokens for p in placings] == [3, 1, 1, 0, 0, 0]
    assert [p.candidate for p in placings] == [False, False, False, True, True, True]
    assert all(p.has_award() for p in placings)
    assert not rank(list(scores), scores, 11, 3, 0, 2)[0][1].has_award()
    assert placings[0].reason == "the best score (3): 3 Tokens of Life"
    assert lines[0].startswith("Tie at 2 between Bo, Fay, broken by the seeded ranking draw: ")
    assert rank(list(scores), scores, 11, 3, 1, 3) == (placings, lines)


def test_nth():
    assert [nth(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)] == [
        "the ",
        "the 2nd ",
        "the 3rd ",
        "the 4th ",
        "the 11th ",
        "the 12th ",
        "the 13th ",
        "the 21st ",
        "the 22nd ",
        "the 111th ",
    ]
