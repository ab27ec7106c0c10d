"""Keystroke handling in the app: from a key press to the action applied and on the screen.

In-process and headless (Textual's Pilot), at 80x24 and at 120x40: Resurrection against the
computer (random level; its reply waits 0.25 s so it cannot share the frame being timed),
pressing "1" (pick the first card) then Enter (play it), timing each accepted Enter:

* key press to the next frame: the first frame Textual hands to the terminal after our handler
  (``GameScreen.submit``) returned: what the player sees change;
* key press to settled: the last frame before the app is idle again (later frames only finish
  what the first one started: the Footer, the log's scroll position);
* our code alone: ``GameScreen.submit`` (apply, log, ``refresh_view``), and the autosave (atomic write with
  fsync), which runs once the frame showing the action is drawn (``GameScreen.save_soon``).

A player's keys come at least a frame apart (Textual draws at most 60 frames a second, so a frame asked for
within 1/60 s of the last one waits for its turn): the bench waits ``GAP`` after the pick before Enter, and as
long before each of the bare app's presses.

The baseline, in the same run and at the same size, is fair: a bare Textual app with the same
panes (status line, opponent, Field of Battle, your side, a hand list, a RichLog, the Footer) in
which Enter replaces the text of every pane with as much text as the game shows and writes one
line to the log. Goals: next frame median <= 25 ms and p99 <= 80 ms, ratio <= 3x.

Then Redemption mid-game, hot seat at 2 and 4 seats (``tests.bench.counts.midgame``: 60 actions played by the
computer players, saved, resumed): Enter on the card the cursor is put on, timed the same way for every Enter that
hands an action to the engine (a hand-off screen is taken untimed; a refusal is followed by a legal action applied
untimed, so the game moves on).

    python -m tests.bench.keystrokes [--presses N]
"""

from __future__ import annotations

import asyncio
import bisect
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, RichLog, Static
from textual.worker import WorkerCancelled

import saves
import tui.app
from tests.bench.common import figure, machine, median, parser, quantile
from tui.app import RedemptionApp, Settings
from tui.screens.game import GameScreen
from tui.session import Session

SIZES = ((80, 24), (120, 40))
GAP = 0.02  # seconds between keys: more than one frame of Textual's 60 a second


class FrameClock:
    """Mixin: remember when each frame was handed to the terminal."""

    def _display(self, screen, renderable) -> None:  # type: ignore[override]
        if renderable is not None:
            self.frames.append(time.perf_counter())  # type: ignore[attr-defined]
        super()._display(screen, renderable)  # type: ignore[misc]

    def frame_after(self, t: float) -> float:
        """The first frame after ``t`` (nan if none yet)."""
        i = bisect.bisect_right(self.frames, t)  # type: ignore[attr-defined]
        return self.frames[i] if i < len(self.frames) else float("nan")  # type: ignore[attr-defined]


class TimedApp(FrameClock, RedemptionApp):
    CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.frames: list[float] = []


class BareApp(FrameClock, App):
    """The game screen's panes as plain widgets; Enter rewrites them all, as an accepted action does."""

    BINDINGS = [
        Binding("enter", "hit", "Play"),
        Binding("space", "hit", "Pass"),
        Binding("n", "hit", "End"),
        Binding("u", "hit", "Undo"),
        Binding("s", "hit", "Save"),
        Binding("q", "hit", "Leave"),
    ]
    CSS = """
    #status { height: 1; }
    .pane { border: round $secondary; width: 100%; padding: 0 1; }
    .side { height: 4; }
    #battle { height: 1fr; }
    #hand { height: 8; }
    #log { width: 30; border: round $secondary; }
    """

    def __init__(self):
        super().__init__()
        self.frames: list[float] = []
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("status", id="status")
        with Horizontal():
            with Vertical():
                yield Static("opponent", classes="pane side", id="opp")
                yield Static("battle", classes="pane", id="battle")
                yield Static("you", classes="pane side", id="you")
                yield Static("hand", classes="pane", id="hand")
            yield RichLog(id="log", wrap=True)
        yield Footer(compact=True)

    def action_hit(self) -> None:
        self.handled = time.perf_counter()
        self.count += 1
        n = self.count
        self.query_one("#status", Static).update(
            f"Resurrection | Battle {n} | Your move: face down | Left: You 9, Computer 9"
        )
        self.query_one("#opp", Static).update(f"Hand {n % 9}  Hero Pile {n}  Fallen Pile {n}  Left {n}")
        self.query_one("#battle", Static).update(
            f"Aggressor: You (lost the last battle {n})\nYou       [A♠] [9 ]  power 14\n"
            f"Computer  [K♥]  power 13\nExtended battle: 1 tie(s) so far.\n>> You to play a card face down."
        )
        self.query_one("#you", Static).update(f"Hand {n % 9}  Hero Pile {n}  Fallen Pile {n}  Left {n}")
        self.query_one("#hand", Static).update(
            "\n".join(f"{'>' if i == n % 6 else ' '}{i + 1} [K♥] King  power 13" for i in range(6))
        )
        self.query_one("#log", RichLog).write(
            f"Battle {n}: You play the King of hearts (power 13); the computer answers."
        )
        self.handled_end = time.perf_counter()


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
    return spans, (orig_submit, orig_save)


async def measure_app(presses: int, folder: Path, size: tuple[int, int]) -> dict[str, list[float]]:
    spans, originals = instrument()
    out = {"next": [], "settled": [], "ours": [], "autosave": [], "pick": []}
    seed = 1
    try:
        while len(out["next"]) < presses:
            session = Session.new(
                "resurrection", seed=seed, level="random", path=saves.save_path(f"keys{seed}-{size[0]}", folder)
            )
            seed += 1
            app = TimedApp(Settings(save_dir=folder, pause=0.25, signals=False), start=session)
            async with app.run_test(size=size) as pilot:
                await settle(app, pilot)
                while not session.game.is_over and len(out["next"]) < presses:
                    t_pick = time.perf_counter()
                    await pilot.press("1")
                    await asyncio.sleep(GAP)
                    if app.frame_after(t_pick) == app.frame_after(t_pick):
                        out["pick"].append(app.frame_after(t_pick) - t_pick)
                    n_sub, n_save = len(spans["submit"]), len(spans["autosave"])
                    t0 = time.perf_counter()
                    await pilot.press("enter")  # returns once the app is idle: every frame of this key is drawn
                    if len(spans["submit"]) == n_sub:
                        await settle(app, pilot)
                        continue
                    s0, s1 = spans["submit"][n_sub]
                    first = app.frame_after(s1)
                    idle = time.perf_counter()
                    last = app.frames[bisect.bisect_right(app.frames, idle) - 1] if app.frames else float("nan")
                    out["ours"].append(s1 - s0)
                    out["autosave"].append(sum(b - a for a, b in spans["autosave"][n_save : n_save + 1]))
                    out["next"].append(first - t0)
                    out["settled"].append(max(last, first) - t0)
                    await settle(app, pilot)
    finally:
        GameScreen.submit, Session.autosave = originals
    return out


async def measure_bare(presses: int, size: tuple[int, int]) -> dict[str, list[float]]:
    out = {"next": [], "settled": [], "ours": []}
    app = BareApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(presses):
            await asyncio.sleep(GAP)
            t0 = time.perf_counter()
            await pilot.press("enter")
            idle = time.perf_counter()
            first = app.frame_after(app.handled_end)
            last = app.frames[bisect.bisect_right(app.frames, idle) - 1]
            out["ours"].append(app.handled_end - app.handled)
            out["next"].append(first - t0)
            out["settled"].append(max(first, last) - t0)
            await pilot.pause()
    return out


async def measure_redemption(presses: int, folder: Path, seats: int, size: tuple[int, int]) -> dict[str, list[float]]:
    """Enter presses in a resumed mid-game Redemption hot-seat game at ``seats`` seats."""
    from tests.bench.counts import midgame
    from tui.screens.handoff import HandOffScreen

    spans, originals = instrument()
    out: dict[str, list[float]] = {"next": [], "settled": [], "ours": [], "autosave": [], "pick": []}
    moves = 60
    try:
        while len(out["next"]) < presses:
            path = midgame(folder, seats, moves)
            moves += 7  # another position next time
            session = Session.load(path)
            app = TimedApp(Settings(save_dir=folder, pause=30.0, signals=False), start=session)
            async with app.run_test(size=size) as pilot:
                await settle(app, pilot)
                stuck = 0
                while len(out["next"]) < presses:
                    screen = app.screen
                    if isinstance(screen, HandOffScreen):
                        await pilot.press("enter")
                        await settle(app, pilot)
                        continue
                    game = session.game
                    if game.is_over or stuck > 20:
                        break
                    done = len(game.history)
                    await asyncio.sleep(GAP)
                    n_sub, n_save = len(spans["submit"]), len(spans["autosave"])
                    t0 = time.perf_counter()
                    await pilot.press("enter")
                    if len(spans["submit"]) > n_sub:
                        s0, s1 = spans["submit"][n_sub]
                        first = app.frame_after(s1)
                        idle = time.perf_counter()
                        last = app.frames[bisect.bisect_right(app.frames, idle) - 1] if app.frames else float("nan")
                        out["ours"].append(s1 - s0)
                        out["autosave"].append(sum(b - a for a, b in spans["autosave"][n_save : n_save + 1]))
                        out["next"].append(first - t0)
                        out["settled"].append(max(last, first) - t0)
                    await settle(app, pilot)
                    if len(session.game.history) == done and isinstance(app.screen, GameScreen):
                        stuck += 1  # refused, or a list was opened: take it, or move the game on untimed
                        legal = session.game.legal_actions()
                        if legal and session.my_turn:
                            app.screen.submit(legal[-1])
                            await settle(app, pilot)
                    elif not isinstance(app.screen, (GameScreen, HandOffScreen)):
                        await pilot.press("enter")  # a list of choices: its first
                        await settle(app, pilot)
            session.close()
    finally:
        GameScreen.submit, Session.autosave = originals
    return out


def report(size: tuple[int, int], ours: dict, bare: dict, what: str = "") -> None:
    ms = 1e3
    at = f"{what}{size[0]}x{size[1]}"

    def clean(vals):
        return [v * ms for v in vals if v == v]

    for key, label, goals in (
        ("next", "key press to next frame", ("<= 25 ms", "<= 80 ms")),
        ("settled", "key press to settled (last frame before idle)", ("", "")),
        ("ours", "our handler (apply + log + refresh_view)", ("", "")),
    ):
        vals, base = clean(ours[key]), clean(bare[key])
        figure(f"{at} {label}, median", median(vals), "ms", "bare app, same panes", median(base), goal=goals[0])
        figure(
            f"{at} {label}, p99",
            quantile(vals, 0.99),
            "ms",
            "bare app, same panes",
            quantile(base, 0.99),
            goal=goals[1],
        )
    pick = clean(ours["pick"])
    if pick:
        figure(
            f"{at} pick a card (key 1) to next frame, median ({len(pick)} presses)",
            median(pick),
            "ms",
            "bare app, key to next frame",
            median(clean(bare["next"])),
        )
    saves_ms = clean(ours["autosave"])
    print(
        f"{at} the autosave (atomic write + fsync, after the frame), median: {median(saves_ms):.2f} ms, "
        f"p99: {quantile(saves_ms, 0.99):.2f} ms",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--presses", type=int, default=100, help="accepted Enter presses per size (default %(default)s)")
    presses = ap.parse_args(argv).presses
    print(f"# keystrokes: Resurrection vs computer, {presses} accepted Enter presses per size ({machine()})")
    for size in SIZES:
        with tempfile.TemporaryDirectory() as d:
            ours = asyncio.run(measure_app(presses, Path(d), size))
        bare = asyncio.run(measure_bare(presses, size))
        report(size, ours, bare)
    size = SIZES[0]
    bare = asyncio.run(measure_bare(presses, size))
    for seats in (2, 4):
        with tempfile.TemporaryDirectory() as d:
            ours = asyncio.run(measure_redemption(presses, Path(d), seats, size))
        report(size, ours, bare, f"Redemption {seats} seats mid-game, ")


if __name__ == "__main__":
    main()
