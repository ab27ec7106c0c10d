"""The battle: numbers, initiative, reach, targets, Dominant windows, and how a battle starts, goes and ends.

Rule ids: the battle sections of rules.md (redemption.battle.resolve and its neighbours), redemption.dominant.window.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from rules.core import Event
from rules.redemption import continuous, effects
from rules.redemption.cards import name_on_name
from rules.redemption.decisions import KEEP_WEAPON, Decision
from rules.redemption.effects import TAKES_TARGET, matches
from rules.redemption.state import _OTHERS, IN_PLAY, MUTE_GAME, Battle, Core, Then, Zone
from rules.words import plural, their, verb, who, whose

if TYPE_CHECKING:
    from rules.redemption.table import Table


_UNIQUE_NAME = attrgetter("unique_name")

#: the toughness of a side its opponents' numbers cannot defeat (redemption.effect.immune)
INFINITE = 10**9


def standing_of(hero: tuple[int, int, int], evil: tuple[int, int, int]) -> str:
    """The standing (see :meth:`BattleRules.standing`) of sides with these (strength, toughness, characters)."""
    hs, ht, hn = hero
    es, et, en = evil
    evil_defeated = en == 0 or hs >= et
    hero_defeated = hn == 0 or (en > 0 and es >= ht)
    if evil_defeated and hero_defeated:
        return "both_defeated"
    if evil_defeated:
        return "hero_winning"
    if hero_defeated:
        return "evil_winning"
    return "stalemate"


#: how a battle ended, by its standing (BattleRules._resolve)
_RESOLVED = {
    "hero_winning": "the Hero side wins",
    "evil_winning": "the Evil side wins",
    "both_defeated": "both sides are defeated",
    "stalemate": "stalemate: nobody is defeated",
}


def initiative_words(st: str, other: int, passes: int) -> tuple[str, str]:
    """The battle's state that gives seat ``other`` the initiative at standing ``st`` after ``passes`` passes, and
    what follows (``BattleRules.initiative_why`` without the seat)."""
    if st == "hero_winning":
        return "the Hero side is winning", "the defender (who is losing) has initiative"
    if st == "evil_winning":
        return "the Evil side is winning", "the attacker (who is losing) has initiative"
    word = "stalemate" if st == "stalemate" else "both sides would be defeated"
    if passes:
        return f"{word}: the other player passed", f"{who(other)} may play or pass (two passes in a row end the battle)"
    return f"{word}: {who(other)} did not play the last card", "may play or pass"


def _totals_words(hs: int, ht: int, es: int, et: int, st: str, q: int, passes: int) -> str:
    """The words of the battle's totals and initiative (written when read: Event.lazy)."""
    why, so = initiative_words(st, q, passes)
    return (
        f"Heroes {hs}/{ht} vs Evil {es}/{et}: {st.replace('_', ' ')}; "
        f"{who(q)} {verb(q, 'has', 'have')} initiative ({why}, so {so})."
    )


# The words of the battle's most frequent events, written when read (Event.lazy; a playout reads none)
def _enter_words(p: int, how: str, name: str, c: str, tail: str) -> str:
    return f"{who(p, True)} {how} {name} ({c}){tail}."


def _noblock_words(p: int) -> str:
    return f"{who(p, True)} {verb(p, 'does', 'do')} not block."


def _enhance_words(p: int, name: str, e: str, host: str, extra: str) -> str:
    return f"{who(p, True)} {verb(p, 'plays', 'play')} {name} ({e}) on {host}{extra}."


def _pass_words(p: int) -> str:
    return f"{who(p, True)} {verb(p, 'passes', 'pass')}."


def _rescued_words(name: str, s: str, a: int) -> str:
    return f"{name} ({s}) is rescued into {whose(a)} Land of Redemption."


class BattleRules(Core):
    # --- battle arithmetic --------------------------------------------------------------
    def _is_ignored(self, cid: str) -> bool:
        return continuous.ignored(self, cid)

    def _is_protected(self, cid: str) -> bool:
        return continuous.protected(self, cid)

    def char_numbers(self, cid: str) -> tuple[int, int]:
        """A character's strength and toughness with what sits on it (negated cards do not count)."""
        c = self.cd[cid]
        s, t = c.strength, c.toughness
        att = self.attached
        if cid in att.values():  # as _attachments, without the call when nothing sits on it
            non = self.options["name_on_name"]
            for e, h in list(att.items()):
                if h != cid:
                    continue
                if e in self.b.negated:
                    continue
                ec = self.cd[e]
                if not ec.is_enhancement:
                    continue
                m = 2 if non and name_on_name(ec, c) else 1
                if "worth" in ec.by_effect:  # its numbers depend on the battle (redemption.effect.worth)
                    es, et = continuous.worth(self, e)
                    s += es * m
                    t += et * m
                    continue
                dual = ec.by_effect.get("dual_alignment") if ec.alignment != c.alignment else None
                if (
                    dual is not None
                ):  # a GE/EE card on the other side: its other numbers (redemption.effect.dual_alignment)
                    s += dual.acts[0].strength * m
                    t += dual.acts[0].toughness * m
                    continue
                s += ec.strength * m
                t += ec.toughness * m
        if self.s.mods:
            ds, dt = continuous.number_change(self, cid)
            s, t = max(0, s + ds), max(0, t + dt)
        if self.face_up and continuous.artifacts_change_numbers(self):  # a face-up artifact's gain
            ds, dt = continuous.artifact_numbers(self, cid)  # (redemption.effect.gain.artifact)
            if ds or dt:
                s, t = max(0, s + ds), max(0, t + dt)
        return s, t

    def battle_chars(self, p: int) -> list[str]:
        cd, att = self.cd, self.attached
        out = []
        for c in self.z[p]["field_of_battle"]:  # a loop: a comprehension is a call of its own, and this runs often
            if cd[c].is_character and c not in att:
                out.append(c)
        return out

    def _battle_empty(self) -> bool:
        """No character is in battle on any side (``battle_chars`` of every seat empty), without the lists."""
        cd, att = self.cd, self.attached
        for z in self.z:
            for c in z["field_of_battle"]:
                if cd[c].is_character and c not in att:
                    return False
        return True

    def side_totals(self, p: int, may_ignore: bool | None = None) -> tuple[int, int, int]:
        """(strength, toughness, characters counting) of player p's side of the battle (``may_ignore``:
        ``continuous.may_be_ignored``, when the caller asked it already)."""
        s = t = n = 0
        cd, att = self.cd, self.attached
        if may_ignore is None:
            may_ignore = continuous.may_be_ignored(self)
        for c in self.z[p]["field_of_battle"]:  # battle_chars, written out
            if not cd[c].is_character or c in att:
                continue
            if may_ignore and continuous.ignored(self, c):
                continue
            cs, ct = self.char_numbers(c)
            s += cs
            t += ct
            n += 1
        return s, t, n

    def standing(self) -> str:
        """hero_winning, evil_winning, stalemate or both_defeated (as the battle would end now). A side whose
        characters are all immune to the other's cannot be defeated by its numbers (redemption.effect.immune); in
        mutual destruction a side with first strike survives (redemption.effect.first_strike)."""
        return self._standing(*self._sides())

    def _sides(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """``side_totals`` of the attacker and of the defender (whether anyone may be ignored, asked once)."""
        may_ignore = continuous.may_be_ignored(self)
        return self.side_totals(self.s.active, may_ignore), self.side_totals(self.b.defender, may_ignore)

    def _standing(self, hero: tuple[int, int, int], evil: tuple[int, int, int]) -> str:
        """``standing`` with the sides' totals (``side_totals`` of the attacker and the defender) known."""
        a, d = self.s.active, self.b.defender
        if hero[2] and evil[2]:
            t: Table = self  # a Table already (no cast call)
            if continuous.side_immune(t, a, d):
                hero = (hero[0], INFINITE, hero[2])
            if continuous.side_immune(t, d, a):
                evil = (evil[0], INFINITE, evil[2])
            st = standing_of(hero, evil)
            if st == "both_defeated":
                fa, fd = continuous.first_strike(t, a), continuous.first_strike(t, d)
                if fa != fd:
                    return "hero_winning" if fa else "evil_winning"
            return st
        return standing_of(hero, evil)

    def initiative_player(self, st: str = "") -> int:
        """Who holds initiative in the battle (redemption.battle.initiative); ``st``: the standing, if known."""
        a, d = self.s.active, self.b.defender
        st = st or self.standing()
        if st == "hero_winning":
            return d
        if st == "evil_winning":
            return a
        last = self.b.last_actor
        return (d if last == a else a) if last in (a, d) else a

    def initiative(self, st: str = "") -> tuple[int, str]:
        """Who holds initiative in the battle, and why (redemption.battle.initiative); the reason is a
        :mod:`rules.words` template."""
        q, why, so = self.initiative_why(st)
        return q, f"{why}, so {so}"

    def initiative_why(self, st: str = "") -> tuple[int, str, str]:
        """Who holds initiative, the battle's state that gives it ("stalemate: Player 2 did not play the last card")
        and what follows ("may play or pass"), as :mod:`rules.words` templates."""
        st = st or self.standing()
        other = self.initiative_player(st)
        return (other, *initiative_words(st, other, self.b.passes))

    # --- reach -------------------------------------------------------------------------------
    def can_reach(self, hero: str, soul: str) -> bool:
        hc = self.cd[hero]
        sc = self.cd[soul]
        if sc.is_character and "human" not in sc.identifiers:  # a captured non-human is no Lost Soul (REG Capture)
            return False
        r = sc.by_effect.get("restricted_soul")  # Card.has, without the call
        if r and not matches(hc, r.filter):
            return False
        if self.loc[soul][1] == "in_site":
            site = self.attached.get(soul)
            a = self.cd[site].has("site") if site else None
            if a and not matches(hc, a.filter) and not (site and self._site_access(hero, site)):
                # an artifact may give the hero access to every site (redemption.effect.site_access)
                if not continuous.site_access(self, hero):
                    return False
        return True

    def _site_access(self, hero: str, site: str) -> bool:
        """Does the hero's player hold an empty site in territory of a brigade of the occupied one (it gives access:
        redemption.effect.site)?"""
        brigades, cd, att = self.cd[site].brigade_set, self.cd, self.attached
        if not brigades:
            return False
        occupied = set(att.values())
        return any(
            cd[s].type == "site" and s not in occupied and not brigades.isdisjoint(cd[s].brigade_set)
            for s in self.z[self.owner(hero)]["territory"]
        )

    def reachable(self, hero: str, opp: int) -> list[str]:
        z = self.z[opp]
        return [s for s in z["land_of_bondage"] + z["in_site"] if self.can_reach(hero, s)]

    def reaches(self, hero: str, opp: int) -> bool:
        """Can ``hero`` reach one of player opp's Lost Souls (``reachable`` is not empty)?"""
        z = self.z[opp]
        for s in z["land_of_bondage"]:  # loops, not any(...): it runs for every Hero at every battle's start
            if self.can_reach(hero, s):
                return True
        for s in z["in_site"]:
            if self.can_reach(hero, s):
                return True
        return False

    # --- uniqueness, targets, windows ----------------------------------------------------------
    def _unique_names(self, p: int) -> set[str]:
        """Names of the unique cards player p controls in play (for offering moves from the hand quickly; kept in
        ``_hand_cache`` until a card enters or leaves play: not to be changed)."""
        hc = self._hand_cache()
        names: set[str] | None = hc.get((p, "unique"))
        if names is not None:
            return names
        z, get = self.z[p], self.cd.__getitem__
        names = set()
        for zone in IN_PLAY:
            cards = z[zone]
            if cards:
                names.update(map(_UNIQUE_NAME, map(get, cards)))
        names.discard("")
        hc[(p, "unique")] = names
        return names

    def _unique_clash(self, p: int, cid: str) -> str | None:
        """Another copy of unique card ``cid`` that player p controls in play (redemption.unique), if any."""
        cd = self.cd
        card = cd[cid]
        if not card.unique_in_play or card.unique_name not in self._unique_names(p):  # no copy in p's play at all
            return None
        z = self.z[p]
        for zone in IN_PLAY:
            for c in z[zone]:
                if c != cid and self.cards[c][1] == p and cd[c].unique_name == card.unique_name:
                    return c
        return None

    def _kept_out(self, c: str) -> bool:
        """Is character c kept from entering this battle: it left the battle already, or a copy of it did when it
        is unique (redemption.battle.reenter), or an opposing ignore ability keeps it out (redemption.effect.ignore)?"""
        left = self.b.left
        if left:
            if c in left:
                return True
            card = self.cd[c]
            if card.unique_in_play and any(self.cd[x].unique_name == card.unique_name for x in left):
                return True
        return continuous.kept_out(self, c)

    def _special_targets(self, p: int) -> list[str]:
        """Special initiative (redemption.battle.special): when the last enhancement played in this battle, an
        opponent's that still counts, removed player p's last characters from it, those characters (an enhancement
        that negates it may be played on one of them); otherwise none."""
        b = self.b
        if not b.played or self.battle_chars(p):
            return []
        last = b.played[-1]
        if self.owner(last) == p or last in b.negated:
            return []
        if not (continuous.stoppable(self, last, "interrupt") or continuous.stoppable(self, last, "negate")):
            return []  # it can be neither interrupted nor negated (redemption.lang.rider.cannot_be_interrupted)
        return [
            t
            for src, eff, t, where, _ in b.effects
            if src == last and eff not in ("band", "draw") and self.owner(t) == p and self.loc[t][1] == where
        ]

    def _answers_removal(self, p: int, e: str) -> bool:
        """May enhancement e answer under special initiative: it negates the removing card, or interrupts the battle
        and the removing card may be interrupted (redemption.battle.special, redemption.effect.interrupt_battle)?"""
        card, last = self.cd[e], self.b.played[-1]
        if card.has("negate") is not None and continuous.stoppable(self, last, "negate", e):
            return True
        if not continuous.stoppable(self, last, "interrupt", e):
            return False
        if effects.interrupts(card, ("interrupt_battle",)):
            return True
        t: Table = self
        return any(  # an interrupt of a card its selector takes (redemption.effect.interrupt, interrupt_discard)
            last in effects.interruptible(t, p, a)
            for ab in card.abilities
            for a in ab.acts
            if a.verb in ("interrupt", "interrupt_discard", "interrupt_prevent")
        )

    def _ability_targets(self, p: int, e: str, host: str) -> list[str]:
        """The cards the player chooses among for enhancement e played on host (redemption.battle.targets)."""
        return effects.ability_targets(self, p, self.cd[e], host)

    def _dominant_targets(self, p: int, d: str) -> list[str] | None:
        """None: no target needed; otherwise the possible targets (may be empty)."""
        return effects.dominant_targets(self, p, self.cd[d], d)

    def _dominant_usable(self, p: int, d: str) -> bool:
        """Can each of Dominant d's abilities do something now (a look at a draw pile needs one)?"""
        return effects.dominant_usable(self, p, self.cd[d])

    def _muted(self, d: str) -> bool:
        """Has Dominant d's player asked not to be stopped for it, until now or later (redemption.dominant.mute)?"""
        until = self.s.mute.get(d)
        return until is not None and (until == MUTE_GAME or self.s.turn <= until)

    def _has_playable_dominant(self, p: int, window: bool = False) -> bool:
        """Does player p hold a Dominant that could be played now (``window``: one that may stop p for a window:
        not muted, redemption.dominant.mute)?"""
        hand = self.z[p]["hand"]
        if self._dominant_ids().isdisjoint(hand):
            return False
        cd = self.cd
        mute = window and self.s.mute
        for d in hand:
            if cd[d].type == "dominant" and not (mute and self._muted(d)):
                t = self._dominant_targets(p, d)
                if (t is None or t) and self._dominant_usable(p, d):
                    return True
        return False

    def _open_window(self, players: list[int], then: Then, events: list[Event]) -> bool:
        """Give each of ``players`` who holds a playable Dominant a window (redemption.dominant.window)."""
        q = [q for q in players if self._has_playable_dominant(q, True)]
        if not q:
            return False
        self.s.window.queue = q
        self.s.window.then = then
        return True

    def _open_others(self, p: int, then: Then, events: list[Event]) -> bool:
        """``_open_window`` for every seat but p's, in turn order from p (a seat without a Dominant in hand is
        passed over without a look at its cards: most actions of a game open no window)."""
        kinds, z = self._kinds_of, self.z
        if kinds is None or self._kinds_cd is not self.cd:
            kinds = self._kinds()
        doms = kinds.dominants
        q: list[int] = []
        for o in _OTHERS[len(z)][p]:  # a loop, not a comprehension: it runs after most actions
            if not doms.isdisjoint(z[o]["hand"]) and self._has_playable_dominant(o, True):
                q.append(o)
        if not q:
            return False
        self.s.window.queue = q
        self.s.window.then = then
        return True

    def _close_window(self, events: list[Event]) -> None:
        w = self.s.window
        then, w.then = w.then, ""
        if then == "resolve" and self.in_battle():
            self._resolve(events)
        elif then == "upkeep" and self.s.phase == "draw":
            self._upkeep(events)
        elif then == "prep" and self.s.phase == "upkeep":
            self.s.phase = "prep"
        elif then == "end_turn" and self.s.phase == "discard":
            a = self.s.active
            if len(self.z[a]["hand"]) > self.hand_limit(a):  # a Dominant drew in the window: discard again first
                self.s.phase = "hand_limit"
                events.append(
                    Event.said(
                        "phase",
                        f"{who(a, True)} {verb(a, 'holds', 'hold')} more than {their(a)} hand limit again and "
                        f"must discard down to {self.hand_limit(a)}.",
                        a,
                        "redemption.discard.limit",
                    )
                )
                return
            self._end_turn(events)

    # --- starting and playing a battle --------------------------------------------------------------
    def _challenge_to_rescue(self, events: list[Event]) -> None:
        """A battle challenge becomes a rescue attempt once a Hero in it can reach a Lost Soul (redemption.battle.challenge)."""
        a = self.s.active
        for h in self.battle_chars(a):
            if self.reaches(h, self.b.defender):
                self.b.kind = "rescue"
                events.append(
                    Event(
                        "battle",
                        f"{self.cd[h].name} can reach a Lost Soul now: the battle challenge is a "
                        "rescue attempt from here on.",
                        a,
                        "redemption.battle.challenge",
                    )
                )
                return

    def _enter_battle(self, p: int, c: str, events: list[Event], how: str, tail: str = "", rule: str = "") -> None:
        self._move_with(c, p, "field_of_battle")
        events.append(Event.lazy("battle", _enter_words, (p, how, self.cd[c].name, c, tail), p, rule))
        for ab in effects.abilities_in_order(self.cd[c].abilities):  # redemption.ability_order
            self._effect(p, c, c, ab, "", events)

    def _start_battle(self, p: int, hero: str, kind: str, opp: int, events: list[Event]) -> None:
        self.b = Battle("rescue" if kind == "rescue" else "challenge", "block", opp, p)
        self.s.flags.battled = True
        word = f"{verb(p, 'makes', 'make')} a {'rescue attempt' if kind == 'rescue' else 'battle challenge'} with"
        tail = (
            ""
            if self.n == 2
            else (f" against {whose(opp)} Land of Bondage" if kind == "rescue" else f" against {who(opp)}")
        )
        self._enter_battle(
            p,
            hero,
            events,
            word,
            tail,
            "redemption.battle.rescue" if kind == "rescue" else "redemption.battle.challenge",
        )
        if self.cd[hero].type == "hero":  # it attacks alone (redemption.lang.trigger.lone_attack)
            t: Table = self  # a Table already (no cast call)
            effects.lone_attack(t, p, hero)

    def _do_rescue(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        self._start_battle(p, args[0], "rescue", int(args[1]) if len(args) == 2 else self.opponent(p), events)

    def _do_challenge(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        self._start_battle(p, args[0], "challenge", int(args[1]) if len(args) == 2 else self.opponent(p), events)

    def _do_block(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._enter_battle(p, c, events, f"{verb(p, 'blocks', 'block')} with", rule="redemption.battle.block")
        self.b.step = "initiative"
        self.b.last_actor = p
        self.b.passes = 0
        t: Table = self
        effects.blocked(t, self.s.active)  # the Heroes' "when blocked" abilities, after the blocker's
        if self.s.gifts and self.s.pending is None:
            effects.ask_gift(t, events)
        self._after_battle_change(events)

    def _do_noblock(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        events.append(Event.lazy("battle", _noblock_words, (p,), p, "redemption.battle.unopposed"))
        if not self._open_others(p, "resolve", events):
            self._resolve(events)

    def _do_enhance(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        e, c = args[0], args[1]
        target = args[2] if len(args) > 2 else ""
        if not self.in_battle():  # a healing enhancement in Preparation or Discard (redemption.effect.heal)
            self._move(e, p, "discard")
            events.append(
                Event.said(
                    "enhance",
                    f"{who(p, True)} {verb(p, 'plays', 'play')} {self._nm(e)} on {self.cd[c].name}.",
                    p,
                    "redemption.effect.heal",
                )
            )
            for ab in effects.abilities_in_order(self.cd[e].abilities):
                self._effect(p, e, c, ab, "", events)
            return
        special = self.loc[c][1] != "field_of_battle"  # checked: special initiative (redemption.battle.special)
        self._move(e, p, "field_of_battle")
        self.attached[e] = c
        b = self.b
        b.played.append(e)
        b.last_actor = p
        b.passes = 0
        non = self.options["name_on_name"] and name_on_name(self.cd[e], self.cd[c])
        extra = " (Name-on-Name: its numbers count double)" if non else ""
        events.append(
            Event.lazy(
                "enhance",
                _enhance_words,
                (p, self.cd[e].name, e, self.cd[c].name, extra),
                p,
                "redemption.option.name-on-name" if non else "redemption.battle.enhance",
            )
        )
        if special:
            events.append(
                Event.said(
                    "enhance",
                    f"{who(p, True)} {verb(p, 'answers', 'answer')} the removal of {their(p)} last character from "
                    "battle with it (special initiative).",
                    p,
                    "redemption.battle.special",
                )
            )
        if continuous.prevented(self, e):  # redemption.effect.prevent_next, negate_abilities
            events.append(
                Event("effect", f"{self._nm(e)}: its ability is prevented.", p, "redemption.effect.prevent_next")
                if not continuous.abilities_negated(self, e)
                else Event("effect", f"{self._nm(e)}: its ability is negated.", p, "redemption.effect.negate_abilities")
            )
        else:
            for ab in effects.abilities_in_order(self.cd[e].abilities):
                self._effect(p, e, c, ab, target if any(a.verb in TAKES_TARGET for a in ab.acts) else "", events)
        if (
            b.kind and b.step == "initiative" and self.s.pending is None and self._battle_empty()
        ):  # an enhancement left nobody in battle ("discard all cards in battle"): it ends
            events.append(Event("battle", "No character is left in battle on either side: the battle ends.", -1))
            self._resolve(events)
            return
        self._after_battle_change(events)

    def _do_pass(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        st = self.standing()
        if st in ("hero_winning", "evil_winning"):
            events.append(
                Event.said(
                    "pass",
                    f"{who(p, True)} {verb(p, 'is', 'are')} losing the battle and {verb(p, 'plays', 'play')} nothing more: the battle ends.",
                    p,
                )
            )
            if not self._open_others(p, "resolve", events):
                self._resolve(events)
            return
        self.b.passes += 1
        self.b.last_actor = p
        events.append(Event.lazy("pass", _pass_words, (p,), p))
        if self.b.passes >= 2:
            events.append(Event("pass", "Two passes in a row: the battle ends.", -1, "redemption.battle.pass"))
            if not self._open_others(p, "resolve", events):
                self._resolve(events)

    def _after_battle_change(self, events: list[Event]) -> None:
        """Say how the battle stands now (live totals and initiative)."""
        if self.is_over or not self.b.kind or self.b.step != "initiative":
            return
        if self.s.pending is None and self._battle_empty():
            # an ability took every character out of battle: it ends (redemption.battle.resolve)
            events.append(Event("battle", "No character is left in battle on either side: the battle ends.", -1))
            self._resolve(events)
            return
        hero, evil = self._sides()
        (hs, ht, _), (es, et, _) = hero, evil
        st = self._standing(hero, evil)  # immunity and first strike count
        q = self.initiative_player(st)
        events.append(
            Event.lazy(
                "totals", _totals_words, (hs, ht, es, et, st, q, self.b.passes), q, "redemption.battle.initiative"
            )
        )
        other = self.opponent(q)
        if not self.s.window.queue and other != self.b.last_actor:
            self._open_window([other], "", events)

    def _leave_battle(self, c: str, fate: Zone, events: list[Event], taker: int = -1) -> None:
        """Take a character out of battle: fate is territory, discard, set_aside or captured. It cannot come back
        into this battle (redemption.battle.reenter)."""
        owner = self.owner(c)
        warrior = self.cd[c].is_warrior
        if c not in self.b.left:
            self.b.left.append(c)
        saved = fate == "discard" and self._is_protected(c)
        if saved:  # it goes home instead, as a character returned to territory: its weapons stay on it
            fate = "territory"
        for a in self._attachments(c):
            if fate in ("territory", "set_aside") and warrior and self.cd[a].is_weapon:
                continue  # a weapon stays on its warrior (redemption.battle.cleanup)
            del self.attached[a]
            self._move(a, self.owner(a), "discard")
        if saved:
            events.append(Event("protect", f"{self._nm(c)} is protected from discard and returns to territory.", owner))
        elif fate == "discard":
            self._to_discard(c, events, "")
            if self.loc[c][1] == "discard":  # not saved from it (redemption.effect.save_self)
                events.append(Event("discard", f"{self._nm(c)} is discarded.", owner))
            return
        if fate in ("captured", "land_of_bondage"):  # held captive: in the captured pile, or (REG) a Land of Bondage
            self._discard_attachments(c)
            self._move(c, taker, fate)
            return
        self._move_with(c, owner, "territory" if fate == "territory" else "set_aside")

    def _discard_attachments(self, c: str) -> None:
        for a in self._attachments(c):
            del self.attached[a]
            self._move(a, self.owner(a), "discard")

    def _undo(self, e: str, events: list[Event]) -> None:
        """Undo what negated card e did (redemption.effect.negate): the characters it took come back, a banded one goes
        home, the cards it drew go back on top of the draw pile in their order, the cards it protected are not
        (redemption.effect.protect_from: its marks go)."""
        if self.s.mods and continuous.protections(self.cd[e]):
            self.s.mods = [m for m in self.s.mods if m[4] != e or m[1] or m[2]]
        drawn: list[str] = []
        for done in [x for x in self.b.effects if x[0] == e]:
            self.b.effects.remove(done)
            _, eff, t, where, _ = done
            owner = self.owner(t)
            if eff == "draw":
                if self.loc[t] == (owner, "hand"):  # one played since cannot go back
                    drawn.append(t)
            elif eff == "band":
                if self.loc[t] != (owner, "field_of_battle"):
                    continue
                self._discard_attachments(t)
                self._move(t, owner, where)  # type: ignore[arg-type]  # a Zone: serial checks it, Done keeps it str
                self.b.ignored.pop(t, None)
                self.b.protected.pop(t, None)
                events.append(
                    Event(
                        "effect",
                        f"{self._nm(t)} leaves the battle and goes back to its owner's {where} (the band is negated).",
                        owner,
                        "redemption.effect.negate",
                    )
                )
            elif self.loc[t][1] == where and (where != "discard" or self.loc[t][0] == owner):
                self._move_with(t, owner, "field_of_battle")
                if t in self.b.left:  # its leaving is undone: it is in the battle again
                    self.b.left.remove(t)
                events.append(
                    Event(
                        "effect",
                        f"{self._nm(t)} returns to battle: what {self.cd[e].name} did is undone.",
                        owner,
                        "redemption.effect.negate",
                    )
                )
        if drawn:
            q = self.owner(drawn[0])
            for c in reversed(drawn):  # the first drawn ends on top, as it was
                self._move(c, q, "deck", top=True)
            events.append(
                Event.said(
                    "effect",
                    f"{who(q, True)} {verb(q, 'puts', 'put')} "
                    f"{'the card' if len(drawn) == 1 else 'the ' + plural(len(drawn), 'card')} drawn for "
                    f"{self.cd[e].name} back on top of {their(q)} draw pile, in the order drawn.",
                    q,
                    "redemption.effect.negate",
                )
            )

    # --- the end of a battle -----------------------------------------------------------------------
    def _resolve(self, events: list[Event]) -> None:
        """Resolve the battle (redemption.battle.resolve)."""
        a, d = self.s.active, self.b.defender
        heroes, evil = self.battle_chars(a), self.battle_chars(d)
        hero_totals, evil_totals = self._sides()  # a, d
        st = self._standing(hero_totals, evil_totals)  # immunity and first strike count (redemption.effect.immune, ...)
        evil_def = st in ("hero_winning", "both_defeated")
        hero_def = st in ("evil_winning", "both_defeated")
        text = _RESOLVED[st]
        (hs, ht, _), (es, et, _) = hero_totals, evil_totals
        if not heroes or not evil:  # a side that nobody is left on was not beaten: say so (the rule is unchanged)
            text = {
                "hero_winning": "no Evil character is left, so the Hero side wins",
                "evil_winning": "no Hero is left, so the Evil side wins",
                "both_defeated": (
                    "no character is left on either side, so nobody wins"
                    if not heroes and not evil
                    else f"no {'Hero' if not heroes else 'Evil character'} is left, and the other side is defeated"
                ),
            }.get(st, text)
            if st == "hero_winning" and self.b.step == "block":  # nobody blocked: no Evil character ever came
                attempt = "rescue attempt" if self.b.kind == "rescue" else "battle challenge"
                text = f"nobody blocked the {attempt}, so the Hero side wins"
        events.append(
            Event(
                "resolve",
                f"Battle resolved at Heroes {hs}/{ht} vs Evil {es}/{et}: {text}.",
                -1,
                "redemption.battle.resolve",
            )
        )
        souls: list[str] = []
        rescued = self.b.kind == "rescue" and evil_def and heroes
        if rescued:
            for s in self.z[d]["land_of_bondage"] + self.z[d]["in_site"]:
                for h in heroes:  # a loop, not any(generator)
                    if self.can_reach(h, s):
                        souls.append(s)
                        break
        t, cd = self, self.cd
        if rescued and souls:  # the rescue succeeds (redemption.lang.trigger.successful_rescue)
            for c in heroes:
                if cd[c].abilities:  # effects.fire carries out the character's own abilities
                    effects.fire(t, a, c, "successful_rescue", events)
        if evil_def != hero_def:  # one side wins (redemption.lang.trigger.wins_battle)
            for c in heroes if evil_def else evil:
                if cd[c].abilities:
                    effects.fire(t, a if evil_def else d, c, "wins_battle", events)
            if self.face_up:  # the watchers are face-up artifacts
                effects.fire_watchers(t, heroes if evil_def else evil, "wins_battle", events)
        # before anyone leaves (an ignorer may)
        ignored = {c for c in heroes + evil if self._is_ignored(c)} if continuous.may_be_ignored(self) else set()
        for c in heroes:
            self._leave_battle(c, "discard" if hero_def and c not in ignored else "territory", events)
        for c in evil:
            self._leave_battle(c, "discard" if evil_def and c not in ignored else "territory", events)
        self._clear_field()  # stray enhancements (their character left earlier)
        if rescued:
            if not souls:
                events.append(
                    Event("resolve", "The rescue succeeds, but no Lost Soul is left that these Heroes can reach.", a)
                )
                self._finish_battle(events)
                return
            self.b.souls = souls
            self.b.step = "surrender"
            self.b.surrenderer = a if self.options["rescuer_chooses"] else d
            if len(souls) == 1:
                self._surrender(souls[0], events)
            return
        self._finish_battle(events)

    def _clear_field(self) -> None:
        for q in range(len(self.z)):
            for c in list(self.z[q]["field_of_battle"]):
                self.attached.pop(c, None)
                self._move(c, self.owner(c), "discard")

    def _surrender(self, s: str, events: list[Event]) -> None:
        a = self.s.active
        held_by = self.loc[s][0]
        self._redeem(s, a)
        events.append(Event.lazy("rescue", _rescued_words, (self.cd[s].name, s, a), a, "redemption.battle.surrender"))
        effects.rescued(self, held_by, s, events)  # redemption.lang.trigger.rescued
        self._finish_battle(events)

    def _do_surrender(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        self._surrender(args[0], events)

    def _finish_battle(self, events: list[Event]) -> None:
        for q in range(len(self.z)):
            for c in list(self.z[q]["field_of_battle"]):
                if self.loc[c][1] == "field_of_battle" and self.cd[c].is_character and c not in self.attached:
                    self._leave_battle(c, "territory", events)
        self._clear_field()
        effects.after_battle(self, events)  # redemption.effect.draw_reveal
        self.b = Battle()
        self.s.phase = "discard"
        self._ask_weapon(events)

    # --- one weapon stays (redemption.battle.weapon) --------------------------------------------------------
    def _ask_weapon(self, events: list[Event]) -> None:
        """A warrior back from battle with more than one weapon on it: its player chooses the one that stays (a
        pending decision, redemption.decision), the others are discarded. One warrior at a time."""
        if self.s.pending is not None or self.is_over:
            return
        cd = self.cd
        count: dict[str, int] = {}  # not dict[str, int](): calling the alias costs ten times the dict
        for a, host in self.attached.items():
            if cd[a].is_weapon and cd[host].is_warrior:
                count[host] = count.get(host, 0) + 1
        for host, k in count.items():
            if k > 1 and self.loc[host][1] in ("territory", "set_aside"):
                p = self.owner(host)
                weapons = [a for a in self._attachments(host) if cd[a].is_weapon]
                d = Decision(p, host, KEEP_WEAPON, weapons, to=list(range(self.n)))
                self.ask(
                    d,
                    events,
                    f"{who(p, True)} {verb(p, 'chooses', 'choose')} the weapon that stays on {self._nm(host)}: "
                    "one weapon per warrior.",
                )
                return

    def _keep_weapon(self, d: Decision, events: list[Event]) -> None:
        """The answer: the weapon chosen stays on the warrior, every other weapon on it is discarded."""
        kept = d.chosen[0]
        for a in self._attachments(d.source):
            if a != kept and self.cd[a].is_weapon:
                del self.attached[a]
                self._move(a, self.owner(a), "discard")
        events.append(
            Event.said(
                "discard",
                f"{self._nm(kept)} stays on {self.cd[d.source].name}; the other weapon goes to the discard pile.",
                d.chooser,
                "redemption.battle.weapon",
            )
        )
        self._ask_weapon(events)
