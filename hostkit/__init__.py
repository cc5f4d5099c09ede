"""hostkit: the host's assistant for online reality games.

with hostkit.open_match("game.xlsx") as match:
    report = match.score(round=2)
"""

from hostkit.errors import HostkitError
from hostkit.match import Match, open_match
from hostkit.report import Report, StatusReport

__all__ = ["HostkitError", "Match", "Report", "StatusReport", "open_match"]
