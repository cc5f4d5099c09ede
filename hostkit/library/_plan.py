"""A plan: what one step will do, decided before anything is written. `commit` carries it out."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.core.ledger import Entry, Payout
    from hostkit.core.tables import Problem, Rows

MATCH, PUBLIC, LEDGER, COPY = "match", "public", "ledger", "copy"
"""The workbooks a plan writes, by role: the match's, the players', the one the match pays into, and the .xlsx
copy a Google Sheet was pulled into."""

Record = Callable[[Sequence["Entry"], bool], tuple[Mapping[str, "Rows"], Sequence[str]]]
"""What a step records in the season once the ledger is settled: given every ledger entry after it (and whether
the step posted any), the season's tabs to write and the lines that say so."""


@dataclass(frozen=True)
class Plan:
    """A step's writes per workbook (by role), the ledger entries to settle (`payout`: what a result pays, a
    correction reversing what it no longer owes) or to post once (`posts`: purchases), whether the step's messages
    are recorded and delivered, and what it tells the host."""

    verb: str
    round: int | None = None
    writes: Mapping[str, Mapping[str, Rows]] = field(default_factory=dict)
    payout: Payout | None = None
    posts: tuple[Entry, ...] = ()
    record: Record | None = None
    summary: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    data: Mapping[str, Any] | None = None
    private: Mapping[str, str] = field(default_factory=dict)
    message: str | None = None
    image: Callable[[], bytes] | None = None
    about: str = ""
    messages: bool = True
    """Whether the step records (and with send, delivers) its messages; a live decision records only those it
    makes."""
    create: bool = False
    """The match workbook is laid out anew (`new`, the demo): over an existing one only with `force`."""
    force: bool = False
    publish_all: bool = False
    """Every public tab of the match goes to the players' workbook (`publish`), not only those written."""
    withheld: Mapping[str, str] = field(default_factory=dict)
    """Public tabs players must not see yet (a board whose round has not opened), each with the reason: never
    copied to the players' workbook, and withdrawn from it when it shows one."""


def plan_of(verb: str, outcome: Outcome, round: int | None = None, **more: Any) -> Plan:
    """The plan of a game's step: its writes to the match workbook, what it pays and buys, and what it says."""
    return Plan(
        verb,
        round,
        writes={MATCH: dict(outcome.writes)},
        payout=outcome.payout,
        posts=tuple(outcome.posts),
        summary=tuple(outcome.summary),
        problems=tuple(outcome.problems),
        data=outcome.data,
        private=dict(outcome.private),
        message=outcome.message,
        image=outcome.image,
        about=outcome.about,
        **more,
    )
