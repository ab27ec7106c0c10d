"""Pilot tests: the app played by keys only."""

from __future__ import annotations

import asyncio

import pytest

import saves
from tui.screens.game import GameScreen
from tui.screens.handoff import HandOffScreen
from tui.screens.title import TitleScreen
from tui.session import Session


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    d = tmp_path / "saves"
    monkeypatch.setenv("REDEMPTION_SAVE_DIR", str(d))
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    return d


@pytest.fixture
def make_app(save_dir):
    from tui.app import RedemptionApp, Settings

    def make(start=None, **kw):
        return RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False, **kw), start=start)

    return make


async def settle(app, pilot):
    """Let the computer's worker finish and its move land."""
    for _ in range(20):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen) or not screen._thinking:
            return


def test_whole_resurrection_game_against_the_computer_by_keys(make_app, save_dir):
    app = make_app()

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("enter")  # "New game" is first when nothing is saved
            await pilot.pause()
            await pilot.press(*["tab"] * 6, "4", "2", "enter")  # seed 42, Enter starts
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            session = screen.session
            assert session.game.seed == 42 and session.vs_computer
            for _ in range(400):
                if session.game.is_over:
                    break
                assert session.my_turn
                await pilot.press("1", "enter")
                await settle(app, pilot)
            assert session.game.is_over
            assert "GAME OVER" in str(screen.query_one("#battle").render())
            saved = saves.read(session.path)
            assert saved.game == session.game and saved.meta.log == session.meta.log

    asyncio.run(go())


def test_illegal_action_is_rejected_with_reason_rule_and_bell(make_app, save_dir):
    session = Session.new("resurrection", seed=3, path=saves.save_path("rej", save_dir))
    assert "7" not in session.game.view(0)["players"][0]["hand"]
    before = session.game.to_dict()
    app = make_app(start=session)
    bells = []
    app.bell = lambda: bells.append(1)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("colon", *"play 7", "enter")
            await pilot.pause()
            assert session.game.to_dict() == before
            notes = [n.message for n in app._notifications]
            assert any("is not in your hand" in m and "resurrection.battle.1" in m for m in notes)
            assert session.meta.log[-1].startswith("Rejected:") and "resurrection.battle.1" in session.meta.log[-1]
            assert bells

    asyncio.run(go())


def test_save_quit_and_resume_to_the_identical_state(make_app, save_dir):
    session = Session.new("resurrection", seed=7, path=saves.save_path("keep", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("2", "enter")
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            await pilot.press("q")  # save and leave to the title screen
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
        return session.game.to_dict(), list(session.meta.log)

    state, log = asyncio.run(go())
    assert len(session.game.history) >= 3

    app2 = make_app()

    async def back():
        async with app2.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # Resume is first when a game is in progress
            await pilot.pause()
            await pilot.press("enter")  # the newest save
            await settle(app2, pilot)
            screen = app2.screen
            assert isinstance(screen, GameScreen)
            assert screen.session.game.to_dict() == state
            assert screen.session.meta.log == log
            assert screen.query_one("#log").written == len(log)

    asyncio.run(back())


def test_two_people_get_a_hand_off_screen_and_resume_on_it(make_app, save_dir):
    session = Session.new("resurrection", vs="human", seed=5, path=saves.save_path("duo", save_dir))
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandOffScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and session.viewer == 0
            await pilot.press("1", "enter")
            await pilot.pause()
            assert isinstance(app.screen, HandOffScreen)  # both hands hidden
            assert session.screen == "handoff"

    asyncio.run(go())
    resumed = Session.load(session.path)
    assert resumed.screen == "handoff" and resumed.game == session.game
