"""Two browsers (two web accounts) and one OpenSSH client play one three-seat Redemption table to its end, on one
data folder served by ``redemption web`` and ``redemption serve`` side by side; no screen ever shows a card that
stayed in another seat's hand."""

from __future__ import annotations

import asyncio
import time

import pytest

from saves import tables
from tests.browser import Browser, WebServerProcess, add_account, chromium
from tests.dealt import dealt_table
from tests.test_ssh_support import OpenSSHTerminal, Server, needs_openssh, screen_text, stop_servers
from tests.test_ssh_tables import APP, MOVE_TIMEOUT, REFUSALS, hand_names, pick, prompt, still_secret

pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium on this machine (apt-get install chromium)")
PW = "correct horse battery"
NAMES = ("alice", "bob", "carol")  # alice and bob in browsers, carol over SSH


async def web_prompt(page, action: str) -> None:
    """':' opens the action prompt; once the app has drawn it (the keys go to it), the action, typed at once as at
    the SSH client's prompt, and Enter."""
    await page.mark()
    await page.press(":")
    await page.wait_new("Type an action")
    await page.type(action)
    await page.press("enter")


async def raw_text(page) -> str:
    """Everything the app has sent this page, as a terminal would show it (every frame, not only the last)."""
    return screen_text(((await page.eval("window.__out.join('')")) or "").encode())


@pytest.fixture
def ssh_server(tmp_path):
    s = Server(tmp_path, APP, "--grace", "5")
    s.add_player("carol")
    yield s.start()
    stop_servers([s], tmp_path)


@needs_openssh
def test_two_browsers_and_an_ssh_client_play_a_three_seat_table_to_its_end(ssh_server):
    pytest.importorskip("textual_serve")
    s = ssh_server
    data = s.data
    for p in ("alice", "bob"):
        add_account(data, p, PW)
    # a real end in few moves: the table's turn limit (redemption.end), two turns
    others = [{"invite": "bob"}, {"invite": "carol"}]
    dealt_table(data, "alice", "redemption", others, seed=8, table_id="three", options={"max_turns": 2})
    web = WebServerProcess(data).start()

    async def run():
        browser = await Browser(width=1100, height=760).start()
        carol = OpenSSHTerminal(s, s.keys["carol"])
        pages = {}
        try:
            for p in ("bob", "alice"):  # one browser: each page keeps its socket when the next signs in
                page = pages[p] = await browser.new_page()
                await page.send("Network.clearBrowserCookies")
                await page.goto(web.url + "/")
                await page.fill("input[name=name]", p)
                await page.fill("input[name=password]", PW)
                await page.submit()
                await page.opened()  # signed in by its cookie: the next sign-in may clear it (the apps start meanwhile)
            for p in ("bob", "alice"):
                await pages[p].wait_text(f"Welcome, {p}", timeout=60)
            await pages["bob"].wait_text("\u25b6 Tables")  # his invitation puts the tables first
            await pages["bob"].press("enter")
            await pages["bob"].wait_text("Your tables")
            await pages["bob"].press("enter")
            await pages["bob"].wait_text("Redemption |")
            carol.expect(r"Welcome, carol\.")
            carol.expect(r"▶ Tables")
            carol.send("\r")
            carol.expect(r"Your tables")
            carol.mark()
            carol.send("\r")
            carol.expect(r"Turn \d+ \|")
            await pages["alice"].press("t")
            await pages["alice"].wait_text("Your tables")
            await pages["alice"].press("enter")
            await pages["alice"].wait_text("Redemption |")
            t = tables.load(data, "three")
            assert t.ready
            secret: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
            moves = 0
            while not t.game.is_over:
                mover = t.to_move()
                for _ in range(5):
                    action = pick(t.game)
                    if mover == "carol":
                        prompt(carol, action)
                    else:
                        await web_prompt(pages[mover], action)
                    deadline = time.monotonic() + MOVE_TIMEOUT / 2
                    refused = False
                    while time.monotonic() < deadline:
                        now = tables.load(data, "three")
                        if now.seen > t.seen:
                            break
                        shown = carol.text() if mover == "carol" else await pages[mover].text()
                        if any(r in shown for r in REFUSALS):  # typed before this screen showed the last move
                            refused = True
                            break
                        await asyncio.sleep(0.05)
                    else:  # a key lost on a busy machine: Esc closes any prompt, and the action is typed again
                        refused = True
                        if mover == "carol":
                            carol.send("\x1b")
                        else:
                            await pages[mover].press("escape")
                    if not refused:
                        t = now
                        break
                    await asyncio.sleep(0.5)
                else:
                    shown = carol.text()[-3000:] if mover == "carol" else await pages[mover].text()
                    raise AssertionError(f"the table did not move past {t.seen} ({mover}: {action}):\n{shown}")
                moves += 1
                assert moves < 60
                for seat in secret:
                    secret[seat] |= hand_names(t, seat)
            assert "turn limit" in t.game.view(0)["end_reason"]
            carol.expect(r"Game over|GAME OVER")
            for p in ("alice", "bob"):
                await pages[p].wait_text("GAME OVER", timeout=30)
            secret = {seat: still_secret(t, cards) for seat, cards in secret.items()}
            assert all(secret.values())  # cards that stayed hidden in every hand: what no other screen may show
            screens = {"carol": carol.text(), **{p: await raw_text(pages[p]) for p in ("alice", "bob")}}
            for i, p in enumerate(NAMES):
                assert screens[p].count("Redemption |") > 1  # the screen text was read (not an empty page)
                for j in range(3):
                    if i != j:
                        mine = secret[j] - secret[i]  # a card both held (decks repeat) is no secret
                        assert not sorted(n for n in mine if n[:12] in screens[p]), (p, j)
        finally:
            carol.close()
            for page in pages.values():
                await page.close()
            await browser.close()

    try:
        asyncio.run(run())
    finally:
        web.stop()
    assert all([r.kind for r in tables.rows_for(data, p)] == ["finished"] for p in NAMES)
