"""What a player sees: the one convention every game's ``view(player)`` follows (like OpenSpiel's observations).

A view is a plain table (a ``dict``: it goes into saves, over the wire to a shared table and into tests as it is),
typed here so that the app, the coach and the computer players read the same keys the same way in every game.
Each game's view is a :class:`View` with keys of its own added (``ResurrectionView`` in
``rules/resurrection/game.py``, ``RedemptionView`` in ``rules/redemption/``).

The convention:

* ``game``: the game's registered name (``rules.games``); ``you``: the seat the view is for (0 to seats - 1).
* ``current_player``: the seat that decides now, ``None`` when nobody does (the game is over).
* ``is_over``; ``winner``: the seat that won, ``None`` while the game goes on and for a draw;
  ``result``: ``""`` (going on), ``"0"`` / ``"1"`` (that seat won) or ``"draw"``, as saves write it.
* ``legal``: the actions in notation, for the seat that decides now and only in that seat's view; ``[]`` otherwise.
* ``options``: the game's options, every key present (defaults filled in).
* ``players``: one :class:`SeatView` per seat, in seat order. ``hand`` is the cards only in the view of their owner;
  any other seat's hand is ``None`` (never the cards, and never ``[]``, which means an empty hand):
  ``hand_count`` says how many cards it holds. Every pile a player may not look through is a ``*_count``.
* A card nobody may see yet (face down) is never in a view: its place is marked (``"?"``, ``face_down``) instead.
* Every seat number in a view is a seat or ``None`` (nobody), never ``-1``; a game with 2 to 4 seats has as many
  ``players``. Texts in a view that name seats say them as "Player N"; a game that has such texts also gives them as
  :mod:`rules.words` templates (Redemption's ``templates``) for the app to say with the players' names.

:func:`rules.core.public_view` builds what a watcher sees from two views: both hands hidden, ``legal`` empty.
"""

from __future__ import annotations

from typing import Any, Generic, TypedDict, TypeVar

#: How a game writes a card in a view: a code (Resurrection, ``"AS"``) or a table (Redemption).
CardT = TypeVar("CardT")
#: The game's own SeatView.
SeatT = TypeVar("SeatT")


class SeatView(TypedDict, Generic[CardT]):
    """One seat's side of the table, as the viewer may see it."""

    hand: list[CardT] | None  # the viewer's own cards; None for every other seat
    hand_count: int


class View(TypedDict, Generic[SeatT]):
    """The keys every game's view has; a game adds its own (its board, its battle, its score)."""

    game: str
    you: int
    current_player: int | None
    is_over: bool
    winner: int | None
    result: str
    legal: list[str]
    options: dict[str, Any]
    players: list[SeatT]


#: The keys of :class:`View`, in order (a test checks every game's view has them).
VIEW_KEYS: tuple[str, ...] = tuple(View.__annotations__)
SEAT_KEYS: tuple[str, ...] = tuple(SeatView.__annotations__)

__all__ = ["SEAT_KEYS", "VIEW_KEYS", "CardT", "SeatT", "SeatView", "View"]
