"""Pick one of several legal actions (shown only when a card allows more than one)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from tui.dialogkeys import DialogOptionList


class ChoiceScreen(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choice.cancel")]

    def __init__(self, options: list[str], title: str = "Which action?"):
        super().__init__()
        self.options = options
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield DialogOptionList(*self.options, id="choices")

    def submit(self, index: int) -> None:
        """Enter on an option (see ``DialogOptionList``)."""
        self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)
