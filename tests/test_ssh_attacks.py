"""`redemption serve` under attack: each test reproduces one attack (numbered as in the threat list the tests
were written from) with real clients on loopback against a real server process (the stand-in app of
tests/test_ssh_support.py), and checks it fails. Waits are on conditions with generous limits: the machine may be loaded.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.test_ssh_support import (
    PY,
    Screen,
    Server,
    asyncssh,
    connect,
    make_key,
    needs_openssh,
    open_terminal,
    ssh_args,
    standin_command,
    stop_servers,
)
from tui.limits import RateLimiter, address_group
from tui.ssh import config as ssh_config
from tui.ssh import keys as ssh_keys
from tui.ssh import server as ssh_server

SEPARATORS = ["\x1e", "\x0c", "\x85", "\u2028"]


@pytest.fixture
def servers(tmp_path):
    made: list[Server] = []

    def make(*extra: str, app: str | None = None, players=("alice", "bob"), lines: list[str] = ()) -> Server:
        folder = tmp_path / f"s{len(made)}"
        folder.mkdir()
        s = Server(folder, app or standin_command(folder), "--grace", "3", *extra)
        for p in players:
            s.add_player(p)
        with s.keys_file.open("a") as f:
            for line in lines:
                f.write(line)
        made.append(s)
        return s.start()

    yield make
    stop_servers(made, tmp_path)


async def logs_in(s: Server, key: Path) -> str:
    """Log in with ``key`` and return the player the app was started for."""
    async with await connect(s, key) as conn:
        p = await open_terminal(conn)
        screen = Screen(p)
        m = await screen.expect(r"TITLE player=(\S+)")
        p.stdin.write(b"q")
        await p.wait_closed()
        return m.group(1)


def refused(s: Server, key: Path) -> bool:
    async def go():
        try:
            await connect(s, key)
        except asyncssh.PermissionDenied:
            return True
        return False

    return asyncio.run(go())


def vm(pid: int, field: str) -> int:
    """A /proc/PID/status memory figure in KiB (VmRSS, VmHWM)."""
    m = re.search(rf"^{field}:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.M)
    return int(m.group(1))


# --------------------------------------------------------------------------- 1-3: the authorized-keys file


def test_1_a_key_smuggled_after_a_line_separator_in_a_comment_is_refused(servers, tmp_path):
    lines, smuggled = [], []
    for i, sep in enumerate(SEPARATORS):
        host_key, host_pub = make_key(tmp_path, f"host{i}")
        mallory, mallory_pub = make_key(tmp_path, f"mallory{i}")
        smuggled.append(mallory)
        # a player's key whose comment holds a separator and then a whole key line for "bob"
        lines.append(f'player="carol" {host_pub} carol{sep}{mallory_pub} bob\n')
        lines.append(f"{host_pub} dave{sep}{mallory_pub} bob\n")
    s = servers(lines=lines)
    for mallory in smuggled:
        assert refused(s, mallory)
    assert asyncio.run(logs_in(s, s.keys["bob"])) == "bob"  # every good line keeps working
    assert asyncio.run(logs_in(s, tmp_path / "id_host0")) == "carol"
    # the line with the separator in the player's name is refused as such, and said so (escaped)
    warned = s.wait_log(r"line skipped: .*is not a valid player name", count=len(SEPARATORS))
    assert all("\\x1e" in w or "\\x0c" in w or "\\x85" in w or "\\u2028" in w for w in warned)


def test_1_keys_file_lines_split_on_newline_only(tmp_path):
    alice, alice_pub = make_key(tmp_path, "alice")
    _, mallory_pub = make_key(tmp_path, "mallory")
    path = tmp_path / "keys"
    path.write_text("".join(f'player="alice" {alice_pub} x{sep}{mallory_pub} bob\r\n' for sep in SEPARATORS))
    keys = ssh_keys.load_authorized_keys(path, lambda m: None)
    assert [e.player for lines in keys.values() for e in lines] == ["alice"] * 4  # one line each, CRLF read
    assert len(keys) == 1


def test_2_a_line_that_is_not_utf8_is_logged_and_every_other_key_works(servers, tmp_path):
    carol, carol_pub = make_key(tmp_path, "carol")
    s = servers()
    with s.keys_file.open("ab") as f:
        f.write(b"ssh-ed25519 AAAA broken\xff\xfeline \x1b[2J\n")
        f.write(f"{carol_pub} carol\n".encode())
    assert asyncio.run(logs_in(s, s.keys["alice"])) == "alice"
    assert asyncio.run(logs_in(s, carol)) == "carol"
    assert asyncio.run(logs_in(s, s.keys["bob"])) == "bob"
    line = s.wait_log(r"authorized_keys:3: line skipped: not UTF-8")[0]
    assert "\\xff\\xfeline \\x1b[2J" in line and "\x1b" not in s.log()


def test_3_key_options_from_and_expiry_time_are_honoured_others_refused(servers, tmp_path):
    keys = {name: make_key(tmp_path, name) for name in ("far", "near", "old", "fresh", "cmd", "upper")}
    lines = [
        f'from="10.9.9.9,192.168.0.0/16" {keys["far"][1]} far\n',
        f'no-agent-forwarding,from="127.0.0.0/8,!10.0.0.1",restrict {keys["near"][1]} near\n',
        f'expiry-time="20000101" {keys["old"][1]} old\n',
        f'expiry-time="29991231235959Z",pty {keys["fresh"][1]} fresh\n',
        f'command="/bin/sh",player="cmd" {keys["cmd"][1]} cmd\n',
        f'FROM="10.9.9.9" {keys["upper"][1]} upper\n',  # OpenSSH option names are case-insensitive
    ]
    s = servers(lines=lines)
    assert refused(s, keys["far"][0])
    assert asyncio.run(logs_in(s, keys["near"][0])) == "near"
    assert refused(s, keys["old"][0])
    assert asyncio.run(logs_in(s, keys["fresh"][0])) == "fresh"
    assert refused(s, keys["cmd"][0])
    assert refused(s, keys["upper"][0])
    s.wait_log(r"authorized_keys:7: line skipped: option command is not supported by this server")
    s.wait_log(r"end='auth failed: address not allowed for this key \(from=\)'", count=2)
    s.wait_log(r"end='auth failed: key expired \(expiry-time\)'")


def test_3_option_parsing_matches_openssh(tmp_path):
    _, pub = make_key(tmp_path, "k")
    assert ssh_keys.parse_key_line(f'player="a b",From="1.2.3.4" {pub} c')[1].player == "a b"
    for bad in (
        f'player="x {pub} c',
        f"from=1.2.3.4 {pub} c",
        f'environment="A=1" {pub} c',
        f'expiry-time="2030" {pub} c',
        f'player="x",player="y" {pub} c',
        f"no-pty {pub} c",
        f'restrict="1" {pub} c',
        f"{pub}",
    ):
        with pytest.raises(ssh_keys.KeyError_):
            ssh_keys.parse_key_line(bad)
    entry = ssh_keys.parse_key_line(f'expiry-time="20300101Z" {pub} c')[1]
    assert entry.expires == 1893456000.0


# --------------------------------------------------------------------------- 4: the log


def test_4_client_text_cannot_forge_a_log_line_or_reach_the_log_raw(servers):
    s = servers()
    fake = "xterm\n2026-01-01T00:00:00Z conn from=6.6.6.6:1 player=admin end='ok'\x1b]0;pwned\x07"

    async def go():
        async with await connect(s, s.keys["alice"]) as conn:
            p = await conn.create_process(term_type=fake, term_size=(80, 24), encoding=None)
            screen = Screen(p)
            await screen.expect(r"TITLE player=alice size=80x24 TERM=xterm-256color ")  # not the client's text
            p.stdin.write(b"q")
            await p.wait_closed()
        async with await connect(s, s.keys["bob"]) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process(subsystem="sftp\n2026-01-01T00:00:00Z conn player=root\x1b[2J")

    asyncio.run(go())
    s.wait_log(r"player=bob .*end='refused: subsystem sftp\\n2026")
    log = s.log()
    assert "6.6.6.6" in log and not re.search(r"^\S+ conn from=6\.6\.6\.6", log, re.M)
    assert "\x1b" not in log and "\x07" not in log and "\u2028" not in log
    lines = [line for line in log.splitlines() if " conn " in line]
    assert len(lines) == 2 and all(
        re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ conn from=127\.0\.0\.1:", x) for x in lines
    )
    assert "term='xterm\\n2026-01-01T00:00:00Z conn" in lines[0]


# --------------------------------------------------------------------------- 6: the terminal size


def test_6_huge_terminal_sizes_are_clamped_and_the_player_told(servers):
    s = servers()

    async def go():
        async with await connect(s, s.keys["alice"]) as conn:
            p = await open_terminal(conn, 65535, 65535)
            screen = Screen(p)
            await screen.expect(r"Your terminal is 65535x65535; the game uses at most 500x200 of it\.")
            await screen.expect(r"TITLE player=alice size=500x200 ")
            p.change_terminal_size(90, 30)
            await screen.expect(r"SIZE 90x30")
            p.change_terminal_size(100000, 100000)  # mid-game
            await screen.expect(r"SIZE 500x200")
            p.stdin.write(b"q")
            await p.wait_closed()
        async with await connect(s, s.keys["bob"]) as conn:  # too big from the start: no cryptic error
            p = await open_terminal(conn, 100000, 100000)
            screen = Screen(p)
            await screen.expect(r"TITLE player=bob size=500x200 ")
            p.stdin.write(b"q")
            await p.wait_closed()

    asyncio.run(go())
    line = s.wait_log(r"player=alice .*end='app exited \(0\)'")[0]
    assert "size=500x200(asked 65535x65535)->500x200(asked 100000x100000)" in line


# --------------------------------------------------------------------------- 7: floods

SLOW_APP = r"""
import os, signal, sys, time, tty
signal.signal(signal.SIGHUP, lambda *_: os._exit(0))
tty.setraw(0)  # as the app's terminal is: keys are not dropped by the line discipline, they wait
os.write(1, b"TITLE player=" + sys.argv[1].encode() + b" slow\r\n")
time.sleep(600)
"""


def test_7_keystroke_and_environment_floods_do_not_grow_the_server(servers, tmp_path):
    slow = tmp_path / "slow_app.py"
    slow.write_text(SLOW_APP)
    s = servers(app=f"{PY} {slow} {{player}} {{data_dir}}")
    sent = {}

    async def keystrokes():
        async with await connect(s, s.keys["alice"]) as conn:
            p = await open_terminal(conn)
            await Screen(p).expect(r"TITLE player=alice slow")
            chunk, total = b"x" * (1 << 20), 0
            for _ in range(64):  # 64 MiB at an app that never reads
                p.stdin.write(chunk)
                try:
                    await asyncio.wait_for(p.stdin.drain(), 3)
                except TimeoutError:
                    break  # the server stopped taking keys: flow control
                total += len(chunk)
            sent["keys"] = total
            conn.abort()

    async def environment():
        env = {f"V{i}": "y" * 30000 for i in range(2000)}  # 60 MB of environment variables
        async with await connect(s, s.keys["bob"]) as conn:
            try:
                p = await open_terminal(conn, env=env)
                await Screen(p).expect(r"TITLE", timeout=10)
            except (asyncssh.Error, AssertionError, ConnectionError):
                pass

    base = vm(s.proc.pid, "VmHWM")
    asyncio.run(keystrokes())
    assert sent["keys"] < 16 << 20, sent  # the client was made to wait long before 16 MiB
    asyncio.run(environment())
    s.wait_log(r"player=bob .*end='refused: over 32 environment variables'")
    peak = vm(s.proc.pid, "VmHWM")
    assert peak - base < 24 * 1024, (base, peak)  # KiB: the peak never went far above the start

    async def still_serves():
        async with await connect(s, s.keys["alice"]) as conn:
            await Screen(await open_terminal(conn)).expect(r"TITLE player=alice slow")

    asyncio.run(still_serves())


# --------------------------------------------------------------------------- 8-9: connection limits


def test_8_silent_sockets_from_one_address_do_not_lock_out_a_player(servers):
    s = servers("--login-timeout", "3")
    socks = []
    for _ in range(80):
        c = socket.socket()
        c.bind(("127.0.0.2", 0))  # the attacker's address; the player comes from 127.0.0.1
        c.settimeout(20)
        c.connect(("127.0.0.1", s.port))
        socks.append(c)

    def closed_by_server(c: socket.socket) -> bool:
        try:
            while c.recv(4096):
                pass
            return True
        except ConnectionResetError:
            return True
        except TimeoutError:
            return False

    t0 = time.monotonic()
    for c in socks[-60:]:  # the ones over the limits are closed at once, not after the login timeout
        c.settimeout(max(0.1, 2.5 - (time.monotonic() - t0)))
        assert closed_by_server(c)
    assert time.monotonic() - t0 < 3
    t1 = time.monotonic()
    assert asyncio.run(logs_in(s, s.keys["alice"])) == "alice"  # while silent sockets are still held
    assert time.monotonic() - t1 < 15
    for c in socks:  # and the held ones go after the login timeout
        c.settimeout(30)
        assert closed_by_server(c)
        c.close()
    log = s.log()
    assert "refused: too many connections not logged in from this address" in log
    assert "refused: rate limit" in log


@needs_openssh
def test_8_a_refused_connection_is_told_why_by_the_openssh_client(servers):
    """Over a limit before the login, the server sends its version line and an SSH disconnect with the
    reason, and closes: OpenSSH prints the reason instead of a bare "connection closed"."""
    s = servers("--rate-limit", "1")
    first = socket.create_connection(("127.0.0.1", s.port))  # the one connection this minute allows
    try:
        r = subprocess.run(
            ssh_args(s, s.keys["alice"], "-tt", "play@127.0.0.1"),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        first.close()
    assert r.returncode == 255
    assert "Too many new connections from your address; try again in a minute." in r.stderr
    s.wait_log(r"end='refused: rate limit'")


class _FakeConn:
    """What the connection class asks of asyncssh's connection object when one is made."""

    def __init__(self, addr: str) -> None:
        self.addr = addr
        self.told: list[tuple[int, str]] = []

    def get_extra_info(self, name: str):
        return (self.addr, 40000) if name == "peername" else None

    def disconnect(self, code: int, reason: str) -> None:
        self.told.append((code, reason))


def test_2_per_address_limits_count_an_ipv6_slash_64_as_one_address(tmp_path):
    group = address_group
    assert group("2001:db8:1:2:aaaa::1") == group("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert group("2001:db8:1:3::1") == "2001:db8:1:3::/64"
    assert group("::ffff:192.0.2.7") == group("192.0.2.7") == "192.0.2.7"  # IPv4-mapped: the IPv4 address
    assert group("fe80::1%eth0") == "fe80::/64"
    assert group("127.0.0.1") != group("127.0.0.2")

    async def go():
        config = ssh_config.Config(
            data_dir=tmp_path, authorized_keys=tmp_path / "none", pending_per_address=3, rate_limit=100
        )
        game = ssh_server.GameServer(config)
        cls = ssh_server.Connection
        made = []
        for i in range(4):  # four addresses of one /64: the fourth is over --max-pending 3
            conn = _FakeConn(f"2001:db8:0:7::{i + 1:x}")
            c = cls(game)
            c.connection_made(conn)
            made.append((c, conn))
        other = _FakeConn("2001:db8:0:8::1")  # the next /64 is another host
        c_other = cls(game)
        c_other.connection_made(other)
        assert game.refusing == 1 and not made[3][1].told  # told once the client has sent its first packet
        made[3][1].data_received(b"SSH-2.0-OpenSSH_9.2\r\n\x00\x00\x05\xdc\x0a\x14")
        assert game.refusing == 0
        assert [c.ended for c, _ in made[:3]] == ["auth failed"] * 3 and not any(conn.told for _, conn in made[:3])
        assert made[3][0].ended == "refused: too many connections not logged in from this address"
        assert made[3][1].told == [
            (
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                "Too many connections from your address are still logging in; try again shortly.",
            )
        ]
        assert c_other.ended == "auth failed" and not other.told
        assert game.unauth == {"2001:db8:0:7::/64": 3, "2001:db8:0:8::/64": 1}
        made[0][0].connection_lost(None)  # one goes: its /64 has a place again
        assert game.unauth["2001:db8:0:7::/64"] == 2
        # the rate limit counts the /64 too
        game.rate = RateLimiter(2)
        assert game.rate.allow(group("2001:db8:0:9::1")) and game.rate.allow(group("2001:db8:0:9::2"))
        assert not game.rate.allow(group("2001:db8:0:9::3"))

    asyncio.run(go())


def test_9_logins_without_a_session_are_closed_and_limited_per_player(servers):
    s = servers("--login-timeout", "2", "--max-sessions", "2")

    async def go():
        # a login that never opens a session is closed after the login timeout
        idle = await connect(s, s.keys["alice"])
        t0 = time.monotonic()
        await asyncio.wait_for(idle.wait_closed(), 20)
        assert time.monotonic() - t0 >= 1.5
        # per player: three connections at most
        held = [await connect(s, s.keys["alice"]) for _ in range(3)]
        try:  # the fourth is closed at once after its login (with a message a client may or may not show)
            extra = await connect(s, s.keys["alice"])
            await asyncio.wait_for(extra.wait_closed(), 10)
        except asyncssh.DisconnectError as e:
            assert "has 3 connections open already" in str(e)
        for c in held:
            c.close()
            await c.wait_closed()
        # a take-over prompt does not take a place: alice plays, alice again at the prompt, bob still gets in
        c1 = await connect(s, s.keys["alice"])
        p1 = await open_terminal(c1)
        await Screen(p1).expect(r"TITLE player=alice")
        c2 = await connect(s, s.keys["alice"])
        p2 = await open_terminal(c2)
        await Screen(p2).expect(r"Take it over\?")
        c3 = await connect(s, s.keys["bob"])
        p3 = await open_terminal(c3)
        await Screen(p3).expect(r"TITLE player=bob")
        for c in (c3, c2, c1):
            c.close()

    asyncio.run(go())
    s.wait_log(r"player=alice .*end='no session within 2s'")
    s.wait_log(r"player=alice .*end='refused: too many connections for this player'")
    s.wait_log(r"player=bob .*end='client disconnected'")


# --------------------------------------------------------------------------- 11: hostile saves, SIGTERM


def test_11_a_save_that_never_reads_does_not_freeze_the_server(servers):
    s = servers("--resume-args", "resume")
    folder = s.data / "alice"

    async def go():
        c1 = await connect(s, s.keys["alice"])
        p1 = await open_terminal(c1)
        one = Screen(p1)
        await one.expect(r"TITLE player=alice")
        os.mkfifo(folder / "trap.toml")  # opening it blocks until someone writes: forever
        c2 = await connect(s, s.keys["alice"])
        p2 = await open_terminal(c2)
        two = Screen(p2)
        await two.expect(r"Take it over\?")
        p2.stdin.write(b"y")
        await one.expect(r"SAVED")
        # while the take-over looks for a game to resume, the server goes on serving
        t0 = time.monotonic()
        assert await logs_in(s, s.keys["bob"]) == "bob"
        assert time.monotonic() - t0 < 8
        await two.expect(r"TITLE player=alice", timeout=30)  # the check gave up: a plain start
        c2.close()
        c1.close()

    asyncio.run(go())
    t0 = time.monotonic()
    s.proc.terminate()
    assert s.proc.wait(20) == 0 and time.monotonic() - t0 < 10  # SIGTERM is always honoured


# --------------------------------------------------------------------------- 16-17: shutdown, take-over race

STUBBORN_FULLSCREEN = r"""
import os, signal, sys, time
signal.signal(signal.SIGHUP, signal.SIG_IGN)
os.write(1, b"\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?25lFULLSCREEN " + sys.argv[1].encode() + b"\r\n")
time.sleep(600)
"""


def test_16_server_sigterm_tells_every_client_and_restores_the_terminal(servers, tmp_path):
    stubborn = tmp_path / "stubborn.py"
    stubborn.write_text(STUBBORN_FULLSCREEN)
    s = servers("--grace", "1", app=f"{PY} {stubborn} {{player}}")

    async def go():
        screens, conns = [], []
        for player in ("alice", "bob", "alice"):
            c = await connect(s, s.keys[player])
            p = await open_terminal(c)
            sc = Screen(p)
            await sc.expect(r"FULLSCREEN" if len(screens) < 2 else r"Take it over\?")
            screens.append(sc)
            conns.append(c)
        s.proc.terminate()
        for sc in screens[:2]:
            await sc.expect(r"closed: server shutting down\. Your game is saved", timeout=30)
            raw = sc.raw
            after = raw[raw.rindex(b"\x1b[?1049h") :]
            for off in (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?1006l", b"\x1b[?25h"):
                assert off in after
        await screens[2].expect(r"closed: server shutting down", timeout=30)
        for c in conns:
            c.close()

    asyncio.run(go())
    assert s.proc.wait(30) == 0


def test_17_the_login_that_loses_a_take_over_race_is_logged_takeover_no(servers):
    s = servers()

    async def go():
        c1 = await connect(s, s.keys["alice"])
        p1 = await open_terminal(c1)
        await Screen(p1).expect(r"TITLE player=alice")
        rivals = []
        for _ in range(2):
            c = await connect(s, s.keys["alice"])
            p = await open_terminal(c)
            sc = Screen(p)
            await sc.expect(r"Take it over\?")
            rivals.append((c, p, sc))
        for _, p, _ in rivals:  # both say yes at once
            p.stdin.write(b"y")
        # one wins and runs the game; the other finds that one live and is asked again
        done, _ = await asyncio.wait(
            [asyncio.ensure_future(sc.expect(r"TITLE player=alice")) for _, _, sc in rivals],
            return_when=asyncio.FIRST_COMPLETED,
        )
        winner = 0 if "TITLE" in rivals[0][2].text() else 1
        loser = rivals[1 - winner]
        await loser[2].expect(r"Take it over\?[\s\S]*Take it over\?")
        loser[1].stdin.write(b"n")
        await loser[2].expect(r"The other session goes on")
        for c, _, _ in rivals:
            c.close()
        c1.close()

    asyncio.run(go())
    s.wait_log(r"player=alice .*takeover=no .*end='declined to take over'")
    s.wait_log(r"player=alice .*takeover=yes .*end='client disconnected'")
    assert len(re.findall(r"takeover=yes", s.log())) == 1


# --------------------------------------------------------------------------- a full disk: never "saved" when not

FULL_DISK_APP = r"""
import os, signal, sys, time
from tui.player_process import NOT_SAVED_EXIT

def hang_up(*_):  # what the app does when its saves have been failing: the truth, then NOT_SAVED_EXIT
    os.write(1, b"\x1b[?1049lYour game could not be saved since move 3: No space left on device.\r\n")
    os._exit(NOT_SAVED_EXIT if sys.argv[1] == "alice" else 0)

signal.signal(signal.SIGHUP, hang_up)
os.write(1, b"\x1b[?1049hPLAYING " + sys.argv[1].encode() + b"\r\n")
time.sleep(600)
"""


def test_server_sigterm_says_not_saved_since_move_n_when_the_app_could_not_save(servers, tmp_path):
    app = tmp_path / "full.py"
    app.write_text(FULL_DISK_APP)
    s = servers(app=f"{PY} {app} {{player}}")

    async def go():
        screens, conns = {}, []
        for player in ("alice", "bob"):
            c = await connect(s, s.keys[player])
            p = await open_terminal(c)
            screens[player] = Screen(p)
            await screens[player].expect(rf"PLAYING {player}")
            conns.append(c)
        s.proc.terminate()
        await screens["alice"].expect(
            r"closed: server shutting down\. Your game could not be saved since move 3: No space left on device\.",
            timeout=30,
        )
        await screens["bob"].expect(r"closed: server shutting down\. Your game is saved", timeout=30)
        assert "Your game is saved" not in screens["alice"].text()
        for c in conns:
            c.close()

    asyncio.run(go())
    assert s.proc.wait(30) == 0
    assert re.search(r"player=alice .*end='server shutting down \(not saved\)'", s.log())
