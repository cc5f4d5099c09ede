"""Outputs never clobber inputs: --image refuses the workbook, any workbook the command names, and any file
that is not a picture hostkit drew."""

import pytest

from hostkit.core.drawing import is_hostkit_png


@pytest.fixture
def demo(run, tmp_path):
    path = tmp_path / "demo.xlsx"
    assert run("demo", "--book", path).exit_code == 0
    return path


@pytest.mark.parametrize("command", [["board", "--round", "1"], ["score", "--round", "1"]])
def test_the_workbook_itself_is_never_overwritten_by_a_picture(run, demo, command):
    before = demo.read_bytes()
    result = run(*command, "--book", demo, "--image", demo)
    assert result.exit_code == 2 and "a picture is a .png file" in result.stderr
    assert demo.read_bytes() == before


def test_a_file_hostkit_did_not_draw_is_left_alone(run, demo, tmp_path):
    mine = tmp_path / "holiday.png"
    mine.write_bytes(b"\x89PNG\r\n\x1a\n my own picture")
    result = run("board", "--book", demo, "--round", "1", "--image", mine)
    assert result.exit_code == 2 and "is not a picture hostkit drew" in result.stderr
    assert mine.read_bytes() == b"\x89PNG\r\n\x1a\n my own picture"
    forced = run("board", "--book", demo, "--round", "1", "--image", mine, "--force")
    assert forced.exit_code == 0 and is_hostkit_png(mine.read_bytes())


def test_a_picture_hostkit_drew_is_redrawn(run, demo, tmp_path):
    picture = tmp_path / "board.png"
    assert run("board", "--book", demo, "--round", "1", "--image", picture).exit_code == 0
    assert is_hostkit_png(picture.read_bytes())
    assert run("board", "--book", demo, "--round", "1", "--image", picture).exit_code == 0
