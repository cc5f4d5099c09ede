import pytest

from hostkit.core.players import Roster


def test_a_typed_name_is_matched_the_same_each_time_and_a_number_is_never_taken_for_its_text():
    roster = Roster(("Reds", "1"))
    for _ in range(2):  # a text's player is remembered: the second reading must agree with the first
        assert roster.match(" @REDS ") == "Reds"
        assert roster.match("Craw") is None
        assert roster.match("1") == "1"
        assert roster.match(1) == "1"
        assert roster.match(1.0) is None  # 1.0 equals 1, but reads as the text 1.0
        assert roster.match(True) is None
        assert roster.match(None) is None


def test_a_roster_stays_as_it_was_made():
    roster = Roster(("Reds", "Craw"))
    roster.match("reds")
    assert roster == Roster(("Reds", "Craw"))
    with pytest.raises(AttributeError):
        roster.names = ("Joker",)  # type: ignore[misc]
