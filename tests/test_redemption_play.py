"""Seeded random-play smoke test of G against H, and the balance measurement."""

from __future__ import annotations

import os

from rules.core import Rng
from rules.redemption import Game, new_game


def play_random(seed: int, swap: bool, max_turns: int = 300) -> tuple[Game, int]:
    """One game between two uniformly random legal players. Returns (game, winning deck index or -1).

    With ``swap`` deck H sits in seat 0 and deck G in seat 1."""
    decks = ("H", "G") if swap else ("G", "H")
    g = new_game(seed, decks=decks, max_turns=max_turns)
    r = Rng(seed * 7919 + 1)
    while not g.is_over:
        legal = g.legal_actions()
        out = g.apply(legal[r.below(len(legal))])
        assert out.ok, out.reason
    w = g.winner
    if w is None:
        return g, -1
    return g, (1 - w if swap else w)  # 0: deck G won, 1: deck H won


def balance(games: int) -> tuple[int, int, int]:
    wins = [0, 0, 0]
    for seed in range(games):
        _, w = play_random(seed, swap=seed % 2 == 1)
        wins[w if w >= 0 else 2] += 1
    return wins[0], wins[1], wins[2]


def test_random_play_smoke():
    ends = set()
    for seed in range(100):
        g, _ = play_random(seed, swap=seed % 2 == 1)
        assert g.is_over
        assert Game.from_dict(g.to_dict()) == g
        total = sum(len(ids) for p in (0, 1) for ids in g.z[p].values())
        assert total == 100
        ends.add(g.s.end_rule)
        assert "(" not in g.s.end_reason  # the rule is a field, never in the words
    assert "redemption.win.rescues" in ends


def test_random_games_meet_the_new_decisions():
    """Targets chosen with the card, Dominant windows opened, passed and used: all reached in random play."""
    seen = {"target": 0, "decline": 0, "window_dominant": 0, "window": 0}
    for seed in range(60):
        g = new_game(seed, decks=("G", "H") if seed % 2 else ("H", "G"), max_turns=60)
        r = Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            window = bool(g.s.window.queue)
            seen["window"] += window
            a = legal[r.below(len(legal))]
            seen["target"] += a.verb == "enhance" and len(a.args) == 3
            seen["decline"] += a.verb == "decline"
            seen["window_dominant"] += window and a.verb == "dominant"
            assert g.apply(a).ok
    assert all(seen.values()), seen


def test_same_seed_same_game():
    a, _ = play_random(42, False)
    b, _ = play_random(42, False)
    assert a.history == b.history and a == b


def test_balance_within_55_percent():
    """Random against random, seats swapped every other game. REDEMPTION_BALANCE_GAMES=2000 for the full figure."""
    n = int(os.environ.get("REDEMPTION_BALANCE_GAMES", "200"))
    g, h, d = balance(n)
    print(f"\nbalance over {n} games: G {g} ({100 * g / n:.1f}%), H {h} ({100 * h / n:.1f}%), drawn {d}")
    limit = 0.55 if n >= 1000 else 0.60  # small samples get a wider margin
    assert g / n <= limit and h / n <= limit


if __name__ == "__main__":
    import sys
    import time

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    t = time.time()
    g, h, d = balance(n)
    print(
        f"{n} games: deck G won {g} ({100 * g / n:.1f}%), deck H won {h} ({100 * h / n:.1f}%), "
        f"drawn {d} ({100 * d / n:.1f}%) in {time.time() - t:.0f}s"
    )
