"""Continuous effects: what abilities keep true while they last, computed in one place that every check asks.

An ability that lasts (a protection or an ignore for this battle, a bigger hand limit while a card is in play)
leaves a record or is read from the card in play; the rules never read those records themselves: they ask here
(``Battle._is_protected``, ``_is_ignored``, ``_kept_out``, ``Seat.hand_limit`` and the selectors all delegate to
this module). The order of application (rules.md ``redemption.lang.continuous``, after the REG's ability
activation order and its "rock, scissors, paper" of protect/immune/ignore, cannot be negated and negate):

1. negation first: a negated card's abilities stop (:func:`active`), so nothing below counts them;
2. then protection, immunity and ignore (what may be done to a card);
3. then numbers: printed, then the enhancements on a character in the order played (``Battle.char_numbers``);
4. hand limits: the base, then each card in play that raises it.

It reads the state through :class:`~rules.redemption.table.Table`, never the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.redemption.lang import matches

if TYPE_CHECKING:
    from rules.redemption.table import Table


def active(t: Table, src: str) -> bool:
    """Does card src's ability still count (it was not negated)?"""
    return src not in t.b.negated


def ignored(t: Table, cid: str) -> bool:
    """Is character cid ignored in this battle (redemption.effect.ignore)?"""
    src = t.b.ignored.get(cid)
    return src is not None and src not in t.b.negated


def protected(t: Table, cid: str) -> bool:
    """Is character cid protected from discard in this battle (redemption.effect.protect)?"""
    src = t.b.protected.get(cid)
    return src is not None and src not in t.b.negated


def kept_out(t: Table, c: str) -> bool:
    """Does an opposing ignore ability in this battle keep character c from entering it (redemption.effect.ignore)?
    Only a character in play: that part of an ignore targets the characters it keeps out, and it targets cards in
    play, so one brought in from the hand enters (redemption.battle.ignore)."""
    if t.loc[c][1] == "hand":
        return False
    owner, cd, negated = t.owner(c), t.cd, t.b.negated
    for src in t.b.played:
        if src in negated or t.owner(src) == owner:
            continue
        a = cd[src].has("ignore")
        if a is not None and matches(cd[c], a.filter):
            return True
    return False


def hand_limit_extra(t: Table, p: int) -> int:
    """How much player p's hand limit is raised: each face-up artifact and each card in territory that says so
    (redemption.effect.hand_limit)."""
    extra = 0
    cd, up = t.cd, t.face_up
    for cid in t.z[p]["artifact_pile"]:
        if cid in up:
            a = cd[cid].has("hand_limit")
            if a:
                extra += a.n
    for cid in t.z[p]["territory"]:
        a = cd[cid].has("hand_limit")
        if a:
            extra += a.n
    return extra
