"""hostkit as a library: a script that imports only hostkit scores a round of every game, on an .xlsx file and on
a Google Sheet (the fake Sheets API), gets what `score --json` prints, and never imports click."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import GAMES
from hostkit.storage.xlsx import XlsxBook
from tests.storage.conftest import KEY, credentials, fake, private_key_pem, waits  # noqa: F401 (fixtures)

ROOT = Path(__file__).parents[1]

SCRIPT = """
import json, sys
from pathlib import Path

import hostkit

folder, credentials = Path(sys.argv[1]), sys.argv[2]
found = {}
for path in sorted(folder.glob("*.xlsx")):
    with hostkit.open_match(path) as match:
        found[path.stem] = match.score(round=1).to_dict()

from hostkit.storage import sheets  # the fake Sheets API in place of Google's
from tests.storage.fake_sheets import FakeSheets

api = FakeSheets()
sheets.connect = lambda signed: api.session()
for path in sorted(folder.glob("*.xlsx")):
    api.add(KEY, hostkit_tabs(path))
    with hostkit.open_match(sheet=KEY, credentials=credentials) as match:
        found["sheet " + path.stem] = match.score(round=1).to_dict()
found["click imported"] = "click" in sys.modules
print(json.dumps(found, default=str))
"""

PRELUDE = """
KEY = "1HostkitFakeSpreadsheetKey0000000000000000"

def hostkit_tabs(path):
    from hostkit.storage.xlsx import XlsxBook

    return {name: [list(row) for row in rows] for name, rows in XlsxBook(path).read().items()}
"""


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("library")
    for game in GAMES:
        result = CliRunner().invoke(main, ["demo", "--game", game, "--book", str(folder / f"{game}.xlsx")])
        assert result.exit_code == 0, result.output
    return folder


def score_json(args: list[str]) -> dict:
    result = CliRunner().invoke(main, ["score", "--round", "1", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_a_script_scores_every_game_on_xlsx_and_sheets_as_score_json_does_without_click(
    demos,
    tmp_path,
    fake,  # noqa: F811
    credentials,  # noqa: F811
):
    copies = tmp_path / "copies"
    shutil.copytree(demos, copies)
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + SCRIPT, str(copies), str(credentials)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    found = json.loads(done.stdout)
    assert found.pop("click imported") is False
    for game in GAMES:
        path = tmp_path / f"{game}.xlsx"
        shutil.copy(demos / f"{game}.xlsx", path)
        assert found[game] == json.loads(json.dumps(score_json(["--book", str(path)]), default=str)), game
        tabs = {name: [list(row) for row in rows] for name, rows in XlsxBook(path).read().items()}
        fake.add(KEY, tabs)
        expected = score_json(["--sheet", KEY, "--credentials", str(credentials)])
        assert found[f"sheet {game}"] == json.loads(json.dumps(expected, default=str)), game


def test_a_live_decision_and_its_undo_through_the_library(tmp_path):
    import hostkit
    from tests.games.hap_and_grab.tobago_helpers import match_tabs

    path = tmp_path / "dealt.xlsx"
    XlsxBook(path).create(match_tabs())
    with hostkit.open_match(path) as match:
        match.deal(round=1)
        prompt, _ = match.prompt(round=1)
        assert prompt is not None and "pass" in prompt.choices
        report = match.step("pass", round=1)
        assert report is not None and report.verb == "play" and report.summary
        assert len(XlsxBook(path).read()["Decisions"]) == 2
        assert match.undo(round=1, confirm=lambda lines: False) is None
        taken = match.undo(round=1, confirm=lambda lines: bool(lines))
    assert taken is not None and taken.to_dict()["taken_back"] is True
    assert len(XlsxBook(path).read()["Decisions"]) == 1
