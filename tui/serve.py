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
import ipaddress
import logging
import os
import re
import shlex
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 2222
DEFAULT_IDLE = 30 * 60.0
DEFAULT_MAX_SESSIONS = 32
DEFAULT_RATE = 20  # new connections per source address per minute
DEFAULT_GRACE = 5.0  # seconds between SIGHUP and SIGKILL
DEFAULT_LOGIN_TIMEOUT = 10.0  # seconds a connection has to authenticate
TAKEOVER_PROMPT_TIMEOUT = 60.0
ENV_PASSTHROUGH = ("PATH", "HOME", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR", "PYTHONDONTWRITEBYTECODE")
CLIENT_ENV_ALLOWED = ("COLORTERM", "NO_COLOR")  # harmless display hints a client may send

# Bounds on what one client can make the server hold (README, "Limits").
DEFAULT_PENDING_PER_ADDRESS = 10  # connections not yet logged in, from one address
MAX_UNAUTH = 64  # connections not yet logged in, in all
MAX_CONNECTIONS_PER_PLAYER = 3  # logged-in connections of one player (a session, a take-over prompt, one more)
MAX_COLS, MAX_ROWS = 500, 200  # the largest terminal an app is given
MAX_INPUT_QUEUE = 64 * 1024  # bytes of keystrokes queued for an app before the client is made to wait
CHANNEL_WINDOW = 256 * 1024  # SSH receive window of a session: what a client may send ahead of the app
MAX_ENV_REQUESTS = 32  # environment variables a client may send (only CLIENT_ENV_ALLOWED are kept)
MAX_ENV_VALUE = 64  # bytes of one kept environment variable
MAX_TERM = 64  # characters of the terminal type
REFUSE_WAIT = 1.0  # seconds a connection refused before its login waits for the client's first packet
MAX_REFUSING = 64  # refused connections waiting so at once; beyond, closed at once without a word
SHUTDOWN_FLUSH = 3.0  # seconds the server waits for clients to take their last words before closing
#: The app's exit status when a game's save lacks moves (a full disk...): the server then repeats the app's own
#: last line ("Your game could not be saved since move N: why.") instead of saying the game is saved.
NOT_SAVED_EXIT = 75
_NOT_SAVED_WORDS = re.compile(rb"Your game could not be saved[^\r\n\x1b]{0,300}")
OUTPUT_TAIL = 4096  # bytes of the app's last output kept to find those words in
#: What the server sends after an app ends, so the client's terminal is normal again even if the app
#: could not restore it: attributes, mouse modes, focus events, bracketed paste and the kitty keyboard
#: protocol off, cursor shown, alternate screen left.
RESET_TERMINAL = (
    "\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1004l"
    "\x1b[?2004l\x1b[<u\x1b[?25h\x1b[?1049l"
)

log = logging.getLogger("redemption.serve")


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def escape(text: str, limit: int = 200) -> str:
    """Text from a client or a file, safe in one log line: every character that is not printable
    (controls, line and paragraph separators, format characters) as a backslash escape; cut at ``limit``."""
    if len(text) > limit:
        text = text[:limit] + "..."
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def field_value(text: str, limit: int = 64) -> str:
    """A client-supplied value as one ``key=value`` log field: escaped, and quoted if it has spaces or quotes."""
    text = escape(text, limit)
    return text if text and re.fullmatch(r"[A-Za-z0-9._+:/@,=-]+", text) else shlex.quote(text)


class _LogFormatter(logging.Formatter):
    """``2026-11-29T12:06:45Z message``, in UTC, and never more than one line."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%SZ")
        self.converter = time.gmtime

    def format(self, record: logging.LogRecord) -> str:
        return escape(super().format(record), 8000)


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
    login_timeout: float = DEFAULT_LOGIN_TIMEOUT
    pending_per_address: int = DEFAULT_PENDING_PER_ADDRESS
    no_fork_server: bool = False
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
        'comment, or a player="NAME" option at the start of the line.',
    )
    p.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (default: %(default)s, loopback only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default: %(default)s; 0 picks a free one)")
    p.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="folder of the players' save folders (default: the app's save folder)",
    )
    p.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="players' public keys (default: DATA_DIR/.ssh/authorized_keys)",
    )
    p.add_argument(
        "--host-key",
        type=Path,
        metavar="FILE",
        help="the server's private key, generated on first run (default: DATA_DIR/.ssh/host_ed25519_key)",
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=DEFAULT_IDLE,
        metavar="S",
        help="close sessions with no keys pressed for S seconds, saving first (default: %(default)s)",
    )
    p.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help="concurrent sessions at most (default: %(default)s)",
    )
    p.add_argument(
        "--rate-limit",
        type=int,
        default=DEFAULT_RATE,
        metavar="N",
        help="new connections per source address per minute at most (default: %(default)s)",
    )
    p.add_argument(
        "--grace",
        type=float,
        default=DEFAULT_GRACE,
        metavar="S",
        help="seconds the app gets to save after SIGHUP before it is killed (default: %(default)s)",
    )
    p.add_argument(
        "--login-timeout",
        type=float,
        default=DEFAULT_LOGIN_TIMEOUT,
        metavar="S",
        help="seconds a connection has to log in before it is closed (default: %(default)s)",
    )
    p.add_argument(
        "--max-pending",
        type=int,
        default=DEFAULT_PENDING_PER_ADDRESS,
        metavar="N",
        help="connections not logged in yet from one address at most; more are closed at once "
        f"(default: %(default)s; {MAX_UNAUTH} from all addresses)",
    )
    p.add_argument(
        "--no-fork-server",
        action="store_true",
        help="start each session's app as a new interpreter instead of forking it from one that "
        "has imported the app already (slower logins, more memory)",
    )
    p.add_argument(
        "--log-file", type=Path, metavar="FILE", help="append the connection log here (default: standard error)"
    )
    p.add_argument(
        "--app-command",
        metavar="CMD",
        help="the program each session runs, with {player} and {data_dir} placeholders "
        "(default: this Python running tui.cli --player {player} --save-dir {data_dir})",
    )
    p.add_argument(
        "--resume-args",
        metavar="ARGS",
        help="added to the app command after a take-over when the player has a game in progress, "
        "to go straight back into it (default: 'resume' with the default app command, "
        "nothing with --app-command)",
    )
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
    if not 1 <= a.max_pending <= MAX_UNAUTH:
        parser.error(f"--max-pending must be 1-{MAX_UNAUTH}")
    if a.idle_timeout <= 0 or a.grace < 0 or a.login_timeout <= 0:
        parser.error("--idle-timeout and --login-timeout must be positive and --grace not negative")
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
        host=a.host,
        port=a.port,
        data_dir=data_dir,
        authorized_keys=(a.authorized_keys or data_dir / ".ssh" / "authorized_keys").expanduser(),
        host_key=(a.host_key or data_dir / ".ssh" / "host_ed25519_key").expanduser(),
        idle_timeout=a.idle_timeout,
        max_sessions=a.max_sessions,
        rate_limit=a.rate_limit,
        grace=a.grace,
        login_timeout=a.login_timeout,
        pending_per_address=a.max_pending,
        no_fork_server=a.no_fork_server,
        app_command=cmd,
        resume_args=(
            shlex.split(a.resume_args) if a.resume_args is not None else None if a.app_command else ["resume"]
        ),
        log_file=a.log_file,
    )


# --------------------------------------------------------------------------- keys

#: Options a key line may carry; any other option makes the line refused (logged), as an unknown restriction
#: must never be silently ignored. The last five restrict what this server never allows anyway.
KEY_OPTIONS = {
    "player": 'player="NAME": the player this key logs in as (else the key\'s comment)',
    "from": 'from="PATTERNS": only from these addresses (OpenSSH patterns: 10.0.0.0/8, 192.168.1.*, !1.2.3.4)',
    "expiry-time": 'expiry-time="YYYYMMDD[HHMM[SS]][Z]": not after this time (Z: UTC, else the server\'s local time)',
    "restrict": "restrict: no forwarding of any kind (always so here)",
    "pty": "pty: a terminal (always given here)",
    "no-port-forwarding": "(always so here)",
    "no-agent-forwarding": "(always so here)",
    "no-x11-forwarding": "(always so here)",
    "no-user-rc": "(no rc file is ever run here)",
}
_KEY_OPTIONS_WITH_VALUE = {"player", "from", "expiry-time"}
MAX_KEYS_FILE = 4 * 1024 * 1024  # bytes of the authorized-keys file read at most


@dataclass(frozen=True)
class KeyEntry:
    player: str
    fingerprint: str
    line: int = 0
    expires: float | None = None  # epoch seconds, from expiry-time=
    origin: Any = None  # asyncssh SSHAuthorizedKeys holding this key with its from= patterns, or None

    def refusal(self, key: Any, addr: str, now: float | None = None) -> str | None:
        """Why this line does not let ``key`` in from ``addr`` now (None: it does)."""
        if self.expires is not None and (time.time() if now is None else now) > self.expires:
            return "key expired (expiry-time)"
        if self.origin is not None and self.origin.validate(key, addr, addr) is None:
            return "address not allowed for this key (from=)"
        return None


class KeyError_(Exception):
    pass


def _split_key_options(line: str) -> tuple[list[tuple[str, str | None]], str]:
    """OpenSSH's reading of the options before a key: comma-separated ``name`` or ``name="value"`` (names
    case-insensitive, ``\\"`` a quote inside a value), ended by the first space or tab outside quotes.
    Returns the options and the rest of the line."""
    opts: list[tuple[str, str | None]] = []
    i, n = 0, len(line)
    while True:
        j = i
        while j < n and (line[j].isascii() and (line[j].isalnum() or line[j] in "-_")):
            j += 1
        name = line[i:j].lower()
        if not name:
            raise KeyError_("cannot read the options before the key")
        value = None
        if j < n and line[j] == "=":
            if j + 1 >= n or line[j + 1] != '"':
                raise KeyError_(f"option {name}: the value must be in double quotes")
            k, buf = j + 2, []
            while k < n and line[k] != '"':
                if line[k] == "\\" and k + 1 < n and line[k + 1] == '"':
                    k += 1
                buf.append(line[k])
                k += 1
            if k >= n:
                raise KeyError_(f"option {name}: the value's closing quote is missing")
            value, j = "".join(buf), k + 1
        opts.append((name, value))
        if j < n and line[j] == ",":
            i = j + 1
            continue
        if j >= n or line[j] not in " \t":
            raise KeyError_("cannot read the options before the key")
        return opts, line[j:].lstrip(" \t")


def _parse_expiry(value: str) -> float:
    """OpenSSH's expiry-time: YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, in UTC with a final Z, else local time."""
    utc = value.endswith(("Z", "z"))
    digits = value[:-1] if utc else value
    fmt = {8: "%Y%m%d", 12: "%Y%m%d%H%M", 14: "%Y%m%d%H%M%S"}.get(len(digits))
    if fmt is None or not digits.isascii() or not digits.isdigit():
        raise KeyError_(f"expiry-time {value!r} is not YYYYMMDD[HHMM[SS]][Z]")
    try:
        when = datetime.strptime(digits, fmt)
    except ValueError:
        raise KeyError_(f"expiry-time {value!r} is not a date") from None
    return when.replace(tzinfo=UTC).timestamp() if utc else when.timestamp()


def parse_key_line(line: str, number: int = 0) -> tuple[bytes, KeyEntry]:
    """One authorized-keys line (already split on newlines, not blank or a comment) -> (key blob, entry)."""
    import asyncssh

    from saves import SaveError, validate_name

    opts: list[tuple[str, str | None]] = []
    if not line.split(" ", 1)[0].split("\t", 1)[0].startswith(("ssh-", "ecdsa-", "sk-", "rsa-")):
        opts, line = _split_key_options(line)
    fields = [f for f in re.split(r"[ \t]+", line, maxsplit=2) if f]
    if len(fields) < 2:
        raise KeyError_("expected a key type and a key")
    try:
        key = asyncssh.import_public_key(f"{fields[0]} {fields[1]}")
    except (asyncssh.KeyImportError, ValueError) as e:
        raise KeyError_(f"not a public key ({e})") from None
    comment = fields[2].strip(" \t") if len(fields) > 2 else ""
    names = [name for name, _ in opts]
    unknown = [name for name in names if name not in KEY_OPTIONS]
    if unknown:
        raise KeyError_(f"option {unknown[0]} is not supported by this server (supported: {', '.join(KEY_OPTIONS)})")
    for name, value in opts:
        if (value is None) == (name in _KEY_OPTIONS_WITH_VALUE):
            raise KeyError_(f"option {name} " + ("needs a value" if value is None else "takes no value"))
    values = {name: [v for n, v in opts if n == name] for name in set(names)}
    if len(values.get("player", [])) > 1 or len(values.get("expiry-time", [])) > 1:
        raise KeyError_("player= and expiry-time= may be given once")
    player = (values.get("player") or [comment])[0] or ""
    if not player:
        raise KeyError_('no player: give the key a comment or a player="NAME" option')
    try:
        validate_name(player, what="player name")
    except SaveError as e:
        raise KeyError_(str(e)) from None
    expires = _parse_expiry(values["expiry-time"][0] or "") if "expiry-time" in values else None
    origin = None
    if "from" in values:
        for pattern in values["from"]:
            if not pattern or any(not (c.isascii() and c.isprintable()) or c in '"\\ ' for c in pattern):
                raise KeyError_(f"from={pattern!r} is not a list of address patterns")
        spec = ",".join(f'from="{p}"' for p in values["from"])
        origin = asyncssh.import_authorized_keys(f"{spec} {fields[0]} {fields[1]}")  # asyncssh matches from=
    return key.public_data, KeyEntry(player, key.get_fingerprint("sha256"), number, expires, origin)


def load_authorized_keys(path: Path, warn=lambda msg: None) -> dict[bytes, list[KeyEntry]]:
    """Public key blob -> the lines naming it (OpenSSH uses the first that lets the login in).

    The file is read as OpenSSH reads it: lines end at a newline byte only (a form feed, U+2028 or
    any other separator inside a line is just a character of that line), leading spaces and tabs are
    skipped, and a line that cannot be read (not UTF-8, not a key, an unsupported option, a player
    name that is not valid) is skipped with a warning while every other line keeps working.
    """
    keys: dict[bytes, list[KeyEntry]] = {}
    try:
        with path.open("rb") as f:
            data = f.read(MAX_KEYS_FILE + 1)
    except OSError as e:
        warn(f"cannot read the authorized keys file {path}: {e.strerror or e}")
        return keys
    if len(data) > MAX_KEYS_FILE:
        warn(f"the authorized keys file {path} is over {MAX_KEYS_FILE // (1024 * 1024)} MB: only its start is read")
        data = data[:MAX_KEYS_FILE].rsplit(b"\n", 1)[0]
    for n, raw in enumerate(data.split(b"\n"), 1):
        raw = raw.rstrip(b"\r").lstrip(b" \t")
        if not raw or raw.startswith(b"#"):
            continue
        try:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise KeyError_(
                    f"not UTF-8 (byte {e.start + 1}): {escape(raw[:120].decode('utf-8', 'backslashreplace'))}"
                ) from None
            blob, entry = parse_key_line(line, n)
        except KeyError_ as e:
            warn(f"{path}:{n}: line skipped: {e}")
            continue
        keys.setdefault(blob, []).append(entry)
    return keys


class KeyRing:
    """The authorized keys, read again whenever the file changes."""

    def __init__(self, path: Path, warn) -> None:
        self.path = path
        self.warn = warn
        self._stamp: tuple | None = None
        self._keys: dict[bytes, list[KeyEntry]] = {}

    def entries(self, public_data: bytes) -> list[KeyEntry]:
        try:
            st = self.path.stat()
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        if stamp != self._stamp:
            self._keys = load_authorized_keys(self.path, self.warn) if stamp else {}
            self._stamp = stamp
        return self._keys.get(public_data, [])

    def lookup(self, key: Any, addr: str) -> tuple[KeyEntry | None, str | None]:
        """The first line that lets ``key`` in from ``addr``, or (None, why the last one did not)."""
        why = None
        for entry in self.entries(key.public_data):
            why = entry.refusal(key, addr)
            if why is None:
                return entry, None
        return None, why


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


def address_group(addr: str) -> str:
    """What the per-address limits count an address as: an IPv4 address itself (also when it comes as an
    IPv4-mapped IPv6 address), and an IPv6 address by its /64, the block one host or one customer
    usually gets whole (so a host cannot step around the limits by using more of its own addresses)."""
    try:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])  # without an IPv6 zone (fe80::1%eth0)
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimiter:
    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.seen: dict[str, collections.deque] = {}

    def allow(self, addr: str) -> bool:
        now = time.monotonic()
        if len(self.seen) > 4096:  # forget addresses quiet for a minute, so many addresses cannot grow this
            for a in [a for a, q in self.seen.items() if not q or now - q[-1] > 60.0]:
                del self.seen[a]
        q = self.seen.setdefault(addr, collections.deque())
        while q and now - q[0] > 60.0:
            q.popleft()
        if len(q) >= self.per_minute:
            return False
        q.append(now)
        return True


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A terminal size an app can be given: at least 1x1, at most MAX_COLS x MAX_ROWS."""
    return max(1, min(int(cols), MAX_COLS)), max(1, min(int(rows), MAX_ROWS))


def clean_term(term: str | None) -> str:
    """The client's terminal type if it looks like one (it goes into the app's environment), else xterm-256color."""
    if term and len(term) <= MAX_TERM and re.fullmatch(r"[A-Za-z0-9._+-]+", term):
        return term
    return "xterm-256color"


HAS_GAME_CHECK = (
    "import sys\n"
    "from saves import list_saves\n"
    "sys.exit(0 if any(not s.error and not s.over for s in list_saves(sys.argv[1])) else 1)\n"
)


class GameServer:
    """State shared by all connections: keys, live sessions by player, limits, the log."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.keys = KeyRing(config.authorized_keys, self.log)
        self.rate = RateLimiter(config.rate_limit)
        self.live: dict[str, GameSession] = {}  # player -> the session running their app
        self.sessions: set[GameSession] = set()  # every session past its start (prompting or running)
        self.running: set[GameSession] = set()  # sessions whose app runs: what --max-sessions counts
        self.connections: set = set()  # every open client connection
        self.unauth: collections.Counter = collections.Counter()  # address -> connections not logged in yet
        self.unauth_total = 0
        self.refusing = 0  # connections refused before their login, waiting to be told why (_refuse)
        self.by_player: collections.Counter = collections.Counter()  # player -> logged-in connections
        self.all_closed = asyncio.Event()
        self.closing = False
        self.launcher: Any = None  # the fork server, when the app command is this Python's tui.cli

    def log(self, message: str) -> None:
        log.info("%s", message)

    def app_argv(self, player: str, resume: bool = False) -> list[str]:
        values = {"player": player, "data_dir": str(self.config.data_dir)}
        argv = [part.format(**values) for part in self.config.app_command]
        if resume and self.config.resume_args:
            argv += self.config.resume_args  # straight back into the game the old session just saved
        return argv

    async def has_game_in_progress(self, player: str, timeout: float = 10.0) -> bool:
        """Whether the player has a game to resume. Their files are read by a child process, never here:
        a hostile save could take any time to read, and the server must keep serving (and hear SIGTERM)."""
        try:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                HAS_GAME_CHECK,
                str(self.config.data_dir / player),
                env=self.app_env(player, "dumb", {}),
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
            self.log(f"reading the saves of {player} took over {timeout:g}s: not resuming")
            return False
        finally:
            if proc.returncode is None:  # timed out, or the session was hung up meanwhile
                _killpg(proc.pid, signal.SIGKILL)

    def app_env(self, player: str, term: str, client_env: dict[str, str]) -> dict[str, str]:
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
                "REDEMPTION_SAVE_DIR": str(self.config.data_dir),
            }
        )
        return env

    def connection_closed(self, connection) -> None:
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


# SSH disconnect reason codes (RFC 4253 section 11.1), by asyncssh's names for them.
DISC_BY_APPLICATION = 11
DISC_TOO_MANY_CONNECTIONS = 12

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


class Connection:
    """One client connection: limits, authentication, one session channel, and its log line.

    The methods of an ``asyncssh.SSHServer``; ``_make_connection_class`` adds that base class when the
    server starts, so that importing this module needs no asyncssh."""

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
    def connection_made(self, conn) -> None:
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

    def connection_lost(self, exc) -> None:
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

    # -- authentication: public keys only
    def begin_auth(self, username: str) -> bool:
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
    def session_requested(self):
        if self.player is None or self.session is not None:
            return False
        session = GameSession(self.game, self)
        chan = self.conn.create_server_channel(encoding=None, window=CHANNEL_WINDOW)
        chan._process_env_request = session.env_request  # keep only what is needed, within bounds
        self.session = session
        return chan, session

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


def _make_connection_class() -> type:
    """``Connection`` as an ``asyncssh.SSHServer`` (asyncssh is imported only here, when a server starts)."""
    import asyncssh

    assert (asyncssh.DISC_BY_APPLICATION, asyncssh.DISC_TOO_MANY_CONNECTIONS) == (
        DISC_BY_APPLICATION,
        DISC_TOO_MANY_CONNECTIONS,
    )
    return type("Connection", (Connection, asyncssh.SSHServer), {})


def _set_winsize(fd: int, cols: int, rows: int) -> None:
    cols, rows = clamp_size(cols, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


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
        self.asked: tuple[int, int] | None = None  # the size the client asked for, when it was too big
        self.pty = False
        self.since = _now()
        self.proc: Any = None  # the app: an asyncio subprocess, or a process of the fork server
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
        self._tail = bytearray()  # the app's last OUTPUT_TAIL bytes of output
        self._paused = False  # the client cannot take more output: the app's output waits
        self._reading_paused = False  # the app has a full queue of keys: the client waits
        self.env: dict[str, str] = {}
        self.env_requests = 0
        self._check: asyncio.Task | None = None  # is there a game to resume (read by a child process)

    # -- asyncssh SSHServerSession protocol
    def connection_made(self, chan) -> None:
        self.chan = chan

    def env_request(self, packet) -> bool:
        """The client sends an environment variable: keep the few allowed, small ones; count the rest."""
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
        self.env[key] = value.decode("utf-8", "replace")
        return True

    def _size(self, width: int, height: int) -> None:
        self.cols, self.rows = clamp_size(width, height)
        self.asked = (width, height) if (self.cols, self.rows) != (width, height) else None

    def _size_text(self) -> str:
        return f"{self.cols}x{self.rows}" + (f"(asked {self.asked[0]}x{self.asked[1]})" if self.asked else "")

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.pty = True
        self.term = (term_type or self.term)[:MAX_TERM]
        if term_size and term_size[0] and term_size[1]:
            self._size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        self.connection.ended = "refused: exec request"
        return False

    def subsystem_requested(self, subsystem) -> bool:
        self.connection.ended = f"refused: subsystem {subsystem[:64]}"
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
            self._size(width, height)
            self.connection.size = f"{self.connection.size.split('->')[0]}->{self._size_text()}"
            if self.master is not None:
                try:
                    _set_winsize(self.master, self.cols, self.rows)  # the kernel sends SIGWINCH to the app
                except OSError:
                    pass

    def session_started(self) -> None:
        self.started = True
        self.connection.cancel_no_session_timer()
        self._task = asyncio.ensure_future(self._run())

    def data_received(self, data: bytes, datatype) -> None:
        self.last_input = time.monotonic()
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(data[:16])
            return
        if self.master is not None and self.proc is not None and self.proc.returncode is None:
            self._inbuf += data
            self._flush_input()
        # before the app starts or after it ended, keys go nowhere

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
                break
            except OSError:
                self._inbuf.clear()
                break
            del self._inbuf[:n]
        else:
            if self.master is not None:
                loop.remove_writer(self.master)
        # Flow control: past the bound the client's SSH window is no longer opened, so it must wait.
        if len(self._inbuf) >= MAX_INPUT_QUEUE and not self._reading_paused and self.chan is not None:
            self._reading_paused = True
            self.chan.pause_reading()
        elif len(self._inbuf) < MAX_INPUT_QUEUE // 2 and self._reading_paused and self.chan is not None:
            self._reading_paused = False
            self.chan.resume_reading()

    def _on_output(self) -> None:
        if self.master is None:  # the pty is closed: nothing to read
            return
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its side
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self._keep_tail(data)
        if self.client_alive and self.chan is not None:
            try:
                self.chan.write(data)
            except Exception:
                pass
        # with no client the output is read and dropped, so the app never blocks while it saves

    def _keep_tail(self, data: bytes) -> None:
        self._tail += data
        del self._tail[:-OUTPUT_TAIL]

    def _not_saved_words(self) -> str:
        """The app's own words for what it could not save (the last such line it wrote), as plain text."""
        found = _NOT_SAVED_WORDS.findall(bytes(self._tail))
        return escape(found[-1].decode("utf-8", "replace").strip(), 300) if found else "Your game could not be saved."

    def client_gone(self) -> None:
        """The client disconnected (or sent EOF): hang up the app."""
        if not self.client_alive:
            return
        self.client_alive = False
        self._inbuf = bytearray()
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(b"")
        if self._check is not None:
            self._check.cancel()
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
        if self._check is not None:
            self._check.cancel()  # no need to know about saves any more
        proc = self.proc
        if proc is not None and proc.returncode is None:
            _killpg(proc.pid, signal.SIGHUP)
            try:
                await asyncio.wait_for(asyncio.shield(proc.wait()), self.game.config.grace)
            except TimeoutError:
                _killpg(proc.pid, signal.SIGKILL)
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

    async def _start_app(self, argv: list[str], env: dict[str, str], cwd: str, slave: int) -> Any:
        launcher = self.game.launcher
        if launcher is not None:
            proc = await launcher.launch(argv, env, cwd, slave)
            if proc is not None:
                return proc
        return await asyncio.create_subprocess_exec(
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

    async def _run_app(self, resume: bool) -> None:
        game, conn = self.game, self.connection
        loop = asyncio.get_running_loop()
        folder = game.config.data_dir / self.player
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if self.asked:
            self._write(
                f"Your terminal is {self.asked[0]}x{self.asked[1]}; the game uses at most "
                f"{MAX_COLS}x{MAX_ROWS} of it.\n"
            )
        master, slave = os.openpty()
        try:
            _set_winsize(master, self.cols, self.rows)
            os.set_blocking(master, False)
            self.master = master
            self.proc = await self._start_app(
                game.app_argv(self.player, resume=resume),
                game.app_env(self.player, self.term, self.env),
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
            self._keep_tail(data)
            if self.client_alive:
                try:
                    self.chan.write(data)
                except Exception:
                    break
        loop.remove_reader(master)
        loop.remove_writer(master)
        os.close(master)
        self.master = None
        self._inbuf = bytearray()
        # anything the app left behind in its process group goes too
        _killpg(self.proc.pid, signal.SIGKILL)
        self._write(RESET_TERMINAL)  # whatever state the app left the terminal in, it is normal again
        # Saved means the file holds every move: an app that could not write one says so by its exit status
        if getattr(self.proc, "orphaned", False) and _NOT_SAVED_WORDS.search(bytes(self._tail)):
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
            orphaned = getattr(self.proc, "orphaned", False)
            conn.ended = (
                "app exited (status unknown: its fork server had gone)" if orphaned else f"app exited ({status})"
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
        self._waiter: asyncio.Task | None = None
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
    """The fork server (tui/forkserver.py): started once, it has imported the app; every session is a
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


def _killpg(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass
    except OSError as e:
        if e.errno != errno.ESRCH:
            raise


# --------------------------------------------------------------------------- running


def _log_handler(config: Config) -> logging.Handler:
    try:
        handler: logging.Handler = (
            logging.FileHandler(config.log_file, encoding="utf-8")
            if config.log_file
            else logging.StreamHandler(sys.stderr)
        )
    except OSError as e:
        raise ServeError(f"log file {config.log_file}: {e.strerror or e}") from None
    handler.setFormatter(_LogFormatter())
    return handler


async def serve(config: Config, ready=None) -> None:

    handler = _log_handler(config)
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        await _serve(config, ready)
    finally:
        log.removeHandler(handler)
        handler.close()


async def _serve(config: Config, ready) -> None:
    import asyncssh

    try:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        game = GameServer(config)
    except OSError as e:
        raise ServeError(f"{e.filename or config.data_dir}: {e.strerror or e}") from None
    host_key = ensure_host_key(config.host_key, game.log)
    if not config.authorized_keys.exists():
        game.log(f"no authorized keys file at {config.authorized_keys} yet: nobody can log in until it exists")
    if Launcher.applies(config.app_command) and not config.no_fork_server:
        game.launcher = Launcher(config.data_dir, game.app_env("-", "xterm-256color", {}))
        try:
            await game.launcher.start()
        except OSError as e:
            game.log(f"fork server not started ({e.strerror or e}): each session imports the app itself")
            game.launcher = None
    connection_class = _make_connection_class()  # built here so that importing this module needs no asyncssh
    try:
        listener = await asyncssh.create_server(
            lambda: connection_class(game),
            config.host,
            config.port,
            server_host_keys=[host_key],
            allow_pty=True,
            x11_forwarding=False,
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
