"""The verbs of the ability language (:mod:`rules.redemption.lang`): one :class:`Verb` object each, with its
words, its targets and what it does.

A card's ability in ``cards.toml`` is a trigger and a list of effects, each naming a verb (``verb = "discard"``)
and a selector of the cards it may take; a verb this registry does not know is refused when the card data
loads, so nothing is ever silently ignored in play. Adding a verb is one entry in :data:`VERBS` plus its
section ``redemption.effect.<name>`` in ``rules.md``. Passive verbs (hand limit, sites, fortresses, restricted
souls) have no ``do``: the rules read them where they apply (:mod:`rules.redemption.continuous`).

The verbs reach the game through :class:`~rules.redemption.table.Table` only, never ``Game``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from rules.core import Event
from rules.redemption import continuous
from rules.redemption.decisions import Decision
from rules.redemption.lang import COSTS, ZONE_WORDS, Act, Selector, condition_holds, condition_text, select
from rules.redemption.lang import matches as matches  # re-exported: the card facets of a selector
from rules.words import plural, their, verb, who, whose

if TYPE_CHECKING:
    from rules.redemption.cards import Card
    from rules.redemption.lang import Ability
    from rules.redemption.state import Done, Zone
    from rules.redemption.table import Table

TYPE_NAMES = {
    "hero": "Hero",
    "evil_character": "Evil Character",
    "good_enhancement": "Good Enhancement",
    "evil_enhancement": "Evil Enhancement",
    "lost_soul": "Lost Soul",
    "dominant": "Dominant",
    "artifact": "Artifact",
    "site": "Site",
    "fortress": "Fortress",
}

Filter = tuple[tuple[str, Any], ...]


def filter_text(flt: Filter, noun: str = "character", plural: bool = False) -> str:
    """The cards a filter takes in words ("warrior-class Hero"; ``plural``: "warrior-class Heroes")."""
    d = dict(flt)
    words = []
    if "type" in d:
        t = d["type"]
        noun = " or ".join(TYPE_NAMES.get(str(x), str(x)) for x in t) if isinstance(t, tuple) else TYPE_NAMES.get(t, t)
    if plural:
        noun += "es" if noun.endswith("o") else "s"
    if "testament" in d:
        words.append({"OT": "O.T.", "NT": "N.T."}[d["testament"]])
    for k in ("gender", "kind", "alignment"):
        if k in d:
            words.append(" or ".join(d[k]) if isinstance(d[k], tuple) else str(d[k]))
    if "class" in d:
        words.append(f"{d['class']}-class")
    if d.get("generic"):
        words.append("generic")
    if "brigade" in d:
        b = d["brigade"]
        words.append(" or ".join(b) + " brigade" if isinstance(b, tuple) else b)
    text = " ".join(words + [noun])
    if "identifier" in d:
        text += f" that {'are' if plural else 'is'} {d['identifier']}"
    if "identifier_word" in d:
        text += f" that {'are' if plural else 'is'} {d['identifier_word']}"
    if "name" in d:
        text += f" named {d['name']}"
    for k, word in (("strength_now", "strength"), ("toughness_now", "toughness")):
        if k in d:
            text += f" with {word} {_cmp_words(str(d[k]))}"
    if "title" in d:
        t = d["title"]
        text += f" with {' or '.join(t) if isinstance(t, tuple) else t} in its title"
    if "base_name" in d:
        text += f" named {d['base_name']}"
    if "book" in d:
        bk = d["book"]
        text += f" with a reference in {' or '.join(bk) if isinstance(bk, tuple) else bk}"
    if "except_kind" in d:  # redemption.lang.facet.except_kind
        text += f" that {'are' if plural else 'is'} not {d['except_kind']}"
    if "except" in d:  # redemption.lang.facet.except
        text += f" (except {filter_text(d['except'], 'card', plural=True)})"
    return text


def _cmp_words(spec: str) -> str:
    """'<=4' -> '4 or less' (a comparison in words)."""
    op, n = spec.rstrip("0123456789"), spec[len(spec.rstrip("0123456789")) :]
    return {"<=": f"{n} or less", ">=": f"{n} or more", "<": f"less than {n}", ">": f"more than {n}"}.get(op, n)


def an(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


#: (the effect, the ability's trigger, the card) -> what a player reads
Text = Callable[["Act", str, "Card | None"], str]
#: (game, player, ability, host) -> the cards the player may choose among
Targets = Callable[["Table", int, "Act", str], list[str]]
#: (game, player, source card, host, ability, chosen target, events)
Do = Callable[["Table", int, str, str, "Act", str, list[Event]], None]
#: (game, the answered decision, events): an ability that asked goes on with the cards chosen (redemption.decision)
Resolve = Callable[["Table", Decision, list[Event]], None]
#: (game, player, ability) -> can the ability do anything now (a Dominant that cannot is not offered)
Usable = Callable[["Table", int, "Act"], bool]
#: (game, its player, the interrupted card, its host, the effect, what the effect had done, events): an interrupted
#: effect comes back whole (redemption.effect.interrupt_battle)
Reactivate = Callable[["Table", int, str, str, "Act", "list[Done]", list[Event]], None]


#: what an effect adds to a battle (``Verb.adds``): a character on its player's side, or on the other side
SAME_SIDE, OPPOSITE_SIDE = 1, 2


@dataclass(frozen=True, slots=True)
class Verb:
    """One ability: ``text`` writes what a player reads (from the card's data, so it always says what the engine
    does); ``targets`` lists what the player chooses among (None: nothing to choose); ``do`` carries it out
    (None: passive); ``undo`` is where a negated card's target went (redemption.effect.negate)."""

    name: str
    summary: str
    text: Text
    do: Do | None = None
    targets: Targets | None = None
    #: a choice is needed: with no possible target the card cannot be played (Dominants); otherwise an
    #: enhancement with no target is still played, for its numbers
    needs_target: bool = False
    undo: Zone | Literal["", "none"] = "none"
    #: an ability that asks its player to choose (``Core.ask``) goes on here with the answer
    resolve: Resolve | None = None
    usable: Usable | None = None
    #: on a character's own ability (it enters battle), its player chooses the target then (a decision)
    asks_on_entry: bool = False
    #: what its effect adds to a battle, which says when it activates among its card's effects (:func:`in_order`):
    #: 0 no character, SAME_SIDE a character on its player's side (a band), OPPOSITE_SIDE one on the other side (a
    #: choose-opponent, a choose-blocker); redemption.ability_order
    adds: int = 0
    #: how an effect of this verb that an interrupt suspended comes back, given all it had done at once (a draw draws
    #: again, a choose-opponent chooses again); None: ``do`` again on each old target that is still a legal one
    #: (redemption.effect.interrupt_battle)
    reactivate: Reactivate | None = None

    @property
    def rule(self) -> str:
        return f"redemption.effect.{self.name}"


# --- targets ------------------------------------------------------------------------------------------
def _opposing(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The characters in battle an ability may hit: its selector's, but not the ignored ones
    (redemption.battle.targets), nor, for a discard, one protected from discard (redemption.effect.protect)."""
    if ab.verb == "discard":
        return select(g, p, ab.select, lambda c: g._is_ignored(c) or g._is_protected(c))
    if ab.verb == "capture":  # not one protected from capture (redemption.effect.protect_capture)
        return select(g, p, ab.select, lambda c: g._is_ignored(c) or continuous.capture_proof(g, c))
    return select(g, p, ab.select, g._is_ignored)


def _band_targets(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's characters of the host's alignment that may enter this battle (redemption.effect.band)."""
    align, cd = g.cd[host].type, g.cd
    return select(
        g,
        p,
        ab.select,
        lambda c: (
            cd[c].type != align
            or g._unique_clash(p, c) is not None
            or g._kept_out(c)
            # a band that cannot be prevented is not (redemption.lang.rider.cannot_be_prevented)
            or (continuous.band_prevented(g, c) and continuous.RIDER_OF["prevent"] not in ab.riders)
        ),
    )


def _selected(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's cards, as they are."""
    return select(g, p, ab.select)


def _rescuable(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's cards a rescue may take: not a captured non-human character held in a Land of Bondage (it is
    no Lost Soul there: REG *Capture*, redemption.effect.capture_in_play)."""
    cd = g.cd
    return select(g, p, ab.select, lambda c: cd[c].is_character and "human" not in cd[c].identifiers)


def _typed_in_play(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's cards in play that a discard may hit (the opponents' first, in turn order from ``p``'s
    left, then ``p``'s own, so a list of targets starts with the ones a player means to hit), but not a protected
    one in battle."""
    loc, holders = g.loc, continuous.protect_all_holders(g)  # asked once, not once a card
    return select(
        g,
        p,
        ab.select,
        lambda c: (
            (loc[c][1] == "field_of_battle" and g._is_protected(c))
            or (bool(holders) and continuous.card_protected(g, c, holders))
        ),
    )


# --- what effects do -----------------------------------------------------------------------------------
def _do_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    _draw_for(g, p, src, ab.n, act_place(g.cd[src], ab), "redemption.effect.draw", events)


def _draw_for(g: Table, p: int, src: str, n: int, at: int, rule: str, events: list[Event]) -> None:
    """Player p draws n cards by the effect at place ``at`` of card src; an enhancement's draw in battle is
    recorded, so that negating or interrupting it puts the cards back (redemption.effect.negate)."""
    hand = g.z[p]["hand"]
    before = len(hand)
    g._draw(p, n, events, f"for {g.cd[src].name}", rule)
    ability_drew(g, p, src, len(hand) - before)
    if g.in_battle() and src in g.b.played:  # an enhancement's draw: negating it puts the cards back
        g.b.effects.extend((src, "draw", c, "hand", at) for c in hand[before:])


_FATE: dict[str, Zone] = {
    "discard": "discard",
    "withdraw": "territory",
    "capture": "captured",
    "set_aside": "set_aside",
}
_VERB = {"discard": "discards", "withdraw": "returns to territory", "capture": "captures", "set_aside": "sets aside"}


def _do_remove(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """discard, withdraw, capture, set aside: an opposing character leaves the battle."""
    eff, name, rid = ab.verb, g.cd[src].name, f"redemption.effect.{ab.verb}"
    if not g.in_battle():
        return
    if not target:
        events.append(Event("effect", f"{name}: no opposing character in battle fits.", p, rid))
        return
    if eff == "discard" and (g._is_protected(target) or continuous.discard_protected(g, target, g.cd[src])):
        events.append(Event("effect", f"{name} would discard {g._nm(target)}, but it is protected.", p, rid))
        return
    if continuous.immune(g, target, src, host):
        events.append(Event("effect", f"{name} does nothing to {g._nm(target)}: it is immune.", p, rid))
        return
    if eff == "capture" and continuous.capture_proof(g, target):
        events.append(Event("effect", f"{name} cannot capture {g._nm(target)}: it is protected from capture.", p, rid))
        return
    events.append(Event("effect", f"{name} {_VERB[eff]} {g._nm(target)}: it is removed from battle.", p, rid))
    g._leave_battle(target, _FATE[eff], events, taker=p)
    g.b.effects.append((src, eff, target, g.loc[target][1], act_place(g.cd[src], ab)))


def _do_ignore(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    if not g.in_battle():
        return
    hit = _opposing(g, p, ab, host)
    for c in hit:
        g.b.ignored[c] = src
    what = ", ".join(g.cd[c].name for c in hit) or "nothing (no opposing character fits)"
    events.append(Event("effect", f"{g.cd[src].name}: ignore {what}.", p, "redemption.effect.ignore"))


def _do_band(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    name = g.cd[src].name
    if not g.in_battle():
        return
    # a character's own "may band to ...", or an enhancement's band after its targeted effect: it asks
    if not target and ((src == host and g.cd[src].is_character) or g.cd[src].is_enhancement):
        options = _band_targets(g, p, ab, host)
        if options:
            most = ab.select.most if ab.select.up_to else 1
            d = Decision(p, src, "band", options, "up_to", most, to=[p])
            g.ask(
                d,
                events,
                f"{who(p, True)} may band {name} to "
                + ("one" if most == 1 else f"up to {most}")
                + f" of {their(p)} characters in hand or territory.",
            )
            return
    if not target:
        events.append(
            Event.said(
                "effect",
                f"{name}: no character in {whose(p)} hand or territory can band in.",
                p,
                "redemption.effect.band",
            )
        )
        return
    origin = g.loc[target][1]
    g.b.effects.append((src, "band", target, origin, act_place(g.cd[src], ab)))
    g._enter_battle(
        p,
        target,
        events,
        verb(p, "bands", "band") + " in",
        f" from {their(p)} {origin} with {name}",
        "redemption.effect.band",
    )


def _resolve_band(g: Table, d: Decision, events: list[Event]) -> None:
    """A character's band: each chosen character enters the battle (redemption.effect.band)."""
    p, name = d.chooser, g.cd[d.source].name
    if not d.chosen:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'bands', 'band')} nobody to {name}.", p))
    for c in d.chosen:
        if g.loc[c][1] not in ("hand", "territory") or g._kept_out(c) or g._unique_clash(p, c) is not None:
            continue
        if continuous.band_prevented(g, c) and continuous.stoppable(g, d.source, "prevent"):
            continue
        origin = g.loc[c][1]
        g.b.effects.append((d.source, "band", c, origin, d.at))
        if g.s.pending is not None:  # one banded in before asks: this one enters now, its ability waits its turn
            g._move_with(c, p, "field_of_battle")
            events.append(
                Event.said(
                    "battle",
                    f"{who(p, True)} {verb(p, 'bands', 'band')} in {g._nm(c)} from {their(p)} {origin} with {name}.",
                    p,
                    "redemption.effect.band",
                )
            )
            if any(ab.trigger in ("enters_battle", "blocking") for ab in g.cd[c].abilities):
                g.s.gifts.append((p, 3, c))  # redemption.effect.band: asked once nothing waits
            continue
        g._enter_battle(
            p,
            c,
            events,
            verb(p, "bands", "band") + " in",
            f" from {their(p)} {origin} with {name}",
            "redemption.effect.band",
        )


def _do_protect(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    if g.in_battle():
        g.b.protected[host] = src
        events.append(
            Event(
                "effect",
                f"{g.cd[src].name}: {g.cd[host].name} cannot be discarded this battle.",
                p,
                "redemption.effect.protect",
            )
        )


def _do_negate(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    name, rid = g.cd[src].name, "redemption.effect.negate"
    if not g.in_battle():
        return
    theirs = [
        e for e in g.b.played if g.owner(e) != p and e not in g.b.negated and continuous.stoppable(g, e, "negate", src)
    ]
    if not theirs:
        events.append(Event("effect", f"{name}: no opposing enhancement to negate.", p, rid))
        return
    e = theirs[-1]
    g.b.negated.append(e)
    events.append(Event("effect", f"{name} negates {g._nm(e)}.", p, rid))
    g._undo(e, events)


def _negatable(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's cards that a negate may take: not the player's own, not one negated already, not one that
    cannot be negated (redemption.effect.negate_discard)."""
    negated = g.b.negated
    return select(
        g,
        p,
        ab.select,
        lambda c: g.owner(c) == p or c in negated or not continuous.stoppable(g, c, "negate", host),
    )


def _do_negate_discard(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Negate the chosen card (its numbers and abilities stop, what it did is undone), then discard it."""
    name, rid = g.cd[src].name, "redemption.effect.negate_discard"
    if (
        ab.select.every
    ):  # "all evil enhancements in battle are negated and discarded" (redemption.effect.negate_discard)
        hit = protected_from(g, g.cd[src], _negatable(g, p, ab, host))
        if not hit:
            events.append(Event("effect", f"{name}: nothing to negate.", p, rid))
        for c in hit:
            _negate_and_discard(g, p, src, c, events)
        return
    if not target:
        events.append(Event("effect", f"{name}: nothing to negate.", p, rid))
        return
    _negate_and_discard(g, p, src, target, events)


def _negate_and_discard(g: Table, p: int, src: str, target: str, events: list[Event]) -> None:
    name, rid = g.cd[src].name, "redemption.effect.negate_discard"
    character = g.cd[target].is_character
    if character and continuous.immune(g, target, src):  # "negate and discard an Evil Character": not an immune one
        events.append(Event("effect", f"{name} does nothing to {g._nm(target)}: it is immune.", p, rid))
        return
    if target in g.b.played:
        g.b.negated.append(target)
        events.append(Event("effect", f"{name} negates {g._nm(target)}.", p, rid))
        g._undo(target, events)
    else:
        if character and target not in g.b.negated:  # its abilities stop for the battle, if it stays
            g.b.negated.append(target)
        events.append(Event("effect", f"{name} negates {g._nm(target)}: its ability stops.", p, rid))
    if continuous.card_protected(g, target) or continuous.discard_protected(g, target, g.cd[src]):
        events.append(Event("effect", f"{g._nm(target)} is protected from discard: it stays.", p, rid))
        return
    if character and g.loc[target][1] == "field_of_battle":  # a character discarded from battle leaves it
        events.append(
            Event("effect", f"{name} discards {g._nm(target)} from battle: it is removed from battle.", p, rid)
        )
        g._leave_battle(target, "discard", events)
        return
    g._to_discard(target, events, f" by {name}", rid)


def _do_negate_one(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Negate the chosen card that the selector takes (a character, an enhancement in battle): its abilities stop and
    what it did in this battle is undone; an enhancement's numbers stop counting (redemption.effect.negate_one).
    Reached with no target chosen (one of two alternatives, a later effect), its player is asked now."""
    name, rid = g.cd[src].name, "redemption.effect.negate_one"
    if not g.in_battle():
        return
    if not target:
        options = protected_from(g, g.cd[src], _negatable(g, p, ab, host))
        if len(options) > 1:
            g.ask(
                Decision(p, src, "negate_one", options, "one", to=list(range(len(g.z)))),
                events,
                f"{who(p, True)} {verb(p, 'chooses', 'choose')} what {name} negates.",
            )
            return
        target = options[0] if options else ""
    if not target:
        events.append(Event("effect", f"{name}: nothing to negate.", p, rid))
        return
    g.b.negated.append(target)
    events.append(Event("effect", f"{name} negates {g._nm(target)}.", p, rid))
    g._undo(target, events)


def _text_negate_discard(a: Act, when: str, card: Card | None) -> str:
    d = dict(a.select.facets)
    what = filter_text(a.filter, "card")
    if a.select.every:
        return f"Negate all {filter_text(a.filter, 'card', plural=True)} in battle and discard them."
    if d.get("last"):
        return f"Negate the last {what} played in this battle and discard it."
    if d.get("face_up"):
        return f"Negate an active {what} and discard it."
    return f"Negate {an(what)} in play and discard it."


def _do_rescue_any(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    held_by = g.loc[target][0]
    g._redeem(target, p)
    events.append(
        Event.said(
            "rescue",
            f"{g.cd[src].name} rescues {g._nm(target)} into {whose(p)} Land of Redemption.",
            p,
            "redemption.effect.rescue_any",
        )
    )
    if target in g.b.souls:
        g.b.souls.remove(target)
    if (
        ab.verb != "negate_rescue"
    ):  # "negate and rescue": the soul's own ability does not work (redemption.effect.negate_rescue)
        rescued(g, held_by, target, events)


def _do_discard_type(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    name, rid = g.cd[src].name, "redemption.effect.discard_type"
    if ab.select.every:  # "all X now in play must be discarded": every card that fits, none chosen
        hit = _typed_in_play(g, p, ab, host)
        if not hit:
            events.append(Event("effect", f"{name}: nothing in play fits.", p, rid))
        for c in hit:
            _discard_typed(g, p, src, host, c, events)
        return
    if not target:
        events.append(Event("effect", f"{name}: nothing in play fits.", p, rid))
        return
    _discard_typed(g, p, src, host, target, events)


def _discard_typed(g: Table, p: int, src: str, host: str, target: str, events: list[Event]) -> None:
    """discard_type's discard of one card; an enhancement discarded from battle stops counting there at once (its
    numbers and its lasting abilities: it is out of the battle, not negated)."""
    name, rid = g.cd[src].name, "redemption.effect.discard_type"
    if not target:  # an enhancement played with nothing to take: its numbers still count
        events.append(Event("effect", f"{name}: nothing in play fits.", p, rid))
        return
    if continuous.immune(g, target, src, host):
        events.append(Event("effect", f"{name} does nothing to {g._nm(target)}: it is immune.", p, rid))
        return
    if continuous.card_protected(g, target) or continuous.discard_protected(g, target, g.cd[src]):
        events.append(Event("effect", f"{name} would discard {g._nm(target)}, but it is protected.", p, rid))
        return
    if g.loc[target][1] == "field_of_battle" and g.cd[target].is_character:
        events.append(
            Event("effect", f"{name} discards {g._nm(target)} from battle: it is removed from battle.", p, rid)
        )
        g._leave_battle(target, "discard", events)
    else:
        if g.in_battle() and target in g.b.played:  # an enhancement's lasting abilities end with it
            g.b.played.remove(target)
            for table in (g.b.ignored, g.b.protected):
                for c in [c for c, s in table.items() if s == target]:
                    del table[c]
        g._to_discard(target, events, f" by {name}", rid)


# --- abilities that reveal cards and ask (redemption.decision) --------------------------------------------
def _has_deck(g: Table, p: int, ab: Act) -> bool:
    return bool(g.z[p]["deck"])


def _do_look_top(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Look at the top N cards of your draw pile: one of them into your hand (not a Lost Soul), the others to the
    bottom in the order you choose (redemption.effect.look_top)."""
    top = g.z[p]["deck"][: ab.n]
    if not top:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'has', 'have')} no card to look at.", p))
        return
    full = not g.hand_room(p)  # a full hand takes no card, by any means (redemption.hand.cap)
    flt, cd = ab.filter, g.cd
    options = [] if full else [c for c in top if cd[c].type != "lost_soul" and matches(cd[c], flt)]
    # "take up to 1 (evil card)": the player may take none
    d = Decision(p, src, "look_top", options, "up_to" if ab.select.up_to else "one", revealed=top[:], to=[p])
    question = (
        f"{who(p, True)} {verb(p, 'looks', 'look')} at the top {plural(len(top), 'card')} of {their(p)} draw pile"
    )
    if full:
        question += f" ({their(p)} hand is full)"
    if not options:  # Lost Souls only, or a full hand: none can go to the hand, so only their order is asked
        d.shape, d.options, d.stage = "order", top[:], 1
        if len(top) == 1:
            events.append(
                Event.said("effect", question + ": none can go to the hand.", p, "redemption.effect.look_top")
            )
            g._move(top[0], p, "deck")
            return
        g.ask(d, events, question + ": none can go to the hand; the order they go to the bottom is chosen.")
        return
    g.ask(d, events, question + f" and {verb(p, 'chooses', 'choose')} one for {their(p)} hand.")


def _resolve_look_top(g: Table, d: Decision, events: list[Event]) -> None:
    p, rid = d.chooser, "redemption.effect.look_top"
    if d.stage == 0:
        for c in d.chosen:  # one, or none when the ability says "up to 1"
            g._move(c, p, "hand")
        rest = [x for x in d.revealed if x not in d.chosen]
        events.append(
            Event.said(
                "effect",
                f"{who(p, True)} {verb(p, 'puts', 'put')} {'one' if d.chosen else 'none'} of them into {their(p)} hand"
                + (f"; {plural(len(rest), 'card')} will go to the bottom." if rest else "."),
                p,
                rid,
            )
        )
        if len(rest) >= 2:
            nxt = Decision(p, d.source, "look_top", rest, "order", revealed=rest[:], to=d.to[:], then=d.then, stage=1)
            g.ask(nxt, events, f"{who(p, True)} {verb(p, 'chooses', 'choose')} the order they go to the bottom.")
            return
        order = rest
    else:
        order = d.chosen
    for c in order:  # the first chosen goes under the pile first: the last chosen ends at the very bottom
        g._move(c, p, "deck")
    if order:
        events.append(
            Event.said(
                "effect",
                f"{who(p, True)} {verb(p, 'puts', 'put')} {plural(len(order), 'card')} on the bottom of "
                f"{their(p)} draw pile.",
                p,
                rid,
            )
        )


def _searched(g: Table, p: int, ab: Act) -> list[str]:
    """The cards of p's own piles a search looks through: its selector's zones (the draw pile when it names none;
    the Reserve only from the second round on: redemption.reserve.access)."""
    zones = ab.select.zones or ("deck",)
    return select(g, p, Selector((("owner", "you"), ("zone", zones))))


def _searches_deck(ab: Act) -> bool:
    return not ab.select.zones or "deck" in ab.select.zones


def _has_pile(g: Table, p: int, ab: Act) -> bool:
    return bool(_searched(g, p, ab))


def _do_search(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Search your draw pile (or the piles of your own the selector names: your Reserve, your discard pile, both) for
    a card that fits the filter: it goes into your hand (you may find none); then a searched draw pile is shuffled.
    With ``owner = "any"``, each player in turn, from p, searches their own piles (redemption.effect.search)."""
    _ask_search(g, p, src, ab, [p] + g.others(p) if ab.select.owner == "any" else [p], events)


def _text_search(a: Act, when: str, card: Card | None) -> str:
    what = an(filter_text(a.filter, "card"))
    if a.select.owner == "any":
        text = f"Each player, you first, may search their {_piles_words(a)} for {what} and put it into their hand"
    elif _searches_deck(a) and len(a.select.zones) <= 1:
        text = f"Search your draw pile for {what} and put it into your hand"
    else:
        text = f"Search your {_piles_words(a)} for {what} and put it into your hand"
    if when == "rescued" and card is not None:
        text = "When this Lost Soul is rescued, " + text[:1].lower() + text[1:]
    return text + ("; then shuffle the draw pile." if _searches_deck(a) else ".")


def _ask_search(g: Table, p: int, src: str, ab: Act, queue: list[int], events: list[Event]) -> None:
    cd = g.cd
    for q in queue:
        pile = _searched(g, q, ab)
        if not pile:
            events.append(
                Event.said("effect", f"{who(q, True)} {verb(q, 'has', 'have')} no card there to search for.", q)
            )
            continue
        # a full hand takes no card, by any means (redemption.hand.cap): the search finds nothing it may take
        options = (
            [c for c in pile if c != src and cd[c].type != "lost_soul" and matches(cd[c], ab.select.card)]
            if g.hand_room(q)
            else []
        )
        d = Decision(q, src, "search", options, "up_to", 1, revealed=pile, to=[q])
        g.ask(
            d,
            events,
            f"{who(q, True)} {verb(q, 'searches', 'search')} {their(q)} {_piles_words(ab)} for "
            f"{an(filter_text(ab.filter, 'card'))}.",
        )
        return


_PILE_NAMES = {"deck": "draw pile", "reserve": "Reserve", "discard": "discard pile", "hand": "hand"}


def _piles_words(ab: Act) -> str:
    """The piles a search names, in words ("draw pile or Reserve")."""
    zones = ab.select.zones or ("deck",)
    return " or ".join(_PILE_NAMES.get(z, z) for z in zones)


def _resolve_search(g: Table, d: Decision, events: list[Event]) -> None:
    p = d.chooser
    for c in d.chosen:
        g._put(c, "hand")  # a card of the battle's, discarded, leaves its record there too (the battle forgets it)
    ab = _act_of(g, d)
    shuffled = _searches_deck(ab)
    if shuffled:
        g.rng.shuffle(g.z[p]["deck"])
    found = (
        f"{verb(p, 'takes', 'take')} one card into {their(p)} hand" if d.chosen else f"{verb(p, 'finds', 'find')} none"
    )
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {found}"
            + (f" and {verb(p, 'shuffles', 'shuffle')} {their(p)} draw pile." if shuffled else "."),
            p,
            "redemption.effect.search",
        )
    )
    if ab.select.owner == "any":  # each player in turn: the next one searches
        owner = g.owner(d.source)
        order = [owner] + g.others(owner)
        _ask_search(g, owner, d.source, ab, order[order.index(p) + 1 :], events)


def _do_search_territory(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Search your draw pile for up to N characters that fit and put them into your territory; then shuffle
    (redemption.effect.search_territory). A character that would clash with a unique one in play is not offered."""
    deck = g.z[p]["deck"]
    if not deck:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'has', 'have')} no draw pile to search.", p))
        return
    cd = g.cd
    options = select(g, p, ab.select, lambda c: cd[c].type == "lost_soul" or g._unique_clash(p, c) is not None)
    most = max(1, ab.select.most)
    d = Decision(p, src, "search_territory", options, "up_to", most, revealed=deck[:], to=[p])
    g.ask(
        d,
        events,
        f"{who(p, True)} {verb(p, 'searches', 'search')} {their(p)} draw pile for up to {most} "
        f"{filter_text(ab.filter, 'card', plural=most != 1)} to put into {their(p)} territory.",
    )


def _resolve_search_territory(g: Table, d: Decision, events: list[Event]) -> None:
    p, placed = d.chooser, []
    for c in d.chosen:
        if g._unique_clash(p, c) is None:  # two of one unique name: the second stays in the pile
            g._move(c, p, "territory")
            placed.append(c)
    g.rng.shuffle(g.z[p]["deck"])
    what = ", ".join(g.cd[c].name for c in placed) if placed else "nothing"
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {verb(p, 'puts', 'put')} {what} into {their(p)} territory and "
            f"{verb(p, 'shuffles', 'shuffle')} {their(p)} draw pile.",
            p,
            "redemption.effect.search_territory",
        )
    )


# --- the Starter I and J decks' verbs (redemption.effect.each_draw ... draw_discard) ----------------------------------
def _do_each_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Each player, in turn order from p, draws N cards (redemption.effect.each_draw)."""
    for q in [p] + g.others(p):
        g._draw(q, ab.n, events, f"for {g.cd[src].name}", "redemption.effect.each_draw")


def _hand_of(g: Table, p: int, ab: Act) -> int:
    """The seat whose hand a look reaches: the opponent (the other side of the battle)."""
    return g.opponent(p)


def _do_look_underdeck(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Look at an opponent's hand (revealed to p alone) and put one card of it that fits on the bottom of its owner's
    draw pile (redemption.effect.look_underdeck)."""
    q = _hand_of(g, p, ab)
    hand = g.z[q]["hand"]
    if not hand:
        events.append(Event.said("effect", f"{whose(q, True)} hand is empty: nothing to look at.", p))
        return
    options = [c for c in hand if matches(g.cd[c], ab.filter)]
    d = Decision(p, src, ab.verb, options, "one" if options else "up_to", 1, revealed=hand[:], to=[p])
    tail = f" and {verb(p, 'puts', 'put')} {an(filter_text(ab.filter, 'card'))} of it on the bottom of {their(q)} draw pile"
    g.ask(d, events, f"{who(p, True)} {verb(p, 'looks', 'look')} at {whose(q)} hand{tail}.")


def _resolve_look_underdeck(g: Table, d: Decision, events: list[Event]) -> None:
    p = d.chooser
    for c in d.chosen:
        q = g.owner(c)
        g._put(c, "deck")
        events.append(
            Event.said(
                "effect",
                f"{who(p, True)} {verb(p, 'puts', 'put')} {g._nm(c)} from {whose(q)} hand on the bottom of "
                f"{their(q)} draw pile.",
                p,
                "redemption.effect.look_underdeck",
            )
        )
    if not d.chosen:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'finds', 'find')} no card that fits.", p))


def _do_withdraw_but_one(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Every character in battle that fits but one withdraws (returns to its owner's territory); the player of the
    ability chooses the one that stays (redemption.effect.withdraw_but_one)."""
    if not g.in_battle():
        events.append(Event.said("effect", f"{g.cd[src].name}: no battle is under way.", p))
        return
    options = [c for c in select(g, p, ab.select) if g.loc[c][1] == "field_of_battle"]
    if len(options) <= 1:
        events.append(Event.said("effect", f"{g.cd[src].name}: at most one character fits; nobody withdraws.", p))
        return
    g.ask(
        Decision(p, src, "withdraw_but_one", options, "one", to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} {verb(p, 'chooses', 'choose')} the one character that stays in battle for {g.cd[src].name}.",
    )


def _resolve_withdraw_but_one(g: Table, d: Decision, events: list[Event]) -> None:
    stays = d.chosen[0]
    for c in d.options:
        if c != stays and g.loc[c][1] == "field_of_battle":
            events.append(Event.said("effect", f"{g.cd[d.source].name} withdraws {g._nm(c)}.", d.chooser))
            g._leave_battle(c, "territory", events)


def _do_reveal_souls(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Reveal the top N cards of an opponent's draw pile: its Lost Souls go to that opponent's Land of Bondage, the
    others to the bottom of the pile in the order they were (redemption.effect.reveal_souls)."""
    q = g.opponent(p)
    top = g.z[q]["deck"][: ab.n]
    names = ", ".join(g._nm(c) for c in top) or "nothing (the draw pile is empty)"
    events.append(
        Event.said(
            "effect",
            f"{g.cd[src].name} reveals the top {plural(len(top), 'card')} of {whose(q)} draw pile: {names}.",
            p,
            "redemption.effect.reveal_souls",
            reveals=bool(top),
        )
    )
    for c in top:
        g._move(c, q, "land_of_bondage" if g.cd[c].type == "lost_soul" else "deck")


def _do_opponent_underdeck(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """The opponent puts N cards that fit (one by default) of their choice from their hand on the bottom of their
    draw pile, one at a time (redemption.effect.opponent_underdeck)."""
    _ask_underdeck(g, g.opponent(p), src, ab, 0, events)


def _ask_underdeck(g: Table, q: int, src: str, ab: Act, stage: int, events: list[Event]) -> None:
    options = [c for c in g.z[q]["hand"] if matches(g.cd[c], ab.filter)]
    if stage >= max(1, ab.n) or not options:
        if not options and stage < max(1, ab.n):
            events.append(Event.said("effect", f"{who(q, True)} {verb(q, 'has', 'have')} no card that fits.", q))
        return
    g.ask(
        Decision(q, src, "opponent_underdeck", options, "one", to=[q], stage=stage),
        events,
        f"{who(q, True)} must put {an(filter_text(ab.filter, 'card'))} from {their(q)} hand on the bottom of "
        f"{their(q)} draw pile for {g.cd[src].name}.",
    )


def _resolve_opponent_underdeck(g: Table, d: Decision, events: list[Event]) -> None:
    q = d.chooser
    (c,) = d.chosen
    g._put(c, "deck")
    events.append(
        Event.said("effect", f"{who(q, True)} {verb(q, 'puts', 'put')} a card under {their(q)} draw pile.", q)
    )
    _ask_underdeck(g, q, d.source, _act_of(g, d), d.stage + 1, events)


def _do_may_underdeck_self(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may put this card on the bottom of its owner's draw pile (redemption.effect.may_underdeck_self)."""
    if g.loc[src][1] in ("deck", "hand"):
        return
    g.ask(
        Decision(p, src, "may_underdeck_self", [src], "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may put {g.cd[src].name} on the bottom of {their(p)} draw pile (choose it), or not.",
    )


def _resolve_may_underdeck_self(g: Table, d: Decision, events: list[Event]) -> None:
    if d.chosen:
        g._put(d.source, "deck")
        events.append(
            Event.said("effect", f"{g._nm(d.source)} goes to the bottom of its owner's draw pile.", d.chooser)
        )


def _do_reveal_bottom(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Reveal the bottom card of your draw pile; if it fits, you may put it into your hand
    (redemption.effect.reveal_bottom)."""
    deck = g.z[p]["deck"]
    if not deck:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'has', 'have')} no draw pile.", p))
        return
    c = deck[-1]
    events.append(
        Event.said(
            "effect",
            f"{g.cd[src].name} reveals the bottom card of {whose(p)} draw pile: {g._nm(c)}.",
            p,
            "redemption.effect.reveal_bottom",
            reveals=True,
        )
    )
    if matches(g.cd[c], ab.filter) and g.hand_room(p):
        g.ask(
            Decision(p, src, "reveal_bottom", [c], "up_to", 1, to=list(range(len(g.z)))),
            events,
            f"{who(p, True)} may put it into {their(p)} hand (choose it), or leave it.",
        )


def _resolve_reveal_bottom(g: Table, d: Decision, events: list[Event]) -> None:
    for c in d.chosen:
        g._move(c, d.chooser, "hand")
        events.append(Event.said("effect", f"{who(d.chooser, True)} {verb(d.chooser, 'takes', 'take')} it.", d.chooser))


def _do_draw_reveal(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Draw a card and reveal it; if it fits the selector, this character is discarded after the battle (a record in
    the battle's effects that :func:`after_battle` reads; redemption.effect.draw_reveal)."""
    hand = g.z[p]["hand"]
    before = len(hand)
    g._draw(p, 1, events, f"for {g.cd[src].name}", "redemption.effect.draw_reveal")
    for c in hand[before:]:
        hit = matches(g.cd[c], ab.filter)
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} reveals the card drawn: {g._nm(c)}"
                + (f"; {g.cd[host].name} will be discarded after the battle." if hit else "."),
                p,
                "redemption.effect.draw_reveal",
                reveals=True,
            )
        )
        if hit and g.in_battle():
            g.b.effects.append((src, "draw_reveal", host, "", act_place(g.cd[src], ab)))


#: the battle's marks of a character to discard once the battle is over (redemption.effect.draw_reveal,
#: discard_after_battle)
AFTER_BATTLE = ("draw_reveal", "discard_after_battle")


def after_battle(g: Table, events: list[Event]) -> None:
    """The battle is over: a character marked by draw_reveal (redemption.effect.draw_reveal) or discard_after_battle
    is discarded now, where it is in play."""
    for src, eff, c, _, _ in list(g.b.effects):
        if eff in AFTER_BATTLE and g.loc[c][1] in ("territory", "field_of_battle"):
            g._to_discard(c, events, f" after the battle ({g.cd[src].name})", f"redemption.effect.{eff}")


def _do_discard_after_battle(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """This character is discarded once the battle is over (a mark in the battle's effects that :func:`after_battle`
    reads; redemption.effect.discard_after_battle)."""
    c = host or src
    if g.in_battle() and g.cd[c].is_character:
        g.b.effects.append((src, "discard_after_battle", c, "", act_place(g.cd[src], ab)))
        events.append(
            Event(
                "effect",
                f"{g._nm(c)} will be discarded after the battle.",
                p,
                "redemption.effect.discard_after_battle",
            )
        )


def _do_draw_discard(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Draw N cards, then discard one of the cards drawn, chosen (redemption.effect.draw_discard)."""
    hand = g.z[p]["hand"]
    before = len(hand)
    g._draw(p, ab.n, events, f"for {g.cd[src].name}", "redemption.effect.draw_discard")
    drawn = hand[before:]
    if drawn:
        g.ask(
            Decision(p, src, "draw_discard", drawn[:], "one", to=[p]),
            events,
            f"{who(p, True)} {verb(p, 'discards', 'discard')} one of the cards drawn.",
        )


def _resolve_draw_discard(g: Table, d: Decision, events: list[Event]) -> None:
    for c in d.chosen:
        g._to_discard(c, events, " (one of the cards drawn)", "redemption.effect.draw_discard")


# --- verbs that move cards between piles, change numbers, convert (redemption.effect.*) -------------------------
# --- which effect a decision answers: its place among its card's effects, not its verb (redemption.decision) ---------
def act_place(card: Card, act: Act) -> int:
    """The place of effect ``act`` among card's effects (every ability's, in order, from 0); -1 when not one."""
    i = 0
    for ab in card.abilities:
        for a in ab.acts:
            if a is act:
                return i
            i += 1
    return -1


def _placed(card: Card, at: int) -> tuple[Ability, int] | None:
    """The ability holding card's effect at place ``at``, and that effect's index in it (None: no such place)."""
    if at < 0:
        return None
    for ab in card.abilities:
        if at < len(ab.acts):
            return ab, at
        at -= len(ab.acts)
    return None


def _stamp(g: Table, src: str, act: Act) -> None:
    """The decision effect ``act`` of card src has just asked keeps that effect's place, so the answer goes on with
    this effect's own numbers and selector even when another effect of the card has the same verb."""
    d = g.s.pending
    if d is not None and d.at < 0 and d.source == src and d.effect == act.verb:
        d.at = act_place(g.cd[src], act)


def _ability_asking(g: Table, d: Decision, flag: str) -> Ability:
    """The ability whose "you may" or "choose one" a decision answers: the one at its place, else the card's first."""
    found = _placed(g.cd[d.source], d.at)
    if found is not None and getattr(found[0], flag):
        return found[0]
    return next(a for a in g.cd[d.source].abilities if getattr(a, flag))


def _act_of(g: Table, d: Decision) -> Act:
    """The effect of the asking card that a decision answers: the one at its place (``d.at``); a decision saved
    without one, its card's first effect with that verb."""
    found = _placed(g.cd[d.source], d.at)
    if found is not None and found[0].acts[found[1]].verb == d.effect:
        return found[0].acts[found[1]]
    for ab in g.cd[d.source].abilities:
        for act in ab.acts:
            if act.verb == d.effect:
                return act
    raise ValueError(f"{d.source} has no {d.effect} effect")  # a save is checked before it loads


def _reach(g: Table, p: int, src: str, host: str, ab: Act, c: str, events: list[Event]) -> bool:
    """May the effect of src reach character c: not when c is immune to it (unless it rides regardless of
    immunity: continuous.immune reads the rider)."""
    if g.cd[c].is_character and continuous.immune(g, c, src, host):
        events.append(Event("effect", f"{g.cd[src].name} does nothing to {g._nm(c)}: it is immune.", p, ab.verb))
        return False
    return True


def _targets_now(
    g: Table, p: int, src: str, host: str, ab: Act, events: list[Event], what: str, skip: Callable[[str], bool] | None
) -> list[str] | None:
    """The cards an effect acts on now: every card its selector takes (``all = true``); the host itself (an empty
    selector: "this character"); or one card its player chooses: asked as a pending decision (redemption.decision)
    when more than one fits, None then (the verb's ``resolve`` goes on with the answer)."""
    sel = ab.select
    if not sel.facets:
        return [host] if host else []
    options = protected_from(g, g.cd[src], select(g, p, sel, skip))
    # "you may ... up to N": the player is asked even with one card that fits, for none is an answer too
    if sel.every or len(options) < 1 or (len(options) == 1 and not sel.up_to):
        return options
    if sel.get("random"):  # "a card at random": the game's random numbers pick it, nobody chooses
        return [options[g.rng.below(len(options))]]
    most = sel.most if sel.up_to else 1
    # cards of a hidden pile (a draw pile, a Reserve, a hand) are shown to the chooser alone; a searched draw pile
    # is revealed to them whole (redemption.decision)
    hidden = [z for z in sel.zones if z in ("deck", "reserve", "hand")]
    to = [p] if hidden else list(range(len(g.z)))
    revealed = [c for c in options if g.loc[c][1] in ("deck", "reserve", "hand")]
    if "deck" in hidden:
        revealed = g.z[p]["deck"][:] + [c for c in revealed if g.loc[c][1] != "deck"]
    d = Decision(p, src, ab.verb, options, "up_to" if sel.up_to else "one", most, revealed=revealed, to=to)
    g.ask(d, events, f"{who(p, True)} {verb(p, 'chooses', 'choose')} {what} for {g.cd[src].name}.")
    return None


def _do_take(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Take N cards (one by default) at random from an opponent's hand into yours (redemption.effect.take)."""
    q = g.opponent(p)
    hand, took = g.z[q]["hand"], 0
    for _ in range(max(1, ab.n)):
        if not hand or not g.hand_room(p):
            break
        g._take(hand[g.rng.below(len(hand))], p)
        took += 1
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {verb(p, 'takes', 'take')} {plural(took, 'card')} at random from {whose(q)} hand"
            + ("" if took else " (there is none to take, or the hand is full)")
            + ".",
            p,
            "redemption.effect.take",
            reveals=took > 0,
        )
    )


_PILE_WORDS = {"topdeck": "on top of", "underdeck": "on the bottom of"}


def _pile(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    """topdeck / underdeck: each card to the top or the bottom of its owner's draw pile."""
    for c in cards:
        if not _reach(g, p, src, host, ab, c, events):
            continue
        q, was = g.owner(c), g.loc[c][1]
        hidden = was in ("hand", "reserve", "deck")  # a card from a hidden pile stays hidden
        named = f"a card from {whose(q)} {_PILE_NAMES.get(was, was)}" if hidden else g._nm(c)
        g._put(c, "deck", top=ab.verb == "topdeck")
        if was == "deck":  # taken out of a searched draw pile: the rest is shuffled (REG Search), it stays put
            deck = g.z[q]["deck"]
            deck.remove(c)
            g.rng.shuffle(deck)
            deck.insert(0 if ab.verb == "topdeck" else len(deck), c)
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} puts {named} {_PILE_WORDS[ab.verb]} {whose(q)} draw pile.",
                p,
                f"redemption.effect.{ab.verb}",
            )
        )


def _do_pile(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    cards = _targets_now(g, p, src, host, ab, events, "a card", None)
    if cards is not None:
        _pile(g, p, src, host, ab, cards, events)


def _resolve_pile(g: Table, d: Decision, events: list[Event]) -> None:
    _pile(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


_RETURN_WORDS = {"territory": "to {} territory", "hand": "to {} hand", "deck": "to the top of {} draw pile"}


def _return(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    """return: each card to its owner's territory, hand or the top of its draw pile (redemption.effect.return)."""
    zone = {"territory": "territory", "hand": "hand", "deck": "deck"}[ab.to]
    for c in cards:
        if not _reach(g, p, src, host, ab, c, events):
            continue
        q = g.owner(c)
        if zone == "hand" and not g.hand_room(q):  # a full hand takes no card (redemption.hand.cap)
            events.append(Event.said("effect", f"{g._nm(c)} stays: {whose(q)} hand is full.", p))
            continue
        if g.in_battle() and c in g.b.played:  # an enhancement taken back out of the battle no longer counts there
            g.b.played.remove(c)
        if zone == "territory" and g.loc[c][1] == "field_of_battle" and g.cd[c].is_character:
            g._leave_battle(c, "territory", events)
        elif zone == "territory":
            g._put(c, "territory")
        else:
            g._put(c, "hand" if zone == "hand" else "deck", top=True)
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} returns {g._nm(c)} " + _RETURN_WORDS[ab.to].format(whose(q)) + ".",
                p,
                "redemption.effect.return",
            )
        )


def _do_return(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    # "return all ... except this one": every card that fits but the returning card itself
    skip = (lambda c: c == src) if ab.select.every else None
    cards = _targets_now(g, p, src, host, ab, events, "a card to return", skip)
    if cards is not None:
        _return(g, p, src, host, ab, cards, events)


def _resolve_return(g: Table, d: Decision, events: list[Event]) -> None:
    _return(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


def _do_shuffle(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Shuffle a draw pile: yours (``owner = "you"``, the default) or each opponent's; with a zone, "shuffle X": the
    cards that fit into their owners' draw piles (redemption.effect.shuffle)."""
    if ab.select.zones:
        cards = _targets_now(g, p, src, host, ab, events, "a card to shuffle in", None)
        if cards is not None:
            _shuffle_cards(g, p, src, host, ab, cards, events)
        return
    o = ab.select.owner
    seats = [p] if o in ("you", "any") else [g.opponent(p)] if o == "opponent" else g.others(p)
    for q in seats:
        g.rng.shuffle(g.z[q]["deck"])
        events.append(Event.said("effect", f"{g.cd[src].name}: {whose(q)} draw pile is shuffled.", p))


def _shuffle_cards(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    """ "Shuffle X": each card into its owner's draw pile, then each draw pile a card went into is shuffled, and no
    other: a pile nothing went into is left as it is (REG *Shuffle*; redemption.effect.shuffle)."""
    _return(g, p, src, host, replace(ab, to="deck"), cards, events)
    for q in dict.fromkeys(g.owner(c) for c in cards if g.loc[c] == (g.owner(c), "deck")):
        g.rng.shuffle(g.z[q]["deck"])
        events.append(Event.said("effect", f"{g.cd[src].name}: {whose(q)} draw pile is shuffled.", p))


def _resolve_shuffle(g: Table, d: Decision, events: list[Event]) -> None:
    _shuffle_cards(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


def _remove(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    for c in cards:
        if not _reach(g, p, src, host, ab, c, events):
            continue
        g._put(c, "removed")
        events.append(
            Event.said("effect", f"{g.cd[src].name} removes {g._nm(c)} from the game.", p, "redemption.effect.remove")
        )


def _do_remove_game(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Remove cards from the game: they go to their owners' removed piles, out of the game for good."""
    cards = _targets_now(g, p, src, host, ab, events, "a card to remove from the game", None)
    if cards is not None:
        _remove(g, p, src, host, ab, cards, events)


def _resolve_remove(g: Table, d: Decision, events: list[Event]) -> None:
    _remove(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


def _do_discard_top(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Discard the top N cards of a draw pile (the opponent's with ``owner = "opponent"``; yours by default): they
    go face up to the discard pile, so everyone sees them (redemption.effect.discard_top)."""
    o = ab.select.owner
    seats = [p] if o in ("you", "any") else [g.opponent(p)] if o == "opponent" else g.others(p)
    for q in seats:
        top = g.z[q]["deck"][: max(1, ab.n)]
        for c in top:
            g._move(c, q, "discard")
        names = ", ".join(g._nm(c) for c in top) or "nothing (the draw pile is empty)"
        events.append(
            Event(
                "effect",
                f"{g.cd[src].name} discards the top of {whose(q)} draw pile: {names}.",
                p,
                "redemption.effect.discard_top",
            )
        )


def _convert(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    brigade = ab.brigade or (g.cd[src].brigades[0] if g.cd[src].brigades else "")
    for c in cards:
        if not _reach(g, p, src, host, ab, c, events) or continuous.convert_forbidden(g, c):
            continue
        blocking = g.loc[c][1] == "field_of_battle" and g.in_battle() and g.owner(c) == g.b.defender
        g._convert(c, brigade)
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} converts {g._nm(c)}: it is a {brigade} Hero now.",
                p,
                "redemption.effect.convert",
            )
        )
        if blocking:  # a Hero on the blocking side withdraws (REG Convert, special conditions)
            g._leave_battle(c, "territory", events)


def _do_convert(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Convert a human Evil Character (the REG's default target) to a Hero of a brigade (redemption.effect.convert)."""
    cd = g.cd
    cards = _targets_now(
        g,
        p,
        src,
        host,
        ab,
        events,
        "a character to convert",
        lambda c: (
            cd[c].type != "evil_character"
            or "human" not in cd[c].identifiers
            or continuous.convert_forbidden(g, c)  # redemption.effect.no_convert
        ),
    )
    if cards is not None:
        _convert(g, p, src, host, ab, cards, events)


def _resolve_convert(g: Table, d: Decision, events: list[Event]) -> None:
    _convert(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


def poison_sources(g: Table, c: str) -> list[str]:
    """The cards whose poison (disease) character c carries now, in the order they poisoned it: each leaves a change
    of 0/0 that lasts while c is in play (redemption.effect.poison), so a card leaving play is cured with the rest
    of its changes."""
    return marks(g, c, "poison")


def marks(g: Table, c: str, verb: str) -> list[str]:
    """The cards with this verb whose mark character c carries now: a change of 0/0 that lasts while it is in play
    (a poison), in the order they marked it."""
    cd, out = g.cd, []
    for m in g.s.mods:
        if m[0] == c and m[1] == 0 and m[2] == 0 and m[3] == 0 and m[4] not in out and cd[m[4]].has(verb):
            out.append(m[4])
    return out


def _healable(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's characters a heal may take (redemption.effect.heal): in play, the poisoned (diseased) ones; in
    a discard pile (``zone = "discard"``), the ones discarded from play this turn."""
    cd, loc, gone = g.cd, g.loc, g.s.discarded
    return select(
        g,
        p,
        ab.select,
        lambda c: not cd[c].is_character or (c not in gone if loc[c][1] == "discard" else not poison_sources(g, c)),
    )


def _do_poison(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Poison the chosen character: from the next turn on it loses N/N in each turn's Upkeep, and is discarded when
    its toughness reaches 0 (redemption.effect.poison)."""
    name, rid = g.cd[src].name, "redemption.effect.poison"
    if not target:
        events.append(Event("effect", f"{name}: no character to poison.", p, rid))
        return
    if not _reach(g, p, src, host, ab, target, events):
        return
    g.s.mods.append((target, 0, 0, 0, src))
    events.append(Event("effect", f"{name} poisons {g._nm(target)}.", p, rid))


def poison_tick(g: Table, events: list[Event]) -> bool:
    """Each turn's Upkeep: every poisoned character in play loses what each of its poisons takes; one whose
    toughness is 0 then is discarded (redemption.effect.poison). Did anything happen?"""
    if not g.s.mods:
        return False
    cd, did = g.cd, False
    for c in list(dict.fromkeys(m[0] for m in g.s.mods)):
        for src in poison_sources(g, c):
            a = cd[src].has("poison")
            assert a is not None
            act = a.acts[0]
            g.s.mods.append((c, -act.strength, -act.toughness, 0, src))
            did = True
            events.append(
                Event(
                    "effect",
                    f"{g._nm(c)} is poisoned by {cd[src].name}: it loses {act.strength}/{act.toughness}.",
                    g.owner(c),
                    "redemption.effect.poison",
                )
            )
        if poison_sources(g, c) and g.char_numbers(c)[1] <= 0:
            g._to_discard(c, events, " by poison (its toughness is 0)", "redemption.effect.poison")
    return did


def _do_heal(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Heal the chosen character: its poisons end and every decrease of its numbers is removed
    (redemption.effect.heal)."""
    name, rid = g.cd[src].name, "redemption.effect.heal"
    if not target and host and g.loc[host][1] == "discard" and host in _healable(g, p, ab, host):
        target = host  # played on the character being healed (special initiative, or outside battle)
    if target and g.loc[target][1] == "discard":
        _heal_discarded(g, p, src, target, events)
        return
    if not target:
        events.append(Event("effect", f"{name}: no poisoned character to heal.", p, rid))
        return
    poisons = set(poison_sources(g, target))
    g.s.mods = [m for m in g.s.mods if m[0] != target or (m[4] not in poisons and m[1] >= 0 and m[2] >= 0)]
    events.append(Event("effect", f"{name} heals {g._nm(target)}: its poison and decreases are gone.", p, rid))


#: a duration in words, after what lasts
_HOW = {"end_of_turn": " until the end of the turn", "battle": " this battle"}


def _until(g: Table, p: int, ab: Act) -> int:
    """The turn a change of numbers ends at the start of (UNTIL_IN_PLAY, 0: it lasts while the card is in play)."""
    if ab.duration in ("end_of_turn", "battle"):
        return g.s.turn + 1
    if ab.duration == "turns":
        return g.s.turn + ab.turns * len(g.z)
    return 0


def _numbers(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    sign = 1 if ab.verb == "gain" else -1
    until = _until(g, p, ab)
    how = {**_HOW, "turns": f" for {ab.turns} turns"}
    for c in cards:
        if not g.cd[c].is_character or not _reach(g, p, src, host, ab, c, events):
            continue
        g.s.mods.append((c, sign * ab.strength, sign * ab.toughness, until, src))
        events.append(
            Event(
                "effect",
                f"{g.cd[src].name}: {g._nm(c)} {'gains' if sign > 0 else 'loses'} {ab.strength}/{ab.toughness}"
                + how.get(ab.duration, "")
                + ".",
                p,
                f"redemption.effect.{ab.verb}",
            )
        )


def _do_numbers(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """gain / lose N/N: a change of numbers that lasts as its duration says (continuous.number_change)."""
    cards = _targets_now(g, p, src, host, ab, events, "a character", None)
    if cards is not None:
        _numbers(g, p, src, host, ab, cards, events)


def _resolve_numbers(g: Table, d: Decision, events: list[Event]) -> None:
    _numbers(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


def _aside(g: Table, p: int, src: str, host: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    for c in cards:
        if not _reach(g, p, src, host, ab, c, events):
            continue
        if g.loc[c][1] == "field_of_battle" and g.in_battle():
            g._leave_battle(c, "set_aside", events)
        else:
            g._put(c, "set_aside")
        back = g.s.turn + ab.turns * len(g.z)
        g.s.aside[c] = (back, ab.strength, ab.toughness, src)
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} sets {g._nm(c)} aside for {plural(ab.turns, 'turn')}"
                + (f": it comes back with {ab.strength}/{ab.toughness} more." if ab.strength or ab.toughness else "."),
                p,
                "redemption.effect.set_aside_for",
            )
        )


def _do_set_aside_for(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Set a character aside for N turns; it comes back to its owner's territory in its owner's Upkeep N turns
    later with the bonus the effect gives (redemption.effect.set_aside_for)."""
    cards = _targets_now(g, p, src, host, ab, events, "a character to set aside", lambda c: not g.cd[c].is_character)
    if cards is not None:
        _aside(g, p, src, host, ab, cards, events)


def _resolve_aside(g: Table, d: Decision, events: list[Event]) -> None:
    _aside(g, d.chooser, d.source, "", _act_of(g, d), d.chosen, events)


def _do_set_aside_gain(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Set the character this is played on aside until its player returns it; this card stays on it, and when its
    player returns it the character gains N/N for each of their turns it spent aside, and this card is discarded
    (redemption.effect.set_aside_gain). The record's return turn is minus the turn it was set aside in."""
    c = host
    if not c or not g.cd[c].is_character or not _reach(g, p, src, host, ab, c, events):
        return
    if g.loc[c][1] == "field_of_battle" and g.in_battle():
        g._leave_battle(c, "set_aside", events)
    else:
        g._put(c, "set_aside")
    if g.in_battle() and src in g.b.played:  # it left the battle with its character
        g.b.played.remove(src)
    g._move(src, g.owner(src), "set_aside")
    g.attached[src] = c
    g.s.aside[c] = (-max(1, g.s.turn), ab.strength, ab.toughness, src)
    events.append(
        Event.said(
            "effect",
            f"{g.cd[src].name} sets {g._nm(c)} aside until {whose(g.owner(c))} player returns it: it gains "
            f"{ab.strength}/{ab.toughness} for each turn of theirs it spends there.",
            p,
            "redemption.effect.set_aside_gain",
        )
    )


def returned_by_player(g: Table, p: int, c: str, rec: tuple[int, int, int, str], events: list[Event]) -> None:
    """Character c, set aside by set_aside_gain, was just returned to territory by its player p in Preparation: it
    gains N/N for each of p's turns since it was set aside (a change that lasts while it stays in play), and the
    card that set it aside is discarded (redemption.effect.set_aside_gain)."""
    back, st, tg, src = rec
    turns = (g.s.turn + back) // len(g.z)
    if turns and (st or tg):
        g.s.mods.append((c, st * turns, tg * turns, 0, src))
    if g.attached.get(src) == c:
        del g.attached[src]
        g._to_discard(src, events)
    events.append(
        Event.said(
            "effect",
            f"{g._nm(c)} comes back after {plural(turns, 'turn')} set aside"
            + (f" with {st * turns}/{tg * turns} more" if turns and (st or tg) else "")
            + f"; {g.cd[src].name} is discarded.",
            p,
            "redemption.effect.set_aside_gain",
        )
    )


def come_back(g: Table, p: int, events: list[Event]) -> bool:
    """In player p's Upkeep: each of p's cards set aside for N turns whose time has come goes back to p's
    territory with its bonus, a change of numbers that lasts while it stays in play (redemption.effect.set_aside_for).
    True when one did."""
    s, did = g.s, False
    for c, (back, st, tg, src) in list(s.aside.items()):
        if g.owner(c) != p or back < 0 or s.turn < back:  # back < 0: until its player returns it (set_aside_gain)
            continue
        del s.aside[c]
        if g.loc[c][1] != "set_aside":
            continue
        g._put(c, "territory")
        if st or tg:
            s.mods.append((c, st, tg, 0, src))
        events.append(
            Event.said(
                "effect",
                f"{g._nm(c)} comes back from the set-aside area to {their(p)} territory"
                + (f" with {st}/{tg} more." if st or tg else "."),
                p,
                "redemption.effect.set_aside_for",
            )
        )
        did = True
    return did


def _do_exchange(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Exchange this card with one that fits from your draw pile: the pile is revealed to you, the card you choose
    goes into your hand, this one into the pile, and the pile is shuffled (redemption.effect.exchange)."""
    deck = g.z[p]["deck"]
    if not deck:
        events.append(
            Event.said("effect", f"{who(p, True)} {verb(p, 'has', 'have')} no draw pile to exchange with.", p)
        )
        return
    options = [c for c in select(g, p, ab.select) if c != src] if g.hand_room(p) else []
    d = Decision(p, src, "exchange", options, "up_to", 1, revealed=deck[:], to=[p])
    g.ask(
        d,
        events,
        f"{who(p, True)} {verb(p, 'searches', 'search')} {their(p)} draw pile for "
        f"{an(filter_text(ab.filter, 'card'))} to exchange {g.cd[src].name} with.",
    )


def _resolve_exchange(g: Table, d: Decision, events: list[Event]) -> None:
    """The card chosen goes into the hand; with ``to = "battle"`` and the exchanging card on a character in battle,
    its player is asked next whether it goes into battle on that character instead (placed: its ability does not
    activate); then the exchanging card goes into the draw pile and the pile is shuffled."""
    p, src, rid = d.chooser, d.source, "redemption.effect.exchange"
    host = g.attached.get(src, "") if g.in_battle() else ""
    in_battle = bool(host) and g.loc[host][1] == "field_of_battle"
    if d.stage == 0 and d.chosen:
        g._move(d.chosen[0], p, "hand")
        if _act_of(g, d).to == "battle" and in_battle:
            c = d.chosen[0]
            g.ask(
                Decision(p, src, "exchange", [c], "up_to", 1, revealed=[c], to=[p], stage=1),
                events,
                f"{who(p, True)} may place the card taken in battle on {g.cd[host].name} instead of in {their(p)} hand.",
            )
            return
    if d.stage == 1 and d.chosen and in_battle and g.loc[d.chosen[0]][1] == "hand":
        c = d.chosen[0]
        g._move(c, p, "field_of_battle")
        g.attached[c] = host
        g.b.played.append(c)
        events.append(
            Event.said("effect", f"{who(p, True)} {verb(p, 'places', 'place')} {g._nm(c)} on {g._nm(host)}.", p, rid)
        )
    took = bool(d.chosen) or d.stage == 1
    if took:
        g._put(src, "deck")
    g.rng.shuffle(g.z[p]["deck"])
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} "
            + (
                f"{verb(p, 'exchanges', 'exchange')} {g.cd[src].name} with a card of {their(p)} draw pile"
                if took
                else f"{verb(p, 'finds', 'find')} no card to exchange with"
            )
            + f" and {verb(p, 'shuffles', 'shuffle')} {their(p)} draw pile.",
            p,
            rid,
        )
    )


def _do_may_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may draw N cards: asked as a pending decision (``choose`` the card itself: draw; ``choose``
    alone: not), since drawing is not always wanted (redemption.effect.may_draw)."""
    if not g.z[p]["deck"]:
        return
    g.ask(
        Decision(p, src, "may_draw", [src], "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may draw {plural(ab.n, 'card')} for {g.cd[src].name}.",
    )
    d = g.s.pending
    assert d is not None
    d.stage = ab.n  # how many: kept in the decision (a card may say "draw 1, or 3 if ...": two abilities)


def _resolve_may_draw(g: Table, d: Decision, events: list[Event]) -> None:
    p, act = d.chooser, _act_of(g, d)
    if d.chosen:  # an enhancement's, in battle: recorded, as a draw is (redemption.effect.negate)
        _draw_for(
            g, p, d.source, d.stage or act.n, act_place(g.cd[d.source], act), "redemption.effect.may_draw", events
        )
    else:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'draws', 'draw')} nothing.", p))


# --- the Starter E and F verbs: worth N/N, access to sites, protection from a kind of card, a
# character that becomes a Lost Soul instead of being discarded (rules.md: each verb's section) ------------------
def _ability_words(a: Act) -> str:
    """' with a capture ability': the verbs an ``ability`` facet names, in words."""
    v = a.select.get("ability")
    if not v:
        return ""
    names = dict.fromkeys(x.split("_")[0] for x in ((v,) if isinstance(v, str) else v))
    return f" with {an(' or '.join(names))} ability"


def ability_drew(g: Table, p: int, src: str, got: int) -> None:
    """Player p drew ``got`` cards by the ability of card src: each opponent holding a face-up artifact, not negated,
    whose ability says so may draw as many, asked once nothing else is waiting (redemption.effect.gift_draw). Only
    an ability on a character or an enhancement counts."""
    if not got:
        return
    cd, up, negated = g.cd, g.face_up, g.b.negated
    by_char = cd[src].is_character or cd[src].is_enhancement
    for h in g.others(p):
        for a in g.z[h]["artifact_pile"]:
            if a in up and a not in negated and "gift_draw" in cd[a].by_effect:
                n = cd[a].by_effect["gift_draw"].acts[0].n
                # n = 0: as many, by a character's or enhancement's ability; n > 0: n cards, by any good or evil
                # card's draw ability (a Dominant's too; not a neutral card's: a Lost Soul's, an artifact's)
                if (by_char and not n) or (n and cd[src].alignment in ("good", "evil")):
                    g.s.gifts.append((h, n or got, a))


def ask_gift(g: Table, events: list[Event]) -> None:
    """Ask the first waiting gift's holder whether they draw (``choose`` the artifact: draw; ``choose`` alone: not);
    one whose artifact is no longer face up, or whose draw pile is empty, is dropped (redemption.effect.gift_draw)."""
    while g.s.gifts and g.s.pending is None:
        h, n, a = g.s.gifts.pop(0)
        if g.cd[a].type == "lost_soul":  # a Lost Soul just put in play (redemption.lang.trigger.put_in_play)
            if g.loc[a] == (h, "land_of_bondage") and not ask_soul_order(g, h, a, events):
                run_put_in_play(g, h, a, events)
            continue
        if n == BLOCKED and g.cd[a].is_character:  # a Hero was blocked (redemption.lang.trigger.blocked)
            run_blocked(g, h, a, events)
            continue
        if n == 3 and g.cd[a].is_character:  # a character banded in while another's ability asked: its own works now
            if g.in_battle() and g.loc[a] == (h, "field_of_battle"):
                for ab in g.cd[a].abilities:
                    if ab.trigger in ("enters_battle", "blocking") and g.s.pending is None:
                        run(g, h, a, a, ab, "", events)
            continue
        if "gift_draw" not in g.cd[a].by_effect:  # a card in territory: put in play (n 1) or a lone attack (n 2)
            if g.loc[a] == (h, "territory"):
                run_put_in_play(g, h, a, events, "lone_attack" if n == 2 else "put_in_play")
            continue
        if g.loc[a] != (h, "artifact_pile") or a not in g.face_up or not g.z[h]["deck"]:
            continue
        g.ask(
            Decision(h, a, "gift_draw", [a], "up_to", 1, to=list(range(len(g.z)))),
            events,
            f"{who(h, True)} may draw {plural(n, 'card')} for {g.cd[a].name} (choose it to draw, or choose nothing).",
        )
        d = g.s.pending
        assert d is not None
        d.stage = n  # how many: kept in the decision, so a save holds it


# --- several Lost Souls of one player put in play at once: their player orders them (redemption.effect.soul_order) ---
SOUL_ORDER = "soul_order"


def _souls_waiting(g: Table, h: int) -> list[str]:
    """Player h's Lost Souls in their Land of Bondage whose put_in_play ability waits in the queue, first first."""
    cd, loc = g.cd, g.loc
    out = [c for q, n, c in g.s.gifts if q == h and n == 1 and cd[c].type == "lost_soul"]
    return [c for c in dict.fromkeys(out) if loc[c] == (h, "land_of_bondage")]


def ask_soul_order(g: Table, h: int, soul: str, events: list[Event]) -> bool:
    """Lost Soul ``soul`` (just taken from the queue) and others of player h's wait together: h chooses which works
    first (a pending decision; the others wait on, and h is asked again while two or more do). False when it waits
    alone: it works at once (redemption.effect.soul_order)."""
    others = [c for c in _souls_waiting(g, h) if c != soul]
    if not others:
        return False
    g.s.gifts.insert(0, (h, 1, soul))  # it waits with the others until its player says which goes first
    g.ask(
        Decision(h, soul, SOUL_ORDER, [soul, *others], "one", to=list(range(len(g.z)))),
        events,
        f"{who(h, True)} {verb(h, 'chooses', 'choose')} which of {their(h)} {len(others) + 1} Lost Souls put in play "
        "works first.",
    )
    return True


def _resolve_soul_order(g: Table, d: Decision, events: list[Event]) -> None:
    """The Lost Soul chosen works now; the others wait in the queue (redemption.effect.soul_order)."""
    h, (c,) = d.chooser, d.chosen
    if (h, 1, c) in g.s.gifts:
        g.s.gifts.remove((h, 1, c))
    if g.loc[c] == (h, "land_of_bondage"):
        run_put_in_play(g, h, c, events)


def _resolve_gift(g: Table, d: Decision, events: list[Event]) -> None:
    h = d.chooser
    if d.chosen:
        g._draw(h, max(1, d.stage), events, f"for {g.cd[d.source].name}", "redemption.effect.gift_draw")
    else:
        events.append(Event.said("effect", f"{who(h, True)} {verb(h, 'draws', 'draw')} nothing.", h))


def _do_search_bondage(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Search the opponent's draw pile (revealed to p alone) for a card that fits (a Lost Soul) and put it into that
    player's Land of Bondage; the search may find none; then the pile is shuffled (redemption.effect.search_bondage)."""
    q = g.opponent(p)
    deck = g.z[q]["deck"]
    if not deck:
        events.append(Event.said("effect", f"{whose(q, True)} draw pile is empty: nothing to search.", p))
        return
    cd = g.cd
    options = [c for c in deck if matches(cd[c], ab.filter)]
    g.ask(
        Decision(p, src, "search_bondage", options, "up_to", 1, revealed=deck[:], to=[p]),
        events,
        f"{who(p, True)} {verb(p, 'searches', 'search')} {whose(q)} draw pile for {an(filter_text(ab.filter, 'card'))}.",
    )


def _resolve_search_bondage(g: Table, d: Decision, events: list[Event]) -> None:
    p = d.chooser
    q = g.loc[d.revealed[0]][0] if d.revealed else g.opponent(p)  # whose pile was searched
    for c in d.chosen:
        g._move(c, q, "land_of_bondage")
        events.append(
            Event.said(
                "effect",
                f"{g.cd[d.source].name} puts {g._nm(c)} from {whose(q)} draw pile into {their(q)} Land of Bondage.",
                p,
                "redemption.effect.search_bondage",
            )
        )
    g.rng.shuffle(g.z[q]["deck"])
    if not d.chosen:
        events.append(
            Event.said(
                "effect", f"{who(p, True)} {verb(p, 'finds', 'find')} none; {whose(q)} draw pile is shuffled.", p
            )
        )


def bondage_instead(g: Table, c: str, events: list[Event]) -> bool:
    """Character c in battle is about to be discarded: its own ``to_bondage`` ability (trigger
    about_to_be_discarded) puts it into its opponent's Land of Bondage instead, a Lost Soul there; what sat on it is
    discarded. True when it did (redemption.effect.to_bondage)."""
    card = g.cd[c]
    if g.loc[c][1] != "field_of_battle" or not any(
        ab.trigger == "about_to_be_discarded" and ab.effect == "to_bondage" for ab in card.abilities
    ):
        return False
    q = g.owner(c)
    opp = g.opponent(q)
    for a in [x for x, h in g.attached.items() if h == c]:
        del g.attached[a]
        g._move(a, g.owner(a), "discard")
    g._move(c, opp, "land_of_bondage")
    events.append(
        Event.said(
            "effect",
            f"{g._nm(c)} is about to be discarded: instead it goes to {whose(opp)} Land of Bondage, a Lost Soul there.",
            q,
            "redemption.effect.to_bondage",
        )
    )
    return True


def _do_look_hand(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Look at an opponent's hand (or Reserve: the selector's zone): the cards are revealed to the player alone, as a
    pending decision with nothing to choose that the player closes with ``choose`` (redemption.effect.look_hand)."""
    q = g.opponent(p)
    zone = ab.select.zones[0] if ab.select.zones else "hand"
    cards = g.z[q]["reserve" if zone == "reserve" else "hand"][:]
    what = f"{whose(q)} {_PILE_NAMES.get(zone, zone)}"
    if not cards:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'looks', 'look')} at {what}: it is empty.", p))
        return
    g.ask(
        Decision(p, src, "look_hand", [], "up_to", 1, revealed=cards, to=[p]),
        events,
        f"{who(p, True)} {verb(p, 'looks', 'look')} at {what} for {g.cd[src].name} (choose alone when done).",
    )


def _resolve_look_hand(g: Table, d: Decision, events: list[Event]) -> None:
    p = d.chooser
    events.append(
        Event.said("effect", f"{who(p, True)} {verb(p, 'has', 'have')} looked at {plural(len(d.revealed), 'card')}.", p)
    )


def _do_withdraw_self(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may withdraw this character from battle to their territory: asked as a pending decision
    (``choose`` the character: withdraw; ``choose`` alone: stay) (redemption.effect.withdraw_self)."""
    if not g.in_battle() or g.loc[src][1] != "field_of_battle":
        return
    g.ask(
        Decision(p, src, "withdraw_self", [src], "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may withdraw {g.cd[src].name} from battle (choose it to withdraw, or choose nothing).",
    )


def _resolve_withdraw_self(g: Table, d: Decision, events: list[Event]) -> None:
    p, c = d.chooser, d.source
    if not d.chosen or not g.in_battle() or g.loc[c][1] != "field_of_battle":
        events.append(Event.said("effect", f"{g._nm(c)} stays in battle.", p))
        return
    events.append(
        Event.said(
            "effect", f"{g._nm(c)} withdraws from battle to {whose(p)} territory.", p, "redemption.effect.withdraw_self"
        )
    )
    g._leave_battle(c, "territory", events)


def _deck_types(ab: Act) -> tuple[str, ...]:
    t = ab.select.get("type", "lost_soul")
    return tuple(t) if isinstance(t, tuple) else (t,)


def _ask_from_deck(g: Table, p: int, src: str, ab: Act, stage: int, events: list[Event]) -> None:
    """Ask for the card of the stage-th type the selector names (the cards that fit are shown to the player alone);
    when every type has been asked, the draw piles searched are shuffled."""
    types = _deck_types(ab)
    while stage < len(types):
        want = types[stage]
        sel = ab.select
        if want == "lost_soul":  # "a Lost Soul and a I Samuel character": the other facets describe the character
            sel = Selector(tuple((k, v) for k, v in sel.facets if k in ("zone", "owner")))
        options = [c for c in select(g, p, sel) if matches(g.cd[c], (("type", want),))]
        if options:
            g.ask(
                Decision(p, src, "play_from_deck", options, "up_to", 1, revealed=options[:], to=[p], stage=stage),
                events,
                f"{who(p, True)} may play {an(TYPE_NAMES.get(want, want))} from a draw pile for {g.cd[src].name}.",
            )
            return
        stage += 1
    o = ab.select.owner
    seats = (
        [p]
        if o == "you"
        else [g.opponent(p)]
        if o == "opponent"
        else g.others(p)
        if o == "opponents"
        else g.others(p) + [p]
    )
    for q in seats:
        g.rng.shuffle(g.z[q]["deck"])
    events.append(
        Event.said(
            "effect", f"{g.cd[src].name}: the draw piles searched are shuffled.", p, "redemption.effect.play_from_deck"
        )
    )


def _do_play_from_deck(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Play a card that fits from a draw pile (yours or an opponent's, as the selector says): a Lost Soul goes into
    its owner's Land of Bondage, a character into its owner's territory; a list of types plays one of each, asked in
    turn; then the draw piles searched are shuffled (redemption.effect.play_from_deck)."""
    _ask_from_deck(g, p, src, ab, 0, events)


def _resolve_play_from_deck(g: Table, d: Decision, events: list[Event]) -> None:
    p, src, ab = d.chooser, d.source, _act_of(g, d)
    for c in d.chosen:
        q, card = g.owner(c), g.cd[c]
        if card.is_character and g._unique_clash(q, c) is not None:
            continue  # a second copy of a unique character in play stays in the pile (redemption.unique)
        g._put(c, "land_of_bondage" if card.type == "lost_soul" else "territory")
        if card.type == "lost_soul" and any(a.trigger == "put_in_play" for a in card.abilities):
            g.s.gifts.append((q, 1, c))  # put in play: its ability works once nothing waits
        where = "Land of Bondage" if card.type == "lost_soul" else "territory"
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} plays {g._nm(c)} from {whose(q)} draw pile into {their(q)} {where}.",
                p,
                "redemption.effect.play_from_deck",
            )
        )
    _ask_from_deck(g, p, src, ab, d.stage + 1, events)


def _do_discard_self_to(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may discard this card to discard a card that fits: asked as a pending decision among the cards a
    discard may hit (``choose`` one: this card and it are discarded; ``choose`` alone: nothing happens)
    (redemption.effect.discard_self_to)."""
    if g.loc[src][1] == "discard":
        return
    options = protected_from(g, g.cd[src], _typed_in_play(g, p, ab, host))
    if not options:
        events.append(
            Event("effect", f"{g.cd[src].name}: nothing it could discard.", p, "redemption.effect.discard_self_to")
        )
        return
    g.ask(
        Decision(p, src, ab.verb, options, "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may discard {g.cd[src].name} to discard {an(filter_text(ab.filter, 'card'))} "
        "(choose it, or choose nothing).",
    )


def _resolve_discard_self_to(g: Table, d: Decision, events: list[Event]) -> None:
    p, src = d.chooser, d.source
    if not d.chosen or g.loc[src][1] == "discard":
        events.append(Event.said("effect", f"{g.cd[src].name} stays.", p))
        return
    if g.in_battle() and src in g.b.played:  # it leaves the battle: its numbers stop counting
        g.b.played.remove(src)
    g.attached.pop(src, None)
    if d.effect == "underdeck_self_to":  # redemption.effect.underdeck_self_to
        c = d.chosen[0]
        g.face_up.discard(src)
        g._put(src, "deck")
        if g.loc[c][1] == "field_of_battle" and g.cd[c].is_character:
            g._leave_battle(c, "territory", events)
        g._put(c, "deck")
        events.append(
            Event.said(
                "effect",
                f"{g.cd[src].name} goes under its owner's draw pile, and {g._nm(c)} under its owner's.",
                p,
                "redemption.effect.underdeck_self_to",
            )
        )
        return
    g._to_discard(src, events, " by its own ability", "redemption.effect.discard_self_to")
    _discard_typed(g, p, src, "", d.chosen[0], events)


def _do_exchange_self(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may exchange this character in battle with a card that fits from their own Reserve or discard pile
    (redemption.effect.exchange_self): the cards that fit are shown to the player alone; ``choose`` one, or none."""
    if not g.in_battle() or g.loc[src][1] != "field_of_battle":
        return
    options = [c for c in select(g, p, ab.select) if c != src and g._unique_clash(p, c) in (None, src)]
    if not options:
        events.append(
            Event("effect", f"{g.cd[src].name}: no card to exchange it with.", p, "redemption.effect.exchange_self")
        )
        return
    g.ask(
        Decision(p, src, "exchange_self", options, "up_to", 1, revealed=options[:], to=[p]),
        events,
        f"{who(p, True)} may exchange {g.cd[src].name} with {an(filter_text(ab.filter, 'card'))} from "
        f"{their(p)} {_piles_words(ab)}.",
    )


def _resolve_exchange_self(g: Table, d: Decision, events: list[Event]) -> None:
    """The chosen card takes this one's place in battle (placed: its ability does not work), what sat on this one
    sits on it now, and this one goes where the chosen card was."""
    p, src = d.chooser, d.source
    if not d.chosen or not g.in_battle() or g.loc[src][1] != "field_of_battle":
        events.append(Event.said("effect", f"{g._nm(src)} stays in battle.", p))
        return
    (c,) = d.chosen
    where = g.loc[c][1]
    for a in [x for x, h in g.attached.items() if h == src]:
        g.attached[a] = c
    g._move(c, p, "field_of_battle")
    if src not in g.b.left:  # it left this battle (redemption.battle.reenter)
        g.b.left.append(src)
    g._put(src, where)
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {verb(p, 'exchanges', 'exchange')} {g._nm(src)} with {g._nm(c)}: {g.cd[c].name} is in "
            f"battle now, {g.cd[src].name} in {their(p)} {_PILE_NAMES.get(where, where)}.",
            p,
            "redemption.effect.exchange_self",
        )
    )


def _do_underdeck_or_pay(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may underdeck a character that fits (``choose`` one, or none); that character's owner may put a card
    of the character's alignment from their hand under their draw pile instead (redemption.effect.underdeck_or_pay)."""
    options = protected_from(g, g.cd[src], select(g, p, ab.select))
    if not options:
        events.append(
            Event("effect", f"{g.cd[src].name}: nothing to underdeck.", p, "redemption.effect.underdeck_or_pay")
        )
        return
    g.ask(
        Decision(p, src, "underdeck_or_pay", options, "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may choose {an(filter_text(ab.filter, 'card'))} to put under its owner's draw pile.",
    )


def _resolve_underdeck_or_pay(g: Table, d: Decision, events: list[Event]) -> None:
    p, src, rid = d.chooser, d.source, "redemption.effect.underdeck_or_pay"
    if d.stage == 0:
        if not d.chosen:
            events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'underdecks', 'underdeck')} nothing.", p))
            return
        (c,) = d.chosen
        q, align = g.owner(c), g.cd[c].alignment
        instead = [x for x in g.z[q]["hand"] if g.cd[x].alignment == align]
        if instead:
            g.ask(
                Decision(q, src, "underdeck_or_pay", instead, "up_to", 1, revealed=[c], to=[q], stage=1),
                events,
                f"{who(q, True)} may put a {align} card from {their(q)} hand under {their(q)} draw pile instead of "
                f"{g.cd[c].name} (choose it, or choose nothing).",
            )
            return
        chosen_char, paid = c, ""
    else:
        chosen_char, paid = d.revealed[0], (d.chosen[0] if d.chosen else "")
    if paid:
        q = g.owner(paid)
        g._put(paid, "deck")
        events.append(
            Event.said(
                "effect",
                f"{who(q, True)} {verb(q, 'puts', 'put')} a card from {their(q)} hand under {their(q)} "
                f"draw pile instead: {g._nm(chosen_char)} stays.",
                q,
                rid,
            )
        )
        return
    if g.loc[chosen_char][1] == "field_of_battle":
        g._leave_battle(chosen_char, "territory", events)
    g._put(chosen_char, "deck")
    events.append(
        Event.said("effect", f"{g.cd[src].name} puts {g._nm(chosen_char)} under its owner's draw pile.", p, rid)
    )


def _do_dominant_band(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """A Dominant's band: the player's character in battle (the one its condition names) may band to up to N
    characters that fit from their hand or territory, asked as a band's decision (redemption.effect.dominant_band)."""
    if not g.in_battle() or not g.battle_chars(p):
        return
    chars = g.battle_chars(p)
    by = next((c for c in chars if g.cd[c].type == ab.select.get("type")), chars[0])
    options = _band_targets(g, p, ab, by)
    if not options:
        events.append(Event.said("effect", f"{g.cd[src].name}: no character can band in.", p, "redemption.effect.band"))
        return
    most = ab.select.most if ab.select.up_to else 1
    g.ask(
        Decision(p, src, "band", options, "up_to", most, to=[p]),
        events,
        f"{who(p, True)} may band up to {most} of {their(p)} characters in hand or territory into battle for "
        f"{g.cd[src].name}.",
    )


def _in_battle_now(g: Table, p: int, ab: Act) -> bool:
    return g.in_battle() and bool(g.battle_chars(p))


def _heroes_in_territories(g: Table, p: int, src: str) -> list[str]:
    sel = Selector((("owner", "any"), ("type", "hero"), ("zone", "territory")))
    return protected_from(g, g.cd[src], _typed_in_play(g, p, Act("discard_type", sel), ""))


def _addable(g: Table, p: int, ab: Act) -> list[str]:
    """The player's characters that fit and may be added to the battle under way on their side."""
    if not g.in_battle() or not g.battle_chars(p):
        return []
    return [c for c in select(g, p, ab.select) if not g._kept_out(c) and g._unique_clash(p, c) is None]


def _do_discard_to_add(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may discard a Hero in a territory to add a character of theirs that fits to the battle under way
    (redemption.effect.discard_to_add): first the Hero (``choose`` one, or none), then the character to add."""
    heroes, adds = _heroes_in_territories(g, p, src), _addable(g, p, ab)
    if not heroes or not adds:
        events.append(
            Event(
                "effect",
                f"{g.cd[src].name}: no Hero to discard or no character to add.",
                p,
                "redemption.effect.discard_to_add",
            )
        )
        return
    g.ask(
        Decision(p, src, "discard_to_add", heroes, "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may discard a Hero in a territory to add {an(filter_text(ab.filter, 'character'))} to battle "
        "(choose the Hero, or choose nothing).",
    )


def _resolve_discard_to_add(g: Table, d: Decision, events: list[Event]) -> None:
    p, src, ab, rid = d.chooser, d.source, _act_of(g, d), "redemption.effect.discard_to_add"
    if d.stage == 0:
        if not d.chosen:
            events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'discards', 'discard')} no Hero.", p))
            return
        (hero,) = d.chosen
        _discard_typed(g, p, src, "", hero, events)
        adds = _addable(g, p, ab)
        if adds:
            g.ask(
                Decision(p, src, "discard_to_add", adds, "one", to=[p], stage=1),
                events,
                f"{who(p, True)} {verb(p, 'chooses', 'choose')} the character {g.cd[src].name} adds to battle.",
            )
        return
    (c,) = d.chosen
    g.b.effects.append((src, "band", c, g.loc[c][1], d.at))
    g._enter_battle(p, c, events, verb(p, "adds", "add") + " to battle", f" with {g.cd[src].name}", rid)


def run_put_in_play(g: Table, p: int, soul: str, events: list[Event], trigger: str = "put_in_play") -> None:
    """Card ``soul`` was put in play for player p (a Lost Soul in their Land of Bondage, a fortress in their
    territory), or (trigger lone_attack) a lone Hero of p's attacked: its abilities with that trigger work for p, one
    of two alternatives asked first (redemption.lang.trigger.put_in_play, lone_attack)."""
    for ab in g.cd[soul].abilities:
        if ab.trigger != trigger or g.s.pending is not None:
            continue
        if ab.choose_one:
            first, second = (VERBS[a.verb].text(a, ab.trigger, None).rstrip(".") for a in ab.acts)
            g.ask(
                Decision(
                    p,
                    soul,
                    "choose_one",
                    [soul],
                    "up_to",
                    1,
                    to=list(range(len(g.z))),
                    at=act_place(g.cd[soul], ab.acts[0]),
                ),
                events,
                f"{who(p, True)} {verb(p, 'chooses', 'choose')} for {g.cd[soul].name}: {first} (choose it), or "
                f"{second} (choose nothing).",
            )
            return
        _run_acts(g, p, soul, soul, in_order(ab), "", events)


#: the queue's mark (``Gift``'s number) of a Hero's "when blocked" ability waiting (redemption.lang.trigger.blocked)
BLOCKED = 4


def blocked(g: Table, a: int) -> None:
    """An Evil Character just blocked player a's characters in battle: each of them with a "when blocked" ability
    waits in the queue, in the order they are in battle, and works once the blocker's own abilities are done and
    nothing else waits (REG 5.0 *Ability Activation Order*: the blocked status is verified at step 6, triggered
    abilities activate at step 9; redemption.lang.trigger.blocked)."""
    cd = g.cd
    for c in g.battle_chars(a):
        if any(ab.trigger == "blocked" for ab in cd[c].abilities):
            g.s.gifts.append((a, BLOCKED, c))


def run_blocked(g: Table, p: int, c: str, events: list[Event]) -> None:
    """Character c's "when blocked" abilities work for p, if it is still in a battle with a blocker (a blocker
    removed before they work leaves nothing to be blocked by)."""
    if not (g.b.kind and g.loc[c] == (p, "field_of_battle") and g.battle_chars(g.b.defender)):
        return
    for ab in g.cd[c].abilities:
        if ab.trigger == "blocked" and g.s.pending is None:
            use(g, p, c, c, ab, "", events)


def put_in_play(g: Table, p: int, c: str) -> None:
    """Card c was just put in play for p (a fortress into territory): its put_in_play abilities wait in the queue."""
    if any(ab.trigger == "put_in_play" for ab in g.cd[c].abilities):
        g.s.gifts.append((p, 1, c))


def lone_attack(g: Table, p: int, hero: str) -> None:
    """Player p's Hero just attacked alone: each card in p's territory whose lone_attack ability's condition the Hero
    meets waits in the queue (redemption.lang.trigger.lone_attack)."""
    cd = g.cd
    for c in g.z[p]["territory"]:
        if c in g.attached or not cd[c].abilities:
            continue
        for ab in cd[c].abilities:
            if ab.trigger == "lone_attack" and condition_holds(g, p, hero, ab.condition):
                g.s.gifts.append((p, 2, c))
                break


def run_activate(g: Table, p: int, c: str, ab: Ability, events: list[Event]) -> None:
    """An artifact's ability that works when it is activated (other than a plain draw): its effects in order, for
    its player (redemption.lang.trigger.activate)."""
    if ab.condition and not condition_holds(g, p, c, ab.condition):
        return
    if ab.choose_one:  # "A or B" as it is activated: its player chooses (redemption.lang.choose_one)
        first, second = (VERBS[a.verb].text(a, ab.trigger, None).rstrip(".") for a in ab.acts)
        g.ask(
            Decision(p, c, "choose_one", [c], "up_to", 1, to=list(range(len(g.z))), at=act_place(g.cd[c], ab.acts[0])),
            events,
            f"{who(p, True)} {verb(p, 'chooses', 'choose')} for {g.cd[c].name}: {first} (choose it), or {second} "
            "(choose nothing).",
        )
        return
    _run_acts(g, p, c, c, in_order(ab), "", events)


def _blockers(g: Table, p: int, ab: Act) -> list[str]:
    b = g.b
    if not b.kind or b.step != "block" or g.s.active != p:
        return []
    return [
        c
        for c in select(g, p, ab.select)
        if g.owner(c) == b.defender and not g._kept_out(c) and g._unique_clash(g.owner(c), c) is None
    ]


def _do_choose_blocker(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """As the attacking Hero enters battle, its player may choose the opposing character that blocks it: the
    defender's character that fits enters the battle as its blocker (redemption.effect.choose_blocker)."""
    options = protected_from(g, g.cd[src], _blockers(g, p, ab))
    if not options:
        return
    g.ask(
        Decision(p, src, "choose_blocker", options, "up_to", 1, to=list(range(len(g.z)))),
        events,
        f"{who(p, True)} may choose the character that blocks {g.cd[src].name} (choose it, or choose nothing).",
    )


def _resolve_choose_blocker(g: Table, d: Decision, events: list[Event]) -> None:
    p, src = d.chooser, d.source
    if not d.chosen or g.b.step != "block":
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'chooses', 'choose')} no blocker.", p))
        return
    (c,) = d.chosen
    q = g.owner(c)
    g.b.effects.append((src, "band", c, g.loc[c][1], d.at))  # a negate of the Hero sends it back
    g._enter_battle(
        q,
        c,
        events,
        "must block with",
        f", chosen by {who(p)} with {g.cd[src].name}",
        "redemption.effect.choose_blocker",
    )
    g.b.step, g.b.last_actor, g.b.passes = "initiative", q, 0
    blocked(
        g, g.s.active
    )  # a chosen blocker blocks: the Heroes' "when blocked" abilities (redemption.lang.trigger.blocked)


def _do_exchange_hand(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may exchange a card of their hand with a card that fits from their draw pile: first the hand's card
    (``choose`` one, or none), then the pile's (shown to them alone); the hand's card goes into the pile, which is
    shuffled (redemption.effect.exchange_hand)."""
    hand, fits = g.z[p]["hand"], select(g, p, ab.select)
    if not hand or not fits:
        events.append(
            Event.said("effect", f"{g.cd[src].name}: nothing to exchange.", p, "redemption.effect.exchange_hand")
        )
        return
    g.ask(
        Decision(p, src, "exchange_hand", hand[:], "up_to", 1, to=[p]),
        events,
        f"{who(p, True)} may exchange a card from {their(p)} hand with {an(filter_text(ab.filter, 'card'))} from "
        f"{their(p)} draw pile (choose the hand's card, or choose nothing).",
    )


def _resolve_exchange_hand(g: Table, d: Decision, events: list[Event]) -> None:
    p, src, ab, rid = d.chooser, d.source, _act_of(g, d), "redemption.effect.exchange_hand"
    if d.stage == 0:
        if not d.chosen:
            events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'exchanges', 'exchange')} nothing.", p))
            return
        fits = select(g, p, ab.select)
        g.ask(
            Decision(p, src, "exchange_hand", fits, "one", revealed=[*g.z[p]["deck"], d.chosen[0]], to=[p], stage=1),
            events,
            f"{who(p, True)} {verb(p, 'chooses', 'choose')} the card of {their(p)} draw pile to take.",
        )
        return
    given = next(c for c in d.revealed if c not in g.z[p]["deck"])
    (taken,) = d.chosen
    g._move(taken, p, "hand")
    g._put(given, "deck")
    g.rng.shuffle(g.z[p]["deck"])
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {verb(p, 'exchanges', 'exchange')} a card from {their(p)} hand with one of {their(p)} draw "
            f"pile and {verb(p, 'shuffles', 'shuffle')} it.",
            p,
            rid,
        )
    )


def _do_underdeck_to_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Its player may put a card of their hand under their draw pile (``choose`` it, or none) to draw N
    (redemption.effect.underdeck_to_draw)."""
    hand = g.z[p]["hand"]
    if not hand:
        return
    g.ask(
        Decision(p, src, "underdeck_to_draw", hand[:], "up_to", 1, to=[p]),
        events,
        f"{who(p, True)} may put a card from {their(p)} hand under {their(p)} draw pile to draw "
        f"{plural(max(1, ab.n), 'card')} (choose it, or choose nothing).",
    )


def _resolve_underdeck_to_draw(g: Table, d: Decision, events: list[Event]) -> None:
    p, ab = d.chooser, _act_of(g, d)
    if not d.chosen:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'keeps', 'keep')} {their(p)} hand.", p))
        return
    g._put(d.chosen[0], "deck")
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {verb(p, 'puts', 'put')} a card from {their(p)} hand under {their(p)} draw pile.",
            p,
            "redemption.effect.underdeck_to_draw",
        )
    )
    before = len(g.z[p]["hand"])
    g._draw(p, max(1, ab.n), events, f"for {g.cd[d.source].name}", "redemption.effect.underdeck_to_draw")
    ability_drew(g, p, d.source, len(g.z[p]["hand"]) - before)


def _do_prevent_next(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """The next enhancement that fits, of another player, played in this battle has its ability prevented (its
    numbers still count): the mark is how many had been played when this worked (continuous.prevented)."""
    if not g.in_battle():
        return
    g.b.marks[src] = len(g.b.played)
    events.append(
        Event(
            "effect",
            f"{g.cd[src].name}: the next opposing {filter_text(ab.filter, 'card')} played in this battle does nothing "
            "(its numbers count).",
            p,
            "redemption.effect.prevent_next",
        )
    )


def saved_from_discard(g: Table, c: str, events: list[Event]) -> bool:
    """Character c in play is about to be discarded: its own ``save_self`` ability (trigger about_to_be_discarded)
    returns it to its owner's territory instead, with the N/N it says, the first time only (the change of numbers
    it leaves, made by the card itself, says it was used; a card that leaves play is a new card). True when it was
    saved (redemption.effect.save_self). A ``to_bondage`` ability puts it into a Land of Bondage instead
    (:func:`bondage_instead`)."""
    if "to_bondage" in g.cd[c].by_effect and bondage_instead(g, c, events):
        return True
    for ab in g.cd[c].abilities:
        if ab.trigger != "about_to_be_discarded" or ab.effect != "save_self":
            continue
        if any(m[0] == c and m[4] == c for m in g.s.mods):
            return False
        act, q = ab.acts[0], g.owner(c)
        for a in [x for x, h in g.attached.items() if h == c]:
            del g.attached[a]
            g._move(a, g.owner(a), "discard")
        g._move(c, q, "territory")
        g.s.mods.append((c, act.strength, act.toughness, 0, c))
        events.append(
            Event.said(
                "effect",
                f"{g._nm(c)} is about to be discarded: it returns to {their(q)} territory instead and gains "
                f"{act.strength}/{act.toughness} (the first time only).",
                q,
                "redemption.effect.save_self",
            )
        )
        return True
    return False


def _resolve_choose_one(g: Table, d: Decision, events: list[Event]) -> None:
    """The answer to an ability with two alternatives: the card itself chosen, the first effect; none, the second
    (redemption.lang.choose_one)."""
    src = d.source
    ab = _ability_asking(g, d, "choose_one")
    act = ab.acts[0 if d.chosen else 1]
    _run_acts(g, d.chooser, src, g.attached.get(src, src), (act,), "", events, asking=True)


# --- protection from a kind of card, and "you may" (redemption.effect.protect_from, redemption.lang.may) ----------
def _do_protect_from(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Every card the selector takes now is protected, as long as the duration says, from the abilities of the cards
    that fit ``against``: each carries a mark (a change of 0/0 made by src) that ``continuous.protected_from``
    reads; the cards are the ones that fit when it works (redemption.effect.protect_from)."""
    hit = select(g, p, ab.select)
    until = _until(g, p, ab)
    for c in hit:
        g.s.mods.append((c, 0, 0, until, src))
    what = filter_text(ab.against, "card", plural=True)
    events.append(
        Event(
            "effect",
            f"{g.cd[src].name}: {plural(len(hit), 'card')} protected from {what}{_HOW.get(ab.duration, '')}.",
            p,
            "redemption.effect.protect_from",
        )
    )


def _protected_words(a: Act) -> str:
    """The cards a protect_from protects, in words ("Hero not in battle")."""
    text = filter_text(a.filter)
    d = dict(a.select.facets)
    if "in_battle" in d:
        text += " in battle" if d["in_battle"] else " not in battle"
    return text


def protected_from(g: Table, card: Card, cards: list[str]) -> list[str]:
    """``cards`` without the ones protected now from the abilities of a card like ``card``
    (redemption.effect.protect_from: a protected card is not offered as a target)."""
    cd = g.cd
    if not g.s.mods and not any("protect_lone" in cd[c].by_effect for c in cards):
        return cards
    return [c for c in cards if not continuous.protected_from(g, c, card)]


def _mark_used(g: Table, host: str, ab: Ability) -> None:
    """An ability that works once per game has been used: the character that used it (a character's own ability:
    itself) is recorded (redemption.lang.condition.once_per_game)."""
    if any(c == "once_per_game" for c, _ in ab.condition) and host not in g.s.used:
        g.s.used.append(host)


def _resolve_may(g: Table, d: Decision, events: list[Event]) -> None:
    """The answer to "you may ...": the card itself chosen, its ability's effects happen, in order; none, nothing
    of it happens (redemption.lang.may)."""
    src, p = d.source, d.chooser
    ab = _ability_asking(g, d, "may")
    if not d.chosen:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'uses', 'use')} nothing of {g.cd[src].name}.", p))
        return
    _mark_used(g, g.attached.get(src, src), ab)
    _run_acts(g, p, src, g.attached.get(src, src), in_order(ab), "", events, asking=True)


def fire_watchers(g: Table, winners: list[str], trigger: str, events: list[Event]) -> None:
    """Cards in play watching for characters: a face-up artifact whose ability has this trigger (wins_battle: "if
    Moses wins a battle") works when one of ``winners`` fits its effect's selector (redemption.lang.trigger.wins_battle)."""
    cd = g.cd
    for q, zones in enumerate(g.z):
        for a in list(zones["artifact_pile"]):
            if a not in g.face_up or not cd[a].abilities:
                continue
            for ab in cd[a].abilities:
                if ab.trigger != trigger:
                    continue
                for act in ab.acts:
                    do = VERBS[act.verb].do
                    if do is not None and any(matches(cd[c], act.select.card) for c in winners):
                        do(g, q, a, a, act, "", events)
                        _stamp(g, a, act)


def _do_discard_self(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """The card discards itself (redemption.effect.discard_self)."""
    if g.loc[src][1] != "discard":
        g._to_discard(src, events, " by its own ability", "redemption.effect.discard_self")


def fire(g: Table, p: int, c: str, trigger: str, events: list[Event]) -> None:
    """Carry out character c's own abilities with this trigger (successful_rescue, wins_battle): its player p,
    the character its own host (the rules.md sections redemption.lang.trigger.successful_rescue and wins_battle)."""
    for ab in g.cd[c].abilities:
        if ab.trigger != trigger:
            continue
        if ab.condition and not condition_holds(g, p, c, ab.condition):
            continue
        for act in ab.acts:
            v = VERBS[act.verb]
            if v.do is not None:
                v.do(g, p, c, c, act, "", events)
                _stamp(g, c, act)


def _do_opponents_discard(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Each opponent, in turn order from p's left, discards a card of their choice from their hand; with
    ``owner = "opponent"``, the one opponent (the other side of the battle) only (redemption.effect.opponents_discard)."""
    _ask_discard(g, p, src, ab, [g.opponent(p)] if ab.select.owner == "opponent" else g.others(p), events)


def _discardable(g: Table, q: int, act: Act) -> list[str]:
    """The cards player q may discard for an opponents_discard: the hand; with zones written, the cards of q's there
    that fit the selector's card facets ("an evil card from hand or battle": the hand and q's cards in battle)."""
    sel = act.select
    if not sel.zones:
        return g.z[q]["hand"][:]
    cd, out = g.cd, []
    for word in sel.zones:
        zones, no_attached = ZONE_WORDS[word]
        for zone in zones:
            for c in g.z[q][zone]:  # type: ignore[index]  # the zone words name zones
                if not (no_attached and c in g.attached) and matches(cd[c], sel.card) and c not in out:
                    out.append(c)
    return out


def _ask_discard(g: Table, p: int, src: str, act: Act, queue: list[int], events: list[Event]) -> None:
    for q in queue:
        options = _discardable(g, q, act)
        if options:
            where = f"{their(q)} hand" if not act.select.zones else "what the card allows"
            g.ask(
                Decision(q, src, "opponents_discard", options, "one", to=[q]),
                events,
                f"{who(q, True)} must discard a card from {where} for {g.cd[src].name}.",
            )
            return
        events.append(Event.said("effect", f"{who(q, True)} {verb(q, 'has', 'have')} no card to discard.", q))


def _act_by_verb(g: Table, src: str, name: str) -> Act | None:
    """The first effect of card src with this verb (None: what it did was written under another verb's name, as
    choose-opponent writes the withdrawals and the band it makes)."""
    return next((a for ab in g.cd[src].abilities for a in ab.acts if a.verb == name), None)


def _resolve_opponents_discard(g: Table, d: Decision, events: list[Event]) -> None:
    q, src = d.chooser, d.source
    (c,) = d.chosen
    rid = "redemption.effect.opponents_discard"
    where = g.loc[c][1]
    if where == "hand":
        g._to_discard(c, events, f" from {whose(q)} hand for {g.cd[src].name}", rid)
    elif where == "field_of_battle" and g.cd[c].is_character and c not in g.attached:
        events.append(
            Event.said("effect", f"{who(q, True)} {verb(q, 'discards', 'discard')} {g._nm(c)} from battle.", q)
        )
        g._leave_battle(c, "discard", events)
    else:  # a card in battle on a character: it stops counting there (as discard_type's)
        if g.in_battle() and c in g.b.played:
            g.b.played.remove(c)
            for table in (g.b.ignored, g.b.protected):
                for x in [x for x, s in table.items() if s == c]:
                    del table[x]
        g._to_discard(c, events, f" for {g.cd[src].name}", rid)
    act = _act_of(g, d)
    if act.select.owner == "opponent":  # one opponent only: nobody else is asked
        return
    others = g.others(g.owner(src))
    _ask_discard(g, g.owner(src), src, act, others[others.index(q) + 1 :], events)


def _do_opponents_pile(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Each opponent, in turn order from p's left, puts a card of their choice that fits from their hand on top of
    (opponent_topdecks) or under (opponent_underdecks) their draw pile (redemption.effect.opponent_topdecks)."""
    _ask_pile(g, src, ab, g.others(p), events)


def _ask_pile(g: Table, src: str, ab: Act, queue: list[int], events: list[Event]) -> None:
    where = "on top of" if ab.verb == "opponent_topdecks" else "under"
    for q in queue:
        options = [c for c in g.z[q]["hand"] if matches(g.cd[c], ab.filter)]
        if options:
            g.ask(
                Decision(q, src, ab.verb, options, "one", to=[q]),
                events,
                f"{who(q, True)} must put {an(filter_text(ab.filter, 'card'))} from {their(q)} hand {where} "
                f"{their(q)} draw pile for {g.cd[src].name}.",
            )
            return
        events.append(
            Event.said(
                "effect", f"{who(q, True)} {verb(q, 'has', 'have')} no {filter_text(ab.filter, 'card')} in hand.", q
            )
        )


def _resolve_opponents_pile(g: Table, d: Decision, events: list[Event]) -> None:
    q, src = d.chooser, d.source
    (c,) = d.chosen
    top = d.effect == "opponent_topdecks"
    g._put(c, "deck", top=top)
    events.append(  # the card stays hidden
        Event.said(
            "effect",
            f"{who(q, True)} {verb(q, 'puts', 'put')} a card from {their(q)} hand {'on top of' if top else 'under'} "
            f"{their(q)} draw pile for {g.cd[src].name}.",
            q,
            f"redemption.effect.{d.effect}",
        )
    )
    others = g.others(g.owner(src))  # the card may have changed hands since (a redirect): then nobody else is asked
    _ask_pile(g, src, _act_of(g, d), others[others.index(q) + 1 :] if q in others else [], events)


def _most_player(g: Table, p: int, ab: Act) -> int:
    """The player with strictly more of the selector's cards in territory than every other, or -1 (a tie)."""
    counts = [
        sum(1 for c in g.z[q]["territory"] if c not in g.attached and matches(g.cd[c], ab.filter))
        for q in range(len(g.z))
    ]
    best = max(counts)
    return counts.index(best) if best > 0 and counts.count(best) == 1 else -1


def _do_draw_most(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """The player with the most cards that fit in territory may draw N (a tie: nobody): that player is asked
    (redemption.effect.draw_most)."""
    q, rid = _most_player(g, p, ab), "redemption.effect.draw_most"
    what = filter_text(ab.filter, plural=True)
    if q < 0:
        events.append(Event("effect", f"{g.cd[src].name}: nobody has the most {what} in territory.", p, rid))
        return
    g.ask(
        Decision(q, src, "draw_most", [src], "up_to", 1, to=[q]),
        events,
        f"{who(q, True)} {verb(q, 'has', 'have')} the most {what} in territory and may draw "
        f"{plural(ab.n, 'card')} for {g.cd[src].name} (choose it to draw, or choose nothing).",
    )


def _resolve_draw_most(g: Table, d: Decision, events: list[Event]) -> None:
    q, src = d.chooser, d.source
    ab = g.cd[src].has("draw_most")
    assert ab is not None
    if d.chosen:
        before = len(g.z[q]["hand"])
        g._draw(q, ab.n, events, f"for {g.cd[src].name}", "redemption.effect.draw_most")
        ability_drew(g, q, src, len(g.z[q]["hand"]) - before)
    else:
        events.append(Event.said("effect", f"{who(q, True)} {verb(q, 'draws', 'draw')} nothing.", q))


def _resolve_target(g: Table, d: Decision, events: list[Event]) -> None:
    """A character's targeted ability goes on with the card its player chose (redemption.battle.targets)."""
    act = _act_of(g, d)
    do = VERBS[d.effect].do
    assert do is not None
    host = g.attached.get(d.source, d.source)  # an enhancement's: the character it was played on
    for c in d.chosen or [""]:  # "up to N": each card chosen
        do(g, d.chooser, d.source, host, act, c, events)


def _capturable(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's characters in play that a capture may take: not a player's own, not an ignored one in
    battle (redemption.effect.capture_in_play)."""
    return select(
        g,
        p,
        ab.select,
        lambda c: (
            g.owner(c) == p
            or (g.loc[c][1] == "field_of_battle" and g._is_ignored(c))
            or continuous.capture_proof(g, c)  # redemption.effect.protect_capture
        ),
    )


def _do_capture_in_play(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Capture a character in play: it goes to the capturer's Land of Bondage (a human one is treated as a Lost
    Soul there), anything on it discarded (redemption.effect.capture_in_play)."""
    name, rid = g.cd[src].name, "redemption.effect.capture_in_play"
    if not target:
        events.append(Event("effect", f"{name}: nothing in play fits.", p, rid))
        return
    if continuous.immune(g, target, src, host):
        events.append(Event("effect", f"{name} does nothing to {g._nm(target)}: it is immune.", p, rid))
        return
    if continuous.capture_proof(g, target):
        events.append(Event("effect", f"{name} cannot capture {g._nm(target)}: it is protected from capture.", p, rid))
        return
    events.append(
        Event.said("effect", f"{name} captures {g._nm(target)}: it is held in {whose(p)} Land of Bondage.", p, rid)
    )
    if g.loc[target][1] == "field_of_battle":
        g._leave_battle(target, "land_of_bondage", events, taker=p)
        g.b.effects.append((src, "capture_in_play", target, "land_of_bondage", act_place(g.cd[src], ab)))
        return
    for a in [x for x, h in g.attached.items() if h == target]:
        g._to_discard(a, events)
    g._move(target, p, "land_of_bondage")


def _do_look_take(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Look at an opponent's hand (revealed to you alone) and take one card of it that fits into your hand
    (redemption.effect.look_take)."""
    q = g.opponent(p)
    hand = g.z[q]["hand"]
    if not hand:
        events.append(Event.said("effect", f"{whose(q, True)} hand is empty: nothing to look at.", p))
        return
    options = [c for c in hand if matches(g.cd[c], ab.filter)] if g.hand_room(p) else []
    d = Decision(p, src, "look_take", options, "one" if options else "up_to", 1, revealed=hand[:], to=[p])
    g.ask(
        d,
        events,
        f"{who(p, True)} {verb(p, 'looks', 'look')} at {whose(q)} hand and {verb(p, 'takes', 'take')} "
        f"{an(filter_text(ab.filter, 'card'))} from it.",
    )


def _resolve_look_take(g: Table, d: Decision, events: list[Event]) -> None:
    p = d.chooser
    for c in d.chosen:
        q = g.owner(c)
        g._take(c, p)
        events.append(
            Event.said(
                "effect",
                # not named: a seat other than these two never saw that hand (redemption.decision)
                f"{who(p, True)} {verb(p, 'takes', 'take')} a card from {whose(q)} hand.",
                p,
                "redemption.effect.look_take",
            )
        )
    if not d.chosen:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'takes', 'take')} nothing.", p))


def _do_discard_all(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Discard every card the selector takes (redemption.effect.discard_all): a protected or immune one stays."""
    name, rid = g.cd[src].name, "redemption.effect.discard_all"
    cards = select(g, p, ab.select)
    hit = 0
    for c in cards:
        if g.loc[c][1] == "discard":  # gone already with the character it sat on
            continue
        if (
            continuous.card_protected(g, c)
            or (g.loc[c][1] == "field_of_battle" and g._is_protected(c))
            or continuous.discard_protected(g, c, g.cd[src])
        ):
            events.append(Event("effect", f"{name} would discard {g._nm(c)}, but it is protected.", p, rid))
            continue
        if "regardless_of_immunity" not in ab.riders and continuous.immune(g, c, src, host):
            events.append(Event("effect", f"{name} does nothing to {g._nm(c)}: it is immune.", p, rid))
            continue
        if g.cd[c].is_character and g.loc[c][1] == "field_of_battle" and c not in g.attached:
            g._leave_battle(c, "discard", events)
        else:
            g._to_discard(c, events)
        hit += 1
    events.append(Event("effect", f"{name} discards {plural(hit, 'card')}.", p, rid))


def _do_negate_all(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Negate every special ability on the characters and enhancements in play but this card's own, for the battle
    under way: what they did in it is undone, their numbers from enhancements stop, their lasting abilities stop
    (redemption.effect.negate_all)."""
    if not g.in_battle():
        return
    cd, negated, rid = g.cd, g.b.negated, "redemption.effect.negate_all"
    hit = []
    if ab.select.facets:  # "negate all X": only the cards its selector takes (redemption.effect.negate_all.selected)
        for c in dict.fromkeys(select(g, p, ab.select)):
            card = cd[c]
            if c == src or c in negated or not (card.abilities or card.is_enhancement):
                continue
            if continuous.stoppable(g, c, "negate", src):
                negated.append(c)
                hit.append(c)
    for zones in g.z if not ab.select.facets else ():
        for zone in ("territory", "field_of_battle"):
            for c in zones[zone]:
                card = cd[c]
                if c == src or c in negated or not card.abilities:
                    continue
                if not (card.is_character or card.is_enhancement):
                    continue
                if not continuous.stoppable(g, c, "negate"):
                    continue
                negated.append(c)
                hit.append(c)
    for c in hit:
        g._undo(c, events)
    what = ", ".join(g.cd[c].name for c in hit) or "nothing"
    events.append(Event("effect", f"{cd[src].name} negates the special abilities of {what}.", p, rid))


def _kept_on_text(how: str) -> Text:
    """The words of unnegatable_on, uninterruptible_on, unpreventable_on ("... played on this character cannot be
    negated.")."""

    def text(a: Act, when: str, card: Card | None) -> str:
        what = filter_text(a.filter, "Enhancement", plural=True)
        return f"{what[:1].upper()}{what[1:]} played on this character cannot be {how}."

    return text


def _negate_all_where(a: Act) -> str:
    """Where a selected negate_all looks, in words ("in battle ", "in play ")."""
    zones = a.select.zones
    return "in battle " if zones and set(zones) <= {"battle", "battle_cards"} else "in play "


# --- interrupt the battle (redemption.effect.interrupt_battle) -------------------------------------------------------
#: the verbs that interrupt (redemption.effect.interrupt_battle, interrupt, interrupt_discard)
INTERRUPTS = ("interrupt_battle", "interrupt", "interrupt_discard", "interrupt_prevent")


def interrupts(card: Card, verbs: tuple[str, ...] = INTERRUPTS) -> bool:
    """Has the card an effect of one of these interrupt verbs (anywhere in an ability)?"""
    return any(a.verb in verbs for ab in card.abilities for a in ab.acts)


def interrupted_by_battle(g: Table, p: int, src: str = "") -> str:
    """The card an "interrupt the battle" of player p would interrupt now: the last card played in the battle under
    way (``src``, the interrupting card itself, left out), when an opponent of p played it, it still counts (not
    negated, still in battle) and it may be interrupted (redemption.lang.rider.cannot_be_interrupted); "" when
    none."""
    b = g.b
    if not b.kind:
        return ""
    played = [e for e in b.played if e != src]
    if not played:
        return ""
    e = played[-1]
    if g.owner(e) == p or e in b.negated or g.loc[e][1] != "field_of_battle":
        return ""
    return e if continuous.stoppable(g, e, "interrupt", src) else ""


def _do_interrupt_battle(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Interrupt the battle: what the last card an opponent played in it did is undone and suspended (the characters
    it took come back, the cards it drew go back on top, a character it banded goes home); the effects written after
    this one then happen; when this card's ability is done the suspended effects reactivate, each on its old target
    if that is still a legal one (:func:`reactivate`)."""
    name, rid = g.cd[src].name, "redemption.effect.interrupt_battle"
    if not g.in_battle():
        return
    e = interrupted_by_battle(g, p, src)
    if not e:
        events.append(Event.said("effect", f"{name} interrupts the battle: no opposing ability to suspend.", p, rid))
        return
    done = [x for x in g.b.effects if x[0] == e]
    events.append(Event.said("effect", f"{name} interrupts the battle: what {g._nm(e)} did is suspended.", p, rid))
    if not done:
        return
    g._undo(e, events)
    _suspend(g, src, done)


def _suspend(g: Table, src: str, done: list[Done]) -> None:
    """Card src's interrupt suspended ``done``: they reactivate once its ability is done, before any effects still
    waiting to come back from an earlier interrupt (a character one of them brought back interrupts in turn)."""
    g.b.suspended, g.b.interrupter = done + g.b.suspended, src


def interruptible(g: Table, p: int, ab: Act, host: str = "") -> list[str]:
    """The opposing cards played in this battle that an interrupt may take: the selector's, still counting, not one
    that cannot be interrupted (redemption.effect.interrupt)."""
    b = g.b
    return select(
        g,
        p,
        ab.select,
        lambda c: g.owner(c) == p or c in b.negated or c not in b.played or not continuous.stoppable(g, c, "interrupt"),
    )


def _do_interrupt(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Interrupt the chosen card's ability: what it did is undone and suspended; the effects written after this one
    happen; when this card's ability is done the suspended effects reactivate if they still can (:func:`reactivate`;
    redemption.effect.interrupt)."""
    name, rid = g.cd[src].name, "redemption.effect.interrupt"
    if not g.in_battle() or not target:
        events.append(Event.said("effect", f"{name}: no opposing ability to interrupt.", p, rid))
        return
    done = [x for x in g.b.effects if x[0] == target]
    events.append(Event.said("effect", f"{name} interrupts {g._nm(target)}: what it did is suspended.", p, rid))
    if done:
        g._undo(target, events)
        _suspend(g, src, done)


def _do_interrupt_discard(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Interrupt the chosen card (or, with ``all``, every card that fits) and discard it: what it did is undone, and
    a card out of battle never reactivates (redemption.effect.interrupt_discard)."""
    name, rid = g.cd[src].name, "redemption.effect.interrupt_discard"
    if not g.in_battle():
        return
    cards = interruptible(g, p, ab, host) if ab.select.every else [target] if target else []
    if not cards:
        events.append(Event.said("effect", f"{name}: no opposing card to interrupt.", p, rid))
        return
    for c in cards:
        events.append(Event.said("effect", f"{name} interrupts {g._nm(c)} and discards it.", p, rid))
        g._undo(c, events)
        if continuous.card_protected(g, c) or continuous.discard_protected(g, c, g.cd[src]):
            events.append(Event("effect", f"{g._nm(c)} is protected from discard: it stays.", p, rid))
            continue
        g._to_discard(c, events, "", rid)


def _do_interrupt_prevent(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Interrupt and prevent the chosen card's ability: what it did is undone, and its ability stays prevented while
    this card counts (it does not reactivate; its numbers still count): the battle's record (src,
    "interrupt_prevent", card) that :func:`continuous.prevented` reads (redemption.effect.interrupt_prevent)."""
    name, rid = g.cd[src].name, "redemption.effect.interrupt_prevent"
    if not g.in_battle() or not target:
        events.append(Event.said("effect", f"{name}: no opposing ability to interrupt.", p, rid))
        return
    if not continuous.stoppable(g, target, "prevent", src):
        events.append(Event.said("effect", f"{name} cannot prevent {g._nm(target)}: it cannot be prevented.", p, rid))
        return
    events.append(Event.said("effect", f"{name} interrupts {g._nm(target)} and prevents its ability.", p, rid))
    g._undo(target, events)
    g.b.effects.append((src, "interrupt_prevent", target, "", act_place(g.cd[src], ab)))


def reactivate(g: Table, src: str, events: list[Event]) -> None:
    """Card src's ability is done: the effects its interrupt suspended reactivate, in the order they first
    happened, each only if the interrupted card is still in battle and counts, the character it is on is still in
    battle, and its old target is still a legal one (REG *Interrupt*, reactivating abilities). One that asks (or
    the ability of a character it bands in asks) holds the rest until the answer (:func:`resume_reactivation`)."""
    if g.b.interrupter != src or g.s.pending is not None:
        return
    _reactivate_suspended(g, events)


def resume_reactivation(g: Table, events: list[Event]) -> None:
    """A question asked while suspended effects reactivated is answered, and nothing else waits: the rest of them
    reactivate now (redemption.effect.interrupt_battle)."""
    if not g.b.reactivating or g.s.pending is not None:
        return
    _reactivate_suspended(g, events)


def _reactivate_suspended(g: Table, events: list[Event]) -> None:
    """Every effect in the battle's ``suspended`` reactivates now (:func:`_reactivate`); the record is emptied first,
    so an interrupt made while they reactivate (by a character one of them brings back) keeps its own."""
    b = g.b
    done = b.suspended
    b.suspended, b.interrupter, b.reactivating = [], "", ""
    _reactivate(g, done, events)


def _reactivate(g: Table, done: list[Done], events: list[Event]) -> None:
    """The suspended effects ``done`` reactivate in order, each card's records as that card's effects
    (:func:`_reactivate_card`). One that leaves a question pending holds the rest in the battle's ``suspended``,
    after what an interrupt made meanwhile suspended (it comes back first, once that interrupt's ability is done),
    with ``reactivating`` the card whose effect was reactivating (unless a reactivation inside it named its own)
    until the answer (:func:`resume_reactivation`)."""
    b, i = g.b, 0
    while i < len(done):
        e, j = done[i][0], i
        while j < len(done) and done[j][0] == e:
            j += 1
        left = _reactivate_card(g, e, done[i:j], events)
        if g.s.pending is not None:
            b.suspended = b.suspended + left + done[j:]
            b.reactivating = b.reactivating or e
            return
        i = j


def _reactivate_card(g: Table, e: str, done: list[Done], events: list[Event]) -> list[Done]:
    """The suspended effects ``done`` of interrupted card e reactivate, each effect whole, in order, as its verb's
    entry says (``Verb.reactivate``; none: :func:`_reactivate_each`); the records still to come back when one of
    them leaves a question pending (none otherwise)."""
    b, rid = g.b, "redemption.effect.interrupt_battle"
    q, host = g.owner(e), g.attached.get(e, "")
    if (
        not b.kind
        or e in b.negated
        or g.loc[e][1] != "field_of_battle"
        or not host
        or g.loc[host][1] != "field_of_battle"
    ):
        events.append(
            Event("effect", f"What {g._nm(e)} did does not come back: it no longer counts in battle.", q, rid)
        )
        return []
    steps = _steps(g, e, done)
    for i, (act, recs) in enumerate(steps):
        if act is None:  # a record of a save without places whose verb is no effect of the card's
            events.append(Event("effect", f"What {g._nm(e)} did to {g._nm(recs[0][2])} does not come back.", q, rid))
            continue
        (VERBS[act.verb].reactivate or _reactivate_each)(g, q, e, host, act, recs, events)
        if g.s.pending is not None:  # it asked (or a character it brought in asks): the rest wait for the answer
            _stamp(g, e, act)
            return [r for _, rs in steps[i + 1 :] for r in rs]
    return []


def _steps(g: Table, e: str, done: list[Done]) -> list[tuple[Act | None, list[Done]]]:
    """The suspended records of card e grouped by the effect that made them (the one at their place; a record
    without a place: the card's first effect of its verb), in the order they first happened: an effect whose verb
    says how it comes back (``Verb.reactivate``) is one step with all its records, any other one step a record."""
    card = g.cd[e]
    steps: list[tuple[Act | None, list[Done]]] = []
    whole: dict[int, list[Done]] = {}
    for rec in done:
        found = _placed(card, rec[4])
        act = found[0].acts[found[1]] if found is not None else _act_by_verb(g, e, rec[1])
        if act is not None and VERBS[act.verb].reactivate is not None:
            at = act_place(card, act)
            if at in whole:
                whole[at].append(rec)
                continue
            whole[at] = [rec]
            steps.append((act, whole[at]))
        else:
            steps.append((act, [rec]))
    return steps


def _reactivate_each(g: Table, q: int, e: str, host: str, act: Act, recs: list[Done], events: list[Event]) -> None:
    """How an effect comes back unless its verb says otherwise: its ``do`` again on each old target that is still a
    legal one; a part written under another verb's name does not come back (redemption.effect.interrupt_battle)."""
    for _, eff, t, _where, _at in recs:
        if eff != act.verb:
            rid = "redemption.effect.interrupt_battle"
            events.append(Event("effect", f"What {g._nm(e)} did to {g._nm(t)} does not come back.", q, rid))
            continue
        _again_on(g, q, e, host, act, t, act.verb.replace("_", " "), events)


def _again_on(g: Table, q: int, e: str, host: str, act: Act, t: str, words: str, events: list[Event]) -> None:
    """Card e's interrupted effect ``act`` reactivates on its old target t, if that is still a legal one (``words``:
    what it does, for the log when it is not)."""
    card, v, rid = g.cd[e], VERBS[act.verb], "redemption.effect.interrupt_battle"
    if v.do is None or not t:
        return
    legal = v.targets(g, q, act, host) if v.targets is not None else [t]
    if t not in protected_from(g, card, _unprotected(g, card, act, legal)):
        events.append(
            Event("effect", f"{card.name} does not {words} {g._nm(t)} again: it is no longer a legal target.", q, rid)
        )
        return
    events.append(Event("effect", f"{card.name} reactivates on {g._nm(t)}.", q, rid))
    v.do(g, q, e, host, act, t, events)


def _reactivate_draw(g: Table, q: int, e: str, host: str, act: Act, recs: list[Done], events: list[Event]) -> None:
    """An interrupted draw or "you may draw" comes back whole: the effect works again, on the draw pile as it is
    now (a draw draws its number, a "you may draw" asks again), not as many cards as it happened to draw (REG
    *Interrupt*: an interrupt undoes only the completion of the ability, which completes again when it
    reactivates; redemption.effect.interrupt_battle)."""
    events.append(Event("effect", f"{g.cd[e].name} reactivates: its draw.", q, "redemption.effect.interrupt_battle"))
    do = VERBS[act.verb].do
    assert do is not None  # a verb that draws
    do(g, q, e, host, act, "", events)


def _reactivate_choose_opponent(
    g: Table, q: int, e: str, host: str, act: Act, recs: list[Done], events: list[Event]
) -> None:
    """An interrupted choose-opponent comes back whole: it chooses the character it put into battle again (the
    opposing characters withdraw again and it comes in), if that is still a legal choice
    (redemption.effect.choose_opponent, interrupt_battle)."""
    t = next((r[2] for r in recs if r[1] == "band"), "")  # its band: the chosen one (its withdrawals go with it)
    _again_on(g, q, e, host, act, t, "choose", events)


def _reactivate_added(g: Table, q: int, e: str, host: str, act: Act, recs: list[Done], events: list[Event]) -> None:
    """An interrupted discard-to-add comes back on the character it added (recorded as a band; the discard is not
    undone): it bands in again if it still can (redemption.effect.discard_to_add, interrupt_battle)."""
    rid = "redemption.effect.interrupt_battle"
    for _, _, t, _, _ in recs:
        p = g.owner(t)
        if (
            g.loc[t][1] in ("hand", "territory")
            and not g._kept_out(t)
            and g._unique_clash(p, t) is None
            and not continuous.band_prevented(g, t)
        ):
            events.append(Event("effect", f"{g.cd[e].name} reactivates on {g._nm(t)}.", q, rid))
            _do_band(g, p, e, host, act, t, events)
        else:
            events.append(Event("effect", f"What {g._nm(e)} did to {g._nm(t)} does not come back.", q, rid))


def _marks_stay(g: Table, q: int, e: str, host: str, act: Act, recs: list[Done], events: list[Event]) -> None:
    """A mark for after the battle (redemption.effect.draw_reveal, discard_after_battle) is not undone by an
    interrupt: it stays as it was, and nothing comes back."""
    g.b.effects.extend(recs)


def _redirectable(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The opposing enhancement a redirect may take: the selector's, still counting and not one that cannot be
    interrupted (redemption.effect.redirect)."""
    negated = g.b.negated
    return select(
        g,
        p,
        ab.select,
        lambda c: g.owner(c) == p or c in negated or c not in g.b.played or not continuous.stoppable(g, c, "interrupt"),
    )


def _do_redirect(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Interrupt the chosen opposing enhancement (what it did is undone) and play it as the player's own on the
    character this card was played on, whatever its brigade; its ability works again for that player, its target
    asked (redemption.effect.redirect)."""
    name, rid = g.cd[src].name, "redemption.effect.redirect"
    if not target or not host:
        events.append(Event("effect", f"{name}: no enhancement to redirect.", p, rid))
        return
    g._undo(target, events)
    g.attached[target] = host
    events.append(Event.said("effect", f"{name} interrupts {g._nm(target)} and plays it on {g.cd[host].name}.", p, rid))
    card = g.cd[target]
    # never itself: a redirected redirect would take the card it is (still its owner's) and play it again, forever
    targets = [c for c in ability_targets(g, p, card, host) if c != target]
    if targets:
        g.ask(
            Decision(p, src, "redirect", targets, "one", revealed=[target], to=[p], stage=1),
            events,
            f"{who(p, True)} {verb(p, 'chooses', 'choose')} what {card.name} takes now.",
        )
        return
    for a in card.abilities:
        run(g, p, target, host, a, "", events)


def _resolve_redirect(g: Table, d: Decision, events: list[Event]) -> None:
    e = d.revealed[0]
    host = g.attached.get(e, "")
    for a in g.cd[e].abilities:
        run(g, d.chooser, e, host, a, d.chosen[0] if d.chosen else "", events)


def heals(g: Table, p: int, card: Card, c: str) -> bool:
    """Does enhancement ``card`` heal character c now (it has a heal that reaches c)?"""
    return any(act.verb == "heal" and c in _healable(g, p, act, c) for ab in card.abilities for act in ab.acts)


def _heal_discarded(g: Table, p: int, src: str, c: str, events: list[Event]) -> None:
    """Heal character c discarded this turn: it comes back from the discard pile to its owner's territory, as it
    was (redemption.effect.heal)."""
    g.s.discarded = [x for x in g.s.discarded if x != c]
    g._put(c, "territory")
    events.append(
        Event.said(
            "effect",
            f"{g.cd[src].name} heals {g._nm(c)}: it comes back from the discard pile to {whose(g.owner(c))} territory.",
            p,
            "redemption.effect.heal",
        )
    )


def _choosable(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The opposing characters a choose-opponent ability may put into battle: the selector's, not one kept out of
    this battle (it left it, or an ignore keeps it out) nor a second copy of a unique one its player has in play."""
    return select(g, p, ab.select, lambda c: g._kept_out(c) or g._unique_clash(g.owner(c), c) is not None)


def _do_choose_opponent(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Choose the character the opponent battles with: every character of the opponent's side withdraws to its
    owner's territory and the chosen one enters the battle on that side; if one of them cannot be withdrawn (it is
    immune), nothing happens (redemption.effect.choose_opponent)."""
    name, rid = g.cd[src].name, "redemption.effect.choose_opponent"
    if not g.in_battle():
        return
    if not target:
        events.append(Event("effect", f"{name}: no character is chosen.", p, rid))
        return
    q = g.owner(target)
    side = g.battle_chars(q)
    stuck = [c for c in side if continuous.immune(g, c, src, host)]
    if stuck:
        events.append(Event("effect", f"{name} does nothing: {g._nm(stuck[0])} cannot be withdrawn.", p, rid))
        return
    at = act_place(g.cd[src], ab)  # its withdrawals and its band are parts of this one effect
    for c in side:
        g._leave_battle(c, "territory", events)
        g.b.effects.append((src, "withdraw", c, "territory", at))
    origin = g.loc[target][1]
    g.b.effects.append((src, "band", target, origin, at))
    g._enter_battle(q, target, events, "must battle with", f", chosen by {who(p)} with {name}", rid)


def _do_prevent_band(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Opposing characters that fit cannot band in for the rest of this battle (the band targets leave them out:
    ``continuous.band_prevented``), and the bands that brought such characters in this battle are negated: they
    go back where they came from (redemption.effect.prevent_band)."""
    if not g.in_battle():
        return
    cd, rid = g.cd, "redemption.effect.prevent_band"
    both = ab.select.get("owner") == "any"  # "all banding": either side's (its player's own too)
    bands = [x for x in g.b.effects if x[1] == "band" and (both or g.owner(x[2]) != p) and matches(cd[x[2]], ab.filter)]
    done = []
    for by in dict.fromkeys(x[0] for x in bands):
        if not continuous.stoppable(
            g, by, "prevent"
        ):  # its band cannot be prevented (redemption.lang.rider.cannot_be_prevented)
            continue
        if all(x[1] == "band" for x in g.b.effects if x[0] == by):  # a card that only banded: its band is undone
            g._undo(by, events)
            done.append(by)
    what = "character" if both else "opposing " + filter_text(ab.filter, plural=True)
    more = f" ({plural(len(done), 'band')} undone)" if done else ""
    events.append(Event("effect", f"{cd[src].name}: no {what} can band in this battle{more}.", p, rid))


def _do_play_from_discard(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Search your discard pile for an enhancement that fits and play it on the character this was played on
    (redemption.effect.play_from_discard): its player chooses one, or none."""
    if not g.in_battle() or not host or g.loc[host][1] != "field_of_battle":
        return
    options = select(g, p, ab.select)
    if ab.select.get("fits_host"):  # redemption.lang.facet.fits_host: one the host may use
        options = [e for e in options if fits_host(g, e, host)]
    g.ask(
        Decision(p, src, "play_from_discard", options, "up_to", 1, to=[p]),
        events,
        f"{who(p, True)} {verb(p, 'searches', 'search')} {their(p)} {_from_pile(ab)} for "
        f"{an(filter_text(ab.filter, 'card'))} to play on {g.cd[host].name}.",
    )


def fits_host(g: Table, e: str, host: str) -> bool:
    """May character ``host`` use enhancement e as an enhancement played on it: the same alignment and a brigade
    in common, or an ability that lets it use e whatever its brigade (redemption.battle.brigade,
    redemption.effect.other_brigades; redemption.lang.facet.fits_host)?"""
    ec, hc = g.cd[e], g.cd[host]
    if not ec.is_enhancement or ec.alignment != hc.alignment:
        return False
    return bool(ec.brigade_set & hc.brigade_set) or continuous.any_brigade(g, host, e)


def _from_pile(ab: Act) -> str:
    """Where play_from_discard looks: the discard pile, or the hand when its selector says so."""
    return "hand" if ab.select.zones == ("hand",) else "discard pile"


def _resolve_play_from_discard(g: Table, d: Decision, events: list[Event]) -> None:
    p, src, rid = d.chooser, d.source, "redemption.effect.play_from_discard"
    # an enhancement's: the character it is on; a character's own ability: the character itself
    host = g.attached.get(src, src if g.cd[src].is_character else "")
    if d.stage == 0:
        if not d.chosen or not host or g.loc[host][1] != "field_of_battle":
            events.append(
                Event.said(
                    "effect",
                    f"{who(p, True)} {verb(p, 'plays', 'play')} nothing from the {_from_pile(_act_of(g, d))}.",
                    p,
                    rid,
                )
            )
            return
        (e,) = d.chosen
        g._move(e, p, "field_of_battle")
        g.attached[e] = host
        g.b.played.append(e)
        events.append(
            Event.said(
                "enhance",
                f"{who(p, True)} {verb(p, 'plays', 'play')} {g._nm(e)} from {their(p)} {_from_pile(_act_of(g, d))} on "
                f"{g.cd[host].name}.",
                p,
                rid,
            )
        )
        card = g.cd[e]
        targets = ability_targets(g, p, card, host)
        if targets:
            g.ask(
                Decision(p, src, "play_from_discard", targets, "one", revealed=[e], to=[p], stage=1),
                events,
                f"{who(p, True)} {verb(p, 'chooses', 'choose')} what {card.name} takes.",
            )
            return
        for a in card.abilities:
            run(g, p, e, host, a, "", events)
        return
    e = d.revealed[0]
    for a in g.cd[e].abilities:
        run(g, p, e, host, a, d.chosen[0] if d.chosen else "", events)


# --- the mech batches' verbs (redemption.effect.shuffle_hand_draw) ----------------------------------------------
def _do_shuffle_hand_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Each player in turn order from p shuffles their hand into their draw pile, then draws N
    (redemption.effect.shuffle_hand_draw)."""
    name, rid = g.cd[src].name, "redemption.effect.shuffle_hand_draw"
    for q in [p] + g.others(p):
        hand = g.z[q]["hand"][:]
        for c in hand:
            g._move(c, q, "deck")
        g.rng.shuffle(g.z[q]["deck"])
        events.append(
            Event.said(
                "effect",
                f"{name}: {who(q, True)} {verb(q, 'shuffles', 'shuffle')} {their(q)} hand "
                f"({plural(len(hand), 'card')}) into {their(q)} draw pile.",
                p,
                rid,
            )
        )
        g._draw(q, ab.n, events, f"for {name}", rid)


def _shuffle_in(g: Table, q: int, src: str, ab: Act, cards: list[str], events: list[Event]) -> None:
    """Player q shuffles those cards of their hand into their draw pile and draws N."""
    name, rid = g.cd[src].name, f"redemption.effect.{ab.verb}"
    for c in cards:
        g._move(c, q, "deck")
    g.rng.shuffle(g.z[q]["deck"])
    events.append(
        Event.said(
            "effect",
            f"{name}: {who(q, True)} {verb(q, 'shuffles', 'shuffle')} {plural(len(cards), 'card')} of {their(q)} "
            f"hand into {their(q)} draw pile.",
            q,
            rid,
        )
    )
    g._draw(q, ab.n, events, f"for {name}", rid)


def _shuffle_random_from(g: Table, p: int, src: str, ab: Act, start: int, events: list[Event]) -> None:
    """shuffle_random_draw from the seat ``start`` places after p on: a player with more than N cards is asked."""
    seats = [p] + g.others(p)
    for k in range(start, len(seats)):
        q = seats[k]
        hand = g.z[q]["hand"]
        if len(hand) > ab.n:
            g.ask(
                Decision(q, src, "shuffle_random_draw", [src], "up_to", 1, to=[q], stage=k),
                events,
                f"{who(q, True)} {verb(q, 'shuffles', 'shuffle')} for {g.cd[src].name}: the whole hand (choose it), "
                f"or {ab.n} of its cards at random (choose nothing).",
            )
            return
        _shuffle_in(g, q, src, ab, hand[:], events)


def _do_shuffle_random_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Each player in turn order from p shuffles their hand, or N of its cards at random (their choice, asked only
    of a player with more than N), into their draw pile, then draws N (redemption.effect.shuffle_random_draw)."""
    _shuffle_random_from(g, p, src, ab, 0, events)


def _resolve_shuffle_random_draw(g: Table, d: Decision, events: list[Event]) -> None:
    ab, q, p = _act_of(g, d), d.chooser, g.owner(d.source)
    hand = g.z[q]["hand"][:]
    if not d.chosen:  # N at random
        g.rng.shuffle(hand)
        hand = hand[: ab.n]
    _shuffle_in(g, q, d.source, ab, hand, events)
    _shuffle_random_from(g, p, d.source, ab, d.stage + 1, events)


def zero_toughness_sweep(g: Table, events: list[Event]) -> None:
    """Every character in play whose toughness a face-up artifact's decrease has brought to 0 is discarded at once
    (redemption.effect.gain.artifact); one in battle is removed from it."""
    rid = "redemption.effect.gain.artifact"
    for q, zones in enumerate(g.z):
        for zone in ("territory", "field_of_battle"):
            for c in zones[zone][:]:
                if c in g.attached or not g.cd[c].is_character or g.loc[c] != (q, zone):
                    continue
                if continuous.artifact_numbers(g, c)[1] < 0 and g.char_numbers(c)[1] <= 0:
                    if zone == "field_of_battle" and g.in_battle():
                        events.append(Event.said("effect", f"{g._nm(c)}'s toughness is 0: it is discarded.", q, rid))
                        g._leave_battle(c, "discard", events)
                    else:
                        g._to_discard(c, events, " (its toughness is 0)", rid)


def _redeemed(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The Redeemed Souls the selector takes (a Land of Redemption's cards; redemption.effect.unredeem)."""
    return select(g, p, ab.select)


def _do_unredeem(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """The chosen Redeemed Soul goes from its Land of Redemption into p's Land of Bondage, a Lost Soul there again;
    its rescuer's score is one less (redemption.effect.unredeem)."""
    rid = "redemption.effect.unredeem"
    if not target:
        events.append(Event("effect", f"{g.cd[src].name}: no Redeemed Soul to take.", p, rid))
        return
    q = g.loc[target][0]
    g._move(target, p, "land_of_bondage")
    events.append(
        Event.said(
            "effect",
            f"{g.cd[src].name} takes {g._nm(target)} from {whose(q)} Land of Redemption into {their(p)} Land of "
            "Bondage: it is a Lost Soul again.",
            p,
            rid,
        )
    )


# --- the words ------------------------------------------------------------------------------------------
def _text_draw(a: Act, when: str, card: Card | None) -> str:
    n = f"{a.n} card" + ("s" if a.n != 1 else "")
    if when == "upkeep":
        return f"While face up: draw {n} in each of your Upkeep phases."
    if when == "activate":
        return f"When activated: draw {n}."
    return f"Draw {n}."


def _text_rescue_any(a: Act, when: str, card: Card | None) -> str:
    if a.select.owner == "any":  # every Land of Bondage and site, your own too
        return "Rescue any Lost Soul in play (from a Land of Bondage or a site): it goes straight to your Land of Redemption."
    return (
        "Rescue any opponent's Lost Soul (from their Land of Bondage or a site): it goes straight to "
        "your Land of Redemption."
    )


def _text_band(a: Act, when: str, card: Card | None) -> str:
    if card is not None and card.is_character:
        many = a.select.up_to and a.select.most > 1
        facets = a.select.facets  # its card facets and the numbers it has now ("toughness 5 or less")
        who_ = f"any of your {filter_text(facets, plural=True)}" if many else an(filter_text(facets))
        return f"It may band to {who_} in your hand or territory."
    return f"Band: bring your {filter_text(a.filter)} from your hand or territory into battle."


def _text_ignore(a: Act, when: str, card: Card | None) -> str:
    if when == "while_in_play":
        return f"While in battle, this character ignores every opposing {filter_text(a.filter)}."
    blocking = "blocking " if a.select.get("blocking") else ""
    return f"Ignore every opposing {blocking}{filter_text(a.filter)} in this battle."


def _text_immune(a: Act, when: str, card: Card | None) -> str:
    what = filter_text(a.filter, "card", plural=True)
    if when == "while_in_play":
        return f"This character is immune to {what}."
    return f"The character this is played on is immune to {what} this battle."


def _text_discard_type(a: Act, when: str, card: Card | None) -> str:
    what = filter_text(a.select.facets, "card")  # with the numbers now ("with toughness 3 or less")
    where = (
        "in a territory"
        if a.select.zones == ("territory",)
        else "in battle"
        if a.select.zones in (("battle_cards",), ("battle",))
        else "in play or in a set-aside area"
        if "set_aside" in a.select.zones
        else "in play"
    )
    if a.select.zones == ("territory",) and a.select.owner == "opponents":
        where = "in each opponent's territory"
    if a.select.get("occupied"):
        where += " that holds a Lost Soul (the Lost Soul stays: it goes back to the Land of Bondage)"
    elif "set_aside" in a.select.zones:
        where += " (not one held in a fortress)"
    else:
        where += " (not one held in a fortress or set aside)"
    if a.select.up_to and a.select.most > 1:
        return f"Discard up to {a.select.most} {filter_text(a.select.facets, 'card', plural=True)} {where}."
    return f"Discard any {what} {where}."


def _which(a: Act, noun: str) -> str:
    """The cards an effect takes in words: "every X" (all = true), "this character" (no facets), "a X"."""
    if not a.select.facets:
        return "this character"
    d = dict(a.select.facets)
    what = filter_text(a.filter, noun, plural=a.select.every)
    if a.select.up_to and a.select.most > 1 and not a.select.every:
        what = f"up to {a.select.most} " + filter_text(a.filter, noun, plural=True)
    if d.get("random"):
        what += " at random"
    if d.get("except_type"):
        other = TYPE_NAMES.get(d["except_type"], d["except_type"])
        what += f" but {other}s" if a.select.every else f" (not {an(other)})"
    where = {
        "battle": " in battle",
        "battle_cards": " in battle",
        "in_play": " in play",
        "territory": " in a territory",
        "discard": " in a discard pile",
        "captured": " held captured",
        "hand": " in a hand",
    }.get(a.select.zones[0] if a.select.zones else "", "")
    if a.select.owner == "opponent" and " a " in where:
        where = where.replace(" a ", " an opponent's ")
    if what.startswith("up to "):
        return what + where
    if a.select.every:  # "all your Heroes in play", "all O.T. Heroes in play"
        theirs = a.select.owner in ("opponent", "opponents") and a.select.zones == ("battle",)
        mine = "your " if a.select.owner == "you" else "opposing " if theirs else ""
        return "all " + mine + what + where
    return an(what) + where


def _text_pile(a: Act, when: str, card: Card | None) -> str:
    return f"Put {_which(a, 'card')} {_PILE_WORDS[a.verb]} its owner's draw pile."


def _text_return(a: Act, when: str, card: Card | None) -> str:
    whose_ = "their owners'" if a.select.every else "its owner's"
    return f"Return {_which(a, 'card')} " + _RETURN_WORDS[a.to].format(whose_) + "."


def _text_shuffle(a: Act, when: str, card: Card | None) -> str:
    if a.select.zones:  # "shuffle X" (redemption.effect.shuffle)
        where = "their owners' draw piles" if a.select.every else "its owner's draw pile"
        return f"Shuffle {_which(a, 'card')} into {where}."
    return "Shuffle your draw pile." if a.select.owner in ("you", "any") else "Shuffle your opponent's draw pile."


def _text_numbers(a: Act, when: str, card: Card | None) -> str:
    how = {
        "end_of_turn": " until the end of the turn",
        "battle": " this battle",
        "turns": f" for {plural(a.turns, 'turn')}",
    }.get(a.duration, "")
    head = {
        "successful_rescue": "Each time this character makes a successful rescue, ",
        "wins_battle": "Each time this character wins a battle, ",
    }.get(when, "")
    if when == "while_in_play" and card is not None and card.type == "artifact":
        head = "While this is face up, "  # redemption.effect.gain.artifact
    what = _which(a, "character")
    text = f"{what} {'gains' if a.verb == 'gain' and not a.select.every else 'gain' if a.verb == 'gain' else 'loses' if not a.select.every else 'lose'} {a.strength}/{a.toughness}{how}."
    if head or when == "enters_battle":  # the ability's lead names the character: "..., it gains"
        return head + ("it" if what == "this character" else what) + text[len(what) :]
    return text[:1].upper() + text[1:]


def _verbs() -> dict[str, Verb]:
    def opposing(words: str) -> Text:
        return lambda a, when, card: words.format(an("opposing " + filter_text(a.filter)))

    return {
        e.name: e
        for e in (
            Verb("draw", "draw N cards", _text_draw, _do_draw, undo="hand", reactivate=_reactivate_draw),
            # --- what a face-up artifact forbids (the mech batches; continuous.block_forbidden, challenge_forbidden)
            Verb(
                "no_block",
                "while this is face up, no character that fits may block",
                lambda a, when, card: f"While this is face up, no {filter_text(a.filter, 'character')} may block.",
            ),
            Verb(
                "no_challenge",
                "while this is face up, no battle may begin as a battle challenge",
                lambda a, when, card: "While this is face up, no battle may begin as a battle challenge.",
            ),
            Verb(
                "shuffle_hand_draw",
                "each player shuffles their hand into their draw pile and draws N",
                lambda a, when, card: (
                    f"Each player, you first, shuffles their hand into their draw pile and draws {plural(a.n, 'card')}."
                ),
                _do_shuffle_hand_draw,
            ),
            Verb(
                "shuffle_random_draw",
                "each player shuffles their hand, or N of its cards at random, into their draw pile and draws N",
                lambda a, when, card: (
                    f"Each player, you first, shuffles their hand (or, with more than {a.n} cards, {a.n} of them at "
                    f"random, as they choose) into their draw pile and draws {plural(a.n, 'card')}."
                ),
                _do_shuffle_random_draw,
                resolve=_resolve_shuffle_random_draw,
            ),
            Verb(
                "unredeem",
                "a Redeemed Soul goes back into your Land of Bondage",
                lambda a, when, card: (
                    "Put any Redeemed Soul (a card in a Land of Redemption) into your Land of Bondage: it is a Lost "
                    "Soul there again, and the player it was redeemed by has one fewer."
                ),
                _do_unredeem,
                _redeemed,
                needs_target=True,
                resolve=_resolve_target,
            ),
            Verb(
                "no_convert",
                "while this is face up, no character that fits can be converted",
                lambda a, when, card: (
                    f"While this is face up, no {filter_text(a.filter, 'character')} can be converted."
                ),
            ),
            Verb(
                "no_band",
                "while this is face up, no character that fits may band",
                lambda a, when, card: (
                    f"While this is face up, no {filter_text(a.filter, 'character')} may band into a battle."
                ),
            ),
            # --- the Starter I and J decks' verbs ---------------------------------------------------------------
            Verb(
                "each_draw",
                "each player draws N cards",
                lambda a, when, card: (
                    ("When this Lost Soul is rescued, each" if when == "rescued" else "Each")
                    + f" player draws {plural(a.n, 'card')}, you first."
                ),
                _do_each_draw,
            ),
            Verb(
                "look_underdeck",
                "look at an opponent's hand and put a card of it that fits on the bottom of their draw pile",
                lambda a, when, card: (
                    f"Look at your opponent's hand and put {an(filter_text(a.filter, 'card'))} from it on the bottom "
                    "of their draw pile."
                ),
                _do_look_underdeck,
                resolve=_resolve_look_underdeck,
            ),
            Verb(
                "withdraw_but_one",
                "every character in battle that fits but one withdraws",
                lambda a, when, card: (
                    f"Every {filter_text(a.filter)} in battle but one, which you choose, withdraws to its owner's "
                    "territory."
                ),
                _do_withdraw_but_one,
                resolve=_resolve_withdraw_but_one,
            ),
            Verb(
                "reveal_souls",
                "reveal the top N cards of an opponent's draw pile; its Lost Souls go to their Land of Bondage",
                lambda a, when, card: (
                    f"Reveal the top {plural(a.n, 'card')} of your opponent's draw pile: put the Lost Souls among "
                    "them into their Land of Bondage and the rest on the bottom of their draw pile."
                ),
                _do_reveal_souls,
            ),
            Verb(
                "opponent_underdeck",
                "the opponent puts cards of their choice from their hand on the bottom of their draw pile",
                lambda a, when, card: (
                    f"Your opponent puts {plural(max(1, a.n), filter_text(a.filter, 'card'))} of their choice from "
                    "their hand on the bottom of their draw pile."
                ),
                _do_opponent_underdeck,
                resolve=_resolve_opponent_underdeck,
            ),
            Verb(
                "may_underdeck_self",
                "its player may put this card on the bottom of their draw pile",
                lambda a, when, card: "You may put this card on the bottom of your draw pile.",
                _do_may_underdeck_self,
                resolve=_resolve_may_underdeck_self,
            ),
            Verb(
                "reveal_bottom",
                "reveal the bottom card of your draw pile; if it fits, you may put it into your hand",
                lambda a, when, card: (
                    "Reveal"
                    + f" the bottom card of your draw pile: if it is {an(filter_text(a.filter, 'card'))}, you may put "
                    "it into your hand."
                ),
                _do_reveal_bottom,
                resolve=_resolve_reveal_bottom,
            ),
            Verb(
                "draw_reveal",
                "draw a card and reveal it; if it fits, this character is discarded after the battle",
                lambda a, when, card: (
                    "Draw a card and reveal it: if it is "
                    f"{an(filter_text(a.filter, 'card'))}, this character is discarded after the battle."
                ),
                _do_draw_reveal,
                undo="",
                reactivate=_marks_stay,
            ),
            Verb(
                "discard_after_battle",
                "this character is discarded after the battle",
                lambda a, when, card: "This character is discarded after the battle.",
                _do_discard_after_battle,
                undo="",
                reactivate=_marks_stay,
            ),
            Verb(
                "draw_discard",
                "draw N cards, then discard one of them",
                lambda a, when, card: f"Draw {plural(a.n, 'card')}, then discard one of the cards drawn.",
                _do_draw_discard,
                resolve=_resolve_draw_discard,
            ),
            Verb(
                "discard",
                "discard an opposing character in battle",
                opposing("Discard {} in battle."),
                _do_remove,
                _opposing,
                undo="discard",
            ),
            Verb(
                "withdraw",
                "return an opposing character in battle to its owner's territory",
                opposing("Return {} in battle to its owner's territory."),
                _do_remove,
                _opposing,
                undo="territory",
            ),
            Verb(
                "ignore",
                "ignore opposing characters in battle",
                _text_ignore,
                _do_ignore,
            ),
            Verb(
                "band",
                "bring one of your characters from hand or territory into battle",
                _text_band,
                _do_band,
                _band_targets,
                undo="",
                resolve=_resolve_band,
                adds=SAME_SIDE,
            ),
            Verb(
                "protect",
                "protect a character from discard",
                lambda a, when, card: "The character this is played on cannot be discarded during this battle.",
                _do_protect,
            ),
            Verb(
                "negate",
                "negate the last opposing enhancement",
                lambda a, when, card: (
                    "Negate the last enhancement your opponent played in this battle (its numbers and "
                    "effects stop counting)."
                ),
                _do_negate,
            ),
            Verb(
                "opponents_discard",
                "each opponent discards a card of their choice from hand",
                lambda a, when, card: (
                    f"Your opponent must discard {an(filter_text(a.filter, 'card'))} of their choice from their hand "
                    "or from the battle."
                    if a.select.zones
                    else "Your opponent must discard a card of their choice from their hand."
                    if a.select.owner == "opponent"
                    else ("When you put this Lost Soul into a site, each" if when == "put_in_site" else "Each")
                    + " of your opponents must discard a card of their choice from their hand."
                ),
                _do_opponents_discard,
                resolve=_resolve_opponents_discard,
            ),
            Verb(
                "draw_most",
                "the player with the most cards that fit in territory may draw",
                lambda a, when, card: (
                    f"The player with the most {filter_text(a.filter, plural=True)} "
                    f"in territory may draw {plural(a.n, 'card')} (a tie: nobody draws)."
                ),
                _do_draw_most,
                resolve=_resolve_draw_most,
            ),
            Verb(
                "capture_in_play",
                "capture a character in play into your Land of Bondage",
                lambda a, when, card: (
                    f"Capture {an('opposing ' + filter_text(a.select.facets))} {'in a territory' if a.select.zones == ('territory',) else 'in play'}: it is held in your Land of Bondage "
                    "(a human one is treated as a Lost Soul there)."
                ),
                _do_capture_in_play,
                _capturable,
                undo="land_of_bondage",
                resolve=_resolve_target,
                asks_on_entry=True,
            ),
            Verb(
                "look_take",
                "look at an opponent's hand and take a card that fits",
                lambda a, when, card: (
                    f"Look at your opponent's hand and take {an(filter_text(a.filter, 'card'))} from it into your hand."
                ),
                _do_look_take,
                resolve=_resolve_look_take,
            ),
            Verb(
                "discard_all",
                "discard every card the selector takes",
                lambda a, when, card: (
                    "Discard every card in battle, yours too."
                    if a.select.zones == ("battle_cards",) and a.select.owner == "any" and not a.filter
                    else f"Discard every {filter_text(a.filter, 'card')} in play."
                ),
                _do_discard_all,
            ),
            Verb(
                "unpreventable",
                "while active, the cards that fit cannot be prevented",
                lambda a, when, card: f"While this is active, no {filter_text(a.filter, 'card')} can be prevented.",
            ),
            Verb(
                "negate_all",
                "negate every special ability on characters and enhancements in play but this one",
                lambda a, when, card: (
                    "Negate"
                    + (
                        f" every {filter_text(a.filter, 'card')} {_negate_all_where(a)}(but this one) for this battle."
                        if a.select.facets
                        else " every special ability on the characters and enhancements in play (but this one) for this battle."
                    )
                ),
                _do_negate_all,
            ),
            Verb(
                "interrupt_battle",
                "interrupt the battle: the last opposing card's effects are suspended, then come back if they still can",
                lambda a, when, card: "Interrupt the battle.",
                _do_interrupt_battle,
            ),
            Verb(
                "interrupt",
                "interrupt an opposing card's ability: undone and suspended, it comes back when this ability is done",
                lambda a, when, card: (
                    f"Interrupt the last opposing {filter_text(a.filter, 'card')} played in this battle."
                    if a.select.get("last")
                    else f"Interrupt an opposing {filter_text(a.filter, 'card')} in battle."
                ),
                _do_interrupt,
                interruptible,
            ),
            Verb(
                "interrupt_prevent",
                "interrupt an opposing card's ability and prevent it: undone, it does not come back",
                lambda a, when, card: (
                    f"Interrupt and prevent the ability of the last opposing {filter_text(a.filter, 'card')} played in "
                    "this battle."
                ),
                _do_interrupt_prevent,
                interruptible,
                undo="",
            ),
            Verb(
                "interrupt_discard",
                "interrupt an opposing card (or every one that fits) and discard it",
                lambda a, when, card: (
                    f"Interrupt and discard every opposing {filter_text(a.filter, 'card')} in battle."
                    if a.select.every
                    else f"Interrupt and discard the last opposing {filter_text(a.filter, 'card')} played in this battle."
                    if a.select.get("last")
                    else f"Interrupt and discard an opposing {filter_text(a.filter, 'card')} in battle."
                ),
                _do_interrupt_discard,
                interruptible,
            ),
            Verb(
                "redirect",
                "interrupt an opposing enhancement and play it as your own",
                lambda a, when, card: (
                    f"Interrupt the last {filter_text(a.filter, 'card')} played in this battle and play it on the "
                    "character this is played on as if it were yours, whatever its brigade."
                    if a.select.get("last")
                    else f"Interrupt {an(filter_text(a.filter, 'card'))} in battle and play it as if it were yours."
                ),
                _do_redirect,
                _redirectable,
                resolve=_resolve_redirect,
            ),
            Verb(
                "choose_opponent",
                "choose the character your opponent battles with",
                lambda a, when, card: (
                    f"Choose {an('opposing ' + filter_text(a.filter))} in your opponent's territory: every character "
                    "on their side of the battle withdraws to its owner's territory and the chosen one enters the "
                    "battle in their place."
                ),
                _do_choose_opponent,
                _choosable,
                undo="",
                reactivate=_reactivate_choose_opponent,
                adds=OPPOSITE_SIDE,
            ),
            Verb(
                "prevent_band",
                "opposing characters that fit cannot band in this battle; their bands are negated",
                lambda a, when, card: (
                    "No character can band into this battle, on either side; every band this battle is negated."
                    if a.select.get("owner") == "any"
                    else f"No opposing {filter_text(a.filter)} can band into this battle; every band of one this battle "
                    "is negated."
                ),
                _do_prevent_band,
            ),
            Verb(
                "play_from_discard",
                "search your discard pile for an enhancement and play it",
                lambda a, when, card: (
                    (
                        f"Search your discard pile for {an(filter_text(a.filter, 'card'))} and play it"
                        if _from_pile(a) == "discard pile"
                        else f"You may play {an(filter_text(a.filter, 'card'))} from your hand at once"
                    )
                    + " on the character this is played on"
                    + (" (one it may use)." if a.select.get("fits_host") else ".")
                ),
                _do_play_from_discard,
                resolve=_resolve_play_from_discard,
            ),
            Verb(
                "protect_all",
                "while this card is in play, the cards that fit cannot be discarded",
                lambda a, when, card: (
                    f"While this card is in play, every {'active ' if a.select.get('face_up') else ''}"
                    f"{filter_text(a.filter, 'card')} is protected from discard."
                ),
            ),
            Verb("immune", "a character is immune to the cards that fit (numbers and abilities)", _text_immune),
            Verb(
                "first_strike",
                "in mutual destruction, this side is not defeated",
                lambda a, when, card: (
                    (
                        "This character has first strike"
                        if when == "while_in_play"
                        else "The character this is played on has first strike this battle"
                    )
                    + ": if the battle would end with both sides defeated by numbers, it is not."
                ),
            ),
            Verb(
                "other_brigades",
                "a character may use enhancements of other brigades",
                lambda a, when, card: (
                    f"This character may use {filter_text(a.filter, 'card', plural=True)}."
                    if when == "while_in_play"
                    else f"The character this is played on may use {filter_text(a.filter, 'card', plural=True)} "
                    "of any brigade this battle."
                ),
            ),
            Verb(
                "negate_discard",
                "negate a chosen opposing card and discard it",
                _text_negate_discard,
                _do_negate_discard,
                _negatable,
                # a "you may" or "choose one" ability asks its target once it is used (redemption.lang.may)
                resolve=_resolve_target,
                asks_on_entry=True,
            ),
            Verb(
                "negate_one",
                "negate a chosen opposing card: its abilities (and an enhancement's numbers) stop",
                lambda a, when, card: "Negate " + f"{an(filter_text(a.filter, 'card'))} in battle.",
                _do_negate_one,
                _negatable,
                resolve=_resolve_target,
                asks_on_entry=True,
            ),
            Verb(
                "capture",
                "capture an opposing character in battle",
                opposing("Capture {} in battle: it leaves the battle and is held in your captured area."),
                _do_remove,
                _opposing,
                undo="captured",
            ),
            Verb(
                "rescue_any",
                "rescue any Lost Soul",
                _text_rescue_any,
                _do_rescue_any,
                _rescuable,
                needs_target=True,
            ),
            Verb(
                "negate_rescue",
                "negate a Lost Soul and rescue it: its own ability does not work",
                lambda a, when, card: _text_rescue_any(a, when, card).replace("Rescue", "Negate and rescue", 1),
                _do_rescue_any,
                _rescuable,
                needs_target=True,
            ),
            Verb(
                "discard_type",
                "discard any card of a type in play",
                lambda a, when, card: (
                    f"Discard every {'blocking ' if a.select.get('blocking') else ''}"
                    f"{filter_text(a.filter, 'card')} "
                    f"{'in battle' if a.select.zones in (('battle',), ('battle_cards',)) else 'in play'} (none is chosen)."
                    if a.select.every
                    else _text_discard_type(a, when, card)
                ),
                _do_discard_type,
                _typed_in_play,
                needs_target=True,
                resolve=_resolve_target,
                asks_on_entry=True,
            ),
            Verb(
                "hand_limit",
                "raise the hand limit",
                lambda a, when, card: f"While this is face up or in your territory, your hand limit is {a.n} higher.",
            ),
            Verb(
                "restricted_soul",
                "only a matching Hero may rescue this Lost Soul",
                lambda a, when, card: (
                    f"Only {an('Hero' if not a.filter else filter_text(a.filter, 'Hero'))} may rescue this Lost Soul."
                ),
            ),
            Verb(
                "set_aside",
                "set aside an opposing character in battle",
                opposing("Set aside {} in battle (it goes to its owner's set-aside area)."),
                _do_remove,
                _opposing,
                undo="set_aside",
            ),
            Verb(
                "site",
                "holds Lost Souls that only matching Heroes may rescue",
                lambda a, when, card: (
                    f"Holds up to {a.n} of your Lost Souls; only {an(filter_text(a.filter, 'Hero'))} may "
                    "rescue a Lost Soul from here."
                ),
            ),
            Verb(
                "look_top",
                "look at the top cards of your draw pile and take one",
                lambda a, when, card: (
                    f"Look at the top {a.n} cards of your draw pile: put one (not a Lost Soul) into your hand and "
                    "the others on the bottom in the order you choose."
                    if not a.select.up_to
                    else f"You may look at the top {a.n} cards of your draw pile: put up to one "
                    f"{filter_text(a.filter, 'card')} (not a Lost Soul) of them into your hand and the others on the "
                    "bottom in the order you choose."
                ),
                _do_look_top,
                resolve=_resolve_look_top,
                usable=_has_deck,
            ),
            Verb(
                "search",
                "search your draw pile (or another pile of your own) for a card",
                _text_search,
                _do_search,
                resolve=_resolve_search,
                usable=_has_pile,
            ),
            Verb(
                "search_territory",
                "search your draw pile for characters and put them into your territory",
                lambda a, when, card: (
                    f"Search your draw pile for up to {max(1, a.select.most)} "
                    f"{filter_text(a.filter, 'card', plural=a.select.most != 1)} and put them into your territory; "
                    "then shuffle your draw pile."
                ),
                _do_search_territory,
                resolve=_resolve_search_territory,
                usable=_has_deck,
            ),
            Verb(
                "take",
                "take cards at random from an opponent's hand",
                lambda a, when, card: (
                    f"Take {plural(max(1, a.n), 'card')} at random from an opponent's hand into yours."
                ),
                _do_take,
            ),
            Verb("topdeck", "put a card on top of its owner's draw pile", _text_pile, _do_pile, resolve=_resolve_pile),
            Verb(
                "underdeck",
                "put a card on the bottom of its owner's draw pile",
                _text_pile,
                _do_pile,
                resolve=_resolve_pile,
            ),
            Verb(
                "return",
                "return a card to its owner's territory, hand or draw pile",
                _text_return,
                _do_return,
                resolve=_resolve_return,
            ),
            Verb(
                "shuffle",
                "shuffle a draw pile; with a zone, shuffle the cards that fit into their owners' draw piles",
                _text_shuffle,
                _do_shuffle,
                resolve=_resolve_shuffle,
            ),
            Verb(
                "remove",
                "remove cards from the game",
                lambda a, when, card: f"Remove {_which(a, 'card')} from the game.",
                _do_remove_game,
                resolve=_resolve_remove,
            ),
            Verb(
                "discard_top",
                "discard the top cards of a draw pile",
                lambda a, when, card: (
                    f"Discard the top {plural(max(1, a.n), 'card')} of "
                    + ("your" if a.select.owner in ("you", "any") else "your opponent's")
                    + " draw pile."
                ),
                _do_discard_top,
            ),
            Verb(
                "convert",
                "convert a human Evil Character to a Hero",
                lambda a, when, card: (
                    f"Convert {_which(a, 'Evil Character')} to a "
                    + (a.brigade or (card.brigades[0] if card is not None and card.brigades else ""))
                    + " brigade Hero."
                ),
                _do_convert,
                resolve=_resolve_convert,
            ),
            Verb(
                "exchange",
                "exchange this card with one from your draw pile",
                lambda a, when, card: (
                    f"Exchange this card with {an(filter_text(a.filter, 'card'))} from your draw pile "
                    + (
                        "(it goes into your hand, or into battle on the same character)"
                        if a.to == "battle"
                        else "(it goes into your hand)"
                    )
                    + "; then shuffle your draw pile."
                ),
                _do_exchange,
                resolve=_resolve_exchange,
                usable=_has_deck,
            ),
            Verb("gain", "a character gains N/N for a while", _text_numbers, _do_numbers, resolve=_resolve_numbers),
            Verb("lose", "a character loses N/N for a while", _text_numbers, _do_numbers, resolve=_resolve_numbers),
            Verb(
                "set_aside_for",
                "set a character aside for N turns; it comes back with a bonus",
                lambda a, when, card: (
                    f"Set {_which(a, 'character')} aside for {plural(a.turns, 'turn')}; it comes back to its "
                    "owner's territory"
                    + (f" with {a.strength}/{a.toughness} more." if a.strength or a.toughness else ".")
                ),
                _do_set_aside_for,
                resolve=_resolve_aside,
            ),
            Verb(
                "may_draw",
                "its player may draw N cards",
                lambda a, when, card: (
                    ("When this Lost Soul is rescued, the player it was rescued from " if when == "rescued" else "You ")
                    + f"may draw {plural(a.n, 'card')}."
                ),
                _do_may_draw,
                resolve=_resolve_may_draw,
                reactivate=_reactivate_draw,
            ),
            Verb(
                "worth",
                "the enhancement's numbers are N/N while its condition holds",
                lambda a, when, card: f"This card is worth {a.strength}/{a.toughness}.",
            ),
            Verb(
                "site_access",
                "its player's characters that fit may rescue from any site",
                lambda a, when, card: (
                    f"While this is active, your {filter_text(a.filter, 'character', plural=True)} may rescue a Lost "
                    "Soul from any site."
                ),
            ),
            Verb(
                "protect_discard",
                "the cards that fit are protected from the discard abilities of the cards it names",
                lambda a, when, card: (
                    f"While this is active, every {filter_text(a.filter, 'card')} in play is protected from the "
                    f"discard abilities of {filter_text(a.against, 'card', plural=True)}."
                ),
            ),
            Verb(
                "gift_draw",
                "each time an opponent draws by a character's or enhancement's ability, you may draw as many",
                lambda a, when, card: (
                    "While this is active, each time an opponent draws cards because of a special ability on a "
                    "character or an enhancement, you may draw as many."
                    if not a.n
                    else "While this is active, each time an opponent draws cards because of a good or evil card's "
                    f"draw ability, you may draw {plural(a.n, 'card')}."
                ),
                resolve=_resolve_gift,
            ),
            Verb(
                "unnegatable",
                "while this character is in play, the cards that fit cannot be negated",
                lambda a, when, card: (
                    f"While this character is in play, {filter_text(a.filter, 'card', plural=True)}"
                    + _ability_words(a)
                    + " cannot be negated."
                ),
            ),
            # pool2: "enhancements used by this card cannot be negated" (redemption.effect.unnegatable_on), and the
            # same for interrupted and prevented (redemption.effect.uninterruptible_on, unpreventable_on)
            *(
                Verb(
                    name,
                    f"the enhancements that fit played on this character cannot be {how}",
                    _kept_on_text(how),
                )
                for name, how in (
                    ("unnegatable_on", "negated"),
                    ("uninterruptible_on", "interrupted"),
                    ("unpreventable_on", "prevented"),
                )
            ),
            Verb(
                "search_bondage",
                "search an opponent's draw pile for a Lost Soul and put it into their Land of Bondage",
                lambda a, when, card: (
                    f"Search your opponent's draw pile for {an(filter_text(a.filter, 'card'))} and put it into their "
                    "Land of Bondage; then shuffle that draw pile."
                ),
                _do_search_bondage,
                resolve=_resolve_search_bondage,
            ),
            Verb(
                "to_bondage",
                "about to be discarded in battle, the character goes to its opponent's Land of Bondage instead",
                lambda a, when, card: (
                    "If this character is about to be discarded in battle, it goes to your opponent's Land of Bondage "
                    "instead, treated as a Lost Soul."
                ),
            ),
            Verb(
                "opponent_topdecks",
                "each opponent puts a card that fits from hand on top of their draw pile",
                lambda a, when, card: (
                    f"Each opponent must put {an(filter_text(a.filter, 'card'))} of their choice from their hand on top "
                    "of their draw pile."
                ),
                _do_opponents_pile,
                resolve=_resolve_opponents_pile,
            ),
            Verb(
                "opponent_underdecks",
                "each opponent puts a card that fits from hand under their draw pile",
                lambda a, when, card: (
                    f"Each opponent must put {an(filter_text(a.filter, 'card'))} of their choice from their hand on the "
                    "bottom of their draw pile."
                ),
                _do_opponents_pile,
                resolve=_resolve_opponents_pile,
            ),
            Verb(
                "play_from_deck",
                "play a Lost Soul (or a character) from a draw pile",
                lambda a, when, card: (
                    "You may play "
                    + " and ".join(an(TYPE_NAMES.get(t, t)) for t in _deck_types(a))
                    + " from "
                    + (
                        "an opponent's"
                        if a.select.owner in ("opponent", "opponents")
                        else "any player's"
                        if a.select.owner == "any"
                        else "your"
                    )
                    + " draw pile into its owner's Land of Bondage or territory"
                    + (f" (the character with a reference in {a.select.get('book')})" if a.select.get("book") else "")
                    + "; then the draw piles searched are shuffled."
                ),
                _do_play_from_deck,
                resolve=_resolve_play_from_deck,
            ),
            Verb(
                "discard_self_to",
                "its player may discard this card to discard a card that fits",
                lambda a, when, card: (
                    f"You may discard this card to discard {an(filter_text(a.filter, 'card'))} "
                    + ("in battle." if a.select.zones == ("battle",) else "in play.")
                ),
                _do_discard_self_to,
                resolve=_resolve_discard_self_to,
            ),
            Verb(
                "exchange_self",
                "its player may exchange this character in battle with one from their Reserve or discard pile",
                lambda a, when, card: (
                    f"You may exchange it with {an(filter_text(a.filter, 'card'))} "
                    f"from your {_piles_words(a)}: that one takes its place in battle."
                ),
                _do_exchange_self,
                resolve=_resolve_exchange_self,
            ),
            Verb(
                "underdeck_or_pay",
                "its player may underdeck a character; its owner may underdeck a card of its alignment from hand instead",
                lambda a, when, card: (
                    f"You may put {an(filter_text(a.filter, 'card'))} "
                    + ("in a territory " if a.select.zones == ("territory",) else "")
                    + "under its owner's draw pile; its owner may put a card of its alignment from their hand under "
                    "their draw pile instead."
                ),
                _do_underdeck_or_pay,
                resolve=_resolve_underdeck_or_pay,
            ),
            Verb(
                "protect_lone",
                "this character is protected from the abilities of a lone character that fits",
                lambda a, when, card: (
                    f"This character is protected from the abilities of a lone {filter_text(a.filter, 'Hero')} (one "
                    "alone on its side of the battle): they cannot take it."
                ),
            ),
            Verb(
                "dominant_band",
                "a Dominant lets your character in battle band to up to N characters",
                lambda a, when, card: (
                    f"Your character in battle may band to up to {max(1, a.select.most)} "
                    f"{filter_text(a.filter, 'character', plural=a.select.most != 1)} from your hand or territory."
                ),
                _do_dominant_band,
                usable=_in_battle_now,
                adds=SAME_SIDE,
            ),
            Verb(
                "discard_to_add",
                "its player may discard a Hero in a territory to add a character that fits to battle",
                lambda a, when, card: (
                    f"You may discard a Hero in a territory to add {an(filter_text(a.filter, 'character'))} of yours "
                    "from your hand or territory to the battle."
                ),
                _do_discard_to_add,
                resolve=_resolve_discard_to_add,
                reactivate=_reactivate_added,
                adds=SAME_SIDE,
            ),
            Verb(
                "exchange_hand",
                "its player may exchange a card of their hand with one that fits from their draw pile",
                lambda a, when, card: (
                    ("When this Lost Soul is put in play, you" if when == "put_in_play" else "You")
                    + f" may exchange a card from your hand with {an(filter_text(a.filter, 'card'))} from your draw "
                    "pile; then shuffle your draw pile."
                ),
                _do_exchange_hand,
                resolve=_resolve_exchange_hand,
            ),
            Verb(
                "underdeck_to_draw",
                "its player may put a card of their hand under their draw pile to draw N",
                lambda a, when, card: (
                    ("When this Lost Soul is put in play, you" if when == "put_in_play" else "You")
                    + f" may put a card from your hand on the bottom of your draw pile to draw {plural(max(1, a.n), 'card')}."
                ),
                _do_underdeck_to_draw,
                resolve=_resolve_underdeck_to_draw,
            ),
            Verb(
                "underdeck_self_to",
                "its player may put this card under its owner's draw pile to put a card that fits under its owner's",
                lambda a, when, card: (
                    ("When activated, you" if when == "activate" else "You")
                    + f" may put this card on the bottom of your draw pile to put {an(filter_text(a.filter, 'card'))} "
                    + ("in a territory " if a.select.zones == ("territory",) else "in play ")
                    + "on the bottom of its owner's draw pile."
                ),
                _do_discard_self_to,
                resolve=_resolve_discard_self_to,
            ),
            Verb(
                "also_enhancement",
                "an artifact (a Covenant, a Curse) that may also be played in battle as an enhancement",
                lambda a, when, card: (
                    "This card may also be played in battle as "
                    + ("a Good" if card is not None and card.alignment == "good" else "an Evil")
                    + " Enhancement of its brigade, with its numbers; put on the artifact pile, it is an artifact."
                ),
            ),
            Verb(
                "dual_alignment",
                "a good enhancement that may also be played as an evil one, of other brigades, with other numbers",
                lambda a, when, card: (
                    "This card may also be played as an Evil Enhancement of the "
                    + " or ".join(
                        [a.select.get("brigade")]
                        if isinstance(a.select.get("brigade"), str)
                        else list(a.select.get("brigade") or ())
                    )
                    + f" brigade, with {a.strength}/{a.toughness}."
                ),
            ),
            Verb(
                "choose_blocker",
                "as the attacking Hero enters battle, its player may choose the opposing character that blocks",
                lambda a, when, card: (
                    f"When this Hero attacks, you may choose {an('opposing ' + filter_text(a.filter))} in your "
                    "opponent's territory to block it."
                ),
                _do_choose_blocker,
                resolve=_resolve_choose_blocker,
                adds=OPPOSITE_SIDE,
            ),
            Verb(
                "look_hand",
                "look at an opponent's hand or Reserve",
                lambda a, when, card: (
                    "Look at your opponent's " + ("Reserve." if a.select.zones == ("reserve",) else "hand.")
                ),
                _do_look_hand,
                resolve=_resolve_look_hand,
            ),
            Verb(
                "withdraw_self",
                "its player may withdraw this character from battle",
                lambda a, when, card: "You may withdraw it from battle.",
                _do_withdraw_self,
                resolve=_resolve_withdraw_self,
            ),
            Verb(
                "prevent_ignore",
                "while this is active, every ignore ability of a character or enhancement is prevented",
                lambda a, when, card: (
                    "While this is face up, every ignore ability on a character or an enhancement is prevented "
                    "(nothing is ignored by one)."
                ),
            ),
            Verb(
                "prevent_stoppers",
                "while this is active, every negate, prevent and interrupt ability on a character is prevented",
                lambda a, when, card: (
                    "While this is face up, every negate, prevent and interrupt ability on a character is prevented."
                ),
            ),
            Verb(
                "negate_abilities",
                "while this character is in battle, every other character's and enhancement's ability is negated",
                lambda a, when, card: (
                    f"While this character is in battle, the special abilities of every other "
                    f"{filter_text(a.filter, 'card')} in battle are negated."
                    if a.filter
                    else "While this character is in battle, the special abilities of every other character and "
                    "enhancement are negated: the battle is decided by the numbers."
                ),
            ),
            Verb(
                "poison",
                "poison a character: it loses N/N each turn and is discarded at toughness 0",
                lambda a, when, card: (
                    f"Poison {an(filter_text(a.filter))} in play: from the next turn on it loses "
                    f"{a.strength}/{a.toughness} in each turn's Upkeep; at toughness 0 it is discarded."
                ),
                _do_poison,
                _selected,
            ),
            Verb(
                "heal",
                "heal a poisoned character: its poisons and decreases end",
                lambda a, when, card: (
                    f"Heal {an(filter_text(a.filter))} discarded this turn: it comes back from the discard pile to its "
                    "owner's territory. Play this on a character of yours in battle, or, in your Preparation or "
                    "Discard phase, on your character being healed."
                    if a.select.zones == ("discard",)
                    else f"Heal {an(filter_text(a.filter))} in play: its poisons and diseases end and every decrease "
                    "of its numbers is removed."
                ),
                _do_heal,
                _healable,
            ),
            Verb(
                "negate_immune",
                "the immunities of the characters that fit stop counting",
                lambda a, when, card: (
                    f"Negate every immunity of {filter_text(a.filter, 'character', plural=True)}"
                    + (" while this is face up." if card is not None and card.type == "artifact" else " this battle.")
                ),
            ),
            Verb(
                "protect_capture",
                "a character cannot be captured",
                lambda a, when, card: (
                    f"While this is face up, no {filter_text(a.filter, 'character')} can be captured."
                    if card is not None and card.type == "artifact"  # redemption.effect.protect_capture
                    else "This character is protected from capture."
                    if when == "while_in_play"
                    else "The character this is played on is protected from capture this battle."
                ),
            ),
            Verb(
                "set_aside_gain",
                "set the character aside until its player returns it; it gains N/N for each turn aside",
                lambda a, when, card: (
                    "Set the character this is played on aside, with this card on it, until its player returns it "
                    f"in a Preparation phase: then it gains {a.strength}/{a.toughness} for each of their turns it "
                    "spent aside, and this card is discarded."
                ),
                _do_set_aside_gain,
            ),
            Verb(
                "prevent_next",
                "the next opposing enhancement that fits has its ability prevented",
                lambda a, when, card: (
                    "Prevent "
                    + f"the special ability of the next opposing {filter_text(a.filter, 'card')} played in this battle."
                ),
                _do_prevent_next,
            ),
            Verb(
                "save_self",
                "the first time this character is about to be discarded, it returns to territory instead",
                lambda a, when, card: (
                    "The first time this character is about to be discarded, return it to your territory instead"
                    + (f"; it gains {a.strength}/{a.toughness}." if a.strength or a.toughness else ".")
                ),
            ),
            Verb(
                "choose_one",
                "the question an ability with two alternatives asks (an ability's key, not an effect's verb)",
                lambda a, when, card: "",
                resolve=_resolve_choose_one,
            ),
            Verb(
                "may",
                "the question a \"you may\" ability asks first (an ability's key, not an effect's verb)",
                lambda a, when, card: "",
                resolve=_resolve_may,
            ),
            Verb(  # several Lost Souls of one player put in play at once (redemption.effect.soul_order)
                SOUL_ORDER,
                "the question which of a player's Lost Souls put in play at once works first (not an effect's verb)",
                lambda a, when, card: "",
                resolve=_resolve_soul_order,
            ),
            Verb(
                "protect_from",
                "the cards that fit are protected from a kind of card for a while",
                lambda a, when, card: (
                    f"Protect every {_protected_words(a)} from {filter_text(a.against, 'card', plural=True)}"
                    + _HOW.get(a.duration, "")
                    + "."
                ),
                _do_protect_from,
            ),
            Verb(
                "prevent_abilities",
                "the special abilities of the characters that fit are prevented",
                lambda a, when, card: (
                    f"Prevent all special abilities of {filter_text(a.filter, 'character', plural=True)}"
                    + (f" but their {a.keep}" if a.keep else "")
                    + (
                        " while this is face up."
                        if card is not None and card.type == "artifact"
                        else " while this is in battle."
                    )
                ),
            ),
            Verb(
                "discard_self",
                "the card discards itself",
                lambda a, when, card: (
                    f"Discard this card when {an(filter_text(a.filter, 'character'))} wins a battle."
                    if when == "wins_battle"
                    else "Discard this card."
                ),
                _do_discard_self,
            ),
            Verb(
                "fortress",
                "holds cards safe from discard",
                lambda a, when, card: (
                    f"Holds up to {a.n} of your {filter_text(a.filter, 'card', plural=True)}; cards inside cannot be "
                    "discarded or go to battle."
                ),
            ),
        )
    }


#: every verb by name
VERBS: dict[str, Verb] = _verbs()
#: the verbs whose ability negates, prevents or interrupts: on a character, what a face-up prevent_stoppers
#: artifact prevents (redemption.effect.prevent_stoppers)
STOPPERS = frozenset(
    (
        "negate",
        "negate_discard",
        "negate_immune",
        "prevent_band",
        "prevent_next",
        "prevent_ignore",
        "interrupt_battle",
        "interrupt",
        "interrupt_discard",
        "interrupt_prevent",
    )
)
REGISTRY = VERBS  # the name the engine has always used
Effect = Verb
#: verb name -> short description of where it works (for docs and the coach)
EFFECTS: dict[str, str] = {name: e.summary for name, e in VERBS.items()}
#: verbs whose target the player chooses when an enhancement or a character brings them (redemption.battle.targets)
TARGETED: tuple[str, ...] = tuple(name for name, e in VERBS.items() if e.targets is not None and not e.needs_target)
#: verbs that take the card their player chose, on an enhancement or a Dominant
TAKES_TARGET: frozenset[str] = frozenset(name for name, e in VERBS.items() if e.targets is not None)
#: what an ability did that negating its card undoes (redemption.effect.negate): verb -> where the target went
UNDOABLE: dict[str, str] = {name: e.undo for name, e in VERBS.items() if e.undo != "none"}
#: the triggers whose abilities ``run`` carries out when the card is played or enters battle; the others are read
#: where the rules apply them (Upkeep, activation, passive abilities)
RUN_TRIGGERS = frozenset(("played", "enters_battle", "blocking"))


# --- abilities: what the engine asks of a card ------------------------------------------------------------------
_RIDER_WORDS = {
    "cannot_be_prevented": "prevented",
    "cannot_be_interrupted": "interrupted",
    "cannot_be_negated": "negated",
}


def _rider_words(act: Act) -> str:
    """The riders of an effect said after it (" This cannot be prevented or interrupted.")."""
    if not act.riders and not act.rider_if:
        return ""
    words = [_RIDER_WORDS[r] for r in act.riders if r in _RIDER_WORDS]
    out = " (Regardless of immunity.)" if "regardless_of_immunity" in act.riders else ""
    if words:
        out += " This cannot be " + (", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]) + "."
    for r, cond, by in act.rider_if:
        out += f" This cannot be {_RIDER_WORDS.get(r, r)}" + (f" by {an(filter_text(by, 'card'))}" if by else "")
        out += (f" {condition_text(cond)}" if cond else "") + "."
    return out


_BLOCK_HEADS = {"blocking": "When this character blocks: ", "blocked": "When this character is blocked: "}


def _act_words(act: Act, trigger: str, card: Card | None) -> str:
    """One effect in words, its own condition first ("If used by a Philistine: ...")."""
    words = VERBS[act.verb].text(act, trigger, card) + _rider_words(act)
    if act.condition:  # redemption.lang.condition.effect
        cond = condition_text(act.condition)
        words = f"{cond[:1].upper()}{cond[1:]}: {words[:1].lower()}{words[1:]}"
    return words


def ability_text(a: Ability, card: Card | None = None) -> str:
    """The player-facing sentence for one ability, generated from its data by its verbs."""
    texts = [_act_words(act, a.trigger, card) for act in a.acts]
    if a.choose_one:
        one, two = (VERBS[act.verb].text(act, "played", None) for act in a.acts)
        head = "When this Lost Soul is put in play, choose one: " if a.trigger == "put_in_play" else "Choose one: "
        words = head + one.rstrip(".") + "; or " + two[:1].lower() + two[1:]
    else:
        words = " ".join(texts)
    if a.may:  # redemption.lang.may
        words = "You may: " + words[:1].lower() + words[1:]
    if a.trigger == "lone_attack":  # redemption.lang.trigger.lone_attack: the condition says which Hero
        who_ = condition_text(a.condition).replace("if used by ", "") or "a Hero"
        return f"When {who_} of yours attacks alone: {words[:1].lower()}{words[1:]}"
    if a.cost:  # redemption.lang.cost: "discard this card to ..."
        words = f"{COSTS[a.cost].text[:1].upper()}{COSTS[a.cost].text[1:]} {words[:1].lower()}{words[1:]}"
    if a.trigger == "enters_battle" and card is not None and card.is_character and not words.startswith("When "):
        # said once for the whole ability, unless its effect names its own moment ("When this Hero attacks")
        words = f"When this character enters battle, {words[:1].lower()}{words[1:]}"
    if a.condition:
        words = f"{condition_text(a.condition)[:1].upper()}{condition_text(a.condition)[1:]}: {words}"
    if card is not None and card.type == "artifact" and card.is_enhancement and a.trigger == "played":
        words = f"As an enhancement in battle: {words[:1].lower()}{words[1:]}"  # redemption.effect.also_enhancement
    if a.trigger == "activate" and not words.startswith("When activated"):
        words = f"When activated: {words[:1].lower()}{words[1:]}"
    block_head = _BLOCK_HEADS.get(a.trigger, "")
    if block_head:  # redemption.lang.trigger.blocking, blocked
        words = f"{block_head}{words[:1].lower()}{words[1:]}"
    if a.trigger == "put_in_play" and card is not None and card.type != "lost_soul" and not a.choose_one:
        words = f"When this card is put in play: {words[:1].lower()}{words[1:]}"
    return words


def in_order(ab: Ability) -> tuple[Act, ...]:
    """The effects of ability ab in the order they activate: those that add no character to the battle first, in
    the order written, then those that add one to its player's side (a band: each character it adds activates its
    own abilities as it enters), then those that add one to the other side (a choose-opponent, a choose-blocker).
    A "choose one" ability's effects are alternatives and keep their order. This is the one place that decides the
    order (REG 5.0 *Ability Activation Order*; redemption.ability_order)."""
    acts = ab.acts
    if ab.choose_one or len(acts) < 2:
        return acts
    ranks = [VERBS[a.verb].adds for a in acts]
    if all(x <= y for x, y in zip(ranks, ranks[1:])):
        return acts
    return tuple(acts[i] for i in sorted(range(len(acts)), key=lambda i: ranks[i]))


def after_in_order(ab: Ability, idx: int) -> tuple[Act, ...]:
    """The effects of ability ab that activate after its effect at index ``idx`` (:func:`in_order`)."""
    order, act = in_order(ab), ab.acts[idx]
    return order[next(k for k, a in enumerate(order) if a is act) + 1 :]


def abilities_in_order(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """A card's abilities that work at one moment, in the order they activate: those with an effect that adds a
    character after those without, the ones adding to the other side last (:func:`in_order`; the order written
    otherwise)."""
    if len(abilities) < 2:
        return abilities
    ranks = [max((VERBS[a.verb].adds for a in ab.acts), default=0) for ab in abilities]
    if all(x <= y for x, y in zip(ranks, ranks[1:])):
        return abilities
    return tuple(abilities[i] for i in sorted(range(len(abilities)), key=lambda i: ranks[i]))


def run(g: Table, p: int, src: str, host: str, ab: Ability, target: str, events: list[Event]) -> None:
    """Carry out one ability of ``src`` for player p (host: the character it was played on; target: the card its
    player chose, given to the effects that take a chosen target)."""
    if ab.trigger not in RUN_TRIGGERS:
        return
    if ab.trigger == "blocking" and not (g.b.kind and g.loc[host] == (g.b.defender, "field_of_battle")):
        return  # it did not enter battle on the blocking side (redemption.lang.trigger.blocking)
    use(g, p, src, host, ab, target, events)


def use(g: Table, p: int, src: str, host: str, ab: Ability, target: str, events: list[Event]) -> None:
    """One ability at its moment: its condition checked, "you may" or "choose one" asked, then its effects in order."""
    if ab.condition and not condition_holds(g, p, host, ab.condition):
        events.append(
            Event(
                "effect",
                f"{g.cd[src].name} does nothing: it works only {condition_text(ab.condition)}.",
                p,
                "redemption.lang.condition",
            )
        )
        return
    if ab.may:  # "you may ...": its player says first whether it is used at all (redemption.lang.may)
        g.ask(
            Decision(p, src, "may", [src], "up_to", 1, to=list(range(len(g.z))), at=act_place(g.cd[src], ab.acts[0])),
            events,
            f"{who(p, True)} may use {g.cd[src].name} (choose it), or not (choose nothing).",
        )
        return
    _mark_used(g, host, ab)
    if ab.choose_one:  # its player chooses one of its two effects (redemption.lang.choose_one)
        first, second = (VERBS[a.verb].text(a, ab.trigger, None).rstrip(".") for a in ab.acts)
        g.ask(
            Decision(
                p, src, "choose_one", [src], "up_to", 1, to=list(range(len(g.z))), at=act_place(g.cd[src], ab.acts[0])
            ),
            events,
            f"{who(p, True)} {verb(p, 'chooses', 'choose')} for {g.cd[src].name}: {first} (choose it), or {second} "
            "(choose nothing).",
        )
        return
    _run_acts(g, p, src, host, in_order(ab), target, events)


def _run_acts(
    g: Table, p: int, src: str, host: str, acts: tuple[Act, ...], target: str, events: list[Event], asking: bool = False
) -> None:
    """The effects of an ability in the order written; one that asks its player stops here: the rest go on when the
    question is answered (:func:`continue_after`)."""
    for act in acts:
        v = VERBS[act.verb]
        if v.do is None:
            continue
        if g.s.pending is not None:
            return
        if act.condition and not condition_holds(g, p, host, act.condition):  # redemption.lang.condition.effect
            events.append(
                Event(
                    "effect",
                    f"{g.cd[src].name}: {condition_text(act.condition)[3:]} does not hold, so "
                    f"{VERBS[act.verb].text(act, 'played', None)[:1].lower()}{VERBS[act.verb].text(act, 'played', None)[1:].rstrip('.')} "
                    "does not happen.",
                    p,
                    "redemption.lang.condition.effect",
                )
            )
            continue
        if src == host and g.cd[src].is_character and continuous.silenced(g, src, act.verb):
            events.append(
                Event("effect", f"{g._nm(src)}: its ability is prevented.", p, "redemption.effect.prevent_abilities")
            )
            continue
        if act.verb in STOPPERS and g.cd[src].is_character and continuous.stoppers_prevented(g, src):
            events.append(  # redemption.effect.prevent_stoppers
                Event(
                    "effect",
                    f"{g.cd[src].name}: its {act.verb.replace('_', ' ')} ability is prevented.",
                    p,
                    "redemption.effect.prevent_stoppers",
                )
            )
            continue
        if v.asks_on_entry and not target and (asking or (src == host and g.cd[src].is_character)):
            # a character's own "discard any ...": its player chooses the target as it enters battle; so does the
            # player of a "you may" or "choose one" ability once it is used (its move named no target)
            assert v.targets is not None
            options = protected_from(g, g.cd[src], _unprotected(g, g.cd[src], act, v.targets(g, p, act, host)))
            if asking and len(options) == 1 and not act.select.up_to:  # one card fits: no question
                v.do(g, p, src, host, act, options[0], events)
                if g.s.pending is not None:
                    _asked(g, src, act)
                    return
                continue
            if options:
                up_to = act.select.up_to
                g.ask(
                    Decision(
                        p,
                        src,
                        act.verb,
                        options,
                        "up_to" if up_to else "one",
                        act.select.most,
                        to=[p],
                        at=act_place(g.cd[src], act),
                    ),
                    events,
                    f"{who(p, True)} {verb(p, 'chooses', 'choose')} what {g.cd[src].name} takes.",
                )
                return
        given = target if act.verb in TAKES_TARGET else ""
        if given and v.targets is not None and not act.select.every:
            target = ""  # the chosen target is the first targeted effect's: a later one asks for its own
        v.do(g, p, src, host, act, given, events)
        if g.s.pending is not None:  # it asked: what follows waits for the answer
            _asked(g, src, act)
            return
    if (
        g.b.interrupter == src
    ):  # its ability is done: what it interrupted comes back (redemption.effect.interrupt_battle)
        reactivate(g, src, events)


def _asked(g: Table, src: str, act: Act) -> None:
    """Effect ``act`` of card src has just left a question pending: its own keeps the effect's place (:func:`_stamp`);
    another card's (a character it brought into battle asks as it enters) holds the effects after it in their
    ability, which wait in the battle's ``waiting`` until nothing is pending (:func:`continue_after`)."""
    d = g.s.pending
    if d is not None and d.source != src:
        _wait(g, src, act_place(g.cd[src], act))
    else:
        _stamp(g, src, act)


def _wait(g: Table, src: str, at: int) -> None:
    """The effects after card src's effect at place ``at``, in its ability, wait for another card's question (none
    after it, or a "choose one" ability's other alternative: nothing waits; outside a battle nothing does either)."""
    found = _placed(g.cd[src], at)
    if found is not None and not found[0].choose_one and after_in_order(*found):
        g.s.waiting.append((src, at))


def continue_after(g: Table, d: Decision, events: list[Event]) -> None:
    """The answered question was asked by an effect of card ``d.source``: the effects written after it in that
    ability are carried out now, for the card's owner (redemption.decision). Then, with nothing left to answer,
    the abilities that waited for it (the effects after one that brought in the character that asked) go on, the
    last one held first; suspended effects go on reactivating (:func:`resume_reactivation`), or reactivate once the
    interrupting card's ability is done although the answer was to another card's question
    (redemption.effect.interrupt_battle)."""
    _continue_ability(g, d, events)
    while g.s.pending is None and g.s.waiting:  # the state's: they go on after a battle the answer ended too
        src, at = g.s.waiting.pop()
        _go_on(g, src, at, events)
    b = g.b
    if g.s.pending is None and b.reactivating:
        resume_reactivation(g, events)
    elif g.s.pending is None and b.interrupter and b.suspended:
        reactivate(g, b.interrupter, events)


def _continue_ability(g: Table, d: Decision, events: list[Event]) -> None:
    """The effects written after the one that asked ``d``, in its ability (:func:`continue_after`); when another
    card asks now (a character the answer brought into battle), they wait for its answer (:func:`_wait`)."""
    card = g.cd.get(d.source)
    nxt = g.s.pending
    if nxt is not None and nxt.at < 0 and nxt.source == d.source and nxt.effect == d.effect:
        nxt.at = d.at  # the same effect asks its next question: it keeps its place
    if card is None or (nxt is not None and nxt.source == d.source) or d.source == g.b.reactivating:
        return  # (a reactivated effect that asked: what follows it in its ability did not go, and does not come)
    found = _placed(card, d.at)
    if found is not None and found[0].acts[found[1]].verb == d.effect:
        at = d.at  # the effect that asked, by its place
    else:  # a decision saved without its place: the card's first effect of that verb
        act = _act_by_verb(g, d.source, d.effect)
        if act is None:
            return
        at = act_place(card, act)
    if nxt is not None:
        _wait(g, d.source, at)
    else:
        _go_on(g, d.source, at, events)


def _go_on(g: Table, src: str, at: int, events: list[Event]) -> None:
    """Card src's ability goes on after its effect at place ``at``: the effects written after it, for the card's
    owner; with none left, what the card interrupted reactivates (redemption.effect.interrupt_battle)."""
    card = g.cd[src]
    found = _placed(card, at)
    if found is None:
        return
    ab, idx = found
    if ab.choose_one:  # one of two alternatives was done: the other is not (redemption.lang.choose_one)
        return
    rest = after_in_order(ab, idx)  # the effects that activate after it (redemption.ability_order)
    if rest:
        host = src if card.is_character else g.attached.get(src, "")
        _run_acts(g, g.owner(src), src, host, rest, "", events)
    elif g.b.interrupter == src:  # redemption.effect.interrupt_battle
        reactivate(g, src, events)


def rescued(g: Table, held_by: int, soul: str, events: list[Event]) -> None:
    """Lost Soul ``soul`` was just rescued (by a battle or by an ability) from player ``held_by``'s Land of Bondage
    or site: its own abilities with the trigger rescued work, for that player (redemption.lang.trigger.rescued)."""
    if any(ab.trigger == "rescued" for ab in g.cd[soul].abilities):
        run_trigger(g, held_by, soul, "rescued", events)


def run_trigger(g: Table, p: int, src: str, trigger: str, events: list[Event]) -> None:
    """Carry out card src's abilities with this trigger (``put_in_site``: the Lost Soul was just put in a site), as
    any ability's effects are (:func:`_run_acts`, in the order they activate): one that asks stops there and the rest
    go on with the answer; one after which another card asks (a Lost Soul it rescued) holds the rest in the state's
    ``waiting`` (redemption.decision). Such an ability names no target: an effect that needs one is refused when the
    card loads (``lang.NO_TARGET_TRIGGERS``)."""
    for ab in g.cd[src].abilities:
        if ab.trigger != trigger or g.s.pending is not None:
            continue
        if ab.condition and not condition_holds(g, p, src, ab.condition):
            continue
        _run_acts(g, p, src, src, in_order(ab), "", events)


def ability_targets(g: Table, p: int, card: Card, host: str) -> list[str]:
    """The cards the player chooses among for an enhancement played on host (redemption.battle.targets)."""
    for ab in card.abilities:
        if ab.condition and not condition_holds(g, p, host, ab.condition):
            continue
        if ab.may or ab.choose_one:  # its effects ask their own questions once it is used (redemption.lang.may)
            continue
        for act in in_order(ab):  # the move's target is the first effect's to activate that takes one
            targets = VERBS[act.verb].targets
            if act.condition and not condition_holds(g, p, host, act.condition):
                continue  # an effect whose own condition does not hold takes nothing (redemption.lang.condition.effect)
            if (
                targets is not None and not act.select.every and not act.select.up_to
            ):  # a chosen target (an enhancement's "discard any X in play" too); "up to N" asks when it works
                return _unprotected(g, card, act, protected_from(g, card, targets(g, p, act, host)))
    return []


#: the verbs that discard the card they take: a card protected from the acting card's discard abilities is not
#: offered to them (redemption.effect.protect_discard)
_DISCARDING = frozenset(("discard", "discard_type", "negate_discard"))


def _unprotected(g: Table, card: Card, act: Act, options: list[str]) -> list[str]:
    """The options but those protected from card's discard abilities (redemption.effect.protect_discard)."""
    if act.verb not in _DISCARDING or not options:
        return options
    return [c for c in options if not continuous.discard_protected(g, c, card)]


def dominant_targets(g: Table, p: int, card: Card, d: str) -> list[str] | None:
    """None: no target needed; otherwise the possible targets of Dominant d (may be empty)."""
    for ab in card.abilities:
        for act in in_order(ab):
            v = VERBS[act.verb]
            if v.needs_target and v.targets is not None:
                return _unprotected(g, card, act, v.targets(g, p, act, d))
    return None


def dominant_usable(g: Table, p: int, card: Card) -> bool:
    """Can each of a Dominant's effects do something now (a look at a draw pile needs one), and do its conditions
    hold (redemption.lang.condition)?"""
    for ab in card.abilities:
        if ab.condition and not condition_holds(g, p, "", ab.condition):
            return False
        for act in ab.acts:
            usable = VERBS[act.verb].usable
            if usable is not None and not usable(g, p, act):
                return False
    return True
