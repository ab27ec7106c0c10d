"""The app's terminal driver under ``redemption web`` (the web server names it in TEXTUAL_DRIVER): Textual's web
driver, which reads the server's packets on standard input and writes the app's on standard output, and which
hangs the app up when that input ends without the app ending (the web server is gone: killed, or crashed), as a
terminal's hang-up does over SSH: the app saves and exits (its SIGHUP handler) instead of running on, holding its
game, with nobody to see it. Textual's own driver only stops reading."""

from __future__ import annotations

import os
import signal

from textual.drivers.web_driver import WebDriver as TextualWebDriver


class WebDriver(TextualWebDriver):
    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the input ended, not the app: the server that wrote it is gone
            os.kill(os.getpid(), signal.SIGHUP)
