"""Hostile files, the same cases for every file kind of every registered game: size
limits, alias bombs, duplicate keys, wrong types, broken YAML. Each is a clear
``deck-syntax`` error on that file (exit 1, never a traceback), naming its line.

A new game gets these cases by registering: the cases are built from the game's
id and file kinds only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from lalcheck.db import DatabaseError, load_database
from lalcheck.games import all_games, get_game
from lalcheck.yamlsafe import DECK_LIMITS
from tests.conftest import CliRun

#: (game id, file kind) of every registered game.
KINDS = [(game.id, kind) for game in all_games() for kind in game.file_kinds]


def header(game: str, kind: str) -> str:
    return f"game: {game}\nkind: {kind}\n"


@dataclass(frozen=True)
class Case:
    """A hostile file (built from its game and kind), what the error says and the lines
    it may name (none: the file as a whole, e.g. one too large to read)."""

    name: str
    content: Callable[[str, str], bytes]
    message: str
    lines: tuple[int, ...] | None


def _bomb(game: str, kind: str) -> bytes:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    return (header(game, kind) + "\n".join(levels) + "\n").encode()


CASES = [
    Case(
        "too large",
        lambda g, k: (header(g, k) + "# padding\n" * (DECK_LIMITS.max_bytes // 10 + 1)).encode(),
        f"over the size limit of {DECK_LIMITS.max_bytes:,} bytes",
        None,
    ),
    # the line of the first alias level past the node budget
    Case("alias bomb", _bomb, "YAML alias bomb", tuple(range(3, 12))),
    Case(
        "recursive alias",
        lambda g, k: (header(g, k) + "loop: &loop [*loop]\n").encode(),
        "an alias refers to a value that contains it",
        (3,),
    ),
    Case(
        "duplicate key",
        lambda g, k: (header(g, k) + "name: one\nname: two\n").encode(),
        "appears twice (lines 3 and 4)",
        (4,),
    ),
    Case(
        "not a mapping",
        lambda g, k: b"- a list\n- not a file of any kind\n",
        "must be a mapping",
        (1,),
    ),
    Case(
        "game of the wrong type",
        lambda g, k: f"game: [{g}]\nkind: {k}\n".encode(),
        "game: must be a game id",
        (1,),
    ),
    Case(
        "kind of the wrong type",
        lambda g, k: f"game: {g}\nkind: {{a: {k}}}\n".encode(),
        "kind:",
        (2,),
    ),
    Case(
        "broken YAML",
        lambda g, k: (header(g, k) + "name: [unclosed\n").encode(),
        "invalid YAML",
        (4,),
    ),
    Case(
        "huge number",
        lambda g, k: (header(g, k) + f"name: {'9' * 5000}\n").encode(),
        "is too large (more than 18 digits)",
        (3,),
    ),
    Case(
        "explicit tag",
        lambda g, k: (header(g, k) + "name: !!binary aGk=\n").encode(),
        "the YAML tag !!binary is not supported",
        (3,),
    ),
    Case(
        "bad tagged value",
        lambda g, k: (header(g, k) + "name: !!bool x\n").encode(),
        "'x' is not a valid !!bool value",
        (3,),
    ),
    Case(
        "merge key",
        lambda g, k: (header(g, k) + "base: &b {x: 1}\n<<: *b\n").encode(),
        "merge keys (<<) are not supported",
        (4,),
    ),
    Case(
        "not UTF-8",
        lambda g, k: (header(g, k) + "name: caf").encode() + b"\xe9\n",
        "not UTF-8",
        (3,),
    ),
]


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=[f"{g}/{k}" for g, k in KINDS])
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_hostile_file_is_a_deck_syntax_error_with_its_line(
    run: CliRun, tmp_path: Path, game: str, kind: str, case: Case
) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_bytes(case.content(game, kind))
    result = run("check", "--format", "json", path)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and not result.stderr
    (deck,) = json.loads(result.stdout)["decks"]
    assert not deck["legal"]
    found = [
        (f["line"], f["message"])
        for f in deck["findings"]
        if f["rule"] == "deck-syntax" and f["severity"] == "error" and case.message in f["message"]
    ]
    assert len(found) == 1, deck["findings"]
    line = found[0][0]
    assert line is None if case.lines is None else line in case.lines


GAMES = [game.id for game in all_games()]


def nested(depth: int) -> object:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


def _sample(game: str) -> dict[str, object]:
    loaded: dict[str, object] = yaml.safe_load(get_game(game).sample_database.read_text("utf-8"))
    return loaded


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d, key: d["cards"][0].update({key: ["a", "list"]}), "cards[0].{key}"),
        (lambda d, key: d["cards"].append(dict(d["cards"][0])), "is used twice"),
        (lambda d, key: d.update(game=7), "game: must be a game id"),
        (lambda d, key: d.update(cards="none"), "cards: 'none' is not of type 'array'"),
        (lambda d, key: d["cards"][0].update(text=nested(100)), "nesting deeper than"),
    ],
    ids=["wrong type", "duplicate number", "game of the wrong type", "cards not a list", "deep"],
)
def test_a_broken_card_database_names_the_line(
    tmp_path: Path,
    game: str,
    change: Callable[[dict[str, object], str], None],
    message: str,
) -> None:
    """``key`` is the field that is a card's number in the game's card database."""
    data = _sample(game)
    key = get_game(game).card_model.number_key
    change(data, key)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(DatabaseError) as raised:
        load_database(path, use_cache=False)
    (problem, *_) = raised.value.problems
    assert message.format(key=key) in problem
    assert problem.startswith(str(path))
    assert re.match(rf"{re.escape(str(path))}:\d+: ", problem) or re.search(
        r"\(line \d+\)", problem
    )
