"""Each game's rules documentation, as sections keyed by the rule ids rejections cite.

The text lives in ``rules/<game>/rules.md``; a section starts with a heading line
``## <rule-id> — <title>`` (any heading level of two or more ``#``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rules.games import find_game

#: Sections about the program rather than the game (how moves are written, shared tables, saves, positions, what
#: is not modelled): read after the game's own rules, whatever their place in the document.
ABOUT_THE_PROGRAM = ("resign", "table", "notation", "scenario", "save", "scope")

_HEADING = re.compile(r"^#{2,6}\s+`?([a-z]+(?:\.[a-z0-9_-]+)+)`?\s+[—-]\s+(.+?)\s*$")


@dataclass(frozen=True, slots=True)
class RuleSection:
    id: str
    title: str
    text: str


@cache
def rule_sections(game: str) -> dict[str, RuleSection]:
    """All sections of a game's rules document in the order a player reads them: the game's own rules in document
    order, then the sections about the program (:data:`ABOUT_THE_PROGRAM`), also in document order."""
    text = resources.files(find_game(game).package).joinpath("rules.md").read_text(encoding="utf-8")
    sections: dict[str, RuleSection] = {}
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            sections[current[0]] = RuleSection(current[0], current[1], "\n".join(body).strip())

    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            close()
            current, body = (m.group(1), m.group(2)), []
        elif current is not None:
            body.append(line)
    close()
    about = [sid for sid in sections if sid.split(".")[1] in ABOUT_THE_PROGRAM]
    return {sid: sections[sid] for sid in sorted(sections, key=lambda sid: sid in about)}


def rule_text(game: str, rule_id: str) -> RuleSection | None:
    """The section a rejection's rule id refers to, or its nearest parent section."""
    sections = rule_sections(game)
    rid = rule_id
    while rid:
        if rid in sections:
            return sections[rid]
        rid = rid.rpartition(".")[0]
    return None
