"""`hostkit publish` to a Google Sheet the players can see: the whole public set in one read and one write."""

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import load_game
from tests.storage.conftest import PUBLIC_KEY


def test_publish_to_a_public_sheet_writes_every_public_tab_in_two_requests(fake, credentials, tmp_path):
    fake.add(PUBLIC_KEY, {"Welcome": [["Hello, players"]]})
    demo = tmp_path / "demo.xlsx"
    assert CliRunner().invoke(main, ["demo", "--book", str(demo)]).exit_code == 0
    args = ["publish", "--book", str(demo), "--public-sheet", PUBLIC_KEY, "--credentials", str(credentials)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    titles = [tab.title for tab in fake.books[PUBLIC_KEY].tabs]
    game = load_game("hap-and-grab")
    public = [t for t in titles if game.is_public(t)]
    assert public[0] == "Leaderboard" and "Round 4 Results" in public and "Welcome" in titles
    assert not [t for t in titles if t not in (*public, "Welcome", "hostkit")]
    assert fake.count(key=PUBLIC_KEY) == 2
    assert fake.rows(PUBLIC_KEY, "Leaderboard")[0][0] == "Round"
