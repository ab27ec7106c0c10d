"""Between two people at one keyboard: hide both hands until the next player is ready."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from saves import printable


class HandOffScreen(Screen[None]):
    def __init__(self, next_name: str, game_title: str):
        super().__init__()
        self.next_name = printable(next_name)  # a name from a file: its control characters shown, not sent
        self.game_title = game_title

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(  # Text: a name is never markup
                    Text(
                        f"{self.game_title}\n\nPass the keyboard to {self.next_name}.\n\n"
                        f"{self.next_name}: press Enter when only you can see the screen."
                    ),
                    id="handoff-text",
                )

    def on_key(self, event: events.Key) -> None:
        if event.key in ("enter", "space"):
            event.stop()
            self.dismiss(None)
