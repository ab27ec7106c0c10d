"""One frame per state change: a key press costs the engine one ``view()`` and one ``legal_actions()`` (the
session's frame, ``tui.session.Frame``), and a resumed game shows its first frame without replaying its history.
Counted as ``python -m tests.bench.counts`` counts them (calls in the computer's thread apart)."""

from __future__ import annotations

import asyncio
from collections import Counter

import saves
from tests.bench.counts import SIZE, FirstFrameApp, counting, midgame
from tui.app import Settings
from tui.screens.game import GameScreen
from tui.session import RECAP, Session


async def _settle(pilot) -> None:
    for _ in range(5):
        await pilot.pause()


def _resume_and_press(tmp_path, seats: int, moves: int) -> tuple[Counter[str], Counter[str], Session] | None:
    """None: Enter on the card under the cursor would not play it in this position."""
    path = midgame(tmp_path, seats, moves)
    with counting() as c:
        session = Session.load(path)
        app = FirstFrameApp(Settings(save_dir=tmp_path, pause=30.0, signals=False), start=session)

        async def go() -> tuple[Counter[str], Counter[str]] | None:
            first = asyncio.get_running_loop().create_future()
            app.shown = lambda: first.done() or first.set_result(None)
            async with app.run_test(size=SIZE) as pilot:
                await first
                before = Counter(c)
                await _settle(pilot)
                screen = app.screen
                assert isinstance(screen, GameScreen) and session.my_turn
                frame = session.frame()
                if frame.controls.enter_on_card(frame.legal, screen.selected_card()).kind != "apply":
                    return None
                done = len(session.game.history)
                c.clear()
                await pilot.press("enter")
                await _settle(pilot)
                assert len(session.game.history) == done + 1, "Enter played the card under the cursor"
                key = Counter(c)
                key["mine"] = int(session.my_turn)  # the viewer decides again: their legal actions are in the frame
                return before, key

        counted = asyncio.run(go())
    return None if counted is None else (*counted, session)


def test_a_key_costs_one_view_and_one_legal_actions_at_two_and_four_seats(tmp_path):
    decided_again = 0
    for seats in (2, 4):
        pressed = next(filter(None, (_resume_and_press(tmp_path, seats, moves) for moves in range(60, 200, 7))))
        before, key, _ = pressed
        assert key["view"] == 1 and key["legal_actions"] == key["mine"], (seats, key)
        assert key["apply"] == 1 and key["clone"] == 0, (seats, key)  # hot seat: no undo, so no copy for it
        # the first frame of the resumed game: its history is not replayed, the engine asked once
        assert before["apply"] == 0 and before["view"] == 1 and before["legal_actions"] == 1, (seats, before)
        decided_again += key["mine"]
    assert decided_again  # at least one press after which the same player decides: its legal actions were counted


def test_a_key_against_the_computer_costs_one_view_and_leaves_the_computers_legal_actions_to_its_thread(tmp_path):
    session = Session.new("resurrection", seed=1, level="random", path=saves.save_path("frame", tmp_path))
    app = FirstFrameApp(Settings(save_dir=tmp_path, pause=30.0, signals=False), start=session)

    async def go() -> Counter[str]:
        async with app.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            await pilot.press("1")
            await _settle(pilot)
            with counting() as c:
                await pilot.press("enter")
                await _settle(pilot)
            assert not session.my_turn  # played: the computer's move
            return Counter(c)

    c = asyncio.run(go())
    assert c["view"] == 1 and c["legal_actions"] == 0 and c["apply"] == 1, c
    assert c["clone"] == 1, c  # the computer's private copy (no undo at the random level)


def test_a_game_saved_without_the_last_battle_tells_it_after_its_first_frame(tmp_path):
    """A save from before the recap was kept: the history is replayed once the first frame is shown."""
    session = Session.new("redemption", seed=3, path=saves.save_path("norecap", tmp_path))
    from rules.core import Rng

    rng, resolved = Rng(3), ""
    for _ in range(3000):
        if resolved and session.game.current_player == 0:
            break
        legal = session.game.legal_actions()
        out = session.act(legal[rng.below(len(legal))], by_computer=True)
        resolved = next((session.words(e) for e in out.events if e.kind == "resolve"), resolved)
    assert session.last_result[0] == resolved
    del session.meta.extra[RECAP]
    session.autosave()
    session.close()
    resumed = Session.load(session.path)
    assert not resumed.recalls and resumed.last_result == []
    app = FirstFrameApp(Settings(save_dir=tmp_path, pause=30.0, signals=False), start=resumed)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            assert resumed.recalls and resumed.last_result[0] == resolved

    asyncio.run(go())
