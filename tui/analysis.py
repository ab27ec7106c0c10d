"""The review's analysis as the app keeps it: in the save's ``extra`` table, so it is done once.

``extra["analysis"]`` holds one entry per reviewing seat::

    [extra.analysis.seat1]
    iterations = 120
    decisions = [{index = 3, action = "rescue G5", before = 0.61, after = 0.42, best = "...", mark = "?"}, ...]

A damaged entry is ignored (the analysis is simply made again), never a reason to refuse the save.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import saves
from rules import review


def stored(meta: saves.Meta, seat: int, iterations: int = review.DEFAULT_ITERATIONS) -> dict[int, review.Judgement]:
    entry = meta.extra.get("analysis", {})
    entry = entry.get(f"seat{seat + 1}") if isinstance(entry, dict) else None
    if not isinstance(entry, dict) or entry.get("iterations") != iterations:
        return {}
    out = {}
    for d in entry.get("decisions", []) if isinstance(entry.get("decisions"), list) else []:
        try:
            j = review.Judgement.from_dict(d) if isinstance(d, dict) else None
        except ValueError:
            return {}
        if j is not None:
            out[j.index] = j
    return out


def store(
    meta: saves.Meta, seat: int, judgements: dict[int, review.Judgement], iterations: int = review.DEFAULT_ITERATIONS
) -> None:
    table = meta.extra.get("analysis")
    if not isinstance(table, dict):
        table = meta.extra["analysis"] = {}
    table[f"seat{seat + 1}"] = {
        "iterations": iterations,
        "decisions": [judgements[i].to_dict() for i in sorted(judgements)],
    }


def run(
    steps: list[review.Step],
    meta: saves.Meta,
    seat: int,
    iterations: int = review.DEFAULT_ITERATIONS,
    stop: Callable[[], bool] = lambda: False,
) -> Iterator[tuple[int, int, review.Judgement]]:
    """Analyse what is not stored yet, storing each judgement into ``meta`` as it comes."""
    have = stored(meta, seat, iterations)
    for n, total, j in review.analyse(steps, seat, iterations, done=have, stop=stop):
        have[j.index] = j
        store(meta, seat, have, iterations)
        yield n, total, j


def default_seat(meta: saves.Meta) -> int:
    """The seat a review shows: the only human's (or, several humans, the one last at the keyboard)."""
    humans = [i for i, p in enumerate(meta.players) if p.get("kind") != "computer"]
    if len(humans) == 1:
        return humans[0]
    v = meta.extra.get("viewer", 0)
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(meta.players) else 0
