"""What a step of a match did, as a script reads it and as `hostkit <verb> --json` prints it."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.core.status import Status
    from hostkit.core.tables import Problem


@dataclass(frozen=True)
class Report:
    """A step's result: the lines for the host, the rows it could not use, its JSON object, each player's
    private message, the public chat message, and the board drawn (PNG bytes on call) where it has one."""

    verb: str
    summary: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[str, str] = field(default_factory=dict)
    message: str | None = None
    image: Callable[[], bytes] | None = None
    notes: tuple[str, ...] = ()
    """A live decision's lines about its messages (recorded, delivered), apart from what the game said."""
    saved: bool = False
    """Whether a live decision wrote the workbook."""
    next: str | None = None
    """The host's next step, where the step names one: a sentence with the command to run (`hostkit deal
    --round 2`), the workbook left for the caller to add (the command line adds --book or --sheet)."""

    @classmethod
    def of(cls, verb: str, outcome: Outcome) -> Report:
        """A game's step that writes nothing and goes through no commit (`hostkit open-pass evaluate`)."""
        return cls(
            verb,
            tuple(outcome.summary),
            tuple(outcome.problems),
            outcome.data if outcome.data is not None else {},
            dict(outcome.private),
            outcome.message,
            outcome.image,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of `hostkit <verb> --json`: the step's own keys and its problems."""
        return {**self.data, "problems": [p.as_json() for p in self.problems]}


_NEXT = re.compile(r"(?:^|(?<=[.:!?]\s))Next: (?=[^\n]*`hostkit )")


def next_step(summary: Sequence[str]) -> tuple[tuple[str, ...], str | None]:
    """The summary without its last `Next: ... `hostkit ...`` sentence, and that sentence's advice."""
    for i in range(len(summary) - 1, -1, -1):
        found = list(_NEXT.finditer(summary[i]))
        if found:
            head, advice = summary[i][: found[-1].start()].rstrip(), summary[i][found[-1].end() :].strip()
            return (*summary[:i], *([head] if head else []), *summary[i + 1 :]), advice
    return tuple(summary), None


@dataclass(frozen=True)
class StatusReport(Report):
    """`status`: its Status, whose JSON object has one shape in every game."""

    status: Status | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)
