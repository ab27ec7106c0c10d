"""``redemption serve``: the app's own SSH game server, on asyncssh.

Each SSH login runs the app in its own process on its own pseudo-terminal, with the save folder of the
player that the login's public key belongs to. Only public-key authentication is offered; exec requests,
subsystems (SFTP), port, agent and X11 forwarding are refused. One live session per player: a second login
is offered to take the first one over. When a client goes away the app gets SIGHUP (it saves and exits),
then SIGKILL after a grace period. One log line per connection; key material is never logged.

The package, a concept a module: ``config`` (the command line), ``keys`` (who may log in, as whom; the host
key), ``limits`` (what one client can make the server hold), ``server`` (connections and the server's life),
``session`` (the take-over prompt, then the app), ``process`` (the app's process on a terminal) and ``logs``.
It imports ``saves``, the front-end-neutral ``tui.limits`` and ``tui.player_process``, and asyncssh; never
Textual: the app runs in a process of its own, forked by the fork server the web server uses too
(tui/forkserver.py, the one bridge to the app; pyproject.toml's import contracts say so).

asyncssh is an optional dependency (``pip install 'redemption-tui[ssh]'``): this module and ``config`` import
without it, so ``redemption serve --help`` works and a missing asyncssh is one clear line.
"""

from __future__ import annotations

import sys
from types import ModuleType


def import_asyncssh() -> ModuleType:
    """asyncssh, imported without its slow library probe (ImportError if it is not installed).

    As it is imported, asyncssh asks ``ctypes.util.find_library`` for liboqs (for one post-quantum key exchange). On
    Linux, when the dynamic loader's cache (``ldconfig -p``) does not list the library, ``find_library`` goes on to
    link a test program with gcc and then ld, twice: seven processes, 0.08 s of CPU and 0.3-0.4 s at every start of
    the server (and of every process that imports asyncssh). During the import the probe asks the loader's cache
    only: a liboqs installed where the loader finds it is still used; one only a compiler's search path would find
    is not (it could not be loaded by name anyway), and the key exchanges offered are then the others."""
    if "asyncssh" in sys.modules:
        return sys.modules["asyncssh"]
    import ctypes.util

    cache_only = getattr(ctypes.util, "_findSoname_ldconfig", None)  # CPython's own first step on Linux
    if sys.platform != "linux" or not callable(cache_only):
        import asyncssh

        return asyncssh
    find = ctypes.util.find_library
    ctypes.util.find_library = cache_only
    try:
        import asyncssh
    finally:
        ctypes.util.find_library = find
    return asyncssh


def main(argv: list[str] | None = None) -> int:
    """``redemption serve [options]``: the exit status (0, 1 a startup problem, 2 a bad argument)."""
    from tui.ssh.config import ServeError, parse_config

    try:
        config = parse_config(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:  # --help, or a bad argument (argparse has printed why)
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    try:
        import_asyncssh()
    except ImportError:
        print("redemption serve needs asyncssh: pip install 'redemption-tui[ssh]'", file=sys.stderr)
        return 2
    import asyncio
    import os

    from tui.ssh.server import serve

    if config.tables:  # every player's app finds the database here (tui.player_process passes it on)
        from saves import SaveError
        from saves.tablestore import open_store

        os.environ["REDEMPTION_TABLES"] = config.tables
        store = open_store(config.tables)
        try:
            store.exists("-")  # connects, and makes the tables the first time
        except SaveError as e:
            print(f"redemption serve: the shared tables: {e}", file=sys.stderr)
            return 1
        finally:
            store.close()  # the server never writes a table: each player's app process opens its own connection

    try:
        asyncio.run(serve(config))
    except ServeError as e:
        print(f"redemption serve: {e}", file=sys.stderr)
        return 1
    return 0
