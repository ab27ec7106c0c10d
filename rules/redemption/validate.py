"""Is this a Redemption state the rules could have reached? (rule ``redemption.save.valid``)

Two levels, both raising ValueError with one sentence that says what is impossible:

- :func:`position` holds for every state, a hand-built lesson or test position included: a game still going
  has fewer Redeemed Souls than it takes to win, the setup happens before turn 1, and a battle at its block
  step has a character of the attacker in it. ``Game.from_dict`` calls it.
- :func:`whole_game` holds for a state that a whole game reached from its header, which every save is: each
  player owns exactly the cards of the deck the header names, every card is where its owner's cards can be,
  the turn order, the setup and the hand limit at turn boundaries agree. The save layer calls it through
  ``Game.validate_whole`` (hand-built positions are parts of games and need not pass it).

These are invariants of the state, checked in one pass, not a replay of the history from the seed: a replay
would make every save from an older version of the rules unloadable as soon as the rules change, and would
cost as much as the game it replays. ``rules.md`` (``redemption.save.valid``) says what is checked and why.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules.redemption.cards import CARDS, DECKS, validate_deck

if TYPE_CHECKING:
    from rules.redemption.game import Game

RULE = "redemption.save.valid"
SETUP = ("cut", "first")
#: Zones that only ever hold their own player's cards. The Land of Redemption (rescued souls), the captured
#: and removed piles can hold the other player's.
OWN_ZONES = ("deck", "hand", "territory", "artifact_pile", "land_of_bondage", "field_of_battle", "discard",
             "set_aside", "in_site", "in_fortress")


def _fail(problem: str) -> None:
    raise ValueError(f"{problem} ({RULE})")


def position(g: "Game") -> None:
    """What every state satisfies, hand-built or played."""
    target = g.options["rescues_to_win"]
    if not g.is_over:
        for p in (0, 1):
            if g.score(p) >= target:
                _fail(f"Player {p + 1} has {g.score(p)} Redeemed Souls of the {target} that win, "
                      "yet the game is still going")
    if g.phase in SETUP and g.turn != 0:
        _fail(f"the setup ({g.phase}) comes before turn 1, but the state says turn {g.turn}")
    if g.phase in SETUP and g.b["kind"]:
        _fail("there is no battle during the setup")
    if not g.is_over and g.b["kind"] and g.b["step"] == "block" and not g.battle_chars(g.active):
        _fail(f"a {g.b['kind']} at the block step with none of Player {g.active + 1}'s characters in battle")


def whole_game(g: "Game") -> None:
    """What a state reached by a whole game from its header satisfies (every save)."""
    position(g)
    _decks(g)
    _ownership(g)
    _turns(g)
    _hands(g)


def _decks(g: "Game") -> None:
    owned: list[list[str]] = [[], []]
    for key, owner in g.cards.values():
        owned[owner].append(key)
    for p, label in enumerate(g.decks):
        keys = owned[p]
        if label in DECKS:
            want = Counter(DECKS[label]["cards"])
            got = Counter(keys)
            if got != want:
                extra = sorted((got - want).elements())
                short = sorted((want - got).elements())
                detail = "; ".join(x for x in (f"{len(keys)} cards instead of {sum(want.values())}"
                                               if len(keys) != sum(want.values()) else "",
                                               "not in it: " + ", ".join(extra[:3]) if extra else "",
                                               "missing: " + ", ".join(short[:3]) if short else "") if x)
                _fail(f"Player {p + 1}'s cards are not deck {label}'s ({detail})")
        else:  # a deck of the player's own (named or "custom"): it must be a legal deck
            problems = validate_deck(keys)
            if problems:
                _fail(f"Player {p + 1}'s cards are not a legal deck: {problems[0]}")


def _ownership(g: "Game") -> None:
    for p in (0, 1):
        for zone in OWN_ZONES:
            for cid in g.z[p].get(zone, ()):
                if g.owner(cid) != p:
                    _fail(f"{cid} belongs to Player {g.owner(cid) + 1} but is in Player {p + 1}'s {zone.replace('_', ' ')}")
        for cid in g.z[p].get("captured", ()):
            if g.owner(cid) == p:
                _fail(f"{cid} is in its own owner's captured pile")


def _turns(g: "Game") -> None:
    st = g.st
    if g.phase == "cut":
        if any(ids for p in (0, 1) for zone, ids in g.z[p].items() if zone != "deck"):
            _fail("during the cut every card is still in its draw pile")
        return
    if g.phase == "first":  # the starting hands are drawn; a Dominant may already have been played
        from rules.redemption.game import HAND_SIZE  # (game.py imports this module: its names at call time)

        for p in (0, 1):
            room = _room(g, p, HAND_SIZE)
            if len(g.z[p]["hand"]) > room:
                _fail(f"Player {p + 1} holds {len(g.z[p]['hand'])} cards before turn 1; the starting hand is "
                      f"{HAND_SIZE}" + (f" and their Dominants' draws make at most {room}" if room > HAND_SIZE else ""))
        return
    if st["first"] not in (0, 1) or g.turn < 1:
        _fail(f"the {g.phase} phase of a game needs a first player and turn 1 or later")
    whose = st["first"] if g.turn % 2 == 1 else 1 - st["first"]
    if g.active != whose:
        _fail(f"turn {g.turn} of a game that Player {st['first'] + 1} began is Player {whose + 1}'s, "
              f"not Player {g.active + 1}'s")
    cap = g.options["max_turns"]
    if cap and g.turn > cap:
        _fail(f"turn {g.turn} is past the turn limit of {cap}")


def _room(g: "Game", p: int, base: int) -> int:
    """``base`` plus what Player p's cards that have left the draw pile and hand can add to a hand: their
    draws, and their hand-limit bonuses (a card that was in play counts even if it has gone since)."""
    room = base
    for cid, (_, owner) in g.cards.items():
        if owner == p and g.zone_of(cid)[1] not in ("deck", "hand"):
            for ab in g.card(cid).abilities:
                if ab.effect in ("hand_limit", "draw"):
                    room += ab.n
    return room


def _hands(g: "Game") -> None:
    """The player who is not taking the turn ended their own turn at or under the hand limit; since then
    their hand can only have grown by the draws of their own cards (enhancements, Dominants)."""
    if g.phase in SETUP or g.is_over:
        return
    from rules.redemption.game import BASE_HAND_LIMIT

    p = 1 - g.active
    room = _room(g, p, BASE_HAND_LIMIT)
    if len(g.z[p]["hand"]) > room:
        _fail(f"Player {p + 1} holds {len(g.z[p]['hand'])} cards on Player {g.active + 1}'s turn; "
              f"their own turn ended at the hand limit, so at most {room} are possible")
