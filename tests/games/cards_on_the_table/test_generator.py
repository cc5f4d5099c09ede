from hostkit.games.cards_on_the_table.checker import check_set
from hostkit.games.cards_on_the_table.generator import Timings, generate_set, time_generation
from hostkit.games.cards_on_the_table.heat import AGAINST_THE_MEAN, DEFAULT_HEAT_RULE


def test_twenty_seeds_pass_the_independent_checker():
    for seed in range(20):
        boards = generate_set(seed)
        assert check_set(boards, DEFAULT_HEAT_RULE) == [], f"seed {seed}"


def test_the_same_seed_gives_the_same_set_and_others_differ():
    assert generate_set("match-7") == generate_set("match-7")
    assert generate_set("match-7") != generate_set("match-8")


def test_heat_comes_from_the_chosen_rule():
    boards = generate_set(3, heat=AGAINST_THE_MEAN)
    assert check_set(boards, AGAINST_THE_MEAN) == []
    assert all(AGAINST_THE_MEAN.is_followed_by(board) for board in boards.boards)


def test_time_generation_reports_median_and_slowest():
    ticks = iter([0.0, 1.0, 1.0, 4.0, 4.0, 6.0])
    timings = time_generation([1, 2, 3], clock=lambda: next(ticks))
    assert timings == Timings({"1": 1.0, "2": 3.0, "3": 2.0})
    assert timings.median == 2.0 and timings.slowest == 3.0
