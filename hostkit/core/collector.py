"""Python's cycle collector, paused while hostkit works: judging and writing a round make many objects and
almost no cycles, and the collector's passes over them cost a tenth of a big score's time."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused_collector(leaving: bool = False) -> Iterator[None]:
    """The collector off until the block ends (as it was before, after). `leaving`: the process ends with the
    block, so what the block made is frozen (never examined again) instead of walked through by the first
    pass after it, which takes a few milliseconds after a big score."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if leaving:
            gc.freeze()
        if enabled:
            gc.enable()
