"""``redemption web`` in a real headless Chromium (Debian's chromium, over the DevTools protocol)."""

from __future__ import annotations

import asyncio

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
