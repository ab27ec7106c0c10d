"""The review's analysis of a whole Redemption game (about 250 actions) at the default budget.

A game between two normal players is played from seeded starts until one lasts 220-300 actions;
then the first seat's decisions are analysed as the review does (``rules.review.analyse``), with
progress on standard error. Goal: the whole analysis under 60 s on this machine.

Baseline in the same run: the hard level choosing a move (``ISMCTS.choose_in``) at the same number
of iterations, on a sample of the same positions: the ratio is the analysis' cost per decision
against the search the hard level itself makes.

    python -m tests.bench.review [--iterations N] [--sample N]
"""

from __future__ import annotations

import sys
import time

from rules import review
from rules.agents import choose_for, make_agent
from rules.redemption import new_game
from tests.bench.common import figure, machine, parser

# G and H grown to 64 cards (two more plain Lost Souls, a second copy of twelve plain cards), played to
# seven rescues: the bundled 50-card decks run dry in under 200 actions.
EXTRA = {
    "G": [
        "ls_wanderer",
        "ls_prodigal",
        "gideon",
        "barak",
        "ehud",
        "daniel",
        "goliath",
        "delilah",
        "eglon",
        "sisera",
        "nebuchadnezzar",
        "belshazzar",
        "left_handed_blade",
        "daniels_prayer",
    ],
    "H": [
        "ls_orphan",
        "ls_widow",
        "peter",
        "james",
        "john",
        "stephen",
        "barnabas",
        "herod",
        "herodias",
        "pilate",
        "barabbas",
        "caiaphas",
        "annas",
        "peters_confession",
    ],
}


def long_game(lo: int = 230, hi: int = 290):
    from rules.redemption import DECKS
    from rules.redemption.deckrules import check

    decks = tuple({"name": label, "cards": list(DECKS[label]["cards"]) + EXTRA[label]} for label in ("G", "H"))
    assert not any(check(d["cards"]) for d in decks)
    for seed in range(1, 200):
        g = new_game(seed, decks=decks, max_turns=80, rescues_to_win=7)
        agents = [make_agent("redemption", "normal", seed=seed), make_agent("redemption", "normal", seed=seed + 1)]
        while not g.is_over:
            g.apply(choose_for(agents[g.current_player], g))
        if lo <= len(g.history) <= hi:
            return g
    raise SystemExit("no seed gave a game of the wanted length")


def main(argv: list[str] | None = None) -> int:
    ap = parser(__file__, __doc__)
    ap.add_argument(
        "--iterations",
        type=int,
        default=review.DEFAULT_ITERATIONS,
        help="search iterations a decision (default %(default)s)",
    )
    ap.add_argument(
        "--sample",
        type=int,
        default=10,
        help="decisions searched by the hard level, the baseline (default %(default)s)",
    )
    a = ap.parse_args(argv)
    iterations, sample = a.iterations, a.sample
    print(f"# review analysis: {machine()}")
    g = long_game()
    steps, _ = review.positions(g)
    todo = review.decisions(steps, 0)
    print(
        f"# game: seed {g.seed}, {len(g.history)} actions, {g.turn} turns; {len(todo)} decisions of seat 1; "
        f"{iterations} iterations each"
    )
    t = time.perf_counter()
    marks = {"?!": 0, "?": 0, "??": 0}
    for n, total, j in review.analyse(steps, 0, iterations):
        if j.mark:
            marks[j.mark] += 1
        print(f"\ranalysing: {n}/{total}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    whole = time.perf_counter() - t
    from rules.agents.ismcts import ISMCTS
    from rules.agents.redemption import end_of_turn_cutoff, evaluate, heuristic_rollout

    picks = todo[:: max(1, len(todo) // sample)][:sample]
    t = time.perf_counter()
    for s in picks:
        ISMCTS(
            0,
            time_limit=None,
            iterations=iterations,
            rollout=heuristic_rollout,
            evaluate=evaluate,
            cutoff=end_of_turn_cutoff,
        ).choose_in(s.before)
    hard = (time.perf_counter() - t) / len(picks)
    per = whole / max(1, len(todo))
    figure("analysis per decision", per, "s", "hard level's search, same iterations", hard)
    figure("analysis of the whole game", whole, "s", goal="< 60 s")
    print(f"# marked: {marks['?!']} inaccuracies, {marks['?']} mistakes, {marks['??']} blunders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
