"""One player's app as a process of its own, whatever front end started it (the SSH server, the web server).

Who the player is was settled by the front end (a key, an account); from here on the player is a name, and the
app runs as that player: the command line, the environment, whether they have a game to resume, and the fork
server that starts it warm (:class:`Launcher`, the front ends' side of tui/forkserver.py). Nothing here imports
Textual: a front end builds the app's process without loading the app.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import re
import signal
import struct
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

#: What the app's environment takes from the server's own.
#: REDEMPTION_TABLES: where the shared tables are (a postgresql:// URL), as ``redemption serve --tables`` sets it.
ENV_PASSTHROUGH = (
    "PATH",
    "HOME",
    "PYTHONPATH",
    "VIRTUAL_ENV",
    "TMPDIR",
    "PYTHONDONTWRITEBYTECODE",
    "REDEMPTION_TABLES",
)
CLIENT_ENV_ALLOWED = ("COLORTERM", "NO_COLOR")  # harmless display hints a client may send
MAX_ENV_VALUE = 64  # bytes of one kept client environment variable
MAX_TERM = 64  # characters of the terminal type

#: The app's terminal driver under ``redemption web`` (Textual's TEXTUAL_DRIVER): tui/webdriver.py.
WEB_DRIVER = "tui.webdriver:WebDriver"

#: The app's exit status when a game's save lacks moves (a full disk...): the server then repeats the app's own
#: last line ("Your game could not be saved since move N: why.") instead of saying the game is saved.
NOT_SAVED_EXIT = 75

HAS_GAME_CHECK = (
    "import sys\n"
    "from saves import list_saves\n"
    "sys.exit(0 if any(not s.error and not s.over for s in list_saves(sys.argv[1])) else 1)\n"
)


def default_app_command() -> list[str]:
    """The app for one player, run by the same interpreter as the server."""
    return [sys.executable, "-m", "tui.cli", "--player", "{player}", "--save-dir", "{data_dir}"]


def app_argv(command: list[str], player: str, data_dir: Path, extra: list[str] | None = None) -> list[str]:
    """``command`` with its ``{player}`` and ``{data_dir}`` placeholders filled, and ``extra`` after it."""
    values = {"player": player, "data_dir": str(data_dir)}
    return [part.format(**values) for part in command] + list(extra or ())


def clean_term(term: str | None) -> str:
    """The client's terminal type if it looks like one (it goes into the app's environment), else xterm-256color."""
    if term and len(term) <= MAX_TERM and re.fullmatch(r"[A-Za-z0-9._+-]+", term):
        return term
    return "xterm-256color"


def app_env(player: str, data_dir: Path, term: str, client_env: Mapping[str, str]) -> dict[str, str]:
    """The app's environment: a few of the server's own variables, the client's allowed display hints
    (CLIENT_ENV_ALLOWED, each at most MAX_ENV_VALUE long), the terminal type, UTF-8, and the player."""
    env = {k: os.environ[k] for k in ENV_PASSTHROUGH if k in os.environ}
    env.setdefault("PATH", os.defpath)
    # The child runs the same code as the server, installed or not.
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([root] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    for k in CLIENT_ENV_ALLOWED:
        if k in client_env and len(client_env[k]) <= MAX_ENV_VALUE and "\0" not in client_env[k]:
            env[k] = client_env[k]
    env.update(
        {
            "TERM": clean_term(term),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "REDEMPTION_PLAYER": player,
            "REDEMPTION_SAVE_DIR": str(data_dir),
        }
    )
    return env


async def has_game_in_progress(
    player: str, data_dir: Path, timeout: float = 10.0, log: Callable[[str], None] = lambda message: None
) -> bool:
    """Whether the player has a game to resume. Their files are read by a child process, never here:
    a hostile save could take any time to read, and the server must keep serving (and hear SIGTERM)."""
    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            HAS_GAME_CHECK,
            str(data_dir / player),
            env=app_env(player, data_dir, "dumb", {}),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        return False
    try:
        return await asyncio.wait_for(proc.wait(), timeout) == 0
    except TimeoutError:
        log(f"reading the saves of {player} took over {timeout:g}s: not resuming")
        return False
    finally:
        if proc.returncode is None:  # timed out, or the session was hung up meanwhile
            killpg(proc.pid, signal.SIGKILL)


def killpg(pgid: int, sig: int) -> None:
    """Signal a process group that may have ended already."""
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass
    except OSError as e:
        if e.errno != errno.ESRCH:
            raise


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
    """A front end's fork server (tui/forkserver.py): started once, it has imported the app; every session is a
    fork of it. Used when the app command is this Python's ``-m tui.cli``; if it fails, sessions are
    started the ordinary way. A fork server that died is started again for the next session (at most once
    every RESTART_EVERY seconds); the sessions it had forked go on (ForkedApp). ``log`` is the front end's."""

    RESTART_EVERY = 10.0

    def __init__(self, data_dir: Path, env: dict[str, str], log: logging.Logger) -> None:
        self.data_dir = data_dir
        self.env = env
        self.log = log
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
                "tui.forkserver",
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
            self.log.info("the fork server is gone: starting a new one for new sessions")
            try:
                if self.proc is not None and self.proc.returncode is None:
                    await self.proc.wait()  # reap the dead one
                await self.start()
            except OSError as e:
                self.log.info("fork server not restarted (%s): sessions start the ordinary way", e.strerror or e)
                return False
            return True

    async def launch(self, argv: list[str], env: dict[str, str], cwd: str, stdio: list[int]) -> ForkedApp | None:
        """The app ``argv`` forked with ``env`` in ``cwd`` on ``stdio``: one terminal (its standard input, output
        and error, and its controlling terminal), or three descriptors (standard input, output, error). The
        descriptors stay the caller's to close. None if the fork server cannot start it."""
        if not self.applies(argv) or self.proc is None:
            return None
        if not self.alive() and not await self._restart():
            return None
        proc = await self._launch(argv, env, cwd, stdio)
        if proc is None and not self.alive() and await self._restart():  # it died just now: once more
            proc = await self._launch(argv, env, cwd, stdio)
        return proc

    async def _launch(self, argv: list[str], env: dict[str, str], cwd: str, stdio: list[int]) -> ForkedApp | None:
        import json
        import socket

        assert len(stdio) in (1, 3)
        ours, theirs = socket.socketpair()
        try:
            request = json.dumps({"args": argv[3:], "env": env, "cwd": cwd}).encode("utf-8")
            socket.send_fds(self.control, [request], [*stdio, theirs.fileno()])
        except OSError as e:
            ours.close()
            self.log.info("fork server unavailable (%s): starting the app the ordinary way", e)
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
