import datetime as dt

import pytest

from hostkit.core.forms import FormMapping, apply_form, format_columns, parse_columns, submissions_rows
from hostkit.core.settings import COMMON_SETTINGS, read_config, with_setting
from hostkit.core.tables import BookError, Table, Tables
from hostkit.core.times import parse_time, zone

FORM = [["Timestamp", "Your Discord name", "Your answer"], [46346.8, "Reds", "ABC"], [], [46346.9, "Craw", "DEF"]]


def test_columns_parse_and_format_round_trip():
    pairs = parse_columns("Your Discord name -> Player;  Your answer→Answer\nWhich round? => Round")
    assert pairs == (("Your Discord name", "Player"), ("Your answer", "Answer"), ("Which round?", "Round"))
    assert parse_columns(format_columns(pairs)) == pairs
    assert parse_columns("") == ()


@pytest.mark.parametrize(
    "text, message",
    [
        ("Your answer", "is not 'Question title -> Column'"),
        ("A -> Player; B -> player", "maps two questions to"),
        ("-> Player", "is not 'Question title -> Column'"),
    ],
)
def test_bad_columns_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_columns(text)


def test_the_responses_tab_stands_in_for_submissions_row_for_row():
    mapping = FormMapping("form responses 1", parse_columns("Your Discord name -> Player; Your answer -> Answer"))
    tables = apply_form(Tables({"Form Responses 1": FORM, "Submissions": [["Timestamp", "Player", "Answer"]]}), mapping)
    view = tables.require("Submissions")
    assert view.name == "Form Responses 1"  # problems name the tab the host can see
    assert [(r.row, r.text("Player"), r.text("Answer")) for r in view.records("Timestamp", "Player", "Answer")] == [
        (2, "Reds", "ABC"),
        (4, "Craw", "DEF"),
    ]
    assert tables.require("Form Responses 1").header == FORM[0]


def test_no_mapping_leaves_the_tables_alone():
    tables = Tables({"Submissions": [["Timestamp"]]})
    assert apply_form(tables, FormMapping()) is tables


def test_a_question_that_is_not_there_is_named_with_the_fix():
    with pytest.raises(
        BookError,
        match="names the question 'Your name', but tab 'Form Responses 1' has no such column .*Your Discord name",
    ):
        submissions_rows(Table("Form Responses 1", FORM), FormMapping("Form Responses 1", (("Your name", "Player"),)))


def test_a_mapped_column_that_clashes_with_a_question_is_refused():
    rows = [["Timestamp", "Player", "Name"], [1, "a", "b"]]
    with pytest.raises(BookError, match="two columns named Player"):
        submissions_rows(Table("F", rows), FormMapping("F", (("Name", "Player"),)))


def test_a_missing_responses_tab_is_named():
    with pytest.raises(BookError, match="form_tab names the tab 'Form Responses 2'.*it has: Submissions"):
        apply_form(Tables({"Submissions": [["x"]]}), FormMapping("Form Responses 2"))


def test_form_settings_are_common_and_checked():
    keys = [s.key for s in COMMON_SETTINGS]
    assert {"form_tab", "form_columns", "form_target"} <= set(keys)
    config = [["Key", "Value"], ["form_columns", "Your answer -> Answer; Q -> Answer"]]
    with pytest.raises(BookError, match="form_columns .* maps two questions to Answer"):
        read_config(Tables({"Config": config}), COMMON_SETTINGS)


def test_with_setting_replaces_or_adds_a_row():
    rows = [["Key", "Value", "Meaning"], ["timezone", "UTC", "IANA"], ["seed", 4]]
    assert with_setting(rows, "TimeZone", "Europe/Paris")[1] == ["timezone", "Europe/Paris", "IANA"]
    assert with_setting(rows, "form_tab", "Form Responses 1")[-1] == ["form_tab", "Form Responses 1"]
    assert rows[1][1] == "UTC"  # the input is not changed


def test_times_across_a_dst_change_compare_and_add_in_real_time():
    ny = zone("America/New_York")
    opens = parse_time("2026-03-08 01:55", ny)
    answer = parse_time("2026-03-08 03:01", ny)
    assert answer - opens == dt.timedelta(minutes=6)
    assert answer < opens + dt.timedelta(minutes=8)
    assert (opens + dt.timedelta(minutes=8)).astimezone(ny).strftime("%H:%M %Z") == "03:03 EDT"
