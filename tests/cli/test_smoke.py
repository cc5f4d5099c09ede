from click.testing import CliRunner
from openpyxl import load_workbook

from hostkit.cli import main


def test_demo_builds_and_scores(tmp_path):
    book = tmp_path / "demo.xlsx"
    result = CliRunner().invoke(main, ["demo", "--book", str(book)])
    assert result.exit_code == 0, result.output
    assert "Turn order:" in result.output
    assert "Round 1 Results" in load_workbook(book).sheetnames
