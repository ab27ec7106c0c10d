"""The agent protocol and the pieces every agent shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from rules.core import GameBase, Rng


@runtime_checkable
class Agent(Protocol):
    """A computer player. ``choose`` sees only that player's view and the legal actions."""

    level: str

    def choose(self, view: dict[str, Any], legal_actions: list[Any]) -> Any:  # pragma: no cover - protocol
        ...


@dataclass(frozen=True)
class Eye:
    """How the computer's eye reads one game.

    ``search(seed, iterations)`` is the hard player's search (an ISMCTS) that picks the preferred move;
    ``playout(g, rng, start)`` plays a re-dealt position on after a move; ``value(g, seat)`` scores where it
    ends (a finished game: 1, 0.5 or 0); ``samples`` is the number of re-deals both moves are measured on (0: the review's own number).
    """

    search: Callable[[int, int], Any]
    playout: Callable[[Any, Any, Any], None]
    value: Callable[[Any, int], float]
    samples: int


@runtime_checkable
class ChoosesInGame(Protocol):
    """A computer player that needs more than the view: it samples what it cannot see through
    ``game.determinize``, so it is asked with the game."""

    def choose_in(self, game: GameBase) -> Any: ...


def choose_for(agent: Any, game: GameBase) -> Any:
    """Ask ``agent`` for the current player's action the way the app does.

    Agents that need more than the view (they sample hidden information through
    ``game.determinize``) have ``choose_in(game)``; the others get the view.
    """
    if isinstance(agent, ChoosesInGame):
        return agent.choose_in(game)
    p = game.current_player
    if p is None:
        raise ValueError("the game is over: nobody has a move")
    return agent.choose(game.view(p), game.legal_actions())


class RandomAgent:
    """Plays a uniformly random legal action."""

    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[Any]) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self.rng.below(len(legal_actions))]

    def choose_in(self, game: GameBase) -> Any:
        return self.choose({}, game.legal_actions())


def play_match(game: GameBase, agents: list[Any], max_actions: int = 100_000) -> GameBase:
    """Play ``game`` to the end in place with ``agents[p]`` choosing for player ``p``."""
    for _ in range(max_actions):
        if game.is_over:
            return game
        p = game.current_player
        assert p is not None  # the game is not over
        action = choose_for(agents[p], game)
        outcome = game.apply(action)
        if not outcome.ok:
            raise RuntimeError(f"agent {agents[p]!r} chose an illegal action {action}: {outcome.reason}")
    raise RuntimeError(f"the game did not end within {max_actions} actions")
