"""Continuous effects: what abilities keep true while they last, computed in one place that every check asks.

An ability that lasts (a protection or an ignore for this battle, a bigger hand limit while a card is in play)
leaves a record or is read from the card in play; the rules never read those records themselves: they ask here
(``Battle._is_protected``, ``_is_ignored``, ``_kept_out``, ``Seat.hand_limit`` and the selectors all delegate to
this module). The order of application (rules.md ``redemption.lang.continuous``, after the REG's ability
activation order and its "rock, scissors, paper" of protect/immune/ignore, cannot be negated and negate):

1. negation first: a negated card's abilities stop (:func:`active`), so nothing below counts them;
2. then protection, immunity and ignore (what may be done to a card);
3. then numbers: printed, then the enhancements on a character in the order played, then the changes that last
   (gain / lose N/N, a set-aside card's bonus: :func:`number_change`) (``Battle.char_numbers``);
4. hand limits: the base, then each card in play that raises it.

It reads the state through :class:`~rules.redemption.table.Table`, never the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.redemption.lang import as_played, condition_holds, matches

if TYPE_CHECKING:
    from rules.redemption.cards import Card
    from rules.redemption.lang import Ability, Act, Selector
    from rules.redemption.table import Table


def _in_game(t: Table, effect: str) -> bool:
    """Does a card of this game have an ability with this effect at all (a quick no for the scans below)?"""
    k = t._kinds_of  # t._kinds(), without the call when it is known (these quick noes run many times an action)
    if k is None or t._kinds_cd is not t.cd:
        k = t._kinds()
    return effect in k.effects


def _artifact_has(t: Table, effect: str) -> bool:
    """Does an artifact of this game have an ability with this effect (a quick no for the face-up artifact scans)?"""
    k = t._kinds_of  # as _in_game
    if k is None or t._kinds_cd is not t.cd:
        k = t._kinds()
    return effect in k.artifact_effects


def active(t: Table, src: str) -> bool:
    """Does card src's ability still count (it was not negated)?"""
    return src not in t.b.negated


def ignore_prevented(t: Table) -> bool:
    """Is a face-up artifact in play that prevents every ignore ability (redemption.effect.prevent_ignore)?"""
    cd, up, negated = t.cd, t.face_up, t.b.negated
    for zones in t.z:
        for a in zones["artifact_pile"]:
            if a in up and a not in negated and cd[a].abilities and cd[a].has("prevent_ignore") is not None:
                return True
    return False


def stoppers_prevented(t: Table, src: str) -> bool:
    """Are character src's negate, prevent and interrupt abilities prevented now: by a face-up artifact, not negated,
    whose ability says so (redemption.effect.prevent_stoppers), unless src's cannot be prevented?"""
    cd, up, negated = t.cd, t.face_up, t.b.negated
    for zones in t.z:
        for a in zones["artifact_pile"]:
            if a in up and a not in negated and cd[a].abilities and cd[a].has("prevent_stoppers") is not None:
                return stoppable(t, src, "prevent")
    return False


def _ignore_stopped(t: Table, src: str) -> bool:
    """Is card src's ignore ability prevented now (redemption.effect.prevent_ignore; not one that cannot be)?"""
    return ignore_prevented(t) and stoppable(t, src, "prevent")


def _ignorers(t: Table, cid: str) -> bool:
    """Does an opposing character in this battle ignore character cid by its own ability (``while_in_play``: an
    ignore whose selector names, say, a brigade of Evil Characters)?"""
    k = t._kinds_of  # as _in_game
    if k is None or t._kinds_cd is not t.cd:
        k = t._kinds()
    ids = k.having.get("ignore")  # the cards with an ignore ability
    if ids is None:
        return False
    owner, cd, loc = t.owner(cid), t.cd, t.loc
    for q in range(len(t.z)):
        if q == owner or ids.isdisjoint(t.z[q]["field_of_battle"]):
            continue
        for c in t.z[q]["field_of_battle"]:
            card = cd[c]
            if "ignore" not in card.by_effect or not card.is_character or c in t.attached or c in t.b.negated:
                continue
            a = card.has("ignore")
            if a is not None and a.trigger == "while_in_play" and loc[c][1] == "field_of_battle":
                if matches(cd[cid], a.filter) and not _ignore_stopped(t, c) and not silenced(t, c, "ignore"):
                    return True
    return False


def ignored(t: Table, cid: str) -> bool:
    """Is character cid ignored in this battle (redemption.effect.ignore): by a card played, or by an opposing
    character in battle whose own ability ignores it?"""
    src = t.b.ignored.get(cid)
    if src is not None and src not in t.b.negated and not _ignore_stopped(t, src) and not prevented(t, src):
        return True
    return t.loc[cid][1] == "field_of_battle" and _ignorers(t, cid)


def may_be_ignored(t: Table) -> bool:
    """Could a character in battle be ignored now (a quick no for :func:`ignored`): a card played ignores one, or a
    character in battle has an ignore ability of its own?"""
    if t.b.ignored:
        return True
    k = t._kinds_of  # as _in_game
    if k is None or t._kinds_cd is not t.cd:
        k = t._kinds()
    ids = k.having.get("ignore")  # the cards with an ignore ability
    if ids is not None:
        for zones in t.z:  # a loop, not any(...): it is asked for each side's totals
            if not ids.isdisjoint(zones["field_of_battle"]):
                return True
    return False


def protected(t: Table, cid: str) -> bool:
    """Is character cid protected from discard in this battle (redemption.effect.protect)?"""
    src = t.b.protected.get(cid)
    return src is not None and src not in t.b.negated and not prevented(t, src)


def kept_out(t: Table, c: str) -> bool:
    """Does an opposing ignore ability in this battle keep character c from entering it (redemption.effect.ignore)?
    Only a character in play: that part of an ignore targets the characters it keeps out, and it targets cards in
    play, so one brought in from the hand enters (redemption.battle.ignore)."""
    if t.loc[c][1] == "hand":
        return False
    owner, cd, negated = t.owner(c), t.cd, t.b.negated
    for src in t.b.played:
        if src in negated or t.owner(src) == owner or prevented(t, src):
            continue
        a = cd[src].has("ignore")
        if a is not None and matches(cd[c], a.filter) and not _ignore_stopped(t, src):
            return True
    return _ignorers(t, c)


# --- immunity, first strike, other brigades (abilities a character has or an enhancement gives it) -----------
def _granted(t: Table, cid: str, verb: str) -> list[Ability]:
    """Character cid's abilities with this verb that count now: its own (``while_in_play``) and those of the
    enhancements played on it in this battle that are not negated."""
    if not _in_game(t, verb):
        return []
    cd, negated = t.cd, t.b.negated
    out = [] if cid in negated else [a for a in cd[cid].abilities if a.effect == verb and a.trigger == "while_in_play"]
    if out and silenced(t, cid, verb):  # its own abilities are prevented (redemption.effect.prevent_abilities)
        out = []
    if t.in_battle():
        for e in t.b.played:
            if e not in negated and t.attached.get(e) == cid and not prevented(t, e):
                out += [a for a in cd[e].abilities if a.effect == verb]
    return out


def _may_grant(t: Table, p: int, verb: str) -> bool:
    """Could one of player p's characters in battle have an ability with this verb: does a card on p's side of the
    battle, or an enhancement played in it, have one at all? (A quick no for what :func:`_granted` would find.)"""
    if not _in_game(t, verb):
        return False
    cd = t.cd
    for c in t.z[p]["field_of_battle"]:  # loops, not any(generator): asked for each character's numbers
        if verb in cd[c].by_effect:
            return True
    for e in t.b.played:
        if verb in cd[e].by_effect:
            return True
    return False


def immune(t: Table, cid: str, src: str, host: str = "") -> bool:
    """Is character cid immune to what card src (used by character ``host``) does (redemption.effect.immune)? It
    is when one of its immunities fits src, or the character src is played on."""
    if not t.cd[cid].is_character:
        return False
    cd = t.cd
    # redemption.effect.protect_from: no ability of src (as played: redemption.effect.dual_alignment) reaches it
    if t.s.mods and protected_from(t, cid, as_played(t, src)):
        return True
    # redemption.lang.rider.regardless_of_immunity; redemption.effect.negate_immune
    if any("regardless_of_immunity" in a.riders for a in cd[src].abilities) or immunity_negated(t, cid):
        return False
    seen = as_played(t, src)
    for a in _granted(t, cid, "immune"):
        if matches(seen, a.filter) or (host and host != src and matches(cd[host], a.filter)):
            return True
    return False


def protected_from(t: Table, cid: str, src: Card) -> bool:
    """Is card cid protected now from the abilities of a card like ``src`` (redemption.effect.protect_from)? A
    protection is a mark on the card (a change of 0/0 in ``mods``, lasting as its duration says, forgotten when the
    card leaves play) whose source says what it protects from; a source negated in the battle under way protects
    nobody."""
    cd, turn, negated = t.cd, t.s.turn, t.b.negated
    for c, s, tg, until, by in t.s.mods:
        if c != cid or s or tg or (until and turn >= until) or by in negated:
            continue
        if any(matches(src, act.against) for act in protections(cd[by])):
            return True
    lone = cd[cid].by_effect.get("protect_lone")
    if lone is not None and cid not in negated and src.is_character and matches(src, lone.acts[0].filter):
        return lone_in_battle(t, src)  # redemption.effect.protect_lone
    return False


def lone_in_battle(t: Table, src: Card) -> bool:
    """Is a character like ``src`` alone on its side of the battle under way (a lone Hero: REG *Lone*)?"""
    if not t.b.kind:
        return False
    for q in range(len(t.z)):
        side = t.battle_chars(q)
        if len(side) == 1 and t.cd[side[0]] is src:
            return True
    return False


def protections(card: Card) -> list[Act]:
    """Card's protect_from effects, wherever its abilities write them (after an interrupt_battle, say)."""
    return [act for ab in card.abilities for act in ab.acts if act.verb == "protect_from"]


def side_immune(t: Table, p: int, opp: int) -> bool:
    """Are all of player p's counted characters in battle immune to all of opp's (their numbers cannot defeat
    them: redemption.effect.immune)?"""
    if not _may_grant(t, p, "immune"):
        return False
    mine = [c for c in t.battle_chars(p) if not ignored(t, c)]
    theirs = [c for c in t.battle_chars(opp) if not ignored(t, c)]
    return bool(mine and theirs) and all(immune(t, c, o) for c in mine for o in theirs)


def first_strike(t: Table, p: int) -> bool:
    """Does one of player p's counted characters in battle have first strike (redemption.effect.first_strike)?"""
    if not _may_grant(t, p, "first_strike"):
        return False
    return any(_granted(t, c, "first_strike") for c in t.battle_chars(p) if not ignored(t, c))


def capture_proof(t: Table, cid: str) -> bool:
    """Is character cid protected from capture (redemption.effect.protect_capture): its own ability, or one an
    enhancement played on it gives it? Or a face-up artifact that protects every character like it (its
    ``while_in_play`` protect_capture with a selector: redemption.effect.protect_capture)?"""
    card = t.cd[cid]
    if not card.is_character:
        return False
    if _granted(t, cid, "protect_capture"):
        return True
    return bool(t.face_up) and any(matches(card, ab.filter) for _, ab in _face_up_with(t, "protect_capture"))


def any_brigade(t: Table, cid: str, enhancement: str) -> bool:
    """May character cid use enhancement ``enhancement`` whatever its brigade (redemption.effect.other_brigades)?"""
    card = t.cd[enhancement]
    for a in _granted(t, cid, "other_brigades"):  # a loop, not any(generator): asked for every enhancement in hand
        if matches(card, a.filter):
            return True
    return False


def hand_limit_extra(t: Table, p: int) -> int:
    """How much player p's hand limit is raised: each face-up artifact and each card in territory that says so
    (redemption.effect.hand_limit)."""
    if not _in_game(t, "hand_limit"):
        return 0
    extra = 0
    cd, up = t.cd, t.face_up
    for cid in t.z[p]["artifact_pile"]:
        if cid in up:
            a = cd[cid].by_effect.get("hand_limit")  # Card.has, without the call
            if a:
                extra += a.n
    for cid in t.z[p]["territory"]:
        a = cd[cid].by_effect.get("hand_limit")
        if a:
            extra += a.n
    return extra


def protect_all_holders(t: Table) -> list[tuple[int, Selector]]:
    """The cards in play whose ability protects all the cards that fit from discard, and count now (in a
    territory or in battle, not negated, not on another card, a character's not silenced): (owner, selector) each
    (redemption.effect.protect_all). Asked once by a caller that asks :func:`card_protected` of many cards."""
    if not _in_game(t, "protect_all"):
        return []
    cd, negated, out = t.cd, t.b.negated, []
    for q, zones in enumerate(t.z):
        for zone in ("territory", "field_of_battle"):
            for h in zones[zone]:
                a = cd[h].by_effect.get("protect_all")
                if a is None or h in negated or h in t.attached:
                    continue
                if cd[h].is_character and silenced(t, h, "protect_all"):
                    continue
                out.append((q, a.acts[0].select))
    return out


def card_protected(t: Table, c: str, holders: list[tuple[int, Selector]] | None = None) -> bool:
    """Is card c protected from discard by a card in play that protects all the cards that fit ("protect all
    active ... artifacts from discard while this is in play": redemption.effect.protect_all)? ``holders``: what
    :func:`protect_all_holders` says now, when the caller has asked it already."""
    card = t.cd[c]
    for q, sel in protect_all_holders(t) if holders is None else holders:
        if matches(card, sel.card) and all(st(t, q, c, v) for st, v in sel.states):
            return True
    return False


# --- numbers that change for a while, riders that stand in the way of stopping ------------------------------------
def number_change(t: Table, cid: str) -> tuple[int, int]:
    """How much character cid's strength and toughness are changed now by the changes that last (gain / lose N/N
    until the end of the turn or for N turns, a set-aside card's bonus on return: redemption.lang.continuous.numbers).
    A change whose card was negated still counts: it was done, and a negate undoes only what its card does in the
    battle under way (its numbers), not what lasts past it."""
    mods = t.s.mods
    if not mods:
        return 0, 0
    turn, ds, dt = t.s.turn, 0, 0
    for c, s, tg, until, _src in mods:
        if c == cid and (until == 0 or turn < until):
            ds += s
            dt += tg
    return ds, dt


#: how an ability may be stopped -> the rider that says it cannot be (rules.md: the rider sections of redemption.lang)
RIDER_OF = {
    "negate": "cannot_be_negated",
    "interrupt": "cannot_be_interrupted",
    "prevent": "cannot_be_prevented",
}


def stoppable(t: Table, src: str, how: str, by: str = "") -> bool:
    """May card src's abilities be stopped this way (``how``: negate, interrupt, prevent) by card ``by`` (the card
    that would stop it, or the character it is played on: its alignment is what a rider "by a good card" reads; ""
    when unknown)? Not when one of them rides the rider that says it cannot be, or a conditional one whose
    condition holds now (its player, the character it is used by): the one question every negate, interrupt and
    prevent asks (redemption.lang.rider.conditional)."""
    rider, cd = RIDER_OF[how], t.cd
    for a in cd[src].abilities:
        if rider in a.riders:
            return False
        for act in a.acts:
            for r, cond, who in act.rider_if:
                if r != rider or (who and (not by or not _stopper_fits(t, by, who))):
                    continue
                if condition_holds(t, t.owner(src), t.attached.get(src, src), cond):
                    return False
    if how == "negate" and (_made_unnegatable(t, src) or _kept_on(t, src, "unnegatable_on")):
        return False
    if how == "interrupt" and _kept_on(t, src, "uninterruptible_on"):
        return False
    return not (how == "prevent" and (_made_unpreventable(t, src) or _kept_on(t, src, "unpreventable_on")))


def _stopper_fits(t: Table, by: str, who: tuple[tuple[str, Any], ...]) -> bool:
    """Is card ``by`` (the card that would stop an ability, or the character it is played on) one of the cards a
    rider's "by ..." names: it fits, or it is played on a character that fits (redemption.lang.rider.by)?"""
    cd = t.cd
    if matches(cd[by], who):
        return True
    host = t.attached.get(by)
    return host is not None and matches(cd[host], who)


def _made_unnegatable(t: Table, src: str) -> bool:
    """Does a character in play, not negated nor prevented, say that cards like src cannot be negated
    (redemption.effect.unnegatable: "evil capture abilities cannot be negated")? Asked again inside its own answer
    (``t._unnegatable_asking``), as when an ability that keeps cards from negation fits its own selector while another
    negates every ability, the ability that says "cannot be negated" holds."""
    if not _in_game(t, "unnegatable"):
        return False
    asking = t._unnegatable_asking
    if src in asking:
        return True
    cd, negated, att = t.cd, t.b.negated, t.attached
    t._unnegatable_asking = asking | {src}
    try:
        for zones in t.z:
            for zone in ("territory", "field_of_battle"):
                for c in zones[zone]:
                    ab = cd[c].by_effect.get("unnegatable")
                    # its selector first: whether c is itself negated is asked only of a card that would keep src
                    if ab is None or c in att or c in negated or not matches(cd[src], ab.filter):
                        continue
                    # "... cannot be negated if you have a Babylon site in play": the condition, for its holder
                    if ab.condition and not condition_holds(t, t.owner(c), c, ab.condition):
                        continue
                    if not silenced(t, c, "unnegatable"):
                        return True
        return False
    finally:
        t._unnegatable_asking = asking


def _kept_on(t: Table, src: str, verb: str) -> bool:
    """Is card src an enhancement played on a character whose own ability of this verb, not negated nor prevented,
    says the enhancements like it used by that character cannot be negated (``unnegatable_on``), interrupted
    (``uninterruptible_on``) or prevented (``unpreventable_on``) (redemption.effect.unnegatable_on)?"""
    host = t.attached.get(src)
    if host is None or not t.cd[src].is_enhancement or not _in_game(t, verb):
        return False
    ab = t.cd[host].by_effect.get(verb)
    if ab is None or host in t.b.negated or silenced(t, host, verb):
        return False
    return matches(t.cd[src], ab.filter)


def _made_unpreventable(t: Table, src: str) -> bool:
    """Does an active artifact say that cards like src cannot be prevented (redemption.effect.unpreventable)?"""
    if not _artifact_has(t, "unpreventable"):
        return False
    cd = t.cd
    for zones in t.z:
        for a in zones["artifact_pile"]:
            if a in t.face_up:
                ab = cd[a].has("unpreventable")
                if ab is not None and matches(cd[src], ab.filter):
                    return True
    return False


def band_prevented(t: Table, c: str) -> bool:
    """Does an opposing card played in this battle that still counts prevent character c from banding in
    (redemption.effect.prevent_band)? Or a face-up artifact that lets no character like it band
    (redemption.effect.no_band)?"""
    owner, cd, negated = t.owner(c), t.cd, t.b.negated
    if t.face_up and any(matches(cd[c], ab.filter) for _, ab in _face_up_with(t, "no_band")):
        return True
    if t.b.kind and owner == t.b.defender and block_forbidden(t, c):  # it would block (redemption.effect.no_block)
        return True
    # the enhancements played in this battle, and the characters in it whose own ability prevents bands (the 1st
    # printings of The Murdering Pharaoh and King Achish: redemption.effect.prevent_band)
    chars = (
        [h for q in range(len(t.z)) for h in t.battle_chars(q) if "prevent_band" in cd[h].by_effect] if t.b.kind else []
    )
    for src in [*t.b.played, *chars]:
        if src in negated or prevented(t, src):
            continue
        a = cd[src].has("prevent_band")
        if a is None or (t.owner(src) == owner and a.acts[0].select.get("owner") != "any"):
            continue  # an opposing card's, or one that stops every band ("all banding": owner = "any")
        if matches(cd[c], a.filter):
            return True
    return False


# --- what a face-up artifact forbids or changes for every player (rules.md: redemption.effect.no_block,
# redemption.effect.no_challenge, redemption.effect.gain.artifact) -------------------------------------------------
def _face_up_with(t: Table, verb: str) -> list[tuple[int, Ability]]:
    """(owner, ability) of every face-up artifact in play, not negated, with an ability of this verb."""
    if not _artifact_has(t, verb):
        return []
    cd, up, negated = t.cd, t.face_up, t.b.negated
    out = []
    for q, zones in enumerate(t.z):
        for a in zones["artifact_pile"]:
            if a in up and a not in negated and verb in cd[a].by_effect:
                # every such ability: a Covenant's first one of the verb may be its enhancement half's (played)
                out += [(q, ab) for ab in cd[a].abilities if ab.effect == verb and ab.trigger == "while_in_play"]
    return out


def block_forbidden(t: Table, c: str) -> bool:
    """May character c not block: does a face-up artifact say no character like it may (redemption.effect.no_block)?"""
    if not t.face_up:
        return False
    card = t.cd[c]
    return any(matches(card, ab.filter) for _, ab in _face_up_with(t, "no_block"))


def convert_forbidden(t: Table, c: str) -> bool:
    """May character c not be converted: does a face-up artifact say so (redemption.effect.no_convert)?"""
    if not t.face_up:
        return False
    card = t.cd[c]
    return any(matches(card, ab.filter) for _, ab in _face_up_with(t, "no_convert"))


def challenge_forbidden(t: Table) -> bool:
    """Is every battle challenge forbidden by a face-up artifact (redemption.effect.no_challenge)?"""
    return bool(t.face_up) and bool(_face_up_with(t, "no_challenge"))


def artifacts_change_numbers(t: Table) -> bool:
    """Could a face-up artifact change a character's numbers (a quick no for :func:`artifact_numbers`)?"""
    k = t._kinds_of  # as _in_game
    if k is None or t._kinds_cd is not t.cd:
        k = t._kinds()
    ae = k.artifact_effects
    return "gain" in ae or "lose" in ae


def artifact_decrease(t: Table) -> bool:
    """Is a face-up artifact in play decreasing characters (a ``while_in_play`` lose: redemption.effect.gain.artifact)?"""
    return bool(t.face_up) and _artifact_has(t, "lose") and bool(_face_up_with(t, "lose"))


def artifact_numbers(t: Table, cid: str) -> tuple[int, int]:
    """How much the face-up artifacts in play change character cid's numbers now: each one whose gain / lose ability
    is ``while_in_play`` and whose selector fits cid (``owner = "you"``: the artifact's player's characters), for as
    long as it is face up (redemption.effect.gain.artifact)."""
    if t.loc[cid][1] not in ("territory", "field_of_battle"):
        return 0, 0
    card, owner, ds, dt = t.cd[cid], t.owner(cid), 0, 0
    for verb, sign in (("gain", 1), ("lose", -1)):
        for q, ab in _face_up_with(t, verb):
            for act in ab.acts:
                if act.verb != verb or (act.select.owner == "you" and owner != q):
                    continue
                if act.select.owner in ("opponent", "opponents") and owner == q:
                    continue
                if matches(card, act.select.card):
                    ds += sign * act.strength
                    dt += sign * act.toughness
    return ds, dt


# --- the Starter E and F passive verbs (rules.md: redemption.effect.worth, site_access, protect_discard) ---------------
def worth(t: Table, e: str) -> tuple[int, int]:
    """Enhancement e's numbers now: N/N while its ``worth`` ability's condition holds for its player (the character
    it is on its host) and its ability is not prevented; its printed numbers otherwise (redemption.effect.worth)."""
    card = t.cd[e]
    a = card.has("worth")
    if a is not None and not prevented(t, e) and condition_holds(t, t.owner(e), t.attached.get(e, ""), a.condition):
        return a.acts[0].strength, a.acts[0].toughness
    return card.strength, card.toughness


def _active_artifacts(t: Table, q: int, verb: str) -> list[Ability]:
    """The abilities with this verb of player q's face-up artifacts that are not negated."""
    if not _artifact_has(t, verb):
        return []
    cd, up, negated = t.cd, t.face_up, t.b.negated
    out = []
    for a in t.z[q]["artifact_pile"]:
        if a in up and a not in negated:
            ab = cd[a].by_effect.get(verb)
            if ab is not None:
                out.append(ab)
    return out


def site_access(t: Table, hero: str) -> bool:
    """May the hero rescue from any site: does a face-up artifact of its player say so for characters like it
    (redemption.effect.site_access)?"""
    card = t.cd[hero]
    return any(matches(card, ab.filter) for ab in _active_artifacts(t, t.owner(hero), "site_access"))


#: the zones a card is in play in, for a protection of cards in play
_IN_PLAY = ("territory", "field_of_battle", "artifact_pile")


def discard_protected(t: Table, c: str, by: Card) -> bool:
    """Is card c, in play, protected from the discard abilities of card ``by``: does a face-up artifact of any
    player protect cards like c against cards like ``by`` (redemption.effect.protect_discard)?"""
    if t.loc[c][1] not in _IN_PLAY:
        return False
    if not _in_game(t, "protect_discard"):
        return False
    card = t.cd[c]
    for q in range(len(t.z)):
        for ab in _active_artifacts(t, q, "protect_discard"):
            act = ab.acts[0]
            if matches(card, act.select.card) and matches(by, act.against):
                return True
    return False


def immunity_negated(t: Table, cid: str) -> bool:
    """Are character cid's immunities negated (redemption.effect.negate_immune): by a face-up artifact whose ability
    says so, or by a card played in this battle that still counts?"""
    cd, up, card = t.cd, t.face_up, t.cd[cid]
    for zones in t.z:
        for a in zones["artifact_pile"]:
            if a in up:
                ab = cd[a].has("negate_immune")
                if ab is not None and matches(card, ab.filter):
                    return True
    if t.in_battle():
        for e in t.b.played:
            if e not in t.b.negated and not prevented(t, e):
                ab = cd[e].has("negate_immune")
                if ab is not None and matches(card, ab.filter):
                    return True
    return False


def prevented(t: Table, e: str) -> bool:
    """Is enhancement e's ability prevented (redemption.effect.prevent_next): is it the first enhancement that fits,
    of another player, played in this battle after an opposing card that prevents the next one worked (that card
    still in battle and not negated), and can it be prevented?"""
    b = t.b
    if abilities_negated(t, e):  # redemption.effect.negate_abilities: its ability stops, its numbers count
        return True
    if b.effects and any(  # interrupted and prevented by a card that still counts (redemption.effect.interrupt_prevent)
        r[1] == "interrupt_prevent" and r[2] == e and r[0] not in b.negated for r in b.effects
    ):
        return True
    if not b.marks:
        return False
    cd, loc = t.cd, t.loc
    for x, mark in b.marks.items():
        if x in b.negated or loc[x][1] != "field_of_battle":
            continue
        a = cd[x].has("prevent_next")
        if a is None:
            continue
        owner = t.owner(x)
        first = next((y for y in b.played[mark:] if t.owner(y) != owner and matches(as_played(t, y), a.filter)), "")
        if first == e and stoppable(t, e, "prevent", x):
            return True
    return False


def abilities_negated(t: Table, c: str) -> bool:
    """Are card c's special abilities negated by a character in battle, not negated itself, whose ability negates
    every other character's and enhancement's while it is there (redemption.effect.negate_abilities), and may
    c's be negated?"""
    cd = t.cd
    if not cd[c].is_character and not cd[c].is_enhancement:
        return False
    if not _in_game(t, "negate_abilities"):
        return False
    for zones in t.z:
        for h in zones["field_of_battle"]:
            if h == c or h in t.attached or not cd[h].abilities or not cd[h].is_character or h in t.b.negated:
                continue
            a = cd[h].has("negate_abilities")
            if a is not None and matches(cd[c], a.filter):  # its selector: the cards it negates (none: all)
                return stoppable(t, c, "negate")
    return False


def silenced(t: Table, c: str, verb: str) -> bool:
    """Are character c's abilities with this verb prevented (redemption.effect.prevent_abilities): by a face-up
    artifact, or by a character in battle, whose ability prevents the abilities of characters that fit (all but
    the verb it keeps), and can they be prevented?"""
    cd = t.cd
    card = cd[c]
    if not card.is_character:
        return False
    if abilities_negated(t, c):  # redemption.effect.negate_abilities
        return True
    if not _in_game(t, "prevent_abilities"):
        return False
    for zones in t.z:
        for zone in ("artifact_pile", "field_of_battle"):
            for h in zones[zone]:
                hc = cd[h]
                if not hc.abilities or h == c or (zone == "artifact_pile" and h not in t.face_up):
                    continue
                if zone == "field_of_battle" and (not hc.is_character or h in t.attached):
                    continue
                a = hc.has("prevent_abilities")
                if a is None or h in t.b.negated:
                    continue
                act = a.acts[0]
                if act.keep != verb and matches(card, act.select.card) and stoppable(t, c, "prevent", h):
                    return True
    return False
