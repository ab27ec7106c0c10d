"""The table stores compared, with N tables in the store: a player's list, submit latency, and the time until
another screen hears of a move; for the files and for PostgreSQL (a private server, tests/pg.py, fsync on as the
files have it).

    python -m tests.bench.table_store [--moves N] [--tables 1000,10000,100000] [--stores files,postgresql]

The N tables are copies of one finished two-player table's TOML save with its players renamed: N/5 players, each
named at about ten tables, and one busy player named at 1% of them (a heavy list). The files are written directly;
the database gets the same rows an import writes (the save, its list summary and the seats), by COPY, since
importing 100,000 tables one transaction each would take longer than the listing it is there to measure; a few
rows are checked against what an import makes.

The list (``tables.rows_for``, what the title screen and ``redemption tables`` read):
- files: the first listing (no index: every file read), a new process's (the index, every file stat'ed), and the
  same process again (what it read kept too);
- database: one query, the median of 20 (every one a new query; the process keeps nothing), with the plan's
  index scan checked by EXPLAIN.
Submit: a move at a two-player table among the N (median and p95 of ``--moves``). Heard: from the submission's
start until a second store (its own connection and listener, as another host's app) sees the new stamp;
and the screen: the same, by a watcher that looks at the stamp every 0.1 s as the game screen does.
"""

from __future__ import annotations

import io
import json
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from saves import tables
from saves.tablestore import FileStore, named, summary
from tests.bench.common import machine, parser
from tests.dealt import dealt_table

POLL = 0.1  # tui.screens.game.POLL: how often a screen looks at a shared table's stamp
A, B = "tmplalice", "tmplbobby"


def _q(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def template(store: Any) -> str:
    """A finished two-player Resurrection table's TOML save, players A and B."""
    t = dealt_table(store, A, "resurrection", [{"invite": B}], seed=5, table_id="template")
    tables.join(store, "template", B)
    for _ in range(4):
        t = store.load("template")
        assert tables.submit(store, "template", t.to_move(), t.game.legal_actions()[0], t.seen).ok
    assert tables.submit(store, "template", A, "resign", store.load("template").seen).ok
    return str(store.export_toml("template"))


def names(i: int, n: int) -> tuple[str, str]:
    players = max(2, n // 5)
    a, b = f"p{i % players}", f"p{(i * 7 + 1) % players}"
    if b == a:
        b = f"q{i % players}"
    if i % 100 == 0:
        a = "busy"
    return a, b


def fill_files(root: Path, n: int, text: str) -> None:
    d = root / "_tables"
    d.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        a, b = names(i, n)
        (d / f"g{i}.toml").write_text(text.replace(f'"{A}"', f'"{a}"').replace(f'"{B}"', f'"{b}"'))


def fill_db(store: Any, n: int, text: str) -> None:
    t = store.load("template")
    summ = json.dumps(summary(t))
    seats = sorted(named(t))
    assert seats == sorted([A, B])

    def rename(s: str, a: str, b: str) -> str:
        return s.replace(f'"{A}"', f'"{a}"').replace(f'"{B}"', f'"{b}"')

    def esc(s: str) -> str:  # COPY's text format
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")

    rows, seat_rows = io.StringIO(), io.StringIO()
    for i in range(n):
        a, b = names(i, n)
        tid = f"g{i}"
        rows.write(f"{tid}\t1\t{len(t.game.history)}\tf\t{esc(rename(summ, a, b))}\t{esc(rename(text, a, b))}\n")
        seat_rows.write(f"{a}\t{tid}\n{b}\t{tid}\n")

    def go(conn: Any) -> None:
        with conn.transaction():
            with conn.cursor() as cur:
                with cur.copy("COPY redemption_tables (id, version, seen, everyone, summary, save) FROM STDIN") as c:
                    c.write(rows.getvalue())
                with cur.copy("COPY redemption_seats (player, table_id) FROM STDIN") as c:
                    c.write(seat_rows.getvalue())
            conn.execute("ANALYZE redemption_tables")
            conn.execute("ANALYZE redemption_seats")

    store._retrying(go)
    for i in (0, 1, n // 2, n - 1):  # the rows are what an import of the same text makes
        a, b = names(i, n)
        got = store.load(f"g{i}")
        assert json.loads(json.dumps(summary(got))) == json.loads(rename(summ, a, b)), i
        assert sorted(named(got)) == sorted({a, b})


def moves(store: Any, watcher: Any, n: int) -> dict[str, list[float]]:
    """``n`` moves at fresh two-player tables (a new one when a game ends): each submission's time, the time until
    ``watcher`` (another store) waits out the new stamp, and until a 0.1 s poll of its stamp sees it."""
    out: dict[str, list[float]] = {"submit": [], "heard": [], "screen": []}
    k = 0
    t = None
    while len(out["submit"]) < n:
        if t is None or t.game.is_over:
            k += 1
            tid = f"bench{k}"
            dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=k, table_id=tid)
            assert tables.join(store, tid, "bob").ok
            t = store.load(tid)
        since = watcher.stamp(tid)
        heard: list[float] = []
        seen_at: list[float] = []

        def wait(tid: str = tid, since: Any = since, heard: list[float] = heard) -> None:
            if watcher.wait(tid, since, 10):
                heard.append(time.perf_counter())

        def poll(tid: str = tid, since: Any = since, seen_at: list[float] = seen_at) -> None:
            phase = (time.perf_counter() * 7.3) % POLL  # a screen's ticks fall anywhere relative to the move
            time.sleep(phase)
            deadline = time.perf_counter() + 10
            while time.perf_counter() < deadline:
                if watcher.stamp(tid) != since:
                    seen_at.append(time.perf_counter())
                    return
                time.sleep(POLL)

        threads = [threading.Thread(target=wait), threading.Thread(target=poll)]
        for th in threads:
            th.start()
        time.sleep(0.01)
        t0 = time.perf_counter()
        assert tables.submit(store, tid, t.to_move(), t.game.legal_actions()[0], t.seen).ok
        out["submit"].append(time.perf_counter() - t0)
        for th in threads:
            th.join()
        out["heard"].append(heard[0] - t0)
        out["screen"].append(seen_at[0] - t0)
        t = store.load(tid)
    return out


def throughput(make: Any, args: tuple[Any, ...], workers: int, seconds: float) -> float:
    """Moves a second with ``workers`` threads, each its own store (its own connection) and its own table."""
    counts = [0] * workers
    stop = time.perf_counter() + seconds

    def run(w: int) -> None:
        store = make(*args)
        k, t = 0, None
        while time.perf_counter() < stop:
            if t is None or t.game.is_over:
                k += 1
                tid = f"tp{w}-{k}"
                dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=k, table_id=tid)
                assert tables.join(store, tid, "bob").ok
                t = store.load(tid)
            assert tables.submit(store, tid, t.to_move(), t.game.legal_actions()[0], t.seen).ok
            counts[w] += 1
            t = store.load(tid)
        store.close()

    threads = [threading.Thread(target=run, args=(w,)) for w in range(workers)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return sum(counts) / (time.perf_counter() - t0)


def backend_memory(url: str, base: Path, sessions: int) -> tuple[int, float]:
    """``sessions`` app-like stores (each: one connection for changes, one listening), and the database
    backends' private memory (USS, from /proc) each: connections per session, MiB per connection."""
    from saves.pgstore import PgStore

    stores = [PgStore(url, base=base) for _ in range(sessions)]
    for s in stores:
        s.exists("-")
        s.stamp("-")  # listening from now on
    time.sleep(0.5)

    def pids(conn: Any) -> list[int]:
        q = "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
        return [r[0] for r in conn.execute(q)]

    found = stores[0]._retrying(pids)
    private = []
    for pid in found:
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        kb = sum(
            int(line.split()[1]) for line in text.splitlines() if line.startswith(("Private_Clean", "Private_Dirty"))
        )
        private.append(kb / 1024)
    for s in stores:
        s.close()
    return len(found), (sum(private) / len(private) if private else float("nan"))


def timed(fn: Any, *args: Any) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def _stores(text: str) -> list[str]:
    kinds = text.split(",")
    if not kinds or any(k not in ("files", "postgresql") for k in kinds):
        raise ValueError(text)
    return kinds


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--moves", type=int, default=40, help="moves timed at each size (default %(default)s)")
    ap.add_argument(
        "--tables", type=_ints, default=[1000, 10000, 100000], help="the store's sizes (default 1000,10000,100000)"
    )
    ap.add_argument(
        "--stores", type=_stores, default=["files", "postgresql"], help="the stores measured (default files,postgresql)"
    )
    ap.add_argument("--workers", type=int, default=4, help="players moving at once (default %(default)s)")
    ap.add_argument("--seconds", type=float, default=5.0, help="seconds of the throughput run (default %(default)s)")
    a = ap.parse_args(argv)
    from saves.pgstore import LIST_QUERY, PgStore
    from tests.pg import PrivatePostgres, missing

    n_moves, sizes, kinds = a.moves, a.tables, a.stores
    why = missing() if "postgresql" in kinds else "not asked for"
    server = None if why else PrivatePostgres(fsync=True).start()
    ms = 1000.0
    print(machine(), flush=True)
    try:
        for kind in kinds:
            if kind == "postgresql" and server is None:
                print(f"# postgresql: skipped ({why})")
                continue
            for n in sizes:
                d = Path(tempfile.mkdtemp(prefix="bench-ts-"))
                if kind == "files":
                    store: Any = FileStore(d)
                    watcher: Any = FileStore(d)
                else:
                    assert server is not None
                    store, watcher = PgStore(server.url, base=d), PgStore(server.url, base=d)
                    store.drop_everything()
                text = template(store)
                made = timed(fill_files, d, n, text) if kind == "files" else timed(fill_db, store, n, text)
                lists: dict[str, float] = {}
                who = "p3"
                busy = 0
                if kind == "files":
                    tables._seen.clear()
                    assert not (d / "_tables" / ".index.json").exists()
                    lists["first (no index)"] = timed(tables.rows_for, store, who)
                    tables._seen.clear()  # a new process: the index and a stat per file
                    lists["new process"] = timed(tables.rows_for, store, who)
                    lists["same process"] = timed(tables.rows_for, store, who)
                    tables._seen.clear()
                    lists["busy player, new process"] = timed(tables.rows_for, store, "busy")
                    busy = len(tables.rows_for(store, "busy"))
                else:
                    samples = [timed(tables.rows_for, store, f"p{(j * 13) % (n // 5)}") for j in range(20)]
                    lists["one query, median of 20"] = _q(samples, 0.5)
                    lists["p95"] = _q(samples, 0.95)
                    busy_s = [timed(tables.rows_for, store, "busy") for _ in range(5)]
                    lists["busy player"] = _q(busy_s, 0.5)
                    busy = len(tables.rows_for(store, "busy"))

                    def plan(conn: Any, who: str = who) -> str:
                        q = "EXPLAIN (ANALYZE, FORMAT JSON) " + LIST_QUERY
                        doc = conn.execute(q, (who,)).fetchone()[0][0]
                        seq = "Seq Scan" in json.dumps(doc["Plan"])
                        return f"plan {'WITH a sequential scan' if seq else 'by index'}, {doc['Execution Time']:.2f} ms"

                    lists_note = store._retrying(plan)
                count = len(tables.rows_for(store, who))
                m = moves(store, watcher, n_moves)
                if kind == "files":
                    size = sum(f.stat().st_size for f in (d / "_tables").glob("*.toml"))
                    index = d / "_tables" / ".index.json"
                    stored = f"{size / n / 1024:.1f} KiB a table (+ index {index.stat().st_size / n:.0f} B)"
                else:

                    def size_of(conn: Any) -> int:
                        q = "SELECT pg_total_relation_size('redemption_tables') + pg_total_relation_size('redemption_seats')"
                        return int(conn.execute(q).fetchone()[0])

                    stored = f"{store._retrying(size_of) / n / 1024:.1f} KiB a table in the database"
                print(
                    f"{kind:10s} tables={n:6d}  list ({count} rows; busy {busy}): "
                    + ", ".join(f"{k} {v * ms:.1f} ms" for k, v in lists.items())
                    + (f"; {lists_note}" if kind != "files" else "")
                    + f"\n{'':10s} {'':13s} submit median {_q(m['submit'], 0.5) * ms:.1f} ms p95"
                    f" {_q(m['submit'], 0.95) * ms:.1f} ms; another store hears {_q(m['heard'], 0.5) * ms:.1f} ms"
                    f" (p95 {_q(m['heard'], 0.95) * ms:.1f}); a screen polling every {POLL:g} s sees it"
                    f" {_q(m['screen'], 0.5) * ms:.0f} ms (p95 {_q(m['screen'], 0.95) * ms:.0f})"
                    f"; {stored}  [{n} tables made in {made:.1f} s]",
                    flush=True,
                )
                watcher.close()
                store.close()
                shutil.rmtree(d, ignore_errors=True)
        workers = a.workers
        for kind in kinds:
            if kind == "postgresql" and server is None:
                continue
            d = Path(tempfile.mkdtemp(prefix="bench-tp-"))
            url = server.url if server is not None else ""
            if kind == "postgresql":
                PgStore(url, base=d).drop_everything()
            rate = throughput(
                FileStore if kind == "files" else PgStore,
                (d,) if kind == "files" else (url, d),
                workers,
                a.seconds,
            )
            print(f"{kind:10s} {workers} players moving at once, each at its own table: {rate:.0f} moves a second")
            shutil.rmtree(d, ignore_errors=True)
        if server is not None:
            k, mib = backend_memory(server.url, Path(tempfile.mkdtemp(prefix="bench-mem-")), 20)
            print(f"postgresql 20 app sessions hold {k} connections, {mib:.1f} MiB private memory each in the server")
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
