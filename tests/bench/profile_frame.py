"""Where a key press and the first frame spend their time: cProfile of the app, top functions by cumulative time.

Not a figure with a baseline: the tool for finding what to fix when ``keystrokes`` or ``first_frame`` miss their
goals. ``keys``: Resurrection against the computer at the given size, each accepted Enter profiled from the key
to the app idle again (both frames, the save after the first); ``first``: creating the app to the game screen's
first frame (the profile stops there: what runs after it, the collection and the deferred imports, is left out),
for a new Resurrection game, or with ``--seats N`` a Redemption hot-seat game resumed mid-game (reading the save
included, as in ``first_frame``).

    python -m tests.bench.profile_frame [--what keys|first] [--seats N] [--width W] [--height H] [--presses N]
        [--top N]
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import tempfile
from pathlib import Path

import saves
from tests.bench import first_frame
from tests.bench.common import machine, parser
from tests.bench.counts import midgame
from tests.bench.keystrokes import GAP, TimedApp, settle
from tui.app import Settings
from tui.session import Session


async def profile_keys(prof: cProfile.Profile, presses: int, size: tuple[int, int], folder: Path) -> None:
    done, seed = 0, 1
    while done < presses:
        session = Session.new("resurrection", seed=seed, level="random", path=saves.save_path(f"p{seed}", folder))
        seed += 1
        app = TimedApp(Settings(save_dir=folder, pause=0.25, signals=False), start=session)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            while not session.game.is_over and done < presses:
                await pilot.press("1")
                await asyncio.sleep(GAP)
                prof.enable()
                await pilot.press("enter")
                prof.disable()
                done += 1
                await settle(app, pilot)


class StopAtFirstFrame(first_frame.TimedApp):
    """The profile stops as the first frame of the game screen is handed to the terminal."""

    profile: cProfile.Profile | None = None

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        if renderable is not None and self.shown_at is None and isinstance(screen, self.target) and self.profile:
            self.profile.disable()
        super()._display(screen, renderable)


def profile_first(prof: cProfile.Profile, runs: int, folder: Path, seats: int = 0) -> None:
    saved = midgame(folder, seats, 60) if seats else None

    def game_app() -> StopAtFirstFrame:
        if saved is not None:
            return StopAtFirstFrame(Settings(save_dir=folder, pause=30.0, signals=False), start=Session.load(saved))
        session = Session.new("resurrection", seed=1, path=saves.save_path("bench", folder))
        return StopAtFirstFrame(Settings(save_dir=folder, pause=0.0), start=session)

    async def once() -> None:
        prof.enable()
        app = game_app()
        await app.run_async(headless=True, size=first_frame.SIZE)

    StopAtFirstFrame.profile = None
    asyncio.run(first_frame.once(game_app))  # warm up
    StopAtFirstFrame.profile = prof
    for _ in range(runs):
        asyncio.run(once())
    prof.disable()


def main(argv: list[str] | None = None) -> None:
    ap = parser(__file__, __doc__)
    ap.add_argument("--what", choices=("keys", "first"), default="keys", help="what is profiled (default %(default)s)")
    ap.add_argument("--seats", type=int, default=0, help="first: a Redemption game of N seats resumed mid-game")
    ap.add_argument("--width", type=int, default=120, help="keys: the screen's width (default %(default)s)")
    ap.add_argument("--height", type=int, default=40, help="keys: the screen's height (default %(default)s)")
    ap.add_argument("--presses", type=int, default=40, help="key presses, or first frames (default %(default)s)")
    ap.add_argument("--top", type=int, default=40, help="functions listed (default %(default)s)")
    a = ap.parse_args(argv)
    what, size, presses, top = a.what, (a.width, a.height), a.presses, a.top
    prof = cProfile.Profile()
    with tempfile.TemporaryDirectory() as d:
        if what == "first":
            seats = a.seats
            game = f"Redemption resumed mid-game, {seats} seats" if seats else "a new Resurrection game"
            print(f"## first frame, {game}, {presses} runs at 80x24 ({machine()})")
            profile_first(prof, presses, Path(d), seats)
        else:
            print(f"## {presses} accepted Enter presses at {size[0]}x{size[1]} ({machine()})")
            asyncio.run(profile_keys(prof, presses, size, Path(d)))
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(top)
    print(out.getvalue())


if __name__ == "__main__":
    main()
