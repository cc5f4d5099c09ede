from hostkit.core.words import plural, spans


def test_plural_counts_the_noun():
    assert plural(1, "turn") == "1 turn"
    assert plural(0, "turn") == "0 turns"
    assert plural(2, "penalty", "penalties") == "2 penalties"
    assert plural(1, "penalty", "penalties") == "1 penalty"


def test_spans_join_runs_of_numbers():
    assert spans([1, 2, 3, 5, 7, 8]) == "1–3, 5, 7–8"
    assert spans([4]) == "4"
    assert spans([]) == ""


def test_a_signed_change_agrees_with_its_count():
    from hostkit.core.words import signed

    assert signed(1, "garnet") == "+1 garnet"
    assert signed(-1, "point") == "-1 point"
    assert signed(-3, "garnet") == "-3 garnets"
    assert signed(1, "Token of Life", "Tokens of Life") == "+1 Token of Life"
    assert signed(2, "Token of Life", "Tokens of Life") == "+2 Tokens of Life"


def test_the_ledger_describes_one_garnet_as_one():
    from hostkit.core.ledger import Entry, describe

    assert describe(Entry("M", 1, "Reds", garnets=1, tokens=1)) == "+1 garnet, +1 Token of Life"


def test_a_text_table_measures_wide_characters_as_a_terminal_shows_them():
    from hostkit.core.text_table import display_width, text_table

    assert display_width("Reds") == 4 and display_width("🌵") == 2 and display_width("e\u0301") == 1
    lines = text_table([["Player", "Garnets"], ["🌵 Cactus", 12], ["Bo", 3]])
    assert lines == ["Player     Garnets", "🌵 Cactus       12", "Bo               3"]
    assert len({display_width(line.split("  ")[0].rstrip()) <= 9 for line in lines}) == 1


def test_a_message_names_a_few_values_and_counts_the_rest():
    from hostkit.core.words import some

    assert some(["Ann", "Bo"]) == "Ann, Bo"
    assert some([f"P{i}" for i in range(1000)]) == "P0, P1, P2, P3, P4 and 995 more"
    assert some(range(15_000), 2) == "0, 1 and 14,998 more"


def test_a_thousand_players_to_new_give_a_short_sentence(tmp_path):
    from click.testing import CliRunner

    from hostkit.cli import main

    names = ",".join(f"Player{i}" for i in range(1000))
    result = CliRunner().invoke(main, ["new", "open-pass", "--book", str(tmp_path / "m.xlsx"), "--players", names])
    assert result.exit_code == 2 and len(result.stderr) < 200, len(result.stderr)
    assert "not 1,000 (Player0, Player1, Player2, Player3, Player4 and 995 more)" in result.stderr


def test_a_missing_column_names_a_few_of_the_columns_there():
    import pytest

    from hostkit.core.tables import BookError, Table

    table = Table("Moves", [[f"Col{i}" for i in range(500)]])
    with pytest.raises(BookError) as refused:
        table._index("Player")
    assert "Col0, Col1, Col2, Col3, Col4 and 495 more" in str(refused.value) and len(str(refused.value)) < 250
