"""Pilot tests at 80x24 of what a Redemption player met in a first game: what the Field says since your move, the
cursor after a play, the order of targets, clicks on cards, the header line and the words in hot seat."""

from __future__ import annotations

import asyncio

import saves
from tests.pilot import screen_text
from tests.redemption_helpers import build
from tui.screens.game import GameScreen
from tui.session import Session


def make_app(save_dir, start):
    from tui.app import RedemptionApp, Settings

    # a long pause: the computer's own moves never land while a test makes them itself
    return RedemptionApp(Settings(save_dir=save_dir, pause=60.0, signals=False), start=start)


def seated(game, save_dir, players=None, viewer=1):
    """A session of a hand-built game: the computer at seat 0, "You" at seat 1 (or ``players``)."""
    players = players or [{"name": "Computer", "kind": "computer", "level": "normal"}, {"name": "You", "kind": "human"}]
    vs = "computer" if any(p["kind"] == "computer" for p in players) else "human"
    meta = saves.Meta(players=players, extra={"vs": vs, "level": "normal", "viewer": viewer, "screen": "game"})
    return Session(game, meta, saves.save_path("minor", save_dir))


def computer_plays(screen: GameScreen, action: str) -> None:
    """The computer's move, by the path its answers take (``computer_move``), now."""
    screen.stop_thinking()
    screen.computer_move(screen._generation, action)
    screen.stop_thinking()


def test_since_your_move_starts_again_after_you_decline_a_dominant_window(save_dir):
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
            computer_plays(screen, f"play {b['barak']}")  # a Dominant window for you after a Preparation action
            assert screen.session.my_turn and any("Barak" in line for line in screen.recent())
            await pilot.press("space")  # decline it
            await pilot.pause()
            assert not screen.session.my_turn
            for _ in range(3):  # the end of Preparation, no rescue attempt, then the end of the turn: a window
                computer_plays(screen, "end")
                if screen.session.my_turn:
                    break
            assert screen.session.my_turn and screen.session.game.decision()["kind"] == "window"
            assert not any("Barak" in line for line in screen.recent()), screen.recent()
            assert "Since your move" not in screen_text(app)

    asyncio.run(go())


def test_resurrection_counts_a_face_down_card_in_play_as_left():
    """Your last card played face down: "Left 0" read as a lost game while that card could still win."""
    from tests.resurrection_positions import position, side
    from tui.games.resurrection import ResurrectionUI

    g = position(side(hand=["BA"], rest="fallen"), side(hand=["7", "8", "9", "RJ", "RK"]))
    assert g.apply("play BA").ok and not g.is_over
    ui, names = ResurrectionUI(), ["You", "Computer"]
    view = g.view(0)
    assert view["players"][0]["cards_left"] == 0  # hand and Hero Pile: the engine's count for the end
    assert ui.score(view, names) == "Left: You 1, Computer 9" and ui.score(view, names, short=True) == "Left 1-9"
    assert ui.side(view, 0, names)[1].plain.endswith("Left 1")


def test_after_a_play_the_cursor_stays_beside_the_card_played(save_dir):
    """Playing the second card put the cursor back on the first: it goes to the nearest card you can use."""
    b = build({"deck": ["peter"] * 5}, {"hand": ["barak", "gideon", "stars_fought", "ehud"]}, phase="prep", active=1)
    app = make_app(save_dir, seated(b.game, save_dir))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            hand = app.screen.query_one("#hand")
            await pilot.press("2", "enter")  # Gideon into play
            await pilot.pause()
            assert [i.id for i in hand.items] == [b["barak"], b["stars_fought"], b["ehud"]]
            assert hand.selected == b["ehud"]  # the next card this phase can use, not Barak at the top

    asyncio.run(go())


def test_a_discard_lists_the_opponents_characters_before_your_own():
    """Day of Judgment offered your own Heroes first: the ones a player means to hit come first."""
    from tui.games.redemption import RedemptionUI

    b = build({"hand": ["day_of_judgment"], "territory": ["gideon"]}, {"territory": ["goliath", "haman"]})
    g = b.game
    doms = [a for a in g.legal_actions() if str(a).startswith("dominant")]
    assert [str(a).split()[2] for a in doms] == [b["goliath"], b["haman"], b["gideon"]], doms
    ui = RedemptionUI()
    view = g.view(0)
    ui._names, ui._you = ["You", "Computer"], 0
    question, options = ui.choices(view, doms)
    assert "Goliath" in options[0] and "your territory" in options[-1], options


def test_a_click_selects_a_card_and_a_click_on_the_selected_card_plays_it(save_dir):
    b = build(
        {"deck": ["peter"] * 5, "territory": ["goliath"]},
        {"hand": ["barak", "gideon", "ehud", "deborah"]},
        phase="prep",
        active=1,
    )
    app = make_app(save_dir, seated(b.game, save_dir))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            hand = screen.query_one("#hand")
            await pilot.click("#hand", offset=(4, 3))  # the third card's row (below the border)
            await pilot.pause()
            assert hand.selected == b["ehud"] and b["ehud"] in [i.id for i in hand.items]
            assert "Ehud" in screen_text(app).split("┏")[0]  # the Field describes the card clicked
            await pilot.click("#hand", offset=(4, 3))  # again: played, as Enter plays it
            await pilot.pause()
            assert b["ehud"] not in [i.id for i in hand.items]
            assert b["ehud"] in screen.session.game.z[1]["territory"]
            await pilot.double_click("#hand", offset=(4, 1))  # a double click plays the card at once
            await pilot.pause()
            assert b["barak"] in screen.session.game.z[1]["territory"]
            await pilot.click("#opponent", offset=(4, 1))  # their table: it opens, and plays nothing
            await pilot.pause()
            assert screen.focused is screen.query_one("#opponent")

    asyncio.run(go())
