import datetime as dt

import pytest

from hostkit.storage.retry import Attempt, Backoff, RetriesExhausted, parse_retry_after


def script(*outcomes):
    queue = list(outcomes)
    return lambda: queue.pop(0)


def test_succeeds_after_failures_waiting_a_jittered_doubling_time():
    slept = []
    backoff = Backoff(attempts=5, base=1.0, cap=32.0, sleep=slept.append, random=lambda: 0.5)
    told = []
    result = backoff.run(
        script(Attempt(failure="503"), Attempt(failure="503"), Attempt(result="ok")),
        on_wait=lambda failure, seconds, next_try: told.append((failure, seconds, next_try)),
    )
    assert result == "ok"
    assert slept == [1.0, 2.0]  # half of 2**1, half of 2**2
    assert told == [("503", 1.0, 2), ("503", 2.0, 3)]


def test_a_wait_never_exceeds_the_cap():
    backoff = Backoff(base=1.0, cap=4.0, random=lambda: 0.999)
    assert backoff.delay(10, None) < 4.0


def test_retry_after_is_waited_in_full_plus_jitter():
    backoff = Backoff(base=1.0, random=lambda: 0.25)
    assert backoff.delay(1, 7.0) == 7.25


def test_gives_up_after_the_last_attempt_with_the_callers_words():
    slept = []
    backoff = Backoff(attempts=3, sleep=slept.append, random=lambda: 0.0)
    with pytest.raises(RetriesExhausted) as error:
        backoff.run(
            lambda: Attempt(failure="429 Too Many Requests"),
            giving_up=lambda failure, tries, waited: f"{failure} after {tries} tries",
        )
    assert str(error.value) == "429 Too Many Requests after 3 tries"
    assert len(slept) == 2


def test_gives_up_at_once_when_the_next_wait_would_break_the_budget():
    slept = []
    backoff = Backoff(attempts=10, budget=30.0, sleep=slept.append, random=lambda: 0.0)
    calls = []

    def attempt():
        calls.append(1)
        return Attempt(failure="429", retry_after=120.0)

    with pytest.raises(RetriesExhausted):
        backoff.run(attempt)
    assert calls == [1] and slept == []


@pytest.mark.parametrize(
    "header, seconds",
    [("3", 3.0), (" 1.5 ", 1.5), ("-4", 0.0), ("soon", None), (None, None), ("Sat, 21 Nov 2026 22:00:30 GMT", 30.0)],
)
def test_retry_after_in_seconds_or_as_a_date(header, seconds):
    now = lambda: dt.datetime(2026, 11, 21, 22, 0, tzinfo=dt.timezone.utc)  # noqa: E731
    assert parse_retry_after(header, now) == seconds
