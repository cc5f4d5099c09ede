"""What every request to the Sheets API asks for, as Google's guides say: compressed answers (Accept-Encoding:
gzip and a User-Agent containing gzip), only the fields hostkit uses, and one OAuth token per account in a
process, however many spreadsheets it opens."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from hostkit.storage import sheets, sheets_auth
from hostkit.storage.sheets import SheetsBook, connect
from tests.storage.conftest import KEY, PUBLIC_KEY
from tests.storage.test_contract import Sheets, run, start_match


@pytest.fixture
def played(fake, credentials):
    """A match made, boarded, scored into a public spreadsheet and asked for its status, on the fake."""
    live = Sheets(fake, credentials)
    start_match(live)
    for command in (["score", "--round", "1", *live.public_args()], ["status"], ["standings"]):
        result, _ = run(live, *command)
        assert result.exit_code in (0, 1), result.output
    return fake


def test_every_request_asks_for_gzip_as_googles_performance_guide_says(played):
    assert len(played.calls) >= 10 and {c.key for c in played.calls} == {KEY, PUBLIC_KEY}
    for call in played.calls:
        assert re.fullmatch(r"hostkit/\S+ \(gzip\)", call.headers["User-Agent"]), call.headers
        assert call.headers["Accept-Encoding"] == "gzip"


def test_answers_are_counted_compressed_only_when_gzip_is_asked_for_both_ways(fake):
    fake.add(KEY, {"Big": [[f"row {r}", r, "the same words again"] for r in range(2_000)]})
    book = SheetsBook(KEY, fake.session())
    assert len(book.read()["Big"]) == 2_000
    compressed = fake.calls[-1].received
    plain = fake.session().get(
        f"https://sheets.googleapis.com/v4/spreadsheets/{KEY}",
        params=fake.calls[-1].query,
        headers={"Accept-Encoding": "gzip"},  # gzip accepted, but no gzip in the User-Agent: Google sends it plain
        timeout=5,
    )
    assert compressed * 5 < fake.calls[-1].received == len(plain.content)


def test_a_grid_read_selects_the_grid_with_its_fields_mask_not_includegriddata(played):
    cells = [c for c in played.calls if "ranges" in c.query]
    assert cells and all("sheets(properties(title),data(" in c.query["fields"][0] for c in cells)
    assert not [c for c in played.calls if "includeGridData" in c.query and "fields" in c.query]
    assert all(c.received for c in cells)


def test_every_batch_update_answer_is_trimmed_to_the_spreadsheet_id(played):
    writes = [c for c in played.calls if c.kind == "spreadsheets.batchUpdate"]
    assert writes and all(c.query["fields"] == ["spreadsheetId"] for c in writes)
    assert all(c.received < 100 for c in writes)  # not a reply per request


def test_one_oauth_token_per_account_for_every_spreadsheet_a_process_opens(fake, credentials, monkeypatch):
    from google.oauth2 import service_account

    fetched = []

    def refresh(self, request):  # what a token request to Google would give, counted instead of sent
        fetched.append(self.service_account_email)
        self.token = f"token {len(fetched)}"
        self.expiry = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None) + dt.timedelta(hours=1)

    def signed_session(signed):
        session = connect(signed)
        session.mount("https://", fake)
        return session

    monkeypatch.setattr(service_account.Credentials, "refresh", refresh)
    monkeypatch.setattr(sheets, "connect", signed_session)
    monkeypatch.setattr(sheets_auth, "_SIGNED_IN", {})
    fake.add(KEY, {"Notes": [["a"]]})
    fake.add(PUBLIC_KEY, {"Notes": [["b"]]})
    for key in (KEY, PUBLIC_KEY, KEY, PUBLIC_KEY, KEY):
        assert SheetsBook.open(key, credentials).read()["Notes"]
    assert len(fetched) == 1 and len(fake.calls) == 10
    assert {c.headers["Authorization"] for c in fake.calls} == {"Bearer token 1"}


def test_a_changed_key_file_is_signed_in_afresh(tmp_path, credentials):
    first = sheets_auth.load_credentials(credentials)
    copy = tmp_path / "copy.json"
    copy.write_text(credentials.read_text())
    assert sheets_auth.load_credentials(copy) is first  # the same key, wherever the file is
    other = tmp_path / "other.json"
    other.write_text(credentials.read_text().replace("hostkit-bot@", "hostkit-bot-2@"))
    assert sheets_auth.load_credentials(other).service_account_email.startswith("hostkit-bot-2@")
