"""--ascii leaves no other character on any screen: Textual's own borders (inputs, buttons, option lists),
its "\u2026" in cut labels and titles, the palette's prompt and the review's progress bar included."""

from __future__ import annotations

import asyncio

import saves
from tests.pilot import play_to_end, screen_text
from tui.session import Session


def finished_game(folder) -> Session:
    s = Session.new("resurrection", seed=3, level="easy", path=saves.save_path("over", folder))
    play_to_end(s)
    return s


def test_every_screen_is_plain_ascii(tmp_path, monkeypatch):
    from tui.app import RedemptionApp, Settings
    from tui.learn.screens import LessonListScreen

    monkeypatch.setenv("NO_COLOR", "1")
    folder = tmp_path / "saves"
    over = finished_game(folder)
    app = RedemptionApp(Settings(save_dir=folder, pause=30.0, signals=False, ascii=True))
    seen: dict[str, str] = {}

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:

            async def look(name: str, *keys: str) -> str:
                await pilot.press(*keys)
                await pilot.pause()
                await pilot.pause()
                seen[name] = text = screen_text(app)
                return text

            assert "Start" in await look("new game form (buttons, radio sets)", "n")
            await look("title", "escape")
            app.push_screen(LessonListScreen())
            await look("lesson list")
            rules = await look("rules reference (search field, cut titles)", "r")
            assert "..." in rules  # a rule title too long for the list is cut with three dots
            await look("lesson list again", "escape")
            await look("title again", "escape")
            app.push_screen(app.game_screen(over))
            await look("game over")
            palette = await look("command palette", "ctrl+p")
            assert "Search for commands..." in palette
            await look("game over again", "escape")
            review = await look("review (progress bar)", "v")
            assert "a: analyse" in review and "---" in review

    asyncio.run(go())
    for name, text in seen.items():
        assert text.isascii(), (name, sorted({c for c in text if not c.isascii()}))
