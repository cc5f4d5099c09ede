import json

from hostkit.games.paths_and_pahs.board import Direction, Tile
from hostkit.games.paths_and_pahs.match import PlayerState, Rules
from hostkit.games.paths_and_pahs.messages import private_message
from hostkit.games.paths_and_pahs.standings import ordinal, rank_players
from tests.games.paths_and_pahs.helpers import card

STARTING = (card("black red square"), card("white yellow circle"))
SEED = 987654321


def player(name, points, with_starting=0, pahs=None):
    pahs = points // 5 if pahs is None else pahs
    return PlayerState(name, STARTING, frozenset(STARTING), points=points, pahs=pahs, pahs_with_starting=with_starting)


def test_rank_by_points_then_pahs_with_a_starting_card_then_a_seeded_draw():
    field = [
        player("Ann", 20, 1),
        player("Bob", 30, 0),
        player("Cat", 20, 3),
        player("Dan", 10, 2),
        player("Eve", 10, 2),
        player("Fay", 5),
        player("Gus", 0),
        player("Hal", 25),
        player("Ivy", 10, 1),
    ]
    standings = rank_players(field, SEED)
    order = [p.player for p in standings.places]
    assert order[:4] == ["Bob", "Hal", "Cat", "Ann"] and order[-3:] == ["Ivy", "Fay", "Gus"]
    assert set(order[4:6]) == {"Dan", "Eve"}
    assert standings == rank_players(list(reversed(field)), SEED)  # the draw depends on the seed alone
    assert [p.rank for p in standings.places] == list(range(1, 10))
    top = standings.top
    assert top.player == "Bob" and top.tol and top.garnets == 7 and not top.ec
    assert top.reason == "1st with 30 points from 6 PAHs; the top player wins a ToL and 7 garnets."
    assert standings.ec == ("Ivy", "Fay", "Gus")
    cat = standings.places[2]
    assert cat.reason == (
        "3rd with 20 points from 4 PAHs; tied on points with Ann, so ranked by PAHs made with a "
        "starting card (Cat 3, Ann 1)."
    )
    assert standings.places[-1].reason == "9th with 0 points from 0 PAHs; among the 3 lowest, EC."
    (draw,) = standings.draws
    assert draw.tied == ("Dan", "Eve") and set(draw.order) == {"Dan", "Eve"}
    assert draw.order == tuple(order[4:6]) and draw.labels == ("standings", "draw", 10, 2)
    assert f"a seeded draw ordered them {', '.join(draw.order)}" in standings.places[4].reason
    assert "rng(seed, 'standings', 'draw', 10, 2) shuffled Dan, Eve" in draw.record()
    public = json.dumps([p.as_json() for p in standings.places])
    assert str(SEED) not in public and str(SEED) not in json.dumps(standings.as_json())


def test_seeded_draws_differ_by_seed_and_a_tie_at_the_top_still_gives_one_tol():
    field = [player(name, 10, 1) for name in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    tops = {rank_players(field, seed).top.player for seed in range(30)}
    assert len(tops) > 1
    standings = rank_players(field, 1)
    assert sum(p.tol for p in standings.places) == 1 and len(standings.ec) == 3
    assert "still tied with" in standings.top.reason and "wins a ToL" in standings.top.reason


def test_small_fields_never_make_the_top_player_ec_and_rules_are_settings():
    standings = rank_players([player("Ann", 10), player("Bob", 5)], 0, Rules(top_garnets=3, lowest_ec=3))
    assert standings.ec == ("Bob",) and standings.top.garnets == 3
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]


def test_private_messages_tell_position_inventory_and_points():
    dealt = PlayerState("Ann", STARTING, frozenset(STARTING))
    text = private_message(dealt)
    assert text.splitlines()[0] == "Paths and PAHs: your starting cards, Ann"
    assert "not on the board yet: send start" in text
    assert "Starting cards: 1. black red square; 2. white yellow circle." in text
    later = PlayerState(
        "Ann",
        STARTING,
        frozenset({STARTING[1], card("grey blue triangle")}),
        Tile.parse("C4"),
        Direction.LEFT,
        points=13,
        pahs=2,
        pahs_with_starting=1,
    )
    text = private_message(later, 3)
    assert text == (
        "Paths and PAHs, after round 3: Ann\n"
        "You stand on C4, after moving left.\n"
        "Starting cards: 1. black red square; 2. white yellow circle.\n"
        "Inventory (2 cards):\n"
        "- white yellow circle (starting card)\n"
        "- grey blue triangle\n"
        "Points: 13 from 2 PAHs (1 made with a starting card)."
    )
    assert private_message(later, 5).startswith("Paths and PAHs, after the endgame: Ann")
