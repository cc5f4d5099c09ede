"""Game.withheld: the public tabs of a match that players must not see yet, each with its reason. A board or
results tab whose round has not opened (or closed, where the game scores only then), or was moved later after
it was published, is withheld; once the round is there, nothing is."""

from __future__ import annotations

import datetime as dt

import pytest
from click.testing import CliRunner
from freezegun import freeze_time
from hypothesis import given
from hypothesis import strategies as st

from hostkit.cli import main
from hostkit.core.tables import Tables
from hostkit.games import GAMES, load_game
from hostkit.storage.xlsx import XlsxBook
from tests.games.cards_on_the_table import support as cards
from tests.games.hap_and_grab.helpers import OPENS, at, hap_and_grab_tabs, solutions
from tests.games.paths_and_pahs import workbook as paths

UTC = dt.timezone.utc
HOUR = dt.timedelta(hours=1)
TWO_DAYS = dt.timedelta(days=2)


def with_opens(tabs: dict, tab: str, number: int, value) -> dict:
    """The tabs with round `number`'s time in `tab` (its second column) replaced by `value`."""
    rows = [list(r) for r in tabs[tab]]
    next(r for r in rows[1:] if r and r[0] == number)[1] = value
    return {**tabs, tab: rows}


# ---- Hap and Grab: a round's board until the round opens, its results until its Part 1 closes

HAP = load_game("hap-and-grab")
HAP_AFTER = dt.datetime(2026, 11, 23, tzinfo=UTC)


def hap_played() -> dict:
    """Round 1 of a match scored: its board and results published (round 2 opens an hour after round 1)."""
    sol = solutions()
    tabs = hap_and_grab_tabs([[at(10), "Reds", 1, sol[0]], [at(20), "Craw", 1, sol[1]]])
    outcome = HAP.score(Tables(tabs), 1, HAP_AFTER)
    assert {"Round 1 Board", "Round 1 Results"} <= set(outcome.writes)
    return {**tabs, **outcome.writes}


def test_hap_and_grab_withholds_nothing_once_the_round_has_opened_and_closed():
    assert HAP.withheld(Tables(hap_played()), HAP_AFTER) == {}


def test_hap_and_grab_withdraws_a_published_round_moved_two_days_later():
    moved = with_opens(hap_played(), "Rounds", 1, HAP_AFTER + TWO_DAYS)
    reason = "Round 1 opens at 2026-11-25 00:00:00 UTC."
    assert HAP.withheld(Tables(moved), HAP_AFTER) == {"Round 1 Board": reason, "Round 1 Results": reason}
    assert HAP.withheld(Tables(moved), HAP_AFTER + TWO_DAYS + HOUR) == {}


def test_hap_and_grab_demo_match_with_rounds_3_and_4_moved_two_days_ahead(tmp_path):
    path = tmp_path / "hap.xlsx"
    result = CliRunner().invoke(main, ["demo", "--game", "hap-and-grab", "--book", str(path)])
    assert result.exit_code == 0, result.output
    book = XlsxBook(path)
    rounds = book.read()["Rounds"]
    for row in rounds[3:5]:
        row[1] += TWO_DAYS
    book.write({"Rounds": rounds})
    now = HAP.demo().now
    assert now is not None
    withheld = HAP.withheld(Tables(book.read()), now)
    assert withheld == {
        "Round 3 Board": "Round 3 opens at 2026-11-16 21:00:00 UTC.",
        "Round 3 Results": "Round 3 opens at 2026-11-16 21:00:00 UTC.",
        "Round 4 Board": "Round 4 opens at 2026-11-16 21:30:00 UTC.",
        "Round 4 Results": "Round 4 opens at 2026-11-16 21:30:00 UTC.",
    }
    assert HAP.withheld(Tables(book.read()), now + TWO_DAYS) == {}


def test_hap_and_grab_board_is_public_once_its_round_opens_and_results_once_part_1_closes():
    tabs = hap_played()
    opened = (OPENS + dt.timedelta(minutes=2)).replace(tzinfo=UTC)
    assert HAP.withheld(Tables(tabs), opened) == {
        "Round 1 Results": "Round 1's Part 1 is open until 2026-11-21 20:08:00 UTC; its results are public after that."
    }
    before = (OPENS - HOUR).replace(tzinfo=UTC)
    assert set(HAP.withheld(Tables(tabs), before)) == {"Round 1 Board", "Round 1 Results"}


def test_hap_and_grab_results_are_public_once_every_anti_hap_is_found_before_8_minutes():
    found_all = [[at(5 * i + 5), "Reds", 1, answer] for i, answer in enumerate(solutions())]  # the last at 1:30
    tabs = hap_and_grab_tabs(found_all)
    tabs.update(HAP.score(Tables(tabs), 1, HAP_AFTER).writes)
    assert HAP.withheld(Tables(tabs), (OPENS + dt.timedelta(minutes=2)).replace(tzinfo=UTC)) == {}
    assert set(HAP.withheld(Tables(tabs), (OPENS + dt.timedelta(seconds=60)).replace(tzinfo=UTC))) == {
        "Round 1 Results"
    }


def test_hap_and_grab_round_without_an_opens_time_has_not_opened():
    tabs = {**hap_played(), "Round 3 Board": [["Label"]], "Round 7 Board": [["Label"]]}
    assert HAP.withheld(Tables(tabs), HAP_AFTER) == {
        "Round 3 Board": "Round 3 has no Opens time in the Rounds tab yet, so it has not opened.",
        "Round 7 Board": "Round 7 is not a round of this match (Config rounds: 1–4).",
    }


def test_hap_and_grab_reason_is_in_the_workbook_timezone():
    tabs = hap_played()
    tabs["Config"] = [[k, "Europe/Paris" if k == "timezone" else v, *rest] for k, v, *rest in tabs["Config"]]
    moved = with_opens(tabs, "Rounds", 1, "2026-12-01 20:00")
    assert HAP.withheld(Tables(moved), HAP_AFTER)["Round 1 Board"] == (
        "Round 1 opens at 2026-12-01 20:00:00 Europe/Paris."
    )


def test_hap_and_grab_unreadable_opens_time_withholds_with_the_row_to_fix():
    moved = with_opens(hap_played(), "Rounds", 1, "next tuesday")
    reasons = HAP.withheld(Tables(moved), HAP_AFTER)
    assert set(reasons) == {"Round 1 Board", "Round 1 Results"}
    assert reasons["Round 1 Board"].startswith(
        "Round 1 has no readable Opens time, so it has not opened: Rounds row 2:"
    )
    assert "next tuesday" in reasons["Round 1 Board"]


def test_hap_and_grab_without_a_rounds_tab_withholds_every_round_tab_but_not_the_leaderboard():
    tabs = hap_played()
    del tabs["Rounds"]
    reasons = HAP.withheld(Tables(tabs), HAP_AFTER)
    assert set(reasons) == {"Round 1 Board", "Round 1 Results"}
    assert reasons["Round 1 Board"].startswith("Whether its round has opened cannot be told: ")
    assert "Rounds" in reasons["Round 1 Board"]


# ---- Paths and PAHs: the Opening Board until round 1 opens, the board after a round until it closes


PATHS = load_game("paths-and-pahs")


def utc(moment: dt.datetime) -> dt.datetime:
    return moment.replace(tzinfo=UTC)


@pytest.fixture(scope="module")
def paths_played(tmp_path_factory) -> dict:
    """A real workbook: the board laid and published, round 1 scored through the CLI."""
    path = tmp_path_factory.mktemp("paths") / "match.xlsx"
    paths.new_match(path)
    scored = paths.run("score", "--book", path, "--round", 1, when=paths.opens(2))
    assert scored.exit_code == 0, scored.output
    tabs = paths.tabs(path)
    assert {"Opening Board", "Board after Round 1"} <= set(tabs)
    return tabs


def test_paths_and_pahs_withholds_nothing_once_round_1_has_closed(paths_played):
    assert PATHS.withheld(Tables(paths_played), utc(paths.opens(2))) == {}


def test_paths_and_pahs_board_after_a_round_waits_for_the_round_to_close(paths_played):
    during = utc(paths.opens(1) + HOUR)
    assert PATHS.withheld(Tables(paths_played), during) == {
        "Board after Round 1": "Round 1 closes at 2030-03-02 12:00:00 UTC; the board after it is public then."
    }


def test_paths_and_pahs_withdraws_both_boards_when_round_1_moves_later(paths_played):
    moved = with_opens(paths_played, "Rounds", 1, paths.opens(1) + TWO_DAYS)
    assert PATHS.withheld(Tables(moved), utc(paths.opens(2))) == {
        "Opening Board": "Round 1 opens at 2030-03-03 12:00:00 UTC; the board is public then.",
        "Board after Round 1": "Round 1 closes at 2030-03-04 12:00:00 UTC; the board after it is public then.",
    }


def test_paths_and_pahs_round_without_an_opens_time_keeps_its_boards_private(paths_played):
    moved = with_opens(paths_played, "Rounds", 1, None)
    assert PATHS.withheld(Tables(moved), utc(paths.opens(2))) == {
        "Opening Board": "Round 1 has no Opens time in the Rounds tab yet; the board is public once round 1 opens.",
        "Board after Round 1": "Round 1 has no Opens time in the Rounds tab yet, so it has not been played.",
    }


def test_paths_and_pahs_unreadable_rounds_withhold_every_board(paths_played):
    moved = with_opens(paths_played, "Rounds", 2, "soon")
    reasons = PATHS.withheld(Tables(moved), utc(paths.opens(2)))
    assert set(reasons) == {"Opening Board", "Board after Round 1"}
    assert reasons["Opening Board"].startswith("Whether its round has opened cannot be told: Rounds row 3: Opens")


# ---- Cards on the Table: results once the round closes, boards as Config public_boards says


CARDS = load_game("cards-on-the-table")


def cards_scored(tmp_path, public_boards: str) -> dict:
    """A real workbook with round 1 scored through the CLI half an hour after it closed."""
    path = cards.new_match(tmp_path, settings={"public_boards": public_boards})
    with freeze_time(cards.closes(1) + HOUR / 2):
        result = cards.run("score", "--round", 1, "--book", path)
    assert result.exit_code == 0, result.output
    return XlsxBook(path).read()


def test_cards_on_the_table_withdraws_a_scored_round_moved_later(tmp_path):
    tabs = cards_scored(tmp_path, "round-end")
    assert {"Round 1 Board", "Round 1 Results"} <= set(tabs)
    now = cards.closes(1) + HOUR
    assert CARDS.withheld(Tables(tabs), now) == {}
    moved = with_opens(tabs, "Rounds", 1, "2026-11-23 20:00")
    assert CARDS.withheld(Tables(moved), now) == {
        "Round 1 Board": "Round 1 closes at 2026-11-24 20:00:00 UTC; its board is public after that (Config "
        "public_boards is round-end).",
        "Round 1 Results": "Round 1 closes at 2026-11-24 20:00:00 UTC; its results are public after that.",
    }


def test_cards_on_the_table_boards_wait_for_round_3_at_match_end(tmp_path):
    tabs = {**cards_scored(tmp_path, "match-end"), "Round 1 Board": [["Row"]], "Final Results": [["Player"]]}
    now = cards.closes(1) + HOUR
    closes = "2026-11-24 22:00:00 UTC"
    assert CARDS.withheld(Tables(tabs), now) == {
        "Round 1 Board": f"Round 3 closes at {closes}; the boards are public after that (Config public_boards is "
        "match-end).",
        "Final Results": f"Round 3 closes at {closes}; the final results are public after that.",
    }
    assert CARDS.withheld(Tables(tabs), cards.closes(3) + HOUR) == {}


def test_cards_on_the_table_never_public_boards_are_withdrawn(tmp_path):
    tabs = {**cards_scored(tmp_path, "never"), "Round 1 Board": [["Row"]]}
    assert CARDS.withheld(Tables(tabs), cards.closes(3) + HOUR) == {
        "Round 1 Board": "Config public_boards is never: the boards stay with the host."
    }


def test_cards_on_the_table_without_round_1_opens_withholds_every_round_tab(tmp_path):
    moved = with_opens(cards_scored(tmp_path, "round-end"), "Rounds", 1, None)
    reasons = CARDS.withheld(Tables(moved), cards.closes(3))
    assert set(reasons) == {"Round 1 Board", "Round 1 Results"}
    assert reasons["Round 1 Results"].startswith("Whether its round has closed cannot be told: Rounds: round 1 has no")


# ---- Open, Pass: a deck-building round's results until its bids close


def open_pass_scored() -> tuple:
    from tests.games.open_pass.test_game import LATER, PLAYERS, bid, make_book, score

    game, tabs = make_book()
    tabs["Rounds"] = [["Round", "Deadline"], [1, "2026-11-21 20:00"], [2, None], [3, None]]
    for player in PLAYERS:
        bid(tabs, player, "Heaven 1, Hell 1")
    score(game, tabs, 1)
    assert "Round 1 Results" in tabs
    return game, tabs, LATER


def test_open_pass_withdraws_results_whose_deadline_moved_later():
    game, tabs, later = open_pass_scored()
    assert game.withheld(Tables(tabs), later) == {}
    moved = with_opens(tabs, "Rounds", 1, "2026-12-03 20:00")
    assert game.withheld(Tables(moved), later) == {
        "Round 1 Results": "Round 1's bids close at 2026-12-03 20:00:00 UTC; its results are public after that."
    }
    assert game.withheld(Tables(moved), later + TWO_DAYS + dt.timedelta(hours=21)) == {}


def test_open_pass_round_without_a_deadline_keeps_its_results():
    game, tabs, later = open_pass_scored()
    assert game.withheld(Tables(with_opens(tabs, "Rounds", 1, None)), later) == {}


# ---- every game


@pytest.mark.parametrize("name", ["hap-tac-toe", "when-stars-align"])
def test_hap_tac_toe_withholds_nothing_its_boards_are_the_moves_played(name):
    game = load_game(name)
    tabs = game.new_book(["Reds", "Craw"], 3)
    tabs.update({"Game 1 Board": [["x"]], "Game 2 Results": [["x"]]})
    assert game.withheld(Tables(tabs), dt.datetime(2020, 1, 1, tzinfo=UTC)) == {}


def new_book(name: str) -> dict:
    game = load_game(name)
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil"][: max(game.min_players, 2)]
    return game.new_book(players, 5)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_new_match_has_no_public_round_tab_to_withhold(name):
    assert load_game(name).withheld(Tables(new_book(name)), dt.datetime(2026, 1, 1, tzinfo=UTC)) == {}


@pytest.mark.parametrize("name", sorted(GAMES))
@given(names=st.lists(st.text(min_size=1, max_size=24), max_size=6), day=st.integers(0, 3000))
def test_withheld_names_only_public_tabs_present_and_gives_each_a_reason(name, names, day):
    game = load_game(name)
    tabs = new_book(name)
    spelled = [f"Round {day % 9} Board", f"round {day % 5} results", "Opening Board", "Board after Round 2"]
    odd = [" Round 1 Board", "ROUND 2 RESULTS ", " Opening Board", "Final Results ", "Board after Round 1 "]
    for typed in names + spelled + odd:
        if all(typed.strip().casefold() != tab.strip().casefold() for tab in tabs):  # Tables refuses such twins
            tabs[typed] = [["x"]]
    now = dt.datetime(2024, 1, 1, tzinfo=UTC) + dt.timedelta(days=day)
    withheld = game.withheld(Tables(tabs), now)
    assert set(withheld) <= {tab for tab in tabs if game.is_public(tab)}
    assert all(isinstance(reason, str) and reason.strip() for reason in withheld.values())


ROUND_PATTERNS = {
    "hap-and-grab": ("Round * Board", "Round * Results"),
    "paths-and-pahs": ("Opening Board", "Board after Round *"),
    "cards-on-the-table": ("Round * Board", "Round * Results", "Final Results"),
}


@pytest.mark.parametrize("name", sorted(ROUND_PATTERNS))
@given(middle=st.text(max_size=12))
def test_before_any_round_is_timed_every_public_round_tab_is_withheld(name, middle):
    game = load_game(name)
    tabs = new_book(name)
    added = []
    for pattern in ROUND_PATTERNS[name]:
        tab = pattern.replace("*", middle)
        if all(" ".join(tab.split()).casefold() != " ".join(t.split()).casefold() for t in tabs):
            tabs[tab] = [["x"]]
            added.append(tab)
    withheld = game.withheld(Tables(tabs), dt.datetime(2026, 1, 1, tzinfo=UTC))
    assert set(withheld) == {tab for tab in added if game.is_public(tab)}


def test_a_tab_named_without_a_round_number_is_withheld_and_spaces_do_not_hide_one():
    moved = with_opens(hap_played(), "Rounds", 1, HAP_AFTER + TWO_DAYS)
    moved["Round  1  Board"] = moved.pop("Round 1 Board")
    moved["Round three Results"] = [["x"]]
    assert HAP.withheld(Tables(moved), HAP_AFTER) == {
        "Round  1  Board": "Round 1 opens at 2026-11-25 00:00:00 UTC.",
        "Round 1 Results": "Round 1 opens at 2026-11-25 00:00:00 UTC.",
        "Round three Results": "The tab's name gives no round number, so when it may be public cannot be told; "
        "name it like 'Round 3 Results'.",
    }
