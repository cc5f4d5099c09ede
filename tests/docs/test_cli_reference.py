"""docs/cli.md is every command's own --help: regenerated here, it must come out the same."""

from pathlib import Path

from hostkit.cli.reference import reference

PAGE = Path(__file__).parents[2] / "docs" / "cli.md"


def test_the_cli_reference_is_what_the_commands_say_today():
    assert PAGE.read_text(encoding="utf-8") == reference(), (
        "docs/cli.md is out of date: run `python -m hostkit.cli.reference > docs/cli.md`"
    )


def test_the_reference_names_every_command():
    text = PAGE.read_text(encoding="utf-8")
    for name in ("hostkit publish", "hostkit send", "hostkit dismiss", "hostkit ledger import", "hostkit play"):
        assert f"## `{name}`" in text
