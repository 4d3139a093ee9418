"""洛吧殺 (lobasha): the hidden-role card game of seed 004 (docs/rules/lobasha.md).

* :mod:`.cards` — card kinds (:class:`~.cards.CardKind`) apart from physical pile
  entries (:class:`~.cards.PileEntry`: a kind with a suit and a rank);
* :mod:`.characters` — characters (HP in half points, gender, faction, emblems)
  and their skills with kinds (lord, locked, limited, gene);
* :mod:`.setups` — roles, the role mix per player count, the Lord's HP bonus;
* :mod:`.loaders` — pure loaders from parsed YAML/JSON to those models, with
  errors as values carrying document paths (:func:`~.loaders.load_cards`,
  :func:`~.loaders.load_pile`, :func:`~.loaders.load_characters`,
  :func:`~.loaders.load_setups`);
* :mod:`.data` — the bundled ``data/lobasha/`` files (:func:`~.data.bundled_data`)
  and reading such files with file and line in every error;
* :mod:`.engine` — the multiplayer rules engine, policies and game records.
"""
