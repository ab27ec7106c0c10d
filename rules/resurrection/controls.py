"""What the app's keys and screens need to know of Resurrection's actions and events (``rules.games.ControlsPart``):
every action plays the one card it names, from the hand, with Enter; there is no passing, no phase and no choice by
number."""

from __future__ import annotations

from typing import Any

from rules.resurrection.game import Play

#: The "Last battle" recap: a battle's result starts when the Aggressor's card is revealed and ends with the
#: placement, the draw or the next Aggressor.
RECAP_STARTS = frozenset({"reveal"})
RECAP_ENDS = frozenset({"aggressor", "draw", "place", "game_over"})
#: Events worth a line in "since your move", and those that tell a battle.
RECENT = frozenset({"place", "play", "reveal", "win", "lose", "ability", "tie"})
BATTLE = frozenset({"reveal", "win", "lose", "ability", "tie"})


def card(action: Any) -> str | None:
    """The card played (an action, or its text ``play BA``)."""
    return action.code if isinstance(action, Play) else str(action).rpartition(" ")[2] or None


def targets(action: Any) -> tuple[str, ...]:
    return ()


def key(action: Any) -> str:
    return ""


def ask_first(action: Any) -> bool:
    return False


def behind(action: Any, other: Any) -> bool:
    return False


def by_number(action: Any) -> bool:
    return False


def number(action: Any) -> int | None:
    return None


def sent_for(key: str) -> str:
    return ""


def listed(action: Any) -> bool:
    return False


def idle(key: str) -> str:
    return ""


def which(key: str) -> str:
    return ""


def explain(key: str) -> str:
    return ""
