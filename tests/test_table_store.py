"""The table store (saves.tablestore): the same tests for every store, each through the store's interface.

A store keeps tables and makes each change one atomic, version-checked step; what the actions do is
saves.tables' and is tested there. Here: create and read, a stale submission refused with what changed, the
list each player sees, a change seen by another screen (the stamp, and wait), TOML export and import, and many
processes submitting to one table at once."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from rules.resurrection import new_game as new_resurrection
from saves import tables, tablestore
from saves.tablestore import FileStore, TableStore
from tests.dealt import dealt_table
from tui.table import TableSession

PY = sys.executable
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["files", "postgresql"])
def store(request, tmp_path):
    """Each test once with the file store, once with PostgreSQL (a fresh, empty database)."""
    if request.param == "files":
        yield FileStore(tmp_path)
        return
    from saves.pgstore import PgStore

    pg = PgStore(request.getfixturevalue("postgres_url"), base=tmp_path)
    pg.drop_everything()
    yield pg
    pg.close()


def two_player(store, table_id="t1", seed=7, **kw) -> tables.Table:
    dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=seed, table_id=table_id, **kw)
    assert tables.join(store, table_id, "bob").ok
    return store.load(table_id)


def test_a_store_is_a_table_store(store):
    assert isinstance(store, TableStore)


def test_a_table_created_reads_back_as_it_was_and_a_name_is_taken_once(store):
    t = dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    back = store.load("t1")
    assert back.game == t.game and back.seats == t.seats and back.meta.log == t.meta.log
    assert store.exists("t1") and not store.exists("t2") and store.ids() == ["t1"]
    with pytest.raises(tables.TableError, match="a table named 't1' already exists"):
        dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    with pytest.raises(tables.TableError, match="no table named 'nope'"):
        store.load("nope")
    a = tables.create(store, "alice", "resurrection", [{"computer": "easy"}])
    b = tables.create(store, "alice", "resurrection", [{"computer": "easy"}])
    assert a.id != b.id and a.id.startswith("resurrection-alice-") and len(store.ids()) == 3


def test_a_stale_submission_is_refused_with_what_changed_and_nothing_is_written(store):
    t = two_player(store)
    first = t.to_move()
    a, b = t.game.legal_actions()[:2]
    assert tables.submit(store, "t1", first, a, t.seen).ok
    out = tables.submit(store, "t1", first, b, t.seen)  # a second screen of the same player, one action behind
    assert not out.ok and out.stale and out.reason.startswith(f"The table changed: {first} acted first (")
    assert out.table is not None and out.table.game.history == [str(a)]
    assert store.load("t1").game.history == [str(a)]


def test_each_player_is_listed_the_tables_they_may_see(store):
    dealt_table(store, "alice", "resurrection", [{"open": True}], seed=1, table_id="open1")
    dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=1, table_id="inv1", watch=True)
    dealt_table(store, "alice", "redemption", [{"invite": "bob"}], seed=1, table_id="inv2")
    dealt_table(store, "dave", "resurrection", [{"invite": "erin"}], seed=1, table_id="private")
    assert tables.decline(store, "inv2", "bob").ok
    assert {(r.id, r.kind) for r in tables.rows_for(store, "carol")} == {("open1", "open"), ("inv1", "watch")}
    assert {(r.id, r.kind) for r in tables.rows_for(store, "bob")} == {
        ("open1", "open"),
        ("inv1", "invited"),
        ("inv2", "finished"),
    }
    assert {r.id for r in tables.rows_for(store, "alice")} == {"open1", "inv1", "inv2"}
    assert tables.join(store, "open1", "carol").ok
    assert "open1" not in {r.id for r in tables.rows_for(store, "frank")}  # taken: no longer listed to others
    assert [r.kind for r in tables.rows_for(store, "carol") if r.id == "open1"] == ["waiting"]
    assert {(r.id, r.kind) for r in tables.rows_for(store, "erin")} == {("private", "invited"), ("inv1", "watch")}


def test_the_list_and_the_record_follow_every_change(store):
    t = two_player(store)
    first = t.to_move()
    other = "bob" if first == "alice" else "alice"
    assert [r.kind for r in tables.rows_for(store, first)] == ["move"]
    before = store.list_stamp()
    assert tables.submit(store, "t1", first, t.game.legal_actions()[0], t.seen).ok
    assert store.list_stamp() != before
    assert [r.kind for r in tables.rows_for(store, first)] == ["waiting"]
    assert [r.kind for r in tables.rows_for(store, other)] == ["move"]
    t2 = two_player(store, "t2")
    assert tables.submit(store, "t2", "bob", "resign", t2.seen).ok
    assert [r.kind for r in tables.rows_for(store, "bob") if r.id == "t2"] == ["finished"]
    assert tables.record(store, "bob")["people"] == [0, 1, 0] and tables.record(store, "alice")["people"] == [1, 0, 0]


@pytest.mark.parametrize("resigner", ["mover", "other"])
def test_a_resurrection_table_resigned_with_a_card_on_the_table_reads_back(store, resigner):
    """A resignation ends the game where it stands: the card played face down stays on the table, and the table
    (and the list, the record, the review's replay) still read; it was refused at load as a won game with cards
    left on the table."""
    t = two_player(store)
    mover = t.to_move()
    other = "bob" if mover == "alice" else "alice"
    assert tables.submit(store, "t1", mover, t.game.legal_actions()[0], t.seen).ok
    quits = mover if resigner == "mover" else other
    assert tables.submit(store, "t1", quits, "resign", t.seen + 1).ok
    after = store.load("t1")
    assert after.game.is_over and after.resigned == after.seat_of(quits)
    assert after.game.winner == after.seat_of(other if quits == mover else mover)
    assert any(s.table for s in after.game.sides)  # the face-down card, still where it was played
    assert [r.kind for r in tables.rows_for(store, quits)] == ["finished"]
    assert tables.record(store, quits)["people"] == [0, 1, 0]
    g = new_resurrection(7)
    assert all(g.apply(x).ok for x in after.game.history) and g == after.game
    again = store.import_toml("t2", store.export_toml("t1"))
    assert again.game == after.game


def test_a_won_resurrection_state_with_cards_on_the_table_is_still_refused_unless_resigned():
    from saves.store import SaveError, dumps, loads

    g = new_resurrection(7)
    assert g.apply(g.legal_actions()[0]).ok and g.apply("resign 1").ok
    assert loads(dumps(g)) == g
    bad = dumps(g).replace('\\nresign 1"', '\\nA1"', 1) if '\\nresign 1"' in dumps(g) else None  # the last action
    assert bad is not None
    with pytest.raises(SaveError, match="cards left on the table"):
        loads(bad)


def test_another_screen_sees_the_change_by_the_stamp_and_wait(store):
    t = two_player(store)
    first = t.to_move()
    other = "bob" if first == "alice" else "alice"
    mine, theirs = TableSession.open(store, "t1", first), TableSession.open(store, "t1", other)
    assert not theirs.poll()
    since = store.stamp("t1")
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(store.wait("t1", since, 10.0)))
    waiter.start()
    assert mine.act(t.game.legal_actions()[0]).ok
    waiter.join(15)
    assert woke == [True]
    assert not store.wait("t1", store.stamp("t1"), 0.05)  # nothing more happened
    assert theirs.poll() and theirs.game.history == mine.game.history and not theirs.poll()
    assert not mine.poll()  # its own move is no news to the screen that made it
    assert theirs.say("hello").ok
    assert store.wait("t1", mine.stamp, 5.0) and mine.poll() and mine.meta.log[-1] == f"{other} says: hello"


def test_a_table_exports_to_toml_and_imports_back_losing_nothing(store, tmp_path):
    t = two_player(store)
    assert tables.submit(store, "t1", t.to_move(), t.game.legal_actions()[0], t.seen).ok
    assert tables.say(store, "t1", "bob", "good luck").ok
    text = store.export_toml("t1")
    assert 'game = "resurrection"' in text and "good luck" in text
    with pytest.raises(tables.TableError, match="already exists"):
        store.import_toml("t1", text)
    store.import_toml("copy", text)
    a, b = store.load("t1"), store.load("copy")
    assert (a.game, a.meta.log, a.info, a.meta.players) == (b.game, b.meta.log, b.info, b.meta.players)
    assert store.export_toml("copy") == text  # the same file, byte for byte
    files = FileStore(tmp_path / "elsewhere")
    files.import_toml("t1", text)
    assert files.export_toml("t1") == text
    with pytest.raises(tables.SaveError):
        store.import_toml("bad", text.replace('status = "joined"', 'status = "boss"'))
    assert not store.exists("bad")


WORKER = textwrap.dedent(r"""
    import json, random, sys, time
    from saves import tables
    where, player, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = tables.store_of(where)
    rng = random.Random(seed)
    while True:
        t = store.load("race")
        if t.game.is_over:
            break
        if t.to_move() != player:
            store.wait("race", t.version, 0.05)
            continue
        action = rng.choice(t.game.legal_actions())
        out = tables.submit(store, "race", player, action, t.seen)
        print(json.dumps({"action": str(action), "ok": out.ok, "stale": out.stale, "reason": out.reason}), flush=True)
""")


def where(store) -> str:
    return str(store.root) if isinstance(store, FileStore) else store.url


@pytest.mark.parametrize("round_", range(2))
def test_many_processes_submitting_at_once_leave_one_legal_game_and_every_submission_is_answered(
    store, tmp_path, round_
):
    """Two processes per player (the same player in two terminals), all racing for every decision."""
    seed = 200 + round_
    dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=seed, table_id="race")
    assert tables.join(store, "race", "bob").ok
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    procs = [
        subprocess.Popen(
            [PY, str(script), where(store), who, str(i + 10 * round_)], stdout=subprocess.PIPE, text=True, cwd=REPO
        )
        for i, who in enumerate(["alice", "alice", "bob", "bob"])
    ]
    answers = []
    for p in procs:
        out, _ = p.communicate(timeout=200)
        assert p.returncode == 0
        answers += [json.loads(line) for line in out.splitlines()]
    t = store.load("race")
    assert t.game.is_over
    accepted = [a for a in answers if a["ok"]]
    refused = [a for a in answers if not a["ok"]]
    assert len(accepted) == len(t.game.history)  # every accepted action is in the history once: none lost
    assert sorted(a["action"] for a in accepted) == sorted(t.game.history)  # and none doubled
    assert all(a["stale"] and a["reason"].startswith("The table changed:") for a in refused)
    g = new_resurrection(seed)
    for a in t.game.history:  # the final history is a legal game from the start, and it is the table's state
        assert g.apply(a).ok, a
    assert g == t.game


def test_the_command_line_lists_and_creates_tables_in_the_store_it_is_given(store, tmp_path, capsys, monkeypatch):
    from tui import cli

    monkeypatch.delenv("REDEMPTION_TABLES", raising=False)
    given = [] if isinstance(store, FileStore) else ["--tables", store.url]
    run = ["--save-dir", str(tmp_path), "--player", "alice", *given]
    assert cli.main(["table", "new", "resurrection", "--invite", "bob", "--name", "cl1", *run]) == 0
    assert "Created the table cl1" in capsys.readouterr().out
    assert store.load("cl1").seats[1] == {"player": "bob", "status": "invited"}
    assert cli.main(["tables", *run[:2], "--player", "bob", *given]) == 0
    assert "Invitations:\n  cl1  Resurrection  alice v bob  (from alice" in capsys.readouterr().out
    assert cli.main(["tables", *run, "--tables", "mysql://x"]) == 2
    assert "--tables takes a postgresql:// URL" in capsys.readouterr().err


def test_a_database_that_cannot_be_reached_is_one_line(tmp_path, capsys, monkeypatch):
    from tui import cli

    pytest.importorskip("psycopg")
    monkeypatch.delenv("REDEMPTION_TABLES", raising=False)
    url = f"postgresql:///nobody?host={tmp_path}&user=nobody"  # no server listens there
    assert cli.main(["tables", "--save-dir", str(tmp_path), "--player", "alice", "--tables", url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("redemption tables: the database postgresql:///nobody") and "cannot connect" in err
    assert len(err.strip().splitlines()) == 1


def test_in_the_app_the_other_players_move_shows_up(store, tmp_path, monkeypatch):
    """The game screen learns of alice's move from the store (a file's stamp, the database's notification)."""
    import asyncio

    from tui.app import RedemptionApp, Settings
    from tui.screens.game import GameScreen

    monkeypatch.delenv("REDEMPTION_PLAYER", raising=False)
    monkeypatch.delenv("REDEMPTION_SAVE_DIR", raising=False)
    t = two_player(store, seed=3)
    mover, other = t.to_move(), "bob" if t.to_move() == "alice" else "alice"
    session = TableSession.open(store, "t1", other)
    settings = Settings(save_dir=tmp_path / other, player=other, base_dir=tmp_path, pause=0.0)
    settings.tables = None if isinstance(store, FileStore) else store.url

    async def go() -> None:
        app = RedemptionApp(settings, start=session)
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, GameScreen) and not session.my_turn
            assert tables.submit(store, "t1", mover, t.game.legal_actions()[0], t.seen).ok  # in her own terminal
            for _ in range(200):
                if session.my_turn:
                    break
                await pilot.pause(0.02)
            assert session.my_turn and session.game.history == store.load("t1").game.history

    asyncio.run(go())


def test_tables_migrate_copies_files_to_the_database_and_back_losing_nothing(
    tmp_path, capsys, monkeypatch, postgres_url
):
    """``redemption tables migrate``: files -> PostgreSQL and back, byte for byte; run again, nothing copied twice;
    a table already there but different is named and left as it is; an unreadable file is named, not copied, and
    the others still go (exit status 1)."""
    from saves.pgstore import PgStore
    from tui import cli

    monkeypatch.delenv("REDEMPTION_TABLES", raising=False)
    pg = PgStore(postgres_url, base=tmp_path)
    pg.drop_everything()
    files = FileStore(tmp_path)
    t = two_player(files)
    assert tables.submit(files, "t1", t.to_move(), t.game.legal_actions()[0], t.seen).ok
    assert tables.say(files, "t1", "bob", "good luck").ok  # the talk goes too
    dealt_table(files, "carol", "redemption", [{"open": True}, {"computer": "easy"}], seed=4, table_id="t2")
    t3 = two_player(files, "t3", seed=3)
    assert tables.submit(files, "t3", t3.to_move(), t3.game.legal_actions()[0], t3.seen).ok
    assert tables.submit(files, "t3", "alice", "resign", t3.seen + 1).ok  # finished, a card left on the table
    before = {tid: files.export_toml(tid) for tid in files.ids()}
    rows = {p: [(r.id, r.kind, r.line) for r in tables.rows_for(files, p)] for p in ("alice", "bob", "carol", "dan")}
    run = ["tables", "migrate", "--save-dir", str(tmp_path), "--tables", pg.url]
    assert cli.main(run) == 0
    assert "Copied 3 tables from the folder" in capsys.readouterr().out
    assert {tid: pg.export_toml(tid) for tid in pg.ids()} == before  # byte for byte
    assert {p: [(r.id, r.kind, r.line) for r in tables.rows_for(pg, p)] for p in rows} == rows
    assert cli.main(run) == 0
    assert "Copied 0 tables" in (out := capsys.readouterr().out) and "3 already there, the same" in out

    back = tmp_path / "back"
    assert cli.main(["tables", "migrate", "--save-dir", str(back), "--tables", pg.url, "--to", "files"]) == 0
    assert "Copied 3 tables from the database" in capsys.readouterr().out
    assert {tid: FileStore(back).export_toml(tid) for tid in FileStore(back).ids()} == before
    assert {p: [(r.id, r.kind, r.line) for r in tables.rows_for(FileStore(back), p)] for p in rows} == rows

    t1 = pg.load("t1")  # moved on in the database: migrating back again keeps the files' own t1
    assert tables.submit(pg, "t1", t1.to_move(), t1.game.legal_actions()[0], t1.seen).ok
    assert cli.main(["tables", "migrate", "--save-dir", str(back), "--tables", pg.url, "--to", "files"]) == 0
    assert "different, left as they are: t1." in capsys.readouterr().out
    assert FileStore(back).export_toml("t1") == before["t1"]

    pg.drop_everything()
    tables.table_path(tmp_path, "t2").write_text("this is not a table\n")
    assert cli.main(run) == 1
    out, err = capsys.readouterr()
    assert "Copied 2 tables" in out and "Not copied (1): t2 (" in err
    assert sorted(pg.ids()) == ["t1", "t3"]
    pg.close()


def test_tables_migrate_says_what_it_does_and_needs_a_database(tmp_path, capsys, monkeypatch):
    from tui import cli

    monkeypatch.delenv("REDEMPTION_TABLES", raising=False)
    assert cli.main(["tables", "migrate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--to {postgresql,files}" in text and "Losing nothing" in text and "byte for byte" in text
    assert cli.main(["tables", "--help"]) == 0
    assert "migrate" in capsys.readouterr().out
    assert cli.main(["tables", "migrate", "--save-dir", str(tmp_path)]) == 2
    assert "which database? give --tables postgresql://" in capsys.readouterr().err


def test_each_write_of_a_file_table_gets_a_later_time_than_the_one_it_replaced(tmp_path):
    """A screen watches the file's stamp (inode, time, size); a clock that has not ticked since the last write,
    or runs behind it, still gives the new file a later time, so a rewrite is never taken for what was there."""
    import os

    store = FileStore(tmp_path)
    t = two_player(store)
    path = tables.table_path(tmp_path, "t1")
    ahead = path.stat().st_mtime_ns + 60 * 10**9  # as if the last write's clock ran a minute ahead of this one
    os.utime(path, ns=(ahead, ahead))
    mover = t.to_move()
    assert tables.submit(store, "t1", mover, t.game.legal_actions()[0], len(t.game.history)).ok
    assert path.stat().st_mtime_ns > ahead
    assert store.stamp("t1") != t.version


def test_two_hosts_one_database_a_whole_game_and_a_player_moves_host_mid_game(postgres_url, tmp_path):
    """At the table-session level (no SSH): each host is its own store (its own connections and listener); alice
    plays on host A, bob on host B; host A goes mid-game and alice sits down again on host C and finishes."""
    from saves.pgstore import PgStore

    a, b = PgStore(postgres_url, base=tmp_path), PgStore(postgres_url, base=tmp_path)
    a.drop_everything()
    dealt_table(a, "alice", "resurrection", [{"invite": "bob"}], seed=9, table_id="g")
    assert tables.join(b, "g", "bob").ok
    screens = {"alice": TableSession.open(a, "g", "alice"), "bob": TableSession.open(b, "g", "bob")}
    moved = 0
    while not screens["alice"].game.is_over:
        if moved == 6:  # host A goes; alice logs in to another host and carries on where the table is
            a.close()
            c = PgStore(postgres_url, base=tmp_path)
            screens["alice"] = TableSession.open(c, "g", "alice")
        who = screens["alice"].table.to_move()
        me, other = screens[who], screens["bob" if who == "alice" else "alice"]
        since = other.stamp
        assert me.act(me.game.legal_actions()[0]).ok
        assert other.store.wait("g", since, 10) and other.poll()  # heard by NOTIFY on the other host
        assert other.game.history == me.game.history
        moved += 1
    assert moved > 6 and screens["bob"].game.is_over
    g = new_resurrection(9)
    assert all(g.apply(x).ok for x in screens["bob"].game.history) and g == screens["bob"].game
    b.close()
    c.close()


def test_the_files_list_keeps_an_index_and_a_stale_or_broken_one_costs_reads_never_rows(tmp_path):
    files = FileStore(tmp_path)
    two_player(files)
    dealt_table(files, "carol", "resurrection", [{"open": True}], seed=2, table_id="t2")
    want = {(r.id, r.kind) for r in tables.rows_for(files, "bob")}
    index = tmp_path / "_tables" / ".index.json"
    assert set(json.loads(index.read_text())) == {"t1", "t2"}
    tables._seen.clear()  # a new process: only the index and the files
    assert {(r.id, r.kind) for r in tables.rows_for(files, "bob")} == want
    assert tables.join(files, "t2", "bob").ok  # the file changed: its entry is stale and read again
    assert ("t2", "waiting") in {(r.id, r.kind) for r in tables.rows_for(files, "bob")}
    index.write_text("{ broken")
    tables._seen.clear()
    assert ("t2", "waiting") in {(r.id, r.kind) for r in tables.rows_for(files, "bob")}
    assert set(json.loads(index.read_text())) == {"t1", "t2"}  # rebuilt


def test_the_files_index_says_whom_a_table_shows_to_so_other_tables_are_not_read(tmp_path, monkeypatch):
    files = FileStore(tmp_path)
    two_player(files)  # t1: alice and bob
    dealt_table(files, "carol", "resurrection", [{"open": True}], seed=2, table_id="t2")  # open to anyone
    dealt_table(files, "dave", "resurrection", [{"invite": "erin"}], seed=3, table_id="t3")
    tables.rows_for(files, "bob")  # writes the index
    tables._seen.clear()
    built: list[str] = []
    real = tablestore.from_summary
    monkeypatch.setattr(tablestore, "from_summary", lambda tid, *a: built.append(tid) or real(tid, *a))
    monkeypatch.setattr(tablestore, "_read_for_list", lambda *a: pytest.fail("a table file read with a fresh index"))
    assert {r.id for r in tables.rows_for(files, "bob")} == {"t1", "t2"}
    assert sorted(built) == ["t1", "t2"]  # t3 names neither bob nor everyone: its summary is never parsed
    built.clear()
    assert {r.id for r in tables.rows_for(files, "erin")} == {"t2", "t3"} and sorted(built) == ["t2", "t3"]
