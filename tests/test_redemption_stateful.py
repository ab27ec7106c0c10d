"""Property tests: random legal and illegal moves keep every invariant of the Redemption engine."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from rules.core import Rng
from rules.redemption import CARDS, DECKS, VERBS, Game, effects, new_game
from rules.redemption.serial import tables
from tests.redemption_helpers import scenario

VERB_LIST = sorted(VERBS)


def seeking(label: str) -> dict:
    """A bundled deck with two of its cards swapped for the Dominants that look and search (redemption.decision)."""
    out = {"G": ("casting_lots", "royal_decree"), "H": ("sorcery", "scourging")}[label]
    keys = list(DECKS[label]["cards"])
    for k in out:
        keys.remove(k)
    return {"name": f"{label} seeking", "cards": keys + ["gleaning", "searching_scriptures"]}


def interrupting(label: str) -> dict:
    """A bundled deck with five of its cards swapped for real cards that interrupt the battle or work when blocking or
    blocked (real/pool_interrupt.toml; redemption.effect.interrupt_battle, redemption.lang.trigger.blocking, blocked),
    and for a second card of the blocking ones' people (their condition another_in_play), so random play reaches them."""
    out, add = {
        "G": (
            [("good_enhancement", 1), ("evil_enhancement", 1), ("evil_character", 2)],
            ["Deborah's Directive|FoOF", "Escape|AW", "Babylonian Forces [RR2]|RR2", "The Winged Lion|RoA"],
        ),
        "H": (
            [("hero", 1), ("evil_character", 2), ("good_enhancement", 1), ("evil_enhancement", 1)],
            [
                "Seraiah the High Priest|Pri",
                "In the Clouds|AW",
                "Destroying Bands (LoC)|LoC",
                "Greek Forces|T2C",
                "The Winged Leopard|RoA",
            ],
        ),
    }[label]
    keys = list(DECKS[label]["cards"])
    for kind, n in out:
        for _ in range(n):
            keys.remove(next(k for k in keys if CARDS[k].type == kind))
    return {"name": f"{label} interrupting", "cards": keys + add}


#: a rescue waiting for its block: Seraiah (blocked: discarded if a Babylonian blocks) and Daniel attack; the
#: defender holds Babylonian Forces (blocking: may discard a card in a territory while another Babylonian is in play)
#: and an interrupt (Escape), the attacker an interrupt-and-band (Deborah's Directive) and a negate
AT_THE_BLOCK = scenario("""
[start]
phase = "battle"
active = 0
turn = 3
flags = { battled = true }
battle = { kind = "rescue", step = "block", last_actor = 0 }
[[start.seat]]
field_of_battle = ["Seraiah the High Priest|Pri", "daniel"]
territory = ["esther", "cave_of_adullam"]
hand = ["Deborah's Directive|FoOF", "writing_on_wall", "ezra"]
deck = ["barak", "gideon", "ls_debtor"]
land_of_bondage = ["ls_debtor"]
[[start.seat]]
territory = ["The Winged Lion|RoA"]
hand = ["Babylonian Forces [RR2]|RR2", "Escape|AW", "royal_decree", "goliath"]
deck = ["delilah", "eglon", "ls_orphan"]
land_of_bondage = ["ls_orphan"]
""")


def to_a_block(g: Game, seed: int) -> Game:
    """The game played on by seeded random legal moves until a Hero waits to be blocked (or it is over)."""
    r = Rng(seed)
    while not g.is_over and g.b.step != "block":
        legal = g.legal_actions()
        assert g.apply(legal[r.below(len(legal))]).ok
    return g


def _ids(view: object) -> set[str]:
    """Every card id a view (or part of one) shows."""
    if isinstance(view, dict):
        out = {view["id"]} if isinstance(view.get("id"), str) else set()
        for v in view.values():
            out |= _ids(v)
        return out
    if isinstance(view, list):
        return set().union(*map(_ids, view)) if view else set()
    return set()


def public_cards(g: Game) -> set[str]:
    """The cards every seat sees now (on the table, face up): no secret, whoever revealed them before."""
    return set.intersection(*(_ids(g.view(p)["players"]) for p in range(g.n)))


def check_decision_secrecy(g: Game, before: set[str], events) -> None:
    """What a pending decision reveals is in the chooser's view only, and no event text names it, unless the card
    is face up for everyone by the end of the action (a searched pile is shuffled, and a Lost Soul from it may be
    drawn face up in the same action: that draw names it)."""
    d = g.s.pending
    shown = set(before) | (set(d.revealed) if d is not None else set())
    said = " ".join(e.text for e in events)
    public = public_cards(g) if shown else set()
    leaked = [c for c in shown if f"({c})" in said and c not in public]
    assert not leaked, f"an event names revealed cards {leaked}: {said}"
    if d is None:
        return
    assert g.current_player == d.chooser
    assert {a.verb for a in g.legal_actions()} == {"choose"}
    hidden = {c for c in d.revealed if g.zone_of(c)[1] == "deck"}
    for p in range(g.n):
        v = g.view(p)
        if p in d.to:
            assert [c["id"] for c in v["pending"]["revealed"]] == d.revealed
        else:
            assert "revealed" not in v["pending"] and "options" not in v["pending"]
            # but for the decks' names: public, and a bundled deck's name ("H10") may read as a card id
            text = json.dumps({**v, "players": [{k: x for k, x in q.items() if k != "deck"} for q in v["players"]]})
            assert not [c for c in hidden if f'"{c}"' in text], "a view shows a revealed card to another player"


def check_conservation(g: Game) -> None:
    d = g.to_dict()
    seen: dict[str, int] = {}
    for p in range(g.n):
        for zone, ids in d["players"][p]["zones"].items():
            for c in ids:
                seen[c] = seen.get(c, 0) + 1
                assert g.zone_of(c) == (p, zone)
    assert set(seen) == set(g.cards) == set(tables(d)["cards"]), "a card is missing or unknown"
    assert all(n == 1 for n in seen.values()), "a card is in two zones"
    for c, h in g.attached.items():
        assert c in seen and h in seen


class RedemptionMachine(RuleBasedStateMachine):
    @initialize(
        seed=st.integers(0, 10_000),
        cap=st.integers(4, 30),
        opts=st.fixed_dictionaries(
            {"name_on_name": st.booleans(), "rescuer_chooses": st.booleans(), "first_player_skips_draw": st.booleans()}
        ),
        seats=st.integers(2, 4),
        variant=st.sampled_from(["plain", "seeking", "interrupting"]),
    )
    def start(self, seed, cap, opts, seats, variant):
        self.seed, self.cap, self.opts = seed, cap, opts
        self.decks = ["G", "H", "G", "H"][:seats]  # 2, 3 or 4 seats (redemption.multiplayer)
        if variant == "seeking":  # decks whose Dominants look at and search draw piles (redemption.decision)
            self.decks = [seeking(d) for d in self.decks]
        elif variant == "interrupting":  # interrupt the battle, when blocking, when blocked
            self.decks = [interrupting(d) for d in self.decks]
        self.game = new_game(seed, decks=self.decks, max_turns=cap, **opts)
        self.games = 1
        if variant == "interrupting":  # the machine's moves start at a block, where the new words work
            self.game = AT_THE_BLOCK.game.clone() if seed % 2 else to_a_block(self.game, seed)

    def _restart_if_over(self):
        if self.game.is_over:
            limit = self.game.options["max_turns"]  # the machine's cap, or none for the position at the block
            assert not limit or self.game.turn <= limit
            self.games += 1
            self.game = new_game(self.seed + self.games, decks=self.decks, max_turns=self.cap, **self.opts)

    @rule(pick=st.integers(0, 10**6))
    def legal_move(self, pick):
        self._restart_if_over()
        legal = self.game.legal_actions()
        a = legal[pick % len(legal)]
        assert self.game.check(a).ok
        d = self.game.s.pending
        before = set(d.revealed) if d is not None else set()
        out = self.game.apply(a)
        assert out.ok, (str(a), out.reason)
        check_decision_secrecy(self.game, before, out.events)
        assert self.game.history[-1] == str(a)

    @rule(verb=st.sampled_from(VERB_LIST), picks=st.lists(st.integers(0, 10**6), max_size=3))
    def maybe_illegal_move(self, verb, picks):
        self._restart_if_over()
        ids = sorted(self.game.cards)
        args = [ids[i % len(ids)] if verb not in ("cut", "first") else str(i % 60) for i in picks]
        text = " ".join([verb] + args)
        before = self.game.to_dict()
        out = self.game.apply(text)
        if not out.ok:
            assert self.game.to_dict() == before, f"refused {text!r} changed the state"
            assert out.reason and out.rule.startswith("redemption.")

    @rule(text=st.text(max_size=12))
    def nonsense(self, text):
        before = self.game.to_dict()
        out = self.game.apply(text)
        if not out.ok:
            assert self.game.to_dict() == before

    @invariant()
    def cards_are_conserved(self):
        check_conservation(self.game)

    @invariant()
    def save_load_identity(self):
        d = self.game.to_dict()
        g2 = Game.from_dict(d)
        assert g2.to_dict() == d  # g2 == self.game (games are equal when their whole states are), one to_dict less
        assert g2.current_player == self.game.current_player

    @invariant()
    def always_a_legal_move(self):
        if not self.game.is_over:
            assert self.game.legal_actions()
            assert self.game.current_player in range(self.game.n)
        else:
            assert self.game.legal_actions() == []

    @invariant()
    def windows_only_for_a_playable_dominant(self):
        g = self.game
        if g.s.window.queue and not g.is_over and g.s.pending is None:
            assert g._has_playable_dominant(g.current_player)
            assert [a.verb for a in g.legal_actions()][-1] == "decline"
            assert {a.verb for a in g.legal_actions()} == {"dominant", "decline", "mute"}
            assert g._has_playable_dominant(g.current_player, True)  # a muted Dominant stops nobody

    @invariant()
    def views_do_not_leak_hands(self):
        for p in range(self.game.n):
            v = self.game.view(p)
            assert all(v["players"][q]["hand"] is None for q in self.game.others(p))


TestRedemptionMachine = RedemptionMachine.TestCase
TestRedemptionMachine.settings = settings(
    max_examples=25, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_random_games_end_with_max_turns():
    for seed in range(20):
        g = new_game(seed, max_turns=12)
        r = Rng(seed)
        steps = 0
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[r.below(len(legal))])
            steps += 1
            assert steps < 20_000
        assert g.turn <= 12 and g.s.result in ("0", "1", "draw")


def test_random_games_reach_the_block_triggers_and_interrupt_the_battle(monkeypatch):
    """Random games of 2-4 seats with the interrupting decks reach every new word (a blocked Hero's ability, a
    blocker's, an interrupt that suspends and reactivates), the cards conserved after each action, and a save
    round trip after each action in a battle or a decision (where the new words' state lives) and after every 10th
    otherwise (every state's round trip: TestRedemptionMachine and tests/test_hostile_saves.py)."""
    seen = {"blocked": 0, "blocking": 0, "reactivated": 0}
    use, reactivate = effects.use, effects.reactivate

    def counting_use(g, p, src, host, ab, target, events):
        if ab.trigger in ("blocked", "blocking"):
            seen[ab.trigger] += 1
        return use(g, p, src, host, ab, target, events)

    def counting_reactivate(g, src, events):
        if g.b.interrupter == src and g.s.pending is None:
            seen["reactivated"] += 1
        return reactivate(g, src, events)

    monkeypatch.setattr(effects, "use", counting_use)
    monkeypatch.setattr(effects, "reactivate", counting_reactivate)
    actions = 0
    for seed in range(12):
        decks = [interrupting(d) for d in ["G", "H", "G", "H"][: 2 + seed % 3]]
        g = new_game(seed, decks=decks, max_turns=30)
        r = Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            assert g.apply(legal[r.below(len(legal))]).ok
            actions += 1
            if g.in_battle() or g.s.pending is not None or actions % 10 == 0:
                assert Game.from_dict(g.to_dict()) == g
            check_conservation(g)
    assert actions > 1000 and all(seen.values()), seen
