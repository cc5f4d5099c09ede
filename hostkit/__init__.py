"""hostkit: the host's assistant for online reality games."""
