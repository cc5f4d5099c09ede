"""The anti-hap judge agrees with a brute-force referee written from the rule sheet and the rulings, on random
boards and random answers (right, wrong, repeated, off the board, with digits, late)."""

import datetime as dt
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.cards import FULL_DECK
from hostkit.games.hap_and_grab.anti_hap import (
    Board,
    Submission,
    Verdict,
    _read_runs,
    build_turn_order,
    earned_turns,
    judge,
    read_message,
)

UTC = dt.timezone.utc
OPENS = dt.datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
CLOSES = OPENS + dt.timedelta(minutes=8)
PLAYERS = ("Reds", "Craw")


def is_anti_hap(cards):
    """For each parameter, two cards the same and one different."""
    return all(len({card.values[i] for card in cards}) == 2 for i in range(3))


def referee(board, submissions):
    """(cards, verdict) of each answer: every message is pieces of three characters, read in time order."""
    labels = sorted(board.cards)
    solutions = {"".join(t) for t in itertools.combinations(labels, 3) if is_anti_hap([board.cards[x] for x in t])}
    found, said, over, verdicts = set(), {p: set() for p in PLAYERS}, False, []
    for sub in sorted(submissions, key=lambda s: (s.at, s.row)):
        for piece in sub.message.split():
            cards = "".join(sorted(piece.upper()))
            if over or sub.at > CLOSES:
                verdicts.append((cards, Verdict.LATE))
                continue
            if any(ch not in board.cards for ch in cards) or len(set(cards)) < 3:
                verdicts.append((cards, Verdict.NOT_AN_ANSWER))
                continue
            if cards in said[sub.player]:
                verdict = Verdict.REPEAT_OWN
            elif any(cards in said[p] for p in PLAYERS if p != sub.player):
                verdict = Verdict.REPEAT_OPPONENT
            elif cards in solutions:
                verdict = Verdict.CORRECT
                found.add(cards)
                over = found == solutions
            else:
                verdict = Verdict.INCORRECT
            said[sub.player].add(cards)
            verdicts.append((cards, verdict))
    return solutions, verdicts


@st.composite
def rounds(draw):
    cards = draw(st.lists(st.sampled_from(FULL_DECK), min_size=3, max_size=11, unique=True))
    board = Board.of(cards)
    labels = sorted(board.cards)
    characters = st.sampled_from(labels + ["Z", "7"] + [x.lower() for x in labels])
    solutions = ["".join(t) for t in itertools.combinations(labels, 3) if is_anti_hap([board.cards[x] for x in t])]
    piece = st.text(characters, min_size=3, max_size=3) | (st.sampled_from(solutions) if solutions else st.nothing())
    submissions = draw(
        st.lists(
            st.builds(
                lambda player, seconds, pieces: (player, seconds, " ".join(pieces)),
                st.sampled_from(PLAYERS),
                st.integers(0, 540),
                st.lists(piece, min_size=1, max_size=3),
            ),
            max_size=25,
        )
    )
    return board, [
        Submission(row, OPENS + dt.timedelta(seconds=seconds), player, message)
        for row, (player, seconds, message) in enumerate(submissions, start=2)
    ]


@settings(max_examples=80)
@given(rounds())
def test_the_judge_agrees_with_the_referee(game):
    board, submissions = game
    solutions, verdicts = referee(board, submissions)
    assert board.anti_haps() == solutions
    answers = judge(submissions, board, CLOSES, UTC)
    assert [(a.cards, a.verdict) for a in answers] == verdicts
    assert all(a.cards in a.reason or a.typed in a.reason for a in answers)


@settings(max_examples=80)
@given(rounds())
def test_the_turns_earned_count_each_players_correct_answers_and_penalties(game):
    board, submissions = game
    answers = judge(submissions, board, CLOSES, UTC)
    correct_by = [a.player for a in answers if a.verdict is Verdict.CORRECT]
    penalties = {p: sum(a.penalty for a in answers if a.player == p) for p in PLAYERS}
    assert earned_turns(answers, PLAYERS) == build_turn_order(correct_by, penalties, PLAYERS)


@settings(max_examples=80)
@given(st.lists(st.sampled_from(PLAYERS), max_size=20), st.fixed_dictionaries({p: st.integers(0, 4) for p in PLAYERS}))
def test_the_turn_order_agrees_with_the_referee(correct_by, penalties):
    """Each 3rd correct answer puts that player's turn at the start; the player with more correct answers gets
    one more at the start; each penalty removes that player's last turn."""
    order = []
    for n, player in enumerate(correct_by):
        if correct_by[: n + 1].count(player) % 3 == 0:
            order = [player, *order]
    counts = {p: correct_by.count(p) for p in PLAYERS}
    if counts["Reds"] != counts["Craw"]:
        order = [max(PLAYERS, key=counts.__getitem__), *order]
    for player in PLAYERS:
        for _ in range(penalties[player]):
            if player in order:
                order.reverse()
                order.remove(player)
                order.reverse()
    assert build_turn_order(correct_by, penalties, PLAYERS).order == tuple(order)


def reading_referee(message):
    """The ruling word for word: cut at every character that is neither a letter nor a digit; a piece whose length
    is a multiple of three is answers of three; a run of neighbouring pieces each shorter than three is joined and
    read as answers of three when its length is a multiple of three; any other piece or run is not an answer."""
    pieces = "".join(ch if ch.isalnum() else " " for ch in message).split()
    groups, run = [], []
    for piece in pieces:
        if len(piece) < 3:
            run.append(piece)
            continue
        if run:
            groups.append("".join(run))
            run = []
        groups.append(piece)
    if run:
        groups.append("".join(run))
    answers = []
    for group in groups:
        if len(group) % 3:
            answers.append(None)
        else:
            answers.extend(group[i : i + 3].upper() for i in range(0, len(group), 3))
    return answers


MESSAGES = st.lists(
    st.text(st.sampled_from("ABCDEFabz7"), min_size=1, max_size=7)
    | st.text(st.sampled_from(" ,.-/_!;\t\n"), min_size=1, max_size=2)
    | st.text(min_size=1, max_size=3),
    max_size=10,
).map("".join)


@settings(max_examples=300)
@given(MESSAGES)
def test_messages_are_read_as_the_ruling_says(message):
    pieces = read_message(message)
    assert [p.letters for p in pieces] == reading_referee(message)
    for piece in pieces:
        assert piece.typed in message
        if piece.letters is not None:
            assert "".join(ch for ch in piece.typed if ch.isalnum()).upper() == piece.letters
            assert piece.read_as() == (
                "" if piece.typed == piece.letters else f"{piece.typed} read as {piece.letters}: "
            )


WORDY = st.lists(
    st.text(st.sampled_from("ABCabcß7é"), min_size=1, max_size=7) | st.sampled_from([" ", "  ", "\t", ", ", "_"]),
    max_size=8,
).map("".join)


@settings(max_examples=300)
@given(WORDY | MESSAGES)
def test_the_quick_readings_of_a_message_agree_with_reading_it_run_by_run(message):
    assert read_message(message) == _read_runs(message)
