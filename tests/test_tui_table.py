"""Pilot tests for the table at 80x24: reading every card, seeing every result, the keys' answers (issue 14)."""

from __future__ import annotations

import asyncio

import pytest

import saves
from tests.redemption_helpers import build
from tui.screens.game import GameScreen
from tui.session import Session
from tui.widgets import CardList


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    d = tmp_path / "saves"
    monkeypatch.setenv("REDEMPTION_SAVE_DIR", str(d))
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return d


def make_app(save_dir, start=None, **kw):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False, **kw), start=start)


def screen_text(app) -> str:
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def settle(app, pilot):
    for _ in range(20):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not isinstance(app.screen, GameScreen) or not app.screen._thinking:
            return


def finished_resurrection(save_dir) -> Session:
    s = Session.new("resurrection", seed=3, level="easy", path=saves.save_path("over", save_dir))
    while not s.game.is_over:
        assert s.act(s.game.legal_actions()[0], by_computer=s.is_computer(s.game.current_player)).ok
    s.autosave()
    return s


def test_game_over_says_who_won_and_why_and_offers_new_game_and_rematch(save_dir):
    session = finished_resurrection(save_dir)
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            text = screen_text(app)
            footer = text.splitlines()[-1]
            field = str(app.screen.query_one("#battle").render())
            assert "GAME OVER: You win (Computer has no cards left to play)." in field
            assert "Game over: You win" in text.splitlines()[0]
            assert "New game" in footer and "Rematch" in footer
            assert "Play" not in footer and "Undo" not in footer  # no key that can no longer act
            before = len(session.meta.log)
            await pilot.press("enter", "u")  # nothing happens, nothing breaks
            assert len(session.meta.log) == before
            await pilot.press("r")
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.session is not session
            new = screen.session
            assert new.game.name == "resurrection" and not new.game.is_over and new.level == "easy"
            assert new.meta.extra["first"] == 1 - session.meta.extra["first"]
            assert new.path != session.path and new.path.exists()

    asyncio.run(go())


def test_u_always_answers(save_dir):
    session = Session.new("resurrection", seed=3, level="normal", path=saves.save_path("u", save_dir))
    app = make_app(save_dir, start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("u")
            await pilot.pause()
            assert "Undo works only against the computer at the easy level." in screen_text(app).splitlines()[0]

    asyncio.run(go())
