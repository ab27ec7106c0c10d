"""Strength of the computer levels: seeded matches with seats (and decks) swapped.

Prints one line per pairing: the first level's score (wins plus half the draws)
with its 95% Wilson interval, beside random against random measured in the same
run (it should be near 50%: the seat and deck swaps cancel out).

Goals: Redemption normal beats random in at least 95% of games and
hard beats normal in at least 70%; Resurrection has much luck, so each pairing
is reported with its interval, and hard must beat random by a clear margin.

The hard level is time-boxed to 1 s per decision in the app; here it gets a
fixed number of iterations per decision instead (``--iterations``), so a run is
reproducible and affordable on a shared machine; ``--time-limit S`` measures the
time-boxed level as played (``--only-hard`` skips the other pairings). ``python -m tests.bench.ai_time``
shows how many iterations 1 s buys.

Four players: one level against three random players, its seat moving
round the table game by game; a fair share is 25%, and normal should win clearly
more (``--table-games N``, default 40; random in the same seat is the baseline).

    python -m tests.bench.strength [--games N] [--hard-games N] [--iterations N] [--time-limit S] [--only-hard]
                                   [--game resurrection|redemption] [--pairs hard-normal,...] [--first-game N]
                                   [--table-games N] [--decks G10,H10]

``--decks A,B``: the pairings play these two Redemption decks (default today's G and H; G10,H10: the real
10th Anniversary starters).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rules.agents import choose_for, make_agent, play_match
from tests.bench.common import machine, median, parser, wilson

FIRST_GAME = 0  # --first-game N: start the seeds further on (more games without repeating a run)
PAIRS: set[str] | None = None  # --pairs hard-normal,normal-random: only these pairings
DECK_PAIR = ("G", "H")  # --decks G10,H10: the two Redemption decks the pairings play (swapped game by game)
TABLE_GAMES = 40  # --table-games N: four-player games of each level


def _new_game(game_name: str, i: int):
    """Game ``i`` of a match: alternate the first player, and for Redemption the decks."""
    if game_name == "resurrection":
        from rules.resurrection import new_game

        return new_game(10_000 + i, first=(i // 2) % 2)
    from rules.redemption import new_game

    a, b = DECK_PAIR
    decks = (a, b) if (i // 2) % 2 == 0 else (b, a)
    return new_game(10_000 + i, decks=decks)


def _hard_kw(iterations: int, time_limit: float | None) -> dict:
    return {"time_limit": time_limit} if time_limit else {"iterations": iterations}


#: Seconds each searched decision of the hard level took in the last :func:`match` (its think time per move).
SEARCH_TIMES: list[float] = []


def _play_timed(game: Any, agents: list[Any]) -> Any:
    """:func:`play_match`, timing the decisions the hard level searched (``last_iterations`` > 0)."""
    for _ in range(100_000):
        if game.is_over:
            return game
        agent = agents[game.current_player]
        t = time.perf_counter()
        action = choose_for(agent, game)
        if agent.level == "hard" and getattr(agent, "last_iterations", 0):
            SEARCH_TIMES.append(time.perf_counter() - t)
        if not game.apply(action).ok:
            raise RuntimeError(f"agent {agent!r} chose an illegal action {action}")
    raise RuntimeError("the game did not end within 100000 actions")


def match(
    game_name: str, level_a: str, level_b: str, games: int, iterations: int, time_limit: float | None = None
) -> tuple[float, int, int, int, float]:
    """``level_a`` against ``level_b``; A sits first in even games, second in odd ones."""
    wins = losses = draws = 0
    SEARCH_TIMES.clear()
    t0 = time.perf_counter()
    for i in range(FIRST_GAME, FIRST_GAME + games):
        kw_a = _hard_kw(iterations, time_limit) if level_a == "hard" else {}
        kw_b = _hard_kw(iterations, time_limit) if level_b == "hard" else {}
        a = make_agent(game_name, level_a, seed=2 * i, **kw_a)
        b = make_agent(game_name, level_b, seed=2 * i + 1, **kw_b)
        a_seat = i % 2
        agents = [a, b] if a_seat == 0 else [b, a]
        g = _play_timed(_new_game(game_name, i), agents)
        if g.winner is None:
            draws += 1
        elif g.winner == a_seat:
            wins += 1
        else:
            losses += 1
    return (wins + draws / 2) / games, wins, losses, draws, time.perf_counter() - t0


def report(
    game_name: str,
    level_a: str,
    level_b: str,
    games: int,
    iterations: int,
    goal: str = "",
    time_limit: float | None = None,
) -> float:
    if PAIRS is not None and f"{level_a}-{level_b}" not in PAIRS:
        return float("nan")
    if games <= 0:  # --games 0 / --hard-games 0: this pairing is skipped (a score over 0 games means nothing)
        print(f"{game_name} {level_a} vs {level_b}: skipped (0 games)", flush=True)
        return float("nan")
    score, w, lost, d, secs = match(game_name, level_a, level_b, games, iterations, time_limit)
    lo, hi = wilson(w + d / 2, games)
    budget = f"{time_limit} s/decision" if time_limit else f"{iterations} iterations/decision"
    extra = ""
    if "hard" in (level_a, level_b):
        think = (
            f", {median(SEARCH_TIMES) * 1e3:.0f} ms median / {max(SEARCH_TIMES) * 1e3:.0f} ms worst a searched decision"
            if SEARCH_TIMES
            else ""
        )
        extra = f" (hard: {budget}{think})"
    line = (
        f"{game_name} {level_a} vs {level_b}: {score:.1%} [95% {lo:.1%}-{hi:.1%}] over {games} games "
        f"(W{w} L{lost} D{d}, {secs:.0f} s){extra}"
    )
    if goal:
        line += f" | goal {goal}"
    print(line, flush=True)
    return score


def table(level: str, games: int, seats: int = 4) -> tuple[float, int, int, float]:
    """``level`` against ``seats - 1`` random players; its seat is game ``i`` mod ``seats``. Returns the share
    of games it won (a draw counting half, as in the pairings), wins, draws and seconds."""
    from rules.redemption import new_game

    wins = draws = 0
    t0 = time.perf_counter()
    for i in range(FIRST_GAME, FIRST_GAME + games):
        seat = i % seats
        agents = [make_agent("redemption", level if q == seat else "random", seed=seats * i + q) for q in range(seats)]
        decks = ["G", "H", "G", "H"][:seats] if (i // seats) % 2 == 0 else ["H", "G", "H", "G"][:seats]
        g = play_match(new_game(20_000 + i, decks=decks), agents)
        if g.winner == seat:
            wins += 1
        elif g.winner is None:
            draws += 1
    return (wins + draws / 2) / games, wins, draws, time.perf_counter() - t0


def report_table(level: str, games: int, goal: str = "") -> None:
    if games <= 0:  # --table-games 0: no table games (a score over 0 games means nothing)
        print(f"redemption 4 players, {level} vs 3 random: skipped (0 games)", flush=True)
        return
    score, w, d, secs = table(level, games)
    lo, hi = wilson(w + d / 2, games)
    line = (
        f"redemption 4 players, {level} vs 3 random: {score:.1%} [95% {lo:.1%}-{hi:.1%}] over {games} games "
        f"(W{w} D{d}, {secs:.0f} s)"
    )
    print(line + (f" | goal {goal}" if goal else ""), flush=True)


def run_game(
    game_name: str,
    games: int,
    hard_games: int,
    iterations: int,
    time_limit: float | None = None,
    only_hard: bool = False,
) -> None:
    if not only_hard:
        report(
            game_name, "random", "random", games, iterations, goal="about 50% (baseline: seat and deck swaps cancel)"
        )
    if game_name == "redemption":
        if not only_hard:
            report(game_name, "normal", "random", games, iterations, goal=">= 95%")
            report(game_name, "easy", "random", games, iterations)
        report(game_name, "hard", "normal", hard_games, iterations, goal=">= 70%", time_limit=time_limit)
        report(game_name, "hard", "random", hard_games, iterations, time_limit=time_limit)
        if not only_hard:
            table_games = TABLE_GAMES
            report_table("random", table_games, goal="about 25% (baseline)")
            report_table("normal", table_games, goal="clearly above 25%")
    else:
        if not only_hard:
            report(game_name, "normal", "random", games, iterations)
            report(game_name, "easy", "random", games, iterations)
            report(game_name, "normal", "easy", games, iterations)
        report(game_name, "hard", "normal", hard_games, iterations, time_limit=time_limit)
        report(game_name, "hard", "random", hard_games, iterations, goal="clearly above 50%", time_limit=time_limit)


def main(argv: list[str] | None = None) -> None:
    args = _args(argv)
    games, hard_games, iterations, only_hard = args.games, args.hard_games, args.iterations, args.only_hard
    time_limit = args.time_limit or None
    global FIRST_GAME, PAIRS, DECK_PAIR, TABLE_GAMES
    FIRST_GAME, TABLE_GAMES = args.first_game, args.table_games
    if args.decks:
        DECK_PAIR = args.decks
        print(f"# Redemption decks {DECK_PAIR[0]} and {DECK_PAIR[1]}")
    if args.pairs:
        PAIRS = set(args.pairs.split(","))
    only = args.game
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
        run_game(name, games, hard_games, iterations, time_limit, only_hard)


def _deck_pair(text: str) -> tuple[str, str]:
    """``A,B``: two deck names (argparse turns the error into its one-line usage message)."""
    names = tuple(name.strip() for name in text.split(","))
    if len(names) != 2 or not all(names):
        raise argparse.ArgumentTypeError(f"{text!r} is not two deck names, A,B")
    from rules.redemption import DECKS

    unknown = [name for name in names if name not in DECKS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown deck {unknown[0]!r}; the bundled decks are {', '.join(DECKS)}")
    return names[0], names[1]


def _args(argv: list[str] | None) -> argparse.Namespace:
    ap = parser(__file__, __doc__)
    ap.add_argument("--games", type=int, default=400, help="games of each pairing (default %(default)s)")
    ap.add_argument(
        "--hard-games", type=int, default=100, help="games of the hard level's pairings (default %(default)s)"
    )
    ap.add_argument(
        "--iterations", type=int, default=200, help="the hard level's iterations a decision (default %(default)s)"
    )
    ap.add_argument("--time-limit", type=float, default=0.0, help="the hard level's seconds a decision instead (S)")
    ap.add_argument("--only-hard", action="store_true", help="only the hard level's pairings")
    ap.add_argument("--game", choices=("resurrection", "redemption"), help="only this game (default both)")
    ap.add_argument("--pairs", help="only these pairings (hard-normal,...)")
    ap.add_argument("--first-game", type=int, default=0, help="seed of the first game (default %(default)s)")
    ap.add_argument("--table-games", type=int, default=40, help="four-player games of each level (default %(default)s)")
    ap.add_argument("--decks", type=_deck_pair, help="the two Redemption decks (A,B)")
    return ap.parse_args(argv)


if __name__ == "__main__":
    main()
