"""A real headless Chromium for the web tests and benchmark, driven over the DevTools protocol with aiohttp's
WebSocket client (no browser download: Debian's ``chromium``), and the web server started on 127.0.0.1.

What the page shows is read the way the browser shows it: every byte the app sends to the page is fed, in
order, to a terminal emulator (pyte) of the page's size, beside screenshots of the real page.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


#: Run in every page before its own scripts: keep what the app sends (decoded) and the last size the page
#: asked for, and the socket, for the test to read and write.
TAP = r"""
(() => {
  const Native = window.WebSocket;
  window.__out = []; window.__sent = []; window.__size = null; window.__closed = null;
  function Tapped(url, protocols) {
    const s = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__socket = s;
    const decoder = new TextDecoder();
    s.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__out.push(decoder.decode(new Uint8Array(e.data), {stream: true}));
    });
    s.addEventListener("close", (e) => { window.__closed = {code: e.code, reason: e.reason}; });
    const send = s.send.bind(s);
    s.send = (data) => {
      try {
        const m = JSON.parse(data);
        if (m[0] === "resize") window.__size = m[1];
        if (m[0] === "stdin") window.__sent.push(m[1]);
      } catch (err) {}
      return send(data);
    };
    return s;
  }
  Tapped.prototype = Native.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Tapped[k] = Native[k];
  window.WebSocket = Tapped;
})();
"""


#: A colour or style (SGR): it moves no cursor and changes no character, so the screen's text is the same without
#: it; most of what the app sends is these, and the emulator reads a sequence one character at a time.
_SGR = re.compile(r"\x1b\[[0-9;:]*m")
#: An escape sequence a chunk ends in the middle of: kept for the next chunk, so that a style split in two is
#: still recognised whole.
_OPEN = re.compile(r"\x1b(?:\[[0-?]*[ -/]*)?\Z")


def _plain(sent: str) -> str:
    """The text in what the app sent, roughly: escape sequences dropped, a cursor placed anywhere a line break."""
    return _ESCAPE.sub("", _PLACE.sub("\n", sent))


_PLACE = re.compile(r"\x1b\[[0-9;]*[Hf]")
_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[()*+][0-9A-Za-z]|[=>78DEHMNOZc])"
)


class Page:
    """One tab: DevTools commands, the app's output as a screen, keys and clicks."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future] = {}
        self.events: asyncio.Queue = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())
        self.seen = 0  # chunks of the app's output already fed to the screen
        self.screen: Any = None
        self.stream: Any = None
        self.held = ""  # the end of the last chunk: an escape sequence not yet complete
        self.marked = 0  # chunks of the app's output sent before the last mark()

    async def _read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data and data["id"] in self.waiting:
                self.waiting.pop(data["id"]).set_result(data)
            elif "method" in data:
                self.events.put_nowait(data)

    async def send(self, method: str, **params: Any) -> dict:
        n = next(self.ids)
        fut = asyncio.get_running_loop().create_future()
        self.waiting[n] = fut
        await self.ws.send_json({"id": n, "method": method, "params": params})
        reply = await asyncio.wait_for(fut, 30)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def eval(self, expression: str) -> Any:
        r = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    async def goto(self, url: str) -> None:
        while not self.events.empty():
            self.events.get_nowait()
        await self.send("Page.navigate", url=url)
        await self.wait_event("Page.loadEventFired")
        self.seen, self.screen, self.held = 0, None, ""

    async def reload(self) -> None:
        while not self.events.empty():
            self.events.get_nowait()
        await self.send("Page.reload")
        await self.wait_event("Page.loadEventFired")
        self.seen, self.screen, self.held = 0, None, ""

    async def wait_event(self, method: str, timeout: float = 20) -> dict:
        end = time.monotonic() + timeout
        while True:
            e = await asyncio.wait_for(self.events.get(), max(0.01, end - time.monotonic()))
            if e["method"] == method:
                return e

    async def text(self) -> str:
        """The app's screen as the page shows it now, one line per row."""
        import pyte

        size = await self.eval("window.__size")
        chunks = await self.eval(f"window.__out.slice({self.seen})") or []
        if size and (
            self.screen is None or (self.screen.columns, self.screen.lines) != (size["width"], size["height"])
        ):
            if self.screen is None:
                self.screen = pyte.Screen(size["width"], size["height"])
                self.stream = pyte.Stream(self.screen)
            else:
                self.screen.resize(size["height"], size["width"])
        if self.screen is None:
            return ""
        text = _SGR.sub("", self.held + "".join(chunks))
        m = _OPEN.search(text)
        self.held = m.group(0) if m else ""
        self.stream.feed(text[: m.start()] if m else text)
        self.seen += len(chunks)
        return "\n".join(self.screen.display)

    async def wait_text(self, *words: str, timeout: float = 20.0, absent: str = "") -> str:
        """Wait until the screen shows every one of ``words`` (and not ``absent``); the screen's text."""
        end = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < end:
            shown = await self.text()
            if all(w in shown for w in words) and not (absent and absent in shown):
                return shown
            await asyncio.sleep(0.05)
        raise AssertionError(f"the page never showed {words!r} (absent {absent!r}); it shows:\n{shown}")

    async def mark(self) -> None:
        """From here, :meth:`wait_new` looks only at what the app sends next."""
        self.marked = await self.eval("window.__out.length")

    async def wait_new(self, word: str, timeout: float = 20.0) -> None:
        """Wait until what the app sent since :meth:`mark` shows ``word`` (not a screen drawn before the mark)."""
        end = time.monotonic() + timeout
        sent = ""
        while time.monotonic() < end:
            sent = _plain("".join(await self.eval(f"window.__out.slice({self.marked})") or []))
            if word in sent:
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"the app never sent {word!r} after the mark; it sent:\n{sent[-3000:]}")

    async def opened(self, timeout: float = 20.0) -> None:
        """Wait until the page's socket to the app is open (the server has read who signs in from the cookie)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if await self.eval("!!window.__socket && window.__socket.readyState === 1"):
                return
            await asyncio.sleep(0.05)
        raise AssertionError("the app's socket never opened")

    async def closed(self, timeout: float = 20.0) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            c = await self.eval("window.__closed")
            if c:
                return c
            await asyncio.sleep(0.05)
        raise AssertionError("the app's socket never closed")

    async def press(self, key: str) -> None:
        """One key, as a person presses it on the page (xterm.js turns it into the terminal's bytes)."""
        named = {
            "enter": ("Enter", "Enter", 13, "\r"),
            "escape": ("Escape", "Escape", 27, ""),
            "tab": ("Tab", "Tab", 9, ""),
            "up": ("ArrowUp", "ArrowUp", 38, ""),
            "down": ("ArrowDown", "ArrowDown", 40, ""),
            "left": ("ArrowLeft", "ArrowLeft", 37, ""),
            "right": ("ArrowRight", "ArrowRight", 39, ""),
            "space": (" ", "Space", 32, " "),
        }
        modifiers = 0
        if key.startswith("ctrl+"):
            modifiers, key = 2, key[5:]
        if key in named:
            k, code, vk, text = named[key]
        else:
            k, code, vk, text = key, f"Key{key.upper()}" if key.isalpha() else "", ord(key.upper()), key
        if modifiers:
            text = ""
        down: dict[str, Any] = {"type": "keyDown" if text else "rawKeyDown", "key": k, "code": code}
        down["modifiers"] = modifiers
        down["windowsVirtualKeyCode"] = vk
        if text:
            down["text"] = text
        await self.send("Input.dispatchKeyEvent", **down)
        await self.send(
            "Input.dispatchKeyEvent", type="keyUp", key=k, code=code, windowsVirtualKeyCode=vk, modifiers=modifiers
        )

    async def stdin(self, data: str) -> None:
        """``data`` sent to the app as the page sends a key's bytes, without an input event (so without moving
        the browser's focus to this page)."""
        await self.eval(f"window.__socket.send(JSON.stringify(['stdin', {json.dumps(data)}]))")

    async def type(self, text: str) -> None:
        """Text typed at once, as a paste or a fast typist's burst reaches the terminal: one input event, which
        xterm.js sends to the app as one piece (each key of it still goes to the app, in order)."""
        await self.send("Input.insertText", text=text)

    async def cell_box(self) -> tuple[float, float, float, float]:
        """Where the terminal's cells are on the page: left, top, cell width, cell height (CSS pixels)."""
        box = await self.eval(
            "(() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; })()"
        )
        size = await self.eval("window.__size")
        return box[0], box[1], box[2] / size["width"], box[3] / size["height"]

    async def click_cell(self, col: int, row: int) -> None:
        """A left click in the middle of the terminal's cell (col, row), counted from 0."""
        left, top, w, h = await self.cell_box()
        x, y = left + (col + 0.5) * w, top + (row + 0.5) * h
        await self.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        await self.send("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", clickCount=1)
        await self.send("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left", clickCount=1)

    async def click_text(self, word: str, last: bool = False) -> None:
        """A click on the first place the screen shows ``word`` (``last``: searching from the bottom row up)."""
        shown = (await self.text()).split("\n")
        rows = list(enumerate(shown))
        for row, line in reversed(rows) if last else rows:
            col = line.find(word)
            if col >= 0:
                await self.click_cell(col + len(word) // 2, row)
                return
        raise AssertionError(f"{word!r} is not on the screen:\n" + "\n".join(shown))

    async def click_key(self, label: str, timeout: float = 20.0) -> None:
        """A click on the Footer's key ``label`` (a word on the screen's last row), once the Footer shows it, as a
        player clicks what they see: a screen's first frames come before its Footer has its keys, and the word may
        be elsewhere on the screen meanwhile ("Play" in "Player 1"), where a click on it is a click on a pane."""
        word = re.compile(rf"(?<!\w){re.escape(label)}(?!\w)")
        end = time.monotonic() + timeout
        footer = ""
        while time.monotonic() < end:
            shown = (await self.text()).split("\n")
            footer = shown[-1] if shown else ""
            m = word.search(footer)
            if m:
                await self.click_cell(m.start() + len(label) // 2, len(shown) - 1)
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"the Footer never showed {label!r}; its row shows: {footer!r}")

    async def fill(self, selector: str, value: str) -> None:
        await self.eval(f"document.querySelector({json.dumps(selector)}).value = {json.dumps(value)}")

    async def submit(self, selector: str = "form") -> None:
        """Submit a form as its button does, and wait for the next page."""
        while not self.events.empty():
            self.events.get_nowait()
        await self.eval(f"document.querySelector({json.dumps(selector)}).requestSubmit()")
        await self.wait_event("Page.loadEventFired")
        self.seen, self.screen, self.held = 0, None, ""

    async def screenshot(self, path: str | os.PathLike) -> None:
        r = await self.send("Page.captureScreenshot", format="png")
        Path(path).write_bytes(base64.b64decode(r["data"]))

    async def close(self) -> None:
        self.reader.cancel()
        await self.ws.close()


class Browser:
    """A headless Chromium of its own (a fresh profile in a temporary folder), ended on close."""

    def __init__(self, width: int = 1100, height: int = 760, *extra: str) -> None:
        self.width, self.height = width, height
        self.extra = extra  # more switches (a test through a proxy with a self-signed certificate)
        self.profile = tempfile.mkdtemp(prefix="redemption-chromium-")
        self.proc: subprocess.Popen | None = None
        self.http: aiohttp.ClientSession | None = None
        self.port = 0

    async def start(self) -> Browser:
        exe = chromium()
        assert exe, "no chromium"
        args = [
            exe,
            "--headless=new",
            "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}",
            f"--window-size={self.width},{self.height}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-dev-shm-usage",
            "--mute-audio",
            *self.extra,
            "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium's sandbox refuses to run as root
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = Path(self.profile) / "DevToolsActivePort"
        end = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > end or self.proc.poll() is not None:
                raise RuntimeError("chromium did not start")
            await asyncio.sleep(0.05)
        self.port = int(port_file.read_text().split()[0])
        self.http = aiohttp.ClientSession()
        return self

    async def new_page(self) -> Page:
        assert self.http is not None
        async with self.http.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as r:
            target = await r.json()
        ws = await self.http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=64 * 1024 * 1024)
        page = Page(ws)
        await page.send("Page.enable")
        await page.send("Page.addScriptToEvaluateOnNewDocument", source=TAP)
        await page.send(
            "Emulation.setDeviceMetricsOverride",
            width=self.width,
            height=self.height,
            deviceScaleFactor=1,
            mobile=False,
        )
        return page

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class WebServerProcess:
    """``redemption web`` as a host runs it, on a free port of 127.0.0.1, with the computer's pause at 0."""

    def __init__(self, data_dir: Path, *extra: str) -> None:
        self.data_dir = data_dir
        self.extra = extra
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.log = data_dir.parent / "web.log"

    def start(self) -> WebServerProcess:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.log.unlink(missing_ok=True)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tui.cli",
                "web",
                "--port",
                "0",
                "--data-dir",
                str(self.data_dir),
                "--pause",
                "0",
                "--log-file",
                str(self.log),
                *self.extra,
            ],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        end = time.monotonic() + 30
        while time.monotonic() < end:
            text = self.log.read_text() if self.log.exists() else ""
            if "serving on " in text:
                self.url = text.split("serving on ", 1)[1].split()[0]
                return self
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"redemption web ended: {self.proc.stderr.read().decode() if self.proc.stderr else ''}"
                )
            time.sleep(0.05)
        raise RuntimeError("redemption web did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def add_account(data_dir: Path, name: str, password: str) -> None:
    from saves import accounts

    accounts.add(data_dir, name, password=password)
