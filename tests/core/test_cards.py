import itertools

import pytest

from hostkit.core.cards import FULL_DECK, Card, haps, is_hap, is_pah, pahs
from hostkit.games.hap_and_grab.anti_hap import FACES


def test_full_deck_has_117_haps_and_864_anti_haps():
    triples = list(itertools.combinations(FULL_DECK, 3))
    assert len(FULL_DECK) == 27
    assert len(triples) == 2925
    assert sum(is_hap(*t) for t in triples) == 117
    assert sum(is_pah(*t) for t in triples) == 864
    assert len(haps(FULL_DECK)) == 117
    assert len(pahs(FULL_DECK)) == 864


def test_anti_hap_needs_two_same_one_different_in_every_attribute():
    a, b, c = Card((0, 0, 0)), Card((0, 1, 1)), Card((1, 0, 1))
    assert is_pah(a, b, c)
    assert not is_hap(a, b, c)
    assert not is_pah(Card((0, 0, 0)), Card((0, 1, 1)), Card((0, 0, 2)))


def test_card_rejects_values_out_of_range():
    with pytest.raises(ValueError, match="three values"):
        Card((0, 3, 1))


def test_faces_parse_and_format_round_trip():
    for card in FULL_DECK:
        assert FACES.parse(FACES.format(card)) == card


def test_faces_accept_case_spaces_and_grey():
    assert FACES.parse([" Grey ", "CIRCLE", "yellow"]) == Card((1, 2, 2))


def test_faces_name_the_bad_value_and_the_choices():
    with pytest.raises(ValueError, match="shape 'hexagon' is not one of square, triangle, circle"):
        FACES.parse(["white", "hexagon", "red"])


def test_why_not_anti_hap_names_each_broken_attribute():
    cards = [FACES.parse(w.split()) for w in ("white square red", "gray square blue", "black square red")]
    assert FACES.why_not_pah(cards) == (
        "the backgrounds are all different (white, gray, black); the shapes are all the same (square)"
    )
