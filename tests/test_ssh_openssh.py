"""The README's OpenSSH recipe: an ``authorized_keys`` line with
``restrict,pty,command="redemption --player NAME"`` lands each key straight in the app, in that
player's own save folder; nothing else is allowed. Runs a private sshd on 127.0.0.1 (a free port);
skipped where the OpenSSH server is not installed or the tests do not run as root.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

import saves
from tests.test_ssh_support import PY, REPO, OpenSSHTerminal, leftovers, make_key, needs_openssh, ssh_args

SSHD_BIN = shutil.which("sshd") or ("/usr/sbin/sshd" if os.path.exists("/usr/sbin/sshd") else None)
pytestmark = [
    needs_openssh,
    pytest.mark.skipif(SSHD_BIN is None, reason="the OpenSSH server (sshd) is not installed"),
    pytest.mark.skipif(os.geteuid() != 0, reason="a private sshd needs root"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SSHD:
    """A private sshd with its own host key and authorized_keys file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.keys_file = folder / "authorized_keys"
        self.keys: dict[str, Path] = {}
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log_path = folder / "sshd.log"

    def add_player(self, player: str) -> None:
        key, pub = make_key(self.folder, player)
        # The README's line, with the app spelled out as this Python (the test venv is not on sshd's PATH).
        app = f"PYTHONPATH={REPO} {PY} -m tui.cli --player {player} --save-dir {self.data} --pause 0"
        with self.keys_file.open("a") as f:
            f.write(f'restrict,pty,command="{app}" {pub} {player}\n')
        self.keys[player] = key

    def start(self) -> SSHD:
        host_key, _ = make_key(self.folder, "host")  # asyncssh writes it: no ssh-keygen needed
        config = self.folder / "sshd_config"
        config.write_text(
            "\n".join(
                [
                    f"Port {self.port}",
                    "ListenAddress 127.0.0.1",
                    f"HostKey {host_key}",
                    f"AuthorizedKeysFile {self.keys_file}",
                    "PidFile none",
                    "StrictModes no",
                    "UsePAM no",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PubkeyAuthentication yes",
                    "PermitRootLogin prohibit-password",
                    "AllowTcpForwarding yes",
                    "AllowAgentForwarding yes",
                    "X11Forwarding no",
                    "PrintMotd no",
                    "PrintLastLog no",
                    "LogLevel VERBOSE",
                    "Subsystem sftp internal-sftp",
                    "",
                ]
            )
        )
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege separation folder
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [SSHD_BIN, "-D", "-e", "-f", str(config)], stdout=log, stderr=log, stdin=subprocess.DEVNULL
            )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        self.stop()
        raise AssertionError(f"sshd did not start:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


@pytest.fixture
def sshd(tmp_path):
    d = SSHD(tmp_path)
    for p in ("alice", "bob"):
        d.add_player(p)
    d.start()
    yield d
    d.stop()
    deadline = time.monotonic() + 10
    while leftovers(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftovers(str(tmp_path)) == []


def user() -> str:
    import pwd

    return pwd.getpwuid(os.geteuid()).pw_name


def test_openssh_recipe_lands_in_the_app_saves_on_hangup_and_resumes(sshd):
    with OpenSSHTerminal(sshd, sshd.keys["alice"], user=user()) as t:
        t.expect(r"Welcome, alice\.")
        t.expect(r"Resume a game  \(0 in progress, 0 saved\)")
        t.send("\r")
        t.expect(r"Start")
        t.mark()
        t.send("\r")
        t.expect(r"Your move")
        path = next((sshd.data / "alice").glob("*.toml"))
        before = saves.read(path).game.to_dict()
        t.send("1\r")
        deadline = time.monotonic() + 30
        while saves.read(path).game.to_dict() == before and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        played = saves.read(path)
        assert played.game.to_dict()["history"]
        t.kill()  # sshd closes the pty: the kernel hangs up the app, which saves and exits
    deadline = time.monotonic() + 15
    while leftovers(f"--player alice --save-dir {sshd.data}") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftovers(f"--player alice --save-dir {sshd.data}") == []
    assert saves.read(path).game.to_dict() == played.game.to_dict()
    with OpenSSHTerminal(sshd, sshd.keys["alice"], user=user()) as t:
        t.expect(r"Resume a game  \(1 in progress, 1 saved\)")
        t.send("q")
        t.wait_exit()
    # bob's key has its own folder; alice's game is not his
    with OpenSSHTerminal(sshd, sshd.keys["bob"], user=user()) as t:
        t.expect(r"Welcome, bob\.")
        t.expect(r"Resume a game  \(0 in progress, 0 saved\)")
        t.send("q")
        t.wait_exit()


def test_openssh_recipe_allows_nothing_but_the_app(sshd, tmp_path):
    target = f"{user()}@127.0.0.1"
    canary = tmp_path / "canary"

    def run(*args, timeout=30):
        return subprocess.run(
            ssh_args(sshd, sshd.keys["alice"], *args),
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )

    # a command of the client's choosing never runs: the forced command (the app) runs instead
    with OpenSSHTerminal(sshd, sshd.keys["alice"], 80, 24, user=user(), command=f"touch {canary}") as t:
        t.expect(r"Welcome, alice\.")
        t.send("q")
        t.wait_exit()
    assert not canary.exists()
    r = run("-W", f"127.0.0.1:{sshd.port}", target)
    assert r.returncode == 255 and ("administratively prohibited" in r.stderr or "forwarding failed" in r.stderr)
    r = run("-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", target)
    assert r.returncode == 255 and "remote port forwarding failed" in r.stderr
    with OpenSSHTerminal(sshd, sshd.keys["alice"], 80, 24, "-s", user=user(), command="sftp") as t:
        t.expect(r"Welcome, alice\.")  # no SFTP: the app again
        t.send("q")
        t.wait_exit()


def test_openssh_recipe_without_a_terminal_the_app_refuses_to_start(sshd, tmp_path):
    """`ssh host` with no terminal (a script, `ssh -T`) must not leave an app running with nobody to hang it up."""
    target = f"{user()}@127.0.0.1"
    marker = f"--player alice --save-dir {sshd.data}"
    try:
        r = subprocess.run(
            ssh_args(sshd, sshd.keys["alice"], "-T", target),
            capture_output=True,
            text=True,
            timeout=6,
            stdin=subprocess.DEVNULL,
        )
        assert r.returncode != 0 and "terminal" in r.stderr
    finally:
        time.sleep(0.5)
        for line in leftovers(marker):  # an app this test started: end it by its id
            os.kill(int(line.split(":", 1)[0]), signal.SIGKILL)
