"""Snapshots of the screens a player sees, at 80x24 and 120x40, and in a plain (NO_COLOR, ASCII) terminal.

Update after a deliberate change with ``pytest tests/test_tui_snapshots.py --snapshot-update``
and look at the SVGs under ``tests/__snapshots__/``.
"""

from __future__ import annotations

import pytest

import saves
from tui.app import RedemptionApp, Settings
from tui.session import Session

SIZES = [(80, 24), (120, 40)]


def app_for(folder, session=None, **kw) -> RedemptionApp:
    return RedemptionApp(Settings(save_dir=folder, pause=0.0, signals=False, **kw), start=session)


def resurrection_battle(folder) -> Session:
    """Battle 1, extended: a tie of Red Kings, and the computer's next card face down; the player answers."""
    s = Session.new("resurrection", seed=1, first=1, path=saves.save_path("battle", folder))
    for text in ("play RK", "play RK", "play RA"):
        assert s.act(text, by_computer=s.is_computer(s.game.current_player)).ok
    return s


def redemption_battle(folder) -> Session:
    """Turn 1: a rescue attempt, blocked (the rescuer lets a Dominant window go), the blocker enhanced; the rescuer
    holds initiative."""
    s = Session.new("redemption", seed=5, path=saves.save_path("battle", folder))
    for text in ("cut", "cut", "first 0", "end", "rescue G13", "block H8", "decline", "enhance H17 H8"):
        assert s.act(text, by_computer=s.is_computer(s.game.current_player)).ok
    assert s.my_turn
    return s


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title(snap_compare, folder, size):
    assert snap_compare(app_for(folder), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_resurrection_battle(snap_compare, folder, size):
    assert snap_compare(app_for(folder, resurrection_battle(folder)), terminal_size=size)


def test_resurrection_battle_plain_terminal(snap_compare, folder, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(app_for(folder, resurrection_battle(folder), ascii=True), terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_redemption_battle(snap_compare, folder, size):
    assert snap_compare(app_for(folder, redemption_battle(folder)), terminal_size=size)
