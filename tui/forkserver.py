"""The fork server of ``redemption serve``: one process that has already imported the app, and forks
a child per SSH session onto that session's terminal, so logins skip the import and share its memory.

Started by the server as ``python -m tui.forkserver --for tui.cli DATA_DIR`` with a Unix socket on
its standard input. Each request is one JSON line ``{"argv": [...], "env": {...}, "cwd": "..."}``
sent with two file descriptors: the session's terminal and a socket for the answer, on which the
fork server writes the child's pid (4 bytes) and later its wait status (4 bytes). It exits when
the server closes its socket.
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


def _child(req: dict, tty: int) -> None:
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
        sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", closefd=False)
        sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False, buffering=1)
        sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", closefd=False, buffering=1)
        gc.unfreeze()
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


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops it by closing the socket
    control = socket.socket(fileno=os.dup(0))
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    # What every session needs, imported once here and shared by every child.
    import tui.app  # noqa: F401
    import tui.cli  # noqa: F401

    gc.collect()
    gc.freeze()  # the imported objects stay out of the collector's way: their pages stay shared
    serve(control)


if __name__ == "__main__":
    main()
