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
import shutil
import socket
import stat
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from hostkit.cli import main
from hostkit.core.tables import Rows
from hostkit.storage.xlsx import XlsxBook
from tests.odd_packages import ODD

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


# ---- odd packages (tests/odd_packages.py): as the match workbook, and beside a good one


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
            yield Case("odd", good.game, label, _damaged(_match(good), damage), good.round, player=good.player)
    for good in goods:
        for kind, (holds, only) in ASIDE.items():
            for label, damage in ODD.items():
                make = functools.partial(_aside, _match(good), holds, damage)
                yield Case(f"odd {kind}", good.game, label, make, good.round, player=good.player, only=only)


def _match(good: Case) -> Callable[[Path], Path]:
    """A good match's maker, which makes the match workbook alone."""
    return good.make  # type: ignore[return-value]


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
    """The corpus's 'now' for every command (the clock ticks on from it, so `watch --for` still ends), so that a
    case's rounds are open or closed as the corpus means them."""
    import freezegun

    from tests.games.test_bad_input_corpus import NOW

    freezegun.configure(extend_ignore_list=["tests.sweep", "__main__"])  # the sweep times itself
    with freezegun.freeze_time(NOW, tick=True):
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
