"""How active the Redemption computer is, as a player feels it, against a simple greedy baseline.

The greedy baseline (:class:`Greedy`, used only here) plays what a beginner plays: it puts every card it
can into play, attacks whenever a Hero can reach a Lost Soul (with its strongest), blocks whenever it can
(with its strongest Evil Character), and plays an enhancement whenever one improves its side of the battle.

Over seeded games (seats and decks swapped) of a level against greedy, it prints:

* (a) passivity: the share of the level's turns in which it had a Hero able to make a rescue attempt
  (``rescue`` was legal when its battle phase began) and made none;
  beside it, the turns with no rescue in reach in which it began no battle at all (not even a challenge);
* (b) the share of its turns that end with a discard to the hand limit, and that end with a full hand
  (as many cards as the limit allows, or more); the mean hand at the end of its turns;
* (c) its score against greedy (wins plus half the draws), with 95% Wilson intervals throughout;
* greedy against greedy in the same run as the baseline (about 50%: the swaps cancel out).

    python -m tests.bench.activity [--games N] [--level normal] [--first-game N]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from rules.agents import choose_for, make_agent
from rules.agents.redemption import ATTACKER_VALUE, DEFENDER_VALUE
from rules.core import Rng
from tests.bench.common import machine, parser, wilson

# What greedy puts into play in its Preparation phase, in this order (never setting aside or returning).
GREEDY_PLACES = ("activate", "artifact", "site", "soul", "fortress", "equip", "play")


def _numbers(g: Any, cid: str) -> int:
    c = g.card(cid)
    return c.strength + c.toughness


class Greedy:
    """A beginner's greedy Redemption player: place everything, always attack, always block, enhance when it helps."""

    level = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose_in(self, g: Any) -> Any:
        legal = g.legal_actions()
        me = g.current_player
        by: dict[str, list[Any]] = {}
        for a in legal:
            by.setdefault(a.verb, []).append(a)
        if "decline" in by:
            return by["decline"][0]
        if "cut" in by:
            return by["cut"][0]
        if "first" in by:
            return next(a for a in by["first"] if a.args == (str(me),))
        if g.phase == "hand_limit":
            return by["discard"][self.rng.below(len(by["discard"]))]
        if g.phase in ("prep", "discard"):
            for verb in GREEDY_PLACES:
                if by.get(verb):
                    return by[verb][0]
            return by["end"][0]
        if g.phase == "battle":
            if "rescue" in by:
                return max(by["rescue"], key=lambda a: (_numbers(g, a.args[0]), a.args[0]))
            if "block" in by:
                return max(by["block"], key=lambda a: (_numbers(g, a.args[0]), a.args[0]))
            if "enhance" in by:
                values = ATTACKER_VALUE if me == g.active else DEFENDER_VALUE
                now = values[g.standing()]
                for a in by["enhance"]:
                    g2 = g.clone()
                    g2.apply(a)
                    if g2.phase == "battle" and g2.b.kind and values[g2.standing()] > now:
                        return a
            for verb in ("pass", "surrender", "end"):
                if by.get(verb):
                    return by[verb][0]
        return by.get("end", legal)[0]


def _new_game(i: int) -> Any:
    from rules.redemption import new_game

    return new_game(30_000 + i, decks=("G", "H") if (i // 2) % 2 == 0 else ("H", "G"))


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    turns: int = 0  # the measured side's turns
    could: int = 0  # ... in which a rescue attempt was legal when the battle phase began
    passed: int = 0  # ... and it made none
    out_of_reach: int = 0  # turns whose battle phase began with no rescue attempt legal
    idle: int = 0  # ... in which it began no battle at all (no battle challenge either)
    limit_discards: int = 0  # turns ending with a discard to the hand limit
    full_hand: int = 0  # turns ending with as many cards as the hand limit (or more, before the discard)
    hand_total: int = 0  # cards in hand at the end of its turns, summed
    decisions: int = 0
    seconds: float = 0.0


def play(level: str, games: int, first: int = 0, opponent: str = "greedy") -> Tally:
    """``level`` against ``opponent`` (greedy, or a level); the measured side sits first in even games."""
    t = Tally()
    for i in range(first, first + games):
        seat = i % 2
        me = Greedy(2 * i) if level == "greedy" else make_agent("redemption", level, seed=2 * i)
        other = Greedy(2 * i + 1) if opponent == "greedy" else make_agent("redemption", opponent, seed=2 * i + 1)
        agents = [me, other] if seat == 0 else [other, me]
        g = _new_game(i)
        turn_seen = -1
        discarded = False
        while not g.is_over:
            p = g.current_player
            if g.active == seat and g.turn != turn_seen and g.phase == "prep":
                turn_seen, discarded = g.turn, False
                t.turns += 1
            battle_start = p == seat and g.active == seat and g.phase == "battle" and not g.b.kind
            can_rescue = battle_start and not g.s.window.queue and any(a.verb == "rescue" for a in g.legal_actions())
            at_end = p == seat and g.active == seat and g.phase in ("discard", "hand_limit")
            mine = g.active == seat
            if p == seat:
                t0 = time.perf_counter()
                a = choose_for(agents[p], g)
                t.seconds += time.perf_counter() - t0
                t.decisions += 1
            else:
                a = choose_for(agents[p], g)
            if can_rescue:
                t.could += 1
                t.passed += a.verb != "rescue"
            elif battle_start and not g.s.window.queue:
                t.out_of_reach += 1
                t.idle += a.verb not in ("rescue", "challenge")
            if at_end and a.verb == "discard" and not discarded:
                discarded = True
                t.limit_discards += 1
            turn_before = g.turn
            g.apply(a)
            if mine and (g.turn != turn_before or g.is_over):  # its turn ended with this action
                hand = len(g.z[seat]["hand"])
                t.hand_total += hand
                t.full_hand += discarded or hand >= g.hand_limit(seat)
        t.games += 1
        if g.winner == seat:
            t.wins += 1
        elif g.winner is None:
            t.draws += 1
    return t


def _share(k: float, n: int) -> str:
    if not n:
        return "n/a (0)"
    lo, hi = wilson(k, n)
    return f"{k / n:.1%} [95% {lo:.1%}-{hi:.1%}] of {n}"


def report(level: str, games: int, first: int, opponent: str = "greedy", goal: str = "") -> Tally:
    t = play(level, games, first, opponent)
    score = t.wins + t.draws / 2
    print(f"redemption {level} vs {opponent}, {games} games:", flush=True)
    print(f"  (a) passed with a rescue in reach: {_share(t.passed, t.could)} turns with a Hero able to rescue")
    print(f"      no rescue in reach, and no battle at all: {_share(t.idle, t.out_of_reach)} turns with none in reach")
    print(f"  (b) ended the turn discarding to the hand limit: {_share(t.limit_discards, t.turns)} turns")
    print(f"      ended the turn with a full hand: {_share(t.full_hand, t.turns)} turns")
    print(f"      mean hand at the end of its turns: {t.hand_total / max(1, t.turns):.2f} cards")
    line = f"  (c) score: {_share(score, games)} games (W{t.wins} L{games - t.wins - t.draws} D{t.draws})"
    print(line + (f" | goal {goal}" if goal else ""))
    ms = 1e3 * t.seconds / max(1, t.decisions)
    print(f"      {ms:.2f} ms per decision over {t.decisions} decisions", flush=True)
    return t


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--games", type=int, default=200, help="games per pairing (default %(default)s)")
    ap.add_argument("--first-game", type=int, default=0, help="seed of the first game (default %(default)s)")
    ap.add_argument("--level", default="normal", help="the computer level measured (default %(default)s)")
    a = ap.parse_args(argv)
    games, first, level = a.games, a.first_game, a.level
    print(f"# activity against the greedy baseline ({machine()})")
    report("greedy", games, first, goal="about 50% (baseline: seat and deck swaps cancel)")
    report(level, games, first, goal="clearly above 50%")


if __name__ == "__main__":
    main()
