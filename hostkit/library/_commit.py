"""Carrying out a plan: the one way a step writes. `commit` keeps the match's id, settles the ledger the match
pays into, records what a season records, records (and with send, delivers) the players' messages, checks every
workbook, and then writes them all.

A public workbook and a workbook a match pays into record the matches they serve in a tab named `hostkit` (Serves,
Match id, Match, Game): a public workbook serves one match, a season workbook any number. A step refuses to write
one that serves another match, or that is a match workbook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hostkit.core.settings import CONFIG_TAB, LEDGER_TAB, with_setting
from hostkit.core.tables import Rows, Tables
from hostkit.library._plan import COPY, LEDGER, MATCH, PUBLIC, Plan
from hostkit.library._report import Report, next_step
from hostkit.library._workbooks import PAYS_INTO, Workbooks, relative
from hostkit.storage.book import StorageError
from hostkit.storage.layout import arranged

if TYPE_CHECKING:
    from hostkit.core.game import Game, Identity
    from hostkit.core.ledger import Entry
    from hostkit.core.tables import Problem
    from hostkit.storage.book import Book, Order

WITHDRAWN = "Not public yet"
"""The header of a tab withdrawn from the players' workbook; its row says why."""
MARK_TAB = "hostkit"
MARK_HEADER = ["Serves", "Match id", "Match", "Game"]
SERVES_PUBLIC, SERVES_SEASON = "public", "season ledger"


@dataclass(frozen=True)
class Sending:
    """How a step's messages go: recorded only, or delivered (send), again though delivered (resend); `on_stop`
    hears the line saying what stays due when a signal stopped delivery."""

    send: bool = False
    resend: bool = False
    on_stop: Callable[[str], None] | None = None
    pictures: bool = True
    """Whether a message carries its board's picture (Config discord_images can still leave them out)."""


@dataclass
class _Step:
    """A plan being carried out: its writes by role, and what it tells the host so far."""

    writes: dict[str, dict[str, Rows]]
    summary: list[str]
    problems: list[Problem]
    data: Any
    keep_id: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def tabs(self, role: str) -> dict[str, Rows]:
        return self.writes.setdefault(role, {})


def commit(books: Workbooks, plan: Plan, sending: Sending = Sending(), game: Game | None = None) -> Report:
    """Carry out `plan` on `books` and report what it did; nothing is written unless every workbook can be."""
    step = _Step({role: dict(tabs) for role, tabs in plan.writes.items()}, [*plan.summary], [*plan.problems], plan.data)
    _settle(books, plan, step)
    _record_messages(books, plan, step, sending)
    _publish(books, plan, step, game)
    if step.keep_id:
        _keep_match_id(books.identity, step)
    write_all(books, step.writes, game.reading_order if game is not None else None, plan)
    data = step.data
    if step.extra:
        data = {**(data or {}), **step.extra}
    summary, advice = next_step(step.summary) if plan.verb not in ("play", "undo") else (tuple(step.summary), None)
    return Report(
        plan.verb,
        summary,
        tuple(step.problems),
        data if data is not None else {},
        dict(plan.private),
        plan.message,
        plan.image,
        next=advice,
    )


# ---- the ledger


def _settle(books: Workbooks, plan: Plan, step: _Step) -> None:
    """Settle what the plan pays and post what it buys into the Ledger of the workbook the match pays into; a
    Ledger tab a game wrote from the ledger it was shown goes there too (a new workbook's own Ledger tab stays
    in it). Then what a season records."""
    written = None if plan.create else step.tabs(MATCH).pop(LEDGER_TAB, None)
    if plan.payout is None and not plan.posts and written is None:
        return
    from hostkit.core.ledger import blank_ids, ledger_rows, post, read_ledger, settle

    role = LEDGER if books.pays_elsewhere() else MATCH
    ledger = books.ledger or books.match
    assert ledger is not None
    tabs = ledger.read() if ledger.exists() else {}
    held = Tables(tabs)
    base = Tables({LEDGER_TAB: written}) if written is not None else held
    existing, problems = read_ledger(base)
    posted = settle(existing, plan.payout) if plan.payout is not None else []
    everything, bought = post(existing + posted, plan.posts)
    if written is not None or posted or bought:
        step.tabs(role)[LEDGER_TAB] = ledger_rows(posted + bought, base.get(LEDGER_TAB))
        step.keep_id = step.keep_id or written is not None
    if role == LEDGER and step.writes.get(LEDGER):
        step.tabs(LEDGER).update(claim(ledger, tabs, SERVES_SEASON, books.identity))
    if plan.payout is not None:
        if role == LEDGER:
            _refuse_second_ledger(books, plan)
            _remember_ledger(books, step)
        step.problems += problems + blank_ids(base, plan.payout)
        _say_paid(plan, posted, ledger.location, step)
        step.keep_id = True
    if plan.record is not None:
        tabs, lines = plan.record(everything, bool(posted or bought))
        step.tabs(role).update(tabs)
        step.summary += lines


def _say_paid(plan: Plan, posted: list[Entry], location: str, step: _Step) -> None:
    from hostkit.core.ledger import REVERSED, describe

    assert plan.payout is not None
    where = f"{LEDGER_TAB} in {location}"
    due = {entry.key() for entry in plan.payout.due}
    for entry in posted:
        verb = "Paid" if entry.key() in due and REVERSED not in entry.reason else "Reversed"
        step.summary.append(
            f"{verb}: {entry.player} {describe(entry)} ({entry.reason}, {entry.match}), written to {where}."
        )
    made = {entry.key() for entry in posted}
    for entry in plan.payout.due:
        if entry.key() not in made:
            step.summary.append(f"Already paid: {entry.player} {describe(entry)} ({entry.reason}); nothing added.")
    step.extra["paid"] = [e.as_json() for e in posted]


def _refuse_second_ledger(books: Workbooks, plan: Plan) -> None:
    """A match already paid in its own Ledger is not paid again into a workbook a step names."""
    from hostkit.core.ledger import is_this_match, read_ledger

    if not books.season_named or books.match is None or plan.payout is None:
        return
    existing, _ = read_ledger(Tables(books.match.read()))
    own = [e for e in existing if is_this_match(e, plan.payout) and (any(e.amounts()) or e.unread)]
    if own:
        assert books.ledger is not None
        raise StorageError(
            f"This match's results are already paid in the Ledger tab of {books.match.location} ({len(own)} rows); "
            f"paying them into {books.ledger.location} too would pay them twice. Run without --ledger, or move those "
            f"rows into the season workbook and delete them here first."
        )


def _remember_ledger(books: Workbooks, step: _Step) -> None:
    """The first payment into a workbook a step named (--ledger, --season) is recorded in Config season, so that
    every later step pays there too."""
    if not books.season_named or books.match is None or books.ledger is None:
        return
    config = _config(books, step)
    value = relative(books.ledger, books.match)
    step.tabs(MATCH)[CONFIG_TAB] = with_setting(config, PAYS_INTO, value)
    step.summary.append(f"Config {PAYS_INTO} is now {value!r}: this match's later payouts go to that workbook too.")
    books.season_named = False


def _config(books: Workbooks, step: _Step) -> Rows:
    if CONFIG_TAB in step.tabs(MATCH):
        return step.tabs(MATCH)[CONFIG_TAB]
    identity = books.identity
    if identity is not None and identity.config is not None:
        return identity.config
    assert books.match is not None
    table = Tables(books.match.read()).require(CONFIG_TAB)
    return [table.header, *table.rows]


def _keep_match_id(identity: Identity | None, step: _Step) -> None:
    """Write the match id of a workbook made before match ids into its Config, so that it stays the same."""
    from hostkit.core.game import TEMPLATE_ID

    if identity is None or identity.config is None or CONFIG_TAB in step.tabs(MATCH):
        return
    step.tabs(MATCH)[CONFIG_TAB] = identity.config
    if identity.from_template:
        step.summary.append(
            f"Config match_id was the ready-made workbook's {TEMPLATE_ID!r}: it is now {identity.id!r}, this "
            f"match's own, the name the ledger knows it by."
        )
        return
    step.summary.append(
        f"Config had no match_id (the workbook is older than match ids): it is now {identity.id!r}, "
        f"the name the ledger knows this match by, so renaming the match cannot pay it twice."
    )


# ---- messages and the players' workbook


def _record_messages(books: Workbooks, plan: Plan, step: _Step, sending: Sending) -> None:
    """Record (and with send, deliver) the step's messages; the Sent tab joins the match workbook's writes."""
    if not plan.messages or books.match is None or not (plan.private or plan.message or sending.send):
        return
    from hostkit.core.game import Outcome
    from hostkit.library._messaging import any_webhook, delivery_settings, messages_of, run_delivery

    settings = tables, config, _ = delivery_settings(books.match)
    if not (sending.send or any_webhook(tables, config)):
        return  # no webhook and no send: delivery would record nothing
    said = Outcome(private=dict(plan.private), message=plan.message, image=plan.image, about=plan.about)
    messages = messages_of(said, plan.verb, plan.round, sending.pictures)
    delivery = run_delivery(
        books.match,
        messages,
        sending.send,
        sending.resend,
        on_stop=sending.on_stop,
        pictures=sending.pictures,
        settings=settings,
    )
    if delivery.sent_tab is not None:
        from hostkit.delivery.sent import SENT_TAB

        step.tabs(MATCH)[SENT_TAB] = delivery.sent_tab
    step.summary += delivery.lines
    step.problems += delivery.problems


def _publish(books: Workbooks, plan: Plan, step: _Step, game: Game | None) -> None:
    """The public tabs of the step's writes, for the players' workbook, with its `hostkit` tab when new. The
    players' workbook keeps the whole public set: a public tab of the match it lacks is copied from the match
    workbook as it stands, looks and all; `publish` copies every public tab."""
    if game is None or books.public is None or books.match is None or books.identity is None:
        return
    kept = {name.casefold(): reason for name, reason in plan.withheld.items()}
    public = {t: rows for t, rows in step.tabs(MATCH).items() if game.is_public(t) and t.casefold() not in kept}
    if not (public or plan.publish_all):
        return
    held = books.public.read() if books.public.exists() else {}
    have = {name.casefold() for name in [*public, *([] if plan.publish_all else held), *kept]}
    missing = [name for name in books.match.read() if game.is_public(name) and name.casefold() not in have]
    copied = books.match.read_styled(missing) if missing else {}
    shown = [name for name in held if name.casefold() in kept]  # only these tabs' cells are read
    withdrawn = {name: [[WITHDRAWN], [kept[name.casefold()]]] for name in shown if held[name][:1] != [[WITHDRAWN]]}
    mark = claim(books.public, held, SERVES_PUBLIC, books.identity)
    step.tabs(PUBLIC).update({**mark, **copied, **public, **withdrawn})
    if withdrawn:
        step.summary.append(
            f"Withdrawn from {books.public.location} until it is public: "
            + "; ".join(f"{name} ({kept[name.casefold()]})" for name in withdrawn)
        )
    step.keep_id = True


def claim(book: Book, tabs: Mapping[str, Rows], role: str, match: Identity | None) -> dict[str, Rows]:
    """The `hostkit` tab that makes `book` (holding `tabs`) serve this match in this role, or nothing when it
    already does; StorageError when it is a match's own workbook or serves another match."""
    if match is None:
        return {}
    tables = Tables(tabs)
    config = tables.get(CONFIG_TAB)
    if config is not None and config.has_column("Key") and config.has_column("Value"):
        values = {r.text("Key").casefold(): r.text("Value") for r in config.records("Key", "Value")}
        if values.get("game") and (role == SERVES_PUBLIC or (values.get("match_id") or "") != match.id):
            what = ", ".join([values["game"]] + ([repr(values["match"])] if values.get("match") else []))
            raise StorageError(
                f"{book.location} is a match workbook ({what}), not a {role} workbook; give this "
                f"match a {role} workbook of its own."
            )
    marks = tables.get(MARK_TAB)
    rows: Rows = [list(MARK_HEADER)] + (marks.filled_rows(handled=True) if marks is not None else [])
    served = [
        (str(r[0] or "").strip(), str(r[1] or "").strip(), str(r[2] or "").strip()) for r in rows[1:] if len(r) > 1
    ]
    for serves, match_id, name in served:
        if serves != role or (role == SERVES_PUBLIC and match_id != match.id):
            whose = "" if serves == SERVES_SEASON else f" of {name or match_id!r}"
            raise StorageError(
                f"{book.location} is the {serves} workbook{whose}, not this match's {role} "
                f"workbook; give this match a {role} workbook of its own."
            )
    if any(match_id == match.id for _, match_id, _ in served):
        return {}
    return {MARK_TAB: rows + [[role, match.id, match.name, match.game]]}


# ---- writing


def write_all(books: Workbooks, writes: Mapping[str, Mapping[str, Rows]], order: Order | None, plan: Plan) -> None:
    """Check every workbook (writable, not locked, unchanged, nothing of the host's lost), then write each, the
    match workbook first and the public tabs first in `order`. This is the only code that writes a workbook."""
    roles = {MATCH: books.match, PUBLIC: books.public, LEDGER: books.ledger, COPY: books.copy}
    targets = [(roles[role], tabs, role) for role, tabs in writes.items() if tabs and roles.get(role) is not None]
    for book, tabs, role in targets:
        assert book is not None
        if not (role == MATCH and plan.create):
            book.check(tabs)
    written: list[str] = []
    for book, tabs, role in targets:
        assert book is not None
        try:
            if (role == MATCH and plan.create) or (role != MATCH and not book.exists()):
                book.create(
                    {name: tabs[name] for name in arranged(list(tabs), order)}, force=plan.force or role != MATCH
                )
            else:
                book.write(tabs, order=order)
        except StorageError as error:
            if written:
                raise StorageError(
                    f"{error} ({' and '.join(written)} had already been written; run the command "
                    f"again to write the rest.)"
                ) from None
            raise
        written.append(book.location)
