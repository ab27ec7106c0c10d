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


class DecisionScreen(ChoiceScreen):
    """A decision an ability asks of the player at the keyboard (the cards it shows them, by name): the arrows or a
    number move to a card, Enter confirms it. Esc closes the list and the decision stays: Enter shows it again."""

    BINDINGS = [
        *ChoiceScreen.BINDINGS,
        *(Binding(str(n), f"number({n})", show=False, id=f"decision.number_{n}") for n in range(1, 10)),
    ]

    def __init__(self, options: list[str], title: str, actions: list[str]):
        super().__init__(options, title)
        self.actions = actions  # the action each option is, in notation

    def action_number(self, n: int) -> None:
        """A digit: the cursor to that option (Enter then confirms it)."""
        choices = self.query_one("#choices", DialogOptionList)
        if n <= choices.option_count:
            choices.highlighted = n - 1
