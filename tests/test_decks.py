"""Reading deck files: untrusted input never crashes, always names the line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lalcheck.checker import Checker
from lalcheck.db import CardDatabase
from lalcheck.decks import find_decks, parse_deck, read_deck, read_deck_file
from lalcheck.errors import InputError
from lalcheck.findings import Finding, Severity
from lalcheck.yamlsafe import DECK_LIMITS
from tests.conftest import DECKS

BILLION_LAUGHS = "\n".join(
    ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]"
        for i in range(8)
    ]
    + ["main: *i"]
)


def only_problem(path: Path) -> Finding:
    deck_file = read_deck_file(path)
    assert not deck_file.parsed
    (problem,) = deck_file.problems
    assert problem.rule == "deck-syntax" and problem.severity is Severity.ERROR
    return problem


def write(tmp_path: Path, content: str | bytes, name: str = "deck.yaml") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_missing_file(tmp_path: Path) -> None:
    problem = only_problem(tmp_path / "nope.yaml")
    assert "does not exist" in problem.message


def test_empty_file(tmp_path: Path) -> None:
    assert only_problem(write(tmp_path, "")).message == "the deck file is empty"
    assert only_problem(write(tmp_path, "# only a comment\n")).line == 1


def test_non_utf8_file_names_the_line(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, b"main:\n  T01/001: 4\n  \xff\xfe: 1\n"))
    assert problem.line == 3
    assert "not UTF-8" in problem.message and "save the file as UTF-8" in problem.message


def test_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    deck_file = read_deck_file(write(tmp_path, "\ufeffmain:\n  T01/001: 4\n".encode()))
    assert deck_file.parsed and deck_file.lines[0].reference == "T01/001"


def test_broken_yaml_names_the_line(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "main:\n  T01/001: 4\n gates: [\n"))
    assert problem.message.startswith("invalid YAML")
    assert problem.line is not None and problem.line >= 3


@pytest.mark.parametrize("content", ["- main\n- gates\n", "just a sentence\n", "42\n"])
def test_a_document_that_is_not_a_mapping_is_only_a_syntax_error(
    tmp_path: Path, content: str, checker: Checker
) -> None:
    problem = only_problem(write(tmp_path, content))
    assert problem.line == 1 and "must be a mapping" in problem.message
    report = checker.check_path(tmp_path / "deck.yaml")
    assert [f.rule for f in report.findings] == ["deck-syntax"]  # no size findings on top


def test_multiple_documents_are_refused(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "---\nmain: {}\n---\ngates: {}\n"))
    assert problem.message == (
        "invalid YAML: expected a single document in the stream, but found another document"
    )
    assert problem.line == 3


def test_a_directory_named_like_a_deck(tmp_path: Path) -> None:
    (tmp_path / "folder.yaml").mkdir()
    assert "is a directory" in only_problem(tmp_path / "folder.yaml").message


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file(tmp_path: Path) -> None:
    path = write(tmp_path, "main: {}\n")
    path.chmod(0)
    assert "permission denied" in only_problem(path).message


def test_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = write(tmp_path, "#" * (DECK_LIMITS.max_bytes + 1))
    assert "over the size limit of 262,144 bytes for a deck file" in only_problem(path).message


def test_billion_laughs_fails_fast_with_a_clear_finding(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, BILLION_LAUGHS))
    assert "alias bomb" in problem.message
    assert "remove the anchors and aliases" in problem.message


def test_recursive_alias_is_bounded(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "main: &a {x: *a}\n"))
    assert "an alias refers to a value that contains it" in problem.message


def test_top_level_list(tmp_path: Path) -> None:
    deck_file = read_deck_file(write(tmp_path, "- T01/001\n- T01/002\n"))
    (problem,) = deck_file.problems
    assert "must be a mapping with main: and gates:" in problem.message


def test_merge_keys_are_refused_clearly(tmp_path: Path) -> None:
    text = "base: &b {T01/001: 4}\nmain:\n  <<: *b\n"
    problems = read_deck_file(write(tmp_path, text)).problems
    assert any("merge keys" in p.message for p in problems)


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        ('"4"', "not '4'; write the number without quotes"),
        ("four", "not 'four'; write a whole number"),
        ("0", "0 copies; a count must be at least 1"),
        ("-2", "-2 copies; a count must be at least 1"),
        ("10000000000", "is more than a whole deck"),
        ("10000000000000000000000", "the number '10000000000000000000000' is too large"),
        ("0x" + "f" * 5000, "is too large (more than 18 digits)"),
        ("9" * 5000, "is too large (more than 18 digits)"),
        ("!!bool x", "'x' is not a valid !!bool value"),
        ("!!timestamp x", "'x' is not a valid !!timestamp value"),
        ("!!float", "'' is not a valid !!float value"),
        ("!!int 0b", "'0b' is not a valid !!int value"),
        ("!!binary aGk=", "the YAML tag !!binary is not supported"),
        ("!custom 1", "the YAML tag !custom is not supported"),
        ("2.5", "not '2.5'"),
        ("true", "not 'true'"),
        ("[1, 2]", "not 'a nested value'"),
    ],
)
def test_bad_counts(count: str, expected: str) -> None:
    deck_file = parse_deck(f"main:\n  T01/001: {count}\n", "deck.yaml")
    (problem,) = deck_file.problems
    assert expected in problem.message
    assert problem.line == 2 and problem.cards == ("T01/001",)
    assert deck_file.lines == ()


def test_section_given_as_a_list() -> None:
    (problem,) = parse_deck("main:\n  - T01/001\n", "deck.yaml").problems
    assert (
        "must be a mapping of card -> copies" in problem.message and "not a list" in problem.message
    )


def test_unknown_section_is_a_warning() -> None:
    (problem,) = parse_deck("main: {}\nsideboard: {}\n", "deck.yaml").problems
    assert problem.severity is Severity.WARNING and problem.line == 2


def test_empty_section_is_empty() -> None:
    deck_file = parse_deck("main:\ngates:\n", "deck.yaml")
    assert deck_file.problems == () and deck_file.lines == ()


def test_bad_as_of() -> None:
    (problem,) = parse_deck("as_of: last tuesday\nmain: {}\n", "deck.yaml").problems
    assert "write it as YYYY-MM-DD" in problem.message


def test_my_logicalist_forms() -> None:
    for text in (
        "my_logicalist: PR/001\n",
        "my_logicalist: [PR/001]\n",
        "my_logicalist: {PR/001: 1}\n",
    ):
        (line,) = parse_deck(text, "deck.yaml").lines
        assert (line.section, line.reference, line.count) == ("my_logicalist", "PR/001", 1)


def test_card_numbers_keep_their_text() -> None:
    (line,) = parse_deck("main:\n  007: 1\n", "deck.yaml").lines
    assert line.reference == "007"


def test_a_broken_deck_does_not_stop_the_others(checker: Checker, tmp_path: Path) -> None:
    write(tmp_path, BILLION_LAUGHS, "a-bomb.yaml")
    write(tmp_path, (DECKS / "positive" / "base.yaml").read_text(encoding="utf-8"), "b-good.yaml")
    report = checker.check_paths([tmp_path])
    assert [deck.legal for deck in report.decks] == [False, True]
    assert [f.rule for f in report.decks[0].findings] == ["deck-syntax"]


def test_read_deck_expands_copies(db: CardDatabase) -> None:
    deck = read_deck(DECKS / "positive" / "secret-tools.yaml", db)
    assert len(deck.expand("main")) == 50 and len(deck.expand("gates")) == 10
    assert [card.number for card in deck.expand("my_logicalist")] == ["PR/001"]


def test_read_deck_refuses_what_it_cannot_use(db: CardDatabase, tmp_path: Path) -> None:
    unknown = DECKS / "negative" / "unknown-card.yaml"
    with pytest.raises(InputError) as raised:
        read_deck(unknown, db)
    assert str(raised.value).startswith(f"{unknown}:3: unknown card 'T01/0001'; did you mean")
    assert str(raised.value).endswith(f"; run `lalcheck check {unknown}` for every problem")
    ambiguous = DECKS / "negative" / "ambiguous-card.yaml"
    with pytest.raises(InputError, match=r"ambiguous-card\.yaml:3: 'Twin Name' names 2 different"):
        read_deck(ambiguous, db)
    with pytest.raises(InputError, match="number of copies"):
        read_deck(DECKS / "negative" / "bad-counts.yaml", db)
    with pytest.raises(InputError, match=r"^\S+nope\.yaml does not exist: check the path$"):
        read_deck(tmp_path / "nope.yaml", db)


def test_folder_search_lists_files_in_path_order_and_keeps_links_to_folders(
    tmp_path: Path,
) -> None:
    """Found files come in the order of sorted Paths (by parts: ``a/z.yaml`` before
    ``a-b.yaml`` and ``a.yaml``), hidden folders left out, a link to a folder listed."""
    names = ["a.yaml", "a-b.yaml", "a/z.yaml", "a.b/c.yaml", "B.yaml", "a/b/c.yaml", "é.yml"]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("main: {}\n", encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("main: {}\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "a", target_is_directory=True)
    found = find_decks([tmp_path]).paths
    assert list(found) == sorted([*(tmp_path / name for name in names), tmp_path / "link"])
    assert list(found[:1]) == [tmp_path / "B.yaml"] and found[0] == tmp_path / "B.yaml"
    assert len(found) == len(names) + 1
