"""Seeded randomness: every random choice is derived from the workbook seed and a label that names it."""

from __future__ import annotations

import random


def rng(seed: int | str, *labels: object) -> random.Random:
    """A generator that gives the same draws for the same seed and labels on every machine."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))
