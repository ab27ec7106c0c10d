"""Card names in the notation: ``rescue ezra`` for ``rescue G12`` (rules.md, redemption.notation).

A name is looked up only among the cards the player who decides now can see: :func:`resolve` receives their view,
not the game, so typing a name never tells anyone where a hidden card is. A name may be any run of whole words of the card's name, the last one
possibly shortened (``lost soul thir`` for "Lost Soul: the Thirsty"); several cards fit only when they are one
card (copies in one place) or when just one of them makes a legal action; otherwise the refusal names them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import product
from typing import Any

from rules.core import Unreadable
from rules.redemption.notation import ID, MUTE_UNTIL, SEAT_VERBS, VERBS
from rules.redemption.views import RedemptionView
from rules.words import whose

_WORD = re.compile(r"[a-z0-9]+")
#: Zones of a seat's view whose cards a name may mean, with the words for the place.
_PLACES = (
    ("hand", "hand"),
    ("territory", "territory"),
    ("field_of_battle", "Field of Battle"),
    ("land_of_bondage", "Land of Bondage"),
    ("land_of_redemption", "Land of Redemption"),
    ("artifact_pile", "artifact pile"),
    ("set_aside", "set-aside area"),
    ("in_site", "sites"),
    ("in_fortress", "fortresses"),
    ("captured", "captured cards"),
)


class AmbiguousName(Unreadable):
    """A name that fits several cards; ``template`` names their places for each reader (rules.words)."""


def words_of(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))


def fits(name: list[str], said: list[str]) -> bool:
    """Do the words ``said`` appear in ``name`` as a run of whole words, the last one possibly shortened?"""
    k = len(said)
    for i in range(len(name) - k + 1):
        if name[i : i + k - 1] == said[:-1] and name[i + k - 1].startswith(said[-1]):
            return True
    return False


class Seen:
    """One card a player can see: its id, name, and the seat and place it lies in."""

    __slots__ = ("cid", "name", "words", "seat", "place")

    def __init__(self, cid: str, name: str, seat: int, place: str) -> None:
        self.cid, self.name, self.seat, self.place = cid, name, seat, place
        self.words = words_of(name)


def seen_cards(view: RedemptionView) -> list[Seen]:
    """Every face-up card in a Redemption view, with where it lies (a face-down card has no name to type), and the
    cards a pending decision reveals to the reader."""
    out: list[Seen] = []

    def add(card: dict[str, Any], seat: int, place: str) -> None:
        if not card.get("face_down") or card.get("key"):
            out.append(Seen(card["id"], card["name"], seat, place))
        for c in card.get("carrying", ()):
            if isinstance(c, dict):
                add(c, seat, place)

    for seat, sv in enumerate(view["players"]):
        for zone, place in _PLACES:
            for card in sv.get(zone) or ():  # type: ignore[attr-defined]
                add(card, seat, place)
    pending = view["pending"]
    for card in pending.get("revealed", ()):  # shown to this reader only (redemption.decision)
        add(card, pending["chooser"], "revealed cards")
    return out


def _is_ref(word: str) -> bool:
    return bool(ID.match(word.upper())) or word.isdigit()


def _splits(words: Sequence[str], lo: int, hi: int) -> Iterator[list[list[str]]]:
    """Every way to cut ``words`` into between lo and hi runs, in order."""
    n = len(words)
    for k in range(max(lo, 1), min(hi, n) + 1):
        for cuts in _cut_points(n, k):
            bounds = (0, *cuts, n)
            yield [list(words[a:b]) for a, b in zip(bounds, bounds[1:])]


def _cut_points(n: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 1:
        yield ()
        return
    for first in range(1, n - k + 2):
        for rest in _cut_points(n - first, k - 1):
            yield (first, *(first + r for r in rest))


def names_cards(text: str) -> bool:
    """Does ``text`` name a card by words of its name (so that :func:`resolve` has something to do)?"""
    words = text.split()
    if len(words) < 2:
        return False
    verb = words[0].lower()
    if verb not in VERBS or verb in ("cut", "first"):
        return False
    return not all(_is_ref(a) for a in words[1:])


def resolve(view: RedemptionView, text: str) -> str:
    """``text`` with the card names in it replaced by card ids, for the reader of ``view`` (the player who decides
    now: their legal actions are in it); ``text`` itself when it names none (ids only, or not a card verb). Raises
    :class:`AmbiguousName` for a name several cards fit, and ValueError for a name no card the player can see
    fits. Only the view is read: a name cannot find a card the player does not see."""
    if not names_cards(text):
        return text
    words = text.split()
    verb = words[0].lower()
    args = words[1:]
    tail: list[str] = []  # 'mute D game': the words after the card (redemption.dominant.mute)
    if verb == "mute" and len(args) > 1 and args[-1].lower() in MUTE_UNTIL:
        tail, args = ([] if args[-1].lower() == "turn" else ["game"]), args[:-1]
    if all(_is_ref(a) for a in args):
        return text
    seen = seen_cards(view)
    (lo, hi), _ = VERBS[verb]
    seat: list[str] = []
    if verb in SEAT_VERBS and args[-1].isdigit() and len(args) > 1:
        seat, args = [args[-1]], args[:-1]
    if verb in SEAT_VERBS or verb == "mute":
        hi = 1
    best: list[list[list[Seen]]] = []
    for runs in _splits(args, lo, hi):
        choices = [_fitting(run, seen) for run in runs]
        if all(choices):
            best.append(choices)
    if not best:
        said = " ".join(args)
        raise ValueError(
            f"No card you can see is called {said!r}; name a card by its id (like G17) or by words of its name"
        )
    # The reading with the fewest runs is the one meant ("lost soul thirsty" is one card, not three).
    choices = min(best, key=len)
    combos = list(product(*choices))
    texts = [" ".join([verb, *(s.cid for s in combo), *seat, *tail]) for combo in combos]
    legal = set(view["legal"])
    playable = [combo for combo, t in zip(combos, texts) if t in legal]
    if playable and _one_card(playable):
        return texts[combos.index(playable[0])]
    if _one_card(combos):
        return texts[0]  # not legal: the engine says why, naming the card
    for fit in choices:
        if len({(s.name, s.seat, s.place) for s in fit}) > 1:
            _ambiguous(fit)
    return texts[0]


def _one_card(combos: list[tuple[Seen, ...]]) -> bool:
    """Do all these readings mean the same cards (copies of one card in one place count as one)?"""
    return len({tuple((s.name, s.seat, s.place) for s in c) for c in combos}) == 1


def _fitting(run: list[str], seen: list[Seen]) -> list[Seen]:
    if len(run) == 1 and ID.match(run[0].upper()):
        cid = run[0].upper()  # an id stands for itself: the engine refuses one that is not a card of the game
        return [Seen(cid, cid, -1, "")]
    said = words_of(" ".join(run))
    if not said:
        return []
    fit = [s for s in seen if fits(s.words, said)]
    whole = [s for s in fit if s.words == said]
    return whole or fit


def _ambiguous(fit: list[Seen]) -> None:
    listed = [(s.cid, s.name, s.seat, s.place) for s in fit]
    template = "That name fits several cards: " + "; ".join(
        f"{cid} ({name}, in {whose(seat)} {place})" for cid, name, seat, place in listed
    )
    template += ". Type its id, or more of its name"
    text = "That name fits several cards: " + "; ".join(f"{cid} ({name})" for cid, name, _, _ in listed)
    raise AmbiguousName(template, text + ". Type its id, or more of its name")
