"""The treasure deck against the rule sheet's amendment: "The deck has at most 3x skulls and 7x 7-treasures. All
other treasures appear in equal amounts. Note that the deck is bigger than the longest possible game, so not all
cards will appear." """

import datetime as dt
import itertools

import pytest

from hostkit.core.cards import FULL_DECK, pahs
from hostkit.core.tables import BookError, Tables
from hostkit.games import load_game
from hostkit.games.hap_and_grab.anti_hap import build_turn_order
from hostkit.games.hap_and_grab.dealing import deck_recipe
from hostkit.games.hap_and_grab.deck_size import longest_game, most_anti_haps, most_turns
from hostkit.games.hap_and_grab.tobago import Treasure
from tests.games.hap_and_grab.tobago_helpers import LATER, apply, match_tabs, opens

GAME = load_game("hap-and-grab")
FULLEST = (
    "white square red",
    "white square blue",
    "white square yellow",
    "white triangle red",
    "white triangle blue",
    "white triangle yellow",
    "gray square red",
    "gray square blue",
    "gray square yellow",
    "gray triangle red",
    "gray triangle blue",
)  # 11 cards, 72 anti-haps


@pytest.mark.parametrize("cards", [3, 4, 5])
def test_the_most_anti_haps_of_small_boards_by_trying_every_board(cards):
    most = max(len(pahs((FULL_DECK[0], *rest))) for rest in itertools.combinations(FULL_DECK[1:], cards - 1))
    assert most_anti_haps(cards) == most


def test_the_fullest_board_of_eleven_cards_and_the_bound_above():
    from hostkit.games.hap_and_grab.anti_hap import FACES

    assert len(pahs([FACES.parse(words.split()) for words in FULLEST])) == most_anti_haps(11) == 72
    assert most_anti_haps(12) == 96 and most_anti_haps(27) == len(pahs(FULL_DECK)) == 864
    assert most_anti_haps(26) >= 864 - 96  # the deck without one card; every card is in 96 anti-haps
    assert all(most_anti_haps(n) <= most_anti_haps(n + 1) for n in range(3, 27))


@pytest.mark.parametrize("anti_haps", range(0, 31))
def test_most_turns_is_the_most_any_split_of_the_anti_haps_earns(anti_haps):
    best = max(
        len(build_turn_order(["R"] * r + ["C"] * (anti_haps - r), {}, ["R", "C"]).order) for r in range(anti_haps + 1)
    )
    assert most_turns(anti_haps) == best


@pytest.mark.parametrize("key, value, fix", [("skulls", 4, "from 0 to 3"), ("sevens", 8, "from 0 to 7")])
def test_more_skulls_or_sevens_than_the_rule_sheet_allows_are_refused(key, value, fix):
    with pytest.raises(BookError, match=rf"^Config row \d+: {key} 4|8 is out of range; use a whole number {fix}"):
        GAME.context(Tables(match_tabs(config={key: value})))


def test_the_default_deck_grows_to_hold_the_longest_game_any_generated_boards_allow():
    ctx = GAME.context(Tables(match_tabs()))
    recipe = deck_recipe(ctx)
    longest = longest_game({}, 4, 11)
    assert longest.total == 4 * (72 // 3 + 1 + 3) == 112
    assert recipe.each_of_3_to_6 == 26 and len(recipe.cards()) == 114 > longest.total
    assert recipe.skulls == 3 and recipe.sevens == 7


def fullest_match(rounds=(1, 2, 3, 4), **config):
    """Every round on the fullest board, every anti-hap found by Reds in one message."""
    tabs = match_tabs({n: ("", "") for n in rounds}, config=config)
    tabs["Board"] = [tabs["Board"][0]] + [[n, chr(65 + i), *w.split()] for n in rounds for i, w in enumerate(FULLEST)]
    board = GAME.board(Tables(tabs), 1, now=LATER).data
    tabs["Submissions"] += [
        [opens(n) + dt.timedelta(seconds=30), "Reds", n, " ".join(board["anti_haps"])] for n in rounds
    ]
    return tabs


def test_the_longest_possible_game_fits_the_default_deck():
    tabs = fullest_match()
    for number in (1, 2, 3, 4):
        outcome = GAME.deal(Tables(tabs), number, LATER)
        assert outcome.problems == [] and len(outcome.data["turn_order"]) == 25
        tabs = apply(tabs, outcome.writes)
    pile = tabs["Pile"][1:]
    assert len(pile) == 4 * 28
    assert not any(row[2] in (Treasure.SEVEN.value, Treasure.SKULL.value) for row in pile if row[0] == 1)


def test_deal_refuses_a_deck_too_small_for_the_longest_game_naming_the_settings():
    tabs = fullest_match(rounds=(1,), each_of_3_to_6=10)
    with pytest.raises(BookError) as error:
        GAME.deal(Tables(tabs), 1, LATER)
    assert str(error.value) == (
        "The treasure deck (50 cards: 10 each of 3, 4, 5 and 6, 7 sevens, 3 skulls) is smaller than the longest "
        "possible game, in which every anti-hap is found: it takes 112 cards (round 1: 28, round 2: 28, round 3: 28, "
        "round 4: 28; rounds 2–4 have no board yet, counted as a board of 11 cards at its fullest, 72 anti-haps), "
        "and round 1 takes only 3 to 6. Set each_of_3_to_6 in Config to at least 26, or leave it blank, before round "
        "1 is dealt."
    )


def test_board_reports_a_deck_too_small_for_the_boards_it_has():
    outcome = GAME.board(Tables(match_tabs(config={"each_of_3_to_6": 10})), 1, now=LATER)
    assert [p.tab for p in outcome.problems] == ["Config"]
    assert (
        "(round 1: 10, round 2: 28, round 3: 28, round 4: 28; rounds 2–4 have no board yet"
        in outcome.problems[0].message
    )
    every_board = match_tabs({n: ("", "") for n in (1, 2, 3, 4)}, config={"each_of_3_to_6": 10})
    assert GAME.board(Tables(every_board), 1, now=LATER).problems == []
