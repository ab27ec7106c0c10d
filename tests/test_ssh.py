"""`redemption serve`: who gets in, what is refused, hang-ups, take-over, limits, the log.

These tests drive the server with a tiny stand-in app (same command line, saves on every key and
on SIGHUP), so they test the server alone and fast; tests/test_ssh_app.py runs the real app.
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_ssh_support import (
    OpenSSHTerminal,
    Screen,
    Server,
    asyncssh,
    connect,
    leftovers,
    needs_openssh,
    open_terminal,
    ssh_args,
    standin_command,
    stop_servers,
)
from tui import ssh
from tui.ssh import config as ssh_config
from tui.ssh import keys as ssh_keys


@pytest.fixture
def servers(tmp_path):
    """Make servers in this test's folder; stop them all after and check no process was left behind."""
    made: list[Server] = []

    def make(*extra: str, app: str | None = None, players=("alice", "bob")) -> Server:
        folder = tmp_path / f"s{len(made)}"
        folder.mkdir()
        s = Server(folder, app or standin_command(folder), "--grace", "3", *extra)
        for p in players:
            s.add_player(p, via_option=(p == "bob"))
        made.append(s)
        return s.start()

    yield make
    stop_servers(made, tmp_path)
    for s in made:
        for pub in s.public.values():
            assert pub.split()[1] not in s.log(), "key material in the log"


def moves(server: Server, player: str) -> str:
    return json.loads((server.data / player / "game.json").read_text())["moves"]


# --------------------------------------------------------------------------- in-process units


def test_authorized_keys_comment_or_option_names_the_player(tmp_path):
    s = Server(tmp_path, None)
    s.add_player("alice")
    s.add_player("bob", via_option=True)
    pub_bad = "ssh-ed25519 AAAAnotakey"
    with s.keys_file.open("a") as f:
        f.write("# a comment line\n\n")
        f.write(f"{s.public['alice'].split()[0]} {s.public['alice'].split()[1]}\n")  # no player at all
        f.write(f"{pub_bad} carol\n")  # not a key
        f.write(f'player="../bob" {s.public["alice"]} sneaky\n')  # a path trick
    warnings: list[str] = []
    keys = ssh_keys.load_authorized_keys(s.keys_file, warnings.append)
    entries = [e for lines in keys.values() for e in lines]
    assert sorted(e.player for e in entries) == ["alice", "bob"]
    assert all(e.fingerprint.startswith("SHA256:") for e in entries)
    assert len(warnings) == 3 and all("line skipped" in w for w in warnings)


def test_key_ring_lets_a_key_in_by_its_first_line_in_force_and_follows_expiry(tmp_path):
    """OpenSSH's reading: of the lines naming one key, the first that lets it in from that address now
    names the player; a line that expires while the server runs stops counting then, without a reload."""
    from tests.test_ssh_support import make_key

    _, pub = make_key(tmp_path, "k")
    key = asyncssh.import_public_key(pub)
    path = tmp_path / "keys"
    path.write_text(
        f'from="10.0.0.0/8" {pub} far\nexpiry-time="20300101Z" {pub} early\nexpiry-time="20400101Z" {pub} late\n'
    )
    ring = ssh_keys.KeyRing(path, lambda m: None)
    before, between, after = 1800000000.0, 2000000000.0, 2300000000.0  # 2027, 2033, 2042
    assert ring.lookup(key, "10.1.2.3", now=before)[0].player == "far"
    assert ring.lookup(key, "127.0.0.1", now=before)[0].player == "early"
    assert ring.lookup(key, "127.0.0.1", now=between)[0].player == "late"
    assert ring.lookup(key, "127.0.0.1", now=after) == (None, "key expired (expiry-time)")
    assert ring.lookup(key, "10.1.2.3", now=after)[0].player == "far"
    _, other = make_key(tmp_path, "other")
    assert ring.lookup(asyncssh.import_public_key(other), "127.0.0.1") == (None, None)  # not in the file


def test_keys_queued_for_an_app_stop_at_the_limit_the_readme_gives():
    """asyncssh's relay writes the client's keys to the app's terminal through an asyncio pipe transport and
    stops reading the client when that transport is over its high-water mark: that mark is MAX_INPUT_QUEUE."""
    import os

    from tui.ssh.limits import MAX_INPUT_QUEUE

    async def go():
        r, w = os.pipe()
        try:
            transport, _ = await asyncio.get_running_loop().connect_write_pipe(asyncio.BaseProtocol, os.fdopen(w, "wb"))
            assert transport.get_write_buffer_limits()[1] == MAX_INPUT_QUEUE
            transport.close()
        finally:
            os.close(r)

    asyncio.run(go())


def test_parse_config_defaults_are_loopback_and_under_the_data_dir(tmp_path):
    c = ssh_config.parse_config(["--data-dir", str(tmp_path)])
    assert (c.host, c.port) == ("127.0.0.1", 2222)
    assert c.authorized_keys == tmp_path.resolve() / ".ssh" / "authorized_keys"
    assert c.host_key == tmp_path.resolve() / ".ssh" / "host_ed25519_key"
    assert c.app_command[-4:] == ["--player", "{player}", "--save-dir", "{data_dir}"]
    assert c.resume_args == ["resume"]
    assert ssh_config.parse_config(["--app-command", "x {player}"]).resume_args is None
    with pytest.raises(SystemExit):
        ssh_config.parse_config(["--port", "70000"])


# --------------------------------------------------------------------------- OpenSSH client


@needs_openssh
def test_openssh_known_key_gets_the_title_with_its_terminal(servers):
    s = servers()
    with OpenSSHTerminal(s, s.keys["alice"], 100, 30) as t:
        t.expect(r"TITLE player=alice size=100x30 TERM=xterm-256color LC_ALL=C\.UTF-8 REDEMPTION_PLAYER=alice")
        t.expect(r"1 New game")
        t.send("ab")
        t.expect(r"MOVES \[ab\]")
        t.resize(90, 28)
        t.expect(r"SIZE 90x28")
        t.send("q")
        assert t.wait_exit() == 0
    line = s.wait_log(r"player=alice .*end='app exited \(0\)'")[0]
    assert "term=xterm-256color" in line and "size=100x30->90x28" in line
    assert re.search(r"key=SHA256:\S+", line)
    assert moves(s, "alice") == "ab"


@needs_openssh
def test_openssh_refuses_everything_but_a_known_key_in_a_terminal(servers, tmp_path):
    s = servers()
    from tests.test_ssh_support import make_key

    stranger, _ = make_key(tmp_path, "stranger")

    def run(key, *args, timeout=20):
        return subprocess.run(
            ssh_args(s, key, *args), capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
        )

    r = run(stranger, "player@127.0.0.1")
    assert r.returncode == 255 and "Permission denied (publickey)" in r.stderr
    r = run(
        None,
        "-o",
        "PubkeyAuthentication=no",
        "-o",
        "PreferredAuthentications=password,keyboard-interactive",
        "player@127.0.0.1",
    )
    assert r.returncode == 255 and "Permission denied (publickey)" in r.stderr  # no password method offered
    r = run(s.keys["alice"], "player@127.0.0.1", "cat /etc/passwd")
    assert r.returncode == 255 and "exec request failed" in r.stderr
    r = run(s.keys["alice"], "-s", "player@127.0.0.1", "sftp")
    assert r.returncode == 255 and "subsystem request failed" in r.stderr
    r = run(s.keys["alice"], "-W", f"127.0.0.1:{s.port}", "player@127.0.0.1")
    assert r.returncode == 255 and "stdio forwarding failed" in r.stderr
    r = run(s.keys["alice"], "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", "player@127.0.0.1")
    assert r.returncode == 255 and "remote port forwarding failed" in r.stderr
    log = s.log()
    assert log.count("end='auth failed'") == 2
    for reason in ("exec request", "subsystem sftp", "port forwarding"):
        assert f"end='refused: {reason}'" in log
    assert not (s.data / "alice").exists()  # no app ever ran


@needs_openssh
def test_openssh_killed_client_hangs_up_the_app_which_saves_and_resumes(servers):
    s = servers()
    with OpenSSHTerminal(s, s.keys["bob"]) as t:
        t.expect(r"1 New game")
        t.send("xyz")
        t.expect(r"MOVES \[xyz\]")
        t.kill()
    s.wait_log(r"player=bob .*end='client disconnected'")
    assert moves(s, "bob") == "xyz"
    with OpenSSHTerminal(s, s.keys["bob"]) as t:
        t.expect(r"1 Resume  2 New game")
        t.expect(r"MOVES \[xyz\]")
        t.send("w")
        t.expect(r"MOVES \[xyzw\]")


# --------------------------------------------------------------------------- asyncssh client


def test_asyncssh_known_key_in_and_everything_else_refused(servers, tmp_path):
    s = servers()
    from tests.test_ssh_support import make_key

    stranger, _ = make_key(tmp_path, "stranger")

    async def go():
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(s, stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(s, None, password="hunter2", preferred_auth="password,keyboard-interactive")
        async with await connect(s, s.keys["alice"]) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("id", check=True)
        async with await connect(s, s.keys["alice"]) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", s.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        async with await connect(s, s.keys["alice"]) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.start_sftp_client()
        # the client's environment cannot move the save folder or the player
        async with await connect(s, s.keys["alice"]) as conn:
            p = await open_terminal(
                conn,
                81,
                25,
                env={"REDEMPTION_SAVE_DIR": "/tmp", "REDEMPTION_PLAYER": "bob", "EVIL": "1", "NO_COLOR": "1"},
            )
            screen = Screen(p)
            await screen.expect(
                r"TITLE player=alice size=81x25 TERM=xterm-256color LC_ALL=C\.UTF-8 "
                r"REDEMPTION_PLAYER=alice NO_COLOR=1 EVIL=-"
            )
            p.stdin.write(b"kq")
            await screen.expect(r"SAVED")
            await p.wait_closed()
        assert moves(s, "alice") == "k"
        assert not (s.data / "bob").exists()

    asyncio.run(go())
    s.wait_log(r"player=- key=- .*end='auth failed'", count=2)


def test_asyncssh_session_without_a_terminal_is_told_to_use_one(servers):
    s = servers()

    async def go():
        async with await connect(s, s.keys["alice"]) as conn:
            p = await conn.create_process(encoding=None)
            out = await asyncio.wait_for(p.stdout.read(), 20)
            await p.wait_closed()
            assert b"needs a terminal" in out and p.exit_status == 1

    asyncio.run(go())


def test_take_over_asks_then_hangs_up_the_old_session_which_saves(servers):
    s = servers()

    async def go():
        async with await connect(s, s.keys["alice"]) as c1:
            p1 = await open_terminal(c1)
            one = Screen(p1)
            await one.expect(r"1 New game")
            p1.stdin.write(b"ab")
            await one.expect(r"MOVES \[ab\]")
            # a second login that declines leaves the first alone
            async with await connect(s, s.keys["alice"]) as c2:
                p2 = await open_terminal(c2)
                two = Screen(p2)
                await two.expect(
                    r"Player alice already has a live session \(from 127\.0\.0\.1, since [^)]*\)\.\s+Take it over\?"
                )
                p2.stdin.write(b"n")
                await two.expect(r"The other session goes on")
                await p2.wait_closed()
            p1.stdin.write(b"c")
            await one.expect(r"MOVES \[abc\]")
            # a third one takes over: the first is saved and closed, the game goes on here
            async with await connect(s, s.keys["alice"]) as c3:
                p3 = await open_terminal(c3)
                three = Screen(p3)
                await three.expect(r"Take it over\?")
                p3.stdin.write(b"y")
                await one.expect(r"SAVED")
                await one.expect(r"closed: taken over by a new login")
                await p1.wait_closed()
                await three.expect(r"1 Resume  2 New game")
                await three.expect(r"MOVES \[abc\]")
                p3.stdin.write(b"d")
                await three.expect(r"MOVES \[abcd\]")
        assert moves(s, "alice") == "abcd"

    asyncio.run(go())
    s.wait_log(r"player=alice .*takeover=no .*end='declined to take over'")
    s.wait_log(r"player=alice .*takeover=no .*end='taken over by a new login'")
    s.wait_log(r"player=alice .*takeover=yes .*end='client disconnected'")


def test_idle_session_is_saved_and_closed(servers):
    s = servers("--idle-timeout", "1.5")

    async def go():
        async with await connect(s, s.keys["bob"]) as conn:
            p = await open_terminal(conn)
            screen = Screen(p)
            await screen.expect(r"1 New game")
            p.stdin.write(b"m")
            await screen.expect(r"MOVES \[m\]")
            t0 = time.monotonic()
            await screen.expect(r"closed: idle for 1\.5 seconds\. Your game is saved", timeout=15)
            await p.wait_closed()
            assert time.monotonic() - t0 >= 1.0

    asyncio.run(go())
    assert moves(s, "bob") == "m"
    s.wait_log(r"player=bob .*end='idle for 1\.5 seconds'")


def test_session_cap_and_per_address_rate_limit(servers):
    s = servers("--max-sessions", "1", "--rate-limit", "4")

    async def go():
        async with await connect(s, s.keys["alice"]) as c1:
            p1 = await open_terminal(c1)
            await Screen(p1).expect(r"1 New game")
            async with await connect(s, s.keys["bob"]) as c2:
                p2 = await open_terminal(c2)
                full = Screen(p2)
                await full.expect(r"The server is full \(1 players are on\)\. Please try again later\.")
                await p2.wait_closed()
                assert p2.exit_status == 1
        # connections 3 and 4 are allowed within the minute, the 5th is closed at once, before a word
        for _ in range(2):
            async with await connect(s, s.keys["bob"]):
                pass
        t0 = time.monotonic()
        with pytest.raises((ConnectionError, asyncssh.DisconnectError)):
            await connect(s, s.keys["bob"])
        assert time.monotonic() - t0 < 5  # not held until a login timeout

    asyncio.run(go())
    s.wait_log(r"player=bob .*end='refused: server full'")
    s.wait_log(r"player=- .*end='refused: rate limit'")


def test_server_shutdown_saves_every_game(servers):
    s = servers()

    async def go():
        conns, screens = [], []
        for player, keys in (("alice", b"12"), ("bob", b"34")):
            c = await connect(s, s.keys[player])
            p = await open_terminal(c)
            sc = Screen(p)
            await sc.expect(r"New game")
            p.stdin.write(keys)
            await sc.expect(rf"MOVES \[{keys.decode()}\]")
            conns.append(c)
            screens.append(sc)
        s.proc.terminate()  # SIGTERM to the server
        for sc in screens:
            await sc.expect(r"closed: server shutting down\. Your game is saved")
        for c in conns:
            c.close()

    asyncio.run(go())
    assert s.proc.wait(20) == 0
    assert (moves(s, "alice"), moves(s, "bob")) == ("12", "34")


def test_host_key_is_generated_once_with_mode_600_and_kept(servers):
    s = servers()
    assert oct(s.host_key.stat().st_mode & 0o777) == "0o600"
    first = re.search(r"host key (SHA256:\S+)\)", s.log()).group(1)
    s.stop()
    s.start()
    fingerprints = re.findall(r"host key (SHA256:\S+)\)", s.log())
    assert fingerprints == [first, first]
    assert s.log().count("generated a new host key") == 1


def test_startup_problems_are_one_clear_line(tmp_path, capsys):
    bad_key = tmp_path / "host_key"
    bad_key.write_text("not a key\n")
    bad_key.chmod(0o600)
    assert ssh.main(["--port", "0", "--data-dir", str(tmp_path / "d"), "--host-key", str(bad_key)]) == 1
    err = capsys.readouterr().err
    assert "is not a private key this server can read" in err and "Traceback" not in err
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert ssh.main(["--port", "0", "--data-dir", str(blocker / "d")]) == 1
    assert "redemption serve:" in capsys.readouterr().err


def test_an_app_that_ignores_sighup_is_killed_after_the_grace_period(servers, tmp_path):
    stubborn = tmp_path / "stubborn.py"
    stubborn.write_text(
        "import os, signal, sys, time\n"
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "os.write(1, b'STUBBORN ' + sys.argv[1].encode() + b'\\r\\n')\n"
        "time.sleep(300)\n"
    )
    s = servers("--grace", "1", app=f"{sys.executable} {stubborn} {{player}} {{data_dir}}")

    async def go():
        conn = await connect(s, s.keys["alice"])
        p = await open_terminal(conn)
        await Screen(p).expect(r"STUBBORN alice")
        conn.abort()  # the connection drops

    t0 = time.monotonic()
    asyncio.run(go())
    s.wait_log(r"player=alice .*end='client disconnected \(app killed after the grace period\)'")
    assert time.monotonic() - t0 < 10
    assert [cmd for cmd in leftovers(str(stubborn)) if "tui.cli serve" not in cmd] == []  # the app is gone


def test_redemption_serve_is_a_subcommand_of_the_redemption_command(capsys):
    from tui import cli

    assert cli.main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: redemption serve") and "--authorized-keys FILE" in out
    assert cli.main(["serve", "--port", "nope"]) == 2
    assert "invalid int value" in capsys.readouterr().err


IMPORT_PROBE = """
import ctypes.util, subprocess, sys
ran = []
popen = subprocess.Popen.__init__
def record(self, args, *a, **k):
    ran.append(args[0] if isinstance(args, (list, tuple)) else args)
    popen(self, args, *a, **k)
subprocess.Popen.__init__ = record
find = ctypes.util.find_library
import tui.ssh
module = tui.ssh.import_asyncssh()
import asyncssh.crypto.pq
assert module is sys.modules["asyncssh"] and ctypes.util.find_library is find
print(" ".join(ran))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the slow library probe is Linux's")
def test_asyncssh_is_imported_without_compiling_a_test_program_and_the_library_probe_is_left_as_it_was():
    ran = subprocess.run([sys.executable, "-c", IMPORT_PROBE], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert not any(Path(p).name in ("gcc", "cc", "ld") for p in ran.stdout.split()), ran.stdout
