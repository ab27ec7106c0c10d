"""What the app's keys need to know of Redemption's actions (``rules.games.ControlsPart``), read from each action's
verb and arguments (rules.md, redemption.notation): the card it uses is its first argument, the verbs that pass,
end a phase or mute a Dominant have keys of their own, and the cut is a number."""

from __future__ import annotations

from rules.redemption.notation import Action

#: The verbs a play control makes (tui.keys names the controls): passing (a battle's, a block's, a Dominant
#: window's), ending a phase, muting a Dominant (redemption.dominant.mute).
KEYS = {"pass": "pass", "noblock": "pass", "decline": "pass", "end": "end_phase", "mute": "mute"}
#: Verbs whose arguments are numbers (cards lifted, a seat), not cards.
NUMBERED = ("cut", "first")
#: Enter lists these even when they are the card's only action: setting a character aside is rarely what a player
#: pressing Enter on their territory means.
ASK_FIRST = ("setaside",)
#: Enter on a card offers these only when the card has none of the verb they stand behind: a Hero that can rescue a
#: soul from one opponent is not offered battle challenges against the others (Ctrl+P and typing still reach them).
BEHIND = {"challenge": "rescue"}


def card(action: Action) -> str | None:
    return action.args[0] if action.args and action.verb not in NUMBERED else None


def targets(action: Action) -> tuple[str, ...]:
    """The cards after the first (a Dominant's are left out: Enter on your own character must not offer to
    discard it; a seat or ``game`` is no card)."""
    if action.verb == "dominant" or action.verb in NUMBERED:
        return ()
    return tuple(a for a in action.args[1:] if not a.isdigit() and a != "game")


def key(action: Action) -> str:
    return KEYS.get(action.verb, "")


def ask_first(action: Action) -> bool:
    return action.verb in ASK_FIRST


def behind(action: Action, other: Action) -> bool:
    return BEHIND.get(action.verb) == other.verb


def by_number(action: Action) -> bool:
    return action.verb == "cut"


def number(action: Action) -> int | None:
    return int(action.args[0]) if action.verb == "cut" and action.args else None
