"""Keystroke latency on the game screen: from a key to the next frame drawn, against a bare Textual app.

Run: ``python -m tests.bench.keystrokes [moves]``. Plays Resurrection against the computer
(no pause) headless at 80x24 by keys, timing each key ("1" picks a card, Enter plays it and
the computer answers), and a bare app whose key handler only updates one pane. Prints medians
and the ratio (app / bare).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Static  # noqa: E402

import saves  # noqa: E402
import tui.app  # noqa: E402
from tui.app import RedemptionApp, Settings  # noqa: E402
from tui.session import Session  # noqa: E402

SIZE = (80, 24)


class Frames:
    """Mixin: remember when each frame was handed to the terminal."""

    def _display(self, screen, renderable) -> None:  # type: ignore[override]
        if renderable is not None:
            self.frames.append(time.perf_counter())  # type: ignore[attr-defined]
        super()._display(screen, renderable)  # type: ignore[misc]


class TimedApp(Frames, RedemptionApp):
    CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.frames: list[float] = []


class BareApp(Frames, App):
    def __init__(self):
        super().__init__()
        self.frames: list[float] = []
        self.n = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="pane")

    def on_key(self) -> None:
        self.n += 1
        self.query_one("#pane", Static).update(str(self.n))


async def latency(app, pilot, key: str) -> float | None:
    start = time.perf_counter()
    await pilot.press(key)
    after = [t for t in app.frames if t >= start]
    return after[0] - start if after else None


async def run_game(moves: int) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp(prefix="keystrokes-"))
    out: dict[str, list[float]] = {"1": [], "enter": []}
    played = 0
    while played < moves:
        session = Session.new("resurrection", seed=played + 1, path=saves.save_path(f"k{played}", folder))
        app = TimedApp(Settings(save_dir=folder, pause=0.0), start=session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            while not session.game.is_over and played < moves:
                for key in ("1", "enter"):
                    t = await latency(app, pilot, key)
                    if t is not None:
                        out[key].append(t)
                await app.workers.wait_for_complete()
                await pilot.pause()
                played += 1
    return out


async def run_bare(n: int) -> list[float]:
    app = BareApp()
    out = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(n):
            t = await latency(app, pilot, "x")
            if t is not None:
                out.append(t)
    return out


def main(moves: int = 20) -> None:
    game = asyncio.run(run_game(moves))
    bare = asyncio.run(run_bare(moves))
    b = statistics.median(bare)
    print(f"keystroke to next frame at {SIZE[0]}x{SIZE[1]}, median of {moves}: bare Textual app {b * 1000:.1f} ms")
    for key, label in (("1", "pick a card (1)"), ("enter", "play it (Enter; the computer answers in a worker)")):
        m = statistics.median(game[key])
        print(f"  {label}: {m * 1000:.1f} ms, ratio {m / b:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
