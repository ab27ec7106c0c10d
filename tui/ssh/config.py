"""``redemption serve``'s command line: its options, their defaults and their checks, as one :class:`Config`."""

from __future__ import annotations

import argparse
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from tui.player_process import default_app_command
from tui.ssh.limits import DEFAULT_PENDING_PER_ADDRESS, MAX_UNAUTH

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 2222
DEFAULT_IDLE = 30 * 60.0
DEFAULT_MAX_SESSIONS = 32
DEFAULT_RATE = 20  # new connections per source address per minute
DEFAULT_GRACE = 5.0  # seconds between SIGHUP and SIGKILL
DEFAULT_LOGIN_TIMEOUT = 10.0  # seconds a connection has to authenticate


@dataclass
class Config:
    """What ``redemption serve`` was asked to do: its command line, read once."""

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
    tables: str | None = None  # the shared tables' PostgreSQL database (None: files in data_dir/_tables)


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
        "--tables",
        metavar="URL",
        help="keep the shared tables in this PostgreSQL database (postgresql://...), so that several servers "
        "share them (default: $REDEMPTION_TABLES, else files in DATA_DIR/_tables)",
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
    tables = a.tables or os.environ.get("REDEMPTION_TABLES") or None
    if tables is not None and not tables.startswith(("postgresql://", "postgres://")):
        parser.error("--tables takes a postgresql:// URL")
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
        tables=tables,
    )


class ServeError(Exception):
    """A problem that stops the server from starting; the message is one line for the operator."""
