"""The Type 1 deck-building rules as this program enforces them (``rules.md``: ``redemption.deck.*``).

A deck here is a list of card keys (one entry per copy). :func:`check` returns every
violation, each with its rule id and the cards involved; an empty list means the deck
is legal. Pure: no files, no I/O (deck files are read by ``saves.decks``).

This module is Redemption's deck rules for the rest of the program (``rules.games.DeckRules``: ``GameInfo.decks``
names it): the deck types, the cards, the bundled decks, :func:`check`, :func:`find_card` and :func:`suggest`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.redemption.cards import CARD_TYPES as CARD_TYPES  # re-exported: the deck rules' names (DeckRules)
from rules.redemption.cards import CARDS as CARDS
from rules.redemption.cards import DECKS as DECKS
from rules.redemption.cards import PENDING as PENDING  # the real starter decks not offered yet
from rules.redemption.cards import TYPE_NAMES as TYPE_NAMES
from rules.redemption.cards import Card
from rules.redemption.cards import base_name as base_name  # re-exported: a printing's name without its tag

#: The deck types a deck file may say, and how a player names them (the first is a new deck's).
TYPES = {"type1": "Type 1"}
#: Each card type's name in the deck editor's list, five letters at most.
SHORT_TYPE_NAMES = {
    "hero": "Hero",
    "evil_character": "Evil",
    "good_enhancement": "G.Enh",
    "evil_enhancement": "E.Enh",
    "lost_soul": "Soul",
    "dominant": "Dom",
    "artifact": "Art",
    "site": "Site",
    "fortress": "Fort",
}
#: The alignments a card may have.
ALIGNMENTS = ("good", "evil", "neutral")

MIN_DECK = 50
#: Ruling (redemption.deck.size): the largest deck the program takes.
MAX_DECK = 154
#: Ruling (redemption.deck.copies): copies of a card with no special ability, per full 50 cards.
PLAIN_COPIES = 3


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    message: str
    cards: tuple[str, ...] = ()  # card keys involved

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True, slots=True)
class CardRules:
    """What the deck rules read of one card: one of ours (``cards.toml``) or a printing of an imported file."""

    name: str
    same_as: str  # two cards with the same ``same_as`` are duplicates (one count for the copy limits)
    lost_soul: bool
    dominant: bool
    ability: bool  # it has a special ability
    token: bool = False
    banned: bool = False
    enforced: bool = True  # the engine has a script for it
    plain_limit: bool = True  # our own pool's ruling on cards without a special ability (redemption.deck.copies)


#: Ruling (redemption.deck.reserve): the published Reserve holds at most ten cards.
RESERVE_MAX = 10
Lookup = Callable[[str], "CardRules | None"]


def souls_required(size: int) -> int:
    """7 Lost Souls for 50-56 cards, one more for each further 7 cards."""
    return 7 + max(0, size - MIN_DECK) // 7


def has_special_ability(card: Card) -> bool:
    return bool(card.abilities)


def card_rules(card: Card) -> CardRules:
    if card.set:  # a real card: duplicates are the same name and brigade (REG), reprints alike; no plain limit
        return CardRules(
            name=card.name,
            same_as=f"{normalize(base_name(card.name))}|{normalize('/'.join(card.brigades))}",
            lost_soul=card.type == "lost_soul",
            dominant=card.type == "dominant",
            ability=has_special_ability(card),
            plain_limit=False,
        )
    return CardRules(
        name=card.name,
        same_as=card.key,  # our pool never gives two cards one name
        lost_soul=card.type == "lost_soul",
        dominant=card.type == "dominant",
        ability=has_special_ability(card),
    )


def copies_allowed(card: Card | CardRules, size: int) -> int | None:
    """How many copies of ``card`` a deck of ``size`` cards may hold (None: no limit of its own)."""
    c = card if isinstance(card, CardRules) else card_rules(card)
    per50 = max(1, size // MIN_DECK)
    if c.dominant:
        return 1
    if c.lost_soul:
        return 1 if c.ability else None
    if c.ability:
        return per50
    return PLAIN_COPIES * per50 if c.plain_limit else None


def check(keys: Sequence[str], reserve: Sequence[str] = (), lookup: Lookup | None = None) -> list[Violation]:
    """Every way the deck (and its Reserve) breaks a deck rule, in rule order; then every card the engine
    cannot enforce. A key is one of our own cards, else ``lookup`` gives its card (an imported printing)."""
    out: list[Violation] = []
    everything = list(keys) + list(reserve)
    facts = {k: _OURS.get(k) or (lookup(k) if lookup else None) for k in dict.fromkeys(everything)}
    unknown = sorted(k for k, c in facts.items() if c is None)
    if unknown:
        out.append(
            Violation(
                "redemption.deck.cards",
                ("an unknown card" if len(unknown) == 1 else "unknown cards")
                + ", not in the card pool: "
                + ", ".join(unknown),
                tuple(unknown),
            )
        )
    known = {k: c for k, c in facts.items() if c is not None}
    size = len(keys)
    if size < MIN_DECK:
        out.append(Violation("redemption.deck.size", f"a deck needs at least {MIN_DECK} cards; this one has {size}"))
    elif size > MAX_DECK:
        out.append(Violation("redemption.deck.size", f"a deck holds at most {MAX_DECK} cards; this one has {size}"))
    souls = [k for k in keys if k in known and known[k].lost_soul]
    need = souls_required(size)
    if len(souls) != need:
        out.append(
            Violation(
                "redemption.deck.souls",
                f"a deck of {size} cards needs exactly {need} Lost Souls; this one has {len(souls)}",
                tuple(sorted(set(souls))),
            )
        )
    # duplicates: every printing of the same card counts, in the deck and its Reserve alike
    groups: dict[str, list[str]] = {}
    for k in everything:
        if k in known:
            groups.setdefault(known[k].same_as, []).append(k)
    doms = [k for k in keys if k in known and known[k].dominant]
    for ks in groups.values():
        c = known[ks[0]]
        if c.dominant and len(ks) > 1:
            out.append(
                Violation(
                    "redemption.deck.dominants",
                    f"at most one {c.name} (a Dominant); found {len(ks)}",
                    tuple(dict.fromkeys(ks)),
                )
            )
    if len(doms) > len(souls):
        out.append(
            Violation(
                "redemption.deck.dominants",
                f"no more Dominants than Lost Souls: {len(doms)} Dominants, {len(souls)} Lost Souls",
                tuple(sorted(set(doms))),
            )
        )
    for ks in groups.values():
        c, n = known[ks[0]], len(ks)
        if c.dominant:
            continue
        limit = copies_allowed(c, size)
        if limit is None or n <= limit:
            continue
        involved = tuple(dict.fromkeys(ks))
        if c.lost_soul:
            message = f"{c.name} has a special ability: one copy per deck; found {n}"
        elif c.ability:
            message = (
                f"{c.name} has a special ability: {limit} cop{'y' if limit == 1 else 'ies'} "
                f"in a deck of {size} cards; found {n}"
            )
        else:
            message = f"at most {limit} copies of {c.name} in a deck of {size} cards; found {n}"
        out.append(Violation("redemption.deck.copies", message, involved))
    if len(reserve) > RESERVE_MAX:
        out.append(
            Violation(
                "redemption.deck.reserve", f"a Reserve holds at most {RESERVE_MAX} cards; this one has {len(reserve)}"
            )
        )
    for k in dict.fromkeys(reserve):
        held = known.get(k)
        if held is not None and (held.dominant or held.lost_soul):
            what = "a Dominant" if held.dominant else "a Lost Soul"
            out.append(Violation("redemption.deck.reserve", f"{held.name} is {what}: no Reserve may hold one", (k,)))
    for k, c in known.items():
        if c.token:
            out.append(Violation("redemption.deck.tokens", f"{c.name} is a token: tokens are not part of a deck", (k,)))
        if c.banned:
            out.append(Violation("redemption.deck.banned", f"{c.name} is banned from Type 1 decks", (k,)))
    for k, c in known.items():
        if not c.enforced:
            out.append(
                Violation(
                    "redemption.deck.enforced",
                    f"{c.name} is not enforced: the engine has no script for its ability yet",
                    (k,),
                )
            )
    return out


def is_legal(keys: Sequence[str]) -> bool:
    return not check(keys)


# --- names -------------------------------------------------------------------------------------------
def normalize(name: str) -> str:
    """A card name without case, accents or punctuation: 'Gideon's Trumpet' -> 'gideons trumpet'."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = re.sub(r"['\u2019`]", "", text)
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


_BY_NAME: dict[str, str] = {}
for _k, _c in CARDS.items():
    if _c.set:  # a real card: after ours (a name of ours stays ours), by its full name
        continue
    _BY_NAME[normalize(_c.name)] = _k
    if _c.name.lower().startswith("the "):
        _BY_NAME.setdefault(normalize(_c.name[4:]), _k)
    if _c.type == "lost_soul" and ":" in _c.name:  # "Lost Soul: the Wanderer" is also "the Wanderer"
        _short = normalize(_c.name.split(":", 1)[1]).removeprefix("the ")
        for _alias in (_short, "the " + _short, "lost soul " + _short):
            _BY_NAME.setdefault(_alias, _k)


for _k, _c in CARDS.items():
    if _c.set:
        _BY_NAME.setdefault(normalize(_c.name), _k)


def find_card(text: str) -> str | None:
    """The key of the card named ``text`` (any case or punctuation), or of the card key itself."""
    if text in CARDS:
        return text
    return _BY_NAME.get(normalize(text))


def _tokens(text: str) -> set[str]:
    return {w.removesuffix("s") for w in text.split() if w not in ("the", "of", "a")}


def _likeness(a: str, b: str) -> float:
    """How alike two normalised names are (0-1): spelling, word order and shared words all count."""
    from difflib import SequenceMatcher

    ta, tb = _tokens(a), _tokens(b)
    shared = len(ta & tb) / len(ta | tb) if ta | tb else 0.0
    spelled = SequenceMatcher(None, a, b).ratio()
    ordered = SequenceMatcher(None, " ".join(sorted(ta)), " ".join(sorted(tb))).ratio()
    return max(spelled, ordered, shared)


def suggest(text: str, n: int = 3) -> list[str]:
    """The names of the cards closest to ``text``, best first (none if nothing is close)."""
    want = normalize(text)
    scored = sorted(((_likeness(want, normalize(c.name)), c.name) for c in CARDS.values()), reverse=True)
    return [name for score, name in scored[:n] if score >= 0.55]


def bundled(label: str) -> list[str]:
    """The card keys of bundled deck G or H."""
    return list(DECKS[label]["cards"])


#: the deck rules' reading of every card the engine has (ours and the real ones it scripts)
_OURS = {k: card_rules(c) for k, c in CARDS.items()}
