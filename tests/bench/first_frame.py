"""Time to first frame of the game screen, as a ratio to a bare Textual app with the same panes.

Run: ``python tests/bench/first_frame.py [runs]``. Both apps run headless at 80x24 in the
same process, alternating, after imports are warm; the time runs from creating the app to
the first frame Textual hands to the terminal for the screen in question. Prints the
medians and the ratio (app / bare): for a new Resurrection game, and for a Redemption hot-seat game resumed
mid-game at 2 and 4 seats (``tests.bench.counts.midgame``: 60 actions played; the time includes reading the save).
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
from textual.containers import Horizontal, Vertical  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets import Footer, Input, RichLog, Static  # noqa: E402

import saves  # noqa: E402
import tui.app  # noqa: E402
from tui.app import RedemptionApp, Settings  # noqa: E402
from tui.screens.game import GameScreen  # noqa: E402
from tui.session import Session  # noqa: E402

SIZE = (80, 24)


class FirstFrame:
    """Mixin: note the time of the first frame drawn for a screen of ``target`` type, then exit."""

    target: type = Screen
    shown_at: float | None = None

    def _display(self, screen, renderable) -> None:  # type: ignore[override]
        if renderable is not None and self.shown_at is None and isinstance(screen, self.target):
            self.shown_at = time.perf_counter()
            self.call_later(self.exit)  # type: ignore[attr-defined]
        super()._display(screen, renderable)  # type: ignore[misc]


class BareScreen(Screen):
    """The same panes as the game screen, with plain widgets and borders."""

    CSS = """
    #status { height: 1; }
    .pane { border: round $secondary; width: 100%; }
    .small { height: 3; }
    #battle { height: 1fr; }
    #hand { height: 7; }
    #log { width: 30; border: round $secondary; }
    """

    def compose(self) -> ComposeResult:
        yield Static("status", id="status")
        with Horizontal():
            with Vertical():
                yield Static("opponent", classes="pane small")
                yield Static("battle", classes="pane", id="battle")
                yield Static("you", classes="pane small")
                yield Static("1\n2\n3\n4\n5", classes="pane", id="hand")
            yield RichLog(id="log")
        input_ = Input()
        input_.display = False
        yield input_
        yield Footer()


class BareApp(FirstFrame, App):
    target = BareScreen

    def on_mount(self) -> None:
        self.push_screen(BareScreen())


class TimedApp(FirstFrame, RedemptionApp):
    target = GameScreen
    CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))


async def once(make) -> float:
    start = time.perf_counter()
    app = make()
    await app.run_async(headless=True, size=SIZE)
    assert app.shown_at is not None, "no frame was drawn"
    return app.shown_at - start


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

    cases = [("a new Resurrection game", new_game)]
    cases += [(f"Redemption resumed mid-game, {n} seats", resumed(midgame(folder, n, 60))) for n in (2, 4)]
    for label, game_app in cases:
        asyncio.run(once(game_app))  # warm up: imports, CSS parsing caches
        asyncio.run(once(BareApp))
        ours, bare = [], []
        for _ in range(runs):
            ours.append(asyncio.run(once(game_app)))
            bare.append(asyncio.run(once(BareApp)))
        o, b = statistics.median(ours), statistics.median(bare)
        print(
            f"first frame at {SIZE[0]}x{SIZE[1]}, {label}, median of {runs}: app {o * 1000:.0f} ms, "
            f"bare Textual app with the same panes {b * 1000:.0f} ms, ratio {o / b:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
