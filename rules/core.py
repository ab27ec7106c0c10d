"""What every game engine shares: outcomes, events, seeded randomness, the base game.

Engines never print, read files or touch the screen; the app and the save layer
only talk to them through the names defined here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from rules.views import View
from rules.words import neutral, say, verb, who, whose

#: A template's neutral words ("Player N"): the same few hundred sentences come back game after game.
_neutral_words = lru_cache(maxsize=4096)(neutral)  # say(template) for no reader, the fast way


class Event:
    """Something that happened, in order; ``str(event)`` is one log line.

    The app reads the fields, never the words: ``kind`` says what happened (``"battle"``, ``"game_over"``...),
    ``rule`` the rule id it follows (a section of the game's ``rules.md``, "" when none applies), ``reveals``
    whether it makes a hidden card public (so an undo may not go back past it), ``cards`` the public cards it names,
    ``text`` is the words with the seats as "Player N" (without the rule id: the app shows the rule from its field).
    ``template`` is the same words with the seats as fields (:mod:`rules.words`): :meth:`words` says them with the
    players' names, and to the reader as "you". Build an event that names seats with :meth:`said`, or with
    :meth:`lazy` where the words cost more than the event (a computer's playout makes a few events per action
    and reads none of them). Events are values: equal when their fields and words are."""

    # All the fields in one slot, set once: a frozen dataclass sets each field through a call of its own, and every
    # accepted action makes three or four events. A value: its fields are read-only properties, and no other
    # attribute can be set (no __setattr__ guard: one would make setting the slot a call). ``_w`` is the words as
    # given: the plain text, the template, or the function that writes the template, called with ``_args`` when
    # first read (then kept in ``_t``).
    __slots__ = ("_f", "_t")
    _f: tuple[str, int, str, bool, tuple[str, ...], str, str | Callable[..., str], tuple[Any, ...]]
    _t: str

    def __init__(
        self,
        kind: str,
        text: str,
        player: int = -1,
        rule: str = "",
        reveals: bool = False,
        cards: tuple[str, ...] = (),
        template: str = "",
    ) -> None:
        self._f = (kind, player, rule, reveals, cards, "" if template else text, template, ())

    @classmethod
    def said(
        cls,
        kind: str,
        template: str,
        player: int = -1,
        rule: str = "",
        reveals: bool = False,
        cards: tuple[str, ...] = (),
    ) -> Event:
        """An event whose words name seats: ``template`` as :func:`rules.words.say` reads it (``reveals``,
        ``cards`` as for the constructor)."""
        e = _new(cls)
        e._f = (kind, player, rule, reveals, cards, "", template, ())
        return e

    @classmethod
    def lazy(
        cls,
        kind: str,
        words: Callable[..., str],
        args: tuple[Any, ...],
        player: int = -1,
        rule: str = "",
        reveals: bool = False,
        cards: tuple[str, ...] = (),
    ) -> Event:
        """An event whose template is ``words(*args)``, written only when something reads the words: ``words``
        depends on nothing but ``args`` (values taken when the event happens: seats, card names, numbers), so
        the words are the same whenever they are read."""
        e = _new(cls)
        e._f = (kind, player, rule, reveals, cards, "", words, args)
        return e

    @property
    def kind(self) -> str:
        """What happened."""
        return self._f[0]

    @property
    def player(self) -> int:
        """The seat it concerns; -1: nobody in particular."""
        return self._f[1]

    @property
    def rule(self) -> str:
        """The rule id it follows, e.g. "resurrection.battle.1"."""
        return self._f[2]

    @property
    def reveals(self) -> bool:
        """It makes a hidden card public (a draw, a flip, a look at a hand)."""
        return self._f[3]

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards it names that everyone may see, as the game writes them (codes, ids)."""
        return self._f[4]

    @property
    def template(self) -> str:
        """The words with seats as fields ({p0}, {p0:draws/draw}...); "" when they name no seat."""
        try:
            return self._t
        except AttributeError:
            w = self._f[6]
            t = w if isinstance(w, str) else w(*self._f[7])
            self._t = t
            return t

    @property
    def text(self) -> str:
        """The words with the seats as "Player N"."""
        t = self.template
        return _neutral_words(t) if t else self._f[5]

    def _key(self) -> tuple[Any, ...]:
        return (*self._f[:5], self._f[5], self.template)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Event({self.kind!r}, {self.text!r}, player={self.player}, rule={self.rule!r}, reveals={self.reveals}, "
            f"cards={self.cards!r})"
        )

    def words(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        """The words for one reader: ``names`` one per seat, ``you`` the reader's seat (see :func:`rules.words.say`)."""
        t = self.template
        return say(t, names, you) if t else self.text

    def __str__(self) -> str:
        return self.text


_new = object.__new__


class Outcome:
    """The engine's answer to ``apply``: accepted with events, or rejected with a reason (``reason`` names seats as
    "Player N"; ``template`` is the same words for :func:`rules.words.say`, "" when they name no seat).

    A value, as a frozen dataclass would be (equal when its fields are; the fields are read-only properties), with
    its fields in one slot set once: every accepted action makes one, and a playout reads none of them (setting five
    slots one by one was about 5% of a random playout's time)."""

    __slots__ = ("_f",)
    _f: tuple[bool, str, str, tuple[Event, ...], str]

    def __init__(
        self, ok: bool, reason: str = "", rule: str = "", events: tuple[Event, ...] = (), template: str = ""
    ) -> None:
        self._f = (ok, reason, rule, events, template)

    @property
    def ok(self) -> bool:
        return self._f[0]

    @property
    def reason(self) -> str:
        return self._f[1]

    @property
    def rule(self) -> str:
        return self._f[2]

    @property
    def events(self) -> tuple[Event, ...]:
        return self._f[3]

    @property
    def template(self) -> str:
        return self._f[4]

    @classmethod
    def reject(cls, reason: str, rule: str) -> Outcome:
        return cls(False, reason, rule, ())

    @classmethod
    def refuse(cls, template: str, rule: str) -> Outcome:
        """A rejection whose reason names seats: ``template`` as :func:`rules.words.say` reads it."""
        return cls(False, say(template), rule, (), template)

    def words(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        """The reason for one reader (see :meth:`Event.words`)."""
        return say(self.template, names, you) if self.template else self.reason

    def __bool__(self) -> bool:
        return self._f[0]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and type(other) is type(self) and self._f == other._f

    def __hash__(self) -> int:
        return hash(self._f)

    def __repr__(self) -> str:
        ok, reason, rule, events, template = self._f
        return f"Outcome(ok={ok!r}, reason={reason!r}, rule={rule!r}, events={events!r}, template={template!r})"


class Unreadable(ValueError):
    """Raised by an engine's ``parse`` for a text whose reason names seats: ``template`` says it for each reader
    (:mod:`rules.words`), the message in plain words. Any other ValueError of ``parse`` is said as it is."""

    def __init__(self, template: str, text: str) -> None:
        super().__init__(text)
        self.template = template


class Rejection(Exception):
    """Raised inside an engine's checks; turned into a rejected Outcome before anything changes. ``reason`` may
    name seats as :mod:`rules.words` fields."""

    def __init__(self, reason: str, rule: str):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Resign:
    """``resign N``: player N (from 0) gives the game up; the other player wins (with more players, as the game's
    rules say). Any time, any player."""

    player: int

    def __str__(self) -> str:
        return f"resign {self.player}"


def resign_help(players: int) -> str:
    """How to write a resignation in a game of ``players`` players."""
    seats = [f"'resign {i}'" for i in range(players)]
    spelled = f"{', '.join(seats[:-1])} or {seats[-1]}"
    return f"Write {spelled}: the player (0 to {players - 1}) who resigns".replace("(0 to 1)", "(0 or 1)")


def parse_resign(text: str) -> Resign | None:
    """``resign N`` as a Resign; None for any other text; ValueError for a malformed resignation."""
    words = text.strip().lower().split()
    if not words or words[0] != "resign":
        return None
    if len(words) != 2 or not words[1].isdigit() or len(words[1]) > 2:
        raise ValueError(resign_help(2))
    return Resign(int(words[1]))


def own_resignation(action: Any, seat: int, game: GameBase) -> tuple[Any, Outcome | None]:
    """A resignation from the player at ``seat`` (the person at the keyboard, a shared table's player): ``resign``
    alone or ``resign SEAT`` is theirs; ``resign N`` for another seat of ``game`` is refused, citing its ``resign``
    rule, since a player gives up only their own game. Returns the action to play and None, or the action and the refusal; any
    other action comes back as it is (a malformed resignation too: the engine refuses it with its notation)."""
    if isinstance(action, Resign):
        player = action.player
    else:
        words = str(action).strip().lower().split()
        if words[:1] != ["resign"]:
            return action, None
        if len(words) == 1:
            return Resign(seat), None
        try:
            parsed = parse_resign(str(action))
        except ValueError:
            return action, None
        assert parsed is not None  # the text starts with "resign"
        player = parsed.player
    if player != seat and 0 <= player < game.num_players:
        return action, Outcome.refuse(
            f"A player may resign only their own seat, not {whose(player)}: write 'resign' to give up your game "
            f"(you are Player {seat + 1}, 'resign {seat}' in the notation).",
            f"{game.name}.resign",
        )
    if player != seat:
        return action, None  # no such seat: the engine says how a resignation is written
    return Resign(seat), None


class Rng:
    """A seeded ``random.Random`` whose state is two integers, so saves stay small.

    Only ``random()`` is used: the standard library promises it is stable across
    Python versions, which ``shuffle``/``randrange`` are not.
    """

    __slots__ = ("seed", "calls", "_r")

    #: A whole game draws about a hundred numbers; a saved state may not ask for more than this
    #: (restoring it takes at most ~25 ms, see ``_skip``), nor a seed outside TOML's 64-bit integers.
    MAX_CALLS: ClassVar[int] = 1_000_000
    MAX_SEED: ClassVar[int] = 2**63 - 1

    def __init__(self, seed: int, calls: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool) or not -self.MAX_SEED <= seed <= self.MAX_SEED:
            raise ValueError(f"seed must be a whole number of at most 64 bits, not {_short(seed)}")
        if not isinstance(calls, int) or isinstance(calls, bool) or not 0 <= calls <= self.MAX_CALLS:
            raise ValueError(
                f"rng calls must be a whole number from 0 to {self.MAX_CALLS} "
                f"(a game makes about a hundred), not {_short(calls)}"
            )
        self.seed = seed
        self.calls = calls
        self._r = _generator(seed, calls)

    def __getattr__(self, name: str) -> Any:
        # Only for a slot not set yet: a clone's generator, made when the clone first draws. A search clones
        # the game at every iteration and most clones never draw (Resurrection draws nothing after the deal),
        # while copying a Mersenne Twister's state costs more than the rest of a game's copy.
        if name != "_r":
            raise AttributeError(name)
        r = self._r = _generator(self.seed, self.calls)
        return r

    def random(self) -> float:
        x = self._r.random()  # before counting it: a clone's generator is made from the count
        self.calls += 1
        return x

    def below(self, n: int) -> int:
        """A whole number in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        x = self._r.random()  # as random()
        self.calls += 1
        i = int(x * n)
        return i if i < n else n - 1  # min(i, n - 1), without the call

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place: ``j = below(i + 1)`` for i from the last index down to 1 (written out, as it
        runs for every deck of every new game)."""
        random_ = self._r.random
        for i in range(len(items) - 1, 0, -1):
            j = int(random_() * (i + 1))
            if j > i:  # min(j, i), as below() does
                j = i
            items[i], items[j] = items[j], items[i]
        self.calls += max(len(items) - 1, 0)

    def clone(self) -> Rng:
        """The same state, drawn from independently; its generator is made when it first draws (``__getattr__``)."""
        other = _new(Rng)
        other.seed = self.seed
        other.calls = self.calls
        return other

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed, "calls": self.calls}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.calls) == (other.seed, other.calls)

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed}, calls={self.calls})"


def _generator(seed: int, calls: int) -> random.Random:
    """The Mersenne Twister seeded with ``seed`` and advanced as if ``random()`` had been called ``calls`` times,
    in C: each ``random()`` takes two 32-bit words, and ``getrandbits(64 * k)`` takes exactly ``2 * k`` (in
    chunks, so the throw-away number stays small)."""
    r = random.Random(seed)
    while calls > 0:
        k = min(calls, 1 << 16)
        r.getrandbits(64 * k)
        calls -= k
    return r


def _short(v: object) -> str:
    """A value for an error message, cut short (a file may hold a number of a thousand digits)."""
    text = repr(v) if not isinstance(v, int) or abs(v) < 10**30 else f"a {v.bit_length()}-bit number"
    return text if len(text) <= 40 else text[:37] + "..."


class GameBase:
    """The contract both games follow. Subclasses implement the ``_``-prefixed hooks.

    ``apply`` is the only way the state changes: it parses text if given text,
    checks the action against the rules (raising :class:`Rejection` before any
    change), then performs it and records it in ``history``.
    """

    name: ClassVar[str] = ""
    history: list[str]
    seed: int
    options: dict[str, Any]

    # --- the public contract -------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        raise NotImplementedError

    @property
    def turn(self) -> int:
        """Which turn it is, as the review and the records number them."""
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        raise NotImplementedError

    def parse(self, text: str) -> Any:
        raise NotImplementedError

    def view(self, player: int) -> View[Any]:
        """What ``player`` may see, by the convention of ``rules.views``."""
        raise NotImplementedError

    def view_and_legal(self, player: int) -> tuple[View[Any], list[Any]]:
        """``view(player)`` and, when ``player`` decides now, ``legal_actions()`` ([] otherwise), in one call: a game
        whose view lists the legal actions works them out once for both (a screen asks this after each change)."""
        legal = self.legal_actions() if self.current_player == player else []
        return self.view(player), legal

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def saved_dict(self) -> dict[str, Any]:
        """The state as a save file holds it: ``to_dict``'s, or a more compact form of it that ``from_dict`` reads
        as well (a game whose save is read faster so)."""
        return self.to_dict()

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameBase:
        raise NotImplementedError

    def clone(self) -> GameBase:
        raise NotImplementedError

    def determinize(self, player: int, rng: Rng) -> GameBase:
        """A copy in which every card ``player`` cannot see is dealt again at random (for searching)."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """What the saves list shows of the game: its ``turn`` and ``score`` (a game may add its own)."""
        return {}

    def take_resume_note(self) -> str:
        """What a player resuming this game is told once about it (cards whose rules changed since the save was
        written); "" when there is nothing to tell, as for a game whose rules live in the engine alone."""
        return ""

    def validate_whole(self) -> None:
        """Raise ValueError unless a whole game could have reached this state from its header (seed, options,
        decks). Every save must pass; a hand-built position (a lesson, a test) is part of a game and need not.
        ``from_dict`` already refuses what no state may hold."""

    def apply(self, action: Any) -> Outcome:
        action, refused, rule = self._admit(action)
        if refused is not None:
            return refused
        events: list[Event] = []
        if isinstance(action, Resign):
            self._resign(action.player)
            p, w = action.player, self.winner
            won = f"{who(w)} {verb(w, 'wins', 'win')}." if w is not None else "a draw."
            events.append(
                Event.said(
                    "game_over", f"{who(p, True)} {verb(p, 'resigns', 'resign')}: {won}", p, f"{self.name}.resign"
                )
            )
        else:
            self._perform(action, events)
        self.history.append(str(action))
        return Outcome(True, "", rule, tuple(events))

    def check(self, action: Any) -> Outcome:
        """Would ``apply`` accept this? Changes nothing."""
        action, refused, rule = self._admit(action)
        return refused if refused is not None else Outcome(True, "", rule)

    def _admit(self, action: Any) -> tuple[Any, Outcome | None, str]:
        """Parse text and run the rules' checks: the action, the rejection if any, the rule that allows it."""
        if isinstance(action, str):
            notation = f"{self.name}.notation"
            try:
                action = parse_resign(action) or self.parse(action)
            except Unreadable as e:
                return action, Outcome.refuse(e.template, notation), ""
            except ValueError as e:
                return action, Outcome.reject(str(e), notation), ""
        if self.is_over:
            return action, Outcome.reject("The game is over.", f"{self.name}.end"), ""
        if isinstance(action, Resign):  # not in legal_actions(): an engine action the rules allow at any time
            if not 0 <= action.player < self.num_players:
                return action, Outcome.reject(resign_help(self.num_players), f"{self.name}.notation"), ""
            return action, None, f"{self.name}.resign"
        try:
            rule = self._check(action)
        except Rejection as r:
            return action, Outcome.refuse(r.reason, r.rule), ""
        return action, None, rule if isinstance(rule, str) else self._rule_of(action)

    # --- hooks -----------------------------------------------------------------
    def _check(self, action: Any) -> str | None:
        """Raise Rejection if the rules forbid ``action``; may return the rule id that allows it."""
        raise NotImplementedError

    def _perform(self, action: Any, events: list[Event]) -> None:
        raise NotImplementedError

    def _rule_of(self, action: Any) -> str:
        return ""

    def _resign(self, player: int) -> None:
        """End the game: ``player`` resigned, the other one wins."""
        raise NotImplementedError

    @property
    def num_players(self) -> int:
        """How many players the game has (two unless the game says otherwise)."""
        return 2

    # --- equality is equality of the complete state ---------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameBase) and type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def public_view(game: GameBase) -> View[Any]:
    """What anyone may see (a watcher): each player's side as the next seat sees it, no legal actions.

    Laid out like ``view(0)``; a player's hand, face-down cards and private choices stay hidden because
    every side is taken from the view of another player."""
    v = game.view(0).copy()
    n = len(v["players"])
    v["players"] = [game.view((p + 1) % n)["players"][p] for p in range(n)]
    v["legal"] = []
    return v


def state_int(d: dict[str, Any], key: str, default: int | None) -> int:
    """A whole number from a state table, for ``from_dict``: ValueError names the key."""
    v = d.get(key, default)
    if v is None:
        raise ValueError(f"missing {key!r}")
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{key!r} must be a whole number, not {v!r}")
    return v


def state_header(
    d: object, name: str, read_options: Callable[[dict[str, Any]], dict[str, Any]]
) -> tuple[int, dict[str, Any], Rng]:
    """What every game's ``from_dict`` reads first: that it is this game, its seed, options and Rng."""
    if not isinstance(d, dict):
        raise ValueError("the state must be a table")
    if d.get("game", name) != name:
        raise ValueError(f"this is a {d.get('game')!r} state, not {name}")
    seed = state_int(d, "seed", 0)
    if not -Rng.MAX_SEED <= seed <= Rng.MAX_SEED:  # the game's own seed, as the Rng's (an agent seeds from it)
        raise ValueError(f"seed must be a whole number of at most 64 bits, not {_short(seed)}")
    options = read_options(d.get("options", {}))
    rng_d = d.get("rng", {"seed": seed, "calls": 0})
    if not isinstance(rng_d, dict):
        raise ValueError("'rng' must be a table with 'seed' and 'calls'")
    return seed, options, Rng(state_int(rng_d, "seed", seed), state_int(rng_d, "calls", 0))


def require(cond: bool, reason: str, rule: str) -> None:
    """Raise a Rejection unless ``cond``; keeps engine checks one line each."""
    if not cond:
        raise Rejection(reason, rule)


__all__ = [
    "Event",
    "Outcome",
    "Rejection",
    "Resign",
    "own_resignation",
    "parse_resign",
    "public_view",
    "Rng",
    "GameBase",
    "require",
    "state_int",
    "state_header",
]
