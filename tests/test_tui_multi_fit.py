"""Pilot tests: what playing a four-player Redemption game at 80x24 showed (the header, the cut picker).

The main paths of three and four players (the form, save and resume, hot seat, the rematch, snapshots) are in
test_tui_multi.py."""

from __future__ import annotations

import asyncio
import re

import saves
from rules.lessons import keyed_state
from rules.redemption import Game
from tests.pilot import screen_text, settle
from tui.screens.game import GameScreen
from tui.session import Seat, Session


def make_app(save_dir, start):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False), start=start)


def test_four_players_header_keeps_what_is_asked_at_80_columns(save_dir):
    """Over the hand limit with four players: the full score leaves no room, so the short score makes it."""
    seats = [{"hand": ["gideon", "barak", "ehud", "daniel", "haman", "sisera", "eglon", "goliath", "delilah"]}]
    seats += [{"deck": ["ls_debtor"]} for _ in range(3)]
    start = {"decks": ["G", "H", "G", "H"], "phase": "hand_limit", "active": 0, "turn": 5, "first": 0}
    state, _ = keyed_state("redemption", {**start, "souls_drawn": [0] * 4, "seat": seats})
    game = Game.from_dict(state)
    assert game.phase == "hand_limit" and game.current_player == 0
    players = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Computer {q}", "kind": "computer", "level": "normal"} for q in (2, 3, 4)
    ]
    meta = saves.Meta(players=players, extra={"vs": "computer", "level": "normal", "viewer": 0, "screen": "game"})
    app = make_app(save_dir, Session(game, meta, saves.save_path("limit", save_dir)))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            line = screen.status_text(game.view(0))
            assert len(line) <= 78
            assert "Your move: discard phase: hand limit" in line and "Redeemed 0-0-0-0 of 5" in line
            # a refusal longer than the line is wrapped onto the rows below it, not cut ("It is your D")
            hand = screen.query_one("#hand")
            screen.submit("end")  # typed: no phase to end, the hand limit comes first
            await pilot.pause()
            status = screen.query_one("#status")
            said = screen._message
            assert len(said) > 78 and status.size.height >= 2, (said, status.size)
            shown = " ".join(screen_text(app).splitlines()[: status.size.height])
            assert " ".join(said.split()) in " ".join(shown.split()), (said, shown)
            await pilot.press("enter")  # a discard: the header is one line again
            await pilot.pause()
            assert not screen._message and status.size.height == 1 and len(hand.items) == 8

    asyncio.run(go())


def test_the_cut_dialog_says_all_its_keys_at_80x24(save_dir):
    """Four seats: Player 1 cuts last (the cut picker's keys line ended "r: a rand" at 80 columns)."""
    from tui.screens.number import NumberScreen

    seats = [Seat("human", "Ann")] + [Seat("computer") for _ in range(3)]
    session = Session.new("redemption", seed=4, seats=seats, path=saves.save_path("cut4", save_dir))
    app = make_app(save_dir, session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert session.game.phase == "cut" and session.my_turn and len(session.game.history) == 3
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NumberScreen)
            box = app.screen.query_one("#number-dialog").region  # the board shows around the dialog
            lines = screen_text(app).splitlines()[box.y : box.bottom]
            inside = " ".join(line[box.x : box.right] for line in lines)
            words = " ".join(re.sub(r"[┃┏┓┗┛━▊▎▔▁|+-]", " ", inside).split())  # however the lines wrap
            assert "r: a random cut, Esc: back." in words

    asyncio.run(go())
