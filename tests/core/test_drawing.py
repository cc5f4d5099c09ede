"""Card pictures: PNG grids opened with Pillow and sampled, and the same cards as spreadsheet cells."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageFont

from hostkit.core import drawing
from hostkit.core.drawing import EMPTY, GAP, MARGIN, SCALE, TILE, Pattern, Picture, Shape, draw_grid, hex_code, rgb
from hostkit.core.glyphs import cell_face

LETTERS = "ABCDEFGHIJK"


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, row: int, column: int, dx: float = 0.5, dy: float = 0.5) -> tuple[int, int, int]:
    """The PNG pixel at (dx, dy) of a tile, as fractions of its side, in a grid drawn without any labels or title."""
    x = MARGIN + column * (TILE + GAP) + dx * TILE
    y = MARGIN + row * (TILE + GAP) + dy * TILE
    return image.getpixel((int(x / SCALE), int(y / SCALE)))


def near(colour: tuple[int, int, int], expected: tuple[int, int, int], within: int = 40) -> bool:
    return all(abs(a - b) <= within for a, b in zip(colour, expected))


def tile(image: Image.Image, row: int, column: int) -> Image.Image:
    x, y = (MARGIN + column * (TILE + GAP)) // SCALE, (MARGIN + row * (TILE + GAP)) // SCALE
    return image.crop((x, y, x + TILE // SCALE, y + TILE // SCALE))


def card(colour: str = "red", shape: Shape = Shape.CIRCLE, background: str = "white", **more) -> Picture:
    return Picture(background=background, shape=shape, colour=colour, **more)


def grid(rows: int, columns: int) -> list[list[Picture]]:
    return [[card(label=f"{LETTERS[c]}{r + 1}") for c in range(columns)] for r in range(rows)]


def test_the_png_grows_with_the_grid():
    one_row = opened(draw_grid([[card() for _ in range(8)]])).size
    longer_row = opened(draw_grid([[card() for _ in range(11)]])).size
    five = opened(draw_grid(grid(5, 5), row_labels="12345", column_labels="ABCDE")).size
    six = opened(draw_grid(grid(6, 6), row_labels="123456", column_labels="ABCDEF")).size
    assert longer_row == (one_row[0] + 3 * (TILE + GAP) // SCALE, one_row[1])
    assert five[0] < six[0] and five[1] < six[1]
    assert five[1] > one_row[1]


def test_labels_and_title_take_room():
    bare = opened(draw_grid(grid(2, 2))).size
    plain = [[card() for _ in range(2)] for _ in range(2)]
    assert opened(draw_grid(plain)).size < bare  # no card labels: no room kept under the cards
    labelled = opened(draw_grid(grid(2, 2), row_labels=("10", "11"), column_labels="AB", title="Round 1")).size
    assert labelled[0] > bare[0] and labelled[1] > bare[1]


def test_cards_of_different_colours_differ_inside_their_shapes():
    colours = ("red", "blue", "yellow", "black", "white", "grey")
    image = opened(draw_grid([[card(c, background="gray" if c == "white" else "white") for c in colours]]))
    centres = [pixel(image, 0, c) for c in range(len(colours))]
    assert centres == [rgb(c) for c in colours]
    assert len(set(centres)) == len(colours)


def test_background_fills_differ():
    fills = ("white", "gray", "black", "yellow")
    image = opened(draw_grid([[card("red", background=f) for f in fills]]))
    corners = [pixel(image, 0, c, 0.12, 0.12) for c in range(len(fills))]
    assert corners == [rgb(f) for f in fills]


def test_shapes_and_star_points_differ():
    shapes = [card(shape=s) for s in (Shape.CIRCLE, Shape.SQUARE, Shape.TRIANGLE)]
    stars = [card(shape=Shape.STAR, points=n) for n in (4, 5, 6)]
    image = opened(draw_grid([shapes, stars]))
    crops = [tile(image, r, c).tobytes() for r in range(2) for c in range(3)]
    assert len(set(crops)) == 6
    assert pixel(image, 0, 1, 0.72, 0.72) == rgb("red")  # a square reaches where a circle does not
    assert pixel(image, 0, 0, 0.72, 0.72) == rgb("white")


def test_hollow_and_striped_shapes():
    patterns = [card("blue", pattern=p) for p in Pattern]
    image = opened(draw_grid([patterns]))
    assert pixel(image, 0, 0) == rgb("blue")
    assert pixel(image, 0, 1) == rgb("white")
    striped = [pixel(image, 0, 2, 0.5, 0.35 + i / 100) for i in range(30)]
    assert any(near(p, rgb("blue")) for p in striped) and any(near(p, rgb("white")) for p in striped)


def test_a_shape_the_colour_of_its_background_still_shows():
    image = opened(draw_grid([[card("white", background="white"), Picture(background="white")]]))
    assert tile(image, 0, 0).tobytes() != tile(image, 0, 1).tobytes()


def test_empty_cells_render():
    image = opened(draw_grid([[card(), None, card("blue")], [None]]))
    assert pixel(image, 0, 1) == EMPTY
    assert pixel(image, 1, 0) == EMPTY
    assert pixel(image, 0, 2) == rgb("blue")
    assert opened(draw_grid([[None, None]])).size[0] > 0


def test_numbers_with_heat_triangles():
    heat = ("black", "gray", "white", "black")
    image = opened(draw_grid([[Picture(shape=Shape.NUMBER, text="2", colour="red", edges=heat)]]))
    inside = ((0.5, 0.13), (0.87, 0.5), (0.5, 0.87), (0.13, 0.5))  # up, right, down, left
    assert [pixel(image, 0, 0, dx, dy) for dx, dy in inside] == [rgb(c) for c in heat]
    red = sum(n for n, colour in tile(image, 0, 0).getcolors(TILE * TILE) if colour == rgb("red"))
    assert red > 200  # the number itself, in its colour


def test_player_marks_stand_out_on_dark_tiles():
    image = opened(draw_grid([[card(background="black"), card(background="black", marks=("AL", "Bea"))]]))
    assert tile(image, 0, 0).tobytes() != tile(image, 0, 1).tobytes()
    bottom = tile(image, 0, 1).crop((10, 90, 110, 110))
    assert all(high > 240 for _, high in bottom.getextrema())
    many = Picture(background="gray", marks=("Alexandra", "Jo", "Max", "Sam", "Kim"))
    assert opened(draw_grid([[many]])).size == opened(draw_grid([[None]])).size


def test_the_same_board_gives_the_same_bytes():
    board = grid(5, 5)
    board[2][2] = card("yellow", Shape.STAR, "black", pattern=Pattern.STRIPED, points=6, marks=("Jo",))
    first = draw_grid(board, row_labels="12345", column_labels="ABCDE", title="Round 3")
    assert draw_grid(board, row_labels="12345", column_labels="ABCDE", title="Round 3") == first
    board[0][0] = card("blue", label="A1")
    assert draw_grid(board, row_labels="12345", column_labels="ABCDE", title="Round 3") != first


@pytest.mark.parametrize(
    "cells, labels",
    [
        ([], {}),
        ([[]], {}),
        ([[None, None]], {"column_labels": "ABC"}),
        ([[None], [None]], {"row_labels": "1"}),
    ],
)
def test_a_grid_that_does_not_add_up_is_refused(cells, labels):
    with pytest.raises(ValueError):
        draw_grid(cells, **labels)


def test_pictures_are_checked_and_take_plain_words():
    words = Picture("Grey", "star", "#123456", "hollow", marks=["Jo"], edges=["white"] * 4)  # type: ignore[arg-type]
    typed = Picture("Grey", Shape.STAR, "#123456", Pattern.HOLLOW, marks=("Jo",), edges=("white",) * 4)
    assert words.shape is Shape.STAR and words.pattern is Pattern.HOLLOW
    assert words == typed and hash(words) == hash(typed)
    for bad in (
        {"colour": "teal"},
        {"background": "#12345"},
        {"shape": Shape.NUMBER},
        {"shape": Shape.STAR, "points": 2},
        {"edges": ("white", "black")},
        {"shape": "hexagon"},
    ):
        with pytest.raises(ValueError):
            Picture(**bad)


def test_cell_faces_match_the_png_colours():
    assert cell_face(card("red", Shape.CIRCLE, "black")) == ("●", hex_code("red"), hex_code("black"))
    assert cell_face(card("blue", Shape.SQUARE, "gray", pattern=Pattern.HOLLOW)).glyph == "□"
    assert cell_face(card("yellow", Shape.TRIANGLE, pattern=Pattern.STRIPED)).glyph == "◭"
    assert hex_code("red") == "{:02X}{:02X}{:02X}".format(*rgb("red")) == "E03131"
    assert hex_code("gray") == hex_code("grey")


def test_cell_faces_of_stars_numbers_marks_and_empty_cells():
    stars = [cell_face(card(shape=Shape.STAR, pattern=p, points=n)).glyph for p, n in zip(Pattern, (4, 5, 6))]
    assert stars == ["★4", "☆5", "✫6"]
    number = Picture(shape=Shape.NUMBER, text="3", colour="blue", edges=("black", "grey", "white", "black"))
    assert cell_face(number) == ("3 BGWB", hex_code("blue"), hex_code("white"))
    assert cell_face(card(text="7", marks=("AL", "Bea"))).glyph == "● 7 AL Bea"
    assert cell_face(Picture(background="gray", marks=("Jo",))) == ("Jo", hex_code("black"), hex_code("gray"))
    assert cell_face(None) == ("", hex_code("black"), hex_code(EMPTY))


def test_without_pillows_sized_default_font_a_system_font_is_used(monkeypatch):
    def old_pillow(*args, **kwargs):
        raise TypeError("load_default() got an unexpected keyword argument 'size'")

    monkeypatch.setattr(ImageFont, "load_default", old_pillow)
    drawing.font.cache_clear()
    try:
        try:
            chosen = drawing.font(30)
        except RuntimeError as error:
            assert "Pillow 10.1" in str(error)
            return
        assert isinstance(chosen, ImageFont.FreeTypeFont) and chosen.size == 30
        assert opened(draw_grid([[card(label="A")]], column_labels="A", title="Old Pillow")).size[0] > 0
    finally:
        drawing.font.cache_clear()
