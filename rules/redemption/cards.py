"""Redemption card definitions and decks, read once from ``cards.toml`` and ``decks.toml``.

Abilities are structured data from a small effect vocabulary (``EFFECTS``); the text a
player reads is generated from that data by :func:`ability_text`, so it always says
what the engine does.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources

CARD_TYPES = ("hero", "evil_character", "good_enhancement", "evil_enhancement", "lost_soul",
              "dominant", "artifact", "site", "fortress")
ALIGNMENTS = ("good", "evil", "neutral")
CLASSES = ("warrior", "weapon", "territory")
FILTER_KEYS = ("brigade", "identifier", "class", "type", "name")

#: effect name -> short description of where it works (for docs and validation).
EFFECTS = {
    "draw": "draw N cards",
    "discard": "discard an opposing character in battle",
    "withdraw": "return an opposing character in battle to its owner's territory",
    "ignore": "ignore opposing characters in battle",
    "band": "bring one of your characters from territory into battle",
    "protect": "protect a character from discard",
    "negate": "negate the last opposing enhancement",
    "capture": "capture an opposing character in battle",
    "rescue_any": "rescue any Lost Soul",
    "discard_type": "discard any card of a type in play",
    "hand_limit": "raise the hand limit",
    "restricted_soul": "only a matching Hero may rescue this Lost Soul",
    "set_aside": "set aside an opposing character in battle",
    "site": "holds Lost Souls that only matching Heroes may rescue",
    "fortress": "holds cards safe from discard",
}


@dataclass(frozen=True, slots=True)
class Ability:
    effect: str
    n: int = 0
    filter: tuple[tuple[str, str], ...] = ()
    card_type: str = ""
    when: str = ""  # artifacts: "upkeep" or "activate" for draws; "" otherwise

    def filter_dict(self) -> dict[str, str]:
        return dict(self.filter)


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    name: str
    type: str
    alignment: str
    brigades: tuple[str, ...]
    strength: int
    toughness: int
    classes: tuple[str, ...]
    identifiers: tuple[str, ...]
    reference: str
    abilities: tuple[Ability, ...]

    @property
    def is_character(self) -> bool:
        return self.type in ("hero", "evil_character")

    @property
    def is_enhancement(self) -> bool:
        return self.type in ("good_enhancement", "evil_enhancement")

    @property
    def is_unique(self) -> bool:
        return "unique" in self.identifiers or self.type == "dominant"

    @property
    def unique_in_play(self) -> bool:
        """At most one copy per player in play (redemption.unique): named Biblical characters (every character of our
        pool is one), artifacts, fortresses, and any card marked unique."""
        return self.is_character or self.type in ("artifact", "fortress") or "unique" in self.identifiers

    def has(self, effect: str) -> Ability | None:
        for a in self.abilities:
            if a.effect == effect:
                return a
        return None

    @property
    def ability_text(self) -> str:
        return " ".join(ability_text(a, self) for a in self.abilities)

    @property
    def type_name(self) -> str:
        return TYPE_NAMES[self.type]

    def brigade_text(self) -> str:
        if not self.brigades:
            return ""
        return "/".join(self.brigades) + (" (good)" if self.alignment == "good" else " (evil)" if self.alignment == "evil" else "")

    def info(self) -> dict:
        """A small, plain description for views and the TUI."""
        return {
            "key": self.key, "name": self.name, "type": self.type, "type_name": self.type_name,
            "alignment": self.alignment, "brigades": list(self.brigades), "strength": self.strength,
            "toughness": self.toughness, "class": list(self.classes), "identifiers": list(self.identifiers),
            "reference": self.reference, "ability": self.ability_text,
        }


TYPE_NAMES = {
    "hero": "Hero", "evil_character": "Evil Character", "good_enhancement": "Good Enhancement",
    "evil_enhancement": "Evil Enhancement", "lost_soul": "Lost Soul", "dominant": "Dominant",
    "artifact": "Artifact", "site": "Site", "fortress": "Fortress",
}


def matches(card: Card, flt: tuple[tuple[str, str], ...] | dict) -> bool:
    """Does ``card`` fit a filter (every key must hold)?"""
    items = flt.items() if isinstance(flt, dict) else flt
    for k, v in items:
        if k == "brigade" and v not in card.brigades:
            return False
        if k == "identifier" and v not in card.identifiers:
            return False
        if k == "class" and v not in card.classes:
            return False
        if k == "type" and card.type != v:
            return False
        if k == "name" and card.name != v:
            return False
    return True


def filter_text(flt: tuple[tuple[str, str], ...], noun: str = "character") -> str:
    d = dict(flt)
    words = []
    if "type" in d:
        noun = TYPE_NAMES.get(d["type"], d["type"])
    if "class" in d:
        words.append(f"{d['class']}-class")
    if "brigade" in d:
        words.append(d["brigade"])
    text = " ".join(words + [noun])
    if "identifier" in d:
        text += f" that is {d['identifier']}"
    if "name" in d:
        text += f" named {d['name']}"
    return text


def _an(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def ability_text(a: Ability, card: Card | None = None) -> str:
    """The player-facing sentence for one ability, generated from its data."""
    flt = filter_text(a.filter)
    own = "your " + filter_text(a.filter)
    if a.effect == "draw":
        n = f"{a.n} card" + ("s" if a.n != 1 else "")
        if a.when == "upkeep":
            return f"While face up: draw {n} in each of your Upkeep phases."
        if a.when == "activate":
            return f"When activated: draw {n}."
        if card is not None and card.is_character:
            return f"When this character enters battle, draw {n}."
        return f"Draw {n}."
    if a.effect == "discard":
        return f"Discard {_an('opposing ' + flt)} in battle."
    if a.effect == "withdraw":
        return f"Return {_an('opposing ' + flt)} in battle to its owner's territory."
    if a.effect == "ignore":
        return f"Ignore every opposing {flt} in this battle."
    if a.effect == "band":
        return f"Band: bring {own} from your territory into battle."
    if a.effect == "protect":
        return "The character this is played on cannot be discarded during this battle."
    if a.effect == "negate":
        return "Negate the last enhancement your opponent played in this battle (its numbers and effects stop counting)."
    if a.effect == "capture":
        return f"Capture {_an('opposing ' + flt)} in battle: it leaves the battle and is held in your captured area."
    if a.effect == "rescue_any":
        return "Rescue any one of your opponent's Lost Souls: it goes straight to your Land of Redemption."
    if a.effect == "discard_type":
        what = "character" if a.card_type == "character" else TYPE_NAMES.get(a.card_type, a.card_type)
        return f"Discard any {what} in play (not one held in a fortress or set aside)."
    if a.effect == "hand_limit":
        return f"While this is face up or in your territory, your hand limit is {a.n} higher."
    if a.effect == "restricted_soul":
        return f"Only {_an('Hero' if not a.filter else filter_text(a.filter, 'Hero'))} may rescue this Lost Soul."
    if a.effect == "set_aside":
        return f"Set aside {_an('opposing ' + flt)} in battle (it goes to its owner's set-aside area)."
    if a.effect == "site":
        return f"Holds up to {a.n} of your Lost Souls; only {_an(filter_text(a.filter, 'Hero'))} may rescue a Lost Soul from here."
    if a.effect == "fortress":
        return f"Holds up to {a.n} of your {filter_text(a.filter, 'card')}s; cards inside cannot be discarded or go to battle."
    return f"({a.effect})"


def _ability(d: dict, key: str) -> Ability:
    eff = d.get("effect")
    if eff not in EFFECTS:
        raise ValueError(f"card {key}: unknown effect {eff!r}")
    flt = d.get("filter", {})
    for k in flt:
        if k not in FILTER_KEYS:
            raise ValueError(f"card {key}: unknown filter key {k!r}")
    return Ability(eff, int(d.get("n", 0)), tuple(sorted(flt.items())), d.get("card_type", ""), d.get("when", ""))


def _card(d: dict) -> Card:
    key = d["key"]
    if d["type"] not in CARD_TYPES:
        raise ValueError(f"card {key}: unknown type {d['type']!r}")
    if d["alignment"] not in ALIGNMENTS:
        raise ValueError(f"card {key}: unknown alignment {d['alignment']!r}")
    for c in d.get("class", []):
        if c not in CLASSES:
            raise ValueError(f"card {key}: unknown class {c!r}")
    return Card(key, d["name"], d["type"], d["alignment"], tuple(d.get("brigades", [])),
                int(d.get("strength", 0)), int(d.get("toughness", 0)), tuple(d.get("class", [])),
                tuple(d.get("identifiers", [])), d.get("reference", ""),
                tuple(_ability(a, key) for a in d.get("abilities", [])))


def _read(name: str) -> dict:
    return tomllib.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def _load() -> tuple[dict[str, Card], dict[str, dict], tuple[str, ...]]:
    cards = {}
    for d in _read("cards.toml")["card"]:
        c = _card(d)
        if c.key in cards:
            raise ValueError(f"card key {c.key} is defined twice")
        cards[c.key] = c
    raw = _read("decks.toml")
    decks = {}
    for label, d in raw["deck"].items():
        decks[label] = {"name": d["name"], "cards": tuple(d["cards"])}
    pool = tuple(raw.get("pool", {}).get("cards", ()))
    for k in [k for d in decks.values() for k in d["cards"]] + list(pool):
        if k not in cards:
            raise ValueError(f"deck list names unknown card {k!r}")
    return cards, decks, pool


#: every card definition by key
CARDS: dict[str, Card]
#: bundled decks: label -> {"name", "cards": tuple of keys}
DECKS: dict[str, dict]
#: the extra pool for deck building
POOL: tuple[str, ...]
CARDS, DECKS, POOL = _load()


def name_on_name(enhancement: Card, character: Card) -> bool:
    """Does the enhancement's title contain the character's full name as a whole word?"""
    return re.search(r"(?<![\w])" + re.escape(character.name) + r"(?![\w])", enhancement.name) is not None


# --- deck building (the rules live in deckrules.py) ---------------------------------
MIN_DECK = 50


def souls_required(size: int) -> int:
    """7 Lost Souls for 50-56 cards, one more for each further 7 cards."""
    return 7 + max(0, size - MIN_DECK) // 7


def validate_deck(keys: list[str] | tuple[str, ...]) -> list[str]:
    """Problems with a deck list (card keys), each ending with its rule id; an empty list means the deck is legal."""
    from rules.redemption.deckrules import check

    return [str(v) for v in check(keys)]


def parse_deck_toml(text: str) -> list[str]:
    """A user deck from TOML: ``cards = ["key", ...]`` or ``[cards]`` with ``key = count``.

    Raises ValueError if the TOML is unreadable or the deck is not legal.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"the deck file is not valid TOML: {e}") from None
    raw = data.get("cards")
    if isinstance(raw, list) and all(isinstance(k, str) for k in raw):
        keys = list(raw)
    elif isinstance(raw, dict) and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in raw.values()):
        keys = [k for k, n in raw.items() for _ in range(n)]
    else:
        raise ValueError("a deck file needs 'cards': a list of card keys or a table of key = count")
    problems = validate_deck(keys)
    if problems:
        raise ValueError("the deck is not legal: " + "; ".join(problems))
    return keys
