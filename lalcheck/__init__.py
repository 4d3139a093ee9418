"""lalcheck: deck validator, collection manager and goldfish simulator for Luck & Logic."""

__version__ = "0.1.0"
