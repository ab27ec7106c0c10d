"""A bound on the keys typed ahead of the app.

The terminal driver reads the keyboard in its own thread and hands every key to the app's event loop at once; a
paste of megabytes into a game (or a client that floods its SSH channel) would make millions of keys wait there,
each a task, a future and an event: gigabytes of memory, and an app that answers nothing for minutes. Here at
most MAX_TYPED_AHEAD keys are on their way at a time (a person types a few dozen ahead); the rest are dropped
and the player is told how many. A paste is cut at MAX_PASTE characters (no field takes more than a line).
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Protocol, runtime_checkable

from textual import events
from textual.driver import Driver
from textual.message import Message

from tui.compat import driver_app

MAX_TYPED_AHEAD = 256  # keys handed to the app and not yet taken by it
MAX_PASTE = 4096  # characters of one paste
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})  # the keys that leave the app are never dropped


class KeysDropped(Message):
    """Posted to the app (from the driver's thread) when typed keys had to be dropped."""


class TypedAhead:
    """The keys between the driver's thread and the app: admitted up to ``limit``, the rest counted as dropped."""

    def __init__(self, limit: int = MAX_TYPED_AHEAD) -> None:
        self.limit = limit
        self.pending = 0
        self.dropped = 0
        self._lock = threading.Lock()

    def admit(self, always: bool = False) -> tuple[bool, bool]:
        """(may this key go on, is it the first dropped since the player was last told); ``always``: it may."""
        with self._lock:
            if self.pending >= self.limit and not always:
                self.dropped += 1
                return False, self.dropped == 1
            self.pending += 1
            return True, False

    def arrived(self) -> None:
        """A key reached the app (keys that did not come through :meth:`admit`, a test's, are not counted)."""
        with self._lock:
            self.pending = max(0, self.pending - 1)

    def take_dropped(self) -> int:
        with self._lock:
            n, self.dropped = self.dropped, 0
            return n


@runtime_checkable
class TypesAhead(Protocol):
    """An app whose keys are bounded (``tui.app.RedemptionApp``): the keys on their way to it."""

    typed_ahead: TypedAhead


@functools.cache
def bounded(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` with its keys bounded by its app's ``typed_ahead`` (:class:`TypesAhead`); the messages to an
    app without one go on unbounded."""

    class Bounded(driver_class):  # type: ignore[valid-type,misc]
        def send_message(self, message: Any) -> None:
            app = driver_app(self)
            typed = app.typed_ahead if isinstance(app, TypesAhead) else None
            if typed is not None and isinstance(message, events.Key):
                go, first = typed.admit(always=message.key in ALWAYS)
                if not go:
                    if first:
                        app.post_message(KeysDropped())  # thread-safe: the app tells the player
                    return
            elif typed is not None and isinstance(message, events.Paste) and len(message.text) > MAX_PASTE:
                with typed._lock:
                    typed.dropped += len(message.text) - MAX_PASTE
                message = events.Paste(message.text[:MAX_PASTE])
                app.post_message(KeysDropped())
            super().send_message(message)

    Bounded.__name__ = Bounded.__qualname__ = f"Bounded{driver_class.__name__}"
    return Bounded
