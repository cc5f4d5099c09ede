"""The pure rules core: cards, haps, thresholds, turn orders, verdicts. No I/O."""
