"""Resurrection's part of the review (see :mod:`rules.review`, which reaches it through ``rules.games``): the start
a game is rebuilt from (its seed, options and the first Aggressor), its actions in words, the records' header lines;
the computer's eye is its computer players' (``rules.agents``)."""

from __future__ import annotations

from typing import Any

from rules import words
from rules.resurrection.cards import CARDS
from rules.resurrection.game import Game, new_game

#: Every choice is made seeing one's own hand: all are judged.
BLIND: frozenset[str] = frozenset()


def start(game: Game) -> Game:
    """The position ``game`` started from: the first Aggressor is not kept, so the one that replays to this game."""
    want = game.to_dict()
    for first in (0, 1):
        g = new_game(game.seed, first=first, **dict(game.options))
        trial = g.clone()
        if all(trial.apply(h).ok for h in game.history) and trial.to_dict() == want:
            return g
    raise ValueError("the game's history does not replay from its seed")


def action_words(before: Game, action: str, p: int | None, own: bool = False) -> str | None:
    """ "Player 1 plays a card" (the Aggressor's is face down), as a :mod:`rules.words` template; ``own``: for the
    player who made it, the card named."""
    card = CARDS.get(action.split()[-1]) if action.split() else None
    plays = f"{words.who(p, True)} {words.verb(p, 'plays', 'play')}"
    if own and card is not None:
        return f"{plays} the {card.name} (power {card.power})"
    return f"{plays} a card"


def record_header(game: Game, names: list[str]) -> list[str]:
    return []


def notation_header(game: Game) -> list[str]:
    return [f"# first = {start(game).aggressor}"]


def from_header(seed: int, options: dict[str, Any], head: dict[str, str]) -> Game:
    return new_game(seed, first=int(head.get("first", 0)), **options)
