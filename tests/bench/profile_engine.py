"""Where random playouts spend their time: cProfile of each engine, top functions by own time.

Not a figure with a baseline: the tool for finding what to fix when
``engine_speed`` misses its goal.

    python -m tests.bench.profile_engine [--seconds S] [--top N] [--game resurrection|redemption]
"""

from __future__ import annotations

import cProfile
import io
import pstats
import sys

from tests.bench.common import arg_float, arg_int, machine
from tests.bench.engine_speed import _redemption_new_game, playout_actions_per_second


def profile(name: str, new_game, seconds: float, top: int) -> None:
    prof = cProfile.Profile()
    prof.enable()
    rate, games = playout_actions_per_second(new_game, seconds)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).sort_stats("tottime")
    stats.print_stats(top)
    print(f"## {name}: {games} random games, {rate:,.0f} actions/s under the profiler")
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip().startswith("ncalls")), 0)
    print("\n".join(lines[start:]).rstrip())


def main() -> None:
    seconds = arg_float("seconds", 2.0)
    top = arg_int("top", 12)
    only = sys.argv[sys.argv.index("--game") + 1] if "--game" in sys.argv else None
    print(f"# engine profile ({machine()})")
    from rules.resurrection import new_game as res_new

    if only in (None, "resurrection"):
        profile("resurrection", res_new, seconds, top)
    red = _redemption_new_game()
    if red is not None and only in (None, "redemption"):
        profile("redemption", red, seconds, top)


if __name__ == "__main__":
    main()
