"""One error tree: every error hostkit raises on purpose is a HostkitError, and the command line reports each kind
as its one sentence with its exit status."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import hostkit
from hostkit import errors
from hostkit.cli import main
from hostkit.storage.lock import WorkbookLock
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.helpers import hap_and_grab_tabs
from tests.storage.conftest import credentials, fake, private_key_pem, waits  # noqa: F401 (fixtures)


def run(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(hap_and_grab_tabs([]), force=True)
    return path


def test_every_kind_is_a_hostkit_error_and_the_old_names_still_import():
    from hostkit.core.ledger import Refused
    from hostkit.core.tables import BookError
    from hostkit.delivery.discord import DeliveryError, WebhookGone
    from hostkit.storage.book import Conflict, StorageError
    from hostkit.storage.retry import RetriesExhausted

    for kind in (Refused, BookError, DeliveryError, WebhookGone, Conflict, StorageError, RetriesExhausted):
        assert issubclass(kind, hostkit.HostkitError)
    assert issubclass(errors.LockHeld, StorageError) and issubclass(errors.GoogleError, StorageError)
    assert not issubclass(DeliveryError, StorageError)
    assert errors.Refused.exit_code == 1 and errors.BadInput.exit_code == 2


def test_bad_input_is_one_sentence_and_status_2(tmp_path):
    result = run("score", "--round", 1, env={"HOSTKIT_BOOK": "", "HOSTKIT_SHEET": ""})
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: Say which workbook: --book FILE (an .xlsx file) or --sheet KEY (a Google Sheet).\n"
    )


def test_an_unusable_workbook_is_one_sentence_and_status_2(game):
    tabs = XlsxBook(game).read()
    config = [["game", "chess"] if row and row[0] == "game" else row for row in tabs["Config"]]
    XlsxBook(game).write({"Config": config})
    result = run("status", "--book", game)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("Error: Config's game 'chess' is not a game hostkit knows")


def test_a_missing_file_is_a_storage_error_in_one_sentence(tmp_path):
    result = run("status", "--book", tmp_path / "nowhere.xlsx")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("Error: ") and "nowhere.xlsx" in result.stderr


def test_a_held_lock_is_one_sentence_and_status_2(game, monkeypatch):
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "0")
    lock = WorkbookLock(game.resolve(), wait=0)
    lock.acquire()
    try:
        result = run("score", "--book", game, "--round", 1)
    finally:
        lock.release()
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {game} is being written by another hostkit command; wait for it to finish and try again.\n"
    )


def test_a_refused_step_says_refused_and_exits_1(game):
    before = game.read_bytes()
    result = run("ledger", "spend", "--book", game, "--player", "Reds", "--garnets", 2, "--reason", "a move")
    assert result.exit_code == 1
    assert result.stderr == "Refused: Reds has 0 garnets and cannot spend 2 on a move; nothing was written.\n"
    assert game.read_bytes() == before


def test_a_google_failure_is_one_sentence_and_status_2(tmp_path, fake, credentials):  # noqa: F811
    from tests.storage.conftest import KEY

    fake.add(KEY, {"Notes": [["mine"]]})
    fake.forbid(KEY)
    result = run("status", "--sheet", KEY, "--credentials", credentials)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "is not shared with" in result.stderr or "may not use" in result.stderr


def test_a_discord_failure_is_reported_for_its_row_and_exits_1(tmp_path):
    from tests.delivery.fake_discord import FakeDiscord
    from tests.delivery.test_send import HOOKS, with_webhooks
    from tests.games.hap_and_grab.tobago_helpers import match_tabs

    with FakeDiscord() as discord:
        path = tmp_path / "dealt.xlsx"
        XlsxBook(path).create(with_webhooks(match_tabs(), discord, HOOKS))
        discord.deleted.update({"111", "222"})
        result = run("deal", "--book", path, "--round", 1, "--send")
    assert result.exit_code == 1
    assert "Players row 2: Discord answered 404: the webhook …/webhooks/111/**** no longer exists" in result.stderr
    assert "Traceback" not in result.output
