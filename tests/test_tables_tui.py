"""Pilot tests of a shared table in the app: the other seat's move shows up, talk, the title's list, watching."""

from __future__ import annotations

import asyncio
import functools
import re

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
async def test_an_action_typed_before_the_screen_looked_at_the_moved_table_is_refused_and_the_table_shown(
    base, monkeypatch
):
    """Bob's screen still shows the table waiting for carol (it looks every POLL seconds, later on a busy machine)
    when he types his cut: carol has joined and cut since. The screen looks at the table before refusing: not
    "waiting for carol", but the table changed, and it shows it; typed again, his cut is played."""
    from tui.screens import game

    monkeypatch.setattr(game, "POLL", 600.0)  # this screen looks at the table only when a key makes it
    dealt_table(base, "alice", "redemption", [{"invite": "bob"}, {"invite": "carol"}], seed=8, table_id="t3")
    tables.join(base, "t3", "bob")
    session = TableSession.open(base, "t3", "bob")
    app = app_for(base, "bob", start=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert session.hold == "Waiting for carol to join"
        assert tables.join(base, "t3", "carol").ok
        t = tables.load(base, "t3")
        assert tables.submit(base, "t3", "carol", "cut", t.seen).ok  # carol, in her own terminal
        await pilot.press("colon", *"cut", "enter")
        status = str(app.screen.query_one("#status").render())
        assert "The table changed before your action reached it" in status and "Waiting" not in status
        assert tables.load(base, "t3").seen == 1 and session.my_turn and not session.hold
        await pilot.press("colon", *"cut", "enter")
        assert await until(pilot, lambda: tables.load(base, "t3").seen == 2)
        assert tables.load(base, "t3").game.history[1:] == ["cut"]


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
        # no new game or rematch at a shared table: the board offers what its keys do there
        field = _pane_text(app, "#battle")
        assert "review" in field and "new game" not in field and "rematch" not in field


def _pane_text(app, selector: str) -> str:
    """What a pane shows now, as text (its body, or a card list's title and hint)."""
    pane = app.screen.query_one(selector)
    body = pane.text.plain if hasattr(pane, "text") else ""
    return " ".join(str(x) for x in (pane.border_title, body, pane.border_subtitle))


@sync
async def test_a_table_of_three_waits_for_its_players_by_name_and_its_creator_may_call_it_off(base):
    """Before everyone has joined, the board says whom the table waits for (not that an absent player is to move);
    a declined seat opens and the creator gives one open seat to the computer by typing; her resignation then asks
    to call the table off, and it ends with no result."""
    others = [{"invite": "bob"}, {"invite": "carol"}, {"open": True}]
    dealt_table(base, "alice", "redemption", others, seed=3, table_id="t3")
    app = app_for(base, "alice", start=TableSession.open(base, "t3", "alice"))
    async with app.run_test(size=(100, 30)) as pilot:
        field, hand = _pane_text(app, "#battle"), _pane_text(app, "#hand")
        assert "Waiting for bob, carol and one more player to join." in field and "to move" not in field
        assert "waiting to start" in hand and "carol" not in hand
        assert tables.join(base, "t3", "bob").ok and tables.decline(base, "t3", "carol").ok
        both = "Waiting for 2 more players to join."
        assert await until(pilot, lambda: both in _pane_text(app, "#battle"))
        await pilot.press("colon", *"computer easy", "enter")
        assert await until(pilot, lambda: "Waiting for one more player to join." in _pane_text(app, "#battle"))
        assert [s["status"] for s in tables.load(base, "t3").seats] == ["joined", "joined", "computer", "open"]
        await pilot.press("ctrl+p", *"Resign", "enter")
        await pilot.pause()
        assert app.screen.question.startswith("Call this table off?")
        await pilot.press("y")
        assert await until(pilot, lambda: tables.load(base, "t3").finished)
        t = tables.load(base, "t3")
        assert t.called_off == "alice" and not t.game.history
        ended = "This table was called off by alice before play started: it will not be played."
        assert await until(pilot, lambda: ended in str(app.screen.query_one("#status").render()))


@sync
async def test_the_computer_seat_moves_while_any_seated_player_has_the_table_open(base):
    """The first program to take the table's computer lock moves for the computer; when it closes the table,
    another seated player's open screen takes over (the computer's seat, the last, cuts first)."""
    dealt_table(base, "alice", "redemption", [{"invite": "bob"}, {"computer": "easy"}], seed=3, table_id="tc")
    assert tables.join(base, "tc", "bob").ok
    alice = TableSession.open(base, "tc", "alice")
    assert alice.runs_computer  # alice's program has the table open and holds the lock
    bob = TableSession.open(base, "tc", "bob")
    assert not bob.runs_computer
    app = app_for(base, "bob", start=bob)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: False, tries=10)
        assert tables.load(base, "tc").seen == 0  # alice's program would make it: bob's waits
        alice.close()  # alice leaves the table (or her connection drops: the system lets go of the lock)
        assert await until(pilot, lambda: tables.load(base, "tc").seen >= 1)
        assert tables.load(base, "tc").info["last_by"] == "Computer"
    assert TableSession.open(base, "tc", "alice").runs_computer  # bob's app closed the table: the lock is free


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


@sync
async def test_the_creator_is_told_the_table_waits_for_the_invited_player_not_that_it_is_her_own_move(base):
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    app = app_for(base, "alice", start=TableSession.open(base, "t1", "alice"))
    async with app.run_test(size=(80, 24)) as pilot:
        status = app.screen.query_one("#status")
        assert "Waiting for bob to join" in str(status.render())
        await pilot.press("1", "enter")
        said = [n.message for n in app._notifications]
        assert said and all("not yours" not in m for m in said) and "Waiting for bob to join" in said[-1]
        assert tables.load(base, "t1").seen == 0
        assert tables.join(base, "t1", "bob").ok  # bob accepts in his own terminal
        assert await until(pilot, lambda: "Your move" in str(status.render()))
        await pilot.press("1", "enter")
        assert await until(pilot, lambda: tables.load(base, "t1").seen == 1)


@sync
async def test_resign_typed_while_it_is_not_your_move_gives_the_game_up(base):
    dealt_table(base, "alice", "redemption", [{"invite": "bob"}], seed=3, table_id="t1")
    tables.join(base, "t1", "bob")
    t = tables.load(base, "t1")
    waiting = "alice" if t.to_move() == "bob" else "bob"
    session = TableSession.open(base, "t1", waiting)
    app = app_for(base, waiting, start=session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not session.my_turn
        await pilot.press("colon", *"resign", "enter")
        await pilot.pause()
        await pilot.press("y")
        assert await until(pilot, lambda: tables.load(base, "t1").game.is_over)
        t = tables.load(base, "t1")
        assert t.game.history == [f"resign {t.seat_of(waiting)}"] and t.name(t.game.winner) != waiting


def _before_a_battle_ends(base, seed: int):
    """A Redemption table whose next action (by ``mover``) decides a battle; its file holds the game so far."""
    from rules.core import Rng
    from saves.store import save

    dealt_table(base, "alice", "redemption", [{"invite": "bob"}], seed=seed, table_id="t1")
    tables.join(base, "t1", "bob")
    t = tables.load(base, "t1")
    rng, g = Rng(seed), t.game
    earlier = ""
    for _ in range(3000):
        legal = g.legal_actions()
        action = legal[rng.below(len(legal))]
        out = g.clone().apply(action)
        resolved = [e for e in out.events if e.kind == "resolve"]
        if resolved and earlier:  # the second battle: the first one's result is what a stale screen would keep
            save(g, t.path, t.meta)
            return t.name(g.current_player), action
        if resolved:
            earlier = resolved[0].text
        assert g.apply(action).ok
    raise AssertionError("no battle")


def test_the_table_file_keeps_the_last_battle_so_no_seat_replays_the_history_for_it(base):
    from saves import recap
    from saves.store import save

    mover, action = _before_a_battle_ends(base, seed=4)
    other = "bob" if mover == "alice" else "alice"
    t = tables.load(base, "t1")
    out = tables.submit(base, "t1", mover, action, t.seen)  # the mover's own program writes the table
    assert out.ok
    resolved = next(e for e in out.events if e.kind == "resolve")
    kept = tables.load(base, "t1").meta.extra[recap.KEY]
    assert kept["events"][0] == (resolved.template or resolved.text)
    for seat in (other, mover):  # each seat, opening the table afresh, reads it in its own words
        session = TableSession.open(base, "t1", seat)
        assert session.recalls and session.last_result[0].startswith("Battle resolved")
        assert session.last_result[0] == resolved.words(session.names, session.reader)
    t = tables.load(base, "t1")
    del t.meta.extra[recap.KEY]
    save(t.game, t.path, t.meta)  # a table written before tables kept it: this terminal tells it from the history
    session = TableSession.open(base, "t1", other)
    assert not session.recalls and session.last_result == []
    session.forget_result()
    session.note_result([resolved])
    assert session.recalls and session.last_result and recap.KEY not in session.table.meta.extra


@sync
async def test_the_player_who_did_not_move_sees_the_last_battle_the_other_player_decided(base):
    mover, action = _before_a_battle_ends(base, seed=4)
    other = "bob" if mover == "alice" else "alice"
    app = app_for(base, other, start=TableSession.open(base, "t1", other))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = list(screen.last_result)
        t = tables.load(base, "t1")
        out = tables.submit(base, "t1", mover, action, t.seen)  # the mover, in their own terminal
        assert out.ok
        now = [e.words([t.name(0), t.name(1)]) for e in out.events if e.kind == "resolve"]
        assert await until(pilot, lambda: screen.last_result != before)
        assert screen.last_result[0].replace("You", "x").split(":")[-1] == now[0].split(":")[-1]
        assert screen.last_result[0].startswith("Battle resolved")


@sync
async def test_the_title_puts_an_invitation_that_arrives_first_and_highlights_it(base):
    from tests.pilot import screen_text

    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    app = app_for(base, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: "Tables  (1 waiting)" in screen_text(app))
        assert "▶ Tables" not in screen_text(app)  # waiting for bob: nothing to do there yet
        dealt_table(base, "carol", "resurrection", [{"invite": "alice"}], seed=4, table_id="t2")
        assert await until(pilot, lambda: "▶ Tables  (1 invitation, 1 waiting)" in screen_text(app))
        tables.decline(base, "t2", "alice")
        await pilot.press("down")  # the player moves on; bob's acceptance makes it her move: first again
        assert await until(pilot, lambda: "▶ Tables" not in screen_text(app))
        tables.join(base, "t1", "bob")
        assert await until(pilot, lambda: "▶ Tables  (1 your move)" in screen_text(app))


@sync
async def test_the_table_list_shows_each_result_and_waiting_time_and_whole_names_at_80_columns(base):
    from tests.pilot import screen_text

    long = "bartholomew_the_great"
    dealt_table(base, "alice", "resurrection", [{"invite": long}], seed=3, table_id="done")
    tables.join(base, "done", long)
    tables.submit(base, "done", long, "resign", 0)
    dealt_table(
        base, "alice", "redemption", [{"invite": "bob"}, {"open": True}, {"invite": "carol"}], seed=3, table_id="four"
    )
    app = app_for(base, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        assert await until(pilot, lambda: isinstance(app.screen, TablesScreen))
        text = screen_text(app)
        table = app.screen.query_one("#saves")
        cells = {r.id: [str(c).split("\n") for c in table.get_row(r.id)] for r in app.screen.rows}
        whole = {rid: [re.sub(r"\d+ s ago", "N s ago", " ".join(lines)) for lines in row] for rid, row in cells.items()}
        assert whole["done"][1:] == [
            "finished",
            "Resurrection",
            f"alice v {long}",
            f"{long} resigned: alice won, N s ago",
        ]
        assert whole["four"][1:] == [
            "waiting",
            "Redemption",
            "alice v bob v an open seat v carol",
            "bob and carol to accept; 1 open seat, N s ago",
        ]
        for row in cells.values():  # every line of every cell is on the screen as it is: nothing cut
            assert all(line in text for lines in row for line in lines)
        assert long in text  # the long name whole, on one line
        assert re.search(r"Table four: bob and carol to accept; 1 open seat, \d+ s ago", text)  # the highlighted row
        assert table.region.right <= 80


@sync
async def test_the_table_list_is_read_again_while_shown_and_not_while_a_game_covers_it(base, monkeypatch):
    import tui.screens.tables as tables_screen

    monkeypatch.setattr(tables_screen, "REFRESH", 0.05)
    dealt_table(base, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    reads: list[str] = []
    rows_for = tables.rows_for
    monkeypatch.setattr(tables, "rows_for", lambda store, player: reads.append(player) or rows_for(store, player))
    app = app_for(base, "bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the invitation comes first: the list of tables
        assert isinstance(app.screen, TablesScreen)
        assert await until(pilot, lambda: len(reads) >= 4)  # shown: read again every REFRESH
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert any(isinstance(s, TablesScreen) for s in app.screen_stack)  # still there, under the game
        await pilot.pause(0.1)
        before = len(reads)
        await pilot.pause(0.5)  # ten REFRESH periods under the game
        assert reads[before:] == []


@sync
async def test_the_title_under_a_game_started_from_it_reads_no_save_while_the_game_saves(base, monkeypatch):
    import saves
    import tui.screens.title as title_screen

    monkeypatch.setattr(title_screen, "REFRESH", 0.05)
    app = app_for(base, "bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # New game: the form
        await pilot.pause()
        await pilot.press("enter")  # Start
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
        listed: list[object] = []
        list_saves = saves.list_saves
        monkeypatch.setattr(saves, "list_saves", lambda *a, **k: listed.append(a) or list_saves(*a, **k))
        folder = app.settings.save_dir.stat().st_mtime_ns
        await pilot.press("1", "enter")  # a move, saved: the save folder changes
        assert await until(pilot, lambda: app.settings.save_dir.stat().st_mtime_ns != folder)
        await pilot.pause(0.5)  # ten REFRESH periods
        assert listed == []
