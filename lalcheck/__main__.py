"""``python -m lalcheck``."""

from lalcheck.cli import main

main()
