"""One SSH session: the take-over prompt, then the player's app on a pseudo-terminal, until it ends.

A session is asyncssh's own :class:`asyncssh.SSHServerProcess`: once the app runs, ``redirect()`` joins the
channel and the terminal, with asyncssh's flow control both ways (the client's window is not reopened while the
app has a full queue of keys; the terminal is not read while the client cannot take more output) and its
terminal-size changes. What stays ours: what a client may ask for (a terminal, nothing else), the size and
environment bounds, the take-over prompt before the app, the hang-up, and what the player is told at the end.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from typing import TYPE_CHECKING, Any

import asyncssh

from tui.player_process import CLIENT_ENV_ALLOWED, MAX_ENV_VALUE, MAX_TERM, NOT_SAVED_EXIT, killpg
from tui.ssh.limits import MAX_COLS, MAX_ENV_REQUESTS, MAX_ROWS, clamp_size
from tui.ssh.logs import escape, log, now
from tui.ssh.process import AppProcess, start_app

if TYPE_CHECKING:
    from tui.ssh.server import Connection, GameServer

TAKEOVER_PROMPT_TIMEOUT = 60.0
LAST_OUTPUT_WAIT = 2.0  # seconds the app's last output (its terminal reset) has to reach a client after it ends

_NOT_SAVED_WORDS = re.compile(rb"Your game could not be saved[^\r\n\x1b]{0,300}")
OUTPUT_TAIL = 4096  # bytes of the app's last output kept to find those words in
#: What the server sends after an app ends, so the client's terminal is normal again even if the app
#: could not restore it: attributes, mouse modes, focus events, bracketed paste and the kitty keyboard
#: protocol off, cursor shown, alternate screen left.
RESET_TERMINAL = (
    "\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
    "\x1b[?2004l\x1b[<u\x1b[?25h\x1b[?1049l"
)


def bound_env(chan: Any, session: GameSession) -> bool:
    """The ``bounded-env`` patch (tui.compat lists it with the others): ``session`` answers the channel's
    environment requests. False, logged, on an asyncssh whose server channel has no such part: the channel then
    keeps its own handling, which stores every variable."""
    if not callable(getattr(type(chan), "_process_env_request", None)):
        log.warning(
            "asyncssh %s: no SSHServerChannel._process_env_request; environment requests unbounded "
            "(the bounded-env patch of tui.compat)",
            asyncssh.__version__,
        )
        return False
    chan._process_env_request = session.env_request
    return True


class GameSession(asyncssh.SSHServerProcess):  # type: ignore[type-arg]
    """One SSH session channel: the take-over prompt, then the app on a PTY.

    Made by :meth:`Connection.session_requested` with its own channel (whose environment requests it
    bounds, see :meth:`env_request`), so asyncssh's ``process_factory`` option, which makes both itself,
    is not used; asyncssh then runs :meth:`_run` as this process's handler."""

    def __init__(self, game: GameServer, connection: Connection) -> None:
        super().__init__(lambda _process: self._run(), None, 0, False)
        self.game = game
        self.connection = connection
        self.player: str = connection.player or ""
        self.chan: Any = None
        self.term = "xterm-256color"
        self.cols, self.rows = 80, 24
        self.asked: tuple[int, int] | None = None  # the size the client asked for, when it was too big
        self.pty = False
        self.since = now()
        self.proc: AppProcess | None = None  # the app, once started
        self.master: int | None = None  # the server's own end of the app's terminal, open until the app ends
        self.relaying = False  # the client's keys go to the app (only while it runs)
        self.last_input = time.monotonic()
        self.answer: asyncio.Future[Any] | None = None
        self.reason: str | None = None  # why the server ended it (take-over, idle, shutdown)
        self.client_alive = True
        self.done = asyncio.Event()
        self.started = False
        self._hangup_task: asyncio.Task[Any] | None = None
        self._tail = bytearray()  # the app's last OUTPUT_TAIL bytes of output
        self.client_env: dict[str, str] = {}
        self.env_requests = 0
        self._check: asyncio.Task[Any] | None = None  # is there a game to resume (read by a child process)

    # -- asyncssh's session protocol
    def connection_made(self, chan: Any) -> None:
        super().connection_made(chan)
        self.chan = chan

    def env_request(self, packet: Any) -> bool:
        """The client sends an environment variable: keep the few allowed, small ones; count the rest.
        (asyncssh's own channel keeps every variable a client sends, without a bound.)"""
        name, value = packet.get_string(), packet.get_string()
        packet.check_end()
        self.env_requests += 1
        if self.env_requests > MAX_ENV_REQUESTS:
            if self.env_requests == MAX_ENV_REQUESTS + 1:
                self.connection.ended = f"refused: over {MAX_ENV_REQUESTS} environment variables"
                self.connection.close()
            return False
        try:
            key = name.decode("ascii")
        except UnicodeDecodeError:
            return False
        if key not in CLIENT_ENV_ALLOWED or len(value) > MAX_ENV_VALUE:
            return False
        self.client_env[key] = value.decode("utf-8", "replace")
        return True

    def _size(self, width: int, height: int) -> None:
        self.cols, self.rows = clamp_size(width, height)
        self.asked = (width, height) if (self.cols, self.rows) != (width, height) else None

    def _size_text(self) -> str:
        return f"{self.cols}x{self.rows}" + (f"(asked {self.asked[0]}x{self.asked[1]})" if self.asked else "")

    @property
    def term_size(self) -> tuple[int, int, int, int]:
        """The size the app's terminal is given (asyncssh sets it on the terminal): the client's, clamped."""
        return self.cols, self.rows, 0, 0

    def pty_requested(self, term_type: Any, term_size: Any, term_modes: Any) -> bool:
        self.pty = True
        self.term = (term_type or self.term)[:MAX_TERM]
        if term_size and term_size[0] and term_size[1]:
            self._size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: Any) -> bool:
        self.connection.ended = "refused: exec request"
        return False

    def subsystem_requested(self, subsystem: Any) -> bool:
        self.connection.ended = f"refused: subsystem {subsystem[:64]}"
        return False

    def x11_requested(self, *args: Any) -> bool:
        return False

    def agent_requested(self) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        pass

    def soft_eof_received(self) -> None:
        pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self._size(width, height)
            self.connection.size = f"{self.connection.size.split('->')[0]}->{self._size_text()}"
            if self.relaying:  # asyncssh sets the terminal's size; the kernel sends SIGWINCH to the app
                super().terminal_size_changed(self.cols, self.rows, 0, 0)

    def session_started(self) -> None:
        self.started = True
        self.connection.cancel_no_session_timer()
        super().session_started()

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(data[:16])
        elif self.relaying:
            super().data_received(data, datatype)
        # before the app starts or after it ended, keys go nowhere

    def feed_data(self, data: Any, datatype: Any) -> None:
        """The app's output on its way to the client: its tail is kept for its last words."""
        self._tail += data
        del self._tail[:-OUTPUT_TAIL]
        if self.client_alive:
            super().feed_data(data, datatype)

    def eof_received(self) -> bool:
        self.client_gone()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # asyncssh's relay closes its ends of the terminal now; awaiting that lets every one finish closing
        asyncio.ensure_future(self.wait_closed())
        self.client_gone()
        self.connection.close()  # one session per connection: when it ends, so does the connection

    # -- plumbing
    def _write(self, text: str) -> None:
        if self.client_alive and self.chan is not None:
            try:
                self.chan.write(text.replace("\n", "\r\n").encode("utf-8"))
            except Exception:  # the channel may already be closing
                pass

    def _finish(self, status: int) -> None:
        if self.client_alive and self.chan is not None:
            try:
                self.chan.exit(status)
            except Exception:
                pass
        self.client_alive = False

    def _drop_output(self) -> None:
        """With no client, the app's output is read and dropped, so that it never blocks while it saves."""
        master = self.master
        if master is None:
            return

        def drop() -> None:
            try:
                if os.read(master, 65536):
                    return
            except BlockingIOError:
                return
            except OSError:  # EIO: the app's side is closed
                pass
            asyncio.get_running_loop().remove_reader(master)

        asyncio.get_running_loop().add_reader(master, drop)

    def _not_saved_words(self) -> str:
        """The app's own words for what it could not save (the last such line it wrote), as plain text."""
        found = _NOT_SAVED_WORDS.findall(bytes(self._tail))
        return escape(found[-1].decode("utf-8", "replace").strip(), 300) if found else "Your game could not be saved."

    def client_gone(self) -> None:
        """The client disconnected (or sent EOF): hang up the app."""
        if not self.client_alive:
            return
        self.client_alive = False
        self.relaying = False
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(b"")
        if self._check is not None:
            self._check.cancel()
        if self.connection.ended in ("closed before a session", "running"):
            self.connection.ended = "client disconnected"
        if self.proc is not None and self.proc.returncode is None:
            self._drop_output()
            self._hangup_task = asyncio.ensure_future(self.hangup(None))

    async def hangup(self, reason: str | None) -> None:
        """SIGHUP the app (it saves and exits); SIGKILL it after the grace period; wait for the end."""
        if reason and self.reason is None:
            self.reason = reason
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(b"")
        if self._check is not None:
            self._check.cancel()  # no need to know about saves any more
        proc = self.proc
        if proc is not None and proc.returncode is None:
            killpg(proc.pid, signal.SIGHUP)
            try:
                await asyncio.wait_for(asyncio.shield(proc.wait()), self.game.config.grace)
            except TimeoutError:
                killpg(proc.pid, signal.SIGKILL)
                self.connection.ended += " (app killed after the grace period)"
        if self.started:
            await self.done.wait()

    async def _ask(self, prompt: str, timeout: float) -> bytes:
        self._write(prompt)
        self.answer = asyncio.get_running_loop().create_future()
        try:
            return await asyncio.wait_for(self.answer, timeout)
        except TimeoutError:
            return b""
        finally:
            self.answer = None

    def _full(self) -> bool:
        return len(self.game.running) >= self.game.config.max_sessions and self.player not in self.game.live

    def _refuse_full(self) -> None:
        self.connection.ended = "refused: server full"
        self._write(f"The server is full ({self.game.config.max_sessions} players are on). Please try again later.\n")
        self._finish(1)

    async def _run(self) -> None:
        game = self.game
        conn = self.connection
        conn.term = self.term
        conn.size = self._size_text()
        try:
            if not self.pty:
                conn.ended = "refused: no terminal"
                self._write("redemption serve needs a terminal: connect with `ssh -t`.\n")
                return self._finish(1)
            if game.closing:
                conn.ended = "refused: server shutting down"
                return self._finish(1)
            if self._full():
                return self._refuse_full()
            game.sessions.add(self)
            took_over = False  # set only by the login that hangs up the live session and then runs the game
            while (other := game.live.get(self.player)) is not None and other is not self:
                if not other.client_alive:  # its client is gone and it is saving: just wait for it
                    self._write("Saving your previous session...\n")
                    await other.done.wait()
                    continue
                took_over = False
                peer = other.connection.peer.rsplit(":", 1)[0]
                answer = await self._ask(
                    f"\nPlayer {self.player} already has a live session (from {peer}, since {other.since}).\n"
                    "Take it over? That session will be saved and closed, and the game goes on here. [y/N] ",
                    TAKEOVER_PROMPT_TIMEOUT,
                )
                if not self.client_alive:
                    conn.ended = "client disconnected at the take-over prompt"
                    return
                if self.reason:  # the server is shutting down
                    conn.ended = self.reason
                    self._write(f"\nThis session was closed: {self.reason}.\n")
                    return self._finish(1)
                if answer[:1] not in (b"y", b"Y"):
                    conn.ended = "declined to take over"
                    self._write("\nThe other session goes on. Bye.\n")
                    return self._finish(0)
                self._write("\nTaking over...\n")
                await other.hangup("taken over by a new login")
                took_over = True
            if not self.client_alive:
                return
            if self.reason or game.closing:
                conn.ended = self.reason or "server shutting down"
                self._write(f"\nThis session was closed: {conn.ended}.\n")
                return self._finish(1)
            if self._full():  # the prompt does not hold a place: there may be none left now
                return self._refuse_full()
            conn.took_over = took_over
            game.live[self.player] = self
            game.running.add(self)
            resume = False
            if took_over and game.config.resume_args:
                self._check = asyncio.ensure_future(game.has_game_in_progress(self.player))
                try:
                    resume = await self._check
                except asyncio.CancelledError:
                    if not self.reason and self.client_alive:
                        raise  # not cancelled by a hang-up: the server itself is stopping
                finally:
                    self._check = None
            if not self.client_alive:
                return
            if self.reason:
                conn.ended = self.reason
                self._write(f"\nThis session was closed: {self.reason}.\n")
                return self._finish(1)
            await self._run_app(resume)
        except Exception as e:  # never let one session take the server down
            conn.ended = f"server error: {type(e).__name__}: {e}"
            game.log(f"error in session of {self.player}: {type(e).__name__}: {e}")
            self._finish(1)
        finally:
            if game.live.get(self.player) is self:
                del game.live[self.player]
            game.running.discard(self)
            game.sessions.discard(self)
            self.done.set()

    async def _run_app(self, resume: bool) -> None:
        game, conn = self.game, self.connection
        folder = game.config.data_dir / self.player
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if self.asked:
            self._write(
                f"Your terminal is {self.asked[0]}x{self.asked[1]}; the game uses at most "
                f"{MAX_COLS}x{MAX_ROWS} of it.\n"
            )
        master, slave = os.openpty()
        try:
            os.set_blocking(master, False)
            self.master = master
            # asyncssh relays keys to the terminal and its output to the client (and sets its size) on copies of
            # the server's end, which stays open until the app ends: a client that goes never hangs the terminal up
            await self.redirect(stdin=master, stdout=os.dup(master), send_eof=False, recv_eof=False)
            self.proc = await start_app(
                game.launcher,
                game.app_argv(self.player, resume=resume),
                game.app_env(self.player, self.term, self.client_env),
                str(folder),
                slave,
            )
        except BaseException:
            os.close(master)
            self.master = None
            raise
        finally:
            os.close(slave)
        if conn.ended == "closed before a session":
            conn.ended = "running"
        self.relaying = self.client_alive
        idle = asyncio.ensure_future(self._watch_idle())
        try:
            if not self.client_alive or self.reason:  # gone (or told to go) while the app started
                if not self.client_alive:
                    self._drop_output()
                self._hangup_task = asyncio.ensure_future(self.hangup(None))
            status = await self.proc.wait()
        finally:
            idle.cancel()
            self.relaying = False
        # anything the app left behind in its process group goes too; then its last output reaches the client
        killpg(self.proc.pid, signal.SIGKILL)
        if self.client_alive:
            try:  # the relay of its output ends when the terminal's last other end closes
                await asyncio.wait_for(self.stdout.drain(), LAST_OUTPUT_WAIT)
            except (TimeoutError, OSError, asyncssh.Error):
                pass
        asyncio.get_running_loop().remove_reader(master)
        os.close(master)
        self.master = None
        self._write(RESET_TERMINAL)  # whatever state the app left the terminal in, it is normal again
        # Saved means the file holds every move: an app that could not write one says so by its exit status
        if self.proc.orphaned and _NOT_SAVED_WORDS.search(bytes(self._tail)):
            status = NOT_SAVED_EXIT  # its status is lost with its fork server: its own last words say it
        saved = self._not_saved_words() if status == NOT_SAVED_EXIT else "Your game is saved."
        if self.reason:
            conn.ended = self.reason
            self._write(f"\nThis session was closed: {self.reason}. {saved}\n")
        elif status == NOT_SAVED_EXIT:
            self._write(f"\n{saved}\n")
        if status == NOT_SAVED_EXIT:
            conn.ended = f"{conn.ended if conn.ended != 'running' else 'app exited'} (not saved)"
        elif conn.ended == "running":
            conn.ended = (
                "app exited (status unknown: its fork server had gone)"
                if self.proc.orphaned
                else f"app exited ({status})"
            )
        self._finish(0 if status == 0 else 1)

    async def _watch_idle(self) -> None:
        limit = self.game.config.idle_timeout
        while True:
            left = limit - (time.monotonic() - self.last_input)
            if left <= 0:
                await self.hangup(f"idle for {limit:g} seconds")
                return
            await asyncio.sleep(min(left + 0.05, 30.0))
