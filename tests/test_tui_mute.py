"""Pilot test at 80x24 of the mute key (redemption.dominant.mute): in a Dominant window, m declines it and keeps the
Dominant from stopping its player again, until the turn or the game ends, and the prompt names the key."""

from __future__ import annotations

import asyncio

from tests.redemption_helpers import build
from tests.test_real_g10 import pos
from tests.test_tui_minors import computer_plays, make_app, seated
from tui.screens.choice import ChoiceScreen
from tui.screens.game import GameScreen


def test_m_in_a_dominant_window_mutes_the_dominant_until_the_game_ends(save_dir):
    b = build(
        {"hand": ["barak"], "territory": ["gideon"]},
        {"hand": ["day_of_judgment"], "land_of_bondage": ["ls_orphan"]},
        phase="prep",
        filler=5,
    )
    app = make_app(save_dir, seated(b.game, save_dir))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.check_action("mute", ()) is False  # no window asks you: not in the Footer
            computer_plays(screen, f"play {b['barak']}")  # a Dominant window for you after a Preparation action
            await pilot.pause()
            game = screen.session.game
            assert screen.session.my_turn and game.decision()["kind"] == "window"
            assert screen.check_action("mute", ()) is True
            prompt = " ".join(str(screen.query_one("#battle").render()).split())
            assert "or pass (Space); m: not stopped for it again." in prompt  # the key, on the board
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert app.screen.title_text == "Not stopped for which Dominant, until when?"  # the game's question
            assert app.screen.options == [
                "Play no Dominant now; Day of Judgment does not stop me until this turn ends",
                "Play no Dominant now; Day of Judgment does not stop me until the game ends",
            ]
            await pilot.press("down", "enter")
            await pilot.pause()
            dj = b["day_of_judgment"]
            assert game.history[-1] == f"mute {dj} game" and dj in game.s.mute
            assert not screen.session.my_turn  # the window is declined: the game goes on

    asyncio.run(go())


def test_a_window_that_opens_again_after_a_mute_shows_the_dominant_it_stops_you_for(save_dir):
    # You hold two Dominants; you mute the one under the cursor in the first window, and the next action opens a
    # window for the other: the Field describes that one (what the window offers now), not the muted one.
    b = pos(
        {"hand": ["barak", "gideon"], "deck": ["john", "john", "john"]},
        {"hand": ["day_of_judgment", "manna_from_heaven"], "land_of_bondage": ["ls_orphan"], "deck": ["john"] * 4},
    )
    app = make_app(save_dir, seated(b.game, save_dir))

    def shown(screen: GameScreen) -> str:
        return " ".join(str(screen.query_one("#battle").render()).split())

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            game = screen.session.game
            dj, manna = b["day_of_judgment"], b["manna_from_heaven"]
            computer_plays(screen, f"play {b.ids[0, 'barak']}")
            await pilot.pause()
            assert game.decision()["kind"] == "window" and screen.selected_card() == dj
            assert f"▶ {dj} Day of Judgment:" in shown(screen)
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            await pilot.press("enter")  # not stopped for Day of Judgment until this turn ends
            await pilot.pause()
            assert game.history[-1] == f"mute {dj}" and not screen.session.my_turn
            computer_plays(screen, f"play {b['gideon']}")
            await pilot.pause()
            assert game.decision()["kind"] == "window" and screen.session.my_turn  # for Manna from Heaven
            assert screen.selected_card() == manna
            assert f"▶ {manna} Manna from Heaven:" in shown(screen) and "Day of Judgment" not in shown(screen)

    asyncio.run(go())
