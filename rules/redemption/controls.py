"""What the app's keys and screens need to know of Redemption's actions and events (``rules.games.ControlsPart``),
read from each action's verb and arguments (rules.md, redemption.notation): the card it uses is its first argument,
the verbs that pass, end a phase or mute a Dominant have keys of their own, and the cut is a number."""

from __future__ import annotations

from typing import Any

from rules.redemption.notation import Action

#: The verbs a play control makes (tui.keys names the controls): passing (a battle's, a block's, a Dominant
#: window's), ending a phase, muting a Dominant (redemption.dominant.mute).
KEYS = {"pass": "pass", "noblock": "pass", "decline": "pass", "end": "end_phase", "mute": "mute"}
#: What a key sends when no legal action has it: the engine refuses it and says why (not in this phase, ...).
SENT_FOR = {"pass": "pass", "end_phase": "end"}
#: What a key of its own says when no legal action has it and the engine is not asked (the mute key acts only in a
#: Dominant window), and its question when it has several (a Dominant held, until the turn or the game ends).
IDLE = {"mute": "No Dominant window is asking you now: there is no Dominant to mute."}
WHICH = {"mute": "Not stopped for which Dominant, until when?"}
#: What the keys of their own do in Redemption, for the help's key table.
EXPLAIN = {
    "mute": "in a Dominant window: play no Dominant now, and the Dominant picked (or the one you hold) does not stop "
    "you again until the turn ends, or the game (you choose; you may still play it)",
}
#: Verbs whose arguments are numbers (cards lifted, a seat), not cards.
NUMBERED = ("cut", "first")
#: Enter lists these even when they are the card's only action: setting a character aside is rarely what a player
#: pressing Enter on their territory means.
ASK_FIRST = ("setaside",)
#: Enter on a card offers these only when the card has none of the verb they stand behind: a Hero that can rescue a
#: soul from one opponent is not offered battle challenges against the others (Ctrl+P and typing still reach them).
BEHIND = {"challenge": "rescue"}

#: The "Last battle" recap: a battle's result starts with its resolution and ends with the next turn, phase,
#: draw, placement or setup step; the events between are its result.
RECAP_STARTS = frozenset({"resolve"})
RECAP_ENDS = frozenset({"turn", "phase", "draw", "place", "cut", "first", "game_over"})
#: Events worth a line in "since your move", and those that tell a battle.
RECENT = frozenset(
    {
        "battle",
        "enhance",
        "dominant",
        "rescue",
        "resolve",
        "place",
        "activate",
        "discard",
        "effect",
        "play",
        "win",
        "lose",
        "ability",
        "protect",
    }
)
BATTLE = frozenset({"battle", "enhance", "dominant", "rescue", "resolve", "win", "lose", "ability"})


def _verb_args(action: Any) -> tuple[str, tuple[str, ...]]:
    """An action's verb and arguments: the engine action's own, or those of its text (a hint, the coach's advice)."""
    if isinstance(action, Action):
        return action.verb, action.args
    verb, *args = str(action).split() or [""]
    return verb.lower(), tuple(args)


def card(action: Any) -> str | None:
    verb, args = _verb_args(action)
    return args[0] if args and verb not in NUMBERED else None


def targets(action: Any) -> tuple[str, ...]:
    """The cards after the first (a Dominant's are left out: Enter on your own character must not offer to
    discard it; a seat or ``game`` is no card)."""
    verb, args = _verb_args(action)
    if verb == "dominant" or verb in NUMBERED:
        return ()
    return tuple(a for a in args[1:] if not a.isdigit() and a != "game")


def key(action: Any) -> str:
    return KEYS.get(_verb_args(action)[0], "")


def ask_first(action: Any) -> bool:
    return _verb_args(action)[0] in ASK_FIRST


def behind(action: Any, other: Any) -> bool:
    return BEHIND.get(_verb_args(action)[0]) == _verb_args(other)[0]


def by_number(action: Any) -> bool:
    return _verb_args(action)[0] == "cut"


def number(action: Any) -> int | None:
    verb, args = _verb_args(action)
    return int(args[0]) if verb == "cut" and args and args[0].isdigit() else None


def sent_for(key: str) -> str:
    return SENT_FOR.get(key, "")


def listed(action: Any) -> bool:
    """A choice an ability asks for (``choose``): its chooser picks from the cards listed."""
    return _verb_args(action)[0] == "choose"


def idle(key: str) -> str:
    return IDLE.get(key, "")


def which(key: str) -> str:
    return WHICH.get(key, "")


def explain(key: str) -> str:
    return EXPLAIN.get(key, "")
