"""Outputs never clobber inputs: --image refuses the workbook, any workbook the command names, and any file
that is not a picture hostkit drew."""

import os

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


def _within(seconds, call):
    """What `call` returns or raises, failing the test if it has not finished in `seconds` (it hangs)."""
    import threading

    done = []
    thread = threading.Thread(target=lambda: done.append(_outcome(call)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, f"still running after {seconds} s: it waits on the named pipe"
    return done[0]


def _outcome(call):
    try:
        return call()
    except Exception as error:
        return error


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and /dev/null are POSIX")
@pytest.mark.parametrize("kind", ["named pipe", "folder", "device"])
def test_an_image_that_is_not_a_file_is_refused_at_once(run, match_book, tmp_path, kind):
    target = tmp_path / "board.png"
    if kind == "named pipe":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        target.symlink_to(os.devnull)
    book = match_book()
    for force in ([], ["--force"]):
        result = _within(30, lambda: run("board", "--book", book, "--round", "1", "--image", target, *force))
        said = f"--image {target} is a {kind}, not a file" if kind != "folder" else "is a directory"  # click's
        assert result.exit_code == 2 and said in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_put_in_place_after_the_check_is_refused_without_waiting(tmp_path):
    from types import SimpleNamespace

    from hostkit.cli.options import save_image
    from hostkit.errors import BadInput

    pipe = tmp_path / "late.png"
    os.mkfifo(pipe)
    refused = _within(30, lambda: save_image(SimpleNamespace(image=lambda: b"\x89PNG"), str(pipe)))
    assert isinstance(refused, BadInput) and "is not a file" in str(refused)
