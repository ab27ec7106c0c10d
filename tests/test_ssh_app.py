"""`redemption serve` with the real app: title, a Resurrection game that survives a killed client,
player isolation, take-over, and 20 concurrent sessions.

Each test starts its own server on 127.0.0.1 (a free port) and checks that no process is left behind.
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from pathlib import Path

import pytest

import saves
from tests.test_ssh_support import (
    PY,
    OpenSSHTerminal,
    Screen,
    Server,
    connect,
    leftovers,
    needs_openssh,
    open_terminal,
    stop_servers,
)

APP = f"{PY} -m tui.cli --player {{player}} --save-dir {{data_dir}} --pause 0"
TITLE = r"Welcome, {}\."
STATUS = r"Resurrection \| Battle \d+ \| Your move[^\n]*"


@pytest.fixture
def server(tmp_path):
    made: list[Server] = []

    def make(players, *extra: str) -> Server:
        s = Server(tmp_path, APP, "--grace", "5", "--resume-args", "resume", *extra)
        for p in players:
            s.add_player(p)
        made.append(s)
        return s.start()

    yield make
    stop_servers(made, tmp_path)


def first_in_menu(t) -> str:
    """Which of New game / Resume comes first on the title screen (waits until the menu is drawn to its last
    item: reading the stream mid-frame could see only part of the menu)."""
    m = t.expect(r"Welcome,[\s\S]*?(New game|Resume a game)[\s\S]*?Quit")
    return "new" if m.group(1) == "New game" else "resume"


def the_save(server: Server, player: str) -> Path:
    found = sorted((server.data / player).glob("*.toml"))
    assert len(found) == 1, found
    return found[0]


def state(path: Path) -> tuple[dict, list[str]]:
    saved = saves.read(path)
    return saved.game.to_dict(), saved.meta.log


def wait_for_my_move(path: Path, before, timeout: float = 30.0):
    """Wait until the save has changed and it is player 1's move again (the computer has answered)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            saved = saves.read(path)
        except (saves.SaveError, OSError):
            saved = None
        if saved is not None:
            now = (saved.game.to_dict(), saved.meta.log)
            if now != before and (saved.game.current_player == 0 or saved.game.is_over):
                return now
        time.sleep(0.05)
    raise AssertionError(f"{path} did not change to player 1's move in {timeout}s")


@needs_openssh
def test_openssh_resurrection_game_survives_a_killed_client_and_resumes_exactly(server):
    s = server(["alice"])
    with OpenSSHTerminal(s, s.keys["alice"]) as t:
        t.expect(TITLE.format("alice"))
        assert first_in_menu(t) == "new"  # nothing in progress: New game comes first
        assert "Resume a game" not in t.text()  # nothing saved: nothing offered to resume
        t.send("\r")  # New game
        t.expect(r"Start")
        t.mark()
        t.send("\r")  # Start: Resurrection against the computer
        t.expect(STATUS)
        path = the_save(s, "alice")
        before = state(path)
        for _ in range(3):  # play the first card in hand, face down; the computer answers
            t.mark()
            t.send("1\r")
            before = wait_for_my_move(path, before)
            t.expect(STATUS)
        before = state(path)
        t.kill()
    s.wait_log(r"player=alice .*end='client disconnected'")
    assert state(path) == before  # the hang-up save is the same game
    from tui.games.resurrection import ResurrectionUI

    with OpenSSHTerminal(s, s.keys["alice"]) as t:
        t.expect(r"Resume a game  \(1 in progress, 1 saved\)[\s\S]*Quit")
        assert first_in_menu(t) == "resume"  # a game in progress: Resume comes first
        t.mark()
        t.resize(70, 20)  # the window change reaches the app through ssh and the server
        t.expect(r"You have: 70x20")
        t.mark()
        t.resize(80, 24)
        t.expect(r"Resume a game")
        t.send("\r")  # Resume: the table of saves
        t.expect(path.stem)
        t.mark()
        t.send("\r")  # the newest game
        # the status line shows the saved battle, whose move it is, and the cards left
        v = saves.read(path).game.view(0)
        left = [ResurrectionUI.left(v, i) for i in (0, 1)]  # hand, Hero Pile and the cards on the table
        t.expect(rf"Battle {v['battle'] + 1} \| Your move")
        # the cards left: with the names where the line has room, else short (what is asked comes first)
        t.expect(rf"Left(: You {left[0]}, Computer {left[1]}| {left[0]}-{left[1]})")
        t.mark()
        t.send("q")  # leave to the title (saves)
        t.expect(TITLE.format("alice"))
        t.send("q")
        assert t.wait_exit() == 0
    assert state(path) == before


def test_asyncssh_title_and_player_isolation(server):
    """Player alice sees only her own folder, whatever her client sends; bob's save is out of reach by any name."""
    s = server(["alice", "bob"])
    from tui.session import Session

    bob_dir = s.data / "bob"
    b = Session.new("resurrection", seed=7, path=saves.save_path("bobs-game", bob_dir))
    b.autosave()

    async def go():
        async with await connect(s, s.keys["alice"]) as conn:
            p = await open_terminal(conn, env={"REDEMPTION_SAVE_DIR": str(s.data), "REDEMPTION_PLAYER": "bob"})
            screen = Screen(p)
            await screen.expect(TITLE.format("alice"))
            await screen.expect(r"New game[\s\S]*Quit")
            assert "Resume a game" not in screen.text()  # bob's save is not alice's
            p.stdin.write(b"q")
            await p.wait_closed()

    asyncio.run(go())
    # by any name: the save API and the command line refuse paths out of the player's folder
    alice_dir = saves.default_dir(s.data, player="alice")
    for name in ("../bob/bobs-game", "../bob/bobs-game.toml", str(bob_dir / "bobs-game"), "..", "bob/../bob"):
        with pytest.raises(saves.SaveError):
            saves.save_path(name, alice_dir)
    for player in ("../bob", "alice/../bob", "/bob", ".."):
        with pytest.raises(saves.SaveError):
            saves.default_dir(s.data, player=player)
    assert [r.name for r in saves.list_saves(alice_dir)] == []
    from tui import cli

    for name in ("../bob/bobs-game", str(bob_dir / "bobs-game")):
        assert cli.main(["--player", "alice", "--save-dir", str(s.data), "resume", name]) != 0
    assert [r.name for r in saves.list_saves(bob_dir)] == ["bobs-game"]


def test_asyncssh_take_over_resumes_the_game_in_the_new_session(server):
    s = server(["carol"])

    async def go():
        async with await connect(s, s.keys["carol"]) as c1:
            p1 = await open_terminal(c1)
            one = Screen(p1)
            await one.expect(TITLE.format("carol"))
            p1.stdin.write(b"\r")
            await one.expect(r"Start")
            one.mark()
            p1.stdin.write(b"\r")
            await one.expect(STATUS)
            path = the_save(s, "carol")
            first = state(path)
            p1.stdin.write(b"1\r")
            await asyncio.to_thread(wait_for_my_move, path, first)
            before = state(path)
            async with await connect(s, s.keys["carol"]) as c2:
                p2 = await open_terminal(c2)
                two = Screen(p2)
                await two.expect(r"Player carol already has a live session")
                p2.stdin.write(b"y")
                await one.expect(r"closed: taken over by a new login\. Your game is saved")
                await two.expect(STATUS)  # straight back into the game
                assert state(path) == before
                p2.stdin.write(b"q")
                await two.expect(TITLE.format("carol"))
                p2.stdin.write(b"q")
                await p2.wait_closed()
            assert state(path) == before

    asyncio.run(go())
    s.wait_log(r"player=carol .*takeover=no .*end='taken over by a new login'")


def _forked(entry: Path) -> bool:
    """Whether /proc/PID ``entry`` is a child of the fork server (a session's app), not the fork server."""
    ppid = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
    try:
        return b"tui.forkserver" in Path(f"/proc/{ppid}/cmdline").read_bytes()
    except OSError:
        return False


def _alive_fork(entry: Path, marker: str) -> bool:
    """Whether /proc/PID ``entry`` is an app forked by this test's fork server."""
    try:
        cmd = (entry / "cmdline").read_bytes()
        return b"tui.forkserver" in cmd and marker.encode() in cmd and _forked(entry)
    except OSError:
        return False


def _memory_kib(marker: str) -> tuple[int, list[int]]:
    """(count, [PSS in KiB]) of the live app processes whose command line has ``marker``."""
    pss = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if "tui.cli" not in cmd or "tui.cli serve" in cmd or marker not in cmd:
                continue
            if "tui.forkserver" in cmd and not _forked(entry):  # the fork server itself is no app
                continue
            rollup = (entry / "smaps_rollup").read_text()
        except OSError:
            continue
        m = re.search(r"^Pss:\s+(\d+) kB", rollup, re.M)
        if m:
            pss.append(int(m.group(1)))
    return len(pss), pss


def test_twenty_concurrent_sessions_play_and_leave_intact_saves_and_no_process(server, tmp_path):
    n = 20
    players = [f"p{i:02d}" for i in range(n)]
    s = server(players + ["solo"], "--max-sessions", str(n), "--rate-limit", str(3 * n), "--max-pending", str(n))
    measured: dict = {}

    async def alone() -> float:  # the baseline: one session on an idle server
        t0 = time.monotonic()
        async with await connect(s, s.keys["solo"]) as conn:
            p = await open_terminal(conn)
            await Screen(p).expect(TITLE.format("solo"), timeout=60)
            took = time.monotonic() - t0
            p.stdin.write(b"q")
            await p.wait_closed()
        return took

    solo = asyncio.run(alone())

    async def one(player: str, all_in: asyncio.Event, ready: list):
        t0 = time.monotonic()
        async with await connect(s, s.keys[player]) as conn:
            p = await open_terminal(conn)
            screen = Screen(p)
            await screen.expect(TITLE.format(player), timeout=120)
            title_s = time.monotonic() - t0
            p.stdin.write(b"\r")
            await screen.expect(r"Start", timeout=60)
            screen.mark()
            p.stdin.write(b"\r")
            await screen.expect(STATUS, timeout=60)
            path = the_save(s, player)
            before = state(path)
            p.stdin.write(b"1\r")  # one move each; the computer answers
            await asyncio.to_thread(wait_for_my_move, path, before, 60)
            ready.append(player)
            if len(ready) == n:
                all_in.set()
            await all_in.wait()  # everyone is in a game at once: measure, then all drop together
            if player == players[0]:
                measured["apps"], measured["pss"] = _memory_kib(str(tmp_path))
                measured["forked"] = sum(
                    1 for e in Path("/proc").iterdir() if e.name.isdigit() and _alive_fork(e, str(tmp_path))
                )
                rollup = Path(f"/proc/{s.proc.pid}/smaps_rollup").read_text()
                measured["server"] = int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1))
            await asyncio.sleep(0.2)
        return title_s

    async def go():
        all_in, ready = asyncio.Event(), []
        return await asyncio.gather(*(one(pl, all_in, ready) for pl in players))

    t0 = time.monotonic()
    titles = asyncio.run(go())
    wall = time.monotonic() - t0
    s.wait_log(r"player=p\d+ .*end='client disconnected'", count=n, timeout=60)
    # the server is still up; every app process is gone
    deadline = time.monotonic() + 10
    while _memory_kib(str(tmp_path))[0] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _memory_kib(str(tmp_path))[0] == 0, (leftovers(str(tmp_path)), s.log())
    for player in players:
        game, log = state(the_save(s, player))
        assert game["history"], player  # the move is in the save
        assert any("plays" in line for line in log), player
    assert measured["apps"] == n
    assert measured["forked"] == n  # every app a fork of the fork server: no import per login
    pss = measured["pss"]
    report = (
        f"one SSH session alone: connect-to-title {solo:.2f}s; "
        f"{n} concurrent SSH sessions: connect-to-title median {statistics.median(titles):.2f}s, "
        f"max {max(titles):.2f}s; app memory (PSS) per session median {statistics.median(pss) / 1024:.1f} MiB, "
        f"max {max(pss) / 1024:.1f} MiB; the server itself {measured['server'] / 1024:.1f} MiB; "
        f"whole test {wall:.1f}s"
    )
    print(report)
    (tmp_path / "measured.txt").write_text(report + "\n")
    if os.environ.get("SSH_LOAD_REPORT"):
        with open(os.environ["SSH_LOAD_REPORT"], "a") as f:
            f.write(report + "\n")


def fork_servers(server_pid: int) -> list[int]:
    """The fork servers the server at ``server_pid`` started (alive: a zombie is not one)."""
    out = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if (
                fields[0] != "Z"
                and int(fields[1]) == server_pid
                and b"tui.forkserver" in (entry / "cmdline").read_bytes()
            ):
                out.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def test_a_fork_server_killed_by_sigkill_leaves_its_sessions_playing_and_a_new_one_serves_new_logins(server):
    import signal

    s = server(["alice", "bob"])

    async def go():
        async with await connect(s, s.keys["alice"]) as c1:
            p1 = await open_terminal(c1)
            one = Screen(p1)
            await one.expect(TITLE.format("alice"), timeout=60)
            (old,) = fork_servers(s.proc.pid)
            alice_app = next(pid for pid in _apps(s) if parent_of(pid) == old)
            os.kill(old, signal.SIGKILL)
            deadline = time.monotonic() + 20
            while old in fork_servers(s.proc.pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # the server has heard its sessions' answer sockets close
            assert os.path.exists(f"/proc/{alice_app}")  # the app lives on...
            one.mark()
            p1.stdin.write(b"\r")
            await one.expect(r"Start", timeout=30)  # ...and still plays: the New game form
            async with await connect(s, s.keys["bob"]) as c2:
                p2 = await open_terminal(c2)
                two = Screen(p2)
                await two.expect(TITLE.format("bob"), timeout=60)
                (new,) = fork_servers(s.proc.pid)
                assert new != old
                assert any(parent_of(pid) == new for pid in _apps(s))  # bob's app: a fork of the new one
                p2.stdin.write(b"q")
                await p2.wait_closed()
            one.mark()
            p1.stdin.write(b"\x1b")
            await one.expect(TITLE.format("alice"))
            p1.stdin.write(b"q")
            await p1.wait_closed()

    asyncio.run(go())
    s.wait_log(r"player=alice .*end='app exited \(status unknown: its fork server had gone\)'")
    s.wait_log(r"player=bob .*end='app exited \(0\)'")
    s.wait_log(r"the fork server is gone: starting a new one")


def _apps(s: Server) -> list[int]:
    """The app processes of this server's sessions (tui.cli children of a fork server, by their data folder)."""
    out = []
    for entry in Path("/proc").iterdir():
        try:
            cmd = (entry / "cmdline").read_bytes()
            if b"tui.forkserver" in cmd and str(s.data).encode() in cmd and parent_of(int(entry.name)) != s.proc.pid:
                out.append(int(entry.name))
        except (OSError, ValueError):
            continue
    return out
