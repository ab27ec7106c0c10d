"""``redemption learn``: the app, opened at the lesson list."""

from __future__ import annotations

from pathlib import Path

import tui.app
from tui.app import RedemptionApp
from tui.learn.screens import LessonListScreen


class LearnApp(RedemptionApp):
    """The whole app (the title screen is underneath), starting at the lesson list."""

    CSS_PATH = str(Path(tui.app.__file__).with_name(RedemptionApp.CSS_PATH))  # relative paths follow the module

    def on_mount(self) -> None:  # runs before RedemptionApp.on_mount, which Textual also calls
        self.push_screen(LessonListScreen())
