import datetime as dt
import itertools

import pytest

from hostkit.core.rng import rng
from hostkit.core.times import wall_clock, zone
from hostkit.games.hap_and_grab.anti_hap import (
    FACES,
    Board,
    Submission,
    Verdict,
    board_warnings,
    build_turn_order,
    earned_turns,
    generate_board,
    judge,
    read_message,
)
from hostkit.games.hap_and_grab.render import VERDICT_WORDS, answer_rows

UTC = dt.timezone.utc
OPENS = dt.datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
CLOSES = OPENS + dt.timedelta(minutes=8)

# A: white square red, B: white triangle blue, C: gray square blue, D: black circle yellow ...
BOARD = Board.of(
    [
        FACES.parse(words.split())
        for words in (
            "white square red",
            "white triangle blue",
            "gray square blue",
            "black circle yellow",
            "white square blue",
            "gray triangle red",
            "black square red",
            "gray circle blue",
        )
    ]
)


def at(seconds):
    return OPENS + dt.timedelta(seconds=seconds)


def subs(*rows):
    return [Submission(i + 2, at(t), p, m) for i, (t, p, m) in enumerate(rows)]


def verdicts(answers):
    return [(a.player, a.shown, a.verdict.value, a.penalty) for a in answers]


# ---- reading a message


@pytest.mark.parametrize(
    "message, pieces",
    [
        ("abc", ["ABC"]),
        ("ABC, def", ["ABC", "DEF"]),
        ("ABCDEF", ["ABC", "DEF"]),
        ("abc/def!ghi", ["ABC", "DEF", "GHI"]),
        ("358", ["358"]),
        ("A1B", ["A1B"]),
        ("A1B2C3", ["A1B", "2C3"]),
    ],
)
def test_answers_are_read_in_threes(message, pieces):
    assert [p.letters for p in read_message(message)] == pieces


@pytest.mark.parametrize("message", ["ABCD", "lolz", "AB", "A1B2"])
def test_other_pieces_are_kept_as_typed(message):
    pieces = read_message(message)
    assert [p.typed for p in pieces] == ["".join(ch for ch in message if ch.isalnum())]
    assert pieces[0].letters is None or len(pieces[0].typed) == 3


@pytest.mark.parametrize(
    "message, typed, letters",
    [
        ("ABD", ["ABD"], ["ABD"]),
        ("A B D", ["A B D"], ["ABD"]),
        ("a,b,d", ["a,b,d"], ["ABD"]),
        ("A-B-D", ["A-B-D"], ["ABD"]),
        ("A. B, D!", ["A. B, D"], ["ABD"]),
        ("AB D", ["AB D"], ["ABD"]),
        ("A B D, C E F", ["A B D", "C E F"], ["ABD", "CEF"]),
        ("A,B,D,C,E,F", ["A,B,D", "C,E,F"], ["ABD", "CEF"]),
        ("ABD, C E F", ["ABD", "C E F"], ["ABD", "CEF"]),
        ("AB C", ["AB C"], ["ABC"]),
        ("AB CD EF", ["AB C", "D EF"], ["ABC", "DEF"]),
        ("ab-cd-ef-gh-i", ["ab-c", "d-ef", "gh-i"], ["ABC", "DEF", "GHI"]),
        ("A1 B", ["A1 B"], ["A1B"]),
        ("ABCD EF", ["ABCD", "EF"], [None, None]),
        ("AB ABD C", ["AB", "ABD", "C"], [None, "ABD", None]),
        ("A B", ["A B"], [None]),
        ("A B D E", ["A B D E"], [None]),
    ],
)
def test_labels_are_read_however_they_are_separated(message, typed, letters):
    pieces = read_message(message)
    assert [p.typed for p in pieces] == typed
    assert [p.letters for p in pieces] == letters


def test_the_reason_says_what_was_read():
    good = sorted(BOARD.anti_haps())[0]
    spaced, commas = " ".join(good), ",".join(good.lower())
    answers = judge(subs((10, "Reds", spaced), (20, "Craw", commas), (30, "Craw", "A B")), BOARD, CLOSES, UTC)
    assert verdicts(answers)[:2] == [("Reds", good, "correct", 0), ("Craw", good, "repeat-opponent", 0)]
    assert answers[0].reason.startswith(f"{spaced} read as {good}: {good} is an anti-hap")
    assert answers[1].reason.startswith(f"{commas} read as {good}: {good} was already submitted by Reds")
    assert answers[2].reason == "A B is 2 letters, not three: not an answer, no penalty."


@pytest.mark.parametrize(
    "message, reason",
    [
        ("ABCD", "ABCD is 4 letters, not three or a multiple of three: not an answer, no penalty."),
        ("A B D E", "A B D E is 4 letters, not three or a multiple of three: not an answer, no penalty."),
        ("A1", "A1 is 2 characters, not three: not an answer, no penalty."),
    ],
)
def test_a_reason_for_a_piece_that_is_not_an_answer_counts_what_was_typed(message, reason):
    assert [a.reason for a in judge(subs((10, "Reds", message)), BOARD, CLOSES, UTC)] == [reason]


def test_an_answer_typed_in_lowercase_is_read_as_capitals_and_says_so():
    good = sorted(BOARD.anti_haps())[0]
    answers = judge(subs((10, "Reds", good.lower()), (20, "Reds", good)), BOARD, CLOSES, UTC)
    assert answers[0].reason.startswith(f"{good.lower()} read as {good}: {good} is an anti-hap")
    assert answers[1].reason.startswith(f"{good} repeats Reds's own answer")


def test_a_piece_of_letters_not_a_multiple_of_three_is_not_an_answer():
    assert read_message("ABCD")[0].letters is None


# ---- verdicts


def test_board_anti_haps_are_sorted_label_triples():
    solutions = BOARD.anti_haps()
    assert all(len(s) == 3 and "".join(sorted(s)) == s for s in solutions)
    assert "ACG" not in solutions  # all squares


def test_board_as_json_names_each_card_and_the_anti_haps():
    data = BOARD.as_json()
    assert data["cards"][0] == {"label": "A", "background": "white", "shape": "square", "colour": "red"}
    assert [c["label"] for c in data["cards"]] == list("ABCDEFGH")
    assert data["anti_haps"] == sorted(BOARD.anti_haps())


def test_every_verdict():
    good = sorted(BOARD.anti_haps())
    bad = next(t for t in ("ACG", "ABC", "ABD") if t not in BOARD.anti_haps())
    answers = judge(
        subs(
            (10, "Reds", good[0]),  # correct
            (20, "Craw", good[0][::-1].lower()),  # repeat-opponent (order and case ignored)
            (30, "Craw", bad),  # incorrect
            (40, "Craw", bad),  # repeat-own of an incorrect answer
            (50, "Reds", "ABZ 358 AAB hello"),  # not answers
            (600, "Reds", good[1]),  # late
        ),
        BOARD,
        CLOSES,
        UTC,
    )
    assert verdicts(answers) == [
        ("Reds", good[0], "correct", 0),
        ("Craw", good[0], "repeat-opponent", 0),
        ("Craw", bad, "incorrect", 1),
        ("Craw", bad, "repeat-own", 1),
        ("Reds", "ABZ", "not-an-answer", 0),
        ("Reds", "358", "not-an-answer", 0),
        ("Reds", "AAB", "not-an-answer", 0),
        ("Reds", "hello", "not-an-answer", 0),
        ("Reds", good[1], "late", 0),
    ]


def test_reasons_can_be_pasted_to_players():
    answers = judge(
        subs((10, "Reds", "ACG"), (20, "Reds", "ABZ"), (30, "Reds", "AAB"), (500, "Craw", "ABC")), BOARD, CLOSES, UTC
    )
    reasons = [a.reason for a in answers]
    assert reasons[0] == (
        "ACG is not an anti-hap: the backgrounds are all different (white, gray, black); "
        "the shapes are all the same (square). One turn penalty."
    )
    assert reasons[1] == "ABZ names Z, which is not on the board (A–H): not an answer, no penalty."
    assert reasons[2] == "AAB names A twice: not an answer, no penalty."
    assert (
        reasons[3]
        == "ABC came at 2026-11-21 20:08:20, after Part 1 closed at 2026-11-21 20:08:00; ignored, no penalty."
    )


def test_repeating_an_answer_one_found_first_costs_a_turn():
    good = sorted(BOARD.anti_haps())[0]
    answers = judge(subs((10, "Reds", good), (20, "Reds", good)), BOARD, CLOSES, UTC)
    assert answers[1].verdict is Verdict.REPEAT_OWN
    assert "repeats Reds's own answer of 2026-11-21 20:00:10" in answers[1].reason


def test_equal_timestamps_keep_row_order():
    good = sorted(BOARD.anti_haps())[0]
    answers = judge([Submission(7, at(5), "Craw", good), Submission(3, at(5), "Reds", good)], BOARD, CLOSES, UTC)
    assert [(a.player, a.verdict) for a in answers] == [("Reds", Verdict.CORRECT), ("Craw", Verdict.REPEAT_OPPONENT)]


def test_part1_closes_when_the_last_anti_hap_is_found():
    solutions = sorted(BOARD.anti_haps())
    message = " ".join(solutions)
    answers = judge(subs((10, "Reds", message + " " + solutions[0]), (11, "Craw", solutions[0])), BOARD, CLOSES, UTC)
    assert [a.verdict for a in answers[:-2]] == [Verdict.CORRECT] * len(solutions)
    assert answers[-2].verdict is Verdict.LATE and answers[-1].verdict is Verdict.LATE
    assert "after the last anti-hap was found" in answers[-1].reason


def test_an_answer_at_the_closing_second_is_on_time():
    good = sorted(BOARD.anti_haps())[0]
    assert judge(subs((480, "Reds", good)), BOARD, CLOSES, UTC)[0].verdict is Verdict.CORRECT


# ---- turn order


def test_rule_sheet_worked_example():
    correct = list("RCRCCCRCCRCCRCR")
    order = build_turn_order(correct, {}, ["R", "C"])
    assert "".join(order.order) == "CRCCRC"
    assert order.correct == {"R": 6, "C": 9}
    with_penalty = build_turn_order(correct, {"C": 1}, ["R", "C"])
    assert "".join(with_penalty.order) == "CRCCR"
    assert not with_penalty.has_lost("C")


def test_milestones_alone_read_newest_first():
    order = build_turn_order(list("RCRCCCRCCRCCRCR"), {}, ["R", "C"])
    assert order.steps[:5] == (
        "C's correct answer number 3 puts a turn at the front.",
        "R's correct answer number 3 puts a turn at the front.",
        "C's correct answer number 6 puts a turn at the front.",
        "C's correct answer number 9 puts a turn at the front.",
        "R's correct answer number 6 puts a turn at the front.",
    )


def test_no_bonus_turn_on_a_tie():
    order = build_turn_order(list("RCRCRC"), {}, ["R", "C"])
    assert order.order == ("C", "R")


def test_penalties_outnumbering_turns_earned_lose_the_match():
    order = build_turn_order(list("RRRC"), {"C": 1, "R": 2}, ["R", "C"])
    assert order.earned == {"R": 2, "C": 0}
    assert order.order == ()
    assert order.has_lost("C") and not order.has_lost("R")
    assert order.losers() == ["C"]
    assert order.loss_reason("C") == "loses the match: 1 penalty against 0 turns earned this round"
    assert order.loss_reason("R") == ""


def test_judged_answers_earn_their_turn_order():
    answers = judge(
        subs((1, "R", "ABC"), (2, "R", "ABF"), (3, "C", "ABD"), (4, "R", "ABG"), (5, "C", "ACF")), BOARD, CLOSES, UTC
    )
    assert [a.verdict for a in answers].count(Verdict.INCORRECT) == 1
    turns = earned_turns(answers, ["R", "C"])
    assert turns == build_turn_order(["R", "R", "R", "C"], {"R": 0, "C": 1}, ["R", "C"])
    assert turns.order == ("R", "R") and turns.losers() == ["C"]


# ---- boards


def test_generated_boards_follow_the_rules_and_repeat_with_the_seed():
    for round_number in range(1, 30):
        board = generate_board(rng(42, "board", round_number))
        assert 8 <= len(board.cards) <= 11
        assert len(set(board.cards.values())) == len(board.cards)
        count = len(board.anti_haps())
        assert count > 0 and count % 3 == 0
        assert board_warnings(board) == []
    assert generate_board(rng(42, "board", 1)) == generate_board(rng(42, "board", 1))
    assert generate_board(rng(42, "board", 1)) != generate_board(rng(43, "board", 1))


def test_typed_board_warnings():
    cards = list(BOARD.cards.values())
    board = Board({"A": cards[0], "B": cards[0], "D": cards[1]})
    warnings = board_warnings(board)
    assert "the board has 3 cards; the rules want 8 to 11" in warnings
    assert "the labels are ABD; the rules want ABC in reading order" in warnings
    assert "card B (white square red) is the same card as A" in warnings
    assert any("anti-haps; the rules promise a positive multiple of 3" in w for w in warnings)


def test_repeating_any_earlier_submission_of_the_opponent_has_no_penalty():
    # The rule sheet: "Submitting an answer that was submitted by the opponent already will have no penalty."
    bad = next(t for t in ("ACG", "ABC", "ABD") if t not in BOARD.anti_haps())
    answers = judge(
        subs((10, "Craw", bad), (20, "Reds", bad), (30, "Reds", bad), (40, "Craw", bad)), BOARD, CLOSES, UTC
    )
    assert verdicts(answers) == [
        ("Craw", bad, "incorrect", 1),
        ("Reds", bad, "repeat-opponent", 0),
        ("Reds", bad, "repeat-own", 1),
        ("Craw", bad, "repeat-own", 1),
    ]
    assert answers[1].reason == (
        f"{bad} was already submitted by Craw at 2026-11-21 20:00:10 (incorrect): no penalty, no credit."
    )


def test_a_reason_for_a_letter_off_the_board_names_the_answer_it_is_in():
    answers = judge(subs((10, "Reds", "ABZ CDZ xyA")), BOARD, CLOSES, UTC)
    assert [a.reason for a in answers] == [
        "ABZ names Z, which is not on the board (A–H): not an answer, no penalty.",
        "CDZ names Z, which is not on the board (A–H): not an answer, no penalty.",
        "xyA read as XYA: xyA names X, Y, which are not on the board (A–H): not an answer, no penalty.",
    ]


def test_a_judged_answer_and_the_message_it_came_from_cannot_be_changed():
    message = subs((5, "Reds", "ABC"))[0]
    answer = judge([message], BOARD, CLOSES, UTC)[0]
    for made, field in ((message, "message"), (answer, "verdict"), (read_message("ABC")[0], "letters")):
        with pytest.raises(AttributeError):
            setattr(made, field, None)


def test_late_reasons_name_the_piece_its_time_and_what_it_came_after():
    solutions = sorted(BOARD.anti_haps())
    found = " ".join(solutions[:-1])
    last, extra = solutions[-1], "ab cd"
    answers = judge(
        subs((10, "Reds", found), (11.5, "Craw", f"{last} {extra}"), (12, "Reds", "x ABC"), (500, "Craw", "DEF")),
        BOARD,
        CLOSES,
        UTC,
    )
    late = [a.reason for a in answers if a.verdict is Verdict.LATE]
    after = f"after the last anti-hap was found ({last} by Craw at 2026-11-21 20:00:11.500); ignored, no penalty."
    assert late == [
        f"ab cd came at 2026-11-21 20:00:11.500, {after}",
        f"x came at 2026-11-21 20:00:12, {after}",
        f"ABC came at 2026-11-21 20:00:12, {after}",
        f"DEF came at 2026-11-21 20:08:20, {after}",
    ]
    closed = judge(subs((10, "Reds", "ABC"), (481, "Craw", "bad ABD")), BOARD, CLOSES, UTC)
    assert [a.reason for a in closed[1:]] == [
        f"{typed} came at 2026-11-21 20:08:01, after Part 1 closed at 2026-11-21 20:08:00; ignored, no penalty."
        for typed in ("bad", "ABD")
    ]
    assert [a.cards for a in closed[1:]] == ["ABD", "ABD"]


def test_answer_rows_show_what_each_answer_says_of_itself():
    good = sorted(BOARD.anti_haps())
    wrong = next("".join(t) for t in itertools.combinations(BOARD.labels(), 3) if "".join(t) not in good)
    messages = ((10, "Reds", f"{good[0]} AB1 {wrong.lower()}"), (20, "Craw", f"{good[0]} ab"), (20, "Reds", wrong))
    answers = judge(subs(*messages, (481, "Reds", "ABC")), BOARD, CLOSES, UTC)
    assert {a.verdict for a in answers} == set(Verdict)
    london = zone("Europe/London")
    assert answer_rows(answers, london) == [
        [wall_clock(a.at, london), a.player, a.shown, VERDICT_WORDS[a.verdict], a.penalty, a.reason, a.row]
        for a in answers
    ]
