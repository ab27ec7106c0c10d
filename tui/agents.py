"""Computer opponents: ``rules.agents`` when it has a player for the game, else a stand-in."""

from __future__ import annotations

from typing import Any

from rules.core import GameBase


class FirstLegal:
    """Stand-in when no real computer player exists for a game: the first legal action, always."""

    level = "stand-in"

    def __init__(self, game_name: str, level: str, seed: int):
        self.game_name, self.seed = game_name, seed

    def choose(self, game_view: dict[str, Any], legal_actions: list[Any]) -> Any:
        return legal_actions[0]


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer in ``seat``, from the game's (a resumed game plays on as it would have). Kept to 62
    bits: an agent derives seeds of its own from it (``seed + 1``) and the engine's Rng takes at most 64 bits, and a
    seed it refuses would leave the stand-in playing instead of the computer."""
    return (game_seed * 2 + seat) % (1 << 62)


def make_agent(game_name: str, level: str, seed: int) -> Any:
    try:
        from rules.agents import make_agent as real  # imported lazily: pure Python, but not needed for the title screen
    except ImportError:
        return FirstLegal(game_name, level, seed)
    try:
        return real(game_name, level, seed)
    except ValueError:  # no player for this game yet
        return FirstLegal(game_name, level, seed)


def choose(agent: Any, game: GameBase) -> Any:
    """The agent's action for the current player of ``game`` (a private copy: this runs in a worker thread)."""
    try:
        from rules.agents import choose_for
    except ImportError:
        p = game.current_player
        assert p is not None  # the computer is asked only to move in a game that goes on
        return agent.choose(game.view(p), game.legal_actions())
    return choose_for(agent, game)
