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

Cards are named as players read them (a card key works too); counts are whole numbers.
The plain-text list players paste into forums is one ``N Card Name`` per line (``Nx`` and
a bare name for one copy are accepted too), blank lines and ``#`` comments ignored, names
matched without regard to case or punctuation. Every problem raises :class:`DeckError`
naming the file (and line) and what is wrong; names from files are data, never markup.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from rules.games import DeckProblem, DeckRules, GameInfo, deck_games, find_game
from saves.store import SaveError as SaveError  # DeckError is one; callers catch either
from saves.store import parse_toml, printable, read_text, remove_file, validate_name, write_atomic

FORMAT = "redemption-tui-deck"
VERSION = 1
SUFFIX = ".toml"
FOLDER = "decks"
MAX_NOTES = 4000
MAX_LINES = 2000
MAX_CARD_NAME = 200  # characters: a real card's name has under 100; matching a name costs with its length
_LINE = re.compile(r"^\s*(?:(\d+)\s*[xX]?\s+)?(.+?)\s*$")


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
    def size(self) -> int:
        return sum(self.cards.values())

    def problems(self) -> list[DeckProblem]:
        return list(self.rules.check(self.keys))

    def copy(self, name: str | None = None) -> Deck:
        return Deck(name or self.name, dict(self.cards), self.notes, self.type, game=self.game)

    def add(self, key: str, n: int = 1) -> None:
        self.cards[key] = self.cards.get(key, 0) + n
        if self.cards[key] <= 0:
            del self.cards[key]


def from_keys(name: str, keys: Iterable[str], notes: str = "", game: str | None = None) -> Deck:
    return Deck(name, dict(Counter(keys)), notes, game=deck_game(game).name)


def bundled_names(game: str | None = None) -> tuple[str, ...]:
    """The labels of the game's bundled decks (names no deck of the player's may take)."""
    return tuple(deck_rules(game).DECKS)


def builtin(label: str, game: str | None = None) -> Deck:
    d = deck_rules(game).DECKS[label]
    deck = from_keys(label, d["cards"], d["name"], game)
    deck.builtin = True
    return deck


def builtins(game: str | None = None) -> list[Deck]:
    return [builtin(label, game) for label in bundled_names(game)]


# --- text ---------------------------------------------------------------------------------------------
def parse_text(text: str, source: str = "<text>", name: str = "", game: str | None = None) -> Deck:
    """A plain-text list (``N Card Name`` lines) as a deck; DeckError names every line it cannot read."""
    rules = deck_rules(game)
    cards: dict[str, int] = {}
    errors = []
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"{printable(source)}: {len(lines)} lines, far more than any deck list; refusing to read it")
    for i, line in enumerate(lines, 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        if len(body) > MAX_CARD_NAME + 16:  # room for a count; the match below costs with the line's length
            errors.append(f"line {i}: {_too_long(body)}")
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
        key = rules.find_card(what)
        if key is None:
            close = rules.suggest(what)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else "; no card has a name like it"
            errors.append(f"line {i}: unknown card {what!r}{hint}")
            continue
        cards[key] = cards.get(key, 0) + count
    if errors:
        more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
        raise DeckError(f"{printable(source)}: " + "; ".join(errors[:3]) + more)
    if not cards:
        raise DeckError(f"{printable(source)}: no cards in it (expected lines like '1 Gideon')")
    return Deck(name or _stem(source), cards, game=deck_game(game).name)


def to_text(deck: Deck) -> str:
    """The plain-text list, grouped by type with comment headings; :func:`parse_text` reads it back."""
    rules = deck.rules
    cards = rules.CARDS
    out = [f"# {deck.name}"]
    if deck.notes:
        out += [f"# {line}" for line in deck.notes.splitlines()]
    for t in rules.CARD_TYPES:
        rows = [(k, n) for k, n in deck.cards.items() if cards[k].type == t]
        if not rows:
            continue
        plural = rules.TYPE_NAMES[t] + ("es" if rules.TYPE_NAMES[t].endswith("o") else "s")
        out += ["", f"# {plural} ({sum(n for _, n in rows)})"]
        out += [f"{n} {cards[k].name}" for k, n in sorted(rows, key=lambda r: str(cards[r[0]].name))]
    return "\n".join(out) + "\n"


# --- TOML ---------------------------------------------------------------------------------------------
def dumps(deck: Deck) -> str:
    doc = {"format": FORMAT, "version": VERSION, "name": deck.name, "type": deck.type}
    if deck.notes:
        doc["notes"] = deck.notes
    cards = deck.rules.CARDS
    doc["cards"] = {cards[k].name: n for k, n in deck.cards.items()}
    return tomli_w.dumps(doc)


def loads(text: str, source: str = "<text>", game: str | None = None) -> Deck:
    """A deck file's text (of ``game``, else of the game its ``type`` says); DeckError names ``source`` and the problem."""

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
    cards: dict[str, int] = {}
    for what, n in raw.items():
        if len(what) > MAX_CARD_NAME:
            raise fail(_too_long(what))
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
            raise fail(f"the count for {what!r} must be a whole number from 1 to 200")
        key = rules.find_card(what)
        if key is None:
            close = rules.suggest(what)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise fail(f"unknown card {what!r}{hint}")
        cards[key] = cards.get(key, 0) + n
    return Deck(name.strip(), cards, notes, kind, game=info.name)


def read_file(path: str | os.PathLike[str], game: str | None = None) -> Deck:
    """A deck from a file: TOML (by its ``.toml`` suffix or its content) or a plain-text list."""
    path = Path(path)
    text = read_text(path)  # SaveError names the file: missing, a folder, too big, not UTF-8
    if path.suffix.lower() == SUFFIX or re.search(r"^\s*(format\s*=|\[cards\])", text, re.M):
        return loads(text, str(path), game)
    return parse_text(text, str(path), game=game)


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


def load(name: str, save_dir: str | os.PathLike[str], game: str | None = None) -> Deck:
    """A deck by name: a bundled one (G or H), or one of the player's own."""
    if name in bundled_names(game):
        return builtin(name, game)
    path = path_for(name, save_dir)
    if not path.exists():
        known = ", ".join(printable(d.name) for d in list_decks(save_dir, game)[0])
        raise DeckError(f"no deck named {name!r} (decks: {known})")
    deck = loads(read_text(path), str(path), deck_game(game).name)
    deck.name = name
    return deck


def delete(name: str, save_dir: str | os.PathLike[str]) -> None:
    remove_file(path_for(name, save_dir), "deck", DeckError)


def rename(old: str, new: str, save_dir: str | os.PathLike[str], game: str | None = None) -> Path:
    deck = load(old, save_dir, game)
    target = path_for(new, save_dir)
    if new in deck.rules.DECKS or target.exists():
        raise DeckError(f"a deck named {new!r} already exists")
    deck.name = new
    path = save(deck, save_dir)
    delete(old, save_dir)
    return path


def list_decks(save_dir: str | os.PathLike[str], game: str | None = None) -> tuple[list[Deck], list[str]]:
    """The game's bundled decks, then the player's own by name; and one line per unreadable deck file."""
    want = deck_game(game).name
    decks, errors = builtins(want), []
    d = folder(save_dir)
    if d.is_dir():
        for path in sorted(d.glob(f"*{SUFFIX}")):
            if path.name.startswith(".") or not path.is_file() or path.is_symlink():
                continue
            try:
                deck = loads(read_text(path), str(path))
                deck.name = path.name[: -len(SUFFIX)]
                if deck.game == want:  # another game's deck is that game's to list
                    decks.append(deck)
            except SaveError as e:
                errors.append(str(e))
    return decks, errors


def resolve(spec: str, save_dir: str | os.PathLike[str], game: str | None = None) -> Deck:
    """A deck named on the command line: a deck name (bundled or your own) or a deck file's path."""
    if spec in bundled_names(game):
        return builtin(spec, game)
    p = Path(spec)
    if ("/" in spec or p.suffix.lower() in (SUFFIX, ".txt")) and p.exists():
        return read_file(p, deck_game(game).name)
    return load(spec, save_dir, game)


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
    """What ``new_game(decks=...)`` takes for this deck: a bundled label, or its name and card keys.

    The game's state then holds every card of both decks, so a save resumes exactly even if the
    deck file changes or is deleted later.
    """
    if deck.builtin:
        return deck.name
    keys = require_legal(deck)
    try:  # the label goes into the game (and its save): a plain name, else "custom"
        label = (
            validate_name(deck.name, "deck name") if deck.name[:1].isascii() and deck.name[:1].isalpha() else "custom"
        )
    except SaveError:
        label = "custom"
    return {"name": label, "cards": keys}
