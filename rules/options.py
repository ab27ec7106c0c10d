"""Game options: what each one decides, its type, default and allowed values, described once.

The game list (:mod:`rules.games`) shows them on the command line and the new-game forms; each engine checks a
saved or given table of options against the same descriptions, so the two can never disagree. A leaf module: the
list and the engines both import it, and it imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass

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
            return "|".join(spell(v) for v in self.values)
        return "N" if self.type is int else "TEXT"

    def check(self, value: object) -> OptionValue:
        """``value`` if this option may take it; ValueError names the option and what it takes."""
        if type(value) is not self.type:
            raise ValueError(f"option {self.name} must be {self.spelled()}, not {spell(value)}")
        assert isinstance(value, (bool, int, str))
        if self.choices and self.only and value not in self.values:
            raise ValueError(f"option {self.name} must be {self.spelled()}, not {spell(value)}")
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


def spell(v: object) -> str:
    """A value as a command line writes it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v) if isinstance(v, (int, str)) else repr(v)


def check_options(options: tuple[Option, ...], raw: object, title: str) -> dict[str, OptionValue]:
    """``raw`` (a save's table or a caller's dict) over the defaults, each value checked, in the options' order;
    ValueError names an unknown key or a bad value (``title``: the game's name for people)."""
    if not isinstance(raw, dict):
        raise ValueError("'options' must be a table")  # noqa: TRY004 - a bad save: every caller reads ValueError
    unknown = sorted(str(k) for k in raw if not any(o.name == k for o in options))
    if unknown:
        known = ", ".join(o.name for o in options) or "none"
        raise ValueError(
            f"unknown {title} {'option' if len(unknown) == 1 else 'options'}: {', '.join(unknown)} (known: {known})"
        )
    return {o.name: o.check(raw.get(o.name, o.default)) for o in options}


RESURRECTION_OPTIONS: tuple[Option, ...] = (
    Option(
        "resurrect_to",
        "hero-bottom",
        "a black A/K/J that wins resurrects the Fallen card to",
        (
            Choice("hero-bottom", "the bottom of the Hero Pile (ruling)"),
            Choice("fallen-bottom", "the bottom of the Fallen Pile (literal text)"),
        ),
    ),
)

REDEMPTION_OPTIONS: tuple[Option, ...] = (
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
)

__all__ = ["REDEMPTION_OPTIONS", "RESURRECTION_OPTIONS", "Choice", "Option", "OptionValue", "check_options", "spell"]
