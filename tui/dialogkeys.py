"""Dialog widgets that answer their dialog at once, so keys typed behind the answer are not lost.

A dialog's field or list hears Enter (the answer) and, in the same read from the terminal (fast typing, a paste,
a slow SSH link), the keys typed after it: all of them are queued in the widget before it handles the Enter.
Textual's widgets answer by posting a message (``Input.Submitted``, ``OptionList.OptionSelected``) that reaches
the dialog only after the widget has handled those keys too: they went into the field, or to a list that had no
use for them, and were lost with the dialog. These widgets call their dialog's ``submit(...)`` in their own turn
instead (the dialog dismisses itself or stays, as it decides), and a key that reaches them once their dialog has
closed goes back to the app, which sends it where it belongs (the screen below), in the order typed.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from textual import events
from textual.widget import Widget
from textual.widgets import Input, OptionList

from tui.compat import run_own_binding


class Dialog(Protocol):
    """The screen of a dialog widget: it takes the answer (and dismisses itself, or stays)."""

    def submit(self, answer: Any) -> None: ...


def dialog(widget: Widget) -> Dialog:
    return cast(Dialog, widget.screen)


def handed_back(widget: Widget, event: events.Key) -> bool:
    """If ``widget``'s dialog has closed, ``event`` goes back to the app (True: nothing more to do here)."""
    if widget.screen is widget.app.screen:
        return False
    event.stop()
    event.prevent_default()
    widget.app.post_message(events.Key(event.key, event.character))
    return True


class DialogInput(Input):
    """A dialog's text field: Enter calls the dialog's ``submit(value)``."""

    async def action_submit(self) -> None:
        dialog(self).submit(self.value)

    def on_key(self, event: events.Key) -> None:
        handed_back(self, event)  # if so, the event goes no further: not to the field's own handler either


class DialogOptionList(OptionList):
    """A dialog's list: Enter (or a click) on an option calls the dialog's ``submit(index)``; the list's own keys
    (Enter, the arrows) run as it receives them, in order with the rest (Textual runs a widget's bindings only once
    the key has gone up to the app, after the keys behind it)."""

    def action_select(self) -> None:
        i = self.highlighted
        if i is not None and not self.get_option_at_index(i).disabled:
            dialog(self).submit(i)

    async def on_key(self, event: events.Key) -> None:
        if not handed_back(self, event):
            await run_own_binding(self, event)
