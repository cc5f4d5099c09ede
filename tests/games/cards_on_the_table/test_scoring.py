import pytest

from hostkit.games.cards_on_the_table.cards import Colour
from hostkit.games.cards_on_the_table.cells import Cell
from hostkit.games.cards_on_the_table.guesses import BoardGuess, HeatGuess, TopGuess
from hostkit.games.cards_on_the_table.plays import Action
from hostkit.games.cards_on_the_table.scoring import Match, score_round, score_rounds

from .boards import GOOD

# Round 1: R1C1 2B, R1C2 3Y, R1C3 2B, R2C4 1Y, R3C3 3R, R5C5 1B.  Round 2: R1C1 3Y, R1C3 1B, R5C1 1Y, R5C5 2R.
FILLERS = ("Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")


def turns(start, action, target):
    return [f">{start}", action, f">{target}"]


def round_one(players, **messages):
    return score_round(Match(GOOD, tuple(players), {1: messages}), 1)


@pytest.mark.parametrize(
    "target, scorers, credit",
    [
        ("R2C4", 1, 1),  # 1 player with a 1 gives 1
        ("R1C2", 1, 2),  # 1 player with a 3 gives 2
        ("R1C3", 2, 3),  # 2 players with a 2 give 3
        ("R2C4", 3, 3),  # 3 players with a 1 give 3, reduced from 4
    ],
)
def test_the_sheets_nullify_examples(target, scorers, credit):
    names = FILLERS[:scorers]
    result = round_one(
        ("Nat",) + names, Nat=turns("R5C5", "nullify", target), **{n: turns(target, "scout", "R3C3") for n in names}
    )
    assert result.players["Nat"].nullify_credit.points == credit
    assert all(result.players[n].scoring_value.points == 0 for n in names)
    assert result.players["Nat"].scoring_value.points == 1  # R5C5, a 1
    if scorers == 3:
        assert result.players["Nat"].nullify_credit.reason == (
            "Round 1: you nullified R2C4, a 1, and denied 3 players 3 points: +3 for the players and +1 for every "
            "full 3 points, 4, reduced to the most Nullify gives, 3: +3."
        )


def test_nullifying_a_card_nobody_scores_with_earns_nothing():
    result = round_one(("Nat",), Nat=turns("R5C5", "nullify", "R2C4"))
    assert result.players["Nat"].nullify_credit.points == 0
    assert result.players["Nat"].nullify_credit.reason.endswith("but nobody scored with it: no Nullify points.")


def test_every_nullifier_of_a_card_gets_full_credit():
    result = round_one(
        ("Nat", "Nia", "Ann"),
        Nat=turns("R5C5", "nullify", "R1C2"),
        Nia=turns("R1C1", "nullify", "R1C2"),
        Ann=turns("R1C2", "scout", "R3C3"),
    )
    assert result.players["Nat"].nullify_credit.points == result.players["Nia"].nullify_credit.points == 2


def test_crowding_takes_one_for_every_full_three_and_can_go_negative():
    six = {n: turns("R2C4", "scout", "R3C3") for n in FILLERS}
    result = round_one(FILLERS, **six)
    ed = result.players["Ed"].scoring_value
    assert ed.points == -1
    assert ed.reason == (
        "Round 1: your scoring card is R2C4, your starting card, a 1; 6 players scored with it, so it "
        "is worth 1 less for every full 3: 1 − 2 = −1."
    )
    five = round_one(FILLERS[:5], **{n: six[n] for n in FILLERS[:5]})
    assert five.players["Ed"].scoring_value.points == 0


def test_nullify_is_applied_after_crowding():
    six = {n: turns("R2C4", "scout", "R3C3") for n in FILLERS}
    result = round_one(FILLERS + ("Nat",), Nat=turns("R5C5", "nullify", "R2C4"), **six)
    assert result.players["Ed"].scoring_value.points == 0
    assert result.players["Ed"].scoring_value.reason.endswith(
        "someone nullified it, so it scores 0 (Nullify is applied last)."
    )
    assert result.players["Nat"].nullify_credit.points == 3


def test_replace_scores_with_the_second_card_and_the_crowd_counts_scoring_cards_only():
    result = round_one(
        ("Ann", "Bo", "Cy"),
        Ann=turns("R2C4", "replace", "R1C2"),
        Bo=turns("R1C2", "scout", "R2C4"),
        Cy=turns("R1C2", "scout", "R2C4"),
    )
    assert result.players["Ann"].scoring_value.points == 2  # 3 players score with R1C2: 3 − 1
    assert "the card you replaced your starting card with" in result.players["Ann"].scoring_value.reason


def test_penalties_and_round_points():
    result = round_one(("Ann", "Bo"), Ann=[">R1C2", ">R2C4", ">R3C3", ">R1C1"], Bo=turns("R1C1", "scout", "R1C2"))
    ann = result.players["Ann"]
    assert ann.play.action is Action.NULLIFY  # none stated: the first unused
    assert [p.points for p in ann.penalties] == [-1, -2, -1]
    assert ann.scoring_value.points == 3 and ann.round_points == 3 - 4 == ann.total
    assert result.players["Bo"].scoring_value.points == 2
    assert result.primary_list() == [2, -1]


def test_no_card_turned_scores_nothing():
    result = round_one(("Ann", "Bo"), Ann=turns("R1C2", "scout", "R1C1"))
    assert result.players["Bo"].round_points == 0
    assert result.players["Bo"].scoring_value.reason == (
        "Round 1: you turned over no card, so you have no scoring card: 0 points."
    )


def test_each_action_once_the_used_ones_carry_to_later_rounds():
    match = Match(
        GOOD,
        ("Ann",),
        {1: {"Ann": turns("R1C2", "nullify", "R1C1")}, 2: {"Ann": [">R1C1", ">R1C3"]}, 3: {"Ann": [">R1C1", ">R1C3"]}},
    )
    one, two, three = score_rounds(match)
    assert [r.players["Ann"].play.action for r in (one, two, three)] == [Action.NULLIFY, Action.REPLACE, Action.SCOUT]
    assert [r.players["Ann"].penalty_points for r in (one, two, three)] == [0, -1, -1]


def test_guesses_add_to_the_round_and_totals_run_on():
    guesses = tuple(BoardGuess(1, name, Cell(1, 2), 3, Colour.YELLOW) for name in ("ann", "Bo"))
    match = Match(
        GOOD,
        ("Ann", "Bo", "Cy", "Di"),
        {1: {"Ann": turns("R1C2", "scout", "R1C1")}},
        board_guesses=guesses + (BoardGuess(1, "Zed", Cell(1, 1), 2),),
        heat_guesses=(HeatGuess(1, "Bo", True),),
    )
    one, two = score_rounds(match, 2)
    assert one.players["Ann"].guess_points == 2 and one.players["Bo"].guess_points == 3
    assert one.players["Ann"].round_points == 5 and two.players["Ann"].total == 5
    assert one.problems == ("A board guess from 'Zed' is not scored: 'Zed' is not a player.",)


def test_top_guesses_pay_in_the_next_round_and_the_consolation_in_round_three():
    messages = {
        1: {
            "Ann": turns("R1C2", "scout", "R1C1"),
            "Bo": turns("R2C4", "scout", "R1C1"),
            "Cy": turns("R1C1", "scout", "R1C2"),
        },  # Ann 3, Cy 2, Bo 1
        2: {
            "Ann": turns("R1C1", "nullify", "R5C1"),
            "Bo": turns("R1C3", "nullify", "R5C1"),
            "Cy": turns("R5C5", "nullify", "R5C1"),
        },  # Ann 3, Bo 1 + 1 for his guess, Cy 2
    }
    tops = (TopGuess.parse(1, "Bo", "Ann"), TopGuess.parse(1, "Cy", "Cy"), TopGuess.parse(1, "Ann", "Ann"))
    one, two, three = score_rounds(Match(GOOD, ("Ann", "Bo", "Cy"), messages, top_guesses=tops))
    assert one.top_scorers() == ("Ann",)
    assert [two.players[p].top_guess.points for p in ("Ann", "Bo", "Cy")] == [0, 1, 0]
    assert two.top_guesses.host_notes and "Ann is one of the top scorers" in two.top_guesses.host_notes[0]
    assert two.round_points() == {"Ann": 3, "Bo": 2, "Cy": 2}
    assert two.secondary_list() == [6, 4, 3]
    assert three.players["Ann"].consolation.points == 1  # nobody guessed round 2's top scorers
    assert three.players["Bo"].consolation.points == 0
    assert three.players["Ann"].round_points == 1


def test_messages_from_strangers_are_reported_and_names_are_matched_loosely():
    result = round_one(("Ann",), **{"@ann ": turns("R1C2", "scout", "R1C1"), "Zed": [">R1C1"]})
    assert result.players["Ann"].scoring_value.points == 3
    assert result.problems == ("Round 1 messages from 'Zed' are not scored: 'Zed' is not a player.",)


def test_json_has_exactly_the_fields_the_issue_lists():
    result = round_one(("Ann", "Bo"), Ann=[">R1C2", "replace", ">R2C4", ">R3C3"])
    data = result.as_json()
    assert set(data) == {"game", "round", "players", "primary_list", "problems"}
    assert data["game"] == "cards-on-the-table" and data["round"] == 1 and data["primary_list"] == [0, -1]
    assert data["players"]["Ann"] == {
        "starting": "R1C2",
        "action": "Replace",
        "target": "R2C4",
        "scoring_card": "R2C4",
        "scoring_value": 1,
        "nullify_credit": 0,
        "guess_points": 0,
        "penalties": -2,
        "round_points": -1,
        "total": -1,
    }
    assert result.players["Ann"].reasons()[-1] == "Your 3rd card this round, R3C3: −2 points."
    assert result.players["Bo"].reasons() == [
        "Round 1: you turned over no card, so you have no scoring card: 0 points."
    ]


def test_rounds_are_one_to_three():
    with pytest.raises(ValueError, match="rounds are 1, 2 and 3"):
        score_rounds(Match(GOOD, ("Ann",)), 4)


def test_a_top_guess_for_round_three_is_reported():
    result = score_round(Match(GOOD, ("Ann",), top_guesses=(TopGuess(3, "Ann", ("Ann",)),)), 1)
    assert result.problems == (
        "Ann's top-scorer guess for round 3 is not scored: only the top scorers of rounds 1 and 2 are guessed.",
    )
