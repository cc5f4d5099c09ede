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
