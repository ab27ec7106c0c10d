"""Information-Set Monte Carlo Tree Search (multiple-observer ISMCTS).

Each iteration samples a determinization of the hidden information with
``game.determinize(me, rng)`` (the only way the search learns anything the view
does not show), then walks one tree per player. A move is filed in each
player's tree under what that player observes of it: in Resurrection the
Defender observes the Aggressor's face-down card only as "?", so the Defender's
choices in the search cannot depend on it (the Defender plays blind, as in the
game). Selection is UCB1 with availability counts (a child is only a candidate
in the iterations where its action is legal). After expansion the game is played
out by a policy (random by default) to the end, or to a cut-off where an
evaluation in [0, 1] per player stands in for the result. With more than two
players there is one tree per player and each player's moves are chosen by that
player's own reward (max^n), so every player maximises their own result.
"""

from __future__ import annotations

import json
import math
import time
import zlib
from collections.abc import Callable
from typing import Any

from rules.core import GameBase, Rng

Observe = Callable[[Any, Any, int], str]
Reveal = Callable[[Any, Any], "str | None"]


class _Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0

    def child(self, key: str) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node


def public_observe(game: Any, action: Any, observer: int) -> str:
    """Every player sees every action."""
    return str(action)


def position_seed(seed: int, game: Any) -> int:
    """A seed for one decision: the agent's ``seed`` mixed with a digest of the whole state.

    The state (``to_dict``) includes the game's own random-number position, so two
    positions that look alike but will deal differently get different seeds.
    """
    digest = zlib.crc32(json.dumps(game.to_dict(), sort_keys=True, default=str).encode())
    return (seed * 0x9E3779B1 + digest) % (1 << 62)


def _legal(game: Any) -> list[Any]:
    return list(game.legal_actions())


def _seats(game: GameBase) -> int:
    return game.num_players


def result_reward(game: Any, player: int) -> float:
    """1 for a win, 0 for a loss, 0.5 for a draw (or a game cut short)."""
    w = game.winner
    if w is None:
        return 0.5
    return 1.0 if w == player else 0.0


class ISMCTS:
    """Search from ``game`` for the current player; returns the most visited action.

    ``time_limit`` (seconds) and/or ``iterations`` bound the search. Each decision draws
    its random numbers from a generator seeded by the agent's seed and the position
    (:func:`position_seed`), so with only ``iterations`` the move is a pure function of
    (seed, position): the same in a resumed game, a replay or a review as in the game
    itself. A time limit makes the iteration count, and so the move, depend on the
    machine's speed: the default hard level is time-boxed and is not reproducible.
    """

    def __init__(
        self,
        seed: int = 0,
        time_limit: float | None = 1.0,
        iterations: int | None = None,
        exploration: float = 0.7,
        observe: Observe = public_observe,
        reveal: Reveal | None = None,
        rollout: Callable[[Any, Rng, Any], None] | None = None,
        evaluate: Callable[[Any, int], float] | None = None,
        cutoff: Callable[[Any, Any], bool] | None = None,
        level: str = "hard",
        actions: Callable[[Any], list[Any]] | None = None,
    ):
        if time_limit is None and iterations is None:
            raise ValueError("give ISMCTS a time limit, an iteration count or both")
        self.seed = seed
        self.rng = Rng(seed)
        self.time_limit = time_limit
        self.iterations = iterations
        self.c = exploration
        self.observe = observe
        self.reveal = reveal
        self.rollout = rollout
        self.evaluate = evaluate
        self.cutoff = cutoff
        self.level = level
        #: the moves the search weighs in a position (default: every legal action)
        self.actions = actions if actions is not None else _legal
        self.last_iterations = 0

    #: Who answers ``choose(view, legal)`` (the search itself needs the game: ``choose_in``).
    fallback: Any = None

    def choose(self, view: dict[str, Any], legal_actions: list[Any]) -> Any:
        if self.fallback is None:
            raise TypeError("ISMCTS needs the game: call choose_in(game)")
        return self.fallback.choose(view, legal_actions)

    def choose_in(self, game: Any) -> Any:
        me = game.current_player
        legal = self.actions(game) if me is not None else []
        if me is None or not legal:
            raise ValueError("the game is over: nobody has a move")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        mine = self._search(game, me)
        by_key = {str(a): a for a in legal}
        best = max(by_key, key=lambda k: (mine[k].visits if k in mine else -1, mine[k].reward if k in mine else 0.0))
        return by_key[best]

    def action_values(self, game: Any) -> dict[str, tuple[int, float]]:
        """For each legal action of the player to move: (visits, mean reward for that player) after a search.

        The same search ``choose_in`` makes (the most visited action is the one it would play); an
        action the search never tried has (0, 0.0). Used by the review's analysis.
        """
        me = game.current_player
        legal = game.legal_actions()
        if me is None or not legal:
            raise ValueError("the game is over: nobody has a move")
        mine = self._search(game, me)
        out = {}
        for a in legal:
            node = mine.get(str(a))
            out[str(a)] = (node.visits, node.reward / node.visits) if node is not None and node.visits else (0, 0.0)
        return out

    def _search(self, game: Any, me: int) -> dict[str, _Node]:
        """Run the search from ``game`` for ``me``; the root's children in ``me``'s tree."""
        self.rng = Rng(position_seed(self.seed, game))
        roots = [_Node() for _ in range(_seats(game))]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and n and time.perf_counter() >= deadline:
                break
            self._iterate(game, me, roots)
            n += 1
        self.last_iterations = n
        return roots[me].children

    def _iterate(self, root_game: Any, me: int, roots: list[_Node]) -> None:
        rng = self.rng
        g = root_game.determinize(me, rng)
        nodes = list(roots)
        path: list[tuple[_Node, int]] = []  # (node entered by the mover's action, mover)
        start = root_game  # the position searched from (never changed)
        expanded = False
        while not g.is_over and not expanded:
            if self.cutoff is not None and self.cutoff(start, g):
                break
            q = g.current_player
            legal = self.actions(g)
            node = nodes[q]
            keyed = [(self.observe(g, a, q), a) for a in legal]
            untried = []
            best_score, best_action = -1.0, None
            for key, a in keyed:
                ch = node.children.get(key)
                if ch is None or ch.visits == 0:
                    untried.append(a)
                    continue
                ch.avail += 1
                score = ch.reward / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, best_action = score, a
            if untried:
                action = untried[rng.below(len(untried))]
                expanded = True
            else:
                action = best_action
            keys = [self.observe(g, action, r) for r in range(len(nodes))]
            shown = self.reveal(g, action) if self.reveal is not None else None
            g.apply(action)
            for r in range(len(nodes)):
                nodes[r] = nodes[r].child(keys[r])
            moved = nodes[q]
            if expanded:
                moved.avail += 1
            path.append((moved, q))
            if shown is not None:  # what the move made public, e.g. a face-down card
                for r in range(len(nodes)):
                    nodes[r] = nodes[r].child(shown)
        if not g.is_over:
            self._playout(g, start, rng)
        seats = range(len(nodes))
        if g.is_over or self.evaluate is None:
            rewards = [result_reward(g, r) for r in seats]
        elif len(nodes) == 2:
            r0 = self.evaluate(g, 0)
            rewards = [r0, 1.0 - r0]
        else:  # each player maximises their own result (max^n): every seat evaluated for itself
            rewards = [self.evaluate(g, r) for r in seats]
        for node, q in path:
            node.visits += 1
            node.reward += rewards[q]

    def _playout(self, g: Any, start: Any, rng: Rng) -> None:
        if self.rollout is not None:
            self.rollout(g, rng, start)
            return
        cutoff = self.cutoff
        while not g.is_over:
            if cutoff is not None and cutoff(start, g):
                return
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
