"""A decision an ability leaves to one player in the middle of resolving (rules.md, ``redemption.decision``).

An ability that reveals cards and asks a player to choose among them does not finish at once: it *asks*
(``Core.ask``) and the game holds a :class:`Decision` until that player answers. While one is pending nobody else
decides: ``current_player`` is its chooser and the only legal actions are its answers.

The answer is one line per pick, ``choose C`` (the card C) or ``choose`` alone (no more: allowed by an "up to"
decision only). The shapes:

- ``one``: exactly one of ``options``;
- ``up_to``: at most ``most`` of them, one ``choose C`` each, ``choose`` alone to stop (also at once: none);
- ``order``: all of them, one at a time, in the order wanted (the last one is placed by itself).

When the answer is complete the ability goes on: the effect named by ``effect`` (the registry in ``effects.py``)
is given the cards chosen, in the order chosen, and then the play that the ability interrupted (``then``) goes on.
``at`` is the place of the effect that asked among the card's effects (every ability's, in order, from 0), so an
ability with two effects of one verb goes on with the one that asked, its own numbers and selector; -1 (a save
written before it was kept): the card's first effect of that verb.

What is revealed, and to whom: ``revealed`` are the cards shown (the top N of a draw pile, a searched pile),
``to`` the seats they are shown to. ``view(player)`` lists them only for those seats; every other player learns
how many cards are looked at and how many are chosen, never which. Event texts never name them.

This module is a leaf: plain data and the rules of a well-formed answer, no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

Shape = Literal["one", "up_to", "order"]
SHAPES: tuple[Shape, ...] = get_args(Shape)
#: The decision the battle's end asks (not an ability's): which of a warrior's weapons stays on it
#: (redemption.battle.weapon); ``source`` is the warrior, ``options`` its weapons.
KEEP_WEAPON = "keep_weapon"
#: What the play an ability interrupted does once the decision is answered (``Play._after_decision``).
Then = Literal["", "dominant", "dominant_window"]
THENS: tuple[Then, ...] = get_args(Then)


@dataclass(slots=True)
class Decision:
    """A pending choice: who, among what, of what shape, what was revealed to whom, what follows."""

    chooser: int
    source: str  # the card whose ability asks
    effect: str  # the effect that goes on with the answer (``effects.REGISTRY``)
    options: list[str] = field(default_factory=list)
    shape: Shape = "one"
    most: int = 1  # ``up_to``: the most cards that may be chosen
    chosen: list[str] = field(default_factory=list)  # picked so far, in order
    revealed: list[str] = field(default_factory=list)
    to: list[int] = field(default_factory=list)
    then: Then = ""
    stage: int = 0  # an effect that asks twice (choose one, then order the rest) says which question this is
    at: int = -1  # the asking effect's place among the source card's effects (-1: its first of verb ``effect``)

    def copy(self) -> Decision:
        return Decision(
            self.chooser,
            self.source,
            self.effect,
            self.options[:],
            self.shape,
            self.most,
            self.chosen[:],
            self.revealed[:],
            self.to[:],
            self.then,
            self.stage,
            self.at,
        )

    def left(self) -> list[str]:
        """The options not chosen yet."""
        return [c for c in self.options if c not in self.chosen]

    def may_stop(self) -> bool:
        """Is ``choose`` alone (no more cards) an answer now?"""
        return self.shape == "up_to"

    def answers(self) -> list[str | None]:
        """Each legal next pick: a card id, or None for ``choose`` alone."""
        out: list[str | None] = list(self.left())
        if self.may_stop():
            out.append(None)
        return out

    def problem(self, card: str | None) -> str:
        """Why ``choose card`` (None: ``choose`` alone) is not an answer now, or "" when it is."""
        if card is None:
            if not self.may_stop():
                return "choose one of the cards offered: this choice cannot be left empty"
            return ""
        if card in self.chosen:
            return f"{card} is chosen already"
        if card not in self.options:
            return f"{card} is not one of the cards you may choose now"
        return ""

    def pick(self, card: str | None) -> bool:
        """Record one pick; True when the answer is complete (the effect goes on)."""
        if card is None:
            return True
        self.chosen.append(card)
        if self.shape == "one":
            return True
        left = self.left()
        if self.shape == "up_to":
            return len(self.chosen) >= self.most or not left
        if len(left) == 1:  # ``order``: the last card has only one place
            self.chosen.append(left[0])
        return len(self.left()) == 0

    def problems(self, seats: int, known: set[str]) -> str:
        """What is impossible about this decision as data ("" when nothing): for loading a saved one."""
        if self.shape not in SHAPES:
            return f"a decision's shape is one of {', '.join(SHAPES)}"
        if self.then not in THENS:
            return f"a decision's 'then' is one of {', '.join(repr(t) for t in THENS)}"
        if not 0 <= self.chooser < seats or not all(0 <= q < seats for q in self.to):
            return f"a decision's chooser and 'to' are seats 0 to {seats - 1}"
        ids = [self.source, *self.options, *self.chosen, *self.revealed]
        if not all(c in known for c in ids):
            return "a decision names cards that are not in this game"
        if len(set(self.options)) != len(self.options) or not set(self.chosen) <= set(self.options):
            return "a decision's chosen cards are some of its options, each once"
        if len(set(self.chosen)) != len(self.chosen):
            return "a decision's chosen cards are each chosen once"
        if not self.options and self.shape != "up_to":
            return "a decision with nothing to choose among can only be an 'up to' one"
        if self.most < 1 or (self.shape == "up_to" and len(self.chosen) >= self.most):
            return "an 'up to' decision still open has chosen fewer cards than it may"
        if self.at < -1:
            return "a decision's 'at' is the place of an effect of its source card (0 or more), or -1"
        if self.shape == "one" and self.chosen:
            return "a decision of one card that has it is already answered"
        return ""


__all__ = ["KEEP_WEAPON", "SHAPES", "THENS", "Decision", "Shape", "Then"]
