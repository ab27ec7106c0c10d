"""The one place where the player's keys become engine actions.

The app never decides what is legal: it looks up the engine's ``legal_actions()``
and, when the player asks for something no legal action matches, it hands the
engine the nearest action text so the engine itself explains the refusal.

Nothing here reads an action's notation or names a game's verb: what a key needs to know of an action (the card it
uses, whether a key of its own makes it, whether Enter asks first) is the game's controls part
(``rules.games.ControlsPart``), which :func:`controls_for` gives as :class:`Controls`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from rules.core import GameBase
from rules.games import ControlsPart, find_game

#: Where the legal actions come from: a game (its ``legal_actions()``, asked once per call) or the list already asked
#: for (a screen's frame: ``tui.session.Frame.legal``), so a key costs no second computation.
Legal: TypeAlias = GameBase | Sequence[Any]


def legal_of(source: Legal) -> Sequence[Any]:
    return source.legal_actions() if isinstance(source, GameBase) else source


@dataclass(frozen=True)
class Decision:
    """What Enter on a card means: do this action, choose among these, or let the engine refuse this text."""

    kind: str  # "apply" | "choose" | "refuse" | "none"
    actions: tuple[Any, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Controls:
    """A game's keys over its legal actions, from its controls part."""

    part: ControlsPart

    def actions_for_card(self, legal: Legal, card: str) -> list[Any]:
        """Legal actions that play or use this card; failing those, actions that name it as a target."""
        legal = legal_of(legal)
        first = [a for a in legal if self.part.card(a) == card]
        return first or [a for a in legal if card in self.part.targets(a)]

    def by_card(self, legal: Legal) -> dict[str, list[Any]]:
        """The legal actions by the card each one uses, in the engine's order (the cards usable now: its keys)."""
        out: dict[str, list[Any]] = {}
        for a in legal_of(legal):
            card = self.part.card(a)
            if card is not None:
                out.setdefault(card, []).append(a)
        return out

    def usable_cards(self, legal: Legal) -> set[str]:
        """The cards the player who decides can play or use now."""
        return set(self.by_card(legal))

    def keyed(self, legal: Legal, key: str) -> list[Any]:
        """The legal actions the play control ``key`` makes ("pass", "end_phase", "mute"), in the engine's order."""
        return [a for a in legal_of(legal) if self.part.key(a) == key]

    def pass_action(self, legal: Legal) -> Any | None:
        return next(iter(self.keyed(legal, "pass")), None)

    def end_phase_action(self, legal: Legal) -> Any | None:
        return next(iter(self.keyed(legal, "end_phase")), None)

    def sent(self, legal: Legal, key: str) -> Any:
        """What the play control ``key`` sends: its first legal action, else the game's text for it (the engine
        refuses that and says why)."""
        found = next(iter(self.keyed(legal, key)), None)
        return found if found is not None else self.part.sent_for(key)

    def mute_actions(self, legal: Legal, card: str | None = None) -> list[Any]:
        """The legal actions of the mute key (those the game's ``ControlsPart.key`` gives "mute"); only the picked
        card's when it is one of them."""
        mutes = self.keyed(legal, "mute")
        picked = [a for a in mutes if self.part.card(a) == card]
        return picked or mutes

    def cardless_choices(self, legal: Legal) -> list[Any]:
        """Legal actions that use no card and have no key of their own (e.g. the cut, who goes first)."""
        return [a for a in legal_of(legal) if self.part.card(a) is None and not self.part.key(a)]

    def by_number(self, actions: Sequence[Any]) -> bool:
        """Is this choice one made as a number (every action one of the cut's)?"""
        return all(self.part.by_number(a) for a in actions)

    def numbers(self, actions: Sequence[Any]) -> tuple[dict[int, Any], Any | None]:
        """A choice by number: its actions by the number each picks, and the one that picks at random (or None)."""
        sizes: dict[int, Any] = {}
        random = None
        for a in actions:
            n = self.part.number(a)
            if n is None:
                random = random if random is not None else a
            else:
                sizes[n] = a
        return sizes, random

    def enter_on_card(self, legal: Legal, card: str | None, refusal: str = "") -> Decision:
        """Enter: the one legal action for the picked card, a choice among several, or the engine's refusal."""
        legal = legal_of(legal)  # asked once for both looks below
        matching = self.actions_for_card(legal, card) if card else []
        matching = [a for a in matching if not any(self.part.behind(a, b) for b in matching)]
        if len(matching) == 1 and not self.part.ask_first(matching[0]):
            return Decision("apply", (matching[0],))
        if matching:
            return Decision("choose", tuple(matching))
        other = self.cardless_choices(legal)
        if len(other) == 1:
            return Decision("apply", (other[0],))
        if other:
            return Decision("choose", tuple(other))
        if card is None:
            return Decision("none")
        return Decision("refuse", text=refusal)


_CONTROLS: dict[str, Controls] = {}


def controls_for(game: GameBase | str) -> Controls:
    """The keys of a game (or a game's name), from its controls part."""
    name = game if isinstance(game, str) else game.name
    found = _CONTROLS.get(name)
    if found is None:
        found = _CONTROLS[name] = Controls(find_game(name).controls_module())
    return found
