"""`status --json` has one shape in every game."""

import datetime as dt
import json

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import GAMES, load_game

SCHEMA = {"game", "match_id", "round", "phase", "waiting_for", "next", "problems", "details"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_status_json_has_the_one_schema(tmp_path, name):
    game = load_game(name)
    path = tmp_path / "match.xlsx"
    players = ",".join(f"Player{i}" for i in range(game.min_players))
    assert CliRunner().invoke(main, ["new", name, "--book", str(path), "--players", players]).exit_code == 0
    result = CliRunner().invoke(main, ["status", "--book", str(path), "--json"])
    data = json.loads(result.stdout)
    assert set(data) == SCHEMA
    assert data["game"] == name and data["match_id"].startswith(name)
    assert isinstance(data["waiting_for"], list) and isinstance(data["problems"], int)
    assert isinstance(data["details"], dict) and (data["next"] is None or data["next"].strip())
    assert data["phase"] is not None


def test_a_lost_hap_and_grab_round_is_not_shown_as_lost_false(tmp_path):
    """Hap and Grab printed `lost: false` beside "Status: lost"; the shape now says the phase in one place."""
    path = tmp_path / "demo.xlsx"
    CliRunner().invoke(main, ["demo", "--book", str(path)])
    data = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert data["phase"] == "over" and "lost" not in data


LAST_ROUND = {
    "hap-and-grab": 4,
    "open-pass": 4,
    "hap-tac-toe": 2,
    "when-stars-align": 2,
    "paths-and-pahs": 5,
    "cards-on-the-table": 3,
    "custom": 2,
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_at_a_matchs_end_every_game_says_over_with_its_last_round(tmp_path, name):
    """The demo plays a whole match and pays its standings: status says over, names the last round played, has
    nothing left to run, and counts the problems `score` reports for that round."""
    path = tmp_path / "demo.xlsx"
    assert CliRunner().invoke(main, ["demo", "--game", name, "--book", str(path)]).exit_code == 0
    data = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert (data["phase"], data["round"], data["next"]) == ("over", LAST_ROUND[name], None)
    scored = CliRunner().invoke(main, ["score", "--book", str(path), "--round", str(data["round"]), "--json"])
    assert data["problems"] == len(json.loads(scored.stdout)["problems"]) == len(data["details"]["problems"])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_status_is_the_librarys_typed_status(tmp_path, name):
    import hostkit
    from hostkit.core.status import Phase

    game = load_game(name)
    path = tmp_path / "match.xlsx"
    players = ",".join(f"Player{i}" for i in range(game.min_players))
    assert CliRunner().invoke(main, ["new", name, "--book", str(path), "--players", players]).exit_code == 0
    with hostkit.open_match(path) as match:
        report = match.status()
    assert report.status is not None and report.status.phase is Phase.SETUP and report.status.next
    printed = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert printed == report.status.to_dict()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_paid_match_with_a_players_workbook_is_done_once_published(tmp_path, name):
    """Paid is not the end while the players' workbook lacks the final public tabs: `next` is publish, naming
    both workbooks, until it has run; then null."""
    path, public = tmp_path / "demo.xlsx", tmp_path / "players.xlsx"
    assert CliRunner().invoke(main, ["demo", "--game", name, "--book", str(path)]).exit_code == 0
    where = ["--book", str(path), "--public-book", str(public)]
    data = json.loads(CliRunner().invoke(main, ["status", *where, "--json"]).stdout)
    assert data["phase"] == "over" and data["next"] == f"hostkit publish --book {path} --public-book {public}"
    shown = CliRunner().invoke(main, ["status", *where]).stdout
    assert f"Next: hostkit publish --book {path} --public-book {public}" in shown
    assert CliRunner().invoke(main, ["publish", *where]).exit_code == 0
    data = json.loads(CliRunner().invoke(main, ["status", *where, "--json"]).stdout)
    assert (data["phase"], data["next"]) == ("over", None)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_answers_status_with_a_game_status(name):
    """The library reads one typed answer from every game: no shape to guess between."""
    from hostkit.core.status import GameStatus
    from hostkit.core.tables import Tables

    game = load_game(name)
    tables = Tables(game.new_book([f"Player{i}" for i in range(game.min_players)], 5))
    said = game.status(tables, dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc))
    assert isinstance(said, GameStatus)
    assert all(isinstance(n, str) for n in said.waiting_for) and all(isinstance(line, str) for line in said.lines)


@pytest.mark.parametrize("name", ["hap-tac-toe", "when-stars-align"])
def test_a_match_waiting_on_its_host_waits_for_no_player(tmp_path, name):
    """Hap-Tac-Toe's blank first_player is the host's to type: waiting_for names players only, and the sentence
    saying what to type is the next step."""
    path = tmp_path / "match.xlsx"
    assert CliRunner().invoke(main, ["new", name, "--book", str(path), "--players", "Ann,Bob"]).exit_code == 0
    data = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert data["waiting_for"] == [] and data["next"].startswith("Config first_player is blank")
    assert data["details"]["waiting_for"] == "host"
    shown = CliRunner().invoke(main, ["status", "--book", str(path)]).stdout
    assert shown == f"Next: {data['next']}\n"


def test_cards_on_the_table_waits_for_who_has_turned_fewer_than_two_cards(tmp_path):
    from freezegun import freeze_time

    from tests.games.cards_on_the_table.support import PLAYERS, append, new_match, opens

    path = new_match(tmp_path)
    hour = dt.timedelta(hours=1)
    sent = [(hour, "Ann", ">R1C1"), (hour, "Ann", "scout"), (hour * 1.5, "Ann", ">R2C2"), (hour, "Bo", ">R3C3")]
    append(path, "Submissions", [[(opens(1) + t).strftime("%Y-%m-%d %H:%M:%S"), p, None, s] for t, p, s in sent])
    with freeze_time(opens(1) + 2 * hour):
        data = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert (data["round"], data["phase"]) == (1, "open")
    assert data["waiting_for"] == PLAYERS[1:] == data["details"]["fewer_than_two_cards"]
    with freeze_time(opens(2) - dt.timedelta(minutes=30)):  # round 1 closed, not scored: nobody is waited for
        data = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert (data["round"], data["phase"], data["waiting_for"]) == (1, "closed", [])
