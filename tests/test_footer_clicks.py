"""A click on a key of the Footer is never lost silently: it acts on the bindings as the click lands (a key lit a
moment before its look was redrawn, or while the app had no focus, as a browser tab in the background has none),
and a click on a key that cannot act now is refused in words. The clicks come as the terminal driver delivers
them (to the app, which sets its focus back and forwards them to the widget under the pointer), not as Pilot's
``click`` does (straight to the screen)."""

from __future__ import annotations

import asyncio

from textual import events

import saves
from tui.app import RedemptionApp, Settings
from tui.compat import LiveFooterKey
from tui.session import Session


def footer_key(screen, action: str) -> LiveFooterKey:
    """The Footer's key for ``action`` (every key the app's Footer makes is a LiveFooterKey)."""
    return next(k for k in screen.query(LiveFooterKey) if k.action == action)


def play_key(screen) -> LiveFooterKey:
    return footer_key(screen, "play")


async def click_from_the_terminal(app, widget) -> None:
    """A left click on ``widget`` as the terminal driver posts it (a browser's or a terminal's mouse report)."""
    x, y = widget.region.x + 1, widget.region.y
    for cls in (events.MouseDown, events.MouseUp, events.Click):
        app.post_message(cls(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


async def click_and_wait_for_a_move(app, pilot, session, widget) -> int:
    """Click ``widget`` from the terminal and give the app up to 40 frames to play; the moves in the log before."""
    moves = len(session.meta.log)
    await click_from_the_terminal(app, widget)
    for _ in range(40):
        await pilot.pause()
        if len(session.meta.log) > moves:
            break
    return moves


def test_play_lights_while_the_app_has_no_focus_and_the_click_that_brings_the_focus_back_plays(tmp_path):
    """Your card played, the app loses the focus (the player looks at another tab), the computer answers: Play
    lights in the Footer all the same, and the click on it (which gives the app its focus back) plays your next
    card. Before, Play stayed dimmed until the focus came back, and that click only rang the bell."""
    session = Session.new("resurrection", seed=1, level="random", path=saves.save_path("blur", tmp_path))
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=0.3, signals=False), start=session)

    async def go():
        async with app.run_test(size=(100, 27)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("1", "enter")
            await pilot.pause()
            assert not session.my_turn and play_key(screen).has_class("-disabled")
            app.post_message(events.AppBlur())
            await pilot.pause()
            assert app.app_focus is False
            for _ in range(100):  # the computer's answer, after its pause
                if session.my_turn:
                    break
                await asyncio.sleep(0.05)
            await pilot.pause()
            await pilot.pause()
            assert session.my_turn and app.app_focus is False
            play = play_key(screen)
            assert not play.has_class("-disabled")  # lit while the app has no focus
            moves = await click_and_wait_for_a_move(app, pilot, session, play)
            assert app.app_focus is True
            assert len(session.meta.log) > moves  # the click played the card under the cursor

    asyncio.run(go())


def test_a_click_on_play_that_is_stale_lit_or_dimmed_acts_on_the_bindings_as_it_lands(tmp_path):
    """The Footer's look one frame behind the game, both ways: Play drawn dimmed on your move plays the card; Play
    drawn lit on the computer's move is refused in words, and neither click is lost without a word."""
    session = Session.new("resurrection", seed=1, level="random", path=saves.save_path("stale", tmp_path))
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=30.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(100, 27), notifications=True) as pilot:
            await pilot.pause()
            screen = app.screen
            play = play_key(screen)
            assert session.my_turn and not play.has_class("-disabled")
            play.show_enabled(False)  # the look a frame behind: still dimmed from the computer's move
            moves = await click_and_wait_for_a_move(app, pilot, session, play)
            assert len(session.meta.log) > moves and not session.my_turn  # played; the computer's move waits
            await pilot.pause()
            assert play.has_class("-disabled")
            play.show_enabled(True)  # a frame behind the other way: still lit from your move
            app.clear_notifications()
            moves = len(session.meta.log)
            await click_from_the_terminal(app, play)
            for _ in range(10):
                await pilot.pause()
            assert len(session.meta.log) == moves and not session.my_turn
            assert play.has_class("-disabled")  # its look follows the click at once
            said = [n.message for n in app._notifications]
            assert said == ["It is Computer's move, not yours."], said

    asyncio.run(go())


def test_a_click_on_a_dimmed_undo_says_why_as_its_key_does(tmp_path):
    session = Session.new("resurrection", seed=1, level="easy", path=saves.save_path("undo", tmp_path))
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=30.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(100, 27), notifications=True) as pilot:
            await pilot.pause()
            undo = footer_key(app.screen, "undo")
            assert undo.has_class("-disabled")  # nothing of yours to undo yet
            await click_from_the_terminal(app, undo)
            for _ in range(10):
                await pilot.pause()
            said = [n.message for n in app._notifications]
            assert said == [
                "Nothing to undo: no action of yours since the last card was revealed, drawn or answered."
            ], said

    asyncio.run(go())
