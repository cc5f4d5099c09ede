"""The workbook interface on a Google Sheet, through the Sheets API v4 (gspread's HTTP client, google-auth).

Quota-lean and compact (prettyPrint=false, gzip). A read is one small spreadsheets.get of the tabs' names and
sizes, the time zone and the locale; the cells come when a command first looks a tab up, in one
spreadsheets.get with `ranges` for that tab and every other small one (a big tab the command never looks up,
such as a host's own or an earlier round's results, is never read), each cell's computed value, its number
format's type and a formula's text. A write is one spreadsheets:batchUpdate (chunked through a hidden staging
tab when larger than 2 MB) that adds the tabs it needs and sizes each written tab to what it holds (plus a
margin: a tab that held a big round shrinks back, never below the host's own cells), replaces hostkit's
columns of every written tab whole (updateCells over those columns of every row, so no leftover cell
survives; text as stringValue, so no text ever becomes a formula; a host's formula whose value hostkit
writes back unchanged is written back as that formula) with their formats (storage/layout.py), leaves the
columns right of them to the host, sets column widths and the frozen header, and moves the public tabs to
the front.

This module imports gspread and google-auth; only commands given --sheet import it.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, ItemsView, Iterator, Mapping, ValuesView
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
from google.auth import exceptions as auth_errors
from gspread.exceptions import APIError
from gspread.http_client import HTTPClient
from gspread.urls import SPREADSHEET_BATCH_UPDATE_URL

from hostkit.core.styles import plain
from hostkit.core.tables import Cell, CellError, Rows, column_letter
from hostkit.core.times import from_serial, time_of_day
from hostkit.storage.book import Book, Order, StorageError
from hostkit.storage.layout import arranged, look
from hostkit.storage.quota import budget
from hostkit.storage.retry import RETRYABLE_STATUSES, Attempt, Backoff, parse_retry_after
from hostkit.storage.sheets_cells import cells_request, widths_requests

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
    """The credentials in a key file, scoped to spreadsheets only: a service account's JSON key, or an
    authorized-user file (what `gcloud auth application-default login` and gspread's OAuth flow write),
    for a host who signs in as themselves."""
    from google.oauth2 import service_account

    if not path:
        raise StorageError(
            "No Google credentials given; pass --credentials FILE (a service account's JSON key, or the "
            "authorized-user file of your own sign-in) or set HOSTKIT_CREDENTIALS to its path (see "
            "docs/google-sheets.md)."
        )
    file = Path(path)
    where = f"The credentials file {file}"
    if not file.is_file():
        raise StorageError(
            f"{where} does not exist; pass --credentials with the path of the service account's "
            f"JSON key you downloaded from Google Cloud."
        )
    try:
        info = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise StorageError(
            f"{where} cannot be read ({error.__class__.__name__}); check that it is yours and "
            f"readable (chmod 600 {file})."
        ) from None
    except ValueError:
        raise StorageError(
            f"{where} is not JSON; download the service account's key again as JSON "
            f"(Keys > Add key > Create new key > JSON)."
        ) from None
    kind = info.get("type") if isinstance(info, dict) else None
    if kind == "authorized_user":
        return _authorized_user(info, where)
    if kind != "service_account":
        raise StorageError(
            f"{where} is neither a service-account key nor an authorized-user file (its type is {kind!r}); "
            f"download a service account's JSON key, or sign in as yourself, as docs/google-sheets.md describes."
        )
    missing = [k for k in ("client_email", "private_key", "token_uri") if not info.get(k)]
    if missing:
        raise StorageError(
            f"{where} lacks {', '.join(missing)}; download the service account's JSON key again, unedited."
        )
    try:
        return service_account.Credentials.from_service_account_info(info, scopes=list(SCOPES))
    except Exception:  # each signer google-auth may use (cryptography's, rsa's) fails on a bad key its own way
        raise StorageError(
            f"{where} holds a private key that cannot be read; download a new JSON key for "
            f"{info['client_email']} and point --credentials at it."
        ) from None


def _authorized_user(info: dict, where: str) -> Any:
    """Your own Google account's credentials: its refresh token, with the client that was signed in with."""
    from google.oauth2 import credentials as user_credentials

    missing = [k for k in ("client_id", "client_secret", "refresh_token") if not info.get(k)]
    if missing:
        raise StorageError(
            f"{where} lacks {', '.join(missing)}; sign in again (gcloud auth application-default login "
            f"--scopes=https://www.googleapis.com/auth/spreadsheets,https://www.googleapis.com/auth/cloud-platform) "
            f"and point --credentials at the file it writes."
        )
    try:
        return user_credentials.Credentials.from_authorized_user_info(info, scopes=list(SCOPES))
    except (ValueError, TypeError, auth_errors.GoogleAuthError):
        raise StorageError(f"{where} cannot be read as an authorized-user file; sign in again.") from None


def connect(credentials: Any) -> requests.Session:
    """A session that signs every request with the credentials (tests replace this with a fake)."""
    from google.auth.transport.requests import AuthorizedSession

    return AuthorizedSession(credentials)


def quote_title(title: str) -> str:
    return "'" + title.replace("'", "''") + "'"


def a1_range(title: str, rows: int, columns: int) -> str:
    return f"{quote_title(title)}!A1:{column_letter(max(columns, 1) - 1)}{max(rows, 1)}"


GRID_MARGIN = 20
"""Blank rows left under a rewritten tab: room for a host's note without counting against the spreadsheet's
10-million-cell limit the rows of a big round once took."""
MIN_COLUMNS = 26

META_FIELDS = "properties(title,locale,timeZone),sheets(properties)"
GRID_FIELDS = (
    "sheets(properties(title),data(startRow,startColumn,rowData(values(effectiveValue,"
    "effectiveFormat(numberFormat(type)),userEnteredValue(formulaValue)))))"
)
"""Every cell's computed value, its number format's type where it has one (so a date cell reads as a date,
whatever column it is in), and a formula's text only where a cell holds one (to keep the host's formulas
when hostkit rewrites a tab)."""
DATE_TYPES = {"DATE", "DATE_TIME"}
EAGER_CELLS = 50_000
"""A tab whose grid has at most this many cells is read along with the first tab a command looks up (all the
small tabs in one request); a bigger one only when a command looks it up."""


def grid_rows(sheet: dict) -> Rows:
    """A tab's values from spreadsheets.get with includeGridData: a formula's result, never its text;
    trailing blank rows dropped."""
    rows: Rows = []
    for block in sheet.get("data", []):
        top, left = block.get("startRow", 0), block.get("startColumn", 0)
        for r, row in enumerate(block.get("rowData", []), start=top):
            while len(rows) <= r:
                rows.append([])
            cells = [_cell(cell) for cell in row.get("values", [])]
            rows[r] = [None] * left + cells
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    return rows


def grid_formulas(sheet: dict) -> dict[tuple[int, int], str]:
    """The formulas of a tab read with GRID_FIELDS, by 0-based (row, column)."""
    formulas = {}
    for block in sheet.get("data", []):
        top, left = block.get("startRow", 0), block.get("startColumn", 0)
        for r, row in enumerate(block.get("rowData", []), start=top):
            for c, cell in enumerate(row.get("values", []), start=left):
                formula = cell.get("userEnteredValue", {}).get("formulaValue")
                if formula:
                    formulas[r, c] = formula
    return formulas


def _cell(cell: dict) -> Cell:
    """A cell's value as hostkit's readers take it: a number shown as a date or a time is that date-time (a
    naive one, in the spreadsheet's own zone) or time of day, not a bare serial number."""
    value = _effective(cell.get("effectiveValue"))
    kind = cell.get("effectiveFormat", {}).get("numberFormat", {}).get("type")
    if kind is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if kind in DATE_TYPES and 0 <= value < 2958466:
        moment = from_serial(value)
        return moment.date() if kind == "DATE" and moment.time() == dt.time() else moment
    if kind == "TIME" and 0 <= value < 1:
        return time_of_day(dt.timedelta(days=value))
    return value


def _effective(value: dict | None) -> Cell:
    if not value:
        return None
    if "stringValue" in value:
        return value["stringValue"] if value["stringValue"] != "" else None
    if "numberValue" in value:
        return value["numberValue"]
    if "boolValue" in value:
        return value["boolValue"]
    if "errorValue" in value:
        kind = value["errorValue"].get("type", "ERROR")
        return CellError(SHEETS_ERRORS.get(kind, f"#ERROR ({kind})"))
    return None


SHEETS_ERRORS = {
    "NULL_VALUE": "#NULL!",
    "DIVIDE_BY_ZERO": "#DIV/0!",
    "VALUE": "#VALUE!",
    "REF": "#REF!",
    "NAME": "#NAME?",
    "NUM": "#NUM!",
    "N_A": "#N/A",
    "ERROR": "#ERROR!",
    "LOADING": "#LOADING",
}
"""The Sheets API's error types as the codes a spreadsheet shows."""


MAX_BODY = 2_000_000
"""Bytes of one request's body at most: Google recommends 2 MB and refuses more than 10 MiB."""
STAGING = "hostkit staging "
"""The name of a hidden tab a large write is staged in; one left by an interrupted write is deleted by the next."""


def _compact(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _body(requests: list[bytes]) -> bytes:
    return b'{"requests":[' + b",".join(requests) + b"]}"


class _Part:
    """One request of a batch, serialised once; an updateCells request's rows each on their own, so that
    they can be sent in chunks without serialising them again."""

    def __init__(self, request: dict):
        self.request = request
        cells = request.get("updateCells")
        self.rows: list[bytes] | None = None
        if cells is not None and cells.get("rows"):
            self.rows = [_compact(row) for row in cells["rows"]]
            self._head = _compact({k: v for k, v in cells.items() if k != "rows"})[:-1]
            self.size = len(self._head) + sum(map(len, self.rows)) + len(self.rows) + 30
        else:
            self._json = _compact(request)
            self.size = len(self._json)

    def json(self) -> bytes:
        if self.rows is None:
            return self._json
        return _update_cells(self._head, self.rows)


def _update_cells(head: bytes, rows: list[bytes]) -> bytes:
    """An updateCells request from its serialised range and fields (`head`, an object missing its closing
    brace) and its rows, each serialised once."""
    return b'{"updateCells":' + head + b',"rows":[' + b",".join(rows) + b"]}}"


class _Batches:
    """Requests packed into batchUpdate bodies in order, each body filled to MAX_BODY before the next."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.parts: list[bytes] = []
        self.size = 0

    def room(self) -> int:
        return MAX_BODY - 16 - self.size - len(self.parts)

    def add(self, request: bytes) -> None:
        if self.parts and len(request) + 1 > self.room():
            self.flush()
        self.parts.append(request)
        self.size += len(request)

    def flush(self) -> None:
        if self.parts:
            self.bodies.append(_body(self.parts))
            self.parts, self.size = [], 0


@dataclass(frozen=True)
class HostCells:
    rows: int = 0
    """The rows the host's cells right of hostkit's columns reach: the grid keeps them."""
    columns: int = 0
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)


def is_same(new: Cell, old: Cell) -> bool:
    """Whether hostkit writes back the value a formula showed."""
    new = plain(new)
    if isinstance(new, bool) or isinstance(old, bool):
        return new is old
    if isinstance(new, (int, float)) and isinstance(old, (int, float)):
        return abs(new - old) <= 1e-9 * max(1.0, abs(old))
    return new == old


class _Client(HTTPClient):
    """gspread's HTTP client with an explicit timeout and a bounded, jittered retry (never gspread's own)."""

    def __init__(
        self, session: requests.Session, backoff: Backoff, timeout: Any, progress: Progress | None, account: str = ""
    ):
        super().__init__(auth=None, session=session)  # type: ignore[arg-type]
        self.timeout = timeout
        self.backoff = backoff
        self.progress = progress
        self.budget = budget(account)
        self.signed_in = False
        """True when the credentials are a person's own sign-in, not a service account's key."""

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
                    timeout=self.timeout,
                )
            except requests.Timeout:
                return Attempt(failure="no answer in time (timeout)")
            except (requests.ConnectionError, auth_errors.TransportError) as error:
                return Attempt(failure=f"no connection ({error.__class__.__name__})")
            except auth_errors.RefreshError as error:
                why = error.args[0] if error.args else error
                if self.signed_in:
                    raise StorageError(
                        f"Google refused your sign-in ({why}); sign in again (gcloud auth application-default "
                        f"login with the spreadsheets scope) and run the command again."
                    ) from None
                raise StorageError(
                    f"Google refused the service account's key ({why}); "
                    f"the key may have been deleted: create a new JSON key and point --credentials at it."
                ) from None
            if response.status_code in RETRYABLE_STATUSES:
                return Attempt(
                    failure=f"{response.status_code} {response.reason or ''}".strip(),
                    retry_after=parse_retry_after(response.headers.get("Retry-After")),
                )
            return Attempt(result=response)

        response = self.backoff.run(attempt, self._waiting, _giving_up)
        if response.ok:
            return response
        raise APIError(response)

    def _waiting(self, failure: str, seconds: float, next_try: int) -> None:
        if self.progress:
            self.progress(
                f"Google Sheets answered {failure}; trying again in {seconds:.1f} s "
                f"(try {next_try} of {self.backoff.attempts})…"
            )


def _giving_up(failure: str, tries: int, waited: float) -> str:
    if failure.startswith("429"):
        fix = "the quota is 60 requests a minute: wait a minute and run the command again"
    elif failure.startswith("no "):
        fix = "check the network connection and run the command again"
    else:
        fix = "Google Sheets is having trouble: wait a few minutes and run the command again"
    return (
        f"Google Sheets did not answer usably after {tries} tries and {waited:.0f} s of waiting "
        f"(last: {failure}); {fix} (nothing is half-written: a write is switched in by one request)."
    )


class SheetsBook(Book):
    """A Google Sheet as a workbook. Tabs are matched by name without regard to case."""

    key: str

    def __init__(
        self,
        key: str,
        session: requests.Session,
        *,
        account: str = "",
        signed_in: bool = False,
        backoff: Backoff | None = None,
        timeout: Any = TIMEOUT,
        progress: Progress | None = None,
    ):
        self.key = key
        self.location = f"spreadsheet {key}"
        self.account = account
        self.progress = progress
        self.client = _Client(session, backoff or BACKOFF, timeout, progress, account)
        self.client.signed_in = signed_in
        self._metadata: dict | None = None
        self._cells: dict[str, dict] = {}

    @classmethod
    def open(cls, key_or_url: str, credentials_file: str | Path | None, **options: Any) -> SheetsBook:
        key = parse_key(key_or_url)
        credentials = load_credentials(credentials_file)
        account = getattr(credentials, "service_account_email", "")
        return cls(key, connect(credentials), account=account, signed_in=not account, **options)

    # ---- the Book interface

    @property
    def timezone(self) -> str | None:  # type: ignore[override]
        return self._meta().get("properties", {}).get("timeZone")

    @property
    def locale(self) -> str | None:  # type: ignore[override]
        return self._meta().get("properties", {}).get("locale")

    def read(self) -> Mapping[str, Rows]:
        """Every tab by name; a tab's cells are read when it is first looked up (with every small tab not
        read yet), and all those not read yet in one request when the whole mapping is gone through."""
        return _Tabs(self)

    def write(self, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
        if not tabs:
            return
        self._say(f"Writing {', '.join(tabs)} to {self.location}…")
        try:
            self._update(tabs, order)
        except APIError as error:
            if error.response.status_code != 400 or "already exists" not in str(error):
                raise StorageError(self._explain(error)) from None
            # An earlier try was carried out but its answer lost: look again, and write over what it wrote.
            self._metadata = None
            self._call(self._update, tabs, order)

    def create(self, tabs: Mapping[str, Rows], force: bool = False) -> None:
        wanted = {n.casefold() for n in tabs}
        tabs_now = self.read()
        present = {t: tabs_now[t] for t in tabs_now if t.casefold() in wanted}
        if present:
            used = [t for t, rows in present.items() if any(v is not None for r in rows for v in r)]
            if used and not force:
                raise StorageError(
                    f"{self.location} already has the tabs {', '.join(used)}; pass --force to replace them "
                    f"(the spreadsheet's other tabs are always left alone)."
                )
        self.write(tabs)

    def change_signal(self, ask: bool = True) -> object:
        """Every tab's size (a Form's response adds a row to its tab): one small request of the tabs'
        properties, no cells; with ask=False, the sizes this process last wrote, with no request."""
        if ask:
            self.forget()
        return tuple((tab["title"], tab.get("gridProperties", {}).get("rowCount")) for tab in self._tab_properties())

    def forget(self) -> None:
        self._metadata = None
        self._cells = {}

    # ---- the spreadsheet's structure

    def titles(self) -> list[str]:
        return [tab["title"] for tab in self._tab_properties()]

    def _tab_properties(self) -> list[dict]:
        """Every tab's properties but those of a staging tab."""
        return [
            s["properties"] for s in self._meta().get("sheets", []) if not s["properties"]["title"].startswith(STAGING)
        ]

    def _meta(self) -> dict:
        """The spreadsheet's properties and its tabs' names and sizes, read once (one small request)."""
        if self._metadata is None:
            self._say(f"Reading {self.location}…")
            params = {"prettyPrint": "false", "fields": META_FIELDS}  # a third of the bytes of an indented answer
            self._metadata = self._call(self.client.fetch_sheet_metadata, self.key, params)
        return self._metadata

    def _sheet(self, title: str) -> dict:
        """A tab's cells as spreadsheets.get answers them, read once; every small tab not read yet comes in
        the same request."""
        if title not in self._cells:
            small = [t for t, cells in self._sizes().items() if t not in self._cells and cells <= EAGER_CELLS]
            self._fetch([title, *(t for t in small if t != title)])
        return self._cells[title]

    def _sizes(self) -> dict[str, int]:
        """Every tab's grid size in cells, by title."""
        grids = {tab["title"]: tab.get("gridProperties", {}) for tab in self._tab_properties()}
        return {title: grid.get("rowCount", 0) * grid.get("columnCount", 0) for title, grid in grids.items()}

    def _fetch(self, titles: list[str]) -> None:
        """The cells of these tabs, in one spreadsheets.get with a range per tab."""
        titles = [t for t in titles if t not in self._cells]
        if not titles:
            return
        self._say(f"Reading {', '.join(titles)} from {self.location}…")
        params: dict[str, Any] = {
            "prettyPrint": "false",
            "includeGridData": "true",
            "ranges": [quote_title(t) for t in titles],
            "fields": GRID_FIELDS,
        }
        try:
            answer = self.client.fetch_sheet_metadata(self.key, params)
        except APIError as error:
            if error.response.status_code == 400 and "Unable to parse range" in str(error):
                self.forget()
                raise StorageError(
                    f"A tab of {self.location} was renamed or deleted while hostkit read it; run the command again."
                ) from None
            raise StorageError(self._explain(error)) from None
        for sheet in answer.get("sheets", []):
            self._cells[sheet["properties"]["title"]] = sheet
        for title in titles:
            self._cells.setdefault(title, {})

    def _update(self, tabs: Mapping[str, Rows], order: Order | None) -> None:
        """Every tab's cells, formats, frozen header and column widths, and the tabs' order: one
        spreadsheets:batchUpdate, which also adds the missing tabs and sizes each to what it holds."""
        existing = {t.casefold(): t for t in self.titles()}
        self._fetch([existing[n.casefold()] for n in tabs if n.casefold() in existing])  # the host's cells in them
        every = [dict(s["properties"]) for s in self._meta().get("sheets", [])]
        leftovers = [{"deleteSheet": {"sheetId": s["sheetId"]}} for s in every if s["title"].startswith(STAGING)]
        sheets = [s for s in every if not s["title"].startswith(STAGING)]
        by_title = {s["title"]: s for s in sheets}
        next_id = max((s["sheetId"] for s in every), default=0) + 1
        requests: list[dict] = []
        for name, rows in tabs.items():
            title = existing.get(name.casefold(), name)
            layout = look(rows)
            width = max(max((len(r) for r in rows), default=0), 1)
            host = self._host_cells(title, rows, width)
            height = max(len(rows), layout.frozen + 1, host.rows)
            sheet = by_title.get(title)
            if sheet is None:
                sheet = {
                    "sheetId": next_id,
                    "title": title,
                    "index": len(sheets),
                    "sheetType": "GRID",
                    "gridProperties": {
                        "rowCount": max(height, 100),
                        "columnCount": max(width, 26),
                        "frozenRowCount": layout.frozen,
                    },
                }
                next_id += 1
                sheets.append(sheet)
                by_title[title] = sheet
                requests.append({"addSheet": {"properties": sheet}})
            else:
                grid = dict(sheet.get("gridProperties", {}))
                grid.update(
                    rowCount=height + GRID_MARGIN,  # a tab hostkit rewrites whole shrinks back to what it holds
                    columnCount=max(width, MIN_COLUMNS, host.columns),
                    frozenRowCount=layout.frozen,
                )
                sheet["gridProperties"] = grid
                requests.append(
                    {
                        "updateSheetProperties": {
                            "properties": {"sheetId": sheet["sheetId"], "gridProperties": grid},
                            "fields": "gridProperties.rowCount,gridProperties.columnCount,gridProperties.frozenRowCount",
                        }
                    }
                )
            requests.append(cells_request(sheet["sheetId"], rows, layout, width, host.formulas))
            requests += widths_requests(sheet["sheetId"], layout)
        titles = [s["title"] for s in sheets]
        for index, title in enumerate(arranged(titles, order)):
            if titles[index] != title:
                requests.append(
                    {
                        "updateSheetProperties": {
                            "properties": {"sheetId": by_title[title]["sheetId"], "index": index},
                            "fields": "index",
                        }
                    }
                )
                titles.insert(index, titles.pop(titles.index(title)))
        grid_rows = {s["sheetId"]: s.get("gridProperties", {}).get("rowCount", 0) for s in by_title.values()}
        self._send([*leftovers, *requests], next_id, grid_rows)
        self._meta()["sheets"] = [{"properties": {**by_title[t], "index": i}} for i, t in enumerate(titles)]
        for name in tabs:  # the cells read before are stale now: a later read reads them again
            self._cells.pop(existing.get(name.casefold(), name), None)

    def _send(self, requests: list[dict], next_id: int, grid_rows: Mapping[int, int]) -> None:
        """The requests in one spreadsheets:batchUpdate when its body is at most MAX_BODY; else the largest
        tabs' cells are staged in hidden tabs, and everything goes in as few bodies of at most MAX_BODY as
        will hold it, each filled before the next: the staging tabs' rows in chunks, then, in the last
        batch (atomic, like every batch), a switch per tab (copyPaste onto the real tab, which keeps its sheet
        id and every formula pointing at it) with the rest, so no reader ever sees a tab half-written. Each
        row is serialised once. `grid_rows` is each written tab's row count once the batch has sized it."""
        parts = [_Part(request) for request in requests]
        if sum(part.size for part in parts) + len(parts) + 16 <= MAX_BODY:
            self._post(_body([part.json() for part in parts]))
            return
        staged: set[int] = set()
        while sum(p.size for i, p in enumerate(parts) if i not in staged) + 600 * (len(staged) + 1) > MAX_BODY:
            movable = [i for i, p in enumerate(parts) if p.rows is not None and i not in staged]
            staged.add(max(movable, key=lambda i: parts[i].size))
        batches = _Batches()
        final: list[bytes] = []
        for number, part in enumerate(parts):
            if number not in staged:
                final.append(part.json())
                continue
            cells = part.request["updateCells"]
            target, rows = cells["range"], part.rows or []
            width, staging = target["endColumnIndex"], next_id
            next_id += 1
            grid = {"rowCount": max(len(rows), 1), "columnCount": width}
            properties = {"sheetId": staging, "title": f"{STAGING}{staging}", "hidden": True, "gridProperties": grid}
            batches.add(_compact({"addSheet": {"properties": properties}}))
            start = 0
            while start < len(rows):
                room, end = batches.room() - 300, start
                while end < len(rows) and room >= len(rows[end]) + 1:
                    room -= len(rows[end]) + 1
                    end += 1
                if end == start and batches.parts:
                    batches.flush()
                    continue
                end = max(end, start + 1)
                span = {"sheetId": staging, "startRowIndex": start, "endRowIndex": end, "startColumnIndex": 0}
                head = _compact({"range": {**span, "endColumnIndex": width}, "fields": cells["fields"]})[:-1]
                batches.add(_update_cells(head, rows[start:end]))
                start = end
            whole = {"startRowIndex": 0, "endRowIndex": len(rows), "startColumnIndex": 0, "endColumnIndex": width}
            copy = {"source": {"sheetId": staging, **whole}, "destination": {"sheetId": target["sheetId"], **whole}}
            final.append(_compact({"copyPaste": {**copy, "pasteType": "PASTE_NORMAL"}}))
            below = grid_rows.get(target["sheetId"], 0)
            if below > len(rows):  # hostkit's columns under the rows, inside the grid: what a longer round left
                clear = {**target, "startRowIndex": len(rows), "endRowIndex": below}
                final.append(_compact({"updateCells": {"range": clear, "fields": cells["fields"]}}))
            final.append(_compact({"deleteSheet": {"sheetId": staging}}))
        if sum(map(len, final)) + len(final) > batches.room():
            batches.flush()
        for request in final:
            batches.add(request)
        batches.flush()
        for number, body in enumerate(batches.bodies, start=1):
            if number < len(batches.bodies):
                self._say(f"Writing {self.location}: part {number} of {len(batches.bodies)}…")
            self._post(body)

    def _post(self, body: bytes) -> None:
        self.client.request(
            "post",
            SPREADSHEET_BATCH_UPDATE_URL % self.key,
            data=body,
            headers={"Content-Type": "application/json; charset=utf-8"},
        )

    def _host_cells(self, title: str, rows: Rows, width: int) -> HostCells:
        """What the host keeps in a tab hostkit rewrites: the cells right of hostkit's columns (never
        written: updateCells covers only hostkit's columns) and the formulas in hostkit's columns whose value
        hostkit writes back unchanged."""
        sheet = self._cells.get(title)
        if not sheet or "data" not in sheet:
            return HostCells()
        old = grid_rows(sheet)
        beyond = [r for r, row in enumerate(old) if any(v is not None for v in row[width:])]
        formulas = {
            (r, c): formula
            for (r, c), formula in grid_formulas(sheet).items()
            if c < width and r < len(rows) and c < len(rows[r]) and is_same(rows[r][c], old[r][c])
        }
        return HostCells(
            rows=beyond[-1] + 1 if beyond else 0,
            columns=max((len(row) for row in old), default=0),
            formulas=formulas,
        )

    # ---- errors and progress

    def _call(self, method: Callable, *args: Any) -> Any:
        try:
            return method(*args)
        except APIError as error:
            raise StorageError(self._explain(error)) from None

    def _explain(self, error: APIError) -> str:
        code = error.response.status_code
        message = _api_message(error)
        if code == 403:
            if self.client.signed_in:
                return (
                    f"Your Google account may not use {self.location} ({message.rstrip('.')}); open it in "
                    f"Google Sheets as the account you signed in with, or have its owner share it with you as "
                    f"Editor, and run again."
                )
            return (
                f"The service account may not use {self.location} ({message.rstrip('.')}); share the "
                f"spreadsheet with {self.account} as Editor (Share button in Google Sheets) and run again."
            )
        if code == 404:
            return (
                f"There is no spreadsheet with the key {self.key!r} ({message.rstrip('.')}); copy the key "
                f"or the whole address from the browser: https://docs.google.com/spreadsheets/d/KEY/edit."
            )
        if code == 401:
            fix = "sign in again" if self.client.signed_in else "download a new JSON key for the service account"
            return (
                f"Google did not accept the credentials ({message.rstrip('.')}); {fix} and point --credentials at it."
            )
        return f"Google Sheets refused the request ({code}: {message.rstrip('.')}); check {self.location}."

    def _say(self, line: str) -> None:
        if self.progress:
            self.progress(line)


class _Tabs(Mapping[str, Rows]):
    """A Google Sheet's tabs by name, each read when first looked up."""

    def __init__(self, book: SheetsBook):
        self._book = book
        self._titles = book.titles()

    def __getitem__(self, title: str) -> Rows:
        if title not in self._titles:
            raise KeyError(title)
        return grid_rows(self._book._sheet(title))

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles)

    def __len__(self) -> int:
        return len(self._titles)

    def items(self) -> ItemsView[str, Rows]:
        self._book._fetch(self._titles)
        return super().items()

    def values(self) -> ValuesView[Rows]:
        self._book._fetch(self._titles)
        return super().values()


def _api_message(error: APIError) -> str:
    """Google's own message in an error answer, read from the answer (not every gspread release parses it)."""
    try:
        detail = error.response.json().get("error")
    except (ValueError, AttributeError):
        return str(error)
    return str(detail.get("message", "")) if isinstance(detail, dict) else str(detail or error)
