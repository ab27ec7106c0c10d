"""A Redemption state as plain tables (``to_dict``) and back (``from_dict``), refusing what no game can hold.

The tables are read field by field from the dataclasses of :mod:`rules.redemption.state` (each value must have
its default's kind), so what is left to ``from_dict`` is meaning, rule ``redemption.save.valid``, two levels,
both raising ValueError with one sentence that says what is impossible:

- :func:`position` holds for every state, a hand-built lesson or test position included: each card in exactly
  one zone, Lost Souls only where Lost Souls go, at most one face-up artifact per player, a battle naming only
  cards that can be part of it, a stored score that matches the Land of Redemption, fewer Redeemed Souls than
  it takes to win while the game goes on, the setup before turn 1, an attacker in a battle at its block step.
- :func:`whole_game` holds for a state that a whole game reached from its header, which every save is: each
  player owns exactly the cards of the deck the header names, every card is where its owner's cards can be,
  the turn order, the setup and the hand limit at turn boundaries agree. The save layer calls it through
  ``Game.validate_whole`` (hand-built positions are parts of games and need not pass it).

These are invariants of the state, checked in one pass, not a replay of the history from the seed: a replay
would make every save from an older version of the rules unloadable as soon as the rules change.

Format: version 2 added ``battle.defender`` (the opponent of the battle, for more than two seats) and ``score``;
a version 1 state (no ``format``) is migrated: its defender is the player not taking the turn. Version 3 writes
the two largest tables of a save compactly, since reading them was most of a resumed game's wait (tomllib spends
its time per key and table): ``cards`` as one text per card, ``"ID OWNER KEY"`` in the table's order, and
``fingerprints`` as one text, the fingerprints of the game's card keys in sorted order separated by spaces
(``-`` for a card that has none). Version 4, the form a save holds (:func:`saved_dict`; ``to_dict`` writes
version 3, the form the engine compares and digests), goes on for the same reason (a table of fourteen lists per
player, one text per card id or card): each player's zones as one text, the zones that hold cards, in the order of
``ZONES``, each its name and its card ids, separated by ``"; "`` (``"deck G8 G9; hand G40 G4; territory G45"``;
``""`` for no cards at all), and the card list as one text, a line per card. :func:`tables` gives a state's cards,
fingerprints and zones back as tables and lists, the form versions 1 and 2 wrote, which ``from_dict`` reads too
(a hand-built position, a test's edited state).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from rules.core import state_header, state_int
from rules.options import REDEMPTION_OPTIONS, check_options
from rules.redemption.cards import CARDS, DECKS, FINGERPRINTS, validate_deck
from rules.redemption.decisions import KEEP_WEAPON, Decision
from rules.redemption.effects import REGISTRY, UNDOABLE
from rules.redemption.lang import matches
from rules.redemption.notation import ID
from rules.redemption.state import (
    BASE_HAND_LIMIT,
    HAND_CAP,
    HAND_SIZE,
    KINDS,
    MAX_SEATS,
    MIN_SEATS,
    PHASES,
    STEPS,
    THEN,
    ZONES,
    Aside,
    Battle,
    Done,
    Flags,
    Mod,
    Seat,
    Turn,
    Window,
    Zone,
    from_reserve,
)

if TYPE_CHECKING:
    from rules.redemption.game import Game

FORMAT = 3  # what to_dict writes
SAVED_FORMAT = 4  # what saved_dict writes, the newest format from_dict reads
#: a card's slot in the fingerprints text when it has none (a card a test adds to CARDS)
NO_FINGERPRINT = "-"
RULE = "redemption.save.valid"
SETUP = ("cut", "first")
#: The last turn a state may be at: the stall rule ends a game long before (a played game takes 10-30 turns), and
#: the computer player and the screens count on a turn number of a sane size.
MAX_TURN = 10_000
#: The options' defaults (rules.options describes each option once: its values, its help).
OPTIONS_DEFAULT: dict[str, object] = {o.name: o.default for o in REDEMPTION_OPTIONS}
#: Zones that only ever hold their own player's cards. The Land of Redemption (rescued souls), the captured
#: and removed piles can hold the other player's.
OWN_ZONES: tuple[Zone, ...] = (
    "deck",
    "hand",
    "territory",
    "artifact_pile",
    "land_of_bondage",
    "field_of_battle",
    "discard",
    "set_aside",
    "in_site",
    "in_fortress",
    "reserve",
)


def read_options(raw: object) -> dict[str, object]:
    if raw == {}:  # the defaults, checked once (a playout starts a new game every few hundred actions)
        return dict(_DEFAULT_OPTIONS)
    return dict(check_options(REDEMPTION_OPTIONS, raw, "Redemption"))


_DEFAULT_OPTIONS = check_options(REDEMPTION_OPTIONS, {}, "Redemption")


# --- writing ---------------------------------------------------------------------------------------------
def to_dict(g: Game) -> dict[str, Any]:
    s, b = g.s, g.b
    return {
        "game": g.name,
        "format": FORMAT,
        "seed": g.seed,
        "options": dict(g.options),
        "rng": g._rng.to_dict(),
        "decks": [seat.deck for seat in g.seats],
        "cards": [f"{cid} {o} {k}" for cid, (k, o) in g.cards.items()],
        "players": [{"zones": {zn: list(seat.zones[zn]) for zn in ZONES}} for seat in g.seats],
        "attached": dict(g.attached),
        "face_up": sorted(g.face_up),
        "phase": s.phase,
        "active": s.active,
        "turn": s.turn,
        "first": s.first,
        "cutter": s.cutter,
        "chooser": s.chooser,
        "souls_drawn": list(s.souls_drawn),
        "flags": _plain(s.flags),
        "dry_turns": s.dry,
        "result": s.result,
        "end_reason": s.end_reason,
        "end_rule": s.end_rule,
        "battle": {
            **_plain(b),
            "effects": [list(e) for e in b.effects],
            "suspended": [list(e) for e in b.suspended],
        },
        "score": [g.score(p) for p in range(g.n)],
        "live": g._live(),
        "history": list(g.history),
        "window": _plain(s.window),
        "pending": _plain(s.pending) if s.pending is not None else {},
        "mute": dict(s.mute),
        "mods": [list(m) for m in s.mods],
        "aside": {c: list(a) for c, a in s.aside.items()},
        "converted": dict(s.converted),
        "discarded": list(s.discarded),
        "gifts": [list(x) for x in s.gifts],
        **({"used": list(s.used)} if s.used else {}),  # redemption.lang.condition.once_per_game
        **({"waiting": [list(w) for w in s.waiting]} if s.waiting else {}),  # redemption.decision
        # each card's facts and script as saved (``cards.fingerprint``; a card a test adds to CARDS has none)
        "fingerprints": " ".join(FINGERPRINTS.get(k, NO_FINGERPRINT) for k in sorted({k for k, _ in g.cards.values()})),
    }


def saved_dict(g: Game) -> dict[str, Any]:
    """The state as a save holds it: format 4, ``to_dict``'s with each player's zones as one text (:func:`zones_text`)
    and the card list as one text, ``"ID OWNER KEY"`` a line (a list still, should a card's key hold a newline)."""
    d = to_dict(g)
    cards = d["cards"]
    return {
        **d,
        "format": SAVED_FORMAT,
        "cards": "\n".join(cards) if not any("\n" in c for c in cards) else cards,
        "players": [{"zones": zones_text(seat.zones)} for seat in g.seats],
    }


def zones_text(zones: dict[Zone, list[str]]) -> str:
    """A player's zones as format 4 writes them: ``"deck G8 G9; hand G40"``, the zones with cards, in ZONES order."""
    return "; ".join(" ".join((zn, *ids)) for zn in ZONES if (ids := zones[zn]))


def tables(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a state with its cards (``{id: {key, owner}}``) and fingerprints (``{key: hex}``) as tables and
    each player's zones as lists (``{zone: [ids]}``, every zone), the form of format 2; ``from_dict`` reads either
    form."""
    out = dict(d)
    players = d.get("players")
    if isinstance(players, list) and any(isinstance(p, dict) and isinstance(p.get("zones"), str) for p in players):
        out["players"] = [
            {**p, "zones": {zn: [] for zn in ZONES} | _zones_of_text(p["zones"], i)}
            if isinstance(p, dict) and isinstance(p.get("zones"), str)
            else p
            for i, p in enumerate(players)
        ]
    cards = d.get("cards")
    if isinstance(cards, str | list):
        read = _cards(d, len(players) if isinstance(players, list) else 2)
        out["cards"] = {cid: {"key": key, "owner": owner} for cid, (key, owner) in read.items()}
        fps = d.get("fingerprints")
        if isinstance(fps, str):
            out["fingerprints"] = _fingerprint_text(fps, read)
    return out


def _plain(obj: Battle | Flags | Window | Decision) -> dict[str, Any]:
    out = {}
    for f in fields(obj):
        v = getattr(obj, f.name)
        out[f.name] = v.copy() if isinstance(v, (list, dict)) else v
    return out


# --- reading ---------------------------------------------------------------------------------------------
T = TypeVar("T", Battle, Flags, Window, Decision)


def _read(obj: T, raw: object, what: str) -> T:
    """A dataclass from a table: ``obj`` (the defaults) with the table's fields, known ones only, each of its
    default's kind."""
    cls = type(obj)
    if not isinstance(raw, dict):
        raise ValueError(f"'{what}' must be a table")
    for k, v in raw.items():
        if k not in cls.__dataclass_fields__:
            raise ValueError(f"unknown {what} field {k!r}; the fields are {', '.join(cls.__dataclass_fields__)}")
        want = getattr(obj, k)
        if type(v) is not type(want):
            raise ValueError(f"{what} field {k!r} has the wrong kind of value ({type(want).__name__} expected)")
        setattr(obj, k, v.copy() if isinstance(v, (list, dict)) else v)  # never share the caller's lists
    return obj


def _ids(value: object, cards: dict[str, tuple[str, int]], what: str) -> None:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in cards for c in value):
        raise ValueError(f"{what} must list card ids of this game")


def _waiting(d: dict[str, Any], cards: dict[str, tuple[str, int]]) -> list[tuple[str, int]]:
    """The abilities waiting for an answer (redemption.decision): the state's ``waiting``, or in a save of the day
    the battle held them, the battle's."""
    raw = d["waiting"] if "waiting" in d else (d.get("battle") or {}).get("waiting", [])
    if not isinstance(raw, list) or not all(
        isinstance(w, list) and len(w) == 2 and w[0] in cards and _whole(w[1]) and w[1] >= 0 for w in raw
    ):
        raise ValueError("'waiting' must list [card, place] entries: abilities that go on after an answer")
    return [(w[0], w[1]) for w in raw]


def _battle(raw: object, cards: dict[str, tuple[str, int]], seats: int, active: int) -> Battle:
    if isinstance(raw, dict) and "waiting" in raw:  # a save of a day when the battle held what waits: the state does
        raw = {k: v for k, v in raw.items() if k != "waiting"}
    b = _read(Battle(), raw, "battle")
    if b.kind not in KINDS:
        raise ValueError(f"battle kind must be '', 'rescue' or 'challenge', not {b.kind!r}")
    if b.step not in STEPS or (bool(b.kind) != bool(b.step)):
        raise ValueError(f"battle step {b.step!r} does not fit battle kind {b.kind!r}")
    for k in ("ignored", "protected"):
        for c, src in getattr(b, k).items():
            if not isinstance(src, str):
                raise ValueError(f"battle {k} must map card ids to card ids")
            if c not in cards or src not in cards:
                raise ValueError(f"battle {k} names unknown cards {c}/{src}")
    for k in ("effects", "suspended"):
        effects: list[Done] = []
        for e in getattr(b, k):
            if isinstance(e, list) and len(e) == 4:  # written before the effect's place was kept: not known
                e = [*e, -1]
            if not (
                isinstance(e, list)
                and len(e) == 5
                and all(isinstance(x, str) for x in e[:4])
                and isinstance(e[4], int)
                and not isinstance(e[4], bool)
                and e[4] >= -1
                and e[0] in cards
                and e[2] in cards
                and e[1] in UNDOABLE
                and (e[3] == "" or e[3] in ZONES)
            ):
                raise ValueError(f"battle {k} must list [card, effect, target, zone, place] entries")
            effects.append((e[0], e[1], e[2], e[3], e[4]))
        setattr(b, k, effects)
    # reactivating, waiting for an answer: the rest wait in 'suspended' (after what an interrupt made meanwhile suspended)
    if b.reactivating and b.reactivating not in cards:
        raise ValueError("battle 'reactivating' names the interrupted card of this game whose effects reactivate")
    if (b.interrupter and (b.interrupter not in cards or not b.suspended)) or (
        b.suspended and not b.interrupter and not b.reactivating
    ):
        raise ValueError(
            "battle 'suspended' goes with 'interrupter', the card of this game that interrupted them, or 'reactivating'"
        )
    for k in ("negated", "played", "souls", "left"):
        _ids(getattr(b, k), cards, f"battle {k}")
    if not all(
        c in cards and isinstance(m, int) and not isinstance(m, bool) and 0 <= m <= len(b.played)
        for c, m in b.marks.items()
    ):
        raise ValueError("battle marks must map card ids to a count of the enhancements played before them")
    players = range(-1, seats)
    if b.last_actor not in players or b.surrenderer not in players or b.passes not in (0, 1, 2):
        raise ValueError(f"battle last_actor/surrenderer must be -1 or a player (0 to {seats - 1}) and passes 0-2")
    if b.step == "surrender" and b.surrenderer < 0:
        raise ValueError("a surrender step must say who surrenders")
    if b.kind and b.defender == -1 and seats == 2:  # format 1: the defender was the other player
        b.defender = 1 - active
    if b.kind and (b.defender not in range(seats) or b.defender == active):
        raise ValueError(f"the battle's defender must be a player other than the attacker, not {b.defender}")
    if not b.kind and b.defender != -1:
        raise ValueError("no battle is under way, so there is no defender")
    return b


def from_dict(cls: type[Game], d: dict[str, Any]) -> Game:
    """Rebuild a game; ValueError names what is impossible about the state (and, for a format-1 state, that an
    older version of the rules wrote it: those rules allowed positions these refuse, such as two face-up
    artifacts)."""
    fmt = d.get("format", 1)
    if fmt not in (1, 2, 3, SAVED_FORMAT) or isinstance(fmt, bool):
        raise ValueError(f"state format {fmt!r} is not one this version reads (1 to {SAVED_FORMAT})")
    if fmt != 1:
        return _from_dict(cls, d)
    try:
        return _from_dict(cls, d)
    except ValueError as e:
        raise ValueError(f"saved by an older version of the rules (state format 1), which these refuse: {e}") from None


def _from_dict(cls: type[Game], d: dict[str, Any]) -> Game:
    seed, options, rng = state_header(d, "redemption", read_options)
    decks = d.get("decks", ["G", "H"])
    if not (
        isinstance(decks, list) and MIN_SEATS <= len(decks) <= MAX_SEATS and all(isinstance(x, str) for x in decks)
    ):
        raise ValueError(f"'decks' must list {MIN_SEATS} to {MAX_SEATS} deck names, one per seat")
    n = len(decks)
    cards = _cards(d, n)
    seats = _seats(d, decks, cards)
    attached = d.get("attached", {})
    if not isinstance(attached, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in attached.items()
    ):
        raise ValueError("'attached' must be a table from card id to card id")
    for c, h in attached.items():
        if c not in cards or h not in cards or c == h:
            raise ValueError(f"'attached' links {c} to {h}, which is impossible")
    face_up = d.get("face_up", [])
    _ids(face_up, cards, "'face_up'")
    s = _turn(d, n)
    if not all(c in cards and CARDS[cards[c][0]].type == "dominant" for c in s.mute):
        raise ValueError("'mute' names only Dominants of this game")
    if not all(c in cards and CARDS[cards[c][0]].is_character for c in s.discarded):
        raise ValueError("'discarded' names characters of this game")
    if not all(c in cards for c in s.used):
        raise ValueError("'used' names cards of this game")
    if not all(
        x[2] in cards
        and (
            CARDS[cards[x[2]][0]].has("gift_draw") is not None
            or any(
                ab.trigger in ("put_in_play", "lone_attack", "enters_battle", "blocking", "blocked")
                for ab in CARDS[cards[x[2]][0]].abilities
            )
        )
        for x in s.gifts
    ):
        raise ValueError(
            "'gifts' names an artifact of this game whose ability lets its holder draw, or a card whose ability "
            "works when put in play, when a lone Hero attacks or when it is blocked"
        )
    named = [m[0] for m in s.mods] + [m[4] for m in s.mods] + list(s.aside) + [a[3] for a in s.aside.values()]
    if not all(c in cards for c in named) or not all(
        c in cards and CARDS[cards[c][0]].is_character for c in s.converted
    ):
        raise ValueError("'mods', 'aside' and 'converted' name cards of this game ('converted': characters)")
    b = _battle(d.get("battle", {}), cards, n, s.active)
    s.waiting = _waiting(d, cards)
    if s.window.then == "resolve" and not b.kind:
        raise ValueError("a window that resolves the battle needs a battle in progress")
    if b.kind and s.phase != "battle":
        raise ValueError("a battle is in progress but the phase is not the Battle phase")
    history = d.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
        raise ValueError("'history' must be a list of action strings")
    s.pending = _pending(d.get("pending", {}), cards, n, s)
    g = cls(seed, options, rng, seats, cards, dict(attached), set(face_up), s, b, list(history))
    position(g)
    score = d.get("score")
    if score is not None and score != [g.score(p) for p in range(n)]:
        raise ValueError(
            f"the stored score {score!r} does not match the Lands of Redemption "
            f"({'-'.join(str(g.score(p)) for p in range(n))}) ({RULE})"
        )
    g.changed_cards = _changed(d.get("fingerprints"), cards)
    live = d.get("live", {})
    if not isinstance(live, dict):
        raise ValueError("'live' must be a table")
    if live and live != g._live():
        raise ValueError(f"the stored battle totals {live} do not match the cards in battle {g._live()}")
    return g


#: a fingerprint as ``cards.fingerprint`` writes it
_FINGERPRINT = re.compile(r"[0-9a-f]{12}")


def _changed(raw: object, cards: dict[str, tuple[str, int]]) -> tuple[str, ...] | None:
    """The keys of the game's cards whose facts or script differ from when the save was written (their
    fingerprint differs or is missing), sorted; None for a save written before fingerprints (nobody can tell).
    A changed card is no error: the game loads and plays on with the cards as this version has them."""
    if raw is None:
        return None
    if isinstance(raw, str):
        raw = _fingerprint_text(raw, cards)  # checked as it is read
    elif not isinstance(raw, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and _FINGERPRINT.fullmatch(v) for k, v in raw.items()
    ):
        raise ValueError("'fingerprints' must be a table from card key to 12 hex digits")
    return tuple(sorted(k for k in {k for k, _ in cards.values()} if raw.get(k) != FINGERPRINTS.get(k)))


def _fingerprint_text(raw: str, cards: dict[str, tuple[str, int]]) -> dict[str, str]:
    """Format 3's fingerprints text as the table format 2 wrote: one fingerprint (or ``-``) per card key, sorted."""
    keys = sorted({k for k, _ in cards.values()})
    parts = raw.split(" ") if raw else []
    if len(parts) != len(keys) or not all(f == NO_FINGERPRINT or _FINGERPRINT.fullmatch(f) for f in parts):
        raise ValueError(
            "'fingerprints' must be a table from card key to 12 hex digits, or a text of one such fingerprint "
            f"(or '{NO_FINGERPRINT}') per card key of the game, sorted, {len(keys)} here"
        )
    return {k: f for k, f in zip(keys, parts, strict=True) if f != NO_FINGERPRINT}


def changed_note(g: Game) -> str:
    """One line for a resumed game whose cards changed since it was saved, or "" (also for an old save)."""
    changed = g.changed_cards
    if not changed:  # None: a save older than fingerprints (or a hand-built position): nothing to name
        return ""
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    return f"Changed since this game was saved (it plays on with the new versions): {shown}."


def _cards(d: dict[str, Any], n: int) -> dict[str, tuple[str, int]]:
    """The card table: each id names a known card and an owner among the ``n`` seats."""
    raw_cards = d.get("cards")
    if isinstance(raw_cards, str):
        raw_cards = raw_cards.split("\n")
    if isinstance(raw_cards, list) and raw_cards:
        return _card_texts(raw_cards, n)
    if not isinstance(raw_cards, dict) or not raw_cards:
        raise ValueError("'cards' must be a table from card id to {key, owner}, or a list of 'ID OWNER KEY' texts")
    cards: dict[str, tuple[str, int]] = {}
    for cid, cd in raw_cards.items():
        if not isinstance(cid, str) or not ID.match(cid):
            raise ValueError(f"{cid!r} is not a card id (like G17)")
        if not isinstance(cd, dict) or not isinstance(cd.get("key"), str) or cd["key"] not in CARDS:
            raise ValueError(f"card {cid} names an unknown card {cd.get('key') if isinstance(cd, dict) else cd!r}")
        owner = cd.get("owner")
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < n:
            raise ValueError(f"card {cid} must have an owner from 0 to {n - 1} (one per seat)")
        cards[cid] = (cd["key"], owner)
    return cards


#: one card of format 3's card list: its id, its owner's seat, its key
_CARD_TEXT = re.compile(r"([A-Z]+[0-9]+) ([0-9]) (.+)")


def _card_texts(raw: list[object], n: int) -> dict[str, tuple[str, int]]:
    """Format 3's card list, ``"ID OWNER KEY"`` each: the same checks as the table's."""
    cards: dict[str, tuple[str, int]] = {}
    for text in raw:
        m = _CARD_TEXT.fullmatch(text) if isinstance(text, str) else None
        if m is None:
            shown = repr(text) if len(repr(text)) <= 60 else repr(text)[:57] + "..."
            raise ValueError(f"{shown} is not a card of the card list ('ID OWNER KEY', like 'G17 0 gideon')")
        cid, owner, key = m[1], int(m[2]), m[3]
        if key not in CARDS:
            raise ValueError(f"card {cid} names an unknown card {key!r}")
        if owner >= n:
            raise ValueError(f"card {cid} must have an owner from 0 to {n - 1} (one per seat)")
        if cid in cards:
            raise ValueError(f"card {cid} is listed twice in the card list")
        cards[cid] = (key, owner)
    return cards


def _seats(d: dict[str, Any], decks: list[str], cards: dict[str, tuple[str, int]]) -> list[Seat]:
    """Each seat's zones, every card of the game in exactly one of them."""
    players = d.get("players")
    if not isinstance(players, list) or len(players) != len(decks):
        raise ValueError(f"'players' must list exactly {len(decks)} players, one per deck")
    seats: list[Seat] = []
    seen: dict[str, str] = {}
    for i, pd in enumerate(players):
        if not isinstance(pd, dict) or not isinstance(pd.get("zones"), dict | str):
            raise ValueError(f"player {i + 1} must be a table with 'zones'")
        raw = pd["zones"]
        if isinstance(raw, str):
            raw = _zones_of_text(raw, i)
        unknown = set(raw) - set(ZONES)
        if unknown:
            raise ValueError(
                f"player {i + 1} has {'an unknown zone' if len(unknown) == 1 else 'unknown zones'} {', '.join(sorted(unknown))}; zones are {', '.join(ZONES)}"
            )
        seat = Seat(decks[i])
        for zn in ZONES:
            ids = raw.get(zn, [])
            if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                raise ValueError(f"player {i + 1}'s {zn} must be a list of card ids")
            for c in ids:
                if c not in cards:
                    raise ValueError(f"player {i + 1}'s {zn} holds {c!r}, which is not a card of this game")
                if c in seen:
                    raise ValueError(f"card {c} is in two places: {seen[c]} and player {i + 1}'s {zn}")
                seen[c] = f"player {i + 1}'s {zn}"
            seat.zones[zn] = list(ids)
        seats.append(seat)
    missing = [c for c in cards if c not in seen]
    if missing:
        raise ValueError(
            f"{'card' if len(missing) == 1 else 'cards'} {', '.join(missing[:5])} "
            f"{'is' if len(missing) == 1 else 'are'} in no zone; every card must be somewhere"
        )
    return seats


def _zones_of_text(text: str, i: int) -> dict[str, list[str]]:
    """Format 4's zones text of player ``i`` (from 0) as the table of lists it stands for (the zones it names)."""
    zones: dict[str, list[str]] = {}
    for part in text.split("; ") if text else ():
        zn, *ids = part.split(" ")
        if zn not in ZONES or not ids or zn in zones:
            raise ValueError(
                f"player {i + 1}'s zones must be a text of zones with cards, each its name and card ids, separated "
                f"by '; ' (like 'deck G8 G9; hand G40'), each zone once; zones are {', '.join(ZONES)}"
            )
        zones[zn] = ids
    return zones


def _turn(d: dict[str, Any], n: int) -> Turn:
    """The phase, whose turn, the setup's choosers, flags, result and the open Dominant window."""
    phase = d.get("phase")
    if phase not in PHASES:
        raise ValueError(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
    s = Turn(phase)
    for k, lo in (("active", 0), ("turn", 0), ("first", -1), ("cutter", -1), ("chooser", -1), ("dry_turns", 0)):
        v = state_int(d, k, 0 if k in ("active", "turn", "dry_turns") else -1)
        if v < lo or (k in ("active", "first", "cutter", "chooser") and v >= n) or v > MAX_TURN:
            raise ValueError(f"'{k}' cannot be {v}" if v <= MAX_TURN else f"'{k}' cannot be over {MAX_TURN}")
        setattr(s, "dry" if k == "dry_turns" else k, v)
    if phase == "cut" and s.cutter < 0:
        raise ValueError("during the cut, 'cutter' must say who cuts (a seat)")
    if phase == "first" and s.chooser < 0:
        raise ValueError("while choosing the first player, 'chooser' must be a seat")
    sd = d.get("souls_drawn", [0] * n)
    if not (
        isinstance(sd, list)
        and len(sd) == n
        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in sd)
    ):
        raise ValueError("'souls_drawn' must be one count per seat")
    s.souls_drawn = list(sd)
    try:
        s.flags = _read(Flags(), d.get("flags", {}), "flags")
    except ValueError:
        raise ValueError(f"'flags' must be a table of {', '.join(Flags.__dataclass_fields__)} (true/false)") from None
    result = d.get("result", "")
    seats = [str(q) for q in range(n)]
    if result not in ["", "draw", *seats]:
        raise ValueError(f"'result' must be '', a seat ({', '.join(seats)}) or 'draw', not {result!r}")
    s.result = result
    er, rule = d.get("end_reason", ""), d.get("end_rule")
    if not isinstance(er, str) or not isinstance(rule, str | None):
        raise ValueError("'end_reason' and 'end_rule' must be text")
    s.end_reason, s.end_rule = (er, rule) if rule is not None else _old_end_reason(er)
    s.window = _window(d, n, s)
    mute = d.get("mute", {})
    if not isinstance(mute, dict) or not all(
        isinstance(c, str) and isinstance(u, int) and not isinstance(u, bool) and 0 <= u <= MAX_TURN
        for c, u in mute.items()
    ):
        raise ValueError("'mute' must be a table from a Dominant's card id to the last turn it is muted (0: the game)")
    s.mute = dict(mute)
    s.mods, s.aside, s.converted = _changes(d)
    gone = d.get("discarded", [])
    if not isinstance(gone, list) or not all(isinstance(c, str) for c in gone):
        raise ValueError("'discarded' must be a list of card ids (the characters discarded from play this turn)")
    s.discarded = list(gone)
    gifts = d.get("gifts", [])
    if not isinstance(gifts, list) or not all(
        isinstance(x, list)
        and len(x) == 3
        and _whole(x[0])
        and 0 <= x[0] < n
        and _whole(x[1])
        and 1 <= x[1] <= MAX_TURN
        and isinstance(x[2], str)
        for x in gifts
    ):
        raise ValueError("'gifts' must be a list of [seat, cards, artifact id]: draws an artifact lets its holder make")
    s.gifts = [(x[0], x[1], x[2]) for x in gifts]
    used = d.get("used", [])
    if not isinstance(used, list) or not all(isinstance(c, str) for c in used):
        raise ValueError("'used' must be a list of card ids (the cards whose once-per-game ability was used)")
    s.used = list(used)
    return s


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _changes(d: dict[str, Any]) -> tuple[list[Mod], dict[str, Aside], dict[str, str]]:
    """What lasts (redemption.lang.continuous.numbers, redemption.effect.set_aside_for, redemption.effect.convert):
    the changes of numbers, the cards set aside for N turns, the converted characters; the cards they name are
    checked against the game's with the rest of the state (``_check_changes``)."""
    mods, aside, conv = d.get("mods", []), d.get("aside", {}), d.get("converted", {})
    if not isinstance(mods, list) or not all(
        isinstance(m, list)
        and len(m) == 5
        and isinstance(m[0], str)
        and isinstance(m[4], str)
        and all(_whole(x) for x in m[1:4])
        and 0 <= m[3] <= MAX_TURN
        for m in mods
    ):
        raise ValueError("'mods' must be a list of [card, strength change, toughness change, until turn, source]")
    if not isinstance(aside, dict) or not all(
        isinstance(c, str)
        and isinstance(a, list)
        and len(a) == 4
        and all(_whole(x) for x in a[:3])
        and isinstance(a[3], str)
        and -MAX_TURN <= a[0] <= MAX_TURN  # negative: set aside until its player returns it (set_aside_gain)
        for c, a in aside.items()
    ):
        raise ValueError("'aside' must be a table from card id to [return turn, strength, toughness, source]")
    if not isinstance(conv, dict) or not all(isinstance(c, str) and isinstance(b, str) and b for c, b in conv.items()):
        raise ValueError("'converted' must be a table from card id to a brigade")
    return (
        [(m[0], m[1], m[2], m[3], m[4]) for m in mods],
        {c: (a[0], a[1], a[2], a[3]) for c, a in aside.items()},
        dict(conv),
    )


def _old_end_reason(text: str) -> tuple[str, str]:
    """A state saved before the end had its rule in a field of its own ('end_rule') wrote the rule id at the end of
    the words: "... 5 Redeemed Souls (redemption.win.rescues)". Read from such a file: the words and the rule."""
    words, sep, tail = text.rpartition(" (")
    rule = tail.removesuffix(")")
    if sep and tail.endswith(")") and rule.startswith("redemption.") and " " not in rule:
        return words, rule
    return text, ""


def _window(d: dict[str, Any], n: int, s: Turn) -> Window:
    """An open Dominant window: who may still answer, and what follows when all have passed."""
    shape = "'window' must be a table with 'queue' (players) and 'then' ('', 'resolve' or 'end_turn')"
    try:
        w = _read(Window(), d.get("window", {}), "window")
    except ValueError:
        raise ValueError(shape) from None
    if w.then not in THEN:
        raise ValueError(shape)
    if len(set(w.queue)) != len(w.queue) or not all(
        isinstance(q, int) and not isinstance(q, bool) and 0 <= q < n for q in w.queue
    ):
        raise ValueError(f"a Dominant window's queue lists seats 0 to {n - 1}, each at most once")
    if w.then and not w.queue and not d.get("pending"):  # (a Dominant played in it may still be asking)
        raise ValueError("a window's 'then' needs a player in its queue")
    if s.result != "":  # a finished game waits for nobody: a window an older version left open is closed
        return Window()
    if w.queue and s.phase in SETUP:
        raise ValueError("a Dominant window can only be open during play")
    if w.then == "end_turn" and s.phase != "discard":
        raise ValueError("a window that ends the turn belongs to the Discard phase")
    if w.then == "upkeep" and s.phase != "draw" or w.then == "prep" and s.phase != "upkeep":
        raise ValueError(
            "a window that goes on to the Upkeep belongs to the Draw phase, one to Preparation to the Upkeep"
        )
    if s.phase in ("draw", "upkeep") and not w.queue and not d.get("pending"):
        raise ValueError(f"the {s.phase} phase waits only for a Dominant window; otherwise the turn has gone on")
    return w


def _pending(raw: object, cards: dict[str, tuple[str, int]], n: int, s: Turn) -> Decision | None:
    """A decision an ability waits for (redemption.decision), or None for ``{}``."""
    if raw == {} or raw is None:
        return None
    try:
        dec = _read(Decision(-1, "", ""), raw, "pending")
    except ValueError as e:
        raise ValueError(f"{e} (a pending decision)") from None
    if not isinstance(raw, dict) or not {"chooser", "source", "effect"} <= set(raw):
        raise ValueError("a pending decision names its 'chooser', its 'source' card and its 'effect'")
    eff = REGISTRY.get(dec.effect)
    if dec.effect != KEEP_WEAPON and (eff is None or eff.resolve is None):
        asking = ", ".join(k for k, e in REGISTRY.items() if e.resolve is not None)
        raise ValueError(f"a pending decision's effect must be one that asks ({asking}), not {dec.effect!r}")
    if not all(isinstance(x, str) for x in [*dec.options, *dec.chosen, *dec.revealed]) or not all(
        isinstance(q, int) and not isinstance(q, bool) for q in dec.to
    ):
        raise ValueError("a pending decision lists card ids (options, chosen, revealed) and seats ('to')")
    problem = dec.problems(n, set(cards))
    if problem:
        raise ValueError(problem)
    # which Lost Soul works first (redemption.effect.soul_order): souls of the chooser's waiting in the queue
    if dec.effect == "soul_order" and (
        len(dec.options) < 2 or not all((dec.chooser, 1, c) in s.gifts for c in dec.options)
    ):
        raise ValueError("a soul_order decision offers two or more of its chooser's Lost Souls waiting in 'gifts'")
    if dec.at >= 0 and dec.effect != KEEP_WEAPON:  # the asking effect's place: one of its card's (redemption.decision)
        acts = [a for ab in CARDS[cards[dec.source][0]].abilities for a in ab.acts]
        if dec.at >= len(acts):
            raise ValueError(f"a pending decision's 'at' is the place of one of its source card's {len(acts)} effects")
    if s.result != "":  # a finished game waits for nobody
        return None
    if s.phase in SETUP:
        raise ValueError("a decision can only be pending during play")
    return dec


# --- meaning ---------------------------------------------------------------------------------------------
def _fail(problem: str) -> None:
    raise ValueError(f"{problem} ({RULE})")


def position(g: Game) -> None:
    """What every state satisfies, hand-built or played."""
    cd = g.cd
    for p, z in enumerate(g.z):
        for c in z["hand"]:
            if cd[c].type == "lost_soul":
                _fail(f"a Lost Soul ({c}) cannot be in a hand: drawn Lost Souls go to the Land of Bondage")
        for c in z["land_of_bondage"]:
            # any captured character may be held in a Land of Bondage (redemption.effect.capture_in_play: a
            # non-human one is no Lost Soul there, and no rescue takes it)
            if cd[c].type != "lost_soul" and not cd[c].is_character:
                _fail(f"{c} is neither a Lost Soul nor a captured character, so it cannot be in a Land of Bondage")
        for c in z["land_of_redemption"] + z["in_site"]:
            # a captured human character is treated as a Lost Soul (REG Capture): held in a site, rescued into a Land
            # of Redemption
            if cd[c].type != "lost_soul" and not (cd[c].is_character and "human" in cd[c].identifiers):
                _fail(f"{c} is not a Lost Soul, so it cannot be in a Land of Redemption or site")
        for c in z["territory"]:
            if cd[c].type == "lost_soul":
                _fail(f"a Lost Soul ({c}) cannot be in a territory: Lost Souls are in a Land of Bondage until rescued")
        for c in z["artifact_pile"]:
            if cd[c].type != "artifact":
                _fail(f"{c} is not an artifact, so it cannot be on an artifact pile (redemption.prep.artifact)")
        for c in z["in_site"] + z["in_fortress"]:
            if c not in g.attached:
                _fail(f"{c} is in a site or fortress but 'attached' does not say which")
        up = [c for c in z["artifact_pile"] if c in g.face_up]
        if len(up) > 1:
            _fail(
                f"Player {p + 1} has {len(up)} face-up artifacts ({', '.join(up)}); one artifact is active at a time "
                "(redemption.prep.activate)"
            )
    for c in g.face_up:
        if g.loc[c][1] != "artifact_pile":
            _fail(f"{c} is marked face up but is not on an artifact pile")
    _battle_cards(g)
    target = g.options["rescues_to_win"]
    if not g.is_over:
        for p in range(g.n):
            if g.score(p) >= target:
                _fail(
                    f"Player {p + 1} has {g.score(p)} Redeemed Souls of the {target} that win, "
                    "yet the game is still going"
                )
    if g.phase in SETUP and g.turn != 0:
        _fail(f"the setup ({g.phase}) comes before turn 1, but the state says turn {g.turn}")
    if g.phase in SETUP and g.b.kind:
        _fail("there is no battle during the setup")
    if not g.is_over and g.b.kind and g.b.step == "block" and not g.battle_chars(g.active):
        _fail(f"a {g.b.kind} at the block step with none of Player {g.active + 1}'s characters in battle")
    if (
        not g.is_over
        and g.phase == "battle"
        and g.b.step == "initiative"
        and not any(g.battle_chars(q) for q in range(g.n))
    ):
        _fail("a battle at the initiative step needs characters in the Field of Battle")
    if (
        not g.is_over
        and g.phase == "hand_limit"
        and g.s.pending is None  # a Dominant played while discarding down may wait for its answer at the limit
        and len(g.z[g.active]["hand"]) <= g.hand_limit(g.active)
    ):
        _fail("the hand-limit step needs a hand over the limit; otherwise the turn is already over")


def _battle_cards(g: Game) -> None:
    """A battle names only cards that can be part of it: those in the Field of Battle and, for cards that have
    left it during the battle, where a battle sends them."""
    b, cd = g.b, g.cd
    in_field = [c for z in g.z for c in z["field_of_battle"]]
    if not b.kind:
        if in_field and not g.is_over:
            _fail("cards are in the Field of Battle but no battle is in progress")
        return
    for c in in_field:
        if g.loc[c][0] not in (g.active, b.defender):
            _fail(f"{c} is in the Field of Battle on the side of Player {g.loc[c][0] + 1}, who is not in this battle")
    for c in b.played + b.negated:
        # a negated character (its abilities stopped for the battle: redemption.effect.negate_all) is no enhancement
        if c in b.negated and c not in b.played and cd[c].is_character:
            continue
        if not cd[c].is_enhancement or g.loc[c][1] in ("deck", "hand"):
            _fail(
                f"the battle lists {c} as an enhancement played in it, but it is "
                f"{'not an enhancement' if not cd[c].is_enhancement else 'in a ' + g.loc[c][1].replace('_', ' ')}"
            )
    for what, table in (("ignored", b.ignored), ("protected", b.protected)):
        for c in table:
            if not cd[c].is_character or g.loc[c][1] in ("deck", "hand"):
                _fail(f"the battle lists {c} as {what}, but it is not a character that has been in the battle")
    if len(set(b.left)) != len(b.left) or not all(cd[c].is_character for c in b.left):
        _fail("the battle lists the characters that left it, each once")
    d = b.defender
    for s in b.souls:
        if s not in g.z[d]["land_of_bondage"] + g.z[d]["in_site"]:
            _fail(f"{s} is listed for surrender but is not a Lost Soul of the defender")
    if b.step == "surrender" and not b.souls:
        _fail("a surrender step needs the Lost Souls that can be surrendered")


def whole_game(g: Game) -> None:
    """What a state reached by a whole game from its header satisfies (every save)."""
    position(g)
    _decks(g)
    _ownership(g)
    _turns(g)
    _hands(g)


def _dealt_to(g: Game) -> Callable[[str, int], int]:
    """The seat whose deck a card came from, by its id's letter (the decks' initials, or A, B, ... when two clash,
    as the deal gives them): a card taken from a hand (redemption.effect.take) is its taker's now, but it still
    came from its first owner's deck. A letter no seat has: the card's owner."""
    seat_of = _deal_letters(g)
    return lambda cid, owner: seat_of.get(cid[:1], owner)


def _deal_letters(g: Game) -> dict[str, int]:
    """Each seat by the letter its deck's card ids begin with (``_dealt_to``)."""
    pre = [(lab[:1].upper() if lab[:1].isalpha() else "A") for lab in g.decks]
    if len(set(pre)) < len(pre):
        pre = [chr(ord("A") + i) for i in range(len(pre))]
    return {letter: seat for seat, letter in enumerate(pre)}  # the letters differ (made so just above)


def _decks(g: Game) -> None:
    owned: list[list[str]] = [[] for _ in range(g.n)]
    reserves: list[list[str]] = [[] for _ in range(g.n)]
    seat_of = _deal_letters(g)
    for cid, (key, owner) in g.cards.items():  # a card's id says whether it started in the Reserve
        (reserves if from_reserve(cid) else owned)[seat_of.get(cid[:1], owner)].append(key)
    for p, label in enumerate(g.decks):
        keys = owned[p]
        if label in DECKS:  # a bundled deck's Reserve (Starters K and L have one) is its own, card for card
            reserve = DECKS[label].get("reserve", ())
            if Counter(reserves[p]) != Counter(reserve):
                _fail(
                    f"Player {p + 1} plays bundled deck {label}, which has no Reserve, yet holds Reserve cards"
                    if not reserve
                    else f"Player {p + 1}'s Reserve cards are not bundled deck {label}'s Reserve"
                )
            want = Counter(DECKS[label]["cards"])
            got = Counter(keys)
            if got != want:
                extra = sorted((got - want).elements())
                short = sorted((want - got).elements())
                detail = "; ".join(
                    x
                    for x in (
                        f"{len(keys)} cards instead of {sum(want.values())}" if len(keys) != sum(want.values()) else "",
                        "not in it: " + ", ".join(extra[:3]) if extra else "",
                        "missing: " + ", ".join(short[:3]) if short else "",
                    )
                    if x
                )
                _fail(f"Player {p + 1}'s cards are not deck {label}'s ({detail})")
        else:  # a deck of the player's own (named or "custom"): it must be a legal deck
            problems = validate_deck(keys, reserves[p])
            if problems:
                _fail(f"Player {p + 1}'s cards are not a legal deck: {problems[0]}")


def _ownership(g: Game) -> None:
    for p in range(g.n):
        for zone in OWN_ZONES:
            for cid in g.z[p][zone]:
                if g.owner(cid) != p and not (zone in ("land_of_bondage", "in_site") and g.cd[cid].is_character):
                    _fail(
                        f"{cid} belongs to Player {g.owner(cid) + 1} but is in Player {p + 1}'s {zone.replace('_', ' ')}"
                    )
        for cid in g.z[p]["captured"]:
            if g.owner(cid) == p:
                _fail(f"{cid} is in its own owner's captured pile")


def _turns(g: Game) -> None:
    s = g.s
    if g.phase == "cut":
        if any(ids for z in g.z for zone, ids in z.items() if zone not in ("deck", "reserve")):
            _fail("during the cut every card is still in its draw pile (or its Reserve)")
        for p, z in enumerate(g.z):
            if sorted(z["reserve"]) != sorted(c for c in g.cards if from_reserve(c) and g.owner(c) == p):
                _fail(f"during the cut Player {p + 1}'s Reserve holds exactly the cards the game set aside in it")
        return
    if g.phase == "first":  # the starting hands are drawn; a Dominant may already have been played
        for p, room in enumerate(_rooms(g, HAND_SIZE)):
            if len(g.z[p]["hand"]) > room:
                _fail(
                    f"Player {p + 1} holds {len(g.z[p]['hand'])} cards before turn 1; the starting hand is "
                    f"{HAND_SIZE}" + (f" and their Dominants' draws make at most {room}" if room > HAND_SIZE else "")
                )
        return
    if not 0 <= s.first < g.n or g.turn < 1:
        _fail(f"the {g.phase} phase of a game needs a first player and turn 1 or later")
    whose = (s.first + g.turn - 1) % g.n
    if g.active != whose:
        _fail(
            f"turn {g.turn} of a game that Player {s.first + 1} began is Player {whose + 1}'s, "
            f"not Player {g.active + 1}'s"
        )
    cap = g.options["max_turns"]
    if cap and g.turn > cap:
        _fail(f"turn {g.turn} is past the turn limit of {cap}")


def _sent_back(g: Game) -> list[tuple[tuple[str, Any], ...]]:
    """The card facets of every effect of this game's cards that puts a card in play back into a draw pile or a
    hand (topdeck, underdeck, return to deck or hand, shuffle into a draw pile): a card in a pile or a hand that fits one may have been in play."""
    out = []
    for key, _ in dict.fromkeys(g.cards.values()):
        for ab in CARDS[key].abilities:
            for act in ab.acts:
                if (
                    act.verb in ("topdeck", "underdeck")
                    or (act.verb == "return" and act.to in ("deck", "hand"))
                    or (act.verb == "shuffle" and act.select.zones)  # "shuffle X" into a draw pile
                ):
                    out.append(act.select.card)
    return out


def _rooms(g: Game, base: int) -> list[int]:
    """For each player p, ``base`` plus what p's cards that have left the draw pile and hand can add to a hand:
    their draws, and their hand-limit bonuses (a card that was in play counts even if it has gone since, also back
    into a pile or a hand when a card of the game can put it there: ``_sent_back``); what any player's card can put
    into every hand counts for all. One pass over the cards for all the players."""
    rooms, shared = [base] * g.n, 0
    back = _sent_back(g)
    for cid, (_, owner) in g.cards.items():
        if g.loc[cid][1] in ("deck", "hand", "reserve") and not any(matches(g.cd[cid], f) for f in back):
            continue
        for ab in g.cd[cid].abilities:
            for act in ab.acts:  # every effect of it, not only the first (choose_one, a second effect that draws)
                v = act.verb
                if v == "return" and act.to == "hand":  # any player's card may put cards into p's hand
                    shared += HAND_CAP if act.select.every else max(1, act.select.most)
                elif v == "each_draw":  # every player draws (redemption.effect.each_draw)
                    shared += act.n
                elif v == "search" and act.select.owner == "any":  # each player may search (redemption.effect.search)
                    shared += 1
                elif v in ("hand_limit", "draw", "may_draw"):
                    rooms[owner] += act.n
                elif v == "take":
                    rooms[owner] += max(1, act.n)
                elif v in ("look_top", "search", "exchange", "reveal_bottom", "draw_reveal"):  # one card into the hand
                    rooms[owner] += 1
                elif v == "draw_discard":
                    rooms[owner] += act.n
    return [r + shared for r in rooms]


def _hands(g: Game) -> None:
    """A player who is not taking the turn ended their own turn at or under the hand limit; since then
    their hand can only have grown by the draws of their own cards (enhancements, Dominants)."""
    if g.phase in SETUP:
        return
    rooms = _rooms(g, BASE_HAND_LIMIT)
    for p in g.others(g.active):
        room = rooms[p]
        if len(g.z[p]["hand"]) > room:
            _fail(
                f"Player {p + 1} holds {len(g.z[p]['hand'])} cards on Player {g.active + 1}'s turn; "
                f"their own turn ended at the hand limit, so at most {room} are possible"
            )
