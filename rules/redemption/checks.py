"""Is this action allowed now? Every refusal names the rule that forbids it (rules.md, one section per id)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import is_

from rules.core import Rejection, require
from rules.redemption import continuous, effects
from rules.redemption.battle import BattleRules
from rules.redemption.effects import matches
from rules.redemption.lang import COSTS
from rules.redemption.notation import VERB_WHAT, VERBS, Action, a_, seat_arg, sentence
from rules.redemption.state import MIN_CUT, PHASE_NAMES, Phase
from rules.words import plural, possessive, their, verb, who, whose

#: The rule an ``end`` follows, by phase.
END_RULES = {"prep": "redemption.prep.end", "battle": "redemption.battle.skip", "discard": "redemption.discard.end"}


class Checks(BattleRules):
    # --- checks ------------------------------------------------------------------------------
    def _rule_of(self, action: Action) -> str:
        verb = action.verb
        if verb == "discard" and self.s.phase != "hand_limit":
            return "redemption.discard.limit"
        if verb == "end":
            return END_RULES.get(self.s.phase, "redemption.turn.end")
        return VERBS[verb][1]

    def _in_hand(self, p: int, cid: str, rule: str) -> None:
        require(self.loc[cid] == (p, "hand"), f"{self._nm(cid)} is not in your hand", rule)

    def _phase_is(self, allowed: tuple[Phase, ...], verb: str) -> None:
        ph = self.phase
        if ph in allowed and not (ph == "battle" and self.b.kind):
            return
        if ph == "battle" and self.b.kind:
            raise Rejection(self.expected_now(), "redemption.turn.phase")
        where = " or ".join(PHASE_NAMES[a] for a in allowed)
        raise Rejection(f"{VERB_WHAT[verb]} only in your {where}. {self.expected_now()}", "redemption.turn.phase")

    #: The actions the last ``legal_actions()`` returned for this state: applying one of these very objects needs
    #: no checking again (they are interned, rules.redemption.notation.ActionTable, so the same decision is the same
    #: object; one made elsewhere, e.g. parsed from text, goes through the checks). Any change clears it.
    _legal_keep: tuple[Action, ...] = ()
    _legal_player: int | None = None  # whose they are

    def _check(self, action: Action) -> str:
        if any(map(is_, self._legal_keep, repeat(action))):
            return self._rule_of(action)
        try:
            self._check_action(action)
        except Rejection as r:  # every refusal is a sentence: a capital letter first, a full stop last
            raise Rejection(sentence(r.reason), r.rule) from None
        return self._rule_of(action)

    def _check_action(self, action: Action) -> None:
        if not isinstance(action, Action) or action.verb not in VERBS:
            raise Rejection(f"{action!r} is not a Redemption action", "redemption.notation")
        if not isinstance(action.args, tuple) or not all(isinstance(a, str) for a in action.args):
            raise Rejection(f"{action!r} has malformed arguments", "redemption.notation")
        if action.verb == "cut":
            require(
                len(action.args) <= 1 and all(a.isdigit() for a in action.args),
                "write 'cut' or 'cut N'",
                "redemption.notation",
            )
        elif action.verb == "first":
            require(
                len(action.args) == 1 and action.args[0] in [str(q) for q in range(self.n)],
                "write 'first N' with N the player who goes first",
                "redemption.notation",
            )
        elif action.verb == "mute":
            a = action.args
            require(
                1 <= len(a) <= 2 and a[0] in self.cards and (len(a) == 1 or a[1] == "game"),
                "write 'mute D' (not stopped for Dominant D until this turn ends) or 'mute D game'",
                "redemption.notation",
            )
        else:
            (lo, hi), _ = VERBS[action.verb]
            require(
                lo <= len(action.args) <= hi,
                f"'{action.verb}' takes {plural(lo, 'card id') if lo == hi else f'{lo} or {hi} card ids'}",
                "redemption.notation",
            )
            seat = seat_arg(action) if len(action.args) == 2 and action.args[1].isdigit() else None
            for cid in action.args[:1] if seat is not None else action.args:
                require(cid in self.cards, f"there is no card {cid} in this game", "redemption.notation")
            require(
                seat is None or seat in range(self.n),
                f"{seat} is not a player: the players are {', '.join(map(str, range(self.n)))}",
                "redemption.battle.opponent",
            )
        p = self.current_player
        assert p is not None
        v, args = action.verb, action.args
        rule = self._rule_of(action)
        d = self.s.pending
        if d is not None or v == "choose":
            if d is None:
                raise Rejection(
                    f"Nothing is being chosen now; 'choose' answers a card's question. {self.expected_now()}", rule
                )
            if v != "choose":
                raise Rejection(self.expected_now(), "redemption.decision")
            problem = d.problem(args[0] if args else None)
            require(not problem, problem, rule)
            return
        if self.s.window.queue and v not in ("dominant", "decline", "mute"):
            raise Rejection(
                f"{who(p, True)} may play a Dominant now or pass ('decline'); the game goes on after that",
                "redemption.dominant.window",
            )
        if v == "decline":
            require(
                bool(self.s.window.queue),
                "There is no Dominant window open now; 'decline' answers one. " + self.expected_now(),
                rule,
            )
            return
        if v == "dominant":
            return self._check_dominant(p, args)
        if v == "mute":
            return self._check_mute(p, args, rule)
        if v == "cut":
            require(self.phase == "cut", "the decks have already been cut", rule)
            n = len(self.z[self._cut_deck(p)]["deck"])
            if args:
                k = int(args[0])
                require(
                    MIN_CUT <= k <= n - MIN_CUT,
                    f"a cut must leave at least {MIN_CUT} cards in each pile: choose {MIN_CUT} to {n - MIN_CUT}"
                    if n >= 2 * MIN_CUT
                    else f"that deck has only {n} cards, too few to cut; write 'cut' to leave it as it is",
                    rule,
                )
            return
        if v == "first":
            require(self.phase == "first", "the first player has already been chosen", rule)
            return
        if v in ("play", "artifact", "site", "setaside", "equip", "fortress"):
            self._phase_is(("prep", "discard"), v)
        elif v in ("activate", "soul", "return", "fortress-in", "fortress-out"):
            self._phase_is(("prep",), v)
        elif v in ("rescue", "challenge"):
            self._phase_is(("battle",), v)
        elif v == "end":
            self._phase_is(("prep", "battle", "discard"), v)
            return
        elif v in ("block", "noblock"):
            require(
                self.phase == "battle" and self.b.step == "block",
                f"There is no Hero to block now. {self.expected_now()}",
                rule,
            )
        elif v == "enhance" and self.phase in ("prep", "discard") and len(args) >= 2:
            self._check_heal_outside(p, args, rule)  # a healing enhancement outside battle (redemption.effect.heal)
            return
        elif v in ("enhance", "pass"):
            require(
                self.phase == "battle" and self.b.step == "initiative",
                f"You play enhancements in battle, or pass, only while you hold initiative. {self.expected_now()}",
                rule,
            )
        elif v == "surrender":
            require(
                self.phase == "battle" and self.b.step == "surrender",
                f"No Lost Soul is being surrendered now. {self.expected_now()}",
                rule,
            )
        elif v == "discard":
            require(
                self.phase == "hand_limit",
                "You discard from your hand only when you end your Discard phase holding more cards than "
                f"your hand limit. {self.expected_now()}",
                rule,
            )
        CHECK[v](self, p, args, rule)

    def _check_unique(self, p: int, c: str) -> None:
        other = self._unique_clash(p, c)
        if other is not None:
            where = self.loc[other][1].replace("_", " ").replace("field of battle", "battle")
            raise Rejection(
                f"{self.cd[c].name} is unique and you already have {self._nm(other)} in your {where}: "
                "a player controls at most one copy of a unique card in play",
                "redemption.unique",
            )

    def _check_play(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.cd[c].is_character, f"{self._nm(c)} is {a_(self.cd[c].type_name)}, not a character", rule)
        self._check_unique(p, c)

    def _check_artifact(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.cd[c].type == "artifact", f"{self._nm(c)} is not an artifact", rule)

    def _check_activate(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        require(
            self.loc[c] in ((p, "artifact_pile"), (p, "hand")) and self.cd[c].type == "artifact",
            f"{self._nm(c)} is not an artifact in your artifact pile or hand",
            rule,
        )
        require(c not in self.face_up, f"{self._nm(c)} is already face up", rule)
        require(not self.s.flags.artifact_activated, "you have already activated an artifact this turn", rule)
        # a cost that cannot be paid: the artifact is not activated (redemption.lang.cost)
        for ab in self.cd[c].abilities:
            if ab.when == "activate" and ab.cost and self.loc[c][1] != "hand":
                cost = COSTS[ab.cost]
                require(
                    cost.payable(self, p, c),
                    f"{self._nm(c)}: its cost ({cost.text.removesuffix(' to')}) cannot be paid",
                    cost.rule,
                )

    def _check_site(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.cd[c].type == "site", f"{self._nm(c)} is not a site", rule)

    def _check_soul(self, p: int, args: tuple[str, ...], rule: str) -> None:
        s, site = args
        require(
            self.loc[s] == (p, "land_of_bondage"), f"{self._nm(s)} is not a Lost Soul in your Land of Bondage", rule
        )
        # a character held captured in your Land of Bondage is another player's card: a site holds your own souls
        require(self.owner(s) == p, f"{self._nm(s)} is another player's card held captured, not your Lost Soul", rule)
        require(
            self.loc[site] == (p, "territory") and self.cd[site].has("site") is not None,
            f"{self._nm(site)} is not a site in your territory",
            rule,
        )
        ab = self.cd[site].has("site")
        assert ab is not None  # the require above
        cap = ab.n
        require(len(self._attachments(site)) < cap, f"{self._nm(site)} already holds {plural(cap, 'Lost Soul')}", rule)

    def _check_setaside(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        require(
            self.loc[c] == (p, "territory") and self.cd[c].is_character and c not in self.attached,
            f"{self._nm(c)} is not a character in your territory",
            rule,
        )

    def _check_return(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        require(
            self.loc[c] == (p, "set_aside") and c not in self.attached,
            f"{self._nm(c)} is not a character in your set-aside area",
            rule,
        )

    def _equip_problem(self, w: str, c: str, explain: bool = True) -> str | None:
        """Why weapon w cannot go on character c, or None (``explain=False``: "" instead of the words, for
        legal_actions, which only asks whether)."""
        wc, cc = self.cd[w], self.cd[c]
        if not (wc.is_enhancement and wc.is_weapon):
            return f"{self._nm(w)} is not a weapon-class enhancement" if explain else ""
        if not (cc.is_character and cc.is_warrior):
            return f"{self._nm(c)} is not a warrior-class character" if explain else ""
        if wc.alignment != cc.alignment:
            return f"{wc.name} is {a_(wc.type_name)} and cannot go on {cc.name}, {a_(cc.type_name)}" if explain else ""
        if not wc.brigade_set & cc.brigade_set:
            return (
                f"{possessive(wc.name)} brigade ({wc.brigade_text()}) does not match {possessive(cc.name)} "
                f"({cc.brigade_text()})"
                if explain
                else ""
            )
        if any(self.cd[a].is_weapon for a in self._attachments(c)):
            return f"{cc.name} already carries a weapon" if explain else ""
        return None

    def _check_equip(self, p: int, args: tuple[str, ...], rule: str) -> None:
        w, c = args
        self._in_hand(p, w, rule)
        wc = self.cd[w]
        if wc.is_enhancement and "weapon" not in wc.classes:
            raise Rejection(
                f"{self._nm(w)} is an enhancement: enhancements are played in battle, on one of your "
                "characters there while you hold initiative (only weapon-class enhancements go on "
                "warriors outside battle)",
                "redemption.battle.enhance",
            )
        require(
            self.loc[c] == (p, "territory") and c not in self.attached,
            f"{self._nm(c)} is not a character in your territory",
            rule,
        )
        prob = self._equip_problem(w, c)
        require(prob is None, prob or "", "redemption.battle.brigade" if prob and "brigade" in prob else rule)

    def _check_fortress(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.cd[c].type == "fortress", f"{self._nm(c)} is not a fortress", rule)
        self._check_unique(p, c)

    def _fortress_in_problem(self, c: str, f: str) -> str | None:
        fa = self.cd[f].has("fortress")
        if fa is None:
            return f"{self._nm(f)} is not a fortress"
        if c in self.attached or self.cd[c].type in ("site", "fortress"):
            return f"{self._nm(c)} cannot be moved into a fortress"
        if not matches(self.cd[c], fa.filter):
            return f"{self.cd[f].name} only holds {self.cd[f].ability_text.split(';')[0].lower()}"
        if len(self._attachments(f)) >= fa.n:
            return f"{self.cd[f].name} is full"
        return None

    def _check_fortress_in(self, p: int, args: tuple[str, ...], rule: str) -> None:
        c, f = args
        require(
            self.loc[f] == (p, "territory") and self.cd[f].type == "fortress",
            f"{self._nm(f)} is not a fortress in your territory",
            rule,
        )
        require(self.loc[c] == (p, "territory") and c != f, f"{self._nm(c)} is not a card in your territory", rule)
        prob = self._fortress_in_problem(c, f)
        require(prob is None, prob or "", rule)

    def _check_fortress_out(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        require(
            self.loc[c] == (p, "in_fortress") and self.cd[self.attached.get(c, c)].type == "fortress",
            f"{self._nm(c)} is not in one of your fortresses",
            rule,
        )

    def _check_hero_for_battle(self, p: int, c: str, rule: str) -> None:
        require(
            not self.s.flags.battled,
            "you have already made a rescue attempt or battle challenge this turn",
            "redemption.battle.limit",
        )
        require(
            self.loc[c] in ((p, "hand"), (p, "territory")) and c not in self.attached,
            f"{self._nm(c)} is not in your hand or territory",
            rule,
        )
        require(self.cd[c].type == "hero", f"{self._nm(c)} is not a Hero; only a Hero can start a battle", rule)
        self._check_unique(p, c)

    def _battle_opponent(self, p: int, verb: str, args: tuple[str, ...]) -> int:
        """The opponent a rescue attempt or battle challenge names (redemption.battle.opponent)."""
        if len(args) == 2:
            q = int(args[1])
            require(
                q != p,
                f"you cannot {'attack your own Land of Bondage' if verb == 'rescue' else 'challenge yourself'}: "
                f"name an opponent ({' or '.join(map(str, self.others(p)))})",
                "redemption.battle.opponent",
            )
            return q
        require(
            self.n == 2,
            f"with {self.n} players, name the opponent you {'attack' if verb == 'rescue' else 'challenge'}: "
            f"'{verb} {args[0]} N' with N one of {', '.join(map(str, self.others(p)))}",
            "redemption.battle.opponent",
        )
        return self.opponent(p)

    def _check_rescue(self, p: int, args: tuple[str, ...], rule: str) -> None:
        c = args[0]
        self._check_hero_for_battle(p, c, rule)
        q = self._battle_opponent(p, "rescue", args)
        holder = "your opponent has" if self.n == 2 else f"{who(q)} {verb(q, 'has', 'have')}"
        require(
            self.reaches(c, q),
            f"{holder} no Lost Soul that {self.cd[c].name} can reach; make a battle challenge instead",
            rule,
        )

    def _check_challenge(self, p: int, args: tuple[str, ...], rule: str) -> None:
        c = args[0]
        self._check_hero_for_battle(p, c, rule)
        q = self._battle_opponent(p, "challenge", args)
        write = " ".join(("rescue",) + args)
        require(
            not self.reaches(c, q),
            f"{self.cd[c].name} can reach a Lost Soul, so this is a rescue attempt: write '{write}'",
            rule,
        )
        require(
            not continuous.challenge_forbidden(self),
            "a face-up artifact says no battle may begin as a battle challenge",
            "redemption.effect.no_challenge",
        )

    def _check_block(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        require(
            self.loc[c] in ((p, "hand"), (p, "territory")) and c not in self.attached,
            f"{self._nm(c)} is not in your hand or territory",
            rule,
        )
        require(
            self.cd[c].type == "evil_character",
            f"{self._nm(c)} is not an Evil Character; only an Evil Character can block",
            rule,
        )
        self._check_unique(p, c)
        require(
            not self._kept_out(c),
            f"{self._nm(c)} is ignored by a character in battle and cannot enter it",
            "redemption.battle.ignore",
        )
        require(
            not continuous.block_forbidden(self, c),
            f"a face-up artifact says no {self.cd[c].name} may block",
            "redemption.effect.no_block",
        )

    def _check_noblock(self, p: int, args: tuple[str, ...], rule: str) -> None:
        pass

    def _enhance_problem(self, e: str, c: str, explain: bool = True, ignored: bool | None = None) -> str | None:
        """Why enhancement e cannot be played on character c, or None (``explain=False``: "" instead of the words,
        for legal_actions, which only asks whether; ``ignored``: whether c is ignored, when the caller knows)."""
        ec, cc = self.cd[e], self.cd[c]
        if not ec.is_enhancement:
            return f"{self._nm(e)} is not an enhancement" if explain else ""
        dual = ec.by_effect.get(
            "dual_alignment"
        )  # a GE/EE card played on the other side (redemption.effect.dual_alignment)
        if dual is not None and ec.alignment != cc.alignment:
            brigades = dual.acts[0].select.get("brigade", ())
            other = {brigades} if isinstance(brigades, str) else set(brigades)
            if cc.alignment == "evil" and (other & cc.brigade_set or continuous.any_brigade(self, c, e)):
                return (
                    None
                    if not (self._is_ignored(c) if ignored is None else ignored)
                    else (f"{cc.name} is being ignored and cannot be enhanced" if explain else "")
                )
        if ec.alignment != cc.alignment:
            return (
                f"{ec.name} is {a_(ec.type_name)} and cannot be played on {cc.name}, {a_(cc.type_name)}"
                if explain
                else ""
            )
        if not ec.brigade_set & cc.brigade_set and not continuous.any_brigade(self, c, e):
            return (
                f"{possessive(ec.name)} brigade ({ec.brigade_text()}) does not match {possessive(cc.name)} "
                f"({cc.brigade_text()})"
                if explain
                else ""
            )
        if self._is_ignored(c) if ignored is None else ignored:
            return f"{cc.name} is being ignored and cannot be enhanced" if explain else ""
        return None  # a second weapon may be played in battle; one stays afterwards (redemption.battle.weapon)

    def _check_heal_outside(self, p: int, args: tuple[str, ...], rule: str) -> None:
        """``enhance E C`` in your Preparation or Discard phase: a healing enhancement on your character C that was
        discarded this turn (redemption.effect.heal)."""
        e, c = args[0], args[1]
        self._in_hand(p, e, rule)
        require(
            len(args) == 2 and self.cd[e].has("heal") is not None and self.loc[c] == (p, "discard"),
            "outside battle only a healing enhancement is played: 'enhance E C' with C your character discarded "
            "this turn",
            "redemption.effect.heal",
        )
        require(
            effects.heals(self, p, self.cd[e], c),
            f"{self.cd[e].name} cannot heal {self._nm(c)} (it heals a fitting character discarded this turn)",
            "redemption.effect.heal",
        )
        prob = self._enhance_problem(e, c)
        require(prob is None, prob or "", "redemption.battle.brigade" if prob and "brigade" in prob else rule)

    def _check_enhance(self, p: int, args: tuple[str, ...], rule: str) -> None:
        e, c = args[0], args[1]
        self._in_hand(p, e, rule)
        if self.loc[c][1] != "field_of_battle" and c in self._special_targets(p):
            require(
                self.cd[e].is_enhancement and (self._answers_removal(p, e) or effects.heals(self, p, self.cd[e], c)),
                f"{self._nm(c)} has just been removed from battle: only an enhancement that negates or interrupts "
                "what removed it, or heals it, may be played on it now (special initiative)",
                "redemption.battle.special",
            )
        else:
            require(
                self.loc[c] == (p, "field_of_battle") and self.cd[c].is_character and c not in self.attached,
                f"{self._nm(c)} is not one of your characters in battle",
                rule,
            )
        prob = self._enhance_problem(e, c)
        require(prob is None, prob or "", "redemption.battle.brigade" if prob and "brigade" in prob else rule)
        targets = self._ability_targets(p, e, c)
        name = self.cd[e].name
        if not targets:
            require(
                len(args) == 2,
                f"{name} has nothing to choose now: write 'enhance {e} {c}'",
                "redemption.battle.targets",
            )
            return
        require(
            len(args) == 3,
            f"{name} needs a target: write 'enhance {e} {c} T' with T one of {' '.join(targets)}",
            "redemption.battle.targets",
        )
        require(
            args[2] in targets,
            f"{self._nm(args[2])} is not a possible target of {name}; the targets are {' '.join(targets)}",
            "redemption.battle.targets",
        )

    def _check_pass(self, p: int, args: tuple[str, ...], rule: str) -> None:
        pass

    def _check_surrender(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (s,) = args
        require(
            s in self.b.souls,
            f"{self._nm(s)} is not one of the Lost Souls this rescue can take: " + ", ".join(self.b.souls),
            rule,
        )

    def _check_discard(self, p: int, args: tuple[str, ...], rule: str) -> None:
        (c,) = args
        self._in_hand(p, c, rule)

    def _check_mute(self, p: int, args: tuple[str, ...], rule: str) -> None:
        require(
            bool(self.s.window.queue),
            "You ask not to be stopped for a Dominant when a Dominant window stops you for it. " + self.expected_now(),
            rule,
        )
        d = args[0]
        self._in_hand(p, d, rule)
        require(self.cd[d].type == "dominant", f"{self._nm(d)} is not a Dominant", rule)
        require(not self._muted(d), f"{self.cd[d].name} does not stop you already", rule)

    def _check_dominant(self, p: int, args: tuple[str, ...]) -> None:
        rule = "redemption.dominant"
        require(
            self.phase not in ("cut", "first"),
            "Dominants can be played once the first turn has begun",
            "redemption.dominant.timing",
        )
        d = args[0]
        q, where = self.loc[d]
        if q != p and where == "hand" and self.cd[d].type == "dominant":
            raise Rejection(
                f"{self._nm(d)} belongs to {who(q)}, and now it is {whose(p)} decision: {who(q)} "
                f"can play it at {their(q)} own decisions or in a Dominant window, which the game opens for "
                f"{who(q)} when it is {their(q)} moment",
                "redemption.dominant.timing",
            )
        self._in_hand(p, d, rule)
        require(self.cd[d].type == "dominant", f"{self._nm(d)} is not a Dominant", rule)
        require(self._dominant_usable(p, d), f"{self.cd[d].name} has nothing to work on now (an empty draw pile)", rule)
        targets = self._dominant_targets(p, d)
        if targets is None:
            require(len(args) == 1, f"{self.cd[d].name} takes no target", rule)
            return
        require(bool(targets), f"{self.cd[d].name} has no possible target now", rule)
        require(len(args) == 2, f"{self.cd[d].name} needs a target: one of {' '.join(targets)}", rule)
        require(
            args[1] in targets,
            f"{self._nm(args[1])} is not a possible target of {self.cd[d].name}; the targets are {' '.join(targets)}",
            rule,
        )


#: verb -> its own check, after the phase checks of :meth:`Checks._check_action` (the verbs it settles alone are absent)
CHECK: dict[str, Callable[[Checks, int, tuple[str, ...], str], None]] = {
    "play": Checks._check_play,
    "artifact": Checks._check_artifact,
    "activate": Checks._check_activate,
    "site": Checks._check_site,
    "soul": Checks._check_soul,
    "setaside": Checks._check_setaside,
    "return": Checks._check_return,
    "equip": Checks._check_equip,
    "fortress": Checks._check_fortress,
    "fortress-in": Checks._check_fortress_in,
    "fortress-out": Checks._check_fortress_out,
    "rescue": Checks._check_rescue,
    "challenge": Checks._check_challenge,
    "block": Checks._check_block,
    "noblock": Checks._check_noblock,
    "enhance": Checks._check_enhance,
    "pass": Checks._check_pass,
    "surrender": Checks._check_surrender,
    "discard": Checks._check_discard,
}
