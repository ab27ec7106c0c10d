"""The games, each described once (like python-chess's ``VARIANTS``): every other part reads this list.

A :class:`GameInfo` says everything the rest of the program needs to know about a game without naming it: its name
(in saves and on the command line) and title, how to start one, its options (type, default, allowed values,
one-line help), its computer players, its coach and its screen. The command line, the new-game forms, the session,
the computer players, the coach and the app's screen lookup all go through :func:`find_game` and :data:`GAMES`.

Modules are named, not imported, so that reading the list costs nothing and ``rules`` never imports ``tui``
(the screen is a dotted path that ``tui.games`` resolves).

Adding a game: its engine package ``rules/<name>/`` (a ``Game`` following ``rules.core.GameBase`` with a view
following ``rules.views``, ``new_game(seed, **options)``, a ``rules.md``, its ``coach.py``), its computer players
``rules/agents/<name>.py`` (``heuristic_agent``, ``search_agent``), its review part ``rules/<name>/review.py``
(see ``rules.review``), its controls part ``rules/<name>/controls.py`` (:class:`ControlsPart`), its screen
``tui/games/<name>.py`` (and its ``.tcss``), and one :class:`GameInfo` in :data:`GAMES` below (the README's "Adding a game" lists every name each part needs).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from rules.options import REDEMPTION_OPTIONS, RESURRECTION_OPTIONS, Choice, Option, OptionValue, check_options, spell

if TYPE_CHECKING:
    from rules.agents.base import Agent, Eye
    from rules.coach import Line
    from rules.core import Event, GameBase


class DeckCard(Protocol):
    """A card as the deck files and the deck editor read it."""

    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...  # one of the game's CARD_TYPES


class DeckProblem(Protocol):
    """One way a deck list breaks the game's deck rules; ``str()`` says it with its rule id."""

    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...


class DeckRules(Protocol):
    """What a game played with decks gives the deck files (``saves.decks``), the ``decks`` command and the editor.

    A module (``GameInfo.decks`` names it) with these names; pure, no files.
    """

    TYPES: Mapping[str, str]  # the deck types a deck file may say, and their titles ("type1": "Type 1"); first: new
    CARDS: Mapping[str, Any]  # card key -> card (a DeckCard; the editor also filters on alignment and brigades)
    CARD_TYPES: tuple[str, ...]  # the card types in the order a list groups them
    TYPE_NAMES: Mapping[str, str]  # card type -> its name ("Hero")
    SHORT_TYPE_NAMES: Mapping[str, str]  # card type -> its name in five letters at most, for the editor's list
    ALIGNMENTS: tuple[str, ...]  # the alignments a card may have, which the editor's filter cycles through
    DECKS: Mapping[str, Any]  # the bundled decks: label -> {"name": str, "cards": card keys}
    PENDING: Mapping[str, Any]  # the real starter decks not offered yet: label -> {"name", "cards", "missing"}

    def check(  # every problem ([] = legal) of a deck, its Reserve, and the cards ``lookup`` gives (imported ones)
        self, keys: Sequence[str], reserve: Sequence[str] = (), lookup: Any = None
    ) -> Sequence[DeckProblem]: ...
    def find_card(self, text: str) -> str | None: ...  # a card's key from how a player writes its name
    def suggest(self, text: str, n: int = 3) -> list[str]: ...  # names close to an unknown one


# --- the parts a game plugs in: each a module with these names (a test checks every game's) -------------------
@runtime_checkable
class CoachPart(Protocol):
    """A game's coach words (``GameInfo.coach``; :mod:`rules.coach` says them): written as :mod:`rules.words`
    templates, from what ``player`` may see."""

    def seen(self, game: Any, player: int) -> Any: ...  # what the functions below read for player (not the game)
    def phase(self, seen: Any, player: int) -> tuple[str, str, str]: ...  # (title, purpose, rule) of the decision
    def describe_action(self, seen: Any, player: int, action: Any) -> tuple[str, str]: ...  # (words, rule)
    def explain_events(self, seen: Any, player: int, events: list[Event]) -> list[Line]: ...
    def battle_why(self, seen: Any, player: int) -> list[Line]: ...
    def suggest(self, seen: Any, player: int) -> tuple[Any, str]: ...  # the coach's own pick and why
    def reason_for(self, seen: Any, player: int, action: Any) -> str: ...
    def grouped(self, actions: list[Any]) -> list[Any]: ...  # the actions to list (one of many that differ by a number)
    def model(self, seen: Any) -> GameBase: ...  # the game a computer player's hint is asked on: as ``seen`` knows it


@runtime_checkable
class ControlsPart(Protocol):
    """What the app's keys and screens need to know of a game's actions and events (``GameInfo.controls``), so that
    no screen reads the notation or names a verb or an event kind: the card each action uses (Enter on that card
    offers it), the ones with a key of their own, the choices Enter asks about, and which events the screen retells.
    Each function reads one action: a legal one (the engine's object) or, where the app keeps it so (a hint, the
    coach's advice), its text in the notation."""

    RECAP_STARTS: frozenset[str]  # event kinds that decide a battle: the "Last battle" recap starts with one
    RECAP_ENDS: frozenset[str]  # event kinds that end the recap (the next turn, phase, placement)
    RECENT: frozenset[str]  # event kinds worth a line in "since your move"
    BATTLE: frozenset[str]  # those of them that tell a battle (said in preference to cards put in play)

    def card(self, action: Any) -> str | None: ...  # the card it plays or uses (None: it uses none, as the cut)
    def targets(self, action: Any) -> tuple[str, ...]: ...  # the other cards it names that Enter on them offers
    def key(self, action: Any) -> str: ...  # its own play control: "pass", "end_phase", "mute"; "" (Enter) for others
    def ask_first(self, action: Any) -> bool: ...  # Enter lists it even as the card's only action
    def behind(self, action: Any, other: Any) -> bool: ...  # Enter on its card leaves it out when it also offers other
    def by_number(self, action: Any) -> bool: ...  # one of a choice made as a number (the cut), not from a list
    def number(self, action: Any) -> int | None: ...  # the number a choice by number picks (None: a random one)
    def sent_for(self, key: str) -> str: ...  # the text a key sends with no legal action of its own (refused, with why)
    def listed(self, action: Any) -> bool: ...  # chosen from a list the screen shows (a pending decision's options)
    def idle(self, key: str) -> str: ...  # what a key of its own says when it has no legal action now
    def which(self, key: str) -> str: ...  # the question when a key of its own has several legal actions
    def explain(
        self, key: str
    ) -> str: ...  # what a key of its own does in this game, for the help ("": the general text)


@runtime_checkable
class AgentsPart(Protocol):
    """A game's computer players (``GameInfo.agents``; :func:`rules.agents.make_agent` picks one by level) and the
    review's computer's eye, which measures a decision with the hard player's search."""

    def heuristic_agent(self, seed: int = 0, noise: float = 0.0, level: str = "normal") -> Agent: ...
    def search_agent(self, seed: int = 0, time_limit: float | None = 1.0, iterations: int | None = None) -> Agent: ...
    def eye(self) -> Eye: ...


@runtime_checkable
class ReviewPart(Protocol):
    """A game's part of the review (``GameInfo.review``; see :mod:`rules.review`): the start a game is rebuilt from,
    its actions in words, the records' header lines. A game played with decks also has ``starting_decks(game)``."""

    BLIND: frozenset[str]  # the verbs chosen without seeing anything (a cut): never judged

    def start(self, game: Any) -> GameBase: ...
    def action_words(self, before: Any, action: str, p: int | None, own: bool = False) -> str | None: ...
    def record_header(self, game: Any, names: list[str]) -> list[str]: ...
    def notation_header(self, game: Any) -> list[str]: ...
    def from_header(self, seed: int, options: dict[str, Any], head: dict[str, str]) -> GameBase: ...


@runtime_checkable
class DeckReviewPart(ReviewPart, Protocol):
    """The review part of a game played with decks: also the decks a game started with, as ``new_game`` takes them."""

    def starting_decks(self, game: Any) -> tuple[Any, ...]: ...


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything about a game that the rest of the program may ask."""

    name: str  # in saves, on the command line, in rule ids ("resurrection.battle")
    title: str  # "Resurrection"
    label: str  # how a list of games names it: "Resurrection (9 cards)"
    package: str  # the engine: Game, new_game(seed, **options) and the ``start`` arguments below
    options: tuple[Option, ...]
    agents: str  # the computer players: heuristic_agent(seed, noise, level), search_agent(seed, time_limit, iterations)
    coach: str  # the coach's words (see rules.coach)
    screen: str  # "module:Class" of the app's presentation, resolved by tui.games (rules never imports tui)
    first_choice: str = (
        ""  # the question when the players choose who starts (new_game's ``first``); "" = the game decides
    )
    who_starts: str = "the game decides who goes first"  # how, when the players do not choose
    max_players: int = 2  # a game has 2 to this many seats
    decks: str = ""  # played with decks the players choose (new_game's ``decks``): its DeckRules module
    eye: bool = (
        False  # the review's computer's eye (its agents' ``eye()``, rules.review.judge) can measure its decisions
    )
    review: str = ""  # the review's part of the game (see rules.review): start, action_words, headers
    controls: str = ""  # what the keys and the screen need of its actions and events (ControlsPart)

    # --- the parts, imported on first use -------------------------------------------------
    def module(self) -> ModuleType:
        return importlib.import_module(self.package)

    def game_class(self) -> type[GameBase]:
        cls: type[GameBase] = self.module().Game
        return cls

    def agents_module(self) -> AgentsPart:
        return cast(AgentsPart, importlib.import_module(self.agents))

    def controls_module(self) -> ControlsPart:
        return cast(ControlsPart, importlib.import_module(self.controls))

    def coach_module(self) -> CoachPart:
        return cast(CoachPart, importlib.import_module(self.coach))

    def deck_rules(self) -> DeckRules:
        """The deck rules: which cards, which bundled decks, how a list is checked (games played with decks)."""
        if not self.decks:
            raise ValueError(f"{self.title} is played with its own cards: no decks")
        return cast("DeckRules", importlib.import_module(self.decks))

    def review_module(self) -> ReviewPart:
        if not self.review:
            raise ValueError(f"{self.title} games cannot be reviewed")
        return cast(ReviewPart, importlib.import_module(self.review))

    def starting_decks(self, game: GameBase) -> tuple[Any, ...] | None:
        """The decks ``game`` started with, as :meth:`new_game` takes them (a rematch); None: no decks."""
        if not self.decks:
            return None
        return cast(DeckReviewPart, self.review_module()).starting_decks(game)

    def available(self) -> bool:
        """Whether this installation has the engine (a game may be listed before it is finished)."""
        try:
            self.game_class()
        except (ImportError, AttributeError):
            return False
        return True

    # --- options and starting -------------------------------------------------------------
    @property
    def defaults(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"unknown {self.title} option {name!r} (known: {known})")

    def check_options(self, raw: object) -> dict[str, OptionValue]:
        """Options over the defaults, each checked (a save's table or a caller's dict); ValueError says why not."""
        return check_options(self.options, raw, self.title)

    def parse_options(self, pairs: list[tuple[str, str]]) -> dict[str, OptionValue]:
        """``KEY=VALUE`` pairs from a command line, checked; ValueError names the first bad one."""
        return {key: self.option(key).parse(text) for key, text in pairs}

    def options_help(self) -> str:
        """One line per option: ``name=values (default): help``."""
        return "; ".join(f"{o.name}={o.spelled()} (default {spell(o.default)})" for o in self.options)

    def new_game(
        self,
        seed: int,
        options: dict[str, Any] | None = None,
        *,
        first: int | None = None,
        decks: tuple[Any, ...] | None = None,
    ) -> GameBase:
        """A new game; ``first`` only where the players choose who starts, ``decks`` only where they choose decks."""
        kw: dict[str, Any] = dict(options or {})
        if decks is not None:
            if not self.decks:
                raise ValueError(f"{self.title} is played with its own cards: no deck choice")
            kw["decks"] = tuple(decks)
        if first is not None:
            if not self.first_choice:
                raise ValueError(f"in {self.title} the game decides who goes first: no choice of the first player")
            kw["first"] = first
        game: GameBase = self.module().new_game(seed, **kw)
        return game


_RESURRECTION = GameInfo(
    name="resurrection",
    title="Resurrection",
    label="Resurrection (9 cards)",
    package="rules.resurrection",
    options=RESURRECTION_OPTIONS,
    agents="rules.agents.resurrection",
    coach="rules.resurrection.coach",
    screen="tui.games.resurrection:ResurrectionUI",
    first_choice="who is the first Aggressor (the youngest player)",
    who_starts="",
    eye=True,
    review="rules.resurrection.review",
    controls="rules.resurrection.controls",
)

_REDEMPTION = GameInfo(
    name="redemption",
    title="Redemption",
    label="Redemption",
    package="rules.redemption",
    options=REDEMPTION_OPTIONS,
    agents="rules.agents.redemption",
    coach="rules.redemption.coach",
    screen="tui.games.redemption:RedemptionUI",
    who_starts="the cut decides who goes first",
    max_players=4,  # the multiplayer game (rules.md: redemption.multiplayer)
    decks="rules.redemption.deckrules",
    eye=True,
    review="rules.redemption.review",
    controls="rules.redemption.controls",
)

#: Every game, in the order the app lists them.
GAMES: tuple[GameInfo, ...] = (_RESURRECTION, _REDEMPTION)


def game_names() -> tuple[str, ...]:
    return tuple(g.name for g in GAMES)


def find_game(name: object) -> GameInfo:
    """The game called ``name``; ValueError lists the known ones."""
    for g in GAMES:
        if g.name == name:
            return g
    raise ValueError(f"unknown game {name!r} (known: {', '.join(game_names())})")


def title_of(name: str) -> str:
    """A game's title for lists (a save's or a table's game); a name no description has, as it is written."""
    for g in GAMES:
        if g.name == name:
            return g.title
    return name


def deck_games() -> tuple[GameInfo, ...]:
    """The games played with decks the players choose, in the app's order."""
    return tuple(g for g in GAMES if g.decks)


def game_class(name: str) -> type[GameBase]:
    """The Game class for a game name (imported on first use); ValueError for a name :data:`GAMES` does not list."""
    return find_game(name).game_class()


def game_from_dict(d: dict[str, Any]) -> GameBase:
    """Rebuild any game from its ``to_dict()``; ValueError names what is wrong."""
    if not isinstance(d, dict):
        raise ValueError("a game state must be a table")
    name = d.get("game")
    if not isinstance(name, str):
        raise ValueError("the state does not say which game it is (missing 'game')")
    return game_class(name).from_dict(d)


__all__ = [
    "GAMES",
    "AgentsPart",
    "CoachPart",
    "ControlsPart",
    "DeckReviewPart",
    "ReviewPart",
    "Choice",
    "DeckCard",
    "DeckProblem",
    "DeckRules",
    "GameInfo",
    "Option",
    "OptionValue",
    "deck_games",
    "find_game",
    "game_class",
    "game_from_dict",
    "game_names",
    "title_of",
]
