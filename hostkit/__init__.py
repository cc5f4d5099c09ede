"""hostkit: the host's assistant for online reality games."""

from hostkit.errors import HostkitError

__all__ = ["HostkitError"]
