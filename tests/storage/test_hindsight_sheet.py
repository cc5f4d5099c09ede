"""`hostkit hindsight` on a Google Sheet: the finished match read and the Hindsight tab written back."""

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.hindsight import HINDSIGHT_TAB
from hostkit.storage.xlsx import XlsxBook
from tests.storage.conftest import KEY


def test_hindsight_writes_its_public_tab_to_the_sheet(fake, credentials, tmp_path):
    demo = tmp_path / "demo.xlsx"
    assert CliRunner().invoke(main, ["demo", "--game", "open-pass", "--book", str(demo)]).exit_code == 0
    fake.add(KEY, XlsxBook(demo).read())
    result = CliRunner().invoke(main, ["hindsight", "--sheet", KEY, "--credentials", str(credentials)])
    assert result.exit_code == 0, result.output
    rows = fake.rows(KEY, HINDSIGHT_TAB)
    assert rows[0] == ["Round", "Hindsight"] and "best score" in rows[1][1]
