"""Redemption's part of the review (see :mod:`rules.review`, which reaches it through ``rules.games``): the start a
game is rebuilt from (its seed, options and the cards each seat was dealt), its actions in words where the engine's
events say nothing of their own, the records' header lines; the computer's eye is its computer players' (``rules.agents``)."""

from __future__ import annotations

import re
from typing import Any

from rules import words
from rules.redemption.cards import DECKS
from rules.redemption.game import Game, new_game
from rules.redemption.state import from_reserve

#: Verbs whose choice is blind (the cutter cannot see the cards): never judged.
BLIND = frozenset({"cut"})

#: What ending each phase means, for an "end" that says nothing of its own: the verb (for a third person, for "you"),
#: then the rest.
_ENDS = {
    "prep": ("ends", "end", "the Preparation phase"),
    "battle": ("makes", "make", "no rescue attempt this turn"),
    "discard": ("ends", "end", "the turn"),
}


def _ids_in_order(game: Game, owner: int, reserve: bool = False) -> list[str]:
    def number(cid: str) -> int:  # an id is the seat's letter, then the card's number (A12); a Reserve's, AR3
        return int(cid[len(cid.rstrip("0123456789")) :])

    return sorted(
        (cid for cid, (_, o) in game.cards.items() if o == owner and from_reserve(cid) == reserve), key=number
    )


def dealt(game: Game) -> list[list[str]]:
    """Each seat's cards in the order they were dealt into the draw pile (ids 1, 2, ...)."""
    return [[game.cards[cid][0] for cid in _ids_in_order(game, p)] for p in range(len(game.decks))]


def reserves(game: Game) -> list[list[str]]:
    """Each seat's Reserve as the game began (redemption.reserve): its card keys in id order."""
    return [[game.cards[cid][0] for cid in _ids_in_order(game, p, reserve=True)] for p in range(len(game.decks))]


def _spec(label: str, keys: list[str], reserve: list[str]) -> Any:
    """A seat's deck as ``new_game(decks=...)`` takes it: the bundled label when it is that deck, else its cards."""
    if not reserve and label in DECKS and sorted(DECKS[label]["cards"]) == sorted(keys):
        return label
    return {"name": label, "cards": keys, "reserve": reserve} if reserve else {"name": label, "cards": keys}


def starting_decks(game: Game) -> tuple[Any, ...]:
    """The decks ``game`` started with, as ``new_game(decks=...)`` takes them (for a rematch)."""
    return tuple(_spec(lab, sorted(keys), res) for lab, keys, res in zip(game.decks, dealt(game), reserves(game)))


def start_from(
    seed: int,
    options: dict[str, Any],
    labels: list[str],
    lists: list[list[str]],
    reserve_lists: list[list[str]] | None = None,
) -> Game:
    """The first position of a game whose seats were dealt ``lists`` (card keys in id order), with the Reserves
    ``reserve_lists`` (none when None)."""
    res = reserve_lists or [[] for _ in lists]
    decks = tuple(_spec(lab, list(keys), list(r)) for lab, keys, r in zip(labels, lists, res))
    g = new_game(seed, decks=decks, **options)
    for p, keys in enumerate(lists):  # the shuffle's draws depend only on the deck sizes: put the dealt cards back
        ids = _ids_in_order(g, p)
        if len(ids) != len(keys):
            raise ValueError(f"seat {p + 1} was dealt {len(keys)} cards, but its deck has {len(ids)}")
        g.redeal({cid: (k, p) for cid, k in zip(ids, keys)})
    return g


def start(game: Game) -> Game:
    """The position ``game`` started from."""
    return start_from(game.seed, dict(game.options), list(game.decks), dealt(game), reserves(game))


def action_words(before: Game, action: str, p: int | None, own: bool = False) -> str | None:
    """The action in words as a :mod:`rules.words` template ("{p1:^} {p1:ends/end} the turn"), from what everyone
    saw; ``p``: who made it (None: nobody); ``own``: for the player who made it (None: the engine's events say it as
    well)."""
    if own:
        return None
    what, *args = action.split() or [""]
    who = words.who(p, True)

    def name(cid: str) -> str:
        return f"{before.card(cid).name} ({cid})" if cid in before.cards else cid

    if what == "end":
        third, second, rest = _ENDS.get(before.phase, ("ends", "end", "the phase"))
        return f"{who} {words.verb(p, third, second)} {rest}"
    if what == "surrender" and args:
        return f"{who} {words.verb(p, 'gives', 'give')} up {name(args[0])} to the rescuing Hero"
    if what == "choose":  # what an ability showed its chooser stays theirs (redemption.decision)
        return f"{who} {words.verb(p, 'chooses', 'choose')} " + ("a card" if args else "no more cards")
    if what in ("decline", "mute"):  # a mute says no more to the others than a decline (redemption.dominant.mute)
        return f"{who} {words.verb(p, 'plays', 'play')} no Dominant now"
    if what == "activate" and args:
        return f"{who} {words.verb(p, 'activates', 'activate')} {name(args[0])}"
    if what == "artifact":
        return f"{who} {words.verb(p, 'puts', 'put')} an artifact face down on {words.their(p)} artifact pile"
    return f"{who}: {what} " + " ".join(name(a) for a in args) if args else f"{who}: {what}"


def record_header(game: Game, names: list[str]) -> list[str]:
    return ["Decks: " + ", ".join(f"{n} {d}" for n, d in zip(names, game.decks))]


def notation_header(game: Game) -> list[str]:
    out = []
    for p, (keys, res) in enumerate(zip(dealt(game), reserves(game))):
        out.append(f"# deck {p + 1} = {game.decks[p]}")
        out.append(f"# dealt {p + 1} = {' '.join(keys)}")
        if res:
            out.append(f"# reserve {p + 1} = {' '.join(res)}")
    return out


def from_header(seed: int, options: dict[str, Any], head: dict[str, str]) -> Game:
    """The start a notation file's header fixes: the dealt cards when it lists them, else the bundled decks."""
    seats = sorted(int(k[5:]) for k in head if re.fullmatch(r"dealt [1-9]", k))
    if seats:
        labels = [head.get(f"deck {p}", "custom") for p in seats]
        res = [head.get(f"reserve {p}", "").split() for p in seats]
        return start_from(seed, options, labels, [head[f"dealt {p}"].split() for p in seats], res)
    labels = [head.get("deck 1", "G"), head.get("deck 2", "H")]
    for lab in labels:
        if lab not in DECKS:
            raise ValueError(f"deck {lab!r} is not bundled: the file needs '# dealt' lines")
    return new_game(seed, decks=tuple(labels), **options)
