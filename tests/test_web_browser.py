"""``redemption web`` in a real headless Chromium (Debian's chromium, over the DevTools protocol)."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from tests.browser import Browser, WebServerProcess, add_account, chromium

pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium on this machine (apt-get install chromium)")
PW = "correct horse battery"


def test_sign_in_play_by_key_and_click_reload_resumes_and_others_are_refused(tmp_path):
    pytest.importorskip("textual_serve")
    data = tmp_path / "data"
    data.mkdir()
    add_account(data, "alice", PW)
    add_account(data, "bob", PW)
    server = WebServerProcess(data).start()

    async def run():
        browser = await Browser(width=900, height=600).start()
        try:
            page = await browser.new_page()
            await page.goto(server.url + "/")
            await page.fill("input[name=name]", "alice")
            await page.fill("input[name=password]", "not the password")
            await page.submit()
            assert "do not match" in await page.eval("document.body.innerText")
            await page.fill("input[name=name]", "alice")
            await page.fill("input[name=password]", PW)
            await page.submit()
            await page.wait_text("Welcome, alice", timeout=60)
            await page.press("enter")  # New game
            await page.wait_text("Start begins")
            await page.press("ctrl+s")  # Resurrection against the computer, as offered
            await page.wait_text("your move", "Log")
            await page.press("enter")  # a card face down, by key
            await page.wait_text("You (Aggressor) play a card face", timeout=30)
            await page.click_text("2 [")  # a click on a card selects it
            shown = await page.wait_text("\u25b62 [")
            played = [line for line in shown.split("\n") if "\u25b62 [" in line]
            assert played
            await page.reload()
            again = await page.wait_text("You (Aggressor) play a card face", timeout=60)
            assert "Resurrection" in again and "Welcome" not in again
            # bob's page, with alice's name written into it, is still bob's
            other = await browser.new_page()
            cookies = await other.send("Network.getAllCookies")
            assert any(c["name"] == "redemption_session" and c["httpOnly"] for c in cookies["cookies"])
            await other.send("Network.clearBrowserCookies")
            await other.goto(server.url + "/")
            await other.fill("input[name=name]", "bob")
            await other.fill("input[name=password]", PW)
            await other.submit()
            await other.wait_text("Welcome, bob", timeout=60)
            text = await other.eval("document.getElementById('player').textContent")
            assert text == "bob"
            await other.goto(server.url + "/?player=alice")
            await other.wait_text("Welcome, bob", timeout=60, absent="alice")
            await other.submit("header form")  # Sign out
            assert "Player name" in await other.eval("document.body.innerText")
            await other.close()
            await page.close()
        finally:
            await browser.close()

    try:
        asyncio.run(run())
    finally:
        server.stop()
    assert "signin failed name=alice" in server.log.read_text()


def test_a_one_time_link_works_once_a_click_on_an_action_plays_it_and_the_limits_show_clear_pages(tmp_path):
    """As a new player meets them: carol's sign-in link works once (a second use is refused); her second tab is
    refused by the per-player limit; bob plays a card by a click on the footer's action; with two games open the
    server is full for alice; carol's tab, idle, closes with the reason and her game saved."""
    pytest.importorskip("textual_serve")
    from saves import accounts

    data = tmp_path / "data"
    data.mkdir()
    token = accounts.add(data, "carol")
    add_account(data, "bob", PW)
    add_account(data, "alice", PW)
    idle = 5
    server = WebServerProcess(data, "--max-apps", "2", "--max-per-player", "1", "--idle-timeout", str(idle)).start()

    async def sign_in(page, name: str) -> None:
        await page.send("Network.clearBrowserCookies")
        await page.goto(server.url + "/")
        await page.fill("input[name=name]", name)
        await page.fill("input[name=password]", PW)
        await page.submit()

    gap = [0.0]  # the longest time between two rounds of keep_alive's keys, for a failure's words

    async def keep_alive(pages: list, done: asyncio.Event) -> None:
        """A key no screen binds (F12's bytes, as xterm.js sends them) every half second from each page, without
        moving the browser's focus: the tabs stay open however slow the steps between are, and each goes idle
        only once ``done`` is set."""
        last = time.monotonic()
        while not done.is_set():
            for p in pages:
                await p.stdin("\x1b[24~")
            gap[0], last = max(gap[0], time.monotonic() - last), time.monotonic()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), 0.5)

    async def run():
        browser = await Browser(width=900, height=600).start()
        done = asyncio.Event()
        kept: list = []
        alive = None
        try:
            carol = await browser.new_page()
            await carol.goto(f"{server.url}/welcome#{token}")
            await carol.fill("input[name=password]", "a new password of carol")
            await carol.fill("input[name=again]", "a new password of carol")
            await carol.submit()
            await carol.wait_text("Welcome, carol", timeout=60)
            kept.append(carol)
            alive = asyncio.create_task(keep_alive(kept, done))
            again = await browser.new_page()
            await again.goto(server.url + "/")  # the same browser, signed in: a second tab of carol's
            assert "the most one player may" in await again.eval("document.body.innerText")
            await again.send("Network.clearBrowserCookies")
            await again.goto(f"{server.url}/welcome#{token}")  # the link, used already
            await again.fill("input[name=password]", "another password here")
            await again.fill("input[name=again]", "another password here")
            await again.submit()
            assert "This sign-in link is not valid" in await again.eval("document.body.innerText")
            bob = again
            await sign_in(bob, "bob")
            await bob.wait_text("Welcome, bob", timeout=60)
            kept.append(bob)
            await bob.press("enter")  # New game
            await bob.wait_text("Start begins")
            await bob.press("ctrl+s")
            await bob.wait_text("your move", "Log")
            await bob.click_key("Play")  # the Footer's action, by a click, once the Footer shows it
            await bob.wait_text("You (Aggressor) play a card face", timeout=30)
            for name, p in (("carol", carol), ("bob", bob)):  # the two games that fill the server
                closed = await p.eval("window.__closed")
                assert closed is None, f"{name}'s tab closed ({closed}); keep-alive keys at most {gap[0]:.1f} s apart"
            alice = await browser.new_page()
            await sign_in(alice, "alice")
            shown = await alice.eval("document.body.innerText")
            assert "The server is full: 2 games are open" in shown
            done.set()  # from here no key: carol's tab is idle
            await alive
            assert (await carol.eval("window.__closed")) is None  # open until then
            closed = await carol.closed(timeout=idle + 20)
            assert closed["reason"] == f"Closed after {idle} seconds without a key; your game is saved."
            for p in (carol, bob, alice):
                await p.close()
        finally:
            done.set()
            if alive is not None:
                await asyncio.gather(alive, return_exceptions=True)
            await browser.close()

    try:
        asyncio.run(run())
    finally:
        server.stop()
    log = server.log.read_text()
    assert "link refused" in log and "link used player=carol" in log and "ended=idle" in log
