"""The one place where the player's keys become engine actions.

The app never decides what is legal: it looks up the engine's ``legal_actions()``
and, when the player asks for something no legal action matches, it hands the
engine the nearest action text so the engine itself explains the refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from rules.core import GameBase

#: Where the legal actions come from: a game (its ``legal_actions()``, asked once per call) or the list already asked
#: for (a screen's frame: ``tui.session.Frame.legal``), so a key costs no second computation.
Legal: TypeAlias = GameBase | Sequence[Any]

#: Actions Enter offers in a list (Esc cancels) even when they are the card's only one: setting a character
#: aside is rarely what a player pressing Enter on their territory means.
ASK_FIRST = ("setaside",)
#: Actions Enter offers only when the card has none of the verb they stand behind: a Hero that can rescue a soul
#: from one opponent is not offered battle challenges against the others (Ctrl+P and typing still reach them).
BEHIND = {"challenge": "rescue"}
#: First words of the actions the special keys stand for.
PASS_WORDS = ("pass", "noblock", "decline")
END_PHASE_WORDS = ("end", "next", "done")


def words(action: Any) -> list[str]:
    return str(action).split()


def legal_of(source: Legal) -> Sequence[Any]:
    return source.legal_actions() if isinstance(source, GameBase) else source


def actions_for_card(game: Legal, card: str) -> list[Any]:
    """Legal actions that play or use this card (it is their first card); failing those, actions that name it as
    a target, except a Dominant's (Enter on your own character must not offer to discard it)."""
    legal = legal_of(game)
    first = [a for a in legal if words(a)[1:2] == [card]]
    return first or [a for a in legal if words(a)[0] != "dominant" and card in words(a)[2:]]


def usable_cards(game: Legal) -> set[str]:
    """The cards the player who decides can play or use now (the first card of each legal action)."""
    return {w[1] for w in map(words, legal_of(game)) if len(w) > 1}


def first_word_action(game: Legal, firsts: tuple[str, ...]) -> Any | None:
    for a in legal_of(game):
        w = words(a)
        if w and w[0] in firsts:
            return a
    return None


def mute_actions(game: Legal, card: str | None = None) -> list[Any]:
    """The legal ``mute`` actions (redemption.dominant.mute): in a Dominant window, one pair per Dominant (until the
    turn ends, until the game ends); only the picked card's when it is one of them."""
    mutes = [a for a in legal_of(game) if words(a)[0] == "mute"]
    picked = [a for a in mutes if words(a)[1:2] == [card]]
    return picked or mutes


def pass_action(game: Legal) -> Any | None:
    return first_word_action(game, PASS_WORDS)


def end_phase_action(game: Legal) -> Any | None:
    return first_word_action(game, END_PHASE_WORDS)


@dataclass(frozen=True)
class Decision:
    """What Enter on a card means: do this action, choose among these, or let the engine refuse this text."""

    kind: str  # "apply" | "choose" | "refuse" | "none"
    actions: tuple[Any, ...] = ()
    text: str = ""


def cardless_choices(game: Legal) -> list[Any]:
    """Legal actions that name no card and have no key of their own (e.g. the cut, who goes first)."""
    keyed = PASS_WORDS + END_PHASE_WORDS + ("mute",)
    return [a for a in legal_of(game) if words(a)[0] not in keyed and all(w.isdigit() for w in words(a)[1:])]


def enter_on_card(game: Legal, card: str | None, refusal: str = "") -> Decision:
    """Enter: the one legal action for the picked card, a choice among several, or the engine's refusal."""
    game = legal_of(game)  # asked once for both looks below
    matching = actions_for_card(game, card) if card else []
    verbs = {words(a)[0] for a in matching}
    matching = [a for a in matching if BEHIND.get(words(a)[0]) not in verbs]
    if len(matching) == 1 and words(matching[0])[0] not in ASK_FIRST:
        return Decision("apply", (matching[0],))
    if matching:
        return Decision("choose", tuple(matching))
    other = cardless_choices(game)
    if len(other) == 1:
        return Decision("apply", (other[0],))
    if other:
        return Decision("choose", tuple(other))
    if card is None:
        return Decision("none")
    return Decision("refuse", text=refusal)
