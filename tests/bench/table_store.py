"""The table stores compared: submit latency, the time until another screen hears of the move, and a player's list
among N tables, for the files and for PostgreSQL (a private server, tests/pg.py, fsync on as the files have it).

    python -m tests.bench.table_store [--moves N] [--tables 1000,10000]

Tables for the list are made by copying one table's TOML save (files: written directly; database: imported), each
naming two players of 500, so a player's list holds a few tables among N. The files' list reads every file once
and then keeps what it read: the first listing and a later one are both shown.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from saves import tables
from saves.tablestore import FileStore
from tests.dealt import dealt_table


def _arg(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def moves(store, n: int) -> tuple[float, float]:
    """Median submit time and median time until a second watcher (another thread) sees the new stamp."""
    dealt_table(store, "alice", "resurrection", [{"invite": "bob"}], seed=5, table_id="bench")
    tables.join(store, "bench", "bob")
    submit, seen = [], []
    for _ in range(n):
        t = store.load("bench")
        if t.game.is_over:
            break
        heard: list[float] = []
        since = store.stamp("bench")
        w = threading.Thread(
            target=lambda s=since, h=heard: store.wait("bench", s, 10) and h.append(time.perf_counter())
        )
        w.start()
        t0 = time.perf_counter()
        assert tables.submit(store, "bench", t.to_move(), t.game.legal_actions()[0], t.seen).ok
        submit.append(time.perf_counter() - t0)
        w.join()
        seen.append(heard[0] - t0)
    submit.sort()
    seen.sort()
    return submit[len(submit) // 2], seen[len(seen) // 2]


def fill(store, n: int, folder: Path | None) -> None:
    t = dealt_table(store, "p0", "resurrection", [{"invite": "p1"}], seed=1, table_id="seed")
    text = store.export_toml("seed")
    for i in range(n):
        a, b = f"p{i % 500}", f"p{(i * 7 + 1) % 500}"
        body = text.replace('"p0"', f'"{a}"').replace('"p1"', f'"{b if b != a else "q"}"')
        if folder is not None:
            (folder / "_tables" / f"g{i}.toml").write_text(body)
        else:
            store.import_toml(f"g{i}", body)
    del t


def main() -> None:
    from saves.pgstore import PgStore
    from tests.pg import PrivatePostgres, missing

    n_moves = int(_arg("--moves", "40"))
    sizes = [int(x) for x in _arg("--tables", "1000").split(",")]
    why = missing()
    server = None if why else PrivatePostgres(fsync=True).start()
    try:
        for name in ("files", "postgresql"):
            if name == "postgresql" and server is None:
                print(f"# postgresql: skipped ({why})")
                continue
            for n in sizes:
                d = Path(tempfile.mkdtemp(prefix="bench-ts-"))
                store = FileStore(d) if name == "files" else PgStore(server.url, base=d)  # type: ignore[union-attr]
                if name == "postgresql":
                    store.drop_everything()
                sub, heard = moves(store, n_moves)
                t0 = time.perf_counter()
                fill(store, n, d if name == "files" else None)
                made = time.perf_counter() - t0
                t0 = time.perf_counter()
                rows = tables.rows_for(store, "p3")
                first = time.perf_counter() - t0
                t0 = time.perf_counter()
                tables.rows_for(store, "p3")
                again = time.perf_counter() - t0
                print(
                    f"{name:10s} tables={n:6d}  submit {sub * 1000:6.1f} ms  other screen hears {heard * 1000:6.1f} ms"
                    f"  list first {first * 1000:7.1f} ms, again {again * 1000:7.1f} ms ({len(rows)} rows)"
                    f"  [made in {made:.1f} s]",
                    flush=True,
                )
                store.close()
                shutil.rmtree(d, ignore_errors=True)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
