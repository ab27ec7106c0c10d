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
(see ``rules.review``), its screen ``tui/games/<name>.py`` (and its ``.tcss``), and one
:class:`GameInfo` in :data:`GAMES` below (the README's "Adding a game" lists every name each part needs).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from rules.core import GameBase

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of an option and how a form says it."""

    value: OptionValue
    label: str


@dataclass(frozen=True, slots=True)
class Option:
    """A game option: its type is its default's (bool, int or str)."""

    name: str
    default: OptionValue
    help: str  # one line: what the option decides (the question on the new-game form)
    choices: tuple[Choice, ...] = ()  # the values the new-game form offers
    only: bool = True  # only the choices are allowed (else any value of the type, from ``minimum`` for numbers)
    minimum: int | None = None  # the smallest whole number allowed
    on_form: bool = True  # asked on the new-game form (else only on the command line)

    @property
    def type(self) -> type:
        return type(self.default)

    @property
    def values(self) -> tuple[OptionValue, ...]:
        return tuple(c.value for c in self.choices)

    def spelled(self) -> str:
        """The values as the command line takes them: ``hero-bottom|fallen-bottom``, ``true|false``, ``N``."""
        if self.type is bool:
            return "true|false"
        if self.choices and self.only:
            return "|".join(_spell(v) for v in self.values)
        return "N" if self.type is int else "TEXT"

    def check(self, value: object) -> OptionValue:
        """``value`` if this option may take it; ValueError names the option and what it takes."""
        if type(value) is not self.type:
            raise ValueError(f"option {self.name} must be {self.spelled()}, not {_spell(value)}")
        assert isinstance(value, (bool, int, str))
        if self.choices and self.only and value not in self.values:
            raise ValueError(f"option {self.name} must be {self.spelled()}, not {_spell(value)}")
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise ValueError(f"option {self.name} must be at least {self.minimum}, not {value}")
        return value

    def parse(self, text: str) -> OptionValue:
        """The value a command line writes (``true``, ``7``, ``fallen-bottom``); ValueError says what it takes."""
        t = text.strip()
        value: object = t
        if self.type is bool:
            value = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}.get(t.lower(), t)
        elif self.type is int and t.lstrip("-").isdigit():
            value = int(t)
        return self.check(value)


def _spell(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v) if isinstance(v, (int, str)) else repr(v)


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
    DECKS: Mapping[str, Any]  # the bundled decks: label -> {"name": str, "cards": card keys}

    def check(  # every problem ([] = legal) of a deck, its Reserve, and the cards ``lookup`` gives (imported ones)
        self, keys: Sequence[str], reserve: Sequence[str] = (), lookup: Any = None
    ) -> Sequence[DeckProblem]: ...
    def find_card(self, text: str) -> str | None: ...  # a card's key from how a player writes its name
    def suggest(self, text: str, n: int = 3) -> list[str]: ...  # names close to an unknown one


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
    eye: bool = False  # the review's computer's eye (rules.review.judge) can measure its decisions
    review: str = ""  # the review's part of the game (see rules.review): start, action_words, headers, eye

    # --- the parts, imported on first use -------------------------------------------------
    def module(self) -> ModuleType:
        return importlib.import_module(self.package)

    def game_class(self) -> type[GameBase]:
        cls: type[GameBase] = self.module().Game
        return cls

    def agents_module(self) -> ModuleType:
        return importlib.import_module(self.agents)

    def coach_module(self) -> ModuleType:
        return importlib.import_module(self.coach)

    def deck_rules(self) -> DeckRules:
        """The deck rules: which cards, which bundled decks, how a list is checked (games played with decks)."""
        if not self.decks:
            raise ValueError(f"{self.title} is played with its own cards: no decks")
        return cast("DeckRules", importlib.import_module(self.decks))

    def review_module(self) -> ModuleType:
        if not self.review:
            raise ValueError(f"{self.title} games cannot be reviewed")
        return importlib.import_module(self.review)

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
        if not isinstance(raw, dict):
            raise ValueError("'options' must be a table")  # noqa: TRY004 - a bad save: every caller reads ValueError
        unknown = sorted(str(k) for k in raw if not any(o.name == k for o in self.options))
        if unknown:
            known = ", ".join(o.name for o in self.options) or "none"
            raise ValueError(
                f"unknown {self.title} {'option' if len(unknown) == 1 else 'options'}: {', '.join(unknown)} (known: {known})"
            )
        return {o.name: o.check(raw.get(o.name, o.default)) for o in self.options}

    def parse_options(self, pairs: list[tuple[str, str]]) -> dict[str, OptionValue]:
        """``KEY=VALUE`` pairs from a command line, checked; ValueError names the first bad one."""
        return {key: self.option(key).parse(text) for key, text in pairs}

    def options_help(self) -> str:
        """One line per option: ``name=values (default): help``."""
        return "; ".join(f"{o.name}={o.spelled()} (default {_spell(o.default)})" for o in self.options)

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
    options=(
        Option(
            "resurrect_to",
            "hero-bottom",
            "a black A/K/J that wins resurrects the Fallen card to",
            (
                Choice("hero-bottom", "the bottom of the Hero Pile (ruling)"),
                Choice("fallen-bottom", "the bottom of the Fallen Pile (literal text)"),
            ),
        ),
    ),
    agents="rules.agents.resurrection",
    coach="rules.resurrection.coach",
    screen="tui.games.resurrection:ResurrectionUI",
    first_choice="who is the first Aggressor (the youngest player)",
    who_starts="",
    eye=True,
    review="rules.resurrection.review",
)

_REDEMPTION = GameInfo(
    name="redemption",
    title="Redemption",
    label="Redemption",
    package="rules.redemption",
    options=(
        Option(
            "name_on_name",
            False,
            "Name-on-Name bonus (an enhancement named for its character counts double)",
            (Choice(False, "off"), Choice(True, "on")),
        ),
        Option(
            "rescues_to_win",
            5,
            "rescues needed to win",
            (Choice(5, "5 (the rulebook)"), Choice(7, "7 (Type II tournaments)")),
            only=False,
            minimum=1,
        ),
        Option(
            "rescuer_chooses",
            False,
            "who picks the Lost Soul a successful rescue takes",
            (Choice(False, "the defender (ruling)"), Choice(True, "the rescuer")),
        ),
        Option("first_player_skips_draw", False, "the first player skips the first turn's draw", on_form=False),
        Option("max_turns", 0, "end the game after this many turns (0: no limit)", minimum=0, on_form=False),
    ),
    agents="rules.agents.redemption",
    coach="rules.redemption.coach",
    screen="tui.games.redemption:RedemptionUI",
    who_starts="the cut decides who goes first",
    max_players=4,  # the multiplayer game (rules.md: redemption.multiplayer)
    decks="rules.redemption.deckrules",
    eye=True,
    review="rules.redemption.review",
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


__all__ = [
    "GAMES",
    "Choice",
    "DeckCard",
    "DeckProblem",
    "DeckRules",
    "GameInfo",
    "Option",
    "OptionValue",
    "deck_games",
    "find_game",
    "game_names",
    "title_of",
]
