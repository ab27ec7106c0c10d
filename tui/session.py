"""One game in progress, as the app sees it: the engine, who sits where, the log, the save file.

Everything here is plain Python (no Textual) so it can be tested on its own. The
session never decides a rule: it hands actions to the engine and records what the
engine answers. It does decide app matters: who may act from this keyboard, when
to autosave, and whether an undo is allowed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import saves
from rules.core import Event, GameBase, Outcome, own_resignation
from rules.games import GAMES, find_game
from rules.views import View
from saves import recap
from saves.store import LEVELS, MAX_NAME
from tui import controls, wording

MAX_SEATS = max(g.max_players for g in GAMES)  # the most seats any game has
#: The bundled decks seat by seat when nobody chooses (G and H alternate).
BUNDLED = ("G", "H")


def default_decks(n: int) -> tuple[str, ...]:
    return tuple(BUNDLED[i % 2] for i in range(n))


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat of a new game: a person at this keyboard, or the computer at a level."""

    kind: str  # "human" | "computer"
    name: str = ""  # "" : the default name
    level: str = "normal"  # a computer's level

    def __post_init__(self) -> None:
        if self.kind not in ("human", "computer"):
            raise ValueError(f"a seat is human or computer, not {self.kind!r}")
        if self.kind == "computer" and self.level not in LEVELS:
            raise ValueError(f"a computer's level is {'|'.join(LEVELS)}, not {self.level!r}")

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``human``, ``human:Ann``, ``computer``, ``computer:hard`` (``--seat`` on the command line); ValueError
        says what it takes."""
        kind, _, rest = text.strip().partition(":")
        kind, rest = kind.strip().lower(), rest.strip()
        if kind in ("human", "person", "me"):
            if len(rest) > MAX_NAME:
                raise ValueError(f"a player's name may have at most {MAX_NAME} characters")
            return cls("human", rest)
        if kind == "computer":
            level = rest.lower() or "normal"
            if level not in LEVELS[:3]:
                raise ValueError(f"{text!r}: a computer's level is easy, normal or hard, not {rest!r}")
            return cls("computer", level=level)
        raise ValueError(f"{text!r} is not human[:NAME] or computer[:LEVEL]")

    def player(self, i: int, seats: list[Seat], given: str | None = None) -> dict[str, str]:
        """The save's table for this seat (``players`` in saves.Meta): name, kind and a computer's level."""
        humans = [s for s in seats if s.kind == "human"]
        computers = [s for s in seats if s.kind == "computer"]
        if given or self.name:
            name = given or self.name
        elif self.kind == "computer":
            name = "Computer" if len(computers) == 1 else f"Computer {i + 1}"
        else:
            name = "You" if len(humans) == 1 and computers else f"Player {i + 1}"
        out = {"name": name, "kind": self.kind}
        if self.kind == "computer":
            out["level"] = self.level
        return out


def rejection_line(outcome: Outcome, reason: str | None = None) -> str:
    """The log's line for a refusal (``reason``: in the players' words; the neutral reason when None)."""
    reason = outcome.reason if reason is None else reason
    return f"Rejected: {reason} [{outcome.rule}]" if outcome.rule else f"Rejected: {reason}"


def names_for(player: str | None, seats: list[Seat] | None, vs: str = "computer") -> tuple[str | None, ...] | None:
    """The names ``Session.new`` takes when the person here is known (``--player``): theirs for the only human seat
    that has no name of its own; None: the default names."""
    if not player:
        return None
    if seats is None:
        return (player, "Computer") if vs == "computer" else None
    humans = [i for i, seat in enumerate(seats) if seat.kind == "human"]
    if len(humans) != 1 or seats[humans[0]].name:
        return None
    return tuple(player if i == humans[0] else None for i in range(len(seats)))


RECAP = recap.KEY  # the recap's key in ``meta.extra`` (saves.recap)


@dataclass(frozen=True, eq=False)
class Frame:
    """What the game screen shows after one change of the game, worked out once (``Seated.frame``): the view for
    the person at the keyboard, the legal actions when they decide (grouped by the card each one uses) and what the
    keys stand for. Every pane, the Footer's keys and Enter read it; none asks the engine again until the next
    change."""

    game: GameBase  # the state it was made from (kept, so the identity check in ``Seated.frame`` is sound)
    key: tuple[int, int, bool]  # (actions played, viewer, my_turn) when it was made
    view: View[Any]
    my_turn: bool
    legal: tuple[Any, ...]  # the viewer's legal actions; () when it is not their move
    by_card: dict[str, tuple[Any, ...]]  # the card an action uses -> those actions, in the engine's order
    pass_action: Any | None  # what the pass key plays now (None: it does nothing)
    end_action: Any | None  # what the end-phase key plays now
    cardless: tuple[Any, ...]  # legal actions that name no card and have no key of their own (the cut)
    controls: controls.Controls  # the game's keys over its actions (what Enter, the mute key and the cut mean)

    @property
    def usable(self) -> set[str]:
        """The cards the viewer can play or use now."""
        return set(self.by_card)

    def shows(self, game: GameBase, viewer: int, my_turn: bool) -> bool:
        """Is this still the frame of ``game`` for ``viewer``? (Every change of a game is an action in its history,
        or another game object: an undo, a shared table read again.)"""
        return self.game is game and self.key == (len(game.history), viewer, my_turn)

    @property
    def decision(self) -> Any:
        """The engine's decision now, from the view (``{player, kind, text}``; None for a game whose view has none)."""
        return self.view.get("decision")

    @classmethod
    def of(cls, game: GameBase, viewer: int, my_turn: bool, view: View[Any] | None = None) -> Frame:
        """``view``: the view to show when it is not ``game.view(viewer)`` (a watcher's public view)."""
        legal: list[Any] = []
        if view is None:
            view, legal = game.view_and_legal(viewer)  # my_turn: the viewer decides, so the legal actions come too
        if not my_turn:
            legal = []
        keys = controls.controls_for(game)
        return cls(
            game,
            (len(game.history), viewer, my_turn),
            view,
            my_turn,
            tuple(legal),
            {card: tuple(actions) for card, actions in keys.by_card(legal).items()},
            keys.pass_action(legal),
            keys.end_phase_action(legal),
            tuple(keys.cardless_choices(legal)),
            keys,
        )


class Seated:
    """Who sits where, for a local game (:class:`Session`) and a shared table (``tui.table.TableSession``) alike:
    read from ``meta.players``; a seat's ``name`` is each one's own."""

    if TYPE_CHECKING:

        @property
        def meta(self) -> saves.Meta: ...
        @property
        def game(self) -> GameBase: ...
        @property
        def viewer(self) -> int: ...
        @property
        def my_turn(self) -> bool: ...

    def name(self, seat: int | None) -> str:
        raise NotImplementedError

    _frame: Frame | None = None

    def frame(self) -> Frame:
        """What the screen shows now, worked out once per change of the game (an action, an undo, another seat's
        move taken, the keyboard handed over): asked again, the same frame."""
        game, viewer, my_turn = self.game, self.viewer, self.my_turn
        f = self._frame
        if f is None or not f.shows(game, viewer, my_turn):
            f = self._frame = Frame.of(game, viewer, my_turn, self._shown_view())
        return f

    def view(self) -> View[Any]:
        """What the person at the keyboard sees now (the frame's: shared, never to be changed)."""
        return self.frame().view

    def _shown_view(self) -> View[Any] | None:
        """The view the screen shows when it is not ``game.view(viewer)`` (None: that one)."""
        return None

    # --- the last battle's result ("Last battle", saves.recap) -----------------------------------------
    def _recap_home(self) -> dict[str, Any]:
        """Where the recap is kept: the game's ``meta.extra`` (a save's)."""
        return self.meta.extra

    @property
    def recalls(self) -> bool:
        """The last battle's result is known (kept since the game began); False for a game saved without it (its
        history, replayed, tells it: :meth:`note_result` each action's events after :meth:`forget_result`)."""
        return recap.kept(self._recap_home())

    def forget_result(self) -> None:
        self._recap_home()[RECAP] = recap.fresh()

    def note_result(self, events: Iterable[Event]) -> None:
        """An accepted action's events (``saves.recap.note``)."""
        recap.note(self._recap_home(), self.game.name, events)

    @property
    def last_result(self) -> list[str]:
        """The last battle's result in the words of whoever reads the screen now (in hot seat, the one who took the
        keyboard)."""
        return [self.words(line) if "{p" in line else line for line in recap.lines(self._recap_home())]

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.meta.players

    @property
    def names(self) -> list[str]:
        """Every seat's name as shown."""
        return [self.name(i) for i in range(len(self.players))]

    @property
    def reader(self) -> int | None:
        """The seat the words address as "you" (``tui.wording.reader``: the seat named "You"; None: every seat is
        said by its name)."""
        return wording.reader(self.names)

    @property
    def shown_names(self) -> list[str]:
        """The names a screen shows: the :attr:`reader`'s seat is "You" whatever its name, as in the words."""
        you = self.reader
        return ["You" if i == you else name for i, name in enumerate(self.names)]

    def words(self, said: Event | Outcome | str) -> str:
        """An event, a refusal or a view's template in the players' words, "you" for :attr:`reader`
        (``tui.wording.words``)."""
        return wording.words(said, self.names, self.reader)

    def log_words(self, line: str) -> str:
        """A line of the log as shown (a line kept as its template is said now, to the :attr:`reader`)."""
        return line

    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.players) and self.players[seat].get("kind") == "computer"

    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.get("kind") != "computer"]

    @property
    def vs_computer(self) -> bool:
        return any(self.is_computer(i) for i in range(len(self.players)))

    def opponents(self, seat: int) -> list[int]:
        """The other seats, in turn order from ``seat``'s left."""
        n = len(self.players)
        return [(seat + k) % n for k in range(1, n)]


class GameSession(Protocol):
    """What the game screen asks of a game in progress: a local game (:class:`Session`) or a shared table
    (``tui.table.TableSession``). What differs between them is a capability the screen reads, never a probe."""

    #: A shared table: the players talk (:meth:`say`) and the other seats' moves arrive by :meth:`poll`.
    shared: ClassVar[bool]

    @property
    def game(self) -> GameBase: ...
    @property
    def meta(self) -> saves.Meta: ...
    @property
    def path(self) -> Path | None: ...  # the save file (None: nothing for this process to save, a shared table)
    @property
    def watching(self) -> bool: ...  # a watcher of a shared table: sees the public view, never acts
    @property
    def runs_computer(self) -> bool: ...  # this process works out the computer's moves
    @property
    def unsaved(self) -> Unsaved | None: ...  # the moves the save file lacks, and why (a local game's)
    @property
    def hold(self) -> str: ...  # why nobody may act yet ("" when play is on; a shared table waiting for players)
    @property
    def hosting(self) -> bool: ...  # the person here made the table: may call it off, give a seat to the computer

    #: Set by the screen: called after an accepted action to save once its frame is drawn (a local game's; a shared
    #: table writes every action before it answers, and never calls it).
    save_soon: Callable[[], None] | None

    # --- who plays (Seated) -----------------------------------------------------------------
    @property
    def players(self) -> list[dict[str, Any]]: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def shown_names(self) -> list[str]: ...
    @property
    def viewer(self) -> int: ...
    @viewer.setter
    def viewer(self, seat: int) -> None: ...  # the person who took the keyboard (hot seat)
    @property
    def screen(self) -> str: ...
    @screen.setter
    def screen(self, name: str) -> None: ...
    @property
    def hot_seat(self) -> bool: ...
    @property
    def needs_handoff(self) -> bool: ...
    @property
    def my_turn(self) -> bool: ...
    @property
    def vs_computer(self) -> bool: ...
    @property
    def level(self) -> str: ...
    @property
    def all_easy(self) -> bool: ...
    @property
    def can_undo(self) -> bool: ...
    def name(self, seat: int | None) -> str: ...
    def words(self, said: Event | Outcome | str) -> str: ...
    def log_words(self, line: str) -> str: ...
    def is_computer(self, seat: int | None) -> bool: ...
    def level_of(self, seat: int) -> str: ...
    def opponents(self, seat: int) -> list[int]: ...
    def seats(self) -> list[Seat]: ...

    # --- the game ----------------------------------------------------------------------------
    def frame(self) -> Frame: ...  # what the screen shows now, once per change
    def view(self) -> View[Any]: ...
    def act(self, action: Any, by_computer: bool = False) -> Outcome: ...
    def undo(self) -> bool: ...
    def autosave(self, played: bool = True) -> Path | None: ...  # played=False: only the review's analysis is new
    def poll(self) -> bool: ...  # has another terminal changed the game? (then the new state is taken)
    def say(self, text: str) -> Outcome: ...  # a message to the table (refused where nobody else can read it)
    @property
    def recalls(self) -> bool: ...  # the last battle's result is known without replaying the history
    @property
    def last_result(self) -> list[str]: ...
    def forget_result(self) -> None: ...
    def note_result(self, events: Iterable[Event]) -> None: ...  # another seat's action's events (a shared table)
    def seat_computer(self, level: str) -> Outcome: ...  # the first open seat to the computer (a waiting table's)
    def close(self) -> None: ...  # done with the game here: another process may open it


@dataclass
class Undo:
    game: GameBase
    log_len: int


@dataclass(frozen=True)
class Unsaved:
    """The game's moves since ``since`` (the first action the save file lacks, counted from 1) are not kept."""

    since: int
    reason: str  # why the last write failed, in a few words ("No space left on device")

    def words(self) -> str:
        """What the player is told as the game closes."""
        return f"Your game could not be saved since move {self.since}: {self.reason}."


@dataclass
class Session(Seated):
    """A game played in this process: its save file, undo, the hand-off between people at one keyboard."""

    shared: ClassVar[bool] = False
    watching: ClassVar[bool] = False
    runs_computer: ClassVar[bool] = True
    hold: ClassVar[str] = ""  # play is on from the start: every seat is here
    hosting: ClassVar[bool] = False

    game: GameBase
    meta: saves.Meta
    path: Path | None = None
    undo_stack: list[Undo] = field(default_factory=list)
    claimed: bool = False  # this process holds the save's lock (saves.claim): no other process may open it
    #: Set by a screen that writes the save once the frame showing the action is drawn (GameScreen.save_soon):
    #: ``act`` then asks it instead of saving before it returns. None: ``act`` saves at once.
    save_soon: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    #: Set while the last write failed: from which move the file lacks the game, and why. A save is only ever
    #: said to be kept when the file holds every move (``saves.save`` writes atomically, or not at all).
    unsaved: Unsaved | None = field(default=None, compare=False)
    saved_moves: int = field(default=-1, compare=False)  # actions the save file holds (-1: as the game has now)

    def __post_init__(self) -> None:
        if self.saved_moves < 0:
            self.saved_moves = len(self.game.history)

    # --- creating ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_name: str,
        *,
        vs: str = "computer",
        level: str = "normal",
        seed: int | None = None,
        first: int = 0,
        names: tuple[str | None, ...] | None = None,
        options: dict[str, Any] | None = None,
        path: Path | None = None,
        decks: tuple[Any, ...] | None = None,
        seats: list[Seat] | None = None,
    ) -> Session:
        """``first``: where the players choose who starts (``first_choice`` in ``rules.games``; elsewhere the game
        decides); ``decks``: where they choose decks, one per seat: a bundled deck's label, or {"name", "cards": [keys]}.
        ``seats``: who sits where, 2 to 4 (a game with decks: one deck per seat); without it two seats, the second
        the computer at ``level`` (``vs="computer"``) or a second person at this keyboard (``vs="human"``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        info = find_game(game_name)
        if seats is None:
            seats = [Seat("human"), Seat("computer", level=level) if vs == "computer" else Seat("human")]
        if len(seats) > info.max_players == 2:
            raise ValueError(f"{info.title} is for two players, not {len(seats)}")
        if not 2 <= len(seats) <= info.max_players:
            raise ValueError(f"{info.title} has 2 to {info.max_players} players, not {len(seats)}")
        if info.decks:
            decks = tuple(decks) if decks is not None else default_decks(len(seats))
            if len(decks) != len(seats):
                raise ValueError(f"{len(seats)} players need {len(seats)} decks, not {len(decks)}")
        game = info.new_game(seed, options, first=first if info.first_choice else None, decks=decks)
        players = [
            seat.player(i, seats, names[i] if names and i < len(names) else None) for i, seat in enumerate(seats)
        ]
        computers = [p["level"] for p in players if p["kind"] == "computer"]
        vs = "computer" if computers else "human"
        meta = saves.Meta(
            players=players,
            extra={
                "vs": vs,
                "level": computers[0] if computers else level,
                "viewer": next((i for i, p in enumerate(players) if p["kind"] == "human"), 0),
                "first": first,
                "screen": "handoff" if sum(p["kind"] == "human" for p in players) > 1 else "game",
            },
        )
        shown = [saves.printable(p["name"]) for p in players]
        first_line = f"New game of {info.title} (seed {seed}): {' v '.join(shown)}."
        meta.log.append(first_line)
        meta.extra[RECAP] = recap.fresh()
        return cls(game, meta, path)

    @classmethod
    def load(cls, path: Path, *, to_play: bool = True) -> Session:
        """The saved game at ``path``; ``to_play`` claims it (saves.claim: SaveError if another process has
        it open), while a read-only look (a review) does not."""
        if not to_play:
            saved = saves.read(path)
            return cls(saved.game, saved.meta, path)
        saves.claim(path)
        try:
            saved = saves.read(path)  # SaveError with file and problem
        except BaseException:
            saves.release(path)
            raise
        return cls(saved.game, saved.meta, path, claimed=True)

    def close(self) -> None:
        """Done with this game here: another process may open it now."""
        if self.claimed and self.path is not None:
            self.claimed = False
            saves.release(self.path)

    # --- who plays ---------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        """A player's name as shown: text from a file, so its control characters are made visible."""
        if seat is None or not 0 <= seat < len(self.players):
            return "nobody"
        return saves.printable(self.players[seat].get("name") or f"Player {seat + 1}")

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def reader(self) -> int | None:
        """The seat the words address as "you": the only human, whatever their name ("Ann" from ``--seat
        human:Ann`` or ``--player``, not only "You": Ann reads "your territory" about her own cards); with two people
        at one keyboard, the one at it now (:attr:`viewer`: each reads "your" about their own cards on their turn);
        the seat named "You" when nobody is at it."""
        humans = self.humans
        if len(humans) > 1:
            return self.viewer
        return humans[0] if humans else wording.reader(self.names)

    def log_words(self, line: str) -> str:
        """A line of the log as shown: with two people at one keyboard the log keeps the events as templates, said
        to whoever holds the keyboard when shown (each reads "you" for their own seat)."""
        return self.words(line) if self.hot_seat and "{p" in line else line

    @property
    def level(self) -> str:
        """The computer's level (with several computers, the first one's; each plays at its own: level_of)."""
        lvl = self.meta.extra.get("level", "normal")
        return lvl if lvl in LEVELS else "normal"

    def level_of(self, seat: int) -> str:
        """The level the computer at ``seat`` plays at (a save from before seats had levels: the game's level)."""
        lvl = self.players[seat].get("level") if 0 <= seat < len(self.players) else None
        return lvl if lvl in LEVELS else self.level

    @property
    def all_easy(self) -> bool:
        """Every computer at the table plays at the easy level (the level that allows undo)."""
        computers = [i for i in range(len(self.players)) if self.is_computer(i)]
        return bool(computers) and all(self.level_of(i) == "easy" for i in computers)

    def seats(self) -> list[Seat]:
        """Who sits where, as ``new`` takes it (a rematch)."""
        return [
            Seat("computer", level=self.level_of(i)) if self.is_computer(i) else Seat("human")
            for i in range(len(self.players))
        ]

    @property
    def viewer(self) -> int:
        """Whose eyes the screen shows: the only human, or (two humans) the one who took the keyboard."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        v = self.meta.extra.get("viewer", 0)
        return v if v in humans else (humans[0] if humans else 0)

    @viewer.setter
    def viewer(self, seat: int) -> None:
        self.meta.extra["viewer"] = seat

    @property
    def screen(self) -> str:
        return str(self.meta.extra.get("screen", "game"))

    @screen.setter
    def screen(self, name: str) -> None:
        self.meta.extra["screen"] = name

    @property
    def my_turn(self) -> bool:
        """May the person at the keyboard act now?"""
        cp = self.game.current_player
        return cp is not None and not self.is_computer(cp) and cp == self.viewer

    @property
    def needs_handoff(self) -> bool:
        """Two humans: the next move belongs to the one who is not looking at the screen."""
        cp = self.game.current_player
        return self.hot_seat and cp is not None and cp != self.viewer and not self.is_computer(cp)

    # --- acting --------------------------------------------------------------------
    def act(self, action: Any, by_computer: bool = False) -> Outcome:
        """Hand the action to the engine; log what it says; autosave if accepted. A resignation from the keyboard is
        the :attr:`viewer`'s own (``resign`` alone, or their seat): another seat's is refused."""
        refused = None
        if not by_computer:
            action, refused = own_resignation(action, self.viewer, self.game)
        before = None if by_computer or not self.all_easy else self.game.clone()  # undo is for the easy level only
        log_len = len(self.meta.log)
        outcome = refused if refused is not None else self.game.apply(action)
        if not outcome.ok:
            self.meta.log.append(rejection_line(outcome, self.words(outcome)))
            return outcome
        if before is not None:
            self.undo_stack.append(Undo(before, log_len))
        # The opponent's move shows what they chose (a card from their hand, a block...): no undo past it either.
        if by_computer or any(e.reveals for e in outcome.events):  # a card became known: no undo past it
            self.undo_stack.clear()
        # The engine's events describe the action without revealing hidden cards; the
        # notation (e.g. a face-down "play BA") is deliberately not logged. The log keeps them in the players' words.
        self.note_result(outcome.events)
        if self.hot_seat:  # the reader changes at each hand-off: the words are said when shown (log_words)
            self.meta.log.extend(e.template or e.text for e in outcome.events)
        else:
            self.meta.log.extend(self.words(e) for e in outcome.events)
        if self.save_soon is not None:
            self.save_soon()
        else:
            self.autosave()
        return outcome

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.all_easy and not self.game.is_over

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        snap = self.undo_stack.pop()
        self.game = snap.game
        del self.meta.log[snap.log_len :]
        self.meta.log.append("Undone: back to before your last action.")
        self.autosave()
        return True

    def poll(self) -> bool:
        return False  # nobody else plays this game

    def say(self, text: str) -> Outcome:
        return Outcome.reject("Talk is for shared tables: the other player is at this keyboard.", "")

    def seat_computer(self, level: str) -> Outcome:
        return Outcome.reject("Every seat of this game is taken.", "")

    # --- saving -------------------------------------------------------------------------
    def autosave(self, played: bool = True) -> Path | None:
        """Write the game (``played``: False when only the review's analysis is new, see ``saves.save``); SaveError (and :attr:`unsaved` set) if it could not be, the last good save untouched."""
        if self.path is None:
            return None
        try:
            if not self.claimed:  # a new game's first save: from now on it is this process's
                saves.claim(self.path)
                self.claimed = True
            path = saves.save(self.game, self.path, self.meta, played=played)
        except saves.SaveError as e:
            since = self.unsaved.since if self.unsaved is not None else self.saved_moves + 1
            self.unsaved = Unsaved(min(since, len(self.game.history)) or 1, e.reason)
            raise
        self.saved_moves = len(self.game.history)
        self.unsaved = None
        return path


def new_save_name(game_name: str, folder: Path) -> str:
    """``redemption-7``: the game and the next number no save of it in ``folder`` has. Short, so the saves list
    shows it whole, and easy to type (``redemption resume redemption-7``); the list has the dates."""
    numbered = re.compile(rf"{re.escape(game_name)}-([0-9]{{1,6}}){re.escape(saves.store.SUFFIX)}")
    used = [int(m[1]) for p in folder.glob(f"{game_name}-*{saves.store.SUFFIX}") if (m := numbered.fullmatch(p.name))]
    n = max(used, default=0) + 1
    while saves.save_path(f"{game_name}-{n}", folder).exists():
        n += 1
    return f"{game_name}-{n}"


def engine_available(game_name: str) -> bool:
    try:
        return find_game(game_name).available()
    except ValueError:
        return False


_MEETS_THE_PROTOCOL: type[GameSession] = Session  # checked by mypy: what the game screen uses
