"""The ``served-app`` patch of :mod:`tui.compat` (which lists it with the others, and whose canary tests check it):
textual-serve's ``AppService`` starts a shell command and offers no public way to start the app otherwise or to see
its process, so :class:`ServedApp` reaches its private parts. Here, not in tui.compat, because the web server never
imports Textual and tui.compat does.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Protocol, cast

TESTED_SERVE = "1.1.3"  # the textual-serve this patch was written and checked against


def warn_if_changed() -> list[str]:
    """On a textual-serve other than :data:`TESTED_SERVE`, log what changed of the private parts this patch uses
    (tui.compat, and so Textual, is imported only then)."""
    from importlib import metadata

    if metadata.version("textual-serve") == TESTED_SERVE:
        return []
    from tui import compat

    return compat.warn_if_changed("textual_serve")


class AppPipes(Protocol):
    """The app's process as the relay uses it: an asyncio subprocess, or one forked by the fork server on pipes."""

    @property
    def pid(self) -> int: ...
    @property
    def returncode(self) -> int | None: ...
    @property
    def stdin(self) -> asyncio.StreamWriter | None: ...
    @property
    def stdout(self) -> asyncio.StreamReader | None: ...
    @property
    def stderr(self) -> asyncio.StreamReader | None: ...

    async def wait(self) -> int: ...


class ServedApp:
    """Put before textual-serve's ``AppService`` in a class's bases: the app's process is the one
    :meth:`open_process` starts, and :attr:`process` and :meth:`relay_ended` see it and the relay of its output."""

    if TYPE_CHECKING:  # AppService's, set in its __init__
        _process: asyncio.subprocess.Process | None
        _stdin: asyncio.StreamWriter | None
        _task: asyncio.Task[None] | None

    async def open_process(self, width: int, height: int) -> AppPipes:
        """Start the app (its standard input, output and error pipes) at the browser's terminal size."""
        raise NotImplementedError

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        process = await self.open_process(width, height)
        # AppService types its process as asyncio's; of it, it uses what AppPipes names (the relay is ours)
        self._process = cast("asyncio.subprocess.Process", process)
        self._stdin = process.stdin
        return self._process

    @property
    def process(self) -> AppPipes | None:
        """The app's process, once started."""
        return self._process

    @property
    def relaying(self) -> bool:
        """The relay of the app's output to the browser has started and not been waited for."""
        return self._task is not None

    async def relay_ended(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the relay of the app's output to end."""
        if self._task is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._task, timeout)
            self._task = None
