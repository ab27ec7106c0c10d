"""Legal actions, and how the turn goes: setup, phases, placing cards, Dominants, the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import filterfalse
from operator import countOf
from typing import TYPE_CHECKING, cast

from rules.core import Event, GameBase, Outcome
from rules.redemption import continuous, effects
from rules.redemption.checks import Checks
from rules.redemption.decisions import KEEP_WEAPON, Decision
from rules.redemption.effects import REGISTRY
from rules.redemption.lang import COSTS, cost_payable, pay_cost
from rules.redemption.notation import ACTIONS, VERBS, Action
from rules.redemption.state import (
    _OTHERS,
    HAND_SIZE,
    MIN_CUT,
    MUTE_GAME,
    STALL_TURNS,
    TURN_DRAW,
    Battle,
    Flags,
    Zone,
    stall_turns,
)
from rules.words import played_by, plural, their, verb, who, whose

if TYPE_CHECKING:
    from rules.redemption.cards import Card
    from rules.redemption.game import Game

# the tables of the verbs legal_actions() offers most (rules.redemption.notation.ActionTable)
PLAY, ARTIFACT, ACTIVATE, SITE, FORTRESS, EQUIP = (
    ACTIONS[v] for v in ("play", "artifact", "activate", "site", "fortress", "equip")
)
SETASIDE, SOUL, FORTRESS_IN, RETURN, FORTRESS_OUT = (
    ACTIONS[v] for v in ("setaside", "soul", "fortress-in", "return", "fortress-out")
)
DOMINANT, CHOOSE, MUTE = ACTIONS["dominant"], ACTIONS["choose"], ACTIONS["mute"]
#: The Preparation phase's own actions: after each, the other players may answer with a Dominant
#: (redemption.dominant.window)
PREP_ACTIONS = frozenset(
    (
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
    )
)
#: the verbs whose rule depends on the phase (Checks._rule_of); every other verb's rule is VERBS[verb][1]
PHASE_RULED = frozenset(("discard", "end"))
END, PASS, NOBLOCK, DECLINE = (ACTIONS[v][()] for v in ("end", "pass", "noblock", "decline"))


class Play(Checks):
    # --- legal actions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        s = self.s
        ph = s.phase
        if (ph == "prep" or ph == "discard") and not s.result and s.pending is None and not s.window.queue:
            p: int | None = s.active  # current_player, as it says for a Preparation or Discard phase (most actions)
            doms: list[str] = []
            out = self._placement_actions(s.active, ph, doms)
            out.append(END)
            if doms:
                out += self._dominant_actions(s.active, doms)
        else:
            p = self.current_player
            out = self._legal(p)
        self._legal_keep, self._legal_player = tuple(out), p
        return out

    def apply(self, action: Action | str) -> Outcome:
        """``GameBase.apply``; an action object the last ``legal_actions()`` returned (what a search or a playout
        applies) is legal by construction and goes straight to ``_perform`` (see ``Checks._check``)."""
        for legal in self._legal_keep:  # a loop: half the cost of any(map(is_, ...)) over ten actions
            if legal is action:
                v = legal.verb
                rule = self._rule_of(legal) if v in PHASE_RULED else VERBS[v][1]
                events: list[Event] = []
                self._perform(legal, events, self._legal_player)
                self.history.append(legal.text)
                return Outcome(True, "", rule, tuple(events))
        return GameBase.apply(self, action)  # type: ignore[arg-type]  # Play is only ever part of Game, a GameBase

    def _legal(self, p: int | None) -> list[Action]:
        if p is None:
            return []
        s = self.s
        if s.pending is not None:
            return self._choose_actions(s.pending)
        if s.window.queue:
            plays = self._dominant_actions(p)
            return plays + self._mute_actions(p, plays) + [DECLINE]
        ph = s.phase
        if ph == "cut":
            return self._cut_actions(p)
        if ph == "first":
            first = ACTIONS["first"]
            return [first[(str(q),)] for q in range(self.n)]
        if ph in ("prep", "discard"):
            doms: list[str] = []
            out = self._placement_actions(p, ph, doms)
            out.append(END)
            if doms:
                out += self._dominant_actions(p, doms)
            return out
        if ph == "hand_limit":
            out = list(map(ACTIONS["discard"].__getitem__, self.z[p]["hand"]))
        elif ph == "battle":
            out = self._battle_actions(p)
        else:
            out = []
        out.extend(self._dominant_actions(p))
        return out

    def _cut_actions(self, p: int) -> list[Action]:
        """Cut the deck: at random, or at a number of cards (at least ``MIN_CUT`` from either end)."""
        return list(_cut_list(len(self.z[self._cut_deck(p)]["deck"])))

    def _battle_actions(self, p: int) -> list[Action]:
        """The actions of the battle phase but Dominants, by the step of the battle."""
        if not self.b.kind:
            return self._battle_start_actions(p)
        step = self.b.step
        if step == "block":
            return self._block_actions(p)
        if step == "initiative":
            return self._initiative_actions(p)
        if step == "surrender":
            surrender = ACTIONS["surrender"]
            return [surrender[(s,)] for s in self.b.souls]
        return []

    def _battle_start_actions(self, p: int) -> list[Action]:
        """No battle on: a rescue attempt or a battle challenge by a hero (once a turn), or ``end``."""
        out: list[Action] = []
        if not self.s.flags.battled:
            z, cd, attached, loc = self.z[p], self.cd, self.attached, self.loc
            in_play: set[str] | None = None  # the unique names p has in play, once a hero in hand needs them
            opps = self.others(p)
            rescue, challenge = ACTIONS["rescue"], ACTIONS["challenge"]
            for c in z["hand"] + z["territory"]:
                card = cd[c]
                if card.type != "hero" or c in attached:
                    continue
                if loc[c][1] != "territory":
                    if in_play is None:
                        in_play = self._unique_names(p)
                    if card.unique_name in in_play and self._unique_clash(p, c) is not None:
                        continue
                no_challenge = continuous.challenge_forbidden(self)  # redemption.effect.no_challenge
                if len(self.z) == 2:  # two seats
                    if self.reaches(c, opps[0]):
                        out.append(rescue[c])
                    elif not no_challenge:
                        out.append(challenge[c])
                else:  # name the opponent (redemption.battle.opponent)
                    for q in opps:
                        if self.reaches(c, q):
                            out.append(rescue[(c, str(q))])
                        elif not no_challenge:
                            out.append(challenge[(c, str(q))])
        out.append(END)
        return out

    def _block_actions(self, p: int) -> list[Action]:
        """The defender blocks with an evil character from hand or territory, or does not."""
        z, block, cd, attached = self.z[p], ACTIONS["block"], self.cd, self.attached
        out: list[Action] = []
        for zone in (z["hand"], z["territory"]):
            for c in zone:
                if (
                    cd[c].type == "evil_character"
                    and c not in attached
                    and self._unique_clash(p, c) is None
                    and not self._kept_out(c)
                    and not continuous.block_forbidden(self, c)
                ):
                    out.append(block[(c,)])
        out.append(NOBLOCK)
        return out

    def _initiative_actions(self, p: int) -> list[Action]:
        """The player with the initiative plays an enhancement on one of their characters in battle, or passes."""
        out: list[Action] = []
        enhance = ACTIONS["enhance"]
        chars = []
        for c in self.battle_chars(p):
            if not self._is_ignored(c):
                chars.append(c)
        if not chars:
            special = self._special_targets(p)
            if special:  # special initiative: an enhancement that negates the removal (redemption.battle.special)
                for e in self.z[p]["hand"]:
                    card = self.cd[e]
                    if not card.is_enhancement:
                        continue
                    for c in special:
                        if self._enhance_problem(e, c, explain=False) is not None:
                            continue
                        if self._answers_removal(p, e):  # it negates or interrupts the removal
                            targets = self._ability_targets(p, e, c) if effects.interrupts(card) else []
                            if targets:  # what the effects paired with the interrupt take (redemption.battle.targets)
                                out.extend(enhance[(e, c, t)] for t in targets)
                            else:
                                out.append(enhance[(e, c)])
                        elif effects.heals(self, p, card, c):  # heal the one being discarded
                            out.append(enhance[(e, c, c)])
        for e in self.z[p]["hand"]:
            if not self.cd[e].is_enhancement:
                continue
            for c in chars:
                if self._enhance_problem(e, c, explain=False, ignored=False) is None:  # chars: not ignored
                    targets = self._ability_targets(p, e, c)
                    if targets:
                        for t in targets:
                            out.append(enhance[(e, c, t)])
                    else:
                        out.append(enhance[(e, c)])
        out.append(PASS)
        return out

    def _placement_actions(self, p: int, ph: str, doms: list[str]) -> list[Action]:
        """The actions of a Preparation or Discard phase but ``end`` and Dominants (the Dominants in hand are
        added to ``doms`` on the way)."""
        z, cd, attached = self.z[p], self.cd, self.attached
        out: list[Action] = []
        hc = self._hc
        if hc is None or self._hc_cd is not cd:
            hc = self._hand_cache()
        if self.s.discarded and z["discard"]:  # a healing enhancement on your character discarded this turn
            healers: tuple[str, ...] | None = hc.get((p, "heal"))  # the healing enhancements in p's hand
            if healers is None:
                healers = hc[(p, "heal")] = tuple(
                    e for e in z["hand"] if cd[e].is_enhancement and cd[e].has("heal") is not None
                )
            if healers:
                enhance = ACTIONS["enhance"]
                out += [
                    enhance[(e, c)]
                    for e in healers
                    for c in dict.fromkeys(self.s.discarded)
                    if self.loc[c] == (p, "discard")
                    and effects.heals(self, p, cd[e], c)
                    and self._enhance_problem(e, c, explain=False) is None
                ]
        prep = ph == "prep"
        can_activate = prep and not self.s.flags.artifact_activated
        kinds = self._kinds_of
        if kinds is None or self._kinds_cd is not cd:
            kinds = self._kinds()
        chars, holder_ids = kinds.characters, kinds.holders
        terr_chars: list[str] = []
        holders: list[str] = []  # sites and fortresses in territory, in order
        for c in z["territory"]:
            if c in chars:
                terr_chars.append(c)
            elif c in holder_ids:
                holders.append(c)
        # the moves out of the hand: the same until a card enters or leaves p's hand or play (Core._hc), but for a
        # weapon's, which depend on the warriors in territory and what they hold
        key = (p, "hand", prep, can_activate)
        kept: tuple[tuple[Action, ...], tuple[str, ...]] | None = hc.get(key)
        if kept is not None:
            out += kept[0]
            doms += kept[1]
        else:
            start, doms_start, keep = len(out), len(doms), True
            in_play: set[str] | None = None  # the unique names p has in play, once a card in hand needs them
            placeable, dominants = kinds.placeable, kinds.dominants
            for c in z["hand"]:
                if c not in placeable:
                    if c in dominants:
                        doms.append(c)
                    continue
                card = cd[c]
                what = card.placement
                if what == "character" or what == "fortress":
                    if in_play is None:
                        in_play = self._unique_names(p)
                    if card.unique_name not in in_play:
                        out.append((PLAY if what == "character" else FORTRESS)[c])
                elif what == "artifact":
                    out.append(ARTIFACT[c])
                    if can_activate:
                        out.append(ACTIVATE[c])
                elif what == "site":
                    out.append(SITE[c])
                else:
                    keep = False
                    out += [EQUIP[(c, w)] for w in terr_chars if self._equip_problem(c, w, explain=False) is None]
            if keep:
                hc[key] = (tuple(out[start:]), tuple(doms[doms_start:]))
        if terr_chars:
            out += map(SETASIDE.__getitem__, terr_chars)
        if prep:
            if can_activate and z["artifact_pile"]:
                costly, up = kinds.costly, self.face_up  # an artifact without a cost needs no look at it
                for c in z["artifact_pile"]:  # loops, not comprehensions, in this function: each is a call
                    if c not in up and (c not in costly or self._activate_payable(p, c)):
                        out.append(ACTIVATE[c])
            for s in holders:
                card = cd[s]
                if card.type == "site":
                    sa = card.by_effect.get("site")
                    if sa and countOf(attached.values(), s) < sa.n:  # len(_attachments(s)), in C
                        cards = self.cards
                        for lost in z["land_of_bondage"]:
                            if cards[lost][1] == p:
                                out.append(SOUL[(lost, s)])
                else:
                    fa = card.by_effect.get("fortress")
                    if fa and countOf(attached.values(), s) < fa.n:
                        out += [
                            FORTRESS_IN[(c, s)]
                            for c in z["territory"]
                            if c != s and self._fortress_in_problem(c, s) is None
                        ]
            if z["set_aside"]:
                out += map(RETURN.__getitem__, filterfalse(attached.__contains__, z["set_aside"]))
            if z["in_fortress"]:
                out += [FORTRESS_OUT[c] for c in z["in_fortress"] if cd[attached[c]].type == "fortress"]
        return out

    def _dominant_actions(self, p: int, cards: list[str] | None = None) -> list[Action]:
        """Player p's Dominant plays now (``cards``: the cards of p's hand to look at, if not all of it)."""
        out: list[Action] = []
        if self.s.phase == "cut":
            return out
        if cards is None:
            cards = self.z[p]["hand"]
            kinds = self._kinds_of
            if kinds is None or self._kinds_cd is not self.cd:
                kinds = self._kinds()
            if kinds.dominants.isdisjoint(cards):
                return out
        for d in cards:
            if self.cd[d].type != "dominant" or not self._dominant_usable(p, d):
                continue
            targets = self._dominant_targets(p, d)
            if targets is None:
                out.append(DOMINANT[(d,)])
            else:
                for t in targets:
                    out.append(DOMINANT[(d, t)])
        return out

    def _mute_actions(self, p: int, doms: list[Action]) -> list[Action]:
        """In a window: not to be stopped again for one of the Dominants p could play now, until the end of this
        turn or of the game (redemption.dominant.mute)."""
        out: list[Action] = []
        for d in dict.fromkeys(a.args[0] for a in doms):
            if not self._muted(d):
                out += (MUTE[(d,)], MUTE[(d, "game")])
        return out

    # --- performing ----------------------------------------------------------------------------
    def _perform(self, action: Action, events: list[Event], p: int | None = None) -> None:
        """Carry out ``action`` of the current player (``p``, when the caller knows it already)."""
        self._legal_keep = ()
        if p is None:
            p = self.current_player
        assert p is not None
        DO[action.verb](self, p, action.args, events)
        if self.face_up:
            kinds = self._kinds_of  # self._kinds(), without the call once made
            if kinds is None or self._kinds_cd is not self.cd:
                kinds = self._kinds()
            if "lose" in kinds.artifact_effects and continuous.artifact_decrease(self):
                # toughness 0: discarded (redemption.effect.gain.artifact); only an artifact that loses can decrease
                effects.zero_toughness_sweep(cast("Game", self), events)
        s = self.s
        if action.verb in PREP_ACTIONS and s.phase == "prep" and s.pending is None and not s.window.queue:
            # between Preparation actions (redemption.dominant.window): only a seat with a Dominant in hand may answer
            z, kinds = self.z, self._kinds_of
            if kinds is None or self._kinds_cd is not self.cd:
                kinds = self._kinds()
            for o in _OTHERS[len(z)][p]:
                if not kinds.dominants.isdisjoint(z[o]["hand"]):
                    self._open_others(p, "", events)
                    break
        if self.b.kind == "challenge" and s.phase == "battle":
            self._challenge_to_rescue(events)
        if s.gifts and s.pending is None and not s.result:  # a holder may draw now (redemption.effect.gift_draw)
            effects.ask_gift(self, events)
        if not s.result and self._lor_seen < 0:  # _check_end's own first test, without the call
            self._check_end(events)
        if s.result:  # nothing waits in a finished game: it saves and loads (redemption.save.valid)
            self._settle_over()

    def _settle_over(self) -> None:
        self.s.window.queue, self.s.window.then, self.s.pending = [], "", None
        self.s.gifts = []

    def _cut_deck(self, p: int) -> int:
        """The player whose deck p cuts: the player to p's left (the next seat; redemption.setup.cut)."""
        return (p + 1) % len(self.z)

    def _do_cut(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        opp = self._cut_deck(p)
        deck = self.z[opp]["deck"]
        n = len(deck)
        if args:
            k = int(args[0])
        elif n >= 2 * MIN_CUT:
            k = MIN_CUT + self.rng.below(n - 2 * MIN_CUT + 1)
        else:
            k = 0
        deck[:] = deck[k:] + deck[:k]
        events.append(
            Event.said(
                "cut",
                f"{who(p, True)} {verb(p, 'cuts', 'cut')} {whose(opp)} deck, lifting {plural(k, 'card')}.",
                p,
                "redemption.setup.cut",
            )
        )
        if p > 0:  # the cut goes round from the last seat to the first
            self.s.cutter = p - 1
            return
        self.s.cutter = -1
        drawn = [
            self._draw(q, HAND_SIZE, events, "for the starting hand", "redemption.setup.draw") for q in range(self.n)
        ]
        self.s.souls_drawn = drawn
        most = max(drawn)
        tied = [q for q in range(self.n) if drawn[q] == most]
        chooser = tied[0] if len(tied) == 1 else tied[self.rng.below(len(tied))]
        if len(tied) == 1:
            why = (
                f"drew the most Lost Souls ({'-'.join(map(str, drawn))})"
                if self.n > 2
                else f"drew more Lost Souls ({drawn[chooser]} to {drawn[1 - chooser]})"
            )
        else:
            why = (
                f"won the coin flip (each drew {plural(most, 'Lost Soul')})"
                if self.n == 2
                else f"won the draw among those with the most Lost Souls ({most})"
            )
        self.s.chooser = chooser
        self.s.phase = "first"
        events.append(
            Event.said(
                "first",
                f"{who(chooser, True)} {why} and {verb(chooser, 'chooses', 'choose')} who goes first.",
                chooser,
                "redemption.setup.first",
            )
        )

    def _do_first(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        first = int(args[0])
        whom = "to take the first turn" if first == p else f"{who(first)} to take the first turn"
        events.append(
            Event.said("first", f"{who(p, True)} {verb(p, 'chooses', 'choose')} {whom}.", p, "redemption.setup.first")
        )
        self.s.chooser = -1
        self.s.first = first
        self._start_turn(first, events)

    def _start_turn(self, p: int, events: list[Event]) -> None:
        cap = self.options["max_turns"]
        if cap and self.turn >= cap:
            self._end_by_score(f"the turn limit ({plural(cap, 'turn')}) was reached", "redemption.win.maxturns", events)
            return
        self.s.turn += 1
        self.s.active = p
        self.s.flags = Flags()
        if self.s.discarded:
            self.s.discarded = []
        self.b = Battle()
        events.append(Event.lazy("turn", _turn_words, (self.s.turn, p), p))
        if self.options["first_player_skips_draw"] and self.turn == 1:
            events.append(
                Event.said(
                    "draw",
                    f"{who(p, True)} {verb(p, 'goes', 'go')} first and {verb(p, 'skips', 'skip')} the first draw (option first_player_skips_draw).",
                    p,
                )
            )
        else:
            self._draw(p, TURN_DRAW, events, "in the Draw phase")
        if self.s.mods:  # changes of numbers whose time is over (redemption.lang.continuous.numbers)
            t = self.s.turn
            self.s.mods = [m for m in self.s.mods if m[3] == 0 or m[3] > t]
        if self.s.mute:  # what was muted until an earlier turn's end is over (redemption.dominant.mute)
            t = self.s.turn
            self.s.mute = {d: u for d, u in self.s.mute.items() if u == MUTE_GAME or u >= t}
        self.s.phase = "draw"  # the other players may answer in the Draw phase (redemption.dominant.window)
        if not self._open_others(p, "upkeep", events):
            self._upkeep(events)

    def _upkeep(self, events: list[Event]) -> None:
        """The Upkeep phase (redemption.turn.upkeep), then a window for the other players if it did anything, and
        the Preparation phase."""
        p = self.s.active
        self.s.phase = "upkeep"
        did = bool(self.s.aside) and effects.come_back(self, p, events)
        did = effects.poison_tick(self, events) or did  # redemption.effect.poison
        for a in list(self.z[p]["artifact_pile"]):
            if a in self.face_up:
                for ab in self.cd[a].abilities:
                    if ab.effect == "draw" and ab.when == "upkeep":
                        self._draw(p, ab.n, events, f"in Upkeep for {self.cd[a].name}", "redemption.turn.upkeep")
                        did = True
        if not (did and self._open_others(p, "prep", events)):
            self.s.phase = "prep"

    def _do_end(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        ph = self.phase
        if ph == "prep":
            self.s.phase = "battle"
            self.b = Battle()
            events.append(Event.lazy("phase", _end_prep_words, (p,), p))
            self._open_others(p, "", events)
        elif ph == "battle":
            self.s.phase = "discard"
            events.append(Event.lazy("phase", _no_rescue_words, (p,), p))
        elif ph == "discard":
            held, limit = len(self.z[p]["hand"]), self.hand_limit(p)
            if held > limit:
                self.s.phase = "hand_limit"
                events.append(Event.lazy("phase", _over_limit_words, (p, held, limit), p, "redemption.discard.limit"))
            elif not self._open_others(p, "end_turn", events):
                self._end_turn(events)

    def _prune_window(self) -> None:
        """Skip the players still queued for a window whose Dominant cannot be played any more (its target went)."""
        q = self.s.window.queue
        while q and not self._has_playable_dominant(q[0], True):
            q.pop(0)

    def _do_mute(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        """Not to be stopped for Dominant D until this turn ends (or the game): and this window is declined. No
        event: the others learn no more than from a plain ``decline`` (redemption.dominant.mute)."""
        self.s.mute[args[0]] = MUTE_GAME if len(args) > 1 else self.s.turn
        self._do_decline(p, (), events)

    def _do_decline(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        self.s.window.queue.pop(0)
        self._prune_window()
        if not self.s.window.queue:
            self._close_window(events)

    def rescue_possible(self) -> bool:
        """Could either player still win a soul: a Hero that reaches one of the opponent's Lost Souls (blockers aside), or
        a Dominant that rescues one? (redemption.win.stalled)"""
        zones: tuple[Zone, ...] = ("hand", "territory", "set_aside", "in_fortress", "field_of_battle")
        for p in range(self.n):
            for opp in self.others(p):
                if not (self.z[opp]["land_of_bondage"] or self.z[opp]["in_site"]):
                    continue
                for zone in zones:
                    for c in self.z[p][zone]:
                        cd = self.cd[c]
                        if cd.type == "hero" and self.owner(c) == p and self.reaches(c, opp):
                            return True
                        if cd.type == "dominant" and zone == "hand" and cd.has("rescue_any"):
                            return True
        return False

    def _end_turn(self, events: list[Event]) -> None:
        both_empty = True
        for z in self.z:  # not any(...) of a generator: every turn ends here
            if z["deck"]:
                both_empty = False
                break
        self.s.dry = self.s.dry + 1 if both_empty and not self.s.flags.rescued else 0
        if both_empty and not self.rescue_possible():
            self._end_by_score(
                f"{'both' if self.n == 2 else 'all'} draw piles are empty and no player can win a Lost Soul any more",
                "redemption.win.stalled",
                events,
            )
            return
        if self.s.dry >= stall_turns(self.n):
            self._end_by_score(
                f"{'both' if self.n == 2 else 'all'} draw piles are empty and {STALL_TURNS // 2} full "
                "rounds passed without a rescue",
                "redemption.win.stalled",
                events,
            )
            return
        self._start_turn((self.s.active + 1) % len(self.z), events)

    def _do_discard(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._move(c, p, "discard")
        events.append(Event.lazy("discard", _limit_discard_words, (p, self.cd[c].name, c), p))
        if len(self.z[p]["hand"]) <= self.hand_limit(p):
            self.s.phase = "discard"  # the end-of-turn window opens now too (redemption.dominant.window)
            if not self._open_others(p, "end_turn", events):
                self._end_turn(events)

    # prep / discard phase actions
    def _do_play(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._move(c, p, "territory")
        events.append(Event.lazy("place", _play_words, (p, self.cd[c].name, c), p, "redemption.prep.character"))

    def _do_artifact(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._move(c, p, "artifact_pile")
        events.append(Event.lazy("place", _artifact_words, (p, c), p, "redemption.prep.artifact"))

    def _do_activate(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        if self.loc[c][1] == "hand":
            self._move(c, p, "artifact_pile")
        for other in self.z[p]["artifact_pile"]:
            if other in self.face_up:
                self.face_up.discard(other)
                events.append(
                    Event(
                        "activate",
                        f"{self._nm(other)} turns face down: one active artifact at a time.",
                        p,
                        "redemption.prep.activate",
                    )
                )
        self.face_up.add(c)
        self.s.flags.artifact_activated = True
        events.append(
            Event.lazy("activate", _activate_words, (p, self.cd[c], c), p, "redemption.prep.activate", reveals=True)
        )
        for ab in self.cd[c].abilities:
            if ab.when == "activate" and ab.cost and not self._pay(p, c, ab.cost, events):
                continue  # its cost cannot be paid (the card went to pay another): none of it happens
            if ab.effect == "draw" and ab.when == "activate":
                self._draw(p, ab.n, events, f"for {self.cd[c].name}", "redemption.prep.activate")
            elif ab.when == "activate" and self.s.pending is None:  # any other ability it has when activated
                effects.run_activate(cast("Game", self), p, c, ab, events)

    def _pay(self, p: int, c: str, cost: str, events: list[Event]) -> bool:
        """Pay the cost of card c's ability before its effects (redemption.lang.cost): False, with an event, when it
        cannot be paid; what is paid stays paid, whatever then happens to the ability."""
        if pay_cost(self, p, c, cost, events):
            return True
        events.append(
            Event(
                "effect",
                f"{self._nm(c)}: its cost ({COSTS[cost].text.removesuffix(' to')}) cannot be paid, so that ability does nothing.",
                p,
                COSTS[cost].rule,
            )
        )
        return False

    def _activate_payable(self, p: int, c: str) -> bool:
        """Can each cost of artifact c's activate abilities be paid as it is activated (redemption.lang.cost)?"""
        return all(cost_payable(self, p, c, ab.cost) for ab in self.cd[c].abilities if ab.when == "activate")

    def _do_site(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._move(c, p, "territory")
        events.append(Event.lazy("place", _site_words, (p, self.cd[c].name, c), p, "redemption.prep.site"))

    def _do_soul(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        s, site = args
        self._move(s, p, "in_site")
        self.attached[s] = site
        events.append(
            Event.lazy(
                "place", _soul_words, (p, self.cd[s].name, s, self.cd[site].name, site), p, "redemption.prep.soul"
            )
        )
        if self.cd[s].abilities:  # "if you put this Lost Soul in a site, ..." (redemption.lang.trigger.put_in_site)
            effects.run_trigger(cast("Game", self), p, s, "put_in_site", events)

    def _do_setaside(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._move_with(c, p, "set_aside")
        events.append(Event.lazy("place", _setaside_words, (p, self.cd[c].name, c), p, "redemption.prep.setaside"))

    def _do_return(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        rec = self.s.aside.pop(c, None)  # back before its time: no bonus (redemption.effect.set_aside_for)
        self._move_with(c, p, "territory")
        events.append(Event.lazy("place", _return_words, (p, self.cd[c].name, c), p, "redemption.prep.return"))
        if rec is not None and rec[0] < 0:  # set aside until returned (redemption.effect.set_aside_gain)
            effects.returned_by_player(self, p, c, rec, events)

    def _do_equip(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        w, c = args
        self._move(w, p, "territory")
        self.attached[w] = c
        events.append(
            Event.said(
                "place",
                f"{who(p, True)} {verb(p, 'places', 'place')} {self._nm(w)} on {self._nm(c)}.",
                p,
                "redemption.prep.equip",
            )
        )

    def _do_fortress(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        self._move(c, p, "territory")
        events.append(
            Event.said(
                "place",
                f"{who(p, True)} {verb(p, 'puts', 'put')} the fortress {self._nm(c)} into {their(p)} territory.",
                p,
                "redemption.prep.fortress",
            )
        )
        effects.put_in_play(cast("Game", self), p, c)  # redemption.lang.trigger.put_in_play

    def _do_fortress_in(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        c, f = args
        self._move_with(c, p, "in_fortress")
        self.attached[c] = f
        events.append(
            Event.said(
                "place",
                f"{who(p, True)} {verb(p, 'puts', 'put')} {self._nm(c)} into {self._nm(f)}.",
                p,
                "redemption.prep.fortress-in",
            )
        )

    def _do_fortress_out(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        (c,) = args
        del self.attached[c]
        self._move_with(c, p, "territory")
        events.append(
            Event.said(
                "place",
                f"{who(p, True)} {verb(p, 'takes', 'take')} {self._nm(c)} out of the fortress into {their(p)} territory.",
                p,
                "redemption.prep.fortress-out",
            )
        )

    def _do_dominant(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        d = args[0]
        target = args[1] if len(args) > 1 else ""
        window = bool(self.s.window.queue)
        if window:
            self.s.window.queue.pop(0)
        self._move(d, p, "discard")
        events.append(Event.lazy("dominant", _dominant_words, (p, self.cd[d], d), p, "redemption.dominant"))
        for ab in self.cd[d].abilities:
            self._effect(p, d, d, ab, target, events)
        if self.s.pending is not None:  # the Dominant asks its player first (redemption.decision)
            self.s.pending.then = "dominant_window" if window else "dominant"
            return
        self._after_dominant(p, window, events)

    def _after_dominant(self, p: int, window: bool, events: list[Event]) -> None:
        """What follows a Dominant once it has done all it does: the window it was played in, the hand limit, the
        battle it changed."""
        self._check_end(events)  # a soul it won may end the game before the battle resolves (redemption.win.rescues)
        if self.is_over:
            self.s.window.queue, self.s.window.then = [], ""
            return
        if window:
            then = self.s.window.then
            if then == "resolve" and self.phase == "battle" and self.b.kind and not self.battle_chars(self.active):
                self.s.window.queue, self.s.window.then = (
                    [],
                    "",
                )  # nothing left to resolve: the window closes with the battle
                events.append(Event("battle", "No Hero is left in battle: the battle is over and rescues nothing.", -1))
                self._finish_battle(events)
                return
            if then and not self.is_over:  # the other players may answer before the game goes on
                self.s.window.queue[:0] = [
                    q for q in self.others(p) if q not in self.s.window.queue and self._has_playable_dominant(q, True)
                ]
            self._prune_window()
            if then == "resolve" and self.phase == "battle" and self.b.kind:
                if not self.s.window.queue:
                    self._close_window(events)
                return
            if not self.s.window.queue:
                self._close_window(events)
        if self.phase == "hand_limit" and len(self.z[p]["hand"]) <= self.hand_limit(p):
            events.append(Event.said("phase", f"{who(p, True)} {verb(p, 'is', 'are')} within the hand limit now.", p))
            self.s.phase = "discard"
            if not self._open_others(p, "end_turn", events):
                self._end_turn(events)
        if self.s.window.queue:
            return
        if not window and self.phase == "prep" and p == self.active:  # between Preparation actions
            self._open_others(p, "", events)
            return
        if self.phase == "battle" and self.b.kind:
            if self.b.step == "initiative" and self._battle_empty():
                events.append(Event("battle", "No character is left in battle on either side: the battle ends.", -1))
                self._resolve(events)
            elif self.b.step == "initiative":
                if p in (self.active, self.b.defender):  # a player outside the battle takes no part in initiative
                    self.b.last_actor = p
                    self.b.passes = 0
                self._after_battle_change(events)
            elif self.b.step == "block" and not self.battle_chars(self.active):
                events.append(Event("battle", "No Hero is left in battle: the rescue attempt is over.", -1))
                self._finish_battle(events)
            elif self.b.step == "surrender" and not self.b.souls:
                events.append(Event("battle", "No Lost Soul is left to surrender.", -1))
                self._finish_battle(events)

    # --- decisions in the middle of an ability (redemption.decision) ---------------------------------
    def _do_choose(self, p: int, args: tuple[str, ...], events: list[Event]) -> None:
        d = self.s.pending
        assert d is not None  # checked
        if not d.pick(args[0] if args else None):
            return
        self.s.pending = None
        if d.effect == KEEP_WEAPON:  # the battle's end asks, not an ability (redemption.battle.weapon)
            self._keep_weapon(d, events)
            return
        resolve = REGISTRY[d.effect].resolve
        assert resolve is not None  # only an effect that resolves asks
        resolve(cast("Game", self), d, events)
        effects.continue_after(cast("Game", self), d, events)  # the ability's effects after the one that asked
        if self.s.pending is not None and d.then and not self.s.pending.then:  # it asked again: what follows waits
            self.s.pending.then = d.then
        b = self.b
        if (
            self.s.pending is None and b.kind and b.step == "initiative" and self._battle_empty()
        ):  # the answer left nobody in battle: it ends
            events.append(Event("battle", "No character is left in battle on either side: the battle ends.", -1))
            self._resolve(events)
            return
        if self.s.pending is None and b.kind and b.step == "block" and not self.battle_chars(self.active):
            # the answer took the attacker's last character out (redemption.effect.withdraw_self): nothing is attacked
            events.append(Event("battle", "No Hero is left in battle: the rescue attempt is over.", -1))
            self._finish_battle(events)
            return
        if self.s.pending is None and d.then:
            self._after_dominant(d.chooser, d.then == "dominant_window", events)
        elif self.s.pending is None and self.in_battle() and self.b.step == "initiative":
            if self._battle_empty():  # the answer emptied the battle: it ends
                self._after_battle_change(events)

    def _choose_actions(self, d: Decision) -> list[Action]:
        out = [CHOOSE[c] for c in d.left()]
        if d.may_stop():
            out.append(CHOOSE[()])
        return out

    # --- the end ---------------------------------------------------------------------------------
    def _resign(self, player: int) -> None:
        """Two players: the other wins. More: the game ends and the player with the most Redeemed Souls among the
        others wins, a tie for the most a draw (redemption.resign)."""
        self._legal_keep = ()
        others = self.others(player)
        if len(others) == 1:
            self.s.result = str(others[0])
        else:
            scores = {q: self.score(q) for q in others}
            best = [q for q in others if scores[q] == max(scores.values())]
            self.s.result = "draw" if len(best) > 1 else str(best[0])
        self.s.end_reason, self.s.end_rule = f"{who(player, True)} resigned", "redemption.resign"
        self._settle_over()

    def _end_by_score(self, why: str, rule: str, events: list[Event]) -> None:
        """The most Redeemed Souls win; a tie for the most is a draw (redemption.win.stalled)."""
        scores = [self.score(q) for q in range(self.n)]
        best = [q for q, sc in enumerate(scores) if sc == max(scores)]
        self.s.result = "draw" if len(best) > 1 else str(best[0])
        self.s.end_reason, self.s.end_rule = why, rule
        res = "a draw" if len(best) > 1 else f"{who(best[0])} {verb(best[0], 'wins', 'win')}"
        events.append(
            Event.said(
                "game_over",
                f"The game ends because {why}: {'-'.join(map(str, scores))} Redeemed Souls, {res}.",
                -1,
                rule,
            )
        )

    def _check_end(self, events: list[Event]) -> None:
        if self._lor_seen >= 0 or self.s.phase == "cut":  # no soul redeemed since the last check (Core._lor_seen)
            return
        s = [len(z["land_of_redemption"]) for z in self.z]
        total = sum(s)
        target = self.options["rescues_to_win"]
        self._lor_seen = total
        if max(s) >= target:
            best = [q for q in range(self.n) if s[q] == max(s)]
            w = best[0]
            self.s.result = "draw" if len(best) > 1 else str(w)
            self.s.end_reason = f"{who(w, True)} {verb(w, 'has', 'have')} {plural(s[w], 'Redeemed Soul')}"
            self.s.end_rule = "redemption.win.rescues"
            events.append(
                Event.said(
                    "game_over",
                    f"{who(w, True)} {verb(w, 'has', 'have')} rescued {plural(s[w], 'Lost Soul')} and {verb(w, 'wins', 'win')}.",
                    w,
                    "redemption.win.rescues",
                )
            )
            return
        cd = self.cd
        zones: tuple[Zone, ...] = ("deck", "hand", "land_of_bondage", "in_site")
        for z in self.z:
            for zone in zones:
                for c in z[zone]:
                    if cd[c].type == "lost_soul" or (zone == "land_of_bondage" and "human" in cd[c].identifiers):
                        return  # a captured human in a Land of Bondage is treated as a Lost Soul (REG Capture)
        self._end_by_score("no Lost Soul is left to rescue", "redemption.win.nosouls", events)


# The words of the events a playout makes most, written only when read (Event.lazy): a random playout sets
# characters aside and returns them about half its actions, and reads no event.
@lru_cache(maxsize=64)
def _cut_list(n: int) -> tuple[Action, ...]:
    """The cuts of a deck of n cards (Play._cut_actions): the same for every deck of that size."""
    cut = ACTIONS["cut"]
    return (cut[()], *(cut[(str(k),)] for k in range(MIN_CUT, n - MIN_CUT + 1)))


def _turn_words(turn: int, p: int) -> str:
    return f"Turn {turn}: {who(p, True)}."


def _setaside_words(p: int, name: str, c: str) -> str:
    return f"{who(p, True)} {verb(p, 'sets', 'set')} {name} ({c}) aside."


def _return_words(p: int, name: str, c: str) -> str:
    return (
        f"{who(p, True)} {verb(p, 'returns', 'return')} {name} ({c}) from the set-aside area to {their(p)} territory."
    )


def _end_prep_words(p: int) -> str:
    return f"{who(p, True)} {verb(p, 'ends', 'end')} the Preparation phase."


def _no_rescue_words(p: int) -> str:
    return f"{who(p, True)} {verb(p, 'makes', 'make')} no rescue attempt this turn."


def _limit_discard_words(p: int, name: str, c: str) -> str:
    return f"{who(p, True)} {verb(p, 'discards', 'discard')} {name} ({c}) to the hand limit."


def _play_words(p: int, name: str, c: str) -> str:
    return f"{who(p, True)} {verb(p, 'puts', 'put')} {name} ({c}) into {their(p)} territory."


def _over_limit_words(p: int, held: int, limit: int) -> str:
    return f"{who(p, True)} {verb(p, 'holds', 'hold')} {plural(held, 'card')} and must discard down to {limit}."


def _artifact_words(p: int, c: str) -> str:
    return f"{who(p, True)} {verb(p, 'puts', 'put')} an artifact ({c}) face down on {their(p)} artifact pile."


def _activate_words(p: int, card: Card, c: str) -> str:
    """``card``: the artifact as it was activated (a card is a value: its words are the same when read later)."""
    return f"{who(p, True)} {verb(p, 'activates', 'activate')} {card.name} ({c}): {played_by(card.ability_text, p)}"


def _site_words(p: int, name: str, c: str) -> str:
    return f"{who(p, True)} {verb(p, 'puts', 'put')} the site {name} ({c}) into {their(p)} territory."


def _soul_words(p: int, name: str, s: str, site_name: str, site: str) -> str:
    return f"{who(p, True)} {verb(p, 'puts', 'put')} {name} ({s}) into {site_name} ({site})."


def _dominant_words(p: int, card: Card, d: str) -> str:
    """``card``: the Dominant as it was played (see _activate_words)."""
    return (
        f"{who(p, True)} {verb(p, 'plays', 'play')} the Dominant {card.name} ({d}): {played_by(card.ability_text, p)}"
    )


#: verb -> the method that carries it out (every verb of the notation has one)
DO: dict[str, Callable[[Play, int, tuple[str, ...], list[Event]], None]] = {
    "cut": Play._do_cut,
    "first": Play._do_first,
    "play": Play._do_play,
    "artifact": Play._do_artifact,
    "activate": Play._do_activate,
    "site": Play._do_site,
    "soul": Play._do_soul,
    "setaside": Play._do_setaside,
    "return": Play._do_return,
    "equip": Play._do_equip,
    "fortress": Play._do_fortress,
    "fortress-in": Play._do_fortress_in,
    "fortress-out": Play._do_fortress_out,
    "rescue": Play._do_rescue,
    "challenge": Play._do_challenge,
    "block": Play._do_block,
    "noblock": Play._do_noblock,
    "enhance": Play._do_enhance,
    "pass": Play._do_pass,
    "surrender": Play._do_surrender,
    "dominant": Play._do_dominant,
    "decline": Play._do_decline,
    "discard": Play._do_discard,
    "end": Play._do_end,
    "choose": Play._do_choose,
    "mute": Play._do_mute,
}
