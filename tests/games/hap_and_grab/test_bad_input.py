"""Bad cells in the Rounds and Board tabs: reported by row, never read as something else, never a traceback."""

import datetime as dt

import pytest

from hostkit.core.tables import BookError, Tables
from hostkit.games import load_game
from tests.games.hap_and_grab.helpers import OPENS, at, hap_and_grab_tabs, solutions

GAME = load_game("hap-and-grab")
AFTER = dt.datetime(2026, 11, 23, tzinfo=dt.timezone.utc)
SOL = solutions()


def tabs_with(rounds=None, board_extra=(), rows=None):
    tabs = hap_and_grab_tabs(rows if rows is not None else [[at(10), "Reds", 1, SOL[0]], [at(20), "Craw", 1, SOL[1]]])
    if rounds is not None:
        tabs["Rounds"] = [["Round", "Opens"], *rounds]
    tabs["Board"] += [list(r) for r in board_extra]
    return tabs


def score(tabs, number=1):
    return GAME.score(Tables(tabs), number, AFTER)


@pytest.mark.parametrize(
    "typed, message",
    [
        (1.9, "Round 1.9 is not a whole number; type the round number (1–4). The row is not read."),
        (True, "Round True is not a whole number"),
        (float("inf"), "Round inf is not a whole number"),
        (float("nan"), "Round nan is not a whole number"),
        (1e12, "Round 1000000000000 is not a round of this match (1–4)"),
        (-1e7, "Round -10000000 is not a round of this match (1–4)"),
        (None, "Round is blank; type the round number (1–4)"),
    ],
)
def test_a_bad_round_number_in_rounds_is_a_reported_row(typed, message):
    out = score(tabs_with([[1, OPENS], [typed, OPENS + dt.timedelta(hours=1)]]))
    assert [(p.tab, p.row, p.message.split(";")[0]) for p in out.problems] == [("Rounds", 3, message.split(";")[0])]
    assert message in out.problems[0].message
    assert out.data["anti_haps_found"] == 2


def test_a_fractional_round_is_not_read_as_its_whole_part():
    with pytest.raises(BookError, match="Round 1 has no Opens time"):
        score(tabs_with([[1.9, OPENS]]))


def test_a_duplicate_rounds_row_is_named_and_the_first_row_stands():
    out = score(tabs_with([[1, OPENS], [1, OPENS + dt.timedelta(hours=5)]]))
    assert [(p.row, p.message) for p in out.problems] == [
        (3, "round 1 is already on row 2; this row is ignored. Delete one of the two.")
    ]
    assert out.data["anti_haps_found"] == 2


@pytest.mark.parametrize("opens", [1e12, -1e7, float("inf"), 2958466.5, float("nan")])
def test_an_out_of_range_opens_is_reported_not_a_traceback(opens):
    out = score(tabs_with([[1, OPENS], [2, opens]]))
    assert [p.row for p in out.problems] == [3]
    assert out.problems[0].message.startswith("Opens ")
    assert "falls outside the years 1900–9998" in out.problems[0].message
    with pytest.raises(BookError, match=r"^Rounds row 3: Opens .* round 2 cannot be scored until it is fixed\.$"):
        score(tabs_with([[1, OPENS], [2, opens]]), 2)


def test_an_unreadable_opens_names_its_value_once():
    with pytest.raises(BookError) as error:
        score(tabs_with([[1, "tonight 8pm"]]))
    assert str(error.value).count("tonight 8pm") == 1
    assert str(error.value).startswith("Rounds row 2: Opens 'tonight 8pm' is not a time; write it like")


@pytest.mark.parametrize("stamp", [1e12, -1e7, float("inf"), float("nan"), 2958466.5, None])
def test_an_out_of_range_or_blank_timestamp_is_a_reported_row(stamp):
    out = score(tabs_with(rows=[[stamp, "Reds", 1, SOL[0]], [at(20), "Craw", 1, SOL[1]]]))
    assert [(p.tab, p.row) for p in out.problems] == [("Submissions", 2)]
    said = out.problems[0].message
    assert said.startswith("Timestamp is blank" if stamp is None else f"Timestamp {stamp} is not a time")
    assert out.data["anti_haps_found"] == 1


@pytest.mark.parametrize("typed", [1.9, True, "1.5"])
def test_a_fractional_or_boolean_board_round_is_refused(typed):
    out = score(tabs_with(board_extra=[[typed, "J", "black", "circle", "red"]]))
    assert [p.message for p in out.problems] == [
        f"Board row 11: Round {str(typed)!r} is not a whole number; type the card's round. The card is left out"
    ]
    assert out.data["anti_haps_total"] == len(SOL)


def board(config, number=2):
    tabs = hap_and_grab_tabs(config=config)
    return GAME.board(Tables(tabs), number, now=AFTER)


def test_board_refuses_settings_it_cannot_meet_in_one_sentence():
    with pytest.raises(
        BookError,
        match=r"^Config board_min_cards 20 is more than board_max_cards 11, so no board "
        r"can meet both; lower board_min_cards or raise board_max_cards",
    ):
        board({"board_min_cards": 20})
    with pytest.raises(
        BookError,
        match=r"^Config board_min_cards 3 and board_max_cards 3 cannot be met: no board "
        r"of 3 to 3 cards with a positive multiple of 3 anti-haps turned up in "
        r"10,000 draws; allow more cards",
    ):
        board({"board_min_cards": 3, "board_max_cards": 3})


def test_board_refuses_a_round_outside_the_match_as_score_does():
    for step in (lambda t: GAME.board(t, 5, now=AFTER), lambda t: GAME.score(t, 5, AFTER)):
        with pytest.raises(BookError, match=r"^Round 5 is not a round of this match; rounds run 1–4\.$"):
            step(Tables(hap_and_grab_tabs()))


def test_counts_agree_with_their_nouns():
    from tests.games.hap_and_grab.tobago_helpers import SHEET_SEQUENCE, apply, match_tabs

    tabs = match_tabs({1: (SHEET_SEQUENCE, "C")})
    tabs = apply(tabs, GAME.deal(Tables(tabs), 1, AFTER).writes)
    changed = apply(tabs, {"Submissions": match_tabs({1: (SHEET_SEQUENCE, "RC")})["Submissions"]})
    out = GAME.score(
        Tables(apply(changed, {"Decisions": [["Round", "Card", "Player", "Decision"], [1, 1, "Craw", "pass"]]})),
        1,
        AFTER,
    )
    assert "round 1 was dealt 2 peeks for Reds, but Part 1 now gives Reds 1 turn; re-deal" in " ".join(
        p.message for p in out.problems
    )
    one = GAME.score(Tables(hap_and_grab_tabs([[at(10), "Reds", 1, SOL[0]]])), 1, AFTER)
    assert one.summary[0] == f"Round 1: 1 answer judged; 1 of {len(SOL)} anti-haps found."


def test_blank_cells_are_called_blank():
    out = score(tabs_with(board_extra=[[1, None, "black", "circle", "red"], [1, "J", None, "circle", "red"]]))
    assert [p.message for p in out.problems] == [
        "Board row 11: Label is blank; the card is left out",
        "Board row 12: background is blank; type one of white, gray, black; card J is left out until it is fixed",
    ]
