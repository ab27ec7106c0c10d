"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn


def machine() -> str:
    """One line describing where the figures were taken."""
    try:
        load = f"load {os.getloadavg()[0]:.2f}"
    except OSError:  # pragma: no cover
        load = "load ?"
    return f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cpu, {load}"


def figure(
    name: str,
    value: float,
    unit: str,
    baseline_name: str = "",
    baseline: float | None = None,
    ratio: float | None = None,
    goal: str = "",
) -> str:
    """Print one figure line: value, the baseline beside it and their ratio."""
    line = f"{name}: {_fmt(value)} {unit}"
    if baseline is not None:
        if ratio is None:
            ratio = value / baseline if baseline else math.inf
        line += f" | baseline {baseline_name}: {_fmt(baseline)} {unit} | ratio {ratio:.2f}x"
    if goal:
        line += f" | goal {goal}"
    print(line, flush=True)
    return line


def _fmt(v: float) -> str:
    if v == 0 or abs(v) >= 100:
        return f"{v:,.0f}"
    if abs(v) >= 1:
        return f"{v:.2f}"
    return f"{v:.4g}"


def per_call(fn: Callable[[], object], min_time: float = 0.2, repeat: int = 3) -> float:
    """Best-of-``repeat`` seconds per call of ``fn``, each run lasting about ``min_time``."""
    n = 1
    while True:
        t = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t
        if dt >= min_time / 4 or n > 1 << 24:
            break
        n *= 2
    n = max(1, int(n * (min_time / max(dt, 1e-9))))
    best = math.inf
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t) / n)
    return best


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (draws counted as half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    s = sorted(values)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else math.nan


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def parser(file: str, doc: str | None) -> argparse.ArgumentParser:
    """The command line of the bench script at ``file``: ``--help`` prints its docstring ``doc`` and the options and
    exits 0; a bad option or value prints one line and exits 2."""
    return _Parser(
        prog=f"python -m tests.bench.{Path(file).stem}",
        description=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
