"""Each game's page opens with a primer whose example submissions are what `score` (or the live referee)
accepts: the examples are read from the page and run through the game."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from hostkit.core.tables import Tables
from hostkit.games import GAMES, load_game

PAGES = Path(__file__).parents[2] / "docs" / "games"
TABS = {"hap-and-grab": "Submissions", "open-pass": "Bids", "paths-and-pahs": "Submissions"}
TABS["cards-on-the-table"] = "Submissions"
TABS["custom"] = "Submissions"
LATER = dt.datetime(2027, 1, 1, tzinfo=dt.timezone.utc)


def examples(name: str) -> list[dict[str, str]]:
    """The rows of the first table under the page's `What a submission looks like`."""
    text = (PAGES / f"{name}.md").read_text(encoding="utf-8")
    assert text.split("\n## ")[1].startswith("In short\n"), f"{name}.md opens with its primer"
    section = text.split("### What a submission looks like", 1)[1]
    rows = [line for line in section.split("\n\n", 3)[1:3] if line.startswith("|")][0].splitlines()
    header = [c.strip() for c in rows[0].strip("|").split("|")]
    return [dict(zip(header, (c.strip() for c in row.strip("|").split("|")))) for row in rows[2:]]


@pytest.mark.parametrize("name", sorted(TABS))
def test_the_primers_examples_are_scored_without_a_problem(name):
    game = load_game(name)
    tabs = {tab: [list(row) for row in rows] for tab, rows in game.demo().tabs.items()}
    tab = tabs[TABS[name]]
    first = next(row for row in tab[1:] if row[tab[0].index("Round")] in (1, None))
    added = []
    for example in examples(name):
        row = list(first)
        for column, value in example.items():
            row[tab[0].index(column)] = int(value) if value.isdigit() and column == "Round" else value
        tab.append(row)
        added.append(len(tab))
    outcome = game.score(Tables(tabs), 1, LATER)
    bad = [str(p) for p in outcome.problems if p.tab == TABS[name] and p.row in added]
    assert not bad, bad
    if name == "hap-and-grab":
        results = outcome.writes["Round 1 Results"]
        verdicts = [r[3] for r in results if r and r[-1] in added]
        assert verdicts and "not an answer" not in verdicts, verdicts


@pytest.mark.parametrize("name", ["hap-tac-toe", "when-stars-align"])
def test_the_primers_messages_are_read_by_the_live_referee(name):
    from hostkit.games.hap_tac_toe.claims import parse_message

    rules = load_game(name).rules()  # type: ignore[attr-defined]
    for example in examples(name):
        text = re.sub(r"^\w+:\s*", "", example["Message"])
        message = parse_message(text)
        rules.faces.parse(message.block)
        assert message.square and all(c.squares for c in message.claim_list()), text


def test_every_game_has_a_primer():
    for name in GAMES:
        assert examples(name), name


ANTI_HAP = {"hap-and-grab": "anti-hap", "paths-and-pahs": "PAH"}
"""The games whose primer defines three cards by the rule sheet's anti-hap, and its word there."""


def primer(name: str) -> str:
    return (PAGES / f"{name}.md").read_text(encoding="utf-8").split("\n## ")[1]


def judged(name: str, words: str) -> tuple[bool, bool]:
    """Three cards typed as the primer names them, judged by the game's own code: (an anti-hap, a hap)."""
    from hostkit.core.cards import is_hap, is_pah

    cards = re.split(r",\s*(?:and\s+)?|\s+and\s+", words.strip())
    assert len(cards) == 3, cards
    if name == "hap-and-grab":
        from hostkit.games.hap_and_grab.anti_hap import FACES, Board

        parsed = [FACES.parse(card.split()) for card in cards]
        return Board.of(parsed).anti_haps() == {"ABC"}, is_hap(*parsed)
    from hostkit.games.paths_and_pahs.settings import card_names

    game = load_game(name)
    names = card_names(game.context(Tables(game.demo().tabs)))
    parsed = [names.parse(card) for card in cards]
    return is_pah(*parsed), is_hap(*parsed)


@pytest.mark.parametrize("name", sorted(ANTI_HAP))
def test_the_primer_defines_three_cards_as_the_rule_sheet_and_the_game_do(name):
    word = ANTI_HAP[name]
    text = primer(name)
    definition = re.search(rf"An? \*\*{word}\*\*[^.;]*? is three cards where([^.;(]*)", text)
    assert definition, f"{name}.md defines a {word}"
    assert "exactly two cards are the same and one is different" in definition.group(1)
    assert "all the same or all different" not in definition.group(1)
    example = re.search(rf"For example, (.+?) make an? {word} \(.+?\); (.+?) make a hap, so not an? {word}\.", text)
    assert example, f"{name}.md gives an example {word} and an example hap"
    assert judged(name, example.group(1)) == (True, False)
    assert judged(name, example.group(2)) == (False, True)


def test_every_paths_and_pahs_example_is_sent_in_a_round_that_takes_it():
    from hostkit.games.paths_and_pahs.settings import rules

    game = load_game("paths-and-pahs")
    ctx = game.context(Tables(game.demo().tabs))
    for example in examples("paths-and-pahs"):
        if example["Action"] == "pah":
            assert rules(ctx).pah_value(int(example["Round"])) is not None, example
            assert judged("paths-and-pahs", re.split(r"[,;]?\s*discard", example["Value"])[0].replace(" / ", ", "))[0]
