"""Shown over everything while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        # Another screen (a hand-off, say) was pushed over this one; if the terminal grew meanwhile, go.
        w, h = self.app.size
        if w >= MIN_WIDTH and h >= MIN_HEIGHT:
            self.call_later(self._leave)

    def _leave(self) -> None:
        if self.is_current:
            self.dismiss()  # not awaited: this runs in the screen's own message loop

    def show(self, width: int, height: int) -> None:
        found = self.query("#too-small-text")
        if not found:  # not composed yet: on_mount shows the size then
            return
        found.first(Static).update(
            f"The terminal is too small.\nNeeded: {MIN_WIDTH}x{MIN_HEIGHT}\nYou have: {width}x{height}\n"
            "Make the window larger (Ctrl+Q quits)."
        )
