"""A seeded set of three boards that meets every rule of the sheet's "Rules of the Boards".

The search goes in two layers, each a depth-first search in reading order with forward checks:
1. the numbers of all three boards at once, cell by cell (a location's three numbers sum to 5-7);
2. then the colours, board by board (a board's colours depend on the board before it).
A search that spends its node budget starts again with fresh seeded draws, so a seed always gives
the same set. Adjacency is orthogonal and nothing wraps here (heat wraps, but heat is not a board
rule). The rules are written here for speed; checker.py writes them again, independently.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hostkit.core.rng import rng

from .cards import COLOURS, Board, BoardSet, Card
from .heat import DEFAULT_HEAT_RULE, HeatRule

N = 5
CELLS = N * N
BOARDS = 3
NUMBER_COUNTS = {1: 8, 2: 9, 3: 8}
LOCATION_SUMS = (5, 6, 7)
MIN_COLOUR_CARDS = 8
MAX_COLOUR_CARDS = CELLS - 2 * MIN_COLOUR_CARDS
LOW_COLOUR_SUM, HIGH_COLOUR_SUM = 16, 17
NODE_BUDGET = 4000
COLOUR_TRIES = 30
NUMBER_TRIES = 200

TRIPLES = tuple((a, b, c) for a in (1, 2, 3) for b in (1, 2, 3) for c in (1, 2, 3) if a + b + c in LOCATION_SUMS)


class _OutOfBudget(Exception):
    pass


def _bit(value: int) -> int:
    return 1 << value


def _missing(mask: int) -> int:
    return 3 - bin(mask).count("1")


def _number_layers(rand: random.Random) -> list[list[int]] | None:
    """Numbers for three boards, or None when the node budget runs out."""
    search = _NumberSearch(rand)
    try:
        return search.grid if search.search(0) else None
    except _OutOfBudget:
        return None


class _NumberSearch:
    """The numbers of the three boards placed cell by cell, with what each board has placed so far."""

    def __init__(self, rand: random.Random):
        self.rand = rand
        self.grid = [[0] * CELLS for _ in range(BOARDS)]
        self.paired = [[False] * CELLS for _ in range(BOARDS)]
        self.counts = [dict.fromkeys(NUMBER_COUNTS, 0) for _ in range(BOARDS)]
        self.rows = [[0] * N for _ in range(BOARDS)]
        self.cols = [[0] * N for _ in range(BOARDS)]
        self.nodes = 0

    def allowed(self, b: int, i: int) -> set[int]:
        r, c = divmod(i, N)
        g, p = self.grid[b], self.paired[b]
        up = g[i - N] if r else 0
        left = g[i - 1] if c else 0
        out = set()
        for v in (1, 2, 3):
            if self.counts[b][v] >= NUMBER_COUNTS[v]:
                continue
            if (up == v and (p[i - N] or left == v)) or (left == v and p[i - 1]):
                continue
            if _missing(self.rows[b][r] | _bit(v)) > N - 1 - c or _missing(self.cols[b][c] | _bit(v)) > N - 1 - r:
                continue
            out.add(v)
        return out

    def place(self, b: int, i: int, v: int) -> list[int]:
        r, c = divmod(i, N)
        g = self.grid[b]
        g[i] = v
        joined = [j for j in ((i - N) if r else -1, (i - 1) if c else -1) if j >= 0 and g[j] == v]
        for j in joined:
            self.paired[b][j] = self.paired[b][i] = True
        self.counts[b][v] += 1
        saved = [self.rows[b][r], self.cols[b][c]]
        self.rows[b][r] |= _bit(v)
        self.cols[b][c] |= _bit(v)
        return saved

    def unplace(self, b: int, i: int, v: int, saved: list[int]) -> None:
        r, c = divmod(i, N)
        self.grid[b][i] = 0
        self.paired[b][i] = False
        for j in ((i - N) if r else -1, (i - 1) if c else -1):
            if j >= 0 and self.grid[b][j] == v:
                self.paired[b][j] = _has_pair(self.grid[b], j)
        self.counts[b][v] -= 1
        self.rows[b][r], self.cols[b][c] = saved

    def search(self, i: int) -> bool:
        if i == CELLS:
            return True
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            raise _OutOfBudget
        options = [self.allowed(b, i) for b in range(BOARDS)]
        choices = [t for t in TRIPLES if all(t[b] in options[b] for b in range(BOARDS))]
        self.rand.shuffle(choices)
        for triple in choices:
            saved = [self.place(b, i, v) for b, v in enumerate(triple)]
            if self.search(i + 1):
                return True
            for b, v in enumerate(triple):
                self.unplace(b, i, v, saved[b])
        return False


def _has_pair(grid: list[int], j: int) -> bool:
    """Whether placed cell j has a placed orthogonal neighbour of the same value."""
    r, c = divmod(j, N)
    near = [k for k, ok in ((j - N, r > 0), (j + N, r < N - 1), (j - 1, c > 0), (j + 1, c < N - 1)) if ok]
    return any(grid[k] == grid[j] for k in near)


def _min_max_sum(k: int, ones: int, twos: int, threes: int) -> tuple[int, int]:
    """The least and greatest sum of k cards out of the given numbers of 1s, 2s and 3s."""
    low_ones = min(k, ones)
    low_twos = min(k - low_ones, twos)
    low = low_ones + 2 * low_twos + 3 * (k - low_ones - low_twos)
    high_threes = min(k, threes)
    high_twos = min(k - high_threes, twos)
    high = 3 * high_threes + 2 * high_twos + (k - high_threes - high_twos)
    return low, high


def _colour_layer(
    rand: random.Random,
    numbers: list[int],
    low_colour: int,
    before_numbers: list[int] | None,
    before_colours: list[int] | None,
) -> list[int] | None:
    """Colours 0-2 for one board, or None when the node budget runs out."""
    before = None if before_numbers is None or before_colours is None else (before_numbers, before_colours)
    search = _ColourSearch(rand, numbers, low_colour, before)
    try:
        return search.colour if search.search(0) else None
    except _OutOfBudget:
        return None


class _ColourSearch:
    """One board's colours placed cell by cell over its numbers, with the counts and sums so far; `before` is
    the board before it (its numbers and colours), whose card no location may repeat."""

    def __init__(
        self, rand: random.Random, numbers: list[int], low_colour: int, before: tuple[list[int], list[int]] | None
    ):
        self.rand, self.numbers, self.before = rand, numbers, before
        self.colour = [-1] * CELLS
        self.paired = [False] * CELLS
        self.count = [0, 0, 0]
        self.total = [0, 0, 0]
        self.target = [LOW_COLOUR_SUM if x == low_colour else HIGH_COLOUR_SUM for x in range(3)]
        self.rows = [0] * N
        self.cols = [0] * N
        self.left_numbers = {1: 0, 2: 0, 3: 0}
        for v in numbers:
            self.left_numbers[v] += 1
        self.nodes = 0

    def sums_reachable(self, cells_left: int) -> bool:
        """Whether every colour can still get its 8 to 17 cards summing to its target."""
        if sum(max(0, MIN_COLOUR_CARDS - n) for n in self.count) > cells_left:
            return False
        left = self.left_numbers
        for x in range(3):
            need = self.target[x] - self.total[x]
            reachable = False
            for k in (MIN_COLOUR_CARDS - self.count[x], MAX_COLOUR_CARDS - self.count[x]):
                if 0 <= k <= cells_left:
                    low, high = _min_max_sum(k, left[1], left[2], left[3])
                    if low <= need <= high:
                        reachable = True
            if not reachable:
                return False
        return True

    def allowed(self, i: int, x: int) -> bool:
        r, c = divmod(i, N)
        colour, paired, numbers = self.colour, self.paired, self.numbers
        if self.count[x] >= MAX_COLOUR_CARDS:
            return False
        up = colour[i - N] if r else -1
        left = colour[i - 1] if c else -1
        if (up == x and (paired[i - N] or left == x)) or (left == x and paired[i - 1]):
            return False
        if (up == x and numbers[i - N] == numbers[i]) or (left == x and numbers[i - 1] == numbers[i]):
            return False
        if self.before is not None and (self.before[1][i], self.before[0][i]) == (x, numbers[i]):
            return False
        return _missing(self.rows[r] | _bit(x)) <= N - 1 - c and _missing(self.cols[c] | _bit(x)) <= N - 1 - r

    def place(self, i: int, x: int) -> tuple[list[int], tuple[int, int]]:
        """Colour cell i x: the cells it pairs with, and its row's and column's colours before."""
        r, c = divmod(i, N)
        v = self.numbers[i]
        self.colour[i] = x
        joined = [j for j in ((i - N) if r else -1, (i - 1) if c else -1) if j >= 0 and self.colour[j] == x]
        for j in joined:
            self.paired[j] = True
        self.paired[i] = bool(joined)
        self.count[x] += 1
        self.total[x] += v
        self.left_numbers[v] -= 1
        saved = self.rows[r], self.cols[c]
        self.rows[r] |= _bit(x)
        self.cols[c] |= _bit(x)
        return joined, saved

    def unplace(self, i: int, x: int, joined: list[int], saved: tuple[int, int]) -> None:
        r, c = divmod(i, N)
        v = self.numbers[i]
        self.rows[r], self.cols[c] = saved
        self.left_numbers[v] += 1
        self.total[x] -= v
        self.count[x] -= 1
        self.colour[i] = -1
        self.paired[i] = False
        for j in joined:
            self.paired[j] = _has_pair(self.colour, j)

    def search(self, i: int) -> bool:
        if i == CELLS:
            return True
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            raise _OutOfBudget
        order = [0, 1, 2]
        self.rand.shuffle(order)
        for x in order:
            if not self.allowed(i, x):
                continue
            joined, saved = self.place(i, x)
            if self.sums_reachable(CELLS - 1 - i) and self.search(i + 1):
                return True
            self.unplace(i, x, joined, saved)
        return False


def generate_set(seed: int | str, heat: HeatRule = DEFAULT_HEAT_RULE) -> BoardSet:
    """Three boards meeting every board rule, with heat by the given rule; the same seed gives the same set."""
    low_colours = list(range(3))
    rng(seed, "boards", "low colour").shuffle(low_colours)
    for attempt in range(NUMBER_TRIES):
        numbers = _number_layers(rng(seed, "boards", "numbers", attempt))
        if numbers is None:
            continue
        colours = _colour_layers(seed, attempt, numbers, low_colours)
        if colours is None:
            continue
        boards = tuple(
            heat.apply(Board(tuple(Card(n, COLOURS[x]) for n, x in zip(numbers[b], colours[b])))) for b in range(BOARDS)
        )
        return BoardSet(boards)  # type: ignore[arg-type]
    raise RuntimeError(f"no set of boards found for seed {seed!r} in {NUMBER_TRIES} tries; try another seed")


def _colour_layers(
    seed: int | str, attempt: int, numbers: list[list[int]], low_colours: list[int]
) -> list[list[int]] | None:
    for tries in range(COLOUR_TRIES):
        layers: list[list[int]] = []
        for b in range(BOARDS):
            layer = _colour_layer(
                rng(seed, "boards", "colours", attempt, tries, b + 1),
                numbers[b],
                low_colours[b],
                numbers[b - 1] if b else None,
                layers[b - 1] if b else None,
            )
            if layer is None:
                break
            layers.append(layer)
        else:
            return layers
    return None


@dataclass(frozen=True)
class Timings:
    """Seconds per seed for generating a set, with the median and the slowest."""

    seconds: dict[str, float]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds.values())

    @property
    def slowest(self) -> float:
        return max(self.seconds.values())


def time_generation(seeds: Iterable[int | str] = range(20), clock: Callable[[], float] = time.perf_counter) -> Timings:
    """Generate a set for each seed and time it: what a benchmark reports as median and max."""
    seconds = {}
    for seed in seeds:
        start = clock()
        generate_set(seed)
        seconds[str(seed)] = clock() - start
    return Timings(seconds)
