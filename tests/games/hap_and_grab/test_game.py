import datetime as dt

import pytest

from hostkit.core.styles import plain_rows
from hostkit.core.tables import BookError, Tables
from hostkit.games import load_game
from hostkit.games.hap_and_grab.tobago import Treasure
from tests.games.hap_and_grab.helpers import BOARD_WORDS, OPENS, at, hap_and_grab_tabs, solutions
from tests.games.hap_and_grab.tobago_helpers import LATER, SHEET_SEQUENCE, apply, decisions, match_tabs, pile

GAME = load_game("hap-and-grab")
AFTER = dt.datetime(2026, 11, 23, tzinfo=dt.timezone.utc)
SOL = solutions()
WRONG = "ACG"


def score(rows, now=AFTER, **kw):
    return GAME.score(Tables(hap_and_grab_tabs(rows, **kw)), 1, now)


def test_scores_a_round_into_results_and_leaderboard():
    out = score([[at(10), "Reds", 1, SOL[0]], [at(20), "@craw ", 1, f"{SOL[1]} {SOL[2]}"], [at(30), "Craw", 1, WRONG]])
    assert out.problems == []
    data = out.data
    assert data["players"] == {
        "Reds": {"correct": 1, "penalties": 0, "turns": 0, "lost": False},
        "Craw": {"correct": 2, "penalties": 1, "turns": 0, "lost": False},
    }
    assert data["turn_order"] == []
    assert data["anti_haps_total"] == len(SOL) and data["anti_haps_found"] == 3
    assert [a["verdict"] for a in data["answers"]] == ["correct", "correct", "correct", "incorrect"]
    assert data["answers"][0]["timestamp"] == "2026-11-21T20:00:10+00:00"
    results = out.writes["Round 1 Results"]
    assert results[0] == ["Timestamp", "Player", "Cards", "Verdict", "Penalty", "Reason", "Submissions row"]
    assert results[4][:5] == [dt.datetime(2026, 11, 21, 20, 0, 30), "Craw", WRONG, "incorrect", 1]
    assert ["Round", "Player", "Correct", "Penalties", "Turns", "Status"] == out.writes["Leaderboard"][0]
    assert out.writes["Leaderboard"][2][:5] == [1, "Craw", 2, 1, 0]
    assert set(out.writes) == {"Round 1 Board", "Round 1 Results", "Leaderboard"}


def test_turn_order_of_the_rule_sheet_through_the_workbook():
    rows = [[at(i), "Reds" if who == "R" else "Craw", 1, SOL[i]] for i, who in enumerate("RCRCCCRCCRCCRCR")]
    rows.append([at(100), "Craw", 1, WRONG])
    out = score(rows)
    assert out.data["turn_order"] == ["Craw", "Reds", "Craw", "Craw", "Reds"]
    assert ["Turn order", "CRCCR", "Craw, Reds, Craw, Craw, Reds"] in plain_rows(out.writes["Round 1 Results"])


@pytest.mark.parametrize(
    "row, message",
    [
        ([at(5), "", 1, SOL[0]], "Player is blank; type who sent it."),
        ([at(5), "Joker", 1, SOL[0]], "'Joker' is not a player (Reds, Craw); fix the name or add the player"),
        (["soon", "Reds", 1, SOL[0]], "Timestamp 'soon' is not a time"),
        ([at(5), "Reds", 9, SOL[0]], "Round 9 is not a round of this match (1–4)"),
        ([at(5), "Reds", "one", SOL[0]], "Round 'one' is not a round number"),
        ([at(5), "Reds", 1, "  "], "Reds's answer is blank"),
        ([at(-60), "Reds", 1, SOL[0]], "before round 1 opened at 2026-11-21 20:00:00"),
    ],
)
def test_unusable_rows_are_reported_and_the_good_rows_scored(row, message):
    out = score([row, [at(10), "Craw", 1, SOL[1]]])
    assert len(out.problems) == 1
    assert out.problems[0].row == 2 and out.problems[0].tab == "Submissions"
    assert message in out.problems[0].message
    assert out.data["players"]["Craw"]["correct"] == 1


def test_rows_of_other_rounds_are_skipped_silently():
    out = score([[at(3600 + 10), "Reds", 2, SOL[0]], [at(10), "Craw", 1, SOL[1]]])
    assert out.problems == []
    assert len(out.data["answers"]) == 1


def test_a_blank_round_is_read_from_the_time():
    out = score([[at(10), "Reds", None, SOL[0]], [at(3600 + 10), "Craw", None, SOL[1]]])
    assert [a["player"] for a in out.data["answers"]] == ["Reds"]


def test_a_round_still_open_is_not_scored():
    now = (OPENS + dt.timedelta(minutes=4, seconds=48)).replace(tzinfo=dt.timezone.utc)
    out = score([[at(10), "Reds", 1, SOL[0]]], now=now)
    assert out.writes == {}
    assert "round 1 is still open: 3 min 12 s left (Part 1 closes at 2026-11-21 20:08:00)" in out.problems[0].message


def test_a_round_not_yet_opened_is_not_scored():
    now = (OPENS - dt.timedelta(minutes=2)).replace(tzinfo=dt.timezone.utc)
    out = score([], now=now)
    assert out.writes == {} and "has not opened yet" in out.problems[0].message


def test_a_round_closes_early_once_every_anti_hap_is_found():
    now = (OPENS + dt.timedelta(minutes=2)).replace(tzinfo=dt.timezone.utc)
    out = score([[at(30), "Reds", 1, " ".join(SOL)]], now=now)
    assert out.problems == [] and out.data["anti_haps_found"] == len(SOL)


def test_the_workbook_time_zone_decides_lateness():
    # Opens 20:00 local in New York; an answer at 01:07 UTC the next day is 20:07 local: on time.
    out = score([["2026-11-22T01:07:00Z", "Reds", 1, SOL[0]]])
    assert out.data["answers"][0]["verdict"] == "late"
    out = GAME.score(
        Tables(
            hap_and_grab_tabs([["2026-11-22T01:07:00Z", "Reds", 1, SOL[0]]], config={"timezone": "America/New_York"})
        ),
        1,
        AFTER,
    )
    assert out.data["answers"][0]["verdict"] == "correct"
    assert out.data["answers"][0]["timestamp"] == "2026-11-21T20:07:00-05:00"


def test_missing_opens_time_stops_with_a_fix():
    tabs = hap_and_grab_tabs([])
    tabs["Rounds"][1][1] = None
    with pytest.raises(BookError, match="Round 1 has no Opens time in the Rounds tab"):
        GAME.score(Tables(tabs), 1, AFTER)


def test_a_bad_setting_names_the_row_value_and_fix():
    with pytest.raises(BookError, match=r"Config row \d+: part1_minutes 'eight' is not a whole number"):
        score([], config={"part1_minutes": "eight"})


def test_renamed_header_is_one_sentence():
    tabs = hap_and_grab_tabs([])
    tabs["Submissions"][0][3] = "Message"
    with pytest.raises(BookError, match="Tab 'Submissions' has no column 'Answer'"):
        GAME.score(Tables(tabs), 1, AFTER)


def test_typed_board_is_checked_and_warned_not_changed():
    tabs = hap_and_grab_tabs([], board=("white square red",) * 2 + ("gray circle blue",) * 6)
    out = GAME.board(Tables(tabs), 1, now=AFTER)
    assert list(out.writes) == ["Round 1 Board"]  # published, never changed: the round has opened
    messages = [p.message for p in out.problems]
    assert "round 1: card B (white square red) is the same card as A" in messages


def test_unknown_board_value_is_reported_with_its_row():
    tabs = hap_and_grab_tabs([])
    tabs["Board"][3][4] = "purple"
    out = GAME.board(Tables(tabs), 1, now=AFTER)
    assert any("Board row 4: colour 'purple' is not one of red, blue, yellow" in p.message for p in out.problems)


def test_generated_board_is_seeded_recorded_and_keeps_other_rounds():
    tabs = hap_and_grab_tabs([])
    first = GAME.board(Tables(tabs), 2, now=AFTER)
    again = GAME.board(Tables(tabs), 2, now=AFTER)
    assert first.writes == again.writes
    board = first.writes["Board"]
    assert [r[0] for r in board[1:]].count(1) == len(BOARD_WORDS)
    assert 8 <= [r[0] for r in board[1:]].count(2) <= 11
    assert first.writes["Draws"][1][:3] == ["board", 2, "7:board:2"]
    other = GAME.board(Tables(tabs), 2, seed=8, now=AFTER)
    assert other.writes["Draws"][1][2] == "8:board:2"
    assert other.writes["Board"] != board


def test_board_force_replaces_and_rerun_replaces_its_draw_row():
    tabs = hap_and_grab_tabs([])
    out = GAME.board(Tables(tabs), 1, force=True, now=AFTER)
    tabs.update(out.writes)
    again = GAME.board(Tables(tabs), 1, force=True, now=AFTER)
    assert len(again.writes["Draws"]) == 2
    assert again.writes["Board"] == out.writes["Board"]


def test_scoring_twice_gives_the_same_writes():
    rows = [[at(10), "Reds", 1, SOL[0]], [at(12), "Craw", 1, '=HYPERLINK("x")']]
    tabs = hap_and_grab_tabs(rows)
    first = GAME.score(Tables(tabs), 1, AFTER)
    tabs.update(first.writes)
    second = GAME.score(Tables(tabs), 1, AFTER)
    assert first.writes == second.writes


def test_leaderboard_keeps_rounds_scored_before():
    tabs = hap_and_grab_tabs([[at(10), "Reds", 1, SOL[0]], [at(3600 + 5), "Craw", 2, SOL[0]]])
    tabs["Board"] += [[2, *row[1:]] for row in tabs["Board"][1:]]
    tabs.update(GAME.score(Tables(tabs), 1, AFTER).writes)
    out = GAME.score(Tables(tabs), 2, AFTER)
    assert [row[:3] for row in out.writes["Leaderboard"][1:]] == [
        [1, "Reds", 1],
        [1, "Craw", 0],
        [2, "Reds", 0],
        [2, "Craw", 1],
    ]


def test_public_tabs():
    assert GAME.is_public("Leaderboard") and GAME.is_public("Round 3 Results")
    assert not GAME.is_public("Board") and not GAME.is_public("Draws")


# ---- Part 2 (Tobago) and the whole match
PEEKERS = ["Craw", "Craw", "Craw", "Reds", "Reds", None, None, None]
SHEET_DECISIONS = (  # the rule sheet's Part 2 example, as the host records it (the skull needs no row)
    (2, 1, "Craw", "pass"),
    (2, 1, "Reds", "pass"),
    (2, 1, "Craw", "take"),
    (2, 2, "Craw", "pass"),
    (2, 2, "Reds", "pass"),
    (2, 2, "Craw", "take"),
    (2, 4, "Reds", "take"),
    (2, 5, "@reds", "Take"),
)


def sheet_match(*rows, cards=(5, 4, "skull", 7, 5, 6, 3, 3), config=None):
    """Two rounds each earning CRCCR: round 1 dealt by hostkit, round 2's pile dealt by hand as given."""
    tabs = match_tabs({1: (SHEET_SEQUENCE, "C"), 2: (SHEET_SEQUENCE, "C")}, config=config)
    tabs = apply(tabs, GAME.deal(Tables(tabs), 1, LATER).writes)
    tabs["Pile"] += pile(2, *cards, peeks=PEEKERS)[1:]
    tabs["Decisions"] = decisions(*rows)
    return tabs


def score_part2(tabs, round_number=2):
    return GAME.score(Tables(tabs), round_number, LATER)


def test_the_rule_sheets_worked_example_replayed_by_score():
    outcome = score_part2(sheet_match(*SHEET_DECISIONS))
    assert outcome.problems == []
    part2 = outcome.data["part2"]
    assert outcome.data["turn_order"] == ["Craw", "Reds", "Craw", "Craw", "Reds"]
    assert [(r["card"], r["value"], r["taken_by"]) for r in part2["reveals"]] == [
        ("5", 5, "Craw"),
        ("4", 4, "Craw"),
        ("skull", -3, "Craw"),
        ("7", 7, "Reds"),
        ("5", 5, "Reds"),
    ]
    assert ["".join(n[0] for n in r["turn_order_after"]) for r in part2["reveals"]] == ["CRCR", "CRR", "RR", "R", ""]
    assert [d["decision"] for d in part2["reveals"][0]["decisions"]] == ["pass", "pass", "take"]
    assert part2["reveals"][2]["decisions"][0]["forced"] is True
    assert part2["turn_order_left"] == [] and part2["waiting_for"] is None
    assert part2["treasure"] == {"Reds": 12, "Craw": 6}
    results = outcome.writes["Round 2 Results"]
    shown = [row for row in results if row and row[0] in (1, 2, 3, 4, 5)]
    assert [(r[1], r[2], r[3], r[4]) for r in shown] == [
        (5, 5, "Craw", "CRCR"),
        (4, 4, "Craw", "CRR"),
        ("skull", -3, "Craw", "RR"),
        (7, 7, "Reds", "R"),
        (5, 5, "Reds", "(empty)"),
    ]
    assert ["Part 2 ended", "the turn order is empty"] in results


def test_score_says_whose_decision_it_waits_for():
    outcome = score_part2(sheet_match(*SHEET_DECISIONS[:4]))
    assert outcome.data["part2"]["waiting_for"] == {"player": "Reds", "card": "4", "number": 2}
    assert "Waiting for Reds's decision on card 2 (a 4)." in outcome.summary
    assert ["Waiting for", "Reds", "card 2 (a 4)"] in outcome.writes["Round 2 Results"]


def test_right_after_deal_score_says_whose_option_it_is_but_publishes_no_part_2():
    outcome = score_part2(sheet_match())
    assert outcome.data["part2"]["waiting_for"] == {"player": "Craw", "card": "5", "number": 1}
    assert "Waiting for Craw's decision on card 1 (a 5)." in outcome.summary
    assert not any(row and row[0] == "Part 2 (Tobago)" for row in outcome.writes["Round 2 Results"])
    assert not any("Part 2" in str(v) for row in outcome.writes["Leaderboard"] for v in row)


@pytest.mark.parametrize(
    "bad, row, reason",
    [
        (
            (2, 1, "Reds", "take"),
            2,
            "Reds does not hold the option: card 1 (a 5) is being decided and the option is Craw's",
        ),
        (
            (2, 3, "Craw", "pass"),
            8,
            "card 3 is a skull and a skull cannot be passed: Craw, who held the first turn, had to take it",
        ),
        ((2, 6, "Reds", "take"), 10, "Part 2 has already ended (the turn order is empty); no decision is needed"),
        (
            (2, 3, "Reds", "take"),
            5,
            "card 3 is not revealed yet (Card is the number of the card in reveal order): card 2 (a 4) is being decided and the option is Craw's",
        ),
        ((2, 1, "Joker", "take"), 2, "'Joker' is not a player (Reds, Craw)"),
        ((2, 1, "Craw", "keep"), 2, "'keep' is not a decision; type take or pass"),
        ((2, 1.5, "Craw", "pass"), 2, "Card '1.5' is not a whole number"),
    ],
)
def test_each_rejection_names_its_row_and_reason_and_stops_the_replay(bad, row, reason):
    rows = list(SHEET_DECISIONS)
    rows.insert(row - 2, bad)
    outcome = score_part2(sheet_match(*rows))
    rejected = [p for p in outcome.problems if p.tab == "Decisions"]
    assert len(rejected) == 1 and rejected[0].row == row
    assert rejected[0].message.startswith(reason + ". The replay stops here")
    if row < 10:
        assert outcome.data["part2"]["waiting_for"] is not None


def test_a_recorded_take_of_the_skull_is_accepted():
    rows = list(SHEET_DECISIONS)
    rows.insert(6, (2, 3, "Craw", "take"))
    outcome = score_part2(sheet_match(*rows))
    assert outcome.problems == []
    assert outcome.data["part2"]["reveals"][2]["decisions"][0]["row"] == 8


def test_passing_every_turn_ends_part_2():
    outcome = score_part2(
        sheet_match((2, 1, "Craw", "pass"), (2, 1, "Reds", "pass"), (2, 1, "Craw", "pass"), (2, 1, "Reds", "pass"))
    )
    part2 = outcome.data["part2"]
    assert part2["waiting_for"] is None and part2["reveals"][0]["taken_by"] is None
    assert part2["ended"] == "every turn passed card 1, so nobody takes it"


def test_nothing_private_reaches_a_public_tab():
    # cards 1-2 are revealed; the rest of the pile (a skull and sevens) and the peeks must stay hidden
    tabs = sheet_match((2, 1, "Craw", "take"), (2, 2, "Craw", "pass"), cards=(5, 4, 7, 7, "skull", 7, 7, 7))
    assert len(tabs["Peeks"]) == 6
    outcome = score_part2(tabs)
    assert outcome.data["part2"]["waiting_for"]["number"] == 2
    tabs = apply(tabs, outcome.writes)
    tabs = apply(tabs, GAME.standings(Tables(tabs)).writes)
    public = {name: rows for name, rows in tabs.items() if GAME.is_public(name)}
    assert set(public) == {"Round 1 Results", "Round 2 Board", "Round 2 Results", "Leaderboard"}
    assert not any(GAME.is_public(name) for name in ("Peeks", "Pile", "Draws", "Decisions", "Ledger"))
    text = " ".join(str(v).casefold() for rows in public.values() for row in rows for v in row if v is not None)
    assert "skull" not in text and "peek" not in text and "deck" not in text
    results = plain_rows(public["Round 2 Results"])
    start = results.index(["Card", "Treasure card", "Worth", "Taken by", "Turn order after", "Decisions"])
    assert [row[1:3] for row in results[start + 1 : start + 3]] == [[5, 5], [4, 4]]
    assert results[start + 3][0] == "Waiting for"


def test_deal_round_1_skips_sevens_and_skulls_and_redeals_the_same_cards():
    tabs = match_tabs()
    outcome = GAME.deal(Tables(tabs), 1, LATER)
    assert outcome.problems == []
    pile_rows = outcome.writes["Pile"][1:]
    assert len(pile_rows) == 8
    assert {r[2] for r in pile_rows} <= {"3", "4", "5", "6"}
    peeks = outcome.writes["Peeks"][1:]
    assert [r[1] for r in peeks] == ["Craw"] * 3 + ["Reds"] * 2
    assert sorted(r[3] for r in peeks) == sorted(r[3] for r in pile_rows if r[4] != "unseen")
    draw = outcome.writes["Draws"][-1]
    assert draw[:3] == ["deal", 1, "7:deck; 7:pile:1"]
    craw = next(
        line for line in outcome.private.values() if line.startswith("Hap and Grab round 1") and "You hold 3" in line
    )
    assert craw.endswith(
        ", ".join(r[2] for r in peeks[:3]) + ". They are shuffled with Reds's 2 peeks and "
        "3 unseen cards into the reveal pile of 8."
    )
    again = GAME.deal(Tables(apply(tabs, outcome.writes)), 1, LATER)
    assert again.writes == outcome.writes


def test_the_deck_is_shared_by_the_rounds():
    tabs = match_tabs({1: (SHEET_SEQUENCE, "C"), 2: ("CCC", "")})
    tabs = apply(tabs, GAME.deal(Tables(tabs), 1, LATER).writes)
    second = GAME.deal(Tables(tabs), 2, LATER).writes["Pile"]
    first_positions = {r[3] for r in second[1:] if r[0] == 1}
    second_positions = {r[3] for r in second[1:] if r[0] == 2}
    assert len(first_positions) == 8 and len(second_positions) == 5 and not first_positions & second_positions


def test_redeal_after_reveals_started_needs_force():
    tabs = match_tabs()
    tabs = apply(tabs, GAME.deal(Tables(tabs), 1, LATER).writes)
    tabs["Decisions"] = decisions((1, 1, "Craw", "pass"))
    with pytest.raises(BookError, match="reveals have started \\(Decisions rows 2\\).*--force"):
        GAME.deal(Tables(tabs), 1, LATER)
    assert GAME.deal(Tables(tabs), 1, LATER, force=True).writes["Pile"] == tabs["Pile"]


def test_a_round_still_open_cannot_be_dealt():
    with pytest.raises(BookError, match="Round 1's Part 1 is still open until 2026-11-21 20:08:00"):
        GAME.deal(Tables(match_tabs()), 1, (OPENS + dt.timedelta(minutes=5)).replace(tzinfo=dt.timezone.utc))


def test_a_round_lost_in_part_1_cannot_be_dealt():
    tabs = match_tabs({1: ("RRR", "CC")})
    with pytest.raises(BookError, match="Round 1 has no Part 2: Craw loses the match"):
        GAME.deal(Tables(tabs), 1, LATER)


def test_live_play_prompts_and_appends_decisions():
    tabs = sheet_match(*SHEET_DECISIONS[:5])
    prompt, lines = GAME.next_prompt(Tables(tabs), 2, None, LATER)
    assert prompt.choices == ("take", "pass")
    assert "card 2 is a 4; the option is Craw's (turn 3 of CRCR)" in prompt.text
    assert lines[0] == "Part 2 of round 2: turn order CRCCR." and "Card 2 revealed: a 4." in lines
    outcome = GAME.decide(Tables(tabs), 2, None, "take", LATER)
    # the take reveals the skull, forced on Craw: both rows are recorded
    assert outcome.writes["Decisions"][-2:] == [[2, 2, "Craw", "take"], [2, 3, "Craw", "take"]]
    assert outcome.writes["Decisions"][:-2] == tabs["Decisions"]
    with pytest.raises(BookError, match="Hap and Grab's Part 2 takes both players' decisions"):
        GAME.next_prompt(Tables(tabs), 2, "Reds", LATER)


def play_out(tabs, round_number, choice="take"):
    """Decide every card of a round with the same choice, as `hostkit play` would."""
    while GAME.next_prompt(Tables(tabs), round_number, None, LATER)[0] is not None:
        tabs = apply(tabs, GAME.decide(Tables(tabs), round_number, None, choice, LATER).writes)
    return tabs


def test_live_play_finds_the_round_in_play_and_ends():
    tabs = sheet_match(*SHEET_DECISIONS[:-1])
    prompt, _ = GAME.next_prompt(Tables(tabs), None, None, LATER)
    assert prompt.text.startswith("Round 1, card 1 is ")
    tabs = play_out(tabs, 1)
    prompt, _ = GAME.next_prompt(Tables(tabs), None, None, LATER)
    assert "Round 2, card 5 is a 5; the option is Reds's" in prompt.text
    tabs = apply(tabs, GAME.decide(Tables(tabs), None, None, "take", LATER).writes)
    prompt, lines = GAME.next_prompt(Tables(tabs), 2, None, LATER)
    assert prompt is None and lines[-3:-1] == [
        "Part 2 of round 2 has ended: the turn order is empty.",
        "Treasure this round: Reds 12, Craw 6.",
    ]
    with pytest.raises(BookError, match="already ended"):
        GAME.decide(Tables(tabs), 2, None, "take", LATER)


def test_live_play_refuses_a_broken_decisions_tab_and_an_undealt_round():
    tabs = sheet_match((2, 1, "Reds", "take"))
    with pytest.raises(BookError, match="Decisions row 2: Reds does not hold the option"):
        GAME.next_prompt(Tables(tabs), 2, None, LATER)
    with pytest.raises(BookError, match="Round 1 is not dealt yet; run `hostkit deal --round 1`"):
        GAME.next_prompt(Tables(match_tabs()), 1, None, LATER)


def test_standings_of_a_finished_match_pay_the_winner():
    tabs = play_out(sheet_match(*SHEET_DECISIONS, config={"rounds": 2}), 1)
    tabs = apply(tabs, score_part2(tabs, 1).writes)
    outcome = GAME.standings(Tables(tabs))
    assert outcome.problems == []
    data = outcome.data
    assert data["final"] and data["winner"] in ("Reds", "Craw")
    assert set(data["players"]) == {"Reds", "Craw"} and data["players"]["Reds"]["lost"] is False
    assert data["players"]["Reds"]["treasure"] == 12 + data["rounds"][1]["treasure"]["Reds"]
    assert [(e.player, e.garnets, e.reason, e.match) for e in outcome.payout.due] == [
        (data["winner"], 6, "won the Death Match", "Hap and Grab: Reds v Craw")
    ]
    assert outcome.payout.reasons == {"won the Death Match"}
    board = plain_rows(outcome.writes["Leaderboard"])
    assert ["Match", "Round 1", "Round 2", "Treasure", "Status"] in board
    assert any(row[:1] == [data["winner"]] and row[-1] == "winner" for row in board)


def test_standings_mid_match_pay_nothing():
    outcome = GAME.standings(Tables(sheet_match(*SHEET_DECISIONS[:3])))
    assert outcome.payout is None and outcome.data["winner"] is None and not outcome.data["final"]
    assert outcome.data["players"]["Craw"]["treasure"] == 5


def test_treasure_card_values_follow_config():
    outcome = score_part2(sheet_match(*SHEET_DECISIONS, config={"skull_value": -5}))
    assert outcome.data["part2"]["treasure"]["Craw"] == 5 + 4 - 5
    assert Treasure.SKULL.worth(-5) == -5


def test_an_automatic_loss_in_part_1_decides_the_match_and_pays():
    tabs = match_tabs({1: ("RRR", "CC")})
    tabs = apply(tabs, score_part2(tabs, 1).writes)
    assert ["Match", "Round 1", "Round 2", "Round 3", "Round 4", "Treasure", "Status"] in plain_rows(
        tabs["Leaderboard"]
    )
    outcome = GAME.standings(Tables(tabs))
    assert outcome.data["winner"] == "Reds" and outcome.data["final"]
    assert outcome.data["players"]["Craw"] == {"treasure": 0, "lost": True}
    assert outcome.data["reason"] == (
        "Round 1: Craw loses the match: 2 penalties against 0 turns earned this round. Reds wins the match."
    )
    assert [(e.player, e.garnets) for e in outcome.payout.due] == [("Reds", 6)]


def test_scoring_part_2_twice_gives_the_same_workbook():
    tabs = sheet_match(*SHEET_DECISIONS[:4])
    first = score_part2(tabs)
    assert score_part2(apply(tabs, first.writes)).writes == first.writes


def test_a_decision_row_without_a_round_is_reported_not_replayed():
    tabs = sheet_match(*SHEET_DECISIONS[:3])
    tabs["Decisions"].append(["two", 2, "Reds", "take"])
    outcome = score_part2(tabs)
    assert [str(p) for p in outcome.problems] == [
        "Decisions row 5: Round 'two' is not a whole number; type the round the decision belongs to. The row is not "
        "replayed."
    ]
    assert outcome.data["part2"]["waiting_for"]["number"] == 2


def test_a_typed_over_pile_is_a_book_error():
    tabs = sheet_match(*SHEET_DECISIONS[:3])
    tabs["Pile"][-1][2] = "8"
    with pytest.raises(BookError, match="Pile row 17: '8' is not a treasure card .* re-deal the round with --force"):
        score_part2(tabs)
