"""Random play with Hypothesis: legal and illegal actions, save/load in between, invariants at every step."""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import saves
from rules.resurrection import CODES, Game, Play, new_game

ALL_ACTIONS = [Play(c) for c in CODES]


class ResurrectionMachine(RuleBasedStateMachine):
    @initialize(
        seed=st.integers(0, 2**32),
        first=st.sampled_from([0, 1]),
        resurrect_to=st.sampled_from(["hero-bottom", "fallen-bottom"]),
    )
    def start(self, seed, first, resurrect_to):
        self.game = new_game(seed, first=first, resurrect_to=resurrect_to)
        self.steps = 0

    @rule(data=st.data())
    def play_legal(self, data):
        if self.game.is_over:
            return
        action = data.draw(st.sampled_from(self.game.legal_actions()))
        before = len(self.game.history)
        out = self.game.apply(action)
        assert out.ok and out.events and len(self.game.history) == before + 1
        self.steps += 1

    @rule(action=st.sampled_from(ALL_ACTIONS + ["play XX", "", "play"]))
    def play_anything(self, action):
        before = self.game.to_dict()
        legal = action in self.game.legal_actions()
        out = self.game.apply(action)
        assert out.ok == legal
        if not out.ok:
            assert out.reason and out.rule.startswith("resurrection.")
            assert self.game.to_dict() == before

    @rule()
    def save_and_load(self):
        text = saves.dumps(self.game)
        loaded = saves.loads(text)
        assert loaded == self.game
        self.game = loaded

    @invariant()
    def every_card_exactly_once(self):
        for p in self.game.to_dict()["players"]:
            cards = p["hand"] + p["hero_pile"] + p["fallen_pile"] + p["table"]
            assert sorted(cards, key=CODES.index) == list(CODES)

    @invariant()
    def turn_structure(self):
        g = self.game
        if g.is_over:
            assert g.current_player is None and g.legal_actions() == []
        else:
            assert g.current_player in (0, 1) and g.legal_actions()
            assert len(g.sides[g.current_player].hand) <= 5

    @invariant()
    def round_trips(self):
        assert Game.from_dict(self.game.to_dict()) == self.game
        assert self.game.clone() == self.game


ResurrectionMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestResurrection = ResurrectionMachine.TestCase


def test_random_games_end():
    """Seeded random play always reaches an end, and seats win about equally."""
    from rules.core import Rng

    wins = [0, 0, 0]
    for seed in range(300):
        g, rng = new_game(seed, first=seed % 2), Rng(seed + 1)
        for _ in range(5000):
            if g.is_over:
                break
            acts = g.legal_actions()
            assert g.apply(acts[rng.below(len(acts))]).ok
        assert g.is_over, f"seed {seed} did not end"
        wins[2 if g.winner is None else g.winner] += 1
    assert wins[0] > 90 and wins[1] > 90, wins
