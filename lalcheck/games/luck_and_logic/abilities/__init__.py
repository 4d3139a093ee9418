"""The Luck & Logic card-ability language: its value types (:mod:`.model`), the
reader that builds them from database data (:mod:`.parse`) and how much of a
database it covers (:mod:`.coverage`)."""
