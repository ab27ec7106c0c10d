"""The Redemption state as typed data, and the helpers every other module of the engine builds on.

A game is: the card instances (``cards``: id -> (card key, owner seat)), one :class:`Seat` per player
(their deck label and a list of card ids per zone), the attachments (a card id -> the card it sits on or
in), the face-up artifacts, the turn (:class:`Turn`), the battle (:class:`Battle`) and the history.
Everything is per seat: nothing assumes two players except the setup and the two-player rules that say
so; "the opponent" of a battle is read from the battle (:attr:`Battle.defender`), never computed as
``1 - p``. :mod:`rules.redemption.serial` reads and writes this state as plain tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast, get_args

from rules.core import Event
from rules.redemption import continuous, effects
from rules.redemption.cards import CARDS, Card
from rules.redemption.decisions import Decision
from rules.words import plural, their, verb, who

if TYPE_CHECKING:
    from rules.core import Rng
    from rules.redemption.cards import Ability
    from rules.redemption.notation import Action
    from rules.redemption.table import Table

Zone = Literal[
    "deck",
    "hand",
    "territory",
    "artifact_pile",
    "land_of_bondage",
    "land_of_redemption",
    "field_of_battle",
    "discard",
    "set_aside",
    "removed",
    "in_site",
    "in_fortress",
    "captured",
    "reserve",
]
Phase = Literal["cut", "first", "draw", "upkeep", "prep", "battle", "discard", "hand_limit"]
Step = Literal["", "block", "initiative", "surrender"]
BattleKind = Literal["", "rescue", "challenge"]
#: What a Dominant window's closing does: nothing more, resolve the battle, end the turn, go on from the Draw phase
#: to the Upkeep, or from the Upkeep to the Preparation phase (redemption.dominant.window).
Then = Literal["", "resolve", "end_turn", "upkeep", "prep"]
Result = str  # "" while the game goes on, the winner's seat as text ("0", "1", ...) or "draw"

ZONES: tuple[Zone, ...] = get_args(Zone)
PHASES: tuple[Phase, ...] = get_args(Phase)
STEPS: tuple[Step, ...] = get_args(Step)
KINDS: tuple[BattleKind, ...] = get_args(BattleKind)
THEN: tuple[Then, ...] = get_args(Then)
PHASE_NAMES: dict[Phase, str] = {
    "cut": "Setup: cut",
    "first": "Setup: who goes first",
    "draw": "Draw phase",
    "upkeep": "Upkeep phase",
    "prep": "Preparation phase",
    "battle": "Battle phase",
    "discard": "Discard phase",
    "hand_limit": "Discard phase: hand limit",
}
#: Zones of cards in play that a player controls (uniqueness, redemption.unique).
IN_PLAY: tuple[Zone, ...] = ("territory", "set_aside", "field_of_battle", "in_fortress")
#: A Reserve card's id is its seat's letter, this mark and its number ("GR3"); a deck card's has no mark ("G3"), so
#: the cards a seat started with in its Reserve are known from their ids wherever they have gone since
#: (redemption.reserve).
RESERVE_MARK = "R"

HAND_SIZE = 8
#: ``Turn.mute``: a Dominant muted until the game ends (otherwise the value is the last turn it is muted)
MUTE_GAME = 0
#: No hand ever holds more, whatever a card says (REG *Hand*): a draw stops there (redemption.hand.cap)
HAND_CAP = 16
TURN_DRAW = 3
BASE_HAND_LIMIT = 8
MIN_CUT = 5
#: Seats at the table (redemption.multiplayer): the rulebook's "two or more", up to four here.
MIN_SEATS, MAX_SEATS = 2, 4
#: With every draw pile empty, this many turns in a row without a rescue end a two-player game
#: (redemption.win.stalled); with more players the same ten full rounds (``stall_turns``).
STALL_TURNS = 20


def stall_turns(seats: int) -> int:
    """Ten full rounds: the turns in a row without a rescue, all draw piles empty, that end the game."""
    return STALL_TURNS // 2 * seats


def reserve_id(seat_prefix: str, i: int) -> str:
    """The id of the i-th card (from 1) of a Reserve whose seat's cards are ``seat_prefix`` + a number."""
    return f"{seat_prefix}{RESERVE_MARK}{i}"


def from_reserve(cid: str) -> bool:
    """Did this card start the game in its owner's Reserve (its id says so: ``reserve_id``)?"""
    head = cid.rstrip("0123456789")
    return len(head) == 2 and head[1] == RESERVE_MARK


def empty_zones() -> dict[Zone, list[str]]:
    return {zn: [] for zn in ZONES}


def converted_card(card: Card, brigade: str) -> Card:
    """A character converted to a Hero of ``brigade`` (redemption.effect.convert): alignment, type and brigade
    change; its identifiers stay, but those only an Evil Character can have (demon, magician) go."""
    ids = tuple(i for i in card.identifiers if i not in ("demon", "magician"))
    return replace(card, type="hero", alignment="good", brigades=(brigade,), identifiers=ids)


def card_defs(cards: dict[str, tuple[str, int]], converted: dict[str, str]) -> dict[str, Card]:
    """Card id -> its card, conversions applied."""
    cd = {cid: CARDS[k] for cid, (k, _) in cards.items()}
    for cid, brigade in converted.items():
        cd[cid] = converted_card(cd[cid], brigade)
    return cd


@dataclass(slots=True)
class Seat:
    """One player's side: the label of the deck they play and their cards, zone by zone (top of a pile first)."""

    deck: str
    zones: dict[Zone, list[str]] = field(default_factory=empty_zones)

    def copy(self) -> Seat:
        return Seat(self.deck, {zn: ids[:] for zn, ids in self.zones.items()})


@dataclass(slots=True)
class Flags:
    """What the player taking the turn has done this turn."""

    artifact_activated: bool = False
    battled: bool = False
    rescued: bool = False


#: An undoable thing an ability did in battle (redemption.effect.negate): source card, effect, target, where it went,
#: and the place among the source card's effects of the effect that did it (``effects.act_place``; -1: not known, as
#: in a save written before places were kept), so that an interrupted effect reactivates whole
#: (redemption.effect.interrupt_battle) even when its parts are written under other verbs' names.
Done = tuple[str, str, str, str, int]


@dataclass(slots=True)
class Battle:
    """The battle under way (``kind`` is "" when none). The attacker is the player taking the turn."""

    kind: BattleKind = ""
    step: Step = ""
    defender: int = -1  # the opponent of this battle: blocks, surrenders the soul
    last_actor: int = -1
    passes: int = 0
    ignored: dict[str, str] = field(default_factory=dict)  # character -> the card that ignores it
    protected: dict[str, str] = field(default_factory=dict)  # character -> the card that protects it
    negated: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)  # enhancements played in this battle, in order
    souls: list[str] = field(default_factory=list)  # the Lost Souls a successful rescue may take
    surrenderer: int = -1
    effects: list[Done] = field(default_factory=list)
    #: characters that have left this battle (withdrawn, discarded, set aside, captured): none of them, and no copy
    #: of a unique one, can enter it again (redemption.battle.reenter); one battle a turn, so "this turn" too
    left: list[str] = field(default_factory=list)
    #: cards whose ability prevents the next enhancement that fits (redemption.effect.prevent_next): card -> how many
    #: enhancements had been played in this battle when it worked (the next one after that is the one prevented)
    marks: dict[str, int] = field(default_factory=dict)
    #: an interrupted card's effects, undone and waiting to reactivate (redemption.effect.interrupt_battle), and the
    #: card whose interrupt suspended them: they reactivate once that card's ability is done
    suspended: list[Done] = field(default_factory=list)
    interrupter: str = ""
    #: the interrupted card whose suspended effects are reactivating and wait for a pending answer (one of them
    #: asked, or the ability of a character one of them banded in asked): the rest, in ``suspended``, go on once it
    #: is answered (:func:`rules.redemption.effects.resume_reactivation`); ``interrupter`` is "" then, unless a
    #: character one of them brought back interrupted in turn (its suspended effects come first in ``suspended``)
    reactivating: str = ""

    def copy(self) -> Battle:
        return Battle(
            self.kind,
            self.step,
            self.defender,
            self.last_actor,
            self.passes,
            dict(self.ignored),
            dict(self.protected),
            self.negated[:],
            self.played[:],
            self.souls[:],
            self.surrenderer,
            self.effects[:],
            self.left[:],
            dict(self.marks) if self.marks else {},
            self.suspended[:] if self.suspended else [],
            self.interrupter,
            self.reactivating,
        )


#: A change of a character's numbers that lasts (redemption.lang.continuous.numbers): the card, its strength and
#: toughness change (signed), the turn it ends at the start of (``UNTIL_IN_PLAY``: while the card stays in play),
#: and the card whose ability made it.
Mod = tuple[str, int, int, int, str]
UNTIL_IN_PLAY = 0
#: seats -> seat -> every other seat in turn order from it (``Core.others``)
_OTHERS = {n: tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n)) for n in range(1, 9)}
#: A card set aside for a number of turns (redemption.effect.set_aside_for): the turn it comes back in (its
#: player's Upkeep), the strength and toughness it comes back with, and the card whose ability set it aside.
Aside = tuple[int, int, int, str]
#: a draw an artifact lets its holder make when an opponent drew by an ability (redemption.effect.gift_draw): the
#: holder's seat, how many cards, the artifact
Gift = tuple[int, int, str]
#: The zones a change of numbers or a conversion survives in: leaving them, a card is its printed self again.
KEEPS_CHANGES: frozenset[str] = frozenset(IN_PLAY)
#: the moves (from zone, to zone) that take a card into or out of a hand or play: they make ``Core._hc`` forget
#: what it kept (a move between seats does too)
CHANGES_HANDS_OR_PLAY: frozenset[tuple[str, str]] = frozenset(
    (a, b) for a in ZONES for b in ZONES if a == "hand" or b == "hand" or (a in KEEPS_CHANGES) != (b in KEEPS_CHANGES)
)


@dataclass(slots=True)
class Window:
    """A Dominant window (redemption.dominant.window): the players still to answer, and what follows."""

    queue: list[int] = field(default_factory=list)
    then: Then = ""


@dataclass(slots=True)
class Turn:
    """Whose turn, which phase, the setup, and how the game ended."""

    phase: Phase = "cut"
    active: int = 0
    turn: int = 0
    first: int = -1
    cutter: int = -1
    chooser: int = -1
    souls_drawn: list[int] = field(default_factory=list)
    flags: Flags = field(default_factory=Flags)
    dry: int = 0  # turns in a row with both draw piles empty and no rescue
    result: Result = ""
    end_reason: str = ""  # why the game ended, a rules.words template (without the rule: that is end_rule)
    window: Window = field(default_factory=Window)
    end_rule: str = ""  # the rule id the game ended by ("redemption.win.rescues")
    #: a choice an ability waits for (redemption.decision); None when none is pending
    pending: Decision | None = None
    #: Dominants whose players asked not to be stopped for them (redemption.dominant.mute): card id -> the last
    #: turn of it, or MUTE_GAME
    mute: dict[str, int] = field(default_factory=dict)
    #: changes of numbers that last (redemption.lang.continuous.numbers)
    mods: list[Mod] = field(default_factory=list)
    #: cards set aside for N turns (redemption.effect.set_aside_for): card id -> when and how it comes back
    aside: dict[str, Aside] = field(default_factory=dict)
    #: converted characters (redemption.effect.convert): card id -> the brigade of the Hero it is now
    converted: dict[str, str] = field(default_factory=dict)
    #: the characters discarded from play this turn, in order: the ones a heal may reach (redemption.effect.heal)
    discarded: list[str] = field(default_factory=list)
    #: the draws artifacts let their holders make, waiting to be asked, first first (redemption.effect.gift_draw)
    gifts: list[Gift] = field(default_factory=list)
    #: the cards whose once-per-game ability has been used (redemption.lang.condition.once_per_game)
    used: list[str] = field(default_factory=list)
    #: abilities waiting for another card's question (an effect brought in a character that asks as it enters, or
    #: rescued a Lost Soul whose ability asks): the card and the place of the effect after which the rest of its
    #: ability goes on, the last one first once nothing is pending (:func:`rules.redemption.effects.continue_after`);
    #: the state's, not the battle's, so what waits goes on when the answer ends the battle (redemption.decision)
    waiting: list[tuple[str, int]] = field(default_factory=list)

    def copy(self) -> Turn:
        f = self.flags
        return Turn(
            self.phase,
            self.active,
            self.turn,
            self.first,
            self.cutter,
            self.chooser,
            self.souls_drawn[:],
            Flags(f.artifact_activated, f.battled, f.rescued),
            self.dry,
            self.result,
            self.end_reason,
            Window(self.window.queue[:], self.window.then),
            self.end_rule,
            self.pending.copy() if self.pending is not None else None,
            dict(self.mute) if self.mute else {},
            self.mods[:] if self.mods else [],
            dict(self.aside) if self.aside else {},
            dict(self.converted) if self.converted else {},
            self.discarded[:] if self.discarded else [],
            self.gifts[:] if self.gifts else [],
            self.used[:] if self.used else [],
            self.waiting[:] if self.waiting else [],
        )


class Kinds:
    """A game's card ids by kind, read from its ``cd`` (``Core._kinds``)."""

    __slots__ = ("dominants", "characters", "holders", "placeable", "effects", "artifact_effects", "having", "costly")

    def __init__(self, cd: dict[str, Card]) -> None:
        dominants: list[str] = []
        placeable: list[str] = []
        characters: list[str] = []
        holders: list[str] = []
        effects: set[str] = set()
        artifact_effects: set[str] = set()  # the same, of the artifacts alone (what a face-up artifact may do)
        having: dict[str, set[str]] = {}
        costly: list[str] = []
        for c, card in cd.items():  # one pass: every new game reads its hundred cards here
            kind = card.type
            if kind == "dominant":
                dominants.append(c)
            if card.placement:
                placeable.append(c)
            if card.is_character:
                characters.append(c)
            elif kind == "site" or kind == "fortress":
                holders.append(c)
            if card.by_effect:
                effects.update(card.by_effect)
                if kind == "artifact":
                    artifact_effects.update(card.by_effect)
                for e in card.by_effect:
                    ids = having.get(e)
                    if ids is None:
                        having[e] = {c}
                    else:
                        ids.add(c)
                for ab in card.abilities:
                    if ab.cost:
                        costly.append(c)
                        break
        self.dominants = frozenset(dominants)
        #: the cards a Preparation phase puts into play from the hand (Card.placement)
        self.placeable = frozenset(placeable)
        #: the effects of the abilities the game's cards have (Card.by_effect): a scan for one no card has is a no
        self.effects = frozenset(effects)
        self.artifact_effects = frozenset(artifact_effects)
        #: effect -> the ids of the cards with an ability of that effect
        self.having = {e: frozenset(ids) for e, ids in having.items()}
        self.characters = frozenset(characters)
        #: sites and fortresses: the cards other cards go into
        self.holders = frozenset(holders)
        #: the cards with an ability that has a cost (redemption.lang.cost): any other artifact may be activated
        self.costly = frozenset(costly)


class Core:
    """The state and the small helpers the rules modules share (mixed into :class:`rules.redemption.game.Game`)."""

    seed: int
    options: dict[str, Any]
    decks: list[str]
    cards: dict[str, tuple[str, int]]
    cd: dict[str, Card]  # id -> card definition (derived from ``cards``)
    z: list[dict[Zone, list[str]]]  # each seat's zones (the same lists as ``seats``)
    seats: list[Seat]
    attached: dict[str, str]
    face_up: set[str]
    s: Turn
    b: Battle
    loc: dict[str, tuple[int, Zone]]
    history: list[str]

    if TYPE_CHECKING:
        # What the rules modules call on one another: each mixin runs only as part of Game, which has them all
        # (the contract in game.py, the battle in battle.py, the turn in play.py, the words in views.py).
        name: ClassVar[str]

        @property
        def rng(self) -> Rng: ...
        @property
        def current_player(self) -> int | None: ...
        @property
        def is_over(self) -> bool: ...
        @property
        def winner(self) -> int | None: ...
        def legal_actions(self) -> list[Action]: ...
        def expected_now(self) -> str: ...
        def _effect(self, p: int, src: str, host: str, ab: Ability, target: str, events: list[Event]) -> None: ...
        def _end_turn(self, events: list[Event]) -> None: ...
        def _upkeep(self, events: list[Event]) -> None: ...
        def _cut_deck(self, p: int) -> int: ...
        def _is_ignored(self, cid: str) -> bool: ...
        def _is_protected(self, cid: str) -> bool: ...
        def char_numbers(self, cid: str) -> tuple[int, int]: ...
        def side_totals(self, p: int, may_ignore: bool | None = None) -> tuple[int, int, int]: ...
        def standing(self) -> str: ...
        def initiative(self) -> tuple[int, str]: ...
        def initiative_why(self, st: str = "") -> tuple[int, str, str]: ...
        def initiative_player(self, st: str = "") -> int: ...

    def _index(self) -> None:
        """Derive ``z``, ``cd`` and ``loc`` from the seats and cards."""
        self.z = [seat.zones for seat in self.seats]
        self.cd = card_defs(self.cards, self.s.converted)
        loc: dict[str, tuple[int, Zone]] = {}
        for p, zones in enumerate(self.z):
            for zn, ids in zones.items():
                if ids:
                    where = (p, zn)  # one tuple for a zone's cards (a value: _move puts a new one)
                    for cid in ids:
                        loc[cid] = where
        self.loc = loc

    @property
    def n(self) -> int:
        """The number of seats."""
        return len(self.z)

    @property
    def num_players(self) -> int:  # rules.core.GameBase's name for it
        return len(self.z)

    def card(self, cid: str) -> Card:
        return self.cd[cid]

    def owner(self, cid: str) -> int:
        return self.cards[cid][1]

    def _nm(self, cid: str) -> str:
        return f"{self.cd[cid].name} ({cid})"

    #: the game's cards by kind (:class:`Kinds`), and the ``cd`` they were read from (``cd`` is replaced, never changed
    #: in place, so the same object has the same kinds): a hand without a Dominant needs no look at each card
    _kinds_of: Kinds | None = None
    _kinds_cd: dict[str, Card] | None = None
    #: the cards whose "cannot be negated" question is being answered (``continuous._made_unnegatable``, which asks it
    #: again inside its own answer): empty between questions, so no part of the state
    _unnegatable_asking: frozenset[str] = frozenset()

    def _kinds(self) -> Kinds:
        cd = self.cd
        k = self._kinds_of
        if k is None or self._kinds_cd is not cd:
            k = self._kinds_of = Kinds(cd)
            self._kinds_cd = cd
        return k

    #: What the legal actions read from the seats' hands and the cards they have in play (the unique names in play, the
    #: moves out of a hand), kept until a card enters or leaves a hand or play, or changes seat (``_move`` forgets
    #: it, the only way a card moves), or ``cd`` is replaced: a Preparation phase's setting aside and returning
    #: changes neither. Keys: (seat, what); the values are never changed in place.
    _hc: dict[tuple[Any, ...], Any] | None = None
    _hc_cd: dict[str, Card] | None = None

    def _hand_cache(self) -> dict[tuple[Any, ...], Any]:
        hc = self._hc
        if hc is None or self._hc_cd is not self.cd:
            hc = self._hc = {}
            self._hc_cd = self.cd
        return hc

    def _dominant_ids(self) -> frozenset[str]:
        return self._kinds().dominants

    def zone_of(self, cid: str) -> tuple[int, Zone]:
        return self.loc[cid]

    @property
    def phase(self) -> Phase:
        return self.s.phase

    @property
    def active(self) -> int:
        return self.s.active

    @property
    def turn(self) -> int:
        return self.s.turn

    def in_battle(self) -> bool:
        return self.s.phase == "battle" and self.b.kind != ""

    def opponent(self, p: int) -> int:
        """Player p's opponent: in a battle the other side of it (a player outside the battle: the attacker);
        outside one, the next seat (the only other one in a two-player game; redemption.multiplayer)."""
        b = self.b
        if b.kind:
            return b.defender if p == self.s.active else self.s.active
        return (p + 1) % len(self.z)

    def others(self, p: int) -> list[int]:
        """Every seat but p's, in turn order from p."""
        return list(_OTHERS[len(self.z)][p])

    def score(self, p: int) -> int:
        return len(self.z[p]["land_of_redemption"])

    def hand_limit(self, p: int) -> int:
        return BASE_HAND_LIMIT + continuous.hand_limit_extra(self, p)  # type: ignore[arg-type]  # a Table (no cast call)

    # --- decisions ------------------------------------------------------------------------------
    def ask(self, decision: Decision, events: list[Event], question: str) -> None:
        """An ability asks a player to choose (redemption.decision): the game waits for ``choose ...`` from
        ``decision.chooser``; ``question`` is the public words (a rules.words template that names no hidden card).
        The event reveals: what the chooser has seen cannot be taken back by an undo."""
        assert self.s.pending is None, "one decision at a time"
        self.s.pending = decision
        events.append(Event.said("decision", question, decision.chooser, "redemption.decision", reveals=True))

    # --- moving cards -------------------------------------------------------------------------
    def _move(self, cid: str, p: int, zone: Zone, top: bool = False) -> None:
        s = self.s
        if (s.mods or s.converted or s.aside) and zone not in KEEPS_CHANGES:
            self._forget_changes(cid)
        op, oz = self.loc[cid]
        hc = self._hc
        if hc and (op != p or (oz, zone) in CHANGES_HANDS_OR_PLAY):
            hc.clear()  # a card enters or leaves a hand or play, or changes seat (see _hc)
        self.z[op][oz].remove(cid)
        if top:
            self.z[p][zone].insert(0, cid)
        else:
            self.z[p][zone].append(cid)
        self.loc[cid] = (p, zone)

    def _forget_changes(self, cid: str) -> None:
        """A card leaving play is its printed self again: its changes of numbers, its conversion and its set-aside
        return are forgotten (redemption.lang.continuous.numbers, redemption.effect.convert)."""
        s = self.s
        if s.mods:
            s.mods = [m for m in s.mods if m[0] != cid]
        s.aside.pop(cid, None)
        if cid in s.converted:
            del s.converted[cid]
            self.cd = {**self.cd, cid: CARDS[self.cards[cid][0]]}  # replaced, never changed in place

    def _convert(self, cid: str, brigade: str) -> None:
        """Character cid is a Hero of ``brigade`` now (redemption.effect.convert): its card is replaced by the
        converted one, and the conversion is kept in the state so that a save holds it."""
        self.s.converted[cid] = brigade
        self.cd = {**self.cd, cid: converted_card(CARDS[self.cards[cid][0]], brigade)}

    def _take(self, cid: str, p: int) -> None:
        """Card cid goes into player p's hand and is p's card from then on (redemption.effect.take): the engine
        knows no control apart from ownership, so a card taken is owned by its taker wherever it goes next."""
        key, _ = self.cards[cid]
        self.cards = {**self.cards, cid: (key, p)}  # replaced, never changed in place (a clone shares it)
        self._move(cid, p, "hand")

    def _put(self, cid: str, zone: Zone, top: bool = False) -> None:
        """Card cid goes to its owner's ``zone`` (``top``: the top of a pile) from wherever it is: out of battle
        for good (redemption.battle.reenter) if it was in one, what sat on it to the discard pile (a site's Lost
        Souls to their Land of Bondage), an artifact face down."""
        b = self.b
        if self.loc[cid][1] == "field_of_battle" and b.kind and cid not in b.left and self.cd[cid].is_character:
            b.left.append(cid)
        if b.kind and zone in ("deck", "hand"):  # back in a pile or a hand: the battle forgets it was there
            if cid in b.played:
                b.played.remove(cid)
                b.effects = [e for e in b.effects if e[0] != cid]
            if cid in b.negated:
                b.negated.remove(cid)
            b.ignored.pop(cid, None)
            b.protected.pop(cid, None)
            b.marks.pop(cid, None)
        for a in self._attachments(cid):
            del self.attached[a]
            if self.cd[a].type == "lost_soul":
                self._move(a, self.owner(a), "land_of_bondage")
            else:
                self._move(a, self.owner(a), "discard")
        self.attached.pop(cid, None)
        self.face_up.discard(cid)
        self._move(cid, self.owner(cid), zone, top)

    #: Lost Souls redeemed in all at the last end check, -1 when the game must check again (a soul redeemed since,
    #: or a state just loaded): only a rescue can end the game by rescues or leave no Lost Soul to rescue (souls
    #: leave the draw piles, hands, Lands of Bondage and sites only to be redeemed, and only through ``_redeem``)
    _lor_seen = -1

    def _redeem(self, soul: str, p: int) -> None:
        """A Lost Soul becomes ``p``'s Redeemed Soul (a rescue by battle or by an ability): it leaves any
        site or fortress it was in, and the turn counts as one with a rescue (the stalled-game rule)."""
        self.attached.pop(soul, None)
        self._move(soul, p, "land_of_redemption")
        self.s.flags.rescued = True
        self._lor_seen = -1

    def _attachments(self, host: str) -> list[str]:
        att = self.attached
        out: list[str] = []
        if host in att.values():
            for c, h in att.items():  # a loop: a comprehension is a call of its own
                if h == host:
                    out.append(c)
        return out

    def _move_with(self, cid: str, p: int, zone: Zone) -> None:
        """Move a card with whatever sits on it."""
        self._move(cid, p, zone)
        att = self.attached
        if att and cid in att.values():  # as _attachments, written out: half a playout's moves go this way
            for a in [c for c, h in att.items() if h == cid]:
                self._move(a, p, zone)

    def _to_discard(self, cid: str, events: list[Event], why: str = "", rule: str = "") -> None:
        """Discard a card and everything on it (attachments go to their owners' discard piles). A character
        discarded from play is noted for the turn: a heal may bring it back (redemption.effect.heal)."""
        if self.cd[cid].is_character and self.loc[cid][1] in IN_PLAY:
            self.s.discarded.append(cid)
        card = self.cd[cid]
        if card.abilities and card.is_character and self.loc[cid][1] in KEEPS_CHANGES:
            if effects.saved_from_discard(cast("Table", self), cid, events):  # redemption.effect.save_self
                return
        for a in self._attachments(cid):
            del self.attached[a]
            if self.cd[a].type == "lost_soul":  # a site's souls go back to the Land of Bondage
                self._move(a, self.owner(a), "land_of_bondage")
            elif self.cd[cid].type == "fortress":  # a fortress's cards go back to territory
                self._move_with(a, self.owner(a), "territory")
            else:
                self._to_discard(a, events)
        self.attached.pop(cid, None)
        self.face_up.discard(cid)
        self._move(cid, self.owner(cid), "discard")
        if why:
            events.append(Event.said("discard", f"{self._nm(cid)} is discarded{why}.", self.owner(cid), rule))

    def hand_room(self, p: int) -> int:
        """How many more cards player p's hand may take under the absolute cap (redemption.hand.cap)."""
        return max(0, HAND_CAP - len(self.z[p]["hand"]))

    def _draw(self, p: int, n: int, events: list[Event], why: str, rule: str = "redemption.turn.draw") -> int:
        """Draw n cards; every Lost Soul goes to the Land of Bondage and is replaced (redemption.draw.soul)."""
        deck = self.z[p]["deck"]
        got = 0
        souls = []
        cd = self.cd
        hand = self.z[p]["hand"]
        capped = False
        for _ in range(n):
            if len(hand) >= HAND_CAP:  # the absolute hand cap (redemption.hand.cap): the rest is not drawn
                capped = True
                break
            while deck:
                cid = deck[0]
                if cd[cid].type == "lost_soul":
                    self._move(cid, p, "land_of_bondage")
                    souls.append(cid)
                    if cd[cid].abilities and any(ab.trigger == "put_in_play" for ab in cd[cid].abilities):
                        self.s.gifts.append((p, 1, cid))  # its ability works once nothing waits (put_in_play)
                    continue
                self._move(cid, p, "hand")
                got += 1
                break
        if n:
            short = (
                ""
                if got == n
                else f" (a hand holds at most {HAND_CAP} cards)"
                if capped
                else f" (the draw pile ran out after {got})"
            )
            events.append(Event.lazy("draw", _draw_words, (p, got, why, short), p, rule, reveals=got > 0))
        for s in souls:
            events.append(
                Event.lazy("lost_soul", _soul_drawn_words, (p, cd[s].name, s), p, "redemption.draw.soul", reveals=True)
            )
        return len(souls)


def _soul_drawn_words(p: int, name: str, s: str) -> str:
    """The words of a Lost Soul drawn (written when read: Event.lazy)."""
    return f"{who(p, True)} drew {name} ({s}): it goes straight to {their(p)} Land of Bondage and is replaced."


def _draw_words(p: int, got: int, why: str, short: str) -> str:
    """The words of a draw (written when read: Event.lazy)."""
    return f"{who(p, True)} {verb(p, 'draws', 'draw')} {plural(got, 'card')} {why}{short}."
