"""A robustness sweep: every command that reads a match workbook, of every game, on real .xlsx files made from
each case of the bad-input corpus and from each odd package (a damaged zip, parts in UTF-16, no styles.xml, a
loop of links...). A run passes when it ends with an exit status and no traceback, whatever that status is.

    python -m tests.sweep            # everything, about 30,000 runs
    python -m tests.sweep --every 7  # one case in 7

It prints the runs counted by exit status and each run that raised (its command, case and traceback's last
line). tests/games/test_sweep.py runs a sample of it with the suite.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import functools
import importlib
import os
import re
import shutil
import socket
import stat
import sys
import tempfile
import time
import traceback
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from click.testing import CliRunner, Result

from hostkit.cli import main
from hostkit.core.tables import Rows
from hostkit.storage.xlsx import XlsxBook

VERBS: dict[str, tuple[list[str], str]] = {
    # name: (its arguments, what is typed at its prompts); {round}, {tab}, {row}, {player}, {dir}, {aside} are
    # filled in from the case
    "board": (["board", "--round", "{round}"], ""),
    "board --image": (["board", "--round", "{round}", "--image", "{dir}/board.png"], ""),
    "score": (["score", "--round", "{round}"], ""),
    "score --json": (["score", "--round", "{round}", "--json"], ""),
    "score --message": (["score", "--round", "{round}", "--message"], ""),
    "score --image": (["score", "--round", "{round}", "--image", "{dir}/score.png"], ""),
    "score --public-book": (["score", "--round", "{round}", "--public-book", "{aside}"], ""),
    "status": (["status"], ""),
    "status --json": (["status", "--json"], ""),
    "deal": (["deal", "--round", "{round}"], ""),
    "deal --json": (["deal", "--round", "{round}", "--json"], ""),
    "play": (["play"], ""),  # no answers: the prompt meets the end of its input
    "play --player": (["play", "--player", "{player}"], ""),
    "play, answers that make no sense": (["play"], "zzz\n \n\x00?\nundo\nmaybe\nn\n"),
    "undo": (["undo"], "n\n"),
    "undo --player": (["undo", "--player", "{player}"], "n\n"),
    "standings": (["standings"], ""),
    "standings --json": (["standings", "--json"], ""),
    "standings --ledger": (["standings", "--ledger", "{aside}"], ""),
    "publish": (["publish", "--public-book", "{aside}"], ""),
    "dismiss": (["dismiss", "--tab", "{tab}", "--row", "{row}", "--reason", "swept"], ""),
    "ledger": (["ledger"], ""),
    "ledger --json": (["ledger", "--json"], ""),
    "ledger spend": (["ledger", "spend", "--player", "{player}", "--garnets", "1", "--reason", "swept"], ""),
    "ledger pay": (["ledger", "pay", "--player", "{player}", "--garnets", "1", "--reason", "swept"], ""),
    "ledger pay --ledger": (
        ["ledger", "pay", "--player", "{player}", "--garnets", "1", "--reason", "swept", "--ledger", "{aside}"],
        "",
    ),
    "send": (["send"], ""),
    "send --dry-run": (["send", "--dry-run", "--json"], ""),
    "watch": (["watch", "--round", "{round}", "--every", "1", "--for", "0.5s"], ""),  # one look, then stops
}
GAME_VERBS: dict[str, dict[str, tuple[list[str], str]]] = {
    "cards-on-the-table": {
        "reveal": (["cards-on-the-table", "reveal", "--player", "{player}", "--round", "1", "--cell", "R2C4"], ""),
    },
    "open-pass": {
        "inventory": (["open-pass", "inventory", "--player", "{player}", "--json"], ""),
        "best": (["open-pass", "best", "--player", "{player}", "--json"], ""),
    },
}
"""Each game's own commands that read the match workbook."""


@dataclass(frozen=True)
class Case:
    """A workbook to run every verb on (or the verbs `only` names): made by `make` in an empty folder, returning
    the path to pass as --book, or that and the path of the public or season workbook beside it (its {aside})."""

    source: str
    game: str
    label: str
    make: Callable[[Path], Path | tuple[Path, Path]]
    round: int = 1
    tab: str = "Config"
    row: int = 2
    player: str = "Ann"
    only: tuple[str, ...] = ()


@dataclass(frozen=True)
class Run:
    case: Case
    verb: str
    exit_code: int | None
    failure: str | None
    """The last line of the traceback (or of the output holding one), for a run that raised."""


def verbs(game: str) -> dict[str, tuple[list[str], str]]:
    return {**VERBS, **GAME_VERBS.get(game, {})}


def run_verb(case: Case, verb: str, folder: Path) -> Run:
    """The verb on a fresh copy of the case's workbook in its own folder."""
    args, typed = verbs(case.game)[verb]
    folder.mkdir(parents=True, exist_ok=True)
    made = case.make(folder)
    book, aside = made if isinstance(made, tuple) else (made, folder / "aside.xlsx")
    filled = [
        a.format(round=case.round, tab=case.tab, row=case.row, player=case.player, dir=folder, aside=aside)
        for a in args
    ] + ["--book", str(book)]
    try:
        result = CliRunner().invoke(main, filled, input=typed)
    finally:
        _writable(folder)
    return Run(case, verb, result.exit_code, _failure(result))


def _failure(result: Result) -> str | None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        lines = traceback.format_exception(*result.exc_info)
        return lines[-1].strip() + " at " + _innermost(result.exc_info[2])
    if "Traceback" in result.output:
        return result.output.strip().splitlines()[-1]
    return None


def _innermost(tb) -> str:
    frames = traceback.extract_tb(tb)
    ours = [f for f in frames if "hostkit" in f.filename] or frames
    return f"{Path(ours[-1].filename).name}:{ours[-1].lineno}"


def _writable(folder: Path) -> None:
    """Undo what an odd package did to its folder's permissions, so that it can be removed."""
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IWUSR | stat.S_IXUSR)


# ---- the bad-input corpus, each case on a real file


def corpus_cases() -> Iterator[Case]:
    """Each game's good match, then the match with each bad row of the corpus, then with each error cell put in
    place of a time it already has. A case's workbook is built when it is first run."""
    from tests.games.test_bad_input_corpus import CORPORA, ERROR_CASES

    for corpus in CORPORA:
        players = _player(corpus.match())
        yield Case(
            "corpus", corpus.game, "the good match", _writer(corpus.match), _round(corpus, "Config"), player=players
        )
        for tab, rows in corpus.bad_rows.items():
            for index, row in enumerate(rows):
                yield Case(
                    "corpus",
                    corpus.game,
                    f"{tab} #{index}: {row!r}"[:160],
                    _writer(functools.partial(_added, corpus.match, tab, row)),
                    _round(corpus, tab),
                    tab,
                    len(corpus.match()[tab]) + 1,
                    players,
                )
    for game, tab, at, column, code in ERROR_CASES:
        corpus = next(c for c in CORPORA if c.game == game)
        yield Case(
            "corpus",
            game,
            f"{tab} row {at + 1} column {column + 1}: {code}",
            _writer(functools.partial(_in_place, corpus.match, tab, at, column, code)),
            1,
            tab,
            at + 1,
            _player(corpus.match()),
        )


def _round(corpus, tab: str) -> int:
    return int(corpus.command(tab)[2])


def _added(match: Callable[[], dict[str, Rows]], tab: str, row: list) -> dict[str, Rows]:
    tabs = match()
    tabs[tab] = tabs[tab] + [row]
    return tabs


def _in_place(match: Callable[[], dict[str, Rows]], tab: str, row: int, column: int, value: object) -> dict[str, Rows]:
    tabs = match()
    tabs[tab][row] = tabs[tab][row][:column] + [value] + tabs[tab][row][column + 1 :]
    return tabs


def _writer(tabs: Callable[[], dict[str, Rows]]) -> Callable[[Path], Path]:
    made: dict[str, bytes] = {}

    def make(folder: Path) -> Path:
        path = folder / "match.xlsx"
        if not made:
            XlsxBook(path).create(tabs())
            made["bytes"] = path.read_bytes()
            (folder / ".match.xlsx.hostkit-lock").unlink(missing_ok=True)
        else:
            path.write_bytes(made["bytes"])
        return path

    return make


def _player(tabs: dict[str, Rows]) -> str:
    names = [row[0] for row in tabs.get("Players", [])[1:] if row and isinstance(row[0], str)]
    return names[0] if names else "Ann"


# ---- odd packages: each game's good match as other programs (or accidents) leave it


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _rezip(path: Path, parts: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> None:
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def _changed(change: Callable[[dict[str, bytes]], None], compression: int = zipfile.ZIP_DEFLATED):
    def damage(path: Path) -> Path:
        parts = _parts(path)
        change(parts)
        _rezip(path, parts, compression)
        return path

    return damage


def _utf16(parts: dict[str, bytes], names: list[str]) -> None:
    for name in names:
        text = re.sub(r"^<\?xml[^>]*\?>\s*", "", parts[name].decode("utf-8"))
        parts[name] = ('<?xml version="1.0" encoding="UTF-16" standalone="yes"?>' + text).encode("utf-16")


def _no_styles(parts: dict[str, bytes]) -> None:
    del parts["xl/styles.xml"]
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = re.sub(rb'<Relationship [^>]*styles\.xml"\s*/>', b"", parts[rels])
    types = "[Content_Types].xml"
    parts[types] = re.sub(rb'<Override PartName="/xl/styles.xml"[^>]*/>', b"", parts[types])
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = re.sub(rb'<c r="([A-C]1)"( s="\d+")?', rb'<c r="\1" s="11"', parts[sheet])


def _single_quoted(parts: dict[str, bytes]) -> None:
    text = parts["xl/workbook.xml"].decode("utf-8").replace('"', "'")
    parts["xl/workbook.xml"] = text.replace("encoding='UTF-8'", "encoding='UTF-16'").encode("utf-16")


def _cut(name: str, keep: Callable[[bytes], bytes]) -> Callable[[dict[str, bytes]], None]:
    def change(parts: dict[str, bytes]) -> None:
        parts[name] = keep(parts[name])

    return change


def _shared(parts: dict[str, bytes]) -> dict[str, bytes]:
    _shared_strings(parts)
    return parts


def _shared_strings(parts: dict[str, bytes]) -> None:
    """Every text cell's text moved to xl/sharedStrings.xml, as Excel and LibreOffice write a package."""
    strings: list[bytes] = []

    def share(found: re.Match) -> bytes:
        strings.append(found.group(1))
        return b't="s"><v>' + str(len(strings) - 1).encode() + b"</v>"

    for name in [n for n in parts if n.startswith("xl/worksheets/sheet")]:
        parts[name] = re.sub(rb't="inlineStr"><is>(<t[^>]*>.*?</t>|<t/>)</is>', share, parts[name], flags=re.S)
    main = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    items = b"".join(b"<si>" + text + b"</si>" for text in strings)
    parts["xl/sharedStrings.xml"] = b'<?xml version="1.0" encoding="UTF-8"?><sst ' + main + b">" + items + b"</sst>"
    kind = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="' + kind + b'"/></Types>'
    )
    relation = b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdShared" Type="' + relation + b'" Target="sharedStrings.xml"/></Relationships>',
    )


def _past_the_end(parts: dict[str, bytes]) -> None:
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = re.sub(rb't="s"><v>\d+</v>', b't="s"><v>99999</v>', parts[sheet], count=1)


def _without(name: str) -> Callable[[dict[str, bytes]], None]:
    def change(parts: dict[str, bytes]) -> None:
        del parts[name]

    return change


def _every_sheet(change: Callable[[bytes], bytes]) -> Callable[[dict[str, bytes]], None]:
    def each(parts: dict[str, bytes]) -> None:
        for name in [n for n in parts if n.startswith("xl/worksheets/sheet")]:
            parts[name] = change(parts[name])

    return each


def _retabbed(change: Callable[[dict[str, list]], object]) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        read = XlsxBook(path).read()
        tabs = {name: [list(row) for row in read[name]] for name in read}
        change(tabs)
        path.unlink()
        XlsxBook(path).create(tabs)
        path.with_name(f".{path.name}.hostkit-lock").unlink(missing_ok=True)
        return path

    return damage


def _garbled(path: Path) -> Path:
    data = bytearray(path.read_bytes())
    start = data.index(b"xl/worksheets/sheet1.xml") + len("xl/worksheets/sheet1.xml")
    data[start : start + 40] = b"\xff" * 40
    path.write_bytes(bytes(data))
    return path


def _truncated(path: Path) -> Path:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return path


def _replaced(content: bytes) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        path.write_bytes(content)
        return path

    return damage


def _missing(path: Path) -> Path:
    path.unlink()
    return path


def _link_loop(path: Path) -> Path:
    a, b = path.with_name("a.xlsx"), path.with_name("b.xlsx")
    a.symlink_to(b)
    b.symlink_to(a)
    return a


def _folder(path: Path) -> Path:
    path.unlink()
    path.mkdir()
    return path


def _read_only(path: Path) -> Path:
    path.chmod(0o444)
    return path


def _read_only_folder(path: Path) -> Path:
    path.parent.chmod(0o555)
    return path


def _lock_folder(path: Path) -> Path:
    path.with_name(f".{path.name}.hostkit-lock").mkdir()
    return path


def _lock_link(path: Path) -> Path:
    path.with_name(f".{path.name}.hostkit-lock").symlink_to(path.with_name("elsewhere"))
    return path


def _open_elsewhere(name: str) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        path.with_name(name.format(path.name)).write_text("someone")
        return path

    return damage


def _hard_link(path: Path) -> Path:
    os.link(path, path.with_name("other.xlsx"))
    return path


def _via_link(path: Path) -> Path:
    link = path.with_name("link.xlsx")
    link.symlink_to(path)
    return link


def _saved_by_openpyxl(formula: bool) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        import openpyxl

        wb = openpyxl.load_workbook(path)
        if formula:  # openpyxl saves a formula without its value: every number it feeds is uncalculated
            for sheet in wb.worksheets:
                for row in sheet.iter_rows(min_row=2, max_row=3):
                    for cell in row:
                        if isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool):
                            cell.value = f"={cell.value}+0"
        wb.save(path)
        return path

    return damage


def _descriptors(path: Path) -> Path:
    parts = _parts(path)
    with open(path, "wb") as raw:

        class Unseekable:
            def write(self, chunk: bytes) -> int:
                return raw.write(chunk)

            def tell(self) -> int:
                return raw.tell()

            def flush(self) -> None:
                raw.flush()

        with zipfile.ZipFile(Unseekable(), "w", zipfile.ZIP_DEFLATED) as archive:  # type: ignore[call-overload]
            for name, data in parts.items():
                with archive.open(name, "w") as part:
                    part.write(data)
    return path


ODD: dict[str, Callable[[Path], Path]] = {
    "workbook.xml in UTF-16": _changed(lambda parts: _utf16(parts, ["xl/workbook.xml"])),
    "every part in UTF-16": _changed(lambda parts: _utf16(parts, [n for n in parts if n.endswith((".xml", ".rels"))])),
    "workbook.xml single-quoted in UTF-16": _changed(_single_quoted),
    "no styles.xml, styles 11 used": _changed(_no_styles),
    "text in sharedStrings.xml, as Excel keeps it": _changed(_shared_strings),
    "text in sharedStrings.xml, then it lost": _changed(lambda parts: _without("xl/sharedStrings.xml")(_shared(parts))),
    "a shared string index past the end": _changed(lambda parts: _past_the_end(_shared(parts))),
    "a sheet part missing": _changed(_without("xl/worksheets/sheet1.xml")),
    "no [Content_Types].xml": _changed(_without("[Content_Types].xml")),
    "no workbook.xml.rels": _changed(_without("xl/_rels/workbook.xml.rels")),
    "workbook.xml cut short": _changed(_cut("xl/workbook.xml", lambda x: x[:-30])),
    "a sheet cut in half": _changed(_cut("xl/worksheets/sheet1.xml", lambda x: x[: len(x) // 2])),
    "a sheet that is not XML": _changed(_cut("xl/worksheets/sheet1.xml", lambda x: b"\x00\xff not xml")),
    "a sheet that is empty": _changed(_cut("xl/worksheets/sheet1.xml", lambda x: b"")),
    "zip stored uncompressed": _changed(lambda parts: None, zipfile.ZIP_STORED),
    "zip sizes after the data": _descriptors,
    "a sheet's deflate garbled": _garbled,
    "the file cut in half": _truncated,
    "an empty file": _replaced(b""),
    "not a zip": _replaced(b"Player,Round\nAnn,1\n"),
    "missing": _missing,
    "a loop of links": _link_loop,
    "a folder": _folder,
    "a link to the workbook": _via_link,
    "a hard link": _hard_link,
    "read-only": _read_only,
    "in a read-only folder": _read_only_folder,
    "lock file is a folder": _lock_folder,
    "lock file is a link": _lock_link,
    "open in Excel (~$ file)": _open_elsewhere("~${}"),
    "open in LibreOffice (.~lock#)": _open_elsewhere(".~lock.{}#"),
    "dates in the 1904 system": _changed(
        _cut("xl/workbook.xml", lambda x: x.replace(b"<bookViews>", b'<workbookPr date1904="1"/><bookViews>'))
    ),
    "every tab hidden but one": _changed(
        _cut("xl/workbook.xml", lambda x: re.sub(rb'(<sheet (?!name="Config")[^>]*)/>', rb'\1 state="hidden"/>', x))
    ),
    "a cell at XFD1048576": _changed(
        _every_sheet(
            lambda x: x.replace(b"</sheetData>", b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')
        )
    ),
    "no Config tab": _retabbed(lambda tabs: tabs.pop("Config", None)),
    "no Players tab": _retabbed(lambda tabs: tabs.pop("Players", None)),
    "every tab emptied": _retabbed(lambda tabs: tabs.update({name: [] for name in tabs})),
    "every tab its header only": _retabbed(lambda tabs: tabs.update({name: rows[:1] for name, rows in tabs.items()})),
    "saved by openpyxl": _saved_by_openpyxl(False),
    "numbers as uncalculated formulas": _saved_by_openpyxl(True),
}
"""What is done to a copy of a good match before a command runs on it."""


ASIDE = {
    "public": (lambda match: {"Leaderboard": [["Player", "Points"], ["Ann", 1]]}, ("publish", "score --public-book")),
    "season": (lambda match: {"Ledger": match["Ledger"]}, ("standings --ledger", "ledger pay --ledger")),
}
"""The workbooks a command writes beside the match, made odd while the match stays good: what each holds, and the
verbs that write it."""


def odd_cases() -> Iterator[Case]:
    """Each odd package as the match workbook, then as the players' public workbook and as the season's."""
    goods = [case for case in corpus_cases() if case.label == "the good match"]
    for good in goods:
        for label, damage in ODD.items():
            yield Case("odd", good.game, label, _damaged(good.make, damage), good.round, player=good.player)
    for good in goods:
        for kind, (holds, only) in ASIDE.items():
            for label, damage in ODD.items():
                make = functools.partial(_aside, good.make, holds, damage)
                yield Case(f"odd {kind}", good.game, label, make, good.round, player=good.player, only=only)


def _damaged(make: Callable[[Path], Path], damage: Callable[[Path], Path]) -> Callable[[Path], Path]:
    return lambda folder: damage(make(folder))


def _aside(
    make: Callable[[Path], Path], holds: Callable[[dict], dict[str, Rows]], damage: Callable[[Path], Path], folder: Path
) -> tuple[Path, Path]:
    book = make(folder)
    read = XlsxBook(book).read()
    (folder / "aside").mkdir()
    aside = folder / "aside" / "aside.xlsx"
    XlsxBook(aside).create(holds({name: [list(row) for row in read[name]] for name in read}))
    aside.with_name(".aside.xlsx.hostkit-lock").unlink(missing_ok=True)
    return book, damage(aside)


# ---- running it


@contextlib.contextmanager
def pinned_now() -> Iterator[None]:
    """The corpus's 'now' in every module that asks the command line for the time, so that a case's rounds are
    open or closed as the corpus means them."""
    from hostkit.cli import SHARED, _game_groups, options
    from hostkit.games import game_package
    from tests.games.test_bad_input_corpus import NOW

    for command in {SHARED[name][0] for name in SHARED}:
        importlib.import_module(f"hostkit.cli.{command}")
    for game in _game_groups():
        importlib.import_module(f"{game_package(game)}.commands")
    real = options.now
    asking = [m for name, m in sys.modules.items() if name.startswith("hostkit") and getattr(m, "now", None) is real]
    with contextlib.ExitStack() as stack:
        for module in asking:
            stack.enter_context(mock.patch.object(module, "now", lambda: NOW))
        yield


@contextlib.contextmanager
def offline() -> Iterator[None]:
    """No socket but a loopback one, as in the suite: nothing here may reach the network."""
    connect = socket.socket.connect

    def refuse(sock: Any, address: Any) -> Any:
        if sock.family == socket.AF_UNIX or (isinstance(address, tuple) and address[0] in ("127.0.0.1", "::1")):
            return connect(sock, address)
        raise RuntimeError(f"the sweep tried to reach the network at {address!r}")

    socket.socket.connect = refuse  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        socket.socket.connect = connect  # type: ignore[method-assign]


def sweep(cases: list[Case], report: Callable[[Run], None] = lambda run: None) -> list[Run]:
    """Every verb of each case's game (or those it names) on the case, each on its own copy."""
    runs: list[Run] = []
    with tempfile.TemporaryDirectory() as scratch, offline(), pinned_now():
        for case in cases:
            for verb in case.only or verbs(case.game):
                folder = Path(scratch) / str(len(runs))
                runs.append(run_verb(case, verb, folder))
                shutil.rmtree(folder, ignore_errors=True)
                report(runs[-1])
    return runs


def summary(runs: list[Run], seconds: float) -> str:
    codes = collections.Counter(run.exit_code for run in runs)
    failed = [run for run in runs if run.failure is not None]
    lines = [
        f"{len(runs)} runs over {len({(r.case.source, r.case.game, r.case.label) for r in runs})} workbooks "
        f"in {seconds:.0f} s: "
        + ", ".join(f"exit {code}: {count}" for code, count in sorted(codes.items(), key=lambda c: str(c[0]))),
        f"{len(failed)} with a traceback" + (":" if failed else "."),
    ]
    lines += [f"  {r.case.game} {r.case.source} [{r.case.label}] {r.verb}: {r.failure}" for r in failed]
    return "\n".join(lines)


def main_() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.sweep", description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=1, help="run one case in N")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--source", choices=["corpus", "odd"], help="only the corpus or only the odd packages")
    options = parser.parse_args()
    cases = [
        c
        for c in [*corpus_cases(), *odd_cases()]
        if (options.game in (None, c.game)) and (options.source is None or c.source.startswith(options.source))
    ][:: options.every]
    started = time.monotonic()
    done = collections.Counter[str]()

    def report(run: Run) -> None:
        done["runs"] += 1
        if run.failure is not None:
            print(f"TRACEBACK {run.case.game} [{run.case.label}] {run.verb}: {run.failure}", flush=True)
        elif done["runs"] % 1000 == 0:
            print(f"{done['runs']} runs, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    runs = sweep(cases, report)
    print(summary(runs, time.monotonic() - started))
    return 1 if any(run.failure for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main_())
