"""Pilot tests of a shared table in the app: the other seat's move shows up, talk, the title's list, watching."""

from __future__ import annotations

import asyncio
import functools

import pytest

from saves import tables
from tests.dealt import dealt_table
from tui.screens.game import GameScreen
from tui.screens.tables import TablesScreen
from tui.table import TableSession
from tui.widgets import CardList, LogPane


def sync(test):
    """Run an async test with asyncio.run (as the other Pilot tests do; no pytest plugin)."""

    @functools.wraps(test)
    def run(*args, **kw):
        return asyncio.run(test(*args, **kw))

    return run


@pytest.fixture
def base(tmp_path, monkeypatch):
    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    return tmp_path


def app_for(base, player, start=None):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=base / player, player=player, base_dir=base, pause=0.0), start=start)


async def until(pilot, cond, tries=100):
    """Let the app run until ``cond()`` holds (each pause is one frame; no time is asserted)."""
    for _ in range(tries):
        if cond():
            return True
        await pilot.pause(0.02)
    return cond()


def log_text(app) -> str:
    return "\n".join(str(line) for line in app.screen.query_one("#log", LogPane).lines)


@sync
async def test_the_other_players_move_shows_up_and_this_seat_sees_only_its_own_hand(base):
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    tables.join(base, "t1", "bob")
    session = TableSession.open(base, "t1", "bob")
    alice_hand = set(session.game.sides[0].hand) - set(session.game.sides[1].hand)
    app = app_for(base, "bob", start=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen) and not session.my_turn
        hand = screen.query_one("#hand", CardList)
        assert {i.id for i in hand.items} == set(session.game.sides[1].hand)
        await pilot.press("1", "enter")  # not bob's move: refused on the screen, nothing sent
        assert tables.load(base, "t1").seen == 0
        t = tables.load(base, "t1")
        played = t.game.legal_actions()[0]
        assert tables.submit(base, "t1", "alice", played, t.seen).ok  # alice, in her own terminal
        assert await until(pilot, lambda: session.my_turn)
        assert "face down" in log_text(app)
        assert not ({i.id for i in hand.items} & alice_hand)  # bob's pane never holds alice's cards
        assert "?" in session.view()["players"][0]["table"]  # her card stays face down for him
        await pilot.press("1", "enter")
        after = tables.load(base, "t1")
        assert after.seen == 2 and after.game.history[0] == str(played)


@sync
async def test_an_action_typed_with_enter_in_one_read_is_sent_whole(base):
    """Over SSH the terminal often delivers "cut" and Enter in one read: the whole action is submitted."""
    from textual import events

    dealt_table(base, "alice", "redemption", [{"invite": "bob"}], seed=11, table_id="t1")
    tables.join(base, "t1", "bob")
    app = app_for(base, "bob", start=TableSession.open(base, "t1", "bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon")
        for key in ("c", "u", "t", "enter"):  # queued at once, as the driver does with one read
            app.post_message(events.Key(key, key if len(key) == 1 else "\r"))
        assert await until(pilot, lambda: tables.load(base, "t1").seen == 1)
        assert tables.load(base, "t1").game.history == ["cut"]


@sync
async def test_talk_reaches_the_table_cleaned(base):
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    tables.join(base, "t1", "bob")
    app = app_for(base, "bob", start=TableSession.open(base, "t1", "bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"good luck", "enter")
        assert "bob says: good luck" in tables.load(base, "t1").meta.log
        tables.say(base, "t1", "alice", "you \x1b[31mtoo\x07")
        assert await until(pilot, lambda: "alice says: you too" in log_text(app))


@sync
async def test_an_invitation_on_the_title_screen_is_accepted_and_played(base):
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    dealt_table(base, "carol", "resurrection", [{"invite": "dave"}], seed=3, table_id="private")
    app = app_for(base, "bob")
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu")
        assert menu.get_option_at_index(0).id == "tables"  # an invitation comes first
        await pilot.press("enter")
        assert isinstance(app.screen, TablesScreen)
        assert [r.id for r in app.screen.rows] == ["t1"]  # carol's table for dave is not bob's to see
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert tables.load(base, "t1").seat_of("bob") == 1


@sync
async def test_a_watcher_sees_no_hand_cannot_act_and_gets_no_coach(base):
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1", watch=True)
    tables.join(base, "t1", "bob")
    session = TableSession.open(base, "t1", "carol")
    app = app_for(base, "carol", start=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert session.watching and app.screen.query_one("#hand", CardList).items == []
        await pilot.press("g", "t", "colon", *"resign", "enter")
        assert tables.load(base, "t1").seen == 0 and not session.meta.extra.get("coach")


@sync
async def test_resign_from_the_command_palette_while_it_is_not_your_move(base):
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    tables.join(base, "t1", "bob")
    session = TableSession.open(base, "t1", "bob")
    app = app_for(base, "bob", start=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not session.my_turn
        await pilot.press("ctrl+p", *"Resign", "enter")
        await pilot.pause()
        await pilot.press("y")
        assert await until(pilot, lambda: tables.load(base, "t1").game.is_over)
        t = tables.load(base, "t1")
        assert t.game.history == ["resign 1"] and t.name(t.game.winner) == "alice"
        assert "Game over" in str(app.screen.query_one("#status").render())


@sync
async def test_a_table_is_created_from_the_title_screen(base):
    from tui.screens.tables import NewTableScreen

    app = app_for(base, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", "c")
        assert await until(pilot, lambda: isinstance(app.screen, NewTableScreen))
        app.screen.query_one("#invite").focus()
        await pilot.press(*"bob", "enter")
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
        [tid] = tables.all_ids(base)
        t = tables.load(base, tid)
        assert [(s["player"], s["status"]) for s in t.seats] == [("alice", "joined"), ("bob", "invited")]
        assert [r.kind for r in tables.rows_for(base, "bob")] == ["invited"]
