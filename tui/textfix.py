"""Text fields apply every key in the order it was typed.

Textual 8 inserts a typed character as soon as an ``Input`` receives the key (``Input._on_key``), but runs a
bound key (backspace, delete, the arrows, Home/End, Enter) only once the event has bubbled back up to the app
and the app finds the binding (Textual issue #6605). When one read from the terminal holds several keys (fast
typing, a paste, a slow SSH link), they are queued in the field together: the characters would go in first and
a late backspace delete them, so "3 backspaces, x" would lose the x. Here the field runs its own bindings as it
receives each key, in its own queue, so everything applies in order; keys it does not bind go on to the app,
and priority bindings (Ctrl+Q) are still checked by the app before the field sees the key. This is the change
proposed upstream (Textual pull request #6631); drop this module when a Textual release includes it.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

_typed = Input._on_key


async def _on_key(self: Input, event: events.Key) -> None:
    for binding in self._bindings.key_to_bindings.get(event.key, ()):
        if not binding.priority and await self.app.run_action(binding.action, self):
            event.stop()
            event.prevent_default()
            return
    await _typed(self, event)


if not getattr(Input._on_key, "_in_order", False):
    _on_key._in_order = True  # type: ignore[attr-defined]
    Input._on_key = _on_key  # type: ignore[method-assign]
