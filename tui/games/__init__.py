"""Per-game presentation: how each game's ``view(player)`` becomes pane texts, and its card names."""

from __future__ import annotations

from typing import Any


def ui_for(game_name: str, ascii_only: bool = False) -> Any:
    if game_name == "resurrection":
        from tui.games.resurrection import ResurrectionUI

        return ResurrectionUI(ascii_only)
    if game_name == "redemption":
        from tui.games.redemption import RedemptionUI  # type: ignore[import-not-found]

        return RedemptionUI(ascii_only)
    raise ValueError(f"no screens for the game {game_name!r}")
