"""Redemption actions and their text notation: one decision is ``verb arg...`` (rules.md, redemption.notation)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, get_args

from rules.words import plural

Verb = Literal[
    "cut",
    "first",
    "play",
    "artifact",
    "activate",
    "site",
    "soul",
    "setaside",
    "return",
    "equip",
    "fortress",
    "fortress-in",
    "fortress-out",
    "rescue",
    "challenge",
    "block",
    "noblock",
    "enhance",
    "pass",
    "surrender",
    "dominant",
    "decline",
    "discard",
    "end",
    "choose",
    "mute",
]

VERBS: dict[str, tuple[tuple[int, int], str]] = {
    # verb: (number of card arguments (min, max), rule id)
    "cut": ((0, 0), "redemption.setup.cut"),
    "first": ((0, 0), "redemption.setup.first"),
    "play": ((1, 1), "redemption.prep.character"),
    "artifact": ((1, 1), "redemption.prep.artifact"),
    "activate": ((1, 1), "redemption.prep.activate"),
    "site": ((1, 1), "redemption.prep.site"),
    "soul": ((2, 2), "redemption.prep.soul"),
    "setaside": ((1, 1), "redemption.prep.setaside"),
    "return": ((1, 1), "redemption.prep.return"),
    "equip": ((2, 2), "redemption.prep.equip"),
    "fortress": ((1, 1), "redemption.prep.fortress"),
    "fortress-in": ((2, 2), "redemption.prep.fortress-in"),
    "fortress-out": ((1, 1), "redemption.prep.fortress-out"),
    "rescue": ((1, 2), "redemption.battle.rescue"),
    "challenge": ((1, 2), "redemption.battle.challenge"),
    "block": ((1, 1), "redemption.battle.block"),
    "noblock": ((0, 0), "redemption.battle.block"),
    "enhance": ((2, 3), "redemption.battle.enhance"),
    "pass": ((0, 0), "redemption.battle.pass"),
    "surrender": ((1, 1), "redemption.battle.surrender"),
    "dominant": ((1, 2), "redemption.dominant"),
    "decline": ((0, 0), "redemption.dominant.window"),
    "discard": ((1, 1), "redemption.discard.limit"),
    "end": ((0, 0), "redemption.turn.end"),
    "choose": ((0, 1), "redemption.decision"),
    "mute": ((1, 2), "redemption.dominant.mute"),
}
#: ``mute D`` keeps Dominant D from stopping its player until the end of this turn, ``mute D game`` until the game
#: ends (redemption.dominant.mute): the words after the card.
MUTE_UNTIL = ("turn", "game")
assert tuple(VERBS) == get_args(Verb)
ID = re.compile(r"^[A-Z]+[0-9]+$")
#: Verbs whose last argument may be a seat number (the opponent attacked), not a card id.
SEAT_VERBS = ("rescue", "challenge")


def seat_arg(action: Action) -> int | None:
    """The opponent's seat named by ``rescue H SEAT`` / ``challenge H SEAT``, or None."""
    if action.verb in SEAT_VERBS and len(action.args) == 2:
        return int(action.args[1])
    return None


#: What each placement or battle verb does, for refusals that name the phase it belongs to.
VERB_WHAT = {
    "play": "You put a character into your territory",
    "artifact": "You put an artifact on your artifact pile",
    "site": "You put a site into your territory",
    "setaside": "You set a character aside",
    "equip": "You place a weapon on a warrior",
    "fortress": "You put a fortress into your territory",
    "activate": "You activate an artifact",
    "soul": "You put a Lost Soul into a site",
    "return": "You return a character from the set-aside area",
    "fortress-in": "You put a card into a fortress",
    "fortress-out": "You take a card out of a fortress",
    "rescue": "You make a rescue attempt",
    "challenge": "You make a battle challenge",
    "end": "You end a phase",
}


def a_(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def sentence(text: str) -> str:
    """A refusal as a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    if text and text[-1] not in ".!?)":
        text += "."
    return text


@dataclass(frozen=True, slots=True)
class Action:
    """One decision, written ``verb arg...``; see ``rules.md`` (redemption.notation) for the table."""

    verb: str
    args: tuple[str, ...] = ()
    #: the notation, written once (every applied action goes into the history as its text)
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        try:
            text = " ".join((self.verb,) + self.args)
        except TypeError:  # a malformed action (the checks refuse it, naming it): written as best it can be
            text = f"{self.verb} {self.args!r}"
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text


class ActionTable(dict[tuple[str, ...] | str, Action]):
    """The actions of one verb by their arguments, each made once (``legal_actions()`` hands out the same object
    for the same decision, so building the list allocates nothing and a legal action is found by identity).
    A single card argument may be given bare: ``table["G12"] is table[("G12",)]``."""

    __slots__ = ("verb",)

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, args: tuple[str, ...] | str) -> Action:
        if isinstance(args, str):
            a = self[args] = self[(args,)]
            return a
        if len(self) > 50_000:  # bounded: card ids repeat from game to game, but custom decks bring new ones
            self.clear()
        a = self[args] = Action(self.verb, args)
        return a


#: verb -> arguments -> the one Action object for them (see :class:`ActionTable`).
ACTIONS: dict[str, ActionTable] = {verb: ActionTable(verb) for verb in VERBS}


def parse_action(text: str, seats: int = 2) -> Action:
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not an action")
    words = text.strip().split()
    if not words:
        raise ValueError("empty action; try 'end', 'pass', 'play G12' (see the notation table in the rules)")
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise ValueError(f"{words[0]!r} is not a Redemption action; the verbs are: {', '.join(VERBS)}")
    if verb == "cut":
        if len(args) > 1 or (args and not args[0].isdigit()):
            raise ValueError("write 'cut' for a random cut or 'cut N' to lift N cards from the top")
        return Action("cut", tuple(str(int(a)) for a in args))
    if verb == "first":
        if len(args) != 1 or args[0] not in [str(q) for q in range(seats)]:
            choices = " or ".join(f"'first {q}'" for q in range(seats))
            raise ValueError(
                f"write {choices}: the player ({' or '.join(map(str, range(seats)))}) who takes the first turn"
            )
        return Action("first", (args[0],))
    if verb == "mute":
        if not 1 <= len(args) <= 2 or (len(args) == 2 and args[1].lower() not in MUTE_UNTIL):
            raise ValueError("write 'mute D' (not stopped for Dominant D until this turn ends) or 'mute D game'")
        if not ID.match(args[0].upper()):
            raise ValueError(f"{args[0]!r} is not a card id; card ids look like G17 or H3")
        return Action("mute", (args[0].upper(),) + (("game",) if len(args) == 2 and args[1].lower() == "game" else ()))
    (lo, hi), _ = VERBS[verb]
    if verb in SEAT_VERBS:  # rescue H [SEAT]: the seat of the opponent attacked (redemption.battle.opponent)
        if len(args) == 2 and args[1].isdigit():
            if int(args[1]) not in range(seats):
                raise ValueError(f"{args[1]!r} is not a player: the players are {', '.join(map(str, range(seats)))}")
            hero = args[0].upper()
            if not ID.match(hero):
                raise ValueError(f"{args[0]!r} is not a card id; card ids look like G17 or H3")
            return Action(verb, (hero, str(int(args[1]))))
        hi = 1
        if len(args) != 1:
            raise ValueError(
                f"'{verb}' takes a Hero and, with more than two players, the opponent's seat: "
                f"'{verb} G12' or '{verb} G12 2'"
            )
    if not lo <= len(args) <= hi:
        n = plural(lo, "card id") if lo == hi else f"{lo} or {hi} card ids"
        raise ValueError(f"'{verb}' takes {n}, e.g. {example(verb)}")
    ids = tuple(a.upper() for a in args)
    for a in ids:
        if not ID.match(a):
            raise ValueError(f"{a!r} is not a card id; card ids look like G17 or H3")
    return Action(verb, ids)


def example(verb: str) -> str:
    return {
        "soul": "'soul G5 G40'",
        "equip": "'equip G33 G12'",
        "fortress-in": "'fortress-in G12 G44'",
        "enhance": "'enhance G20 G12' or 'enhance G20 G12 H7' (with the target of its ability)",
        "dominant": "'dominant G45' or 'dominant G45 H3'",
        "choose": "'choose G12', or 'choose' alone to choose no more",
        "mute": "'mute G45' or 'mute G45 game'",
    }.get(verb, f"'{verb} G12'")
