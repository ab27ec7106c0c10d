"""A move at a shared table, seen on the other player's screen over SSH: median and p95 (goal: median < 0.5 s).

Two real OpenSSH clients on loopback, each on its own pseudo-terminal, log in to ``redemption serve`` with their
own keys and sit at one Resurrection table. For each move: the time from the mover's keys ("1", Enter) until the
other player's terminal shows the new state (the status line's new text). Baseline in the same run: the same
client's own keystroke echo (a cursor key in the hand, until the screen's next bytes arrive).

Then the store's own costs, what a larger host depends on: one submission (lock, read, check, apply, write,
fsync), a poll (a stat), and listing one player's tables among N tables.

    python -m tests.bench.table_latency [--moves N] [--tables N]
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from saves import tables
from tests.bench.common import figure, machine, median, parser, per_call, quantile
from tests.dealt import dealt_table


def _wait(term, pattern: str, timeout: float = 30.0) -> float:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, term.text()):
            return time.monotonic()
        time.sleep(0.002)
    raise RuntimeError(f"{pattern!r} did not show in {timeout} s")


def _wait_bytes(term, timeout: float = 10.0) -> float:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if term.raw:
            return time.monotonic()
        time.sleep(0.002)
    raise RuntimeError("no echo")


def ssh_latency(moves: int, folder: Path) -> None:
    from tests.test_ssh_support import PY, OpenSSHTerminal, Server, stop_servers

    if shutil.which("ssh") is None:
        print("# the OpenSSH client is not installed: no SSH figures")
        return
    app = f"{PY} -m tui.cli --player {{player}} --save-dir {{data_dir}} --pause 0"
    server = Server(folder, app, "--grace", "5")
    for p in ("alice", "bob"):
        server.add_player(p)
    server.start()
    move_t: list[float] = []
    echo_t: list[float] = []
    games = 0
    try:
        while len(move_t) < moves:
            tid = f"bench{games}"
            games += 1
            dealt_table(server.data, "alice", "resurrection", [{"invite": "bob"}], seed=games, table_id=tid)
            with (
                OpenSSHTerminal(server, server.keys["bob"]) as bob,
                OpenSSHTerminal(server, server.keys["alice"]) as alice,
            ):
                terms = {"alice": alice, "bob": bob}
                for term in (bob, alice):  # bob accepts first; then it is alice's move
                    term.expect(r"▶ Tables")
                    term.send("\r")
                    term.expect(r"Your tables")
                    term.mark()
                    term.send("\r")
                    term.expect(r"Resurrection \|")
                t = tables.load(server.data, tid)
                while not t.game.is_over and len(move_t) < moves:
                    mover = terms[t.to_move()]
                    other = next(x for x in terms.values() if x is not mover)
                    time.sleep(0.3)  # both screens idle
                    mover.mark()
                    t0 = time.monotonic()
                    mover.send("\x1b[B")  # a cursor key: the mover's own screen redraws the hand
                    echo_t.append(_wait_bytes(mover) - t0)
                    time.sleep(0.3)
                    other.mark()
                    seen = t.seen
                    t0 = time.monotonic()
                    mover.send("1\r")
                    while tables.load(server.data, tid).seen == seen:
                        time.sleep(0.002)
                    t = tables.load(server.data, tid)
                    other_name = "alice" if other is alice else "bob"
                    pattern = (
                        r"Game over"
                        if t.game.is_over
                        else (r"\| Your move" if t.to_move() == other_name else rf"\| {t.to_move()} to move")
                    )
                    move_t.append(_wait(other, pattern) - t0)
                for term in (alice, bob):
                    term.send("q")
    finally:
        stop_servers([server], folder)
    print(f"# {len(move_t)} moves over {games} game(s) through two OpenSSH clients and 'redemption serve'")
    figure(
        "move to the other player's screen, median",
        median(move_t) * 1000,
        "ms",
        "the mover's own key echo, median",
        median(echo_t) * 1000,
        goal="< 500 ms",
    )
    figure(
        "move to the other player's screen, p95",
        quantile(move_t, 0.95) * 1000,
        "ms",
        "the mover's own key echo, p95",
        quantile(echo_t, 0.95) * 1000,
    )


def store_costs(n_tables: int, folder: Path) -> None:
    base = folder / "store"
    t = dealt_table(base, "alice", "redemption", [{"invite": "bob"}], seed=1, table_id="one")
    tables.join(base, "one", "bob")
    t = tables.load(base, "one")

    def submit_one() -> None:
        nonlocal t
        if t.game.is_over:
            t = dealt_table(
                base,
                "alice",
                "redemption",
                [{"invite": "bob"}],
                seed=len(t.game.history),
                table_id=f"one{time.monotonic_ns()}",
            )
            tables.join(base, t.id, "bob")
            t = tables.load(base, t.id)
        answer = tables.submit(base, t.id, t.to_move(), t.game.legal_actions()[0], t.seen)
        t = answer.table

    submit_s = per_call(submit_one, min_time=0.5, repeat=3)
    load_s = per_call(lambda: tables.load(base, t.id), min_time=0.3, repeat=3)
    poll_s = per_call(lambda: tables.stamp(t.path), min_time=0.1, repeat=3)
    figure(
        "submit one action (lock, read, apply, atomic write, fsync), Redemption",
        submit_s * 1000,
        "ms",
        "reading the same table",
        load_s * 1000,
    )
    figure("poll (one stat of the table file)", poll_s * 1e6, "us")
    print(f"# one table file: {t.path.stat().st_size:,} bytes after {t.seen} actions")
    many = folder / "many"
    for i in range(n_tables):
        dealt_table(
            many,
            "alice" if i % 2 else "carol",
            "resurrection",
            [{"invite": "bob" if i % 3 else "dave"}],
            seed=i,
            table_id=f"t{i}",
        )
    t0 = time.perf_counter()
    rows = tables.rows_for(many, "bob")
    dt = time.perf_counter() - t0
    figure(f"list bob's tables among {n_tables}, first time (reads every table file)", dt * 1000, "ms")
    figure("  of which per table file", dt / n_tables * 1000, "ms", "reading one Redemption table above", load_s * 1000)
    dealt_table(many, "alice", "resurrection", [{"invite": "bob"}], seed=0, table_id="changed")
    t0 = time.perf_counter()
    tables.rows_for(many, "bob")
    figure(
        "list again, one table new or changed (one stat per table, one read)", (time.perf_counter() - t0) * 1000, "ms"
    )
    print(f"# bob sees {len(rows)} of {n_tables} tables")


def main(argv: list[str] | None = None) -> int:
    ap = parser(__file__, __doc__)
    ap.add_argument("--moves", type=int, default=20, help="moves timed (default %(default)s)")
    ap.add_argument("--tables", type=int, default=200, help="tables in the store (default %(default)s)")
    a = ap.parse_args(argv)
    print(f"# table_latency: {machine()}")
    moves, n_tables = a.moves, a.tables
    folder = Path(tempfile.mkdtemp(prefix="bench-tables-"))
    try:
        store_costs(n_tables, folder)
        ssh_latency(moves, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
