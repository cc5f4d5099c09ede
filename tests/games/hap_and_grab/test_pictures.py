"""Boards drawn for players: `board --image` writes a PNG, and the public workbook gets the board as coloured cells
once its round has opened (never before)."""

import datetime as dt
import io

import openpyxl
from click.testing import CliRunner
from freezegun import freeze_time
from PIL import Image

from hostkit.cli import main
from hostkit.core.drawing import COLOURS, GAP, MARGIN, SCALE, TILE, hex_code
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.helpers import BOARD_WORDS, OPENS, hap_and_grab_tabs


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def make(tmp_path):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(hap_and_grab_tabs())
    return path


def centre_of(image: Image.Image, card: int) -> tuple[int, int, int]:
    """The middle of a card's shape: the tiles sit under the title, one row of them."""
    left = MARGIN + card * (TILE + GAP) + TILE // 2
    top = image.size[1] * SCALE - MARGIN - int(28 * SCALE * 1.4) - TILE // 2
    return image.getpixel((left // SCALE, top // SCALE))


def near(colour, name, within=40):
    return all(abs(a - b) <= within for a, b in zip(colour, COLOURS[name]))


@freeze_time(OPENS + dt.timedelta(minutes=1))
def test_board_image_is_a_png_of_every_card_in_its_colours(tmp_path):
    path = make(tmp_path)
    png = tmp_path / "board.png"
    result = run("board", "--book", path, "--round", 1, "--image", png)
    assert result.exit_code == 0, result.output
    image = Image.open(io.BytesIO(png.read_bytes()))
    assert image.format == "PNG"
    image = image.convert("RGB")
    cards = len(BOARD_WORDS)
    assert image.size[0] == (2 * MARGIN + cards * (TILE + GAP) - GAP) // SCALE
    assert 150 < image.size[1] < 300
    shapes = [centre_of(image, i) for i in range(cards)]
    for colour, words in zip(shapes, BOARD_WORDS):
        assert near(colour, words.split()[2]), (words, colour)
    assert shapes[0] != shapes[2]  # a yellow shape and a red one differ in pixels
    backgrounds = [
        image.getpixel(
            (
                (MARGIN + i * (TILE + GAP) + TILE // 12) // SCALE,
                (image.size[1] * SCALE - MARGIN - int(28 * SCALE * 1.4) - TILE + TILE // 12) // SCALE,
            )
        )
        for i in range(cards)
    ]
    assert near(backgrounds[0], "black") and near(backgrounds[1], "gray") and near(backgrounds[3], "white")


@freeze_time(OPENS + dt.timedelta(minutes=1))
def test_an_opened_round_is_published_as_coloured_cells(tmp_path):
    path = make(tmp_path)
    assert run("board", "--book", path, "--round", 1).exit_code == 0
    ws = openpyxl.load_workbook(path)["Round 1 Board"]
    assert [c.value for c in ws[1]] == ["Card", *"ABCDEFGHI"]
    drawn = ws[2][1]  # A: black square yellow
    assert drawn.value == "■"
    assert drawn.fill.fgColor.rgb.endswith(hex_code("black")) and drawn.font.color.rgb.endswith(hex_code("yellow"))
    assert ws[2][3].value == "■" and ws[2][3].font.color.rgb.endswith(hex_code("red"))
    assert [c.value for c in ws[3]][:3] == ["Background", "black", "gray"]
    assert openpyxl.load_workbook(path).sheetnames[0] == "Round 1 Board"  # public tabs first


@freeze_time(OPENS - dt.timedelta(minutes=1))
def test_a_board_before_its_round_opens_stays_private(tmp_path):
    path = make(tmp_path)
    public = tmp_path / "public.xlsx"
    result = run("board", "--book", path, "--round", 1, "--public-book", public, "--image", tmp_path / "b.png")
    assert result.exit_code == 0, result.output
    assert "stays private until round 1 opens (it opens at 2026-11-21 20:00:00)" in result.output
    assert "Round 1 Board" not in XlsxBook(path).read() and not public.exists()
    assert (tmp_path / "b.png").exists()  # the host's own picture


def test_an_image_path_in_a_missing_folder_is_one_sentence(tmp_path):
    result = run("board", "--book", make(tmp_path), "--round", 1, "--image", tmp_path / "no" / "board.png")
    assert result.exit_code == 2 and "The picture cannot be written to" in result.output
    assert "Traceback" not in result.output
