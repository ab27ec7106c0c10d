"""The app's process on a session's pseudo-terminal: started by the fork server when there is one
(tui.player_process.Launcher, the front ends' side of tui/forkserver.py), else as a new interpreter."""

from __future__ import annotations

import asyncio
import fcntl
import termios
from typing import Protocol

from tui.player_process import Launcher


def _preexec_ctty() -> None:  # runs in the child after setsid(): make the pty its controlling terminal
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class AppProcess(Protocol):
    """A session's app, however it was started (:func:`start_app`)."""

    @property
    def pid(self) -> int: ...
    @property
    def returncode(self) -> int | None: ...  # None while it runs
    @property
    def orphaned(self) -> bool: ...  # its exit status is lost: the fork server that started it died before it

    async def wait(self) -> int: ...


class SpawnedApp:
    """An app started as a new interpreter: asyncio's subprocess. Its parent is this server, which always learns
    its exit status, so it is never orphaned."""

    orphaned = False

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self._proc = proc
        self.pid = proc.pid

    @property
    def returncode(self) -> int | None:
        return self._proc.returncode

    async def wait(self) -> int:
        return await self._proc.wait()


async def start_app(
    launcher: Launcher | None, argv: list[str], env: dict[str, str], cwd: str, slave: int
) -> AppProcess:
    """The app on the terminal ``slave``, in its own session: forked by ``launcher`` when it can (a
    :class:`ForkedApp`), else a new interpreter (a :class:`SpawnedApp`)."""
    if launcher is not None:
        proc = await launcher.launch(argv, env, cwd, [slave])
        if proc is not None:
            return proc
    spawned = await asyncio.create_subprocess_exec(
        *argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=cwd,
        start_new_session=True,
        preexec_fn=_preexec_ctty,
        close_fds=True,
    )
    return SpawnedApp(spawned)
