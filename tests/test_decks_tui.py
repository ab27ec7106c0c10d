"""The deck editor through the keyboard (Pilot), and its snapshots at 80x24 and 120x40."""

from __future__ import annotations

import asyncio

import pytest

from saves import decks as dk
from tui.app import RedemptionApp, Settings
from tui.screens.decks import DeckEditorScreen, DeckListScreen

SIZES = [(80, 24), (120, 40)]


def app_for(folder) -> RedemptionApp:
    return RedemptionApp(Settings(save_dir=folder, pause=0.0, signals=False))


def test_build_a_deck_from_a_copy_of_g_by_keyboard(folder):
    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d")
            assert isinstance(app.screen, DeckListScreen)
            await pilot.press("enter")  # G, opened as a copy
            ed = app.screen
            assert isinstance(ed, DeckEditorScreen) and ed.deck.name == "G copy" and ed.deck.size == 50
            await pilot.press("slash", *"barak", "enter")  # search, then back to the pool
            assert [ed.pool[0]] == ["barak"]
            await pilot.press("minus")
            assert "barak" not in ed.deck.cards and ed.deck.size == 49
            status = str(ed.query_one("#deck-status").render())
            assert "Not legal (1)" in status and "redemption.deck.size" in status
            await pilot.press("slash", *["backspace"] * 5, *"herod", "enter")
            herod = ed.pool.index("herod")
            ed.query_one("#pool").highlighted = herod
            await pilot.press("plus")
            assert ed.deck.cards["herod"] == 1 and ed.deck.size == 50
            assert "Legal (Type 1)" in str(ed.query_one("#deck-status").render())
            await pilot.press("w", *["backspace"] * 10, *"Herod", "enter")
            await pilot.pause()
            assert not ed.dirty
            saved = dk.load("Herod", folder)
            assert saved.cards == ed.deck.cards and not saved.problems()
            await pilot.press("escape")
            assert isinstance(app.screen, DeckListScreen)
            assert [d.name for d in app.screen.decks] == [*dk.bundled_names(), "Herod"]

    asyncio.run(go())


def test_filters_cycle_and_leaving_unsaved_asks(folder):
    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d", "n")
            ed = app.screen
            assert isinstance(ed, DeckEditorScreen) and ed.deck.size == 0
            await pilot.press("t")  # Heroes
            assert ed.pool and all(
                k in dk.deck_rules().CARDS and dk.deck_rules().CARDS[k].type == "hero" for k in ed.pool
            )
            await pilot.press("l", "l")  # evil: no Heroes are evil
            assert ed.pool == []
            await pilot.press("t", "l", "l", "b")  # evil characters, any side, the first brigade
            assert ed.pool and all(
                dk.deck_rules().CARDS[k].type == "evil_character"
                and ed.filters["brigade"] in dk.deck_rules().CARDS[k].brigades
                for k in ed.pool
            )
            await pilot.press("a")
            assert ed.deck.size == 1 and ed.dirty
            await pilot.press("escape")
            assert app.screen.__class__.__name__ == "ConfirmScreen"
            await pilot.press("n")
            assert app.screen is ed

    asyncio.run(go())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_deck_editor_snapshot(snap_compare, folder, size):
    async def run_before(pilot):
        await pilot.press("d", "enter")
        await pilot.press("slash", *"gideon", "enter")
        await pilot.pause()

    assert snap_compare(app_for(folder), terminal_size=size, run_before=run_before)


def test_new_game_form_plays_your_own_deck(folder):
    from textual.widgets import RadioButton, Select

    from tui.screens.game import GameScreen

    mine = dk.from_keys("Herod", [("herod" if k == "barak" else k) for k in dk.deck_rules().DECKS["G"]["cards"]])
    dk.save(mine, folder)

    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            form = app.screen
            form.query_one("#g-redemption", RadioButton).value = True
            form.query_one("#deck-0", Select).value = "Herod"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            game = app.screen.session.game
            assert game.decks == ["Herod", "H"]
            assert sorted(k for k, o in game.cards.values() if o == 0) == sorted(mine.keys)

    asyncio.run(go())


def test_a_burst_of_keys_searches_and_adds_in_order(folder):
    """'/herod', Enter, Down, '+' arriving in one read (fast typing, a paste over SSH): each key goes where the
    keys before it sent the focus, so the letters search and none of them runs a pool command (r renames)."""
    from textual import events

    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d", "enter")
            await pilot.pause()
            ed = app.screen
            for key, ch in [("slash", "/"), *[(c, c) for c in "herod"], ("enter", "\r"), ("down", None), ("plus", "+")]:
                app.post_message(events.Key(key, ch))
            for _ in range(100):  # bounded: a loaded machine takes longer to handle the burst
                await pilot.pause(0.02)
                if ed.deck.size == 51:
                    break
            assert app.screen is ed and ed.query_one("#pool-search").value == "herod"
            # our Herod first; the real cards with Herod in their names are in the pool too (rules/redemption/real)
            assert ed.pool[0] == "herod" and {"herodias", "herods_banquet"} <= set(ed.pool)
            assert ed.deck.cards.get(ed.pool[1]) == 1 and ed.deck.size == 51

    asyncio.run(go())


def _burst(app, keys):
    """Every key queued at once, as the terminal driver does with one read (fast typing, a paste over SSH)."""
    from textual import events

    names = {"\r": "enter", "+": "plus", "/": "slash", " ": "space"}
    for ch in keys:
        app.post_message(events.Key(names.get(ch, ch), ch))


@pytest.mark.parametrize(
    "burst,size,saved",
    [
        (
            "wattle\r",
            50,
            "attle",
        ),  # every letter after 'w' goes into the name ('a' adds, 't' and 'l' filter in the pool)
        ("++wMine\r", 52, "Mine"),  # the keys before 'w' still act in the editor, first
        ("/rew\rwOwn\r", 50, "Own"),  # in the search field 'r' and 'w' are letters; after Enter, 'w' saves as
    ],
)
def test_keys_typed_with_save_as_go_into_the_name(folder, burst, size, saved):
    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d", "enter")
            await pilot.pause()
            ed = app.screen
            _burst(app, burst)
            for _ in range(40):
                await pilot.pause(0.02)
                if app.screen is ed and ed.saved_name:
                    break
            assert app.screen is ed and ed.saved_name == saved and not ed.dirty
            assert ed.deck.size == size and ed.filters == {"type": "", "align": "", "brigade": ""}
            assert dk.load(saved, folder).cards == ed.deck.cards

    asyncio.run(go())


@pytest.mark.parametrize(
    "burst,size,dirty",
    [
        ("wMine\r+", 51, True),  # the '+' typed right after the dialog's Enter adds a copy in the editor
        ("wMine\r++-", 51, True),
        ("wMine\r\x1b", 50, False),  # Esc right after it leaves the editor (nothing unsaved: no question)
    ],
)
def test_keys_typed_after_the_dialog_closes_act_in_the_editor(folder, burst, size, dirty):
    async def go():
        from textual import events

        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("d", "enter")
            await pilot.pause()
            ed = app.screen
            names = {"\r": "enter", "+": "plus", "-": "minus", "\x1b": "escape"}
            for ch in burst:
                app.post_message(events.Key(names.get(ch, ch), ch))
            for _ in range(40):
                await pilot.pause(0.02)
                if ed.saved_name and (ed.deck.size == size or app.screen is not ed):
                    break
            await pilot.pause(0.05)
            assert ed.saved_name == "Mine" and ed.deck.size == size and ed.dirty is dirty
            assert (app.screen is ed) is (burst[-1] != "\x1b")

    asyncio.run(go())
