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
