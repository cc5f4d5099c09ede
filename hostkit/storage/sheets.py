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

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import requests
from gspread.exceptions import APIError
from gspread.urls import SPREADSHEET_BATCH_UPDATE_URL

from hostkit.core.tables import Rows
from hostkit.errors import GoogleError
from hostkit.storage.book import Book, Order, StorageError
from hostkit.storage.layout import arranged, look
from hostkit.storage.retry import Backoff, GoogleBackoff
from hostkit.storage.sheets_auth import SCOPES as SCOPES
from hostkit.storage.sheets_auth import load_credentials, parse_key
from hostkit.storage.sheets_batches import Batches, HostCells, Part, batch_body, compact, is_same, update_cells
from hostkit.storage.sheets_cells import cells_request, widths_requests
from hostkit.storage.sheets_grid import (
    EAGER_CELLS,
    GRID_FIELDS,
    GRID_MARGIN,
    META_FIELDS,
    MIN_COLUMNS,
    Tabs,
    grid_formulas,
    grid_rows,
    quote_title,
)
from hostkit.storage.sheets_grid import a1_range as a1_range
from hostkit.storage.sheets_http import Client, Timeouts, explain

BACKOFF: Backoff = GoogleBackoff()
"""The retry policy of every SheetsBook not given one."""


Progress = Callable[[str], None]


def connect(credentials: Any) -> requests.Session:
    """A session that signs every request with the credentials (tests replace this with a fake)."""
    from google.auth.transport.requests import AuthorizedSession

    return AuthorizedSession(credentials)


MAX_BODY = 2_000_000
"""Bytes of one request's body at most: Google recommends 2 MB and refuses more than 10 MiB."""
STAGING = "hostkit staging "
"""The name of a hidden tab a large write is staged in; one left by an interrupted write is deleted by the next."""


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
        timeouts: tuple[Timeouts, Timeouts] | None = None,
        progress: Progress | None = None,
    ):
        self.key = key
        self.location = f"spreadsheet {key}"
        self.account = account
        self.progress = progress
        self.client = Client(session, backoff or BACKOFF, timeouts, progress, account)
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
        return Tabs(self)

    def write(self, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
        if not tabs:
            return
        self._say(f"Writing {', '.join(tabs)} to {self.location}…")
        try:
            self._update(tabs, order)
        except APIError as error:
            if error.response.status_code != 400 or "already exists" not in str(error):
                raise GoogleError(self._explain(error)) from None
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
        # GRID_FIELDS selects the cells: Google ignores includeGridData when a fields mask is given
        params: dict[str, Any] = {
            "prettyPrint": "false",
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
            raise GoogleError(self._explain(error)) from None
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
            if title not in by_title:
                by_title[title] = new_tab(next_id, title, len(sheets), height, width, layout.frozen)
                sheets.append(by_title[title])
                next_id += 1
                requests.append({"addSheet": {"properties": by_title[title]}})
            else:
                requests.append(resized(by_title[title], height, max(width, MIN_COLUMNS, host.columns), layout.frozen))
            requests.append(cells_request(by_title[title]["sheetId"], rows, layout, width, host.formulas))
            requests += widths_requests(by_title[title]["sheetId"], layout)
        titles = [s["title"] for s in sheets]
        requests += reordered(titles, arranged(titles, order), by_title)
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
        parts = [Part(request) for request in requests]
        if sum(part.size for part in parts) + len(parts) + 16 <= MAX_BODY:
            self._post(batch_body([part.json() for part in parts]))
            return
        staged: set[int] = set()
        while sum(p.size for i, p in enumerate(parts) if i not in staged) + 600 * (len(staged) + 1) > MAX_BODY:
            movable = [i for i, p in enumerate(parts) if p.rows is not None and i not in staged]
            staged.add(max(movable, key=lambda i: parts[i].size))
        batches = Batches(MAX_BODY)
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
            batches.add(compact({"addSheet": {"properties": properties}}))
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
                head = compact({"range": {**span, "endColumnIndex": width}, "fields": cells["fields"]})[:-1]
                batches.add(update_cells(head, rows[start:end]))
                start = end
            whole = {"startRowIndex": 0, "endRowIndex": len(rows), "startColumnIndex": 0, "endColumnIndex": width}
            copy = {"source": {"sheetId": staging, **whole}, "destination": {"sheetId": target["sheetId"], **whole}}
            final.append(compact({"copyPaste": {**copy, "pasteType": "PASTE_NORMAL"}}))
            below = grid_rows.get(target["sheetId"], 0)
            if below > len(rows):  # hostkit's columns under the rows, inside the grid: what a longer round left
                clear = {**target, "startRowIndex": len(rows), "endRowIndex": below}
                final.append(compact({"updateCells": {"range": clear, "fields": cells["fields"]}}))
            final.append(compact({"deleteSheet": {"sheetId": staging}}))
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
        """One spreadsheets:batchUpdate; its answer is trimmed to the spreadsheet's id (hostkit uses none of the
        replies, and the updated spreadsheet is left out unless asked for)."""
        self.client.request(
            "post",
            SPREADSHEET_BATCH_UPDATE_URL % self.key,
            params={"fields": "spreadsheetId", "prettyPrint": "false"},
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
            raise GoogleError(self._explain(error)) from None

    def _explain(self, error: APIError) -> str:
        return explain(error, self.location, self.key, self.account, self.client.signed_in)

    def _say(self, line: str) -> None:
        if self.progress:
            self.progress(line)


# ---- the requests of a write


def new_tab(sheet_id: int, title: str, index: int, height: int, width: int, frozen: int) -> dict:
    """A tab's properties as addSheet takes them."""
    grid = {"rowCount": max(height, 100), "columnCount": max(width, 26), "frozenRowCount": frozen}
    return {"sheetId": sheet_id, "title": title, "index": index, "sheetType": "GRID", "gridProperties": grid}


def resized(sheet: dict, height: int, columns: int, frozen: int) -> dict:
    """An existing tab sized to what it holds (a tab hostkit rewrites whole shrinks back), with its header frozen;
    `sheet` is changed to match."""
    grid = {**sheet.get("gridProperties", {}), "rowCount": height + GRID_MARGIN, "columnCount": columns}
    sheet["gridProperties"] = {**grid, "frozenRowCount": frozen}
    fields = "gridProperties.rowCount,gridProperties.columnCount,gridProperties.frozenRowCount"
    properties = {"sheetId": sheet["sheetId"], "gridProperties": sheet["gridProperties"]}
    return {"updateSheetProperties": {"properties": properties, "fields": fields}}


def reordered(titles: list[str], wanted: list[str], by_title: Mapping[str, dict]) -> list[dict]:
    """The moves that put the tabs in the wanted order; `titles` is changed to match."""
    moves = []
    for index, title in enumerate(wanted):
        if titles[index] != title:
            properties = {"sheetId": by_title[title]["sheetId"], "index": index}
            moves.append({"updateSheetProperties": {"properties": properties, "fields": "index"}})
            titles.insert(index, titles.pop(titles.index(title)))
    return moves
