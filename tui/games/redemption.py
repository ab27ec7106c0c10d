"""Redemption on screen: pane texts built from ``Game.view(player)`` only."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal

from tui.widgets import RULE_REF, CardList, Item, Pane, boxes
from tui.wording import personal

# Okabe-Ito colour-blind-safe palette by alignment; the type tag always says the same in letters.
ALIGN_COLOUR = {"good": "#56B4E9", "evil": "#E69F00", "neutral": ""}
TYPE_TAG = {"hero": "H", "evil_character": "EC", "good_enhancement": "GE", "evil_enhancement": "EE",
            "lost_soul": "LS", "dominant": "Do", "artifact": "Ar", "site": "Si", "fortress": "Fo"}
ZONE_TAG = {"territory": "T", "artifact_pile": "A", "land_of_bondage": "B", "set_aside": "S",
            "in_site": "@", "in_fortress": "F"}
MY_ZONES = ("territory", "artifact_pile", "set_aside", "in_site", "in_fortress", "land_of_bondage")
#: What the keys do at each decision (the engine's decision text is in its notation; the battle one
#: repeats the initiative reason shown just above). "{opp}": the other player's name.
PROMPTS = {"window": "you may play a Dominant now (pick, Enter) or pass (Space).",
           "block": "block (pick, Enter) or no block (Space).",
           "initiative": "enhance (pick, Enter) or pass (Space).",
           "surrender": "pick the Lost Soul to surrender (Enter).",
           "rescuer_chooses": "pick the Lost Soul you rescue (Enter).",
           "cut": "cut {opp}'s deck (Enter).",
           "first": "choose who takes the first turn (Enter).",
           "prep": "put cards into play (pick, Enter); n: on to battle.",
           "battle": "rescue with a Hero (pick, Enter), or n: no battle.",
           "discard": "put cards into play (pick, Enter); n: end the turn.",
           "hand_limit": "over the hand limit: pick a card to discard (Enter)."}
#: Each action in words, for the choice list and the command palette.
VERB_PHRASES = {"play": "put {} into your territory", "artifact": "put {} face down on your artifact pile",
                "activate": "turn {} face up (activate it)", "site": "put the site {} into your territory",
                "soul": "put {} into {}", "setaside": "set {} aside (out of play until you return it)",
                "return": "return {} to your territory", "equip": "put {} on {}",
                "fortress": "put the fortress {} into your territory", "fortress-in": "put {} into {}",
                "fortress-out": "take {} out of its fortress", "rescue": "rescue attempt with {}",
                "challenge": "battle challenge with {}", "block": "block with {}", "enhance": "play {} on {}",
                "surrender": "surrender {}", "dominant": "play {}", "discard": "discard {}"}
STEP_NAMES = {"block": "block", "initiative": "initiative", "surrender": "surrender", "": ""}


class RedemptionUI:
    game = "redemption"
    verb = "play"
    title = "Redemption"
    keys = frozenset({"pass", "end_phase"})  # Space passes (or does not block); n ends a phase

    @staticmethod
    def roams(view: dict) -> bool:
        """May the cursor go looking for a usable card outside the hand? Not while placing cards (everything in
        territory could be set aside, which is rarely what Enter should do), yes in battle and setup decisions."""
        return view["phase"] not in ("prep", "discard")

    def __init__(self, ascii_only: bool = False):
        self.ascii_only = ascii_only
        self._cards: dict[str, dict] = {}  # the cards of the last view shown, by id (for describe)
        self._zones: dict[str, str] = {}  # and the zone each is in
        self._names: list[str] = []

    # --- cards ---------------------------------------------------------------------------
    @staticmethod
    def numbers(c: dict) -> str:
        t = c.get("type", "")
        if t in ("hero", "evil_character"):
            s, tt = c.get("battle_strength", c["strength"]), c.get("battle_toughness", c["toughness"])
            return f"{s}/{tt}"
        if t in ("good_enhancement", "evil_enhancement"):
            return f"+{c['strength']}/+{c['toughness']}"
        return ""

    def tag(self, c: dict) -> Text:
        if c.get("face_down") and "key" not in c:
            return Text("??", style="italic")
        return Text(f"{TYPE_TAG.get(c.get('type', ''), '?'):<2}", style=f"bold {ALIGN_COLOUR.get(c.get('alignment', ''), '')}".strip())

    def label(self, c: dict, zone: str | None = None) -> Text:
        t = Text()
        if zone:
            t.append(ZONE_TAG.get(zone, "?") + " ", style="dim")
        t.append_text(self.tag(c))
        name = c["name"]
        if c.get("type") == "lost_soul" and name.startswith("Lost Soul: "):
            name = name[len("Lost Soul: "):]  # the tag says LS: keep the part that tells them apart
        t.append(f" {name}")
        n = self.numbers(c)
        if n:
            t.append(f" {n}")
        if c.get("face_down"):
            t.append(" (face down)", style="italic")
        if c.get("carrying"):
            t.append(f" +{len(c['carrying'])}")
        return t

    def detail(self, c: dict) -> Text:
        t = Text()
        t.append(f"{c['id']} {c['name']}", style="bold")
        if c.get("face_down") and "key" not in c:
            return t
        kind = c.get("type_name", "")
        brig = "/".join(c.get("brigades", []))
        t.append(f": {kind}" + (f", {brig}" if brig else ""))
        n = self.numbers(c)
        if n:
            t.append(f", {n}")
        if c.get("class"):
            t.append(f", {' '.join(c['class'])}")
        if c.get("ability"):
            t.append(f". {c['ability']}", style="italic")
        return t

    def describe(self, action) -> str:
        """The notation, then the same in words (card names from the last view shown)."""
        w = str(action).split()
        verb, args = w[0], w[1:]
        if verb == "cut":
            return f"{action}: " + (f"lift {args[0]} cards from the top" if args else "a random cut")
        if verb == "first":
            p = int(args[0])
            name = self._names[p] if p < len(self._names) else f"Player {p + 1}"
            seat = "" if name == f"Player {p + 1}" else f" (Player {p + 1})"
            return f"{action}: {name}{seat} takes the first turn"
        named = [self._cards.get(a, {}).get("name", a) for a in args]
        if not named:
            return {"pass": "pass: play nothing more", "noblock": "noblock: do not block",
                    "end": "end: end this phase"}.get(verb, str(action))
        if verb == "dominant" and len(args) == 2:  # whose card, and where: a Dominant can hit your own
            t = self._cards.get(args[1], {})
            owner = t.get("owner")
            whose = self._names[owner] if isinstance(owner, int) and owner < len(self._names) else ""
            where = self._zones.get(args[1], "")
            whose = "yours" if whose == "You" else f"{whose}'s" if whose else ""
            return f"{action}: play {named[0]} on {named[1]}" + (f" ({whose}, {where})" if whose else "")
        if verb == "enhance" and len(args) == 3:  # the third card is what its ability takes (redemption.battle.targets)
            ability = self._cards.get(args[0], {}).get("ability", "")
            how = ("banding in" if ability.startswith("Band") else "discarding" if ability.startswith("Discard")
                   else "capturing" if ability.startswith("Capture") else "setting aside" if ability.startswith("Set aside")
                   else "returning" if ability.startswith("Return") else "choosing")
            where = self._zones.get(args[2], "")
            return f"{action}: play {named[0]} on {named[1]}, {how} {named[2]}" + (f" ({where})" if where else "")
        phrase = VERB_PHRASES.get(verb)
        if phrase and len(named) == phrase.count("{"):
            return f"{action}: " + phrase.format(*named)
        return f"{action}: " + (" on ".join(named) if verb in ("enhance", "equip") else ", ".join(named))

    def hand(self, view: dict) -> list[str]:
        return [c["id"] for c in view["players"][view["you"]]["hand"]]

    def _all_cards(self, view: dict) -> dict[str, dict]:
        out = {}
        zones = {}
        for pv in view["players"]:
            for key, value in pv.items():
                if isinstance(value, list):
                    for c in value:
                        if isinstance(c, dict) and "id" in c:
                            out[c["id"]] = c
                            zones[c["id"]] = key.replace("_", " ").replace("field of battle", "in battle")
        self._zones = zones
        return out

    # --- panes -----------------------------------------------------------------------------
    def board(self):
        yield Pane(id="opponent", classes="side-tall")
        yield Pane(id="battle")
        with Horizontal(id="mine"):
            yield CardList(id="hand", ascii_only=self.ascii_only)
            yield CardList(id="territory", ascii_only=self.ascii_only, numbered=False)

    def render(self, screen, view: dict, names: list[str], wide: bool, usable: set[str], my_turn: bool) -> None:
        you = view["you"]
        opp = 1 - you
        screen.query_one("#opponent", Pane).set(*self.opponent(view, opp, names))
        me = view["players"][you]
        hand_items = [Item(c["id"], self.label(c), c["id"] in usable or not my_turn) for c in me["hand"]]
        if view["is_over"]:
            hint = "game over: q leaves"
        elif my_turn:
            hint = "x: not now"
        else:
            hint = f"waiting: {names[view['current_player']]}"
        screen.query_one("#hand", CardList).set_items(hand_items, f"Hand {len(me['hand'])}/{me['hand_limit']}", hint,
                                                      empty="(empty hand)")
        terr_items = []
        for zone in MY_ZONES:
            for c in me[zone]:
                terr_items.append(Item(c["id"], self.label(c, zone), c["id"] in usable or not my_turn))
        stats = f"Deck {me['deck_count']} Disc {me['discard_count']} Red {me['redeemed']}/{view['rescues_to_win']}"
        screen.query_one("#territory", CardList).set_items(terr_items, "Your table", stats,
                                                           empty="(nothing in play)")
        selected = screen.selected_card()
        cards = self._cards = self._all_cards(view)
        self._names = names
        opponent = screen.query_one("#opponent", Pane)
        if opponent.has_focus:  # Tab to the opponent's pane: the middle shows all of their table
            screen.query_one("#battle", Pane).set(*self.opponent_full(view, opp, names))
        else:
            drawn = wide and screen.size.height >= 32
            screen.query_one("#battle", Pane).set(*self.battle(view, names, cards.get(selected) if selected else None,
                                                              wide, drawn))

    def opponent(self, view: dict, p: int, names: list[str]) -> tuple[str, Text]:
        pv = view["players"][p]
        t = Text()
        t.append(f"Hand {pv['hand_count']} Deck {pv['deck_count']} Disc {pv['discard_count']} ")
        t.append(f"Redeemed {pv['redeemed']}/{view['rescues_to_win']}", style="bold")
        t.append(f" Bondage {len(pv['land_of_bondage']) + len(pv['in_site'])}\n")
        terr = [self.label(c) for c in pv["territory"]]
        t.append(f"Territory ({len(terr)}, all with Tab): " if len(terr) > 2 else "Territory: ")
        if terr:
            for i, x in enumerate(terr):
                if i:
                    t.append(", ")
                t.append_text(x)
        else:
            t.append("-", style="dim")
        extra = []
        if pv["artifact_pile"]:
            extra.append(f"artifacts {len(pv['artifact_pile'])}")
        if pv["set_aside"]:
            extra.append(f"set aside {len(pv['set_aside'])}")
        if extra:
            t.append("; " + ", ".join(extra))
        seat = "" if names[p] == f"Player {p + 1}" else f"Player {p + 1}, "
        return f"{names[p]} ({seat}deck {pv['deck']})", t

    def opponent_full(self, view: dict, p: int, names: list[str]) -> tuple[str, Text]:
        pv = view["players"][p]
        t = Text()
        for zone, title in (("territory", "Territory"), ("artifact_pile", "Artifacts"), ("set_aside", "Set aside"),
                            ("land_of_bondage", "Land of Bondage"), ("in_site", "In sites"),
                            ("land_of_redemption", "Land of Redemption")):
            cards = pv[zone]
            if not cards and zone not in ("territory", "land_of_bondage"):
                continue
            t.append(f"{title} ({len(cards)}): ", style="bold")
            for i, c in enumerate(cards):
                if i:
                    t.append(", ")
                t.append_text(self.label(c))
            t.append("\n")
        return f"{names[p]}'s table (Tab moves on)", t

    def box(self, c: dict, on_it: list[dict]) -> tuple[list[Text], str]:
        """A character in battle as a box: name, brigade, live numbers, what was played on it."""
        colour = ALIGN_COLOUR.get(c.get("alignment", ""), "")
        lines = [Text(c["name"], style="bold"), Text("/".join(c.get("brigades", [])) or c.get("type_name", "")),
                 Text(self.numbers(c) + ("  ignored" if c.get("ignored") else ""), style="bold")]
        for e in on_it:
            lines.append(Text(f"+{e['name']}", style="italic"))
        return lines, colour

    def battle(self, view: dict, names: list[str], selected: dict | None, wide: bool = True,
               drawn: bool = False) -> tuple[str, Text]:
        """The Field of Battle; ``drawn``: room enough to draw the characters as boxes."""
        t = Text()
        b = view["battle"]
        cp = view["current_player"]
        if b:
            a, d = b["attacker"], b["defender"]
            kind = "rescue attempt" if b["kind"] == "rescue" else "battle challenge"
            title = f"Field of Battle: {kind} by {names[a]} ({STEP_NAMES.get(b['step'], b['step'])})"
            sides = (("hero", a), ("evil", d))
            if b["step"] == "surrender":  # the characters have left: say how the battle ended instead
                sides = ()
                chooser = a if cp == a else d
                souls = [self._cards.get(x, {}).get("name", x) for x in b.get("souls", [])]
                t.append("The Hero side won: the rescue succeeds.\n", style="bold")
                t.append(f"{names[chooser]} {'choose' if names[chooser] == 'You' else 'chooses'} which Lost Soul "
                         f"{'goes to' if chooser == d else 'is rescued by'} {names[a]}")
                t.append(f": {', '.join(souls)}.\n" if souls else ".\n")
            for side, p in sides:
                chars = view["players"][p]["field_of_battle"]
                tot = b["totals"][side]
                who = f" ({names[p]})" if wide else ""  # narrow: the title already says who attacks
                t.append(f"{'Hero' if side == 'hero' else 'Evil'} {tot['strength']}/{tot['toughness']}{who}: ",
                         style="bold")
                on_field = [c for c in chars if "on" not in c]
                if drawn:
                    t.append("\n")
                    if on_field:
                        t.append_text(boxes([self.box(c, [x for x in chars if x.get("on") == c["id"]])
                                             for c in on_field], width=22, ascii_only=self.ascii_only))
                    else:
                        t.append("nobody", style="dim")
                    t.append("\n")
                    continue
                if not on_field:
                    t.append("nobody", style="dim")
                for i, c in enumerate(on_field):
                    if i:
                        t.append(", ")
                    t.append(f"{c['name']} {self.numbers(c)}")
                    if c.get("ignored"):
                        t.append(" (ignored)", style="italic")
                    for e in (x for x in chars if x.get("on") == c["id"]):  # its numbers are in the live total
                        t.append(f" +{e['name']}" + (f" {self.numbers(e)}" if wide else ""), style="italic")
                t.append("\n")
            if sides:
                t.append(f"Standing: {b['standing'].replace('_', ' ')}.")
            if b.get("initiative", -1) in (0, 1):
                t.append(f" Initiative: {names[b['initiative']]}", style="bold")
                why = b["initiative_reason"] if wide else b["initiative_reason"].split(", so")[0]
                t.append(f" ({personal(why, names)}).")
            if sides:
                t.append("\n")
        else:
            title = f"Field of Battle: {view['phase_name']}, turn {view['turn']}"
        if view["is_over"]:
            w = view["winner"]
            t.append("GAME OVER: " + (f"{names[w]} wins" if w in (0, 1) else "a draw"), style="bold reverse")
            if view.get("end_reason"):
                t.append(f" ({personal(RULE_REF.sub('', view['end_reason']), names)})")
            t.append("\n")
        elif cp in (0, 1) and cp != view["you"]:
            t.append(f">> {names[cp]} to move.\n", style="bold")
        elif cp in (0, 1):
            key = "window" if view["decision"]["kind"] == "window" else b["step"] if b else view["phase"]
            if key == "surrender" and cp == b["attacker"]:
                key = "rescuer_chooses"
            prompt = PROMPTS.get(key, "").format(opp=names[1 - cp])
            t.append(f">> {names[cp]}: {prompt or view['decision']['text']}\n", style="bold")
        if selected:
            t.append("> " if self.ascii_only else "▶ ")
            t.append_text(self.detail(selected))
        return title, t

    def phase(self, view: dict) -> str:
        if view["decision"]["kind"] == "window":
            return "Dominant window"
        if view["battle"]:
            return f"battle: {view['battle']['step']}"
        return view["phase_name"].lower()

    def score(self, view: dict, names: list[str], short: bool = False) -> str:
        sc = view["score"]
        return f"Redeemed {sc[0]}-{sc[1]}" + ("" if short else f" of {view['rescues_to_win']}")

    def turn(self, view: dict) -> str:
        return f"Turn {view['turn']}"

    def refusal_text(self, view: dict, card: str) -> str:
        """What Enter on a card with no legal action would ask for, so the engine can say why not."""
        c = self._all_cards(view).get(card, {})
        t = c.get("type", "")
        b = view["battle"]
        if t == "hero":
            return f"rescue {card}" if view["phase"] == "battle" else f"play {card}"
        if t == "evil_character":
            return f"block {card}" if b else f"play {card}"
        if t in ("good_enhancement", "evil_enhancement"):
            mine = [x["id"] for x in view["players"][view["you"]]["field_of_battle"] if "on" not in x]
            return f"enhance {card} {mine[0]}" if b and mine else f"equip {card} {card}"
        verb = {"artifact": "artifact", "site": "site", "fortress": "fortress", "dominant": "dominant",
                "lost_soul": "surrender"}.get(t, "play")
        return f"{verb} {card}"
