import datetime as dt
from fractions import Fraction

import pytest

from hostkit.core.game import Prompt
from hostkit.core.tables import BookError, Tables
from hostkit.games import load_game
from hostkit.games.open_pass.demo import PACKS
from hostkit.games.open_pass.equation import card_name, parse_cards
from hostkit.games.open_pass.game import OpenPass
from hostkit.games.open_pass.tabs import read_decks

UTC = dt.timezone.utc
LATER = dt.datetime(2026, 12, 1, tzinfo=UTC)
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"]
START = "1 1 1 2 2 2 3 3 3 + + + - - -"


def make_book(players=PLAYERS, seed=11, **config):
    game = OpenPass()
    tabs = game.new_book(list(players), seed)
    for row in tabs["Config"][1:]:
        if row[0] in config:
            row[1] = config[row[0]]
    for number in (1, 2, 3):
        tabs["Packs"] += [[number, *pack] for pack in PACKS]
    return game, tabs


def bid(tabs, player, packs, round_number=1, at="2026-11-21 10:00"):
    tabs["Bids"].append([at, player, round_number, packs])


def score(game, tabs, round_number, now=LATER):
    outcome = game.score(Tables(tabs), round_number, now)
    tabs.update(outcome.writes)
    return outcome


def inventory(tabs, round_number, player):
    for row in tabs["Inventories"][1:]:
        if row[0] == round_number and row[1] == player:
            return row[2]
    raise AssertionError(f"no inventory row for {player} in round {round_number}")


def messages(outcome):
    return [str(p) for p in outcome.problems]


# ---- the workbook


def test_registered_and_new_book_has_the_tabs():
    game = load_game("open-pass")
    tabs = game.new_book(PLAYERS, 3)
    assert list(tabs) == [
        "Config",
        "Players",
        "Rounds",
        "Packs",
        "Bids",
        "Trades",
        "Decks",
        "Decisions",
        "Inventories",
        "Ledger",
    ]
    assert tabs["Packs"][0] == ["Round", "Pack", "Kind", "Size", "Cards"]
    assert tabs["Bids"][0] == ["Timestamp", "Player", "Round", "Packs"]
    assert tabs["Inventories"] == [["Round", "Player", "Cards", "Count", "Gained", "Trades"]]
    assert not game.is_public("Inventories")
    config = {row[0]: row[1] for row in tabs["Config"][1:]}
    assert config["pity_card"] == "1"
    assert config["starting_inventory"] == START
    assert config["seed"] == 3


def test_thirteen_players_fit_and_fourteen_do_not():
    game = OpenPass()
    assert len(game.new_book([f"P{i}" for i in range(13)], 1)["Players"]) == 14
    with pytest.raises(BookError, match="6 to 13 players"):
        game.new_book([f"P{i}" for i in range(14)], 1)


def test_private_tabs_are_not_public():
    game = OpenPass()
    assert game.is_public("Round 2 Results")
    assert game.is_public("Final Results")
    for tab in ("Inventories", "Round 2 Bids", "Deals", "Decks", "Decisions", "Bids"):
        assert not game.is_public(tab)


# ---- bids


def test_odd_pack_goes_to_each_bidder_and_even_pack_to_nobody():
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Special, Hell Mega")
    bid(tabs, "Bo", "hell mega; heaven basic")
    bid(tabs, "Cy", "Heaven Special and Heaven Basic")
    bid(tabs, "Di", "Heaven Special")
    outcome = score(game, tabs, 1)
    data = outcome.data
    assert data["packs"]["Heaven Special"] == {"chosen": 3, "given": True, "cards": "9 x"}
    assert data["packs"]["Hell Mega"]["given"] is False
    assert data["packs"]["Heaven Basic"]["chosen"] == 2
    assert data["players"]["Ann"]["gained"] == ["Heaven Special"]
    assert inventory(tabs, 1, "Ann") == "1 1 1 2 2 2 3 3 3 9 + + + - - - x"
    assert data["players"]["Bo"]["gained"] == []
    assert data["players"]["Bo"]["pity"] is True
    assert "even" in data["players"]["Bo"]["reason"]
    assert inventory(tabs, 1, "Bo") == "1 1 1 1 2 2 2 3 3 3 + + + - - -"
    assert outcome.problems == []


def test_all_odd_gives_nobody_anything():
    game, tabs = make_book()
    for player, packs in [
        ("Ann", "Heaven Basic, Heaven Mega"),
        ("Bo", "Heaven Special, Hell Basic"),
        ("Cy", "Hell Mega, Hell Special"),
    ]:
        bid(tabs, player, packs)
    outcome = score(game, tabs, 1)
    assert outcome.data["all_odd"] is True
    assert all(not p["gained"] and p["pity"] for p in outcome.data["players"].values())
    assert "odd number of times, so nobody gains" in outcome.data["players"]["Ann"]["reason"]
    assert "Every pack was chosen an odd number of times" in "\n".join(outcome.summary)
    assert inventory(tabs, 1, "Ann") == "1 1 1 1 2 2 2 3 3 3 + + + - - -"


def test_pity_card_is_a_setting_and_non_bidders_follow_pity_without_bid():
    game, tabs = make_book(pity_card="*", pity_without_bid="no")
    bid(tabs, "Ann", "Hell Special, Hell Mega")
    bid(tabs, "Bo", "Hell Special")
    outcome = score(game, tabs, 1)
    assert outcome.data["players"]["Bo"]["pity"] is True
    assert inventory(tabs, 1, "Bo").endswith("x")
    assert outcome.data["players"]["Cy"]["pity"] is False
    assert inventory(tabs, 1, "Cy") == START
    assert outcome.data["players"]["Ann"]["gained"] == ["Hell Mega"]


def test_packs_past_two_are_reported_and_ignored():
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Basic, Heaven Mega, Hell Special")
    outcome = score(game, tabs, 1)
    assert outcome.data["bids"][0]["packs"] == ["Heaven Basic", "Heaven Mega"]
    assert outcome.data["packs"]["Hell Special"]["chosen"] == 0
    assert messages(outcome) == [
        "Bids row 2: Ann chose more than 2 packs; Hell Special is ignored (a bid counts its first 2)."
    ]


def test_a_pack_name_with_and_in_it_is_one_pack():
    game, tabs = make_book()
    tabs["Packs"][1][1] = "Heaven and Earth"
    bid(tabs, "Ann", "heaven and earth")
    bid(tabs, "Bo", "Heaven and Earth and Hell Special")
    outcome = score(game, tabs, 1)
    assert outcome.data["players"]["Ann"]["gained"] == ["Heaven and Earth"]
    assert outcome.data["bids"][1]["packs"] == ["Hell Special"]  # 'and' between names splits them
    assert [m.split("bid for ")[1].split(",")[0] for m in messages(outcome)] == ["'Heaven'", "'Earth'"]


def test_blank_dealer_is_refused_even_when_a_dealer_name_is_blank():
    game, tabs = ready_book(hell_dealer="")
    tabs["Decks"].append(["Bo", "", "1 2 3"])
    _, waiting, _ = deal_of(game, tabs, "Bo")
    assert "Bo's dealer '' is neither Heaven" in waiting


def test_unknown_pack_is_reported():
    game, tabs = make_book()
    bid(tabs, "Ann", "Purgatory, Heaven Basic")
    outcome = score(game, tabs, 1)
    assert outcome.data["players"]["Ann"]["gained"] == ["Heaven Basic"]
    assert "'Purgatory', which is not a pack of round 1" in messages(outcome)[0]


def test_three_bids_the_last_before_the_deadline_stands_and_a_late_one_is_ignored():
    game, tabs = make_book()
    tabs["Rounds"][1][1] = "2026-11-21 12:00"
    bid(tabs, "Ann", "Heaven Basic", at="2026-11-21 09:00")
    bid(tabs, "Ann", "Hell Special", at="2026-11-21 11:00")
    bid(tabs, "Ann", "Heaven Mega", at="2026-11-21 10:00")
    bid(tabs, "Ann", "Heaven Special", at="2026-11-21 12:30")
    outcome = score(game, tabs, 1)
    verdicts = {b["row"]: (b["verdict"], b["reason"]) for b in outcome.data["bids"]}
    assert verdicts[2][0] == "replaced"
    assert verdicts[4] == ("replaced", "replaced by Ann's later bid (Bids row 3)")
    assert verdicts[3][0] == "stands"
    assert verdicts[5][0] == "late"
    assert "after the deadline 2026-11-21 12:00:00" in verdicts[5][1]
    assert outcome.data["players"]["Ann"]["gained"] == ["Hell Special"]


def test_round_not_scored_before_its_deadline():
    game, tabs = make_book()
    tabs["Rounds"][1][1] = "2026-11-21 12:00"
    outcome = game.score(Tables(tabs), 1, dt.datetime(2026, 11, 21, 11, 30, tzinfo=UTC))
    assert outcome.writes == {}
    assert "still open" in messages(outcome)[0]
    assert "30 min" in messages(outcome)[0]


def test_blank_round_is_read_from_the_deadlines():
    game, tabs = make_book()
    tabs["Rounds"][1][1] = "2026-11-21 12:00"
    tabs["Rounds"][2][1] = "2026-11-22 12:00"
    tabs["Bids"].append(["2026-11-22 09:00", "Ann", None, "Heaven Special"])
    score(game, tabs, 1)
    outcome = score(game, tabs, 2)
    assert outcome.data["players"]["Ann"]["gained"] == ["Heaven Special"]


def test_unknown_player_and_bad_timestamp_are_problems_and_good_rows_still_count():
    game, tabs = make_book()
    bid(tabs, "Zed", "Heaven Basic")
    bid(tabs, "Ann", "Heaven Basic", at="yesterday")
    bid(tabs, "@bo ", "Heaven Basic")
    outcome = score(game, tabs, 1)
    assert len(outcome.problems) == 2
    assert "'Zed' is not a player" in outcome.problems[0].message
    assert outcome.problems[1].message.startswith("Timestamp 'yesterday' is not a time; write it like")
    assert outcome.data["players"]["Bo"]["gained"] == ["Heaven Basic"]


# ---- trades and inventories


def test_trades_apply_in_order_and_a_card_not_held_is_rejected():
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Special")
    tabs["Trades"] += [
        [1, "Bo", "1 1", "Ann", "9"],  # Bo gets Ann's 9
        [1, "Bo", "9", "Cy", "3"],  # then passes it on: needs the first trade
        [1, "Ann", "9", "Di", "2"],  # Ann no longer holds a 9
    ]
    outcome = score(game, tabs, 1)
    assert [t["applied"] for t in outcome.data["trades"]] == [True, True, False]
    assert messages(outcome) == [
        "Trades row 4: trade rejected: Ann does not hold 9 to give (holds 1 1 1 1 1 2 2 2 3 3 3 + + + - - - x)."
    ]
    assert inventory(tabs, 1, "Cy") == "1 1 1 1 2 2 2 3 3 9 + + + - - -"
    assert inventory(tabs, 1, "Bo") == "1 1 2 2 2 3 3 3 3 + + + - - -"
    assert inventory(tabs, 1, "Di") == "1 1 1 1 2 2 2 3 3 3 + + + - - -"


def test_inventories_carry_over_rounds_and_rescoring_is_stable():
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Special")
    bid(tabs, "Ann", "Hell Special", round_number=2)
    score(game, tabs, 1)
    first = score(game, tabs, 2)
    assert inventory(tabs, 2, "Ann") == "1 1 1 2 2 2 3 3 3 9 9 9 + + + - - - x"
    again = score(game, tabs, 1)
    assert inventory(tabs, 2, "Ann") == "1 1 1 2 2 2 3 3 3 9 9 9 + + + - - - x"
    assert again.writes["Inventories"] == first.writes["Inventories"]


def test_inventory_message_for_the_player():
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Special")
    tabs["Trades"].append([1, "Ann", "9", "Bo", "1"])
    text, problems = game.inventory_message(Tables(tabs), "ann", 1)
    assert problems == []
    assert text.startswith("Ann, your inventory after round 1 (17 cards): 1 1 1 1 2 2 2 3 3 3 + + + - - - x.")
    assert "you gain Heaven Special (9 x)" in text
    assert "Trade: Ann gives 9 to Bo for 1." in text


# ---- the play phase

ANN_DECK = "9 9 9 x x x 1 1 1 2 2 2 3 3 3 + + + - -"  # 20 of the 21 cards Ann holds in ready_book
BO_HOLDS = "1 1 1 1 1 1 2 2 2 3 3 3 + + + - - -"  # the starting cards and three pity cards


def ready_book(**config):
    """Three rounds in which Ann gains Heaven Special (9 x) each round and nobody else bids."""
    game, tabs = make_book(**config)
    for number in (1, 2, 3):
        bid(tabs, "Ann", "Heaven Special", round_number=number)
    return game, tabs


def deal_of(game, tabs, player):
    ctx = game.context(Tables(tabs))
    results = game.building(Tables(tabs), ctx, 3)
    deals, waiting, problems = read_decks(Tables(tabs), ctx, results[-1].inventories)
    return deals.get(player), waiting.get(player), problems


def test_deck_is_padded_with_division_and_shuffled_with_the_seed():
    game, tabs = ready_book()
    tabs["Decks"].append(["Bo", "Heaven", BO_HOLDS])
    deal, _, problems = deal_of(game, tabs, "Bo")
    assert problems == []
    assert deal.padding == 2
    assert sorted(deal.dealt) == sorted(parse_cards(BO_HOLDS) + ("÷",) * 2)
    assert deal.draw == "11:deal:Bo:Heaven"
    again, _, _ = deal_of(game, tabs, "Bo")
    assert again.dealt == deal.dealt
    tabs["Decks"][-1][1] = "impact"
    hell, _, _ = deal_of(game, tabs, "Bo")
    assert hell.dealer.value == "Hell"
    assert hell.dealt != deal.dealt


def test_deck_of_more_than_twenty_is_an_error():
    game, tabs = ready_book()
    tabs["Decks"].append(["Bo", "Hell", START + " 1 1 1 1 1 1"])
    deal, waiting, problems = deal_of(game, tabs, "Bo")
    assert deal is None
    assert "has 21 cards; a deck is exactly 20: remove 1" in waiting
    assert str(problems[0]).startswith("Decks row 2:")


def test_deck_card_not_in_inventory_is_an_error():
    game, tabs = ready_book()
    tabs["Decks"].append(["Bo", "Heaven", "9 1 1 1 1"])
    deal, waiting, _ = deal_of(game, tabs, "Bo")
    assert deal is None
    assert "uses 9 more than Bo holds (18 cards" in waiting


def test_deck_needs_a_dealer():
    game, tabs = ready_book()
    tabs["Decks"].append(["Bo", "Purgatory", "1 2 3"])
    _, waiting, _ = deal_of(game, tabs, "Bo")
    assert "neither Heaven (YellOw) nor Hell (Impact)" in waiting


def play_to_end(game, tabs, player, choose):
    """Live play through the protocol: choose(card face, opened so far) -> 'open' or 'pass'."""
    steps = 0
    while True:
        prompt, lines = game.next_prompt(Tables(tabs), None, player, LATER)
        if prompt is None:
            return lines
        named = prompt.text.split(") is ")[1].split(". ")[0]
        face = named.split("[")[1][0] if "[" in named else named[-1]
        opened = int(prompt.text.split("opened ")[1].split(" of")[0])
        outcome = game.decide(Tables(tabs), None, player, choose(face, opened), LATER)
        tabs.update(outcome.writes)
        steps += 1
        assert steps <= 20


def test_live_play_protocol_prompts_and_saves_each_decision():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    deal, _, _ = deal_of(game, tabs, "Ann")
    prompt, lines = game.next_prompt(Tables(tabs), 4, "ann", LATER)
    assert isinstance(prompt, Prompt)
    assert prompt.choices == ("open", "pass")
    assert f"card 1 of 20 from YellOw (Heaven) is {card_name(deal.dealt[0])}." in prompt.text
    outcome = game.decide(Tables(tabs), None, "Ann", "OPEN", LATER)
    assert outcome.writes["Decisions"] == [["Player", "Card", "Face", "Decision"], ["Ann", 1, deal.dealt[0], "open"]]
    tabs.update(outcome.writes)
    prompt, lines = game.next_prompt(Tables(tabs), None, "Ann", LATER)
    assert f"card 2 of 20 from YellOw (Heaven) is {card_name(deal.dealt[1])}." in prompt.text
    assert f"Card 1, {card_name(deal.dealt[0])}: open" in lines


def test_live_play_rejects_bad_choices_and_rounds():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    with pytest.raises(BookError, match="neither open nor pass"):
        game.decide(Tables(tabs), None, "Ann", "maybe", LATER)
    with pytest.raises(BookError, match="play phase, round 4"):
        game.next_prompt(Tables(tabs), 2, "Ann", LATER)
    with pytest.raises(BookError, match="Bo has no deck"):
        game.next_prompt(Tables(tabs), None, "Bo", LATER)
    with pytest.raises(BookError, match="not a player"):
        game.decide(Tables(tabs), None, "Zed", "open", LATER)


def test_ten_open_limit_passes_the_rest_automatically():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    lines = play_to_end(game, tabs, "Ann", lambda face, opened: "open")
    decisions = tabs["Decisions"][1:]
    assert len(decisions) == 10
    assert lines[-2].startswith("Game over.") and lines[-1].startswith("Next: `hostkit score --round 4`")
    with pytest.raises(BookError, match="game is over"):
        game.decide(Tables(tabs), None, "Ann", "open", LATER)
    tabs["Decisions"].append(["Ann", 11, "", "open"])
    outcome = score(game, tabs, 4)
    assert "Ann's game is over" in messages(outcome)[0]
    ann = outcome.data["players"]["Ann"]
    assert ann["decisions"].count("open") == 10
    assert ann["decisions"][10:] == ["pass (automatic)"] * 10


def test_equation_is_built_right_to_left_and_replayed_from_decisions():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    deal, _, _ = deal_of(game, tabs, "Ann")
    wanted = list("x9-1")  # opened in this order -> equation 1 - 9 x
    rows = []
    for number, face in enumerate(deal.dealt, start=1):
        if wanted and face == wanted[0]:
            wanted.pop(0)
            rows.append(["Ann", number, face, "open"])
        else:
            rows.append(["Ann", number, face, "pass"])
    tabs["Decisions"] += rows
    outcome = score(game, tabs, 4)
    ann = outcome.data["players"]["Ann"]
    assert ann["equation"] == "1 - 9 x"
    assert ann["score"] == "-8"
    assert ann["finished"] is True


def test_decision_for_the_wrong_card_is_reported():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    tabs["Decisions"] += [["Ann", 2, "", "open"], ["Ann", "", "", "pass"], ["Ann", 2, "", "nope"]]
    outcome = score(game, tabs, 4)
    assert messages(outcome)[0] == (
        "Decisions row 2: this decision is for card 2, but Ann's next card is card 1; it is "
        "ignored. Decisions are made in dealing order."
    )
    assert "neither open nor pass" in messages(outcome)[1]
    assert outcome.data["players"]["Ann"]["decisions"] == ["pass"]
    assert "Final Results" not in outcome.writes
    assert "waiting for Ann: card 2 of 20 is next" in "\n".join(outcome.summary)


def test_best_for_a_player_beats_or_equals_their_play():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    play_to_end(game, tabs, "Ann", lambda face, opened: "open" if face in "9x" else "pass")
    play, top, played = game.best_for(Tables(tabs), "Ann")
    assert played is not None
    assert top.score >= played.score
    assert top.evaluation.score == top.score
    assert len(top.opened) <= 10


# ---- ranking and awards


def finished_book(scores_by_player, seed=11):
    """Every player's deck is all the cards they hold; decisions typed so that their score is set."""
    game, tabs = make_book(seed=seed)
    for player in PLAYERS:
        tabs["Decks"].append([player, "Hell", BO_HOLDS])
    for player in PLAYERS:
        deal, _, _ = deal_of(game, tabs, player)
        target = str(scores_by_player[player])
        done = False
        for number, face in enumerate(deal.dealt, start=1):
            choice = "open" if face == target and not done else "pass"
            done = done or choice == "open"
            tabs["Decisions"].append([player, number, face, choice])
    return game, tabs


def test_final_ranking_awards_and_ledger():
    scores = {"Ann": 3, "Bo": 2, "Cy": 1, "Di": 1, "Ed": 1, "Fay": 2}
    game, tabs = finished_book(scores)
    outcome = score(game, tabs, 4)
    assert outcome.problems == []
    ranking = outcome.data["ranking"]
    assert [r["score"] for r in ranking] == ["3", "2", "2", "1", "1", "1"]
    assert ranking[0]["player"] == "Ann" and ranking[0]["tokens"] == 3
    assert {r["player"] for r in ranking[1:3]} == {"Bo", "Fay"}
    assert [r["tokens"] for r in ranking] == [3, 1, 1, 0, 0, 0]
    assert [r["candidate"] for r in ranking] == [False, False, False, True, True, True]
    assert any(
        line.startswith("Tie at 2 between Bo, Fay, broken by the seeded ranking draw:")
        for line in outcome.data["draws"]
    )
    entries = outcome.payout.due
    assert len(entries) == 6
    assert entries[0].player == "Ann" and entries[0].tokens == 3
    assert sum(e.candidate for e in entries) == 3
    assert {e.reason for e in entries} <= outcome.payout.reasons
    assert "Final Results" in outcome.writes and "Ledger" not in outcome.writes  # the command settles the payout


def test_ties_are_broken_by_the_seed_and_change_with_it():
    game, tabs = make_book()
    ctx = game.context(Tables(tabs))
    flat = {p: Fraction(5) for p in PLAYERS}
    orders = set()
    for seed in range(8):
        tabs["Config"][[r[0] for r in tabs["Config"]].index("seed")][1] = seed
        placings, lines = game.rank(game.context(Tables(tabs)), flat)
        orders.add(tuple(p.player for p in placings))
        assert lines[0].startswith("Tie at 5 between Ann, Bo, Cy, Di, Ed, Fay, broken by the seeded ranking draw:")
        assert placings[0].reason == "the best score (5) (a tie broken by the seeded draw): 3 Tokens of Life"
        assert placings[-1].reason == "the worst score (5) (a tie broken by the seeded draw): elimination candidate"
        assert placings[1].reason.startswith("the 2nd best score (5)")
    assert len(orders) > 1
    assert ctx.config["seed"] == 11


def test_decisions_that_no_longer_match_the_deal_stop_the_replay():
    game, tabs = ready_book()
    tabs["Decks"].append(["Ann", "Heaven", ANN_DECK])
    deal, _, _ = deal_of(game, tabs, "Ann")
    wrong = next(face for face in "0123456789+-x÷" if face != deal.dealt[1])
    tabs["Decisions"] += [["Ann", 1, deal.dealt[0], "pass"], ["Ann", 2, wrong, "open"], ["Ann", 3, "", "open"]]
    outcome = score(game, tabs, 4)
    assert len(outcome.problems) == 1
    assert f"recorded for a {wrong} as card 2, but Ann's deal now has {deal.dealt[1]} there" in messages(outcome)[0]
    assert outcome.data["players"]["Ann"]["decisions"] == ["pass"]
