"""Redemption for three and four players in the app, along the paths a player takes: a 4-player game
from the new-game form, saved, quit and resumed exactly; a hot seat game of two people and the computer with the
hand-off screen between the people; a rematch that rotates the seats; snapshots of a 4-player battle.

Every wait for the computers is a bounded loop of pauses (a test that waited forever would hang the suite); none
asserts a time.

Update the snapshots after a deliberate change with ``pytest tests/test_tui_multi.py --snapshot-update`` and read
the SVGs under ``tests/__snapshots__/test_tui_multi/``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.widgets import Input, Select

import saves
from rules.agents import choose_for, make_agent
from tests.pilot import saved_at_the_end, screen_text
from tui.app import RedemptionApp, Settings
from tui.session import Seat, Session

SIZES = [(80, 24), (120, 40)]


def app_for(folder, session=None, **kw) -> RedemptionApp:
    return RedemptionApp(Settings(save_dir=folder, pause=0.0, signals=False, **kw), start=session)


async def until(pilot, check: Callable[[], bool], tries: int = 3000) -> bool:
    """Pause until ``check()`` holds (the computers move in a thread), at most ``tries`` times."""
    for _ in range(tries):
        if check():
            return True
        await pilot.pause(0.02)
    return check()


def state(s: Session) -> tuple:
    """Everything a resumed game must have the same: every seat's view (hands included), the actions so far, the
    players (names, kinds, levels) and the seats' decks."""
    g = s.game
    return ([g.view(p) for p in range(g.num_players)], [str(a) for a in g.history], s.players, list(g.decks))


def test_a_four_player_game_from_the_form_saved_quit_and_resumed_exactly(folder):
    from tui.screens.game import GameScreen
    from tui.screens.title import NewGameScreen, ResumeScreen

    kept: dict = {}

    async def first_run():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("tab", "right", "enter")  # Game: Redemption
            await pilot.press("tab", "right", "right", "enter")  # Players: 4
            await pilot.pause()
            form = app.screen
            assert all(form.query_one(f"#seat-{i}").display for i in range(4))
            form.query_one("#who-1", Select).focus()  # seat 2: the computer at the easy level
            await pilot.press("enter", "up", "enter")
            form.query_one("#who-2", Select).value = "easy"  # seat 3 too: the computers' turns go fastest
            form.query_one("#seed", Input).focus()
            await pilot.press(*"5")
            await pilot.press("ctrl+s")
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
            s = app.screen.session
            assert s.names == ["You", "Computer 2", "Computer 3", "Computer 4"]
            assert [p["kind"] for p in s.players] == ["human", "computer", "computer", "computer"]
            assert [s.level_of(i) for i in (1, 2, 3)] == ["easy", "easy", "normal"]
            assert s.game.decks == ["G", "H", "G", "H"]
            assert await until(pilot, lambda: s.my_turn)  # the computers cut their left neighbours' decks
            shown = screen_text(app)
            assert all(f"Computer {k}" in shown for k in (2, 3, 4)), shown
            done = len(s.game.history)
            await pilot.press("enter")  # you cut Computer 2's deck: how many cards to lift (the number offered)
            await pilot.pause()
            await pilot.press("enter")  # the hands are dealt, play goes on
            assert await until(pilot, lambda: len(s.game.history) > done and (s.my_turn or s.game.is_over))
            assert all(s.game.view(p)["players"][p]["hand"] for p in range(4))
            await pilot.press("s", "q")  # save, leave to the title
            await pilot.pause()
            kept["state"], kept["path"] = state(s), s.path
            await pilot.press("q")  # quit

    async def second_run():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ResumeScreen)
            await pilot.press("enter")
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
            s = app.screen.session
            assert s.path == kept["path"]
            assert state(s) == kept["state"]
            assert [s.level_of(i) for i in (1, 2, 3)] == ["easy", "easy", "normal"]
            await pilot.press("q")

    asyncio.run(first_run())
    asyncio.run(second_run())


def test_hot_seat_for_two_people_and_the_computer_hands_off_between_the_people(folder):
    from tui.screens.game import GameScreen
    from tui.screens.handoff import HandOffScreen

    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("tab", "right", "enter")  # Game: Redemption
            await pilot.press("tab", "right", "enter")  # Players: 3
            await pilot.pause()
            form = app.screen
            assert [form.query_one(f"#seat-{i}").display for i in range(4)] == [True, True, True, False]
            form.query_one("#seat-name-0", Input).focus()
            await pilot.press(*"Ann")
            form.query_one("#who-1", Select).focus()  # seat 2: a person here
            await pilot.press("enter", "up", "up", "enter", "tab", *"Bob")
            await pilot.pause()
            assert form.query_one("#seat-name-2", Input).placeholder == "Computer"
            form.query_one("#who-2", Select).value = "easy"  # the computer's turns go fastest (not a test of it)
            await pilot.press("ctrl+s")
            # the computer cuts first (its left neighbour's deck); then Bob is asked to take the keyboard
            assert await until(pilot, lambda: isinstance(app.screen, HandOffScreen))
            s = app.screen_stack[-2].session
            assert s.names == ["Ann", "Bob", "Computer"] and s.hot_seat
            passed = []
            for _ in range(12):  # each hand-off, and each person's turn after it, until both have had the keyboard
                if not await until(pilot, lambda: isinstance(app.screen, HandOffScreen) or s.my_turn):
                    break
                if isinstance(app.screen, HandOffScreen):
                    nxt = s.game.current_player
                    assert not s.is_computer(nxt) and nxt != s.viewer
                    shown = screen_text(app)
                    assert f"Pass the keyboard to {s.name(nxt)}." in shown
                    # nobody's hand is on the screen while the keyboard changes hands
                    hands = [c["name"] for p in range(3) for c in s.game.view(p)["players"][p]["hand"]]
                    assert not [name for name in hands if name in shown]
                    passed.append(s.name(nxt))
                    await pilot.press("enter")
                    await pilot.pause()
                    assert isinstance(app.screen, GameScreen) and s.viewer == nxt
                    if len(set(passed)) == 2:
                        break
                    continue
                # a person's turn: the first legal action through the typing line, as a player may type it
                await pilot.press("colon")
                await pilot.press(*str(s.game.legal_actions()[0]), "enter")
                await pilot.pause()
            assert passed[:2] == ["Bob", "Ann"], passed
            await pilot.press("q")

    asyncio.run(go())


def finished_four_player_game(folder) -> Session:
    """A 4-player game ended after the first turn (max_turns), each seat its own level and deck."""
    seats = [Seat("human"), Seat("computer", level="easy"), Seat("computer", level="normal"), Seat("computer")]
    s = Session.new(
        "redemption",
        seed=3,
        seats=seats,
        options={"max_turns": 1},
        decks=("G", "G", "H", "H"),
        path=saves.save_path("four", folder),
    )
    agents = [make_agent("redemption", "random", seed=p) for p in range(4)]
    with saved_at_the_end(s):
        while not s.game.is_over:
            assert s.act(choose_for(agents[s.game.current_player], s.game), by_computer=True).ok
    return s


def test_a_rematch_of_four_rotates_the_seats_and_says_so(folder):
    from tui.screens.game import GameScreen

    s = finished_four_player_game(folder)
    s.players[3]["level"] = "easy"  # no search to wait for when the rematch starts

    async def go():
        app = app_for(folder, s)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "rematch (seats rotated, each player one to the left)" in screen_text(app)
            await pilot.press("r")
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.session is not s)
            new = app.screen.session
            # each player one seat to the left (the next seat): the last seat's player sits first
            assert new.names == ["Computer 4", "You", "Computer 2", "Computer 3"]
            assert [p["kind"] for p in new.players] == ["computer", "human", "computer", "computer"]
            assert [new.level_of(i) for i in (0, 2, 3)] == ["easy", "easy", "normal"]
            assert new.game.decks == ["H", "G", "G", "H"]
            assert new.viewer == 1
            app.screen.stop_thinking()
            await pilot.press("q")

    asyncio.run(go())


def four_player_battle(folder) -> Session:
    """Turn 1 of a 4-player game: you played two Heroes, attack Computer 3's Land of Bondage, Computer 3 blocks;
    you hold initiative."""
    seats = [Seat("human"), Seat("computer"), Seat("computer"), Seat("computer")]
    s = Session.new("redemption", seed=5, seats=seats, path=saves.save_path("four", folder))
    for text in (
        *["cut"] * 4,
        "first 0",
        "play A10",
        "play A11",
        "end",
        "rescue A9 2",
        "block C32",
    ):
        while s.game.s.window.queue:  # the computers holding Dominants let every window go (redemption.dominant.window)
            assert s.act("decline", by_computer=True).ok
        assert s.act(text, by_computer=s.is_computer(s.game.current_player)).ok, text
    assert s.my_turn
    return s


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_four_player_battle_snapshot(snap_compare, folder, size):
    assert snap_compare(app_for(folder, four_player_battle(folder)), terminal_size=size)


def test_on_a_tall_screen_each_opponents_second_line_lists_their_lost_souls_then_their_territory(folder):
    from tui.games.redemption import RedemptionUI

    s = four_player_battle(folder)
    ui = RedemptionUI()
    players = s.game.view(0)["players"]
    assert ui.territory_line(players[3], 70).plain == "  Bondage: the Lame, the Weary; Territory: -"
    assert ui.territory_line(players[1], 70).plain == "  Territory: -"  # no Lost Soul: no Bondage part
    mine = players[0]  # two Lost Souls and three Heroes: cut where the width ends, each part with how many more
    assert ui.territory_line(mine, 200).plain.startswith("  Bondage: the Debtor, the Thirsty; Territory: ")
    narrow = ui.territory_line(mine, 60).plain
    assert len(narrow) <= 60 and narrow.startswith("  Bondage: the Debtor, the Thirsty; Territory:")
    assert narrow.endswith("(Tab)"), narrow


def test_the_form_seats_two_for_resurrection_and_refuses_a_table_without_a_person_or_with_one_name_twice(folder):
    from textual.widgets import RadioButton

    from tui.screens.title import NewGameScreen

    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert form.query_one("#g-resurrection", RadioButton).value  # the first game: a duel, no decks
            form.query_one("#players-4", RadioButton).value = True  # a duel: back to two
            await pilot.pause()
            assert form.query_one("#players-2", RadioButton).value
            assert [form.query_one(f"#seat-{i}").display for i in range(4)] == [True, True, False, False]
            assert not form.query_one("#deck-0").display
            form.query_one("#g-redemption", RadioButton).value = True
            await pilot.pause()
            form.query_one("#players-4", RadioButton).value = True
            await pilot.pause()
            assert all(form.query_one(f"#seat-{i}").display for i in range(4)) and form.query_one("#deck-3").display
            form.query_one("#g-resurrection", RadioButton).value = True  # back to the duel: back to two seats
            await pilot.pause()
            assert form.query_one("#players-2", RadioButton).value
            assert [form.query_one(f"#seat-{i}").display for i in range(4)] == [True, True, False, False]
            form.query_one("#who-0", Select).value = "hard"  # nobody here
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert any("at least one seat is a person" in str(n.message) for n in app._notifications)
            form.query_one("#who-0", Select).value = "human"
            form.query_one("#who-1", Select).value = "human"
            form.query_one("#seat-name-0", Input).value = "Ann"
            form.query_one("#seat-name-1", Input).value = "ann"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert any("two seats are named 'Ann'" in str(n.message) for n in app._notifications)
            assert not list(folder.glob("*.toml"))  # nothing started, nothing saved

    asyncio.run(go())


def test_keys_typed_behind_a_tab_in_one_read_go_where_the_tab_went(folder):
    """Tab then a name in one read from the terminal (fast typing, a paste, SSH): the name lands in the field the Tab
    moved to, also past lists (the seat's deck, the next seat's player), and the field the Tab left keeps its text."""
    from textual import events

    async def go():
        app = app_for(folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            form.query_one("#g-redemption").value = True
            await pilot.pause()
            form.query_one("#seat-name-0", Input).focus()
            await pilot.press(*"Ann")
            for key in ("tab", "tab", "tab", "B", "o", "b"):  # deck 1, seat 2's player, seat 2's name: Bob
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await pilot.pause()
            await pilot.pause()
            assert form.query_one("#seat-name-0", Input).value == "Ann"
            assert form.query_one("#seat-name-1", Input).value == "Bob"
            assert form.focused is form.query_one("#seat-name-1", Input)
            for key in ("shift+tab", "shift+tab", "shift+tab", "x"):  # back to Ann's field: a letter more
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await pilot.pause()
            await pilot.pause()
            assert form.focused is form.query_one("#seat-name-0", Input)
            assert [form.query_one(f"#seat-name-{i}", Input).value for i in (0, 1)] in (["Annx", "Bob"], ["x", "Bob"])

    asyncio.run(go())
