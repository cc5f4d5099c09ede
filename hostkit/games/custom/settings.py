"""A custom game's settings (Config): the rules a host writes, each with its default and meaning; and the rules
as the pure judge reads them."""

from __future__ import annotations

from dataclasses import dataclass

from hostkit.core.season import season_pays
from hostkit.core.settings import Config, Setting, choice, integer, text
from hostkit.core.tables import Cell

YES_NO = ("no", "yes")


def _garnets(value: Cell) -> str:
    """Garnets by rank, like `10 6 3`: whole numbers from 0 separated by spaces or commas."""
    words = str(value).replace(",", " ").split()
    try:
        numbers = [int(w) for w in words]
    except ValueError:
        raise ValueError("is not a list of whole numbers by rank, like 10 6 3") from None
    if any(n < 0 or n > 1000 for n in numbers):
        raise ValueError("holds a number out of range; each rank's garnets are a whole number from 0 to 1000")
    return " ".join(map(str, numbers))


def _per_message(value: Cell) -> str:
    """1 or many (a spreadsheet may give the number 1 as 1.0)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 1:
        return "1"
    return choice("1", "many")(value)


SETTINGS: tuple[Setting, ...] = (
    Setting("title", "Custom game", "The game's name that players see in their messages and tabs.", text),
    Setting(
        "judge",
        "key",
        "How an answer is judged: key (by the Answers tab), host (by the Verdict you type, correct or incorrect; "
        "a row without one waits) or key-or-host (the key, overridden by a Verdict where you type one).",
        choice("key", "host", "key-or-host"),
    ),
    Setting(
        "answer_form",
        "text",
        "How answers are compared: text (ignoring case, accents, and spaces and punctuation at the ends), set "
        "(ignoring the order of the characters or comma-separated items: ABD = DBA) or number (1,000 = 1000).",
        choice("text", "set", "number"),
    ),
    Setting(
        "answers_per_message",
        "1",
        "1 (a message is one answer) or many (answers separated by commas, semicolons or new lines).",
        _per_message,
    ),
    Setting(
        "correct_points", 1, "Points for a correct answer (a key row's Points overrides it).", integer(-1000, 1000)
    ),
    Setting("incorrect_points", 0, "Points for an incorrect answer (for example -1).", integer(-1000, 1000)),
    Setting(
        "repeat_own",
        "ignore",
        "A player's second copy of their own answer: ignore (no points, no penalty) or incorrect.",
        choice("ignore", "incorrect"),
    ),
    Setting(
        "repeat_other",
        "ignore",
        "An answer another player already gave, right or wrong: ignore (no points, no penalty), incorrect, or "
        "shared (judged as if new, so a correct one scores for each player who finds it).",
        choice("ignore", "incorrect", "shared"),
    ),
    Setting(
        "strikes",
        0,
        "After this many incorrect answers in a round, a player's later answers in it are not judged (0: never).",
        integer(0, 1000),
    ),
    Setting(
        "close_when_all_found",
        "no",
        "yes: a round closes at the moment the last answer of its key is found; no: at its Closes time.",
        choice(*YES_NO),
    ),
    Setting(
        "turn_every",
        0,
        "Each N-th correct answer of a player in a round earns a turn (0: no turn order).",
        integer(0, 1000),
    ),
    Setting(
        "turn_order",
        "newest-first",
        "Where an earned turn goes: newest-first (to the front of the order) or oldest-first (to the back).",
        choice("newest-first", "oldest-first"),
    ),
    Setting(
        "turn_bonus_most",
        "no",
        "yes: the player with strictly the most correct answers in the round gets one more turn at the front.",
        choice(*YES_NO),
    ),
    Setting(
        "turn_lost_per_incorrect",
        0,
        "Turns each incorrect answer removes from that player's end of the order, after the earned and bonus turns.",
        integer(0, 100),
    ),
    Setting(
        "round_threshold",
        None,
        "Threshold N over each round's points: the players it awards get round_threshold_points (blank or 0: off).",
        integer(0, 100),
    ),
    Setting(
        "round_threshold_points",
        1,
        "Points each round's Threshold awards to each of its players.",
        integer(-1000, 1000),
    ),
    Setting(
        "garnets",
        "",
        "Garnets paid by final rank of total points, like 10 6 3 (first 10, second 6, third 3); tied players each "
        "get their shared rank's garnets; blank: none.",
        _garnets,
    ),
    Setting(
        "tol_threshold",
        0,
        "Threshold N over the total points: each player it awards gets one Token of Life (0 or blank: none).",
        integer(0, 100),
    ),
    Setting(
        "candidates",
        0,
        "The N lowest totals become elimination candidates; players tied at the edge all do (0: none).",
        integer(0, 100),
    ),
    Setting(
        "tie_winner",
        "",
        "A player who wins every tie they are in, at every rank (blank: tied players share the rank).",
        text,
    ),
    *season_pays(0, 0),
)


@dataclass(frozen=True)
class Rules:
    """The judging rules of a round, as the pure judge reads them."""

    judge: str = "key"
    form: str = "text"
    many: bool = False
    correct_points: int = 1
    incorrect_points: int = 0
    repeat_own: str = "ignore"
    repeat_other: str = "ignore"
    strikes: int = 0
    close_when_all_found: bool = False
    turn_every: int = 0
    newest_first: bool = True
    bonus_most: bool = False
    lost_per_incorrect: int = 0


def rules_of(config: Config) -> Rules:
    return Rules(
        judge=config["judge"],
        form=config["answer_form"],
        many=config["answers_per_message"] == "many",
        correct_points=config["correct_points"],
        incorrect_points=config["incorrect_points"],
        repeat_own=config["repeat_own"],
        repeat_other=config["repeat_other"],
        strikes=config["strikes"],
        close_when_all_found=config["close_when_all_found"] == "yes",
        turn_every=config["turn_every"],
        newest_first=config["turn_order"] == "newest-first",
        bonus_most=config["turn_bonus_most"] == "yes",
        lost_per_incorrect=config["turn_lost_per_incorrect"],
    )
