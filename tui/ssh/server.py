"""The SSH server: limits on every connection, public-key login, one session per connection, and the
server's life (start, listen, shut down saving every game)."""

from __future__ import annotations

import asyncio
import collections
import logging
import shlex
import signal
import time
from collections.abc import Callable
from typing import Any

import asyncssh

from tui.limits import RateLimiter, address_group
from tui.player_process import Launcher, app_argv, app_env, has_game_in_progress
from tui.ssh.config import Config, ServeError
from tui.ssh.keys import KeyRing, ensure_host_key
from tui.ssh.limits import (
    CHANNEL_WINDOW,
    MAX_CONNECTIONS_PER_PLAYER,
    MAX_REFUSING,
    MAX_UNAUTH,
    REFUSE_WAIT,
    SHUTDOWN_FLUSH,
)
from tui.ssh.logs import escape, field_value, log, log_handler
from tui.ssh.session import GameSession, bound_env


class GameServer:
    """State shared by all connections: keys, live sessions by player, limits, the log."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.keys = KeyRing(config.authorized_keys, self.log)
        self.rate = RateLimiter(config.rate_limit)
        self.live: dict[str, GameSession] = {}  # player -> the session running their app
        self.sessions: set[GameSession] = set()  # every session past its start (prompting or running)
        self.running: set[GameSession] = set()  # sessions whose app runs: what --max-sessions counts
        self.connections: set[Any] = set()  # every open client connection
        self.unauth: collections.Counter[str] = collections.Counter()  # address -> connections not logged in yet
        self.unauth_total = 0
        self.refusing = 0  # connections refused before their login, waiting to be told why (_refuse)
        self.by_player: collections.Counter[str | None] = collections.Counter()  # player -> logged-in connections
        self.all_closed = asyncio.Event()
        self.closing = False
        self.launcher: Any = None  # the fork server, when the app command is this Python's tui.cli

    def log(self, message: str) -> None:
        log.info("%s", message)

    def app_argv(self, player: str, resume: bool = False) -> list[str]:
        extra = self.config.resume_args if resume else None  # straight back into the game the old session saved
        return app_argv(self.config.app_command, player, self.config.data_dir, extra)

    async def has_game_in_progress(self, player: str, timeout: float = 10.0) -> bool:
        return await has_game_in_progress(player, self.config.data_dir, timeout, self.log)

    def app_env(self, player: str, term: str, client_env: dict[str, str]) -> dict[str, str]:
        return app_env(player, self.config.data_dir, term, client_env)

    def connection_closed(self, connection: Any) -> None:
        self.connections.discard(connection)
        if not self.connections:
            self.all_closed.set()

    async def shutdown(self) -> None:
        """Hang up every app (each saves), tell every client, give them a moment to read it, then close."""
        self.closing = True
        await asyncio.gather(*(s.hangup("server shutting down") for s in list(self.sessions)), return_exceptions=True)
        for c in list(self.connections):
            if c.session is None:
                c.close()  # nobody is playing on it: nothing to say
        if self.connections:
            self.all_closed.clear()
            try:  # the clients close their side once their session has ended
                await asyncio.wait_for(self.all_closed.wait(), SHUTDOWN_FLUSH)
            except TimeoutError:
                pass
        for c in list(self.connections):
            c.close()


# SSH disconnect reason codes (RFC 4253 section 11.1).
DISC_BY_APPLICATION = asyncssh.DISC_BY_APPLICATION
DISC_TOO_MANY_CONNECTIONS = asyncssh.DISC_TOO_MANY_CONNECTIONS

#: What a refused connection is told (SSH disconnect reason code and words), by the log's reason.
REFUSALS = {
    "server shutting down": (DISC_BY_APPLICATION, "The server is shutting down; try again later."),
    "rate limit": (
        DISC_TOO_MANY_CONNECTIONS,
        "Too many new connections from your address; try again in a minute.",
    ),
    "too many connections not logged in from this address": (
        DISC_TOO_MANY_CONNECTIONS,
        "Too many connections from your address are still logging in; try again shortly.",
    ),
    "too many connections not logged in": (
        DISC_TOO_MANY_CONNECTIONS,
        "The server is busy; try again shortly.",
    ),
}


class Connection(asyncssh.SSHServer):
    """One client connection: limits, authentication, one session channel, and its log line.

    asyncssh's per-connection protocol object. Public keys are checked by :meth:`validate_public_key` against
    the lines tui/ssh/keys.py read (with asyncssh's own ``SSHAuthorizedKeys.validate``) rather than given to
    ``set_authorized_keys``, to log why a known key was refused and to count the login per player; the
    session is made here (:meth:`session_requested`) rather than by ``process_factory``, to give it a channel
    whose environment requests are bounded."""

    def __init__(self, game: GameServer) -> None:
        self.game = game
        self.conn: Any = None
        self.peer = "?"
        self.addr = "?"
        self.group = "?"  # what the per-address limits count (address_group)
        self.player: str | None = None
        self.fingerprint = "-"
        self.term = "-"
        self.size = "-"
        self.ended = "auth failed"
        self.started = time.monotonic()
        self.session: GameSession | None = None
        self.took_over = False
        self.counted_unauth = False  # counted in game.unauth (until it logs in or goes)
        self.counted_player = False  # counted in game.by_player
        self._no_session: asyncio.TimerHandle | None = None
        self._logged = False
        self._tell_refused: Any = None  # a refused connection waiting for its client's first packet

    # -- connection
    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.addr = str(peer[0])
        self.peer = f"{peer[0]}:{peer[1]}"
        game = self.game
        self.group = address_group(self.addr)
        game.connections.add(self)
        game.all_closed.clear()
        refused = None
        if game.closing:
            refused = "server shutting down"
        elif not game.rate.allow(self.group):
            refused = "rate limit"
        elif game.unauth[self.group] >= game.config.pending_per_address:
            refused = "too many connections not logged in from this address"
        elif game.unauth_total >= MAX_UNAUTH:
            refused = "too many connections not logged in"
        if refused:
            # Closed at once, holding nothing; the client is told why (see _refuse).
            self.ended = f"refused: {refused}"
            self._refuse(*REFUSALS[refused])
            return
        self.counted_unauth = True
        game.unauth[self.group] += 1
        game.unauth_total += 1

    def _refuse(self, code: int, words: str) -> None:
        """Tell a client refused before its login why, and close. SSH lets a server disconnect at any
        point after the version lines, with a reason OpenSSH prints ("Received disconnect from ...:
        <reason>"); before them there is no way to say anything a client shows. So the server's
        version line goes out (asyncssh sends it when connection_made returns), nothing the client
        sends is processed (no key exchange is done for it), and once the client has sent its own
        version line and its first packet, or after REFUSE_WAIT seconds, or at once when
        MAX_REFUSING refused connections are waiting already, the disconnect is sent and the
        connection closed. (Closing before the client's first packet would make its write fail
        and it would print only "Broken pipe".)"""
        conn, game = self.conn, self.game
        if game.refusing >= MAX_REFUSING:
            conn.abort()
            return
        game.refusing += 1
        seen = bytearray()
        timer: asyncio.TimerHandle | None = None

        def tell(send: bool = True) -> None:
            nonlocal timer
            if timer is None:
                return
            timer.cancel()
            timer = None
            game.refusing -= 1
            if send:
                conn.disconnect(code, words)

        def data_received(data: bytes, datatype: Any = None) -> None:
            seen.extend(data[:4096])
            end = seen.find(b"\n")
            if (end >= 0 and len(seen) > end + 1) or len(seen) >= 4096:
                tell()

        conn.data_received = data_received  # the client's bytes are only counted, never parsed
        self._tell_refused = tell
        timer = asyncio.get_running_loop().call_later(REFUSE_WAIT, tell)

    def _uncount(self) -> None:
        if self.counted_unauth:
            self.counted_unauth = False
            self.game.unauth[self.group] -= 1
            if self.game.unauth[self.group] <= 0:
                del self.game.unauth[self.group]
            self.game.unauth_total -= 1
        if self.counted_player:
            self.counted_player = False
            self.game.by_player[self.player] -= 1
            if self.game.by_player[self.player] <= 0:
                del self.game.by_player[self.player]

    def connection_lost(self, exc: Exception | None) -> None:
        if self._tell_refused is not None:
            self._tell_refused(send=False)  # frees its place among the refused connections waiting
        self._uncount()
        self.cancel_no_session_timer()
        self.game.connection_closed(self)
        if self.session is not None:
            self.session.client_gone()
            if self.session.started and not self.session.done.is_set():  # log once the app has saved and gone
                asyncio.ensure_future(self._log_when_done())
                return
        self._log_line()

    async def _log_when_done(self) -> None:
        assert self.session is not None  # scheduled only for a connection with a session
        await self.session.done.wait()
        self._log_line()

    def _log_line(self) -> None:
        if self._logged:
            return
        self._logged = True
        self.game.log(
            f"conn from={self.peer} player={self.player or '-'} key={self.fingerprint} "
            f"term={field_value(self.term)} size={self.size} takeover={'yes' if self.took_over else 'no'} "
            f"duration={time.monotonic() - self.started:.1f}s end={shlex.quote(escape(self.ended))}"
        )

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    # -- authentication: public keys only (asyncssh.SSHServer's defaults refuse passwords, keyboard-interactive
    #    and host-based; GSS is off by create_server's gss_host=None)
    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        entry, why = self.game.keys.lookup(key, self.addr)
        if entry is None:
            if why:
                self.ended = f"auth failed: {why}"
            return False
        self.player = entry.player
        self.fingerprint = entry.fingerprint
        return True

    def auth_completed(self) -> None:
        self._uncount()
        self.game.by_player[self.player] += 1
        self.counted_player = True
        if self.game.by_player[self.player] > MAX_CONNECTIONS_PER_PLAYER:
            self.ended = "refused: too many connections for this player"
            self.conn.disconnect(
                DISC_TOO_MANY_CONNECTIONS,
                f"Player {self.player} has {MAX_CONNECTIONS_PER_PLAYER} connections open "
                "already; close one and try again.",
            )
            return
        self.ended = "closed before a session"
        # as long again to open its terminal session as it had to log in
        self._no_session = asyncio.get_running_loop().call_later(self.game.config.login_timeout, self._close_idle_login)

    def _close_idle_login(self) -> None:
        self._no_session = None
        if self.session is None or not self.session.started:
            self.ended = f"no session within {self.game.config.login_timeout:g}s"
            self.close()

    def cancel_no_session_timer(self) -> None:
        if self._no_session is not None:
            self._no_session.cancel()
            self._no_session = None

    # -- channels: one interactive session; nothing else
    def session_requested(self) -> Any:
        if self.player is None or self.session is not None:
            return False
        session = GameSession(self.game, self)
        chan = self.conn.create_server_channel(encoding=None, window=CHANNEL_WINDOW)
        bound_env(chan, session)  # keep only what is needed, within bounds
        self.session = session
        return chan, session

    def connection_requested(self, *args: Any) -> bool:
        self.ended = "refused: port forwarding"
        return False

    def server_requested(self, *args: Any) -> bool:
        self.ended = "refused: port forwarding"
        return False

    # UNIX-socket forwarding and TUN/TAP: asyncssh.SSHServer's defaults refuse them.


async def serve(config: Config, ready: Callable[[int], None] | None = None) -> None:
    """Run the server until SIGTERM, SIGINT or SIGHUP; ``ready(port)`` once it listens."""
    try:
        handler = log_handler(config.log_file)
    except OSError as e:
        raise ServeError(f"log file {config.log_file}: {e.strerror or e}") from None
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        await _serve(config, ready)
    finally:
        log.removeHandler(handler)
        handler.close()


async def _serve(config: Config, ready: Callable[[int], None] | None) -> None:
    try:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        game = GameServer(config)
    except OSError as e:
        raise ServeError(f"{e.filename or config.data_dir}: {e.strerror or e}") from None
    host_key = ensure_host_key(config.host_key, game.log)
    if not config.authorized_keys.exists():
        game.log(f"no authorized keys file at {config.authorized_keys} yet: nobody can log in until it exists")
    if Launcher.applies(config.app_command) and not config.no_fork_server:
        game.launcher = Launcher(config.data_dir, game.app_env("-", "xterm-256color", {}), log)
        try:
            await game.launcher.start()
        except OSError as e:
            game.log(f"fork server not started ({e.strerror or e}): each session imports the app itself")
            game.launcher = None
    try:
        listener = await asyncssh.create_server(
            lambda: Connection(game),
            config.host,
            config.port,
            server_host_keys=[host_key],
            allow_pty=True,
            x11_forwarding=False,
            gss_host=None,
            agent_forwarding=False,
            login_timeout=config.login_timeout,
            keepalive_interval=30,
            keepalive_count_max=4,
            encoding=None,
            line_editor=False,
        )
    except OSError as e:
        raise ServeError(f"cannot listen on {config.host}:{config.port}: {e.strerror or e}") from None
    port = listener.sockets[0].getsockname()[1] if listener.sockets else config.port
    game.log(
        f"listening on {config.host}:{port} (data {config.data_dir}, host key {host_key.get_fingerprint('sha256')})"
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready(port)
    try:
        await stop.wait()
    finally:
        game.log("shutting down: saving and closing every session")
        listener.close()
        await game.shutdown()
        if game.launcher is not None:
            await game.launcher.stop()
        await listener.wait_closed()
        game.log("stopped")
