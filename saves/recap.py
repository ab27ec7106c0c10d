"""The last battle's result ("Last battle" on the game screen), kept with the game: in a save's and a shared table's
``meta.extra`` under :data:`KEY`, so a resumed game or table shows it without replaying its history.

Whoever applies an action notes its events here (the local session; for a shared table, the store's writer, so the
table file holds it for every seat). The events are kept as their templates (:mod:`rules.words`: said for each
reader when shown), the same events every seat reads in the table's log. Which events start and end a result is the
game's (``rules.games.ControlsPart``: RECAP_STARTS, RECAP_ENDS).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any

from rules.core import Event
from rules.games import find_game

#: ``meta.extra`` key of the recap: {"events": the result's events as templates, "open": still being told}.
KEY = "last_battle"


def fresh() -> dict[str, Any]:
    """The recap of a game with no battle yet."""
    return {"events": [], "open": False}


def kept(extra: Mapping[str, Any]) -> bool:
    """Does ``extra`` keep the recap? (A game saved before it was kept does not: its history, replayed, tells it.)"""
    return isinstance(extra.get(KEY), dict)


def note(extra: MutableMapping[str, Any], game: str, events: Iterable[Event]) -> None:
    """An accepted action's events in ``game`` (its name): a battle's result starts with its resolution and ends with
    the next turn, phase or placement; the events between are its result. Nothing where the recap is not kept."""
    recap = extra.get(KEY)
    if not isinstance(recap, dict):
        return
    part = find_game(game).controls_module()
    lines: list[str] = list(recap.get("events", []))
    telling = bool(recap.get("open", False))
    changed = False
    for e in events:
        if e.kind in part.RECAP_STARTS:
            lines, telling, changed = [e.template or e.text], True, True
        elif telling and e.kind in part.RECAP_ENDS:
            telling, changed = False, True
        elif telling:
            lines.append(e.template or e.text)
            changed = True
    if changed:
        extra[KEY] = {"events": lines, "open": telling}


def lines(extra: Mapping[str, Any]) -> list[str]:
    """The recap's events, as kept (templates or words); [] where none is kept."""
    recap = extra.get(KEY)
    found = recap.get("events", []) if isinstance(recap, dict) else []
    return [line for line in found if isinstance(line, str)]


__all__ = ["KEY", "fresh", "kept", "lines", "note"]
