"""Words for the players: who reads as "you", and the actions the coach and the lessons name said as the player's keys.

The engines write the words of events, refusals and views once, as :mod:`rules.words` templates, and say them for a
reader (``Event.words(names, you)``): the app gives the players' names and the seat that reads "you"; it never takes
the engine's English apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules.core import Event, Outcome
from rules.words import actions, say

if TYPE_CHECKING:
    from tui.controls import Controls


def reader(names: Sequence[str]) -> int | None:
    """The seat the words address as "you": the one named "You" (the person at the keyboard against the computer),
    None when every seat has a name of its own (two people at one keyboard, a shared table)."""
    return list(names).index("You") if "You" in names else None


#: ``words``' default reader: the seat named "You"
_BY_NAME = -1


def words(said: Event | Outcome | str, names: Sequence[str], you: int | None = _BY_NAME) -> str:
    """An event, a refusal or a view's template (:mod:`rules.words`) in words for the people at this screen: the
    players' names, and "you" for seat ``you`` (by default the seat named "You"; None: nobody)."""
    seat = reader(names) if you == _BY_NAME else you
    if isinstance(said, str):
        return say(said, names, seat)
    return said.words(names, seat)


def wins(name: str) -> str:
    """ "Computer wins", "You win"."""
    return "You win" if name == "You" else f"{name} wins"


#: The key (tui.keys) of each play control an action the words name may have (``ControlsPart.key``): any other
#: action is Enter on its card. Said as the player's keys (tui.keys.label).
_KEY_OF = {"pass": "pass", "end_phase": "next"}


def key_for(action: Any, controls: Controls) -> str:
    """The key that makes an action (the engine's, or its text: a hint, the coach's advice): n, Space, or Enter (on
    the card it names); a choice by number (the cut) is Enter, then the number, or r for a random one (the chooser,
    tui.screens.number)."""
    from tui import keys  # the key bindings are Textual's: imported by the words that name keys, not by the others

    part = controls.part
    if part.by_number(action):
        n = part.number(action)
        return f"{keys.label('play')}, then {n if n is not None else 'r'}"
    return keys.label(_KEY_OF.get(part.key(action), "play"))


def press(action: str, controls: Controls) -> str:
    """What to press for an action the words name ({do:end}, {do:rescue gideon}, {do:cut N}, where a word stands for
    a card or a number): "press n", "pick Gideon and press Enter", "press Enter, then type the number"."""
    from tui import keys

    part, enter = controls.part, keys.label("play")
    key = _KEY_OF.get(part.key(action))
    if key:
        return f"press {keys.label(key)}"
    if part.by_number(action):
        return f"press {enter}, then r" if " " not in action.strip() else f"press {enter}, then type the number"
    if part.listed(action):  # a pending decision: the cards shown are listed to their chooser (tui.screens.game)
        return f"pick the card in the list and press {enter}"
    card = (part.card(action) or "").replace("_", " ").title()
    return f"pick {card} and press {enter}" if card else f"press {enter} on the card"


#: A lesson's field for a control that is no engine action (``{key:hint}``: the hint's key, as the player has it).
_KEY_FIELD = re.compile(r"\{key:([a-z_]+)\}")


def in_keys(text: str, controls: Controls) -> str:
    """Coach and lesson words with the actions they name (rules.words.do fields) said as the player's keys, and the
    controls they name (``{key:hint}``, a control of tui.keys) as the keys that do them; ``controls``: the game's."""
    if "{key:" in text:
        from tui import keys

        text = _KEY_FIELD.sub(lambda m: keys.label(m.group(1)), text)
    return actions(text, lambda action: press(action, controls))
