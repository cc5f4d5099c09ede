"""The sample match `hostkit demo --game paths-and-pahs` plays: its slips are caught and its standings stand."""

from __future__ import annotations

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook


def test_the_demos_wrong_pahs_are_rejected_and_fay_wins_the_token_of_life(tmp_path):
    book = tmp_path / "demo.xlsx"
    result = CliRunner().invoke(main, ["demo", "--game", "paths-and-pahs", "--book", str(book)])
    assert result.exit_code == 0, result.output
    slipped = [line for line in result.output.splitlines() if "rejected:" in line and ", one more;" in line]
    assert len(slipped) == 8
    assert all("has words that are not card values (one, more)" in line for line in slipped)
    board = XlsxBook(book).read()["Leaderboard"]
    assert board[0][:2] == ["Place", "Player"] and board[0][-1] == "Award"
    assert (board[1][:3], board[1][-1]) == ([1, "Fay", 24], "ToL and 7 garnets")
    assert "Paid: Fay +7 garnets, +1 Token of Life" in result.output
    assert "1. Fay: 1st with 24 points from 5 PAHs" in result.output
