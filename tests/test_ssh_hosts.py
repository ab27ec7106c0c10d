"""Two hosts, one database: two real ``redemption serve`` processes on their own ports, each with its own data
folder, keep their shared tables in one PostgreSQL database (``--tables postgresql://...``). alice plays on host A,
bob on host B, each through the real OpenSSH client; host A is killed (SIGKILL) mid-game, alice logs in to host B
and finishes the game where it stood.

Skipped with the reason when PostgreSQL (tests/pg.py) or the OpenSSH client is missing."""

from __future__ import annotations

import time
from pathlib import Path

from rules.resurrection import new_game as new_resurrection
from saves import tables
from tests.dealt import dealt_table
from tests.test_ssh_support import PY, OpenSSHTerminal, Server, leftovers, needs_openssh, stop_servers

APP = f"{PY} -m tui.cli --player {{player}} --save-dir {{data_dir}} --pause 0"
MOVE_TIMEOUT = 30.0  # generous: the machine is shared; nothing here measures speed (tests/bench does)


def host(folder: Path, url: str, like: Server | None = None) -> Server:
    """A host in its own folder (its own data, keys file, host key and log), its tables in the database; ``like``:
    the players' keys of another host (a player logs in to either with the same key)."""
    folder.mkdir()
    s = Server(folder, APP, "--grace", "5", "--tables", url)
    if like is None:
        for p in ("alice", "bob"):
            s.add_player(p)
    else:
        s.keys_file.write_text(like.keys_file.read_text())
        s.keys, s.public = dict(like.keys), dict(like.public)
    return s.start()


def sit_down(term: OpenSSHTerminal, player: str) -> None:
    """From the title screen to the table: the Tables item is first when there is an invitation or the player's
    move (Enter), else the t key opens the list; Enter on its first row opens the table."""
    m = term.expect(r"▶ Tables|Tables  \(\d+ waiting\)")
    term.send("\r" if m.group(0).startswith("▶") else "t")
    term.expect(r"Your tables")
    term.mark()
    term.send("\r")
    term.expect(r"Resurrection \|")


def moved(store, seen: int, term: OpenSSHTerminal) -> tables.Table:
    deadline = time.monotonic() + MOVE_TIMEOUT
    while time.monotonic() < deadline:
        t = tables.load(store, "duel")
        if t.seen > seen:
            return t
        time.sleep(0.02)
    raise AssertionError(f"the table did not move past {seen} actions:\n{term.text()[-3000:]}")


@needs_openssh
def test_two_serve_hosts_one_database_a_whole_game_and_a_killed_hosts_player_finishes_on_the_other(
    postgres_url, tmp_path
):
    from saves.pgstore import PgStore

    started = time.monotonic()
    store = PgStore(postgres_url, base=tmp_path)
    store.drop_everything()
    dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=21, table_id="duel")
    made: list[Server] = []
    terms: dict[str, OpenSSHTerminal] = {}
    try:
        a = host(tmp_path / "a", postgres_url)
        made.append(a)
        b = host(tmp_path / "b", postgres_url, like=a)
        made.append(b)
        assert a.port != b.port
        terms["bob"] = OpenSSHTerminal(b, b.keys["bob"])
        sit_down(terms["bob"], "bob")  # accepts the invitation, on host B
        terms["alice"] = OpenSSHTerminal(a, a.keys["alice"])
        sit_down(terms["alice"], "alice")  # on host A
        t = tables.load(store, "duel")
        assert t.ready
        moves, killed_at = 0, None
        while not t.game.is_over:
            if moves == 4:  # host A dies: no goodbye to anyone; alice's client loses its connection
                a.proc.kill()  # type: ignore[union-attr]
                a.proc.wait(10)  # type: ignore[union-attr]
                assert terms["alice"].wait_exit() != 0
                terms["alice"].close()
                terms["alice"] = OpenSSHTerminal(b, b.keys["alice"])  # the same key, the other host
                sit_down(terms["alice"], "alice")
                terms["alice"].expect(r"\| Your move" if t.to_move() == "alice" else r"waiting for bob")
                killed_at = t.seen
            mover = t.to_move()
            other = "bob" if mover == "alice" else "alice"
            for term in terms.values():
                term.mark()
            terms[mover].send("1\r")  # the first card in hand, played
            t = moved(store, t.seen, terms[mover])
            moves += 1
            assert f"Your hand ({mover})" not in terms[other].text()
            if not t.game.is_over and t.to_move() == other:
                terms[other].expect(r"\| Your move")  # heard from the other host, by NOTIFY
            assert moves < 60
        for term in terms.values():
            term.expect(r"Game over")
        assert killed_at is not None and t.seen > killed_at  # moves were made on host B after host A died
        g = new_resurrection(21)
        assert all(g.apply(x).ok for x in t.game.history) and g == t.game
        assert [r.kind for r in tables.rows_for(store, "alice")] == ["finished"]
        for term in terms.values():
            term.mark()
            term.send("q")
            term.expect(r"Your tables")
            term.send("\x1b")
            term.expect(r"Welcome")
            term.send("q")
            assert term.wait_exit() == 0
    finally:
        for term in terms.values():
            term.close()
        store.close()
        stop_servers(made, tmp_path)
    assert leftovers(str(tmp_path)) == []
    elapsed = time.monotonic() - started
    print(f"two hosts, one database, a whole game with a host killed: {elapsed:.1f} s")
    assert elapsed < 60, f"{elapsed:.1f} s"
