import datetime as dt

from hostkit.core.game import Context
from hostkit.core.players import Roster
from hostkit.core.settings import COMMON_SETTINGS, Config
from hostkit.core.stamped import RoundClock, read_stamped, read_stamped_as
from hostkit.core.tables import Table

CTX = Context(Config({s.key: s.default for s in COMMON_SETTINGS}), Roster(("Reds", "Craw")), ())
NOON = dt.datetime(2026, 11, 21, 12, tzinfo=dt.timezone.utc)
CLOCK = RoundClock(3, "round of this match", lambda at: 2 if at >= NOON else None, "before any round opened")


def read(*rows, round_number=2):
    table = Table("Submissions", [["Timestamp", "Player", "Round", "Answer"], *rows])
    return read_stamped(table, CTX, round_number, CLOCK, ("Answer",), "the row is not scored")


def test_rows_of_the_round_with_their_time_and_player():
    rows, problems = read(
        ["2026-11-21 12:05", "@reds", 2, "ABC"],
        ["2026-11-21 12:06", "Craw", None, "DEF"],
        ["2026-11-21 12:07", "Craw", 1, "GHI"],
    )
    assert problems == []
    assert [(r.row, r.player, r.at.minute, r.record["Answer"]) for r in rows] == [
        (2, "Reds", 5, "ABC"),
        (3, "Craw", 6, "DEF"),
    ]


def test_every_unusable_row_is_named_with_its_fix():
    _, problems = read(
        ["soon", "Reds", 2, "A"],
        ["2026-11-21 11:00", "Reds", None, "A"],
        ["2026-11-21 12:00", "Reds", "two", "A"],
        ["2026-11-21 12:00", "Reds", 4, "A"],
        ["2026-11-21 12:00", "Reds", 2.5, "A"],
        ["2026-11-21 12:00", "Joker", 2, "A"],
    )
    assert [(p.row, p.message) for p in problems] == [
        (
            2,
            "Timestamp 'soon' is not a time; write it like 2026-11-21 20:05:13 or 11/21/2026 20:05:13 "
            "(Config date_order is MDY); the row is not scored.",
        ),
        (3, "came at 2026-11-21 11:00:00 with a blank Round, before any round opened; type its round."),
        (4, "Round 'two' is not a round number; type the round (1–3)."),
        (5, "Round 4 is not a round of this match (1–3); fix the round number."),
        (6, "Round 2.5 is not a round number; type the round (1–3)."),
        (7, "'Joker' is not a player (Reds, Craw); fix the name or add the player to Players."),
    ]


def test_a_round_typed_as_a_whole_number_of_any_kind_reads_alike_and_true_or_0_is_no_round():
    rows, problems = read(
        [dt.datetime(2026, 11, 21, 12, 5), "Reds", 2, "ABC"],
        [dt.datetime(2026, 11, 21, 12, 6), "Reds", 2.0, "DEF"],
        [dt.datetime(2026, 11, 21, 12, 7), "Reds", " 2 ", "GHI"],
        [dt.datetime(2026, 11, 21, 12, 8), "Reds", 3, "JKL"],
        [dt.datetime(2026, 11, 21, 12, 9), "Reds", True, "MNO"],
        [dt.datetime(2026, 11, 21, 12, 9), "Reds", 0, "PQR"],
    )
    assert [(r.row, r.at.minute, r.record["Answer"]) for r in rows] == [(2, 5, "ABC"), (3, 6, "DEF"), (4, 7, "GHI")]
    assert [(p.row, p.message) for p in problems] == [
        (6, "Round True is not a round number; type the round (1–3)."),
        (7, "Round 0 is not a round of this match (1–3); fix the round number."),
    ]


def test_rows_made_as_the_caller_asks_and_a_row_it_refuses_left_out():
    rows = [
        ["2026-11-21 12:05", "@reds", "ABC", "n"],
        ["2026-11-21 12:06", "Craw", None, "m"],
        ["later", "Craw", "DEF", None],
    ]
    table = Table("Submissions", [["Timestamp", "Player", "Answer", "Notes"], *rows])

    def made(row, at, player, cells):
        return None if cells[0] is None else (row, at.minute, player, cells)

    read, problems = read_stamped_as(made, table, CTX, 2, CLOCK, ("Answer", "Notes"), "the row is not scored")
    assert read == [(2, 5, "Reds", ("ABC", "n", "2026-11-21 12:05", "@reds", None))]
    assert [p.row for p in problems] == [4]
