"""A decision in the middle of an ability, at the keyboard (redemption.decision): the cards it shows are listed by
name to their chooser, picked with the arrows or a number and confirmed with Enter."""

from __future__ import annotations

import asyncio

import pytest

import saves
from tests.pilot import screen_text, settle
from tests.redemption_helpers import scenario
from tui.session import Session

LOOK = """
[start]
phase = "prep"
active = 0
turn = 3
[[start.seat]]
hand = ["gleaning"]
deck = ["gideon", "ls_debtor", "barak", "deborah", "ehud"]
[[start.seat]]
deck = ["peter", "ls_orphan", "james"]
"""


@pytest.fixture
def make_app(save_dir):
    from tui.app import RedemptionApp, Settings

    def make(start=None, **kw):
        return RedemptionApp(Settings(save_dir=save_dir, pause=0.0, signals=False, **kw), start=start)

    return make


def test_a_look_at_the_top_is_answered_by_keys(make_app, save_dir):
    """Gleaning in the Field: the three cards are listed by name; 2 then Enter takes Barak into the hand; the two
    others' order is asked next, answered by the arrows and Enter; the coach says what is asked."""
    from textual.widgets import OptionList

    from rules import coach
    from tui.screens.choice import DecisionScreen

    b = scenario(LOOK)
    session = Session.new("redemption", seed=3, path=saves.save_path("look", save_dir))
    session.game = b.game
    app = make_app(start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")  # play the Dominant from the hand
            await pilot.pause()
            assert session.game.s.pending is not None
            assert isinstance(app.screen, DecisionScreen)
            options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
            assert [o.split(" (")[0] for o in options] == ["1. Gideon", "2. Barak"]  # a Lost Soul cannot be taken
            assert "3 cards, shown to you only" in screen_text(app)
            said = coach.advise(session.game, 0).purpose
            assert "Gideon" in said and "Barak" in said and "Lost Soul: the Debtor" in said
            assert "Gideon" not in coach.advise(session.game, 1).purpose
            await pilot.press("2", "enter")
            await pilot.pause()
            assert session.game.zone_of(b["barak"]) == (0, "hand")
            assert isinstance(app.screen, DecisionScreen)  # then the order of the other two, at once
            options = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
            assert [o.split(" (")[0] for o in options] == ["1. Gideon", "2. Lost Soul: the Debtor"]
            await pilot.press("down", "enter")  # the Debtor goes under first, Gideon last
            await pilot.pause()
            assert session.game.s.pending is None and not isinstance(app.screen, DecisionScreen)
            assert session.game.z[0]["deck"][-2:] == [b["ls_debtor"], b["gideon"]]

    asyncio.run(go())
