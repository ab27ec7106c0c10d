"""The fork server of the front ends (``redemption serve`` and ``redemption web``): one process that has already
imported the app, and forks a child per session (an SSH login, a browser tab) onto that session's terminal or pipes,
so sessions skip the import and share its memory.

Started by a front end (tui.player_process.Launcher) as ``python -m tui.forkserver --for tui.cli DATA_DIR`` with a
Unix socket on its standard input. Each request is one JSON line ``{"args": [...], "env": {...}, "cwd": "..."}``
sent with the session's file descriptors and, last, a socket for the answer: either one descriptor, the session's
terminal (the app's standard input, output and error, and its controlling terminal: SSH), or three, the app's
standard input, output and error (pipes: the web server's, which speaks textual-serve's protocol on them). On the
answer socket the fork server writes the child's pid (4 bytes) and later its wait status (4 bytes). It exits when
the front end closes its socket.

The one bridge between the front ends and the app: the servers (tui/ssh, tui/web) import no Textual
(pyproject.toml's import contracts), and run this module as a process of its own, never import it. This module
imports the app (tui.cli, tui.app, the screens) and Textual, to do once before any fork what every session would do.
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


def _child(req: dict[str, Any], stdio: list[int]) -> None:
    """In the forked child: become the session's process on its terminal (one descriptor) or its pipes (three:
    standard input, output and error), and run the app."""
    code = 1
    try:
        for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        os.setsid()
        ends = stdio * 3 if len(stdio) == 1 else stdio
        moved = [os.dup(fd) if fd <= 2 else fd for fd in ends]  # none overwritten before it is copied
        for target, fd in enumerate(moved):
            os.dup2(fd, target)
        for fd in set(moved) | set(stdio):
            if fd > 2:
                os.close(fd)
        if len(stdio) == 1:  # a terminal: the session's controlling terminal
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        else:  # pipes: a write to one the server has closed fails (EPIPE), as in a new interpreter, not a signal
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        # Textual reads its settings (the driver, the frame rate, the colours) from the environment as it is
        # imported, here in the fork server: read again from this session's.
        import importlib

        import textual.constants

        importlib.reload(textual.constants)
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
        msg, fds, _, _ = socket.recv_fds(control, 65536, 4)
        if not msg:
            return  # the server is gone
        if len(fds) not in (2, 4):
            for fd in fds:
                os.close(fd)
            continue
        *stdio, answer_fd = fds
        answer = socket.socket(fileno=answer_fd)
        req = json.loads(msg.decode("utf-8"))
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            control.close()
            answer.close()
            for s in answers.values():
                s.close()
            _child(req, stdio)
        for fd in stdio:
            os.close(fd)
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
    "tui.webdriver",  # a browser tab's driver (redemption web)
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
