"""Per-game presentation: how each game's ``view(player)`` becomes pane texts, and its card names.

Which class presents a game is the game's ``screen`` in ``rules.games`` ("module:Class"), resolved here
(``rules`` never imports ``tui``)."""

from __future__ import annotations

import importlib
from typing import Any

from rules.games import find_game
from tui.games.board import GameUI


def ui_for(game_name: str, ascii_only: bool = False) -> GameUI[Any]:
    """The presentation of ``game_name``; ValueError for a game with none."""
    try:
        module, _, name = find_game(game_name).screen.partition(":")
        cls = getattr(importlib.import_module(module), name)  # the registry's "module:Class" (rules.games)
    except (ValueError, ImportError, AttributeError) as e:
        raise ValueError(f"no screens for the game {game_name!r} ({e})") from None
    ui: GameUI[Any] = cls(ascii_only)
    return ui
