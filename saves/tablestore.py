"""Where shared tables are kept: the table store, and its default, one TOML file per table.

Every front end reaches the tables through a :class:`TableStore`: the table session, the ``redemption tables``
and ``table`` commands, the title screen's counts, the SSH and web servers' players (each an app process, which
opens the store named on its command line). What a table *is*, and what each action does to it, is
``saves.tables``' business and the same for every store; a store only keeps tables and makes each change atomic:

- ``change(id, fn)`` reads the latest state, lets ``fn`` check and apply the action (``fn`` compares the number
  of actions the player's screen saw with the table's: the version check), and writes the new state, as one
  step that no other change can interleave with;
- ``stamp(id)`` changes whenever the table is written, cheaply, so a screen can watch a table; ``wait`` blocks
  until it does;
- ``listed(player)`` gives what a player's table list reads (light tables, never their games);
- ``export_toml`` / ``import_toml`` move a table as the same TOML save file a file store holds.

:class:`FileStore` keeps the tables of one host as files (``<base>/_tables/<id>.toml``), each change taken with
a file lock, other screens noticing a change by the file's identity. ``saves.pgstore.PgStore`` keeps them in
PostgreSQL, for several hosts at once.
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from rules.core import GameBase
from saves.store import SUFFIX, Meta, Saved, SaveError, read_text, reads, save, validate_name, write_atomic
from saves.tables import (
    DECLINED,
    INVITED,
    JOINED,
    Answer,
    Row,
    Table,
    TableError,
    _check_table,
    _Listed,
    _lock,
    _new_id,
    _read_for_list,
    _seen,
    _trim_talk,
    all_ids,
    folder,
    scan,
    stamp,
    table_path,
)


def _mtime_ns(path: Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def _later_than(path: Path, replaced: int | None) -> None:
    """Give the table's new file a modification time after the one it replaced (called under the table's lock).

    A screen watches the stamp (inode, mtime, size). Two writes within one tick of the file system's clock can
    give a file the inode, time and size of one two writes back (a freed inode is reused), and a screen that last
    saw that one would miss both; a time that only ever grows makes every write's stamp new."""
    if replaced is None:
        return
    try:
        st = path.stat()
        if st.st_mtime_ns <= replaced:
            os.utime(path, ns=(st.st_atime_ns, replaced + 1_000))
    except OSError:
        pass


@runtime_checkable
class TableStore(Protocol):
    """Keeps shared tables; each change is atomic and checked against the latest state (see the module)."""

    #: The host's folder of the players' own saves (a player's record counts their games there), if any.
    base: Path | None

    def describe(self) -> str:
        """Where the tables are, in words ("the folder /srv/games/_tables")."""
        ...

    def load(self, table_id: str) -> Table:
        """The table as it is now; TableError if there is none, SaveError if it cannot be read."""
        ...

    def exists(self, table_id: str) -> bool: ...

    def add(self, table_id: str | None, prefix: str, game: GameBase, meta: Meta) -> Table:
        """A new table: named ``table_id`` (TableError if taken) or, for None, ``prefix`` made unique."""
        ...

    def change(self, table_id: str, fn: Callable[[Table], Answer]) -> Answer:
        """Read the latest state, ``fn`` checks and applies, write it if the answer is yes: one atomic step."""
        ...

    def listed(self, player: str) -> list[Table | Row]:
        """The tables ``player`` may see, light (their games only as a list row needs them), and an "error" row
        for each table that cannot be read and names the player."""
        ...

    def stamp(self, table_id: str) -> Hashable:
        """Changes whenever the table is written; cheap enough to ask ten times a second (watching a table)."""
        ...

    def list_stamp(self) -> Hashable:
        """Changes whenever any table is written or added (the title screen's counts)."""
        ...

    def wait(self, table_id: str, since: Hashable, timeout: float) -> bool:
        """Block until the table's stamp is no longer ``since`` (True) or ``timeout`` seconds pass (False)."""
        ...

    def ids(self) -> list[str]:
        """Every table's id, sorted."""
        ...

    def export_toml(self, table_id: str) -> str:
        """The table as its TOML save file."""
        ...

    def import_toml(self, table_id: str, text: str, replace: bool = False) -> Table:
        """A table from its TOML save file (checked as any table is); TableError if the id is taken and not
        ``replace``."""
        ...

    def close(self) -> None: ...


INDEX = ".index.json"  # a dot file: never taken for a table


class FileStore:
    """The tables of one host, each a TOML file in ``<base>/_tables`` (the default: nothing to install)."""

    def __init__(self, base: str | os.PathLike[str]) -> None:
        self.base: Path | None = Path(base)
        self.root = Path(base)

    def __repr__(self) -> str:
        return f"FileStore({str(self.root)!r})"

    def describe(self) -> str:
        return f"the folder {folder(self.root)}"

    def load(self, table_id: str) -> Table:
        path = table_path(self.root, table_id)
        if not path.exists():
            raise TableError(f"no table named {table_id!r} (see 'redemption tables')")
        before = stamp(path)  # taken first: a write between it and the read is seen as a change, never missed
        t = Table(table_id, path, reads(read_text(path), str(path)), before)
        _check_table(t)
        return t

    def exists(self, table_id: str) -> bool:
        return table_path(self.root, table_id).exists()

    def add(self, table_id: str | None, prefix: str, game: GameBase, meta: Meta) -> Table:
        d = folder(self.root)
        d.mkdir(parents=True, exist_ok=True)
        if table_id is None:
            table_id = _new_id(d, prefix)
        path = table_path(self.root, table_id)
        with _lock(path):
            if path.exists():
                raise TableError(f"a table named {table_id!r} already exists; pick another name")
            save(game, path, meta)
            return Table(table_id, path, Saved(game, meta), stamp(path))

    def change(self, table_id: str, fn: Callable[[Table], Answer]) -> Answer:
        from filelock import Timeout

        path = table_path(self.root, table_id)
        if not path.exists():
            raise TableError(f"no table named {table_id!r} (see 'redemption tables')")
        try:
            with _lock(path):
                t = self.load(table_id)
                answer = fn(t)
                if answer.ok:
                    _trim_talk(t.meta.log)  # every write, so a file full of older talk still takes the next move
                    t.meta.updated = ""
                    try:
                        replaced = _mtime_ns(path)
                        save(t.game, path, t.meta)
                        _later_than(path, replaced)
                        t.version = stamp(path)
                    except SaveError as e:  # not written, so not done: the table is as it was, and says why
                        try:
                            before: Table | None = self.load(table_id)
                        except SaveError:
                            before = None
                        return Answer(
                            False,
                            before,
                            f"Not done: the table could not be saved ({e.reason}).",
                            f"{t.game.name}.table",
                        )
                return answer
        except Timeout:
            raise TableError(f"{path}: the table is busy (another program holds its lock); try again") from None

    def _index(self) -> dict[str, Any]:
        """The list's index, ``_tables/.index.json``: each table's stamp and summary as last read (rebuilt from
        the files for any table whose stamp has changed, so a stale or missing index costs reads, never rows)."""
        try:
            path = folder(self.root) / INDEX
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or st.st_size > 64 * 1024 * 1024:
                return {}  # no FIFO to hang on, nothing absurd to read
            with open(path, "rb") as f:
                data = json.loads(f.read())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def listed(self, player: str) -> list[Table | Row]:
        # An index entry is [stamp, the players it names, on everyone's list, its summary as JSON text]: whom a
        # table shows to is read without building it, and only the summaries of the player's rows are parsed.
        out: list[Table | Row] = []
        index = self._index()
        fresh: dict[str, Any] = {}
        d = folder(self.root)
        for tid, now in scan(self.root):
            hit = index.get(tid)
            fits = isinstance(hit, list) and len(hit) == 4 and hit[0] == list(now) and isinstance(hit[1], list)
            entry: list[Any] | None = hit if fits else None
            if entry is not None and player not in entry[1] and not entry[2]:
                fresh[tid] = entry  # not on this player's list: nothing more to read
                continue
            path = d / f"{tid}{SUFFIX}"
            if entry is not None:
                try:
                    t = from_summary(tid, path, json.loads(entry[3]), now)
                except (KeyError, TypeError, ValueError):
                    t = None
                if t is not None:
                    fresh[tid] = entry
                    if t.may_see(player):
                        out.append(t)
                    continue
            try:
                t = _read_for_list(self.root, tid)
                fresh[tid] = [list(now), sorted(named(t)), for_everyone(t), json.dumps(summary(t))]
            except SaveError as e:
                seen = _seen.get(path)
                if seen is not None and isinstance(seen[1], tuple) and player in seen[1][1]:
                    out.append(Row(tid, "error", error=str(e)))
                continue
            if t.may_see(player):
                out.append(t)
        if fresh != index:
            try:
                write_atomic(d / INDEX, json.dumps(fresh).encode("utf-8"), "the tables' index")
            except SaveError:
                pass  # a folder that cannot be written still lists, from the files
        return out

    def stamp(self, table_id: str) -> Hashable:
        return stamp(table_path(self.root, table_id))

    def list_stamp(self) -> Hashable:
        try:
            st = folder(self.root).stat()
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns)

    def wait(self, table_id: str, since: Hashable, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.stamp(table_id) == since:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)
        return True

    def ids(self) -> list[str]:
        return all_ids(self.root)

    def export_toml(self, table_id: str) -> str:
        path = table_path(self.root, table_id)
        if not path.exists():
            raise TableError(f"no table named {table_id!r} (see 'redemption tables')")
        return read_text(path)

    def import_toml(self, table_id: str, text: str, replace: bool = False) -> Table:
        path = table_path(self.root, validate_name(table_id, what="table name"))
        t = Table(table_id, path, reads(text, f"{table_id} (to import)"))
        _check_table(t)
        folder(self.root).mkdir(parents=True, exist_ok=True)
        with _lock(path):
            if path.exists() and not replace:
                raise TableError(f"a table named {table_id!r} already exists; pick another name")
            replaced = _mtime_ns(path)
            write_atomic(path, text.encode("utf-8"), "the table")
            _later_than(path, replaced)
            t.version = stamp(path)
        return t

    def close(self) -> None:
        return None


# --- what a list row needs, kept beside a table (the database's summary column, the files' index) ----------
def summary(t: Table) -> dict[str, Any]:
    """What a list row and the record read of a table (never its game, nor its talk), as plain JSON data."""
    g = t.game
    return {
        "game": g.name,
        "over": g.is_over,
        "winner": g.winner,
        "current": g.current_player,
        "resigned": t.resigned,
        "players": t.meta.players,
        "table": {k: v for k, v in t.info.items() if k != "talk"},
    }


def from_summary(table_id: str, path: Path, s: dict[str, Any], version: Hashable = None) -> Table:
    """A light table (as the list reads it) from its :func:`summary`."""
    game = _Listed(s["game"], bool(s["over"]), s["winner"], s["current"], s["resigned"])
    meta = Meta(players=s["players"], extra={"table": s["table"]})
    return Table(table_id, path, Saved(game, meta), version)  # type: ignore[arg-type]


def named(t: Table) -> set[str]:
    """The players a table names (seated, invited, declined): it is on each one's list."""
    return {str(s["player"]) for s in t.seats if s.get("status") in (JOINED, INVITED, DECLINED)}


def for_everyone(t: Table) -> bool:
    """On every player's list: a seat open to anyone, or watchers allowed."""
    return (t.open_seat() is not None and not t.finished) or t.watchable


def open_store(where: str | os.PathLike[str] | TableStore, base: str | os.PathLike[str] | None = None) -> TableStore:
    """The store ``where`` names: a store as it is, a ``postgresql://`` URL (``base``: the host's folder of saves,
    where a player's record also counts their own games), or a folder (the file store)."""
    if isinstance(where, TableStore):
        return where
    text = os.fspath(where)
    if text.startswith(("postgresql://", "postgres://")):
        from saves.pgstore import PgStore

        return PgStore.shared(text, base)
    return FileStore(text)


__all__ = ["TableStore", "FileStore", "open_store", "summary", "from_summary", "named", "for_everyone"]
