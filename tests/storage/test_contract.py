"""The storage contract: one scenario suite, run on an xlsx file and on a Google Sheet (the fake API).

Both backends must give the same results; the Sheets runs also check the requests each command costs.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.settings import with_setting
from hostkit.core.times import to_serial
from hostkit.games import load_game
from hostkit.storage.sheets import SheetsBook
from hostkit.storage.xlsx import XlsxBook
from tests.storage.conftest import ACCOUNT, KEY, PUBLIC_KEY

ROOT = Path(__file__).resolve().parents[2]


def serial(*parts: int) -> float:
    """A local wall-clock time as the spreadsheet serial number a Google Form would store."""
    return to_serial(dt.datetime(*parts))


def plain(rows):
    """Rows as values only: blanks as None, trailing blanks dropped, 3.0 as 3, date-times as serial numbers
    (what both backends mean)."""
    out = []
    for row in rows:
        cells = [to_serial(v) if isinstance(v, dt.datetime) else v for v in row]
        cells = [None if v == "" else (int(v) if isinstance(v, float) and v.is_integer() else v) for v in cells]
        while cells and cells[-1] is None:
            cells.pop()
        out.append(cells)
    while out and not out[-1]:
        out.pop()
    return out


class Xlsx:
    name = "xlsx"

    def __init__(self, tmp_path: Path):
        self.path = tmp_path / "match.xlsx"
        self.public_path = tmp_path / "public.xlsx"

    def open(self, timezone: str) -> None:
        self.timezone = timezone

    def args(self) -> list[str]:
        return ["--book", str(self.path)]

    def public_args(self) -> list[str]:
        return ["--public-book", str(self.public_path)]

    def tabs(self) -> dict:
        return XlsxBook(self.path).read()

    def public_tabs(self) -> dict:
        return XlsxBook(self.public_path).read()

    def edit(self, tabs: dict) -> None:
        """What the host types in; an xlsx file has no time zone of its own, so Config carries it."""
        if "Config" in tabs or self.timezone != "UTC":
            config = tabs.get("Config", self.tabs()["Config"])
            tabs = {**tabs, "Config": with_setting(config, "timezone", self.timezone)}
        XlsxBook(self.path).write(tabs)

    def requests(self) -> int | None:
        return None


class Sheets:
    name = "sheets"

    def __init__(self, fake, credentials: Path):
        self.fake = fake
        self.credentials = credentials

    def open(self, timezone: str) -> None:
        """The host's existing spreadsheet, shared with the service account, with a tab of their own."""
        self.fake.add(KEY, {"Host notes": [["Remember to ping Craw"]]}, time_zone=timezone)
        self.fake.add(PUBLIC_KEY, {"Sheet1": []}, time_zone=timezone)

    def args(self) -> list[str]:
        return [
            "--sheet",
            f"https://docs.google.com/spreadsheets/d/{KEY}/edit#gid=0",
            "--credentials",
            str(self.credentials),
        ]

    def public_args(self) -> list[str]:
        return ["--public-sheet", PUBLIC_KEY]

    def _book(self, key: str) -> dict:
        return {t.title: self.fake.rows(key, t.title) for t in self.fake.books[key].tabs}

    def tabs(self) -> dict:
        return self._book(KEY)

    def public_tabs(self) -> dict:
        return {t: rows for t, rows in self._book(PUBLIC_KEY).items() if t != "Sheet1"}

    def edit(self, tabs: dict) -> None:
        before = len(self.fake.calls)
        SheetsBook(KEY, self.fake.session()).write(tabs)
        del self.fake.calls[before:]

    def requests(self) -> int:
        return len([c for c in self.fake.calls if c.key == KEY])


@pytest.fixture(params=["xlsx", "sheets"])
def backend(request, tmp_path, fake, credentials):
    return Xlsx(tmp_path) if request.param == "xlsx" else Sheets(fake, credentials)


def run(backend, *args: str, extra: tuple[str, ...] = ()) -> tuple:
    before = backend.requests()
    result = CliRunner().invoke(main, [*args, *backend.args(), *extra])
    spent = None if before is None else backend.requests() - before
    return result, spent


def start_match(backend, timezone: str = "Etc/GMT", opens: dict[int, float] | None = None) -> dict:
    """New match, round opening times typed in, round 1's board generated; returns the board's JSON."""
    backend.open(timezone)
    result, spent = run(backend, "new", "hap-and-grab", "--players", "Reds,Craw", "--seed", "42")
    assert result.exit_code == 0, result.output
    if spent is not None:
        assert spent == 2  # the tabs' names, one batchUpdate that adds the tabs and writes them
    opens = opens or {1: serial(2026, 11, 20, 20, 0), 2: serial(2026, 11, 21, 20, 0)}
    backend.edit({"Rounds": [["Round", "Opens"]] + [[n, opens.get(n)] for n in range(1, 5)]})
    result, spent = run(backend, "board", "--round", "1", "--json")
    assert result.exit_code == 0, result.output
    if spent is not None:
        assert spent == 3  # the tabs' names, the cells by ranges, batchUpdate (adding Draws too)
    return json.loads(result.stdout)


def submissions(*rows) -> dict:
    return {"Submissions": [["Timestamp", "Player", "Round", "Answer"], *[list(r) for r in rows]]}


def results_of(backend) -> dict:
    tabs = backend.tabs()
    return {name: plain(tabs[name]) for name in ("Round 1 Results", "Leaderboard", "Board", "Draws")}


def scenario(backend) -> tuple[dict, dict]:
    board = start_match(backend)
    hap = board["anti_haps"]
    backend.edit(
        submissions(
            (serial(2026, 11, 20, 20, 1, 5), "Reds", None, hap[0]),
            (serial(2026, 11, 20, 20, 1, 30), "@craw", None, f"{hap[1]} {hap[0]}"),
            (serial(2026, 11, 20, 20, 2), "Reds", None, "zzz"),
            (serial(2026, 11, 20, 20, 3), "Nobody", None, hap[2]),
        )
    )
    result, spent = run(backend, "score", "--round", "1", "--json")
    assert result.exit_code == 1, result.output  # the stranger's row is reported
    if spent is not None:
        assert spent == 3  # names, cells, batchUpdate (adding the results tab and Leaderboard, styled)
    again, spent = run(backend, "score", "--round", "1", "--json")
    assert again.stdout == result.stdout
    if spent is not None:
        assert spent == 3  # once the tabs exist: names, cells, batchUpdate
    return json.loads(result.stdout), results_of(backend)


def test_the_same_match_scores_the_same_on_both_backends(tmp_path, fake, credentials):
    xlsx = scenario(Xlsx(tmp_path))
    sheets = scenario(Sheets(fake, credentials))
    assert sheets == xlsx
    data, tabs = sheets
    assert [a["verdict"] for a in data["answers"]][:2] == ["correct", "correct"]
    assert data["problems"][0]["tab"] == "Submissions" and "'Nobody' is not a player" in data["problems"][0]["message"]
    assert tabs["Leaderboard"][0] == ["Round", "Player", "Correct", "Penalties", "Turns", "Status"]


def test_the_hosts_other_tabs_are_left_alone(backend):
    scenario(backend)
    if backend.name == "sheets":
        assert backend.tabs()["Host notes"] == [["Remember to ping Craw"]]
        assert all(
            c.body.get("valueInputOption") == "RAW" for c in backend.fake.calls if c.kind == "values.batchUpdate"
        )


def test_formula_text_is_kept_as_text(backend):
    start_match(backend)
    backend.edit(submissions((serial(2026, 11, 20, 20, 1), "Reds", 1, '=HYPERLINK("x")')))
    assert backend.tabs()["Submissions"][1][3] == '=HYPERLINK("x")'
    result, _ = run(backend, "score", "--round", "1", "--json")
    answer = json.loads(result.stdout)["answers"][0]
    assert answer["verdict"] == "not-an-answer"
    results = plain(backend.tabs()["Round 1 Results"])
    assert results[1][1] == "Reds"


def test_form_responses_tab_read_through_the_mapping(backend):
    board = start_match(backend)
    hap = board["anti_haps"]
    config = backend.tabs()["Config"]
    config = with_setting(config, "form_tab", "Form Responses 1")
    config = with_setting(config, "form_columns", "Your Discord name -> Player; Your answer -> Answer")
    backend.edit(
        {
            "Config": config,
            "Form Responses 1": [
                ["Timestamp", "Your Discord name", "Your answer"],
                [serial(2026, 11, 20, 20, 1), "Reds", hap[0]],
                [serial(2026, 11, 20, 20, 2), "Craw", hap[1]],
                [serial(2026, 11, 20, 20, 3), "Stranger", hap[2]],
                [serial(2026, 11, 20, 20, 4), "Reds", ""],
            ],
        }
    )
    result, _ = run(backend, "score", "--round", "1", "--json")
    data = json.loads(result.stdout)
    assert [(a["player"], a["row"], a["verdict"]) for a in data["answers"]] == [
        ("Reds", 2, "correct"),
        ("Craw", 3, "correct"),
    ]
    assert [(p["tab"], p["row"]) for p in data["problems"]] == [("Form Responses 1", 4), ("Form Responses 1", 5)]
    assert "'Stranger' is not a player" in data["problems"][0]["message"]
    assert "Reds's answer is blank" in data["problems"][1]["message"]
    assert "Submissions" in backend.tabs()  # left as it was: empty but for its header


def test_a_round_across_the_spring_forward_is_timed_in_real_minutes(backend):
    """New York springs forward at 02:00 on 2026-03-08: 01:55 EST to 03:01 EDT is 6 minutes, not 66."""
    board = start_match(backend, "America/New_York", opens={1: serial(2026, 3, 8, 1, 55)})
    hap = board["anti_haps"]
    backend.edit(
        submissions(
            (serial(2026, 3, 8, 3, 1), "Craw", None, hap[0]),
            (serial(2026, 3, 8, 3, 4), "Reds", None, hap[1]),
        )
    )
    result, _ = run(backend, "score", "--round", "1", "--json")
    data = json.loads(result.stdout)
    assert [(a["player"], a["verdict"]) for a in data["answers"]] == [("Craw", "correct"), ("Reds", "late")]
    results = plain(backend.tabs()["Round 1 Results"])
    assert results[1][0] == serial(2026, 3, 8, 3, 1)  # a date-time in the match's zone


def test_no_private_value_reaches_the_public_workbook(backend):
    start_match(backend, opens={1: serial(2026, 11, 20, 20, 0), 2: serial(2099, 11, 21, 20, 0)})
    result, _ = run(backend, "board", "--round", "2")  # round 2's board stays hidden until it opens
    assert result.exit_code == 0, result.output
    assert "stays private until round 2 opens" in result.output and "Round 2 Board" not in backend.tabs()
    backend.edit(submissions((serial(2026, 11, 20, 20, 1), "Reds", None, "ABC")))
    result, _ = run(backend, "score", "--round", "1", extra=tuple(backend.public_args()))
    assert result.exit_code == 0, result.output
    public = backend.public_tabs()
    game = load_game("hap-and-grab")
    served = public.pop("hostkit")
    config = {row[0]: row[1] for row in backend.tabs()["Config"]}
    assert plain(served) == [
        ["Serves", "Match id", "Match", "Game"],
        ["public", config["match_id"], "Hap and Grab: Reds v Craw", "hap-and-grab"],
    ]
    assert sorted(public) == ["Leaderboard", "Round 1 Board", "Round 1 Results"]
    assert all(game.is_public(tab) for tab in public)
    assert plain(public["Round 1 Results"]) == plain(backend.tabs()["Round 1 Results"])
    private = backend.tabs()
    secrets = {str(v) for r in private["Draws"][1:] for v in r[2:] if v}
    secrets |= {"|".join(map(str, r[1:5])) for r in private["Board"][1:] if r and r[0] == 2}
    published = {str(v) for rows in public.values() for r in rows for v in r if v is not None}
    published |= {"|".join(map(str, r[1:5])) for rows in public.values() for r in rows}
    published |= {
        "|".join(str(r[c]) for r in [rows[0], *rows[2:5]] if c < len(r))
        for rows in public.values()
        if len(rows) >= 5
        for c in range(1, 12)
    }  # a board tab's cards run down its columns
    assert secrets and not secrets & published


def test_hostkit_help_and_the_xlsx_path_do_not_import_gspread(tmp_path):
    # The bare `google` namespace is left out: older google-auth releases import it at start-up (an nspkg.pth).
    probe = (
        "import sys\n"
        "from hostkit.cli import main\n"
        "for args in (['--help'], ['demo', '--book', sys.argv[1]], ['score', '--book', sys.argv[1], '--round', '1']):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('gspread', 'requests') or m.startswith('google.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "demo.xlsx")], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "demo.xlsx").exists()


# ---- Google Sheets only: quota, failures, and working offline


@pytest.fixture
def live(fake, credentials):
    return Sheets(fake, credentials)


@pytest.fixture
def terminal(monkeypatch):
    """stderr as a terminal, and progress shown from the start instead of after 2 seconds."""
    from hostkit.cli import progress

    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0)


def test_a_429_storm_is_waited_out(live, fake, waits, terminal):
    start_match(live)
    fake.storm(3, status=429, retry_after="2")
    result, spent = run(live, "score", "--round", "1")
    assert result.exit_code == 0, result.output
    assert spent == 3 + 3
    assert waits == [2.5, 2.5, 2.5]  # Retry-After honoured, plus jitter
    assert (
        "Google Sheets answered 429 Too Many Requests; waiting 2.5 s for the account's minute of Google's quota "
        "to refill, then trying again (try 2, for up to 300 s in all)"
    ) in result.stderr


def test_a_429_storm_that_does_not_end_gives_up_with_a_clear_message(live, fake, waits):
    start_match(live)
    fake.storm(50, status=429)
    result, spent = run(live, "score", "--round", "1")
    assert result.exit_code == 2
    assert spent == 10  # Google's backoff, until 300 s after the first try
    assert waits == [1.5, 2.5, 4.5, 8.5, 16.5, 32.5, 64, 64, 64]
    assert "did not answer usably after 10 tries in 258 s" in result.output
    assert "wait a minute and run the command again" in result.output
    assert "Traceback" not in result.output


def test_dropped_connections_are_retried(live, fake, waits):
    import requests

    start_match(live)
    fake.storm(2, error=requests.ConnectionError)
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 0, result.output
    assert len(waits) == 2


def test_progress_goes_to_a_terminals_stderr_and_is_silent_under_json(live, monkeypatch):
    start_match(live)
    result, _ = run(live, "score", "--round", "1")
    assert "hostkit:" not in result.stderr  # not a terminal
    from hostkit.cli import progress

    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0)
    result, _ = run(live, "score", "--round", "1")
    assert "hostkit: Reading" in result.stderr and "hostkit: Writing" in result.stderr
    assert "hostkit: Judging by the rules of Hap and Grab" in result.stderr
    assert "hostkit:" not in result.stdout
    quiet, _ = run(live, "score", "--round", "1", "--json")
    assert quiet.stderr == ""


def test_a_spreadsheet_not_shared_names_the_account_to_share_it_with(live, fake):
    live.open("Etc/GMT")
    fake.forbid(KEY)
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 2
    assert f"share the spreadsheet with {ACCOUNT} as Editor" in result.output


def test_a_wrong_key_says_where_to_copy_it_from(live, fake, credentials):
    live.open("Etc/GMT")
    result = CliRunner().invoke(
        main, ["score", "--round", "1", "--sheet", "1" + "x" * 40, "--credentials", str(credentials)]
    )
    assert result.exit_code == 2
    assert "There is no spreadsheet with the key" in result.output
    assert "https://docs.google.com/spreadsheets/d/KEY/edit" in result.output


def test_a_missing_tab_is_named(live):
    live.open("Etc/GMT")
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 2
    assert "The workbook has no tab 'Config'" in result.output


def test_new_refuses_to_overwrite_a_match_already_in_the_spreadsheet(live):
    start_match(live)
    result, _ = run(live, "new", "hap-and-grab", "--players", "Reds,Craw")
    assert result.exit_code == 2
    assert "already has the tabs Config, Players, Rounds, Board" in result.output
    result, _ = run(live, "new", "hap-and-grab", "--players", "Reds,Craw", "--seed", "7", "--force")
    assert result.exit_code == 0, result.output
    tabs = live.tabs()
    assert tabs["Board"] == [["Round", "Label", "Background", "Shape", "Colour"]]  # old cards cleared
    assert tabs["Host notes"] == [["Remember to ping Craw"]]


def test_pull_score_offline_then_push(live, fake, credentials, tmp_path):
    hap = start_match(live)["anti_haps"]
    live.edit(submissions((serial(2026, 11, 20, 20, 1), "Reds", None, hap[0])))
    copy = tmp_path / "copy.xlsx"
    creds = ["--credentials", str(credentials)]
    before = len(fake.calls)
    pulled = CliRunner().invoke(main, ["pull", "--sheet", KEY, "--book", str(copy), *creds])
    assert pulled.exit_code == 0, pulled.output
    assert len(fake.calls) - before == 2  # the tabs' names, every tab's cells

    offline = CliRunner().invoke(main, ["score", "--book", str(copy), "--round", "1", "--json"])
    assert offline.exit_code == 0, offline.output
    assert len(fake.calls) - before == 2  # offline: no request at all

    late = [serial(2026, 11, 20, 20, 5), "Craw", None, hap[1]]
    live.edit({"Submissions": live.tabs()["Submissions"] + [late]})  # a player submits meanwhile

    before = len(fake.calls)
    pushed = CliRunner().invoke(main, ["push", "--book", str(copy), "--sheet", KEY, *creds])
    assert pushed.exit_code == 0, pushed.output
    assert len(fake.calls) - before == 3  # names, cells, batchUpdate (adding the tabs)
    assert "Pushed Leaderboard, Round 1 Results" in pushed.output
    tabs = live.tabs()
    assert plain(tabs["Round 1 Results"]) == plain(XlsxBook(copy).read()["Round 1 Results"])
    assert plain(tabs["Submissions"])[-1] == plain([late])[0]  # the submissions were not pushed over

    again = CliRunner().invoke(main, ["push", "--book", str(copy), "--sheet", KEY, *creds])
    assert again.exit_code == 0 and "Nothing to push" in again.output


def test_push_refuses_a_tab_changed_on_both_sides(live, credentials, tmp_path):
    start_match(live)
    copy = tmp_path / "copy.xlsx"
    creds = ["--credentials", str(credentials)]
    assert CliRunner().invoke(main, ["pull", "--sheet", KEY, "--book", str(copy), *creds]).exit_code == 0
    XlsxBook(copy).write({"Players": [["Player"], ["Reds"], ["Craw"], ["Ann"]]})
    live.edit({"Players": [["Player"], ["Reds"], ["Craw"], ["Bob"]]})
    refused = CliRunner().invoke(main, ["push", "--book", str(copy), "--sheet", KEY, *creds])
    assert refused.exit_code == 2
    assert "The tabs Players changed on the spreadsheet as well" in refused.output
    forced = CliRunner().invoke(main, ["push", "--book", str(copy), "--sheet", KEY, *creds, "--force"])
    assert forced.exit_code == 0, forced.output
    assert live.tabs()["Players"][-1] == ["Ann"]


def test_a_pulled_copy_keeps_the_spreadsheets_time_zone(live, credentials, tmp_path):
    hap = start_match(live, "America/New_York", opens={1: serial(2026, 3, 8, 1, 55)})["anti_haps"]
    live.edit(submissions((serial(2026, 3, 8, 3, 1), "Craw", None, hap[0])))
    copy = tmp_path / "copy.xlsx"
    assert (
        CliRunner()
        .invoke(main, ["pull", "--sheet", KEY, "--book", str(copy), "--credentials", str(credentials)])
        .exit_code
        == 0
    )
    offline = CliRunner().invoke(main, ["score", "--book", str(copy), "--round", "1", "--json"])
    online, _ = run(live, "score", "--round", "1", "--json")
    assert offline.stdout == online.stdout
    assert json.loads(offline.stdout)["answers"][0]["verdict"] == "correct"
    assert "timezone" not in offline.stderr  # `new` wrote the spreadsheet's own zone into Config


def test_a_pulled_copy_says_when_config_names_another_time_zone(live, credentials, tmp_path):
    start_match(live, "America/New_York")
    live.edit({"Config": with_setting(live.tabs()["Config"], "timezone", "Europe/Paris")})
    copy = tmp_path / "copy.xlsx"
    assert (
        CliRunner()
        .invoke(main, ["pull", "--sheet", KEY, "--book", str(copy), "--credentials", str(credentials)])
        .exit_code
        == 0
    )
    offline = CliRunner().invoke(main, ["score", "--book", str(copy), "--round", "1", "--json"])
    assert (
        "hostkit: Config timezone Europe/Paris is not used: times are read in America/New_York, the time zone "
        "of the spreadsheet this copy was pulled from"
    ) in offline.stderr
