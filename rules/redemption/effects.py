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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from rules.core import Event
from rules.redemption import continuous
from rules.redemption.decisions import Decision
from rules.redemption.lang import Act, condition_holds, condition_text, select
from rules.redemption.lang import matches as matches  # re-exported: the card facets of a selector
from rules.words import plural, their, verb, who, whose

if TYPE_CHECKING:
    from rules.redemption.cards import Card
    from rules.redemption.lang import Ability
    from rules.redemption.state import Zone
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
        noun = TYPE_NAMES.get(d["type"], d["type"])
    if plural:
        noun += "es" if noun.endswith("o") else "s"
    if "testament" in d:
        words.append({"OT": "O.T.", "NT": "N.T."}[d["testament"]])
    for k in ("gender", "kind"):
        if k in d:
            words.append(str(d[k]))
    if "class" in d:
        words.append(f"{d['class']}-class")
    if "brigade" in d:
        b = d["brigade"]
        words.append(" or ".join(b) + " brigade" if isinstance(b, tuple) else b)
    text = " ".join(words + [noun])
    if "identifier" in d:
        text += f" that is {d['identifier']}"
    if "name" in d:
        text += f" named {d['name']}"
    if "title" in d:
        text += f" with {d['title']} in its title"
    return text


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

    @property
    def rule(self) -> str:
        return f"redemption.effect.{self.name}"


# --- targets ------------------------------------------------------------------------------------------
def _opposing(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The characters in battle an ability may hit: its selector's, but not the ignored ones
    (redemption.battle.targets), nor, for a discard, one protected from discard (redemption.effect.protect)."""
    if ab.verb == "discard":
        return select(g, p, ab.select, lambda c: g._is_ignored(c) or g._is_protected(c))
    return select(g, p, ab.select, g._is_ignored)


def _band_targets(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's characters of the host's alignment that may enter this battle (redemption.effect.band)."""
    align, cd = g.cd[host].type, g.cd
    return select(
        g,
        p,
        ab.select,
        lambda c: cd[c].type != align or g._unique_clash(p, c) is not None or g._kept_out(c),
    )


def _selected(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's cards, as they are."""
    return select(g, p, ab.select)


def _typed_in_play(g: Table, p: int, ab: Act, host: str) -> list[str]:
    """The selector's cards in play that a discard may hit (the opponents' first, in turn order from ``p``'s
    left, then ``p``'s own, so a list of targets starts with the ones a player means to hit), but not a protected
    one in battle."""
    loc = g.loc
    return select(
        g,
        p,
        ab.select,
        lambda c: (loc[c][1] == "field_of_battle" and g._is_protected(c)) or continuous.card_protected(g, c),
    )


# --- what effects do -----------------------------------------------------------------------------------
def _do_draw(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    hand = g.z[p]["hand"]
    before = len(hand)
    g._draw(p, ab.n, events, f"for {g.cd[src].name}", "redemption.effect.draw")
    if g.in_battle() and src in g.b.played:  # an enhancement's draw: negating it puts the cards back
        g.b.effects.extend((src, "draw", c, "hand") for c in hand[before:])


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
    if eff == "discard" and g._is_protected(target):
        events.append(Event("effect", f"{name} would discard {g._nm(target)}, but it is protected.", p, rid))
        return
    if continuous.immune(g, target, src, host):
        events.append(Event("effect", f"{name} does nothing to {g._nm(target)}: it is immune.", p, rid))
        return
    events.append(Event("effect", f"{name} {_VERB[eff]} {g._nm(target)}: it is removed from battle.", p, rid))
    g._leave_battle(target, _FATE[eff], events, taker=p)
    g.b.effects.append((src, eff, target, g.loc[target][1]))


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
    if not target and src == host and g.cd[src].is_character:  # a character's own "may band to ...": it asks
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
    g.b.effects.append((src, "band", target, origin))
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
        origin = g.loc[c][1]
        g.b.effects.append((d.source, "band", c, origin))
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
    cd = g.cd
    theirs = [
        e
        for e in g.b.played
        if g.owner(e) != p
        and e not in g.b.negated
        and not any("cannot_be_negated" in ab.riders for ab in cd[e].abilities)
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
    cd, negated = g.cd, g.b.negated
    return select(
        g,
        p,
        ab.select,
        lambda c: g.owner(c) == p or c in negated or any("cannot_be_negated" in a.riders for a in cd[c].abilities),
    )


def _do_negate_discard(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Negate the chosen card (its numbers and abilities stop, what it did is undone), then discard it."""
    name, rid = g.cd[src].name, "redemption.effect.negate_discard"
    if not target:
        events.append(Event("effect", f"{name}: nothing to negate.", p, rid))
        return
    if target in g.b.played:
        g.b.negated.append(target)
        events.append(Event("effect", f"{name} negates {g._nm(target)}.", p, rid))
        g._undo(target, events)
    else:
        events.append(Event("effect", f"{name} negates {g._nm(target)}: its ability stops.", p, rid))
    if continuous.card_protected(g, target):
        events.append(Event("effect", f"{g._nm(target)} is protected from discard: it stays.", p, rid))
        return
    g._to_discard(target, events, f" by {name}", rid)


def _text_negate_discard(a: Act, when: str, card: Card | None) -> str:
    d = dict(a.select.facets)
    what = filter_text(a.filter, "card")
    if d.get("last"):
        return f"Negate the last {what} played in this battle and discard it."
    if d.get("face_up"):
        return f"Negate an active {what} and discard it."
    return f"Negate {an(what)} in play and discard it."


def _do_rescue_any(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
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


def _do_discard_type(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    name, rid = g.cd[src].name, "redemption.effect.discard_type"
    if not target:  # an enhancement played with nothing to take: its numbers still count
        events.append(Event("effect", f"{name}: nothing in play fits.", p, rid))
        return
    if continuous.immune(g, target, src, host):
        events.append(Event("effect", f"{name} does nothing to {g._nm(target)}: it is immune.", p, rid))
        return
    if continuous.card_protected(g, target):
        events.append(Event("effect", f"{name} would discard {g._nm(target)}, but it is protected.", p, rid))
        return
    if g.loc[target][1] == "field_of_battle":
        events.append(
            Event("effect", f"{name} discards {g._nm(target)} from battle: it is removed from battle.", p, rid)
        )
        g._leave_battle(target, "discard", events)
    else:
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
    options = [] if full else [c for c in top if g.cd[c].type != "lost_soul"]
    d = Decision(p, src, "look_top", options, "one", revealed=top[:], to=[p])
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
        (c,) = d.chosen
        g._move(c, p, "hand")
        rest = [x for x in d.revealed if x != c]
        events.append(
            Event.said(
                "effect",
                f"{who(p, True)} {verb(p, 'puts', 'put')} one of them into {their(p)} hand"
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


def _do_search(g: Table, p: int, src: str, host: str, ab: Act, target: str, events: list[Event]) -> None:
    """Search your draw pile for a card that fits the filter: it goes into your hand (you may find none); then the
    pile is shuffled (redemption.effect.search)."""
    deck = g.z[p]["deck"]
    if not deck:
        events.append(Event.said("effect", f"{who(p, True)} {verb(p, 'has', 'have')} no draw pile to search.", p))
        return
    cd = g.cd
    # a full hand takes no card, by any means (redemption.hand.cap): the search finds nothing it may take
    options = select(g, p, ab.select, lambda c: cd[c].type == "lost_soul") if g.hand_room(p) else []
    d = Decision(p, src, "search", options, "up_to", 1, revealed=deck[:], to=[p])
    g.ask(
        d,
        events,
        f"{who(p, True)} {verb(p, 'searches', 'search')} {their(p)} draw pile for {an(filter_text(ab.filter, 'card'))}.",
    )


def _resolve_search(g: Table, d: Decision, events: list[Event]) -> None:
    p = d.chooser
    for c in d.chosen:
        g._move(c, p, "hand")
    g.rng.shuffle(g.z[p]["deck"])
    found = (
        f"{verb(p, 'takes', 'take')} one card into {their(p)} hand" if d.chosen else f"{verb(p, 'finds', 'find')} none"
    )
    events.append(
        Event.said(
            "effect",
            f"{who(p, True)} {found} and {verb(p, 'shuffles', 'shuffle')} {their(p)} draw pile.",
            p,
            "redemption.effect.search",
        )
    )


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


# --- the words ------------------------------------------------------------------------------------------
def _text_draw(a: Act, when: str, card: Card | None) -> str:
    n = f"{a.n} card" + ("s" if a.n != 1 else "")
    if when == "upkeep":
        return f"While face up: draw {n} in each of your Upkeep phases."
    if when == "activate":
        return f"When activated: draw {n}."
    if card is not None and card.is_character:
        return f"When this character enters battle, draw {n}."
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
        who_ = f"any of your {filter_text(a.filter, plural=True)}" if many else an(filter_text(a.filter))
        return f"When this character enters battle, it may band to {who_} in your hand or territory."
    return f"Band: bring your {filter_text(a.filter)} from your hand or territory into battle."


def _text_ignore(a: Act, when: str, card: Card | None) -> str:
    if when == "while_in_play":
        return f"While in battle, this character ignores every opposing {filter_text(a.filter)}."
    return f"Ignore every opposing {filter_text(a.filter)} in this battle."


def _text_immune(a: Act, when: str, card: Card | None) -> str:
    what = filter_text(a.filter, "card", plural=True)
    if when == "while_in_play":
        return f"This character is immune to {what}."
    return f"The character this is played on is immune to {what} this battle."


def _text_discard_type(a: Act, when: str, card: Card | None) -> str:
    what = "character" if a.card_type == "character" else TYPE_NAMES.get(a.card_type, a.card_type)
    where = "in a territory" if a.select.zones == ("territory",) else "in play"
    return f"Discard any {what} {where} (not one held in a fortress or set aside)."


def _verbs() -> dict[str, Verb]:
    def opposing(words: str) -> Text:
        return lambda a, when, card: words.format(an("opposing " + filter_text(a.filter)))

    return {
        e.name: e
        for e in (
            Verb("draw", "draw N cards", _text_draw, _do_draw, undo="hand"),
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
                    "The character this is played on has first strike this battle: if the battle would end with "
                    "both sides defeated by numbers, it is not."
                ),
            ),
            Verb(
                "other_brigades",
                "a character may use enhancements of other brigades",
                lambda a, when, card: (
                    f"The character this is played on may use {filter_text(a.filter, 'card', plural=True)} "
                    "of any brigade this battle."
                ),
            ),
            Verb(
                "negate_discard",
                "negate a chosen opposing card and discard it",
                _text_negate_discard,
                _do_negate_discard,
                _negatable,
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
                _selected,
                needs_target=True,
            ),
            Verb(
                "discard_type",
                "discard any card of a type in play",
                _text_discard_type,
                _do_discard_type,
                _typed_in_play,
                needs_target=True,
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
                ),
                _do_look_top,
                resolve=_resolve_look_top,
                usable=_has_deck,
            ),
            Verb(
                "search",
                "search your draw pile for a card",
                lambda a, when, card: (
                    f"Search your draw pile for {an(filter_text(a.filter, 'card'))} and put it into your hand; "
                    "then shuffle your draw pile."
                ),
                _do_search,
                resolve=_resolve_search,
                usable=_has_deck,
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
RUN_TRIGGERS = frozenset(("played", "enters_battle"))


# --- abilities: what the engine asks of a card ------------------------------------------------------------------
def ability_text(a: Ability, card: Card | None = None) -> str:
    """The player-facing sentence for one ability, generated from its data by its verbs."""
    words = " ".join(VERBS[act.verb].text(act, a.trigger, card) for act in a.acts)
    if a.condition:
        words = f"{condition_text(a.condition)[:1].upper()}{condition_text(a.condition)[1:]}: {words}"
    return words


def run(g: Table, p: int, src: str, host: str, ab: Ability, target: str, events: list[Event]) -> None:
    """Carry out one ability of ``src`` for player p (host: the character it was played on; target: the card its
    player chose, given to the effects that take a chosen target)."""
    if ab.trigger not in RUN_TRIGGERS:
        return
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
    for act in ab.acts:
        v = VERBS[act.verb]
        if v.do is not None:
            v.do(g, p, src, host, act, target if act.verb in TAKES_TARGET else "", events)


def ability_targets(g: Table, p: int, card: Card, host: str) -> list[str]:
    """The cards the player chooses among for an enhancement played on host (redemption.battle.targets)."""
    for ab in card.abilities:
        if ab.condition and not condition_holds(g, p, host, ab.condition):
            continue
        for act in ab.acts:
            targets = VERBS[act.verb].targets
            if targets is not None:  # a chosen target (an enhancement's "discard any X in play" too)
                return targets(g, p, act, host)
    return []


def dominant_targets(g: Table, p: int, card: Card, d: str) -> list[str] | None:
    """None: no target needed; otherwise the possible targets of Dominant d (may be empty)."""
    for ab in card.abilities:
        for act in ab.acts:
            v = VERBS[act.verb]
            if v.needs_target and v.targets is not None:
                return v.targets(g, p, act, d)
    return None


def dominant_usable(g: Table, p: int, card: Card) -> bool:
    """Can each of a Dominant's effects do something now (a look at a draw pile needs one)?"""
    for ab in card.abilities:
        for act in ab.acts:
            usable = VERBS[act.verb].usable
            if usable is not None and not usable(g, p, act):
                return False
    return True
