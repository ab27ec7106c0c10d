"""``redemption web`` forks each tab's app from the fork server (tui/forkserver.py) the SSH server uses: a tab's app
is a fork, a fork server killed by SIGKILL leaves its tabs playing and saving, and a new one serves the next tab.
Driven by aiohttp's WebSocket client as the page's script speaks to the server (no browser needed)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path

import pytest

from saves import list_saves, load
from tests.browser import WebServerProcess, _plain, add_account

PW = "correct horse battery"


def children(pid: int) -> list[int]:
    """The live (not zombie) children of ``pid``."""
    out = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if entry.name.isdigit() and fields[0] != "Z" and int(fields[1]) == pid:
            out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended but not yet waited for by whoever inherited it, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def fork_servers(server_pid: int) -> list[int]:
    found = []
    for pid in children(server_pid):
        try:
            if b"tui.forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


class Tab:
    """One browser tab's socket: keys in, the app's output read as text."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.out = ""

    async def send(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))

    async def expect(self, word: str, timeout: float = 30.0) -> None:
        self.out = ""
        end = time.monotonic() + timeout
        while word not in _plain(self.out):
            msg = await asyncio.wait_for(self.ws.receive(), max(0.01, end - time.monotonic()))
            if msg.type.name == "BINARY":
                self.out += msg.data.decode("utf-8", "replace")
            elif msg.type.name != "TEXT":
                raise AssertionError(f"the socket closed before {word!r} showed: {msg}")


async def signed_in(http, web: WebServerProcess) -> dict[str, str]:
    """Sign bob in on ``http``'s cookie jar; the Origin header his sockets send."""
    origin = {"Origin": web.url.rstrip("/")}
    async with http.post(web.url + "/signin", data={"name": "bob", "password": PW}, headers=origin) as r:
        assert r.status == 200
    return origin


async def new_game(tab: Tab) -> None:
    """From the title: New game, then Resurrection against the computer as the form offers it (Ctrl+S)."""
    await tab.send("\r")
    await tab.expect("Start begins")
    await tab.send("\x13")
    await tab.expect("your move")


def test_each_tab_is_a_fork_and_a_killed_fork_server_loses_no_game_and_is_replaced(tmp_path):
    pytest.importorskip("textual_serve")
    import aiohttp

    data = tmp_path / "data"
    data.mkdir()
    add_account(data, "bob", PW)
    web = WebServerProcess(data).start()
    assert web.proc is not None
    server = web.proc.pid

    async def run() -> tuple[int, int]:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            origin = await signed_in(http, web)
            async with http.ws_connect(f"{web.url}/ws/{'a' * 32}?width=100&height=30", headers=origin) as ws1:
                one = Tab(ws1)
                await one.expect("Welcome, bob", timeout=60)
                (old,) = fork_servers(server)
                (app,) = children(old)  # the tab's app: a fork of the fork server, not a new interpreter
                await new_game(one)
                os.kill(old, signal.SIGKILL)
                deadline = time.monotonic() + 20
                while old in fork_servers(server) and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                assert alive(app)  # the app lives on...
                await one.send("\r")  # ...and still plays: a card face down
                await one.expect("You (Aggressor) play a card face")
                async with http.ws_connect(f"{web.url}/ws/{'b' * 32}?width=100&height=30", headers=origin) as ws2:
                    two = Tab(ws2)
                    await two.expect("Welcome, bob", timeout=60)
                    (new,) = fork_servers(server)  # started again for the next tab
                    assert new != old and len(children(new)) == 1
            return app, new

    try:
        app, new = asyncio.run(run())
        deadline = time.monotonic() + 20
        while (alive(app) or children(new)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(app) and not children(new)  # each tab's app ended with its socket
    finally:
        web.stop()
    (game,) = [s for s in list_saves(data / "bob") if not s.error]
    assert not game.over and load(game.path).history  # the move made after the kill is saved
    log = web.log.read_text()
    assert "the fork server is gone: starting a new one" in log
    assert log.count("app player=bob") == 2 and "status=unknown" in log and "status=0" in log


def test_a_web_server_killed_by_sigkill_leaves_no_app_running_its_tab_hangs_up_and_saves(tmp_path):
    """The tab's app reads the server's packets on its standard input: when that input ends without the app ending
    (the server is gone), the app hangs up as over SSH (tui/webdriver.py): it saves and exits, and its fork server,
    whose control socket closed with the server, ends too."""
    pytest.importorskip("textual_serve")
    import aiohttp

    data = tmp_path / "data"
    data.mkdir()
    add_account(data, "bob", PW)
    web = WebServerProcess(data).start()
    assert web.proc is not None
    server = web.proc.pid

    async def run() -> tuple[int, int]:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            origin = await signed_in(http, web)
            async with http.ws_connect(f"{web.url}/ws/{'c' * 32}?width=100&height=30", headers=origin) as ws:
                tab = Tab(ws)
                await tab.expect("Welcome, bob", timeout=60)
                (forks,) = fork_servers(server)
                (app,) = children(forks)
                await new_game(tab)
                await tab.send("\r")  # a card face down
                await tab.expect("You (Aggressor) play a card face")
                os.kill(server, signal.SIGKILL)
                return app, forks

    try:
        app, forks = asyncio.run(run())
        web.proc.wait(10)
        deadline = time.monotonic() + 20
        while (alive(app) or alive(forks)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(app) and not alive(forks)
    finally:
        web.stop()
    (game,) = [s for s in list_saves(data / "bob") if not s.error]
    assert not game.over and load(game.path).history
