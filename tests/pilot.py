"""What the Pilot tests share: the screen as text, and waiting for the computer's moves to land."""

from __future__ import annotations

from tui.screens.game import GameScreen


def screen_text(app) -> str:
    """Every line of the screen as shown, without styles."""
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def settle(app, pilot) -> None:
    """Let the computer's worker finish and its move land."""
    for _ in range(20):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen) or not screen._thinking:
            return
