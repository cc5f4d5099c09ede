from hostkit.games.hap_and_grab.anti_hap import build_turn_order
from hostkit.games.hap_and_grab.match_result import RoundTally, settle_match, tally_round
from hostkit.games.hap_and_grab.tobago import Choice, Tobago, Treasure


def tally(number, reds, craw, done=True, losers=None):
    return RoundTally(number, {"Reds": reds, "Craw": craw}, losers or {}, done, "finished" if done else "in Part 2")


def test_most_treasure_over_the_rounds_wins():
    result = settle_match(("Reds", "Craw"), [tally(n, 5, 4) for n in range(1, 5)], 4, None)
    assert result.final and result.winner == "Reds" and result.treasure == {"Reds": 20, "Craw": 16}
    assert result.reason == "After 4 rounds: Reds has the most treasure (20) and wins the match."


def test_a_tie_goes_to_tie_winner():
    rounds = [tally(1, 9, 3), tally(2, -3, 3), tally(3, 0, 0), tally(4, 3, 3)]
    result = settle_match(("Reds", "Craw"), rounds, 4, "Craw")
    assert result.winner == "Craw" and "tied at 9 treasure; a tie goes to Craw (Config tie_winner)" in result.reason
    unset = settle_match(("Reds", "Craw"), rounds, 4, None)
    assert unset.final and unset.winner is None and "Config tie_winner is blank" in unset.reason


def test_an_unfinished_match_has_no_winner():
    result = settle_match(("Reds", "Craw"), [tally(1, 9, 3), tally(2, 0, 0, done=False)], 4, None)
    assert not result.final and result.winner is None
    assert result.reason == "The match is on: round 2 of 4 is in Part 2."


def test_an_automatic_loss_ends_the_match_at_once():
    result = settle_match(
        ("Reds", "Craw"), [tally(1, 20, 3), tally(2, 0, 0, losers={"Reds": "loses the match"})], 4, None
    )
    assert result.final and result.winner == "Craw" and result.lost == {"Reds": "loses the match"}


def test_a_double_loss_is_settled_by_treasure():
    losers = {"Reds": "loses the match", "Craw": "loses the match"}
    result = settle_match(("Reds", "Craw"), [tally(1, 4, 9), tally(2, 0, 0, losers=losers)], 4, None)
    assert result.final and result.winner == "Craw" and "Both lost at once, so treasure decides" in result.reason


def test_a_round_tally_follows_its_part_2():
    turns = build_turn_order(list("RRRC"), {}, ["R", "C"])
    assert tally_round(1, turns, None) == RoundTally(1, {}, {}, False, "waiting for its Part 2 decisions")
    game = Tobago(turns.order, [Treasure.FIVE, Treasure.FOUR], ("R", "C"))
    assert tally_round(1, turns, game).status == "in Part 2, waiting for R on card 1"
    game.push("R", Choice.TAKE, 1)
    game.push("R", Choice.TAKE, 2)
    assert tally_round(1, turns, game) == RoundTally(1, {"R": 9, "C": 0}, {}, True, "finished")


def test_a_round_tally_carries_its_automatic_losses():
    turns = build_turn_order(list("RRRC"), {"C": 1, "R": 2}, ["R", "C"])
    tally = tally_round(2, turns, None)
    assert tally.done and tally.status == "finished (nobody earned a turn)"
    assert tally.losers == {"C": "loses the match: 1 penalty against 0 turns earned this round"}
