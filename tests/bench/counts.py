"""How much engine work the game screen does per key and before a resumed game's first frame: counts, not times.

Counted: the engines' ``legal_actions()``, ``view()`` and ``clone()`` (both games), the game screen's
``check_action`` (Textual asks it for every binding the Footer shows), ``refresh_view`` (asked to redraw every pane)
and the game's ``render`` (the panes' texts made again: a refresh_view when what they show has changed), and each engine ``apply`` (a resumed game that replays its history shows here). Calls made in another thread
(the computer working out its move on its own copy of the game) are counted apart, as ``computer``.

Scenarios, headless at 80x24 (the computer's reply waits 30 s, so it never falls inside a counted key):

* Resurrection against the computer: "1" (pick a card) then Enter (play it): the counts of the Enter press;
* Redemption at 2 and 4 seats, hot seat, resumed mid-game (moves played by the computer players first):
  everything before the first frame, then one Enter on the card under the cursor.

    python -m tests.bench.counts
"""

from __future__ import annotations

import asyncio
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import saves
from rules.agents import choose_for, make_agent
from rules.redemption.game import Game as RedemptionGame
from rules.resurrection.game import Game as ResurrectionGame
from tests.bench.common import parser
from tui.app import RedemptionApp, Settings
from tui.games.redemption import RedemptionUI
from tui.games.resurrection import ResurrectionUI
from tui.screens.game import GameScreen
from tui.session import Seat, Session

SIZE = (80, 24)
COUNTED: tuple[tuple[type, str], ...] = (
    *(
        (cls, m)
        for cls in (ResurrectionGame, RedemptionGame)
        for m in ("legal_actions", "view", "view_and_legal", "clone", "apply")
    ),
    (GameScreen, "check_action"),
    (GameScreen, "refresh_view"),
    (RedemptionUI, "render"),
    (ResurrectionUI, "render"),
)
#: ``view_and_legal`` is a view (with the legal actions it lists worked out once, counted as one legal_actions).
AS = {"view_and_legal": "view"}


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count every call of the methods in COUNTED while the block runs."""
    counts: Counter[str] = Counter()
    saved: list[tuple[type, str, Any]] = []  # (class, name, its own attribute or None: inherited)
    inside = threading.local()  # the names being counted in this thread: a view inside view_and_legal is one view

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*a: Any, **kw: Any) -> Any:
            now: set[str] = inside.__dict__.setdefault("names", set())
            if name in now:
                return fn(*a, **kw)
            counts[name if threading.current_thread() is threading.main_thread() else f"computer {name}"] += 1
            now.add(name)
            try:
                return fn(*a, **kw)
            finally:
                now.discard(name)

        return counted

    for cls, m in COUNTED:
        if not hasattr(cls, m):  # an older revision (measured for a before-and-after)
            continue
        saved.append((cls, m, cls.__dict__.get(m)))
        setattr(cls, m, wrap(AS.get(m, m), getattr(cls, m)))
    try:
        yield counts
    finally:
        for cls, m, orig in saved:
            if orig is None:
                delattr(cls, m)
            else:
                setattr(cls, m, orig)


class FirstFrameApp(RedemptionApp):
    """Notes when the first frame of the game screen reaches the terminal."""

    CSS_PATH = str(Path(__file__).resolve().parents[2] / "tui" / "app.tcss")
    shown: Callable[[], None] | None = None

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None and isinstance(screen, GameScreen) and self.shown is not None:
            shown, self.shown = self.shown, None
            shown()
        super()._display(screen, renderable)


def show(counts: Counter[str], label: str) -> None:
    keys = ("legal_actions", "view", "clone", "check_action", "refresh_view", "render", "apply")
    theirs = ", ".join(f"{k} {counts['computer ' + k]}" for k in keys[:3] if counts["computer " + k])
    print(f"{label}: " + ", ".join(f"{k} {counts[k]}" for k in keys) + (f" (computer: {theirs})" if theirs else ""))


async def _settle(app: RedemptionApp, pilot: Any) -> None:
    for _ in range(5):
        await pilot.pause()


async def resurrection_key(folder: Path) -> None:
    session = Session.new("resurrection", seed=1, level="random", path=saves.save_path("counts-res", folder))
    app = FirstFrameApp(Settings(save_dir=folder, pause=30.0, signals=False), start=session)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        await pilot.press("1")
        await _settle(app, pilot)
        with counting() as c:
            await pilot.press("enter")
            await _settle(app, pilot)
        show(c, "Resurrection, Enter plays the picked card")


def midgame(folder: Path, seats: int, moves: int) -> Path:
    """A hot-seat Redemption game with ``moves`` actions played by the computer players, saved."""
    session = Session.new(
        "redemption", seed=7, seats=[Seat("human")] * seats, path=saves.save_path(f"counts-{seats}", folder)
    )
    agents = [make_agent("redemption", "normal", 100 + i) for i in range(seats)]
    for _ in range(moves):
        g = session.game
        if g.is_over or g.current_player is None:
            break
        session.game.apply(choose_for(agents[g.current_player], g))
    session.viewer = session.game.current_player or 0
    session.screen = "game"
    session.autosave()
    session.close()
    assert session.path is not None
    return session.path


async def redemption_resumed(folder: Path, seats: int, moves: int) -> None:
    path = midgame(folder, seats, moves)
    with counting() as c:
        session = Session.load(path)
        app = FirstFrameApp(Settings(save_dir=folder, pause=30.0, signals=False), start=session)
        first = asyncio.get_running_loop().create_future()
        app.shown = lambda: first.done() or first.set_result(None)
        async with app.run_test(size=SIZE) as pilot:
            await first
            before = Counter(c)
            await _settle(app, pilot)
            c.clear()
            await pilot.press("enter")
            await _settle(app, pilot)
            key = Counter(c)
    show(before, f"Redemption {seats} seats, resumed after {len(session.game.history)} actions: before the first frame")
    show(key, f"Redemption {seats} seats: Enter on the card under the cursor")


def main(argv: list[str] | None = None) -> None:
    parser(__file__, __doc__).parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        asyncio.run(resurrection_key(folder))
        for seats in (2, 4):
            asyncio.run(redemption_resumed(folder, seats, 60))


if __name__ == "__main__":
    main()
