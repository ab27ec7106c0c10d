"""Computer opponents: ``rules.agents.make_agent`` when it exists, else a stand-in that plays the first legal action."""

from __future__ import annotations

from typing import Any


class FirstLegal:
    """Stand-in used until ``rules.agents`` lands: the first legal action, always."""

    def __init__(self, game_name: str, level: str, seed: int):
        self.game_name, self.level, self.seed = game_name, level, seed

    def choose(self, game_view: dict, legal_actions: list) -> Any:
        return legal_actions[0]


def make_agent(game_name: str, level: str, seed: int) -> Any:
    try:
        from rules.agents import make_agent as real  # imported lazily: it may not exist yet
    except ImportError:
        return FirstLegal(game_name, level, seed)
    return real(game_name, level, seed)
