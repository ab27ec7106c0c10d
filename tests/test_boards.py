"""The per-game boards (tui.games.board): widgets behind one protocol, with their own styles, following the game
screen's breakpoints."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import saves
from rules.games import game_names
from tui.app import RedemptionApp, Settings
from tui.games import ui_for
from tui.games.board import TALL, WIDE, Board, GameUI
from tui.session import Session


@pytest.mark.parametrize("game", game_names())
def test_each_game_gives_the_screens_the_protocol_and_a_board_with_its_styles(game):
    ui = ui_for(game)
    assert isinstance(ui, GameUI) and ui.game == game
    board = ui.board(id="lesson-board")
    assert isinstance(board, Board) and board.id == "lesson-board" and board.ui is ui
    tcss = Path(__import__(type(ui).__module__, fromlist=["_"]).__file__).with_suffix(".tcss")
    assert type(board).DEFAULT_CSS == tcss.read_text() and f"{type(board).__name__} #battle" in type(board).DEFAULT_CSS


def test_the_game_screen_follows_its_breakpoints_when_the_terminal_is_resized(tmp_path):
    folder = tmp_path / "saves"
    session = Session.new("redemption", seed=5, path=saves.save_path("sizes", folder))
    app = RedemptionApp(Settings(save_dir=folder, pause=5.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.board.hand is screen.query_one("#hand") and screen.focused is screen.board.hand  # Board.hand
            assert screen.has_class("-narrow") and screen.has_class("-short") and not screen.wide
            assert screen.query_one("#mine").outer_size.height == 8 and screen.query_one("#log").outer_size.width == 30
            await pilot.resize_terminal(WIDE + 20, TALL + 8)
            await pilot.pause()
            await pilot.pause()
            assert screen.has_class("-roomy") and screen.has_class("-tall") and not screen.has_class("-narrow")
            assert screen.wide and screen.query_one("#mine").outer_size.height == 12  # the board's own style
            assert screen.query_one("#log").outer_size.width == (WIDE + 20) * 35 // 100
            await pilot.resize_terminal(WIDE, TALL - 1)
            await pilot.pause()
            await pilot.pause()
            assert screen.has_class("-wide") and screen.has_class("-short") and not screen.has_class("-roomy")
            assert screen.query_one("#mine").outer_size.height == 8 and screen.query_one("#log").outer_size.width == 40

    asyncio.run(go())
