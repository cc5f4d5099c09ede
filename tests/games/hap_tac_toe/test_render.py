from hostkit.games.hap_tac_toe import HapTacToe, WhenStarsAlign, render_board, render_update, replay
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, full_game, turns

STARS = WhenStarsAlign()
BLOCKS = HapTacToe()


def test_the_board_is_a_5x5_grid_of_codes_row_1_on_top():
    game = replay(
        STARS,
        PLAYERS,
        "Alice",
        STARTS,
        turns(STARS, [("yellow solid 4", "A1"), ("white striped 6", "E5"), ("blue hollow 5", "C3")]),
    )
    assert render_board(game.board, STARS.faces) == "\n".join(
        [
            "   A    B    C    D    E",
            " 1 YSo4 ·    ·    ·    ·",
            " 2 ·    ·    ·    ·    ·",
            " 3 ·    ·    BHo5 ·    ·",
            " 4 ·    ·    ·    ·    ·",
            " 5 ·    ·    ·    ·    WSt6",
        ]
    )


def test_the_update_shows_the_turn_its_verdicts_points_clocks_and_who_is_next():
    records = full_game(BLOCKS, {3: "A1 B1 C1; A1 A2"}, seconds=75)[:3]
    text = render_update(replay(BLOCKS, PLAYERS, "Alice", STARTS, records))
    assert text == "\n".join(
        [
            "Hap-Tac-Toe, game 1",
            "   A   B   C   D   E",
            " 1 WRC WRS WRT ·   ·",
            " 2 ·   ·   ·   ·   ·",
            " 3 ·   ·   ·   ·   ·",
            " 4 ·   ·   ·   ·   ·",
            " 5 ·   ·   ·   ·   ·",
            "",
            "background: W white, G grey, B black; colour: R red, Y yellow, B blue; shape: C circle, S square, "
            "T triangle",
            "",
            "Turn 3: Alice put white red triangle on C1 in 1 min 15 s:",
            "  A1 B1 C1: valid (+1). A1 B1 C1 on row 1 is a hap: background all white; colour all red; "
            "shape all different (circle, square, triangle)",
            "  A1 A2: unreadable (-0.5). 'A1 A2' names 2 squares; a claim names three, like A1 A2 A4",
            "",
            "Claimed haps: A1 B1 C1 (Alice)",
            "Points: Alice 0.5, Bob 0",
            "Reserves: Alice 4 min 30 s, Bob 4 min 45 s",
            "Next: Bob, turn 4.",
        ]
    )


def test_the_update_announces_the_end():
    full = render_update(replay(STARS, PLAYERS, "Alice", STARTS, full_game(STARS, {4: "A1 A2"})))
    assert "Points: Alice 0, Bob 0 (1 strike)" in full
    assert full.endswith("Game 1 is over: the grid is full after 25 turns.")
    late = turns(STARS, [("yellow solid 4", "A1", "", 400)])
    lost = render_update(replay(STARS, PLAYERS, "Alice", STARTS, late))
    assert "Turn 1: Alice's reserve ran out at 20:06:00" in lost
    assert "Reserves: Alice 0 s, Bob 5 min 0 s" in lost and lost.endswith("Alice loses the match on time.")
