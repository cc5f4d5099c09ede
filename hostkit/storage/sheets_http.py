"""Every request to the Sheets API: gspread's HTTP client with timeouts that outlast Google's own, compressed
answers asked for as Google's performance guide says, the account's request budget shared by every hostkit
process on the machine, and Google's truncated exponential backoff, saying what it waits for."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import requests
from google.auth import exceptions as auth_errors
from gspread.exceptions import APIError
from gspread.http_client import HTTPClient

from hostkit.errors import GoogleError
from hostkit.storage.quota import budget
from hostkit.storage.retry import RETRYABLE_STATUSES, Attempt, Backoff, parse_retry_after

Progress = Callable[[str], None]
Timeouts = tuple[float, float]

READ_TIMEOUT: Timeouts = (10.0, 60.0)
"""Seconds to connect, and to wait for the answer to a read. A read changes nothing, so one asked again after a
stalled connection costs a read of quota and no harm, and a watch learns of a dead connection in a minute."""
WRITE_TIMEOUT: Timeouts = (10.0, 190.0)
"""Seconds to connect, and to wait for the answer to a write: Google works on a request for up to 180 s before
it answers with a timeout of its own, so hostkit never stops waiting for a write Google is still carrying out
(and never sends it again while it is)."""


@functools.cache
def user_agent() -> str:
    """hostkit's name and version, with "gzip": Google compresses an answer only for a client that accepts gzip
    and says gzip in its User-Agent (the Sheets API's performance guide)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("hostkit")
    except PackageNotFoundError:
        release = "unknown"
    return f"hostkit/{release} (gzip)"


class Client(HTTPClient):
    """gspread's HTTP client with timeouts, gzip and Google's backoff (never gspread's own retry)."""

    def __init__(
        self,
        session: requests.Session,
        backoff: Backoff,
        timeouts: tuple[Timeouts, Timeouts] | None,
        progress: Progress | None,
        account: str = "",
    ):
        super().__init__(auth=None, session=session)  # type: ignore[arg-type]
        self.timeouts = timeouts or (READ_TIMEOUT, WRITE_TIMEOUT)
        """The timeouts of a read and of a write."""
        self.backoff = backoff
        self.progress = progress
        self.budget = budget(account)
        self.signed_in = False
        """True when the credentials are a person's own sign-in, not a service account's key."""
        self.headers = {"User-Agent": user_agent(), "Accept-Encoding": "gzip"}

    def request(
        self,
        method: str,
        endpoint: str,
        params: Any = None,
        data: Any = None,
        json: Any = None,
        files: Any = None,
        headers: Any = None,
    ) -> requests.Response:
        kind = "read" if method.upper() == "GET" else "write"
        timeout = self.timeouts[kind == "write"]
        headers = {**self.headers, **(headers or {})}

        def attempt() -> Attempt[requests.Response]:
            self.budget.take(kind, self.progress)
            try:
                response = self.session.request(
                    method=method,
                    url=endpoint,
                    json=json,
                    params=params,
                    data=data,
                    files=files,
                    headers=headers,
                    timeout=timeout,
                )
            except requests.Timeout:
                return Attempt(failure="no answer in time (timeout)")
            except (requests.ConnectionError, auth_errors.TransportError) as error:
                return Attempt(failure=f"no connection ({error.__class__.__name__})")
            except auth_errors.RefreshError as error:
                why = error.args[0] if error.args else error
                if self.signed_in:
                    raise GoogleError(
                        f"Google refused your sign-in ({why}); sign in again (gcloud auth application-default "
                        f"login with the spreadsheets scope) and run the command again."
                    ) from None
                raise GoogleError(
                    f"Google refused the service account's key ({why}); "
                    f"the key may have been deleted: create a new JSON key and point --credentials at it."
                ) from None
            if response.status_code in RETRYABLE_STATUSES:
                return Attempt(
                    failure=f"{response.status_code} {response.reason or ''}".strip(),
                    retry_after=parse_retry_after(response.headers.get("Retry-After")),
                )
            return Attempt(result=response)

        response = self.backoff.run(attempt, self._waiting, giving_up)
        if response.ok:
            return response
        raise APIError(response)

    def _waiting(self, failure: str, seconds: float, next_try: int) -> None:
        if self.progress:
            self.progress(
                f"Google Sheets answered {failure}; waiting {seconds:.1f} s {waited_for(failure)}, then trying "
                f"again (try {next_try}, for up to {self.backoff.limit():.0f} s in all)…"
            )


def waited_for(failure: str) -> str:
    """What a wait after this failure waits for, in the host's words."""
    if failure.startswith("429"):
        return "for the account's minute of Google's quota to refill"
    if failure.startswith("no "):
        return "for the connection to Google to come back"
    return "for Google Sheets to recover"


def giving_up(failure: str, tries: int, spent: float) -> str:
    if failure.startswith("429"):
        fix = "the quota is 60 requests a minute per account: wait a minute and run the command again"
    elif failure.startswith("no "):
        fix = "check the network connection and run the command again"
    else:
        fix = "Google Sheets is having trouble: wait a few minutes and run the command again"
    return (
        f"Google Sheets did not answer usably after {tries} tries in {spent:.0f} s (last: {failure}); {fix}, "
        f"or give it longer with HOSTKIT_GOOGLE_DEADLINE=SECONDS (nothing is half-written: a write is "
        f"switched in by one request)."
    )


def explain(error: APIError, location: str, key: str, account: str, signed_in: bool) -> str:
    """What Google's error answer means for the host, and what to do."""
    code = error.response.status_code
    message = api_message(error)
    if code == 403:
        if signed_in:
            return (
                f"Your Google account may not use {location} ({message.rstrip('.')}); open it in "
                f"Google Sheets as the account you signed in with, or have its owner share it with you as "
                f"Editor, and run again."
            )
        return (
            f"The service account may not use {location} ({message.rstrip('.')}); share the "
            f"spreadsheet with {account} as Editor (Share button in Google Sheets) and run again."
        )
    if code == 404:
        return (
            f"There is no spreadsheet with the key {key!r} ({message.rstrip('.')}); copy the key "
            f"or the whole address from the browser: https://docs.google.com/spreadsheets/d/KEY/edit."
        )
    if code == 401:
        fix = "sign in again" if signed_in else "download a new JSON key for the service account"
        return f"Google did not accept the credentials ({message.rstrip('.')}); {fix} and point --credentials at it."
    return f"Google Sheets refused the request ({code}: {message.rstrip('.')}); check {location}."


def api_message(error: APIError) -> str:
    """Google's own message in an error answer, read from the answer (not every gspread release parses it)."""
    try:
        detail = error.response.json().get("error")
    except (ValueError, AttributeError):
        return str(error)
    return str(detail.get("message", "")) if isinstance(detail, dict) else str(detail or error)
