"""Deck files: a player's own decks, as TOML in the ``decks`` folder of their save folder.

The games played with decks are those whose description (``rules.games``) has deck rules (``GameInfo.decks``):
they say which cards there are, which decks are bundled and which deck types a file may say, and check a list.
A function given no ``game`` works on the first of them; a deck file's ``type`` says whose deck it is.

A deck file::

    format = "redemption-tui-deck"
    version = 1
    name = "Judges with more trumpets"
    type = "type1"
    notes = "optional text"

    [cards]
    "Gideon" = 1
    "Lost Soul: the Wanderer" = 1

    [reserve]
    "Sword of Goliath" = 1

Cards are named as players read them (a card key works too); counts are whole numbers. A card of the
player's imported card file (``saves.cardfile``) is written ``"Name|Set"``, its key there; a deck holding
one is read with that pool (``pool=``). The optional ``[reserve]`` is the deck's Reserve.

The plain-text list players paste into forums is one ``N Card Name`` per line (``N<TAB>Card Name``,
as Land of Redemption exports, ``Nx`` and a bare name for one copy are accepted too), a ``Reserve:``
line starting the Reserve, other ``Heading:`` lines, blank lines and ``#`` comments ignored, names
matched without regard to case or punctuation. A LackeyCCG ``.dek`` file (XML: one
``<card><name id=..>..</name><set>..</set></card>`` per copy in the ``Deck`` superzone and an optional
``Reserve``) is read and written too, its names matched as Lackey matches them (:meth:`Pool.find`).
Every problem raises :class:`DeckError` naming the file (and line) and what is wrong; names from files
are data, never markup.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.parsers import expat

import tomli_w

from rules.games import DeckProblem, DeckRules, GameInfo, deck_games, find_game
from rules.redemption.printed import Pool, Printing, script_for
from saves.store import SaveError as SaveError  # DeckError is one; callers catch either
from saves.store import parse_toml, printable, read_text, remove_file, validate_name, write_atomic

FORMAT = "redemption-tui-deck"
VERSION = 1
SUFFIX = ".toml"
FOLDER = "decks"
MAX_NOTES = 4000
MAX_LINES = 2000
SHOWN_ERRORS = 3  # a list's problems named in its one line; the rest are counted
SHOWN_MISSING = 8  # the cards named that keep a real starter deck back
MAX_CARD_NAME = 200  # characters: a real card's name has under 100; matching a name costs with its length
MAX_DEK_BYTES = 1024 * 1024  # a 154-card .dek is about 15 KB
MAX_DEK_CARDS = 1000
DEK_SUFFIX = ".dek"
OUR_SET = "redemption-tui"  # the set a .dek names our own cards by
_LINE = re.compile(r"^\s*(?:(\d+)\s*[xX]?\s+)?(.+?)\s*$")
_HEADING = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)\s*(?:\(\s*\d+\s*\))?\s*:\s*$")


class DeckError(SaveError):
    """A deck that cannot be read, written or played; the message names the file and the problem."""


def deck_game(game: str | None = None) -> GameInfo:
    """The game ``game`` names (DeckError if it is not played with decks); None: the first game with decks."""
    if game is None:
        return deck_games()[0]
    try:
        info = find_game(game)
    except ValueError as e:
        raise DeckError(str(e)) from None
    if not info.decks:
        raise DeckError(f"{info.title} is played with its own cards: no decks")
    return info


def deck_rules(game: str | None = None) -> DeckRules:
    """The deck rules of ``game`` (see :func:`deck_game`)."""
    return deck_game(game).deck_rules()


def _game_of_type(kind: object) -> GameInfo | None:
    """The game whose deck files say ``type = kind``."""
    return next((g for g in deck_games() if kind in g.deck_rules().TYPES), None)


@dataclass
class Deck:
    name: str
    cards: dict[str, int] = field(default_factory=dict)  # key -> copies, in the order added
    notes: str = ""
    type: str = ""  # one of its game's deck types ("" on creation: the first)
    builtin: bool = False
    game: str = ""  # whose deck it is ("" on creation: the first game with decks)
    reserve: dict[str, int] = field(default_factory=dict)  # the Reserve: key -> copies
    pool: Pool | None = field(default=None, compare=False, repr=False)  # the imported cards its "Name|Set" keys name
    #: the cards a deck file listed under more than one name (a card's old name, found by its image id, beside its
    #: name in the card file): key -> the names, in the file's order (redemption.deck.listed_twice)
    aliases: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.game = self.game or deck_game().name
        self.type = self.type or next(iter(self.rules.TYPES))

    @property
    def rules(self) -> DeckRules:
        return deck_rules(self.game)

    @property
    def keys(self) -> list[str]:
        """One key per copy (the form the engine takes)."""
        return [k for k, n in self.cards.items() for _ in range(n)]

    @property
    def reserve_keys(self) -> list[str]:
        return [k for k, n in self.reserve.items() for _ in range(n)]

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    def card(self, key: str) -> Any:
        """The card a key names: one of the game's own, else a printing of the imported pool."""
        own = self.rules.CARDS.get(key)
        if own is not None:
            return own
        if self.pool is not None and key in self.pool.by_key:
            return self.pool.by_key[key]
        raise DeckError(f"{printable(self.name)}: {key!r} is in no card pool (import the card file again?)")

    def printed(self) -> bool:
        """Whether the deck holds cards of the imported pool."""
        return any(k not in self.rules.CARDS for k in (*self.cards, *self.reserve))

    def problems(self) -> list[DeckProblem]:
        pool = self.pool

        def imported(key: str) -> Any:
            return pool.by_key[key].deck_rules() if pool is not None and key in pool.by_key else None

        return list(self.rules.check(self.keys, self.reserve_keys, imported))

    def alias_notes(self) -> list[str]:
        """One sentence per card the file listed under two or more names (redemption.deck.listed_twice)."""
        out = []
        for k, names in self.aliases.items():
            n = self.cards.get(k, 0) + self.reserve.get(k, 0)
            listed = " and ".join(repr(x) for x in names)
            out.append(
                f"the file lists {self.card(k).name} under {len(names)} names, {listed}: they are one card, "
                f"counted {n} times here (redemption.deck.listed_twice)"
            )
        return out

    def copy(self, name: str | None = None) -> Deck:
        return Deck(
            name or self.name,
            dict(self.cards),
            self.notes,
            self.type,
            game=self.game,
            reserve=dict(self.reserve),
            pool=self.pool,
        )

    def add(self, key: str, n: int = 1, reserve: bool = False) -> None:
        zone = self.reserve if reserve else self.cards
        zone[key] = zone.get(key, 0) + n
        if zone[key] <= 0:
            del zone[key]


def from_keys(name: str, keys: Iterable[str], notes: str = "", game: str | None = None) -> Deck:
    return Deck(name, dict(Counter(keys)), notes, game=deck_game(game).name)


def bundled_names(game: str | None = None) -> tuple[str, ...]:
    """The labels of the game's bundled decks (names no deck of the player's may take)."""
    return tuple(deck_rules(game).DECKS)


def pending(game: str | None = None) -> dict[str, Any]:
    """The game's real starter decks not offered yet (label -> {"name", "cards", "missing"}): a deck is offered
    beside the bundled ones once the engine enforces every card in it."""
    return dict(deck_rules(game).PENDING)


def pending_line(label: str, game: str | None = None) -> str:
    """Why a real starter deck is not offered yet, naming the cards not enforced (the first few)."""
    d = pending(game)[label]
    missing = [k.rsplit("|", 1)[0] for k in d["missing"]]
    shown = ", ".join(missing[:SHOWN_MISSING]) + (
        f" and {len(missing) - SHOWN_MISSING} more" if len(missing) > SHOWN_MISSING else ""
    )
    return (
        f"{label} ({d['name']}) is not offered yet: {len(missing)} of its {len(d['cards'])} cards are not enforced "
        f"(the engine has no script for them yet): {shown}"
    )


def builtin(label: str, game: str | None = None) -> Deck:
    d = deck_rules(game).DECKS[label]
    deck = from_keys(label, d["cards"], d["name"], game)
    deck.builtin = True
    return deck


def builtins(game: str | None = None) -> list[Deck]:
    return [builtin(label, game) for label in bundled_names(game)]


# --- names --------------------------------------------------------------------------------------------
def find_key(rules: DeckRules, pool: Pool | None, name: str, set_code: str = "", image: str = "") -> str | None:
    """The key of the card a deck list names: a printing of the imported pool by its exact name (and set), as
    Lackey finds it; else one of the game's own cards; else the pool's looser matches (:meth:`Pool.find`)."""
    if pool is not None and "|" in name and name in pool.by_key:
        return name
    if pool is not None and set_code != OUR_SET:
        exact = pool.exact(name, set_code)
        if exact is not None:
            return exact.key
    own = rules.find_card(name)
    if own is not None:
        return own
    if pool is not None:
        found = pool.find(name, set_code, image)
        if found is not None:
            return found.key
    return None


def unknown_card(rules: DeckRules, pool: Pool | None, name: str, set_code: str = "") -> str:
    """The words for a card no pool has, with the nearest names."""
    close = list(dict.fromkeys((pool.suggest(name) if pool is not None else []) + rules.suggest(name)))[:3]
    where = f" (set {set_code!r})" if set_code and set_code != OUR_SET else ""
    if close:
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?"
    elif pool is None:
        hint = "; no card has a name like it (a card of your card file? 'redemption cards import FILE' imports it)"
    else:
        hint = "; no card has a name like it"
    return f"unknown card {name!r}{where}{hint}"


def _fail_lines(source: str, errors: list[str]) -> DeckError:
    more = f" (and {len(errors) - SHOWN_ERRORS} more)" if len(errors) > SHOWN_ERRORS else ""
    return DeckError(f"{printable(source)}: " + "; ".join(errors[:SHOWN_ERRORS]) + more)


# --- text ---------------------------------------------------------------------------------------------
def parse_text(
    text: str, source: str = "<text>", name: str = "", game: str | None = None, pool: Pool | None = None
) -> Deck:
    """A plain-text list (``N Card Name`` lines, a ``Reserve:`` line) as a deck; DeckError names every line
    it cannot read, with the nearest names for an unknown card."""
    rules = deck_rules(game)
    cards: dict[str, int] = {}
    reserve: dict[str, int] = {}
    zone = cards
    errors = []
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"{printable(source)}: {len(lines)} lines, far more than any deck list; refusing to read it")
    for i, line in enumerate(lines, 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        if len(body) > MAX_CARD_NAME + 16:  # room for a count; the matches below cost with the line's length
            errors.append(f"line {i}: {_too_long(body)}")
            continue
        heading = _HEADING.match(body)
        if heading:  # "Reserve:" starts the Reserve; "Heroes:", "Deck (50):" and the like go back to the deck
            zone = reserve if heading.group(1).strip().lower() == "reserve" else cards
            continue
        m = _LINE.match(body)
        count = int(m.group(1)) if m and m.group(1) else 1
        what = m.group(2) if m else body
        if len(what) > MAX_CARD_NAME:
            errors.append(f"line {i}: {_too_long(what)}")
            continue
        if count < 1 or count > 200:
            errors.append(f"line {i}: {count} copies of {what!r} is not a count a deck can hold")
            continue
        key = find_key(rules, pool, what)
        if key is None:
            errors.append(f"line {i}: {unknown_card(rules, pool, what)}" if len(errors) < SHOWN_ERRORS else "")
            continue
        zone[key] = zone.get(key, 0) + count
    if errors:
        raise _fail_lines(source, errors)
    if not cards:
        raise DeckError(f"{printable(source)}: no cards in it (expected lines like '1 Gideon')")
    return Deck(name or _stem(source), cards, game=deck_game(game).name, reserve=reserve, pool=pool)


def to_text(deck: Deck) -> str:
    """The plain-text list, grouped by type with comment headings, then ``Reserve:``; :func:`parse_text` reads
    it back."""
    rules = deck.rules
    out = [f"# {deck.name}"]
    if deck.notes:
        out += [f"# {line}" for line in deck.notes.splitlines()]
    for t in rules.CARD_TYPES:
        rows = [(k, n) for k, n in deck.cards.items() if deck.card(k).type == t]
        if not rows:
            continue
        plural = rules.TYPE_NAMES[t] + ("es" if rules.TYPE_NAMES[t].endswith("o") else "s")
        out += ["", f"# {plural} ({sum(n for _, n in rows)})"]
        out += [f"{n} {deck.card(k).name}" for k, n in sorted(rows, key=lambda r: str(deck.card(r[0]).name))]
    if deck.reserve:
        out += ["", "Reserve:"]
        out += [f"{n} {deck.card(k).name}" for k, n in deck.reserve.items()]
    return "\n".join(out) + "\n"


# --- LackeyCCG .dek -----------------------------------------------------------------------------------
class _Refused(Exception):
    """What a deck file may not hold (a DTD of its own, an entity): the parse stops at once."""


def _xml(data: bytes, source: str) -> tuple[ET.Element, dict[int, int]]:
    """The root of a small XML file and the line each element starts on, parsed by expat with every entity
    declaration and internal DTD refused: no entity expansion, and no external DTD is ever fetched."""
    if len(data) > MAX_DEK_BYTES:
        raise DeckError(f"{printable(source)}: {len(data)} bytes, far larger than any deck file; refusing to read it")
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[ET.Element] = []
    roots: list[ET.Element] = []
    lines: dict[int, int] = {}

    def start(tag: str, attrs: dict[str, str]) -> None:
        el = ET.Element(tag, attrs)
        el.text = ""
        lines[id(el)] = parser.CurrentLineNumber
        (stack[-1].append(el) if stack else roots.append(el))
        stack.append(el)

    def end(tag: str) -> None:
        stack.pop()

    def text(chars: str) -> None:
        if stack:
            stack[-1].text = (stack[-1].text or "") + chars

    def doctype(name: str, sysid: str | None, pubid: str | None, internal: int) -> None:
        if internal:
            raise _Refused("a DTD inside a deck file is not allowed")

    def entity(*_: object) -> None:
        raise _Refused("entity declarations are not allowed in a deck file")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = lambda *_: 0  # never resolve one (0: an error, not a fetch)
    try:
        parser.Parse(data, True)
    except _Refused as e:
        raise DeckError(f"{printable(source)}: {e}") from None
    except expat.ExpatError as e:
        raise DeckError(f"{printable(source)}: not a deck file (not well-formed XML: {e})") from None
    if not roots:
        raise DeckError(f"{printable(source)}: not a deck file (no XML element in it)")
    return roots[0], lines


def parse_dek(
    data: bytes, source: str = "<deck>", name: str = "", game: str | None = None, pool: Pool | None = None
) -> Deck:
    """A LackeyCCG ``.dek`` file as a deck: its ``Deck`` superzone, and ``Reserve`` if any."""
    rules = deck_rules(game)
    root, lines = _xml(data, source)
    if root.tag != "deck":
        raise DeckError(f"{printable(source)}: not a LackeyCCG deck (the root element is <{root.tag}>, not <deck>)")
    cards: dict[str, int] = {}
    reserve: dict[str, int] = {}
    errors: list[str] = []
    names: dict[str, list[str]] = {}  # key -> the names the file gives it
    count = 0
    for zone_el in root.iter("superzone"):
        zone_name = (zone_el.get("name") or "").strip()
        if zone_name.lower() not in ("deck", "reserve"):
            errors.append(
                f"line {lines.get(id(zone_el), 0)}: unknown superzone {zone_name!r} (expected Deck or Reserve)"
            )
            continue
        zone = reserve if zone_name.lower() == "reserve" else cards
        for card_el in zone_el.iter("card"):
            count += 1
            if count > MAX_DEK_CARDS:
                raise DeckError(f"{printable(source)}: over {MAX_DEK_CARDS} cards, far more than any deck")
            line = lines.get(id(card_el), 0)
            name_el = card_el.find("name")
            what = (name_el.text or "").strip() if name_el is not None else ""
            set_code = (card_el.findtext("set") or "").strip()
            image = (name_el.get("id") or "") if name_el is not None else ""
            if not what:
                errors.append(f"line {line}: a card with no name")
                continue
            if max(len(what), len(set_code), len(image)) > MAX_CARD_NAME:
                errors.append(f"line {line}: {_too_long(max(what, set_code, image, key=len))}")
                continue
            key = find_key(rules, pool, what, set_code, image)
            if key is None:
                # the nearest names cost a fuzzy search of the pool: only for the errors that are shown
                errors.append(
                    f"line {line}: {unknown_card(rules, pool, what, set_code)}" if len(errors) < SHOWN_ERRORS else ""
                )
                continue
            zone[key] = zone.get(key, 0) + 1
            if what not in names.setdefault(key, []):
                names[key].append(what)
    if errors:
        raise _fail_lines(source, errors)
    if not cards:
        raise DeckError(f"{printable(source)}: no cards in its Deck superzone")
    title = (root.findtext("meta/title") or "").strip()
    deck = Deck(name or title[:64] or _stem(source), cards, game=deck_game(game).name, reserve=reserve, pool=pool)
    deck.aliases = {k: v for k, v in names.items() if len(v) > 1}
    return deck


def to_dek(deck: Deck) -> str:
    """The deck as a LackeyCCG ``.dek`` file (our own cards name the set ``redemption-tui``)."""
    root = ET.Element("deck", version="0.8")
    meta = ET.SubElement(root, "meta")
    ET.SubElement(meta, "game").text = "Redemption"
    for zone_name, zone in (("Deck", deck.cards), ("Reserve", deck.reserve)):
        if not zone and zone_name == "Reserve":
            continue
        el = ET.SubElement(root, "superzone", name=zone_name)
        for k, n in zone.items():
            c = deck.card(k)
            printed = isinstance(c, Printing)
            for _ in range(n):
                card_el = ET.SubElement(el, "card")
                ET.SubElement(card_el, "name", id=c.image if printed else k).text = c.name
                ET.SubElement(card_el, "set").text = c.set if printed else OUR_SET
    ET.indent(root, "\t")
    return ET.tostring(root, encoding="unicode") + "\n"


# --- TOML ---------------------------------------------------------------------------------------------
def _names(deck: Deck, zone: dict[str, int]) -> dict[str, int]:
    """A zone as the file writes it: our cards by name, imported printings by their ``Name|Set`` key."""
    out: dict[str, int] = {}
    for k, n in zone.items():
        c = deck.card(k)
        label = k if isinstance(c, Printing) else c.name
        out[label] = out.get(label, 0) + n
    return out


def dumps(deck: Deck) -> str:
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": deck.name, "type": deck.type}
    if deck.notes:
        doc["notes"] = deck.notes
    doc["cards"] = _names(deck, deck.cards)
    if deck.reserve:
        doc["reserve"] = _names(deck, deck.reserve)
    return tomli_w.dumps(doc)


def loads(text: str, source: str = "<text>", game: str | None = None, pool: Pool | None = None) -> Deck:
    """A deck file's text (of ``game``, else of the game its ``type`` says); DeckError names ``source`` and the problem.

    ``pool``: the imported cards that its ``"Name|Set"`` entries name."""

    def fail(problem: str) -> DeckError:
        return DeckError(f"{printable(source)}: {problem}")

    doc = parse_toml(text, fail, "deck file")
    fmt = doc.get("format", FORMAT)
    if fmt != FORMAT:
        raise fail(f"not a deck file (format is {fmt!r}, expected {FORMAT!r})")
    version = doc.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise fail(f"the deck file version {version!r} is not a positive whole number")
    if version > VERSION:
        raise fail(f"the deck file is version {version}, newer than this program understands ({VERSION})")
    name = doc.get("name", _stem(source))
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        raise fail("'name' must be text of 1-64 characters")
    info = deck_game(game) if game is not None or "type" not in doc else _game_of_type(doc["type"])
    known = info.deck_rules().TYPES if info else [t for g in deck_games() for t in g.deck_rules().TYPES]
    kind = doc.get("type", next(iter(known)))
    if info is None or kind not in known:
        raise fail(f"unknown deck type {kind!r} (known: {', '.join(known)})")
    rules = info.deck_rules()
    notes = doc.get("notes", "")
    if not isinstance(notes, str) or len(notes) > MAX_NOTES:
        raise fail(f"'notes' must be text of at most {MAX_NOTES} characters")
    raw = doc.get("cards")
    if isinstance(raw, list) and all(isinstance(k, str) for k in raw):  # the older form: a list of keys
        raw = dict(Counter(raw))
    if not isinstance(raw, dict) or not raw:
        raise fail("'cards' must be a table of card name = number of copies")
    zones: list[dict[str, int]] = []
    for label, table in (("cards", raw), ("reserve", doc.get("reserve", {}))):
        if not isinstance(table, dict):
            raise fail(f"'{label}' must be a table of card name = number of copies")
        zone: dict[str, int] = {}
        for what, n in table.items():
            if len(what) > MAX_CARD_NAME:
                raise fail(_too_long(what))
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
                raise fail(f"the count for {what!r} must be a whole number from 1 to 200")
            if "|" in what:
                if pool is None:
                    raise fail(
                        f"{what!r} is a card of an imported card file, and none is imported ('redemption cards import FILE')"
                    )
                if what not in pool.by_key:
                    card_name, _, set_code = what.rpartition("|")
                    raise fail(
                        f"{what!r} is not in the imported card file: {unknown_card(rules, pool, card_name, set_code)}"
                    )
                key: str | None = what
            else:
                key = rules.find_card(what)
            if key is None:
                close = rules.suggest(what)
                hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
                raise fail(f"unknown card {what!r}{hint}")
            zone[key] = zone.get(key, 0) + n
        zones.append(zone)
    return Deck(name.strip(), zones[0], notes, kind, game=info.name, reserve=zones[1], pool=pool)


def read_file(path: str | os.PathLike[str], game: str | None = None, pool: Pool | None = None) -> Deck:
    """A deck from a file: TOML (by its ``.toml`` suffix or its content), a LackeyCCG ``.dek`` (by its suffix or
    its ``<deck`` root) or a plain-text list."""
    path = Path(path)
    text = read_text(path)  # SaveError names the file: missing, a folder, too big, not UTF-8
    if path.suffix.lower() == DEK_SUFFIX or re.match(r"^\ufeff?\s*<", text):
        return parse_dek(text.encode("utf-8"), str(path), game=game, pool=pool)
    if path.suffix.lower() == SUFFIX or re.search(r"^\s*(format\s*=|\[cards\])", text, re.M):
        return loads(text, str(path), game, pool)
    return parse_text(text, str(path), game=game, pool=pool)


# --- the folder ----------------------------------------------------------------------------------------
def folder(save_dir: str | os.PathLike[str]) -> Path:
    """The player's decks folder: ``decks`` inside their save folder (so per ``--player`` like saves)."""
    return Path(save_dir) / FOLDER


def file_name(name: str) -> str:
    """A deck name as a file name stem: the name itself when it is a valid name, else refused."""
    try:
        return validate_name(name, what="deck name")
    except SaveError as e:
        raise DeckError(str(e)) from None


def path_for(name: str, save_dir: str | os.PathLike[str]) -> Path:
    return folder(save_dir) / f"{file_name(name)}{SUFFIX}"


def save(deck: Deck, save_dir: str | os.PathLike[str]) -> Path:
    if deck.builtin or deck.name in deck.rules.DECKS:
        raise DeckError(f"{deck.name!r} is the name of a bundled deck; save your deck under another name")
    return write_atomic(path_for(deck.name, save_dir), dumps(deck).encode("utf-8"), "the deck")


def load(name: str, save_dir: str | os.PathLike[str], game: str | None = None, pool: Pool | None = None) -> Deck:
    """A deck by name: a bundled one (G or H), or one of the player's own."""
    if name in bundled_names(game):
        return builtin(name, game)
    if name in pending(game):
        raise DeckError(pending_line(name, game))
    path = path_for(name, save_dir)
    if not path.exists():
        known = ", ".join(printable(d.name) for d in list_decks(save_dir, game, pool)[0])
        raise DeckError(f"no deck named {name!r} (decks: {known})")
    deck = loads(read_text(path), str(path), deck_game(game).name, pool)
    deck.name = name
    return deck


def delete(name: str, save_dir: str | os.PathLike[str]) -> None:
    remove_file(path_for(name, save_dir), "deck", DeckError)


def rename(
    old: str, new: str, save_dir: str | os.PathLike[str], game: str | None = None, pool: Pool | None = None
) -> Path:
    deck = load(old, save_dir, game, pool)
    target = path_for(new, save_dir)
    if new in deck.rules.DECKS or target.exists():
        raise DeckError(f"a deck named {new!r} already exists")
    deck.name = new
    path = save(deck, save_dir)
    delete(old, save_dir)
    return path


def list_decks(
    save_dir: str | os.PathLike[str], game: str | None = None, pool: Pool | None = None
) -> tuple[list[Deck], list[str]]:
    """The game's bundled decks, then the player's own by name; and one line per unreadable deck file."""
    want = deck_game(game).name
    decks, errors = builtins(want), []
    d = folder(save_dir)
    if d.is_dir():
        for path in sorted(d.glob(f"*{SUFFIX}")):
            if path.name.startswith(".") or not path.is_file() or path.is_symlink():
                continue
            try:
                deck = loads(read_text(path), str(path), pool=pool)
                deck.name = path.name[: -len(SUFFIX)]
                if deck.game == want:  # another game's deck is that game's to list
                    decks.append(deck)
            except SaveError as e:
                errors.append(str(e))
    return decks, errors


def resolve(spec: str, save_dir: str | os.PathLike[str], game: str | None = None, pool: Pool | None = None) -> Deck:
    """A deck named on the command line: a deck name (bundled or your own) or a deck file's path."""
    if spec in bundled_names(game):
        return builtin(spec, game)
    if spec in pending(game):
        raise DeckError(pending_line(spec, game))
    p = Path(spec)
    if ("/" in spec or p.suffix.lower() in (SUFFIX, ".txt", DEK_SUFFIX)) and p.exists():
        return read_file(p, deck_game(game).name, pool)
    return load(spec, save_dir, game, pool)


def require_legal(deck: Deck, source: str = "") -> list[str]:
    """The deck's keys; DeckError listing every violation with its rule id if it is not legal."""
    problems = deck.problems()
    if problems:
        raise DeckError(
            f"{printable(source or deck.name)}: the deck is not legal: " + "; ".join(str(v) for v in problems)
        )
    return deck.keys


def _too_long(name: str) -> str:
    return f"a card name of {len(name)} characters ({name[:24]!r}...): no card's name has over {MAX_CARD_NAME}"


def _stem(source: str) -> str:
    stem = Path(source).stem if source and not source.startswith("<") else "imported"
    return stem[:64] or "imported"


def for_game(deck: Deck) -> str | dict[str, Any]:
    """What ``new_game(decks=...)`` takes for this deck: a bundled label, or its name and card keys (and its
    Reserve's, when it has one).

    The game's state then holds every card of both decks, so a save resumes exactly even if the
    deck file changes or is deleted later.
    """
    if deck.builtin:
        return deck.name
    require_legal(deck)  # every card enforced, so each printing is one of the engine's own cards
    keys = [k if k in deck.rules.CARDS else script_for(deck.card(k)) or k for k in deck.keys]
    reserve = [k if k in deck.rules.CARDS else script_for(deck.card(k)) or k for k in deck.reserve_keys]
    try:  # the label goes into the game (and its save): a plain name, else "custom"
        label = (
            validate_name(deck.name, "deck name") if deck.name[:1].isascii() and deck.name[:1].isalpha() else "custom"
        )
    except SaveError:
        label = "custom"
    return {"name": label, "cards": keys, "reserve": reserve} if reserve else {"name": label, "cards": keys}
