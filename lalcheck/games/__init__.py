"""The games lalcheck knows: one subpackage per game, registered in one place."""
