"""What a screen asks of the app it runs in, typed: the settings and the ways to open a game or its review.

The app (``tui.app.RedemptionApp``) imports the screens, so a screen cannot name it without a cycle; it names this
protocol instead, and reaches the app through :func:`host` (``host(self).settings``), the one checked step from
Textual's ``App[object]`` to the services the screens use. ``tui.app`` checks that the app meets it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual.message_pump import MessagePump
    from textual.screen import Screen

    from tui.session import GameSession, Session
    from tui.settings import Settings


@runtime_checkable
class Host(Protocol):
    """The app's services to its screens (``tui.app.RedemptionApp``)."""

    settings: Settings
    keymap: dict[str, str]  # the player's keys (tui.keys): action id -> keys, checked
    start_review: bool  # the app was opened on a game's review (the review's Esc ends it)

    def new_session(self, game: str, **kw: Any) -> Session: ...  # a local game; ``kw`` as Session.new takes them
    def game_screen(self, session: GameSession) -> Screen[None]: ...
    def open_review(self, session: GameSession, seat: int | None = None) -> bool: ...  # False: said why it cannot
    def switch_to_game(self, session: GameSession) -> None: ...  # the game's screen in place of the current one
    def record_unsaved(self, session: GameSession) -> None: ...  # told as the app ends if its save lacks moves


class HoldsAGame:
    """A screen whose game (its session, the board drawn from it) lives as long as the screen does: the app settles
    its memory once such a screen is shown (``RedemptionApp.settle_memory_soon``). The game and review screens."""


def host(node: MessagePump) -> Host:
    """The app ``node`` runs in, as its screens use it; TypeError for an app that is not the game's (a bare App)."""
    app = node.app
    if not isinstance(app, Host):
        raise TypeError(f"{type(app).__name__} is not the game's app: it lacks what the screens ask of it")
    return app


__all__ = ["HoldsAGame", "Host", "host"]
