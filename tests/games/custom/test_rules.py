"""The custom game's pure rules: answers read in each form, verdicts by the key and by the host, final ranks and
what they pay."""

import datetime as dt

import pytest

from hostkit.games.custom.judge import KeyAnswer, Sent, Verdict, judge
from hostkit.games.custom.reading import normal, split_message
from hostkit.games.custom.settings import Rules
from hostkit.games.custom.standings import final_result, rank

UTC = dt.timezone.utc
T0 = dt.datetime(2026, 11, 20, 20, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "form", "read"),
    [
        ("  Café!! ", "text", "cafe"),
        ("New   York", "text", "new york"),
        ("¿Qué?", "text", "que"),
        ("DBA", "set", "abd"),
        ("a b d", "set", "abd"),
        ("red, Blue,green", "set", "blue,green,red"),
        ("1,000", "number", "1000"),
        (" -2.50 ", "number", "-2.5"),
        (1000.0, "number", "1000"),
        ("12abc", "number", None),
        ("1,00", "number", None),
        ("...", "text", None),
    ],
)
def test_an_answer_is_read_in_its_form(typed, form, read):
    assert normal(typed, form) == read


def test_many_answers_to_a_message_split_at_commas_semicolons_and_new_lines():
    assert split_message("Paris, Rome;Madrid\nLisbon", True, "text") == ["Paris", "Rome", "Madrid", "Lisbon"]
    assert split_message("A, B, D; CEF", True, "set") == ["A, B, D", "CEF"]
    assert split_message("1,000\n2,500", True, "number") == ["1,000", "2,500"]
    assert split_message("Paris, Rome", False, "text") == ["Paris, Rome"]


def sent(*rows):
    return [Sent(i + 2, T0 + dt.timedelta(minutes=i), p, m, v) for i, (p, m, v) in enumerate(rows)]


KEY = [KeyAnswer("Paris", "paris", 1, 2), KeyAnswer("Rome", "rome", 3, 3)]


def test_the_host_overrides_the_key_where_a_verdict_is_typed_under_key_or_host():
    rules = Rules(judge="key-or-host", incorrect_points=-1)
    answers = judge(
        sent(("Ann", "Paris", (False,)), ("Bo", "Lima", (True,)), ("Cy", "Rome", ())), KEY, rules, None, UTC
    )
    assert [(a.verdict, a.points) for a in answers] == [
        (Verdict.INCORRECT, -1),
        (Verdict.CORRECT, 1),
        (Verdict.CORRECT, 3),
    ]
    assert "judged incorrect by the host (the key has it)" in answers[0].reason


def test_a_host_judged_row_without_a_verdict_waits_and_one_verdict_per_answer_is_applied_in_order():
    rules = Rules(judge="host", many=True)
    answers = judge(sent(("Ann", "x, y", (True, False)), ("Bo", "z", ())), [], rules, None, UTC)
    assert [a.verdict for a in answers] == [Verdict.CORRECT, Verdict.INCORRECT, Verdict.WAITING]


def test_repeats_of_another_players_answer_may_count_as_incorrect():
    rules = Rules(repeat_other="incorrect", incorrect_points=-2)
    answers = judge(sent(("Ann", "Lima", ()), ("Bo", "lima", ())), KEY, rules, None, UTC)
    assert answers[1].verdict is Verdict.REPEAT_OTHER and answers[1].points == -2 and answers[1].incorrect
    assert "already given by Ann" in answers[1].reason and "(incorrect)" in answers[1].reason


def test_closing_when_all_are_found_makes_later_answers_late():
    rules = Rules(close_when_all_found=True)
    answers = judge(sent(("Ann", "Paris", ()), ("Bo", "Rome", ()), ("Cy", "Paris", ())), KEY, rules, None, UTC)
    assert answers[2].verdict is Verdict.LATE and "after the last answer of the key was found" in answers[2].reason


def test_ties_share_a_rank_unless_the_tie_winner_is_in_them():
    totals = {"A": 5, "B": 3, "C": 3, "D": 1}
    assert rank(totals, "") == {"A": 1, "B": 2, "C": 2, "D": 4}
    assert rank(totals, "C") == {"A": 1, "C": 2, "B": 3, "D": 4}
    assert rank(totals, "", lowest_first=True) == {"D": 1, "B": 2, "C": 2, "A": 4}


def test_final_pays_garnets_by_rank_tokens_by_threshold_and_the_lowest_as_candidates():
    final = final_result({"A": 5, "B": 3, "C": 3, "D": 1}, [10, 6, 3], 3, 2, "")
    assert final.winner == "A" and dict(final.garnets) == {"A": 10, "B": 6, "C": 6}
    assert final.tokens is not None and final.tokens.winners == ("A",)
    assert final.candidates == ("B", "C", "D")  # tied at the edge, both
    spared = final_result({"A": 5, "B": 3, "C": 3, "D": 1}, [10, 6, 3], 3, 2, "C")
    assert spared.candidates == ("B", "D") and dict(spared.garnets) == {"A": 10, "C": 6, "B": 3}


def test_the_rulings_threshold_examples_award_round_points():
    from hostkit.core.threshold import threshold

    for figures, winners in [
        ((6, 4, 3, 3), ("P0", "P1")),
        ((4, 4, 4, 4), ()),
        ((5, 5, 5, 1), ()),
        ((7, 5, 5), ("P0",)),
    ]:
        assert threshold({f"P{i}": f for i, f in enumerate(figures)}, 3).winners == winners
