"""The explicit anchors of the docs' Markdown pages, as the rules references write them."""

from __future__ import annotations

import re
from pathlib import Path

#: ``{ #r-con-2 }`` after a heading, or ``<a id="r-con-2"></a>``.
ANCHOR = re.compile(r'\{\s*#(?P<attr>[\w-]+)\s*\}|<a\s+id="(?P<html>[\w-]+)"')


def anchors(page: Path) -> set[str]:
    """The explicit anchors of a Markdown page."""
    text = page.read_text(encoding="utf-8")
    return {match["attr"] or match["html"] for match in ANCHOR.finditer(text)}
