"""What the watch tests share: a When Stars Align death match, its third turn, and looks run without waiting."""

from hostkit.cli import watch
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_tac_toe.support import turns
from tests.games.hap_tac_toe.workbook import make_book, move_rows

OPENING = [("yellow solid 4", "C3"), ("yellow solid 5", "C2"), ("yellow solid 6", "C1", "C1 C2 C3", 75)]


def looks(monkeypatch, changes: dict[int, object]) -> None:
    """Run the watch's looks without waiting: before look n, change n is made; each look is 5 s on."""

    def sleep(seconds):
        looks.count += 1
        change = changes.get(looks.count)
        if change is not None:
            change()

    looks.count = 0
    monkeypatch.setattr(watch, "sleep", sleep)
    ticks = iter(range(0, 100_000, 5))
    monkeypatch.setattr(watch, "clock", lambda: next(ticks))


def death_match(path):
    from hostkit.games.hap_tac_toe import WhenStarsAlign

    return make_book(path, games=[turns(WhenStarsAlign(), OPENING[:2])])


def third_turn(path):
    from hostkit.games.hap_tac_toe import WhenStarsAlign

    book = XlsxBook(path)
    moves = [list(r) for r in book.read()["Moves"]]
    moves += move_rows(1, turns(WhenStarsAlign(), OPENING)[2:])
    book.write({"Moves": moves})
