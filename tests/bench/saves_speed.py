"""Save and load of a 300-action game: goal under 5 ms each (absolute; machine noted).

save = dumps + write + fsync + rename (``saves.save``); load = read + loads +
validate (``saves.load``). Baseline in the same run: writing the same bytes with
fsync and reading them back raw, i.e. the file system's share of the cost.

    python -m tests.bench.saves_speed [--actions N] [--repeat N]
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import saves
from rules.core import Rng
from tests.bench.common import figure, machine, median, parser


def game_with_actions(new_game, actions: int):
    """A random game with exactly ``actions`` actions played (trying seeds until one lasts that long)."""
    for seed in range(200):
        g = new_game(seed)
        rng = Rng(seed)
        while len(g.history) < actions and not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
        if len(g.history) >= actions:
            return g
    return g


def _raw_write(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def bench(name: str, g, repeat: int, folder: Path) -> None:
    path = folder / f"{name}.toml"
    raw = folder / f"{name}.raw"
    save_t, load_t, wr_t, rd_t = [], [], [], []
    for _ in range(repeat):
        t = time.perf_counter()
        saves.save(g, path)
        save_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        back = saves.load(path)
        load_t.append(time.perf_counter() - t)
        data = path.read_bytes()
        t = time.perf_counter()
        _raw_write(raw, data)
        wr_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        raw.read_bytes()
        rd_t.append(time.perf_counter() - t)
    assert back == g, "the save did not load back to the same game"
    size = path.stat().st_size
    ms = 1e3
    figure(
        f"{name} save ({len(g.history)} actions, {size / 1024:.0f} KiB), median",
        median(save_t) * ms,
        "ms",
        "raw write+fsync of the same bytes",
        median(wr_t) * ms,
        goal="< 5 ms",
    )
    figure(
        f"{name} load ({len(g.history)} actions), median",
        median(load_t) * ms,
        "ms",
        "raw read of the same bytes",
        median(rd_t) * ms,
        goal="< 5 ms",
    )
    figure(f"{name} save, best of {repeat}", min(save_t) * ms, "ms", "raw write+fsync, best", min(wr_t) * ms)
    figure(f"{name} load, best of {repeat}", min(load_t) * ms, "ms", "raw read, best", min(rd_t) * ms)


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument(
        "--actions", type=int, default=300, help="actions of the Redemption game saved (default %(default)s)"
    )
    ap.add_argument("--repeat", type=int, default=20, help="saves and loads timed (default %(default)s)")
    a = ap.parse_args(argv)
    actions, repeat = a.actions, a.repeat
    print(f"# saves ({machine()}; temporary folder {tempfile.gettempdir()})")
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        try:
            from rules.redemption import new_game as red_new
        except ImportError:
            print("redemption: engine not available; measuring Resurrection instead")
        else:
            bench("redemption", game_with_actions(lambda s: red_new(s), actions), repeat, folder)
        from rules.resurrection import new_game as res_new

        bench("resurrection", game_with_actions(res_new, 60), repeat, folder)


if __name__ == "__main__":
    main()
