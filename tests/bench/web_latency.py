"""The web front end's latency, in a real headless Chromium: sign-in to the app's first frame, and a move at a
shared table to the other player's screen, browser against browser and browser against SSH; median and p95,
each against the same client's own key echo in the same run (a cursor key, until the app's next bytes reach
that client). First, without a browser: a tab's socket opened to its app's first frame (the title screen's
welcome), in wall time and in the CPU the web server's processes spend meanwhile (the server, its fork server and
the tab's app, read from /proc), a signed-in client opening one socket after another.

``redemption web`` and ``redemption serve`` run side by side on one data folder; alice and bob sign in to the
web server in one Chromium (each tab keeps its socket), carol logs in over a real OpenSSH client. Resurrection
tables (two seats): alice v bob, then alice v carol; each move is "1" then Enter from the mover's client, timed
until the other client's screen shows the new state.

    python -m tests.bench.web_latency [--tabs N] [--tabs-only] [--signins N] [--moves N] [-- web server options]
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from saves import tables
from tests.bench.common import figure, machine, median, parser, quantile
from tests.dealt import dealt_table

PW = "correct horse battery"


async def _page_echo(page) -> float:
    """A cursor key on the page until the app's next bytes reach it."""
    before = await page.eval("window.__out.length")
    t0 = time.monotonic()
    await page.press("down")
    while await page.eval("window.__out.length") == before:
        await asyncio.sleep(0.001)
    return time.monotonic() - t0


def _ssh_echo(term) -> float:
    term.mark()
    t0 = time.monotonic()
    term.send("\x1b[B")
    while not term.raw:
        time.sleep(0.001)
    return time.monotonic() - t0


async def _page_shows(page, pattern: str, timeout: float = 30.0) -> float:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, await page.text()):
            return time.monotonic()
        await asyncio.sleep(0.002)
    raise RuntimeError(f"{pattern!r} did not show in {timeout} s")


async def _term_shows(term, pattern: str, timeout: float = 30.0) -> float:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, term.text()):
            return time.monotonic()
        await asyncio.sleep(0.002)
    raise RuntimeError(f"{pattern!r} did not show in {timeout} s")


def _tree_cpu(root: int) -> tuple[float, int]:
    """Seconds of CPU (user and system) spent by process ``root`` and every process under it, those still running
    and those it and they have waited for; and how many processes it is."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # after the name: state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from 1 as in proc(5)
        stats[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / ticks)
    total, todo, count = 0.0, [root], 0
    while todo:
        pid = todo.pop()
        count += pid in stats
        total += stats.get(pid, (0, 0.0))[1]
        todo.extend(p for p, (ppid, _) in stats.items() if ppid == pid)
    return total, count


async def tab_first_frames(url: str, server_pid: int, name: str, n: int) -> tuple[list[float], list[float]]:
    """``n`` tabs of a signed-in player, one after another: for each, seconds from its socket's opening to the app's
    first frame (the title screen's welcome), and the CPU seconds the server's processes spent meanwhile."""
    import aiohttp

    from tests.browser import _plain

    walls: list[float] = []
    cpus: list[float] = []
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        origin = {"Origin": url}
        async with http.post(url + "/signin", data={"name": name, "password": PW}, headers=origin) as r:
            assert r.status == 200, r.status
        await asyncio.sleep(1.0)
        idle = _tree_cpu(server_pid)[1]  # the server's processes without a tab (the server, its fork server)
        for _ in range(n):
            deadline = time.monotonic() + 20
            while _tree_cpu(server_pid)[1] > idle and time.monotonic() < deadline:
                await asyncio.sleep(0.1)  # the last tab's app has ended and been waited for
            await asyncio.sleep(0.5)
            cpu0 = _tree_cpu(server_pid)[0]
            t0 = time.monotonic()
            async with http.ws_connect(f"{url}/ws/{os.urandom(16).hex()}?width=80&height=24", headers=origin) as ws:
                out = ""
                async for msg in ws:
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        out += msg.data.decode("utf-8", "replace")
                        if f"Welcome, {name}" in _plain(out):
                            break
                    elif msg.type != aiohttp.WSMsgType.TEXT:
                        raise RuntimeError(f"the socket closed before the first frame: {msg}")
                walls.append(time.monotonic() - t0)
                cpus.append(_tree_cpu(server_pid)[0] - cpu0)
    return walls, cpus


async def sign_in(page, url: str, name: str) -> float:
    """Seconds from the sign-in form's submission to the app's first frame (the title screen's welcome)."""
    await page.send("Network.clearBrowserCookies")
    await page.goto(url + "/")
    await page.fill("input[name=name]", name)
    await page.fill("input[name=password]", PW)
    t0 = time.monotonic()
    await page.submit()
    await page.wait_text(f"Welcome, {name}", timeout=60)
    return time.monotonic() - t0


async def sit_page(page, invited: bool) -> None:
    await page.press("enter" if invited else "t")
    await page.wait_text("Your tables")
    await page.press("enter")
    await page.wait_text("Resurrection |")


def sit_term(term) -> None:
    term.expect(r"▶ Tables")
    term.send("\r")
    term.expect(r"Your tables")
    term.mark()
    term.send("\r")
    term.expect(r"Resurrection \|")


async def play(data: Path, tid: str, clients: dict, moves: int, move_t: list[float], echo_t: list[float]) -> None:
    """Moves at table ``tid`` from whichever client's move it is; each timed to the other client's screen."""
    t = tables.load(data, tid)
    while not t.game.is_over and moves > 0:
        moves -= 1
        name = t.to_move()
        other_name = next(p for p in clients if p != name)
        mover, other = clients[name], clients[other_name]
        await asyncio.sleep(0.3)  # both screens idle
        if hasattr(mover, "press"):
            echo_t.append(await _page_echo(mover))
        else:
            echo_t.append(_ssh_echo(mover))
        await asyncio.sleep(0.3)
        seen = t.seen
        if hasattr(other, "mark"):
            other.mark()
        else:
            await other.text()  # what it shows now is read: only what comes next counts
        t0 = time.monotonic()
        if hasattr(mover, "press"):
            await mover.press("1")
            await mover.press("enter")
        else:
            mover.send("1\r")
        deadline = time.monotonic() + 30
        while tables.load(data, tid).seen == seen:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name}'s move at {tid} was not taken in 30 s")
            await asyncio.sleep(0.002)
        t = tables.load(data, tid)
        pattern = (
            r"Game over"
            if t.game.is_over
            else (r"\| Your move" if t.to_move() == other_name else rf"\| {t.to_move()} to move")
        )
        if hasattr(other, "mark"):
            shown = await _term_shows(other, pattern)
        else:
            other.screen = None  # a fresh emulator from here: the pattern must be in what comes next
            other.seen = await other.eval("window.__out.length")
            shown = await _page_shows(other, pattern)
        move_t.append(shown - t0)


async def tabs_only(tabs: int, folder: Path, web_args: list[str]) -> None:
    from saves import accounts
    from tests.browser import WebServerProcess

    data = folder / "data"
    data.mkdir()
    accounts.add(data, "bob", password=PW)
    web = WebServerProcess(data, *web_args).start()
    try:
        await report_tabs(web, tabs)
    finally:
        web.stop()


async def report_tabs(web, tabs: int) -> None:
    assert web.proc is not None
    walls, cpus = await tab_first_frames(web.url, web.proc.pid, "bob", tabs)
    print(f"# {tabs} tabs, one after another: socket open to the app's first frame")
    figure("tab socket to first frame, wall, median", median(walls) * 1000, "ms")
    figure("tab socket to first frame, CPU of the server's processes, median", median(cpus) * 1000, "ms")
    figure("tab socket to first frame, wall, p95", quantile(walls, 0.95) * 1000, "ms")


async def run(signins: int, moves: int, folder: Path, tabs: int = 0, web_args: tuple[str, ...] = ()) -> None:
    from saves import accounts
    from tests.browser import Browser, WebServerProcess
    from tests.test_ssh_support import PY, OpenSSHTerminal, Server, stop_servers

    app = f"{PY} -m tui.cli --player {{player}} --save-dir {{data_dir}} --pause 0"
    ssh = Server(folder, app, "--grace", "5")
    ssh.add_player("carol")
    ssh.start()
    data = ssh.data
    for p in ("alice", "bob"):
        accounts.add(data, p, password=PW)
    web = WebServerProcess(data, *web_args).start()
    browser = await Browser(1100, 760).start()
    try:
        if tabs:
            await report_tabs(web, tabs)
        first: list[float] = []
        first_echo: list[float] = []
        probe = await browser.new_page()
        for _ in range(signins):
            first.append(await sign_in(probe, web.url, "bob"))
            await asyncio.sleep(0.3)
            first_echo.append(await _page_echo(probe))
            await probe.goto("about:blank")  # the tab's app ends
            await asyncio.sleep(0.5)
        await probe.close()
        print(f"# {signins} sign-ins through Chromium and 'redemption web'")
        figure(
            "sign-in to first frame, median", median(first) * 1000, "ms", "key echo, median", median(first_echo) * 1000
        )
        figure(
            "sign-in to first frame, p95",
            quantile(first, 0.95) * 1000,
            "ms",
            "key echo, p95",
            quantile(first_echo, 0.95) * 1000,
        )

        dealt_table(data, "alice", "resurrection", [{"invite": "bob"}], seed=3, table_id="bb")
        dealt_table(data, "alice", "resurrection", [{"invite": "carol"}], seed=4, table_id="bs")
        bob, alice = await browser.new_page(), await browser.new_page()
        await sign_in(bob, web.url, "bob")
        await sign_in(alice, web.url, "alice")
        await sit_page(bob, invited=True)
        await sit_page(alice, invited=False)
        move_t: list[float] = []
        echo_t: list[float] = []
        await play(data, "bb", {"alice": alice, "bob": bob}, moves, move_t, echo_t)
        print(f"# {len(move_t)} moves, browser v browser")
        figure(
            "move to the other browser, median",
            median(move_t) * 1000,
            "ms",
            "mover's key echo, median",
            median(echo_t) * 1000,
        )
        figure(
            "move to the other browser, p95",
            quantile(move_t, 0.95) * 1000,
            "ms",
            "mover's key echo, p95",
            quantile(echo_t, 0.95) * 1000,
        )
        t = tables.load(data, "bb")
        if not t.game.is_over:  # finished, so that the second table is the first of alice's list
            assert tables.submit(data, "bb", "bob", "resign", t.seen).ok
        await alice.press("q")  # leave for the table list, then the second table
        await alice.wait_text("Your tables")
        with OpenSSHTerminal(ssh, ssh.keys["carol"]) as carol:
            sit_term(carol)
            await alice.press("escape")
            await alice.wait_text("Welcome, alice")
            await sit_page(alice, invited=True)  # carol's move or alice's: the table is first in her list
            move_t, echo_t = [], []
            await play(data, "bs", {"alice": alice, "carol": carol}, moves, move_t, echo_t)
            carol.send("q")
        print(f"# {len(move_t)} moves, browser v OpenSSH client")
        figure(
            "move between browser and SSH, median",
            median(move_t) * 1000,
            "ms",
            "mover's key echo, median",
            median(echo_t) * 1000,
        )
        figure(
            "move between browser and SSH, p95",
            quantile(move_t, 0.95) * 1000,
            "ms",
            "mover's key echo, p95",
            quantile(echo_t, 0.95) * 1000,
        )
        for page in (alice, bob):
            await page.close()
    finally:
        await browser.close()
        web.stop()
        stop_servers([ssh], folder)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__file__, __doc__)
    ap.add_argument("--signins", type=int, default=5, help="sign-ins timed (default %(default)s)")
    ap.add_argument("--moves", type=int, default=10, help="moves timed (default %(default)s)")
    ap.add_argument("--tabs", type=int, default=10, help="tabs timed from socket to first frame (default %(default)s)")
    ap.add_argument("--tabs-only", action="store_true", help="only the tabs (no browser, no SSH)")
    ap.add_argument("web_args", nargs="*", help="after --: more options for redemption web")
    a = ap.parse_args(argv)
    print(f"# web_latency: {machine()}")
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))
    if a.tabs_only:
        try:
            asyncio.run(asyncio.wait_for(tabs_only(a.tabs, folder, a.web_args), 600))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return 0
    from tests.browser import chromium

    if chromium() is None or shutil.which("ssh") is None:
        print("# chromium or the OpenSSH client is not installed: no figures")
        return 0
    signins, moves = a.signins, a.moves
    try:  # never left hanging: run's finally ends all
        asyncio.run(asyncio.wait_for(run(signins, moves, folder, a.tabs, tuple(a.web_args)), 600))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
