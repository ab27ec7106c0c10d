"""The narrow interface through which card abilities reach the game: the :class:`Table` an effect plays on.

The verbs (:mod:`rules.redemption.effects`), the selectors (:mod:`rules.redemption.lang`) and the continuous
effects (:mod:`rules.redemption.continuous`) read the state through it (cards, zones, where each card is, the
battle) and change the game only by its operations: move a card, draw, discard, take a character out of battle
or bring one in, undo what a negated card did, redeem a Lost Soul, ask a player (a pending decision), shuffle.
``Game`` is one; these modules never import it (an import-linter contract in ``pyproject.toml`` says so), and
nothing dispatches by building a method name from a string: every verb calls these operations by name, so "go
to definition" leads from a verb to the code that does it.

A leaf module: it imports nothing of the engine at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rules.core import Event, Rng
    from rules.redemption.cards import Card
    from rules.redemption.decisions import Decision
    from rules.redemption.state import Battle, Kinds, Turn, Zone


class Table(Protocol):
    """What an ability may read and do."""

    # --- reading the state ---------------------------------------------------------------------------------
    cd: dict[str, Card]  # card id -> its card
    z: list[dict[Zone, list[str]]]  # per seat: zone -> card ids in order
    loc: dict[str, tuple[int, Zone]]  # card id -> (seat, zone)
    attached: dict[str, str]  # card id -> the card it sits on or in
    face_up: set[str]
    b: Battle  # the battle under way
    s: Turn  # the turn

    @property
    def rng(self) -> Rng: ...
    def owner(self, cid: str) -> int: ...
    def opponent(self, p: int) -> int: ...
    def others(self, p: int) -> list[int]: ...
    def in_battle(self) -> bool: ...
    def hand_room(self, p: int) -> int: ...  # cards p's hand may still take (redemption.hand.cap)
    def battle_chars(self, p: int) -> list[str]: ...
    def char_numbers(self, cid: str) -> tuple[int, int]: ...  # a character's strength and toughness now
    def _nm(self, cid: str) -> str: ...  # "Name (id)" for event words
    def _unique_clash(self, p: int, cid: str) -> str | None: ...
    def _kept_out(self, c: str) -> bool: ...
    def _is_ignored(self, cid: str) -> bool: ...
    def _is_protected(self, cid: str) -> bool: ...
    def _kinds(self) -> Kinds: ...  # the game's cards by kind, and the effects its cards have

    _kinds_of: Kinds | None  # what _kinds() returns, once made: kept while ``_kinds_cd is cd``
    _kinds_cd: dict[str, Card] | None
    _unnegatable_asking: frozenset[str]  # the cards whose "cannot be negated" question is open (continuous)

    # --- changing the game -----------------------------------------------------------------------------------
    def _move(self, cid: str, p: int, zone: Zone, top: bool = False) -> None: ...
    def _draw(self, p: int, n: int, events: list[Event], why: str, rule: str = ...) -> int: ...
    def _to_discard(self, cid: str, events: list[Event], why: str = "", rule: str = "") -> None: ...
    def _leave_battle(self, c: str, fate: Zone, events: list[Event], taker: int = -1) -> None: ...
    def _enter_battle(self, p: int, c: str, events: list[Event], how: str, tail: str = "", rule: str = "") -> None: ...
    def _undo(self, e: str, events: list[Event]) -> None: ...
    def _redeem(self, soul: str, p: int) -> None: ...
    def ask(self, decision: Decision, events: list[Event], question: str) -> None: ...
    def _put(self, cid: str, zone: Zone, top: bool = False) -> None: ...  # to its owner's zone, from anywhere
    def _move_with(self, cid: str, p: int, zone: Zone) -> None: ...  # with whatever sits on it
    def _take(self, cid: str, p: int) -> None: ...  # into p's hand, p's card from then on
    def _convert(self, cid: str, brigade: str) -> None: ...  # a Hero of that brigade now


__all__ = ["Table"]
