"""The season's pure rules: the step it waits for, who is in danger, and each step's refusals and payments."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.ledger import Balance, Entry, Payout
from hostkit.core.season import (
    DEATH,
    MAIN,
    MATCHES_HEADER,
    OVER,
    PLAYING,
    SEASON_SETTINGS,
    WAITING,
    Played,
    Refused,
    Step,
    next_step,
    read_season,
)
from hostkit.core.season_steps import (
    DODGE_REASON,
    death_ended,
    main_ended,
    set_death_match,
    spend_token,
    start,
    take_back,
)
from hostkit.core.settings import config_rows
from hostkit.core.tables import Tables
from hostkit.library._season import members_of
from hostkit.library._season_matches import left_out

CAST = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def season(*played: Played, **settings):
    config = config_rows(SEASON_SETTINGS, {"season": "S", "season_id": "season-1", **settings})
    matches = [MATCHES_HEADER] + [p.row() for p in played]
    return read_season(Tables({"Config": config, "Cast": [["Player"]] + [[p] for p in CAST], "Matches": matches}))


MAIN_1 = Played(
    "Main Match 1",
    MAIN,
    "paths-and-pahs",
    tuple(CAST),
    OVER,
    "mm1",
    winners=("Ann",),
    tokens=(("Ann", 1),),
    candidates=("Bob", "Cal", "Dee"),
    dodge_garnets=5,
    dm_garnets=3,
)


def test_a_new_season_starts_a_main_match_with_everyone():
    s = season()
    assert s.step() is Step.MAIN
    assert start(s, "open-pass", False, None) == ("Main Match 1", CAST)
    assert "Start Main Match 1 with the 5 players still in" in next_step(s, "--book s.xlsx", "--season s.xlsx")


def test_a_match_under_way_blocks_the_next():
    s = season(Played("Main Match 1", MAIN, "open-pass", tuple(CAST), PLAYING, "mm1", workbook="m1.xlsx"))
    assert s.step() is Step.PLAYING
    with pytest.raises(Refused, match=r"still under way; when it ends, run `hostkit standings --book m1.xlsx`"):
        start(s, "open-pass", False, None)


def test_candidates_in_danger_until_saved_dodging_or_through_the_death_match():
    s = season(MAIN_1)
    assert s.step() is Step.DM_PENDING and s.in_danger() == ["Bob", "Cal", "Dee"]
    assert next_step(s, "--book s.xlsx", "").startswith("Death Match pending: ECs Bob, Cal, Dee; ")
    saved = season(Played(**{**MAIN_1.__dict__, "saved": ("Bob", "Cal", "Dee")}))
    assert saved.step() is Step.MAIN and saved.in_danger() == []


def test_start_refuses_out_of_order_and_eliminated_players():
    pending = season(MAIN_1)
    with pytest.raises(Refused, match="A Death Match is pending for Bob, Cal, Dee"):
        start(pending, "open-pass", False, None)
    with pytest.raises(Refused, match="No Death Match is set"):
        start(pending, "hap-and-grab", True, None)
    death = Played(
        "Death Match 1", DEATH, "hap-and-grab", ("Bob", "Eve"), OVER, "dm1", winners=("Eve",), eliminated="Bob"
    )
    after = season(MAIN_1, death)
    assert after.playing() == ["Ann", "Cal", "Dee", "Eve"]
    with pytest.raises(Refused, match="Bob was eliminated in Death Match 1; start the match with the players still in"):
        start(after, "open-pass", False, ["ann", "Bob"])
    assert start(after, "open-pass", False, ["ann", "cal"]) == ("Main Match 2", ["Ann", "Cal"])


def test_spending_a_token_of_life():
    s = season(MAIN_1)
    with pytest.raises(Refused, match="Ann is not an elimination candidate in danger"):
        spend_token(s, {"Ann": Balance(tokens=1)}, "Ann")
    with pytest.raises(Refused, match="Bob holds 0 Tokens of Life and a save costs 1"):
        spend_token(s, {}, "Bob")
    main, entry = spend_token(s, {"Bob": Balance(tokens=2)}, "bob")
    assert main.saved == ("Bob",) and (entry.tokens, entry.candidate, entry.match_id) == (-1, -1, "mm1")
    costly = season(MAIN_1, tol_per_save=3)
    with pytest.raises(Refused, match="save costs 3"):
        spend_token(costly, {"Bob": Balance(tokens=2)}, "Bob")


def test_setting_the_death_match_pays_the_dodgers():
    s = season(MAIN_1)
    chosen = set_death_match(s, {"Ann": Balance(tokens=1)}, ["Cal", "Ann"])
    assert chosen.death.players == ("Cal", "Ann") and chosen.main.dodgers == ("Bob", "Dee")
    assert [(e.player, e.garnets, e.reason) for e in chosen.dodges] == [
        ("Bob", 5, DODGE_REASON),
        ("Dee", 5, DODGE_REASON),
    ]
    assert chosen.warnings == (
        "Warning: Ann holds 1 Token of Life; a Token of Life does not protect from being chosen as the opponent.",
    )
    with pytest.raises(Refused, match="dm_opponent_with_tol is refuse"):
        set_death_match(season(MAIN_1, dm_opponent_with_tol="refuse"), {"Ann": Balance(tokens=1)}, ["Cal", "Ann"])
    with pytest.raises(Refused, match="Eve is not an elimination candidate in danger"):
        set_death_match(s, {}, ["Eve", "Bob"])
    later = s.with_match(chosen.main).with_match(chosen.death)
    assert later.step() is Step.DM_SET and later.in_danger() == ["Cal"]
    with pytest.raises(Refused, match=r"Death Match 1 \(Cal v Ann\) is set and not played yet"):
        set_death_match(later, {}, ["Cal", "Eve"])


def test_a_main_match_without_dodge_garnets_pays_no_dodger():
    s = season(Played(**{**MAIN_1.__dict__, "dodge_garnets": 0}))
    assert set_death_match(s, {}, ["Bob", "Cal"]).dodges == ()


def test_a_main_matchs_end_from_its_payout():
    s = season(Played("Main Match 1", MAIN, "open-pass", tuple(CAST), PLAYING, "mm1"))
    due = (
        Entry("Main Match 1", None, "Ann", tokens=3, match_id="mm1"),
        Entry("Main Match 1", None, "Eve", tokens=1, match_id="mm1"),
        Entry("Main Match 1", None, "Bob", candidate=1, match_id="mm1"),
    )
    ended = main_ended(s, s.matches[0], Payout("mm1", "Main Match 1", due, frozenset()), True, 0, 0)
    assert ended.changed and ended.played.winners == ("Ann",) and ended.played.tokens == (("Ann", 3), ("Eve", 1))
    assert ended.played.candidates == ("Bob",) and ended.played.state == OVER
    undecided = main_ended(s, s.matches[0], Payout("mm1", "Main Match 1", due[:2], frozenset()), False, 0, 0)
    assert undecided.played.state == WAITING


def test_a_changed_result_after_the_season_moved_on_is_refused():
    chosen = set_death_match(season(MAIN_1), {}, ["Bob", "Cal"])
    moved = season(MAIN_1).with_match(chosen.main).with_match(chosen.death)
    fewer = Payout(
        "mm1", "Main Match 1", (Entry("Main Match 1", None, "Bob", candidate=1, match_id="mm1"),), frozenset()
    )
    with pytest.raises(Refused, match="already recorded in the season and the season has moved on"):
        main_ended(moved, moved.matches[0], fewer, True, 5, 3)


def test_a_death_matchs_end_eliminates_the_loser_and_pays_the_main_matchs_dm_garnets():
    death = Played("Death Match 1", DEATH, "hap-and-grab", ("Bob", "Eve"), PLAYING, "dm1")
    s = season(MAIN_1, death)
    ended = death_ended(s, s.matches[1], "Eve")
    assert ended.played.eliminated == "Bob" and ended.played.state == OVER
    assert [(e.player, e.garnets, e.match_id) for e in ended.extra] == [("Eve", 3, "dm1")]
    assert death_ended(s, s.matches[1], None).played.state == PLAYING


def test_one_player_left_is_the_winner():
    duel = Played("Death Match 1", DEATH, "hap-and-grab", tuple(CAST[1:]), OVER, "dm1", eliminated="Bob")
    s = season(MAIN_1, duel, players_left=4)
    assert s.step() is Step.OVER
    assert next_step(s, "", "") == "The season is over: Ann, Cal, Dee, Eve are the last players in."
    with pytest.raises(Refused, match="is over"):
        start(s, "open-pass", False, None)


def test_a_correction_after_later_matches_names_each_as_it_stands():
    death = Played("Death Match 1", DEATH, "hap-and-grab", ("Bob", "Eve"), OVER, "dm1", eliminated="Bob")
    main_2 = Played("Main Match 2", MAIN, "open-pass", ("Ann", "Cal", "Dee", "Eve"), PLAYING, "mm2")
    s = season(MAIN_1, death, main_2)
    fewer = Payout(
        "mm1", "Main Match 1", (Entry("Main Match 1", None, "Cal", candidate=1, match_id="mm1"),), frozenset()
    )
    with pytest.raises(
        Refused, match=r"\(Death Match 1 was played; Main Match 2 is under way\).*correct the season by hand"
    ):
        main_ended(s, s.matches[0], fewer, True, 5, 3)


def test_a_main_matchs_winners_are_the_games_own_when_it_names_them():
    s = season(Played("Main Match 1", MAIN, "cards-on-the-table", tuple(CAST), PLAYING, "mm1"))
    due = tuple(Entry("Main Match 1", None, p, tokens=1, match_id="mm1") for p in ("Ann", "Bob", "Cal"))
    due += (Entry("Main Match 1", None, "Eve", candidate=1, match_id="mm1"),)
    payout = Payout("mm1", "Main Match 1", due, frozenset())
    assert main_ended(s, s.matches[0], payout, True, 0, 0).played.winners == ("Ann", "Bob", "Cal")
    assert main_ended(s, s.matches[0], payout, True, 0, 0, ["Bob"]).played.winners == ("Bob",)


def test_next_step_waits_for_the_winners_choice_and_notices_a_lost_workbook():
    waiting = Played("Main Match 1", MAIN, "cards-on-the-table", tuple(CAST), WAITING, "mm1", workbook="m1.xlsx")
    s = season(waiting)
    said = next_step(s, "--book s.xlsx", "--season s.xlsx")
    assert "waits for the winners' choice of elimination candidate; type it in Config ec_choice of m1.xlsx" in said
    with pytest.raises(Refused, match="ec_choice"):
        start(s, "open-pass", False, None)
    lost = replace(
        season(Played("Main Match 1", MAIN, "open-pass", tuple(CAST), PLAYING, "mm1", workbook="m1.xlsx")),
        lost=frozenset({"Main Match 1"}),
    )
    assert "its workbook m1.xlsx is gone" in next_step(lost, "--book s.xlsx", "")
    assert "`hostkit season undo --book s.xlsx`" in next_step(lost, "--book s.xlsx", "")


def test_the_final_stage_pairs_any_two_players_still_in():
    s = replace(season(), smallest_main=6)
    assert s.step() is Step.FINAL and next_step(s, "--book s.xlsx", "").startswith("Final stage: 5 players still in")
    chosen = set_death_match(s, {}, ["Ann", "Eve"])
    assert chosen.main is None and chosen.dodges == () and chosen.death.name == "Final Match 1"
    with pytest.raises(Refused, match="No Main Match now: Final stage"):
        start(s, "open-pass", False, None)
    assert (
        left_out(season(), ["Ann", "Bob"]) == "Left out of it, though still in the season: Cal, Dee, Eve (2 of 5 play)."
    )


CELLS = st.one_of(
    st.none(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "over",
            "playing",
            "waiting",
            "set",
            "Death Match",
            "Final Match",
            "Main Match",
            "Ann 3, Bob",
            "#REF!",
            "1e400",
            "Ann ²",
        ]
    ),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(CELLS, max_size=len(MATCHES_HEADER)), max_size=6))
def test_any_matches_tab_is_read_and_stepped_without_a_traceback(rows):
    config = config_rows(SEASON_SETTINGS, {"season_id": "season-1"})
    tables = Tables({"Config": config, "Cast": [["Player"], ["Ann"], ["Bob"]], "Matches": [MATCHES_HEADER, *rows]})
    s = read_season(tables)
    try:
        s.step()
        members_of(s, {})
        next_step(s, "--book s.xlsx", "--season s.xlsx")
        start(s, "open-pass", False, None)
    except Refused as refused:
        assert str(refused).endswith(".")
    try:
        take_back(s, [])
    except Refused as refused:
        assert str(refused).endswith(".")
