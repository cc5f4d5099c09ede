import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.helpers import hap_and_grab_tabs


@pytest.fixture
def run():
    def invoke(*args, input=None):
        return CliRunner().invoke(main, [str(a) for a in args], input=input)

    return invoke


@pytest.fixture
def match_book(tmp_path):
    """A Hap and Grab workbook on disk; pass submission rows to fill it."""

    def make(rows=(), **kw):
        path = tmp_path / "game.xlsx"
        XlsxBook(path).create(hap_and_grab_tabs(rows, **kw), force=True)
        return path

    return make


def cells(path):
    """Every tab's values: what a host sees, for comparing workbooks."""
    return XlsxBook(path).read()


@pytest.fixture
def book_after_deal(tmp_path):
    """A match whose round 1 earned CRCCR, dealt."""
    from tests.games.hap_and_grab.tobago_helpers import match_tabs

    path = tmp_path / "dealt.xlsx"
    XlsxBook(path).create(match_tabs())
    assert CliRunner().invoke(main, ["deal", "--book", str(path), "--round", "1"]).exit_code == 0
    return path
