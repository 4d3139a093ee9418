"""Restore the Luminous (リストル): the card model, sample data and the rules engine.

* :mod:`.cards` -- the frozen card model (:class:`~.cards.Card`, keywords,
  the structured effect language) and the pure loaders
  :func:`~.cards.card_from_mapping` / :func:`~.cards.pool_from_document`, which
  return problems as values (path and message) instead of raising.
* :mod:`.decisions` -- every open point of the rules, decided once (RTL-OPEN-n).
* :mod:`.files` -- reading card databases and decks from files, and the
  bundled sample (``data/restore-the-luminous/``).
* :mod:`.engine` -- the full engine: ``Game``, actions, policies,
  ``play_game`` returning a ``GameRecord``, ``replay`` and ``perft``.

Rule ids (``RTL-…``) cited in code and messages are explained in
``docs/rules/restore-the-luminous.md``.
"""
