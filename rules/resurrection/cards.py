"""The Resurrection card list, read from ``cards.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class Card:
    code: str
    name: str
    colour: str  # "black", "red" or "none"
    rank: str
    power: int

    @property
    def is_face(self) -> bool:
        """Ace, King or Jack: the cards with abilities."""
        return self.rank in ("A", "K", "J")

    @property
    def is_black_face(self) -> bool:
        return self.is_face and self.colour == "black"

    @property
    def is_red_face(self) -> bool:
        return self.is_face and self.colour == "red"

    @property
    def ability(self) -> str:
        """The card's ability in words, derived from the same facts the engine uses."""
        if self.is_black_face:
            return "If it wins: resurrect the top card of your Fallen Pile."
        if self.is_red_face:
            return "If it loses: the winner's top Hero Pile card falls to their Fallen Pile."
        return "No ability: if it loses it goes on top of your Fallen Pile."


def _load() -> dict[str, Card]:
    data = tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8"))
    return {c["code"]: Card(**c) for c in data["card"]}


#: Every card code, highest power first.
CARDS: dict[str, Card] = _load()
CODES: tuple[str, ...] = tuple(sorted(CARDS, key=lambda c: -CARDS[c].power))
