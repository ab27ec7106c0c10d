"""Engine speed: random-legal playouts, actions per second, beside python-chess.

The baseline is python-chess's random playouts on the same machine in the same
run: plies per second, each ply being legal move generation plus push (what our
playouts do: ``legal_actions()`` plus ``apply()``). Every side plays whole games
to their end, and each figure says how many games it played: a chess game ends
where its rules end it without a claim (checkmate, stalemate, insufficient
material, the 75-move rule, fivefold repetition), tested once a ply after the
move list is made, as a playout would (``board.is_game_over()`` would generate
the moves a second time). Rates are per second of this process's CPU time, so
the other work on a shared machine moves them less than it moves wall time. Goals: Resurrection at least 5x python-chess,
Redemption at least 3x (today's decks G and H, and the real 10th Anniversary G and H), and a Redemption ``clone()``
mid-game (turn 10 or so, what a search copies at every simulation) under 50 µs.

    python -m tests.bench.engine_speed [--seconds S]
"""

from __future__ import annotations

import math
import time

from rules.core import Rng
from tests.bench.common import figure, machine, parser


def chess_plies_per_second(seconds: float) -> tuple[float, int]:
    """(plies per second, games) of random chess games played to their end, for about ``seconds``."""
    try:
        import chess
    except ImportError:
        return float("nan"), 0
    rng = Rng(1)
    plies = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        board = chess.Board()
        while True:
            moves = list(board.legal_moves)
            if (
                not moves
                or board.is_insufficient_material()
                or board.halfmove_clock >= 150
                or board.is_fivefold_repetition()
            ):
                break
            board.push(moves[rng.below(len(moves))])
            plies += 1
        games += 1
    return plies / (time.process_time() - t0), games


def playout_actions_per_second(new_game, seconds: float, max_actions: int = 5000) -> tuple[float, int]:
    rng = Rng(2)
    actions = games = 0
    seed = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        g = new_game(seed)
        seed += 1
        for _ in range(max_actions):
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
            actions += 1
        games += 1
    return actions / (time.process_time() - t0), games


def _redemption_new_game():
    try:
        from rules.redemption import new_game
    except ImportError:
        return None
    return lambda seed: new_game(seed)


def _real_new_game():
    """Real G (10th Anniversary) against real H, the decks swapped game by game (rules/redemption/real)."""
    from rules.redemption import DECKS, new_game

    if "G10" not in DECKS or "H10" not in DECKS:
        return None
    return lambda seed: new_game(seed, decks=("G10", "H10") if seed % 2 == 0 else ("H10", "G10"))


def redemption_clone_us(rounds: int = 2000) -> float:
    """CPU microseconds per ``clone()`` of a Redemption game some 150 random actions in (best of 5 batches)."""
    from rules.redemption import new_game

    g, rng = new_game(3), Rng(1)
    for _ in range(150):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    best = math.inf
    for _ in range(5):
        t0 = time.process_time()  # CPU time, like the rates
        for _ in range(rounds):
            g.clone()
        best = min(best, (time.process_time() - t0) / rounds)
    return best * 1e6


def interleaved(runners: dict, seconds: float, rounds: int = 5) -> dict:
    """Best rate of each runner over ``rounds`` short slices taken in turn (the load changes slowly)."""
    best = {name: 0.0 for name in runners}
    extra = {name: 0 for name in runners}
    for _ in range(rounds):
        for name, fn in runners.items():
            rate, n = fn(seconds / rounds)
            best[name] = max(best[name], rate)
            extra[name] += n
    return {name: (best[name], extra[name]) for name in runners}


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds of playouts per engine (default %(default)s)")
    seconds = ap.parse_args(argv).seconds
    print(f"# engine speed ({machine()}; best of 5 interleaved slices each)")
    runners = {}
    try:
        import chess  # noqa: F401

        runners["chess"] = chess_plies_per_second
    except ImportError:
        print("python-chess is not installed (pip install 'redemption-tui[bench]'): no baseline")
    from rules.resurrection import new_game as res_new

    runners["resurrection"] = lambda s: playout_actions_per_second(res_new, s)
    red = _redemption_new_game()
    if red is not None:
        runners["redemption"] = lambda s: playout_actions_per_second(red, s)
    real = _real_new_game() if red is not None else None
    if real is not None:
        runners["real"] = lambda s: playout_actions_per_second(real, s)
    got = interleaved(runners, seconds)
    base = got["chess"][0] if "chess" in got else None
    base_name = f"python-chess random playouts ({got['chess'][1]} games)" if "chess" in got else ""
    rate, games = got["resurrection"]
    figure(
        f"resurrection random playouts ({games} games)",
        rate,
        "actions/s",
        base_name,
        base,
        goal=">= 5x",
    )
    if "redemption" in got:
        rate, games = got["redemption"]
        figure(
            f"redemption random playouts ({games} games)",
            rate,
            "actions/s",
            base_name,
            base,
            goal=">= 3x",
        )
        if "real" in got:
            rate, games = got["real"]
            figure(
                f"redemption real G10 v H10 random playouts ({games} games)",
                rate,
                "actions/s",
                base_name,
                base,
                goal=">= 3x",
            )
        figure("redemption clone() mid-game", redemption_clone_us(), "us", goal="< 50 us")
    else:
        print("redemption: engine not available")


if __name__ == "__main__":
    main()
