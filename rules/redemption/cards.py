"""Redemption card definitions and decks, read once from ``cards.toml``, ``decks.toml`` and ``real/*.toml``.

Abilities are written in the ability language (:mod:`rules.redemption.lang`: a trigger and effects, each a
verb of ``effects.py`` with a selector, a duration and riders); a card naming a word the language does not
hold is refused here, when the data loads; the text a player reads is generated from that data by
:func:`ability_text`, so it always says what the engine does.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, NotRequired, TypedDict

from rules.redemption.effects import EFFECTS as EFFECTS  # re-exported
from rules.redemption.effects import TYPE_NAMES as TYPE_NAMES  # re-exported
from rules.redemption.effects import VERBS
from rules.redemption.effects import ability_text as ability_text  # re-exported
from rules.redemption.effects import matches as matches  # re-exported
from rules.redemption.lang import ALIGNMENTS as ALIGNMENTS
from rules.redemption.lang import CARD_TYPES as CARD_TYPES
from rules.redemption.lang import CLASSES as CLASSES
from rules.redemption.lang import Ability as Ability  # re-exported
from rules.redemption.lang import parse_ability


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
    #: A real card's set code (the card file's Set: its key is "Name|Set"); "" for our own cards.
    set: str = ""
    # facts derived once from the fields above (the engine reads them on every move)
    is_character: bool = field(init=False, compare=False)
    is_enhancement: bool = field(init=False, compare=False)
    #: At most one copy per player in play (redemption.unique): named Biblical characters (every character of our
    #: pool is one; a real character the card file marks generic is not), artifacts, fortresses, and any card
    #: marked unique.
    unique_in_play: bool = field(init=False, compare=False)
    is_weapon: bool = field(init=False, compare=False)
    is_warrior: bool = field(init=False, compare=False)
    #: What the card may do from the hand in a Preparation or Discard phase (rules.redemption.play): "character",
    #: "fortress" (both if no copy is in play), "artifact", "site", "weapon" (equip a warrior), or "" (nothing).
    placement: str = field(init=False, compare=False)
    #: Each effect's first ability (``has``).
    by_effect: dict[str, Ability] = field(init=False, compare=False, repr=False)
    #: The name if the card is unique in play, else "" (for collecting the names a player has in play); a real
    #: card's name without its printing tag ("Gideon (L)" and "Gideon (J)" are one Gideon: redemption.unique).
    unique_name: str = field(init=False, compare=False)
    #: The brigades as a set (the brigade match of enhancements and weapons).
    brigade_set: frozenset[str] = field(init=False, compare=False)
    #: The ability text once worked out (:attr:`ability_text`: the deck editor's search reads every card's at a key).
    _text: str | None = field(init=False, compare=False, repr=False, default=None)

    def __post_init__(self) -> None:
        character = self.type in ("hero", "evil_character")
        object.__setattr__(self, "is_character", character)
        object.__setattr__(
            self,
            "is_enhancement",
            self.type in ("good_enhancement", "evil_enhancement")
            # a Covenant or a Curse: an artifact that may also be played in battle (redemption.effect.also_enhancement)
            or any(a.effect == "also_enhancement" for a in self.abilities),
        )
        object.__setattr__(
            self,
            "unique_in_play",
            (character and not (self.set and "generic" in self.identifiers))
            or self.type in ("artifact", "fortress")
            or "unique" in self.identifiers,
        )
        object.__setattr__(self, "is_weapon", "weapon" in self.classes)
        object.__setattr__(self, "is_warrior", "warrior" in self.classes)
        enhancement = self.type in ("good_enhancement", "evil_enhancement")
        placement = (
            "character"
            if character
            else self.type
            if self.type in ("fortress", "artifact", "site")
            else "weapon"
            if enhancement and "weapon" in self.classes
            else ""
        )
        object.__setattr__(self, "placement", placement)
        object.__setattr__(self, "brigade_set", frozenset(self.brigades))
        unique = (base_name(self.name) if self.set else self.name) if self.unique_in_play else ""
        object.__setattr__(self, "unique_name", unique)
        by_effect: dict[str, Ability] = {}
        for ab in self.abilities:
            by_effect.setdefault(ab.effect, ab)
        object.__setattr__(self, "by_effect", by_effect)

    @property
    def is_unique(self) -> bool:
        return "unique" in self.identifiers or self.type == "dominant"

    def has(self, effect: str) -> Ability | None:
        """The card's (first) ability with this effect, if any."""
        return self.by_effect.get(effect)

    @property
    def ability_text(self) -> str:
        text = self._text
        if text is None:
            text = " ".join(ability_text(a, self) for a in self.abilities)
            object.__setattr__(self, "_text", text)
        return text

    @property
    def type_name(self) -> str:
        return TYPE_NAMES[self.type]

    def brigade_text(self) -> str:
        if not self.brigades:
            return ""
        return "/".join(self.brigades) + (
            " (good)" if self.alignment == "good" else " (evil)" if self.alignment == "evil" else ""
        )

    def info(self) -> dict[str, object]:
        """A small, plain description for views and the TUI."""
        return {
            "key": self.key,
            "name": self.name,
            "type": self.type,
            "type_name": self.type_name,
            "alignment": self.alignment,
            "brigades": list(self.brigades),
            "strength": self.strength,
            "toughness": self.toughness,
            "class": list(self.classes),
            "identifiers": list(self.identifiers),
            "reference": self.reference,
            "ability": self.ability_text,
        }


#: A trailing printing tag, "(G)", "[K]", "(1st Print)": the same card printed again carries another one.
_TAG = re.compile(r"\s*[(\[][^()\[\]]{1,12}[)\]]\s*$")


def base_name(name: str) -> str:
    """The card's name without its printing tag: 'Aaron (G)' -> 'Aaron' (a name that is all tag stays)."""
    short = _TAG.sub("", name)
    return short if short.strip() else name


#: Abilities already read, by their table's text: the same script on several printings of a card is read once (an
#: Ability is immutable, so the cards share it).
_ABILITIES: dict[str, Ability] = {}


def _ability(d: dict[str, Any], key: str) -> Ability:
    text = repr(d)
    ab = _ABILITIES.get(text)
    if ab is None:
        ab = _ABILITIES[text] = parse_ability(d, key, VERBS)
    return ab


#: The fact keys of a real card's table (``real/*.toml``): what the card file says, and our script.
REAL_FACTS = (
    "name",
    "set",
    "type",
    "alignment",
    "brigades",
    "strength",
    "toughness",
    "class",
    "identifiers",
    "reference",
    "abilities",
)


def real_key(name: str, set_code: str) -> str:
    """A real printing's key, Name + Set as the card file keys it (``Printing.key``): 'Aaron (G)|10A'."""
    return f"{name}|{set_code}"


def _card(d: dict[str, Any]) -> Card:
    real = "set" in d
    if real:
        extra = sorted(set(d) - set(REAL_FACTS))
        if extra:
            raise ValueError(f"real card {d.get('name')!r}: {', '.join(extra)} is not a fact this file holds")
        if not isinstance(d["set"], str) or not d["set"] or "|" in d["set"] + d["name"]:
            raise ValueError(f"real card {d.get('name')!r}: a set code and a name without '|'")
    key = real_key(d["name"], d["set"]) if real else d["key"]
    if d["type"] not in CARD_TYPES:
        raise ValueError(f"card {key}: unknown type {d['type']!r}")
    if d["alignment"] not in ALIGNMENTS:
        raise ValueError(f"card {key}: unknown alignment {d['alignment']!r}")
    for c in d.get("class", []):
        if c not in CLASSES:
            raise ValueError(f"card {key}: unknown class {c!r}")
    return Card(
        key,
        d["name"],
        d["type"],
        d["alignment"],
        tuple(d.get("brigades", [])),
        int(d.get("strength", 0)),
        int(d.get("toughness", 0)),
        tuple(d.get("class", [])),
        tuple(d.get("identifiers", [])),
        d.get("reference", ""),
        tuple(_ability(a, key) for a in d.get("abilities", [])),
        d["set"] if real else "",
    )


class DeckList(TypedDict):
    """A bundled deck: its name and its card keys (and its Reserve's, for a real starter that has one)."""

    name: str
    cards: tuple[str, ...]
    reserve: NotRequired[tuple[str, ...]]


def _data_files() -> list[tuple[str, str]]:
    """(name, text) of every card data file: ``cards.toml``, ``decks.toml``, then ``real/*.toml`` sorted (real cards'
    facts and our scripts, one file a batch)."""
    here = resources.files(__package__)
    folder = here.joinpath("real")
    real = sorted(
        (f"real/{f.name}", f.read_text(encoding="utf-8"))
        for f in folder.iterdir()
        if f.name.endswith(".toml") and f.is_file()
    )
    return [(name, here.joinpath(name).read_text(encoding="utf-8")) for name in ("cards.toml", "decks.toml")] + real


def fingerprint(d: dict[str, Any]) -> str:
    """A card's fingerprint: the first 12 hex digits of the sha256 of its table (its facts and our script) as
    canonical JSON, the same in every process; a save records it per card so a resumed game can say which cards a
    later version of the program changed (``serial.changed_cards``)."""
    text = json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


class Fingerprints(Mapping[str, str]):
    """Each card's fingerprint by key, worked out when first asked for (a save asks for its own cards' only): the
    hash of every card's table at each import was a tenth of the card data's load."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[str, Any]] = {}
        self._done: dict[str, str] = {}

    def add(self, key: str, table: dict[str, Any]) -> None:
        self._tables[key] = table

    def __getitem__(self, key: str) -> str:
        fp = self._done.get(key)
        if fp is None:
            fp = self._done[key] = fingerprint(self._tables[key])
        return fp

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)


#: each card's fingerprint by key (its table kept by ``_load``)
FINGERPRINTS = Fingerprints()


def _load() -> tuple[dict[str, Card], dict[str, DeckList], tuple[str, ...], dict[str, Pending]]:
    tables = {name: tomllib.loads(text) for name, text in _data_files()}
    cards: dict[str, Card] = {}
    for d in tables["cards.toml"]["card"]:
        c = _card(d)
        if c.key in cards:
            raise ValueError(f"card key {c.key} is defined twice")
        cards[c.key] = c
        FINGERPRINTS.add(c.key, d)
    for fname in sorted(n for n in tables if n.startswith("real/")):
        for d in tables[fname].get("card", []):
            if "set" not in d:
                raise ValueError(f"{fname}: card {d.get('name')!r} has no set: a real card is keyed Name + Set")
            c = _card(d)
            if c.key in cards:
                raise ValueError(f"{fname}: card {c.key} is defined twice")
            cards[c.key] = c
            FINGERPRINTS.add(c.key, d)
    raw = tables["decks.toml"]
    decks: dict[str, DeckList] = {}
    for label, d in raw["deck"].items():
        decks[label] = DeckList(name=d["name"], cards=tuple(d["cards"]))
    pool = tuple(raw.get("pool", {}).get("cards", ()))
    for k in [k for d in decks.values() for k in d["cards"]] + list(pool):
        if k not in cards:
            raise ValueError(f"deck list names unknown card {k!r}")
    pending: dict[str, Pending] = {}
    for label, d in raw.get("real", {}).items():
        keys, reserve = tuple(d["cards"]), tuple(d.get("reserve", ()))
        missing = tuple(dict.fromkeys(k for k in keys + reserve if k not in cards))
        if missing:  # offered only once every card is enforced (redemption.deck.enforced)
            pending[label] = Pending(name=d["name"], cards=keys, missing=missing)
        elif reserve:  # a starter with a Reserve (redemption.reserve)
            decks[label] = DeckList(name=d["name"], cards=keys, reserve=reserve)
        else:
            decks[label] = DeckList(name=d["name"], cards=keys)
    return cards, decks, pool, pending


class Pending(TypedDict):
    """A real starter deck not offered yet: its cards (keys "Name|Set") and those the engine has no script for."""

    name: str
    cards: tuple[str, ...]
    missing: tuple[str, ...]


#: every card definition by key: our own (``cards.toml``), then the real cards we script (``real/*.toml``)
CARDS: dict[str, Card]
#: bundled decks: label -> {"name", "cards": tuple of keys}; a real starter deck joins them once every card is
#: enforced
DECKS: dict[str, DeckList]
#: the extra pool for deck building
POOL: tuple[str, ...]
#: the real starter decks not offered yet, with the cards that keep them back
PENDING: dict[str, Pending]
CARDS, DECKS, POOL, PENDING = _load()


def name_on_name(enhancement: Card, character: Card) -> bool:
    """Does the enhancement's title contain the character's full name as a whole word?"""
    return re.search(r"(?<![\w])" + re.escape(character.name) + r"(?![\w])", enhancement.name) is not None


# --- deck building (the rules live in deckrules.py) ---------------------------------
MIN_DECK = 50


def souls_required(size: int) -> int:
    """7 Lost Souls for 50-56 cards, one more for each further 7 cards."""
    return 7 + max(0, size - MIN_DECK) // 7


def validate_deck(keys: list[str] | tuple[str, ...], reserve: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Problems with a deck list (card keys) and its Reserve, each ending with its rule id; an empty list means the
    deck is legal."""
    from rules.redemption.deckrules import check

    return [str(v) for v in check(keys, reserve)]


def parse_deck_toml(text: str) -> list[str]:
    """A user deck from TOML: ``cards = ["key", ...]`` or ``[cards]`` with ``key = count``.

    Raises ValueError if the TOML is unreadable or the deck is not legal.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"the deck file is not valid TOML: {e}") from None
    except RecursionError:
        raise ValueError("the deck file is nested far deeper than any deck's") from None
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
