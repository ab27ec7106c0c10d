"""Shared tables: one game that several players play, each from their own terminal.

What a table is and what each action does to it is here, the same wherever tables are kept; where they are kept
is a table store's business (``saves.tablestore``: the files described below by default, or PostgreSQL). Every
function here takes the store, or the host's folder for its file store.

A table is one save file in the usual format, in a folder shared by every player of the host,
beside the players' own save folders (``<base>/_tables/<id>.toml``; a player name cannot start
with ``_``, so it never collides). The seats and the talk live in ``extra["table"]``.

Every change goes the same way: take the table's lock (``filelock``, a ``.<id>.lock`` file beside
it), read the latest state, check and apply, write atomically, release. A submission says how many
actions it has seen; if the table has moved on since, it is refused with what changed, so two
terminals answering the same decision leave exactly one answer. Readers never need the lock: the
atomic rename means a reader sees the old file or the new one, never half of one. Other seats
notice a change by the file's identity (inode, mtime, size) changing.

Who a player is comes from the caller (the app's ``--player``, set by the SSH key or the forced
command); this module only checks that the player owns the seat they act for.
"""

from __future__ import annotations

import logging
import math
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from rules.core import GameBase, own_resignation, parse_resign
from rules.games import find_game
from saves import recap
from saves.store import SUFFIX, Meta, Saved, SaveError, list_saves, printable, read_bytes, validate_name

if TYPE_CHECKING:
    from filelock import FileLock

    from saves.tablestore import TableStore

#: Where the tables are: a table store (``saves.tablestore``), or the host's folder (the file store there).
Base: TypeAlias = "str | os.PathLike[str] | TableStore"

FOLDER = "_tables"
LOCK_TIMEOUT = 10.0  # seconds: a change takes milliseconds; this only guards against a stuck process
LEVELS = ("easy", "normal", "hard")
TALK_MAX = 200  # characters in one message
TALK_RATE = (5, 60.0)  # at most 5 messages per player in any 60 seconds
TALK_KEEP = 200  # messages a table keeps: at the allowed rate talk would fill a file in days and stop every move
#: A line of talk in the log (a player's name cannot hold ':', so no other line of a table's log starts like this).
TALK_LINE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,63} says: ")
#: Letters and symbols that show as nothing or as a blank, though they are neither controls nor spaces (Hangul
#: fillers, the blank Braille pattern, invisible joiners and selectors): typed in a row they push the words after
#: them to the start of a row of the log, where "alice says: ..." would look like alice's own line.
_BLANKS = re.compile(
    "[\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b-\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef\U0001d159]"
)
MARKS_MAX = 2  # combining marks on one letter: enough for any language, too few to paint over the rows around it
JOINED, INVITED, OPEN, DECLINED, COMPUTER = "joined", "invited", "open", "declined", "computer"
log = logging.getLogger("redemption.tables")
#: A table's deal: 62 bits from the operating system. A seat knows its own cards, so a seed it could search
#: (2**31 of them take minutes) would give it every other hand; 62 bits also keep the seeds the computer
#: players derive from it (``tui.agents.agent_seed``) inside the engine's 64-bit range.
SEED_BITS = 62
_ESCAPES = re.compile(
    r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[PX^_][^\x1b]*(\x1b\\)?|.)?|\x9b[0-?]*[ -/]*[@-~]"
)


class TableError(SaveError):
    """A table that cannot be read, found or changed; the message says which and why."""


@dataclass
class Table:
    """One table as read from its store."""

    id: str
    path: Path  # where it is, for messages (the file store's file)
    saved: Saved
    #: The store's stamp of the state read (``TableStore.stamp`` says another state was written since).
    version: Hashable = None

    @property
    def game(self) -> GameBase:
        return self.saved.game

    @property
    def meta(self) -> Meta:
        return self.saved.meta

    @property
    def info(self) -> dict[str, Any]:
        info: dict[str, Any] = self.saved.meta.extra.setdefault("table", {})
        return info

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.info.get("seats", [])
        return seats

    @property
    def creator(self) -> str:
        return str(self.info.get("creator", ""))

    @property
    def watchable(self) -> bool:
        return bool(self.info.get("watch", False))

    @property
    def seen(self) -> int:
        """What a submission must have seen: the number of actions so far."""
        return len(self.game.history)

    def seat_of(self, player: str) -> int | None:
        """The seat ``player`` has joined, if any."""
        for i, s in enumerate(self.seats):
            if s.get("status") == JOINED and s.get("player") == player:
                return i
        return None

    def invited(self, player: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.get("status") == INVITED and s.get("player") == player:
                return i
        return None

    def open_seat(self) -> int | None:
        for i, s in enumerate(self.seats):
            if s.get("status") == OPEN:
                return i
        return None

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.seats):
            return "nobody"
        s = self.seats[seat]
        if s.get("status") == COMPUTER:
            return computer_name(seat, self.seats)
        return s.get("player") or "an open seat"

    def waiting_for(self) -> list[str]:
        """Who the table waits for before play starts: each invited player's name in seat order, then the open
        seats counted once as the players still to come ("one more player", "2 more players")."""
        invited = [str(s.get("player")) for s in self.seats if s.get("status") == INVITED]
        n_open = sum(s.get("status") == OPEN for s in self.seats)
        return invited + ([] if not n_open else ["one more player"] if n_open == 1 else [f"{n_open} more players"])

    @property
    def declined(self) -> bool:
        """A two-seat table whose invitation was declined (at three or four seats a declined seat opens instead)."""
        return any(s.get("status") == DECLINED for s in self.seats)

    @property
    def called_off(self) -> str:
        """Who called the table off before play started ("" if nobody did): its creator, by resigning then."""
        return str(self.info.get("called_off", "") or "")

    @property
    def ready(self) -> bool:
        """Every seat is taken: play can start."""
        return all(s.get("status") in (JOINED, COMPUTER) for s in self.seats)

    @property
    def finished(self) -> bool:
        return self.game.is_over or self.declined or bool(self.called_off)

    @property
    def ended_why(self) -> str:
        """Why a table that was never played has ended ("" for one that is on, or ended by its game)."""
        if self.declined:
            who = and_list([str(s["player"]) for s in self.seats if s.get("status") == DECLINED])
            return f"declined by {who}"
        if self.called_off:
            return f"called off by {self.called_off} before play started"
        return ""

    def may_see(self, player: str) -> bool:
        """Seated, invited, an open seat to take, or a table open to watchers: nobody else sees it."""
        return (
            any(s.get("player") == player and s.get("status") in (JOINED, INVITED, DECLINED) for s in self.seats)
            or (self.open_seat() is not None and not self.finished)
            or self.watchable
        )

    def to_move(self) -> str | None:
        """The player whose decision it is (a human; for a computer seat, the first seated human, the creator, whom the
        table list tells. Any seated human's program may make the computer's move: the one that holds the table's
        computer lock (:func:`computer_lock`) does, so that two programs never race to make it)."""
        if not self.ready or self.game.is_over:
            return None
        cp = self.game.current_player
        if cp is None:
            return None
        s = self.seats[cp]
        if s.get("status") == COMPUTER:
            humans = [x.get("player") for x in self.seats if x.get("status") == JOINED]
            return humans[0] if humans else None
        player: str | None = s.get("player")
        return player

    @property
    def resigned(self) -> int | None:
        """The seat whose resignation ended the game, if one did (it has lost, whoever else won)."""
        g = self.game
        if isinstance(g, _Listed):
            return g.resigned
        return _resigner(g)

    @property
    def waiting_since(self) -> float:
        return float(self.info.get("last_time", 0.0) or 0.0)


@dataclass(frozen=True)
class Answer:
    """Every submission gets one: accepted (with the events) or refused (with the reason and rule)."""

    ok: bool
    table: Table | None
    reason: str = ""
    rule: str = ""
    events: tuple[Any, ...] = ()
    stale: bool = False


@dataclass(frozen=True)
class Row:
    """One line of a player's table list; ``error`` set for a table that cannot be read."""

    id: str
    kind: str  # "move", "waiting", "invited", "open", "watch", "finished", "error"
    game: str = ""
    players: str = ""
    detail: str = ""
    since: float = 0.0
    error: str = ""
    names: tuple[str, ...] = ()  # each seat's name, in seat order
    waited: str = ""  # how long since the table last changed, in words ("3 min")

    @property
    def line(self) -> str:
        """The row in one line of words: what it is and since when (``redemption tables``, the list's footnote)."""
        if self.error:
            return self.error
        when = "waiting {}" if self.kind == "move" else "{} ago"
        return f"{self.detail}, {when.format(self.waited)}" if self.waited else self.detail


# --- where tables live -------------------------------------------------------------------------
def folder(base: str | os.PathLike[str]) -> Path:
    return Path(base) / FOLDER


def table_path(base: str | os.PathLike[str], table_id: str) -> Path:
    validate_name(table_id, what="table name")
    return folder(base) / f"{table_id}{SUFFIX}"


def _lock(path: Path) -> FileLock:
    from filelock import FileLock  # imported by the first change: it pulls in asyncio, which a listing needs not

    return FileLock(str(path.parent / f".{path.stem}.lock"), timeout=LOCK_TIMEOUT)


def computer_lock(base: Base, table_id: str) -> FileLock:
    """The lock that the program making a table's computer moves holds (tried without waiting, kept while it has the
    table open). The system lets go of it when that program ends, however it ends, so the next seated player's
    program takes over the computer seats. Beside the table's file in the file store; for another store, in this
    host's temporary folder (programs on two hosts of one database may then both try a computer move: the store's
    version check takes one and refuses the other as stale)."""
    import hashlib
    import tempfile

    from filelock import FileLock

    from saves.tablestore import FileStore

    store = store_of(base)
    validate_name(table_id, what="table name")
    if isinstance(store, FileStore):
        path = table_path(store.root, table_id)
        return FileLock(str(path.parent / f".{path.stem}.computer.lock"), timeout=0)
    where = hashlib.sha256(store.describe().encode()).hexdigest()[:16]
    return FileLock(str(Path(tempfile.gettempdir()) / f"redemption-{where}-{table_id}.computer.lock"), timeout=0)


def stamp(path: Path) -> tuple[Any, ...] | None:
    """Changes whenever the table is written (every write is a new file renamed over the old one)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def store_of(base: Base) -> TableStore:
    """The table store ``base`` names: a store as it is, a folder's file store, a ``postgresql://`` URL's store."""
    from saves.tablestore import open_store

    return open_store(base)


def load(base: Base, table_id: str) -> Table:
    return store_of(base).load(table_id)


def _check_table(t: Table) -> None:
    """The table part of the file must make sense too: a hostile file is refused, not trusted."""
    info = t.meta.extra.get("table")
    where = f"{t.path}: "
    if not isinstance(info, dict):
        raise TableError(where + "not a shared table (no [extra.table])")
    seats = info.get("seats")
    if not isinstance(seats, list) or len(seats) != len(t.meta.players) or len(seats) != t.game.num_players:
        raise TableError(where + "a table needs one seat per player of its game")
    for s in seats:
        if not isinstance(s, dict) or s.get("status") not in (JOINED, INVITED, OPEN, DECLINED, COMPUTER):
            raise TableError(where + "each seat needs a status: joined, invited, open, declined or computer")
        # every name a table shows is a player name: no escape sequence, markup or blank can reach a screen
        if s["status"] in (OPEN, COMPUTER) and s.get("player", "") != "":
            raise TableError(where + "an open or computer seat has no player")
        if s["status"] in (JOINED, INVITED, DECLINED) and not _is_name(s.get("player")):
            raise TableError(where + "a seat's player must be a player name")
    computers = [computer_name(i, seats) for i, s in enumerate(seats) if s["status"] == COMPUTER]
    if not _is_name(info.get("creator")) or not _is_name(info.get("last_by", info.get("creator")), *computers):
        raise TableError(where + "the table's creator and last mover must be player names")
    if info.get("called_off", "") != "" and not _is_name(info.get("called_off")):
        raise TableError(where + "'called_off' must be a player name")
    if not isinstance(info.get("last_what", ""), str):
        raise TableError(where + "'last_what' must be text")
    if not isinstance(info.get("talk", {}), dict):
        raise TableError(where + "'talk' must be a table")
    last = info.get("last_time", 0.0)
    if not isinstance(last, (int, float)) or isinstance(last, bool) or not math.isfinite(last) or last < 0:
        raise TableError(where + f"'last_time' must be a time in seconds, not {printable(repr(last))[:40]}")


def computer_name(seat: int, seats: list[dict[str, Any]]) -> str:
    """ "Computer" at a table with one computer seat, "Computer N" (its seat's number) where there are more."""
    many = sum(s.get("status") == COMPUTER for s in seats) > 1
    return f"Computer {seat + 1}" if many else "Computer"


def _is_name(name: object, *also: str) -> bool:
    if not isinstance(name, str):
        return False
    try:
        return name in also or bool(validate_name(name, what="player name"))
    except SaveError:
        return False


# --- creating ------------------------------------------------------------------------------------
def create(
    base: Base,
    creator: str,
    game_name: str,
    others: list[dict[str, Any]],
    *,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    watch: bool = False,
    table_id: str | None = None,
) -> Table:
    """A new table: ``creator`` in seat 1, ``others`` in the next seats, each {"invite": NAME},
    {"open": True} or {"computer": LEVEL}. ValueError/TableError for anything that does not make sense.

    The deal is :func:`draw_seed`'s and nobody learns it while the game is on: a ``seed`` is taken only for a
    table against the computer (the one person there may replay a deal), never where another person sits or
    may sit, since whoever knows the seed knows every hidden card."""
    validate_name(creator, what="player name")
    info = find_game(game_name)  # ValueError names the known games
    if not 1 <= len(others) <= info.max_players - 1:
        raise ValueError(f"{seats_words(info.title, info.max_players)}: {len(others) + 1} seats were asked for")
    seats = [{"player": creator, "status": JOINED}]
    players = [{"name": creator, "kind": "human"}]
    level = ""
    for o in others:
        if "invite" in o:
            who = validate_name(o["invite"], what="player name")
            if who == creator:
                raise ValueError(
                    "you cannot invite yourself; invite another player, leave the seat open or add the computer"
                )
            if any(s.get("player") == who for s in seats):
                raise ValueError(f"{who} is invited once: a player sits at one seat of a table")
            seats.append({"player": who, "status": INVITED})
            players.append({"name": who, "kind": "human"})
        elif "computer" in o:
            lv = o["computer"]
            if lv not in LEVELS:
                raise ValueError(f"the computer's level must be one of {', '.join(LEVELS)}, not {lv!r}")
            level = level or lv
            seats.append({"player": "", "status": COMPUTER, "level": lv})
            players.append({"name": "Computer", "kind": "computer", "level": lv})
        else:
            seats.append({"player": "", "status": OPEN})
            players.append({"name": "Open seat", "kind": "human"})
    for i, s in enumerate(seats):
        if s["status"] == COMPUTER:
            players[i]["name"] = computer_name(i, seats)
    if seed is None:
        seed = draw_seed()
    elif any(s["status"] != COMPUTER for s in seats[1:]):
        raise ValueError(
            "a table with another player is dealt from the host's random source, never from a chosen seed "
            "(whoever knows the seed knows every hand); --seed is for a table against the computer"
        )
    decks = None
    if info.decks:  # the bundled decks in turn, as a local game of as many players deals them
        labels = list(info.deck_rules().DECKS)
        decks = tuple(labels[i % len(labels)] for i in range(len(seats)))
    game = info.new_game(seed, options, first=0 if info.first_choice else None, decks=decks)
    now = time.time()
    meta = Meta(
        players=players,
        extra={
            "vs": "computer" if any(s["status"] == COMPUTER for s in seats) else "human",
            "level": level or "normal",
            "table": {
                "creator": creator,
                "watch": bool(watch),
                "seats": seats,
                "talk": {},
                "last_time": now,
                "last_by": creator,
                "last_what": "created the table first",
            },
            recap.KEY: recap.fresh(),  # the last battle's result, noted by whoever writes an action (submit)
        },
    )
    names = " v ".join(p["name"] for p in players)
    meta.log.append(f"New game of {info.title} at a shared table: {names}.")  # no seed: it deals every hand
    prefix = f"{game_name}-{creator[:20].replace(' ', '_')}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    return store_of(base).add(table_id, prefix, game, meta)


def seats_words(title: str, most: int) -> str:
    """How many seats a game's table has, as a refusal says it."""
    return f"a {title} table has {'2 seats' if most == 2 else f'2 to {most} seats'}"


def draw_seed() -> int:
    """A deal nobody chose and nobody can guess (the OS random source, :data:`SEED_BITS` bits)."""
    return secrets.randbits(SEED_BITS) or 1


def _new_id(d: Path, base: str) -> str:
    """``base``, or ``base-2``, ``base-3``...: the first name no file in ``d`` has."""
    name, n = base, 1
    while (d / f"{name}{SUFFIX}").exists():
        n += 1
        name = f"{base}-{n}"
    return name


# --- changing: the store reads the latest, the action checks and applies, the store writes ---------------
def _change(base: Base, table_id: str, fn: Callable[[Table], Answer]) -> Answer:
    return store_of(base).change(table_id, fn)


def _refuse(t: Table, reason: str, what: str = "table", stale: bool = False) -> Answer:
    return Answer(False, t, reason, f"{t.game.name}.{what}", (), stale)


def _touch(t: Table, by: str, what: str) -> None:
    t.info.update({"last_time": time.time(), "last_by": by, "last_what": what})


def submit(base: Base, table_id: str, player: str, action: Any, seen: int) -> Answer:
    """``player`` plays ``action`` (text or an engine action) having seen ``seen`` actions of the table.
    ``resign`` (or ``resign N`` for the player's own seat) resigns for the player's seat, on any move."""
    text = str(action).strip()
    words = text.lower().split()

    def act(t: Table) -> Answer:
        g = t.game
        if t.seen != seen:
            who = str(t.info.get("last_by", "the other player"))
            what = printable(str(t.info.get("last_what", "moved")))[:TALK_MAX]  # from the file: never raw
            return _refuse(t, f"The table changed: {who} {what}. Here is the table now.", stale=True)
        me = t.seat_of(player)
        if me is None:
            return _refuse(t, f"You ({player}) have no seat at this table, so you cannot act at it.")
        if t.declined or t.called_off:
            return _refuse(t, f"This table was {t.ended_why}: it will not be played.")
        cp = g.current_player
        by = player
        if words[:1] == ["resign"] and not t.ready and not g.is_over:
            if words[1:] and words[1:] != [str(me)]:
                return _refuse(t, f"You may resign only for your own seat ({me}).", "resign")
            return _leave(t, me)
        if words[:1] == ["resign"]:
            resign, refused = own_resignation(text, me, g)
            if refused is not None:
                return Answer(False, t, refused.words([t.name(i) for i in range(len(t.seats))], me), refused.rule)
            text_ = str(resign)
        else:
            text_ = text
            if not t.ready:
                waiting = and_list(t.waiting_for())
                return _refuse(t, f"The table is waiting for {waiting} to join before play starts.")
            if cp is not None and cp != me:
                if t.seats[cp].get("status") != COMPUTER:
                    return _refuse(t, f"It is {t.name(cp)}'s move, not yours.")
                by = t.name(cp)  # the computer's move, worked out by a seated player's program (computer_lock)
        out = g.apply(text_)
        if not out.ok:
            return Answer(False, t, out.reason, out.rule)
        names = [t.name(i) for i in range(len(t.seats))]
        t.meta.log.extend(e.words(names) for e in out.events)  # every seat reads the table's log: no "you"
        recap.note(t.meta.extra, g.name, out.events)  # the same events, kept as templates for each seat's words
        first = out.events[0].words(names) if out.events else "acted"
        _touch(t, by, f"acted first ({first.rstrip('.')})")
        return Answer(True, t, "", out.rule, out.events)

    return _change(base, table_id, act)


def join(base: Base, table_id: str, player: str) -> Answer:
    """Take the open seat, or accept an invitation."""

    def go(t: Table) -> Answer:
        if t.seat_of(player) is not None:
            return _refuse(t, "You already have a seat at this table.")
        seat = t.invited(player)
        if seat is None:
            seat = t.open_seat()
        if seat is None or t.finished:
            return _refuse(t, "This table has no open seat for you.")
        t.seats[seat].update({"player": player, "status": JOINED})
        t.meta.players[seat] = {"name": player, "kind": "human"}
        t.meta.log.append(f"{player} takes a seat at the table.")
        _touch(t, player, "joined the table first")
        return Answer(True, t)

    return _change(base, table_id, go)


def _open_seat(t: Table, seat: int) -> None:
    t.seats[seat] = {"player": "", "status": OPEN}
    t.meta.players[seat] = {"name": "Open seat", "kind": "human"}


def _leave(t: Table, seat: int) -> Answer:
    """A seated player resigns before play starts: nobody has won or lost anything. The creator calls the table off;
    another player (at three or four seats: at two, only the creator sits before play starts) leaves, and the seat
    opens for any player of the host, as a declined invitation does there."""
    player = str(t.seats[seat].get("player"))
    if player == t.creator:
        t.info["called_off"] = player
        t.meta.log.append(f"{player} calls the table off before play started: nobody wins or loses.")
        _touch(t, player, "called the table off first")
    else:
        _open_seat(t, seat)
        t.meta.log.append(f"{player} leaves the table before play started: the seat is open to any player of the host.")
        _touch(t, player, "left the table first")
    return Answer(True, t)


def decline(base: Base, table_id: str, player: str) -> Answer:
    """Decline an invitation. At a table of two that ends it (there is nobody left to play); at three or four the
    seat opens for any player of the host, and the others wait for it to be taken (the creator may also give it to
    the computer, :func:`seat_computer`)."""

    def go(t: Table) -> Answer:
        seat = t.invited(player)
        if seat is None:
            return _refuse(t, "You have no invitation to this table.")
        if len(t.seats) == 2:
            t.seats[seat]["status"] = DECLINED
            t.meta.log.append(f"{player} declines the invitation: the table will not be played.")
        else:
            _open_seat(t, seat)
            t.meta.log.append(f"{player} declines the invitation: the seat is open to any player of the host.")
        _touch(t, player, "declined the invitation first")
        return Answer(True, t)

    return _change(base, table_id, go)


def seat_computer(base: Base, table_id: str, player: str, level: str = "normal") -> Answer:
    """The creator gives the first open seat to the computer at ``level``, before play starts."""
    if level not in LEVELS:
        raise ValueError(f"the computer's level must be one of {', '.join(LEVELS)}, not {level!r}")

    def go(t: Table) -> Answer:
        if player != t.creator:
            return _refuse(t, f"Only {t.creator}, who made the table, gives its seats to the computer.")
        seat = t.open_seat()
        if seat is None or t.finished:
            return _refuse(t, "This table has no open seat to give to the computer.")
        t.seats[seat] = {"player": "", "status": COMPUTER, "level": level}
        for i, s in enumerate(t.seats):
            if s.get("status") == COMPUTER:
                t.meta.players[i] = {"name": computer_name(i, t.seats), "kind": "computer", "level": s["level"]}
        if t.meta.extra.get("vs") != "computer":  # the table's first computer seat: its level is the table's
            t.meta.extra.update({"vs": "computer", "level": level})
        t.meta.log.append(f"{player} gives seat {seat + 1} to {computer_name(seat, t.seats)} ({level}).")
        _touch(t, player, "seated the computer first")
        return Answer(True, t)

    return _change(base, table_id, go)


def and_list(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def clean_talk(text: str) -> str:
    """A message as it may be shown: one line of visible words, at most TALK_MAX characters.

    Escape sequences go; every kind of space, line or paragraph separator and every blank-looking letter becomes
    one space; control, format (zero-width, bidirectional), private-use and unassigned characters go; a letter
    keeps at most MARKS_MAX combining marks."""
    text = unicodedata.normalize("NFC", _ESCAPES.sub("", str(text)))
    out: list[str] = []
    marks = 0
    for ch in _BLANKS.sub(" ", text):
        cat = unicodedata.category(ch)
        if cat[0] == "Z" or ch in "\t\n\r":
            ch = " "
        elif cat[0] == "C":
            continue
        if cat in ("Mn", "Me"):
            marks += 1
            if marks > MARKS_MAX or not out or out[-1] == " ":
                continue
        else:
            marks = 0
        out.append(ch)
    return " ".join("".join(out).split())[:TALK_MAX].rstrip()


def is_talk(line: str) -> bool:
    """Is this line of a table's log something a player said (the one text in it a player writes)?"""
    return TALK_LINE.match(line) is not None


def _trim_talk(log: list[str]) -> None:
    """Only the last TALK_KEEP messages stay in the log, so talk never grows a table past what a save may hold."""
    said = [i for i, line in enumerate(log) if TALK_LINE.match(line)]
    if len(said) > TALK_KEEP:
        drop = set(said[: len(said) - TALK_KEEP])
        log[:] = [line for i, line in enumerate(log) if i not in drop]


def say(base: Base, table_id: str, player: str, text: str, now: float | None = None) -> Answer:
    """``player`` says ``text`` to the table: cleaned, at most TALK_RATE, kept in the table's log."""
    msg = clean_talk(text)
    now = time.time() if now is None else now

    def go(t: Table) -> Answer:
        if t.seat_of(player) is None:
            return _refuse(t, "Only the players seated at a table can talk there.")
        if not msg:
            return _refuse(t, "Nothing to send: the message is empty.")
        talk = t.info.setdefault("talk", {})
        recent = [x for x in talk.get(player, []) if isinstance(x, (int, float)) and now - x < TALK_RATE[1]]
        if len(recent) >= TALK_RATE[0]:
            wait = int(TALK_RATE[1] - (now - min(recent))) + 1
            return _refuse(t, f"At most {TALK_RATE[0]} messages a minute: wait {wait} s before the next one.")
        talk[player] = recent + [now]
        t.meta.log.append(f"{player} says: {msg}")
        return Answer(True, t)

    return _change(base, table_id, go)


# --- listing --------------------------------------------------------------------------------------
#: path -> (stamp, what it held): the list's cache. A file that cannot be read is kept as its error and the names
#: it mentions (who may see the error), so it costs a stat per listing, like a good one.
_seen: dict[Path, tuple[tuple[Any, ...], Table | tuple[SaveError, frozenset[str]]]] = {}
_NAMED = re.compile(r'"([A-Za-z0-9][A-Za-z0-9 _.-]{0,63})"')


def _read_for_list(base: str | os.PathLike[str], table_id: str) -> Table:
    """A table for listing only (never changed): read again only when its file has changed since."""
    path = table_path(base, table_id)
    now = stamp(path)
    hit = _seen.get(path)
    if hit is not None and now is not None and hit[0] == now:
        if isinstance(hit[1], tuple):
            raise hit[1][0]
        return hit[1]
    try:
        t = load(base, table_id)
    except SaveError as e:
        log.warning("%s", printable(f"a table that cannot be read is left out of the lists: {e}"))
        try:  # read_bytes refuses a file too big for any table before reading it
            named = frozenset(_NAMED.findall(read_bytes(path).decode("utf-8", "replace")))
        except SaveError:
            named = frozenset()
        if now is not None:
            _seen[path] = (now, (e, named))
        raise
    g = t.game  # kept: what a list row needs, not the game (a Redemption game is tens of KiB in memory)
    light = Table(
        t.id,
        t.path,
        Saved(
            _Listed(g.name, g.is_over, g.winner, g.current_player, _resigner(g)),  # type: ignore[arg-type]
            Meta(players=t.meta.players, extra={"table": t.info}),
        ),
    )
    if now is not None:
        _seen[path] = (now, light)
    return light


@dataclass(frozen=True)
class _Listed:
    """The part of a game the table list reads."""

    name: str
    is_over: bool
    winner: int | None
    current_player: int | None
    resigned: int | None = None


def _resigner(g: GameBase) -> int | None:
    if not g.is_over or not g.history:
        return None
    try:
        last = parse_resign(str(g.history[-1]))
    except ValueError:
        return None
    return None if last is None else last.player


_bad_names: set[str] = set()  # files in the tables folder whose names are no table's, said once


def all_ids(base: str | os.PathLike[str]) -> list[str]:
    """The tables in the folder: its files named as a table may be (any other file is left out, and said once)."""
    return [tid for tid, _ in scan(base)]


def scan(base: str | os.PathLike[str]) -> list[tuple[str, tuple[Any, ...]]]:
    """Each table in the folder with its :func:`stamp`, sorted by id, from one pass over the folder (a listing of
    thousands of tables stats each file once; links and anything but a regular file are no table)."""
    d = folder(base)
    out = []
    try:
        entries = list(os.scandir(d))
    except OSError:
        return []
    for e in entries:
        if e.name.startswith(".") or not e.name.endswith(SUFFIX):
            continue
        try:
            if not e.is_file(follow_symlinks=False):
                continue
            st = e.stat(follow_symlinks=False)
            tid = validate_name(e.name[: -len(SUFFIX)], what="table name")
        except OSError:
            continue  # gone while the folder was read
        except SaveError as err:
            if e.name not in _bad_names:
                _bad_names.add(e.name)
                log.warning("%s", printable(f"{d}: a file that is no table is left out of the lists: {err}"))
            continue
        out.append((tid, (st.st_ino, st.st_mtime_ns, st.st_size)))
    out.sort()
    return out


def rows_for(base: Base, player: str, now: float | None = None) -> list[Row]:
    """The tables ``player`` may see, in the order they matter: their move (longest waiting first), waiting,
    invitations, open seats, tables to watch, finished. A table that cannot be read is listed with its
    problem (only to players its file names), and never stops the others from loading."""
    now = time.time() if now is None else now
    out: list[Row] = []
    for t in store_of(base).listed(player):
        if isinstance(t, Row):
            out.append(t)
            continue
        tid = t.id
        g = t.game
        names = tuple(t.name(i) for i in range(len(t.seats)))
        since = t.waiting_since
        if t.finished:
            if t.ended_why:
                detail = t.ended_why
            else:
                detail = "a draw" if g.winner is None else f"{t.name(g.winner)} won"
                if t.resigned is not None:
                    detail = f"{t.name(t.resigned)} resigned: {detail}"
            kind = (
                "finished"
                if (
                    t.seat_of(player) is not None
                    or t.invited(player) is not None
                    or t.watchable
                    or any(s.get("player") == player for s in t.seats)
                )
                else ""
            )
            if not kind:
                continue
        elif t.seat_of(player) is not None:
            mover = t.to_move()
            if mover == player:
                kind, detail = "move", "your move"
            elif not t.ready:
                invited = [str(s["player"]) for s in t.seats if s.get("status") == INVITED]
                open_ = sum(s.get("status") == OPEN for s in t.seats)
                parts = [f"{and_list(invited)} to accept"] if invited else []
                parts += [f"{open_} open seat{'s' if open_ > 1 else ''}"] if open_ else []
                kind, detail = "waiting", "; ".join(parts)
            else:
                kind, detail = "waiting", f"{t.name(g.current_player)}'s move"
        elif t.invited(player) is not None:
            kind, detail = "invited", f"from {t.creator}"
        elif t.open_seat() is not None:
            open_ = sum(s.get("status") == OPEN for s in t.seats)
            kind, detail = "open", f"{open_} open seat{'s' if open_ > 1 else ''}"
        else:
            kind, detail = "watch", f"{t.name(g.current_player)}'s move" if t.ready and not g.is_over else "watch"
        out.append(Row(tid, kind, g.name, " v ".join(names), detail, since, names=names, waited=ago(now - since)))
    order = {"move": 0, "invited": 1, "waiting": 2, "open": 3, "watch": 4, "finished": 5, "error": 6}
    out.sort(key=lambda r: (order[r.kind], r.since if r.kind == "move" else -r.since))
    return out


def ago(seconds: float) -> str:
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min"
    if s < 86400 * 2:
        return f"{s // 3600} h"
    return f"{s // 86400} days"


def record(base: Base, player: str) -> dict[str, list[int]]:
    """Wins, losses and draws of ``player``: at finished tables against people, and against the computer at
    tables and in the player's own saved games (a local game is a table with one human seat)."""
    rec = {"people": [0, 0, 0], "computer": [0, 0, 0]}
    store = store_of(base)
    validate_name(player, what="player name")
    for info in list_saves(store.base / player) if store.base is not None else []:
        if info.error or not info.over or info.kinds.count("human") != 1 or "computer" not in info.kinds:
            continue
        mine = info.kinds.index("human")
        rec["computer"][2 if info.winner is None else (0 if info.winner == mine else 1)] += 1
    for t in store.listed(player):
        if isinstance(t, Row):
            continue
        me = t.seat_of(player)
        if me is None or not t.game.is_over:
            continue
        people = sum(s.get("status") == JOINED for s in t.seats) > 1  # another person at the table
        key = "people" if people else "computer"
        w = t.game.winner
        rec[key][1 if t.resigned == me else 2 if w is None else (0 if w == me else 1)] += 1
    return rec


__all__ = [
    "Answer",
    "Row",
    "Table",
    "TableError",
    "create",
    "submit",
    "join",
    "decline",
    "seat_computer",
    "computer_lock",
    "say",
    "rows_for",
    "record",
    "load",
    "store_of",
    "stamp",
    "clean_talk",
    "folder",
    "table_path",
    "all_ids",
    "scan",
    "FOLDER",
    "ago",
]
