import pytest

from hostkit.games.cards_on_the_table.scoring import Match
from hostkit.games.cards_on_the_table.standings import final_standings, garnets_for

from .boards import GOOD


def turns(start, action, target):
    return [f">{start}", action, f">{target}"]


# Ann: 3Y, 3Y, 3Y (all the same colour); Bo: 1R, 1B, 3Y (all different); both turned R1C1 in round 1.
# Cy turns cards nobody else turns. Di uses Scout only; Ed and Flo never play. Nobody guesses the top
# scorers, so Ann, on top in rounds 1 and 2, earns round 3's consolation point.
MESSAGES = {
    1: {
        "Ann": turns("R1C2", "scout", "R1C1"),
        "Bo": turns("R1C5", "scout", "R1C1"),
        "Cy": turns("R5C5", "scout", "R4C5"),
        "Di": turns("R2C4", "scout", "R2C2"),
    },
    2: {
        "Ann": turns("R1C1", "nullify", "R5C1"),
        "Bo": turns("R1C3", "nullify", "R5C2"),
        "Cy": turns("R4C1", "nullify", "R4C2"),
    },
    3: {
        "Ann": turns("R1C3", "replace", "R2C1"),
        "Bo": turns("R3C1", "replace", "R5C2"),
        "Cy": turns("R5C5", "replace", "R5C4"),
    },
}
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def standings(players=PLAYERS, ec_choice=None):
    return final_standings(Match(GOOD, players, MESSAGES, ec_choice=ec_choice))


def test_every_bonus_itemised():
    scores = standings().scores
    ann, bo, cy = scores["Ann"], scores["Bo"], scores["Cy"]
    assert ann.round_points == (3, 3, 4) and ann.colour_bonus.points == 2 and ann.unique_bonus.points == 1
    assert ann.total == 13 and ann.garnets == 1
    assert ann.colour_bonus.reason == "Ann's scoring cards were all the same colour (Yellow, Yellow, Yellow): +2."
    assert ann.unique_bonus.reason == (
        "Nobody else scored with any of Ann's three scoring cards: +1 (another player also turned over R1C1 in round 1)."
    )
    assert bo.round_points == (1, 1, 3) and bo.colour_bonus.points == 1 and bo.total == 7 and bo.garnets == 0
    assert bo.colour_bonus.reason == "Bo's scoring cards were all different colours (Red, Blue, Yellow): +1."
    assert cy.round_points == (1, 3, 2) and cy.colour_bonus.points == 0
    assert cy.unique_bonus.points == 3 and cy.total == 9 and cy.garnets == 1
    assert cy.unique_bonus.reason.endswith("and nobody else turned over any card Cy turned over: +2 more.")


def test_a_shared_scoring_card_loses_the_unique_bonus():
    messages = {**MESSAGES, 3: {**MESSAGES[3], "Bo": turns("R3C1", "replace", "R2C1")}}  # Ann scores R2C1 too
    scores = final_standings(Match(GOOD, PLAYERS, messages)).scores
    assert scores["Ann"].unique_bonus.points == 0 and scores["Bo"].unique_bonus.points == 0


def test_unused_actions_set_the_total_to_three():
    scores = standings().scores
    di = scores["Di"]
    assert di.round_points == (1, 0, 0) and di.total == 3 and di.garnets == 0
    assert di.forfeit.reason == (
        "Di did not use every action over the three rounds (Nullify, Replace unused), so "
        "their total is set to 3, as the sheet says (it would have been 1)."
    )
    assert scores["Ann"].forfeit.reason == ""


def test_winners_and_tokens_of_life_by_threshold_five():
    result = standings()
    assert result.winners == ("Ann",)
    assert result.tokens_of_life.winners == ("Ann", "Cy", "Bo")  # the next group, three players on 3, makes 6
    few = standings(players=("Di", "Ed", "Flo", "Gus", "Hal"))
    assert few.tokens_of_life.winners == ()  # five players tie on 3


def test_ec_tie_goes_to_the_lower_sum_of_turned_over_cards():
    result = standings(players=("Ann", "Di", "Ed"))
    assert result.scores["Di"].turned_sum == 1 + 1 and result.scores["Ed"].turned_sum == 0  # R2C4 1, R2C2 1
    assert result.ec == "Ed"
    assert result.ec_reason == (
        "Di, Ed tie on the fewest points (3); the sums of the cards they turned over are "
        "Di 2, Ed 0, and the lower sum is ranked lower, so Ed is the elimination candidate."
    )


def test_ec_tie_on_the_sum_too_goes_to_the_winners_choice():
    undecided = standings()
    assert undecided.ec is None and not undecided.is_ec_decided()
    assert undecided.ec_reason.endswith(
        "Ed, Flo also tie on 0, so the winners choose among them: undecided until "
        "the host types the winners' choice in Config ec_choice."
    )
    chosen = standings(ec_choice=" @flo")
    assert chosen.ec == "Flo" and chosen.ec_reason.endswith("and they chose Flo: Flo is the elimination candidate.")
    wrong = standings(ec_choice="Di")
    assert wrong.ec is None
    assert wrong.problems == (
        "Config ec_choice names 'Di', who is not one of the tied players Ed, Flo; type one of them.",
    )


def test_fewest_points_alone_is_the_ec():
    result = standings(players=("Ann", "Bo", "Cy"))
    assert result.ec == "Bo" and result.ec_reason == "Bo has the fewest points (7) and is the elimination candidate."


@pytest.mark.parametrize("total, garnets", [(-2, 0), (8, 0), (9, 1), (14, 1), (15, 2), (19, 2), (20, 3), (31, 3)])
def test_garnets_at_nine_fifteen_and_twenty(total, garnets):
    assert garnets_for(total) == garnets


def test_json_itemises_bonuses_winners_ec_and_garnets():
    data = standings(ec_choice="Ed").as_json()
    assert data["winners"] == ["Ann"] and data["ec"] == "Ed" and data["tokens_of_life"] == ["Ann", "Cy", "Bo"]
    assert data["garnets"] == {"Ann": 1, "Bo": 0, "Cy": 1, "Di": 0, "Ed": 0, "Flo": 0}
    ann = data["players"]["Ann"]
    assert {k: ann[k] for k in ann if k != "reasons"} == {
        "rounds": [3, 3, 4],
        "colour_bonus": 2,
        "unique_bonus": 1,
        "forfeit": False,
        "total": 13,
        "garnets": 1,
        "turned_sum": 3 + 2 + 3 + 1 + 3 + 3,
    }


def test_a_ten_player_match_adds_up():
    from hostkit.games.cards_on_the_table.cells import CELLS
    from hostkit.games.cards_on_the_table.guesses import BoardGuess, HeatGuess, TopGuess

    players = tuple(f"P{i}" for i in range(10))
    orders = [("nullify", "replace", "scout"), ("replace", "scout", "nullify"), ("scout", "nullify", "replace")]
    messages = {
        r: {
            p: turns(CELLS[(3 * i + r) % 25].format(), orders[i % 3][r - 1], CELLS[(3 * i + r + 12) % 25].format())
            for i, p in enumerate(players)
        }
        for r in (1, 2, 3)
    }
    messages[2]["P9"].append(">R5C5")  # a 3rd card
    board_guesses = tuple(BoardGuess(1, "P0", cell, 2) for cell in CELLS)
    match = Match(
        GOOD,
        players,
        messages,
        board_guesses=board_guesses,
        heat_guesses=(HeatGuess(2, "P1", True),),
        top_guesses=(TopGuess(1, "P2", ("P5",)),),
        ec_choice="P3",
    )
    result = final_standings(match)
    assert result.problems == ()
    for _p, score in result.scores.items():
        assert score.forfeit.reason == ""
        assert score.total == sum(score.round_points) + score.colour_bonus.points + score.unique_bonus.points
    assert result.scores["P0"].round_points[0] >= 1  # nine 2s guessed: the only guesser wins the numbers point
    assert len(result.winners) >= 1 and result.ec is not None
