"""Shared tables (saves.tables): seats, turns, stale submissions, talk, listing, corrupt files, concurrency."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rules.resurrection import new_game as new_resurrection
from saves import tables
from saves.store import SaveError, dumps
from tests.dealt import dealt_table

PY = sys.executable
REPO = Path(__file__).resolve().parent.parent


def two_player(base, game="resurrection", seed=7, **kw):
    dealt_table(base, "alice", game, [{"invite": "bob"}], seed=seed, table_id="t1", **kw)
    assert tables.join(base, "t1", "bob").ok
    return tables.load(base, "t1")


def mover(t) -> str:
    return t.to_move()


def test_a_table_is_a_save_file_in_the_shared_folder_beside_the_players_folders(tmp_path):
    t = dealt_table(tmp_path, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="t1")
    assert t.path == tmp_path / "_tables" / "t1.toml" and t.path.exists()
    assert [s["status"] for s in t.seats] == ["joined", "invited"]
    # nothing can be played until bob accepts; bob is told what he is invited to
    out = tables.submit(tmp_path, "t1", "alice", t.game.legal_actions()[0], t.seen)
    assert not out.ok and "waiting for bob" in out.reason
    assert [r.kind for r in tables.rows_for(tmp_path, "bob")] == ["invited"]
    assert [r.kind for r in tables.rows_for(tmp_path, "alice")] == ["waiting"]
    assert tables.rows_for(tmp_path, "carol") == []  # not seated, not invited, not watchable: not even listed
    assert tables.join(tmp_path, "t1", "bob").ok
    assert not tables.join(tmp_path, "t1", "bob").ok  # once


def test_only_the_seat_to_move_may_act_and_nobody_acts_for_another_seat(tmp_path):
    t = two_player(tmp_path)
    first = mover(t)
    other = "bob" if first == "alice" else "alice"
    a = t.game.legal_actions()[0]
    out = tables.submit(tmp_path, "t1", other, a, t.seen)
    assert not out.ok and out.reason == f"It is {first}'s move, not yours." and out.rule == "resurrection.table"
    out = tables.submit(tmp_path, "t1", "mallory", a, t.seen)
    assert not out.ok and "no seat" in out.reason
    out = tables.submit(tmp_path, "t1", first, a, t.seen)
    assert out.ok and tables.load(tmp_path, "t1").game.history == [str(a)]


def test_a_stale_submission_is_refused_with_what_changed_and_the_new_state(tmp_path):
    t = two_player(tmp_path)
    first = mover(t)
    a, b = t.game.legal_actions()[:2]
    assert tables.submit(tmp_path, "t1", first, a, t.seen).ok  # the first terminal
    out = tables.submit(tmp_path, "t1", first, b, t.seen)  # the second terminal, same player, same old state
    assert not out.ok and out.stale and out.rule == "resurrection.table"
    assert out.reason.startswith(f"The table changed: {first} acted first (")
    assert "face down" in out.reason and "BA" not in out.reason  # what happened, never the hidden card
    assert out.table.game.history == [str(a)]  # the answer carries the new state


def test_resign_at_any_time_only_for_your_own_seat(tmp_path):
    t = two_player(tmp_path)
    waiting = "bob" if mover(t) == "alice" else "alice"
    seat = t.seat_of(waiting)
    out = tables.submit(tmp_path, "t1", waiting, f"resign {1 - seat}", t.seen)
    assert not out.ok and "your own seat" in out.reason
    out = tables.submit(tmp_path, "t1", waiting, "resign", t.seen)  # not their move: still allowed
    assert out.ok
    t = tables.load(tmp_path, "t1")
    assert t.game.is_over and t.game.winner == 1 - seat and t.game.history == [f"resign {seat}"]
    assert [r.kind for r in tables.rows_for(tmp_path, waiting)] == ["finished"]
    assert tables.record(tmp_path, waiting) == {"people": [0, 1, 0], "computer": [0, 0, 0]}
    assert tables.record(tmp_path, "bob" if waiting == "alice" else "alice")["people"] == [1, 0, 0]


def test_open_seats_invitations_decline_and_watching_are_listed_to_the_right_players(tmp_path):
    dealt_table(tmp_path, "alice", "resurrection", [{"open": True}], seed=1, table_id="open1")
    dealt_table(tmp_path, "alice", "resurrection", [{"invite": "bob"}], seed=1, table_id="inv1", watch=True)
    dealt_table(tmp_path, "alice", "redemption", [{"invite": "bob"}], seed=1, table_id="inv2")
    assert tables.decline(tmp_path, "inv2", "bob").ok
    assert {(r.id, r.kind) for r in tables.rows_for(tmp_path, "carol")} == {("open1", "open"), ("inv1", "watch")}
    assert {(r.id, r.kind) for r in tables.rows_for(tmp_path, "bob")} == {
        ("open1", "open"),
        ("inv1", "invited"),
        ("inv2", "finished"),
    }
    assert tables.join(tmp_path, "open1", "carol").ok
    assert "open1" not in {r.id for r in tables.rows_for(tmp_path, "dave")}  # taken: no longer listed to others
    out = tables.submit(tmp_path, "inv2", "alice", "play 2H", 0)
    assert not out.ok and "declined" in out.reason


def test_talk_is_cleaned_rate_limited_and_kept_with_the_game(tmp_path):
    two_player(tmp_path)
    hostile = "hi\x1b[2J\x1b]0;pwned\x07 there\r\n\x07[b]bold[/b]\u202e"
    assert tables.clean_talk(hostile) == "hi there [b]bold[/b]"
    for i in range(5):
        assert tables.say(tmp_path, "t1", "alice", f"msg {i}", now=1000.0 + i).ok
    out = tables.say(tmp_path, "t1", "alice", "one more", now=1010.0)
    assert not out.ok and "5 messages a minute" in out.reason
    assert tables.say(tmp_path, "t1", "alice", "later", now=1061.0).ok
    assert not tables.say(tmp_path, "t1", "carol", "hello", now=1061.0).ok  # not seated
    assert not tables.say(tmp_path, "t1", "bob", "\x1b[0m\x07", now=1061.0).ok  # nothing left to say
    log = tables.load(tmp_path, "t1").meta.log
    assert "alice says: msg 0" in log and "alice says: later" in log and "alice says: one more" not in log


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe not text",
        b"format = 'redemption-tui-save'\nversion = 1\ngame = 'resurrection'\n[state]\nseed = 'x'\n",
        b"not = [toml",
    ],
)
def test_a_corrupt_table_is_listed_with_its_problem_and_never_stops_the_others(tmp_path, content):
    two_player(tmp_path)
    dealt_table(tmp_path, "alice", "resurrection", [{"invite": "bob"}], seed=2, table_id="t2")
    (tmp_path / "_tables" / "bad.toml").write_bytes(content + b'\n# "alice"\n')
    rows = tables.rows_for(tmp_path, "alice")
    assert {r.id for r in rows} == {"t1", "t2", "bad"}
    bad = [r for r in rows if r.id == "bad"][0]
    assert bad.kind == "error" and "bad.toml" in bad.error
    assert "bad" not in {r.id for r in tables.rows_for(tmp_path, "carol")}  # only to players its file names
    with pytest.raises(SaveError, match="bad.toml"):
        tables.submit(tmp_path, "bad", "alice", "play 2H", 0)


def test_a_hostile_table_part_is_refused(tmp_path):
    t = two_player(tmp_path)
    t.meta.extra["table"]["seats"] = [{"player": "alice", "status": "owner"}, {"player": "bob", "status": "joined"}]
    t.path.write_text(dumps(t.game, t.meta))
    with pytest.raises(tables.TableError, match="each seat needs a status"):
        tables.load(tmp_path, "t1")


def test_a_computer_seat_is_played_by_the_seated_players_program(tmp_path):
    tables.create(tmp_path, "alice", "resurrection", [{"computer": "easy"}], seed=4, table_id="c1")
    t = tables.load(tmp_path, "c1")
    while not t.game.is_over:
        assert t.to_move() == "alice"  # alice's program moves for the computer too
        out = tables.submit(tmp_path, "c1", "alice", t.game.legal_actions()[0], t.seen)
        assert out.ok
        t = out.table
    w = t.game.winner
    assert tables.record(tmp_path, "alice") == {
        "people": [0, 0, 0],
        "computer": [int(w == 0), int(w == 1), int(w is None)],
    }


WORKER = textwrap.dedent(r"""
    import json, random, sys, time
    from saves import tables
    base, player, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    while True:
        t = tables.load(base, "race")
        if t.game.is_over:
            break
        if t.to_move() != player:
            time.sleep(0.001)
            continue
        action = rng.choice(t.game.legal_actions())
        out = tables.submit(base, "race", player, action, t.seen)
        print(json.dumps({"action": str(action), "ok": out.ok, "stale": out.stale, "reason": out.reason}), flush=True)
""")


@pytest.mark.parametrize("round_", range(3))
def test_many_processes_submitting_at_once_leave_one_legal_game_and_every_submission_is_answered(tmp_path, round_):
    """Two processes per player (the same player in two terminals), all racing for every decision."""
    dealt_table(tmp_path, "alice", "resurrection", [{"invite": "bob"}], seed=100 + round_, table_id="race")
    tables.join(tmp_path, "race", "bob")
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    procs = [
        subprocess.Popen(
            [PY, str(script), str(tmp_path), who, str(i + 10 * round_)], stdout=subprocess.PIPE, text=True, cwd=REPO
        )
        for i, who in enumerate(["alice", "alice", "bob", "bob"])
    ]
    answers = []
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0
        answers += [json.loads(line) for line in out.splitlines()]
    t = tables.load(tmp_path, "race")
    assert t.game.is_over
    accepted = [a for a in answers if a["ok"]]
    refused = [a for a in answers if not a["ok"]]
    assert len(accepted) == len(t.game.history)  # every accepted action is in the history once, none lost
    assert sorted(a["action"] for a in accepted) == sorted(t.game.history)
    assert all(a["stale"] and a["reason"].startswith("The table changed:") for a in refused)
    g = new_resurrection(100 + round_)
    for a in t.game.history:  # the final history is a legal game from the start, and it is the table's state
        assert g.apply(a).ok, a
    assert g == t.game


def test_the_record_counts_local_games_against_the_computer_too(tmp_path):
    from rules.resurrection import new_game
    from saves.store import Meta, save

    folder = tmp_path / "alice"
    for i, (resigner, kinds) in enumerate(
        [(1, ("human", "computer")), (0, ("human", "computer")), (1, ("computer", "human")), (0, ("human", "human"))]
    ):
        g = new_game(i)
        g.apply(f"resign {resigner}")
        save(
            g,
            folder / f"g{i}.toml",
            Meta(players=[{"name": "alice" if k == "human" else "Computer", "kind": k} for k in kinds]),
        )
    save(
        new_game(9),
        folder / "going.toml",
        Meta(players=[{"name": "alice", "kind": "human"}, {"name": "Computer", "kind": "computer"}]),
    )
    # won (the computer resigned), lost, lost (alice in seat 2); the hot-seat game is not against the computer
    assert tables.record(tmp_path, "alice") == {"people": [0, 0, 0], "computer": [1, 2, 0]}


def test_the_list_follows_every_change_of_a_table_file(tmp_path):
    t = two_player(tmp_path)
    first = mover(t)
    assert [r.kind for r in tables.rows_for(tmp_path, first)] == ["move"]
    assert tables.submit(tmp_path, "t1", first, t.game.legal_actions()[0], t.seen).ok
    assert [r.kind for r in tables.rows_for(tmp_path, first)] == ["waiting"]  # read again: the file changed
    t.path.write_text("garbage = [")
    assert [r.kind for r in tables.rows_for(tmp_path, first)] == []  # unreadable, and names nobody now
    assert tables.record(tmp_path, first) == {"people": [0, 0, 0], "computer": [0, 0, 0]}
