"""A screen that is not restyled whole when it is first shown: it was styled as it was built."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.message import Message
from textual.screen import Screen


class StyledOnce(Screen[Any]):
    """Textual restyles every widget of a screen each time the screen is shown (``ScreenResume``), for what may
    have changed while another screen covered it. The first time, nothing has: the screen has just been composed
    and mounted, each widget styled as it mounted and again whenever a class or the focus changed since. That
    first whole restyle was an eighth of an SSH session's app CPU (title, New game form and game, three of them);
    it is skipped, and every later one (the screen shown again) is done as Textual does."""

    _shown_once = False

    def post_message(self, message: Message) -> bool:
        if isinstance(message, events.ScreenResume) and not self._shown_once:
            self._shown_once = True
            if message.refresh_styles:
                message = events.ScreenResume(refresh_styles=False)
        return super().post_message(message)
