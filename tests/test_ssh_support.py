"""Helpers for the SSH server tests (no tests here): keys, a server process, clients, screen text.

Every server binds 127.0.0.1 on a port the kernel picks; every process a test starts is stopped
by the test, and ``leftovers`` finds any process still carrying the test's folder in its command line.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
PY = sys.executable

try:  # asyncssh as the server imports it, without its slow library probe (tui.ssh.import_asyncssh)
    from tui.ssh import import_asyncssh

    import_asyncssh()
except ImportError:
    pass
asyncssh = pytest.importorskip("asyncssh")

SSH = shutil.which("ssh")
needs_openssh = pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed")

# A stand-in for the app: the same command line, a title, every key a move saved at once, saves on SIGHUP.
STANDIN = r"""
import argparse, json, os, signal, sys, tty
ap = argparse.ArgumentParser(); ap.add_argument("--player"); ap.add_argument("--save-dir"); a = ap.parse_args()
folder = os.path.join(a.save_dir, a.player); os.makedirs(folder, exist_ok=True)
path = os.path.join(folder, "game.json")
state = json.load(open(path)) if os.path.exists(path) else {"moves": ""}
def save():
    tmp = path + ".tmp"
    with open(tmp, "w") as f: json.dump(state, f)
    os.replace(tmp, path)
def out(s): os.write(1, s.encode())
def bye(*_):
    save(); out("\r\nSAVED\r\n"); os._exit(0)
signal.signal(signal.SIGHUP, bye); signal.signal(signal.SIGTERM, bye)
signal.signal(signal.SIGWINCH, lambda *_: out("SIZE %dx%d\r\n" % os.get_terminal_size(0)))
tty.setraw(0)
cols, rows = os.get_terminal_size(0)
env = " ".join(f"{k}={os.environ.get(k, '-')}" for k in ("TERM", "LC_ALL", "REDEMPTION_PLAYER", "NO_COLOR", "EVIL"))
out(f"TITLE player={a.player} size={cols}x{rows} {env}\r\n")
out(("1 Resume  2 New game\r\n" if state["moves"] else "1 New game\r\n") + f"MOVES [{state['moves']}]\r\n")
while True:
    b = os.read(0, 1)
    if not b or b == b"q": bye()
    state["moves"] += b.decode(errors="replace"); save()
    out(f"MOVES [{state['moves']}]\r\n")
"""

_ANSI = re.compile(
    rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[()*+][0-9A-Za-z]|[=>78DEHMNOZc])"
)


def screen_text(raw: bytes) -> str:
    """The text a terminal shows, roughly: escape sequences dropped, cursor moves turned into spaces."""
    raw = re.sub(rb"\x1b\[[0-9;]*[Hf]", b"\n", raw)
    return _ANSI.sub(b"", raw).decode("utf-8", "replace")


def write_standin(folder: Path) -> Path:
    path = folder / "standin_app.py"
    path.write_text(STANDIN)
    return path


def standin_command(folder: Path) -> str:
    return f"{PY} {write_standin(folder)} --player {{player}} --save-dir {{data_dir}}"


def make_key(folder: Path, name: str) -> tuple[Path, str]:
    """A new Ed25519 key pair: the private key file (mode 600) and the public key line (type, key)."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
    path = folder / f"id_{name}"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    pub = key.export_public_key().decode().split()
    return path, f"{pub[0]} {pub[1]}"


def stop_servers(made: list, folder) -> None:
    """Stop every server a test started, then check that no process of that test's folder lives on."""
    for s in made:
        s.stop()
    deadline = time.monotonic() + 10
    while leftovers(str(folder)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftovers(str(folder)) == []


def leftovers(marker: str) -> list[str]:
    """Command lines of live processes (not zombies) that mention ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in cmd and state != "Z":
            found.append(f"{entry.name}: {cmd}")
    return found


class Server:
    """``redemption serve`` (as ``python -m tui.cli serve``) on 127.0.0.1, port 0, in its own folder."""

    def __init__(self, folder: Path, app_command: str | None, *extra: str) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.keys_file = folder / "authorized_keys"
        self.host_key = folder / "host_key"
        self.log_path = folder / "server.log"
        self.app_command = app_command
        self.extra = list(extra)
        self.keys: dict[str, Path] = {}
        self.public: dict[str, str] = {}
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.keys_file.touch()

    def add_player(self, player: str, via_option: bool = False) -> Path:
        path, pub = make_key(self.folder, player)
        line = f'player="{player}" {pub} {player}@somewhere' if via_option else f"{pub} {player}"
        with self.keys_file.open("a") as f:
            f.write(line + "\n")
        self.keys[player], self.public[player] = path, pub
        return path

    def start(self) -> Server:
        cmd = [
            PY,
            "-m",
            "tui.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--data-dir",
            str(self.data),
            "--authorized-keys",
            str(self.keys_file),
            "--host-key",
            str(self.host_key),
            "--log-file",
            str(self.log_path),
            *self.extra,
        ]
        if self.app_command:
            cmd += ["--app-command", self.app_command]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        with open(self.folder / "server.out", "ab") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        seen = len(self.log())
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            m = re.search(r"listening on 127\.0\.0\.1:(\d+)", self.log()[seen:])
            if m:
                self.port = int(m.group(1))
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        out = (self.folder / "server.out").read_text()
        self.stop()
        raise AssertionError(f"the server did not start:\n{out}\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text()
        except FileNotFoundError:
            return ""

    def wait_log(self, pattern: str, timeout: float = 20.0, count: int = 1) -> list[str]:
        deadline = time.monotonic() + timeout
        while True:
            found = [line for line in self.log().splitlines() if re.search(pattern, line)]
            if len(found) >= count:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"no {count} log line(s) matching {pattern!r} in:\n{self.log()}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def ssh_args(server: Server | Any, key: Path | None, *extra: str) -> list[str]:
    """The real ``ssh`` client's command line to ``server`` (anything with a ``port``: ours, or an OpenSSH sshd),
    reading no user config, known hosts or agent; ``key`` the player's key."""
    args = [
        SSH or "ssh",
        "-F",
        "/dev/null",
        "-p",
        str(server.port),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "ConnectTimeout=10",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "IdentityAgent=none",
    ]
    if key is not None:
        args += ["-i", str(key)]
    return args + list(extra)


class OpenSSHTerminal:
    """The real ``ssh`` client on a pseudo-terminal of the given size, as a person would run it.

    A thread reads the terminal all the time, as a terminal does: an unread terminal would stall
    ssh, then the server, then the app's output and so the app itself.
    """

    def __init__(
        self,
        server,
        key: Path,
        cols: int = 80,
        rows: int = 24,
        *extra: str,
        user: str = "player",
        command: str | None = None,
    ) -> None:
        self.master, slave = pty.openpty()
        self._winsize(cols, rows)
        argv = ssh_args(server, key, "-tt", *extra, f"{user}@127.0.0.1", *([command] if command else []))
        self.proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
            env={**os.environ, "TERM": "xterm-256color", "LC_ALL": "C.UTF-8"},
        )
        os.close(slave)
        self.raw = b""
        self._lock = threading.Lock()
        self._eof = threading.Event()
        self._reader = threading.Thread(target=self._read_all, daemon=True)
        self._reader.start()

    def _winsize(self, cols: int, rows: int) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def resize(self, cols: int, rows: int) -> None:
        self._winsize(cols, rows)  # the kernel signals ssh, which tells the server

    def _read_all(self) -> None:
        while True:
            try:
                r, _, _ = select.select([self.master], [], [], 0.2)
                if not r:
                    if self.proc.poll() is not None and self._eof.is_set():
                        return
                    continue
                data = os.read(self.master, 65536)
            except (OSError, ValueError):
                data = b""
            if not data:
                self._eof.set()
                return
            with self._lock:
                self.raw += data

    def text(self) -> str:
        with self._lock:
            return screen_text(self.raw)

    def expect(self, pattern: str, timeout: float = 30.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            m = re.search(pattern, self.text())
            if m:
                return m
            if time.monotonic() > deadline or self._eof.is_set():
                m = re.search(pattern, self.text())
                if m:
                    return m
                raise AssertionError(f"{pattern!r} not on the screen after {timeout}s:\n{self.text()[-3000:]}")
            time.sleep(0.05)

    def mark(self) -> None:
        """Forget what was shown so far, so that ``expect`` looks only at what comes next."""
        with self._lock:
            self.raw = b""

    def send(self, data: bytes | str) -> None:
        os.write(self.master, data.encode() if isinstance(data, str) else data)

    def wait_exit(self, timeout: float = 20.0) -> int:
        return self.proc.wait(timeout)

    def kill(self) -> None:
        """The client dies (as when a laptop lid closes): the TCP connection drops without a goodbye."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)

    def close(self) -> None:
        self.kill()
        self._eof.set()
        self._reader.join(5)
        try:
            os.close(self.master)
        except OSError:
            pass

    def __enter__(self) -> OpenSSHTerminal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


async def connect(server: Server, key: Path | None, **kw):
    """asyncssh's client, reading no user config, keys or agent."""
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="player",
        known_hosts=None,
        agent_path=None,
        config=[],
        client_keys=[str(key)] if key else [],
        **kw,
    )


async def open_terminal(conn, cols: int = 80, rows: int = 24, env: dict | None = None):
    return await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None, env=env or {})


class Screen:
    """What an asyncssh client process has shown so far; a task reads it all the time, as a terminal does."""

    def __init__(self, process) -> None:
        self.process = process
        self.raw = b""
        self.ended = False
        self._task = asyncio.ensure_future(self._read_all())

    async def _read_all(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw += data
        except Exception:
            pass
        finally:
            self.ended = True

    def text(self) -> str:
        return screen_text(self.raw)

    async def expect(self, pattern: str, timeout: float = 30.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            m = re.search(pattern, self.text())
            if m:
                return m
            if self.ended:
                raise AssertionError(f"{pattern!r} never shown; the session ended:\n{self.text()[-3000:]}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not on the screen after {timeout}s:\n{self.text()[-3000:]}")
            await asyncio.sleep(0.05)

    def mark(self) -> None:
        self.raw = b""
