"""SIGHUP (a dropped terminal or SSH connection) and SIGTERM save the game and exit cleanly.

The real program runs under a pseudo-terminal; we play one move by keys, then send the signal.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import saves

ROOT = Path(__file__).resolve().parent.parent


def wait_for(cond, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = cond()
        except saves.SaveError:
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


@dataclass
class Run:
    """The real program starting a Resurrection game (seed 3) that it saves at ``path``, and its environment."""

    path: Path
    argv: list[str]
    env: dict[str, str]


@pytest.fixture
def run(tmp_path) -> Run:
    folder = tmp_path / "saves"
    argv = [sys.executable, "-m", "tui", "--save-dir", str(folder), "--pause", "0"]
    argv += ["new", "resurrection", "--seed", "3", "--name", "game"]
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    env.pop("NO_COLOR", None)
    return Run(folder / "game.toml", argv, env)


def play_a_card(master: int, path: Path):
    """Pick the first card and play it; wait for the save of it and of the computer's answer."""
    os.write(master, b"1")
    time.sleep(0.3)
    os.write(master, b"\r")
    return wait_for(lambda: (s := saves.read(path)) and len(s.game.history) >= 2 and s)


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM])
def test_signal_saves_the_game_and_exits_cleanly(run, sig):
    path = run.path
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(
        run.argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=run.env, start_new_session=True
    )
    os.close(slave)
    screen = bytearray()

    def drain():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            screen.extend(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        wait_for(lambda: b"Field of Battle" in screen)
        play_a_card(master, path)  # my face-down card, then the computer's answer: both autosaved
        time.sleep(0.3)
        before = saves.read(path)
        os.kill(proc.pid, sig)
        code = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert code == 0
    after = saves.read(path)
    assert after.game == before.game and after.game.history == before.game.history
    assert after.meta.log == before.meta.log
    assert not after.game.is_over and after.game.current_player == 0  # my move again, as before the signal


def test_closing_the_terminal_saves_and_exits(run):
    """The real hang-up: the terminal's other end closes, the kernel sends SIGHUP; nobody reads the screen any more."""
    import select

    path = run.path
    pid, master = pty.fork()
    if pid == 0:  # the child: a session leader whose controlling terminal is the pty
        try:
            os.chdir(ROOT)
            os.execve(sys.executable, run.argv, run.env)
        finally:
            os._exit(127)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    screen = bytearray()
    try:
        deadline = time.monotonic() + 20
        while b"Field of Battle" not in screen and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                screen.extend(os.read(master, 65536))
        play_a_card(master, path)
        end = time.monotonic() + 0.5
        while time.monotonic() < end:  # let the screen settle, still reading it
            if select.select([master], [], [], 0.05)[0]:
                os.read(master, 65536)
        before = saves.read(path)
    finally:
        os.close(master)  # nothing else holds the pty open: this is the hang-up
    code = None
    end = time.monotonic() + 15
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
        time.sleep(0.05)
    if code is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert code == 0
    after = saves.read(path)
    assert after.game == before.game and after.meta.log == before.meta.log


FULL_DISK = """
import errno, os
_fsync = os.fsync


def fsync(fd):  # the disk is full once the test says so: every write of a save fails as it is flushed
    if os.path.exists(os.environ["FULL_DISK_MARKER"]):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return _fsync(fd)


os.fsync = fsync
"""


def plain(screen: bytearray) -> bytes:
    """What the screen shows, without the escape sequences between its pieces."""
    return re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", bytes(screen))


def test_a_full_disk_is_told_at_once_and_at_the_end_and_the_last_good_save_survives(run, tmp_path):
    """The disk fills mid-game: the screen says at once that the moves are not kept and why; SIGTERM then says
    from which move the game could not be saved (never "saved"), exits with NOT_SAVED_EXIT, and the file is the
    last good save, whole."""
    from tui.player_process import NOT_SAVED_EXIT

    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(FULL_DISK)
    marker = tmp_path / "disk-is-full"
    env = {**run.env, "PYTHONPATH": f"{hook}{os.pathsep}{ROOT}", "FULL_DISK_MARKER": str(marker)}
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(
        run.argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True
    )
    os.close(slave)
    screen = bytearray()

    def drain():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            screen.extend(data)

    threading.Thread(target=drain, daemon=True).start()
    try:
        wait_for(lambda: b"Field of Battle" in screen)
        good = play_a_card(master, run.path)
        time.sleep(0.3)
        kept = run.path.read_bytes()
        moves = len(good.game.history)
        marker.touch()
        os.write(master, b"1")
        time.sleep(0.3)
        os.write(master, b"\r")
        wait_for(lambda: b"NOT SAVED since move" in screen)  # the status line, until a save succeeds
        wait_for(lambda: b"No space left on" in plain(screen) and b"Not saved" in plain(screen))  # a toast says why
        os.kill(proc.pid, signal.SIGTERM)
        code = proc.wait(timeout=20)
        time.sleep(0.2)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    text = screen.decode("utf-8", "replace")
    assert code == NOT_SAVED_EXIT
    assert f"Your game could not be saved since move {moves + 1}: No space left on device." in text
    assert run.path.read_bytes() == kept and len(saves.read(run.path).game.history) == moves
    assert not list(run.path.parent.glob(".*.tmp"))  # no half-written file left beside it


def vm_kib(pid: int, field: str) -> int:
    m = re.search(rf"^{field}:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.M)
    return int(m.group(1)) if m else 0


def test_a_huge_paste_is_bounded_the_excess_dropped_with_a_word_and_the_app_stays_small(tmp_path):
    """30,000 keys at once (a paste, or a client flooding its channel): at most MAX_TYPED_AHEAD wait for the app,
    the rest are dropped and the player told, and Ctrl+Q still quits at once. Measured: 50,000 keys took the app
    from 42 MB to 115 MB and 39 s to quit before; bounded, to 48 MB and 5 s (1.4 MB took it to 1.1 GB)."""
    from tui.typeahead import MAX_TYPED_AHEAD

    argv = [sys.executable, "-m", "tui", "--save-dir", str(tmp_path / "s")]
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True)
    os.close(slave)
    screen = bytearray()

    def drain():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            screen.extend(data)

    threading.Thread(target=drain, daemon=True).start()
    keys = 30_000
    try:
        wait_for(lambda: b"Redemption" in plain(screen) and b"New game" in plain(screen))
        time.sleep(0.5)
        before = vm_kib(proc.pid, "VmRSS")
        paste = threading.Thread(target=lambda: os.write(master, b"z" * keys), daemon=True)
        paste.start()
        wait_for(lambda: b"Keys dropped" in plain(screen), timeout=60)
        paste.join(60)
        grown = vm_kib(proc.pid, "VmHWM") - before
        os.write(master, b"\x11")  # Ctrl+Q: still answering
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert code == 0
    assert grown < 20 * 1024, f"the app grew by {grown} KiB for {keys} keys (at most {MAX_TYPED_AHEAD} wait)"
    assert re.search(rb"ahead of the game: \d+ keys", plain(screen))  # the toast's words wrap in its box
