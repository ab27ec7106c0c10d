"""Redemption equivalence: do two revisions of the engine play the same games step by step?

Plays seeded games (2 to 4 seats, random and normal players mixed) and records at every step a digest of what
the step produced: the events (kind, player, rule, cards, words), every seat's view and the legal actions of the
player who decides next. Two revisions agree when every game has the same digests at every step.

    python -m tests.bench.equivalence [--games N] [--against REV]   # compare this tree with REV (default main)
    python -m tests.bench.equivalence --record FILE [--games N]     # write this tree's digests (JSON)

``--against`` checks out REV in a temporary worktree and records its digests there with this script (the old
revision need not have it), so nothing big is committed. The report: games, steps, mismatching games and, for
each, the first step at which it differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from typing import Any, NoReturn

GAMES = 150
MAX_STEPS = 4000


def _setup(i: int) -> tuple[int, list[str], list[str]]:
    """Game i: its seed, decks and levels (2, 3 or 4 seats; random and normal players mixed)."""
    seats = 2 + i % 3
    decks = ["G", "H", "G", "H"][:seats] if (i // 3) % 2 == 0 else ["H", "G", "H", "G"][:seats]
    levels = ["normal" if (i + q) % 2 else "random" for q in range(seats)]
    return 30_000 + i, decks, levels


def _h(x: Any) -> str:
    return hashlib.blake2b(json.dumps(x, sort_keys=True, default=str).encode(), digest_size=8).hexdigest()


def play(i: int) -> list[str]:
    """The digests of game i, one per step (the deal, then each action)."""
    from rules.agents import choose_for, make_agent
    from rules.redemption import new_game

    seed, decks, levels = _setup(i)
    g = new_game(seed, decks=decks)
    agents = [make_agent("redemption", lv, seed=seed * 4 + q) for q, lv in enumerate(levels)]
    out: list[str] = []
    events: list[Any] = []
    for _ in range(MAX_STEPS):
        legal = [] if g.is_over else [str(a) for a in g.legal_actions()]
        views = [g.view(q) for q in range(g.num_players)]
        ev = [(e.kind, e.player, e.rule, list(e.cards), [e.words(you=q) for q in range(g.num_players)]) for e in events]
        out.append(_h([ev, views, legal]))
        if g.is_over:
            break
        p = g.current_player
        assert p is not None
        outcome = g.apply(choose_for(agents[p], g))
        if not outcome.ok:
            raise RuntimeError(f"game {i}: an agent chose an illegal action: {outcome.reason}")
        events = list(outcome.events)
    return out


def record(games: int) -> list[list[str]]:
    return [play(i) for i in range(games)]


def compare(old: list[list[str]], new: list[list[str]]) -> int:
    steps = sum(len(g) for g in new)
    bad = 0
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            bad += 1
            first = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            print(f"game {i} {_setup(i)}: differs first at step {first} (steps {len(a)} before, {len(b)} now)")
    print(f"equivalence: {len(new)} games, {steps} steps, {bad} mismatching games")
    return bad


def _record_at(rev: str, games: int) -> list[list[str]]:
    """The digests of revision ``rev``, recorded in a temporary worktree."""
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    top = root.stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        wt = os.path.join(tmp, "eqbase")
        subprocess.run(["git", "-C", top, "worktree", "add", "--detach", wt, rev], check=True, capture_output=True)
        try:
            out = os.path.join(tmp, "old.json")
            env = {**os.environ, "PYTHONPATH": wt}
            subprocess.run(
                [sys.executable, os.path.abspath(__file__), "--record", out, "--games", str(games)],
                cwd=wt,
                env=env,
                check=True,
            )
            with open(out) as f:
                data: list[list[str]] = json.load(f)
            return data
        finally:
            subprocess.run(["git", "-C", top, "worktree", "remove", "--force", wt], check=False)


class _Parser(argparse.ArgumentParser):
    """tests.bench.common.parser's one-line error; not imported, as this script also runs in an older revision's tree."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(
        prog="python -m tests.bench.equivalence",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--games", type=int, default=GAMES)
    ap.add_argument("--record", metavar="FILE")
    ap.add_argument("--against", metavar="REV", default="main")
    ap.add_argument("--old", metavar="FILE", help="compare with digests recorded before (instead of --against)")
    a = ap.parse_args(argv)
    if a.record:
        import rules

        print(f"recording {a.games} games with the engine at {os.path.dirname(rules.__file__)}", flush=True)
        with open(a.record, "w") as f:
            json.dump(record(a.games), f)
        return 0
    if a.old:
        with open(a.old) as f:
            old = json.load(f)
    else:
        old = _record_at(a.against, a.games)
    return 1 if compare(old, record(a.games)) else 0


if __name__ == "__main__":
    sys.exit(main())
