"""The ability language: what a card's ``abilities`` in ``cards.toml`` may say, and how it is read.

An **ability** is a small tree::

    ability = trigger + condition + cost + effects
    effect  = verb + selector + number + duration + riders (+ its own condition)

``trigger`` says when it works (``played``, ``enters_battle``, ``blocking``, ``blocked``, ``upkeep``, ``activate``,
``while_in_play``, ...);
``condition`` what must hold for it to work; ``cost`` what its player pays; each effect names a **verb** (the
registry in :mod:`rules.redemption.effects`), a **selector** (which cards it may take: facets such as zone,
owner, type, brigade, and how many), a number ``n``, a **duration**, **riders** ("cannot be negated") and, for one
effect alone, a ``condition`` of its own.

Every word of each kind is one entry of one registry below (:data:`FACETS`, :data:`TRIGGERS`,
:data:`CONDITIONS`, :data:`COSTS`, :data:`DURATIONS`, :data:`RIDERS`), each with its ``rules.md`` section; the
verbs are :data:`rules.redemption.effects.VERBS`. Card data naming a word that no registry holds is refused when
the data loads, with one line naming the card and the word (:func:`parse_ability`), so nothing a card says is
ever silently ignored in play. A word is only registered once the engine carries it out.

This module knows cards and the :class:`~rules.redemption.table.Table` interface, never the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.redemption.cards import Card
    from rules.redemption.table import Table

CARD_TYPES = (
    "hero",
    "evil_character",
    "good_enhancement",
    "evil_enhancement",
    "lost_soul",
    "dominant",
    "artifact",
    "site",
    "fortress",
)
#: types a selector may name besides the card types: a group of them
TYPE_GROUPS = {"character": ("hero", "evil_character"), "enhancement": ("good_enhancement", "evil_enhancement")}
ALIGNMENTS = ("good", "evil", "neutral")
CLASSES = ("warrior", "weapon", "territory")
GENDERS = ("male", "female")
KINDS = ("human", "angel", "demon", "animal")
NT_BOOKS = frozenset(
    "Matthew Mark Luke John Acts Romans Corinthians Galatians Ephesians Philippians Colossians Thessalonians "
    "Timothy Titus Philemon Hebrews James Peter Jude Revelation".split()
)


def book_of(reference: str) -> str:
    """The book of a scripture reference ("1 Samuel 17:4" -> "1 Samuel"; "" when none)."""
    m = re.match(r"\s*((?:[1-3]\s)?[A-Za-z][A-Za-z ]*?)\s+\d", reference)
    return m.group(1) if m else reference.strip()


def testament_of(reference: str) -> str:
    """ "NT" or "OT" for a reference ("" when none)."""
    book = book_of(reference)
    if not book:
        return ""
    return "NT" if book.split()[-1] in NT_BOOKS else "OT"


# --- selector facets ---------------------------------------------------------------------------------------------
#: (card, value) -> does the card fit
CardTest = Callable[["Card", Any], bool]
#: (table, the player whose ability it is, card id, value) -> does the card, where it is now, fit
StateTest = Callable[["Table", int, str, Any], bool]


@dataclass(frozen=True, slots=True)
class Facet:
    """One thing a selector may say about the cards it takes. ``card``: a test of the card alone (its printed
    facts); ``state``: a test of where it is in the game; ``where``: the facet says where to look (zone, owner),
    read by :func:`select` itself. ``check`` refuses a value that makes no sense ("" when fine)."""

    name: str
    rule: str
    summary: str
    check: Callable[[Any], str]
    card: CardTest | None = None
    state: StateTest | None = None
    where: bool = False


def _one_of(*allowed: str) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        vs = v if isinstance(v, list) else [v]
        bad = [x for x in vs if x not in allowed]
        return f"{bad[0]!r} is not one of {', '.join(allowed)}" if bad else ""

    return check


def _text(v: Any) -> str:
    return "" if isinstance(v, str) and v else "a non-empty string"


def _text_or_list(v: Any) -> str:
    if isinstance(v, list) and v and all(isinstance(x, str) and x for x in v):
        return ""
    return _text(v) and "a non-empty string or a list of them"


def _flag(v: Any) -> str:
    return "" if isinstance(v, bool) else "true or false"


_CMP = re.compile(r"^(<=|>=|<|>|=)(\d+)$")


def _cmp_check(v: Any) -> str:
    return "" if isinstance(v, str) and _CMP.match(v) else "a comparison such as '>=5' or '<3'"


def compare(x: int, spec: str) -> bool:
    """Does number x fit a comparison ('>=5', '<3', '=2')?"""
    m = _CMP.match(spec)
    assert m is not None  # checked when the data loaded
    op, n = m.group(1), int(m.group(2))
    return x >= n if op == ">=" else x <= n if op == "<=" else x > n if op == ">" else x < n if op == "<" else x == n


def _type_test(c: Card, v: str | tuple[str, ...]) -> bool:
    if isinstance(v, tuple):  # a list of types: any of them (a loop, not any(generator): selectors ask it often)
        for x in v:
            if _type_test(c, x):
                return True
        return False
    group = TYPE_GROUPS.get(v)
    return c.type in group if group is not None else c.type == v


#: zone words -> the zones they look in, and whether a card attached to another there is left out
ZONE_WORDS: dict[str, tuple[tuple[str, ...], bool]] = {
    "battle": (("field_of_battle",), True),
    "in_play": (("territory", "artifact_pile", "field_of_battle"), True),
    "territory": (("territory",), True),
    "hand": (("hand",), False),
    "deck": (("deck",), False),
    "discard": (("discard",), False),
    "land_of_bondage": (("land_of_bondage",), False),
    "in_site": (("in_site",), False),
    "artifact_pile": (("artifact_pile",), True),
    "set_aside": (("set_aside",), False),
    "land_of_redemption": (("land_of_redemption",), False),
    # the battle with the cards played on its characters (enhancements, weapons): what a negate reaches
    "battle_cards": (("field_of_battle",), False),
    # the characters a player holds captured (redemption.effect.capture)
    "captured": (("captured",), False),
    # only an ability that names the Reserve reaches it: no other zone word looks in it (redemption.reserve)
    "reserve": (("reserve",), False),
}
OWNERS = ("you", "opponent", "opponents", "any")


def _blocking(t: Table, p: int, c: str, v: bool) -> bool:
    b = t.b
    return (bool(b.kind) and t.loc[c] == (b.defender, "field_of_battle")) == v


_TAG = re.compile(r"\s*[(\[][^()\[\]]{1,12}[)\]]\s*$")


def _untagged(name: str) -> str:
    """A name without its printing tag ('Peter (EC)' -> 'Peter'), as the deck rules read names."""
    short = _TAG.sub("", name)
    return short if short.strip() else name


def _last_played(t: Table, p: int, c: str, v: bool) -> bool:
    """Is card c the last card of its type (as played: redemption.effect.dual_alignment) played in the battle?"""
    kind = as_played(t, c).type
    last = next((e for e in reversed(t.b.played) if as_played(t, e).type == kind), "")
    return (c == last) == v


# --- a dual-alignment card is the side it is played as (redemption.effect.dual_alignment) --------------------------
#: card key -> (the card, the card as it is on the other side): built once a card
_OTHER_SIDE: dict[str, tuple[Card, Card]] = {}
_SIDE_TYPE = {"hero": "good_enhancement", "evil_character": "evil_enhancement"}


def as_played(t: Table, c: str) -> Card:
    """Card c as the rules see it where it is: a dual-alignment (GE/EE) card played on a character of its other
    alignment is, while it sits there, only that side's enhancement (its type, alignment, the brigades and numbers
    its dual_alignment effect names), so "all good enhancements" does not take it; anywhere else, its printed self."""
    card = t.cd[c]
    host = t.attached.get(c)
    if host is None or "dual_alignment" not in card.by_effect:
        return card
    side = t.cd[host]
    kind = _SIDE_TYPE.get(side.type, "")
    if not kind or kind == card.type:
        return card
    known = _OTHER_SIDE.get(card.key)
    if known is not None and known[0] is card and known[1].type == kind:
        return known[1]
    act = card.by_effect["dual_alignment"].acts[0]
    b = act.select.get("brigade", ())
    other = replace(
        card,
        type=kind,
        alignment=side.alignment,
        brigades=b if isinstance(b, tuple) else (b,),
        strength=act.strength,
        toughness=act.toughness,
    )
    _OTHER_SIDE[card.key] = (card, other)
    return other


def _has_verb(c: Card, v: Any) -> bool:
    """Has card c an effect of verb v (or of one of the verbs of a list)?"""
    names = (v,) if isinstance(v, str) else v
    return any(a.verb in names for ab in c.abilities for a in ab.acts)


def _except_check(v: Any) -> str:
    """``except``: a non-empty table of card facets, each value one its facet takes."""
    if not isinstance(v, (dict, tuple)) or not v:
        return "a table of card facets"
    for k, x in v.items() if isinstance(v, dict) else v:
        f = FACETS.get(k)
        if f is None or f.card is None or k == "except":
            return f"{k!r} is not a card facet"
        problem = f.check(x)
        if problem:
            return f"{k} = {x!r}: {problem}"
    return ""


def _facets() -> dict[str, Facet]:
    fs = (
        Facet("zone", "redemption.lang.facet.zone", "where the cards are", _one_of(*ZONE_WORDS), where=True),
        Facet("owner", "redemption.lang.facet.owner", "whose they are", _one_of(*OWNERS), where=True),
        Facet(
            "type",
            "redemption.lang.facet.type",
            "card type",
            _one_of(*CARD_TYPES, *TYPE_GROUPS),
            card=_type_test,
        ),
        Facet(
            "alignment",
            "redemption.lang.facet.alignment",
            "good, evil or neutral (a list: any of them)",
            _one_of(*ALIGNMENTS),
            card=lambda c, v: c.alignment == v if isinstance(v, str) else c.alignment in v,
        ),
        Facet(
            "brigade",
            "redemption.lang.facet.brigade",
            "brigade (a list: any of them)",
            _text_or_list,
            card=lambda c, v: (v in c.brigade_set) if isinstance(v, str) else not c.brigade_set.isdisjoint(v),
        ),
        Facet(
            "except_type",
            "redemption.lang.facet.except_type",
            "not of this card type ('all cards except Lost Souls')",
            _one_of(*CARD_TYPES, *TYPE_GROUPS),
            card=lambda c, v: not _type_test(c, v),
        ),
        Facet(
            "except_kind",
            "redemption.lang.facet.except_kind",
            "not of this kind ('an opposing card in battle except a human')",
            _one_of(*KINDS),
            card=lambda c, v: v not in c.identifiers,
        ),
        Facet("class", "redemption.lang.facet.class", "class", _one_of(*CLASSES), card=lambda c, v: v in c.classes),
        Facet(
            "testament",
            "redemption.lang.facet.testament",
            "Old or New Testament (from the reference)",
            _one_of("OT", "NT"),
            card=lambda c, v: testament_of(c.reference) == v,
        ),
        Facet(
            "gender",
            "redemption.lang.facet.gender",
            "male or female (an identifier)",
            _one_of(*GENDERS),
            card=lambda c, v: v in c.identifiers,
        ),
        Facet(
            "kind",
            "redemption.lang.facet.kind",
            "human, angel, demon or animal (an identifier)",
            _one_of(*KINDS),
            card=lambda c, v: v in c.identifiers,
        ),
        Facet(
            "identifier",
            "redemption.lang.facet.identifier",
            "an identifier (king, priest, ...)",
            _text,
            card=lambda c, v: v in c.identifiers,
        ),
        Facet(
            "identifier_word",
            "redemption.lang.facet.identifier_word",
            "a word of an identifier ('egyptian' in 'egyptian king', 'priest' in 'tabernacle priest')",
            _text,
            card=lambda c, v: any(re.search(rf"\b{re.escape(v.lower())}\b", i.lower()) for i in c.identifiers),
        ),
        Facet(
            "book",
            "redemption.lang.facet.book",
            "the reference's book (a list: any of them)",
            _text_or_list,
            card=lambda c, v: book_of(c.reference) == v if isinstance(v, str) else book_of(c.reference) in v,
        ),
        Facet("name", "redemption.lang.facet.name", "the exact title", _text, card=lambda c, v: c.name == v),
        Facet(
            "title",
            "redemption.lang.facet.title",
            "a word or words in the title (a list: any of them)",
            _text_or_list,
            card=lambda c, v: (
                v.lower() in c.name.lower() if isinstance(v, str) else any(x.lower() in c.name.lower() for x in v)
            ),
        ),
        Facet(
            "strength",
            "redemption.lang.facet.numbers",
            "printed strength compared",
            _cmp_check,
            card=lambda c, v: compare(c.strength, v),
        ),
        Facet(
            "toughness",
            "redemption.lang.facet.numbers",
            "printed toughness compared",
            _cmp_check,
            card=lambda c, v: compare(c.toughness, v),
        ),
        Facet(
            "strength_now",
            "redemption.lang.facet.numbers_now",
            "a character's strength now compared (with what changes it)",
            _cmp_check,
            state=lambda t, p, c, v: compare(t.char_numbers(c)[0] if t.cd[c].is_character else t.cd[c].strength, v),
        ),
        Facet(
            "toughness_now",
            "redemption.lang.facet.numbers_now",
            "a character's toughness now compared (with what changes it)",
            _cmp_check,
            state=lambda t, p, c, v: compare(t.char_numbers(c)[1] if t.cd[c].is_character else t.cd[c].toughness, v),
        ),
        Facet(
            "in_battle",
            "redemption.lang.facet.in_battle",
            "in the battle under way (or not)",
            _flag,
            state=lambda t, p, c, v: (t.loc[c][1] == "field_of_battle") == v,
        ),
        Facet(
            "last",
            "redemption.lang.facet.last",
            "the last card of its type played in this battle (or not)",
            _flag,
            state=_last_played,
        ),
        Facet(
            "base_name",
            "redemption.lang.facet.base_name",
            "the card's name without its printing tag ('Peter' for 'Peter (EC)')",
            _text,
            card=lambda c, v: _untagged(c.name).casefold() == v.casefold(),
        ),
        Facet("random", "redemption.lang.facet.random", "one of the cards that fit, at random", _flag),
        Facet(
            "ability",
            "redemption.lang.facet.ability",
            "a card with an ability of this verb (a list: any of them): 'capture abilities'",
            _text_or_list,
            card=_has_verb,
        ),
        # read by the verb that plays a card on a character (play_from_discard), which knows the character
        Facet(
            "fits_host",
            "redemption.lang.facet.fits_host",
            "an enhancement the character it is played on may use (alignment and brigade: redemption.battle.brigade)",
            _flag,
        ),
        Facet(
            "occupied",
            "redemption.lang.facet.occupied",
            "a site or fortress holding a card (or not)",
            _flag,
            state=lambda t, p, c, v: (c in t.attached.values()) == v,
        ),
        Facet(
            "face_up",
            "redemption.lang.facet.face_up",
            "face up: an artifact that is active (or not)",
            _flag,
            state=lambda t, p, c, v: (c in t.face_up) == v,
        ),
        # the Starter I and J decks' facets
        Facet(
            "generic",
            "redemption.lang.facet.generic",
            "a generic character (the card file's identifier Generic), or not",
            _flag,
            card=lambda c, v: ("generic" in c.identifiers) == v,
        ),
        Facet(
            "no_ability",
            "redemption.lang.facet.no_ability",
            "a card with no special ability (nothing scripted), or not",
            _flag,
            card=lambda c, v: (not c.abilities) == v,
        ),
        # pool2: "(except good Revelation cards)": the cards that fit every facet of its table are left out
        Facet(
            "except",
            "redemption.lang.facet.except",
            "not a card that fits this table of card facets ('except good Revelation cards')",
            _except_check,
            card=lambda c, v: not matches(c, v),
        ),
        Facet(
            "blocking",
            "redemption.lang.facet.blocking",
            "on the blocking side of the battle (or not)",
            _flag,
            state=_blocking,
        ),
    )
    return {f.name: f for f in fs}


#: every selector facet by name
FACETS: dict[str, Facet] = _facets()
#: the facets a card alone decides (the old five and the rest): the ones ``matches`` reads
CARD_FACETS = frozenset(n for n, f in FACETS.items() if f.card is not None)


def matches(card: Card, flt: tuple[tuple[str, Any], ...] | Mapping[str, Any]) -> bool:
    """Does ``card`` fit every card facet of a filter (facets about where it is are :func:`select`'s)?"""
    items = flt if isinstance(flt, tuple) else flt.items()  # not isinstance(flt, Mapping): an ABC's check is a call
    for k, v in items:
        test = FACETS[k].card
        if test is not None and not test(card, v):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Selector:
    """Which cards an effect may take: facets (sorted (name, value) pairs) and how many (``most``; ``up_to``:
    any number from none to ``most``)."""

    facets: tuple[tuple[str, Any], ...] = ()
    most: int = 1
    up_to: bool = False
    #: every card that fits, none chosen ("all O.T. Heroes in play")
    every: bool = False
    #: derived: the card facets (the old ``filter``), the zones and owner to look in, the state tests
    card: tuple[tuple[str, Any], ...] = field(init=False, compare=False)
    zones: tuple[str, ...] = field(init=False, compare=False)
    owner: str = field(init=False, compare=False)
    states: tuple[tuple[StateTest, Any], ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        d = dict(self.facets)
        object.__setattr__(self, "card", tuple((k, v) for k, v in self.facets if FACETS[k].card is not None))
        z = d.get("zone", ())
        object.__setattr__(self, "zones", tuple(z) if isinstance(z, (list, tuple)) else (z,))
        object.__setattr__(self, "owner", d.get("owner", "any"))
        tests = []
        for k, v in self.facets:
            st = FACETS[k].state
            if st is not None:
                tests.append((st, v))
        object.__setattr__(self, "states", tuple(tests))

    def get(self, facet: str, default: Any = None) -> Any:
        for k, v in self.facets:
            if k == facet:
                return v
        return default


def first_round(t: Table) -> bool:
    """The opening hands and the first round of play (the setup, then turns 1 to one per seat): no card leaves any
    Reserve then (redemption.reserve.access)."""
    return t.s.turn <= len(t.z)


def select(t: Table, p: int, sel: Selector, skip: Callable[[str], bool] | None = None) -> list[str]:
    """The cards a selector takes for player p, in a fixed order: owners as the selector says (``opponents`` and
    ``any``: the others in turn order from p's left, ``any`` then p), zones in the order written; a card sitting
    on or in another card is left out where the zone says so (in territory, in battle). ``skip``: what the verb
    leaves out besides. A Reserve's cards are taken only from the second round on (:func:`first_round`)."""
    o = sel.owner
    owners = (
        [p]
        if o == "you"
        else [t.opponent(p)]
        if o == "opponent"
        else t.others(p)
        if o == "opponents"
        else t.others(p) + [p]
    )
    cd, att, card, states = t.cd, t.attached, sel.card, sel.states
    out = []
    for q in owners:
        zq = t.z[q]
        for word in sel.zones:
            zones, no_attached = ZONE_WORDS[word]
            if word == "reserve" and first_round(t):  # nothing is taken out of a Reserve yet
                continue
            for zone in zones:
                for c in zq[zone]:  # type: ignore[index]  # the zone words name zones
                    if no_attached and c in att:
                        continue
                    if card and not matches(as_played(t, c) if c in att else cd[c], card):
                        continue
                    if states and not all(st(t, p, c, v) for st, v in states):
                        continue
                    if skip is not None and skip(c):
                        continue
                    out.append(c)
    return out


# --- triggers, conditions, costs, durations, riders ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Word:
    """One word of a registry: its name, its ``rules.md`` section and what it means."""

    name: str
    rule: str
    summary: str


def _words(kind: str, *entries: tuple[str, str]) -> dict[str, Word]:
    return {n: Word(n, f"redemption.lang.{kind}.{n}", s) for n, s in entries}


#: when an ability works (the engine runs each at its moment: rules.redemption.play and battle)
TRIGGERS = _words(
    "trigger",
    ("played", "when the card is played (an enhancement on a character in battle; a Dominant)"),
    ("enters_battle", "when the character enters battle (attacking, blocking, banded in)"),
    ("upkeep", "in each of its owner's Upkeep phases while the artifact is face up"),
    ("activate", "when the artifact is activated"),
    ("while_in_play", "all the time while the card is in play (a passive ability the rules read where they apply)"),
    ("successful_rescue", "when the character is on the Hero side of a rescue attempt that succeeds"),
    ("wins_battle", "when the character is on the side that wins a battle (the other side is defeated, it is not)"),
    ("about_to_be_discarded", "when the character in play is about to be discarded (what it does may replace it)"),
    ("put_in_site", "when its player puts the Lost Soul into a site"),
    ("rescued", "when the Lost Soul is rescued (by a battle or an ability); its player: the one it was rescued from"),
    (
        "put_in_play",
        "when the card is put in play: a Lost Soul drawn or played into a Land of Bondage, a fortress put into territory",
    ),
    (
        "lone_attack",
        "while the card is in its player's territory: when a lone Hero of theirs attacks (its condition: which)",
    ),
    # the block (REG 5.0 *Ability Activation Order*): a blocker's own abilities as it blocks, a Hero's after
    ("blocking", "when the character enters battle on the blocking side (it blocks, or is banded in to the blocker)"),
    (
        "blocked",
        "when an Evil Character blocks the character (it is in battle on the attacking side): after the blocker's",
    ),
)
# --- conditions: what must hold for an ability to work ----------------------------------------------------------
#: (table, the ability's player, the character it is used by (the card itself when it is a character), value)
Holds = Callable[["Table", int, str, Any], bool]


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition word: ``read`` turns the value written in card data into what ``holds`` reads (a one-line
    problem raised as :class:`LanguageError` by the reader), ``holds`` checks it through the Table when the ability
    would work, ``text`` says it to a player."""

    name: str
    rule: str
    summary: str
    read: Callable[[str, Any], Any]
    holds: Holds
    text: Callable[[Any], str]


def _count_in(t: Table, q: int, zone: str, card: tuple[tuple[str, Any], ...]) -> int:
    zones, no_attached = ZONE_WORDS[zone]
    att, cd = t.attached, t.cd
    n = 0
    for z in zones:
        for c in t.z[q][z]:  # type: ignore[index]  # the zone words name zones
            if not (no_attached and c in att) and matches(cd[c], card):
                n += 1
    return n


def _read_cards(key: str, v: Any) -> Selector:
    """A condition's table of card facets (where-facets are the condition's own business)."""
    sel = _selector(key, v)
    if any(FACETS[k].card is None for k, _ in sel.facets):
        raise LanguageError(f"card {key}: a condition's cards are described by card facets only, not {v!r}")
    return sel


def _read_flag(key: str, v: Any) -> bool:
    if v is not True:
        raise LanguageError(f"card {key}: this condition is written = true, not {v!r}")
    return True


def _read_name(key: str, v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise LanguageError(f"card {key}: this condition names a card title, not {v!r}")
    return v


def _read_unless(key: str, v: Any) -> tuple[tuple[str, Any], ...]:
    if not isinstance(v, dict) or not v or "unless" in v:
        raise LanguageError(f"card {key}: 'unless' is a table of other conditions, not {v!r}")
    return read_condition(key, v)


def _used_by(t: Table, p: int, host: str, v: Selector) -> bool:
    return bool(host) and matches(t.cd[host], v.card)


def _site_in_play(t: Table, p: int, host: str, v: str) -> bool:
    cd = t.cd
    return any(cd[c].type == "site" and v in (cd[c].name, _untagged(cd[c].name)) for z in t.z for c in z["territory"])


def _opponent_more_cards(t: Table, p: int, host: str, v: bool) -> bool:
    """An opponent (any other player, as the REG's *Opponent* reads "an opponent") holds more cards than p."""
    mine = len(t.z[p]["hand"])
    return any(len(t.z[q]["hand"]) > mine for q in t.others(p))


def _most_in_territory(t: Table, p: int, host: str, v: Selector) -> bool:
    mine = _count_in(t, p, "territory", v.card)
    return all(mine > _count_in(t, q, "territory", v.card) for q in t.others(p))


def _you_control(t: Table, p: int, host: str, v: Selector) -> bool:
    """Does p have a card that fits in play (territory, battle, artifact pile; not one inside a fortress)?"""
    return _count_in(t, p, "in_play", v.card) > 0


def _another_in_play(t: Table, p: int, host: str, v: Selector) -> bool:
    """Is a card in play (any player's territory, battle or artifact pile; not one inside a fortress) one that fits,
    other than ``host`` (redemption.lang.condition.another_in_play)?"""
    zones, _ = ZONE_WORDS["in_play"]
    att, cd = t.attached, t.cd
    return any(
        c != host and c not in att and matches(cd[c], v.card)
        for q in range(len(t.z))
        for z in zones
        for c in t.z[q][z]  # type: ignore[index]  # the zone words name zones
    )


def _blocked_by(t: Table, p: int, host: str, v: Selector) -> bool:
    """Is a character on the blocking side of the battle under way one that fits (redemption.lang.condition.blocked_by)?"""
    b = t.b
    return bool(b.kind) and any(matches(t.cd[c], v.card) for c in t.battle_chars(b.defender))


#: the noun of a condition's cards by their type, where _cards_words has none
_NOUNS = {"lost_soul": "Lost Soul", "artifact": "Artifact", "site": "Site", "fortress": "Fortress"}


def _opponent_has(t: Table, p: int, host: str, v: Selector) -> bool:
    """Has p's opponent (``Table.opponent``: the one an ability that names "your opponent" reads) a card that fits in
    play: territory, battle, artifact pile, Land of Bondage, a site (redemption.lang.condition.opponent_has)?"""
    q = t.opponent(p)
    return any(_count_in(t, q, z, v.card) for z in ("in_play", "land_of_bondage", "in_site"))


def _read_count(key: str, v: Any) -> tuple[Selector, str]:
    """A count of cards: a table of card facets with ``count``, a comparison ('>=2')."""
    if not isinstance(v, dict) or "count" not in v or _cmp_check(v["count"]):
        raise LanguageError(f"card {key}: this condition is a table of card facets with count = '>=N', not {v!r}")
    rest = {k: x for k, x in v.items() if k != "count"}
    return _read_cards(key, rest), v["count"]


def _in_battle_count(t: Table, p: int, host: str, v: tuple[Selector, str]) -> bool:
    """How many characters that fit are in the battle under way, on both sides (ignored ones too: they are in it)."""
    sel, spec = v
    if not t.in_battle():
        return False
    cd = t.cd
    n = sum(1 for q in range(len(t.z)) for c in t.battle_chars(q) if matches(cd[c], sel.card))
    return compare(n, spec)


def _count_words(v: tuple[Selector, str]) -> str:
    sel, spec = v
    if spec == "=1":  # "if alone"
        return f"if there is exactly one {_cards_words(sel, 'character')} in battle"
    op, n = spec.rstrip("0123456789"), spec[len(spec.rstrip("0123456789")) :]
    if (op, n) == (">=", "1"):
        return f"if there is {_a(_cards_words(sel, 'character'))} in battle"
    many = {">=": f"{n} or more", "<=": f"{n} or fewer", ">": f"more than {n}", "<": f"fewer than {n}"}.get(op, n)
    return f"if there are {many} {_cards_words(sel, 'character', plural=True)} in battle"


def _cards_words(v: Selector, noun: str = "character", plural: bool = False) -> str:
    d = dict(v.facets)
    words = [str(d[k]) for k in ("testament", "gender", "kind", "brigade", "identifier_word", "book") if k in d]
    if "class" in d:
        words.append(f"{d['class']}-class")
    if "identifier" in d:
        words.append(str(d["identifier"]))
    noun = {"hero": "Hero", "evil_character": "Evil Character"}.get(str(d.get("type", "")), noun)
    if "name" in d:
        noun = str(d["name"])
    if "base_name" in d:
        noun = str(d["base_name"])
    if plural:
        noun += "es" if noun.endswith("o") else "s"
    if "title" in d:  # a word of the title ("used by a Hero with Deborah in its title")
        title = d["title"]
        noun += f" with {title if isinstance(title, str) else ' or '.join(title)} in {'their titles' if plural else 'its title'}"
    if d.get("no_ability"):
        noun += " with no special ability"
    return " ".join(words + [noun])


def _a(text: str) -> str:
    """``text`` after its indefinite article ("an Evil Character", "a Hero")."""
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def _conditions() -> dict[str, Condition]:
    cs = (
        Condition(
            "used_by",
            "redemption.lang.condition.used_by",
            "the character it is used by fits",
            _read_cards,
            _used_by,
            lambda v: f"if used by {_a(_cards_words(v))}",
        ),
        Condition(
            "site_in_play",
            "redemption.lang.condition.site_in_play",
            "a site of that title is in play",
            _read_name,
            _site_in_play,
            lambda v: f"if {v} is in play",
        ),
        Condition(
            "opponent_more_cards",
            "redemption.lang.condition.opponent_more_cards",
            "an opponent holds more cards than you",
            _read_flag,
            _opponent_more_cards,
            lambda v: "if an opponent has more cards in hand than you",
        ),
        Condition(
            "most_in_territory",
            "redemption.lang.condition.most_in_territory",
            "you have more such cards in territory than every other player (a tie: nobody)",
            _read_cards,
            _most_in_territory,
            lambda v: f"if you have the most {_cards_words(v, 'character', plural=True)} in territory",
        ),
        Condition(
            "once_per_game",
            "redemption.lang.condition.once_per_game",
            "the card's ability has not been used yet this game",
            _read_flag,
            lambda t, p, host, v: host not in t.s.used,
            lambda v: "once per game",
        ),
        Condition(
            "you_control",
            "redemption.lang.condition.you_control",
            "you have a card that fits in play",
            _read_cards,
            _you_control,
            lambda v: f"if you control {_a(_cards_words(v))}",
        ),
        Condition(
            "opponent_has",
            "redemption.lang.condition.opponent_has",
            "your opponent has a card that fits in play (a Lost Soul: in a Land of Bondage or a site)",
            _read_cards,
            _opponent_has,
            lambda v: f"if your opponent has {_a(_cards_words(v, _NOUNS.get(str(v.get('type', '')), 'card')))} in play",
        ),
        Condition(
            "in_battle_count",
            "redemption.lang.condition.in_battle_count",
            "that many characters that fit are in the battle under way",
            _read_count,
            _in_battle_count,
            _count_words,
        ),
        Condition(
            "you_in_battle",
            "redemption.lang.condition.you_in_battle",
            "one of your characters in the battle under way fits",
            _read_cards,
            lambda t, p, host, v: bool(t.b.kind) and any(matches(t.cd[c], v.card) for c in t.battle_chars(p)),
            lambda v: f"if you have {_a(_cards_words(v))} in battle",
        ),
        Condition(
            "another_in_play",
            "redemption.lang.condition.another_in_play",
            "a card in play that fits, other than the card whose ability it is (any player's)",
            _read_cards,
            _another_in_play,
            lambda v: f"if another {_cards_words(v)} is in play",
        ),
        Condition(
            "blocked_by",
            "redemption.lang.condition.blocked_by",
            "a character on the blocking side of the battle under way fits",
            _read_cards,
            _blocked_by,
            lambda v: f"if blocked by {_a(_cards_words(v))}",
        ),
        Condition(
            "unless",
            "redemption.lang.condition.unless",
            "the conditions in it do not all hold",
            _read_unless,
            lambda t, p, host, v: not condition_holds(t, p, host, v),
            lambda v: "unless " + " and ".join(CONDITIONS[k].text(x)[3:] for k, x in v),
        ),
    )
    return {c.name: c for c in cs}


#: what must hold for an ability to work; each is checked when the ability would work
CONDITIONS: dict[str, Condition] = _conditions()


def read_condition(key: str, cond: Any) -> tuple[tuple[str, Any], ...]:
    """A condition table from card data, each word known and its value read (sorted (word, value) pairs)."""
    if not isinstance(cond, dict):
        raise LanguageError(f"card {key}: a condition is a table, not {cond!r}")
    out = []
    for c, v in cond.items():
        _known(key, "condition", c, CONDITIONS)
        out.append((c, CONDITIONS[c].read(key, v)))
    return tuple(sorted(out, key=lambda kv: kv[0]))


def condition_holds(t: Table, p: int, host: str, cond: tuple[tuple[str, Any], ...]) -> bool:
    """Does every condition of an ability hold now, for player p using it with character host?"""
    return all(CONDITIONS[c].holds(t, p, host, v) for c, v in cond)


def condition_text(cond: tuple[tuple[str, Any], ...]) -> str:
    """The conditions in words ("if used by a warrior-class Hero"), "" for none."""
    return " and ".join(CONDITIONS[c].text(v) for c, v in cond)


# --- costs: what an ability's player pays before its effects (redemption.lang.cost) --------------------------------
@dataclass(frozen=True, slots=True)
class Cost:
    """One cost word: ``payable`` says whether player p can pay it for card src now, ``pay`` pays it (before the
    ability's effects; nothing ever gives it back), ``text`` says it to a player."""

    name: str
    rule: str
    summary: str
    payable: Callable[[Table, int, str], bool]
    pay: Callable[[Table, int, str, list[Any]], None]
    text: str


#: where a card of its player's can be discarded from to pay for its own ability: in play, or its artifact pile
_SELF_PAYABLE_FROM = frozenset(("territory", "field_of_battle", "in_fortress", "set_aside", "artifact_pile"))


def _discard_this_payable(t: Table, p: int, src: str) -> bool:
    where = t.loc.get(src)
    return where is not None and where[0] == p and where[1] in _SELF_PAYABLE_FROM


def _discard_this_pay(t: Table, p: int, src: str, events: list[Any]) -> None:
    t._to_discard(src, events, " to pay for its ability", "redemption.lang.cost.discard_this")


#: what an ability's player pays first (redemption.lang.cost)
COSTS: dict[str, Cost] = {
    c.name: c
    for c in (
        Cost(
            "discard_this",
            "redemption.lang.cost.discard_this",
            "the card whose ability it is goes to its owner's discard pile (from play or the artifact pile)",
            _discard_this_payable,
            _discard_this_pay,
            "discard this card to",
        ),
    )
}


#: the triggers whose abilities may have a cost: the engine pays it there, before the effects (redemption.lang.cost)
COST_TRIGGERS = ("activate",)


def cost_payable(t: Table, p: int, src: str, cost: str) -> bool:
    """Can player p pay this cost (``""``: none) for card src's ability now (redemption.lang.cost)?"""
    return not cost or COSTS[cost].payable(t, p, src)


def pay_cost(t: Table, p: int, src: str, cost: str, events: list[Any]) -> bool:
    """Pay the cost of card src's ability before its effects: False (and nothing paid) when it cannot be paid, and
    then none of the ability happens (redemption.lang.cost)."""
    if not cost:
        return True
    if not COSTS[cost].payable(t, p, src):
        return False
    COSTS[cost].pay(t, p, src, events)
    return True


#: how long what an effect does lasts
DURATIONS = _words(
    "duration",
    ("instant", "done at once; nothing lasts"),
    ("battle", "until the battle under way ends"),
    ("while_in_play", "while the card is in play"),
    ("end_of_turn", "until the end of the turn under way"),
    ("turns", "for N turns: until the Upkeep of its player's N-th turn from now (the effect's 'turns' says N)"),
)
#: what else an effect says about itself
RIDERS = _words(
    "rider",
    ("cannot_be_negated", "no negate ability stops it"),
    ("cannot_be_interrupted", "no interrupt stops it: no special initiative answers it"),
    ("cannot_be_prevented", "no prevent stops it: an opposing prevent_band does not stop its band"),
    ("regardless_of_immunity", "it reaches its targets even when they are immune"),
)


# --- the tree -------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Act:
    """One effect of an ability: a verb with its selector, number, duration and riders."""

    verb: str
    select: Selector = Selector()
    n: int = 0
    duration: str = "instant"
    riders: tuple[str, ...] = ()
    #: N/N for the verbs that change numbers (gain, lose; set_aside_for's bonus on return)
    strength: int = 0
    toughness: int = 0
    #: N for the duration ``turns`` and for set_aside_for
    turns: int = 0
    #: where ``return`` puts its cards: territory, hand or deck (the top of the draw pile); ``exchange``: "battle"
    #: when the card taken may go into battle instead of the hand
    to: str = ""
    #: the brigade ``convert`` makes its Hero ("" : the brigade of the card that converts)
    brigade: str = ""
    #: riders that hold only sometimes: (rider, the condition it holds under, the card facets of the cards it stands
    #: against or () for any; "by a good card" is (("alignment", "good"),)): "cannot be negated by a good card if the
    #: Egypt site is in play", "cannot be negated by a N.T. card"
    rider_if: tuple[tuple[str, tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...]], ...] = ()
    #: the verb a ``prevent_abilities`` leaves alone ("except banding": band)
    keep: str = ""
    #: ``protect_from`` and ``protect_discard``: the card facets of the cards the protection stands against ("from evil enhancements")
    against: tuple[tuple[str, Any], ...] = ()
    #: a condition of this effect alone ("If used by a Philistine, you may play an enhancement"), read as it would
    #: happen; the ability's other effects happen anyway (redemption.lang.condition.effect)
    condition: tuple[tuple[str, Any], ...] = ()

    @property
    def filter(self) -> tuple[tuple[str, Any], ...]:
        """The selector's card facets (what ``matches`` reads)."""
        return self.select.card

    @property
    def card_type(self) -> str:
        return str(self.select.get("type", ""))


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card: when (``trigger``), if (``condition``), at what cost, and its effects in order.

    ``effect``, ``n``, ``filter``, ``card_type`` and ``when`` are read from the first effect for the rules that
    ask a card what it does (``Card.has``): its verb, number, card facets, type facet and trigger (the first effect
    after a leading ``interrupt_battle``, which says when the rest happens, not what)."""

    trigger: str
    acts: tuple[Act, ...]
    condition: tuple[tuple[str, Any], ...] = ()
    cost: str = ""
    #: its two effects are alternatives: its player chooses one when it works (redemption.lang.choose_one)
    choose_one: bool = False
    #: "you may ...": its player is asked first whether to use it at all; no, and none of it happens (redemption.lang.may)
    may: bool = False
    effect: str = field(init=False, compare=False)
    n: int = field(init=False, compare=False)
    filter: tuple[tuple[str, Any], ...] = field(init=False, compare=False)
    card_type: str = field(init=False, compare=False)
    when: str = field(init=False, compare=False)
    riders: frozenset[str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        # what the card does is read past a leading "interrupt the battle" (redemption.effect.interrupt_battle)
        first = next((a for a in self.acts if a.verb != "interrupt_battle"), self.acts[0])
        object.__setattr__(self, "effect", first.verb)
        object.__setattr__(self, "n", first.n)
        object.__setattr__(self, "filter", first.select.card)
        object.__setattr__(self, "card_type", first.select.get("type", ""))
        object.__setattr__(self, "when", self.trigger if self.trigger in ("upkeep", "activate") else "")
        object.__setattr__(self, "riders", frozenset(r for a in self.acts for r in a.riders))

    def filter_dict(self) -> dict[str, Any]:
        return dict(self.filter)


class LanguageError(ValueError):
    """Card data the language cannot read: one line naming the card and the word."""


def _known(key: str, kind: str, word: Any, registry: Mapping[str, object]) -> str:
    if not isinstance(word, str) or word not in registry:
        known = ", ".join(registry) or "none yet"
        raise LanguageError(f"card {key}: unknown {kind} {word!r} (the {kind}s are {known})")
    return word


def _selector(key: str, d: Any) -> Selector:
    if not isinstance(d, dict):
        raise LanguageError(f"card {key}: a selector is a table of facets, not {d!r}")
    most, up_to, every = 1, False, False
    facets = []
    for k, v in d.items():
        if k == "all":
            if v is not True:
                raise LanguageError(f"card {key}: 'all' is written all = true, not {v!r}")
            every = True
            continue
        if k == "up_to":
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise LanguageError(f"card {key}: 'up_to' is a count of 1 or more, not {v!r}")
            most, up_to = v, True
            continue
        f = FACETS.get(k)
        if f is None:
            raise LanguageError(f"card {key}: unknown facet {k!r} (the facets are {', '.join(FACETS)}, up_to)")
        problem = f.check(v)
        if problem:
            raise LanguageError(f"card {key}: facet {k} = {v!r}: {problem}")
        if k == "except":  # a table of card facets, kept as sorted (name, value) pairs (redemption.lang.facet.except)
            v = tuple(sorted((kk, tuple(x) if isinstance(x, list) else x) for kk, x in v.items()))
        facets.append((k, tuple(v) if isinstance(v, list) else v))
    if every and up_to:
        raise LanguageError(f"card {key}: a selector takes 'all' or 'up_to', not both")
    return Selector(tuple(sorted(facets)), most, up_to, every)


ACT_KEYS = (
    "verb",
    "select",
    "n",
    "duration",
    "riders",
    "strength",
    "toughness",
    "turns",
    "to",
    "brigade",
    "keep",
    "against",
    "condition",
)
#: where ``return`` may put a card
RETURN_TO = ("territory", "hand", "deck")
#: the triggers a "you may" ability goes with (redemption.lang.may)
MAY_TRIGGERS = ("played", "enters_battle", "blocking", "blocked")
#: the moments an ability works with no move that names a target (a Lost Soul rescued, put in a site): an effect that
#: needs a chosen target cannot be in it (it would work on nothing; redemption.lang.trigger.rescued)
NO_TARGET_TRIGGERS = ("rescued", "put_in_site")
ABILITY_KEYS = ("trigger", "condition", "cost", "effects", "choose_one", "may")


def parse_ability(d: Any, key: str, verbs: Mapping[str, object]) -> Ability:
    """One ability from card data; :class:`LanguageError` (one line naming the card and the word) for anything
    the language does not hold."""
    if not isinstance(d, dict):
        raise LanguageError(f"card {key}: an ability is a table, not {d!r}")
    for k in d:
        if k not in ABILITY_KEYS:
            raise LanguageError(f"card {key}: unknown ability key {k!r} (an ability has {', '.join(ABILITY_KEYS)})")
    trigger = _known(key, "trigger", d.get("trigger"), TRIGGERS)
    cond = read_condition(key, d.get("condition", {}))
    cost = d.get("cost", "")
    if cost:
        _known(key, "cost", cost, COSTS)
        if d.get("trigger") not in COST_TRIGGERS:  # redemption.lang.cost: the moments the engine pays a cost at
            trig = d.get("trigger")
            raise LanguageError(f"card {key}: a cost goes with the trigger {', '.join(COST_TRIGGERS)} (not {trig!r})")
    raw = d.get("effects")
    if not isinstance(raw, list) or not raw:
        raise LanguageError(f"card {key}: an ability has a list of one or more effects")
    acts = []
    for e in raw:
        if not isinstance(e, dict):
            raise LanguageError(f"card {key}: an effect is a table, not {e!r}")
        for k in e:
            if k not in ACT_KEYS:
                raise LanguageError(f"card {key}: unknown effect key {k!r} (an effect has {', '.join(ACT_KEYS)})")
        verb = _known(key, "verb", e.get("verb"), verbs)
        if verb in ("choose_one", "may"):
            raise LanguageError(f"card {key}: {verb} is an ability's key ({verb} = true), not an effect's verb")
        if verb == "soul_order":  # the game's own question (redemption.effect.soul_order)
            raise LanguageError(f"card {key}: {verb} is a question the game asks, not an effect's verb")
        if trigger in NO_TARGET_TRIGGERS and getattr(verbs[verb], "needs_target", False):
            raise LanguageError(  # redemption.lang.trigger.rescued: no move names its target
                f"card {key}: {verb} needs a chosen target, and an ability with the trigger {trigger} has none"
            )
        nums = []
        for k in ("n", "strength", "toughness", "turns"):
            x = e.get(k, 0)
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise LanguageError(f"card {key}: {k} is a whole number, not {x!r}")
            nums.append(x)
        n, st, tg, turns = nums
        duration = _known(key, "duration", e.get("duration", "instant"), DURATIONS)
        if (duration == "turns") != (turns > 0) and e["verb"] != "set_aside_for":
            raise LanguageError(f"card {key}: the duration 'turns' goes with turns = N (N of 1 or more)")
        raw_riders = e.get("riders", [])
        if not isinstance(raw_riders, list):
            raise LanguageError(f"card {key}: riders are a list, not {raw_riders!r}")
        riders, rider_if = [], []
        for r in raw_riders:
            if isinstance(r, dict):  # a rider that holds only under a condition, or only against one alignment
                if not set(r) <= {"rider", "condition", "by"} or "rider" not in r:
                    raise LanguageError(f"card {key}: a rider table has rider and optionally condition, by: {r!r}")
                by = r.get("by", "")
                if isinstance(by, dict):  # "by a N.T. card", "by a human Hero": card facets (redemption.lang.rider.by)
                    by_facets = _read_cards(key, by).facets
                elif by and by not in ALIGNMENTS:
                    raise LanguageError(
                        f"card {key}: a rider's 'by' is one of {', '.join(ALIGNMENTS)} or a table of card facets, "
                        f"not {by!r}"
                    )
                else:
                    by_facets = (("alignment", by),) if by else ()
                rider_if.append(
                    (_known(key, "rider", r["rider"], RIDERS), read_condition(key, r.get("condition", {})), by_facets)
                )
            else:
                riders.append(_known(key, "rider", r, RIDERS))
        to, brigade = e.get("to", ""), e.get("brigade", "")
        if verb == "exchange" and to not in ("", "battle"):
            raise LanguageError(f"card {key}: an exchange's 'to' is 'battle' (the card may go into battle), or none")
        if verb != "exchange" and ((verb == "return") != bool(to) or (to and to not in RETURN_TO)):
            raise LanguageError(f"card {key}: 'to' goes with the verb return and is one of {', '.join(RETURN_TO)}")
        if not isinstance(brigade, str) or (brigade and verb != "convert"):
            raise LanguageError(f"card {key}: 'brigade' is a brigade's name and goes with the verb convert")
        acts.append(
            Act(
                verb,
                _selector(key, e.get("select", {})),
                n,
                duration,
                tuple(riders),
                st,
                tg,
                turns,
                to,
                brigade,
                tuple(rider_if),
                _keep(key, verb, e.get("keep", ""), verbs),
                _against(key, verb, e.get("against")),
                read_condition(key, e.get("condition", {})),
            )
        )
    for act in acts:  # the verbs an ``ability`` facet names are verbs of the language
        named = act.select.get("ability", ())
        for v in (named,) if isinstance(named, str) else named:
            _known(key, "verb", v, verbs)
    one = d.get("choose_one", False)
    if not isinstance(one, bool) or (one and len(acts) != 2):
        raise LanguageError(f"card {key}: choose_one = true goes with two effects, the alternatives")
    may = d.get("may", False)
    if not isinstance(may, bool) or (may and (one or trigger not in MAY_TRIGGERS)):
        raise LanguageError(
            f"card {key}: may = true goes with an ability that is played, enters battle, blocks or is blocked, "
            "not choose_one"
        )
    return Ability(trigger, tuple(acts), cond, cost, one, may)


def _against(key: str, verb: str, v: Any) -> tuple[tuple[str, Any], ...]:
    """``against``: what a ``protect_from`` (or a ``protect_discard``) protects from, as card facets; only those verbs
    have it, and they must."""
    if (v is None) != (verb not in ("protect_from", "protect_discard")):
        raise LanguageError(
            f"card {key}: 'against' (the cards it protects from) goes with the verbs protect_from and protect_discard"
        )
    return () if v is None else _read_cards(key, v).facets


def _keep(key: str, verb: str, keep: Any, verbs: Mapping[str, object]) -> str:
    if not keep:
        return ""
    if verb != "prevent_abilities":
        raise LanguageError(f"card {key}: 'keep' goes with the verb prevent_abilities")
    return _known(key, "verb", keep, verbs)


def registries() -> dict[str, Mapping[str, object]]:
    """Every registry of words but the verbs, by kind (for docs and the tests that every word has a section)."""
    return {
        "facet": FACETS,
        "trigger": TRIGGERS,
        "condition": CONDITIONS,
        "cost": COSTS,
        "duration": DURATIONS,
        "rider": RIDERS,
    }
