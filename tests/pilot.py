"""What the Pilot tests share: the screen as text, waiting for the computer's moves to land, a finished game."""

from __future__ import annotations

import contextlib

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


def play_to_end(s) -> None:
    """Finish the session's game by playing the first legal action each time (each seat as it sits), and save it
    once, at the end (each accepted action would write the whole file again: see :func:`saved_at_the_end`)."""
    with saved_at_the_end(s):
        while not s.game.is_over:
            assert s.act(s.game.legal_actions()[0], by_computer=s.is_computer(s.game.current_player)).ok


@contextlib.contextmanager
def saved_at_the_end(s):
    """While a test plays a session's moves itself, no move writes the save (``Session.act`` calls ``save_soon``
    in place of a save, as for the app's screens); the game is saved once when the block ends."""
    before = s.save_soon
    s.save_soon = lambda: None
    try:
        yield s
    finally:
        s.save_soon = before
    s.autosave()
