"""The app's process on a session's pseudo-terminal: started by the fork server when there is one
(:class:`Launcher`, the server side of tui/ssh/forkserver.py), else as a new interpreter."""

from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import sys
import termios
import time
from pathlib import Path
from typing import Any, Protocol

from tui.ssh.logs import log


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


class ForkedApp:
    """An app process forked by the fork server: pid, returncode and wait() like an asyncio subprocess.

    The fork server says when the app ends. If the fork server itself dies first (a kill -9, a crash), the app
    lives on (it is in its own session) and is waited for through a pidfd: the session goes on, and ends when
    the app does. Its exit status is then the fork server's to know, and lost: :attr:`orphaned` says so."""

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.orphaned = False  # the fork server died before the app: its exit status is unknown
        self._reader, self._writer = reader, writer
        self._waiter: asyncio.Task[Any] | None = None
        try:  # the app itself, whoever its parent comes to be
            self._pidfd: int | None = os.pidfd_open(pid)
        except (AttributeError, OSError):
            self._pidfd = None

    async def _wait(self) -> int:
        try:
            status = struct.unpack("!i", await self._reader.readexactly(4))[0]
            self.returncode = os.waitstatus_to_exitcode(status)
        except (asyncio.IncompleteReadError, OSError, ValueError):
            self.returncode = await self._outlive()
        finally:
            self._writer.close()
            if self._pidfd is not None:
                os.close(self._pidfd)
                self._pidfd = None
        return self.returncode

    async def _outlive(self) -> int:
        """The fork server went away: wait for the app itself to end (a pidfd reads ready when it does)."""
        if self._pidfd is None:
            return -1  # no way to follow it: the session ends, and the app is killed with its process group
        self.orphaned = True
        loop = asyncio.get_running_loop()
        ended = loop.create_future()

        def done() -> None:
            if not ended.done():
                ended.set_result(None)

        loop.add_reader(self._pidfd, done)
        try:
            await ended
        finally:
            loop.remove_reader(self._pidfd)
        return 0

    async def wait(self) -> int:
        if self._waiter is None:
            self._waiter = asyncio.ensure_future(self._wait())
        return await asyncio.shield(self._waiter)


class Launcher:
    """The fork server (tui/ssh/forkserver.py): started once, it has imported the app; every session is a
    fork of it. Used when the app command is this Python's ``-m tui.cli``; if it fails, sessions are
    started the ordinary way. A fork server that died is started again for the next session (at most once
    every RESTART_EVERY seconds); the sessions it had forked go on (ForkedApp)."""

    RESTART_EVERY = 10.0

    def __init__(self, data_dir: Path, env: dict[str, str]) -> None:
        self.data_dir = data_dir
        self.env = env
        self.proc: asyncio.subprocess.Process | None = None
        self.control: Any = None
        self.restarted_at = -float("inf")
        self._starting: asyncio.Lock | None = None

    @staticmethod
    def applies(argv: list[str]) -> bool:
        return argv[:3] == [sys.executable, "-m", "tui.cli"]

    async def start(self) -> None:
        import socket

        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tui.ssh.forkserver",
                "--for",
                "tui.cli",
                str(self.data_dir),
                stdin=theirs.fileno(),
                stdout=asyncio.subprocess.DEVNULL,
                env=self.env,
                cwd=str(self.data_dir),
                start_new_session=True,
            )
        finally:
            theirs.close()
        ours.setblocking(False)
        if self.control is not None:
            self.control.close()
        self.control = ours

    def alive(self) -> bool:
        if self.proc is None or self.proc.returncode is not None:
            return False
        try:  # the child watcher may not have noticed yet
            os.kill(self.proc.pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            pass
        return True

    async def _restart(self) -> bool:
        """Start the fork server again if it died (once at a time, and not more often than RESTART_EVERY)."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self.alive():
                return True
            if time.monotonic() - self.restarted_at < self.RESTART_EVERY:
                return False  # one that keeps dying is not started over and over: sessions start the ordinary way
            self.restarted_at = time.monotonic()
            log.info("the fork server is gone: starting a new one for new sessions")
            try:
                if self.proc is not None and self.proc.returncode is None:
                    await self.proc.wait()  # reap the dead one
                await self.start()
            except OSError as e:
                log.info("fork server not restarted (%s): sessions start the ordinary way", e.strerror or e)
                return False
            return True

    async def launch(self, argv: list[str], env: dict[str, str], cwd: str, slave: int) -> ForkedApp | None:
        if not self.applies(argv) or self.proc is None:
            return None
        if not self.alive() and not await self._restart():
            return None
        proc = await self._launch(argv, env, cwd, slave)
        if proc is None and not self.alive() and await self._restart():  # it died just now: once more
            proc = await self._launch(argv, env, cwd, slave)
        return proc

    async def _launch(self, argv: list[str], env: dict[str, str], cwd: str, slave: int) -> ForkedApp | None:
        import json
        import socket

        ours, theirs = socket.socketpair()
        try:
            request = json.dumps({"args": argv[3:], "env": env, "cwd": cwd}).encode("utf-8")
            socket.send_fds(self.control, [request], [slave, theirs.fileno()])
        except OSError as e:
            ours.close()
            log.info("fork server unavailable (%s): starting the app the ordinary way", e)
            return None
        finally:
            theirs.close()
        reader, writer = await asyncio.open_connection(sock=ours)
        try:
            pid = struct.unpack("!i", await asyncio.wait_for(reader.readexactly(4), 30))[0]
        except (TimeoutError, asyncio.IncompleteReadError, OSError):
            writer.close()
            return None
        return ForkedApp(pid, reader, writer)

    async def stop(self) -> None:
        if self.control is not None:
            self.control.close()
            self.control = None
        if self.proc is not None and self.proc.returncode is None:
            try:
                await asyncio.wait_for(self.proc.wait(), 5)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def start_app(
    launcher: Launcher | None, argv: list[str], env: dict[str, str], cwd: str, slave: int
) -> AppProcess:
    """The app on the terminal ``slave``, in its own session: forked by ``launcher`` when it can (a
    :class:`ForkedApp`), else a new interpreter (a :class:`SpawnedApp`)."""
    if launcher is not None:
        proc = await launcher.launch(argv, env, cwd, slave)
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
