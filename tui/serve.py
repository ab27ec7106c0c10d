"""``redemption serve``: the app's own SSH game server (asyncssh).

Each SSH login runs the app in its own process on its own pseudo-terminal, with the save
folder of the player that the login's public key belongs to. Only public-key authentication
is offered; exec requests, subsystems (SFTP), port, agent and X11 forwarding are refused.
One live session per player: a second login is offered to take the first one over.
When a client goes away the app gets SIGHUP (it saves and exits), then SIGKILL after a grace
period. One log line per connection; key material is never logged.

asyncssh is an optional dependency (``pip install 'redemption-tui[ssh]'``).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import errno
import fcntl
import os
import re
import shlex
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 2222
DEFAULT_IDLE = 30 * 60.0
DEFAULT_MAX_SESSIONS = 32
DEFAULT_RATE = 20  # new connections per source address per minute
DEFAULT_GRACE = 5.0  # seconds between SIGHUP and SIGKILL
TAKEOVER_PROMPT_TIMEOUT = 60.0
ENV_PASSTHROUGH = ("PATH", "HOME", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR", "PYTHONDONTWRITEBYTECODE")
CLIENT_ENV_ALLOWED = ("COLORTERM", "NO_COLOR")  # harmless display hints a client may send


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


# --------------------------------------------------------------------------- configuration


@dataclass
class Config:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    data_dir: Path = Path(".")
    authorized_keys: Path = Path("authorized_keys")
    host_key: Path = Path("host_key")
    idle_timeout: float = DEFAULT_IDLE
    max_sessions: int = DEFAULT_MAX_SESSIONS
    rate_limit: int = DEFAULT_RATE
    grace: float = DEFAULT_GRACE
    app_command: list[str] = field(default_factory=list)
    #: Added to the app command after a take-over, when the player has a game in progress (None: never).
    resume_args: list[str] | None = None
    log_file: Path | None = None


def default_app_command() -> list[str]:
    """The app for one player, run by the same interpreter as the server."""
    return [sys.executable, "-m", "tui.cli", "--player", "{player}", "--save-dir", "{data_dir}"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="redemption serve",
        description="Serve the game over SSH: each player logs in with their own key and gets their own saves.",
        epilog="The authorized-keys file has one public key per line, OpenSSH style; the player is the key's "
               "comment, or a player=\"NAME\" option at the start of the line.",
    )
    p.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (default: %(default)s, loopback only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default: %(default)s; 0 picks a free one)")
    p.add_argument("--data-dir", type=Path, metavar="DIR", help="folder of the players' save folders (default: the app's save folder)")
    p.add_argument("--authorized-keys", type=Path, metavar="FILE", help="players' public keys (default: DATA_DIR/.ssh/authorized_keys)")
    p.add_argument("--host-key", type=Path, metavar="FILE",
                   help="the server's private key, generated on first run (default: DATA_DIR/.ssh/host_ed25519_key)")
    p.add_argument("--idle-timeout", type=float, default=DEFAULT_IDLE, metavar="S",
                   help="close sessions with no keys pressed for S seconds, saving first (default: %(default)s)")
    p.add_argument("--max-sessions", type=int, default=DEFAULT_MAX_SESSIONS, metavar="N",
                   help="concurrent sessions at most (default: %(default)s)")
    p.add_argument("--rate-limit", type=int, default=DEFAULT_RATE, metavar="N",
                   help="new connections per source address per minute at most (default: %(default)s)")
    p.add_argument("--grace", type=float, default=DEFAULT_GRACE, metavar="S",
                   help="seconds the app gets to save after SIGHUP before it is killed (default: %(default)s)")
    p.add_argument("--log-file", type=Path, metavar="FILE", help="append the connection log here (default: standard error)")
    p.add_argument("--app-command", metavar="CMD",
                   help="the program each session runs, with {player} and {data_dir} placeholders "
                        "(default: this Python running tui.cli --player {player} --save-dir {data_dir})")
    p.add_argument("--resume-args", metavar="ARGS",
                   help="added to the app command after a take-over when the player has a game in progress, "
                        "to go straight back into it (default: 'resume' with the default app command, "
                        "nothing with --app-command)")
    return p


def parse_config(argv: list[str]) -> Config:
    parser = build_parser()
    a = parser.parse_args(argv)
    if not 0 <= a.port <= 65535:
        parser.error(f"--port {a.port} is not a port number (0-65535)")
    if a.max_sessions < 1:
        parser.error("--max-sessions must be at least 1")
    if a.rate_limit < 1:
        parser.error("--rate-limit must be at least 1")
    if a.idle_timeout <= 0 or a.grace < 0:
        parser.error("--idle-timeout must be positive and --grace not negative")
    if a.data_dir is None:
        from saves import default_dir

        data_dir = default_dir()
    else:
        data_dir = a.data_dir.expanduser()
    data_dir = data_dir.resolve()
    cmd = shlex.split(a.app_command) if a.app_command else default_app_command()
    if not cmd:
        parser.error("--app-command is empty")
    return Config(
        host=a.host, port=a.port, data_dir=data_dir,
        authorized_keys=(a.authorized_keys or data_dir / ".ssh" / "authorized_keys").expanduser(),
        host_key=(a.host_key or data_dir / ".ssh" / "host_ed25519_key").expanduser(),
        idle_timeout=a.idle_timeout, max_sessions=a.max_sessions, rate_limit=a.rate_limit, grace=a.grace,
        app_command=cmd, resume_args=(shlex.split(a.resume_args) if a.resume_args is not None
                                          else None if a.app_command else ["resume"]), log_file=a.log_file,
    )


# --------------------------------------------------------------------------- keys


@dataclass(frozen=True)
class KeyEntry:
    player: str
    fingerprint: str


class KeyError_(Exception):
    pass


_OPT = re.compile(r'([A-Za-z0-9-]+)(?:="((?:[^"\\]|\\.)*)")?')


def _split_options(line: str) -> tuple[dict[str, str], str]:
    """Split an OpenSSH authorized_keys line into its options and the rest (key type, key, comment)."""
    first = line.split(None, 1)[0]
    if first.startswith(("ssh-", "ecdsa-", "sk-", "rsa-")):
        return {}, line
    opts: dict[str, str] = {}
    i = 0
    while i < len(line):
        m = _OPT.match(line, i)
        if not m:
            raise KeyError_("cannot read the options")
        opts[m.group(1).lower()] = (m.group(2) or "").replace('\\"', '"')
        i = m.end()
        if i < len(line) and line[i] == ",":
            i += 1
            continue
        break
    rest = line[i:].strip()
    if not rest:
        raise KeyError_("no key after the options")
    return opts, rest


def load_authorized_keys(path: Path, warn=lambda msg: None) -> dict[bytes, KeyEntry]:
    """Public key blob -> player. Lines with a bad key or a player name that is not valid are skipped with a warning."""
    import asyncssh

    from saves import SaveError, validate_name

    keys: dict[bytes, KeyEntry] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        warn(f"cannot read the authorized keys file {path}: {e.strerror or e}")
        return keys
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            opts, rest = _split_options(line)
            parts = rest.split(None, 2)
            if len(parts) < 2:
                raise KeyError_("expected a key type and a key")
            key = asyncssh.import_public_key(f"{parts[0]} {parts[1]}")
            comment = parts[2].strip() if len(parts) > 2 else ""
            player = opts.get("player") or comment
            if not player:
                raise KeyError_("no player: give the key a comment or a player=\"NAME\" option")
            validate_name(player, what="player name")
        except (KeyError_, SaveError, asyncssh.KeyImportError, ValueError) as e:
            warn(f"{path}:{n}: line skipped: {e}")
            continue
        keys[key.public_data] = KeyEntry(player, key.get_fingerprint("sha256"))
    return keys


class KeyRing:
    """The authorized keys, read again whenever the file changes."""

    def __init__(self, path: Path, warn) -> None:
        self.path = path
        self.warn = warn
        self._stamp: tuple | None = None
        self._keys: dict[bytes, KeyEntry] = {}

    def lookup(self, public_data: bytes) -> KeyEntry | None:
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        if stamp != self._stamp:
            self._keys = load_authorized_keys(self.path, self.warn) if stamp else {}
            self._stamp = stamp
        return self._keys.get(public_data)


class ServeError(Exception):
    """A problem that stops the server from starting; the message is one line for the operator."""


def ensure_host_key(path: Path, log) -> Any:
    """Load the host key, or generate one (Ed25519, mode 600) on first run."""
    import asyncssh

    try:
        if path.exists():
            mode = path.stat().st_mode & 0o777
            if mode & 0o077:
                log(f"host key {path} is readable by others (mode {mode:o}); setting it to 600")
                os.chmod(path, 0o600)
            return asyncssh.read_private_key(str(path))
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="redemption-tui host key")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    except OSError as e:
        raise ServeError(f"host key {path}: {e.strerror or e}") from None
    except (asyncssh.KeyImportError, ValueError) as e:
        raise ServeError(f"host key {path} is not a private key this server can read ({e})") from None
    log(f"generated a new host key {path} ({key.get_fingerprint('sha256')})")
    return key


# --------------------------------------------------------------------------- the server


class RateLimiter:
    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.seen: dict[str, collections.deque] = {}

    def allow(self, addr: str) -> bool:
        now = time.monotonic()
        q = self.seen.setdefault(addr, collections.deque())
        while q and now - q[0] > 60.0:
            q.popleft()
        if len(q) >= self.per_minute:
            return False
        q.append(now)
        return True


class GameServer:
    """State shared by all connections: keys, live sessions by player, limits, the log."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.keys = KeyRing(config.authorized_keys, self.log)
        self.rate = RateLimiter(config.rate_limit)
        self.live: dict[str, GameSession] = {}  # player -> the session running their app
        self.sessions: set[GameSession] = set()  # every session past its start (prompting or running)
        self.connections: set = set()  # every open client connection
        self._log_file = open(config.log_file, "a", encoding="utf-8", buffering=1) if config.log_file else None
        self.closing = False

    def log(self, message: str) -> None:
        line = f"{_now()} {message}"
        out = self._log_file or sys.stderr
        print(line, file=out, flush=True)

    def app_argv(self, player: str, resume: bool = False) -> list[str]:
        values = {"player": player, "data_dir": str(self.config.data_dir)}
        argv = [part.format(**values) for part in self.config.app_command]
        if resume and self.config.resume_args and self.has_game_in_progress(player):
            argv += self.config.resume_args  # straight back into the game the old session just saved
        return argv

    def has_game_in_progress(self, player: str) -> bool:
        from saves import list_saves

        try:
            return any(not s.error and not s.over for s in list_saves(self.config.data_dir / player))
        except Exception:
            return False

    def app_env(self, player: str, term: str, client_env: dict[str, str]) -> dict[str, str]:
        env = {k: os.environ[k] for k in ENV_PASSTHROUGH if k in os.environ}
        env.setdefault("PATH", os.defpath)
        # The child runs the same code as the server, installed or not.
        root = str(Path(__file__).resolve().parent.parent)
        env["PYTHONPATH"] = os.pathsep.join([root] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        for k in CLIENT_ENV_ALLOWED:
            if k in client_env and len(client_env[k]) < 64:
                env[k] = client_env[k]
        env.update({
            "TERM": term or "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            "REDEMPTION_PLAYER": player,
            "REDEMPTION_SAVE_DIR": str(self.config.data_dir),
        })
        return env

    async def shutdown(self) -> None:
        self.closing = True
        await asyncio.gather(*(s.hangup("server shutting down") for s in list(self.sessions)),
                             return_exceptions=True)
        for c in list(self.connections):
            c.close()


def _make_connection_class():
    import asyncssh

    class _Connection(asyncssh.SSHServer):
        """One client connection: authentication, one session channel, and its log line."""

        def __init__(self, game: GameServer) -> None:
            self.game = game
            self.conn: Any = None
            self.peer = "?"
            self.player: str | None = None
            self.fingerprint = "-"
            self.term = "-"
            self.size = "-"
            self.ended = "auth failed"
            self.started = time.monotonic()
            self.session: GameSession | None = None
            self.refused = False
            self.took_over = False

        # -- connection
        def connection_made(self, conn) -> None:
            self.conn = conn
            peer = conn.get_extra_info("peername") or ("?", 0)
            self.peer = f"{peer[0]}:{peer[1]}"
            self.game.connections.add(self)
            if self.game.closing:
                self.ended = "refused: server shutting down"
                conn.close()
            elif len(self.game.connections) > 2 * self.game.config.max_sessions + 8:
                self.refused = True
                self.ended = "refused: too many open connections"
            elif not self.game.rate.allow(str(peer[0])):
                self.refused = True  # told at the start of authentication, where the client can show it
                self.ended = "refused: rate limit"

        def connection_lost(self, exc) -> None:
            self.game.connections.discard(self)
            if self.session is not None:
                self.session.client_gone()
                if self.session.started and not self.session.done.is_set():  # log once the app has saved and gone
                    asyncio.ensure_future(self._log_when_done())
                    return
            self._log_line()

        async def _log_when_done(self) -> None:
            await self.session.done.wait()
            self._log_line()

        def _log_line(self) -> None:
            self.game.log(
                f"conn from={self.peer} player={self.player or '-'} key={self.fingerprint} "
                f"term={self.term} size={self.size} takeover={'yes' if self.took_over else 'no'} duration={time.monotonic() - self.started:.1f}s "
                f"end={shlex.quote(self.ended)}"
            )

        def close(self) -> None:
            if self.conn is not None:
                self.conn.close()

        # -- authentication: public keys only
        def begin_auth(self, username: str) -> bool:
            if self.refused:
                why = ("The server has too many connections; try again later." if "open" in self.ended
                       else "Too many connections from your address; try again in a minute.")
                raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, why)
            return True

        def password_auth_supported(self) -> bool:
            return False

        def kbdint_auth_supported(self) -> bool:
            return False

        def host_based_auth_supported(self) -> bool:
            return False

        def gss_host_based_auth_supported(self) -> bool:
            return False

        def gss_kex_auth_supported(self) -> bool:
            return False

        def gss_mic_auth_supported(self) -> bool:
            return False

        def public_key_auth_supported(self) -> bool:
            return True

        def validate_public_key(self, username: str, key) -> bool:
            entry = self.game.keys.lookup(key.public_data)
            if entry is None:
                return False
            self.player = entry.player
            self.fingerprint = entry.fingerprint
            self.ended = "closed before a session"
            return True

        # -- channels: one interactive session; nothing else
        def session_requested(self):
            if self.player is None or self.session is not None:
                return False
            self.session = GameSession(self.game, self)
            return self.conn.create_server_channel(encoding=None), self.session

        def connection_requested(self, *args) -> bool:
            self.ended = "refused: port forwarding"
            return False

        def server_requested(self, *args) -> bool:
            self.ended = "refused: port forwarding"
            return False

        def unix_connection_requested(self, *args) -> bool:
            return False

        def unix_server_requested(self, *args) -> bool:
            return False

        def tun_requested(self, *args) -> bool:
            return False

        def tap_requested(self, *args) -> bool:
            return False

    return _Connection




def _set_winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(cols, 1), 0, 0))


def _preexec_ctty() -> None:  # runs in the child after setsid(): make the pty its controlling terminal
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class GameSession:
    """One SSH session channel: the take-over prompt, then the app on a PTY."""

    def __init__(self, game: GameServer, connection) -> None:
        self.game = game
        self.connection = connection
        self.player: str = connection.player
        self.chan: Any = None
        self.term = "xterm-256color"
        self.cols, self.rows = 80, 24
        self.pty = False
        self.since = _now()
        self.proc: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.last_input = time.monotonic()
        self.answer: asyncio.Future | None = None
        self.reason: str | None = None  # why the server ended it (take-over, idle, shutdown)
        self.client_alive = True
        self.done = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.started = False
        self._hangup_task: asyncio.Task | None = None
        self._inbuf = bytearray()
        self._paused = False

    # -- asyncssh SSHServerSession protocol
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.pty = True
        self.term = term_type or self.term
        if term_size and term_size[0] and term_size[1]:
            self.cols, self.rows = term_size[0], term_size[1]
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        self.connection.ended = "refused: exec request"
        return False

    def subsystem_requested(self, subsystem) -> bool:
        self.connection.ended = f"refused: subsystem {subsystem}"
        return False

    def x11_requested(self, *args) -> bool:
        return False

    def agent_requested(self) -> bool:
        return False

    def break_received(self, msec) -> bool:
        return False

    def signal_received(self, signal) -> None:
        pass

    def soft_eof_received(self) -> None:
        pass

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        if width and height:
            self.cols, self.rows = width, height
            self.connection.size = f"{self.connection.size.split('->')[0]}->{width}x{height}"
            if self.master is not None:
                try:
                    _set_winsize(self.master, width, height)  # the kernel sends SIGWINCH to the app
                except OSError:
                    pass

    def session_started(self) -> None:
        self.started = True
        self._task = asyncio.ensure_future(self._run())

    def data_received(self, data: bytes, datatype) -> None:
        self.last_input = time.monotonic()
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(data)
            return
        if self.master is not None and self.proc is not None and self.proc.returncode is None:
            self._inbuf += data
            self._flush_input()

    def eof_received(self) -> bool:
        self.client_gone()
        return False

    def pause_writing(self) -> None:
        self._paused = True
        if self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        self._paused = False
        if self.master is not None and self.proc is not None:
            asyncio.get_running_loop().add_reader(self.master, self._on_output)

    def connection_lost(self, exc) -> None:
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

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self._inbuf and self.master is not None:
            try:
                n = os.write(self.master, self._inbuf)
            except BlockingIOError:
                loop.add_writer(self.master, self._flush_input)
                return
            except OSError:
                self._inbuf.clear()
                break
            del self._inbuf[:n]
        if self.master is not None:
            loop.remove_writer(self.master)

    def _on_output(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its side
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        if self.client_alive and self.chan is not None:
            try:
                self.chan.write(data)
            except Exception:
                pass
        # with no client the output is read and dropped, so the app never blocks while it saves

    def client_gone(self) -> None:
        """The client disconnected (or sent EOF): hang up the app."""
        if not self.client_alive:
            return
        self.client_alive = False
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(b"")
        if self.connection.ended in ("closed before a session", "running"):
            self.connection.ended = "client disconnected"
        if self.proc is not None and self.proc.returncode is None:
            if self._paused and self.master is not None:  # nobody to wait for now: read and drop the output
                self._paused = False
                asyncio.get_running_loop().add_reader(self.master, self._on_output)
            self._hangup_task = asyncio.ensure_future(self.hangup(None))

    async def hangup(self, reason: str | None) -> None:
        """SIGHUP the app (it saves and exits); SIGKILL it after the grace period; wait for the end."""
        if reason and self.reason is None:
            self.reason = reason
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(b"")
        proc = self.proc
        if proc is not None and proc.returncode is None:
            _killpg(proc.pid, signal.SIGHUP)
            try:
                await asyncio.wait_for(asyncio.shield(proc.wait()), self.game.config.grace)
            except asyncio.TimeoutError:
                _killpg(proc.pid, signal.SIGKILL)
                self.connection.ended += " (app killed after the grace period)"
        await self.done.wait()

    async def _ask(self, prompt: str, timeout: float) -> bytes:
        self._write(prompt)
        self.answer = asyncio.get_running_loop().create_future()
        try:
            return await asyncio.wait_for(self.answer, timeout)
        except asyncio.TimeoutError:
            return b""
        finally:
            self.answer = None

    async def _run(self) -> None:
        game = self.game
        conn = self.connection
        conn.term = self.term
        conn.size = f"{self.cols}x{self.rows}"
        try:
            if not self.pty:
                conn.ended = "refused: no terminal"
                self._write("redemption serve needs a terminal: connect with `ssh -t`.\n")
                return self._finish(1)
            if len(game.sessions) >= game.config.max_sessions and self.player not in game.live:
                conn.ended = "refused: server full"
                self._write(f"The server is full ({game.config.max_sessions} players are on). "
                            "Please try again later.\n")
                return self._finish(1)
            game.sessions.add(self)
            while (other := game.live.get(self.player)) is not None and other is not self:
                if not other.client_alive:  # its client is gone and it is saving: just wait for it
                    self._write("Saving your previous session...\n")
                    await other.done.wait()
                    continue
                peer = other.connection.peer.rsplit(":", 1)[0]
                answer = await self._ask(
                    f"\nPlayer {self.player} already has a live session (from {peer}, since {other.since}).\n"
                    "Take it over? That session will be saved and closed, and the game goes on here. [y/N] ",
                    TAKEOVER_PROMPT_TIMEOUT)
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
                conn.took_over = True
            if not self.client_alive:
                return
            game.live[self.player] = self
            await self._run_app()
        except Exception as e:  # never let one session take the server down
            conn.ended = f"server error: {type(e).__name__}: {e}"
            game.log(f"error in session of {self.player}: {type(e).__name__}: {e}")
            self._finish(1)
        finally:
            if game.live.get(self.player) is self:
                del game.live[self.player]
            game.sessions.discard(self)
            self.done.set()

    async def _run_app(self) -> None:
        game, conn = self.game, self.connection
        loop = asyncio.get_running_loop()
        folder = game.config.data_dir / self.player
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        master, slave = os.openpty()
        try:
            _set_winsize(master, self.cols, self.rows)
            os.set_blocking(master, False)
            self.master = master
            self.proc = await asyncio.create_subprocess_exec(
                *game.app_argv(self.player, resume=conn.took_over), stdin=slave, stdout=slave, stderr=slave,
                env=game.app_env(self.player, self.term, dict(self.chan.get_environment())),
                cwd=str(folder), start_new_session=True, preexec_fn=_preexec_ctty, close_fds=True,
            )
        except BaseException:
            os.close(master)
            self.master = None
            raise
        finally:
            os.close(slave)
        if conn.ended == "closed before a session":
            conn.ended = "running"
        if not self._paused:
            loop.add_reader(master, self._on_output)
        idle = asyncio.ensure_future(self._watch_idle())
        try:
            if not self.client_alive or self.reason:  # gone (or told to go) while the app started
                self._hangup_task = asyncio.ensure_future(self.hangup(None))
            status = await self.proc.wait()
        finally:
            idle.cancel()
        # drain what the app wrote last (its terminal reset), then close the pty
        for _ in range(64):
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            if self.client_alive:
                try:
                    self.chan.write(data)
                except Exception:
                    break
        loop.remove_reader(master)
        loop.remove_writer(master)
        os.close(master)
        self.master = None
        # anything the app left behind in its process group goes too
        _killpg(self.proc.pid, signal.SIGKILL)
        if self.reason:
            conn.ended = self.reason
            self._write(f"\nThis session was closed: {self.reason}. Your game is saved.\n")
        elif conn.ended == "running":
            conn.ended = f"app exited ({status})"
        self._finish(0 if status == 0 else 1)

    async def _watch_idle(self) -> None:
        limit = self.game.config.idle_timeout
        while True:
            left = limit - (time.monotonic() - self.last_input)
            if left <= 0:
                await self.hangup(f"idle for {limit:g} seconds")
                return
            await asyncio.sleep(min(left + 0.05, 30.0))


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass
    except OSError as e:
        if e.errno != errno.ESRCH:
            raise


# --------------------------------------------------------------------------- running


async def serve(config: Config, ready=None) -> None:
    import asyncssh

    try:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        game = GameServer(config)
    except OSError as e:
        raise ServeError(f"{e.filename or config.data_dir}: {e.strerror or e}") from None
    host_key = ensure_host_key(config.host_key, game.log)
    if not config.authorized_keys.exists():
        game.log(f"no authorized keys file at {config.authorized_keys} yet: nobody can log in until it exists")
    connection_class = _make_connection_class()  # built here so that importing this module needs no asyncssh
    try:
        listener = await asyncssh.create_server(
            lambda: connection_class(game), config.host, config.port,
            server_host_keys=[host_key],
            allow_pty=True, x11_forwarding=False, agent_forwarding=False,
            login_timeout=30, keepalive_interval=30, keepalive_count_max=4,
            encoding=None, line_editor=False,
        )
    except OSError as e:
        raise ServeError(f"cannot listen on {config.host}:{config.port}: {e.strerror or e}") from None
    port = listener.sockets[0].getsockname()[1] if listener.sockets else config.port
    game.log(f"listening on {config.host}:{port} (data {config.data_dir}, "
             f"host key {host_key.get_fingerprint('sha256')})")
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
        await listener.wait_closed()
        game.log("stopped")


def main(argv: list[str] | None = None) -> int:
    try:
        config = parse_config(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:  # --help, or a bad argument (argparse has printed why)
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        print("redemption serve needs asyncssh: pip install 'redemption-tui[ssh]'", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(config))
    except ServeError as e:
        print(f"redemption serve: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
