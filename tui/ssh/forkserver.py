"""The fork server of ``redemption serve``: one process that has already imported the app, and forks
a child per SSH session onto that session's terminal, so logins skip the import and share its memory.

Started by the server as ``python -m tui.ssh.forkserver --for tui.cli DATA_DIR`` with a Unix socket on
its standard input. Each request is one JSON line ``{"args": [...], "env": {...}, "cwd": "..."}``
sent with two file descriptors: the session's terminal and a socket for the answer, on which the
fork server writes the child's pid (4 bytes) and later its wait status (4 bytes). It exits when
the server closes its socket.

The one bridge between the SSH server and the app: the rest of tui/ssh imports no Textual (pyproject.toml's
import contract), and runs this module as a process of its own, never imports it. This module imports the app
(tui.cli, tui.app, the screens) and Textual, to do once before any fork what every session would do.
"""

from __future__ import annotations

import fcntl
import gc
import json
import os
import select
import signal
import socket
import struct
import sys
import termios
from typing import Any


def _child(req: dict[str, Any], tty: int) -> None:
    """In the forked child: become the session's process on its terminal and run the app."""
    code = 1
    try:
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(tty, fd)
        if tty > 2:
            os.close(tty)
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", closefd=False)  # type: ignore[misc]
        sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False, buffering=1)  # type: ignore[misc]
        sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", closefd=False, buffering=1)  # type: ignore[misc]
        # The objects frozen before the fork stay frozen: a collection that walked them would write to each one,
        # copying every page of the fork server's heap into this session (tui.app.settle_memory leaves them too).
        import tui.app

        tui.app.SHARED_FROZEN = True
        from tui.cli import main

        sys.argv = ["redemption"] + req["args"]
        code = main(req["args"]) or 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:
            pass
        os._exit(code)


def serve(control: socket.socket) -> None:
    answers: dict[int, socket.socket] = {}
    while True:
        ready, _, _ = select.select([control], [], [], 0.1)
        while answers:  # reap the children that ended and say so
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            sock = answers.pop(pid, None)
            if sock is not None:
                try:
                    sock.sendall(struct.pack("!i", status))
                except OSError:
                    pass
                sock.close()
        if not ready:
            continue
        msg, fds, _, _ = socket.recv_fds(control, 65536, 2)
        if not msg:
            return  # the server is gone
        if len(fds) != 2:
            for fd in fds:
                os.close(fd)
            continue
        tty, answer_fd = fds
        answer = socket.socket(fileno=answer_fd)
        req = json.loads(msg.decode("utf-8"))
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            control.close()
            answer.close()
            for s in answers.values():
                s.close()
            _child(req, tty)
        os.close(tty)
        try:
            answer.sendall(struct.pack("!i", pid))
        except OSError:
            pass
        answers[pid] = answer


#: Imported in the parent: what a session needs first (the app, the command line, the title screen and
#: what it looks up), and the screens a player opens next, so no child compiles or imports them.
WARM_MODULES = (
    "tui.app",
    "tui.cli",
    "tui.screens.title",
    "tui.screens.game",
    "tui.screens.help",
    "tui.screens.tables",
    "tui.screens.review",
    "tui.screens.decks",
    "tui.screens.choice",
    "tui.screens.confirm",
    "tui.screens.number",
    "tui.screens.handoff",
    "tui.games",
    "tui.learn.screens",
    "tui.learn.app",
    "tui.table",
    "saves.tables",
    "saves.tablestore",
    "saves.decks",
    "filelock",  # the save layer imports these when it first locks, reads or writes a save
    "tomllib",
    "tomli_w",
    "tempfile",
)


def warm() -> None:
    """Do once, before any fork, what every session would otherwise do for itself: import the modules
    (WARM_MODULES), build the command line's parser, and run the app once, headless at 80x24, to its title screen for a throw-away player,
    which parses the stylesheets (app.tcss and every widget's default CSS) into tui.compat.SHARED_PARSES and fills Textual's and Rich's own caches (styles, colours, cell widths)."""
    import asyncio
    import importlib
    import tempfile
    from pathlib import Path

    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    from tui import compat

    compat.share_stylesheet_parses()  # every session's app finds its stylesheets parsed (see tui.compat)
    import functools

    import tui.cli

    # The command line's parser, built once here (it reads nothing from the environment, and parsing
    # does not change it); each child parses its own arguments with it.
    tui.cli.build_parser = functools.cache(tui.cli.build_parser)
    tui.cli.build_parser()
    from tui.app import RedemptionApp, Settings

    with tempfile.TemporaryDirectory(prefix="redemption-warm-") as tmp:
        folder = Path(tmp) / "warm"
        app = RedemptionApp(Settings(save_dir=folder, player="warm", base_dir=Path(tmp)))

        async def to_title() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()

        try:
            asyncio.run(to_title())
        except Exception:  # warming is an optimisation: a session works the same without it
            pass


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops it by closing the socket
    control = socket.socket(fileno=os.dup(0))
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    warm()  # what every session needs, done once here and shared by every child
    gc.collect()
    gc.freeze()  # the imported objects stay out of the collector's way: their pages stay shared
    serve(control)


if __name__ == "__main__":
    main()
