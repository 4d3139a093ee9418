"""``lalcheck db import``: official card-list CSV files into card databases."""

from __future__ import annotations

from pathlib import Path

import pytest

from lalcheck.db import load_database
from lalcheck.errors import InputError
from lalcheck.games.luck_and_logic.abilities.model import soul_power
from lalcheck.games.luck_and_logic.cards import CardType, Color, Logic, LogicKind, World
from lalcheck.games.luck_and_logic.csv_import import import_csv
from tests.conftest import FIXTURES, CliRun

EN = FIXTURES / "cardlist-en.csv"
EN_BAD = FIXTURES / "cardlist-en-bad.csv"
JA = FIXTURES / "cardlist-ja.csv"
JA_SJIS = FIXTURES / "cardlist-ja-sjis.csv"
JA_BAD = FIXTURES / "cardlist-ja-bad.csv"
MISSING_COLUMN = FIXTURES / "cardlist-missing-column.csv"

EN_PROBLEMS = [
    f"{EN_BAD}:3: POWER: '4OOO' is not a whole number; write digits such as 3000, "
    "or leave the cell empty",
    f"{EN_BAD}:4: TYPE: unknown card type 'WIZARD'; write LOGICALIST, FOREIGNER, TRANSUNION, "
    "TACTICS, PARADOX, GATE, SECRET TOOL, MY LOGICALIST or SUPER LOGICALIST "
    "(定理者, 使者, 合理体, 逆理, 門 …)",
    f"{EN_BAD}:5: the row has 5 cells but the header has 21 columns; "
    "add the missing cells (empty ones too: ,,)",
    f"{EN_BAD}:6: LOGIC: 'POWER*1000' is not a logic; write e.g. POWER+1000, AURA+1, LIMIT+1 "
    "(パワー+1000, 気魄+1, リミット+1), TACTICS or PARADOX, or leave the cell empty",
    f"{EN_BAD}:7: CARD NO.: card number T05/001 is already used on line 2; "
    "remove the duplicate row",
    f"{EN_BAD}:8: LEVEL: empty, but every foreigner has one; fill in the value",
    f"{EN_BAD}:11: TERRITORY: 3 is not a territory; write 1, 2 or 4",
    f"{EN_BAD}:11: COLOR: unknown color 'PURPLE'; write YELLOW, GREEN, RED, BLUE or COLORLESS "
    "(黄, 緑, 赤, 青, 無色)",
]

JA_PROBLEMS = [
    f"{JA_BAD}:3: パワー: '四千' is not a whole number",
    f"{JA_BAD}:4: 種類: unknown card type '魔法'",
    f"{JA_BAD}:5: the row has 4 cells but the header has 21 columns",
    f"{JA_BAD}:6: ロジック: 'パワー＋' is not a logic",
    f"{JA_BAD}:7: カードNo.: card number T06/001 is already used on line 2",
    f"{JA_BAD}:8: カード名: empty; every card needs a name",
]


def import_ok(run: CliRun, source: Path, output: Path, *args: str) -> str:
    result = run("db", "import", source, "-o", output, "--name", "Imported", *args)
    assert result.exit_code == 0, result.stderr
    return result.stderr


def test_english_layout(run: CliRun, tmp_path: Path) -> None:
    output = tmp_path / "cards.yaml"
    stderr = import_ok(run, EN, output, "--version", "2017-10")
    assert stderr == "note: column INTERCEPT has no field in the card database; ignored\n"
    db = load_database(output)
    assert (db.info.name, db.info.version, len(db)) == ("Imported", "2017-10", 8)
    alpha = db["T05/001"]
    assert alpha.type is CardType.LOGICALIST and alpha.color is Color.YELLOW
    assert alpha.attributes == ("Student", "Angel")
    assert (alpha.level, alpha.cost, alpha.territory, alpha.power, alpha.spirit, alpha.limit) == (
        1,
        0,
        1,
        4000,
        1,
        2,
    )
    assert alpha.logic == Logic(LogicKind.POWER, 1000) and alpha.set == "T05"
    assert alpha.text == "[Mobilize] Draw a card, then discard a card."
    assert db["T05/002"].power == 3000 and db["T05/002"].logic == Logic(LogicKind.SPIRIT, 1)
    union = db["T05/003"]
    assert union.covenanter == "Import Foreigner Beta" and union.soul_abilities == soul_power(1)
    assert union.text is not None and union.text.endswith(
        "\nThen this member gets power +1000 until end of turn."
    )
    tactics = db["T05/004"]
    assert tactics.power is None and tactics.logic == Logic(LogicKind.TACTICS)
    assert db["T05/005"].paradox_rule == "Compare aura instead of power."
    gate = db["SD09-G01"]
    assert gate.type is CardType.GATE and gate.gate_number == 1 and gate.set == "SD09"
    assert db["SD09-001"].world is World.LUCK_AND_LOGIC_CLUB
    assert db["HBT09/S01"].type is CardType.SECRET_TOOL and db["HBT09/S01"].level == 1
    assert sorted(db.sets) == ["HBT09", "SD09", "T05"]


def test_japanese_layout_and_values(run: CliRun, tmp_path: Path) -> None:
    output = tmp_path / "cards.json"
    import_ok(run, JA, output)  # UTF-8 with a byte-order mark
    db = load_database(output)
    alpha = db["T06/001"]
    assert alpha.name == "インポート定理者 アルファ" and alpha.type is CardType.LOGICALIST
    assert (alpha.power, alpha.spirit, alpha.world) == (4000, 1, World.SEPTPIA)  # ４０００
    assert alpha.logic == Logic(LogicKind.POWER, 1000)  # パワー＋1000
    assert alpha.attributes == ("学生", "天使")
    assert db["T06/002"].color is Color.GREEN and db["T06/002"].logic == Logic(LogicKind.SPIRIT, 1)
    union = db["T06/003"]
    assert union.type is CardType.TRANSUNION and union.world is World.DISFIA
    assert union.logic == Logic(LogicKind.LIMIT, 1) and union.color is Color.RED
    tactics = db["T06/004"]
    assert tactics.type is CardType.TACTICS and tactics.world is World.LUCK_AND_LOGIC_CLUB
    assert tactics.color is Color.BLUE and tactics.power is None  # ー is an empty cell
    assert db["T06/005"].type is CardType.PARADOX
    gate = db["T06-G01"]
    assert gate.type is CardType.GATE and gate.world is World.MONOLIUM and gate.gate_number == 1


def test_shift_jis_reads_like_utf8(run: CliRun, tmp_path: Path) -> None:
    stderr = import_ok(run, JA_SJIS, tmp_path / "sjis.yaml", "--version", "1")
    assert "note: read as CP932 (Shift-JIS): the file is not UTF-8" in stderr
    import_ok(run, JA, tmp_path / "utf8.yaml", "--version", "1")
    assert (
        load_database(tmp_path / "sjis.yaml").cards == load_database(tmp_path / "utf8.yaml").cards
    )


def test_bad_rows_are_all_reported_and_nothing_is_written(run: CliRun, tmp_path: Path) -> None:
    output = tmp_path / "cards.yaml"
    output.write_bytes(b"previous database\n")
    result = run("db", "import", EN_BAD, "-o", output)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[1:-1] == EN_PROBLEMS
    assert lines[-1] == (
        f"error: {EN_BAD}: 8 problems in 10 rows; nothing was written "
        "(fix the rows, or pass --skip-bad to import the others)"
    )
    assert output.read_bytes() == b"previous database\n"


def test_japanese_bad_rows(run: CliRun, tmp_path: Path) -> None:
    output = tmp_path / "cards.yaml"
    result = run("db", "import", JA_BAD, "-o", output)
    assert result.exit_code == 1 and not output.exists()
    problems = result.stderr.splitlines()[1:-1]
    assert len(problems) == len(JA_PROBLEMS)
    for problem, expected in zip(problems, JA_PROBLEMS, strict=True):
        assert problem.startswith(expected)


def test_skip_bad_writes_the_good_rows(run: CliRun, tmp_path: Path) -> None:
    output = tmp_path / "cards.yaml"
    result = run("db", "import", EN_BAD, "-o", output, "--skip-bad", "--version", "1")
    assert result.exit_code == 0
    assert result.stdout == (
        f"{output}: card database 'cardlist-en-bad' version 1 with 3 cards (7 rows skipped)\n"
    )
    assert result.stderr.splitlines()[1:] == EN_PROBLEMS
    assert [card.number for card in load_database(output)] == ["T05/001", "T05/003", "SD09-G01"]


def test_missing_column_is_refused(run: CliRun, tmp_path: Path) -> None:
    result = run("db", "import", MISSING_COLUMN, "-o", tmp_path / "cards.yaml")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"error: {MISSING_COLUMN}: missing column CARD NO. (also recognised: CARD NUMBER, "
        "NUMBER, カードNo., カード番号, 卡号); the header has NAME, ATTRIBUTE 1,"
    )
    assert "(line 1); add the column, or rename the header to an official name" in result.stderr


def test_unreadable_files(run: CliRun, tmp_path: Path) -> None:
    missing = run("db", "import", tmp_path / "nope.csv", "-o", tmp_path / "out.yaml")
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"NAME,CARD NO.,TYPE\n\x81,X/1,GATE\n")
    result = run("db", "import", binary, "-o", tmp_path / "out.yaml")
    assert result.exit_code == 2
    assert "is not UTF-8 or CP932 (Shift-JIS) text (bad byte 0x81) (line 2)" in result.stderr
    utf16 = tmp_path / "utf16.csv"
    utf16.write_bytes("NAME,CARD NO.,TYPE\n".encode("utf-16"))
    assert (
        "is UTF-16 text; save it as 'CSV UTF-8'"
        in run("db", "import", utf16, "-o", tmp_path / "out.yaml").stderr
    )


def csv_import(text: str, encoding: str | None = None) -> list[str]:
    """Import ``text`` and return its problems, described."""
    result = import_csv(text.encode(), "t.csv", name="t", version="1", encoding=encoding)
    return [problem.describe("t.csv") for problem in result.problems]


def test_chinese_values_and_loose_headers() -> None:
    text = "card no,Name,type,COLOUR,world,gate number\nＸ1-G01,门,门,绿,Tetra Heaven,2\n"
    text += "X1/002,战术,战术,蓝,,\n"
    result = import_csv(text.encode(), "t.csv", name="t", version="1")
    assert not result.problems
    gate, tactics = result.document["cards"]
    assert gate == {
        "number": "X1-G01",
        "name": "门",
        "type": "gate",
        "color": "green",
        "world": "Tetra-Heaven",
        "gate_number": 2,
        "set": "X1",
    }
    assert tactics["type"] == "tactics" and tactics["logic"] == {"kind": "tactics", "value": 0}


def test_header_problems() -> None:
    with pytest.raises(InputError, match="columns POWER and パワー both hold the power"):
        csv_import("CARD NO.,NAME,TYPE,POWER,パワー\n")
    with pytest.raises(InputError, match=r"t.csv is empty"):
        csv_import("\n\n")
    with pytest.raises(InputError, match="unknown encoding 'klingon'"):
        csv_import("NAME\n", encoding="klingon")


def test_broken_quoting_names_the_line() -> None:
    with pytest.raises(InputError) as raised:
        csv_import('CARD NO.,NAME,TYPE\nX/1,"a"b,GATE\n')
    assert raised.value.line == 2 and "unreadable CSV" in str(raised.value)


def test_more_row_problems() -> None:
    header = "CARD NO.,NAME,TYPE,ATTRIBUTE 1,ATTRIBUTE 2,LOGIC,GATE NUMBER\n"
    assert csv_import(header + "X 1,A,GATE,,,,1\n") == [
        "t.csv:2: CARD NO.: 'X 1' has spaces; write it like BT01/008"
    ]
    assert csv_import(header + "X/1,A,TACTICS,a/b,c,,\n") == [
        "t.csv:2: ATTRIBUTE 1: more than 2 attributes; a card has at most 2"
    ]
    assert csv_import(header + "X/1,A,GATE,,,,\n") == [
        "t.csv:2: GATE NUMBER: empty, but a gate needs its gate number; fill in 1-6"
    ]
    for logic in ("POWER", "POWER-1000", "TACTICS+1", "+1000"):
        assert csv_import(header + f"X/1,A,TACTICS,,,{logic},\n")[0].startswith(
            f"t.csv:2: LOGIC: '{logic}' is not a logic"
        )
    assert csv_import(header + ",,,,,,\nX/1,,PARADOX,,,,\n") == [
        "t.csv:3: NAME: empty; every card needs a name"
    ]
    assert csv_import("CARD NO.,NAME,TYPE\nX/1,A,logicalist\n") == [
        f"t.csv:2: {column}: empty, but every logicalist has one; fill in the value"
        for column in ("LEVEL", "COST", "TERRITORY", "POWER", "AURA", "LIMIT")
    ]


def test_output_replaced_atomically_keeping_its_mode(run: CliRun, tmp_path: Path) -> None:
    output = tmp_path / "cards.yaml"
    output.write_bytes(b"old\n")
    output.chmod(0o640)
    import_ok(run, EN, output)
    assert output.stat().st_mode & 0o777 == 0o640
    assert [path.name for path in tmp_path.iterdir()] == ["cards.yaml"]  # no temporary file
    missing = run("db", "import", EN, "-o", tmp_path / "nope" / "cards.yaml")
    assert missing.exit_code == 2 and "cannot write" in missing.stderr
