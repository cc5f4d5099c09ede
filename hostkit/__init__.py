"""hostkit: the host's assistant for online reality games."""

__version__ = "0.1.0"
