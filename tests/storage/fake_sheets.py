"""An in-process fake of the Google Sheets API v4 endpoints hostkit uses, as a requests transport adapter.

Mounted on a session for every scheme, it answers every request itself, so nothing reaches the network.
It answers in the shapes the real service does (see the recorded exchanges the project was built from):
range titles quoted only when needed and ranges clipped to the grid, ragged rows with trailing blanks
dropped and blank rows inside a range as [], no "values" key for an empty range, typed values under
UNFORMATTED_VALUE (strings under the default FORMATTED_VALUE), and the error bodies of 400/403/404/429.
It answers with only the fields a `fields` mask selects (Google then ignores includeGridData: the mask says
whether the grid comes), and counts an answer's bytes gzip-compressed when the request accepts gzip and says
gzip in its User-Agent, as Google compresses. It counts requests and the bytes sent, and can be scripted to
answer a storm of 429s, to drop connections, or to take longer to answer than a client may wait.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from hostkit.core.tables import column_index, column_letter

API = "sheets.googleapis.com"
STATUS = {
    400: ("Bad Request", "INVALID_ARGUMENT"),
    403: ("Forbidden", "PERMISSION_DENIED"),
    404: ("Not Found", "NOT_FOUND"),
    429: ("Too Many Requests", "RESOURCE_EXHAUSTED"),
    500: ("Internal Server Error", "INTERNAL"),
    503: ("Service Unavailable", "UNAVAILABLE"),
}
MESSAGES = {
    403: "The caller does not have permission",
    404: "Requested entity was not found.",
    429: "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' "
    "of service 'sheets.googleapis.com' for consumer 'project_number:000000000000'.",
    500: "Internal error encountered.",
    503: "The service is currently unavailable.",
}
PAYLOAD_LIMIT = 10 * 1024 * 1024
"""Google refuses a request body over 10 MiB with a 400 (Request payload size exceeds the limit)."""
_A1 = re.compile(r"^([A-Z]*)(\d*)(?::([A-Z]*)(\d*))?$")


class ApiError(Exception):
    def __init__(self, code: int, message: str = ""):
        super().__init__(message)
        self.code = code
        self.message = message or MESSAGES.get(code, "")


@dataclass
class Tab:
    sheet_id: int
    title: str
    index: int
    row_count: int = 1000
    column_count: int = 26
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    formats: dict[tuple[int, int], dict] = field(default_factory=dict)
    widths: dict[int, int] = field(default_factory=dict)
    frozen_rows: int = 0
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)
    """A host's formulas; the cell keeps its computed value in `cells` (the fake computes nothing)."""
    hidden: bool = False

    def properties(self) -> dict:
        grid = {"rowCount": self.row_count, "columnCount": self.column_count}
        if self.frozen_rows:
            grid["frozenRowCount"] = self.frozen_rows
        return {
            **({"hidden": True} if self.hidden else {}),
            "sheetId": self.sheet_id,
            "title": self.title,
            "index": self.index,
            "sheetType": "GRID",
            "gridProperties": grid,
        }


@dataclass
class Spreadsheet:
    key: str
    title: str
    time_zone: str
    tabs: list[Tab] = field(default_factory=list)
    locale: str = "en_US"

    def tab(self, title: str) -> Tab:
        for tab in self.tabs:
            if tab.title == title:
                return tab
        raise KeyError(title)


@dataclass(frozen=True)
class Call:
    """One request the fake answered: what it was, for which spreadsheet, and what it cost."""

    kind: str
    key: str
    status: int
    bytes_sent: int
    timeout: Any
    body: Any
    query: dict = field(default_factory=dict)
    received: int = 0
    """Bytes of the answer, as sent over the wire (compact when asked)."""
    at: float = 0.0
    """When it was made, on the fake's clock."""
    headers: dict = field(default_factory=dict)
    """The request's headers."""


def column_number(letters: str) -> int:
    return column_index(letters) + 1


def column_letters(number: int) -> str:
    return column_letter(number - 1)


def shown_title(title: str) -> str:
    """A title as the API prints it in a range: bare when plain, else quoted ('🌵 tab 1'!A1:A10)."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", title) and not re.fullmatch(r"[A-Za-z]{1,3}\d+", title):
        return title
    return "'" + title.replace("'", "''") + "'"


def split_range(text: str) -> tuple[str, str]:
    if text.startswith("'"):
        i, title = 1, ""
        while i < len(text):
            if text[i] == "'":
                if text[i + 1 : i + 2] == "'":
                    title, i = title + "'", i + 2
                    continue
                rest = text[i + 1 :]
                if rest and not rest.startswith("!"):
                    raise ApiError(400, f"Unable to parse range: {text}")
                return title, rest[1:]
            title, i = title + text[i], i + 1
        raise ApiError(400, f"Unable to parse range: {text}")
    title, _, a1 = text.partition("!")
    return title, a1


class FakeSheets(BaseAdapter):
    """Spreadsheets by key, answered in process. Use fake.session() as the backend's HTTP session."""

    def __init__(self) -> None:
        super().__init__()
        self.books: dict[str, Spreadsheet] = {}
        self.forbidden: set[str] = set()
        self.calls: list[Call] = []
        self._script: deque = deque()
        self._next_id = 1_000_001
        self.clock: Callable[[], float] | None = None
        """With a clock, the fake keeps Google's quota: a 61st read (or write) in a rolling minute gets a 429."""
        self.elapse: Callable[[float], None] | None = None
        """Moves the test's clock on by the seconds a slow answer takes (see slow())."""
        self._slow: list[tuple[str | None, float]] = []
        self._down: tuple[float, int] = (0.0, 429)

    # ---- arranging

    def add(
        self,
        key: str,
        tabs: dict[str, list[list[Any]]] | None = None,
        time_zone: str = "Etc/GMT",
        title: str = "Season 3",
    ) -> Spreadsheet:
        book = Spreadsheet(key, title, time_zone)
        for index, (name, rows) in enumerate((tabs or {"Sheet1": []}).items()):
            tab = Tab(0 if index == 0 else self._new_id(), name, index)
            tab.row_count = max(tab.row_count, len(rows))
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    if value not in (None, ""):
                        tab.cells[(r, c)] = value
            book.tabs.append(tab)
        self.books[key] = book
        return book

    def forbid(self, key: str) -> None:
        """Answer 403 for this spreadsheet, as when it is not shared with the service account."""
        self.forbidden.add(key)

    def storm(
        self,
        times: int,
        status: int = 429,
        retry_after: str | None = None,
        error: type[Exception] | None = None,
        lost: bool = False,
    ) -> None:
        """The next `times` requests fail: with this status (and Retry-After), or by raising `error`;
        with lost=True the request is carried out first and only its answer is lost."""
        for _ in range(times):
            self._script.append((status, retry_after, error, lost))

    def outage(self, until: float, status: int = 429) -> None:
        """Every request answers `status` until the fake's clock reads `until` (as a quota 429 lasts until the
        minute is over)."""
        assert self.clock is not None, "an outage is timed on the fake's clock"
        self._down = (until, status)

    def slow(self, seconds: float, kind: str | None = None) -> None:
        """Google works on the next request (of this kind) for `seconds` (up to 180 s, then it answers with a
        timeout of its own). A client whose read timeout is shorter stops waiting first: the fake carries the
        request out all the same, as Google does, and the client sees a ReadTimeout."""
        self._slow.append((kind, seconds))

    def session(self) -> requests.Session:
        session = requests.Session()
        session.mount("https://", self)
        session.mount("http://", self)
        return session

    # ---- inspecting

    def count(self, kind: str | None = None, key: str | None = None) -> int:
        return sum(1 for c in self.calls if (kind is None or c.kind == kind) and (key is None or c.key == key))

    def bytes_sent(self) -> int:
        return sum(c.bytes_sent for c in self.calls)

    def rows(self, key: str, title: str) -> list[list[Any]]:
        """A tab's cells as the API would answer a read of the whole tab (ragged, blanks as "")."""
        tab = self.books[key].tab(title)
        return _block(tab, 0, 0, tab.row_count - 1, tab.column_count - 1).get("values", [])

    # ---- the transport

    def close(self) -> None:
        pass

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: Any = None,
        verify: Any = True,
        cert: Any = None,
        proxies: Any = None,
    ) -> requests.Response:
        url = urlsplit(request.url or "")
        if url.hostname != API:
            raise AssertionError(f"the fake Sheets API got a request for another host: {request.url}")
        body = request.body or b""
        body_bytes = body.encode() if isinstance(body, str) else body
        payload = json.loads(body_bytes) if body_bytes else None
        kind, key, handler = self._route(request.method or "GET", url.path)
        sent = len(request.url or "") + len(body_bytes)
        query = parse_qs(url.query)
        if self.clock is not None and (self._over_quota(kind) or self.clock() < self._down[0]):
            status = 429 if self._over_quota(kind) else self._down[1]
            self.calls.append(Call(kind, key, status, sent, timeout, payload, query, at=self.clock()))
            return self._answer(request, status, _error_body(status), {})
        if self._script and not self._script[0][3]:
            status, retry_after, error, _ = self._script.popleft()
            self.calls.append(Call(kind, key, status if error is None else 0, sent, timeout, payload, query))
            if error is not None:
                raise error(f"scripted failure of {kind}")
            return self._answer(
                request, status, _error_body(status), {"Retry-After": retry_after} if retry_after else {}
            )
        slow = next((each for each in self._slow if each[0] in (None, kind)), None)
        if slow:
            self._slow.remove(slow)
        try:
            if key in self.forbidden:
                raise ApiError(403)
            if key not in self.books:
                raise ApiError(404)
            if len(body_bytes) > PAYLOAD_LIMIT:
                raise ApiError(400, f"Request payload size exceeds the limit: {PAYLOAD_LIMIT} bytes.")
            status, answer = 200, _selected(handler(self.books[key], query, payload), query.get("fields", [""])[0])
        except ApiError as error:
            status, answer = error.code, _error_body(error.code, error.message)
        at = self.clock() if self.clock else 0.0
        self.calls.append(
            Call(kind, key, status, sent, timeout, payload, query, at=at, headers=CaseInsensitiveDict(request.headers))
        )
        if self._script and self._script[0][3]:
            raise self._script.popleft()[2](f"the answer to {kind} was lost")
        self._take(slow[1] if slow else 0.0, timeout, kind)
        response = self._answer(request, status, answer, {}, compact=query.get("prettyPrint") == ["false"])
        self.calls[-1] = replace(self.calls[-1], received=_wire_size(request, response.content))
        return response

    def _take(self, seconds: float, timeout: Any, kind: str) -> None:
        """The time Google works on a request, on the test's clock; a ReadTimeout if the client stops waiting
        first (the request was carried out all the same)."""
        if not seconds:
            return
        waits = timeout[1] if isinstance(timeout, tuple) else timeout
        if waits is not None and waits < min(seconds, 180.0):
            if self.elapse:
                self.elapse(waits)
            raise requests.ReadTimeout(f"the answer to {kind} took longer than {waits} s")
        if self.elapse:
            self.elapse(min(seconds, 180.0))
        if seconds > 180.0:
            raise AssertionError("the fake models answers within Google's 180 s only")

    def _over_quota(self, kind: str) -> bool:
        assert self.clock is not None
        now = self.clock()
        writes = kind.endswith("batchUpdate")
        recent = [c for c in self.calls if now - c.at < 60 and c.kind.endswith("batchUpdate") == writes]
        return len(recent) >= 60

    def most_in_a_minute(self) -> tuple[int, int]:
        """The most reads, and the most writes, made in any rolling minute (on the fake's clock)."""
        most = [0, 0]
        for call in self.calls:
            for writes in (0, 1):
                window = [
                    c for c in self.calls if call.at <= c.at < call.at + 60 and c.kind.endswith("batchUpdate") == writes
                ]
                most[writes] = max(most[writes], len(window))
        return most[0], most[1]

    def _route(self, method: str, path: str) -> tuple[str, str, Any]:
        parts = path.split("/v4/spreadsheets/", 1)
        rest = unquote(parts[1]) if len(parts) == 2 else ""
        if method == "GET" and rest.endswith("/values:batchGet"):
            return "values.batchGet", rest[: -len("/values:batchGet")], self._batch_get
        if method == "POST" and rest.endswith("/values:batchUpdate"):
            return "values.batchUpdate", rest[: -len("/values:batchUpdate")], self._values_batch_update
        if method == "POST" and rest.endswith(":batchUpdate") and "/" not in rest:
            return "spreadsheets.batchUpdate", rest[: -len(":batchUpdate")], self._batch_update
        if method == "GET" and rest and "/" not in rest:
            return "spreadsheets.get", rest, self._get
        raise AssertionError(f"the fake Sheets API does not model {method} {path}")

    def _answer(
        self,
        request: requests.PreparedRequest,
        status: int,
        body: dict,
        headers: dict[str, str],
        compact: bool = False,
    ) -> requests.Response:
        response = requests.Response()
        response.status_code = status
        response.reason = "OK" if status == 200 else STATUS.get(status, ("Error", ""))[0]
        shown = (
            json.dumps(body, ensure_ascii=False, separators=(",", ":"))
            if compact
            else json.dumps(body, indent=2, ensure_ascii=False)
        )
        response._content = (shown + "\n").encode("utf-8")
        response.headers = CaseInsensitiveDict({"Content-Type": "application/json; charset=UTF-8", **headers})
        response.encoding = "utf-8"
        response.url = request.url or ""
        response.request = request
        return response

    def _new_id(self) -> int:
        self._next_id += 7919
        return self._next_id

    # ---- the endpoints

    def _get(self, book: Spreadsheet, query: dict, payload: Any) -> dict:
        grid = query.get("includeGridData", ["false"])[0] == "true"
        for mask in query.get("fields", []):
            _check_fields(mask)
            grid = any(path[:2] == ["sheets", "data"] for path in _mask_paths(mask))  # includeGridData is ignored
        tabs = sorted(book.tabs, key=lambda t: t.index)
        if "ranges" in query:  # only the tabs a range touches are in the answer, as Google answers
            touched = set()
            for text in query["ranges"]:
                if split_range(text)[1]:
                    raise AssertionError(f"the fake models only whole-tab ranges, not {text!r}")
                touched.add(_locate(book, text)[0].title)
            tabs = [t for t in tabs if t.title in touched]
        return {
            "spreadsheetId": book.key,
            "properties": {
                "title": book.title,
                "locale": book.locale,
                "autoRecalc": "ON_CHANGE",
                "timeZone": book.time_zone,
                "defaultFormat": {
                    "backgroundColor": {"red": 1, "green": 1, "blue": 1},
                    "padding": {"top": 2, "right": 3, "bottom": 2, "left": 3},
                    "verticalAlignment": "BOTTOM",
                    "wrapStrategy": "OVERFLOW_CELL",
                    "textFormat": {
                        "foregroundColor": {},
                        "fontFamily": "arial,sans,sans-serif",
                        "fontSize": 10,
                        "bold": False,
                        "italic": False,
                        "strikethrough": False,
                        "underline": False,
                    },
                },
            },
            "sheets": [
                {
                    "properties": t.properties(),
                    **(
                        {"data": [_grid_data(t, *(word in query.get("fields", [""])[0] for word in FIELD_WORDS))]}
                        if grid
                        else {}
                    ),
                }
                for t in tabs
            ],
            "spreadsheetUrl": f"https://docs.google.com/spreadsheets/d/{book.key}/edit",
        }

    def _batch_get(self, book: Spreadsheet, query: dict, payload: Any) -> dict:
        typed = query.get("valueRenderOption", ["FORMATTED_VALUE"])[0] == "UNFORMATTED_VALUE"
        blocks = []
        for text in query.get("ranges", []):
            tab, r0, c0, r1, c1 = _locate(book, text)
            block = _block(tab, r0, c0, r1, c1)
            if not typed and "values" in block:
                block["values"] = [[_formatted(v) for v in row] for row in block["values"]]
            blocks.append(block)
        return {"spreadsheetId": book.key, "valueRanges": blocks}

    def _values_batch_update(self, book: Spreadsheet, query: dict, payload: Any) -> dict:
        option = (payload or {}).get("valueInputOption")
        if option is None:
            raise ApiError(400, "'valueInputOption' is required but not specified")
        if option != "RAW":
            raise ApiError(400, f"the fake models RAW writes only, not {option}")
        staged = [_copied(tab) for tab in book.tabs]  # all or none: the batch works on copies
        shadow = Spreadsheet(book.key, book.title, book.time_zone, staged)
        responses = []
        for item in payload.get("data", []):
            tab, r0, c0, r1, c1 = _locate(shadow, item["range"])
            values = item.get("values", [])
            height, width = len(values), max((len(r) for r in values), default=0)
            if r0 + height > tab.row_count or c0 + width > tab.column_count:
                raise ApiError(
                    400,
                    f"Range ({shown_title(tab.title)}!{column_letters(c0 + 1)}{r0 + height}) "
                    f"exceeds grid limits. Max rows: {tab.row_count}, max columns: "
                    f"{tab.column_count}",
                )
            if height > r1 - r0 + 1 or width > c1 - c0 + 1:
                raise ApiError(
                    400, f"Requested writing within range [{item['range']}], but tried writing to row [{r0 + height}]"
                )
            for r, row in enumerate(values):
                for c, value in enumerate(row):
                    if value in ("", None):
                        tab.cells.pop((r0 + r, c0 + c), None)
                    else:
                        tab.cells[(r0 + r, c0 + c)] = value
            responses.append(
                {
                    "spreadsheetId": book.key,
                    "updatedRange": f"{shown_title(tab.title)}!{_a1(r0, c0, r0 + height - 1, c0 + width - 1)}",
                    "updatedRows": height,
                    "updatedColumns": width,
                    "updatedCells": sum(len(r) for r in values),
                }
            )
        book.tabs = staged
        return {
            "spreadsheetId": book.key,
            "totalUpdatedRows": sum(r["updatedRows"] for r in responses),
            "totalUpdatedColumns": max((r["updatedColumns"] for r in responses), default=0),
            "totalUpdatedCells": sum(r["updatedCells"] for r in responses),
            "totalUpdatedSheets": len({r["updatedRange"].rsplit("!", 1)[0] for r in responses}),
            "responses": responses,
        }

    def _batch_update(self, book: Spreadsheet, query: dict, payload: Any) -> dict:
        """addSheet, updateSheetProperties (size, frozen rows, index), updateCells and updateDimensionProperties,
        applied in order, all or none."""
        for mask in query.get("fields", []):
            for path in _mask_paths(mask):
                if path[0] not in BATCH_UPDATE_FIELDS:
                    raise ApiError(400, f"Request contains an invalid argument. Invalid field selection {path[0]}")
        staged = [_copied(tab) for tab in book.tabs]  # all or none: the batch works on copies
        replies: list[dict] = []
        for number, request in enumerate((payload or {}).get("requests", [])):
            if "addSheet" in request:
                props = request["addSheet"].get("properties", {})
                title = props.get("title") or f"Sheet{len(staged) + 1}"
                if any(t.title.casefold() == title.casefold() for t in staged):
                    raise ApiError(
                        400,
                        f'Invalid requests[{number}].addSheet: A sheet with the name "{title}" '
                        f"already exists. Please enter another name.",
                    )
                if any(t.sheet_id == props.get("sheetId") for t in staged):
                    raise ApiError(
                        400,
                        f"Invalid requests[{number}].addSheet: A sheet with the id {props['sheetId']} already exists.",
                    )
                grid = props.get("gridProperties", {})
                tab = Tab(
                    props.get("sheetId", self._new_id()),
                    title,
                    len(staged),
                    grid.get("rowCount", 1000),
                    grid.get("columnCount", 26),
                )
                tab.frozen_rows = grid.get("frozenRowCount", 0)
                tab.hidden = bool(props.get("hidden", False))
                _check_frozen(tab, number)
                staged.append(tab)
                replies.append({"addSheet": {"properties": tab.properties()}})
                continue
            if "updateSheetProperties" in request:
                update = request["updateSheetProperties"]
                tab = _tab_by_id(staged, update["properties"].get("sheetId"), number, "updateSheetProperties")
                fields = set(update.get("fields", "").split(","))
                grid = update["properties"].get("gridProperties", {})
                if "gridProperties.rowCount" in fields:
                    tab.row_count = grid.get("rowCount", tab.row_count)
                if "gridProperties.columnCount" in fields:
                    tab.column_count = grid.get("columnCount", tab.column_count)
                if "gridProperties.frozenRowCount" in fields:
                    tab.frozen_rows = grid.get("frozenRowCount", 0)
                    _check_frozen(tab, number)
                if "index" in fields:
                    staged.remove(tab)
                    staged.insert(update["properties"]["index"], tab)
                    for index, each in enumerate(staged):
                        each.index = index
                if not fields & {
                    "gridProperties.rowCount",
                    "gridProperties.columnCount",
                    "gridProperties.frozenRowCount",
                    "index",
                }:
                    raise AssertionError(f"the fake does not model the fields {update.get('fields')!r}")
            elif "updateCells" in request:
                self._update_cells(staged, request["updateCells"], number)
            elif "deleteSheet" in request:
                tab = _tab_by_id(staged, request["deleteSheet"].get("sheetId"), number, "deleteSheet")
                staged.remove(tab)
                for index, each in enumerate(staged):
                    each.index = index
            elif "copyPaste" in request:
                _copy_paste(staged, request["copyPaste"], number)
            elif "updateDimensionProperties" in request:
                update = request["updateDimensionProperties"]
                span = update["range"]
                tab = _tab_by_id(staged, span.get("sheetId"), number, "updateDimensionProperties")
                if span.get("dimension") != "COLUMNS" or update.get("fields") != "pixelSize":
                    raise AssertionError("the fake models column widths only")
                if span["endIndex"] > tab.column_count:
                    raise ApiError(
                        400,
                        f"Invalid requests[{number}].updateDimensionProperties: Invalid "
                        f"dimensionRange: endIndex {span['endIndex']} > {tab.column_count}",
                    )
                for column in range(span["startIndex"], span["endIndex"]):
                    tab.widths[column] = update["properties"]["pixelSize"]
            else:
                raise AssertionError(f"the fake Sheets API does not model the request {sorted(request)}")
            replies.append({})
        book.tabs = staged
        return {"spreadsheetId": book.key, "replies": replies}

    @staticmethod
    def _update_cells(staged: list[Tab], update: dict, number: int) -> None:
        """Write rows from the range's top left; with a range, the fields of every cell it covers and the rows
        do not are cleared (a range of only a sheetId is the whole tab)."""
        if update.get("fields") != "userEnteredValue,userEnteredFormat" or "range" not in update:
            raise AssertionError("the fake models updateCells over a range, of values and formats")
        span = update["range"]
        tab = _tab_by_id(staged, span.get("sheetId"), number, "updateCells")
        r0, c0 = span.get("startRowIndex", 0), span.get("startColumnIndex", 0)
        r1, c1 = span.get("endRowIndex", tab.row_count), span.get("endColumnIndex", tab.column_count)
        if r0 >= tab.row_count or r1 > tab.row_count or c0 >= tab.column_count or c1 > tab.column_count:
            raise ApiError(
                400,
                f"Invalid requests[{number}].updateCells: Range ({shown_title(tab.title)}!R{r0 + 1}C{c0 + 1}:"
                f"R{r1}C{c1}) exceeds grid limits. Max rows: {tab.row_count}, max columns: {tab.column_count}",
            )
        rows = [row.get("values", []) for row in update.get("rows", [])]
        for row in rows:
            for data in row:
                form = data.get("userEnteredFormat", {})
                old = {"backgroundColor", "textFormat.foregroundColor"} & {
                    *form,
                    *(f"textFormat.{k}" for k in form.get("textFormat", {})),
                }
                if old:
                    raise AssertionError(f"hostkit sent the deprecated field {sorted(old)[0]} (use …ColorStyle)")
        if r0 + len(rows) > min(r1, tab.row_count) or c0 + max(map(len, rows), default=0) > min(c1, tab.column_count):
            raise ApiError(
                400,
                f"Invalid requests[{number}].updateCells: Attempting to write row: "
                f"{r0 + len(rows) - 1}, beyond the last requested row of: {r1 - 1}",
            )
        shown, shown_formulas = dict(tab.cells), dict(tab.formulas)
        for key in [k for k in tab.cells if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
            del tab.cells[key]
        for key in [k for k in tab.formulas if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
            del tab.formulas[key]
        for key in [k for k in tab.formats if r0 <= k[0] < r1 and c0 <= k[1] < c1]:
            del tab.formats[key]
        for r, row in enumerate(rows):
            for c, data in enumerate(row):
                value = data.get("userEnteredValue")
                if value:
                    ((kind, typed),) = value.items()
                    if kind == "formulaValue":  # only a host's own formula, put back where it was
                        if typed not in ("=" + f.lstrip("=") for f in shown_formulas.values()):
                            raise AssertionError(f"hostkit wrote a formula that was not the host's: {typed!r}")
                        tab.formulas[(r0 + r, c0 + c)] = typed
                        typed = shown.get((r0 + r, c0 + c), "")
                    tab.cells[(r0 + r, c0 + c)] = typed
                if data.get("userEnteredFormat"):
                    tab.formats[(r0 + r, c0 + c)] = data["userEnteredFormat"]


def _copied(tab: Tab) -> Tab:
    """A tab whose cells, formats, formulas and widths can change without changing the original (cell values
    and formats are never changed in place, only replaced)."""
    return replace(
        tab, cells=dict(tab.cells), formats=dict(tab.formats), widths=dict(tab.widths), formulas=dict(tab.formulas)
    )


def _copy_paste(tabs: list[Tab], paste: dict, number: int) -> None:
    """PASTE_NORMAL of a source range onto a destination range of the same size: values, formats and
    formulas, the destination's old cells replaced."""
    if paste.get("pasteType", "PASTE_NORMAL") != "PASTE_NORMAL":
        raise AssertionError("the fake models copyPaste PASTE_NORMAL only")
    source, target = paste["source"], paste["destination"]
    src = _tab_by_id(tabs, source.get("sheetId"), number, "copyPaste")
    dst = _tab_by_id(tabs, target.get("sheetId"), number, "copyPaste")
    r0, r1 = source.get("startRowIndex", 0), source.get("endRowIndex", src.row_count)
    c0, c1 = source.get("startColumnIndex", 0), source.get("endColumnIndex", src.column_count)
    d0, e0 = target.get("startRowIndex", 0), target.get("startColumnIndex", 0)
    if d0 + (r1 - r0) > dst.row_count or e0 + (c1 - c0) > dst.column_count:
        raise ApiError(400, f"Invalid requests[{number}].copyPaste: the destination range is outside the grid.")
    for store in ("cells", "formats", "formulas"):
        old, new = getattr(src, store), getattr(dst, store)
        for key in [k for k in new if d0 <= k[0] < d0 + r1 - r0 and e0 <= k[1] < e0 + c1 - c0]:
            del new[key]
        for (r, c), value in list(old.items()):
            if r0 <= r < r1 and c0 <= c < c1:
                new[(d0 + r - r0, e0 + c - c0)] = value  # never changed in place, only replaced


def _tab_by_id(tabs: list[Tab], sheet_id: Any, number: int, kind: str) -> Tab:
    tab = next((t for t in tabs if t.sheet_id == sheet_id), None)
    if tab is None:
        raise ApiError(400, f"Invalid requests[{number}].{kind}: No grid with id: {sheet_id}")
    return tab


def _check_frozen(tab: Tab, number: int) -> None:
    if tab.frozen_rows >= tab.row_count:
        raise ApiError(400, f"Invalid requests[{number}]: You can't freeze all visible rows on the sheet.")


ANY: dict = {}
"""A field whose whole value is answered: any sub-field of it may be asked for."""
CELL = {
    "effectiveValue": ANY,
    "userEnteredValue": {"formulaValue": ANY, "stringValue": ANY, "numberValue": ANY, "boolValue": ANY},
    "formattedValue": ANY,
    "effectiveFormat": {"numberFormat": {"type": ANY, "pattern": ANY}},
    "userEnteredFormat": {"numberFormat": {"type": ANY, "pattern": ANY}},
}
SPREADSHEET_FIELDS = {
    "spreadsheetId": ANY,
    "spreadsheetUrl": ANY,
    "properties": {"title": ANY, "locale": ANY, "autoRecalc": ANY, "timeZone": ANY, "defaultFormat": ANY},
    "sheets": {
        "properties": {
            "sheetId": ANY,
            "title": ANY,
            "index": ANY,
            "sheetType": ANY,
            "hidden": ANY,
            "gridProperties": {"rowCount": ANY, "columnCount": ANY, "frozenRowCount": ANY},
        },
        "data": {"startRow": ANY, "startColumn": ANY, "rowData": {"values": CELL}},
    },
}
"""The part of the Spreadsheet resource the fake answers: a fields mask naming anything else is refused, as
Google refuses a field that does not exist."""


BATCH_UPDATE_FIELDS = {"spreadsheetId", "replies", "updatedSpreadsheet"}
"""The fields of spreadsheets:batchUpdate's answer."""


def _selected(answer: Any, mask: str) -> Any:
    """The answer with only the fields the mask selects (all of it without a mask)."""
    if not mask:
        return answer
    tree: dict = {}
    for path in _mask_paths(mask):
        node = tree
        for name in path:
            node = node.setdefault(name, {})
    if "rowData" in tree.get("sheets", {}).get("data", {}):
        tree["sheets"]["data"]["rowData"] = {}  # the cells are built to the mask already (_grid_data), and many
    return _pruned(answer, tree)


def _pruned(value: Any, tree: dict) -> Any:
    if not tree:
        return value
    if isinstance(value, list):
        return [_pruned(item, tree) for item in value]
    if not isinstance(value, dict):
        return value
    return {name: _pruned(value[name], sub) for name, sub in tree.items() if name in value}


def _wire_size(request: requests.PreparedRequest, content: bytes) -> int:
    """An answer's bytes on the wire: gzip-compressed only for a request that accepts gzip and says gzip in its
    User-Agent (the Sheets API's performance guide)."""
    accepts = "gzip" in request.headers.get("Accept-Encoding", "")
    if accepts and "gzip" in request.headers.get("User-Agent", ""):
        return len(gzip.compress(content, compresslevel=6))
    return len(content)


def _check_fields(mask: str) -> None:
    """400 for a fields mask that names a field the resource does not have (Google's own words)."""
    for path in _mask_paths(mask):
        node = SPREADSHEET_FIELDS
        for name in path:
            if node is ANY:
                break
            if name not in node:
                raise ApiError(400, f"Request contains an invalid argument. Invalid field selection {name}")
            node = node[name]


def _mask_paths(mask: str) -> list[list[str]]:
    """a(b,c.d),e -> [[a, b], [a, c, d], [e]]"""
    paths: list[list[str]] = []
    stack: list[list[str]] = [[]]
    word = ""
    for ch in mask + ",":
        if ch in ",()":
            if word:
                paths.append(stack[-1] + word.strip().replace("/", ".").split("."))
            if ch == "(":
                stack.append(stack[-1] + word.strip().replace("/", ".").split("."))
                paths.pop()
            elif ch == ")":
                stack.pop()
            word = ""
        else:
            word += ch
    return paths


def _error_body(code: int, message: str = "") -> dict:
    return {
        "error": {
            "code": code,
            "message": message or MESSAGES.get(code, ""),
            "status": STATUS.get(code, ("", "UNKNOWN"))[1],
        }
    }


def _locate(book: Spreadsheet, text: str) -> tuple[Tab, int, int, int, int]:
    """The tab and 0-based inclusive bounds of a range, clipped to the grid as the API does."""
    title, a1 = split_range(text)
    try:
        tab = book.tab(title)
    except KeyError:
        raise ApiError(400, f"Unable to parse range: {text}") from None
    last_r, last_c = tab.row_count - 1, tab.column_count - 1
    if not a1:
        return tab, 0, 0, last_r, last_c
    found = _A1.match(a1)
    if not found:
        raise ApiError(400, f"Unable to parse range: {text}")
    col0, row0, col1, row1 = found.groups()
    if ":" not in a1:
        col1, row1 = col0, row0
    r0 = int(row0) - 1 if row0 else 0
    c0 = column_number(col0) - 1 if col0 else 0
    r1 = int(row1) - 1 if row1 else last_r
    c1 = column_number(col1) - 1 if col1 else last_c
    if r0 > last_r or c0 > last_c:
        raise ApiError(
            400,
            f"Range ({shown_title(tab.title)}!{a1}) exceeds grid limits. Max rows: "
            f"{tab.row_count}, max columns: {tab.column_count}",
        )
    return tab, r0, c0, min(r1, last_r), min(c1, last_c)


def _a1(r0: int, c0: int, r1: int, c1: int) -> str:
    return f"{column_letters(c0 + 1)}{r0 + 1}:{column_letters(c1 + 1)}{r1 + 1}"


def _block(tab: Tab, r0: int, c0: int, r1: int, c1: int) -> dict:
    block: dict[str, Any] = {"range": f"{shown_title(tab.title)}!{_a1(r0, c0, r1, c1)}", "majorDimension": "ROWS"}
    rows = []
    for r in range(r0, r1 + 1):
        row = [_number(tab.cells.get((r, c), "")) for c in range(c0, c1 + 1)]
        while row and row[-1] == "":
            row.pop()
        rows.append(row)
    while rows and not rows[-1]:
        rows.pop()
    if rows:
        block["values"] = rows
    return block


FIELD_WORDS = ("formulaValue", "numberFormat")
"""What a read's fields mask may add to each cell: a formula's text, the number format's type."""


def _grid_data(tab: Tab, formulas: bool = False, formats: bool = False) -> dict:
    """A tab's cells as spreadsheets.get with includeGridData answers: rows of cells, each with its effectiveValue
    (and, if asked, a formula cell's userEnteredValue.formulaValue); blank cells are {} and trailing blank rows
    and cells are left out. Text that starts with = is text, as hostkit writes it; a formula is a host's."""
    rows = []
    used = [*tab.cells, *tab.formulas]  # beyond them every row and cell is blank, and left out
    height = min(tab.row_count, max((k[0] for k in used), default=-1) + 1)
    width = min(tab.column_count, max((k[1] for k in used), default=-1) + 1)
    for r in range(height):
        row = []
        for c in range(width):
            value = tab.cells.get((r, c), "")
            cell = {} if value == "" else {"effectiveValue": _typed(value)}
            if formulas and (r, c) in tab.formulas:
                cell["userEnteredValue"] = {"formulaValue": tab.formulas[r, c]}
            kind = tab.formats.get((r, c), {}).get("numberFormat", {}).get("type")
            if formats and kind and value != "":
                cell["effectiveFormat"] = {"numberFormat": {"type": kind}}
            row.append(cell)
        while row and not row[-1]:
            row.pop()
        rows.append({"values": row} if row else {})
    while rows and not rows[-1]:
        rows.pop()
    return {"startRow": 0, "startColumn": 0, "rowData": rows}


def _typed(value: Any) -> dict:
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, (int, float)):
        return {"numberValue": _number(value)}
    return {"stringValue": str(value)}


def _number(value: Any) -> Any:
    """JSON prints a whole number without a fraction, as Google does (43831, not 43831.0)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _formatted(value: Any) -> Any:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return value if isinstance(value, str) else str(value)
