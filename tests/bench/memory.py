"""Peak memory (RSS) of a whole Redemption game against the hard computer: goal under 100 MB.

Each measurement runs in a fresh interpreter and reports its peak resident set
size; the baseline is a fresh interpreter that imports the same modules and plays
a random-against-random game (the interpreter's and the engine's fixed cost).

    python -m tests.bench.memory [--time-limit S] [--game redemption|resurrection]
"""

from __future__ import annotations

import subprocess
import sys

from tests.bench.common import figure, machine, parser

_CHILD = r"""
import resource, sys
from rules.agents import make_agent, play_match
game, level, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
if game == "resurrection":
    from rules.resurrection import new_game
    g = new_game(1)
else:
    from rules.redemption import new_game
    g = new_game(1)
hard = make_agent(game, level, seed=1, time_limit=limit) if level == "hard" else make_agent(game, level, seed=1)
play_match(g, [hard, make_agent(game, "normal" if level == "hard" else "random", seed=2)])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, len(g.history))
"""


def peak_rss_mb(game: str, level: str, limit: float) -> tuple[float, int]:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, level, str(limit)], capture_output=True, text=True, check=True
    )
    kb, actions = out.stdout.split()
    return int(kb) / 1024, int(actions)


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument(
        "--time-limit", type=float, default=0.25, help="the hard level's seconds a decision (default %(default)s)"
    )
    ap.add_argument("--game", choices=("redemption", "resurrection"), help="only this game (default both)")
    a = ap.parse_args(argv)
    limit, only = a.time_limit, a.game
    print(f"# memory ({machine()})")
    for game in ("redemption", "resurrection"):
        if only and game != only:
            continue
        try:
            base, _ = peak_rss_mb(game, "random", limit)
            peak, actions = peak_rss_mb(game, "hard", limit)
        except subprocess.CalledProcessError as e:
            print(f"{game}: could not run ({e.stderr.strip().splitlines()[-1] if e.stderr else e})")
            continue
        figure(
            f"{game} peak RSS, whole game vs hard ({limit} s/decision, {actions} actions)",
            peak,
            "MB",
            "same interpreter, random vs random",
            base,
            goal="< 100 MB",
        )


if __name__ == "__main__":
    main()
