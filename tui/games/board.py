"""What the game screen and the lesson screen ask of a game's presentation: the :class:`GameUI` protocol, and
:class:`Board`, the widget that holds a game's panes and brings their styles (a ``.tcss`` file beside the game's
module).

A screen makes the game's UI (``tui.games.ui_for``), yields ``ui.board(id=..., side=...)`` where the table goes (then
``board.beside()``), and calls
``ui.render(...)`` after every change. Everything else it needs from the game (the status line's parts, what Enter
means on a card, actions in words) is a method here, so a screen never asks which game it shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar, overload, runtime_checkable

from rich.text import Text
from textual.containers import Vertical
from textual.geometry import Size
from textual.widget import Widget

from tui import keys
from tui.widgets import CardList

#: A game's view(player): rules.views.View with the game's own keys (``ResurrectionView``, ``RedemptionView``). The
#: screens only pass it on; a game's presentation is a ``GameUI[its view]`` and reads its own keys.
ViewT = TypeVar("ViewT", contravariant=True)
W = TypeVar("W", bound=Widget)

#: The screen's size classes (Textual breakpoints, set on the game screen): the cards are drawn as boxes from
#: TALL rows, card texts shown in full from WIDE columns, the log widest from ROOMY columns.
TALL, WIDE, ROOMY = 32, 100, 120
HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide"), (ROOMY, "-roomy")]
VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]


def size_classes(size: Size) -> tuple[str, str]:
    """The size classes Textual's breakpoints give a screen of ``size``: on each axis the class of the largest
    threshold it reaches (every axis has one at 0)."""
    return (
        max((t, c) for t, c in HORIZONTAL_BREAKPOINTS if size.width >= t)[1],
        max((t, c) for t, c in VERTICAL_BREAKPOINTS if size.height >= t)[1],
    )


class BoardScreen(Protocol):
    """What a game's ``render`` may ask of the screen it draws on (the game screen, a lesson's screen)."""

    @property
    def size(self) -> Size: ...
    @property
    def board(self) -> Board: ...  # the game's board on this screen (its parts: :class:`Board`)
    @property
    def hold(self) -> str: ...  # why nobody may act yet ("" when play is on; a shared table waiting for players)
    @property
    def shared(self) -> bool: ...  # a shared table: a finished game offers no new game or rematch here
    @property
    def last_result(self) -> list[str]: ...  # the last battle's result, in the reader's words ([] for none)

    def since_your_move(self) -> list[str]: ...  # what the others did since the reader's last move, on their move
    def has_class(self, *names: str) -> bool: ...
    def selected_card(self) -> str | None: ...
    @overload
    def query_one(self, selector: str) -> Widget: ...
    @overload
    def query_one(self, selector: type[W]) -> W: ...
    @overload
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


@dataclass(frozen=True)
class PendingChoice:
    """A decision in the middle of an ability, for its chooser's keys: the question, one line per option (the cards
    shown, by name; "choose no more" where allowed) and the action in notation each option is."""

    question: str
    options: list[str]
    actions: list[str]


@runtime_checkable
class GameUI(Protocol[ViewT]):
    """A game's presentation, as the game and lesson screens use it (``ViewT``: its ``view(player)``'s type)."""

    game: str  # the engine's name for the game
    title: str  # its name for people
    keys: frozenset[str]  # the play controls it uses besides Enter and the digits ("pass", "end_phase")
    help_notes: str  # what the help says about this board after the keys (markdown; "" for nothing)
    typing_example: str  # an action as the typing line takes it, for its placeholder ("play BA")

    def board(self, id: str = "board", side: Sequence[Widget] = (), seats: int = 2) -> Board: ...

    def render(
        self, screen: BoardScreen, view: ViewT, names: list[str], wide: bool, usable: set[str], my_turn: bool
    ) -> None: ...

    def describe(self, action: Any) -> str: ...

    def choices(self, view: ViewT, actions: list[Any]) -> tuple[str, list[str]]:
        """The question and the options when Enter on a card allows several actions (named from ``view``)."""
        ...

    def number_question(self, view: ViewT, names: list[str]) -> str:
        """The question of a choice made as a number (``ControlsPart.by_number``: the cut), from ``view``."""
        ...

    def pending_choice(self, view: ViewT) -> PendingChoice | None:
        """A decision an ability asks of the reader now, from their view (the cards it shows them, by name);
        None when there is none for them."""
        ...

    def refusal_text(self, view: ViewT, card: str) -> str: ...

    def roams(self, view: ViewT) -> bool: ...

    def last_resort(self, view: ViewT) -> set[str]:
        """The cards the cursor goes to only when no other card can be used now."""
        ...

    def phase(self, view: ViewT) -> str: ...

    def score(self, view: ViewT, names: list[str], short: bool = False) -> str: ...

    def turn(self, view: ViewT) -> str: ...

    def review_board(self, g: Any, seat: int, names: list[str], every_hand: bool) -> Any: ...


def news(screen: BoardScreen, in_battle: object) -> Text:
    """The first lines of the Field of Battle: what the other side did since your last move (when it is your move),
    and the last battle's result while no battle is going on (``in_battle`` falsy)."""
    t = Text()
    result = [] if in_battle else list(screen.last_result)
    recent = [line for line in screen.since_your_move() if line not in result][-2:]
    if recent:
        t.append("Since your move: ", style="bold")
        t.append(" ".join(recent) + "\n")
    if result:
        t.append("Last battle: ", style="bold")
        t.append(" ".join(result) + "\n")
    return t


def css_beside(module_file: str) -> str:
    """The styles in the ``.tcss`` file beside a module (``redemption.py`` -> ``redemption.tcss``)."""
    return Path(module_file).with_suffix(".tcss").read_text(encoding="utf-8")


class Board(Vertical):
    """The game's panes, composed by the game. Its one required part: a :class:`tui.widgets.CardList` with the id
    :attr:`HAND` (``hand``), the viewer's hand (:attr:`hand`; the screens give it the keyboard and the digits). Its styles (``DEFAULT_CSS``, from the ``.tcss`` beside the game's
    module) are written with full selectors (``RedemptionBoard #mine``), so they may follow the screen's size
    classes (``GameScreen.-tall RedemptionBoard #mine``).

    ``side``: the screen's panes beside the board (the log, the coach). A board whose ``SIDE_INSIDE`` is True places
    them itself (Redemption: beside the opponents and the Field, so the hand and your table get the whole width
    below); otherwise the screen puts them beside the whole board (:meth:`beside`)."""

    SCOPED_CSS: ClassVar[bool] = False
    DEFAULT_CSS = "Board { width: 1fr; }"
    SIDE_INSIDE: ClassVar[bool] = False
    HAND: ClassVar[str] = "hand"  # the id of the hand a game's board composes

    def __init__(
        self,
        ui: Any,
        *,
        id: str | None = "board",
        classes: str | None = None,
        side: Sequence[Widget] = (),
        seats: int = 2,
    ) -> None:
        super().__init__(id=id, classes=" ".join(filter(None, (classes, *self.seat_classes(seats)))))
        self.ui = ui
        self.side = tuple(side)

    @staticmethod
    def seat_classes(seats: int) -> tuple[str, ...]:
        """The classes a board of ``seats`` players has, which its styles may follow: ``-seats-N`` and ``-multi``
        from three seats. Given at construction (``seats``), so its panes are styled once with them."""
        return (f"-seats-{seats}", "-multi") if seats > 2 else ()

    def set_seats(self, seats: int) -> None:
        """The seat classes for ``seats`` players (nothing changes when the board was made for as many)."""
        wanted = set(self.seat_classes(seats))
        self.update_classes(
            {c: c in wanted for c in {*self.classes, *wanted} if c == "-multi" or c.startswith("-seats-")}
        )

    _hand: CardList | None = None

    @property
    def hand(self) -> CardList:
        """The viewer's hand: every board has one (``#hand``), which has the keyboard whenever the screen is shown and
        where the digits pick. Found once: a board's panes are made with it and stay."""
        if self._hand is None:
            self._hand = self.query_one(f"#{self.HAND}", CardList)
        return self._hand

    def beside(self) -> tuple[Widget, ...]:
        """The side panes the screen yields after the board: none when the board places them itself."""
        return () if self.SIDE_INSIDE else self.side


def table_over_keys() -> str:
    """The keys once a game at a shared table is over: its review and the way out (a new table is made from the
    table list, with whoever wants to play again)."""
    return f"{keys.label('review')}: review, {keys.label('leave')}: leave (a new table: from the table list)."
