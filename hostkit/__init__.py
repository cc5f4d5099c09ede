"""hostkit: the host's assistant for online reality games.

with hostkit.open_match("game.xlsx") as match:
    report = match.score(round=2)

The names below are the library; its modules (hostkit.library) are private.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hostkit.errors import (
    BadInput,
    BookError,
    Conflict,
    DeliveryError,
    GoogleError,
    HostkitError,
    LockHeld,
    Refused,
    StorageError,
    WebhookGone,
)

if TYPE_CHECKING:
    from hostkit.core.game import Prompt
    from hostkit.core.status import Phase, Status
    from hostkit.library._creating import new_match
    from hostkit.library._ledgers import balances, pay, spend
    from hostkit.library._match import Match, open_match, run_verb
    from hostkit.library._report import Report, StatusReport
    from hostkit.library._seasons import Season, new_season, open_season
    from hostkit.library._syncing import pull, push
    from hostkit.library._workbooks import open_book

__all__ = [
    "BadInput",
    "BookError",
    "Conflict",
    "DeliveryError",
    "GoogleError",
    "HostkitError",
    "LockHeld",
    "Match",
    "Phase",
    "Prompt",
    "Refused",
    "Report",
    "Season",
    "Status",
    "StatusReport",
    "StorageError",
    "WebhookGone",
    "balances",
    "new_match",
    "new_season",
    "open_book",
    "open_match",
    "open_season",
    "pay",
    "pull",
    "push",
    "run_verb",
    "spend",
]

_LIBRARY = {
    "Match": "hostkit.library._match",
    "open_match": "hostkit.library._match",
    "run_verb": "hostkit.library._match",
    "new_match": "hostkit.library._creating",
    "Season": "hostkit.library._seasons",
    "open_season": "hostkit.library._seasons",
    "new_season": "hostkit.library._seasons",
    "Report": "hostkit.library._report",
    "StatusReport": "hostkit.library._report",
    "Status": "hostkit.core.status",
    "Phase": "hostkit.core.status",
    "Prompt": "hostkit.core.game",
    "balances": "hostkit.library._ledgers",
    "spend": "hostkit.library._ledgers",
    "pay": "hostkit.library._ledgers",
    "pull": "hostkit.library._syncing",
    "push": "hostkit.library._syncing",
    "open_book": "hostkit.library._workbooks",
}


def __getattr__(name: str) -> Any:
    """The library is imported when a script first uses it, so that `hostkit --help` (which imports this
    package) does not load it."""
    if name in _LIBRARY:
        return getattr(importlib.import_module(_LIBRARY[name]), name)
    raise AttributeError(f"module 'hostkit' has no attribute {name!r}")
