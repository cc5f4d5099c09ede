"""The custom game's reading and judging meet arbitrary input: whatever a player types, each answer gets exactly
one verdict with a reason, and reading an answer twice changes nothing."""

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from hostkit.games.custom.judge import KeyAnswer, Sent, judge
from hostkit.games.custom.reading import normal, split_message
from hostkit.games.custom.settings import Rules

UTC = dt.timezone.utc
T0 = dt.datetime(2026, 11, 20, 20, 0, tzinfo=UTC)
FORMS = st.sampled_from(["text", "set", "number"])


@given(st.text(), FORMS)
def test_reading_an_answer_again_changes_nothing(typed, form):
    read = normal(typed, form)
    if read is not None and form != "set":
        assert normal(read, form) == read


@given(st.integers(-(10**12), 10**12))
def test_a_number_reads_the_same_with_or_without_thousands_commas(n):
    assert normal(f"{n:,}", "number") == normal(str(n), "number") == str(n)


@given(
    st.lists(st.tuples(st.sampled_from(["Ann", "Bo"]), st.text(max_size=30), st.integers(0, 900)), max_size=20),
    st.lists(st.text(min_size=1, max_size=10), max_size=5),
    FORMS,
    st.booleans(),
    st.sampled_from(["key", "host", "key-or-host"]),
)
def test_every_answer_gets_one_verdict_with_a_reason(rows, key_texts, form, many, judged_by):
    rules = Rules(judge=judged_by, form=form, many=many, strikes=2, repeat_own="incorrect", close_when_all_found=True)
    key = [KeyAnswer(t, n, 1, i) for i, t in enumerate(key_texts) if (n := normal(t, form)) is not None]
    sent = [Sent(i + 2, T0 + dt.timedelta(seconds=s), p, m) for i, (p, m, s) in enumerate(rows)]
    answers = judge(sent, key, rules, T0 + dt.timedelta(minutes=10), UTC)
    assert len(answers) == sum(len(split_message(m, many, form)) for _, m, _ in rows)
    assert all(a.reason.strip() for a in answers)
