"""Shared tables in PostgreSQL: one database for several hosts (``--tables postgresql://...``).

A table is one row: its TOML save (the same text a file store's file holds), its version (the number of writes so
far), the number of actions in its game (what a submission must have seen) and the summary a list row needs. The
players named at a table (seated, invited, declined) are rows of ``redemption_seats``, indexed by player, so a
player's list is one indexed query; tables open to everyone (an open seat, watchers allowed) carry a flag with a
partial index.

Each change is one transaction: the row is read ``FOR UPDATE`` (a second change to the same table waits for the
first), the action checks the state it was given (a submission compares the actions its screen saw with the
table's, and is refused with what changed if they differ), and the new state, the seats and the version are
written; ``NOTIFY redemption_tables, '<id> <version>'`` goes out with the commit. Every other screen learns of a
change from that notification, never by polling the database: each process has one listening connection (a
thread), which keeps the latest version it heard of each table. After a lost connection it listens again and
re-reads the versions of the tables it watches, so a change made meanwhile is seen.

psycopg 3 is imported only by this module: the file store needs nothing installed.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rules.core import GameBase
from saves.store import MAX_BYTES, Meta, Saved, SaveError, _now, dumps, printable, reads, validate_name
from saves.tables import Answer, Row, Table, TableError, _check_table, _trim_talk
from saves.tablestore import for_everyone, from_summary, named, summary

CHANNEL = "redemption_tables"
CONNECT_TIMEOUT = 5  # seconds: a database that does not answer is said so, not waited on for minutes

SCHEMA = """
CREATE TABLE IF NOT EXISTS redemption_tables (
    id text PRIMARY KEY,
    version bigint NOT NULL,
    seen integer NOT NULL,
    everyone boolean NOT NULL,
    summary jsonb NOT NULL,
    save text NOT NULL
);
CREATE INDEX IF NOT EXISTS redemption_tables_everyone ON redemption_tables (id) WHERE everyone;
CREATE TABLE IF NOT EXISTS redemption_seats (
    player text NOT NULL,
    table_id text NOT NULL REFERENCES redemption_tables (id) ON DELETE CASCADE,
    PRIMARY KEY (player, table_id)
);
CREATE INDEX IF NOT EXISTS redemption_seats_table ON redemption_seats (table_id);
"""

#: A player's list: the tables that name them, and those open to everyone, each once (two indexes).
LIST_QUERY = """
SELECT id, version, summary FROM redemption_tables
WHERE id IN (SELECT table_id FROM redemption_seats WHERE player = %s
             UNION SELECT id FROM redemption_tables WHERE everyone)
"""


class _Rollback(Exception):
    def __init__(self, error: SaveError, game: str) -> None:
        self.error, self.game = error, game


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise TableError("tables in PostgreSQL need psycopg 3: pip install 'redemption-tui[postgres]'") from None
    return psycopg


class PgStore:
    """The shared tables in one PostgreSQL database (see the module)."""

    _shared: dict[tuple[int, str], PgStore] = {}

    def __init__(self, url: str, base: str | os.PathLike[str] | None = None) -> None:
        self.url = url
        self.base: Path | None = None if base is None else Path(base)
        self._db = _psycopg()
        self._conn: Any = None
        self._lock = threading.RLock()  # one change at a time on this process's connection
        self._cond = threading.Condition()
        self._versions: dict[str, int] = {}  # the latest version heard of (or written) per table
        self._watched: set[str] = set()
        self._changes = 0  # notifications heard: the list's stamp
        self._epoch = 0  # listening connections made
        self._listening = threading.Event()
        self._listener: threading.Thread | None = None
        self._stop = False
        self._schema_checked = False

    @classmethod
    def shared(cls, url: str, base: str | os.PathLike[str] | None = None) -> PgStore:
        """One store per database per process (a forked process makes its own: connections do not cross fork)."""
        key = (os.getpid(), url)
        store = cls._shared.get(key)
        if store is None:
            store = cls._shared[key] = cls(url, base)
        elif base is not None and store.base is None:
            store.base = Path(base)
        return store

    def __repr__(self) -> str:
        return f"PgStore({self.describe()!r})"

    def describe(self) -> str:
        return f"the database {self._safe_url()}"

    def _safe_url(self) -> str:
        """The URL without its password, if it has one."""
        head, sep, tail = self.url.partition("@")
        if sep and ":" in head.split("//", 1)[-1]:
            scheme, _, cred = head.partition("//")
            return f"{scheme}//{cred.split(':', 1)[0]}:***@{tail}"
        return self.url

    def _path(self, table_id: str) -> Path:
        return Path("(database)") / table_id

    # --- the connection -------------------------------------------------------------------------
    def _connect(self) -> Any:
        """A connection in autocommit: a read is its own statement, a change its own ``transaction()``."""
        try:
            conn = self._db.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except self._db.Error as e:
            raise TableError(f"{self.describe()}: cannot connect ({_first_line(e)})") from None
        if not self._schema_checked:
            self._schema(conn)
        return conn

    def _schema(self, conn: Any) -> None:
        """The tables and indexes, made once by whichever process comes first (an advisory lock orders them)."""
        with conn.transaction():
            if conn.execute("SELECT to_regclass('redemption_seats')").fetchone()[0] is None:
                conn.execute("SELECT pg_advisory_xact_lock(7283001)")
                conn.execute(SCHEMA)
        self._schema_checked = True

    @contextmanager
    def _session(self) -> Iterator[Any]:
        """This process's connection, under its lock; a connection found broken is made again once."""
        with self._lock:
            if self._conn is None or self._conn.closed or self._conn.broken:
                self._conn = self._connect()
            try:
                yield self._conn
            except self._db.OperationalError as e:
                try:
                    self._conn.close()
                finally:
                    self._conn = None
                raise TableError(f"{self.describe()}: the connection was lost ({_first_line(e)}); try again") from None
            except self._db.Error as e:
                raise TableError(f"{self.describe()}: {_first_line(e)}") from None

    def _retrying(self, fn: Callable[[Any], Any]) -> Any:
        """``fn(conn)``; once more on a new connection if the old one had gone (a database restart, a idle
        connection cut). Safe for every change: one that committed before its answer was lost is refused the
        second time as a stale submission, never applied twice."""
        for attempt in (0, 1):
            try:
                with self._session() as conn:
                    return fn(conn)
            except TableError:
                if attempt or self._conn is not None:
                    raise
        raise AssertionError("unreachable")

    # --- reading ----------------------------------------------------------------------------------
    def _table(self, table_id: str, text: str, version: int) -> Table:
        t = Table(table_id, self._path(table_id), reads(text, str(self._path(table_id))), version)
        _check_table(t)
        return t

    def load(self, table_id: str) -> Table:
        validate_name(table_id, what="table name")

        def go(conn: Any) -> Table:
            row = conn.execute("SELECT version, save FROM redemption_tables WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                raise TableError(f"no table named {table_id!r} (see 'redemption tables')")
            self._heard(table_id, row[0])
            return self._table(table_id, row[1], row[0])

        t: Table = self._retrying(go)
        return t

    def exists(self, table_id: str) -> bool:
        def go(conn: Any) -> bool:
            return conn.execute("SELECT 1 FROM redemption_tables WHERE id = %s", (table_id,)).fetchone() is not None

        return bool(self._retrying(go))

    def ids(self) -> list[str]:
        def go(conn: Any) -> list[str]:
            return [r[0] for r in conn.execute("SELECT id FROM redemption_tables").fetchall()]

        return sorted(self._retrying(go))

    def listed(self, player: str) -> list[Table | Row]:
        def go(conn: Any) -> list[Table | Row]:
            out: list[Table | Row] = []
            for tid, version, summ in conn.execute(LIST_QUERY, (player,)).fetchall():
                t = from_summary(tid, self._path(tid), summ, version)
                if t.may_see(player):
                    out.append(t)
            return out

        rows: list[Table | Row] = self._retrying(go)
        return rows

    def export_toml(self, table_id: str) -> str:
        def go(conn: Any) -> str:
            row = conn.execute("SELECT save FROM redemption_tables WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                raise TableError(f"no table named {table_id!r} (see 'redemption tables')")
            return str(row[0])

        text: str = self._retrying(go)
        return text

    # --- writing ----------------------------------------------------------------------------------
    def _text(self, game: GameBase, meta: Meta, where: str) -> str:
        if not meta.created:
            meta.created = _now()
        meta.updated = _now()
        try:
            text = dumps(game, meta)
        except SaveError as e:
            raise SaveError(f"{where}: not saved: {e}; the table is as it was", e.reason) from None
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise SaveError(
                f"{where}: not saved: the table has grown past the {MAX_BYTES}-byte limit a save may have",
                f"the game has grown past the {MAX_BYTES // (1024 * 1024)} MiB a save may have",
            )
        return text

    def _write(self, conn: Any, t: Table, text: str, version: int, new: bool) -> None:
        """The row, its seats and the notification, in the caller's transaction."""
        values = (version, len(t.game.history), for_everyone(t), json.dumps(summary(t)), text, t.id)
        if new:
            conn.execute(
                "INSERT INTO redemption_tables (version, seen, everyone, summary, save, id)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                values,
            )
        else:
            conn.execute(
                "UPDATE redemption_tables SET version = %s, seen = %s, everyone = %s, summary = %s, save = %s"
                " WHERE id = %s",
                values,
            )
        players = sorted(named(t))
        conn.execute("DELETE FROM redemption_seats WHERE table_id = %s AND NOT (player = ANY(%s))", (t.id, players))
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO redemption_seats (player, table_id) VALUES (%s, %s) ON CONFLICT DO NOTHING",
                [(p, t.id) for p in players],
            )
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{t.id} {version}"))
        t.version = version

    def add(self, table_id: str | None, prefix: str, game: GameBase, meta: Meta) -> Table:
        def go(conn: Any) -> Table:
            with conn.transaction():
                n = 1
                while True:
                    tid = table_id or (prefix if n == 1 else f"{prefix}-{n}")
                    validate_name(tid, what="table name")
                    taken = conn.execute("SELECT 1 FROM redemption_tables WHERE id = %s FOR UPDATE", (tid,)).fetchone()
                    if taken is None:
                        break
                    if table_id is not None:
                        raise TableError(f"a table named {table_id!r} already exists; pick another name")
                    n += 1
                t = Table(tid, self._path(tid), Saved(game, meta))
                self._write(conn, t, self._text(game, meta, str(t.path)), 1, new=True)
            self._heard(tid, 1, own=True)
            return t

        try:
            t: Table = self._retrying(go)
        except TableError as e:
            if "duplicate key" in str(e):  # another host took the same name in the same instant
                raise TableError(f"a table named {table_id or prefix!r} already exists; pick another name") from None
            raise
        return t

    def change(self, table_id: str, fn: Callable[[Table], Answer]) -> Answer:
        validate_name(table_id, what="table name")

        def go(conn: Any) -> Answer:
            try:
                with conn.transaction():
                    row = conn.execute(
                        "SELECT version, save FROM redemption_tables WHERE id = %s FOR UPDATE", (table_id,)
                    ).fetchone()
                    if row is None:
                        raise TableError(f"no table named {table_id!r} (see 'redemption tables')")
                    t = self._table(table_id, row[1], row[0])
                    answer = fn(t)
                    if answer.ok:
                        _trim_talk(t.meta.log)
                        try:
                            text = self._text(t.game, t.meta, str(t.path))
                        except SaveError as e:
                            raise _Rollback(e, t.game.name) from None
                        self._write(conn, t, text, row[0] + 1, new=False)
            except _Rollback as e:  # not written, so not done: the table is as it was, and says why
                try:
                    before: Table | None = self.load(table_id)
                except SaveError:
                    before = None
                return Answer(
                    False, before, f"Not done: the table could not be saved ({e.error.reason}).", f"{e.game}.table"
                )
            if answer.ok:
                self._heard(table_id, row[0] + 1, own=True)
            return answer

        answer: Answer = self._retrying(go)
        return answer

    def import_toml(self, table_id: str, text: str, replace: bool = False) -> Table:
        validate_name(table_id, what="table name")
        t = self._table(table_id, text, 0)

        def go(conn: Any) -> Table:
            with conn.transaction():
                row = conn.execute(
                    "SELECT version FROM redemption_tables WHERE id = %s FOR UPDATE", (table_id,)
                ).fetchone()
                if row is not None and not replace:
                    raise TableError(f"a table named {table_id!r} already exists; pick another name")
                version = 1 if row is None else row[0] + 1
                self._write(conn, t, text, version, new=row is None)
            self._heard(table_id, version, own=True)
            return t

        out: Table = self._retrying(go)
        return out

    # --- watching -----------------------------------------------------------------------------------
    def _heard(self, table_id: str, version: int, own: bool = False) -> None:
        with self._cond:
            if version > self._versions.get(table_id, -1):
                self._versions[table_id] = version
                if own:
                    self._changes += 1
                self._cond.notify_all()

    def _ensure_listening(self) -> None:
        if self._listener is None or not self._listener.is_alive():
            self._stop = False
            self._listening.clear()
            self._listener = threading.Thread(target=self._listen, name="redemption-tables-listen", daemon=True)
            self._listener.start()
        self._listening.wait(CONNECT_TIMEOUT)

    def _watch(self, table_id: str) -> None:
        """From now on this process hears of the table's changes; its version is read once LISTEN is on."""
        if table_id in self._watched and self._listening.is_set():
            return
        self._ensure_listening()
        self._watched.add(table_id)
        try:
            self._refresh([table_id])
        except SaveError:
            pass  # the database is away: the listener reads it again when it is back

    def _refresh(self, ids: list[str]) -> None:
        def go(conn: Any) -> list[tuple[str, int]]:
            return list(conn.execute("SELECT id, version FROM redemption_tables WHERE id = ANY(%s)", (ids,)))

        for tid, version in self._retrying(go):
            self._heard(tid, version)

    def _listen(self) -> None:
        delay = 0.1
        while not self._stop:
            try:
                conn = self._connect()
            except SaveError:
                time.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                with self._cond:
                    self._epoch += 1
                    self._changes += 1  # anything may have changed while nobody listened
                    self._cond.notify_all()
                self._listening.set()
                delay = 0.1
                if self._watched:
                    try:
                        self._refresh(sorted(self._watched))  # what changed while this process was not listening
                    except SaveError:
                        pass
                while not self._stop:
                    for n in conn.notifies(timeout=5.0):
                        tid, _, version = n.payload.rpartition(" ")
                        if tid and version.isdigit():
                            with self._cond:
                                self._changes += 1
                            self._heard(tid, int(version))
                    conn.execute("SELECT 1")  # a dead server shows here within the second, not never
            except self._db.Error:
                self._listening.clear()
                time.sleep(delay)
            finally:
                try:
                    conn.close()
                except self._db.Error:
                    pass

    def stamp(self, table_id: str) -> Hashable:
        self._watch(table_id)
        with self._cond:
            return self._versions.get(table_id)

    def list_stamp(self) -> Hashable:
        self._ensure_listening()
        with self._cond:
            return (self._epoch, self._changes)

    def wait(self, table_id: str, since: Hashable, timeout: float) -> bool:
        self._watch(table_id)
        with self._cond:
            return self._cond.wait_for(lambda: self._versions.get(table_id) != since, timeout)

    def close(self) -> None:
        self._stop = True
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
        if self._listener is not None:
            self._listener.join(0.2)  # it stops by itself within its next wait
        PgStore._shared.pop((os.getpid(), self.url), None)

    # --- for the tests, the benchmark and migrate ---------------------------------------------------
    def drop_everything(self) -> None:
        """Every table and seat gone (a test's fresh start)."""

        def go(conn: Any) -> None:
            with conn.transaction():
                conn.execute("TRUNCATE redemption_seats, redemption_tables")

        self._retrying(go)
        with self._cond:
            self._versions.clear()
            self._changes += 1


def _first_line(e: BaseException) -> str:
    return printable(str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__)


__all__ = ["PgStore", "CHANNEL", "SCHEMA"]
