"""Importing card-list CSV files (official column names) into a card database document.

Columns are recognised by the official English card-list names (``NAME``,
``CARD NO.``, ``AURA`` …), by their Japanese names (``カード名``, ``カードNo.``,
``気魄`` …) and by a few common Chinese ones; header case, width, spaces and
dots do not matter. Values may be written in English, Japanese or Chinese
(``LOGICALIST``/``ロジカリスト``/``定理者``, ``YELLOW``/``黄``, ``POWER+1000``/
``パワー+1000``). The set code is the card number's prefix (``BT01/008`` ->
``BT01``). Every row that cannot be mapped becomes a :class:`RowProblem` with its
line, column and a fix; the rows that map form the document.
"""

from __future__ import annotations

import codecs
import csv
import dataclasses
import datetime as dt
import io
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from lalcheck.errors import InputError
from lalcheck.games.luck_and_logic.cards import (
    MEMBER_TYPES,
    WORLD_ALIASES,
    Card,
    CardType,
    Color,
    LogicKind,
    World,
)
from lalcheck.wording import shown
from lalcheck.yamlsafe import (
    DATA_LIMITS,
    MAX_INT_DIGITS,
    READ_AS_CP932,
    decode_utf8_or_cp932,
    read_bytes,
)


@dataclass(frozen=True, slots=True)
class RowProblem:
    """A CSV row that cannot be mapped: its first line, the column and what to do."""

    line: int
    column: str | None
    message: str

    def describe(self, source: str) -> str:
        """``cards.csv:7: POWER: 'abc' is not a whole number; …``."""
        column = f"{self.column}: " if self.column else ""
        return f"{source}:{self.line}: {column}{self.message}"


@dataclass(frozen=True, slots=True)
class CsvImport:
    """The outcome of reading a card-list CSV: a document of the rows that map, and the rest."""

    document: Mapping[str, Any]
    rows: int
    problems: tuple[RowProblem, ...]
    notes: tuple[str, ...]

    @property
    def cards(self) -> int:
        """How many rows became cards."""
        return len(self.document["cards"])


@dataclass(frozen=True, slots=True)
class _Column:
    """A database field and the CSV headers that name it (the first is the official one)."""

    field: str
    headers: tuple[str, ...]


#: Ignored: the official list's INTERCEPT has no field in the card database.
_IGNORED = "intercept"

COLUMNS: tuple[_Column, ...] = (
    _Column("number", ("CARD NO.", "CARD NUMBER", "NUMBER", "カードNo.", "カード番号", "卡号")),
    _Column("name", ("NAME", "CARD NAME", "カード名", "卡名")),
    _Column("names.en", ("NAME (EN)", "英語名", "英文名")),
    _Column("names.ja", ("NAME (JA)", "日本語名", "日文名")),
    _Column("names.zh", ("NAME (ZH)", "中国語名", "中文名")),
    _Column("title", ("TITLE", "称号")),
    _Column("character", ("CHARACTER", "名称")),
    _Column("type", ("TYPE", "CARD TYPE", "種類", "カード種類", "种类", "类型")),
    _Column("color", ("COLOR", "COLOUR", "色", "颜色")),
    _Column("world", ("WORLD", "世界", "ワールド")),
    _Column("attributes", ("ATTRIBUTE 1", "ATTRIBUTE 2", "ATTRIBUTE", "属性", "属性1", "属性2")),
    _Column("level", ("LEVEL", "レベル", "等级")),
    _Column("cost", ("COST", "コスト", "费用")),
    _Column("territory", ("TERRITORY", "勢力範囲", "テリトリー", "势力范围")),
    _Column("power", ("POWER", "パワー", "力量")),
    _Column("spirit", ("AURA", "SPIRIT", "気魄", "オーラ", "気魄/オーラ", "气魄")),
    _Column("limit", ("LIMIT", "リミット")),
    _Column("soul", ("SOUL", "ソウル", "灵魂")),
    _Column("logic", ("LOGIC", "ロジック", "逻辑")),
    _Column("covenanter", ("COVENANTER", "盟約者", "盟约者")),
    _Column("gate_number", ("GATE NUMBER", "GATE NO.", "ゲートナンバー", "ゲート番号")),
    _Column("paradox_rule", ("PARADOX RULE", "パラドックスルール")),
    _Column("text", ("TEXT", "テキスト", "効果", "效果", "文本")),
    _Column("rarity", ("RARITY", "レアリティ", "稀有度")),
    _Column(_IGNORED, ("INTERCEPT", "インターセプト")),
)

#: Columns without which no row can be mapped.
REQUIRED = ("number", "name", "type")


def fold_label(text: str) -> str:
    """Header and value spelling for lookups: width, case, spaces and separators ignored."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[\s._\-・()]", "", folded)


def _lookup(spellings: Mapping[Any, tuple[str, ...]]) -> dict[str, Any]:
    return {fold_label(spelling): value for value, names in spellings.items() for spelling in names}


_HEADERS: dict[str, _Column] = _lookup({column: column.headers for column in COLUMNS})
_OFFICIAL = {column.field: column.headers[0] for column in COLUMNS}

_TYPES: dict[str, CardType] = _lookup(
    {
        CardType.LOGICALIST: ("LOGICALIST", "ロジカリスト", "定理者"),
        CardType.FOREIGNER: ("FOREIGNER", "フォリナー", "使者"),
        CardType.TRANSUNION: ("TRANSUNION", "TRANCEUNION", "トランスユニオン", "合理体", "合理者"),
        CardType.SUPER_LOGICALIST: ("SUPER LOGICALIST", "スーパーロジカリスト"),
        CardType.TACTICS: ("TACTICS", "タクティクス", "戦術", "战术"),
        CardType.PARADOX: ("PARADOX", "パラドックス", "逆理"),
        CardType.GATE: ("GATE", "ゲート", "門", "门"),
        CardType.SECRET_TOOL: ("SECRET TOOL", "シークレットツール"),
        CardType.MY_LOGICALIST: ("MY LOGICALIST", "マイロジカリスト"),
    }
)
_COLORS: dict[str, Color] = _lookup(
    {
        Color.YELLOW: ("YELLOW", "黄", "黄色"),
        Color.GREEN: ("GREEN", "緑", "緑色", "绿", "绿色"),
        Color.RED: ("RED", "赤", "赤色", "红", "红色"),
        Color.BLUE: ("BLUE", "青", "青色", "蓝", "蓝色"),
        Color.COLORLESS: ("COLORLESS", "COLOURLESS", "無色", "无色"),
    }
)
_WORLDS: dict[str, World] = {
    **{fold_label(alias): world for alias, world in WORLD_ALIASES.items()},
    **_lookup(
        {
            World.MONOLIUM: (World.MONOLIUM.value, "モノリウム"),
            World.DISFIA: (World.DISFIA.value, "ディスフィア"),
            World.TRITOMY: (World.TRITOMY.value, "トライトミー"),
            World.TETRA_HEAVEN: (World.TETRA_HEAVEN.value, "テトラヘヴン", "テトラヘブン"),
            World.SEPTPIA: (World.SEPTPIA.value, "セプトピア"),
            World.LUCK_AND_LOGIC_CLUB: (World.LUCK_AND_LOGIC_CLUB.value,),
        }
    ),
}
_LOGIC_KINDS: dict[str, LogicKind] = _lookup(
    {
        LogicKind.POWER: ("POWER", "パワー", "力量"),
        LogicKind.SPIRIT: ("AURA", "SPIRIT", "気魄", "オーラ", "气魄"),
        LogicKind.LIMIT: ("LIMIT", "リミット"),
        LogicKind.TACTICS: ("TACTICS", "タクティクス", "戦術", "战术"),
        LogicKind.PARADOX: ("PARADOX", "パラドックス", "逆理"),
    }
)
_LOGIC = re.compile(r"(?P<kind>[^+\d]+)(?:\+?(?P<value>\d+))?")

#: Cells that mean "no value".
_EMPTY = frozenset({"", "-", "—", "―", "–", "‐", "ー", "n/a"})
_STATS = ("level", "cost", "territory", "power", "spirit", "limit")
_NUMBERS = (*_STATS, "soul", "gate_number")
_TEXTS = ("name", "title", "character", "covenanter", "paradox_rule", "text", "rarity")
_CARD_ORDER = tuple(field.name for field in dataclasses.fields(Card))
_SET_CODE = re.compile(r"([A-Za-z0-9]+)[/-]")


class _BadValue(ValueError):
    """A cell whose value cannot be mapped; the message says how to fix it."""


def _choice(table: Mapping[str, Any], value: str, what: str, hint: str) -> Any:
    found = table.get(fold_label(value))
    if found is None:
        raise _BadValue(f"unknown {what} {value!r}; write {hint}")
    return found


def _whole_number(value: str) -> int:
    digits = unicodedata.normalize("NFKC", value).replace(",", "").strip()
    if not digits.isascii() or not digits.isdigit():
        raise _BadValue(
            f"{shown(value)} is not a whole number; write digits such as 3000, or leave the "
            "cell empty"
        )
    return _bounded(digits)


def _bounded(digits: str) -> int:
    """``digits`` as a number; more digits than any card value has are refused before
    they are converted (thousands of them would not convert)."""
    if len(digits.lstrip("0")) > MAX_INT_DIGITS:
        raise _BadValue(f"{shown(digits, 24)} is too large (more than {MAX_INT_DIGITS} digits)")
    return int(digits)


def _logic(value: str) -> dict[str, Any]:
    # Only spaces are dropped: a minus sign must not vanish the way fold_label drops "-".
    match = _LOGIC.fullmatch(re.sub(r"\s", "", unicodedata.normalize("NFKC", value).casefold()))
    kind = _LOGIC_KINDS.get(match["kind"]) if match else None
    if (
        match is None
        or kind is None
        or (match["value"] is None) != (kind in (LogicKind.TACTICS, LogicKind.PARADOX))
    ):
        raise _BadValue(
            f"{value!r} is not a logic; write e.g. POWER+1000, AURA+1, LIMIT+1 (パワー+1000, "
            "気魄+1, リミット+1), TACTICS or PARADOX, or leave the cell empty"
        )
    return {"kind": kind.value, "value": _bounded(match["value"] or "0")}


def _set_value(card: dict[str, Any], field: str, value: str) -> None:
    """Store one non-empty cell in ``card``; raise :class:`_BadValue` when it cannot be read."""
    if field.startswith("names."):
        card.setdefault("names", {})[field.removeprefix("names.")] = value
    elif field == "number":
        card[field] = unicodedata.normalize("NFKC", value)  # full-width letters and digits
    elif field in _TEXTS:
        card[field] = value
    elif field in _NUMBERS:
        card[field] = _whole_number(value)
        if field == "territory" and card[field] not in (1, 2, 4):
            raise _BadValue(f"{card[field]} is not a territory; write 1, 2 or 4")
    elif field == "type":
        hint = "LOGICALIST, FOREIGNER, TRANSUNION, TACTICS, PARADOX, GATE, SECRET TOOL, "
        hint += "MY LOGICALIST or SUPER LOGICALIST (定理者, 使者, 合理体, 逆理, 門 …)"
        card[field] = _choice(_TYPES, value, "card type", hint).value
    elif field == "color":
        hint = "YELLOW, GREEN, RED, BLUE or COLORLESS (黄, 緑, 赤, 青, 無色)"
        card[field] = _choice(_COLORS, value, "color", hint).value
    elif field == "world":
        names = ", ".join(world.value for world in World)
        hint = f"one of {names} (LAL部), or leave the cell empty for a world-less card"
        card[field] = _choice(_WORLDS, value, "world", hint).value
    elif field == "logic":
        card[field] = _logic(value)
    elif field == "attributes":
        parts = [part.strip() for part in re.split(r"[/／、]", value) if part.strip()]
        card.setdefault("attributes", []).extend(parts)


def _decode(raw: bytes, source: str, encoding: str | None) -> tuple[str, list[str]]:
    """The CSV text, and a note when it was read as CP932 because it is not UTF-8."""
    hint = "save it as 'CSV UTF-8', or name its encoding with --encoding"
    if encoding is None:
        if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            raise InputError(f"{source} is UTF-16 text", hint="save it as 'CSV UTF-8'")
        text, cp932 = decode_utf8_or_cp932(raw, source, hint)
        return text, [READ_AS_CP932] if cp932 else []
    try:
        codec = codecs.lookup(encoding).name
        return raw.decode("utf-8-sig" if codec == "utf-8" else codec), []
    except LookupError:
        raise InputError(f"unknown encoding {encoding!r}", hint="use utf-8 or cp932") from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"{source} is not {encoding} text (bad byte 0x{raw[error.start]:02x})",
            line=raw.count(b"\n", 0, error.start) + 1,
            hint=hint,
        ) from None


def _records(text: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """Non-blank CSV records with the line each starts on."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    start = 1
    try:
        for cells in reader:
            if any(cell.strip() for cell in cells):
                yield start, cells
            start = reader.line_num + 1
    except csv.Error as error:
        raise InputError(
            f"{source}: unreadable CSV: {error}",
            line=reader.line_num,
            hint='quote cells that contain commas, quotes or line breaks ("a ""quoted"" word")',
        ) from None


def _map_header(
    header: list[str], line: int, source: str
) -> tuple[list[tuple[int, str, str]], list[str]]:
    """``(index, field, header)`` for each recognised column, and notes on the others."""
    mapped: list[tuple[int, str, str]] = []
    notes: list[str] = []
    first: dict[str, str] = {}
    for index, label in enumerate(header):
        label = label.strip()
        column = _HEADERS.get(fold_label(label))
        if column is None:
            notes.append(f"column {label!r} is not a card database field; ignored")
        elif column.field == _IGNORED:
            notes.append(f"column {label} has no field in the card database; ignored")
        elif column.field in first and column.field != "attributes":
            raise InputError(
                f"{source}: columns {first[column.field]} and {label} both hold the "
                f"{column.field.replace('_', ' ')}",
                line=line,
                hint="keep one of them",
            )
        else:
            first.setdefault(column.field, label)
            mapped.append((index, column.field, label))
    for field in REQUIRED:
        if field not in first:
            column = next(c for c in COLUMNS if c.field == field)
            raise InputError(
                f"{source}: missing column {column.headers[0]} "
                f"(also recognised: {', '.join(column.headers[1:])}); "
                f"the header has {', '.join(label.strip() for label in header)}",
                line=line,
                hint="add the column, or rename the header to an official name",
            )
    return mapped, notes


def _map_row(
    cells: list[str], columns: list[tuple[int, str, str]], width: int, line: int
) -> tuple[dict[str, Any] | None, list[RowProblem]]:
    """One card entry from a row, or the row's problems."""
    if len(cells) != width:
        fix = (
            "add the missing cells (empty ones too: ,,)"
            if len(cells) < width
            else "quote cells that contain commas"
        )
        message = f"the row has {len(cells)} cells but the header has {width} columns; {fix}"
        return None, [RowProblem(line, None, message)]
    card: dict[str, Any] = {}
    labels: dict[str, str] = {}
    problems: list[RowProblem] = []
    for index, field, label in columns:
        labels.setdefault(field, label)
        value = cells[index].strip()
        if unicodedata.normalize("NFKC", value).casefold() in _EMPTY:
            continue
        try:
            _set_value(card, field, value)
        except _BadValue as bad:
            problems.append(RowProblem(line, label, str(bad)))

    def missing(field: str, message: str) -> None:
        if field not in card and not any(p.column == labels.get(field) for p in problems):
            problems.append(RowProblem(line, labels.get(field, _OFFICIAL[field]), message))

    for field, what in (("number", "card number"), ("name", "name"), ("type", "card type")):
        missing(field, f"empty; every card needs a {what}")
    number = card.get("number", "")
    if any(char.isspace() for char in number):
        problems.append(
            RowProblem(line, labels["number"], f"{number!r} has spaces; write it like BT01/008")
        )
    card_type = card.get("type")
    if card_type in MEMBER_TYPES:
        for field in _STATS:
            missing(field, f"empty, but every {card_type} has one; fill in the value")
    elif card_type == CardType.GATE:
        missing("gate_number", "empty, but a gate needs its gate number; fill in 1-6")
    elif card_type in (CardType.TACTICS, CardType.PARADOX):
        card.setdefault("logic", {"kind": card_type, "value": 0})
    if len(card.get("attributes", ())) > 2:
        problems.append(
            RowProblem(line, labels["attributes"], "more than 2 attributes; a card has at most 2")
        )
    if problems:
        return None, problems
    prefix = _SET_CODE.match(number)
    if prefix:
        card["set"] = prefix[1]
    return {key: card[key] for key in _CARD_ORDER if key in card}, []


def import_csv(
    raw: bytes, source: str, *, name: str, version: str, encoding: str | None = None
) -> CsvImport:
    """Map a card-list CSV to a database document named ``name`` at ``version``.

    Raises :class:`InputError` for a file no row of which can be mapped (encoding,
    broken quoting, missing columns); bad rows are returned as problems.
    """
    text, notes = _decode(raw, source, encoding)
    records = _records(text, source)
    header_line, header = next(records, (1, []))
    if not header:
        raise InputError(f"{source} is empty", hint="export the card list with its header row")
    columns, header_notes = _map_header(header, header_line, source)
    cards: list[dict[str, Any]] = []
    problems: list[RowProblem] = []
    first_line: dict[str, int] = {}
    rows = 0
    for line, cells in records:
        rows += 1
        card, row_problems = _map_row(cells, columns, len(header), line)
        if card is not None and card["number"] in first_line:
            earlier = first_line[card["number"]]
            label = next(label for _, field, label in columns if field == "number")
            message = f"card number {card['number']} is already used on line {earlier}; "
            row_problems = [RowProblem(line, label, message + "remove the duplicate row")]
        if row_problems:
            problems += row_problems
        elif card is not None:
            first_line[card["number"]] = line
            cards.append(card)
    codes = dict.fromkeys(card["set"] for card in cards if "set" in card)
    document = {
        "format": 1,
        "game": "luck-and-logic",
        "name": name,
        "version": version,
        "source": PurePath(source).name,
        "sets": [{"code": code, "name": code} for code in codes],
        "cards": cards,
    }
    return CsvImport(document, rows, tuple(problems), tuple(notes + header_notes))


def import_csv_file(
    path: Path, *, name: str | None = None, version: str | None = None, encoding: str | None = None
) -> CsvImport:
    """:func:`import_csv` on a file; the name defaults to the file's stem, the version to today."""
    return import_csv(
        read_bytes(path, DATA_LIMITS),
        str(path),
        name=name or path.stem,
        version=version or dt.date.today().isoformat(),
        encoding=encoding,
    )
