"""The journal of posts: one line written and fsynced before each post to Discord and one when Discord
answers, so that whatever stops hostkit (a kill, Ctrl-C, a lost connection) no message is delivered twice.

It lives beside the workbook (`.game.xlsx.hostkit-sent`), or for a Google Sheet in hostkit's state folder
(`~/.local/state/hostkit/<key>.hostkit-sent`). Every command that records messages folds it into the Sent
tab it writes; lines the Sent tab already shows are dropped then. A post tried and never answered is
uncertain: the Sent tab says so, and only `hostkit send --resend-uncertain` sends it again. The journal holds
private messages: it is made with the workbook's own permissions (a workbook only its owner reads keeps a
journal only its owner reads), as is the file of Discord's rate limits kept beside it (StateFile)."""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from hostkit.delivery.sent import NO_ID, SENT, UNCERTAIN, Message, Record
from hostkit.storage.os_lock import LockFile

if TYPE_CHECKING:
    from hostkit.storage.book import Book

SUFFIX = ".hostkit-sent"
LIMITS_SUFFIX = ".hostkit-limits"
PRIVATE = 0o600


def journal_of(book: Book) -> Journal:
    """The journal of this workbook's posts, made with the workbook's permissions."""
    return Journal(journal_path(book), file_mode(book))


def limits_path(book: Book) -> Path:
    """Where Discord's rate limits are kept between this workbook's commands: beside its journal."""
    path = journal_path(book)
    return path.with_name(path.name[: -len(SUFFIX)] + LIMITS_SUFFIX)


def file_mode(book: Book) -> int:
    """The permissions of the workbook file (read and write bits only); owner-only for a Google Sheet."""
    path = book.path
    if book.key is None and isinstance(path, Path):
        try:
            return path.stat().st_mode & 0o666
        except OSError:
            return PRIVATE
    return PRIVATE


def journal_path(book: Book) -> Path:
    """Where the journal of this workbook's posts lives."""
    path = book.path
    if book.key is None and isinstance(path, Path):
        path = path.resolve()
        return path.with_name(f".{path.name}{SUFFIX}")
    return state_folder() / f"{book.key or 'workbook'}{SUFFIX}"


def state_folder() -> Path:
    """hostkit's own folder for what it keeps of a Google Sheet: HOSTKIT_STATE, else the platform's."""
    if os.environ.get("HOSTKIT_STATE"):
        return Path(os.environ["HOSTKIT_STATE"])
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "hostkit"
    return Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "hostkit"


@dataclass
class _Post:
    """What the journal says of one message's parts."""

    parts: int = 0
    ids: dict[int, str] = field(default_factory=dict)
    open: set[int] = field(default_factory=set)
    at: str = ""
    picture: str = ""


class Journal:
    def __init__(self, path: Path, mode: int | None = None):
        self.path = path
        self.mode = mode
        """The permissions a journal hostkit makes is given (None: the umask's)."""

    def entries(self) -> list[dict]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        found = []
        for line in text.splitlines():
            try:
                entry = json.loads(line)
            except ValueError:  # the last line of a write a crash cut short
                continue
            if isinstance(entry, dict):
                found.append(entry)
        return found

    def fold(self, records: list[Record]) -> tuple[list[Record], set[str]]:
        """The Sent rows as the journal says they stand, and the webhooks (by fingerprint) that answered 401
        or 404; lines the rows already showed are dropped from the journal."""
        entries = self.entries()
        rows = list(records)
        posts: dict[int, _Post] = {}
        lines: dict[int, list[dict]] = {}
        gone: set[str] = set()
        kept: list[dict] = []
        for entry in entries:
            if entry.get("e") == "gone":
                gone.add(str(entry.get("f")))
                kept.append(entry)
                continue
            at = _row(rows, entry)
            if at is None:
                if entry.get("e") not in ("try", "due"):
                    continue
                message = Message(entry.get("r"), str(entry["c"]), str(entry["to"]), str(entry.get("x", "")))
                rows.append(Record(message, str(entry["h"]), corrects=str(entry.get("fix") or "")))
                at = len(rows) - 1
            if at not in posts:
                ids = rows[at].part_ids()
                posts[at] = _Post(ids={i: part for i, part in enumerate(ids)})
            _apply(posts[at], entry)
            lines.setdefault(at, []).append(entry)
        for at, post in posts.items():
            folded = _folded(rows[at], post)
            if at < len(records) and (folded.message_id, folded.status) == (records[at].message_id, records[at].status):
                continue  # the Sent tab shows it already
            rows[at] = folded
            kept += lines[at]
        if len(kept) < len(entries):
            self._rewrite(kept)
        return rows, gone

    def planned(self, records: list[Record]) -> None:
        """The messages about to be sent, so that a kill before the Sent tab is written loses none."""
        if records:
            self._append(*({"e": "due", **_key(r), "x": r.message.text, "fix": r.corrects} for r in records))

    def trying(self, record: Record, part: int, parts: int) -> None:
        m = record.message
        self._append({"e": "try", **_key(record), "x": m.text, "fix": record.corrects, "p": part, "n": parts})

    def answered(self, record: Record, part: int, message_id: str, at: dt.datetime, picture: str = "") -> None:
        entry = {"e": "ok", **_key(record), "p": part, "id": message_id or NO_ID, "at": at.isoformat()}
        self._append({**entry, "pic": picture} if picture else entry)

    def refused(self, record: Record, part: int) -> None:
        """Discord refused the post, or it never left: nothing was delivered."""
        self._append({"e": "no", **_key(record), "p": part})

    def gone(self, fingerprint: str) -> None:
        self._append({"e": "gone", "f": fingerprint})

    def _append(self, *entries: dict) -> None:
        fresh = not self.path.exists()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._open(self.path, os.O_APPEND) as file:
            file.writelines(json.dumps(e, ensure_ascii=False, default=str) + "\n" for e in entries)
            file.flush()
            os.fsync(file.fileno())
        if fresh:
            _sync_folder(self.path.parent)

    def _rewrite(self, entries: list[dict]) -> None:
        if not entries:
            self.path.unlink(missing_ok=True)
            return
        temporary = self.path.with_name(self.path.name + ".new")
        with self._open(temporary, os.O_TRUNC) as file:
            file.writelines(json.dumps(e, ensure_ascii=False, default=str) + "\n" for e in entries)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.path)
        _sync_folder(self.path.parent)

    def _open(self, path: Path, how: int) -> TextIO:
        """The file opened for writing, made (and kept) with the journal's permissions."""
        mode = PRIVATE if self.mode is None else self.mode
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | how, mode)
        if self.mode is not None:
            os.chmod(path, self.mode)
        return os.fdopen(handle, "w", encoding="utf-8")


def _key(record: Record) -> dict:
    m = record.message
    return {"r": m.round, "c": m.command, "to": m.recipient, "h": record.digest}


def _row(rows: list[Record], entry: dict) -> int | None:
    key = Message(entry.get("r"), str(entry.get("c", "")), str(entry.get("to", "")), "").key()
    for i in range(len(rows) - 1, -1, -1):
        if rows[i].message.key() == key and rows[i].digest == entry.get("h"):
            return i
    return None


def _apply(post: _Post, entry: dict) -> None:
    part = int(entry.get("p", 0))
    if entry["e"] == "due":
        return
    if entry["e"] == "try":
        post.parts = max(post.parts, int(entry.get("n", 1)))
        post.open.add(part)
        post.ids.pop(part, None)
    elif entry["e"] == "ok":
        post.open.discard(part)
        post.ids[part] = str(entry.get("id") or NO_ID)
        post.at = str(entry.get("at", ""))
        post.picture = str(entry.get("pic") or post.picture)
    elif entry["e"] == "no":
        post.open.discard(part)


def _folded(record: Record, post: _Post) -> Record:
    done = [post.ids[i] for i in range(post.parts) if i in post.ids]
    if post.open:
        return replace(record, message_id=",".join(done), status=UNCERTAIN)
    if post.parts and len(done) == post.parts:
        when = dt.datetime.fromisoformat(post.at) if post.at else record.sent_at
        return replace(
            record, message_id=",".join(done), sent_at=when, status=SENT, picture=post.picture or record.picture
        )
    if done:
        return replace(record, message_id=",".join(done), status=f"due: {len(done)} of {post.parts} parts sent")
    return record


def _sync_folder(folder: Path) -> None:
    if os.name == "nt":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


class StateFile:
    """A small JSON file hostkit keeps beside the journal (Discord's rate limits), locked while it is read or
    written, made with the workbook's permissions, and replaced whole. An unreadable one reads as {}."""

    def __init__(self, path: Path, mode: int = PRIVATE):
        self.path, self.mode = path, mode

    def read(self) -> dict:
        """What the file holds ({} when it is missing or unreadable); OSError when it stays locked."""
        with self._locked():
            return self._load()

    def update(self, change: Callable[[dict], dict]) -> None:
        """Replace what the file holds with change(what it holds), in one locked step."""
        with self._locked():
            state = change(self._load())
            temporary = self.path.with_name(self.path.name + ".new")
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, self.mode)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(state, file)
            os.chmod(temporary, self.mode)
            os.replace(temporary, self.path)

    def _locked(self) -> LockFile:
        return LockFile(self.path.with_name(self.path.name + ".lock"), 10, self.mode)

    def _load(self) -> dict:
        try:
            state = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return state if isinstance(state, dict) else {}
