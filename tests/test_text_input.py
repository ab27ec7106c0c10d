"""A character typed right after a burst of backspaces, in one read, is not lost.

Textual inserts a typed character as soon as the text field receives the key, but runs a bound key such as
backspace only once the event has bubbled back up to the app (Textual issue #6605). When the terminal delivers
"3 backspaces, x, y" in one read, the keys are queued together and the field would apply x and y before the
backspaces, which would then delete them; the app runs a field's own editing keys as it receives them.
"""

from __future__ import annotations

import asyncio

from textual import events
from textual.widgets import Input

from tui.app import RedemptionApp, Settings
from tui.screens.title import NewGameScreen


def test_backspaces_and_characters_in_one_burst_apply_in_order(tmp_path):
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=0.0, signals=False))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            field = app.screen.query_one("#name", Input)
            field.focus()
            await pilot.pause()
            for burst, want in (
                (["backspace"] * 3 + ["x", "y"], "abcxy"),
                (["backspace"] * 10 + ["z"], "z"),
                (["left", "left", "backspace", "q"], "abcqef"),
            ):
                field.value = "abcdef"
                field.cursor_position = 6
                await pilot.pause()
                for key in burst:  # queued at once, as the driver does with one read from the terminal
                    app.post_message(events.Key(key, key if len(key) == 1 else None))
                await pilot.pause()
                await pilot.pause()
                assert field.value == want, burst
            await pilot.press("ctrl+q")  # a priority binding still comes first, even in a text field

    asyncio.run(go())
    assert app.return_code == 0


def test_characters_then_enter_in_one_burst_submit_the_whole_text(tmp_path):
    """The other order: a name typed and Enter in one read submits the whole name (Enter is a bound key too)."""
    app = RedemptionApp(Settings(save_dir=tmp_path, pause=30.0, signals=False))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            field = app.screen.query_one("#name", Input)
            field.focus()
            await pilot.pause()
            for key in ["m", "y", "x", "backspace", "g", "enter"]:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            for _ in range(5):
                await pilot.pause()
            assert (tmp_path / "myg.toml").exists()
            await pilot.press("q")

    asyncio.run(go())
