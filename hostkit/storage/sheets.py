"""The workbook interface on a Google Sheet, through the Sheets API v4 (gspread's HTTP client, google-auth).

Quota-lean: a read is one spreadsheets.get (tab names, sizes, time zone) and one values:batchGet of every
tab; a write is one values:batchUpdate of every tab, RAW so that no text ever becomes a formula, plus
one spreadsheets:batchUpdate only when tabs must be added or grown. Replacing a tab pads the new rows
with blanks over the old extent, so leftover cells are cleared in the same request.

This module imports gspread and google-auth; only commands given --sheet import it.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import requests
from google.auth import exceptions as auth_errors
from gspread.exceptions import APIError
from gspread.http_client import HTTPClient

from hostkit.core.styles import plain
from hostkit.core.tables import Cell, Rows
from hostkit.core.times import to_serial
from hostkit.storage.book import Book, StorageError
from hostkit.storage.retry import RETRYABLE_STATUSES, Attempt, Backoff, parse_retry_after

SCOPES = ("https://www.googleapis.com/auth/spreadsheets",)
TIMEOUT = (10.0, 60.0)
"""Seconds to connect, and to wait for an answer, on every request."""
BACKOFF = Backoff()
"""The retry policy of every SheetsBook not given one."""

_KEY_IN_URL = re.compile(r"/spreadsheets/(?:u/\d+/)?d/([A-Za-z0-9_-]+)")
_KEY = re.compile(r"[A-Za-z0-9_-]{20,}")

Progress = Callable[[str], None]


def parse_key(key_or_url: str) -> str:
    """The spreadsheet key from a key or from the spreadsheet's address (https://docs.google.com/…/d/KEY/edit)."""
    text = str(key_or_url or "").strip()
    found = _KEY_IN_URL.search(text)
    if found:
        return found.group(1)
    if _KEY.fullmatch(text):
        return text
    raise StorageError(
        f"{text!r} is not a spreadsheet key or address; copy the address of the spreadsheet from the "
        f"browser (https://docs.google.com/spreadsheets/d/KEY/edit) or just its KEY."
    )


def load_credentials(path: str | Path | None) -> Any:
    """The service-account credentials in a key file, scoped to spreadsheets only."""
    from google.oauth2 import service_account

    if not path:
        raise StorageError(
            "No Google credentials given; pass --credentials FILE (the service account's JSON key) or set "
            "HOSTKIT_CREDENTIALS to its path (see docs: setting up a service account)."
        )
    file = Path(path)
    where = f"The credentials file {file}"
    if not file.is_file():
        raise StorageError(f"{where} does not exist; pass --credentials with the path of the service account's "
                           f"JSON key you downloaded from Google Cloud.")
    try:
        info = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise StorageError(f"{where} cannot be read ({error.__class__.__name__}); check that it is yours and "
                           f"readable (chmod 600 {file}).") from None
    except ValueError:
        raise StorageError(f"{where} is not JSON; download the service account's key again as JSON "
                           f"(Keys > Add key > Create new key > JSON).") from None
    kind = info.get("type") if isinstance(info, dict) else None
    if kind != "service_account":
        raise StorageError(f"{where} is not a service-account key (its type is {kind!r}); create a service "
                           f"account and download its JSON key, as the docs describe.")
    missing = [k for k in ("client_email", "private_key", "token_uri") if not info.get(k)]
    if missing:
        raise StorageError(f"{where} lacks {', '.join(missing)}; download the service account's JSON key "
                           f"again, unedited.")
    try:
        return service_account.Credentials.from_service_account_info(info, scopes=list(SCOPES))
    except (ValueError, TypeError, IndexError, auth_errors.GoogleAuthError):
        raise StorageError(f"{where} holds a private key that cannot be read; download a new JSON key for "
                           f"{info['client_email']} and point --credentials at it.") from None


def connect(credentials: Any) -> requests.Session:
    """A session that signs every request with the credentials (tests replace this with a fake)."""
    from google.auth.transport.requests import AuthorizedSession

    return AuthorizedSession(credentials)


def column_letter(number: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def quote_title(title: str) -> str:
    return "'" + title.replace("'", "''") + "'"


def a1_range(title: str, rows: int, columns: int) -> str:
    return f"{quote_title(title)}!A1:{column_letter(max(columns, 1))}{max(rows, 1)}"


def to_json(value: Cell) -> Any:
    """A cell as the API takes it: text stays text (RAW), moments become serial numbers, blanks clear."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool) or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else ""
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            raise ValueError("aware datetimes are written as local text by the rules core")
        return to_serial(value)
    if isinstance(value, dt.date):
        return round(to_serial(dt.datetime(value.year, value.month, value.day)))
    return str(value)


def from_json(row: Sequence[Any]) -> list[Cell]:
    return [None if v == "" else v for v in row]


class _Client(HTTPClient):
    """gspread's HTTP client with an explicit timeout and a bounded, jittered retry (never gspread's own)."""

    def __init__(self, session: requests.Session, backoff: Backoff, timeout: Any, progress: Progress | None):
        super().__init__(auth=None, session=session)  # type: ignore[arg-type]
        self.timeout = timeout
        self.backoff = backoff
        self.progress = progress

    def request(self, method: str, endpoint: str, params: Any = None, data: Any = None, json: Any = None,
                files: Any = None, headers: Any = None) -> requests.Response:
        def attempt() -> Attempt[requests.Response]:
            try:
                response = self.session.request(method=method, url=endpoint, json=json, params=params, data=data,
                                                files=files, headers=headers, timeout=self.timeout)
            except requests.Timeout:
                return Attempt(failure="no answer in time (timeout)")
            except (requests.ConnectionError, auth_errors.TransportError) as error:
                return Attempt(failure=f"no connection ({error.__class__.__name__})")
            except auth_errors.RefreshError as error:
                raise StorageError(
                    f"Google refused the service account's key ({error.args[0] if error.args else error}); "
                    f"the key may have been deleted: create a new JSON key and point --credentials at it."
                ) from None
            if response.status_code in RETRYABLE_STATUSES:
                return Attempt(failure=f"{response.status_code} {response.reason or ''}".strip(),
                               retry_after=parse_retry_after(response.headers.get("Retry-After")))
            return Attempt(result=response)

        response = self.backoff.run(attempt, self._waiting, _giving_up)
        if response.ok:
            return response
        raise APIError(response)

    def _waiting(self, failure: str, seconds: float, next_try: int) -> None:
        if self.progress:
            self.progress(f"Google Sheets answered {failure}; trying again in {seconds:.1f} s "
                          f"(try {next_try} of {self.backoff.attempts})…")


def _giving_up(failure: str, tries: int, waited: float) -> str:
    if failure.startswith("429"):
        fix = "the quota is 60 requests a minute: wait a minute and run the command again"
    elif failure.startswith("no "):
        fix = "check the network connection and run the command again"
    else:
        fix = "Google Sheets is having trouble: wait a few minutes and run the command again"
    return (f"Google Sheets did not answer usably after {tries} tries and {waited:.0f} s of waiting "
            f"(last: {failure}); {fix} (nothing is half-written: each write is one request).")


class SheetsBook(Book):
    """A Google Sheet as a workbook. Tabs are matched by name without regard to case."""

    def __init__(
        self,
        key: str,
        session: requests.Session,
        *,
        account: str = "",
        backoff: Backoff | None = None,
        timeout: Any = TIMEOUT,
        progress: Progress | None = None,
    ):
        self.key = key
        self.location = f"spreadsheet {key}"
        self.account = account
        self.progress = progress
        self.client = _Client(session, backoff or BACKOFF, timeout, progress)
        self._metadata: dict | None = None
        self._extent: dict[str, tuple[int, int]] = {}

    @classmethod
    def open(cls, key_or_url: str, credentials_file: str | Path | None, **options: Any) -> "SheetsBook":
        key = parse_key(key_or_url)
        credentials = load_credentials(credentials_file)
        return cls(key, connect(credentials), account=credentials.service_account_email, **options)

    # ---- the Book interface

    @property
    def timezone(self) -> str | None:  # type: ignore[override]
        return self._meta().get("properties", {}).get("timeZone")

    def read(self) -> dict[str, Rows]:
        titles = self.titles()
        self._say(f"Reading {len(titles)} tabs of {self.location}…")
        return self._values(titles)

    def write(self, tabs: Mapping[str, Rows]) -> None:
        if not tabs:
            return
        existing = {t.casefold(): t for t in self.titles()}
        unknown = [existing[n.casefold()] for n in tabs if n.casefold() in existing
                   and existing[n.casefold()] not in self._extent]
        if unknown:
            self._values(unknown)
        self._prepare_grid({existing.get(n.casefold(), n): rows for n, rows in tabs.items()})
        data = []
        for name, rows in tabs.items():
            title = existing.get(name.casefold(), name)
            old_rows, old_cols = self._extent.get(title, (0, 0))
            height = max(len(rows), old_rows, 1)
            width = max(max((len(r) for r in rows), default=0), old_cols, 1)
            values = [[to_json(r[i]) if i < len(r) else "" for i in range(width)]
                      for r in (list(rows) + [[]] * (height - len(rows)))]
            data.append({"range": a1_range(title, height, width), "values": values})
            self._extent[title] = (len(rows), max((len(r) for r in rows), default=0))
        self._say(f"Writing {', '.join(tabs)} to {self.location}…")
        self._call(self.client.values_batch_update, self.key, {"valueInputOption": "RAW", "data": data})

    def create(self, tabs: Mapping[str, Rows], force: bool = False) -> None:
        wanted = {n.casefold() for n in tabs}
        present = [t for t in self.titles() if t.casefold() in wanted]
        if present:
            used = [t for t, rows in self._values(present).items() if any(v is not None for r in rows for v in r)]
            if used and not force:
                raise StorageError(
                    f"{self.location} already has the tabs {', '.join(used)}; pass --force to replace them "
                    f"(the spreadsheet's other tabs are always left alone)."
                )
        self.write(tabs)

    # ---- the spreadsheet's structure

    def titles(self) -> list[str]:
        return [s["properties"]["title"] for s in self._meta().get("sheets", [])]

    def _sheet(self, title: str) -> dict:
        return next(s["properties"] for s in self._meta()["sheets"] if s["properties"]["title"] == title)

    def _meta(self) -> dict:
        if self._metadata is None:
            self._say(f"Opening {self.location}…")
            self._metadata = self._call(self.client.fetch_sheet_metadata, self.key)
        return self._metadata

    def _prepare_grid(self, tabs: Mapping[str, Rows], retried: bool = False) -> None:
        """Add the missing tabs and grow the ones too small, in one spreadsheets:batchUpdate (or none)."""
        changes: list[dict] = []
        titles = set(self.titles())
        for title, rows in tabs.items():
            height = max(len(rows), 1)
            width = max(max((len(r) for r in rows), default=0), 1)
            if title not in titles:
                changes.append({"addSheet": {"properties": {
                    "title": title, "sheetType": "GRID",
                    "gridProperties": {"rowCount": max(height, 100), "columnCount": max(width, 26)}}}})
                continue
            sheet = self._sheet(title)
            grid = sheet.get("gridProperties", {})
            if grid.get("rowCount", 0) < height or grid.get("columnCount", 0) < width:
                changes.append({"updateSheetProperties": {
                    "properties": {"sheetId": sheet["sheetId"], "gridProperties": {
                        "rowCount": max(grid.get("rowCount", 0), height),
                        "columnCount": max(grid.get("columnCount", 0), width)}},
                    "fields": "gridProperties/rowCount,gridProperties/columnCount"}})
        if not changes:
            return
        added = [r["addSheet"]["properties"]["title"] for r in changes if "addSheet" in r]
        grown = len(changes) - len(added)
        steps = ([f"adding {', '.join(added)}"] if added else []) + ([f"growing {grown} tab(s)"] if grown else [])
        self._say(f"{' and '.join(steps)[0].upper()}{' and '.join(steps)[1:]} in {self.location}…")
        try:
            reply = self.client.batch_update(self.key, {"requests": changes})
        except APIError as error:
            if error.response.status_code == 400 and "already exists" in str(error) and not retried:
                # An earlier try was carried out but its answer lost: look again and add only what is missing.
                self._metadata = None
                return self._prepare_grid(tabs, retried=True)
            raise StorageError(self._explain(error)) from None
        sheets = self._meta().setdefault("sheets", [])
        for request, answer in zip(changes, reply.get("replies", [])):
            if "addSheet" in request:
                sheets.append({"properties": answer["addSheet"]["properties"]})
            else:
                grown = request["updateSheetProperties"]["properties"]
                self._sheet_by_id(grown["sheetId"])["gridProperties"].update(grown["gridProperties"])

    def _sheet_by_id(self, sheet_id: int) -> dict:
        return next(s["properties"] for s in self._meta()["sheets"] if s["properties"]["sheetId"] == sheet_id)

    def _values(self, titles: Sequence[str]) -> dict[str, Rows]:
        if not titles:
            return {}
        answer = self._call(self.client.values_batch_get, self.key, [quote_title(t) for t in titles], {
            "valueRenderOption": "UNFORMATTED_VALUE", "dateTimeRenderOption": "SERIAL_NUMBER",
            "majorDimension": "ROWS"})
        tabs: dict[str, Rows] = {}
        for title, block in zip(titles, answer.get("valueRanges", [])):
            rows = [from_json(r) for r in block.get("values", [])]
            tabs[title] = rows
            self._extent[title] = (len(rows), max((len(r) for r in rows), default=0))
        return tabs

    # ---- errors and progress

    def _call(self, method: Callable, *args: Any) -> Any:
        try:
            return method(*args)
        except APIError as error:
            raise StorageError(self._explain(error)) from None

    def _explain(self, error: APIError) -> str:
        code = error.response.status_code
        message = str(error.error.get("message", "")) if isinstance(error.error, dict) else str(error)
        if code == 403:
            who = self.account or "the service account (its client_email in the credentials file)"
            return (f"The service account may not use {self.location} ({message.rstrip('.')}); share the "
                    f"spreadsheet with {who} as Editor (Share button in Google Sheets) and run again.")
        if code == 404:
            return (f"There is no spreadsheet with the key {self.key!r} ({message.rstrip('.')}); copy the key "
                    f"or the whole address from the browser: https://docs.google.com/spreadsheets/d/KEY/edit.")
        if code == 401:
            return (f"Google did not accept the credentials ({message.rstrip('.')}); download a new JSON key "
                    f"for the service account and point --credentials at it.")
        return f"Google Sheets refused the request ({code}: {message.rstrip('.')}); check {self.location}."

    def _say(self, line: str) -> None:
        if self.progress:
            self.progress(line)
