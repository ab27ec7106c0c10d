"""A shared table as the game screen sees it: a Session whose every action goes through the table store.

The screen is the same as for a local game; what differs is here. The person at the keyboard is
``player`` (from ``--player``, never from anything typed in the app) and sees only ``view(seat)``, or
the public view when watching. An action is submitted with the number of actions this screen has
shown, so an answer to a state that has moved on is refused and the new state comes back. ``poll``
notices another seat's change by the store's stamp (the file's identity, or the version the database announced).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import saves
from rules.core import Event, GameBase, Outcome, public_view
from rules.views import View
from saves import recap, tables
from saves.tablestore import TableStore
from tui.session import GameSession, Seat, Seated, Unsaved


@dataclass
class TableSession(Seated):
    """A :class:`tui.session.GameSession` whose state is the table store's (the seats' helpers are Session's:
    Seated)."""

    shared: ClassVar[bool] = True
    unsaved: ClassVar[Unsaved | None] = None  # every accepted action is on disk before the answer comes back

    store: TableStore
    table: tables.Table
    player: str
    seat: int | None  # None: watching
    stamp: Hashable = None
    undo_stack: list[Any] = field(default_factory=list)
    path: Path | None = None  # nothing to autosave: every accepted action is already on disk
    save_soon: Callable[[], None] | None = field(default=None, repr=False, compare=False)  # never called: see path
    _recalled: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # see _recap_home
    _computer_lock: Any = field(default=None, repr=False, compare=False)  # held while this program moves computers

    @classmethod
    def open(cls, base: tables.Base, table_id: str, player: str) -> TableSession:
        """Sit down at a table (seated or, where allowed, watching); SaveError says why not. ``base``: the table
        store, or the host's folder (its file store)."""
        store = tables.store_of(base)
        t = store.load(table_id)
        seat = t.seat_of(player)
        if seat is None and not t.watchable:
            raise tables.TableError(
                f"you ({player}) have no seat at the table {table_id!r}, and it is not open to watchers"
            )
        return cls(store, t, player, seat, t.version)

    # --- the state, from the table ---------------------------------------------------------------
    @property
    def game(self) -> GameBase:
        return self.table.game

    @property
    def meta(self) -> saves.Meta:
        return self.table.meta

    @property
    def table_id(self) -> str:
        return self.table.id

    @property
    def watching(self) -> bool:
        return self.seat is None

    def _take(self, t: tables.Table) -> None:
        if "coach" in self.table.meta.extra:  # this terminal's coach pane, never written to the table
            t.meta.extra["coach"] = self.table.meta.extra["coach"]
        self.table = t
        self.stamp = t.version

    # --- the last battle's result: the table's own (saves.recap) -------------------------------------
    def _recap_home(self) -> dict[str, Any]:
        """The table's recap, which whoever writes an action notes (``saves.tables.submit``); for a table written
        before tables kept one, this terminal's, told from the history replayed."""
        extra = self.table.meta.extra
        return extra if recap.kept(extra) else self._recalled

    def note_result(self, events: Iterable[Event]) -> None:
        if not recap.kept(self.table.meta.extra):  # the table's own has them already: its writer noted them
            super().note_result(events)

    def poll(self) -> bool:
        """Has another terminal changed the table? Then take the new state (True)."""
        try:
            now = self.store.stamp(self.table.id)
        except saves.SaveError:
            return False  # the tables' database is away: the screen keeps its state; the next poll asks again
        if now == self.stamp:
            return False
        try:
            self._take(self.store.load(self.table.id))
        except saves.SaveError:
            self.stamp = now  # a broken write is not ours to fix; keep showing the last good state
            return False
        return True

    # --- who plays (as Session) -------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        return self.table.name(seat)

    @property
    def runs_computer(self) -> bool:
        """The computer seats' moves are worked out by one seated player's program, never a watcher's: the first
        to take the table's computer lock, which it keeps while it has the table open (whoever of the seated
        players has it open, the computer moves)."""
        if self.seat is None or not self.table.ready or self.table.finished:
            return False
        if self._computer_lock is None:
            from filelock import Timeout

            lock = tables.computer_lock(self.store, self.table.id)
            try:
                lock.acquire()
            except Timeout:
                return False  # another seated player's program makes the computer's moves
            self._computer_lock = lock
        return True

    @property
    def hold(self) -> str:
        """Why nobody may act ("" once every seat is taken and while the table is on): it waits for players to join,
        or it ended before play started (a sentence, ending with a full stop)."""
        t = self.table
        if t.ended_why and not t.game.is_over:
            return f"This table was {t.ended_why}: it will not be played."
        waiting = t.waiting_for()
        if not waiting or t.finished:
            return ""
        return f"Waiting for {tables.and_list(waiting)} to join"

    hot_seat = False
    needs_handoff = False
    can_undo = False

    @property
    def level(self) -> str:
        """The first computer seat's level (the session's one level, as a local game against the computer has)."""
        for i, s in enumerate(self.table.seats):
            if s.get("status") == tables.COMPUTER:
                return self.level_of(i)
        return "normal"

    def level_of(self, seat: int) -> str:
        return str(self.table.seats[seat].get("level", "normal"))

    @property
    def all_easy(self) -> bool:
        return self.vs_computer and self.level == "easy"

    @property
    def viewer(self) -> int:
        return 0 if self.seat is None else self.seat

    @viewer.setter
    def viewer(self, seat: int) -> None:
        pass  # one person at each terminal: the keyboard is never handed over

    @property
    def screen(self) -> str:
        return "game"

    @screen.setter
    def screen(self, name: str) -> None:
        pass

    @property
    def my_turn(self) -> bool:
        cp = self.game.current_player
        return self.seat is not None and cp == self.seat and self.table.ready

    def _shown_view(self) -> View[Any] | None:
        return public_view(self.game) if self.seat is None else None

    # --- acting ---------------------------------------------------------------------------------------
    def act(self, action: Any, by_computer: bool = False) -> Outcome:
        if self.seat is None:
            return Outcome.reject("You are watching this table; only its players act.", f"{self.game.name}.table")
        try:
            answer = tables.submit(self.store, self.table.id, self.player, action, self.table.seen)
        except saves.SaveError as e:  # busy, or the tables' database cannot be reached: nothing was done
            return Outcome.reject(f"Not done: {e}", f"{self.game.name}.table")
        self._answered(answer)
        if answer.ok:
            self.note_result(answer.events)
            return Outcome(True, "", answer.rule, tuple(answer.events))
        return Outcome.reject(answer.reason, answer.rule)

    def say(self, text: str) -> Outcome:
        try:
            answer = tables.say(self.store, self.table.id, self.player, text)
        except saves.SaveError as e:
            return Outcome.reject(f"Not sent: {e}", f"{self.game.name}.table")
        self._answered(answer)
        return Outcome(True, "", answer.rule) if answer.ok else Outcome.reject(answer.reason, answer.rule)

    def _answered(self, answer: tables.Answer) -> None:
        if answer.table is not None:
            self._take(answer.table)

    @property
    def hosting(self) -> bool:
        return self.table.creator == self.player

    def seat_computer(self, level: str) -> Outcome:
        """The creator gives the first open seat to the computer (ValueError for a level that is none)."""
        answer = tables.seat_computer(self.store, self.table.id, self.player, level)
        self._answered(answer)
        return Outcome(True, "", answer.rule) if answer.ok else Outcome.reject(answer.reason, answer.rule)

    def undo(self) -> bool:
        return False

    def autosave(self, played: bool = True) -> None:
        return None

    def close(self) -> None:
        """Let the computer seats go to another seated player's program (the table store locks each write itself)."""
        lock, self._computer_lock = self._computer_lock, None
        if lock is not None:
            lock.release()

    def seats(self) -> list[Seat]:
        return [
            Seat("computer", level=self.level) if self.is_computer(i) else Seat("human")
            for i in range(len(self.players))
        ]


_MEETS_THE_PROTOCOL: type[GameSession] = TableSession  # checked by mypy: what the game screen uses


__all__ = ["TableSession"]
