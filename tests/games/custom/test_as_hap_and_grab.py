"""Configured as Hap and Grab's Part 1, the custom judge gives Hap and Grab's verdicts and turn order: both pure
judges run on the same random rounds (answers of three board labels, right, wrong, repeated, late)."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.cards import FULL_DECK
from hostkit.games.custom.judge import KeyAnswer, Sent, judge
from hostkit.games.custom.reading import normal
from hostkit.games.custom.settings import Rules
from hostkit.games.custom.turns import build_turns
from hostkit.games.hap_and_grab.anti_hap import Board, Submission, earned_turns
from hostkit.games.hap_and_grab.anti_hap import judge as hap_judge

UTC = dt.timezone.utc
OPENS = dt.datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
CLOSES = OPENS + dt.timedelta(minutes=8)
PLAYERS = ("Reds", "Craw")
PART1 = Rules(
    judge="key",
    form="set",
    many=True,
    repeat_own="incorrect",
    repeat_other="ignore",
    close_when_all_found=True,
    turn_every=3,
    newest_first=True,
    bonus_most=True,
    lost_per_incorrect=1,
)
"""Hap and Grab's Part 1 as settings: the anti-haps the key, answers compared as sets of labels."""
SAME = {"repeat-opponent": "repeat-other"}


def key_of(board: Board) -> list[KeyAnswer]:
    return [KeyAnswer(a, str(normal(a, "set")), 1, row) for row, a in enumerate(sorted(board.anti_haps()), start=2)]


@st.composite
def rounds(draw):
    cards = draw(st.lists(st.sampled_from(FULL_DECK), min_size=8, max_size=11, unique=True))
    board = Board.of(cards)
    labels = sorted(board.cards)
    solutions = sorted(board.anti_haps())
    guess = st.permutations(labels).map(lambda p: "".join(p[:3]))
    answer = st.one_of(st.sampled_from(solutions), st.sampled_from(solutions), guess) if solutions else guess
    typed = st.tuples(answer, st.permutations(range(3)), st.booleans()).map(
        lambda t: "".join(t[0][i] for i in t[1]).lower() if t[2] else "".join(t[0][i] for i in t[1])
    )
    message = st.lists(typed, min_size=1, max_size=3).map("\n".join)
    sub = st.tuples(st.sampled_from(PLAYERS), st.integers(0, 600), message)
    subs = draw(st.lists(sub, max_size=60))
    return board, [Submission(row, OPENS + dt.timedelta(seconds=s), p, m) for row, (p, s, m) in enumerate(subs, 2)]


@st.composite
def rounds_found_out(draw):
    """Rounds in which every anti-hap is found, with answers after the last one (late, as the round is over)."""
    board, subs = draw(rounds())
    solutions = sorted(board.anti_haps())
    found = draw(st.permutations(solutions))
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=len(found), max_size=len(found)))
    start = len(subs) + 2
    at = [OPENS + dt.timedelta(seconds=draw(st.integers(0, 400))) for _ in found]
    subs += [Submission(start + i, t, p, a) for i, (t, p, a) in enumerate(zip(at, players, found))]
    return board, subs


@settings(max_examples=300)
@given(st.one_of(rounds(), rounds_found_out()))
def test_custom_configured_as_part_1_judges_as_hap_and_grab(drawn):
    board, subs = drawn
    theirs = hap_judge(subs, board, CLOSES, UTC)
    ours = judge([Sent(s.row, s.at, s.player, s.message) for s in subs], key_of(board), PART1, CLOSES, UTC)
    assert [(a.row, a.player, SAME.get(a.verdict.value, a.verdict.value)) for a in theirs] == [
        (a.row, a.player, a.verdict.value) for a in ours
    ]
    their_turns = earned_turns(theirs, list(PLAYERS))
    our_turns = build_turns(ours, PLAYERS, PART1)
    assert our_turns.order == their_turns.order
    assert dict(our_turns.correct) == dict(their_turns.correct)
    assert dict(our_turns.incorrect) == dict(their_turns.penalties)


def test_the_rule_sheets_worked_turn_order():
    """Correct answers R C R C C C R C C R C C R C R give CRCCRC; one incorrect answer of C's gives CRCCR."""
    at = OPENS
    answers = []
    for i, p in enumerate("RCRCCCRCCRCCRCR"):
        answers.append(Sent(i + 2, at + dt.timedelta(seconds=i), {"R": "Reds", "C": "Craw"}[p], f"A{i:02d}"))
    key = [KeyAnswer(f"A{i:02d}", f"a{i:02d}", 1, i + 2) for i in range(20)]
    rules = Rules(form="text", turn_every=3, bonus_most=True, lost_per_incorrect=1)
    judged = judge(answers, key, rules, None, UTC)
    assert "".join(p[0] for p in build_turns(judged, PLAYERS, rules).order) == "CRCCRC"
    judged = judge([*answers, Sent(99, at + dt.timedelta(minutes=1), "Craw", "nope")], key, rules, None, UTC)
    turns = build_turns(judged, PLAYERS, rules)
    assert "".join(p[0] for p in turns.order) == "CRCCR"
    assert turns.effects[len(judged) - 1] == "An incorrect answer removes Craw's last remaining turn."


def test_oldest_first_puts_each_earned_turn_at_the_back():
    answers = [Sent(i + 2, OPENS + dt.timedelta(seconds=i), p, f"x{i}") for i, p in enumerate(["Reds", "Craw"] * 2)]
    key = [KeyAnswer(f"x{i}", f"x{i}", 1, i + 2) for i in range(4)]
    rules = Rules(turn_every=1, newest_first=False)
    assert build_turns(judge(answers, key, rules, None, UTC), PLAYERS, rules).order == ("Reds", "Craw") * 2


def test_labels_typed_in_any_order_and_case_are_one_answer():
    assert normal("dba", "set") == normal("ABD", "set") == normal("a b d", "set") == "abd"
