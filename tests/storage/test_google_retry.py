"""Retries and timeouts as Google documents them: truncated exponential backoff (2**n s plus up to 1 s of jitter,
at most 64 s) for 429 and 5xx, kept up until a deadline the host can set, and a write waited for longer than
Google works on a request, so that it is never sent twice. No test waits: the waits move a fake clock."""

from __future__ import annotations

import pytest
import requests
from hypothesis import given
from hypothesis import strategies as st

from hostkit.storage import sheets
from hostkit.storage.retry import Attempt, GoogleBackoff, RetriesExhausted
from hostkit.storage.sheets_http import READ_TIMEOUT, WRITE_TIMEOUT
from tests.storage.test_contract import Sheets, run, start_match


@pytest.fixture
def slept(monkeypatch, quota_clock):
    """Google's backoff with half a second of jitter, its waits recorded and moving the fake clock."""
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        quota_clock.seconds += seconds

    monkeypatch.setattr(sheets, "BACKOFF", GoogleBackoff(sleep=sleep, random=lambda: 0.5))
    return waits


@pytest.fixture
def live(fake, credentials, quota_clock):
    fake.clock = quota_clock.now
    return Sheets(fake, credentials)


def test_the_waits_are_googles_truncated_exponential_backoff():
    never = GoogleBackoff(random=lambda: 0.0)
    assert [never.delay(n, None) for n in range(1, 10)] == [1, 2, 4, 8, 16, 32, 64, 64, 64]
    most = GoogleBackoff(random=lambda: 0.999)
    assert [round(most.delay(n, None), 3) for n in range(1, 8)] == [1.999, 2.999, 4.999, 8.999, 16.999, 32.999, 64]


@given(retry=st.integers(min_value=1, max_value=60), share=st.floats(min_value=0, max_value=0.999999))
def test_every_wait_is_2_to_the_n_plus_at_most_a_second_and_never_over_64(retry, share):
    wait = GoogleBackoff(random=lambda: share).delay(retry, None)
    assert min(2 ** (retry - 1), 64) <= wait <= 64 and wait < 2 ** (retry - 1) + 1


def test_a_retry_after_is_waited_in_full_whatever_the_cap():
    assert GoogleBackoff(random=lambda: 0.25).delay(1, 90.0) == 90.25


def test_the_backoff_keeps_trying_until_the_deadline_not_for_a_number_of_tries():
    waits: list[float] = []
    backoff = GoogleBackoff(deadline=200.0, sleep=waits.append, random=lambda: 0.0)
    with pytest.raises(RetriesExhausted, match=r"gave up after 9 tries"):
        backoff.run(lambda: Attempt(failure="429 Too Many Requests"))
    assert waits == [1, 2, 4, 8, 16, 32, 64, 64]  # 191 s; another 64 s would end past 200 s: it is not started


def test_the_deadline_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("HOSTKIT_GOOGLE_DEADLINE", "30")
    waits: list[float] = []
    with pytest.raises(RetriesExhausted):
        GoogleBackoff(sleep=waits.append, random=lambda: 0.0).run(lambda: Attempt(failure="503"))
    assert waits == [1, 2, 4, 8]


def test_score_waits_out_a_70_second_quota_429_with_googles_waits(live, fake, slept, quota_clock, monkeypatch):
    from hostkit.cli import progress

    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0)
    start_match(live)
    fake.outage(until=quota_clock.seconds + 70)
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 0, result.output
    assert slept == [1.5, 2.5, 4.5, 8.5, 16.5, 32.5, 64]  # 2**n + the jitter: 130 s, past the 70 s
    refused = [c for c in fake.calls if c.status == 429]
    assert len(refused) == 7 and fake.calls[-1].kind == "spreadsheets.batchUpdate" and fake.calls[-1].status == 200
    assert (
        "Google Sheets answered 429 Too Many Requests; waiting 64.0 s for the account's minute of Google's quota "
        "to refill, then trying again (try 8, for up to 300 s in all)…"
    ) in result.stderr


def test_a_host_may_give_up_sooner_and_is_told_how_to_wait_longer(live, fake, slept, quota_clock, monkeypatch):
    start_match(live)
    monkeypatch.setenv("HOSTKIT_GOOGLE_DEADLINE", "20")
    fake.outage(until=quota_clock.seconds + 70)
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert slept == [1.5, 2.5, 4.5, 8.5]
    assert "did not answer usably after 5 tries in 17 s (last: 429 Too Many Requests)" in result.output
    assert "or give it longer with HOSTKIT_GOOGLE_DEADLINE=SECONDS" in result.output


@pytest.mark.parametrize("value", ["soon", "0", "-5", "inf"])
def test_a_deadline_that_is_not_a_number_of_seconds_is_one_sentence(live, fake, slept, monkeypatch, value):
    start_match(live)
    monkeypatch.setenv("HOSTKIT_GOOGLE_DEADLINE", value)
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"HOSTKIT_GOOGLE_DEADLINE is {value!r}, not a number of seconds" in result.output


@pytest.mark.parametrize(
    ("failure", "waiting_for"),
    [
        ({"status": 503}, "for Google Sheets to recover"),
        ({"error": requests.ConnectionError}, "for the connection to Google to come back"),
    ],
)
def test_the_progress_line_says_what_it_waits_for(live, fake, slept, monkeypatch, failure, waiting_for):
    from hostkit.cli import progress

    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0)
    start_match(live)
    fake.storm(1, **failure)
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 0, result.output
    assert f"waiting 1.5 s {waiting_for}, then trying again (try 2" in result.stderr


def test_a_write_google_takes_120_seconds_over_is_sent_once(live, fake, slept, quota_clock):
    start_match(live)
    fake.elapse = lambda seconds: setattr(quota_clock, "seconds", quota_clock.seconds + seconds)
    before = len(fake.calls)
    fake.slow(120, kind="spreadsheets.batchUpdate")  # Google carries it out after two minutes
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 0, result.output
    writes = [c for c in fake.calls[before:] if c.kind == "spreadsheets.batchUpdate"]
    assert len(writes) == 1 and writes[0].timeout == WRITE_TIMEOUT and slept == []
    assert quota_clock.seconds >= 120


def test_a_read_with_no_answer_in_a_minute_is_asked_again(live, fake, slept, quota_clock):
    start_match(live)
    fake.elapse = lambda seconds: setattr(quota_clock, "seconds", quota_clock.seconds + seconds)
    before = len(fake.calls)
    fake.slow(90, kind="spreadsheets.get")  # a read changes nothing, so asking again is safe
    result, _ = run(live, "score", "--round", "1")
    assert result.exit_code == 0, result.output
    kinds = [(c.kind, c.timeout) for c in fake.calls[before:]]
    assert kinds[:2] == [("spreadsheets.get", READ_TIMEOUT), ("spreadsheets.get", READ_TIMEOUT)]
    assert slept == [1.5] and kinds[-1] == ("spreadsheets.batchUpdate", WRITE_TIMEOUT)
