"""docs/games/custom.md's worked examples score as the page says, on xlsx and on the fake Google Sheet."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from tests.games.custom.examples import AFTER, EXAMPLES, example_book, example_tabs
from tests.storage.conftest import KEY, credentials, fake, private_key_pem, waits  # noqa: F401 (fixtures)

PAGE = (Path(__file__).parents[3] / "docs" / "games" / "custom.md").read_text(encoding="utf-8")


def score(*where: str, json_: bool = False):
    with freeze_time(AFTER):
        result = CliRunner().invoke(main, ["score", "--round", "1", *where, *(["--json"] if json_ else [])])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout) if json_ else result.output


def page_rows(name: str) -> list[list[str]]:
    """The answers table under the example's score output on the page."""
    text = PAGE.split(f"$ hostkit score --book {name}.xlsx --round 1", 1)[1].split("\n\n", 2)[1]
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines()[2:]]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_scores_as_the_page_says(tmp_path, name):
    path = example_book(tmp_path / f"{name}.xlsx", EXAMPLES[name])
    printed = score("--book", str(path)).split("\n\n")[0].strip()
    assert f"$ hostkit score --book {name}.xlsx --round 1\n{printed}\n```" in PAGE
    answers = score("--book", str(path), json_=True)["answers"]
    shown = [[a["player"], a["answer"].strip(), a["verdict"], str(a["points"]), a["reason"]] for a in answers]
    assert shown == page_rows(name)


def test_the_trivia_round_in_numbers(tmp_path):
    data = score("--book", str(example_book(tmp_path / "t.xlsx", EXAMPLES["trivia"])), json_=True)
    assert {p: v["points"] for p, v in data["players"].items()} == {"Ann": 1, "Bo": 4, "Cy": -2}
    verdicts = [a["verdict"] for a in data["answers"]]
    assert verdicts.count("struck") == 1 and verdicts.count("late") == 1 and "turn_order" not in data


def test_the_creative_round_awards_its_threshold(tmp_path):
    data = score("--book", str(example_book(tmp_path / "c.xlsx", EXAMPLES["creative"])), json_=True)
    assert data["threshold"]["winners"] == ["Ann"] and data["players"]["Ann"]["points"] == 4
    assert [a["verdict"] for a in data["answers"]][-1] == "waiting"


def test_the_race_earns_its_turn_order(tmp_path):
    data = score("--book", str(example_book(tmp_path / "r.xlsx", EXAMPLES["race"])), json_=True)
    assert data["turn_order"] == ["Reds", "Craw"] and data["players"]["Reds"]["turns"] == 1


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_scores_the_same_on_a_google_sheet(tmp_path, fake, credentials, name):  # noqa: F811
    path = example_book(tmp_path / f"{name}.xlsx", EXAMPLES[name])
    on_xlsx = score("--book", str(path), json_=True)
    fake.add(KEY, example_tabs(tmp_path / f"{name}-2.xlsx", EXAMPLES[name]))
    on_sheet = score("--sheet", KEY, "--credentials", str(credentials), json_=True)
    assert on_sheet == on_xlsx
    results = fake.rows(KEY, "Round 1 Results")
    assert [row[3] for row in results[1 : len(on_xlsx["answers"]) + 1]] == [a["verdict"] for a in on_xlsx["answers"]]


def test_the_page_lists_every_setting_with_its_default_and_meaning():
    from hostkit.games.custom.settings import SETTINGS

    for setting in SETTINGS:
        default = "(blank)" if setting.default in ("", None) else setting.default
        assert f"| `{setting.key}` | {default} | {setting.meaning} |" in PAGE, setting.key
