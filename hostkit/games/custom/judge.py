"""A custom round judged: every answer of every message, in chronological order, with its verdict, points and
reason, by the rules the host wrote in Config."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from hostkit.core.times import format_time
from hostkit.core.words import plural
from hostkit.games.custom.reading import normal, split_message, why_unread
from hostkit.games.custom.settings import Rules


class Verdict(str, Enum):
    CORRECT = "correct"
    INCORRECT = "incorrect"
    REPEAT_OWN = "repeat-own"
    REPEAT_OTHER = "repeat-other"
    LATE = "late"
    WAITING = "waiting"
    STRUCK = "struck"


@dataclass(frozen=True)
class KeyAnswer:
    """One answer of the key: as typed, as compared, what it scores, and its Answers row."""

    typed: str
    normal: str
    points: int
    row: int


@dataclass(frozen=True)
class Sent:
    """One Submissions row: who sent what when, and the host's verdicts typed on it (True for correct; one for
    the whole row, or one per answer; none: not judged by the host)."""

    row: int
    at: dt.datetime
    player: str
    message: str
    verdicts: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Judged:
    row: int
    at: dt.datetime
    player: str
    typed: str
    normal: str | None
    verdict: Verdict
    points: int
    reason: str
    key: KeyAnswer | None = None
    """The key answer a correct answer found."""
    first: bool = False
    """Whether this correct answer found its key answer first."""
    incorrect: bool = False
    """Counted as incorrect: a strike, and a turn lost where turns are lost."""


def points_text(points: int) -> str:
    return "no points" if points == 0 else f"{points:+d} {'point' if abs(points) == 1 else 'points'}"


@dataclass
class _Round:
    """What the judge has seen so far in a round."""

    key: Mapping[str, KeyAnswer]
    found: dict[str, Judged]
    said: dict[str, dict[str, Judged]]
    wrong: dict[str, int]
    all_found: Judged | None = None


def judge(
    sent: Iterable[Sent], key: Sequence[KeyAnswer], rules: Rules, closes: dt.datetime | None, tz: dt.tzinfo
) -> list[Judged]:
    """Every answer of every message in chronological order (time, then row), with its verdict."""
    state = _Round({k.normal: k for k in reversed(key)}, {}, {}, {})
    answers: list[Judged] = []
    for s in sorted(sent, key=lambda s: (s.at, s.row)):
        pieces = split_message(s.message, rules.many, rules.form)
        for index, piece in enumerate(pieces):
            host = _host_verdict(s, index, len(pieces))
            a = _one(s, piece, host, state, rules, closes, tz)
            if a.verdict not in (Verdict.LATE, Verdict.STRUCK) and a.normal is not None:
                state.said.setdefault(s.player, {}).setdefault(a.normal, a)
            if a.incorrect:
                state.wrong[s.player] = state.wrong.get(s.player, 0) + 1
            if a.first and a.normal is not None:
                state.found[a.normal] = a
                if rules.close_when_all_found and len(state.found) == len(state.key):
                    state.all_found = a
            answers.append(a)
    return answers


def _host_verdict(s: Sent, index: int, count: int) -> bool | str | None:
    """The host's verdict on the row's index-th answer; a sentence when the row's verdicts do not fit it."""
    if not s.verdicts:
        return None
    if len(s.verdicts) == 1:
        return s.verdicts[0]
    if len(s.verdicts) == count:
        return s.verdicts[index]
    return (
        f"Verdict gives {len(s.verdicts)} verdicts for the row's {plural(count, 'answer')}; give one, or one per answer"
    )


def _one(
    s: Sent,
    piece: str,
    host: bool | str | None,
    state: _Round,
    rules: Rules,
    closes: dt.datetime | None,
    tz: dt.tzinfo,
) -> Judged:
    norm = normal(piece, rules.form)
    read = f"{piece} read as {norm}" if norm is not None and norm != piece.strip().casefold() else piece

    def made(verdict: Verdict, points: int, reason: str, **more) -> Judged:
        return Judged(s.row, s.at, s.player, piece, norm, verdict, points, reason, **more)

    late = _late(s, state, closes, tz)
    if late:
        return made(Verdict.LATE, 0, f"{piece} {late}; not judged, no points.")
    if rules.strikes and state.wrong.get(s.player, 0) >= rules.strikes:
        return made(
            Verdict.STRUCK,
            0,
            f"{piece}: {s.player} already has {plural(state.wrong[s.player], 'incorrect answer')} this round "
            f"(strikes: {rules.strikes}); not judged, no points.",
        )
    repeat = _repeat(s, norm, state, rules, tz, read)
    if repeat is not None:
        verdict, counted, why = repeat
        points = rules.incorrect_points if counted else 0
        tail = f"counted as incorrect: {points_text(points)}" if counted else "no points, no penalty"
        return made(verdict, points, f"{why}: {tail}.", incorrect=counted)
    return _decided(s, piece, read, norm, host, state, rules, made)


def _late(s: Sent, state: _Round, closes: dt.datetime | None, tz: dt.tzinfo) -> str:
    when = format_time(s.at, tz)
    last = state.all_found
    if last is not None:
        return (
            f"came at {when}, after the last answer of the key was found ({last.typed} by {last.player} at "
            f"{format_time(last.at, tz)})"
        )
    if closes is not None and s.at > closes:
        return f"came at {when}, after the round closed at {format_time(closes, tz)}"
    return ""


def _repeat(
    s: Sent, norm: str | None, state: _Round, rules: Rules, tz: dt.tzinfo, read: str
) -> tuple[Verdict, bool, str] | None:
    """A repeat's verdict, whether it counts as incorrect, and why; None when the answer is not a repeat (or a
    repeat of another's that `shared` judges as new)."""
    if norm is None:
        return None
    own = state.said.get(s.player, {}).get(norm)
    if own is not None:
        why = f"{read} repeats {s.player}'s own answer of {format_time(own.at, tz)}"
        return Verdict.REPEAT_OWN, rules.repeat_own == "incorrect", why
    if rules.repeat_other == "shared":
        return None
    earlier = [by[norm] for who, by in state.said.items() if who != s.player and norm in by]
    first = min(earlier, key=lambda a: (a.at, a.row), default=None)
    if first is None:
        return None
    why = f"{read} was already given by {first.player} at {format_time(first.at, tz)} ({first.verdict.value})"
    return Verdict.REPEAT_OTHER, rules.repeat_other == "incorrect", why


def _decided(
    s: Sent,
    piece: str,
    read: str,
    norm: str | None,
    host: bool | str | None,
    state: _Round,
    rules: Rules,
    made: Callable[..., Judged],
) -> Judged:
    """The verdict of a new answer: by the key, the host's Verdict, or both."""
    if isinstance(host, str):
        return made(Verdict.WAITING, 0, f"{piece}: the {host}; it waits, no points yet.")
    in_key = state.key.get(norm) if norm is not None and rules.judge != "host" else None
    if rules.judge == "host" and host is None:
        return made(
            Verdict.WAITING,
            0,
            f"{piece} waits for the host's Verdict (correct or incorrect) on Submissions row {s.row}.",
        )
    by_key = rules.judge != "host" and (host is None or rules.judge == "key")
    correct = in_key is not None if by_key else bool(host)
    if not correct:
        if by_key:
            why = why_unread(piece, rules.form) if norm is None else f"{read} is not in the answer key"
        else:
            why = f"{read} is judged incorrect by the host" + (" (the key has it)" if in_key else "")
        return made(
            Verdict.INCORRECT, rules.incorrect_points, f"{why}: {points_text(rules.incorrect_points)}.", incorrect=True
        )
    points = in_key.points if in_key is not None else rules.correct_points
    finder = state.found.get(in_key.normal) if in_key is not None else None
    if by_key:
        assert in_key is not None
        why = f"{read} is in the answer key (Answers row {in_key.row})"
    else:
        why = f"{read} is judged correct by the host"
    if in_key is None:
        found = ""
    elif finder is None:
        found = f", found first by {s.player}"
    else:
        found = f", found first by {finder.player}; shared, so it scores again"
    return made(
        Verdict.CORRECT,
        points,
        f"{why}{found}: {points_text(points)}.",
        key=in_key,
        first=in_key is not None and finder is None,
    )


def closing_time(
    answers: Sequence[Judged], key: Sequence[KeyAnswer], closes: dt.datetime | None, rules: Rules
) -> dt.datetime | None:
    """When the round closed: at the moment its last key answer was found (when that closes it), else its
    Closes time (None: no time)."""
    firsts = [a for a in answers if a.first]
    if rules.close_when_all_found and key and len(firsts) == len({k.normal for k in key}):
        last = firsts[-1].at
        return last if closes is None else min(last, closes)
    return closes
