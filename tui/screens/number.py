"""Pick a number in a range (how many cards to lift in a cut): one line, not a row per number."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from tui.controls import Controls
from tui.dialogkeys import DialogInput


class NumberInput(DialogInput):
    """The number's field takes digits only: Textual gives every printable key to a focused text field before the
    screen's bindings, so without this ``r`` (a random cut), ``+`` and ``-`` never reached the dialog."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


class NumberScreen(ModalScreen[int | str | None]):
    """Dismisses with the number, ``"random"`` (r, when offered) or None (Esc)."""

    # priority: the arrows go past the text field (which keeps left/right for its cursor)
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="number.cancel"),
        Binding("up,plus", "step(1)", "More", priority=True, id="number.step-on"),
        Binding("down,minus", "step(-1)", "Fewer", priority=True, id="number.step-back"),
        Binding("r", "random", "Random", priority=True, id="number.random"),
    ]

    def __init__(self, question: str, low: int, high: int, default: int, random: bool = False):
        super().__init__()
        self.question, self.low, self.high, self.random = question, low, high, random
        self.default = min(max(default, low), high)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="number-dialog"):
            yield Label(self.question, classes="dialog-title")
            yield NumberInput(str(self.default), type="integer", id="number", max_length=3)
            keys = f"{self.low}-{self.high}: type it or use the arrow keys, Enter to confirm"
            yield Label(keys + (", r: a random cut" if self.random else "") + ", Esc: back.", id="number-keys")

    def value(self) -> int | None:
        text = self.query_one("#number", Input).value.strip()
        return int(text) if text.lstrip("-").isdigit() else None

    def action_step(self, step: int) -> None:
        n = self.value()
        n = self.default if n is None else min(max(n + step, self.low), self.high)
        self.query_one("#number", Input).value = str(n)

    def action_random(self) -> None:
        if self.random:
            self.dismiss("random")

    def submit(self, value: str) -> None:
        """Enter in the field (see ``DialogInput``): the number, if it is in the range."""
        n = self.value()
        if n is None or not self.low <= n <= self.high:
            self.app.bell()
            self.notify(f"Pick a number from {self.low} to {self.high}.", severity="warning")
            return
        self.dismiss(n)

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_number(
    screen: Any, keys: Controls, actions: Sequence[Any], question: str, submit: Callable[[Any], None]
) -> None:
    """A choice made as a number (the cut: how many cards to lift), in a game and in a lesson alike: one number (or
    r for a random one), not a list of every size; ``submit`` gets the action chosen."""
    sizes, random_cut = keys.numbers(actions)
    if not sizes:
        submit(actions[0])
        return
    low, high = min(sizes), max(sizes)

    def done(n: int | str | None) -> None:
        if n == "random" and random_cut is not None:
            submit(random_cut)
        elif isinstance(n, int) and n in sizes:
            submit(sizes[n])

    screen.app.push_screen(NumberScreen(question, low, high, (low + high) // 2, random=random_cut is not None), done)
