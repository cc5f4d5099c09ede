"""The workbook interface every backend implements: one batched read, one batched write."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path

from hostkit.core.tables import Rows
from hostkit.errors import Conflict as Conflict
from hostkit.errors import StorageError as StorageError

Order = Callable[[Sequence[str]], list[str]]
"""Given the name of every tab of a workbook, the public ones in reading order: they are put first."""


class Missing(Conflict):
    """The workbook file is not there (a program may be replacing it)."""


class Book(ABC):
    """A workbook of named tabs, each a list of rows of cell values."""

    location: str
    path: Path | None = None
    """The .xlsx file (None for a Google Sheet)."""
    key: str | None = None
    """A Google Sheet's key (None for a file)."""
    timezone: str | None = None
    """The workbook's own time zone where it has one (a Google Sheet does; an xlsx file does not)."""
    locale: str | None = None
    """The workbook's own locale (en_GB) where it has one: how its slashed dates are written."""
    progress: Callable[[str], None] | None = None
    """Where a backend says what it is doing: reading, writing, each retry's wait (None: silent)."""

    def exists(self) -> bool:
        """Whether there is a workbook to read yet (a file may not have been made; a Google Sheet is)."""
        return True

    @abstractmethod
    def read(self) -> Mapping[str, Rows]:
        """Every tab's rows, header first, trailing blank rows dropped; a backend may read a tab's cells when it is
        first looked up (a Google Sheet reads every small tab in that one request), never cell by cell."""

    def read_styled(self, names: Collection[str]) -> dict[str, Rows]:
        """The named tabs as read, their cells Styled where the backend can read a look (an xlsx file can);
        for copying public tabs to the players' workbook."""
        tabs = self.read()
        wanted = {name.casefold() for name in names}
        return {name: rows for name, rows in tabs.items() if name.casefold() in wanted}

    @abstractmethod
    def write(self, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
        """Replace each named tab whole (creating it when missing), leave every other tab alone; atomic.

        Every tab written is laid out for reading (storage/layout.py: a bold frozen header, fitted columns,
        wrapped long text, date-times as date-times, Styled cells drawn). With `order`, the tabs it names
        are moved to the front, in its order.
        """

    @abstractmethod
    def create(self, tabs: Mapping[str, Rows], force: bool = False) -> None:
        """Lay a new match's tabs out; refuse to overwrite an existing match unless force."""

    def lock(self) -> None:
        """Hold the workbook against other hostkit commands until release() (waiting a few seconds for one that
        holds it). A backend that cannot lock does nothing."""

    def release(self) -> None:
        """Let other hostkit commands use the workbook again."""

    def relock(self) -> bool:
        """Hold the workbook again after release(); True when it changed meanwhile (the next read reads it anew)."""
        return False

    def change_signal(self, ask: bool = True) -> object:
        """Something cheap that changes when the workbook changes (`hostkit watch` looks at it between
        scores): None when the backend has none (every look reads the workbook). Asking forgets what was read,
        so the next read reads the workbook as it is now. With ask=False, the signal as this process last left
        the workbook, without asking again."""
        if ask:
            self.forget()
        return None

    def forget(self) -> None:
        """Drop what was read, so that the next read reads the workbook as it is now."""

    def check(self, tabs: Collection[str]) -> None:
        """Raise StorageError when writing these tabs now would fail or lose something; nothing is written."""
