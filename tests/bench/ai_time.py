"""Decision time of each computer level: median and worst, per game.

Each level plays against the normal level from a few seeded starts; only its own
decisions are timed. The baseline in the same run is the random level's
decision time (the cost of being asked at all). The hard level runs with its
default time box (1 s per decision) for a limited number of decisions, and the
line says how many search iterations that bought.

    python -m tests.bench.ai_time [--games N] [--hard-decisions N] [--time-limit S]
"""

from __future__ import annotations

import time

from rules.agents import LEVELS, choose_for, make_agent
from tests.bench.common import figure, machine, median, parser


def _new_game(game_name: str, i: int):
    if game_name == "resurrection":
        from rules.resurrection import new_game

        return new_game(500 + i, first=i % 2)
    from rules.redemption import new_game

    return new_game(500 + i, decks=("G", "H") if i % 2 == 0 else ("H", "G"))


def decision_times(game_name: str, level: str, games: int, max_decisions: int, time_limit: float | None):
    times: list[float] = []
    iterations: list[int] = []
    for i in range(games):
        g = _new_game(game_name, i)
        seat = i % 2
        me = (
            make_agent(game_name, level, seed=i, time_limit=time_limit)
            if level == "hard"
            else make_agent(game_name, level, seed=i)
        )
        other = make_agent(game_name, "normal", seed=1000 + i)
        mine = 0
        while not g.is_over and mine < max_decisions:
            p = g.current_player
            if p == seat:
                t = time.perf_counter()
                a = choose_for(me, g)
                times.append(time.perf_counter() - t)
                if level == "hard":
                    iterations.append(getattr(me, "last_iterations", 0))
                    mine += 1 if iterations[-1] else 0  # count searched decisions only
                else:
                    mine += 1
            else:
                a = choose_for(other, g)
            g.apply(a)
    return times, iterations


def run_game(game_name: str, games: int, hard_decisions: int, time_limit: float) -> None:
    base, _ = decision_times(game_name, "random", games, 10_000, None)
    base_med = median(base)
    for level in LEVELS:
        if level == "hard":
            times, its = decision_times(game_name, level, 1, hard_decisions, time_limit)
        else:
            times, its = decision_times(game_name, level, games, 10_000, None)
        ms = 1e3
        if level == "hard":
            searched = [t for t, n in zip(times, its) if n]
            n_its = [n for n in its if n]
            if searched:
                figure(
                    f"{game_name} hard searched decision, median ({len(searched)} decisions, "
                    f"{int(median(n_its))} iterations each)",
                    median(searched) * ms,
                    "ms",
                    "random level",
                    base_med * ms,
                )
                figure(
                    f"{game_name} hard searched decision, worst",
                    max(searched) * ms,
                    "ms",
                    "random level",
                    max(base) * ms,
                )
            times = [t for t, n in zip(times, its) if not n]
            if not times:
                continue
            level = "hard, decisions not searched (one legal action, or left to the heuristic)"
        figure(
            f"{game_name} {level} decision, median ({len(times)} decisions)",
            median(times) * ms,
            "ms",
            "random level",
            base_med * ms,
        )
        figure(f"{game_name} {level} decision, worst", max(times) * ms, "ms", "random level", max(base) * ms)


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--games", type=int, default=3, help="games per level (default %(default)s)")
    ap.add_argument(
        "--hard-decisions", type=int, default=8, help="decisions of the hard level timed (default %(default)s)"
    )
    ap.add_argument(
        "--time-limit", type=float, default=1.0, help="the hard level's seconds a decision (default %(default)s)"
    )
    a = ap.parse_args(argv)
    games, hard_decisions, time_limit = a.games, a.hard_decisions, a.time_limit
    print(f"# AI decision time ({machine()})")
    run_game("resurrection", games, hard_decisions, time_limit)
    try:
        from rules.agents import redemption  # noqa: F401
    except ImportError:
        print("redemption: agents not available")
        return
    run_game("redemption", games, hard_decisions, time_limit)


if __name__ == "__main__":
    main()
