"""Redemption on screen: pane texts built from ``Game.view(player)`` only."""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.control import strip_control_codes
from rich.text import Span, Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from rules.redemption.notation import Action
from rules.redemption.views import CardView, PendingView, RedemptionSeat, RedemptionView
from rules.words import plural, possessive
from saves import printable
from tui import keys
from tui.games.board import Board, BoardScreen, GameUI, PendingChoice, css_beside, news, table_over_keys
from tui.widgets import CardList, Item, Pane, boxes, set_titles
from tui.wording import wins, words

# Okabe-Ito colour-blind-safe palette by alignment; the type tag always says the same in letters.
ALIGN_COLOUR = {"good": "#56B4E9", "evil": "#E69F00", "neutral": ""}
TYPE_TAG = {
    "hero": "H",
    "evil_character": "EC",
    "good_enhancement": "GE",
    "evil_enhancement": "EE",
    "lost_soul": "LS",
    "dominant": "Do",
    "artifact": "Ar",
    "site": "Si",
    "fortress": "Fo",
}
ZONE_TAG = {
    "territory": "T",
    "artifact_pile": "A",
    "land_of_bondage": "B",
    "set_aside": "S",
    "in_site": "@",
    "in_fortress": "F",
    "field_of_battle": "*",
    "captured": "C",
    "land_of_redemption": "R",
    "discard_top": "D",
}
#: The zones of a table, in the order its card pane lists them (the help explains the one-letter tags).
MY_ZONES = (
    "field_of_battle",
    "territory",
    "artifact_pile",
    "set_aside",
    "in_site",
    "in_fortress",
    "land_of_bondage",
    "captured",
    "land_of_redemption",
)
ZONE_WORDS = {
    "field_of_battle": "in battle",
    "territory": "territory",
    "artifact_pile": "artifact pile",
    "set_aside": "set aside",
    "in_site": "in a site",
    "in_fortress": "in a fortress",
    "land_of_bondage": "Land of Bondage",
    "captured": "captured",
    "land_of_redemption": "Land of Redemption",
    "discard_top": "top of the discard pile",
}
#: What the keys do at each decision (the engine's decision text is in its notation; the battle one
#: repeats the initiative reason shown just above). "{opp}": the other player's name as a possessive.
PROMPTS = {
    "window": "you may play a Dominant now (pick, {play}) or pass ({pass_}); {mute}: not stopped for it again.",
    "block": "block (pick, {play}) or no block ({pass_}).",
    "initiative": "enhance (pick, {play}) or pass ({pass_}).",
    "surrender": "pick the Lost Soul to surrender ({play}).",
    "rescuer_chooses": "pick the Lost Soul you rescue ({play}).",
    "cut": "cut {opp} deck ({play}).",
    "first": "choose who takes the first turn ({play}).",
    "prep": "put cards into play (pick, {play}); {next}: on to battle.",
    "battle": "rescue with a Hero (pick, {play}), or {next}: no battle.",
    "discard": "put cards into play (pick, {play}); {next}: end the turn.",
    "hand_limit": "over the hand limit: pick a card to discard ({play}).",
}
#: The keys named in them: the player's (tui.keys.label).
PROMPT_KEYS = {"play": "play", "pass_": "pass", "next": "next", "mute": "mute"}


def game_over_keys(seats: int = 2, shared: bool = False) -> str:
    """The keys once a game is over, as the player has them, and what a rematch does with the ``seats``
    (GameScreen.action_rematch: two swap, three or four rotate). At a ``shared`` table there is no new game or
    rematch from the board (each player makes the next table from the table list)."""
    if shared:
        return table_over_keys()
    how = "seats swapped" if seats == 2 else "seats rotated, each player one to the left"
    return (
        f"{keys.label('next')}: new game, {keys.label('rematch')}: rematch ({how}), "
        f"{keys.label('review')}: review, {keys.label('leave')}: leave."
    )


#: Each action in words, for the choice list and the command palette.
VERB_PHRASES = {
    "play": "put {} into your territory",
    "artifact": "put {} face down on your artifact pile",
    "activate": "turn {} face up (activate it)",
    "site": "put the site {} into your territory",
    "soul": "put {} into {}",
    "setaside": "set {} aside (out of play until you return it)",
    "return": "return {} to your territory",
    "equip": "put {} on {}",
    "fortress": "put the fortress {} into your territory",
    "fortress-in": "put {} into {}",
    "fortress-out": "take {} out of its fortress",
    "rescue": "rescue attempt with {}",
    "challenge": "battle challenge with {}",
    "block": "block with {}",
    "enhance": "play {} on {}",
    "surrender": "surrender {}",
    "dominant": "play {}",
    "discard": "discard {}",
    "choose": "choose {}",
}
STEP_NAMES = {"block": "block", "initiative": "initiative", "surrender": "surrender", "": ""}


def short_name(name: str, room: int, ellipsis: str = "\u2026") -> str:
    """``name`` in at most ``room`` columns, by two rules a player learns at once: a leading "The", "A" or "An" is
    left out ("Stars Fought"), then the words that do not fit, marked by ``ellipsis`` ("Writing on…"; "..." under
    --ascii); a word is cut only when the first one alone is too long."""
    if len(name) <= room or room <= 1:
        return name
    words = name.split(" ")
    if len(words) > 1 and words[0] in ("The", "A", "An") and len(words[1]) + len(ellipsis) <= room:
        words = words[1:]  # "Rebuilt..." and "Remnant..." tell two cards apart; "The..." twice does not
        if len(" ".join(words)) <= room:
            return " ".join(words)  # nothing cut at the end: no ellipsis there
    out = words[0]
    for w in words[1:]:
        if len(out) + 1 + len(w) + len(ellipsis) > room:
            break
        out += " " + w
    if len(out) + len(ellipsis) > room:
        return name[: max(1, room - len(ellipsis))] + ellipsis
    return out + ellipsis


#: The words a card name too long for its pane leaves out first (after a leading article): they tell no card apart.
SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "from", "in", "into", "of", "on", "the", "to", "with"})


def abbreviated(name: str, room: int) -> str:
    """A card's name in at most ``room`` columns, by a rule a player learns once (the help's "Abbreviations"), never
    by cutting a word: while it does not fit, 1. a leading "The", "A" or "An" goes ("Remnant Returns"), 2. the small
    words go ("Flight Wilderness"), 3. the words from the last one back become their initials, the first word kept
    whole ("Thirty Pieces S.", "Thirty P. S."). Only a first word longer than the room is cut, with an ellipsis.
    (A Lost Soul's "Lost Soul: " is its LS tag already.)"""
    if len(name) <= room or room <= 1:
        return name
    words = name.split(" ")
    if len(words) > 1 and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
        if len(" ".join(words)) <= room:
            return " ".join(words)
    kept = [w for i, w in enumerate(words) if i == 0 or w.lower() not in SMALL_WORDS]
    if len(" ".join(kept)) <= room:
        return " ".join(kept)
    for i in range(len(kept) - 1, 0, -1):
        if any(ch.isdigit() for ch in kept[i]):
            continue  # a number or a verse ("1:27") tells cards apart and has no initial
        kept[i] = _initial(kept[i])
        if len(" ".join(kept)) <= room:
            return " ".join(kept)
    return kept[0][: room - 1] + "\u2026" if len(kept[0]) > room else kept[0]


def verb_args(action: Any) -> tuple[str, tuple[str, ...]]:
    """An action's verb and arguments: an engine action's own, or those of a text in the notation (a coach's hint, a
    pending choice's option, which are kept as text)."""
    if isinstance(action, Action):
        return action.verb, action.args
    verb, *args = str(action).split() or [""]
    return verb, tuple(args)


def _initial(word: str) -> str:
    """A word as its initial, its brackets kept ("(Hand" -> "(H.", "Discarder)" -> "D.)", "Silver" -> "S."); a word
    of one or two letters stays ("(H)")."""
    lead = len(word) - len(word.lstrip("([\"'"))
    tail = word[len(word.rstrip(")]\"',")) :]
    core = word[lead : len(word) - len(tail)]
    if len(core) <= 2:  # a printing tag or a short word ("(H)", "of") is no shorter as an initial
        return word
    return word[:lead] + core[:1] + "." + tail


#: how many brigades a card of each alignment may have: a card with all of them is a Multi-brigade card
MULTI = {"good": 9, "evil": 7}


def brigade_words(c: CardView) -> str:
    """A card's brigades, as its icon box says them: "Purple", "Gold/Black", or "Multi" for a card of every
    brigade of its alignment (the card file's word: rules/redemption/real writes it as all of them)."""
    brigades = c.get("brigades", [])
    if len(brigades) >= MULTI.get(str(c.get("alignment", "")), 99):
        return "Multi"
    return "/".join(brigades)


def soul_name(name: str) -> str:
    """A Lost Soul's name without what its LS tag says: "Lost Soul: " (our cards) or "Lost Soul " (the real
    cards: "Lost Soul Luke 13:25 (G)" -> "Luke 13:25 (G)")."""
    for head in ("Lost Soul: ", "Lost Soul "):
        if name.startswith(head) and len(name) > len(head):
            return name[len(head) :]
    return name


class OpponentList(CardList):
    """The opponents' tables: a line each while it does not have the focus (the summary), one opponent's whole table
    when it has it. With more than one opponent, Tab reads the next opponent's table before it leaves the pane
    (Shift+Tab the one before): the same control ids as the screen's, so a player's own keys move these too."""

    BINDINGS = [
        dataclasses.replace(keys.PLAY["next_pane"], action="next_table"),
        dataclasses.replace(keys.PLAY["previous_pane"], action="previous_table"),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.reading = 0  # which opponent's table the list shows (0: the one to your left)
        self.count = 1  # how many opponents there are
        self.seat: int | None = None  # the seat whose table is shown

    def shown_state(self) -> tuple[object, ...]:
        return (*super().shown_state(), self.reading, self.count)

    def _turn(self, step: int) -> bool:
        if not 0 <= self.reading + step < self.count:
            return False
        self.reading += step
        self.cursor = 0
        self.post_message(self.Moved(self))
        return True

    def action_next_table(self) -> None:
        if not self._turn(1):
            self.app.action_focus_next()

    def action_previous_table(self) -> None:
        if not self._turn(-1):
            self.app.action_focus_previous()

    def on_blur(self) -> None:
        self.reading = 0  # Tab onto the pane again starts at the opponent to your left
        super().on_blur()


def _reserve(pv: Any) -> str:
    """A seat's Reserve in its counts (redemption.reserve): how many cards, for everyone; nothing without one."""
    return f" Res {pv['reserve_count']}" if pv["reserve_count"] else ""


#: The zones the review lists under each player, in order.
REVIEW_ZONES = (
    ("territory", "Territory"),
    ("field_of_battle", "In battle"),
    ("artifact_pile", "Artifacts"),
    ("set_aside", "Set aside"),
    ("land_of_bondage", "Land of Bondage"),
    ("in_site", "In sites"),
    ("in_fortress", "In fortresses"),
    ("land_of_redemption", "Redeemed"),
    ("captured", "Captured"),
    ("reserve", "Reserve"),  # its owner's only: the other seats' views hold None
)


def _review_card(c: CardView) -> str:
    if c.get("face_down") and "name" not in c:
        return "face-down card"
    nums = ""
    if c.get("type") in ("hero", "evil_character"):
        nums = f" {c.get('battle_strength', c.get('strength'))}/{c.get('battle_toughness', c.get('toughness'))}"
    return f"{c.get('name', c.get('id', '?'))}{nums}"


class RedemptionBoard(Board):
    """The opponents' tables (a line each) and the Field of Battle, with the screen's side panes (the log, the coach)
    beside them; below, across the whole width, your hand beside your table: their cards' names need the room."""

    SCOPED_CSS = False
    DEFAULT_CSS = css_beside(__file__)
    SIDE_INSIDE = True

    def compose(self) -> ComposeResult:
        ascii_only = self.ui.ascii_only
        # kept: the board is drawn again after every move, and these are its panes for as long as it lives
        self.opponent = OpponentList(id="opponent", ascii_only=ascii_only, numbered=False, marks=False)
        self.battle = Pane(id="battle")
        self._hand = CardList(id=self.HAND, ascii_only=ascii_only)
        self.territory = CardList(id="territory", ascii_only=ascii_only, numbered=False)
        with Horizontal(id="upper"):
            with Vertical(id="field"):
                yield self.opponent
                yield self.battle
            yield from self.side
        with Horizontal(id="mine"):
            yield self._hand
            yield self.territory


#: The help's words on this board (after the keys).
TYPING_EXAMPLE = "rescue G12, or rescue ezra"

HELP_NOTES = """\
## Typing an action (Redemption)

`:` opens the typing line. An action is a verb and its cards (the rules' notation section lists them): `play G12`,
`rescue G12`, `enhance G20 G12`, `end`, `pass`. A card is named by the id the table shows after its name, or by
words of its name, the last one possibly shortened: `rescue ezra`, `equip sword of goliath gideon`,
`discard sword of gol`. A name is looked for only among the cards you can see; when it fits several, the refusal
lists them with their ids.

## Abbreviations on the table (Redemption)

Card types: H Hero, EC Evil Character, GE/EE good/evil enhancement, LS Lost Soul, Do Dominant,
Ar artifact, Si site, Fo fortress; ?? a face-down card. Where a card is: * in battle, T territory,
A artifact pile, S set aside, @ in a site, F in a fortress, B Land of Bondage, C captured,
R Land of Redemption, D top of the discard pile (the only discard anyone may see). x before a card:
no action can use it now. A Lost Soul's name is said without "Lost Soul" (its LS tag says it). A name too long
for its pane is shortened by one rule, step by step until it fits: a leading The, A or An goes (Remnant Returns),
then the small words (of, the, to, in, into, on, at, and, ...: Flight Wilderness), then the words from the last
one back become initials, the first word kept (Nebuchadnezzar's F.; a verse such as 1:27 is kept whole). The Field shows the full name of the card
under the cursor.
Red: Redeemed Souls; LoB: Land of Bondage; Disc: discard pile.
"""


@dataclasses.dataclass
class Summary:
    """An opponent's summary in parts: their counts, then their territory (cards, then what else is theirs)."""

    counts: str  # hand, deck and discard pile
    redeemed: str  # Redeemed Souls / the rescues that win
    bondage: int  # Lost Souls in their Land of Bondage (and in their sites)
    cards: list[Text]  # the labels of their territory's cards
    extra: str  # "; artifacts 2, set aside 1" or ""

    def head(self, short: bool = False) -> Text:
        """The counts' line; ``short``: in short words."""
        t = Text(self.counts + " ")
        t.append(f"{'Red' if short else 'Redeemed'} {self.redeemed}", style="bold")
        t.append(f" {'LoB' if short else 'Bondage'} {self.bondage}")
        return t

    def text(self) -> Text:
        """The whole summary: the counts, then the territory."""
        return Text("\n").join([self.head(), self.territory()])

    def territory(self) -> Text:
        t = Text("Territory: ")
        if self.cards:
            t.append_text(Text(", ").join(self.cards))
        else:
            t.append("-", style="dim")
        t.append(self.extra)
        return t

    def territory_cut(self, width: int) -> Text | None:
        """The territory's line in ``width``: as many cards as fit, then how many more (or only how many), or
        None if not even that fits."""
        n = len(self.cards)
        for k in range(n if self.extra else n - 1, -1, -1):
            if k:
                t = Text("Territory: ")
                t.append_text(Text(", ").join(self.cards[:k]))
                tail = f" +{n - k} more (Tab)" if k < n else "; more (Tab)"
            else:
                t, tail = Text("Territory:"), f" {n} cards (Tab)"
            if len(t) + len(tail) <= width:
                t.append(tail, style="italic")
                return t
        return None


class RedemptionUI:
    game = "redemption"
    verb = "play"
    title = "Redemption"
    keys = frozenset({"pass", "end_phase", "mute"})  # Space passes (or does not block); n ends a phase; m mutes
    help_notes = HELP_NOTES
    typing_example = TYPING_EXAMPLE

    @staticmethod
    def roams(view: RedemptionView) -> bool:
        """May the cursor go looking for a usable card outside the hand? Not while placing cards (everything in
        territory could be set aside, which is rarely what Enter should do), yes in battle and setup decisions."""
        return view["phase"] not in ("prep", "discard")

    @staticmethod
    def last_resort(view: RedemptionView) -> set[str]:
        """The Dominants in the reader's hand: playable at almost any decision and seldom what Enter should do."""
        hand = view["players"][view["you"]]["hand"] or []
        return {c["id"] for c in hand if c.get("type") == "dominant"}

    def __init__(self, ascii_only: bool = False):
        self.ascii_only = ascii_only
        self._cards: dict[str, CardView] = {}  # the cards of the last view shown, by id (for describe)
        self._zones: dict[str, str] = {}  # and the zone each is in
        self._holders: dict[str, int] = {}  # and whose table that zone is on
        self._names: list[str] = []
        self._you: int | None = None  # the seat whose view was shown last (its cards are "yours")
        self._hold, self._shared = "", False  # a shared table's (tui.games.board.held), as last shown
        self.hand_ids: set[str] = set()

    # --- cards ---------------------------------------------------------------------------
    @staticmethod
    def numbers(c: CardView) -> str:
        t = c.get("type", "")
        if t in ("hero", "evil_character"):
            s, tt = c.get("battle_strength", c["strength"]), c.get("battle_toughness", c["toughness"])
            return f"{s}/{tt}"
        if t in ("good_enhancement", "evil_enhancement"):
            return f"+{c['strength']}/+{c['toughness']}"
        return ""

    def tag(self, c: CardView) -> Text:
        return Text(*self._tag(c))

    @staticmethod
    def _tag(c: CardView) -> tuple[str, str]:
        """The card's type tag and its style (``??`` for a face-down card the reader may not see)."""
        if c.get("face_down") and "key" not in c:
            return "??", "italic"
        return (
            f"{TYPE_TAG.get(c.get('type', ''), '?'):<2}",
            f"bold {ALIGN_COLOUR.get(c.get('alignment', ''), '')}".strip(),
        )

    def label(self, c: CardView, zone: str | None = None, room: int = 0) -> Text:
        """A card in one line; ``room``: the columns it may take (0: any), the name then shortened at a word
        boundary so its numbers stay (the Field shows the full name of the card under the cursor). Made as one text
        and its spans (every pane shows dozens of these, drawn again after each move)."""
        parts: list[str] = []
        spans: list[Span] = []
        at = 0
        if zone:
            where = ZONE_TAG.get(zone, "?") + " "
            parts.append(where)
            spans.append(Span(0, len(where), "dim"))
            at = len(where)
        tag, style = self._tag(c)
        parts.append(tag)
        spans.append(Span(at, at + len(tag), style))
        at += len(tag)
        name = c["name"]
        if c.get("type") == "lost_soul":
            name = soul_name(name)  # the tag says LS: keep the part that tells them apart
        n = self.numbers(c)
        negated, face_down, carrying = c.get("negated"), c.get("face_down"), c.get("carrying")
        if room:
            rest = at + 1 + (len(n) + 1 if n else 0) + (8 if negated else 0)
            rest += (12 if face_down else 0) + (len(f" +{len(carrying)}") if carrying else 0)
            if n and len(name) > room - rest and len(name.split(" ")[0]) + 1 > room - rest:
                n, rest = "", rest - len(n) - 1  # too narrow for a word and the numbers: the Field shows them
            name = abbreviated(name, room - rest)
            if self.ascii_only:
                name = name.replace("\u2026", "...")
        named = strip_control_codes(f" {name}")
        parts.append(named)
        at += len(named)
        if n:
            parts.append(f" {n}")
            if negated:
                spans.append(Span(at, at + len(n) + 1, "strike"))
            at += len(n) + 1
        if negated:
            parts.append(" negated")
            spans.append(Span(at, at + 8, "italic"))
            at += 8
        if face_down:
            parts.append(" (face down)")
            spans.append(Span(at, at + 12, "italic"))
            at += 12
        if carrying:
            parts.append(f" +{len(carrying)}")
        return Text("".join(parts), spans=spans)

    def detail(self, c: CardView) -> Text:
        t = Text()
        t.append(f"{c['id']} {c['name']}", style="bold")
        if c.get("face_down") and "key" not in c:
            return t
        kind = c.get("type_name", "")
        brig = brigade_words(c)
        t.append(f": {kind}" + (f", {brig}" if brig else ""))
        n = self.numbers(c)
        if n:
            t.append(f", {n}")
        if c.get("negated"):
            t.append(" (negated: counts +0/+0)", style="bold")
        if c.get("class"):
            t.append(f", {' '.join(c['class'])}")
        if c.get("ability"):
            t.append(f". {c['ability']}", style="italic")
        return t

    def describe(self, action: Any) -> str:
        """An action in words, with card names from the last view shown (never its notation: the ids mean
        nothing to a player)."""
        verb, args = verb_args(action)
        if verb == "cut":
            return f"Lift {args[0]} cards from the top" if args else "A random cut"
        if verb == "first":
            p = int(args[0])
            name = self._names[p] if p < len(self._names) else f"Player {p + 1}"
            name = "You" if p == self._you else name  # the reader, whatever their name
            seat = "" if name == f"Player {p + 1}" else f" (Player {p + 1})"
            return f"{name}{seat} {'take' if name == 'You' else 'takes'} the first turn"
        if verb in ("rescue", "challenge") and len(args) == 2 and args[1].isdigit():  # names the opponent attacked
            hero = self._cards.get(args[0], {}).get("name", args[0])
            return f"{'Rescue attempt' if verb == 'rescue' else 'Battle challenge'} with {hero}: {self.whom(action)}"
        named = [self._cards.get(a, {}).get("name", a) for a in args]
        if not named:
            return {
                "pass": "Pass: play nothing more",
                "noblock": "Do not block",
                "decline": "Play no Dominant now, let the game go on",
                "end": "End this phase",
            }.get(verb, str(action))
        if verb == "mute":  # redemption.dominant.mute
            until = "the game ends" if len(args) > 1 else "this turn ends"
            return f"Play no Dominant now; {named[0]} does not stop me until {until}"
        if verb == "dominant" and len(args) == 2:  # whose card, and where: a Dominant can hit your own
            where = self.whereabouts(args[1])
            return f"Play {named[0]} on {named[1]}" + (f" ({where})" if where else "")
        if verb == "enhance" and len(args) == 3:  # the third card is what its ability takes (redemption.battle.targets)
            ability = self._cards.get(args[0], {}).get("ability", "")
            how = (
                "banding in"
                if ability.startswith("Band")
                else "discarding"
                if ability.startswith("Discard")
                else "capturing"
                if ability.startswith("Capture")
                else "setting aside"
                if ability.startswith("Set aside")
                else "returning"
                if ability.startswith("Return")
                else "choosing"
            )
            where = self.whereabouts(args[2])
            return f"Play {named[0]} on {named[1]}, {how} {named[2]}" + (f" ({where})" if where else "")
        phrase = VERB_PHRASES.get(verb)
        if phrase and len(named) == phrase.count("{"):
            text = phrase.format(*named)
        else:
            text = f"{verb} " + (" on ".join(named) if verb in ("enhance", "equip") else ", ".join(named))
        return text[0].upper() + text[1:]

    def whom(self, action: Any) -> str:
        """Whom a rescue attempt or battle challenge naming a seat is against, in words (the last view shown):
        "Rescue from Bea's Land of Bondage (2 Lost Souls)", "Challenge Bea (no Lost Soul this Hero can reach)"."""
        verb, (_, seat) = verb_args(action)
        p = int(seat)
        name = self._names[p] if p < len(self._names) else f"Player {p + 1}"
        if verb == "challenge":
            return f"Challenge {name} (no Lost Soul of theirs this Hero can reach)"
        souls = sum(
            1
            for cid, holder in self._holders.items()
            if holder == p
            and self._zones.get(cid) in (ZONE_WORDS["land_of_bondage"], ZONE_WORDS["in_site"])
            and self._cards.get(cid, {}).get("type") == "lost_soul"
        )
        return f"Rescue from {possessive(name)} Land of Bondage ({plural(souls, 'Lost Soul')})"

    def choices(self, view: RedemptionView, actions: list[Any]) -> tuple[str, list[str]]:
        """The question and the options of a choice among several actions (Enter on a card that allows more than
        one), named from ``view``: a Hero that may attack several opponents asks whom."""
        self._cards = self._all_cards(view)
        parts = [verb_args(a) for a in actions]
        verbs = {verb for verb, _ in parts}
        heroes = {args[0] for _, args in parts if len(args) == 2}
        if verbs <= {"rescue", "challenge"} and len(heroes) == 1 and all(len(args) == 2 for _, args in parts):
            hero = self._cards.get(heroes.pop(), {}).get("name", "the Hero")
            kind = "Rescue attempt" if verbs == {"rescue"} else "Battle"
            return f"{kind} with {hero}: against whom?", [self.whom(a) for a in actions]
        return "Which action?", [self.describe(a) for a in actions]

    @staticmethod
    def number_question(view: RedemptionView, names: list[str]) -> str:
        """The cut: how many cards to lift from the deck of the player to the cutter's left (each player cuts that
        deck)."""
        left = ((view["current_player"] or 0) + 1) % len(view["players"])
        return f"Cut {possessive(names[left])} deck: how many cards do you lift from the top?"

    def pending_choice(self, view: RedemptionView) -> PendingChoice | None:
        """The decision an ability asks of the reader now (redemption.decision), from their view only: the cards it
        shows them, by name and numbered, and "Choose no more" where the decision allows stopping. None when no
        decision waits for the reader (another seat's decision shows no card: their view has none)."""
        d = view["pending"]
        if not d or d["chooser"] != view["you"] or view["current_player"] != view["you"] or "options" not in d:
            return None
        shown = {c["id"]: c for c in d.get("revealed", [])}
        legal = set(view["legal"])
        left = [c for c in d["options"] if c not in d.get("chosen", []) and f"choose {c}" in legal]
        src, looked, sid = d["source"]["name"], d["looked_at"], d["source"]["id"]
        if not shown and left == [sid]:  # a yes-or-no question: the card itself, or nothing (may, choose_one)
            return self._yes_or_no(d, "choose" in legal)
        known = {**self._all_cards(view), **shown}  # not revealed: cards the reader sees anyway (own hand, in play)
        options = [f"{i}. {self.card_words(known[c])}" for i, c in enumerate(left, 1) if c in known]
        actions = [f"choose {c}" for c in left if c in known]
        if "choose" in legal:
            options.append(f"{len(options) + 1}. Choose no more")
            actions.append("choose")
        if not any(c in shown for c in left):  # a choice among cards the reader sees anyway (a band, a target)
            most = d.get("most", 1)
            many = "which card" if d["shape"] == "one" or most == 1 else f"which cards (up to {most})"
            # a card played by another's ability shows itself and asks what it takes (play_from_discard)
            asker = shown[d["revealed"][0]["id"]]["name"] if d.get("revealed") else src
            verb_ = self.ASKS.get(str(d.get("effect", "")), "does it take") if asker == src else "does it take"
            return PendingChoice(f"{asker}: {many} {verb_}?", options, actions)
        if d["shape"] == "order":
            question = f"{src}: which card goes under your draw pile next?\n(The first chosen goes under first.)"
        elif d["shape"] == "up_to":
            others = looked - len(d["options"])
            among = f"; {plural(others, 'other')} cannot be taken" if others > 0 else ""
            question = f"{src}: {plural(looked, 'card')}, shown to you only{among}.\nWhich do you take?"
        else:
            question = f"{src}: {plural(looked, 'card')}, shown to you only.\nWhich one goes into your hand?"
        return PendingChoice(question, options, actions)

    #: what a question among cards the reader sees anyway asks, by its effect ("which card does it take?")
    ASKS = {
        "band": "bands in",
        "play_from_discard": "do you play on the character",
        "topdeck": "goes on top",
        "soul_order": "works first (several Lost Souls put in play at once)",  # redemption.effect.soul_order
    }

    #: a yes-or-no question's two answers, by the effect that asks it (the card itself chosen: the first)
    YES_NO = {
        "may": ("Use it", "Do not use it"),
        "may_draw": ("Draw", "Draw nothing"),
        "choose_one": ("The first", "The second"),
    }

    def _yes_or_no(self, d: PendingView, may_stop: bool) -> PendingChoice:
        """A question that shows no card (redemption.lang.may, redemption.lang.choose_one, may_draw): its two
        answers in words, the card's ability said in the question."""
        src, ability, effect = d["source"]["name"], d["source"].get("ability", ""), d.get("effect", "")
        yes, no = self.YES_NO.get(effect, ("Yes", "No"))
        ask = "which of the two?" if effect == "choose_one" else "use it?" if effect == "may" else "yes or no?"
        question = f"{src}: {ask}" + ("\n" + textwrap.fill(f"({ability})", 62) if ability else "")
        options, actions = [f"1. {yes}"], [f"choose {d['source']['id']}"]
        if may_stop:
            options.append(f"2. {no}")
            actions.append("choose")
        return PendingChoice(question, options, actions)

    def card_words(self, c: CardView) -> str:
        """A card in one line of a list: its name, kind, brigades and numbers (``detail`` without the id)."""
        kind = c.get("type_name", "")
        brig = brigade_words(c)
        n = self.numbers(c)
        bits = ", ".join(x for x in (kind + (f" {brig}" if brig else ""), n) if x)
        return f"{c['name']}" + (f" ({bits})" if bits else "")

    def hand(self, view: RedemptionView) -> list[str]:
        return [c["id"] for c in view["players"][view["you"]]["hand"] or []]

    def whereabouts(self, cid: str) -> str:
        """Where a card of the last view shown is, in words: "in your territory", "in battle (Computer's)"."""
        where, p = self._zones.get(cid, ""), self._holders.get(cid)
        if not where or p is None or p >= len(self._names):
            return where
        whose = "your" if p == self._you else f"{self._names[p]}'s"  # the view's reader, whatever their name
        if where in ("in battle", "captured", "set aside", "in a site", "in a fortress"):
            return f"{'yours' if whose == 'your' else whose}, {where}"
        return f"in {whose} {where}" if not where.startswith("top") else f"on {where.replace('the ', whose + ' ', 1)}"

    def _all_cards(self, view: RedemptionView) -> dict[str, CardView]:
        out = {}
        zones = {}
        holders = self._holders = {}
        for p, pv in enumerate(view["players"]):
            for key, value in pv.items():
                if isinstance(value, list):
                    for c in value:
                        if isinstance(c, dict) and "id" in c:
                            out[c["id"]] = c
                            zones[c["id"]] = ZONE_WORDS.get(key, key.replace("_", " "))
                            holders[c["id"]] = p
            top = pv.get("discard_top") or {}
            if top:
                out[top["id"]] = top
                zones[top["id"]] = ZONE_WORDS["discard_top"]
                holders[top["id"]] = p
        pending = view.get("pending") or {}
        for c in pending.get("revealed", ()):  # in the chooser's view only (redemption.decision)
            out.setdefault(c["id"], c)
            zones.setdefault(c["id"], "shown to you")
            holders.setdefault(c["id"], pending["chooser"])
        self._zones = zones
        return out

    # --- panes -----------------------------------------------------------------------------
    def board(self, id: str = "board", side: Sequence[Widget] = (), seats: int = 2) -> RedemptionBoard:
        return RedemptionBoard(self, id=id, side=side, seats=seats)

    def table_items(
        self, view: RedemptionView, p: int, usable: set[str], my_turn: bool, mine: bool, room: int = 0
    ) -> list[Item]:
        """Every card on player ``p``'s table that the viewer may see, zone by zone, then the top of the discard pile
        (the only discard card anyone may look at: redemption.scope). The opponent's cards are never usable."""
        pv = view["players"][p]
        items = []
        for zone in MY_ZONES:
            for c in pv[zone]:  # type: ignore[literal-required]  # MY_ZONES: card lists of every seat
                ok = (c["id"] in usable or not my_turn) if mine else True
                items.append(Item(c["id"], self.label(c, zone, room), ok))
        top = pv.get("discard_top") or {}
        if top:
            items.append(Item(top["id"], self.label(top, "discard_top", room), not my_turn or not mine))
        return items

    def render(
        self, screen: BoardScreen, view: RedemptionView, names: list[str], wide: bool, usable: set[str], my_turn: bool
    ) -> None:
        you = view["you"]
        n = len(view["players"])
        self._hold, self._shared = screen.hold, screen.shared
        opps = [(you + k) % n for k in range(1, n)]  # in turn order from your left
        cards = self._cards = self._all_cards(view)
        self._names = names
        self._you = view.get("you")
        board = screen.board
        assert isinstance(board, RedemptionBoard)
        board.set_seats(n)
        opponent = board.opponent
        opponent.count = len(opps)
        opponent.reading = min(opponent.reading, len(opps) - 1)
        opp = opponent.seat = opps[opponent.reading]
        title, _ = self.opponent(view, opp, names)
        pv = view["players"][opp]
        stats = f"Hand {pv['hand_count']} Deck {pv['deck_count']} Disc {pv['discard_count']}{_reserve(pv)}"
        if n > 2:
            if opponent.has_focus:
                title = f"{title} {opponent.reading + 1}/{len(opps)}"
                stats = f"{stats}; Tab: next" if opponent.reading + 1 < len(opps) else stats
            else:
                title = "Opponents"
        opponent.set_items(
            self.table_items(view, opp, usable, my_turn, False, opponent.room),
            title,
            ("Tab: read their cards" if n == 2 else "Tab: read their tables") if not opponent.has_focus else stats,
            empty="(nothing in play)",
        )
        width = opponent.content_size.width
        if n == 2:
            opponent.set_summary(self.fit_summary(self.summary(view, opp), width))
        else:
            opponent.set_summary(self.seat_lines(view, opps, names, width, screen.has_class("-tall")))
        me = view["players"][you]
        my_hand = me["hand"] or []  # the viewer's own: always given (a watcher's is empty)
        hand = screen.board.hand
        hand_items = [Item(c["id"], self.label(c, room=hand.room), c["id"] in usable or not my_turn) for c in my_hand]
        hand.set_list(hand_items, empty="(empty hand)")
        above, below = hand.hidden()  # of the cards just set
        if view["is_over"]:
            hint = "game over"
        elif self._hold:
            hint = "waiting to start" if not self._hold.endswith(".") else "not played"
        elif above or below:
            hint = " ".join(x for x in (f"{above} above" if above else "", f"{below} below" if below else "") if x)
        elif my_turn:
            hint = "x: not now"
        else:
            cp = view["current_player"]
            hint = f"waiting: {names[cp]}" if cp is not None else ""
        set_titles(hand, f"Hand {len(my_hand)}/{me['hand_limit']}", hint)
        # the Redeemed Souls are in the status line
        stats = f"Deck {me['deck_count']} Disc {me['discard_count']}{_reserve(me)}"
        table = board.territory
        table.set_items(
            self.table_items(view, you, usable, my_turn, True, table.room),
            "Your table",
            stats,
            empty="(nothing in play)",
        )
        self.hand_ids = {c["id"] for c in my_hand}
        selected = screen.selected_card()
        drawn = wide and screen.has_class("-tall")
        battle = board.battle
        title, body = self.battle(view, names, cards.get(selected) if selected else None, wide, drawn)
        battle.set(title, self.fit(battle, news(screen, view["battle"]) + body))

    def fit(self, pane: Pane, body: Text) -> Text:
        """The Field's text, made to fit its pane: when the card text under the cursor (its last paragraph) would be
        cut off, the lines go in order of need: what to do now, the card being read (in full), the battle, then
        what happened (also in the log)."""
        height, width = pane.content_size.height, pane.content_size.width
        if height <= 0 or width <= 0:
            return body
        rows = body.plain.split("\n")
        if len(rows) <= height and "\t" not in body.plain and all(cell_len(row) <= width for row in rows):
            return body  # every line fits as it is: no need to wrap it to count the lines
        lines = body.wrap(pane.app.console, width)
        if len(lines) <= height:
            return body
        parts = body.split("\n")
        detail = parts[-1] if len(parts) > 1 and parts[-1].plain.startswith(("> ", "\u25b6 ")) else None
        if detail is None:
            return body
        rest = parts[:-1]

        def first(*starts: str) -> list[Text]:
            return [x for x in rest if x.plain.startswith(starts)]

        ends = (game_over_keys().partition(",")[0], table_over_keys().partition(",")[0])
        prompt, news = first(">> ", "GAME OVER", *ends), first("Since your", "Last battle")
        sides = [x for x in rest if x not in prompt and x not in news]
        return Text("\n").join([*prompt, detail, *sides, *news])

    @staticmethod
    def fit_summary(parts: Summary, width: int) -> Text:
        """The summary fitted to ``width``: the counts in short words when they do not fit (the help explains them),
        and the territory cut after the last card that fits, never inside a name, with how many more the list holds
        (Tab reads them all)."""
        if width <= 0:
            return parts.text()
        head = parts.head()
        if len(head) > width:
            head = parts.head(short=True)
        line = parts.territory()
        if len(line) > width:
            line = parts.territory_cut(width) or line
        return Text("\n").join([head, line])

    def seat_lines(
        self, view: RedemptionView, seats: list[int], names: list[str], width: int, tall: bool = False
    ) -> Text:
        """The opponents in a line each (more than one opponent): a mark for the player whose turn it is, name, hand,
        deck, Lost Souls in their Land of Bondage, Redeemed Souls, and who attacks or defends in the battle; in
        short words where the full ones do not fit. ``tall``: each also their territory in a second line."""
        b = view["battle"]
        roles = {b["attacker"]: "attacking", b["defender"]: "defending"} if b else {}
        room = max(8, min(14, max(len(names[p]) for p in seats)))
        turn_mark = ">" if self.ascii_only else "\u25b6"
        out = Text()
        for i, p in enumerate(seats):
            pv = view["players"][p]
            souls = len(pv["land_of_bondage"]) + len(pv["in_site"])
            red = f"{pv['redeemed']}/{view['rescues_to_win']}"
            hand, deck = pv["hand_count"], pv["deck_count"]
            counts = (
                f"Hand {hand} Deck {deck} Bondage {souls} Redeemed {red}",
                f"Hand {hand} Deck {deck} LoB {souls} Red {red}",
                f"H{hand} D{deck} LoB {souls} Red {red}",
            )
            role = roles.get(p, "")
            words = (role, role[:3] + "." if role else "")
            name = short_name(names[p], room, "..." if self.ascii_only else "\u2026")
            line = Text(f"{turn_mark if p == view['active'] else ' '}{name:<{room}} ")
            for c, r in ((c, r) for r in words for c in counts):
                if len(line) + len(c) + (len(r) + 1 if r else 0) <= width or width <= 0:
                    break
            start = len(line)
            line.append(c)
            at = c.rfind("Red")
            line.stylize("bold", start + at, start + len(c))  # the score
            if r:
                line.append(" ")
                line.append(r, style="bold reverse")
            if i:
                out.append("\n")
            out.append_text(line)
            if tall:
                out.append("\n")
                out.append_text(self.territory_line(pv, width))
        return out

    def territory_line(self, pv: RedemptionSeat, width: int) -> Text:
        """An opponent's table in one line (the second line a tall screen gives each opponent): the Lost Souls
        in their Land of Bondage (and in their sites), the souls a rescue attempt against them could take, then their
        territory, each cut after the last card that fits, with how many more (Tab reads them all)."""
        souls = [soul_name(str(c.get("name", "?"))) for c in (*pv["land_of_bondage"], *pv["in_site"])]
        parts = [("Territory", [self.label(c) for c in pv["territory"]])]
        if souls:
            parts.insert(0, ("Bondage", [Text(name) for name in souls]))
        t = Text("  ")
        for k, (title, labels) in enumerate(parts):
            last = k == len(parts) - 1
            if k:
                t.append("; ", style="dim")
            t.append(f"{title}: ", style="dim")
            if not labels:
                t.append("-", style="dim")
                continue
            for i, x in enumerate(labels):
                more = len(labels) - i - 1
                tail = f" +{more} more (Tab)" if more else ""
                # room kept for the territory, at least its count
                after = (
                    0 if last else len(f"; Territory: +{len(parts[-1][1])} (Tab)" if parts[-1][1] else "; Territory: -")
                )
                sep = ", " if i else ""
                if width > 0 and len(t) + len(sep) + len(x) + len(tail) + after > width:
                    t.append(f"{' ' if i else ''}+{len(labels) - i} (Tab)", style="italic")
                    break
                t.append(sep)
                t.append_text(x)
        return t

    def opponent(self, view: RedemptionView, p: int, names: list[str]) -> tuple[str, Text]:
        """The opponent's pane while it does not have the focus: its title, and counts, then their territory in
        one line (``summary`` for its parts)."""
        pv = view["players"][p]
        seat = "" if names[p] == f"Player {p + 1}" else f"Player {p + 1}, "
        return f"{names[p]} ({seat}deck {printable(pv['deck'])})", self.summary(view, p).text()

    def summary(self, view: RedemptionView, p: int) -> Summary:
        """The parts of the opponent's summary (its counts, their territory), to be joined whole or cut to fit."""
        pv = view["players"][p]
        extra = []
        if pv["artifact_pile"]:
            extra.append(f"artifacts {len(pv['artifact_pile'])}")
        if pv["set_aside"]:
            extra.append(f"set aside {len(pv['set_aside'])}")
        if pv["captured"]:
            extra.append(f"captured {len(pv['captured'])}")
        if pv["reserve_count"]:
            extra.append(f"reserve {pv['reserve_count']}")
        return Summary(
            f"Hand {pv['hand_count']} Deck {pv['deck_count']} Disc {pv['discard_count']}",
            f"{pv['redeemed']}/{view['rescues_to_win']}",
            len(pv["land_of_bondage"]) + len(pv["in_site"]),
            [self.label(c) for c in pv["territory"]],
            "; " + ", ".join(extra) if extra else "",
        )

    def box(self, c: CardView, on_it: list[CardView]) -> tuple[list[Text], str]:
        """A character in battle as a box: name, brigade, live numbers, what was played on it."""
        colour = ALIGN_COLOUR.get(c.get("alignment", ""), "")
        lines = [
            Text(c["name"], style="bold"),
            Text("/".join(c.get("brigades", [])) or c.get("type_name", "")),
            Text(self.numbers(c) + ("  ignored" if c.get("ignored") else ""), style="bold"),
        ]
        for e in on_it:
            lines.append(Text(f"+{e['name']}" + (" negated" if e.get("negated") else ""), style="italic"))
        return lines, colour

    def battle(
        self, view: RedemptionView, names: list[str], selected: CardView | None, wide: bool = True, drawn: bool = False
    ) -> tuple[str, Text]:
        """The Field of Battle; ``drawn``: room enough to draw the characters as boxes."""
        if view["battle"]:
            title, t = self._battle_on(view, names, wide, drawn)
        else:
            title = f"{view['phase_name']}, turn {view['turn']}"  # narrow: no room for "Field of Battle: " too
            title = f"Field of Battle: {title}" if wide else title
            t = Text()
        t.append_text(self._prompt(view, names))
        if selected:
            t.append("> " if self.ascii_only else "▶ ")
            t.append_text(self.detail(selected))
            where = self.whereabouts(selected["id"])
            if where and selected["id"] not in self.hand_ids:
                t.append(f" ({where})", style="dim")
        return title, t

    def _battle_on(self, view: RedemptionView, names: list[str], wide: bool, drawn: bool) -> tuple[str, Text]:
        """A battle's title, its two sides (or how it ended, at the surrender), the standing and the initiative."""
        t = Text()
        b = view["battle"]
        a, d = b["attacker"], b["defender"]
        kind = "rescue attempt" if b["kind"] == "rescue" else "battle challenge"
        step = STEP_NAMES.get(b["step"], b["step"])
        title = (
            f"Field of Battle: {kind} by {names[a]} ({step})" if wide else f"{kind.capitalize()} by {names[a]} ({step})"
        )
        surrender = b["step"] == "surrender"
        if surrender:  # the characters have left: say how the battle ended instead
            chooser = a if view["current_player"] == a else d
            souls = [self._cards.get(x, {}).get("name", x) for x in b.get("souls", [])]
            t.append("The Hero side won: the rescue succeeds.\n", style="bold")
            t.append(
                f"{names[chooser]} {'choose' if names[chooser] == 'You' else 'chooses'} which Lost Soul "
                f"{'goes to' if chooser == d else 'is rescued by'} {names[a]}"
            )
            t.append(f": {', '.join(souls)}.\n" if souls else ".\n")
        else:
            for side, p in (("hero", a), ("evil", d)):
                t.append_text(self._side(view, side, p, names, wide, drawn))
            t.append(f"Standing: {b['standing'].replace('_', ' ')}.")
        if (holder := b.get("initiative")) is not None:
            t.append(f" Initiative: {names[holder]}", style="bold")
            why = view["templates"]["initiative_reason" if wide else "initiative_short"]
            t.append(f" ({words(why, names)}).")
        if not surrender:
            t.append("\n")
        return title, t

    def _side(self, view: RedemptionView, side: str, p: int, names: list[str], wide: bool, drawn: bool) -> Text:
        """One side of a battle: its live totals, then its characters with what was played on them (as boxes when
        ``drawn``)."""
        t = Text()
        chars = view["players"][p]["field_of_battle"]
        tot = view["battle"]["totals"][side]
        who = f" ({names[p]})" if wide else ""  # narrow: the title already says who attacks
        t.append(f"{'Hero' if side == 'hero' else 'Evil'} {tot['strength']}/{tot['toughness']}{who}: ", style="bold")
        on_field = [c for c in chars if "on" not in c]
        if drawn:
            t.append("\n")
            if on_field:
                t.append_text(
                    boxes(
                        [self.box(c, [x for x in chars if x.get("on") == c["id"]]) for c in on_field],
                        width=22,
                        ascii_only=self.ascii_only,
                    )
                )
            else:
                t.append("nobody", style="dim")
            t.append("\n")
            return t
        if not on_field:
            t.append("nobody", style="dim")
        for i, c in enumerate(on_field):
            if i:
                t.append(", ")
            t.append(f"{c['name']} {self.numbers(c)}")
            if c.get("ignored"):
                t.append(" (ignored)", style="italic")
            for e in (x for x in chars if x.get("on") == c["id"]):  # its numbers are in the live total
                t.append(
                    f" +{e['name']}" + (f" {self.numbers(e)}" if wide and not e.get("negated") else ""),
                    style="italic",
                )
                if e.get("negated"):
                    t.append(" (negated, counts +0/+0)", style="bold")
        t.append("\n")
        return t

    def _prompt(self, view: RedemptionView, names: list[str]) -> Text:
        """The game's end, whose move it is, or what the viewer is asked to do."""
        t = Text()
        b, cp = view["battle"], view["current_player"]
        if view["is_over"]:
            w = view["winner"]
            t.append("GAME OVER: " + (wins(names[w]) if w is not None else "a draw"), style="bold reverse")
            if view.get("end_reason"):
                t.append(f" ({words(printable(view['templates']['end_reason']), names)})")
            t.append(f"\n{game_over_keys(len(view['players']), self._shared)}\n")
        elif self._hold:  # a shared table before every seat is taken (or one that ended then): nobody's move
            t.append(f">> {self._hold}{'' if self._hold.endswith('.') else '.'}\n", style="bold")
        elif cp is not None and cp != view["you"]:
            t.append(f">> {names[cp]} to move.\n", style="bold")
        elif cp is not None:
            key = "window" if view["decision"]["kind"] == "window" else b["step"] if b else view["phase"]
            if key == "surrender" and cp == b["attacker"]:
                key = "rescuer_chooses"
            prompt = PROMPTS.get(key, "").format(
                opp=possessive(names[(cp + 1) % len(names)]), **{k: keys.label(c) for k, c in PROMPT_KEYS.items()}
            )
            t.append(f">> {names[cp]}: {prompt or view['decision']['text']}\n", style="bold")
        return t

    def phase(self, view: RedemptionView) -> str:
        if view["decision"]["kind"] == "window":
            return "Dominant window"
        if view["battle"]:
            return f"battle: {view['battle']['step']}"
        return view["phase_name"].lower()

    def score(self, view: RedemptionView, names: list[str], short: bool = False) -> str:
        sc = view["score"]
        return f"Redeemed {'-'.join(map(str, sc))}" + ("" if short else f" of {view['rescues_to_win']}")

    def turn(self, view: RedemptionView) -> str:
        return f"Turn {view['turn']}"

    def refusal_text(self, view: RedemptionView, card: str) -> str:
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
        verb = {
            "artifact": "artifact",
            "site": "site",
            "fortress": "fortress",
            "dominant": "dominant",
            "lost_soul": "surrender",
        }.get(t, "play")
        return f"{verb} {card}"

    # --- the review ------------------------------------------------------------------------
    def review_board(self, g: Any, seat: int, names: list[str], every_hand: bool) -> Text:
        """The position ``g`` as ``seat`` saw it, for the review (``every_hand``: once the game is over)."""
        view = g.view(seat)
        t = Text()
        n = len(view["players"])
        for p in [*range(seat + 1, n), *range(seat), seat]:
            pv = view["players"][p]
            t.append(f"{names[p]}{' (you)' if p == seat else ''}", style="bold")
            t.append(
                f"  deck {pv['deck']}: hand {pv['hand_count']}, draw pile {pv['deck_count']}, "
                f"discard {pv['discard_count']}, redeemed {pv['redeemed']}/{view['rescues_to_win']}\n"
            )
            hand = pv["hand"] if p == seat else (g.view(p)["players"][p]["hand"] if every_hand else None)
            if hand is not None:
                t.append("  Hand: ", style="bold")
                t.append((", ".join(_review_card(c) for c in hand) or "-") + "\n")
            for zone, title in REVIEW_ZONES:
                cards = pv.get(zone) or []
                if cards:
                    t.append(f"  {title}: ", style="bold")
                    t.append(", ".join(_review_card(c) for c in cards) + "\n")
        b = view.get("battle")
        if b:
            kind = "Rescue attempt" if b["kind"] == "rescue" else "Battle challenge"
            against = f" against {names[b['defender']]}" if n > 2 else ""
            tot = b.get("totals", {})
            h, e = tot.get("hero", {}), tot.get("evil", {})
            t.append(
                f"{kind} by {names[b['attacker']]}{against}: Heroes {h.get('strength', 0)}/{h.get('toughness', 0)} v "
                f"Evil {e.get('strength', 0)}/{e.get('toughness', 0)} ({b.get('standing', '').replace('_', ' ')})\n",
                style="bold",
            )
        return t


_MEETS_THE_PROTOCOL: type[GameUI[RedemptionView]] = (
    RedemptionUI  # checked by mypy: what the game and lesson screens use
)
