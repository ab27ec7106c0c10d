"""Time to first frame of the game screen, as a ratio to a bare Textual app drawing the same screen.

Run: ``python -m tests.bench.first_frame [runs]``. The apps run headless at 80x24 in the same process, alternating,
after imports are warm; the time runs from creating the app to the first frame Textual hands to the terminal for the
screen in question (wall time, and this process's CPU time, which a busy machine disturbs less). Prints the medians
and the ratio (app / bare): for a new Resurrection game, and for a Redemption hot-seat game resumed mid-game at 2 and
4 seats (``tests.bench.counts.midgame``: 60 actions played; the time includes reading the save).

The baseline, measured in the same run: a bare Textual app with the game screen's panes as plain widgets (status
line, opponent, Field of Battle, your side, hand, a RichLog, a hidden Input, the Footer), showing the text a new
Resurrection game's first frame shows, border titles included (a Redemption board shows more). The same panes with
one word each, the baseline before, is printed beside it.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import saves  # noqa: E402
import tui.app  # noqa: E402
from tests.bench import cold_frame  # noqa: E402
from tests.bench.bare_screen import SIZE, BareApp, FirstFrame, WordApp  # noqa: E402
from tests.bench.common import machine, parser  # noqa: E402
from tui.app import RedemptionApp, Settings  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.session import Session  # noqa: E402


class TimedApp(FirstFrame, RedemptionApp):
    target = GameScreen
    CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))


async def once(make) -> float:
    return (await timed(make))[0]


async def timed(make) -> tuple[float, float]:
    """Wall and CPU seconds from creating the app to its first frame of the screen in question."""
    cpu, start = time.process_time(), time.perf_counter()
    app = make()
    await app.run_async(headless=True, size=SIZE)
    assert app.shown_at is not None and app.shown_cpu is not None, "no frame was drawn"
    return app.shown_at - start, app.shown_cpu - cpu


def main(runs: int = 7) -> None:
    from tests.bench.counts import midgame

    folder = Path(tempfile.mkdtemp(prefix="first-frame-"))

    def new_game():
        session = Session.new("resurrection", seed=1, path=saves.save_path("bench", folder))
        return TimedApp(Settings(save_dir=folder, pause=0.0), start=session)

    def resumed(path: Path):
        def make():
            return TimedApp(Settings(save_dir=folder, pause=30.0, signals=False), start=Session.load(path))

        return make

    cases: list[tuple[str, Callable[[], FirstFrame], Path | None]] = [("a new Resurrection game", new_game, None)]
    for n in (2, 4):
        path = midgame(folder, n, 60)
        cases.append((f"Redemption resumed mid-game, {n} seats", resumed(path), path))
    print(f"# first frame at {SIZE[0]}x{SIZE[1]}, median of {runs} runs each ({machine()})", flush=True)
    for label, game_app, path in cases:
        apps = {"app": game_app, "bare": BareApp, "words": WordApp}
        for make in apps.values():
            asyncio.run(once(make))  # warm up: imports, caches
        times: dict[str, list[tuple[float, float]]] = {k: [] for k in apps}
        for _ in range(runs):
            for k, make in apps.items():
                times[k].append(asyncio.run(timed(make)))
        (o, oc), (b, bc), (w, wc) = (
            (statistics.median(t[0] for t in times[k]), statistics.median(t[1] for t in times[k])) for k in apps
        )
        print(
            f"{label}: app {o * 1000:.0f} ms (CPU {oc * 1000:.0f} ms) | bare Textual app drawing the same screen "
            f"{b * 1000:.0f} ms (CPU {bc * 1000:.0f} ms) | ratio {o / b:.2f} (CPU {oc / bc:.2f}) | "
            f"against its panes with one word each ({w * 1000:.0f} ms, CPU {wc * 1000:.0f} ms): "
            f"{o / w:.2f} (CPU {oc / wc:.2f})",
            flush=True,
        )
        if path is not None:
            lw, lc = read_time(path, runs)
            print(
                f"  of which reading the save {lw * 1000:.1f} ms (CPU {lc * 1000:.1f} ms); the rest to the bare app's: "
                f"ratio {(o - lw) / b:.2f} (CPU {(oc - lc) / bc:.2f})",
                flush=True,
            )

    print(f"# from a fresh interpreter to the first frame (imports included), median of {runs} runs", flush=True)
    cold_frame.report(runs, folder, [(label, path) for label, _, path in cases if path is not None])


def read_time(path: Path, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``Session.load`` (claim, read, parse, check) of the save at ``path``."""
    wall, cpu = [], []
    for _ in range(runs):
        c, t = time.process_time(), time.perf_counter()
        Session.load(path).close()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def cli(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument(
        "runs", nargs="?", type=int, default=7, help="runs of each app, medians reported (default %(default)s)"
    )
    main(ap.parse_args(argv).runs)


if __name__ == "__main__":
    cli()
