"""``redemption web`` (serve the app to browsers) and ``redemption accounts`` (the host's web accounts).

Problems end in one line on stderr: exit status 2 for bad arguments, 1 for an accounts problem.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from saves import SaveError, default_dir

DEFAULT_URL = "http://127.0.0.1:8080"


def _data_dir(arg: Path | None) -> Path:
    return (arg.expanduser() if arg is not None else default_dir()).resolve()


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be more than 0")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def web_parser() -> argparse.ArgumentParser:
    from tui.web import server as sv

    p = argparse.ArgumentParser(
        prog="redemption web",
        description="Serve the game to browsers: each player signs in with the account the host made for them "
        "('redemption accounts add NAME') and plays in their own save folder, as over SSH.",
        epilog="Listens on 127.0.0.1 only unless told otherwise: put it behind a TLS reverse proxy (README, "
        "'Playing in a browser') and give --proxy.",
    )
    p.add_argument("--host", default=sv.DEFAULT_HOST, help="address to listen on (default: %(default)s, this machine)")
    p.add_argument("--port", type=int, default=sv.DEFAULT_PORT, help="port (default: %(default)s; 0 picks a free one)")
    p.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help="folder of the players' save folders, as 'redemption serve --data-dir' (default: the app's save folder)",
    )
    p.add_argument(
        "--proxy",
        action="store_true",
        help="behind a TLS reverse proxy on this machine: cookies only over HTTPS (Secure), and the browser's "
        "address taken from the proxy's X-Forwarded-For",
    )
    p.add_argument(
        "--max-apps",
        type=_count,
        default=sv.DEFAULT_MAX_APPS,
        metavar="N",
        help="games (browser tabs) open at once, in all (default: %(default)s)",
    )
    p.add_argument(
        "--max-per-player",
        type=_count,
        default=sv.DEFAULT_MAX_PER_PLAYER,
        metavar="N",
        help="browser tabs one player may have open at once (default: %(default)s)",
    )
    p.add_argument(
        "--idle-timeout",
        type=_positive,
        default=sv.DEFAULT_IDLE,
        metavar="S",
        help="close a tab's game after S seconds without a key or a click, saving first (default: %(default)g)",
    )
    p.add_argument(
        "--session-hours",
        type=_positive,
        default=sv.DEFAULT_SESSION_HOURS,
        metavar="H",
        help="a sign-in lasts H hours (default: %(default)g)",
    )
    p.add_argument(
        "--rate-limit",
        type=_count,
        default=sv.DEFAULT_RATE,
        metavar="N",
        help="new games opened per browser address per minute at most (default: %(default)s)",
    )
    p.add_argument("--log-file", type=Path, metavar="FILE", help="append the log here (default: standard error)")
    p.add_argument(
        "--no-fork-server",
        action="store_true",
        help="start every tab's app as a new interpreter instead of forking it from the fork server",
    )
    p.add_argument("--pause", metavar="SECONDS", help=argparse.SUPPRESS)  # the app's --pause (tests: 0)
    return p


def main_web(argv: list[str]) -> int:
    try:
        from tui.web import server as sv
    except ImportError as e:
        print(
            f"redemption web: needs the web extra ({e.name} is missing): pip install 'redemption-tui[web]'",
            file=sys.stderr,
        )
        return 2
    p = web_parser()
    a = p.parse_args(argv)
    if not 0 <= a.port <= 65535:
        p.error(f"--port {a.port} is not a port number (0-65535)")
    try:
        data_dir = _data_dir(a.data_dir)
    except SaveError as e:
        print(f"redemption web: {e}", file=sys.stderr)
        return 2
    handler = logging.FileHandler(a.log_file) if a.log_file else logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%dT%H:%M:%S"))
    logger = logging.getLogger("redemption.web")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    config = sv.WebConfig(
        host=a.host,
        port=a.port,
        data_dir=data_dir,
        max_apps=a.max_apps,
        max_per_player=a.max_per_player,
        idle_timeout=a.idle_timeout,
        session_hours=a.session_hours,
        rate_limit=a.rate_limit,
        proxy=a.proxy,
        log_file=a.log_file,
        app_args=["--pause", a.pause] if a.pause is not None else [],
        fork_server=not a.no_fork_server,
    )
    try:
        return sv.run(config)
    except OSError as e:
        print(f"redemption web: cannot listen on {a.host}:{a.port}: {e.strerror or e}", file=sys.stderr)
        return 1


def accounts_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="redemption accounts",
        description="The web accounts of this host ('redemption web'): who may sign in from a browser. An "
        "account's name is its player's name, with that player's save folder in DATA_DIR.",
    )
    p.add_argument("--data-dir", type=Path, metavar="DIR", help="as 'redemption web --data-dir'")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = sub.add_parser(
        "add",
        help="add a player; prints their one-time sign-in link",
        description="Add a web account. Prints a sign-in link, good once and for 7 days, on which the player "
        "chooses their password; or, with --password-stdin, sets an initial password read from standard input.",
    )
    add.add_argument("name", help="the player's name (1-64 letters, digits, spaces, '_', '.' or '-')")
    add.add_argument(
        "--same-player",
        action="store_true",
        help="the name is a player of this host already (an SSH key names them, or they have saves) and this "
        "account is that same person: same saves, tables and record",
    )
    add.add_argument("--password-stdin", action="store_true", help="read an initial password from standard input")
    _url_option(add)
    sub.add_parser("list", help="list the accounts")
    rm = sub.add_parser("remove", help="remove an account (its sessions end; its saves stay)")
    rm.add_argument("name")
    rs = sub.add_parser("reset", help="forget the password, end the sessions, and print a new sign-in link")
    rs.add_argument("name")
    _url_option(rs)
    return p


def _url_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--url", default=DEFAULT_URL, help="the server's address as players reach it (default: %(default)s)")


def _print_link(said: str, url: str, token: str) -> None:
    """What was done, then the one-time sign-in link on a line of its own (to copy whole)."""
    print(said)
    print(f"{url.rstrip('/')}/welcome#{token}")


def main_accounts(argv: list[str]) -> int:
    import time

    from saves import accounts, printable

    a = accounts_parser().parse_args(argv)
    try:
        base = _data_dir(a.data_dir)
        if a.action == "add":
            password = None
            if a.password_stdin:
                password = sys.stdin.readline(accounts.MAX_PASSWORD + 2).rstrip("\r\n")
            token = accounts.add(base, a.name, same_player=a.same_player, password=password)
            same = " (the same player as the saves and SSH key of that name)" if a.same_player else ""
            if token:
                _print_link(f"Added {a.name}{same}. Their sign-in link, good once and for 7 days:", a.url, token)
            else:
                print(f"Added {a.name}{same}, with the password given.")
        elif a.action == "list":
            found = accounts.load_all(base)
            if not found:
                print(f"No web accounts in {base}; add one with 'redemption accounts add NAME'.")
            for acc in found.values():
                state = (
                    "password set"
                    if acc.password
                    else "sign-in link unused" + (" (expired)" if acc.link_expires < time.time() else "")
                )
                same = ", same player as SSH/saves" if acc.same_player else ""
                print(printable(f"{acc.name}  {state}{same}"))
        elif a.action == "remove":
            accounts.remove(base, a.name)
            print(f"Removed the account {a.name}; their saves stay in {base / a.name}.")
        elif a.action == "reset":
            token = accounts.reset(base, a.name)
            said = f"Reset {a.name}: their password is forgotten and their sessions end. Their new sign-in link:"
            _print_link(said, a.url, token)
    except SaveError as e:
        print(printable(f"redemption accounts: {e}"), file=sys.stderr)
        return 1
    return 0
