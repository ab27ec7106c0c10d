"""Redemption: the rulebook excerpt as a state machine (the game contract: ``legal_actions``, ``apply``, ``view``).

The state is typed data (:mod:`rules.redemption.state`): every card instance has an id (``G17``) whose card
definition is in ``cards`` and which sits in exactly one zone of one seat; the turn and the battle say whose
turn it is, which phase, and how the current battle stands. ``current_player`` is always the player who must
decide next. The rules are split by concept: :mod:`~rules.redemption.battle` (the battle and Dominant windows),
:mod:`~rules.redemption.checks` (is an action allowed), :mod:`~rules.redemption.play` (legal actions and the
turn), :mod:`~rules.redemption.effects` (one object per card ability), :mod:`~rules.redemption.views` (what a
player sees), :mod:`~rules.redemption.serial` (tables and what a state must mean). Rule ids
(``redemption.*``) refer to sections of ``rules.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import repeat
from typing import Any

from rules.core import Event, GameBase, Rng
from rules.redemption import effects, serial
from rules.redemption.cards import CARDS, DECKS, Ability, validate_deck
from rules.redemption.names import AmbiguousName, names_cards, resolve
from rules.redemption.notation import VERBS, Action, parse_action, sentence
from rules.redemption.play import Play
from rules.redemption.serial import OPTIONS_DEFAULT, read_options
from rules.redemption.sight import Sight
from rules.redemption.state import (
    BASE_HAND_LIMIT,
    HAND_SIZE,
    MAX_SEATS,
    MIN_CUT,
    MIN_SEATS,
    PHASE_NAMES,
    PHASES,
    STALL_TURNS,
    STEPS,
    TURN_DRAW,
    ZONES,
    Battle,
    Seat,
    Turn,
    card_defs,
    reserve_id,
)
from rules.redemption.views import Views

__all__ = [
    "BASE_HAND_LIMIT",
    "HAND_SIZE",
    "MAX_SEATS",
    "MIN_CUT",
    "MIN_SEATS",
    "OPTIONS_DEFAULT",
    "PHASES",
    "PHASE_NAMES",
    "STALL_TURNS",
    "STEPS",
    "TURN_DRAW",
    "VERBS",
    "ZONES",
    "Action",
    "Game",
    "deck_and_reserve",
    "deck_list",
    "new_game",
    "parse_action",
]


class Game(Play, Views, GameBase):
    name = "redemption"
    #: the Rng is shared with clones until one of them draws a number (setup only): cloning it costs more than
    #: the rest of the state
    _rng_shared = False
    #: the keys of the cards whose facts or script changed since the save this game was loaded from was written
    #: (``serial.changed_cards``); None for a save older than card fingerprints. No part of the game's equality.
    changed_cards: tuple[str, ...] | None = ()

    def __init__(
        self,
        seed: int,
        options: dict[str, Any],
        rng: Rng,
        seats: list[Seat],
        cards: dict[str, tuple[str, int]],
        attached: dict[str, str],
        face_up: set[str],
        turn: Turn,
        battle: Battle,
        history: list[str],
    ):
        self.seed = seed
        self.options = options
        self._rng = rng
        self.seats = seats
        self.decks = [seat.deck for seat in seats]
        self.cards = cards  # id -> (card key, owner)
        self.attached = attached  # card id -> the card it sits on / in
        self.face_up = face_up  # artifacts placed face up
        self.s = turn
        self.b = battle
        self.history = history
        self._index()

    @property
    def rng(self) -> Rng:
        if self._rng_shared:
            self._rng, self._rng_shared = self._rng.clone(), False
        return self._rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        self._rng, self._rng_shared = rng, False

    # --- the contract -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.s.result != ""

    @property
    def winner(self) -> int | None:
        r = self.s.result
        return int(r) if r.isdigit() else None

    @property
    def current_player(self) -> int | None:
        s = self.s
        if s.result:
            return None
        if s.pending is not None:  # an ability waits for its player's choice (redemption.decision)
            return s.pending.chooser
        if s.window.queue:  # a Dominant window (redemption.dominant.window)
            return s.window.queue[0]
        ph = s.phase
        if ph == "cut":
            return s.cutter
        if ph == "first":
            return s.chooser
        b = self.b
        if ph == "battle" and b.kind:
            step = b.step
            if step == "block":
                return b.defender
            if step == "initiative":
                return self.initiative_player()
            if step == "surrender":
                return b.surrenderer
        return s.active

    def summary(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "score": "-".join(str(self.score(p)) for p in range(self.n)),
            "phase": self.phase,
            "result": self.s.result,
        }

    def parse(self, text: str) -> Action:
        """An action from its notation; a card may be named by words of its name instead of its id, among the
        cards the player who decides now can see (:mod:`rules.redemption.names`)."""
        p = self.current_player
        if p is not None and names_cards(text):
            text = resolve(self.view(p), text)  # the names the player who decides can see, and no others
        try:
            a = parse_action(text, self.n)
        except AmbiguousName:
            raise
        except ValueError as e:
            raise ValueError(sentence(str(e))) from None
        for cid in a.args[:1] if a.verb == "mute" else a.args if a.verb not in ("cut", "first") else ():
            if cid not in self.cards and not cid.isdigit():
                raise ValueError(f"There is no card {cid} in this game.")
        return a

    def sight(self, player: int) -> Sight:
        """What ``player`` may know now (:mod:`rules.redemption.sight`): their view, their legal actions, and a
        model of the game re-dealt from their knowledge, for the coach and everything else that speaks to them."""
        view = self.view(player)
        legal = self.legal_actions() if self.current_player == player else []
        return Sight(view, legal, self.determinize(player, Rng(self.seed + len(self.history))))

    def _effect(self, p: int, src: str, host: str, ab: Ability, target: str, events: list[Event]) -> None:
        """Carry out one ability of ``src`` for player p (host: the character it was played on)."""
        effects.run(self, p, src, host, ab, target, events)

    # --- state --------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return serial.to_dict(self)

    def saved_dict(self) -> dict[str, Any]:
        return serial.saved_dict(self)

    def take_resume_note(self) -> str:
        """The line a resume shows about cards changed since the save (``serial.changed_note``), once."""
        note = serial.changed_note(self)
        self.changed_cards = ()
        return note

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Rebuild a game; ValueError names what is impossible about the state."""
        return serial.from_dict(cls, d)

    def validate_whole(self) -> None:
        serial.whole_game(self)

    def redeal(self, cards: dict[str, tuple[str, int]]) -> None:
        """Give card ids other card keys (a replay putting back the cards each seat was dealt)."""
        self.cards = {**self.cards, **cards}
        self.cd = card_defs(self.cards, self.s.converted)
        self._legal_keep = ()

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.seed, g.options, g._rng = self.seed, self.options, self._rng
        g._rng_shared = self._rng_shared = True
        g._lor_seen = self._lor_seen
        g.seats = [seat.copy() for seat in self.seats]
        g.decks = self.decks
        g.z = [seat.zones for seat in g.seats]
        g.cards, g.cd = self.cards, self.cd  # replaced, never changed in place (see determinize)
        g._kinds_of, g._kinds_cd = self._kinds_of, self._kinds_cd
        hc = self._hc  # a copy: each game forgets its own (see Core._hc)
        if hc:
            g._hc, g._hc_cd = dict(hc), self._hc_cd
        g.attached, g.face_up = dict(self.attached), set(self.face_up)
        g.s, g.b = self.s.copy(), self.b.copy()
        g.history = self.history[:]
        g.loc = self.loc.copy()
        # the same state has the same legal actions: a copy may apply one of them unchecked, as the original may
        g._legal_keep, g._legal_player = self._legal_keep, self._legal_player
        return g

    def determinize(self, player: int, rng: Rng) -> Game:
        """A clone in which what ``player`` cannot see is re-dealt consistently with what they have seen.

        Hidden: the other players' hands, Reserves and face-down artifacts, and the order of every draw pile, but the
        cards a pending decision reveals to ``player``.
        Card identities are swapped between hidden ids of the same owner, keeping Lost Souls out
        of hands and artifacts in artifact slots.
        """
        g = self.clone()
        g._legal_keep = ()  # the cards change: what was legal may not be
        g.cards = dict(g.cards)
        # cards a pending decision reveals to ``player`` stay what they are (redemption.decision); nobody else
        # learns them, so for every other player they are re-dealt like the rest of their pile
        d = self.s.pending
        known = set(d.revealed) if d is not None and player in d.to else set()
        # own draw pile: only the order is unknown
        own = [c for c in g.z[player]["deck"] if c not in known]
        keys = [g.cards[c][0] for c in own]
        rng.shuffle(keys)
        for c, k in zip(own, keys):
            g.cards[c] = (k, player)
        for opp in g.others(player):
            # their Reserve is hidden like their hand (redemption.reserve): no Lost Soul is dealt into either
            hand = [c for c in g.z[opp]["hand"] + g.z[opp]["reserve"] if c not in known]
            deck = [c for c in g.z[opp]["deck"] if c not in known]
            arts = [a for a in g.z[opp]["artifact_pile"] if a not in g.face_up and a not in known]
            pool = [g.cards[c][0] for c in hand + deck + arts]
            rng.shuffle(pool)
            art_keys = [k for k in pool if CARDS[k].type == "artifact"]
            chosen_arts = art_keys[: len(arts)]
            rest = list(pool)
            for k in chosen_arts:
                rest.remove(k)
            non_souls = [k for k in rest if CARDS[k].type != "lost_soul"]
            hand_keys = non_souls[: len(hand)]
            for k in hand_keys:
                rest.remove(k)
            rng.shuffle(rest)
            for c, k in zip(arts, chosen_arts):
                g.cards[c] = (k, opp)
            for c, k in zip(hand, hand_keys):
                g.cards[c] = (k, opp)
            for c, k in zip(deck, rest):
                g.cards[c] = (k, opp)
        g.cd = card_defs(g.cards, g.s.converted)
        g.rng = Rng(rng.below(2**31))
        return g


def _prefixes(labels: list[str]) -> list[str]:
    """Card id prefixes per seat: the decks' initials, or A, B, ... when two would clash."""
    pre = [(lab[:1].upper() if lab[:1].isalpha() else "A") for lab in labels]
    if len(set(pre)) < len(pre):
        return [chr(ord("A") + i) for i in range(len(labels))]
    return pre


def deck_list(deck: str | dict[str, Any] | Sequence[str]) -> tuple[str, list[str]]:
    """(label, card keys) for a bundled deck name, a list of card keys or {"name", "cards"} (validated)."""
    label, keys, _ = deck_and_reserve(deck)
    return label, keys


def deck_and_reserve(deck: str | dict[str, Any] | Sequence[str]) -> tuple[str, list[str], list[str]]:
    """(label, card keys, Reserve card keys) for a bundled deck name, a list of card keys or {"name", "cards",
    "reserve"} (validated together: redemption.deck.reserve)."""
    if isinstance(deck, str):
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}; the bundled decks are {', '.join(DECKS)}")
        return deck, list(DECKS[deck]["cards"]), list(DECKS[deck].get("reserve", ()))  # a starter's Reserve too
    label = "custom"
    reserve: list[str] = []
    if isinstance(deck, dict):  # {"name": ..., "cards": [keys], "reserve": [keys]}: a player's own deck, by its name
        label, raw = str(deck.get("name") or label), deck.get("reserve", ())
        if not isinstance(raw, (list, tuple)) or not all(isinstance(k, str) for k in raw):
            raise ValueError("a deck's reserve must be a list of card keys")
        reserve = list(raw)
        deck = deck.get("cards", ())
    keys = list(deck)
    problems = validate_deck(keys, reserve)
    if problems:
        raise ValueError("the deck is not legal: " + "; ".join(problems))
    return label, keys, reserve


@lru_cache(maxsize=64)
def _deck_ids(prefix: str, n: int) -> tuple[str, ...]:
    """The ids of a seat's n deck cards: its prefix and 1 to n ("G1" ... "G50"), the same for every game."""
    return tuple(f"{prefix}{i + 1}" for i in range(n))


def new_game(seed: int, decks: Sequence[Any] = ("G", "H"), **options: Any) -> Game:
    """One deck per seat (2 to 4, clockwise: "the player to your left" is the next seat), each shuffled with the
    seed; the game starts at the cut (the last seat cuts the first seat's deck first)."""
    opts = read_options(options)
    if not isinstance(decks, (list, tuple)) or not MIN_SEATS <= len(decks) <= MAX_SEATS:
        raise ValueError(f"decks must be {MIN_SEATS} to {MAX_SEATS} deck names or card lists, one per seat")
    lists = [deck_and_reserve(x) for x in decks]
    labels = [lab for lab, _, _ in lists]
    rng = Rng(seed)
    pre = _prefixes(labels)
    cards: dict[str, tuple[str, int]] = {}
    seats = []
    for p, (label, keys, reserve) in enumerate(lists):
        keys = list(keys)
        rng.shuffle(keys)
        ids = list(_deck_ids(pre[p], len(keys)))
        cards.update(zip(ids, zip(keys, repeat(p))))  # id -> (key, owner)
        seat = Seat(label)
        seat.zones["deck"] = ids
        # the Reserve is kept apart from the deck, in the order the list gives it (redemption.reserve): no shuffle,
        # so the seed's draws, and every game without a Reserve, stay as they were
        seat.zones["reserve"] = [reserve_id(pre[p], i + 1) for i in range(len(reserve))]
        for cid, k in zip(seat.zones["reserve"], reserve):
            cards[cid] = (k, p)
        seats.append(seat)
    turn = Turn("cut", cutter=len(seats) - 1, souls_drawn=[0] * len(seats))
    return Game(seed, opts, rng, seats, cards, {}, set(), turn, Battle(), [])
