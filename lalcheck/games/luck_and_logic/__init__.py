"""Luck & Logic: its card model, deck rules, regulations, engine and goldfish metrics."""
