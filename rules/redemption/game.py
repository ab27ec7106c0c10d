"""Redemption for two players: the rulebook excerpt as a state machine.

The whole state is plain data: every card instance has an id (``G17``) whose card
definition is in ``cards`` and which sits in exactly one zone of one player; a few
more fields say whose turn it is, which phase, and how the current battle stands.
``current_player`` is always the player who must decide next. Rule ids
(``redemption.*``) refer to sections of ``rules.md`` beside this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core import Event, GameBase, Rejection, Rng, merge_options, require, state_header, state_int
from rules.redemption.cards import CARDS, DECKS, Card, matches, name_on_name, validate_deck
from rules.redemption import validate

ZONES = ("deck", "hand", "territory", "artifact_pile", "land_of_bondage", "land_of_redemption",
         "field_of_battle", "discard", "set_aside", "removed", "in_site", "in_fortress", "captured")
PHASES = ("cut", "first", "prep", "battle", "discard", "hand_limit")
STEPS = ("", "block", "initiative", "surrender")
PHASE_NAMES = {"cut": "Setup: cut", "first": "Setup: who goes first", "prep": "Preparation phase",
               "battle": "Battle phase", "discard": "Discard phase", "hand_limit": "Discard phase: hand limit"}
OPTIONS_DEFAULT = {"name_on_name": False, "first_player_skips_draw": False, "rescuer_chooses": False,
                   "rescues_to_win": 5, "max_turns": 0}
HAND_SIZE = 8
TURN_DRAW = 3
BASE_HAND_LIMIT = 8
MIN_CUT = 5
#: With both draw piles empty, this many turns in a row without a rescue end the game (redemption.win.stalled).
STALL_TURNS = 20

VERBS = {
    # verb: (number of card arguments (min, max), rule id)
    "cut": ((0, 0), "redemption.setup.cut"),
    "first": ((0, 0), "redemption.setup.first"),
    "play": ((1, 1), "redemption.prep.character"),
    "artifact": ((1, 1), "redemption.prep.artifact"),
    "activate": ((1, 1), "redemption.prep.activate"),
    "site": ((1, 1), "redemption.prep.site"),
    "soul": ((2, 2), "redemption.prep.soul"),
    "setaside": ((1, 1), "redemption.prep.setaside"),
    "return": ((1, 1), "redemption.prep.return"),
    "equip": ((2, 2), "redemption.prep.equip"),
    "fortress": ((1, 1), "redemption.prep.fortress"),
    "fortress-in": ((2, 2), "redemption.prep.fortress-in"),
    "fortress-out": ((1, 1), "redemption.prep.fortress-out"),
    "rescue": ((1, 1), "redemption.battle.rescue"),
    "challenge": ((1, 1), "redemption.battle.challenge"),
    "block": ((1, 1), "redemption.battle.block"),
    "noblock": ((0, 0), "redemption.battle.block"),
    "enhance": ((2, 3), "redemption.battle.enhance"),
    "pass": ((0, 0), "redemption.battle.pass"),
    "surrender": ((1, 1), "redemption.battle.surrender"),
    "dominant": ((1, 2), "redemption.dominant"),
    "decline": ((0, 0), "redemption.dominant.window"),
    "discard": ((1, 1), "redemption.discard.limit"),
    "end": ((0, 0), "redemption.turn.end"),
}
_ID = re.compile(r"^[A-Z]+[0-9]+$")
#: What each placement or battle verb does, for refusals that name the phase it belongs to.
VERB_WHAT = {"play": "You put a character into your territory", "artifact": "You put an artifact on your artifact pile",
             "site": "You put a site into your territory", "setaside": "You set a character aside",
             "equip": "You place a weapon on a warrior", "fortress": "You put a fortress into your territory",
             "activate": "You activate an artifact", "soul": "You put a Lost Soul into a site",
             "return": "You return a character from the set-aside area",
             "fortress-in": "You put a card into a fortress", "fortress-out": "You take a card out of a fortress",
             "rescue": "You make a rescue attempt", "challenge": "You make a battle challenge",
             "end": "You end a phase"}


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _sentence(text: str) -> str:
    """A refusal as a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    if text and text[-1] not in ".!?)":
        text += "."
    return text


@dataclass(frozen=True, slots=True)
class Action:
    """One decision, written ``verb arg...``; see ``rules.md`` (redemption.notation) for the table."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb,) + self.args)


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not an action")
    words = text.strip().split()
    if not words:
        raise ValueError("empty action; try 'end', 'pass', 'play G12' (see the notation table in the rules)")
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise ValueError(f"{words[0]!r} is not a Redemption action; the verbs are: {', '.join(VERBS)}")
    if verb == "cut":
        if len(args) > 1 or (args and not args[0].isdigit()):
            raise ValueError("write 'cut' for a random cut or 'cut N' to lift N cards from the top")
        return Action("cut", tuple(str(int(a)) for a in args))
    if verb == "first":
        if len(args) != 1 or args[0] not in ("0", "1"):
            raise ValueError("write 'first 0' or 'first 1': the player (0 or 1) who takes the first turn")
        return Action("first", (args[0],))
    (lo, hi), _ = VERBS[verb]
    if not lo <= len(args) <= hi:
        n = str(lo) if lo == hi else f"{lo} or {hi}"
        raise ValueError(f"'{verb}' takes {n} card id(s), e.g. {_example(verb)}")
    ids = tuple(a.upper() for a in args)
    for a in ids:
        if not _ID.match(a):
            raise ValueError(f"{a!r} is not a card id; card ids look like G17 or H3")
    return Action(verb, ids)


def _example(verb: str) -> str:
    return {"soul": "'soul G5 G40'", "equip": "'equip G33 G12'", "fortress-in": "'fortress-in G12 G44'",
            "enhance": "'enhance G20 G12' or 'enhance G20 G12 H7' (with the target of its ability)", "dominant": "'dominant G45' or 'dominant G45 H3'"}.get(verb, f"'{verb} G12'")


def _battle_default() -> dict:
    return {"kind": "", "step": "", "last_actor": -1, "passes": 0, "ignored": {}, "protected": {},
            "negated": [], "played": [], "souls": [], "surrenderer": -1, "effects": []}


def _copy_battle(b: dict) -> dict:
    return {"kind": b["kind"], "step": b["step"], "last_actor": b["last_actor"], "passes": b["passes"],
            "ignored": dict(b["ignored"]), "protected": dict(b["protected"]), "negated": list(b["negated"]),
            "played": list(b["played"]), "souls": list(b["souls"]), "surrenderer": b["surrenderer"],
            "effects": [list(e) for e in b["effects"]]}


#: What an ability did that negating its card undoes (redemption.effect.negate): effect -> where the target went.
UNDOABLE = {"discard": "discard", "withdraw": "territory", "set_aside": "set_aside", "capture": "captured",
            "band": ""}
#: Effects whose target the player chooses when the card is played (redemption.battle.targets).
TARGETED = ("discard", "withdraw", "capture", "set_aside", "band")
#: What a window's player does when the window closes: nothing more, resolve the battle, or end the turn.
THEN = ("", "resolve", "end_turn")


def _flags_default() -> dict:
    return {"artifact_activated": False, "battled": False, "rescued": False}


class Game(GameBase):
    name = "redemption"

    def __init__(self, seed: int, options: dict, rng: Rng, decks: list[str], cards: dict[str, tuple[str, int]],
                 zones: list[dict[str, list[str]]], attached: dict[str, str], face_up: set[str], st: dict,
                 battle: dict, history: list[str]):
        self.seed = seed
        self.options = options
        self.rng = rng
        self.decks = decks
        self.cards = cards  # id -> (card key, owner)
        self.z = zones
        self.attached = attached  # card id -> the card it sits on / in
        self.face_up = face_up  # artifacts placed face up
        self.st = st  # phase, active, turn, cutter, chooser, souls_drawn, flags, dry, result, end_reason
        self.b = battle
        self.history = history
        self.loc: dict[str, tuple[int, str]] = {}
        for p in (0, 1):
            for zone, ids in zones[p].items():
                for cid in ids:
                    self.loc[cid] = (p, zone)

    # --- small helpers ---------------------------------------------------------------
    def card(self, cid: str) -> Card:
        return CARDS[self.cards[cid][0]]

    def owner(self, cid: str) -> int:
        return self.cards[cid][1]

    def _nm(self, cid: str) -> str:
        return f"{self.card(cid).name} ({cid})"

    def _move(self, cid: str, p: int, zone: str, top: bool = False) -> None:
        op, oz = self.loc[cid]
        self.z[op][oz].remove(cid)
        if top:
            self.z[p][zone].insert(0, cid)
        else:
            self.z[p][zone].append(cid)
        self.loc[cid] = (p, zone)

    def _attachments(self, host: str) -> list[str]:
        return [c for c, h in self.attached.items() if h == host]

    def _move_with(self, cid: str, p: int, zone: str) -> None:
        """Move a card with whatever sits on it."""
        self._move(cid, p, zone)
        for a in self._attachments(cid):
            self._move(a, p, zone)

    def _to_discard(self, cid: str, events: list[Event], why: str = "") -> None:
        """Discard a card and everything on it (attachments go to their owners' discard piles)."""
        for a in self._attachments(cid):
            del self.attached[a]
            if self.card(a).type == "lost_soul":  # a site's souls go back to the Land of Bondage
                self._move(a, self.owner(a), "land_of_bondage")
            elif self.card(cid).type == "fortress":  # a fortress's cards go back to territory
                self._move_with(a, self.owner(a), "territory")
            else:
                self._to_discard(a, events)
        self.attached.pop(cid, None)
        self.face_up.discard(cid)
        self._move(cid, self.owner(cid), "discard")
        if why:
            events.append(Event("discard", f"{self._nm(cid)} is discarded{why}.", self.owner(cid)))

    def zone_of(self, cid: str) -> tuple[int, str]:
        return self.loc[cid]

    @property
    def phase(self) -> str:
        return self.st["phase"]

    @property
    def active(self) -> int:
        return self.st["active"]

    @property
    def turn(self) -> int:
        return self.st["turn"]

    def score(self, p: int) -> int:
        return len(self.z[p]["land_of_redemption"])

    def hand_limit(self, p: int) -> int:
        extra = 0
        for cid in self.z[p]["artifact_pile"]:
            if cid in self.face_up:
                a = self.card(cid).has("hand_limit")
                if a:
                    extra += a.n
        for cid in self.z[p]["territory"]:
            a = self.card(cid).has("hand_limit")
            if a:
                extra += a.n
        return BASE_HAND_LIMIT + extra

    # --- the contract -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.st["result"] != ""

    @property
    def winner(self) -> int | None:
        r = self.st["result"]
        return int(r) if r in ("0", "1") else None

    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.st["wq"]:  # a Dominant window (redemption.dominant.window)
            return self.st["wq"][0]
        ph = self.phase
        if ph == "cut":
            return self.st["cutter"]
        if ph == "first":
            return self.st["chooser"]
        if ph == "battle" and self.b["kind"]:
            step = self.b["step"]
            if step == "block":
                return 1 - self.active
            if step == "initiative":
                return self.initiative()[0]
            if step == "surrender":
                return self.b["surrenderer"]
        return self.active

    def summary(self) -> dict:
        return {"turn": self.turn, "score": f"{self.score(0)}-{self.score(1)}", "phase": self.phase,
                "result": self.st["result"]}

    def parse(self, text: str) -> Action:
        try:
            a = parse_action(text)
        except ValueError as e:
            raise ValueError(_sentence(str(e))) from None
        for cid in a.args if a.verb not in ("cut", "first") else ():
            if cid not in self.cards:
                raise ValueError(f"There is no card {cid} in this game.")
        return a

    # --- battle arithmetic --------------------------------------------------------------
    def _is_ignored(self, cid: str) -> bool:
        src = self.b["ignored"].get(cid)
        return src is not None and src not in self.b["negated"]

    def _is_protected(self, cid: str) -> bool:
        src = self.b["protected"].get(cid)
        return src is not None and src not in self.b["negated"]

    def char_numbers(self, cid: str) -> tuple[int, int]:
        """A character's strength and toughness with what sits on it (negated cards do not count)."""
        c = self.card(cid)
        s, t = c.strength, c.toughness
        non = self.options["name_on_name"]
        for e in self._attachments(cid):
            if e in self.b["negated"]:
                continue
            ec = self.card(e)
            if not ec.is_enhancement:
                continue
            m = 2 if non and name_on_name(ec, c) else 1
            s += ec.strength * m
            t += ec.toughness * m
        return s, t

    def battle_chars(self, p: int) -> list[str]:
        return [c for c in self.z[p]["field_of_battle"] if self.card(c).is_character and c not in self.attached]

    def side_totals(self, p: int) -> tuple[int, int, int]:
        """(strength, toughness, characters counting) of player p's side of the battle."""
        s = t = n = 0
        for c in self.battle_chars(p):
            if self._is_ignored(c):
                continue
            cs, ct = self.char_numbers(c)
            s += cs
            t += ct
            n += 1
        return s, t, n

    def standing(self) -> str:
        """hero_winning, evil_winning, stalemate or both_defeated (as the battle would end now)."""
        a = self.active
        hs, ht, hn = self.side_totals(a)
        es, et, en = self.side_totals(1 - a)
        evil_defeated = en == 0 or hs >= et
        hero_defeated = hn == 0 or (en > 0 and es >= ht)
        if evil_defeated and hero_defeated:
            return "both_defeated"
        if evil_defeated:
            return "hero_winning"
        if hero_defeated:
            return "evil_winning"
        return "stalemate"

    def initiative(self) -> tuple[int, str]:
        """Who holds initiative in the battle, and why (redemption.battle.initiative)."""
        a = self.active
        st = self.standing()
        if st == "hero_winning":
            return 1 - a, "the Hero side is winning, so the defender (who is losing) has initiative"
        if st == "evil_winning":
            return a, "the Evil side is winning, so the attacker (who is losing) has initiative"
        other = 1 - self.b["last_actor"] if self.b["last_actor"] in (0, 1) else a
        word = "stalemate" if st == "stalemate" else "both sides would be defeated"
        if self.b["passes"]:
            return other, f"{word}: the other player passed, so Player {other + 1} may play or pass (two passes in a row end the battle)"
        return other, f"{word}: Player {other + 1} did not play the last card, so may play or pass"

    # --- reach -------------------------------------------------------------------------------
    def can_reach(self, hero: str, soul: str) -> bool:
        hc = self.card(hero)
        r = self.card(soul).has("restricted_soul")
        if r and not matches(hc, r.filter):
            return False
        if self.loc[soul][1] == "in_site":
            site = self.attached.get(soul)
            a = self.card(site).has("site") if site else None
            if a and not matches(hc, a.filter):
                return False
        return True

    def reachable(self, hero: str, opp: int) -> list[str]:
        return [s for s in self.z[opp]["land_of_bondage"] + self.z[opp]["in_site"] if self.can_reach(hero, s)]

    # --- uniqueness, targets, windows ----------------------------------------------------------
    def _unique_names(self, p: int) -> set[str]:
        """Names of the unique cards player p controls in play (for offering moves from the hand quickly)."""
        z = self.z[p]
        return {CARDS[self.cards[c][0]].name for zone in ("territory", "set_aside", "field_of_battle", "in_fortress")
                for c in z[zone] if CARDS[self.cards[c][0]].unique_in_play}

    def _unique_clash(self, p: int, cid: str) -> str | None:
        """Another copy of unique card ``cid`` that player p controls in play (redemption.unique), if any."""
        cd = self.card(cid)
        if not cd.unique_in_play:
            return None
        z = self.z[p]
        for zone in ("territory", "set_aside", "field_of_battle", "in_fortress"):
            for c in z[zone]:
                if c != cid and self.cards[c][1] == p and self.card(c).name == cd.name:
                    return c
        return None

    def _kept_out(self, c: str) -> bool:
        """Does an opposing ignore ability in this battle keep character c from entering it (redemption.effect.ignore)?"""
        owner = self.owner(c)
        for src in self.b["played"]:
            if self.owner(src) == owner or src in self.b["negated"]:
                continue
            a = self.card(src).has("ignore")
            if a is not None and matches(self.card(c), a.filter):
                return True
        return False

    def _ability_targets(self, p: int, e: str, host: str) -> list[str]:
        """The cards the player chooses among for enhancement e played on host (redemption.battle.targets)."""
        for ab in self.card(e).abilities:
            if ab.effect in TARGETED:
                return self._targets_for(p, ab, host)
        return []

    def _targets_for(self, p: int, ab, host: str) -> list[str]:
        if ab.effect == "band":
            align = self.card(host).type
            return [c for zone in ("territory", "hand") for c in self.z[p][zone]
                    if self.card(c).type == align and c not in self.attached and matches(self.card(c), ab.filter)
                    and self._unique_clash(p, c) is None and not self._kept_out(c)]
        return [c for c in self.battle_chars(1 - p) if matches(self.card(c), ab.filter) and not self._is_ignored(c)]

    def _has_playable_dominant(self, p: int) -> bool:
        for d in self.z[p]["hand"]:
            if self.card(d).type == "dominant":
                t = self._dominant_targets(p, d)
                if t is None or t:
                    return True
        return False

    def _open_window(self, players: list[int], then: str, events: list[Event]) -> bool:
        """Give each of ``players`` who holds a playable Dominant a window (redemption.dominant.window)."""
        q = [q for q in players if self._has_playable_dominant(q)]
        if not q:
            return False
        self.st["wq"] = q
        self.st["then"] = then
        return True

    def _close_window(self, events: list[Event]) -> None:
        then, self.st["then"] = self.st["then"], ""
        if then == "resolve" and self.phase == "battle" and self.b["kind"]:
            self._resolve(events)
        elif then == "end_turn" and self.phase == "discard":
            self._end_turn(events)

    # --- drawing -----------------------------------------------------------------------------
    def _draw(self, p: int, n: int, events: list[Event], why: str) -> int:
        """Draw n cards; every Lost Soul goes to the Land of Bondage and is replaced (redemption.draw.soul)."""
        deck = self.z[p]["deck"]
        got = 0
        souls = []
        for _ in range(n):
            while deck:
                cid = deck[0]
                if self.card(cid).type == "lost_soul":
                    self._move(cid, p, "land_of_bondage")
                    souls.append(cid)
                    continue
                self._move(cid, p, "hand")
                got += 1
                break
        if n:
            short = "" if got == n else f" (the draw pile ran out after {got})"
            events.append(Event("draw", f"Player {p + 1} draws {got} card(s) {why}{short}.", p))
        for s in souls:
            events.append(Event("lost_soul", f"Player {p + 1} drew {self._nm(s)}: it goes straight to their Land of Bondage and is replaced (redemption.draw.soul).", p))
        return len(souls)

    # --- legal actions ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        p = self.current_player
        if p is None:
            return []
        out: list[Action] = []
        if self.st["wq"]:
            return self._dominant_actions(p) + [Action("decline")]
        ph = self.phase
        z = self.z[p]
        hand = z["hand"]
        if ph == "cut":
            n = len(self.z[1 - p]["deck"])
            out.append(Action("cut"))
            out.extend(Action("cut", (str(k),)) for k in range(MIN_CUT, n - MIN_CUT + 1))
            return out
        if ph == "first":
            return [Action("first", ("0",)), Action("first", ("1",))]
        if ph in ("prep", "discard"):
            out.extend(self._placement_actions(p, ph))
            out.append(Action("end"))
        elif ph == "hand_limit":
            out.extend(Action("discard", (c,)) for c in hand)
        elif ph == "battle":
            step = self.b["step"]
            if not self.b["kind"]:
                opp = 1 - p
                in_play = self._unique_names(p) if not self.st["flags"]["battled"] else set()
                for c in (hand + z["territory"]) if not self.st["flags"]["battled"] else ():
                    cd = self.card(c)
                    if cd.type == "hero" and c not in self.attached and (
                            self.loc[c][1] == "territory" or cd.name not in in_play or self._unique_clash(p, c) is None):
                        out.append(Action("rescue" if self.reachable(c, opp) else "challenge", (c,)))
                out.append(Action("end"))
            elif step == "block":
                for c in hand + z["territory"]:
                    if self.card(c).type == "evil_character" and c not in self.attached and self._unique_clash(p, c) is None:
                        out.append(Action("block", (c,)))
                out.append(Action("noblock"))
            elif step == "initiative":
                chars = [c for c in self.battle_chars(p) if not self._is_ignored(c)]
                for e in hand:
                    ec = self.card(e)
                    if not ec.is_enhancement:
                        continue
                    for c in chars:
                        if self._enhance_problem(e, c) is None:
                            targets = self._ability_targets(p, e, c)
                            if targets:
                                out.extend(Action("enhance", (e, c, t)) for t in targets)
                            else:
                                out.append(Action("enhance", (e, c)))
                out.append(Action("pass"))
            elif step == "surrender":
                out.extend(Action("surrender", (s,)) for s in self.b["souls"])
        out.extend(self._dominant_actions(p))
        return out

    def _placement_actions(self, p: int, ph: str) -> list[Action]:
        z = self.z[p]
        out = []
        prep = ph == "prep"
        terr_chars = [c for c in z["territory"] if self.card(c).is_character]
        in_play = self._unique_names(p)
        for c in z["hand"]:
            cd = self.card(c)
            if cd.is_character:
                if cd.name not in in_play:
                    out.append(Action("play", (c,)))
            elif cd.type == "artifact":
                out.append(Action("artifact", (c,)))
                if prep and not self.st["flags"]["artifact_activated"]:
                    out.append(Action("activate", (c,)))
            elif cd.type == "site":
                out.append(Action("site", (c,)))
            elif cd.type == "fortress":
                if cd.name not in in_play:
                    out.append(Action("fortress", (c,)))
            elif cd.is_enhancement and "weapon" in cd.classes:
                for w in terr_chars:
                    if self._equip_problem(c, w) is None:
                        out.append(Action("equip", (c, w)))
        out.extend(Action("setaside", (c,)) for c in terr_chars)
        if prep:
            if not self.st["flags"]["artifact_activated"]:
                out.extend(Action("activate", (a,)) for a in z["artifact_pile"] if a not in self.face_up)
            for s in z["territory"]:
                sa = self.card(s).has("site")
                if sa and len(self._attachments(s)) < sa.n:
                    out.extend(Action("soul", (l, s)) for l in z["land_of_bondage"])
                fa = self.card(s).has("fortress")
                if fa and len(self._attachments(s)) < fa.n:
                    out.extend(Action("fortress-in", (c, s)) for c in z["territory"]
                               if c != s and self._fortress_in_problem(c, s) is None)
            out.extend(Action("return", (c,)) for c in z["set_aside"] if c not in self.attached)
            out.extend(Action("fortress-out", (c,)) for c in z["in_fortress"]
                       if self.card(self.attached[c]).type == "fortress")
        return out

    def _dominant_targets(self, p: int, d: str) -> list[str] | None:
        """None: no target needed; otherwise the possible targets (may be empty)."""
        cd = self.card(d)
        for a in cd.abilities:
            if a.effect == "rescue_any":
                return self.z[1 - p]["land_of_bondage"] + self.z[1 - p]["in_site"]
            if a.effect == "discard_type":
                return self._typed_in_play(a.card_type)
        return None

    def _typed_in_play(self, card_type: str) -> list[str]:
        out = []
        for q in (0, 1):
            for zone in ("territory", "artifact_pile", "field_of_battle"):
                for c in self.z[q][zone]:
                    cd = self.card(c)
                    if c in self.attached:
                        continue
                    if (cd.is_character if card_type == "character" else cd.type == card_type):
                        if zone == "field_of_battle" and self._is_protected(c):
                            continue
                        out.append(c)
        return out

    def _dominant_actions(self, p: int) -> list[Action]:
        out = []
        if self.phase == "cut":
            return out
        for d in self.z[p]["hand"]:
            if self.card(d).type != "dominant":
                continue
            targets = self._dominant_targets(p, d)
            if targets is None:
                out.append(Action("dominant", (d,)))
            else:
                out.extend(Action("dominant", (d, t)) for t in targets)
        return out

    # --- checks ------------------------------------------------------------------------------
    def _rule_of(self, action: Action) -> str:
        if action.verb == "discard" and self.phase != "hand_limit":
            return "redemption.discard.limit"
        if action.verb == "end":
            return {"prep": "redemption.prep.end", "battle": "redemption.battle.skip",
                    "discard": "redemption.discard.end"}.get(self.phase, "redemption.turn.end")
        return VERBS[action.verb][1]

    def _in_hand(self, p: int, cid: str, rule: str) -> None:
        require(self.loc[cid] == (p, "hand"), f"{self._nm(cid)} is not in your hand", rule)

    def expected_now(self) -> str:
        """What the player who decides must do now, as a sentence (refusals end with it)."""
        p = self.current_player
        if p is None:
            return "The game is over."
        if self.st["wq"]:
            return self._window_text(p) + "."
        ph = self.phase
        if ph == "cut":
            return "The game has not started yet: first you cut your opponent's deck."
        if ph == "first":
            return "The game has not started yet: first you choose who takes the first turn."
        if ph == "hand_limit":
            return (f"You hold {len(self.z[p]['hand'])} cards, more than your hand limit of {self.hand_limit(p)}: "
                    "now you discard a card from your hand.")
        if ph == "battle" and self.b["kind"]:
            return f"A battle is already under way: {self._battle_now()}."
        return {"prep": "It is your Preparation phase: put cards into play, then end the phase to go to battle.",
                "battle": "It is your Battle phase: make a rescue attempt or a battle challenge with a Hero, "
                          "or end the phase without one.",
                "discard": "It is your Discard phase: put cards into play, or end your turn."}[ph]

    def _window_text(self, p: int) -> str:
        then = self.st["then"]
        moment = ("before the battle ends" if then == "resolve" else "before the turn ends" if then == "end_turn"
                  else "in the battle" if self.b["kind"] else "before the Battle phase")
        return f"Player {p + 1} may play a Dominant now, {moment} ('dominant D', or 'decline' to let the game go on)"

    def _battle_now(self) -> str:
        step = self.b["step"]
        if step == "block":
            return "now you choose whether to block the Hero with an Evil Character"
        if step == "initiative":
            if not any(a.verb == "enhance" for a in self.legal_actions()):
                return "now you hold initiative, and no enhancement in your hand fits your characters in battle: pass"
            return "now you hold initiative: play an enhancement on one of your characters in battle, or pass"
        if self.b["surrenderer"] == self.active:
            return "now you choose which Lost Soul you rescue"
        return "now you choose which Lost Soul to surrender"

    def _phase_is(self, allowed: tuple[str, ...], verb: str) -> None:
        ph = self.phase
        if ph in allowed and not (ph == "battle" and self.b["kind"]):
            return
        if ph == "battle" and self.b["kind"]:
            raise Rejection(self.expected_now(), "redemption.turn.phase")
        where = " or ".join(PHASE_NAMES[a] for a in allowed)
        raise Rejection(f"{VERB_WHAT[verb]} only in your {where}. {self.expected_now()}", "redemption.turn.phase")

    def _check(self, action: Action) -> None:
        try:
            self._check_action(action)
        except Rejection as r:  # every refusal is a sentence: a capital letter first, a full stop last
            raise Rejection(_sentence(r.reason), r.rule) from None

    def _check_action(self, action: Action) -> None:
        if not isinstance(action, Action) or action.verb not in VERBS:
            raise Rejection(f"{action!r} is not a Redemption action", "redemption.notation")
        if not isinstance(action.args, tuple) or not all(isinstance(a, str) for a in action.args):
            raise Rejection(f"{action!r} has malformed arguments", "redemption.notation")
        if action.verb == "cut":
            require(len(action.args) <= 1 and all(a.isdigit() for a in action.args),
                    "write 'cut' or 'cut N'", "redemption.notation")
        elif action.verb == "first":
            require(action.args in (("0",), ("1",)), "write 'first 0' or 'first 1'", "redemption.notation")
        else:
            (lo, hi), _ = VERBS[action.verb]
            require(lo <= len(action.args) <= hi, f"'{action.verb}' takes {lo if lo == hi else f'{lo} or {hi}'} card id(s)",
                    "redemption.notation")
            for cid in action.args:
                require(cid in self.cards, f"there is no card {cid} in this game", "redemption.notation")
        p = self.current_player
        assert p is not None
        v, args = action.verb, action.args
        rule = self._rule_of(action)
        if self.st["wq"] and v not in ("dominant", "decline"):
            raise Rejection(f"Player {p + 1} may play a Dominant now or pass ('decline'); the game goes on after that",
                            "redemption.dominant.window")
        if v == "decline":
            require(bool(self.st["wq"]), "There is no Dominant window open now; 'decline' answers one. "
                    + self.expected_now(), rule)
            return
        if v == "dominant":
            return self._check_dominant(p, args)
        if v == "cut":
            require(self.phase == "cut", "the decks have already been cut", rule)
            n = len(self.z[1 - p]["deck"])
            if args:
                k = int(args[0])
                require(MIN_CUT <= k <= n - MIN_CUT,
                        f"a cut must leave at least {MIN_CUT} cards in each pile: choose {MIN_CUT} to {n - MIN_CUT}" if n >= 2 * MIN_CUT
                        else f"that deck has only {n} cards, too few to cut; write 'cut' to leave it as it is", rule)
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
            require(self.phase == "battle" and self.b["step"] == "block",
                    f"There is no Hero to block now. {self.expected_now()}", rule)
        elif v in ("enhance", "pass"):
            require(self.phase == "battle" and self.b["step"] == "initiative",
                    f"You play enhancements in battle, or pass, only while you hold initiative. {self.expected_now()}",
                    rule)
        elif v == "surrender":
            require(self.phase == "battle" and self.b["step"] == "surrender",
                    f"No Lost Soul is being surrendered now. {self.expected_now()}", rule)
        elif v == "discard":
            require(self.phase == "hand_limit",
                    "You discard from your hand only when you end your Discard phase holding more cards than "
                    f"your hand limit. {self.expected_now()}", rule)
        getattr(self, "_check_" + v.replace("-", "_"))(p, args, rule)

    def _check_unique(self, p: int, c: str) -> None:
        other = self._unique_clash(p, c)
        if other is not None:
            where = self.loc[other][1].replace("_", " ").replace("field of battle", "battle")
            raise Rejection(f"{self.card(c).name} is unique and you already have {self._nm(other)} in your {where}: "
                            "a player controls at most one copy of a unique card in play", "redemption.unique")

    def _check_play(self, p, args, rule):
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.card(c).is_character, f"{self._nm(c)} is {_a(self.card(c).type_name)}, not a character", rule)
        self._check_unique(p, c)

    def _check_artifact(self, p, args, rule):
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.card(c).type == "artifact", f"{self._nm(c)} is not an artifact", rule)

    def _check_activate(self, p, args, rule):
        (c,) = args
        require(self.loc[c] in ((p, "artifact_pile"), (p, "hand")) and self.card(c).type == "artifact",
                f"{self._nm(c)} is not an artifact in your artifact pile or hand", rule)
        require(c not in self.face_up, f"{self._nm(c)} is already face up", rule)
        require(not self.st["flags"]["artifact_activated"], "you have already activated an artifact this turn", rule)

    def _check_site(self, p, args, rule):
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.card(c).type == "site", f"{self._nm(c)} is not a site", rule)

    def _check_soul(self, p, args, rule):
        s, site = args
        require(self.loc[s] == (p, "land_of_bondage"), f"{self._nm(s)} is not a Lost Soul in your Land of Bondage", rule)
        require(self.loc[site] == (p, "territory") and self.card(site).has("site") is not None,
                f"{self._nm(site)} is not a site in your territory", rule)
        cap = self.card(site).has("site").n
        require(len(self._attachments(site)) < cap, f"{self._nm(site)} already holds {cap} Lost Soul(s)", rule)

    def _check_setaside(self, p, args, rule):
        (c,) = args
        require(self.loc[c] == (p, "territory") and self.card(c).is_character and c not in self.attached,
                f"{self._nm(c)} is not a character in your territory", rule)

    def _check_return(self, p, args, rule):
        (c,) = args
        require(self.loc[c] == (p, "set_aside") and c not in self.attached,
                f"{self._nm(c)} is not a character in your set-aside area", rule)

    def _equip_problem(self, w: str, c: str) -> str | None:
        wc, cc = self.card(w), self.card(c)
        if not (wc.is_enhancement and "weapon" in wc.classes):
            return f"{self._nm(w)} is not a weapon-class enhancement"
        if not (cc.is_character and "warrior" in cc.classes):
            return f"{self._nm(c)} is not a warrior-class character"
        if wc.alignment != cc.alignment:
            return f"{wc.name} is {_a(wc.type_name)} and cannot go on {cc.name}, {_a(cc.type_name)}"
        if not set(wc.brigades) & set(cc.brigades):
            return f"{_possessive(wc.name)} brigade ({wc.brigade_text()}) does not match {_possessive(cc.name)} ({cc.brigade_text()})"
        if any("weapon" in self.card(a).classes for a in self._attachments(c)):
            return f"{cc.name} already carries a weapon"
        return None

    def _check_equip(self, p, args, rule):
        w, c = args
        self._in_hand(p, w, rule)
        wc = self.card(w)
        if wc.is_enhancement and "weapon" not in wc.classes:
            raise Rejection(f"{self._nm(w)} is an enhancement: enhancements are played in battle, on one of your "
                            "characters there while you hold initiative (only weapon-class enhancements go on "
                            "warriors outside battle)", "redemption.battle.enhance")
        require(self.loc[c] == (p, "territory") and c not in self.attached,
                f"{self._nm(c)} is not a character in your territory", rule)
        prob = self._equip_problem(w, c)
        require(prob is None, prob or "", "redemption.battle.brigade" if prob and "brigade" in prob else rule)

    def _check_fortress(self, p, args, rule):
        (c,) = args
        self._in_hand(p, c, rule)
        require(self.card(c).type == "fortress", f"{self._nm(c)} is not a fortress", rule)
        self._check_unique(p, c)

    def _fortress_in_problem(self, c: str, f: str) -> str | None:
        fa = self.card(f).has("fortress")
        if fa is None:
            return f"{self._nm(f)} is not a fortress"
        if c in self.attached or self.card(c).type in ("site", "fortress"):
            return f"{self._nm(c)} cannot be moved into a fortress"
        if not matches(self.card(c), fa.filter):
            return f"{self.card(f).name} only holds {self.card(f).ability_text.split(';')[0].lower()}"
        if len(self._attachments(f)) >= fa.n:
            return f"{self.card(f).name} is full"
        return None

    def _check_fortress_in(self, p, args, rule):
        c, f = args
        require(self.loc[f] == (p, "territory") and self.card(f).type == "fortress",
                f"{self._nm(f)} is not a fortress in your territory", rule)
        require(self.loc[c] == (p, "territory") and c != f, f"{self._nm(c)} is not a card in your territory", rule)
        prob = self._fortress_in_problem(c, f)
        require(prob is None, prob or "", rule)

    def _check_fortress_out(self, p, args, rule):
        (c,) = args
        require(self.loc[c] == (p, "in_fortress") and self.card(self.attached.get(c, c)).type == "fortress",
                f"{self._nm(c)} is not in one of your fortresses", rule)

    def _check_hero_for_battle(self, p, c, rule):
        require(not self.st["flags"]["battled"], "you have already made a rescue attempt or battle challenge this turn",
                "redemption.battle.limit")
        require(self.loc[c] in ((p, "hand"), (p, "territory")) and c not in self.attached,
                f"{self._nm(c)} is not in your hand or territory", rule)
        require(self.card(c).type == "hero", f"{self._nm(c)} is not a Hero; only a Hero can start a battle", rule)
        self._check_unique(p, c)

    def _check_rescue(self, p, args, rule):
        (c,) = args
        self._check_hero_for_battle(p, c, rule)
        require(bool(self.reachable(c, 1 - p)),
                f"your opponent has no Lost Soul that {self.card(c).name} can reach; make a battle challenge instead", rule)

    def _check_challenge(self, p, args, rule):
        (c,) = args
        self._check_hero_for_battle(p, c, rule)
        require(not self.reachable(c, 1 - p),
                f"{self.card(c).name} can reach a Lost Soul, so this is a rescue attempt: write 'rescue {c}'", rule)

    def _check_block(self, p, args, rule):
        (c,) = args
        require(self.loc[c] in ((p, "hand"), (p, "territory")) and c not in self.attached,
                f"{self._nm(c)} is not in your hand or territory", rule)
        require(self.card(c).type == "evil_character", f"{self._nm(c)} is not an Evil Character; only an Evil Character can block", rule)
        self._check_unique(p, c)

    def _check_noblock(self, p, args, rule):
        pass

    def _enhance_problem(self, e: str, c: str) -> str | None:
        ec, cc = self.card(e), self.card(c)
        if not ec.is_enhancement:
            return f"{self._nm(e)} is not an enhancement"
        if ec.alignment != cc.alignment:
            return f"{ec.name} is {_a(ec.type_name)} and cannot be played on {cc.name}, {_a(cc.type_name)}"
        if not set(ec.brigades) & set(cc.brigades):
            return f"{_possessive(ec.name)} brigade ({ec.brigade_text()}) does not match {_possessive(cc.name)} ({cc.brigade_text()})"
        if self._is_ignored(c):
            return f"{cc.name} is being ignored and cannot be enhanced"
        if "weapon" in ec.classes and "warrior" in cc.classes and any(
                "weapon" in self.card(a).classes for a in self._attachments(c) if a not in self.b["negated"]):
            return f"{cc.name} already carries a weapon: one weapon per warrior (redemption.battle.weapon)"
        return None

    def _check_enhance(self, p, args, rule):
        e, c = args[0], args[1]
        self._in_hand(p, e, rule)
        require(self.loc[c] == (p, "field_of_battle") and self.card(c).is_character and c not in self.attached,
                f"{self._nm(c)} is not one of your characters in battle", rule)
        prob = self._enhance_problem(e, c)
        if prob and "(redemption.battle.weapon)" in prob:
            raise Rejection(prob.replace(" (redemption.battle.weapon)", ""), "redemption.battle.weapon")
        require(prob is None, prob or "", "redemption.battle.brigade" if prob and "brigade" in prob else rule)
        targets = self._ability_targets(p, e, c)
        name = self.card(e).name
        if not targets:
            require(len(args) == 2, f"{name} has nothing to choose now: write 'enhance {e} {c}'", "redemption.battle.targets")
            return
        require(len(args) == 3, f"{name} needs a target: write 'enhance {e} {c} T' with T one of {' '.join(targets)}",
                "redemption.battle.targets")
        require(args[2] in targets, f"{self._nm(args[2])} is not a possible target of {name}; "
                f"the targets are {' '.join(targets)}", "redemption.battle.targets")

    def _check_pass(self, p, args, rule):
        pass

    def _check_surrender(self, p, args, rule):
        (s,) = args
        require(s in self.b["souls"], f"{self._nm(s)} is not one of the Lost Souls this rescue can take: "
                + ", ".join(self.b["souls"]), rule)

    def _check_discard(self, p, args, rule):
        (c,) = args
        self._in_hand(p, c, rule)

    def _check_dominant(self, p, args):
        rule = "redemption.dominant"
        require(self.phase not in ("cut", "first"), "Dominants can be played once the first turn has begun",
                "redemption.dominant.timing")
        d = args[0]
        if self.loc[d] == (1 - p, "hand") and self.card(d).type == "dominant":
            raise Rejection(f"{self._nm(d)} is Player {2 - p}'s, and now it is Player {p + 1}'s decision: Player {2 - p} "
                            "can play it at their own decisions or in a Dominant window, which the game opens for "
                            "them when it is their moment", "redemption.dominant.timing")
        self._in_hand(p, d, rule)
        require(self.card(d).type == "dominant", f"{self._nm(d)} is not a Dominant", rule)
        targets = self._dominant_targets(p, d)
        if targets is None:
            require(len(args) == 1, f"{self.card(d).name} takes no target", rule)
            return
        require(bool(targets), f"{self.card(d).name} has no possible target now", rule)
        require(len(args) == 2, f"{self.card(d).name} needs a target: one of {' '.join(targets)}", rule)
        require(args[1] in targets, f"{self._nm(args[1])} is not a possible target of {self.card(d).name}; "
                f"the targets are {' '.join(targets)}", rule)

    # --- performing ----------------------------------------------------------------------------
    def _perform(self, action: Action, events: list[Event]) -> None:
        p = self.current_player
        assert p is not None
        getattr(self, "_do_" + action.verb.replace("-", "_"))(p, action.args, events)
        if self.b["kind"] == "challenge" and self.phase == "battle":
            self._challenge_to_rescue(events)
        if not self.is_over:
            self._check_end(events)

    def _challenge_to_rescue(self, events: list[Event]) -> None:
        """A battle challenge becomes a rescue attempt once a Hero in it can reach a Lost Soul (redemption.battle.challenge)."""
        a = self.active
        for h in self.battle_chars(a):
            if self.reachable(h, 1 - a):
                self.b["kind"] = "rescue"
                events.append(Event("battle", f"{self.card(h).name} can reach a Lost Soul now: the battle challenge is a "
                                    "rescue attempt from here on (redemption.battle.challenge).", a))
                return

    def _do_cut(self, p, args, events):
        opp = 1 - p
        deck = self.z[opp]["deck"]
        n = len(deck)
        if args:
            k = int(args[0])
        elif n >= 2 * MIN_CUT:
            k = MIN_CUT + self.rng.below(n - 2 * MIN_CUT + 1)
        else:
            k = 0
        deck[:] = deck[k:] + deck[:k]
        events.append(Event("cut", f"Player {p + 1} cuts Player {opp + 1}'s deck, lifting {k} card(s) (redemption.setup.cut).", p))
        if p == 1:
            self.st["cutter"] = 0
            return
        self.st["cutter"] = -1
        drawn = [0, 0]
        for q in (0, 1):
            drawn[q] = self._draw(q, HAND_SIZE, events, "for the starting hand")
        self.st["souls_drawn"] = drawn
        if drawn[0] != drawn[1]:
            chooser = 0 if drawn[0] > drawn[1] else 1
            why = f"drew more Lost Souls ({drawn[chooser]} to {drawn[1 - chooser]})"
        else:
            chooser = self.rng.below(2)
            why = f"won the coin flip (both drew {drawn[0]} Lost Souls)"
        self.st["chooser"] = chooser
        self.st["phase"] = "first"
        events.append(Event("first", f"Player {chooser + 1} {why} and chooses who goes first (redemption.setup.first).", chooser))

    def _do_first(self, p, args, events):
        first = int(args[0])
        whom = "to take the first turn" if first == p else f"Player {first + 1} to take the first turn"
        events.append(Event("first", f"Player {p + 1} chooses {whom}.", p))
        self.st["chooser"] = -1
        self.st["first"] = first
        self._start_turn(first, events)

    def _start_turn(self, p: int, events: list[Event]) -> None:
        cap = self.options["max_turns"]
        if cap and self.turn >= cap:
            self._end_by_score(f"the turn limit ({cap} turns) was reached (redemption.win.maxturns)", events)
            return
        self.st["turn"] += 1
        self.st["active"] = p
        self.st["flags"] = _flags_default()
        self.b = _battle_default()
        events.append(Event("turn", f"Turn {self.turn}: Player {p + 1}.", p))
        if self.options["first_player_skips_draw"] and self.turn == 1:
            events.append(Event("draw", f"Player {p + 1} goes first and skips the first draw (option first_player_skips_draw).", p))
        else:
            self._draw(p, TURN_DRAW, events, "in the Draw phase")
        for a in list(self.z[p]["artifact_pile"]):  # Upkeep
            if a in self.face_up:
                for ab in self.card(a).abilities:
                    if ab.effect == "draw" and ab.when == "upkeep":
                        self._draw(p, ab.n, events, f"in Upkeep for {self.card(a).name}")
        self.st["phase"] = "prep"

    def _do_end(self, p, args, events):
        ph = self.phase
        if ph == "prep":
            self.st["phase"] = "battle"
            self.b = _battle_default()
            events.append(Event("phase", f"Player {p + 1} ends the Preparation phase.", p))
            self._open_window([1 - p], "", events)
        elif ph == "battle":
            self.st["phase"] = "discard"
            events.append(Event("phase", f"Player {p + 1} makes no rescue attempt this turn.", p))
        elif ph == "discard":
            if len(self.z[p]["hand"]) > self.hand_limit(p):
                self.st["phase"] = "hand_limit"
                events.append(Event("phase", f"Player {p + 1} holds {len(self.z[p]['hand'])} cards and must discard down to {self.hand_limit(p)} (redemption.discard.limit).", p))
            elif not self._open_window([1 - p], "end_turn", events):
                self._end_turn(events)

    def _do_decline(self, p, args, events):
        self.st["wq"].pop(0)
        if not self.st["wq"]:
            self._close_window(events)

    def rescue_possible(self) -> bool:
        """Could either player still win a soul: a Hero that reaches one of the opponent's Lost Souls (blockers aside), or
        a Dominant that rescues one? (redemption.win.stalled)"""
        for p in (0, 1):
            opp = 1 - p
            if not (self.z[opp]["land_of_bondage"] or self.z[opp]["in_site"]):
                continue
            for zone in ("hand", "territory", "set_aside", "in_fortress", "field_of_battle"):
                for c in self.z[p][zone]:
                    cd = self.card(c)
                    if cd.type == "hero" and self.owner(c) == p and self.reachable(c, opp):
                        return True
                    if cd.type == "dominant" and zone == "hand" and cd.has("rescue_any"):
                        return True
        return False

    def _end_turn(self, events):
        both_empty = not self.z[0]["deck"] and not self.z[1]["deck"]
        self.st["dry"] = self.st["dry"] + 1 if both_empty and not self.st["flags"]["rescued"] else 0
        if both_empty and not self.rescue_possible():
            self._end_by_score("both draw piles are empty and no player can win a Lost Soul any more "
                               "(redemption.win.stalled)", events)
            return
        if self.st["dry"] >= STALL_TURNS:
            self._end_by_score(f"both draw piles are empty and {STALL_TURNS // 2} full rounds passed without a rescue "
                               "(redemption.win.stalled)", events)
            return
        self._start_turn(1 - self.active, events)

    def _do_discard(self, p, args, events):
        (c,) = args
        self._move(c, p, "discard")
        events.append(Event("discard", f"Player {p + 1} discards {self._nm(c)} to the hand limit.", p))
        if len(self.z[p]["hand"]) <= self.hand_limit(p):
            self._end_turn(events)

    # prep / discard phase actions
    def _do_play(self, p, args, events):
        (c,) = args
        self._move(c, p, "territory")
        events.append(Event("place", f"Player {p + 1} puts {self._nm(c)} into their territory.", p))

    def _do_artifact(self, p, args, events):
        (c,) = args
        self._move(c, p, "artifact_pile")
        events.append(Event("place", f"Player {p + 1} puts an artifact ({c}) face down on their artifact pile.", p))

    def _do_activate(self, p, args, events):
        (c,) = args
        if self.loc[c][1] == "hand":
            self._move(c, p, "artifact_pile")
        for other in self.z[p]["artifact_pile"]:
            if other in self.face_up:
                self.face_up.discard(other)
                events.append(Event("activate", f"{self._nm(other)} turns face down: one active artifact at a time "
                                    "(redemption.prep.activate).", p))
        self.face_up.add(c)
        self.st["flags"]["artifact_activated"] = True
        events.append(Event("activate", f"Player {p + 1} activates {self._nm(c)}: {self.card(c).ability_text}", p))
        for ab in self.card(c).abilities:
            if ab.effect == "draw" and ab.when == "activate":
                self._draw(p, ab.n, events, f"for {self.card(c).name}")

    def _do_site(self, p, args, events):
        (c,) = args
        self._move(c, p, "territory")
        events.append(Event("place", f"Player {p + 1} puts the site {self._nm(c)} into their territory.", p))

    def _do_soul(self, p, args, events):
        s, site = args
        self._move(s, p, "in_site")
        self.attached[s] = site
        events.append(Event("place", f"Player {p + 1} puts {self._nm(s)} into {self._nm(site)}.", p))

    def _do_setaside(self, p, args, events):
        (c,) = args
        self._move_with(c, p, "set_aside")
        events.append(Event("place", f"Player {p + 1} sets {self._nm(c)} aside.", p))

    def _do_return(self, p, args, events):
        (c,) = args
        self._move_with(c, p, "territory")
        events.append(Event("place", f"Player {p + 1} returns {self._nm(c)} from the set-aside area to their territory.", p))

    def _do_equip(self, p, args, events):
        w, c = args
        self._move(w, p, "territory")
        self.attached[w] = c
        events.append(Event("place", f"Player {p + 1} places {self._nm(w)} on {self._nm(c)}.", p))

    def _do_fortress(self, p, args, events):
        (c,) = args
        self._move(c, p, "territory")
        events.append(Event("place", f"Player {p + 1} puts the fortress {self._nm(c)} into their territory.", p))

    def _do_fortress_in(self, p, args, events):
        c, f = args
        self._move_with(c, p, "in_fortress")
        self.attached[c] = f
        events.append(Event("place", f"Player {p + 1} puts {self._nm(c)} into {self._nm(f)}.", p))

    def _do_fortress_out(self, p, args, events):
        (c,) = args
        del self.attached[c]
        self._move_with(c, p, "territory")
        events.append(Event("place", f"Player {p + 1} takes {self._nm(c)} out of the fortress into their territory.", p))

    # battle
    def _enter_battle(self, p: int, c: str, events: list[Event], how: str, tail: str = "") -> None:
        self._move_with(c, p, "field_of_battle")
        events.append(Event("battle", f"Player {p + 1} {how} {self._nm(c)}{tail}.", p))
        for ab in self.card(c).abilities:
            self._effect(p, c, c, ab, "", events)

    def _do_rescue(self, p, args, events):
        self._start_battle(p, args[0], "rescue", events)

    def _do_challenge(self, p, args, events):
        self._start_battle(p, args[0], "challenge", events)

    def _start_battle(self, p, hero, kind, events):
        self.b = _battle_default()
        self.b["kind"] = kind
        self.b["step"] = "block"
        self.b["last_actor"] = p
        self.st["flags"]["battled"] = True
        word = "makes a rescue attempt with" if kind == "rescue" else "makes a battle challenge with"
        self._enter_battle(p, hero, events, word)

    def _do_block(self, p, args, events):
        (c,) = args
        self._enter_battle(p, c, events, "blocks with")
        self.b["step"] = "initiative"
        self.b["last_actor"] = p
        self.b["passes"] = 0
        self._after_battle_change(events)

    def _do_noblock(self, p, args, events):
        events.append(Event("battle", f"Player {p + 1} does not block.", p))
        if not self._open_window([1 - p], "resolve", events):
            self._resolve(events)

    def _do_enhance(self, p, args, events):
        e, c = args[0], args[1]
        target = args[2] if len(args) > 2 else ""
        self._move(e, p, "field_of_battle")
        self.attached[e] = c
        self.b["played"].append(e)
        self.b["last_actor"] = p
        self.b["passes"] = 0
        non = self.options["name_on_name"] and name_on_name(self.card(e), self.card(c))
        extra = " (Name-on-Name: its numbers count double)" if non else ""
        events.append(Event("enhance", f"Player {p + 1} plays {self._nm(e)} on {self.card(c).name}{extra}.", p))
        for ab in self.card(e).abilities:
            self._effect(p, e, c, ab, target if ab.effect in TARGETED else "", events)
        self._after_battle_change(events)

    def _do_pass(self, p, args, events):
        st = self.standing()
        if st in ("hero_winning", "evil_winning"):
            events.append(Event("pass", f"Player {p + 1} is losing the battle and plays nothing more: the battle ends.", p))
            if not self._open_window([1 - p], "resolve", events):
                self._resolve(events)
            return
        self.b["passes"] += 1
        self.b["last_actor"] = p
        events.append(Event("pass", f"Player {p + 1} passes.", p))
        if self.b["passes"] >= 2:
            events.append(Event("pass", "Two passes in a row: the battle ends (redemption.battle.pass).", -1))
            if not self._open_window([1 - p], "resolve", events):
                self._resolve(events)

    def _after_battle_change(self, events):
        """Say how the battle stands now (live totals and initiative)."""
        if self.is_over or not self.b["kind"] or self.b["step"] != "initiative":
            return
        a = self.active
        hs, ht, _ = self.side_totals(a)
        es, et, _ = self.side_totals(1 - a)
        who, why = self.initiative()
        events.append(Event("totals", f"Heroes {hs}/{ht} vs Evil {es}/{et}: {self.standing().replace('_', ' ')}; "
                            f"Player {who + 1} has initiative ({why}).", who))
        other = 1 - who
        if not self.st["wq"] and other != self.b["last_actor"]:
            self._open_window([other], "", events)

    def _leave_battle(self, c: str, fate: str, events: list[Event], taker: int = -1) -> None:
        """Take a character out of battle: fate is territory, discard, set_aside or captured."""
        owner = self.owner(c)
        warrior = "warrior" in self.card(c).classes
        for a in self._attachments(c):
            ac = self.card(a)
            if fate in ("territory", "set_aside") and warrior and "weapon" in ac.classes:
                continue  # a weapon stays on its warrior (redemption.battle.cleanup)
            del self.attached[a]
            self._move(a, self.owner(a), "discard")
        if fate == "discard":
            if self._is_protected(c):
                fate = "territory"
                events.append(Event("protect", f"{self._nm(c)} is protected from discard and returns to territory.", owner))
            else:
                self._to_discard(c, events, "")
                events.append(Event("discard", f"{self._nm(c)} is discarded.", owner))
                return
        if fate == "captured":
            self._to_discard_attachments_only(c)
            self._move(c, taker, "captured")
            return
        dest = "territory" if fate == "territory" else "set_aside"
        self._move_with(c, owner, dest)

    def _to_discard_attachments_only(self, c: str) -> None:
        for a in self._attachments(c):
            del self.attached[a]
            self._move(a, self.owner(a), "discard")

    def _effect(self, p: int, src: str, host: str, ab, target: str, events: list[Event]) -> None:
        """Carry out one ability of ``src`` for player p (host: the character it was played on)."""
        eff = ab.effect
        name = self.card(src).name
        rid = f"redemption.effect.{eff}"
        in_battle = self.phase == "battle" and self.b["kind"] != ""
        if eff == "draw":
            if ab.when in ("upkeep", "activate"):
                return
            self._draw(p, ab.n, events, f"for {name} ({rid})")
        elif eff in ("discard", "withdraw", "capture", "set_aside"):
            if not in_battle:
                return
            t = target
            if not t:
                events.append(Event("effect", f"{name}: no opposing character in battle fits ({rid}).", p))
                return
            if eff == "discard" and self._is_protected(t):
                events.append(Event("effect", f"{name} would discard {self._nm(t)}, but it is protected ({rid}).", p))
                return
            fate = {"discard": "discard", "withdraw": "territory", "capture": "captured", "set_aside": "set_aside"}[eff]
            verb = {"discard": "discards", "withdraw": "returns to territory", "capture": "captures", "set_aside": "sets aside"}[eff]
            events.append(Event("effect", f"{name} {verb} {self._nm(t)}: it is removed from battle ({rid}).", p))
            self._leave_battle(t, fate, events, taker=p)
            self.b["effects"].append([src, eff, t, self.loc[t][1]])
        elif eff == "ignore":
            if not in_battle:
                return
            hit = [c for c in self.battle_chars(1 - p) if matches(self.card(c), ab.filter) and not self._is_ignored(c)]
            for c in hit:
                self.b["ignored"][c] = src
            what = ", ".join(self.card(c).name for c in hit) or "nothing (no opposing character fits)"
            events.append(Event("effect", f"{name}: ignore {what} ({rid}).", p))
        elif eff == "band":
            if not in_battle:
                return
            if not target:
                events.append(Event("effect", f"{name}: no character in your hand or territory can band in ({rid}).", p))
                return
            origin = self.loc[target][1]
            self.b["effects"].append([src, eff, target, origin])
            self._enter_battle(p, target, events, "bands in", f" from their {origin} with {name} ({rid})")
        elif eff == "protect":
            if in_battle:
                self.b["protected"][host] = src
                events.append(Event("effect", f"{name}: {self.card(host).name} cannot be discarded this battle ({rid}).", p))
        elif eff == "negate":
            if not in_battle:
                return
            theirs = [e for e in self.b["played"] if self.owner(e) != p and e not in self.b["negated"]]
            if not theirs:
                events.append(Event("effect", f"{name}: no opposing enhancement to negate ({rid}).", p))
                return
            e = theirs[-1]
            self.b["negated"].append(e)
            events.append(Event("effect", f"{name} negates {self._nm(e)} ({rid}).", p))
            self._undo(e, events)
        elif eff == "rescue_any":
            self.attached.pop(target, None)
            self._move(target, p, "land_of_redemption")
            self.st["flags"]["rescued"] = True
            events.append(Event("rescue", f"{name} rescues {self._nm(target)} into Player {p + 1}'s Land of Redemption ({rid}).", p))
            if target in self.b["souls"]:
                self.b["souls"].remove(target)
        elif eff == "discard_type":
            q, zone = self.loc[target]
            if zone == "field_of_battle":
                events.append(Event("effect", f"{name} discards {self._nm(target)} from battle: it is removed from battle ({rid}).", p))
                self._leave_battle(target, "discard", events)
            else:
                self._to_discard(target, events, f" by {name} ({rid})")
        # hand_limit, restricted_soul, site, fortress: passive, read where they apply

    def _undo(self, e: str, events: list[Event]) -> None:
        """Undo what negated card e did to characters (redemption.effect.negate): they come back, a banded one goes home."""
        for src, eff, t, where in [x for x in self.b["effects"] if x[0] == e]:
            self.b["effects"].remove([src, eff, t, where])
            owner = self.owner(t)
            if eff == "band":
                if self.loc[t] != (owner, "field_of_battle"):
                    continue
                self._to_discard_attachments_only(t)
                self._move(t, owner, where)
                self.b["ignored"].pop(t, None)
                self.b["protected"].pop(t, None)
                events.append(Event("effect", f"{self._nm(t)} leaves the battle and goes back to its owner's {where} "
                                    "(the band is negated).", owner))
            elif self.loc[t][1] == where and (where != "discard" or self.loc[t][0] == owner):
                self._move_with(t, owner, "field_of_battle")
                events.append(Event("effect", f"{self._nm(t)} returns to battle: what {self.card(e).name} did is undone "
                                    "(redemption.effect.negate).", owner))

    def _do_dominant(self, p, args, events):
        d = args[0]
        target = args[1] if len(args) > 1 else ""
        window = bool(self.st["wq"])
        if window:
            self.st["wq"].pop(0)
        self._move(d, p, "discard")
        events.append(Event("dominant", f"Player {p + 1} plays the Dominant {self._nm(d)}: {self.card(d).ability_text}", p))
        for ab in self.card(d).abilities:
            self._effect(p, d, d, ab, target, events)
        if window:
            then = self.st["then"]
            if then == "resolve" and self.phase == "battle" and self.b["kind"] and not self.battle_chars(self.active):
                self.st["wq"], self.st["then"] = [], ""  # nothing left to resolve: the window closes with the battle
                events.append(Event("battle", "No Hero is left in battle: the battle is over and rescues nothing.", -1))
                self._finish_battle(events)
                return
            if then and not self.is_over and 1 - p not in self.st["wq"] and self._has_playable_dominant(1 - p):
                self.st["wq"].insert(0, 1 - p)  # the other player may answer before the game goes on
            if then == "resolve" and self.phase == "battle" and self.b["kind"]:
                if not self.st["wq"]:
                    self._close_window(events)
                return
            if not self.st["wq"]:
                self._close_window(events)
        if self.phase == "hand_limit" and len(self.z[p]["hand"]) <= self.hand_limit(p):
            events.append(Event("phase", f"Player {p + 1} is within the hand limit now.", p))
            self._end_turn(events)
        if self.st["wq"]:
            return
        if self.phase == "battle" and self.b["kind"]:
            if self.b["step"] == "initiative" and not (self.battle_chars(0) or self.battle_chars(1)):
                events.append(Event("battle", "No character is left in battle on either side: the battle ends.", -1))
                self._resolve(events)
            elif self.b["step"] == "initiative":
                self.b["last_actor"] = p
                self.b["passes"] = 0
                self._after_battle_change(events)
            elif self.b["step"] == "block" and not self.battle_chars(self.active):
                events.append(Event("battle", "No Hero is left in battle: the rescue attempt is over.", -1))
                self._finish_battle(events)
            elif self.b["step"] == "surrender" and not self.b["souls"]:
                events.append(Event("battle", "No Lost Soul is left to surrender.", -1))
                self._finish_battle(events)

    def _resolve(self, events: list[Event]) -> None:
        """Resolve the battle (redemption.battle.resolve)."""
        a, d = self.active, 1 - self.active
        heroes, evil = self.battle_chars(a), self.battle_chars(d)
        st = self.standing()
        evil_def = st in ("hero_winning", "both_defeated")
        hero_def = st in ("evil_winning", "both_defeated")
        text = {"hero_winning": "the Hero side wins", "evil_winning": "the Evil side wins",
                "both_defeated": "both sides are defeated", "stalemate": "stalemate: nobody is defeated"}[st]
        hs, ht, _ = self.side_totals(a)
        es, et, _ = self.side_totals(d)
        events.append(Event("resolve", f"Battle resolved at Heroes {hs}/{ht} vs Evil {es}/{et}: {text} (redemption.battle.resolve).", -1))
        souls: list[str] = []
        if self.b["kind"] == "rescue" and evil_def and heroes:
            for s in self.z[d]["land_of_bondage"] + self.z[d]["in_site"]:
                if any(self.can_reach(h, s) for h in heroes):
                    souls.append(s)
        for c in heroes:
            self._leave_battle(c, "discard" if hero_def and not self._is_ignored(c) else "territory", events)
        for c in evil:
            self._leave_battle(c, "discard" if evil_def and not self._is_ignored(c) else "territory", events)
        for q in (0, 1):  # stray enhancements (their character left earlier)
            for c in list(self.z[q]["field_of_battle"]):
                self.attached.pop(c, None)
                self._move(c, self.owner(c), "discard")
        if self.b["kind"] == "rescue" and evil_def and heroes:
            if not souls:
                events.append(Event("resolve", "The rescue succeeds, but no Lost Soul is left that these Heroes can reach.", a))
                self._finish_battle(events)
                return
            self.b["souls"] = souls
            self.b["step"] = "surrender"
            self.b["surrenderer"] = a if self.options["rescuer_chooses"] else d
            if len(souls) == 1:
                self._surrender(souls[0], events)
            return
        self._finish_battle(events)

    def _surrender(self, s: str, events: list[Event]) -> None:
        a = self.active
        self.attached.pop(s, None)
        self._move(s, a, "land_of_redemption")
        self.st["flags"]["rescued"] = True
        events.append(Event("rescue", f"{self._nm(s)} is rescued into Player {a + 1}'s Land of Redemption (redemption.battle.surrender).", a))
        self._finish_battle(events)

    def _do_surrender(self, p, args, events):
        self._surrender(args[0], events)

    def _finish_battle(self, events):
        for q in (0, 1):
            for c in list(self.z[q]["field_of_battle"]):
                if self.loc[c][1] == "field_of_battle" and self.card(c).is_character and c not in self.attached:
                    self._leave_battle(c, "territory", events)
            for c in list(self.z[q]["field_of_battle"]):
                self.attached.pop(c, None)
                self._move(c, self.owner(c), "discard")
        self.b = _battle_default()
        self.st["phase"] = "discard"

    # --- the end ---------------------------------------------------------------------------------
    def _resign(self, player: int) -> None:
        self.st["result"] = str(1 - player)
        self.st["end_reason"] = f"Player {player + 1} resigned (redemption.resign)"

    def _end_by_score(self, why: str, events: list[Event]) -> None:
        s0, s1 = self.score(0), self.score(1)
        self.st["result"] = "draw" if s0 == s1 else ("0" if s0 > s1 else "1")
        self.st["end_reason"] = why
        res = "a draw" if s0 == s1 else f"Player {1 if s0 > s1 else 2} wins"
        events.append(Event("game_over", f"The game ends because {why}: {s0}-{s1} Redeemed Souls, {res}.", -1))

    def _check_end(self, events: list[Event]) -> None:
        target = self.options["rescues_to_win"]
        s = [self.score(0), self.score(1)]
        if max(s) >= target and self.phase not in ("cut",):
            if s[0] == s[1]:
                self.st["result"] = "draw"
            else:
                self.st["result"] = "0" if s[0] > s[1] else "1"
            w = 0 if s[0] > s[1] else 1
            self.st["end_reason"] = f"Player {w + 1} has {s[w]} Redeemed Souls (redemption.win.rescues)"
            events.append(Event("game_over", f"Player {w + 1} has rescued {s[w]} Lost Souls and wins (redemption.win.rescues).", w))
            return
        if self.phase in ("cut",):
            return
        for q in (0, 1):
            for zone in ("deck", "hand", "land_of_bondage", "in_site"):
                for c in self.z[q][zone]:
                    if self.card(c).type == "lost_soul":
                        return
        self._end_by_score("no Lost Soul is left to rescue (redemption.win.nosouls)", events)

    # --- views ----------------------------------------------------------------------------------
    def card_info(self, cid: str) -> dict:
        """A card instance as a small dict (for views and the TUI)."""
        d = {"id": cid, "owner": self.owner(cid), **self.card(cid).info()}
        if cid in self.attached:
            d["on"] = self.attached[cid]
        return d

    def _card_view(self, cid: str, viewer: int) -> dict:
        p, zone = self.loc[cid]
        if zone == "artifact_pile" and cid not in self.face_up:
            if p != viewer:
                return {"id": cid, "owner": p, "name": "Face-down artifact", "type": "artifact", "face_down": True}
            return {**self.card_info(cid), "face_down": True}
        d = self.card_info(cid)
        att = self._attachments(cid)
        if att:
            d["carrying"] = att
        if zone == "field_of_battle" and self.card(cid).is_character and cid not in self.attached:
            s, t = self.char_numbers(cid)
            d["battle_strength"], d["battle_toughness"] = s, t
            d["ignored"] = self._is_ignored(cid)
            d["protected"] = self._is_protected(cid)
        if zone == "field_of_battle" and cid in self.b["negated"]:
            d["negated"] = True
        return d

    def decision(self) -> dict:
        """Who must decide now, and what kind of decision it is."""
        p = self.current_player
        if p is None:
            return {"player": -1, "kind": "game_over", "text": self.st["end_reason"]}
        if self.st["wq"]:
            return {"player": p, "kind": "window", "text": self._window_text(p)}
        ph = self.phase
        if ph == "cut":
            return {"player": p, "kind": "cut", "text": f"Player {p + 1}: cut Player {2 - p}'s deck ('cut' or 'cut N')."}
        if ph == "first":
            return {"player": p, "kind": "first", "text": f"Player {p + 1}: choose who goes first ('first 0' or 'first 1')."}
        if ph == "prep":
            return {"player": p, "kind": "prep", "text": "Preparation: place cards, then 'end' to go to battle."}
        if ph == "discard":
            return {"player": p, "kind": "discard_phase", "text": "Discard phase: place cards, then 'end' to end your turn."}
        if ph == "hand_limit":
            return {"player": p, "kind": "hand_limit", "text": f"Discard down to {self.hand_limit(p)} cards ('discard <card>')."}
        step = self.b["step"]
        if not self.b["kind"]:
            return {"player": p, "kind": "battle_start", "text": "Battle: 'rescue <hero>', 'challenge <hero>' or 'end' to skip."}
        if step == "block":
            return {"player": p, "kind": "block", "text": "Block the Hero with an Evil Character ('block <card>') or 'noblock'."}
        if step == "initiative":
            return {"player": p, "kind": "initiative", "text": self.initiative()[1] + ": 'enhance <card> <character>' or 'pass'."}
        return {"player": p, "kind": "surrender", "text": "Choose the Lost Soul that is rescued ('surrender <soul>')."}

    def view(self, player: int) -> dict:
        """What ``player`` may see: own hand; counts for hands and decks; face-down cards hidden.

        Keys: game, you, turn, active (whose turn), phase, phase_name, current_player, decision
        {player, kind, text}, is_over, winner (-1 none), result, end_reason, score [p0, p1],
        rescues_to_win, options, legal (action strings, only for the player who decides), battle
        ({} when none; else kind, attacker, defender, step, totals {hero, evil: {strength, toughness}},
        standing, initiative (-1 outside the initiative step), initiative_reason, passes, souls), and
        players: two tables with deck, deck_count, hand_count, hand (cards; [] for the opponent),
        hand_limit, redeemed, discard_count, discard_top, and a card list per zone: territory,
        artifact_pile, land_of_bondage, land_of_redemption, field_of_battle, set_aside, removed,
        in_site, in_fortress, captured. A card is a table: id, owner, key, name, type, type_name,
        alignment, brigades, strength, toughness, class, identifiers, reference, ability (text);
        "on" (the card it sits on), "carrying" (cards on it); in battle also battle_strength,
        battle_toughness, ignored, protected; "negated" for a negated enhancement; face-down
        artifacts of the opponent show only id, owner, name, type and face_down.
        """
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        players = []
        for p in (0, 1):
            z = self.z[p]
            pv = {
                "deck": self.decks[p],
                "deck_count": len(z["deck"]),
                "hand_count": len(z["hand"]),
                "hand": [self._card_view(c, player) for c in z["hand"]] if p == player else [],
                "hand_limit": self.hand_limit(p),
                "redeemed": len(z["land_of_redemption"]),
                "discard_count": len(z["discard"]),
                "discard_top": self.card_info(z["discard"][-1]) if z["discard"] else {},
            }
            for zone in ("territory", "artifact_pile", "land_of_bondage", "land_of_redemption", "field_of_battle",
                         "set_aside", "removed", "in_site", "in_fortress", "captured"):
                pv[zone] = [self._card_view(c, player) for c in z[zone]]
            players.append(pv)
        battle: dict = {}
        if self.phase == "battle" and self.b["kind"]:
            a = self.active
            hs, ht, _ = self.side_totals(a)
            es, et, _ = self.side_totals(1 - a)
            battle = {"kind": self.b["kind"], "attacker": a, "defender": 1 - a, "step": self.b["step"],
                      "totals": {"hero": {"strength": hs, "toughness": ht}, "evil": {"strength": es, "toughness": et}},
                      "standing": self.standing(), "passes": self.b["passes"], "souls": list(self.b["souls"])}
            if self.b["step"] == "initiative":
                who, why = self.initiative()
                battle["initiative"], battle["initiative_reason"] = who, why
            else:
                battle["initiative"], battle["initiative_reason"] = -1, ""
        me = self.current_player
        return {
            "game": self.name, "you": player, "turn": self.turn, "active": self.active,
            "phase": self.phase, "phase_name": PHASE_NAMES[self.phase], "current_player": -1 if me is None else me,
            "decision": self.decision(), "is_over": self.is_over,
            "winner": -1 if self.winner is None else self.winner, "result": self.st["result"],
            "end_reason": self.st["end_reason"], "score": [self.score(0), self.score(1)],
            "rescues_to_win": self.options["rescues_to_win"], "options": dict(self.options),
            "players": players, "battle": battle,
            "legal": [str(a) for a in self.legal_actions()] if me == player else [],
        }

    # --- state --------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": self.name, "seed": self.seed, "options": dict(self.options), "rng": self.rng.to_dict(),
            "decks": list(self.decks),
            "cards": {cid: {"key": k, "owner": o} for cid, (k, o) in self.cards.items()},
            "players": [{"zones": {zn: list(self.z[p][zn]) for zn in ZONES}} for p in (0, 1)],
            "attached": dict(self.attached), "face_up": sorted(self.face_up),
            "phase": self.st["phase"], "active": self.st["active"], "turn": self.st["turn"],
            "first": self.st["first"], "cutter": self.st["cutter"], "chooser": self.st["chooser"],
            "souls_drawn": list(self.st["souls_drawn"]), "flags": dict(self.st["flags"]),
            "dry_turns": self.st["dry"], "result": self.st["result"], "end_reason": self.st["end_reason"],
            "battle": _copy_battle(self.b), "live": self._live(), "history": list(self.history),
            "window": {"queue": list(self.st["wq"]), "then": self.st["then"]},
        }

    def _live(self) -> dict:
        """The live battle totals and initiative: derived from the rest, stored so a save shows them."""
        if not (self.phase == "battle" and self.b["kind"]):
            return {}
        a = self.active
        hs, ht, _ = self.side_totals(a)
        es, et, _ = self.side_totals(1 - a)
        who = self.initiative()[0] if self.b["step"] == "initiative" else -1
        return {"hero_strength": hs, "hero_toughness": ht, "evil_strength": es, "evil_toughness": et,
                "standing": self.standing(), "initiative": who}

    def clone(self) -> "Game":
        st = dict(self.st)
        st["flags"] = dict(st["flags"])
        st["souls_drawn"] = list(st["souls_drawn"])
        st["wq"] = list(st["wq"])
        g = Game.__new__(Game)
        g.seed, g.options, g.rng, g.decks = self.seed, dict(self.options), self.rng.clone(), list(self.decks)
        g.cards = dict(self.cards)
        g.z = [{zn: list(ids) for zn, ids in self.z[p].items()} for p in (0, 1)]
        g.attached, g.face_up, g.st, g.b = dict(self.attached), set(self.face_up), st, _copy_battle(self.b)
        g.history = list(self.history)
        g.loc = dict(self.loc)
        return g

    def determinize(self, player: int, rng: Rng) -> "Game":
        """A clone in which what ``player`` cannot see is re-dealt consistently with what they have seen.

        Hidden: the opponent's hand and face-down artifacts, and the order of both draw piles.
        Card identities are swapped between hidden ids of the same owner, keeping Lost Souls out
        of hands and artifacts in artifact slots.
        """
        g = self.clone()
        opp = 1 - player
        # own draw pile: only the order is unknown
        own = list(g.z[player]["deck"])
        keys = [g.cards[c][0] for c in own]
        rng.shuffle(keys)
        for c, k in zip(own, keys):
            g.cards[c] = (k, player)
        hand = list(g.z[opp]["hand"])
        deck = list(g.z[opp]["deck"])
        arts = [a for a in g.z[opp]["artifact_pile"] if a not in g.face_up]
        pool = [g.cards[c][0] for c in hand + deck + arts]
        rng.shuffle(pool)
        art_keys = [k for k in pool if CARDS[k].type == "artifact"]
        chosen_arts = art_keys[:len(arts)]
        rest = list(pool)
        for k in chosen_arts:
            rest.remove(k)
        non_souls = [k for k in rest if CARDS[k].type != "lost_soul"]
        hand_keys = non_souls[:len(hand)]
        for k in hand_keys:
            rest.remove(k)
        rng.shuffle(rest)
        for c, k in zip(arts, chosen_arts):
            g.cards[c] = (k, opp)
        for c, k in zip(hand, hand_keys):
            g.cards[c] = (k, opp)
        for c, k in zip(deck, rest):
            g.cards[c] = (k, opp)
        g.rng = Rng(rng.below(2 ** 31))
        return g

    @classmethod
    def from_dict(cls, d: dict) -> "Game":
        """Rebuild a game; ValueError names what is impossible about the state."""
        seed, options, rng = state_header(d, "redemption", _options)
        decks = d.get("decks", ["G", "H"])
        if not (isinstance(decks, list) and len(decks) == 2 and all(isinstance(x, str) for x in decks)):
            raise ValueError("'decks' must list two deck names")
        raw_cards = d.get("cards")
        if not isinstance(raw_cards, dict) or not raw_cards:
            raise ValueError("'cards' must be a table from card id to {key, owner}")
        cards: dict[str, tuple[str, int]] = {}
        for cid, cd in raw_cards.items():
            if not isinstance(cid, str) or not _ID.match(cid):
                raise ValueError(f"{cid!r} is not a card id (like G17)")
            if not isinstance(cd, dict) or not isinstance(cd.get("key"), str) or cd["key"] not in CARDS:
                raise ValueError(f"card {cid} names an unknown card {cd.get('key') if isinstance(cd, dict) else cd!r}")
            if cd.get("owner") not in (0, 1) or isinstance(cd.get("owner"), bool):
                raise ValueError(f"card {cid} must have owner 0 or 1")
            cards[cid] = (cd["key"], cd["owner"])
        players = d.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise ValueError("'players' must list exactly two players")
        zones: list[dict[str, list[str]]] = []
        seen: dict[str, str] = {}
        for i, pd in enumerate(players):
            if not isinstance(pd, dict) or not isinstance(pd.get("zones"), dict):
                raise ValueError(f"player {i + 1} must be a table with 'zones'")
            raw = pd["zones"]
            unknown = set(raw) - set(ZONES)
            if unknown:
                raise ValueError(f"player {i + 1} has unknown zone(s) {', '.join(sorted(unknown))}; zones are {', '.join(ZONES)}")
            zd = {}
            for zn in ZONES:
                ids = raw.get(zn, [])
                if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                    raise ValueError(f"player {i + 1}'s {zn} must be a list of card ids")
                for c in ids:
                    if c not in cards:
                        raise ValueError(f"player {i + 1}'s {zn} holds {c!r}, which is not a card of this game")
                    if c in seen:
                        raise ValueError(f"card {c} is in two places: {seen[c]} and player {i + 1}'s {zn}")
                    seen[c] = f"player {i + 1}'s {zn}"
                zd[zn] = list(ids)
            zones.append(zd)
        missing = [c for c in cards if c not in seen]
        if missing:
            raise ValueError(f"card(s) {', '.join(missing[:5])} are in no zone; every card must be somewhere")
        for i in (0, 1):
            for c in zones[i]["hand"]:
                if CARDS[cards[c][0]].type == "lost_soul":
                    raise ValueError(f"a Lost Soul ({c}) cannot be in a hand: drawn Lost Souls go to the Land of Bondage")
            for c in zones[i]["land_of_bondage"] + zones[i]["land_of_redemption"] + zones[i]["in_site"]:
                if CARDS[cards[c][0]].type != "lost_soul":
                    raise ValueError(f"{c} is not a Lost Soul, so it cannot be in a Land of Bondage, Land of Redemption or site")
        attached = d.get("attached", {})
        if not isinstance(attached, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in attached.items()):
            raise ValueError("'attached' must be a table from card id to card id")
        for c, h in attached.items():
            if c not in cards or h not in cards or c == h:
                raise ValueError(f"'attached' links {c} to {h}, which is impossible")
        for i in (0, 1):
            for c in zones[i]["in_site"] + zones[i]["in_fortress"]:
                if c not in attached:
                    raise ValueError(f"{c} is in a site or fortress but 'attached' does not say which")
        face_up = d.get("face_up", [])
        if not isinstance(face_up, list) or not all(isinstance(c, str) and c in cards for c in face_up):
            raise ValueError("'face_up' must list artifact ids")
        for c in face_up:
            if seen[c].split("'s ")[1] != "artifact_pile":
                raise ValueError(f"{c} is marked face up but is not on an artifact pile")
        phase = d.get("phase")
        if phase not in PHASES:
            raise ValueError(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
        st = {"phase": phase}
        for k, lo in (("active", 0), ("turn", 0), ("first", -1), ("cutter", -1), ("chooser", -1), ("dry_turns", 0)):
            v = state_int(d, k, 0 if k in ("active", "turn", "dry_turns") else -1)
            if v < lo or (k in ("active", "first", "cutter", "chooser") and v > 1):
                raise ValueError(f"'{k}' cannot be {v}")
            st["dry" if k == "dry_turns" else k] = v
        if phase == "cut" and st["cutter"] not in (0, 1):
            raise ValueError("during the cut, 'cutter' must say who cuts (0 or 1)")
        if phase == "first" and st["chooser"] not in (0, 1):
            raise ValueError("while choosing the first player, 'chooser' must be 0 or 1")
        sd = d.get("souls_drawn", [0, 0])
        if not (isinstance(sd, list) and len(sd) == 2 and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in sd)):
            raise ValueError("'souls_drawn' must be two counts")
        st["souls_drawn"] = list(sd)
        flags = d.get("flags", {})
        if not isinstance(flags, dict) or set(flags) - set(_flags_default()) or not all(isinstance(v, bool) for v in flags.values()):
            raise ValueError(f"'flags' must be a table of {', '.join(_flags_default())} (true/false)")
        st["flags"] = {**_flags_default(), **flags}
        result = d.get("result", "")
        if result not in ("", "0", "1", "draw"):
            raise ValueError(f"'result' must be '', '0', '1' or 'draw', not {result!r}")
        st["result"] = result
        er = d.get("end_reason", "")
        if not isinstance(er, str):
            raise ValueError("'end_reason' must be text")
        st["end_reason"] = er
        window = d.get("window", {"queue": [], "then": ""})
        if not (isinstance(window, dict) and set(window) <= {"queue", "then"}
                and isinstance(window.get("queue", []), list) and window.get("then", "") in THEN):
            raise ValueError("'window' must be a table with 'queue' (players) and 'then' ('', 'resolve' or 'end_turn')")
        wq = window.get("queue", [])
        if len(wq) > 2 or len(set(wq)) != len(wq) or not all(q in (0, 1) and not isinstance(q, bool) for q in wq):
            raise ValueError("a Dominant window's queue lists players 0 and 1 at most once each")
        st["wq"], st["then"] = list(wq), window.get("then", "")
        if st["then"] and not wq:
            raise ValueError("a window's 'then' needs a player in its queue")
        if wq and (result != "" or phase in ("cut", "first")):
            raise ValueError("a Dominant window can only be open during play")
        b = _battle(d.get("battle", {}), cards)
        if st["then"] == "resolve" and not b["kind"]:
            raise ValueError("a window that resolves the battle needs a battle in progress")
        if st["then"] == "end_turn" and phase != "discard":
            raise ValueError("a window that ends the turn belongs to the Discard phase")
        if b["kind"] and phase != "battle":
            raise ValueError("a battle is in progress but the phase is not the Battle phase")
        in_field = any(zones[i]["field_of_battle"] for i in (0, 1))
        if in_field and not b["kind"] and result == "":
            raise ValueError("cards are in the Field of Battle but no battle is in progress")
        if b["step"] == "surrender" and not b["souls"]:
            raise ValueError("a surrender step needs the Lost Souls that can be surrendered")
        for s in b["souls"]:
            if s not in zones[1 - st["active"]]["land_of_bondage"] + zones[1 - st["active"]]["in_site"]:
                raise ValueError(f"{s} is listed for surrender but is not a Lost Soul of the defender")
        history = d.get("history", [])
        if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
            raise ValueError("'history' must be a list of action strings")
        g = cls(seed, options, rng, list(decks), cards, zones, dict(attached), set(face_up), st, b, list(history))
        if result == "" and phase == "battle" and b["step"] == "initiative" and not (g.battle_chars(0) or g.battle_chars(1)):
            raise ValueError("a battle at the initiative step needs characters in the Field of Battle")
        if result == "" and phase == "hand_limit":
            a = st["active"]
            if len(zones[a]["hand"]) <= g.hand_limit(a):
                raise ValueError("the hand-limit step needs a hand over the limit; otherwise the turn is already over")
        live = d.get("live", {})
        if not isinstance(live, dict):
            raise ValueError("'live' must be a table")
        if live and live != g._live():
            raise ValueError(f"the stored battle totals {live} do not match the cards in battle {g._live()}")
        validate.position(g)
        return g

    def validate_whole(self) -> None:
        validate.whole_game(self)


def _battle(raw, cards) -> dict:
    if not isinstance(raw, dict):
        raise ValueError("'battle' must be a table")
    b = _battle_default()
    for k, v in raw.items():
        if k not in b:
            raise ValueError(f"unknown battle field {k!r}")
        if type(v) is not type(b[k]):
            raise ValueError(f"battle field {k!r} has the wrong kind of value")
        b[k] = v
    if b["kind"] not in ("", "rescue", "challenge"):
        raise ValueError(f"battle kind must be '', 'rescue' or 'challenge', not {b['kind']!r}")
    if b["step"] not in STEPS or (bool(b["kind"]) != bool(b["step"])):
        raise ValueError(f"battle step {b['step']!r} does not fit battle kind {b['kind']!r}")
    for k in ("ignored", "protected"):
        for c, src in b[k].items():
            if not isinstance(src, str):
                raise ValueError(f"battle {k} must map card ids to card ids")
            if c not in cards or src not in cards:
                raise ValueError(f"battle {k} names unknown cards {c}/{src}")
    for e in b["effects"]:
        if not (isinstance(e, list) and len(e) == 4 and all(isinstance(x, str) for x in e)
                and e[0] in cards and e[2] in cards and e[1] in UNDOABLE):
            raise ValueError("battle effects must list [card, effect, target, zone] entries")
    for k in ("negated", "played", "souls"):
        for c in b[k]:
            if not isinstance(c, str):
                raise ValueError(f"battle {k} must list card ids")
            if c not in cards:
                raise ValueError(f"battle {k} names unknown card {c}")
    if b["last_actor"] not in (-1, 0, 1) or b["surrenderer"] not in (-1, 0, 1) or b["passes"] not in (0, 1, 2):
        raise ValueError("battle last_actor/surrenderer must be -1, 0 or 1 and passes 0-2")
    if b["step"] == "surrender" and b["surrenderer"] not in (0, 1):
        raise ValueError("a surrender step must say who surrenders")
    return _copy_battle(b)


def _possessive(name: str) -> str:
    """Shut Mouths of Lions' brigade, Gideon's brigade."""
    return name + ("'" if name.endswith("s") else "'s")


def _options(raw: object) -> dict:
    options = merge_options(raw, OPTIONS_DEFAULT, "Redemption")
    if options["rescues_to_win"] < 1:
        raise ValueError("option rescues_to_win must be at least 1")
    if options["max_turns"] < 0:
        raise ValueError("option max_turns must be 0 (no limit) or more")
    return options


def _prefixes(labels: list[str]) -> tuple[str, str]:
    pre = [(lab[:1].upper() if lab[:1].isalpha() else "A") for lab in labels]
    if pre[0] == pre[1]:
        return "A", "B"
    return pre[0], pre[1]


def deck_list(deck: str | dict | list[str] | tuple[str, ...]) -> tuple[str, list[str]]:
    """(label, card keys) for a bundled deck name, a list of card keys or {"name", "cards"} (validated)."""
    if isinstance(deck, str):
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}; the bundled decks are {', '.join(DECKS)}")
        return deck, list(DECKS[deck]["cards"])
    label = "custom"
    if isinstance(deck, dict):  # {"name": ..., "cards": [keys]}: a player's own deck, by its name
        label, deck = str(deck.get("name") or label), deck.get("cards", ())
    keys = list(deck)
    problems = validate_deck(keys)
    if problems:
        raise ValueError("the deck is not legal: " + "; ".join(problems))
    return label, keys


def new_game(seed: int, decks=("G", "H"), **options) -> Game:
    """Shuffle both decks with the seed; the game starts at the cut (Player 2 cuts Player 1's deck first)."""
    opts = _options(options)
    if not isinstance(decks, (list, tuple)) or len(decks) != 2:
        raise ValueError("decks must be two deck names or card lists")
    lists = [deck_list(x) for x in decks]
    labels = [lab for lab, _ in lists]
    rng = Rng(seed)
    pre = _prefixes(labels)
    cards: dict[str, tuple[str, int]] = {}
    zones = []
    for p, (_, keys) in enumerate(lists):
        keys = list(keys)
        rng.shuffle(keys)
        ids = [f"{pre[p]}{i + 1}" for i in range(len(keys))]
        for cid, k in zip(ids, keys):
            cards[cid] = (k, p)
        zd = {zn: [] for zn in ZONES}
        zd["deck"] = ids
        zones.append(zd)
    st = {"phase": "cut", "active": 0, "turn": 0, "first": -1, "cutter": 1, "chooser": -1,
          "souls_drawn": [0, 0], "flags": _flags_default(), "dry": 0, "result": "", "end_reason": "",
          "wq": [], "then": ""}
    return Game(seed, opts, rng, labels, cards, zones, {}, set(), st, _battle_default(), [])
