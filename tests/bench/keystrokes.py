"""Keystroke handling in the app: from a key press to the action applied and the screen refreshed.

In-process and headless (Textual's Pilot at 80x24): Resurrection against the
computer (random level; its reply waits 0.25 s so it cannot share the frame
being timed), pressing "1" (pick the first card; timed to the next frame) then
Enter (play it), timing each Enter. Per Enter it splits:

* our code: ``GameScreen.submit`` from start to end: the engine's ``apply``,
  the log, the autosave (atomic write with fsync) and ``refresh_view``
  (rebuilding the panes from the view); the autosave is also shown alone;
* Textual's share, reported separately: key press to ``submit`` (input
  dispatch, bindings) and ``submit``'s end to the next frame handed to the
  terminal (layout, render, frame pacing).

The baseline in the same run is a bare Textual app with one Static: key press to
its handler updating the Static and to the next frame.

    python -m tests.bench.keystrokes [--presses N]
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from textual.worker import WorkerCancelled

import saves
import tui.app
from tests.bench.common import arg_int, figure, machine, median, quantile
from tui.app import RedemptionApp, Settings
from tui.screens.game import GameScreen
from tui.session import Session

SIZE = (80, 24)


class FrameClock:
    """Mixin: remember when the last frame was handed to the terminal."""

    last_frame: float = 0.0

    def _display(self, screen, renderable) -> None:  # type: ignore[override]
        if renderable is not None:
            self.last_frame = time.perf_counter()
        super()._display(screen, renderable)  # type: ignore[misc]


class TimedApp(FrameClock, RedemptionApp):
    CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))


class BareApp(FrameClock, App):
    BINDINGS = [Binding("enter", "hit", "Hit")]

    def compose(self) -> ComposeResult:
        yield Static("0", id="n")

    def action_hit(self) -> None:
        self.handled = time.perf_counter()
        self.count = getattr(self, "count", 0) + 1
        self.query_one("#n", Static).update(str(self.count))
        self.handled_end = time.perf_counter()


async def wait_frame(app, after: float, pilot, timeout: float = 1.0) -> float:
    t_end = time.perf_counter() + timeout
    while app.last_frame <= after and time.perf_counter() < t_end:
        await asyncio.sleep(0.0005)
    return app.last_frame


async def settle(app, pilot) -> None:
    for _ in range(50):
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:
            pass
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GameScreen) or not screen._thinking:
            return


def instrument():
    """Wrap GameScreen.submit and Session.autosave to record their spans."""
    spans = {"submit": [], "autosave": []}
    orig_submit, orig_save = GameScreen.submit, Session.autosave

    def submit(self, action):
        t = time.perf_counter()
        try:
            return orig_submit(self, action)
        finally:
            spans["submit"].append((t, time.perf_counter()))

    def autosave(self, *a, **kw):
        t = time.perf_counter()
        try:
            return orig_save(self, *a, **kw)
        finally:
            spans["autosave"].append((t, time.perf_counter()))

    GameScreen.submit, Session.autosave = submit, autosave
    return spans


async def measure_app(presses: int, folder: Path) -> dict[str, list[float]]:
    spans = instrument()
    out = {"total": [], "ours": [], "autosave": [], "dispatch": [], "frame": [], "pick": []}
    seed = 1
    while len(out["total"]) < presses:
        session = Session.new("resurrection", seed=seed, level="random", path=saves.save_path(f"keys{seed}", folder))
        seed += 1
        app = TimedApp(Settings(save_dir=folder, pause=0.25, signals=False), start=session)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            while not session.game.is_over and len(out["total"]) < presses:
                t_pick = time.perf_counter()
                await pilot.press("1")
                frame = await wait_frame(app, t_pick, pilot, timeout=0.5)
                if frame > t_pick:
                    out["pick"].append(frame - t_pick)
                await pilot.pause()
                n_sub, n_save = len(spans["submit"]), len(spans["autosave"])
                t0 = time.perf_counter()
                await pilot.press("enter")
                if len(spans["submit"]) == n_sub:
                    await settle(app, pilot)
                    continue
                s0, s1 = spans["submit"][n_sub]
                frame = await wait_frame(app, s1, pilot)
                out["ours"].append(s1 - s0)
                out["autosave"].append(sum(b - a for a, b in spans["autosave"][n_save:n_save + 1]))
                out["dispatch"].append(s0 - t0)
                out["frame"].append(frame - s1 if frame > s1 else float("nan"))
                out["total"].append((frame if frame > s1 else s1) - t0)
                await settle(app, pilot)
    return out


async def measure_bare(presses: int) -> dict[str, list[float]]:
    out = {"total": [], "ours": [], "dispatch": [], "frame": []}
    app = BareApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(presses):
            t0 = time.perf_counter()
            await pilot.press("enter")
            frame = await wait_frame(app, app.handled_end, pilot)
            out["dispatch"].append(app.handled - t0)
            out["ours"].append(app.handled_end - app.handled)
            out["frame"].append(frame - app.handled_end)
            out["total"].append(frame - t0)
            await pilot.pause()
    return out


def main() -> None:
    presses = arg_int("presses", 200)
    print(f"# keystrokes: Resurrection vs computer at {SIZE[0]}x{SIZE[1]}, {presses} Enter presses ({machine()})")
    with tempfile.TemporaryDirectory() as d:
        ours = asyncio.run(measure_app(presses, Path(d)))
    bare = asyncio.run(measure_bare(presses))
    ms = 1e3
    for key, label in (("ours", "our code (apply + log + autosave + refresh_view)"),
                       ("dispatch", "Textual: key press to handler"),
                       ("frame", "Textual: handler end to next frame"),
                       ("total", "key press to frame")):
        vals = [v for v in ours[key] if v == v]
        base = [v for v in bare[key] if v == v]
        goal = "median < 5 ms" if key == "ours" else ""
        figure(f"{label}, median", median(vals) * ms, "ms", "bare Textual app", median(base) * ms, goal=goal)
        figure(f"{label}, p99", quantile(vals, 0.99) * ms, "ms", "bare Textual app", quantile(base, 0.99) * ms)
    pick = [v * ms for v in ours["pick"]]
    if pick:
        figure(f"pick a card (key 1) to next frame, median ({len(pick)} presses)", median(pick), "ms",
               "bare Textual app, key to frame", median(bare["total"]) * ms)
    saves_ms = [v * ms for v in ours["autosave"]]
    print(f"of our code, the autosave (atomic write + fsync), median: {median(saves_ms):.2f} ms, p99: {quantile(saves_ms, 0.99):.2f} ms")
    rest = [(a - b) * ms for a, b in zip(ours["ours"], ours["autosave"])]
    figure("our code without the autosave, median", median(rest), "ms", "bare Textual app handler", median(bare["ours"]) * ms,
           goal="median < 5 ms")
    figure("our code without the autosave, p99", quantile(rest, 0.99), "ms", "bare Textual app handler",
           quantile(bare["ours"], 0.99) * ms)


if __name__ == "__main__":
    main()
