import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.book import StorageError
from hostkit.storage.retry import Backoff
from hostkit.storage.sheets import SCOPES, SheetsBook, connect, load_credentials, parse_key
from hostkit.storage.sheets_cells import to_json
from hostkit.storage.sheets_http import READ_TIMEOUT
from tests.storage.conftest import ACCOUNT, KEY


def book(fake, **options):
    return SheetsBook(KEY, fake.session(), account=ACCOUNT, **options)


@pytest.mark.parametrize(
    "text",
    [
        KEY,
        f"https://docs.google.com/spreadsheets/d/{KEY}/edit#gid=0",
        f" https://docs.google.com/spreadsheets/u/1/d/{KEY}/edit?usp=sharing ",
    ],
)
def test_a_key_is_found_in_a_key_or_an_address(text):
    assert parse_key(text) == KEY


def test_a_bad_key_says_what_to_copy():
    with pytest.raises(StorageError, match="is not a spreadsheet key or address; copy the address"):
        parse_key("game.xlsx")


def test_good_credentials_are_scoped_to_spreadsheets_only(credentials):
    creds = load_credentials(credentials)
    assert creds.service_account_email == ACCOUNT
    assert tuple(creds.scopes) == SCOPES == ("https://www.googleapis.com/auth/spreadsheets",)
    session = connect(creds)
    assert session.credentials is creds


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "does not exist; pass --credentials"),
        ("{not json", "is not JSON; download the service account's key again"),
        (
            json.dumps({"type": "authorized_user", "client_id": "x"}),
            "lacks client_secret, refresh_token; sign in again",
        ),
        (json.dumps({"type": "external_account"}), "is neither a service-account key nor an authorized-user file"),
        (json.dumps({"type": "service_account", "client_email": ACCOUNT}), "lacks private_key, token_uri"),
        (
            json.dumps(
                {
                    "type": "service_account",
                    "client_email": ACCOUNT,
                    "private_key": "-----BEGIN PRIVATE KEY-----\nxx",
                    "token_uri": "https://oauth2.googleapis.com/token",
                }
            ),
            f"cannot be read; download a new JSON key for {ACCOUNT}",
        ),
    ],
)
def test_a_wrong_credentials_file_is_one_clear_sentence(tmp_path, content, message):
    path = tmp_path / "credentials.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(StorageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_credentials(path)


def test_an_unreadable_credentials_file(credentials, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", refuse)  # chmod 0 cannot stop root, who runs CI
    with pytest.raises(StorageError, match=r"cannot be read \(PermissionError\); check that it is yours"):
        load_credentials(credentials)


def test_no_credentials_at_all_on_the_command_line(fake, monkeypatch):
    monkeypatch.delenv("HOSTKIT_CREDENTIALS", raising=False)
    monkeypatch.delenv("GOOGLE_APPLICATION_CREDENTIALS", raising=False)
    result = CliRunner().invoke(main, ["score", "--round", "1", "--sheet", KEY])
    assert result.exit_code == 2
    assert "No Google credentials given; pass --credentials FILE" in result.output


def test_credentials_fall_back_to_the_environment(fake, credentials, monkeypatch):
    monkeypatch.delenv("HOSTKIT_CREDENTIALS", raising=False)
    monkeypatch.setenv("GOOGLE_APPLICATION_CREDENTIALS", str(credentials))
    fake.add(KEY, {"Config": [["Key", "Value"], ["game", "hap-and-grab"]]})
    result = CliRunner().invoke(main, ["score", "--round", "1", "--sheet", KEY])
    assert fake.credentials_seen[0].service_account_email == ACCOUNT
    assert "no tab 'Players'" in result.output


def test_book_and_sheet_together_are_refused(fake, credentials, tmp_path):
    result = CliRunner().invoke(
        main,
        [
            "score",
            "--round",
            "1",
            "--sheet",
            KEY,
            "--book",
            str(tmp_path / "x.xlsx"),
            "--credentials",
            str(credentials),
        ],
    )
    assert result.exit_code == 2 and "not both" in result.output
    neither = CliRunner().invoke(main, ["score", "--round", "1"], env={"HOSTKIT_BOOK": "", "HOSTKIT_SHEET": ""})
    assert neither.exit_code == 2 and "Say which workbook" in neither.output


def test_read_gives_typed_values_blanks_as_none_and_the_time_zone(fake):
    fake.add(
        KEY,
        {"Sheet1": [["a", 1, None, 2.5], [], [True, "", '=HYPERLINK("x")']], "Empty": []},
        time_zone="Europe/London",
    )
    sheet = book(fake)
    assert sheet.read() == {"Sheet1": [["a", 1, None, 2.5], [], [True, None, '=HYPERLINK("x")']], "Empty": []}
    assert sheet.timezone == "Europe/London"
    # the tabs' names and sizes, then the cells of the tabs looked up, by ranges
    assert [c.kind for c in fake.calls] == ["spreadsheets.get", "spreadsheets.get"]
    assert "ranges" not in fake.calls[0].query and fake.calls[1].query["ranges"] == ["'Sheet1'", "'Empty'"]
    assert all(c.timeout == READ_TIMEOUT for c in fake.calls)


def test_replacing_a_tab_clears_its_leftover_cells_in_the_same_request(fake):
    fake.add(KEY, {"Results": [["h1", "h2", "h3"], [1, 2, 3], [4, 5, 6]]})
    sheet = book(fake)
    sheet.read()
    sheet.write({"results": [["only", "two", "three"]]})  # tabs are matched without regard to case
    assert fake.rows(KEY, "Results") == [["only", "two", "three"]]
    sent = fake.calls[-1]
    assert sent.kind == "spreadsheets.batchUpdate"
    cells = next(r["updateCells"] for r in sent.body["requests"] if "updateCells" in r)
    # hostkit's columns of the whole tab: what the rows do not cover is cleared
    assert cells["range"] == {"sheetId": 0, "startColumnIndex": 0, "endColumnIndex": 3}
    assert cells["fields"] == "userEnteredValue,userEnteredFormat"
    assert cells["rows"][0]["values"][0] == {
        "userEnteredValue": {"stringValue": "only"},
        "userEnteredFormat": {"textFormat": {"bold": True}},
    }
    assert fake.count() == 3  # names and sizes, the cells of the tab about to be rewritten, the write


def test_writing_without_reading_first_reads_only_the_tabs_it_rewrites(fake):
    fake.add(KEY, {"Results": [["a", "b"], ["c", "d"]], "Other": [["keep"]]})
    book(fake).write({"Results": [["x", "y"]]})
    assert fake.rows(KEY, "Results") == [["x", "y"]] and fake.rows(KEY, "Other") == [["keep"]]
    assert [c.kind for c in fake.calls] == ["spreadsheets.get", "spreadsheets.get", "spreadsheets.batchUpdate"]
    assert fake.calls[1].query["ranges"] == ["'Results'"]  # for the host's cells in it; Other is never read


def test_a_big_tab_is_read_only_when_a_command_looks_it_up(fake):
    big = [["Player", "Answer"]] + [[f"P{n}", n] for n in range(30_000)]
    fake.add(KEY, {"Config": [["Key", "Value"]], "Host data": big, "Submissions": big})
    sheet = book(fake)
    tabs = sheet.read()
    assert tabs["Config"] == [["Key", "Value"]]  # with every small tab: none here
    assert fake.calls[-1].query["ranges"] == ["'Config'"]
    assert len(tabs["Submissions"]) == 30_001
    assert fake.calls[-1].query["ranges"] == ["'Submissions'"]
    assert fake.count() == 3  # Host data, as big and never looked up, was never read
    sheet.write({"Submissions": big[:2]})
    assert fake.count() == 4 and fake.rows(KEY, "Host data") == big


def test_a_tab_renamed_between_the_two_reads_is_one_sentence(fake):
    fake.add(KEY, {"Config": [["Key", "Value"]]})
    sheet = book(fake)
    tabs = sheet.read()
    fake.books[KEY].tabs[0].title = "Settings"
    with pytest.raises(StorageError, match="was renamed or deleted while hostkit read it; run the command again"):
        tabs["Config"]


def test_a_tab_too_small_is_grown_and_new_tabs_added_in_the_one_request_that_writes(fake):
    fake.add(KEY, {"Small": []})
    fake.books[KEY].tabs[0].row_count = 2
    rows = [[n] for n in range(5)]
    book(fake).write({"Small": rows, "Fresh": rows})
    assert [c.kind for c in fake.calls] == ["spreadsheets.get", "spreadsheets.get", "spreadsheets.batchUpdate"]
    kinds = [next(iter(r)) for r in fake.calls[2].body["requests"]]
    assert kinds == [
        "updateSheetProperties",
        "updateCells",
        "updateDimensionProperties",
        "addSheet",
        "updateCells",
        "updateDimensionProperties",
    ]
    assert fake.rows(KEY, "Small") == fake.rows(KEY, "Fresh") == [[0], [1], [2], [3], [4]]
    assert fake.books[KEY].tab("Small").row_count == 5 + 20  # what it holds and a margin


def test_a_rewritten_tab_shrinks_back_to_what_it_holds(fake):
    fake.add(KEY, {"Results": [[n] for n in range(5000)]})
    assert fake.books[KEY].tab("Results").row_count == 5000
    book(fake).write({"Results": [["Answer"], ["late"]]})
    assert fake.books[KEY].tab("Results").row_count == 2 + 20
    assert fake.rows(KEY, "Results")[:2] == [["Answer"], ["late"]]


def test_a_read_asks_for_a_compact_answer(fake):
    fake.add(KEY, {"Notes": [["mine"]]})
    book(fake).read()
    assert fake.calls[0].kind == "spreadsheets.get"
    assert fake.calls[0].query.get("prettyPrint") == ["false"]


def test_values_as_the_api_takes_them():
    assert to_json(None) == "" and to_json(float("nan")) == ""
    assert to_json(True) is True and to_json('=HYPERLINK("x")') == '=HYPERLINK("x")'
    assert to_json(dt.datetime(2020, 1, 1, 12)) == 43831.5
    assert to_json(dt.date(2020, 1, 1)) == 43831
    with pytest.raises(ValueError):
        to_json(dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc))


def test_server_errors_are_retried_then_given_up_with_the_reason(fake):
    fake.add(KEY)
    slept = []
    fake.storm(3, status=503)
    sheet = book(fake, backoff=Backoff(attempts=3, sleep=slept.append, random=lambda: 0.5))
    with pytest.raises(
        StorageError,
        match=r"after 3 tries .*\(last: 503 Service Unavailable\); Google Sheets is "
        r"having trouble",
    ):
        sheet.read()
    assert slept == [1.0, 2.0]


def test_an_unauthorised_key_says_to_make_a_new_one(fake):
    fake.add(KEY)
    fake.storm(1, status=401)
    with pytest.raises(StorageError, match="Google did not accept the credentials"):
        book(fake).read()


def test_gspreads_never_ending_backoff_client_is_not_used(fake):
    from gspread.http_client import BackOffHTTPClient

    assert not isinstance(book(fake).client, BackOffHTTPClient)


def test_tabs_added_by_a_try_whose_answer_was_lost_are_not_added_twice(fake):
    import requests

    fake.add(KEY)
    sheet = book(fake, backoff=Backoff(sleep=lambda s: None))
    sheet.read()
    fake.storm(1, error=requests.ReadTimeout, lost=True)
    sheet.write({"Leaderboard": [["Round", "Player"]]})
    assert fake.rows(KEY, "Leaderboard") == [["Round", "Player"]]
    assert [t.title for t in fake.books[KEY].tabs] == ["Sheet1", "Leaderboard"]
    assert [c.kind for c in fake.calls[1:]] == [
        "spreadsheets.batchUpdate",
        "spreadsheets.batchUpdate",
        "spreadsheets.get",  # the tabs as they are now
        "spreadsheets.get",  # the Leaderboard the lost try wrote
        "spreadsheets.batchUpdate",
    ]


def test_config_timezone_gives_way_to_the_spreadsheets_and_the_host_is_told(fake, credentials):
    fake.add(
        KEY,
        {"Config": [["Key", "Value"], ["game", "hap-and-grab"], ["timezone", "Asia/Tokyo"]]},
        time_zone="Europe/Paris",
    )
    for extra in ([], ["--json"]):  # said on stderr even with --json, which silences the progress lines
        result = CliRunner().invoke(
            main, ["score", "--round", "1", "--sheet", KEY, "--credentials", str(credentials), *extra]
        )
        assert (
            "hostkit: Config timezone Asia/Tokyo is not used: times are read in Europe/Paris, the "
            "spreadsheet's own time zone (set Config timezone to Europe/Paris"
        ) in result.stderr


def test_ledger_spend_on_a_season_google_sheet(fake, credentials):
    def run(*args):
        return CliRunner().invoke(main, [str(a) for a in args])

    fake.add(
        KEY,
        {
            "Ledger": [
                ["Match", "Round", "Player", "Garnets", "Tokens of Life", "Elimination candidate", "Reason"],
                ["DM 1", None, "Craw", 6, 0, None, "won the Death Match"],
            ]
        },
    )
    sheet = ["--ledger-sheet", KEY, "--credentials", credentials]
    spent = run("ledger", "spend", *sheet, "--player", "Craw", "--garnets", 2, "--reason", "a peek")
    assert spent.exit_code == 0, spent.output
    assert fake.rows(KEY, "Ledger")[-1] == ["", "", "Craw", -2, 0, "", "a peek"]
    before = len(fake.calls)
    refused = run("ledger", "spend", *sheet, "--player", "Craw", "--garnets", 5, "--reason", "a move")
    assert refused.exit_code == 1 and "Craw has 4 garnets and cannot spend 5" in refused.stderr
    assert [c.kind for c in fake.calls[before:]] == ["spreadsheets.get", "spreadsheets.get"]  # nothing written


def authorized_user(tmp_path):
    path = tmp_path / "user.json"
    path.write_text(
        json.dumps(
            {
                "type": "authorized_user",
                "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com",
                "client_secret": "d-FL95Q19q7MQmFpd7hHD0Ty",
                "refresh_token": "1//0example-refresh-token",
            }
        )
    )
    return path


def test_an_authorized_user_file_signs_in_as_yourself(tmp_path, fake):
    from click.testing import CliRunner

    from hostkit.cli import main
    from tests.storage.conftest import KEY

    fake.add(KEY, {"Notes": [["mine"]]})
    user = authorized_user(tmp_path)
    args = ["new", "hap-and-grab", "--sheet", KEY, "--credentials", str(user), "--players", "Reds,Craw"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    credentials = fake.credentials_seen[-1]
    assert credentials.refresh_token == "1//0example-refresh-token"
    assert list(credentials.scopes) == ["https://www.googleapis.com/auth/spreadsheets"]


def test_a_sheet_not_shared_with_you_says_so_in_your_words(tmp_path, fake):
    from click.testing import CliRunner

    from hostkit.cli import main
    from tests.storage.conftest import KEY

    fake.add(KEY, {"Notes": [["mine"]]})
    fake.forbid(KEY)
    result = CliRunner().invoke(main, ["status", "--sheet", KEY, "--credentials", str(authorized_user(tmp_path))])
    assert result.exit_code == 2
    assert "Your Google account may not use" in result.stderr and "service account" not in result.stderr


def test_a_hosts_columns_and_formulas_in_a_rewritten_tab_survive(fake):
    fake.add(KEY, {"Ledger": [["Player", "Garnets", "", "Doubled"], ["Ann", 5, "", 10], ["Bo", 2]]})
    tab = fake.books[KEY].tab("Ledger")
    tab.formulas[(1, 1)] = "=2+3"  # the host's formula in hostkit's Garnets column, showing 5
    tab.formulas[(1, 3)] = "=B2*2"  # and in a column of the host's own
    tab.cells[(30, 3)] = "a note far below"
    sheet = book(fake)
    rows = sheet.read()["Ledger"]
    sheet.write({"Ledger": [r[:2] for r in rows[:3]] + [["Cy", 1]]})
    tab = fake.books[KEY].tab("Ledger")  # the fake stages each batch on copies
    assert tab.formulas == {(1, 1): "=2+3", (1, 3): "=B2*2"}
    assert fake.rows(KEY, "Ledger")[:4] == [
        ["Player", "Garnets", "", "Doubled"],
        ["Ann", 5, "", 10],
        ["Bo", 2],
        ["Cy", 1],
    ]
    assert tab.cells[(30, 3)] == "a note far below" and tab.row_count >= 31
    sheet.read()
    sheet.write({"Ledger": [["Player", "Garnets"], ["Ann", 7]]})  # a value hostkit changes is its own again
    tab = fake.books[KEY].tab("Ledger")
    assert (1, 1) not in tab.formulas and tab.formulas == {(1, 3): "=B2*2"}


def test_a_cell_shown_as_a_date_reads_as_a_date_in_any_column(fake):
    fake.add(
        KEY,
        {
            "Notes": [
                ["When", "Note"],
                [46347.5, "a date-time"],
                [46347.0, "a date"],
                [0.75, "a time"],
                [3, "x"],
                [46347.0, "a date-time at midnight"],
            ]
        },
    )
    tab = fake.books[KEY].tab("Notes")
    tab.formats[(1, 0)] = {"numberFormat": {"type": "DATE_TIME", "pattern": "yyyy-mm-dd hh:mm"}}
    tab.formats[(2, 0)] = {"numberFormat": {"type": "DATE", "pattern": "yyyy-mm-dd"}}
    tab.formats[(3, 0)] = {"numberFormat": {"type": "TIME", "pattern": "hh:mm"}}
    tab.formats[(5, 0)] = {"numberFormat": {"type": "DATE_TIME", "pattern": "yyyy-mm-dd hh:mm"}}
    rows = book(fake).read()["Notes"]
    read = [r[0] for r in rows[1:]]
    assert read == [
        dt.datetime(2026, 11, 21, 12, 0),
        dt.date(2026, 11, 21),
        dt.time(18, 0),
        3,
        dt.datetime(2026, 11, 21),
    ]
    assert [type(value) for value in read] == [dt.datetime, dt.date, dt.time, int, dt.datetime]
    assert "numberFormat" in fake.calls[-1].query["fields"][0]


def test_slashed_dates_typed_as_text_read_as_the_spreadsheets_locale_writes_them(fake):
    from hostkit.games import load_game
    from hostkit.library._opening import date_order_of, read_game

    tabs = load_game("hap-and-grab").new_book(["Reds", "Craw"], 1)
    tabs["Rounds"][1][1] = "03/04/2026 20:00"  # 3 April in en_GB, March 4 in en_US
    fake.add(KEY, tabs).locale = "en_GB"
    game, tables, _ = read_game(book(fake), print)
    assert game.context(tables).config["date_order"] == "DMY"
    assert date_order_of("en_US") == "MDY" and date_order_of("de_DE") == "DMY" and date_order_of(None) is None
