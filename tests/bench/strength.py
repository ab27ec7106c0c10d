"""Strength of the computer levels: seeded matches with seats (and decks) swapped.

Prints one line per pairing: the first level's score (wins plus half the draws)
with its 95% Wilson interval, beside random against random measured in the same
run (it should be near 50%: the seat and deck swaps cancel out).

Goals (issue 7): Redemption normal beats random in at least 90% of games and
hard beats normal in at least 60%; Resurrection has much luck, so each pairing
is reported with its interval, and hard must beat random by a clear margin.

The hard level is time-boxed to 1 s per decision in the app; here it gets a
fixed number of iterations per decision instead (``--iterations``), so a run is
reproducible and affordable on a shared machine. ``python -m tests.bench.ai_time``
shows how many iterations 1 s buys.

    python -m tests.bench.strength [--games N] [--hard-games N] [--iterations N] [--game resurrection|redemption]
"""

from __future__ import annotations

import sys
import time

from rules.agents import make_agent, play_match
from tests.bench.common import arg_int, machine, wilson


def _new_game(game_name: str, i: int):
    """Game ``i`` of a match: alternate the first player, and for Redemption the decks."""
    if game_name == "resurrection":
        from rules.resurrection import new_game
        return new_game(10_000 + i, first=(i // 2) % 2)
    from rules.redemption import new_game
    decks = ("G", "H") if (i // 2) % 2 == 0 else ("H", "G")
    return new_game(10_000 + i, decks=decks)


def match(game_name: str, level_a: str, level_b: str, games: int, iterations: int) -> tuple[float, int, int, int, float]:
    """``level_a`` against ``level_b``; A sits first in even games, second in odd ones."""
    wins = losses = draws = 0
    t0 = time.perf_counter()
    for i in range(games):
        kw_a = {"iterations": iterations} if level_a == "hard" else {}
        kw_b = {"iterations": iterations} if level_b == "hard" else {}
        a = make_agent(game_name, level_a, seed=2 * i, **kw_a)
        b = make_agent(game_name, level_b, seed=2 * i + 1, **kw_b)
        a_seat = i % 2
        agents = [a, b] if a_seat == 0 else [b, a]
        g = play_match(_new_game(game_name, i), agents)
        if g.winner is None:
            draws += 1
        elif g.winner == a_seat:
            wins += 1
        else:
            losses += 1
    return (wins + draws / 2) / games, wins, losses, draws, time.perf_counter() - t0


def report(game_name: str, level_a: str, level_b: str, games: int, iterations: int, goal: str = "") -> float:
    score, w, l, d, secs = match(game_name, level_a, level_b, games, iterations)
    lo, hi = wilson(w + d / 2, games)
    extra = f" (hard: {iterations} iterations/decision)" if "hard" in (level_a, level_b) else ""
    line = (f"{game_name} {level_a} vs {level_b}: {score:.1%} [95% {lo:.1%}-{hi:.1%}] over {games} games "
            f"(W{w} L{l} D{d}, {secs:.0f} s){extra}")
    if goal:
        line += f" | goal {goal}"
    print(line, flush=True)
    return score


def run_game(game_name: str, games: int, hard_games: int, iterations: int) -> None:
    report(game_name, "random", "random", games, iterations, goal="about 50% (baseline: seat and deck swaps cancel)")
    if game_name == "redemption":
        report(game_name, "normal", "random", games, iterations, goal=">= 90%")
        report(game_name, "easy", "random", games, iterations)
        report(game_name, "hard", "normal", hard_games, iterations, goal=">= 60%")
        report(game_name, "hard", "random", hard_games, iterations)
    else:
        report(game_name, "normal", "random", games, iterations)
        report(game_name, "easy", "random", games, iterations)
        report(game_name, "normal", "easy", games, iterations)
        report(game_name, "hard", "random", hard_games, iterations, goal="clearly above 50%")
        report(game_name, "hard", "normal", hard_games, iterations)


def main() -> None:
    games = arg_int("games", 400)
    hard_games = arg_int("hard-games", 100)
    iterations = arg_int("iterations", 200)
    only = sys.argv[sys.argv.index("--game") + 1] if "--game" in sys.argv else None
    print(f"# strength ({machine()})")
    for name in ("resurrection", "redemption"):
        if only and name != only:
            continue
        if name == "redemption":
            try:
                import rules.redemption  # noqa: F401
                from rules.agents import redemption  # noqa: F401
            except ImportError:
                print("redemption: engine or agents not available")
                continue
        run_game(name, games, hard_games, iterations)


if __name__ == "__main__":
    main()
