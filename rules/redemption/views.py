"""What each player sees: ``view(player)``, the decision in words, the cards as small tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from rules.redemption.decisions import KEEP_WEAPON
from rules.redemption.state import PHASE_NAMES, Core
from rules.views import SeatView, View
from rules.words import plural, say, their, verb, who, whose

if TYPE_CHECKING:
    from rules.redemption.notation import Action

#: A card as a small table: id, owner, key, name, type, ... (see ``Views.view``).
CardView = dict[str, Any]


class Decision(TypedDict):
    """Who decides now and what kind of decision it is (``kind``: cut, first, prep, discard_phase, hand_limit,
    battle_start, block, initiative, surrender, window, choose, game_over); ``player`` None when the game is over. ``text``
    names the player who decides ("Player 3 blocks Player 1's Hero ..."); the view's ``templates["decision"]`` is the
    same words for :func:`rules.words.say`, so each reader gets their own ("You block ...", "Cy blocks your Hero")."""

    player: int | None
    kind: str
    text: str


class Totals(TypedDict):
    strength: int
    toughness: int


class BattleView(TypedDict, total=False):
    """The battle under way; ``{}`` (no keys) when there is none. ``initiative``: the seat that holds it, None
    outside the initiative step."""

    kind: str
    attacker: int
    defender: int
    step: str
    totals: dict[str, Totals]  # "hero", "evil"
    standing: str
    passes: int
    souls: list[str]
    initiative: int | None
    initiative_reason: str


class PendingView(TypedDict, total=False):
    """A decision an ability waits for (redemption.decision); ``{}`` when none. Everyone sees who chooses, for which
    card, the shape and the counts; only the seats the cards are revealed to get ``revealed`` (the cards shown, as
    card tables), ``options`` and ``chosen`` (card ids)."""

    chooser: int
    source: CardView
    effect: str
    shape: str
    most: int
    looked_at: int  # how many cards are revealed to the chooser
    options_count: int
    chosen_count: int
    revealed: list[CardView]
    options: list[str]
    chosen: list[str]


class RedemptionSeat(SeatView[CardView]):
    """A seat in a Redemption view: ``hand`` is the cards for the viewer's own seat, None for every other seat;
    a card list per zone; ``discard_top`` None for an empty Discard Pile."""

    deck: str
    deck_count: int
    hand_limit: int
    redeemed: int
    discard_count: int
    discard_top: CardView | None
    territory: list[CardView]
    artifact_pile: list[CardView]
    land_of_bondage: list[CardView]
    land_of_redemption: list[CardView]
    field_of_battle: list[CardView]
    set_aside: list[CardView]
    removed: list[CardView]
    in_site: list[CardView]
    in_fortress: list[CardView]
    captured: list[CardView]
    #: the Reserve (redemption.reserve): its cards for its owner only (None for every other seat), its size for all
    reserve: list[CardView] | None
    reserve_count: int


class RedemptionView(View[RedemptionSeat]):
    """``rules.views.View`` plus the turn, the phase, the decision in words, the score and the battle."""

    turn: int
    active: int
    phase: str
    phase_name: str
    decision: Decision
    end_reason: str
    end_rule: str
    score: list[int]
    rescues_to_win: int
    battle: BattleView
    pending: PendingView
    #: The texts above that name seats, as :mod:`rules.words` templates for :func:`rules.words.say` (the app says
    #: them with the players' names): decision (its text), end_reason, initiative_reason, and initiative_short (the
    #: reason's first part, for a narrow screen); "" where there is none.
    templates: dict[str, str]


class Views(Core):
    def expected_now(self) -> str:
        """What the player who decides must do now, as a sentence (refusals end with it)."""
        p = self.current_player
        if p is None:
            return "The game is over."
        if self.s.pending is not None:
            return "Now " + self._choice_text(p) + "."
        if self.s.window.queue:
            return self._window_text(p) + "."
        ph = self.phase
        if ph == "cut":
            return f"The game has not started yet: first you cut {whose(self._cut_deck(p))} deck."
        if ph == "first":
            return "The game has not started yet: first you choose who takes the first turn."
        if ph == "hand_limit":
            return (
                f"You hold {plural(len(self.z[p]['hand']), 'card')}, more than your hand limit of {self.hand_limit(p)}: "
                "now you discard a card from your hand."
            )
        if ph == "battle" and self.b.kind:
            return f"A battle is already under way: {self._battle_now()}."
        return {
            "prep": "It is your Preparation phase: put cards into play, then end the phase to go to battle.",
            "battle": "It is your Battle phase: make a rescue attempt or a battle challenge with a Hero, "
            "or end the phase without one.",
            "discard": "It is your Discard phase: put cards into play, or end your turn.",
        }[ph]

    def window_moment(self) -> str:
        """When the open Dominant window falls, in words ("before the battle ends"; redemption.dominant.window)."""
        then = self.s.window.then
        if then == "resolve":
            return "before the battle ends"
        if then == "end_turn":
            return "before the turn ends"
        if then == "upkeep":
            return "in the Draw phase"
        if then == "prep":
            return "in the Upkeep phase"
        if self.s.phase == "prep":
            return "in the Preparation phase"
        return "in the battle" if self.b.kind else "before the Battle phase"

    def _window_text(self, p: int) -> str:
        moment = self.window_moment()
        return (
            f"{who(p, True)} may play a Dominant now, {moment} ('dominant D', or 'decline' to let the game go on; "
            "'mute D' or 'mute D game': not stopped for D again this turn, or this game)"
        )

    def _choice_text(self, p: int) -> str:
        """What the pending decision asks of ``p`` (a template; it names the card that asks, never what it shows)."""
        d = self.s.pending
        assert d is not None
        src, P = self.cd[d.source].name, who(p, True)
        if d.effect == KEEP_WEAPON:
            return (
                f"{P} {verb(p, 'chooses', 'choose')} the weapon that stays on {src} ('choose <card>'); "
                "the others go to the discard pile"
            )
        if d.shape == "order":
            return (
                f"{P} {verb(p, 'chooses', 'choose')} the order in which the cards {src} showed go to the bottom of "
                f"{their(p)} draw pile ('choose <card>', one at a time: the first chosen goes under first)"
            )
        if d.shape == "up_to":
            most = "one card" if d.most == 1 else f"up to {plural(d.most, 'card')}"
            return (
                f"{P} {verb(p, 'chooses', 'choose')} {most} for {src} ('choose <card>'), or none more ('choose' alone)"
            )
        return f"{P} {verb(p, 'chooses', 'choose')} one card for {src} ('choose <card>')"

    def _pending_view(self, viewer: int) -> PendingView:
        d = self.s.pending
        if d is None:
            return {}
        out: PendingView = {
            "chooser": d.chooser,
            "source": self.card_info(d.source),
            "effect": d.effect,
            "shape": d.shape,
            "most": d.most,
            "looked_at": len(d.revealed),
            "options_count": len(d.options),
            "chosen_count": len(d.chosen),
        }
        if viewer in d.to:
            out["revealed"] = [self.card_info(c) for c in d.revealed]
            out["options"], out["chosen"] = d.options[:], d.chosen[:]
        return out

    def _battle_now(self) -> str:
        step = self.b.step
        if step == "block":
            return "now you choose whether to block the Hero with an Evil Character"
        if step == "initiative":
            if not any(a.verb == "enhance" for a in self.legal_actions()):
                return "now you hold initiative, and no enhancement in your hand fits your characters in battle: pass"
            return "now you hold initiative: play an enhancement on one of your characters in battle, or pass"
        if self.b.surrenderer == self.active:
            return "now you choose which Lost Soul you rescue"
        return "now you choose which Lost Soul to surrender"

    # --- views ----------------------------------------------------------------------------------
    def card_info(self, cid: str) -> dict[str, Any]:
        """A card instance as a small dict (for views and the TUI)."""
        d = {"id": cid, "owner": self.owner(cid), **self.cd[cid].info()}
        if cid in self.attached:
            d["on"] = self.attached[cid]
        return d

    def _card_view(self, cid: str, viewer: int) -> CardView:
        p, zone = self.loc[cid]
        if zone == "artifact_pile" and cid not in self.face_up:
            if p != viewer:
                return {"id": cid, "owner": p, "name": "Face-down artifact", "type": "artifact", "face_down": True}
            return {**self.card_info(cid), "face_down": True}
        d = self.card_info(cid)
        att = self._attachments(cid)
        if att:
            d["carrying"] = att
        if zone == "field_of_battle" and self.cd[cid].is_character and cid not in self.attached:
            s, t = self.char_numbers(cid)
            d["battle_strength"], d["battle_toughness"] = s, t
            d["ignored"] = self._is_ignored(cid)
            d["protected"] = self._is_protected(cid)
        if zone == "field_of_battle" and cid in self.b.negated:
            d["negated"] = True
        return d

    def _cards(self, ids: list[str], viewer: int) -> list[CardView]:
        return [self._card_view(c, viewer) for c in ids]

    def decision(self) -> Decision:
        """Who must decide now, and what kind of decision it is (the text names seats as "Player N")."""
        d = self._decision()
        d["text"] = say(d["text"])
        return d

    def _decision(self) -> Decision:
        """:meth:`decision` with its text a :mod:`rules.words` template that names the player who decides, so that
        each reader gets their own words: "You block the Hero ..." for that player, "Ann blocks ..." for another."""
        p = self.current_player
        if p is None:
            return {"player": None, "kind": "game_over", "text": self.s.end_reason}
        if self.s.pending is not None:
            return {"player": p, "kind": "choose", "text": self._choice_text(p) + "."}
        if self.s.window.queue:
            return {"player": p, "kind": "window", "text": self._window_text(p)}
        kind, text = self._decision_words(p)
        return {"player": p, "kind": kind, "text": text}

    def _decision_words(self, p: int) -> tuple[str, str]:
        """The kind of decision ``p`` makes now (outside a window) and its words as a template."""
        ph, P = self.phase, who(p, True)
        if ph == "cut":
            return "cut", f"{P} {verb(p, 'cuts', 'cut')} {whose(self._cut_deck(p))} deck ('cut' or 'cut N')."
        if ph == "first":
            seats = " to ".join(f"'first {q}'" for q in (0, self.n - 1))
            return "first", f"{P} {verb(p, 'chooses', 'choose')} who goes first ({seats})."
        if ph == "prep":
            return "prep", f"Preparation: {who(p)} {verb(p, 'places', 'place')} cards, then 'end' goes to battle."
        if ph == "discard":
            return (
                "discard_phase",
                f"Discard phase: {who(p)} {verb(p, 'places', 'place')} cards, then 'end' ends the turn.",
            )
        if ph == "hand_limit":
            return (
                "hand_limit",
                f"{P} {verb(p, 'discards', 'discard')} down to {plural(self.hand_limit(p), 'card')} ('discard <card>').",
            )
        if not self.b.kind:
            seat = "" if self.n == 2 else " <seat>"
            return (
                "battle_start",
                f"Battle: {who(p)} {verb(p, 'sends', 'send')} a Hero ('rescue <hero>{seat}', 'challenge <hero>{seat}') "
                "or 'end' to skip.",
            )
        step = self.b.step
        if step == "block":
            return (
                "block",
                f"{P} {verb(p, 'blocks', 'block')} {whose(self.active)} Hero with an Evil Character "
                "('block <card>') or 'noblock'.",
            )
        if step == "initiative":
            return (
                "initiative",
                f"{P} {verb(p, 'has', 'have')} initiative ({self.initiative()[1]}): 'enhance <card> <character>' "
                "or 'pass'.",
            )
        return "surrender", f"{P} {verb(p, 'chooses', 'choose')} the Lost Soul that is rescued ('surrender <soul>')."

    def view(self, player: int) -> RedemptionView:
        return self._view(player, None)

    def view_and_legal(self, player: int) -> tuple[RedemptionView, list[Action]]:
        """``GameBase.view_and_legal``: the legal actions worked out once, for the view's ``legal`` and the caller."""
        legal = self.legal_actions() if self.current_player == player else []
        return self._view(player, legal), legal

    def _view(self, player: int, legal: list[Action] | None) -> RedemptionView:
        """What ``player`` may see: own hand; counts for hands and decks; face-down cards hidden.

        The convention of ``rules.views`` (current_player, winner None for nobody; other seats' hands None), typed
        as :class:`RedemptionView`. Keys: game, you, turn, active (whose turn), phase, phase_name, current_player,
        decision {player, kind, text}, is_over, winner, result, end_reason (why it ended, in words), end_rule
        (the rule it ended by), score (one per seat),
        rescues_to_win, options, legal (action strings, only for the player who decides), battle
        ({} when none; else kind, attacker, defender, step, totals {hero, evil: {strength, toughness}},
        standing, initiative (None outside the initiative step), initiative_reason, passes, souls), and
        players: one table per seat with deck, deck_count, hand_count, hand (cards; None for other seats),
        hand_limit, redeemed, discard_count, discard_top (None when empty), and a card list per zone: territory,
        artifact_pile, land_of_bondage, land_of_redemption, field_of_battle, set_aside, removed,
        in_site, in_fortress, captured; reserve (the Reserve's cards for its owner, None for the other seats) and
        reserve_count (everyone sees how many cards a Reserve holds; redemption.reserve). A card is a table: id, owner, key, name, type, type_name,
        alignment, brigades, strength, toughness, class, identifiers, reference, ability (text);
        "on" (the card it sits on), "carrying" (cards on it); in battle also battle_strength,
        battle_toughness, ignored, protected; "negated" for a negated enhancement; face-down
        artifacts of the opponent show only id, owner, name, type and face_down.
        """
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.n:
            raise ValueError(f"player must be a seat from 0 to {self.n - 1}, not {player!r}")
        players: list[RedemptionSeat] = []
        for p in range(self.n):
            z = self.z[p]

            players.append(
                {
                    "deck": self.decks[p],
                    "deck_count": len(z["deck"]),
                    "hand_count": len(z["hand"]),
                    "hand": self._cards(z["hand"], player) if p == player else None,
                    "hand_limit": self.hand_limit(p),
                    "redeemed": len(z["land_of_redemption"]),
                    "discard_count": len(z["discard"]),
                    "discard_top": self.card_info(z["discard"][-1]) if z["discard"] else None,
                    "territory": self._cards(z["territory"], player),
                    "artifact_pile": self._cards(z["artifact_pile"], player),
                    "land_of_bondage": self._cards(z["land_of_bondage"], player),
                    "land_of_redemption": self._cards(z["land_of_redemption"], player),
                    "field_of_battle": self._cards(z["field_of_battle"], player),
                    "set_aside": self._cards(z["set_aside"], player),
                    "removed": self._cards(z["removed"], player),
                    "in_site": self._cards(z["in_site"], player),
                    "in_fortress": self._cards(z["in_fortress"], player),
                    "captured": self._cards(z["captured"], player),
                    "reserve": self._cards(z["reserve"], player) if p == player else None,
                    "reserve_count": len(z["reserve"]),
                }
            )
        battle: BattleView = {}
        templates: dict[str, str] = {"initiative_reason": "", "initiative_short": ""}
        if self.phase == "battle" and self.b.kind:
            a = self.active
            hs, ht, _ = self.side_totals(a)
            es, et, _ = self.side_totals(self.b.defender)
            battle = {
                "kind": self.b.kind,
                "attacker": a,
                "defender": self.b.defender,
                "step": self.b.step,
                "totals": {"hero": {"strength": hs, "toughness": ht}, "evil": {"strength": es, "toughness": et}},
                "standing": self.standing(),
                "passes": self.b.passes,
                "souls": list(self.b.souls),
            }
            if self.b.step == "initiative":
                q, why, so = self.initiative_why()
                battle["initiative"], battle["initiative_reason"] = q, say(f"{why}, so {so}")
                templates["initiative_reason"], templates["initiative_short"] = f"{why}, so {so}", why
            else:
                battle["initiative"], battle["initiative_reason"] = None, ""
        me = self.current_player
        decision = self._decision()
        templates["decision"], templates["end_reason"] = decision["text"], self.s.end_reason
        return {
            "game": self.name,
            "you": player,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "phase_name": PHASE_NAMES[self.phase],
            "current_player": me,
            "decision": {**decision, "text": say(decision["text"])},
            "is_over": self.is_over,
            "winner": self.winner,
            "result": self.s.result,
            "end_reason": say(self.s.end_reason),
            "end_rule": self.s.end_rule,
            "score": [self.score(q) for q in range(self.n)],
            "rescues_to_win": self.options["rescues_to_win"],
            "options": dict(self.options),
            "players": players,
            "battle": battle,
            "pending": self._pending_view(player),
            "legal": [str(a) for a in (self.legal_actions() if legal is None else legal)] if me == player else [],
            "templates": templates,
        }

    def _live(self) -> dict[str, Any]:
        """The live battle totals and initiative: derived from the rest, stored so a save shows them."""
        if not (self.phase == "battle" and self.b.kind):
            return {}
        a = self.active
        hs, ht, _ = self.side_totals(a)
        es, et, _ = self.side_totals(self.b.defender)
        q = self.initiative_player() if self.b.step == "initiative" else -1
        return {
            "hero_strength": hs,
            "hero_toughness": ht,
            "evil_strength": es,
            "evil_toughness": et,
            "standing": self.standing(),
            "initiative": q,
        }
