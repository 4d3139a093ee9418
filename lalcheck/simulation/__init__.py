"""Simulation shared by every game: seeded games in chunks on a backend, and statistics."""
