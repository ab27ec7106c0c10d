"""Resurrection, the 9-card duel: the complete rules as a state machine.

The state is small: each player's hand, Hero Pile, Fallen Pile and the cards they
have on the table in the current battle, plus who is the Aggressor. Whose move it
is follows from the table: equal counts mean the Aggressor plays (face down),
otherwise the Defender answers (face up) and the battle resolves at once.
Rule ids (``resurrection.*``) refer to sections of ``rules.md`` beside this file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core import Event, GameBase, Rejection, Rng, require, state_header, state_int
from rules.options import RESURRECTION_OPTIONS, check_options
from rules.resurrection.cards import CARDS, CODES
from rules.views import SeatView, View
from rules.words import plural, their, verb, who, whose

HAND_SIZE = 5
MAX_BATTLES = 10_000  # battles a state may have counted: random play ends a duel within about thirty


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from your hand: ``play <CODE>``."""

    code: str

    def __str__(self) -> str:
        return f"play {self.code}"


Action = Play
_PLAYS = {c: Play(c) for c in CODES}  # actions are immutable values: build each once
_FACE = frozenset(c for c in CODES if CARDS[c].is_face)
_BLACK_FACE = frozenset(c for c in CODES if CARDS[c].is_black_face)
_RED_FACE = frozenset(c for c in CODES if CARDS[c].is_red_face)


def parse_action(text: str) -> Play:
    words = text.strip().split()
    if len(words) == 2 and words[0].lower() == "play":
        code = words[1].upper()
        if code in CARDS:
            return _PLAYS[code]
        raise ValueError(f"{words[1]!r} is not a Resurrection card; the cards are {' '.join(CODES)}")
    raise ValueError(f"{text.strip()!r} is not a Resurrection action; write 'play <card>', e.g. 'play BA'")


class _Side:
    __slots__ = ("hand", "hero_pile", "fallen_pile", "table")

    def __init__(self, hand: list[str], hero_pile: list[str], fallen_pile: list[str], table: list[str]):
        self.hand = hand
        self.hero_pile = hero_pile  # top card first
        self.fallen_pile = fallen_pile  # top card first
        self.table = table  # in the order played

    def copy(self) -> _Side:
        return _Side(self.hand[:], self.hero_pile[:], self.fallen_pile[:], self.table[:])

    def draw_up(self) -> list[str]:
        """Refill an empty hand with up to five cards from the top of the Hero Pile."""
        if self.hand:
            return []
        drawn, self.hero_pile = self.hero_pile[:HAND_SIZE], self.hero_pile[HAND_SIZE:]
        self.hand.extend(drawn)
        return drawn

    @property
    def out_of_cards(self) -> bool:
        return not self.hand and not self.hero_pile

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand[:],
            "hero_pile": self.hero_pile[:],
            "fallen_pile": self.fallen_pile[:],
            "table": self.table[:],
        }


def _name(code: str) -> str:
    return CARDS[code].name


# --- the events' words, written only when read (Event.lazy): a computer's playout reads none of them ---------
def _played_face_down(p: int) -> str:
    return f"{who(p, True)} (Aggressor) {verb(p, 'plays', 'play')} a card face down."


def _played_face_up(p: int, code: str) -> str:
    return f"{who(p, True)} (Defender) {verb(p, 'plays', 'play')} {_name(code)} face up."


def _revealed(p: int, code: str) -> str:
    return f"{who(p, True)} {verb(p, 'reveals', 'reveal')} {_name(code)}."


def _drew_for_tie(p: int, n: int) -> str:
    return f"{who(p, True)} {verb(p, 'draws', 'draw')} {plural(n, 'card')} to continue the tie."


def _lost_tie(p: int) -> str:
    return (
        f"{who(p, True)} {verb(p, 'has', 'have')} no card to continue the tie and "
        f"{verb(p, 'loses', 'lose')} the battle, without abilities."
    )


def _won(w_code: str, l_code: str, winner: int) -> str:
    return f"{_name(w_code)} beats {_name(l_code)}: {who(winner)} {verb(winner, 'wins', 'win')} the battle."


def _resurrected(code: str, p: int, raised: str, to_hero_pile: bool) -> str:
    pile = "Hero Pile" if to_hero_pile else "Fallen Pile"
    return f"{_name(code)} resurrects {whose(p)} {_name(raised)} to the bottom of {their(p)} {pile}."


def _no_resurrection(code: str, p: int) -> str:
    return f"{_name(code)} would resurrect, but {whose(p)} Fallen Pile is empty."


def _struck_back(code: str, winner: int) -> str:
    return f"{_name(code)} strikes back: {whose(winner)} top Hero Pile card falls to {their(winner)} Fallen Pile."


def _no_strike(code: str, winner: int) -> str:
    return f"{_name(code)} strikes back, but {whose(winner)} Hero Pile is empty."


def _placed(winner: int, n_w: int, loser: int, n_l: int) -> str:
    return (
        f"{who(winner, True)} {verb(winner, 'returns', 'return')} {plural(n_w, 'card')} to {their(winner)} Hero "
        f"Pile; {who(loser)} {verb(loser, 'sends', 'send')} {n_l} to {their(loser)} Fallen Pile."
    )


def _drew_up(p: int, n: int) -> str:
    return f"{who(p, True)} {verb(p, 'draws', 'draw')} {plural(n, 'card')} into an empty hand."


def _out_of_cards(p: int) -> str:
    return f"{who(p, True)} {verb(p, 'has', 'have')} no cards in hand or Hero Pile: {who(1 - p)} {verb(1 - p, 'wins', 'win')}."


def _aggressor_next(p: int) -> str:
    return f"{who(p, True)} lost the battle and {verb(p, 'is', 'are')} the Aggressor next."


class ResurrectionSeat(SeatView[str]):
    """A seat in a Resurrection view: cards are codes (``"AS"``); the table is this battle's cards in order,
    a face-down card the viewer may not see yet as ``"?"``."""

    hero_pile_count: int
    fallen_pile_count: int
    table: list[str]
    cards_left: int  # hand and Hero Pile: what the seat can still play


class ResurrectionView(View[ResurrectionSeat]):
    """``rules.views.View`` plus the battle: who is the Aggressor, how many battles are over, whether the
    Aggressor's card is still face down."""

    aggressor: int
    battle: int
    face_down: bool


class Game(GameBase):
    name = "resurrection"

    def __init__(
        self,
        seed: int,
        options: dict[str, Any],
        rng: Rng,
        aggressor: int,
        battle: int,
        sides: list[_Side],
        result: str,
        history: list[str],
    ):
        self.seed = seed
        self.options = options
        self.rng = rng
        self.aggressor = aggressor
        self.battle = battle  # battles resolved so far
        self.sides = sides
        self.result = result  # "" while playing, "0"/"1" for the winner, "draw"
        self.history = history
        self._cp = self._whose_move()

    # --- the contract ----------------------------------------------------------
    @property
    def defender(self) -> int:
        return 1 - self.aggressor

    @property
    def turn(self) -> int:
        """A game of battles: the battles resolved so far."""
        return self.battle

    @property
    def is_over(self) -> bool:
        return self.result != ""

    @property
    def winner(self) -> int | None:
        return int(self.result) if self.result in ("0", "1") else None

    @property
    def current_player(self) -> int | None:
        return self._cp

    def _whose_move(self) -> int | None:
        """Follows from the table; kept in ``_cp`` because every call of the contract asks for it."""
        if self.result:
            return None
        ag, sides = self.aggressor, self.sides
        return ag if len(sides[ag].table) == len(sides[1 - ag].table) else 1 - ag

    @property
    def face_down(self) -> bool:
        """True while the Aggressor's card waits, face down, for the Defender's answer."""
        return not self.result and len(self.sides[self.aggressor].table) > len(self.sides[self.defender].table)

    def legal_actions(self) -> list[Play]:
        p = self.current_player
        if p is None:
            return []
        hand = self.sides[p].hand
        return [_PLAYS[c] for c in CODES if c in hand]

    def parse(self, text: str) -> Play:
        return parse_action(text)

    def _resign(self, player: int) -> None:
        self.result = str(1 - player)
        self._cp = None

    def _rule_of(self, action: Play) -> str:
        return "resurrection.battle.1" if self.current_player == self.aggressor else "resurrection.battle.2"

    def _check(self, action: Play) -> str:
        if not isinstance(action, Play):
            raise Rejection(f"{action!r} is not a Resurrection action", "resurrection.notation")
        p = self._cp
        assert p is not None  # _admit refuses every action once the game is over
        rule = "resurrection.battle.1" if p == self.aggressor else "resurrection.battle.2"
        require(action.code in self.sides[p].hand, f"{action.code} ({_name(action.code)}) is not in your hand", rule)
        return rule

    def _perform(self, action: Play, events: list[Event]) -> None:
        p = self._cp
        assert p is not None  # _admit refuses every action once the game is over
        side = self.sides[p]
        side.hand.remove(action.code)
        side.table.append(action.code)
        if p == self.aggressor:
            events.append(Event.lazy("play", _played_face_down, (p,), p, "resurrection.battle.1"))
        else:
            a_code = self.sides[self.aggressor].table[-1]
            events.append(
                Event.lazy("play", _played_face_up, (p, action.code), p, "resurrection.battle.2", True, (action.code,))
            )
            ag = self.aggressor
            events.append(Event.lazy("reveal", _revealed, (ag, a_code), ag, "resurrection.battle.3", True, (a_code,)))
            self._resolve(events)
        self._cp = self._whose_move()

    # --- resolution --------------------------------------------------------------
    def _resolve(self, events: list[Event]) -> None:
        agg, dfn = self.aggressor, self.defender
        a_code, d_code = self.sides[agg].table[-1], self.sides[dfn].table[-1]
        if a_code == d_code:
            events.append(
                Event(
                    "tie",
                    f"Tie: both played {_name(a_code)}. The battle goes on.",
                    -1,
                    rule="resurrection.tie.1",
                    cards=(a_code, d_code),
                )
            )
            for p in (agg, dfn):
                drawn = self.sides[p].draw_up()
                if drawn:
                    events.append(Event.lazy("draw", _drew_for_tie, (p, len(drawn)), p, "resurrection.tie.1", True))
            empty = [p for p in (agg, dfn) if not self.sides[p].hand]
            if len(empty) == 2:
                self.result = "draw"
                events.append(
                    Event(
                        "game_over",
                        "Neither player has a card to continue the tie: the game is a draw.",
                        -1,
                        rule="resurrection.tie.2",
                    )
                )
            elif len(empty) == 1:
                loser = empty[0]
                events.append(Event.lazy("lose", _lost_tie, (loser,), loser, "resurrection.tie.2"))
                self._finish_battle(1 - loser, loser, abilities=False, events=events)
            return
        winner = agg if CARDS[a_code].power > CARDS[d_code].power else dfn
        loser = 1 - winner
        w_code, l_code = self.sides[winner].table[-1], self.sides[loser].table[-1]
        events.append(
            Event.lazy("win", _won, (w_code, l_code, winner), winner, "resurrection.battle.3", cards=(w_code, l_code))
        )
        self._finish_battle(winner, loser, abilities=True, events=events)

    def _finish_battle(self, winner: int, loser: int, abilities: bool, events: list[Event]) -> None:
        w, lose = self.sides[winner], self.sides[loser]
        w_table, l_table = w.table, lose.table
        w.table, lose.table = [], []
        if abilities:
            w_code, l_code = w_table[-1], l_table[-1]
            if w_code in _BLACK_FACE:  # resurrection.ability.1
                if w.fallen_pile:
                    raised = w.fallen_pile.pop(0)
                    to_hero = self.options["resurrect_to"] == "hero-bottom"
                    (w.hero_pile if to_hero else w.fallen_pile).append(raised)
                    events.append(
                        Event.lazy(
                            "ability",
                            _resurrected,
                            (w_code, winner, raised, to_hero),
                            winner,
                            "resurrection.ability.1",
                            cards=(w_code, raised),
                        )
                    )
                else:
                    events.append(
                        Event.lazy(
                            "ability",
                            _no_resurrection,
                            (w_code, winner),
                            winner,
                            "resurrection.ability.1",
                            cards=(w_code,),
                        )
                    )
            if l_code in _RED_FACE:  # resurrection.ability.2
                if w.hero_pile:
                    fallen = w.hero_pile.pop(0)
                    w.fallen_pile.insert(0, fallen)
                    events.append(
                        Event.lazy(
                            "ability", _struck_back, (l_code, winner), loser, "resurrection.ability.2", cards=(l_code,)
                        )
                    )
                else:
                    events.append(
                        Event.lazy(
                            "ability", _no_strike, (l_code, winner), loser, "resurrection.ability.2", cards=(l_code,)
                        )
                    )
        # resurrection.placement.1
        for code in w_table:
            w.hero_pile.insert(0, code)
        last = l_table[-1]
        earlier_to_bottom = abilities and last in _FACE
        for code in l_table[:-1]:
            if earlier_to_bottom:
                lose.fallen_pile.append(code)
            else:
                lose.fallen_pile.insert(0, code)
        if abilities and last in _BLACK_FACE:
            lose.fallen_pile.append(last)
        else:
            lose.fallen_pile.insert(0, last)
        events.append(
            Event.lazy("place", _placed, (winner, len(w_table), loser, len(l_table)), -1, "resurrection.placement.1")
        )
        self.battle += 1
        self.aggressor = loser  # resurrection.next.1
        for p in (self.aggressor, 1 - self.aggressor):
            drawn = self.sides[p].draw_up()
            if drawn:
                events.append(Event.lazy("draw", _drew_up, (p, len(drawn)), p, "resurrection.draw.1", True))
        out = [p for p in (0, 1) if self.sides[p].out_of_cards]
        if len(out) == 2:
            self.result = "draw"
            events.append(
                Event("game_over", "Both players are out of cards: the game is a draw.", -1, rule="resurrection.end.1")
            )
        elif out:
            self.result = str(1 - out[0])
            events.append(Event.lazy("game_over", _out_of_cards, (out[0],), 1 - out[0], "resurrection.end.1"))
        else:
            ag = self.aggressor
            events.append(Event.lazy("aggressor", _aggressor_next, (ag,), ag, "resurrection.next.1"))

    def summary(self) -> dict[str, Any]:
        """Turn and score for lists of saves: battles fought, cards left each."""
        left = [len(s.hand) + len(s.hero_pile) for s in self.sides]
        return {"turn": self.battle + 1, "score": f"{left[0]}-{left[1]} cards"}

    # --- hidden information, for computer players ------------------------------------
    def known_cards(self, player: int) -> list[set[str]]:
        """For each side, the codes of the cards whose place ``player`` knows.

        A player knows every card they have held in hand and every card revealed in
        battle; after that a card only moves by public rules, so its place stays
        known. The Aggressor's face-down card is not known to the Defender until the
        Defender answers. Worked out by replaying the history from the seeded deal;
        for a hand-built position (no reproducible history) it is what is visible now.
        """
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        cache = self.__dict__.setdefault("_known_cache", {})
        key = (player, len(self.history))
        if key not in cache:
            cache.clear()
            cache[key] = self._replay_knowledge(player) or self._visible_knowledge(player)
        return [set(k) for k in cache[key]]

    def _visible_knowledge(self, player: int) -> list[set[str]]:
        known: list[set[str]] = [set(), set()]
        known[player].update(self.sides[player].hand)
        for p, s in enumerate(self.sides):
            hidden = self.face_down and p == self.aggressor and p != player
            known[p].update(s.table[:-1] if hidden else s.table)
        return known

    def _replay_knowledge(self, player: int) -> list[set[str]] | None:
        target = self.to_dict()
        for first in (0, 1):
            g = new_game(self.seed, first, **self.options)
            known: list[set[str]] = [set(), set()]
            known[player].update(g.sides[player].hand)
            pending: tuple[int, str] | None = None
            for text in self.history:
                actor = g.current_player
                if actor is None:
                    break
                action = parse_action(text)
                by_aggressor = actor == g.aggressor
                if not g.apply(action).ok:
                    break
                if by_aggressor and actor != player:
                    pending = (actor, action.code)
                else:
                    known[actor].add(action.code)
                    if pending is not None:
                        known[pending[0]].add(pending[1])
                        pending = None
                known[player].update(g.sides[player].hand)
            else:
                if g.to_dict() == target:
                    return known
        return None

    def determinize(self, player: int, rng: Rng) -> Game:
        """A copy in which every card ``player`` cannot know is reshuffled among the
        places it could be, consistent with everything ``player`` has seen.

        Per side, the unknown cards are dealt at random over the unknown places. The
        Aggressor's face-down card is, for the Defender, any card of the Aggressor's
        hand before it was played, so it is swapped with a random one of those.
        """
        known = self.known_cards(player)
        g = self.clone()
        for p, side in enumerate(g.sides):
            slots = [
                (zone, i)
                for zone in (side.hand, side.hero_pile, side.fallen_pile, side.table)
                for i, c in enumerate(zone)
                if c not in known[p]
            ]
            codes = [zone[i] for zone, i in slots]
            rng.shuffle(codes)
            for (zone, i), c in zip(slots, codes):
                zone[i] = c
        if g.face_down and player != g.aggressor:
            a = g.sides[g.aggressor]
            j = rng.below(len(a.hand) + 1)
            if j < len(a.hand):
                a.hand[j], a.table[-1] = a.table[-1], a.hand[j]
        return g

    # --- views and state ---------------------------------------------------------------
    def view(self, player: int) -> ResurrectionView:
        """What ``player`` may see (the convention of ``rules.views``): their own hand; counts for everything
        face down."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        hidden_last = self.face_down and player != self.aggressor
        players: list[ResurrectionSeat] = []
        for p, s in enumerate(self.sides):
            table = s.table[:]
            if hidden_last and p == self.aggressor:
                table[-1] = "?"
            players.append(
                {
                    "hand": sorted(s.hand, key=CODES.index) if p == player else None,
                    "hand_count": len(s.hand),
                    "hero_pile_count": len(s.hero_pile),
                    "fallen_pile_count": len(s.fallen_pile),
                    "table": table,
                    "cards_left": len(s.hand) + len(s.hero_pile),
                }
            )
        me = self.current_player
        return {
            "game": self.name,
            "you": player,
            "current_player": me,
            "is_over": self.is_over,
            "winner": self.winner,
            "result": self.result,
            "legal": [str(a) for a in self.legal_actions()] if me == player else [],
            "options": dict(self.options),
            "players": players,
            "aggressor": self.aggressor,
            "battle": self.battle,
            "face_down": self.face_down,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.to_dict(),
            "aggressor": self.aggressor,
            "battle": self.battle,
            "result": self.result,
            "players": [s.to_dict() for s in self.sides],
            "history": self.history[:],
        }

    def clone(self) -> Game:
        return Game(
            self.seed,
            dict(self.options),
            self.rng.clone(),
            self.aggressor,
            self.battle,
            [s.copy() for s in self.sides],
            self.result,
            self.history[:],
        )

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Rebuild a game; ValueError says what is wrong with a state the rules cannot produce."""
        seed, options, rng = state_header(d, cls.name, _options)
        aggressor = state_int(d, "aggressor", None)
        if aggressor not in (0, 1):
            raise ValueError(f"'aggressor' must be 0 or 1, not {aggressor}")
        battle = state_int(d, "battle", 0)
        if not 0 <= battle <= MAX_BATTLES:
            raise ValueError(f"'battle' must be from 0 to {MAX_BATTLES} (a duel of nine cards has a few dozen at most)")
        result = d.get("result", "")
        if result not in ("", "0", "1", "draw"):
            raise ValueError(f"'result' must be '', '0', '1' or 'draw', not {result!r}")
        players = d.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise ValueError("'players' must list exactly two players")
        sides = [_side_from_dict(i, pd) for i, pd in enumerate(players)]
        history = d.get("history", [])
        if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
            raise ValueError("'history' must be a list of action strings")
        _check_table(sides, aggressor, result, _resigned(history, result))
        return cls(seed, options, rng, aggressor, battle, sides, result, list(history))


def _side_from_dict(i: int, pd: object) -> _Side:
    """Player ``i``'s side from its table in a state; ValueError unless it holds each of the nine cards once."""
    if not isinstance(pd, dict):
        raise ValueError(f"player {i + 1} must be a table")
    zones = {}
    for zone in ("hand", "hero_pile", "fallen_pile", "table"):
        cards = pd.get(zone, [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise ValueError(f"player {i + 1}'s {zone} must be a list of card codes")
        for c in cards:
            if c not in CARDS:
                raise ValueError(
                    f"player {i + 1}'s {zone} holds {c!r}, which is not a Resurrection card ({' '.join(CODES)})"
                )
        zones[zone] = list(cards)
    everything = sorted(sum(zones.values(), []), key=CODES.index)
    if everything != list(CODES):
        missing = [c for c in CODES if c not in everything]
        extra = sorted({c for c in everything if everything.count(c) > 1}, key=CODES.index)
        parts = []
        if missing:
            parts.append("missing " + " ".join(missing))
        if extra:
            parts.append("more than one " + " ".join(extra))
        raise ValueError(f"player {i + 1} must hold each of the nine cards exactly once: {', '.join(parts)}")
    if len(zones["hand"]) > HAND_SIZE:
        raise ValueError(
            f"player {i + 1} has {len(zones['hand'])} cards in hand; a hand never holds more than {HAND_SIZE}"
        )
    return _Side(zones["hand"], zones["hero_pile"], zones["fallen_pile"], zones["table"])


def _resigned(history: list[str], result: str) -> bool:
    """The game was won by the other player's resignation: its last action is the loser's ``resign``."""
    if result not in ("0", "1") or not history:
        return False
    words = history[-1].strip().lower().split()
    return words[:1] == ["resign"] and words[1:] == [str(1 - int(result))]


def _check_table(sides: list[_Side], aggressor: int, result: str, resigned: bool = False) -> None:
    """ValueError unless the cards on the table (and the sides' cards left) fit the game's ``result``. A game won by
    a resignation ends where it stood: its table is one play could have left (a face-down card, ties)."""
    a_t, d_t = len(sides[aggressor].table), len(sides[1 - aggressor].table)
    if (result == "" or resigned) and a_t not in (d_t, d_t + 1):
        raise ValueError(
            "the table is impossible: the Aggressor must have played as many cards as the Defender, or one more"
        )
    if result in ("0", "1") and (a_t or d_t) and not resigned:
        raise ValueError("a won game has no cards left on the table, unless it ended by a resignation")
    if result == "draw" and a_t != d_t:
        raise ValueError("a drawn game ends with the tied cards on the table")
    for x, y in zip(sides[aggressor].table[:d_t], sides[1 - aggressor].table[:d_t]):
        if x != y:
            raise ValueError("the table is impossible: cards left on the table must be ties")
    if result == "" and a_t == d_t:
        for i, s in enumerate(sides):
            if not s.hand and not s.hero_pile:
                raise ValueError(f"player {i + 1} has no cards left, so the game should be over")


def _options(raw: object) -> dict[str, Any]:
    return check_options(RESURRECTION_OPTIONS, raw, "Resurrection")


def new_game(seed: int, first: int = 0, **options: Any) -> Game:
    """Shuffle both decks with the seed, deal five each; ``first`` is the first Aggressor."""
    if first not in (0, 1):
        raise ValueError(f"first must be 0 or 1, not {first!r}")
    opts = _options(options)
    rng = Rng(seed)
    sides = []
    for _ in (0, 1):
        deck = list(CODES)
        rng.shuffle(deck)
        sides.append(_Side(deck[:HAND_SIZE], deck[HAND_SIZE:], [], []))
    return Game(seed, opts, rng, first, 0, sides, "", [])
