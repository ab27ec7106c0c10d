"""What the app's keys need to know of Resurrection's actions (``rules.games.ControlsPart``): every action plays
the one card it names, from the hand, with Enter; there is no passing, no phase and no choice by number."""

from __future__ import annotations

from rules.resurrection.game import Play


def card(action: Play) -> str | None:
    return action.code


def targets(action: Play) -> tuple[str, ...]:
    return ()


def key(action: Play) -> str:
    return ""


def ask_first(action: Play) -> bool:
    return False


def behind(action: Play, other: Play) -> bool:
    return False


def by_number(action: Play) -> bool:
    return False


def number(action: Play) -> int | None:
    return None
