"""The rules engines: pure, deterministic game logic with no I/O of its own.

Every game module offers ``new_game(seed, ...)`` and a ``Game`` class that follows
the contract in :mod:`rules.core` (modelled on python-chess and OpenSpiel).
"""

from rules.core import Event, GameBase, Outcome, Rejection, Rng
from rules.games import game_class, game_from_dict

__all__ = ["Event", "GameBase", "Outcome", "Rejection", "Rng", "game_class", "game_from_dict"]
