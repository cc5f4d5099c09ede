"""hostkit: the host's assistant for online reality games.

with hostkit.open_match("game.xlsx") as match:
    report = match.score(round=2)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hostkit.errors import HostkitError

if TYPE_CHECKING:
    from hostkit.match import Match, open_match
    from hostkit.report import Report, StatusReport

__all__ = ["HostkitError", "Match", "Report", "StatusReport", "open_match"]

_LIBRARY = {
    "Match": "hostkit.match",
    "open_match": "hostkit.match",
    "Report": "hostkit.report",
    "StatusReport": "hostkit.report",
}


def __getattr__(name: str) -> Any:
    """The library is imported when a script first uses it, so that `hostkit --help` (which imports this
    package) does not load it."""
    if name in _LIBRARY:
        return getattr(importlib.import_module(_LIBRARY[name]), name)
    raise AttributeError(f"module 'hostkit' has no attribute {name!r}")
