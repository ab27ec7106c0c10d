"""Real Redemption cards as a player's imported card file describes them: the facts of each printing.

The program never ships a real card's printed ability or flavour text: a :class:`Printing` holds what the
player's own card file (the LackeyCCG plugin's ``carddata.txt``, read by ``saves.cardfile``) says, in memory.
A :class:`Pool` is one imported file: its printings by Name + Set, matched the way Lackey matches a deck's
card names, searched, and counted as distinct cards for the coverage figures.

A printing is **enforced** when the engine has a script for that very card (:func:`script_for`): a real card
of ``real/*.toml``, keyed by the same Name + Set, or one of our own cards (``cards.toml``) when it is the same
plain card.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from rules.redemption.cards import CARDS, Card
from rules.redemption.deckrules import CardRules, card_rules, normalize
from rules.redemption.deckrules import base_name as base_name  # re-exported

#: The card file's columns, in order (its header row).
COLUMNS = (
    "Name",
    "Set",
    "ImageFile",
    "OfficialSet",
    "Type",
    "Brigade",
    "Strength",
    "Toughness",
    "Class",
    "Identifier",
    "SpecialAbility",
    "Rarity",
    "Reference",
    "Sound",
    "Alignment",
    "Legality",
)

#: A card file's type words (a dual card joins two with "/") and the program's card type each is grouped under.
TYPES = {
    "hero": "hero",
    "evil character": "evil_character",
    "ge": "good_enhancement",
    "ee": "evil_enhancement",
    "lost soul": "lost_soul",
    "dominant": "dominant",
    "artifact": "artifact",
    "covenant": "artifact",
    "curse": "artifact",
    "site": "site",
    "city": "site",
    "fortress": "fortress",
    "hero token": "hero",
    "evil character token": "evil_character",
    "lost soul token": "lost_soul",
}
ALIGNMENTS = ("Good", "Evil", "Neutral")
_INT = re.compile(r"^\s*(-?\d+)\s*$")


def type_words(text: str) -> tuple[str, ...]:
    """The type words of a card file's Type field, lower case: 'GE/EE' -> ('ge', 'ee')."""
    return tuple(" ".join(p.split()).lower() for p in text.split("/"))


@dataclass(frozen=True, slots=True)
class Printing:
    """One row of an imported card file: a card as printed in one set."""

    name: str
    set: str
    image: str
    official_set: str
    type_text: str  # as the file says it: "Hero", "GE/EE", "Evil Character Token"
    brigade: str
    strength: str  # as printed: "6", "X", "4 (0)"
    toughness: str
    klass: str
    identifier: str
    text: str  # the printed special ability, from the player's own file (never stored by the program)
    rarity: str
    reference: str
    sound: str
    alignment: str
    legality: str  # "Rotation", "Banned" or ""
    line: int = 0  # the file's line number, for messages
    kinds: tuple[str, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", tuple(TYPES[w] for w in type_words(self.type_text)))

    @property
    def key(self) -> str:
        """Name + Set, the file's key, as one string ('|' is in no name or set: the file check refuses it)."""
        return f"{self.name}|{self.set}"

    @property
    def type(self) -> str:
        """The program's card type it is grouped under (a dual card: its first half's)."""
        return self.kinds[0]

    @property
    def type_name(self) -> str:
        return self.type_text

    @property
    def base(self) -> str:
        return base_name(self.name)

    @property
    def distinct(self) -> tuple[str, str, str, str]:
        """Reprints with the same name (without printing tag), numbers and text are one distinct card."""
        return (normalize(self.base), self.strength.strip(), self.toughness.strip(), " ".join(self.text.split()))

    @property
    def is_token(self) -> bool:
        return any(w.endswith(" token") for w in type_words(self.type_text))

    @property
    def banned(self) -> bool:
        return self.legality.strip().lower() == "banned" or "[ban]" in self.set.lower()

    @property
    def enforced(self) -> bool:
        return script_for(self) is not None

    def deck_rules(self) -> CardRules:
        """What the deck rules read of this printing (duplicates: the same name and brigade, REG); a printing
        that is one of our own cards is read as that card, so the engine takes every deck the check passes."""
        ours = script_for(self)
        if ours is not None:
            return card_rules(CARDS[ours])
        words = type_words(self.type_text)
        return CardRules(
            name=self.name,
            same_as=f"{normalize(self.base)}|{normalize(self.brigade)}",
            lost_soul="lost soul" in words,
            dominant="dominant" in words,
            ability=bool(self.text.strip()),
            token=self.is_token,
            banned=self.banned,
            enforced=self.enforced,
            plain_limit=False,
        )

    def facts_line(self) -> str:
        """The card's facts in one line (no text): 'Hero, Green, 6/4, Priest, Exodus 4:14'."""
        numbers = f"{self.strength}/{self.toughness}" if self.strength or self.toughness else ""
        parts = [self.type_text, self.brigade, numbers, self.klass, self.identifier, self.reference]
        return ", ".join(p for p in parts if p.strip())


def _int(text: str) -> int | None:
    m = _INT.match(text)
    return int(m.group(1)) if m else None


def script_for(p: Printing) -> str | None:
    """The key of the engine's script for this printing, or None.

    A real card the engine scripts (``real/*.toml``) is found by the printing's own key, Name + Set, as Lackey
    keys it, and only if the printing's type is the script's (a changed card file names another card).
    Otherwise our own cards, each playing our card's ability, not a printed one: a printing is ours only when
    it is the same plain card: the same name, type, brigades and numbers, and neither it nor our card has a
    special ability."""
    real = CARDS.get(p.key)
    if real is not None and real.set:
        # a dual GE/EE card is scripted as its first half with the other half's numbers (redemption.effect.dual_alignment)
        halves = 2 if real.has("dual_alignment") is not None else 1
        return real.key if real.type == p.type and len(p.kinds) == halves else None
    card = _OURS.get(p.name)
    if card is None or card.abilities or p.text.strip() or card.type != p.type or len(p.kinds) != 1:
        return None
    brigades = {b.strip().casefold() for b in p.brigade.split("/") if b.strip()}
    if brigades != {b.casefold() for b in card.brigades}:
        return None
    if _int(p.strength or "0") != card.strength or _int(p.toughness or "0") != card.toughness:
        return None
    return card.key


_OURS: dict[str, Card] = {c.name: c for c in CARDS.values() if not c.set}


@dataclass(frozen=True, slots=True)
class Coverage:
    """How many distinct cards of a pool the engine enforces, in all, by set and by type."""

    enforced: int
    total: int
    by_set: tuple[tuple[str, int, int], ...]  # (set, enforced, distinct cards in it)
    by_type: tuple[tuple[str, int, int], ...]

    def lines(self) -> list[str]:
        out = [f"{self.enforced} of {self.total} distinct cards enforced"]
        for title, rows in (("By set", self.by_set), ("By type", self.by_type)):
            out.append(f"{title}:")
            width = max((len(r[0]) for r in rows), default=0)
            out += [f"  {name.ljust(width)}  {e} of {n}" for name, e, n in rows]
        return out


class Pool:
    """The printings of one imported card file, by key, with Lackey's name matching and the distinct cards."""

    def __init__(self, printings: Iterable[Printing]) -> None:
        self.printings: tuple[Printing, ...] = tuple(printings)
        self.by_key: dict[str, Printing] = {p.key: p for p in self.printings}
        self._index: tuple[dict[str, list[Printing]], ...] = ()  # by name, normalised name, image: on first use
        self._names: list[str] | None = None

    def _indexes(self) -> tuple[dict[str, list[Printing]], ...]:
        if not self._index:
            by_name: dict[str, list[Printing]] = {}
            by_norm: dict[str, list[Printing]] = {}
            by_image: dict[str, list[Printing]] = {}
            for p in self.printings:
                by_name.setdefault(p.name.casefold(), []).append(p)
                by_norm.setdefault(normalize(p.name), []).append(p)
                by_image.setdefault(p.image.casefold(), []).append(p)
            self._index = (by_name, by_norm, by_image)
        return self._index

    def __len__(self) -> int:
        return len(self.printings)

    def exact(self, name: str, set_code: str = "") -> Printing | None:
        """The printing of that name (any case), in that set if it has one there: how Lackey finds a deck's card."""
        group = self._indexes()[0].get(name.strip().casefold(), [])
        return next((p for p in group if p.set == set_code), group[0]) if group else None

    def find(self, name: str, set_code: str = "", image: str = "") -> Printing | None:
        """:meth:`exact`; then, for lists written by hand or by another program, the name without case, spaces
        or punctuation ('Cornelius ( C)'), then the card's image id (a Lackey deck's ``id``, which outlives a
        renamed card)."""
        found = self.exact(name, set_code)
        if found is not None:
            return found
        _, by_norm, by_image = self._indexes()
        images = by_image.get(image.strip().casefold(), []) if image.strip() else []
        for group in (by_norm.get(normalize(name), []), images):
            if group:
                return next((p for p in group if p.set == set_code), group[0])
        return None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The names closest to ``name``, best first."""
        if self._names is None:
            self._names = sorted({p.name for p in self.printings})
        norm = {normalize(x): x for x in self._names}
        close = difflib.get_close_matches(normalize(name), list(norm), n=n, cutoff=0.6)
        return [norm[c] for c in close]

    def distinct(self) -> dict[tuple[str, str, str, str], list[Printing]]:
        out: dict[tuple[str, str, str, str], list[Printing]] = {}
        for p in self.printings:
            out.setdefault(p.distinct, []).append(p)
        return out

    def coverage(self) -> Coverage:
        """The distinct cards enforced, in all, by set and by type (a card counts in every set it is printed in)."""
        groups = self.distinct()
        done = {k for k, ps in groups.items() if any(p.enforced for p in ps)}
        sets: Counter[str] = Counter()
        sets_done: Counter[str] = Counter()
        types: Counter[str] = Counter()
        types_done: Counter[str] = Counter()
        for k, ps in groups.items():
            for s in dict.fromkeys(p.set for p in ps):
                sets[s] += 1
                sets_done[s] += k in done
            t = " ".join(ps[0].type_text.split())
            types[t] += 1
            types_done[t] += k in done
        return Coverage(
            len(done),
            len(groups),
            tuple((s, sets_done[s], sets[s]) for s in sorted(sets)),
            tuple((t, types_done[t], types[t]) for t, _ in types.most_common()),
        )

    def search(self, terms: Sequence[str], enforced: bool | None = None) -> list[Printing]:
        """The printings every term matches: a plain word in any of name, type, brigade, set, identifier,
        class or text; ``field:word`` in that field alone (name, type, brigade, set, identifier, class, text)."""
        checks = [_term(t) for t in terms if t.strip()]
        return [p for p in self.printings if all(c(p) for c in checks) and (enforced is None or p.enforced == enforced)]


FIELDS = ("name", "type", "brigade", "set", "identifier", "class", "text")


def fields_of(p: Printing) -> dict[str, str]:
    return {
        "name": p.name,
        "type": p.type_text,
        "brigade": p.brigade,
        "set": f"{p.set} {p.official_set}",
        "identifier": p.identifier,
        "class": p.klass,
        "text": p.text,
    }


def _term(term: str) -> Callable[[Printing], bool]:
    where, colon, word = term.partition(":")
    if colon and where.lower() in FIELDS and word.strip():
        field_name, want = where.lower(), word.strip().casefold()
        return lambda p: want in fields_of(p)[field_name].casefold()
    want = term.strip().casefold()
    return lambda p: any(want in v.casefold() for v in fields_of(p).values())
