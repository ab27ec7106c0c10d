"""What keeps a key press cheap to redraw: the Footer's keys dimmed in place, not rebuilt, and the
hand pane of Resurrection at a fixed height. The speed itself is measured in ``tests/bench/keystrokes.py``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import saves
from tui.session import Session
from tui.widgets import CardList


def make_app(save_dir, start, pause: float):
    from tui.app import RedemptionApp, Settings

    return RedemptionApp(Settings(save_dir=save_dir, pause=pause, signals=False), start=start)


def test_an_accepted_action_dims_play_in_the_same_footer_keys_and_keeps_the_hand_pane_height(tmp_path):
    from textual.widgets._footer import FooterKey

    session = Session.new("resurrection", seed=1, level="random", path=saves.save_path("keys", tmp_path))
    app = make_app(tmp_path, session, pause=30.0)  # the computer's answer waits: its move is shown as pending

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            keys = list(screen.query(FooterKey))
            play = next(k for k in keys if k.action == "play")
            assert session.my_turn and not play.has_class("-disabled")
            hand = screen.query_one("#hand", CardList)
            height = hand.outer_size.height
            before = len(hand.items)
            await pilot.press("1", "enter")
            await pilot.pause()
            await pilot.pause()
            assert not session.my_turn and len(hand.items) == before - 1
            assert list(screen.query(FooterKey)) == keys  # the very same widgets: nothing mounted again
            assert play.has_class("-disabled")  # the computer's move: Play is dimmed
            assert hand.outer_size.height == height  # the pane keeps its height: no new layout for a card played

    asyncio.run(go())


def test_an_accepted_action_is_saved_right_after_the_frame_that_shows_it(tmp_path):
    """The save's fsync does not delay the frame: it is written once that frame is drawn, and leaving saves at once."""
    import tui.app
    from tui.app import RedemptionApp, Settings

    happened: list[str] = []

    class App(RedemptionApp):
        CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))

        def _display(self, screen, renderable) -> None:
            if renderable is not None:
                happened.append("frame")
            super()._display(screen, renderable)

    session = Session.new("resurrection", seed=1, level="random", path=saves.save_path("keys", tmp_path))
    write = session.autosave

    def autosave():
        happened.append("save")
        return write()

    session.autosave = autosave  # type: ignore[method-assign]
    app = App(Settings(save_dir=tmp_path, pause=30.0, signals=False), start=session)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1")
            happened.clear()
            await pilot.press("enter")
            await pilot.pause()
            # the frame first, then the save (a busy machine may draw a second frame before the save runs)
            assert len(session.meta.log) > 1 and happened[0] == "frame" and "save" in happened
            assert saves.read(session.path).meta.log == session.meta.log  # the file holds the action
            assert happened.count("save") == 1

    asyncio.run(go())


def test_the_app_settles_memory_by_one_collection_then_a_freeze():
    """The real RedemptionApp.settle_memory (the suite's apps skip it: tests/conftest.py): what died is
    collected, what lives is frozen out of the collector's way."""
    import gc
    import weakref

    from tests.conftest import REAL_SETTLE_MEMORY

    class Cycle:
        me: object = None

    dead = Cycle()
    dead.me = dead
    gone = weakref.ref(dead)
    del dead
    REAL_SETTLE_MEMORY[0]()  # leaves the heap frozen, as the suite keeps it (tests/conftest.py)
    assert gone() is None and gc.get_freeze_count() > 0


def test_a_forked_session_settles_memory_without_touching_the_frozen_heap(monkeypatch):
    """In a session forked by the fork server (tui.app.SHARED_FROZEN) the frozen objects are the fork server's,
    shared with every session: settle_memory collects the session's own dead objects and leaves the frozen
    generation as it is (unfreezing and collecting it would write to, and so copy, every page of it)."""
    import gc
    import weakref

    import tui.app
    from tests.conftest import REAL_SETTLE_MEMORY

    class Cycle:
        me: object = None

    gc.freeze()
    frozen = gc.get_freeze_count()
    monkeypatch.setattr(tui.app, "SHARED_FROZEN", True)
    dead = Cycle()
    dead.me = dead
    gone = weakref.ref(dead)
    del dead
    REAL_SETTLE_MEMORY[0]()
    assert gone() is None and gc.get_freeze_count() == frozen
