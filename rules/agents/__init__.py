"""Computer opponents for both games.

Levels (``make_agent(game_name, level, seed=0, time_limit=None)``):

* ``random``: a uniformly random legal action. A baseline for measurements.
* ``easy``: the heuristic, but about one decision in three is a random legal action.
* ``normal``: the game's heuristic. Resurrection: the card with the best expected
  material swing against the cards the opponent may still hold (tracking every
  card revealed so far). Redemption: block when the block wins, play the
  enhancements that flip the battle, present the Hero most likely to rescue,
  challenge rather than discard a hand over the limit.
* ``hard``: Information-Set Monte Carlo Tree Search over determinizations
  (multiple-observer: a player's tree never depends on what that player cannot
  see), time-boxed to ``time_limit`` seconds per decision (1 s by default).
  Resurrection searches every decision with random playouts to the end of the
  game. Redemption searches the battle decisions (which Hero, block, enhance,
  pass, surrender; not a battle with no soul in reach, which is challenge or
  nothing, left to the heuristic): its tree stops at the end of the turn, and its
  simulations, played by the heuristic, go on through the other player's reply
  turn, at whose end a heuristic evaluation (Redeemed Souls, characters and
  cards in hand and territory, souls in each Land of Bondage) scores them; the
  setup and placement decisions are left to the heuristic.

Measured strength: ``python -m tests.bench.strength`` (it prints each pairing's
score with its interval); how active the Redemption levels are against a greedy beginner:
``python -m tests.bench.activity``. Decision times: ``python -m tests.bench.ai_time``.

Every agent is deterministic given its seed (the hard level also given
``iterations=`` instead of a time limit: then its move is a pure function of the
seed and the position, so a resumed game or a review sees the same move; the
default hard level is time-boxed, so its moves depend on the machine's speed). Agents decide only from what their
player may know: ``choose(view, legal_actions)`` sees the view; agents that need
more have ``choose_in(game)`` and learn hidden information only through
``game.determinize(player, rng)`` (or, for the Resurrection heuristic, through
``game.known_cards(player)``: the cards that player has seen). The app calls
``agent.choose_in(game)`` when the agent has it, else
``agent.choose(game.view(p), game.legal_actions())``; :func:`choose_for` does exactly that.
Pure Python, no I/O; imports only ``rules``.
"""

from __future__ import annotations

from typing import Any

from rules.agents.base import Agent, RandomAgent, choose_for, play_match
from rules.games import find_game

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
#: Default thinking time of the hard level, seconds per decision.
HARD_TIME_LIMIT = 1.0
#: Chance that the easy level plays a random legal action instead of the heuristic's.
EASY_NOISE = 0.35


def make_agent(
    game_name: str, level: str, seed: int = 0, time_limit: float | None = None, iterations: int | None = None
) -> Any:
    """A computer player for ``game_name`` at ``level``.

    ``time_limit`` only concerns the hard level (seconds per decision; default
    1 s). ``iterations`` caps the hard level's search instead (deterministic).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    mod = find_game(game_name).agents_module()  # ValueError for an unknown game
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return mod.heuristic_agent(seed, noise=EASY_NOISE, level="easy")
    if level == "normal":
        return mod.heuristic_agent(seed, noise=0.0, level="normal")
    if time_limit is None and iterations is None:
        time_limit = HARD_TIME_LIMIT
    return mod.search_agent(seed, time_limit=time_limit, iterations=iterations)


__all__ = ["Agent", "LEVELS", "HARD_TIME_LIMIT", "RandomAgent", "choose_for", "make_agent", "play_match"]
