"""Where random playouts spend their time: cProfile of each engine, top functions by own time.

Not a figure with a baseline: the tool for finding what to fix when
``engine_speed`` misses its goal.

    python -m tests.bench.profile_engine [--seconds S] [--top N] [--game resurrection|redemption]
"""

from __future__ import annotations

import cProfile
import io
import pstats

from tests.bench.common import machine, parser
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


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds of playouts per engine (default %(default)s)")
    ap.add_argument("--top", type=int, default=12, help="functions listed (default %(default)s)")
    ap.add_argument("--game", choices=("resurrection", "redemption"), help="only this game (default both)")
    a = ap.parse_args(argv)
    seconds, top, only = a.seconds, a.top, a.game
    print(f"# engine profile ({machine()})")
    from rules.resurrection import new_game as res_new

    if only in (None, "resurrection"):
        profile("resurrection", res_new, seconds, top)
    red = _redemption_new_game()
    if red is not None and only in (None, "redemption"):
        profile("redemption", red, seconds, top)


if __name__ == "__main__":
    main()
