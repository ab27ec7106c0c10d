"""The web server: sign-in, sessions, limits, and one app process per browser tab (textual-serve's AppService),
forked by the fork server the SSH server uses too (tui/forkserver.py, through tui.player_process.Launcher), which
has imported the app already: a tab's app on its three pipes skips the interpreter's start and the imports.

Who a player is comes from one place: the session cookie names a server-side session, made when an account
signed in; the app is started with that account's name. Nothing the browser sends afterwards (the page's
address, the socket's query, the terminal's input) chooses a player, a save or a table: it only reaches the
app as keys, mouse and window size, as an SSH client's do.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import logging
import os
import re
import secrets
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService

from saves import accounts
from tui.limits import RateLimiter, address_group
from tui.player_process import NOT_SAVED_EXIT, WEB_DRIVER, ForkedApp, Launcher, app_env
from tui.web import pages, served
from tui.web.served import AppPipes, ServedApp

log = logging.getLogger("redemption.web")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
DEFAULT_MAX_APPS = 32  # app processes at once, in all
DEFAULT_MAX_PER_PLAYER = 3  # app processes (browser tabs) of one player at once
DEFAULT_IDLE = 30 * 60.0  # seconds without a key or a click before a tab's app is closed (it saves)
DEFAULT_SESSION_HOURS = 12.0  # a sign-in lasts this long
DEFAULT_GRACE = 5.0  # seconds an app has to save and exit once told to, before it is killed
DEFAULT_RATE = 20  # new app sockets per address per minute
FAILS_PER_ACCOUNT = 5  # failed sign-ins to one account...
FAILS_PER_ADDRESS = 20  # ...or from one address...
FAIL_WINDOW = 15 * 60.0  # ...within this many seconds, and further tries are refused until the window passes
MAX_BODY = 8 * 1024  # bytes of a form a browser may post
MAX_MESSAGE = 64 * 1024  # bytes of one socket message (a paste is cut by the app's own bound long before)
MAX_COLS, MAX_ROWS = 500, 200  # the largest window an app is given
MAX_HASHING = 2  # sign-ins hashed at once (each takes 32 MiB and a quarter of a second)
MAX_WAITING_SIGNINS = 16  # sign-ins waiting for a hash; beyond, "busy"
RESUME_SECONDS = 3600.0  # a tab reopened within this long goes back to the game it had open
COOKIE = "redemption_session"
_NOT_SAVED_WORDS = re.compile(rb"Your game could not be saved[^\r\n\x1b]{0,200}")
STDERR_TAIL = 4096  # bytes of an app's standard error kept (for those words, and the log)
ENV_RESUME_NOTE = "REDEMPTION_RESUME_NOTE"  # where the app notes the game it had open when it was closed
_TAB = re.compile(r"[0-9a-f]{32}")

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; "
    "base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # no-referrer would make a browser send "Origin: null" with a post
    "Cache-Control": "no-store",
}


def escape(text: object, limit: int = 80) -> str:
    """Text from a browser, safe in one log line: cut, and every unprintable character escaped."""
    s = str(text)
    s = s[:limit] + ("..." if len(s) > limit else "")
    return s if s.isprintable() else s.encode("unicode_escape").decode("ascii")


@dataclass
class WebConfig:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    data_dir: Path = Path(".")
    max_apps: int = DEFAULT_MAX_APPS
    max_per_player: int = DEFAULT_MAX_PER_PLAYER
    idle_timeout: float = DEFAULT_IDLE
    session_hours: float = DEFAULT_SESSION_HOURS
    grace: float = DEFAULT_GRACE
    rate_limit: int = DEFAULT_RATE
    proxy: bool = False  # behind a TLS reverse proxy on this machine: Secure cookies, client address from it
    log_file: Path | None = None
    #: Added to the app's command line (tests: a pause of 0 so the computer answers at once).
    app_args: list[str] = field(default_factory=list)
    fork_server: bool = True  # each tab's app a fork of the fork server (False: a new interpreter each)


@dataclass
class WebSession:
    player: str
    signed_in: float  # epoch seconds (an account's reset voids the sessions before it)
    expires: float  # monotonic
    id: str  # for the log: never the cookie's value


class PipedFork:
    """A tab's app forked by the fork server on three pipes: what an asyncio subprocess offers the relay (pid,
    returncode, wait, and its standard input, output and error as streams)."""

    def __init__(
        self,
        forked: ForkedApp,
        stdin: asyncio.StreamWriter,
        stdout: asyncio.StreamReader,
        stderr: asyncio.StreamReader,
    ) -> None:
        self.forked, self.stdin, self.stdout, self.stderr = forked, stdin, stdout, stderr
        self.pid = forked.pid
        self._ended = asyncio.ensure_future(forked.wait())  # returncode is set as soon as the app ends

    @property
    def returncode(self) -> int | None:
        return self.forked.returncode

    @property
    def orphaned(self) -> bool:  # its fork server died before it: its exit status is lost
        return self.forked.orphaned

    async def wait(self) -> int:
        code = await asyncio.shield(self._ended)
        self.stdin.close()
        return code

    @classmethod
    async def start(cls, launcher: Launcher, argv: list[str], env: dict[str, str], cwd: Path) -> PipedFork | None:
        """``argv`` forked by ``launcher`` on new pipes; None if the fork server cannot start it."""
        loop = asyncio.get_running_loop()
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        try:
            forked = await launcher.launch(argv, env, str(cwd), [in_r, out_w, err_w])
        finally:
            for fd in (in_r, out_w, err_w):  # the app's ends: the fork server has sent them on
                os.close(fd)
        if forked is None:
            for fd in (in_w, out_r, err_r):
                os.close(fd)
            return None
        stdout, stderr = await _read_pipe(out_r), await _read_pipe(err_r)
        transport, protocol = await loop.connect_write_pipe(
            lambda: asyncio.streams.FlowControlMixin(loop), open(in_w, "wb", 0)
        )
        return cls(forked, asyncio.StreamWriter(transport, protocol, None, loop), stdout, stderr)


async def _read_pipe(fd: int) -> asyncio.StreamReader:
    """The reading end ``fd`` of a pipe as a stream (as an asyncio subprocess's output is)."""
    reader = asyncio.StreamReader(limit=2**16)
    await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), open(fd, "rb", 0))
    return reader


class PlayerApp(ServedApp, AppService):
    """One tab's app process: textual-serve's AppService, started as ``argv`` with a clean environment, in a
    process group of its own (so that it and anything it starts end together), its standard error bounded,
    and its stop bounded in time. Forked by ``launcher`` when there is one, else a new interpreter."""

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        cwd: Path,
        grace: float,
        launcher: Launcher | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv, self.env, self.cwd, self.grace, self.launcher = argv, env, cwd, grace, launcher
        self.stderr_tail = bytearray()
        self.returncode: int | None = None
        self.status_unknown = False  # forked by a fork server that died before the app: its status is lost

    async def open_process(self, width: int, height: int) -> AppPipes:
        env = dict(self.env, COLUMNS=str(width), ROWS=str(height))
        if self.launcher is not None:
            forked = await PipedFork.start(self.launcher, self.argv, env, self.cwd)
            if forked is not None:
                return forked
        return await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=str(self.cwd),
            start_new_session=True,
        )

    async def run(self) -> None:
        """Relay the app's packets to the browser until it exits, keeping only the tail of its standard error
        (textual-serve's own keeps all of it and prints it on the server's standard output)."""
        process = self.process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stderr = process.stderr

        async def read_stderr() -> None:
            while data := await stderr.read(4096):
                self.stderr_tail += data
                del self.stderr_tail[:-STDERR_TAIL]

        stderr_task = asyncio.create_task(read_stderr())
        stdout = process.stdout
        try:
            for _ in range(10):  # the app's first line says it speaks the protocol
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
                # b"P" (file deliveries) is dropped: this server offers no downloads
        except (asyncio.IncompleteReadError, ConnectionResetError, ValueError):
            pass
        finally:
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(stderr_task, 1.0)
            stderr_task.cancel()

    async def on_meta(self, data: bytes) -> None:
        """Of the app's messages only "exit" is passed on: opening addresses and file downloads are not
        offered (the app asks for neither)."""
        try:
            kind = json.loads(data).get("type")
        except (ValueError, AttributeError):
            return
        if kind == "exit":
            await self.remote_close()

    async def stop(self) -> None:
        """Tell the app to quit (it saves as it closes), wait ``grace`` seconds, then end its process group."""
        process = self.process
        if process is None:
            return
        if self.relaying and process.returncode is None:
            await self.send_meta({"type": "quit"})
        try:
            await asyncio.wait_for(process.wait(), self.grace)
        except TimeoutError:
            _killpg(process.pid, signal.SIGTERM)  # the app saves on SIGTERM too
            try:
                await asyncio.wait_for(process.wait(), self.grace)
            except TimeoutError:
                _killpg(process.pid, signal.SIGKILL)
                await process.wait()
        _killpg(process.pid, signal.SIGKILL)  # whatever it left behind in its group
        await self.relay_ended(2.0)
        self.returncode = process.returncode
        self.status_unknown = bool(getattr(process, "orphaned", False))

    def not_saved_words(self) -> str:
        found = _NOT_SAVED_WORDS.findall(bytes(self.stderr_tail))
        return found[-1].decode("utf-8", "replace").strip() if found else ""


def _killpg(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


@dataclass(eq=False)
class Tab:
    """A running app, for the limits and the log."""

    player: str
    tab: str
    addr: str
    ws: web.WebSocketResponse
    started: float = field(default_factory=time.monotonic)
    last_input: float = field(default_factory=time.monotonic)
    ended: str = "closed"
    status: int | str | None = None  # the app's exit status; "unknown" when its fork server died before it


class WebServer:
    """State shared by every request: sessions, limits, running apps."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.sessions: dict[str, WebSession] = {}  # SHA-256 of the cookie's token -> session
        self.tabs: set[Tab] = set()
        self.by_player: collections.Counter[str] = collections.Counter()
        self.stopping: dict[tuple[str, str], asyncio.Event] = {}  # (player, tab) -> set once its app has ended
        self.resume: dict[tuple[str, str], tuple[list[str], float]] = {}  # (player, tab) -> app args, when
        self.account_fails = RateLimiter(FAILS_PER_ACCOUNT, FAIL_WINDOW)
        self.address_fails = RateLimiter(FAILS_PER_ADDRESS, FAIL_WINDOW)
        self.sockets = RateLimiter(config.rate_limit, 60.0)
        self.hashing = asyncio.Semaphore(MAX_HASHING)
        self.waiting_signins = 0
        self.closing = False
        self.apps: set[PlayerApp] = set()
        self.run_dir = Path(tempfile.mkdtemp(prefix="redemption-web-"))  # the apps' resume notes (mode 700)
        self.launcher: Launcher | None = None  # the fork server (start_fork_server)

    async def start_fork_server(self) -> None:
        """Start the fork server that forks each tab's app, unless turned off or the app command is not this
        Python's tui.cli; if it cannot start, each tab's app is a new interpreter."""
        argv = self.app_argv("-", [])
        if not self.config.fork_server or not Launcher.applies(argv):
            return
        # The fork server's own environment is the SSH server's (no player, no web settings): each tab's app gets
        # its own in its request.
        launcher = Launcher(self.config.data_dir, app_env("-", self.config.data_dir, "xterm-256color", {}), log)
        try:
            await launcher.start()
        except OSError as e:
            self.log(f"fork server not started ({e.strerror or e}): each tab's app imports the app itself")
            return
        self.launcher = launcher

    # --- the application ------------------------------------------------------------------
    def make_app(self) -> web.Application:
        import textual_serve

        app = web.Application(client_max_size=MAX_BODY, middlewares=[self.headers])
        static = Path(textual_serve.__file__).parent / "static"
        app.add_routes(
            [
                web.get("/", self.index),
                web.post("/signin", self.signin),
                web.post("/signout", self.signout),
                web.get("/welcome", self.welcome_page),
                web.post("/welcome", self.welcome),
                web.get("/ws/{tab}", self.websocket),
                web.static("/static", static),
                web.static(pages.STATIC, Path(__file__).parent / "static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def headers(self, request: web.Request, handler: Any) -> web.StreamResponse:
        response: web.StreamResponse = await handler(request)
        if not response.prepared:  # a socket's headers went with its upgrade
            response.headers.update(SECURITY_HEADERS)
            if request.path.startswith(("/static/", pages.STATIC + "/")):
                response.headers["Cache-Control"] = "public, max-age=3600"
        return response

    def log(self, message: str) -> None:
        log.info("%s", message)

    # --- who is asking ----------------------------------------------------------------------
    def client_addr(self, request: web.Request) -> str:
        """The browser's address: the peer's, or behind the proxy (only when it connects from this machine)
        the one the proxy appended last to X-Forwarded-For."""
        peer = request.remote or "?"
        if self.config.proxy and peer in ("127.0.0.1", "::1"):
            forwarded = request.headers.get("X-Forwarded-For", "")
            last = forwarded.rsplit(",", 1)[-1].strip()
            if last:
                return last[:64]
        return peer

    def same_origin(self, request: web.Request) -> bool:
        """Whether a form post or a socket comes from this server's own page (the Origin header, which a
        browser always sends with both, names this Host): no other site can act with a player's cookie."""
        origin = request.headers.get("Origin", "")
        host = request.headers.get("Host", "")
        return bool(origin) and bool(host) and urlsplit(origin).netloc.lower() == host.lower()

    def cookie_name(self) -> str:
        return "__Host-" + COOKIE if self.config.proxy else COOKIE  # __Host-: Secure, this host, path /

    def session_of(self, request: web.Request) -> WebSession | None:
        token = request.cookies.get(self.cookie_name(), "")
        if not token or len(token) > 128:
            return None
        key = hashlib.sha256(token.encode()).hexdigest()
        s = self.sessions.get(key)
        if s is None:
            return None
        if time.monotonic() > s.expires:
            del self.sessions[key]
            return None
        try:
            account = accounts.get(self.config.data_dir, s.player)
        except accounts.AccountError as e:
            self.log(f"accounts file unreadable: {e}")
            return None
        if account is None or not account.session_valid(s.signed_in):  # removed, or reset, since
            del self.sessions[key]
            return None
        return s

    def start_session(self, response: web.StreamResponse, player: str) -> WebSession:
        token = secrets.token_urlsafe(32)
        hours = self.config.session_hours
        s = WebSession(player, time.time(), time.monotonic() + hours * 3600, secrets.token_hex(4))
        now = time.monotonic()
        for k in [k for k, v in self.sessions.items() if v.expires < now]:
            del self.sessions[k]
        self.sessions[hashlib.sha256(token.encode()).hexdigest()] = s
        response.set_cookie(
            self.cookie_name(),
            token,
            max_age=int(hours * 3600),
            path="/",
            httponly=True,
            samesite="Strict",
            secure=self.config.proxy,
        )
        return s

    # --- pages --------------------------------------------------------------------------------
    @staticmethod
    def html(text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")

    async def index(self, request: web.Request) -> web.Response:
        s = self.session_of(request)
        if s is None:
            return self.html(pages.signin())
        refusal = self.refusal(s.player)
        if refusal:
            return self.html(pages.refusal("Not now", refusal, signed_in=s.player), 503)
        return self.html(pages.app(s.player))

    def refusal(self, player: str) -> str:
        """Why another app cannot start now for ``player`` ('' if it can)."""
        if self.closing:
            return "The server is shutting down; your game is saved. Try again in a minute."
        if len(self.tabs) >= self.config.max_apps:
            return (
                f"The server is full: {self.config.max_apps} games are open, the most it runs at once. "
                "Try again in a few minutes."
            )
        if self.by_player[player] >= self.config.max_per_player:
            return (
                f"You have {self.by_player[player]} tabs open on this server already, the most one player may. "
                "Close one (its game is saved) and try again."
            )
        return ""

    async def form(self, request: web.Request) -> dict[str, str] | None:
        """The posted form, or None if it is too big or not from this server's page."""
        if not self.same_origin(request):
            return None
        try:
            data = await request.post()
        except web.HTTPRequestEntityTooLarge:
            return None
        return {k: v for k, v in data.items() if isinstance(v, str)}

    async def signin(self, request: web.Request) -> web.Response:
        form = await self.form(request)
        if form is None:
            return self.html(pages.signin("That form did not come from this server's page."), 403)
        name, password = form.get("name", "").strip()[:64], form.get("password", "")[: accounts.MAX_PASSWORD + 1]
        addr = address_group(self.client_addr(request))
        wait = max(self.address_fails.wait(addr), self.account_fails.wait(name.casefold()))
        if wait:
            self.log(f"signin refused name={escape(name)} addr={addr} reason=too-many-failures")
            minutes = max(1, round(wait / 60))
            return self.html(
                pages.signin(
                    f"Too many failed sign-ins: try again in {minutes} {'minute' if minutes == 1 else 'minutes'}.", name
                ),
                429,
            )
        if self.waiting_signins >= MAX_WAITING_SIGNINS:
            return self.html(pages.signin("The server is busy; try again in a moment.", name), 503)
        self.waiting_signins += 1
        try:
            async with self.hashing:
                ok = await asyncio.get_running_loop().run_in_executor(
                    None, accounts.verify, self.config.data_dir, name, password
                )
        finally:
            self.waiting_signins -= 1
        if not ok:
            self.address_fails.add(addr)
            self.account_fails.add(name.casefold())
            self.log(f"signin failed name={escape(name)} addr={addr}")
            return self.html(pages.signin("That name and password do not match an account here.", name), 401)
        self.account_fails.clear(name.casefold())
        response = web.HTTPSeeOther("/")
        s = self.start_session(response, name)
        self.log(f"signin player={name} addr={addr} session={s.id}")
        raise response

    async def signout(self, request: web.Request) -> web.Response:
        form = await self.form(request)
        if form is None:
            return self.html(pages.signin("That form did not come from this server's page."), 403)
        token = request.cookies.get(self.cookie_name(), "")
        s = self.sessions.pop(hashlib.sha256(token.encode()).hexdigest(), None) if token else None
        if s is not None:
            self.log(f"signout player={s.player} session={s.id}")
        response = web.HTTPSeeOther("/")
        response.del_cookie(self.cookie_name(), path="/")
        raise response

    async def welcome_page(self, request: web.Request) -> web.Response:
        return self.html(pages.welcome())

    async def welcome(self, request: web.Request) -> web.Response:
        form = await self.form(request)
        if form is None:
            return self.html(pages.welcome("That form did not come from this server's page."), 403)
        token, password, again = form.get("token", ""), form.get("password", ""), form.get("again", "")
        addr = address_group(self.client_addr(request))
        if self.address_fails.wait(addr):
            return self.html(pages.welcome("Too many failed tries: try again later."), 429)
        if accounts.link_owner(self.config.data_dir, token) is None:
            self.address_fails.add(addr)
            self.log(f"link refused addr={addr}")
            return self.html(
                pages.welcome("This sign-in link is not valid (used already, expired, or cut short): ask the host."),
                403,
            )
        if password != again:
            return self.html(pages.welcome("The two passwords differ; type the same one twice.", token), 400)
        try:
            async with self.hashing:
                name = await asyncio.get_running_loop().run_in_executor(
                    None, accounts.use_link, self.config.data_dir, token, password
                )
        except accounts.AccountError as e:
            return self.html(pages.welcome(f"{e}.", token), 400)
        response = web.HTTPSeeOther("/")
        s = self.start_session(response, name)
        self.log(f"link used player={name} addr={addr} session={s.id}")
        raise response

    # --- the app ---------------------------------------------------------------------------------
    def app_argv(self, player: str, resume: list[str]) -> list[str]:
        return [
            sys.executable,
            "-m",
            "tui.cli",
            "--player",
            player,
            "--save-dir",
            str(self.config.data_dir),
            *self.config.app_args,
            *resume,
        ]

    def app_env(self, player: str, note: Path) -> dict[str, str]:
        env = app_env(player, self.config.data_dir, "xterm-256color", {})  # as the SSH server's apps get
        env.update(
            {
                "COLORTERM": "truecolor",
                "TEXTUAL_DRIVER": WEB_DRIVER,
                "TEXTUAL_FPS": "60",
                "TEXTUAL_COLOR_SYSTEM": "truecolor",
                "TERM_PROGRAM": "textual",
                ENV_RESUME_NOTE: str(note),
            }
        )
        return env

    def take_resume(self, key: tuple[str, str]) -> list[str]:
        args, when = self.resume.pop(key, ([], 0.0))
        return args if time.monotonic() - when < RESUME_SECONDS else []

    def keep_resume(self, key: tuple[str, str], note: Path) -> None:
        """What the app noted it had open when it was told to close, checked, for the tab's next app."""
        try:
            with note.open("rb") as f:
                data = json.loads(f.read(4096))
        except (OSError, ValueError):
            return
        finally:
            with contextlib.suppress(OSError):
                note.unlink()
        from saves import SaveError, validate_name

        try:
            if isinstance(data, list) and len(data) == 2 and data[0] == "resume":
                validate_name(data[1])
            elif isinstance(data, list) and len(data) == 3 and data[:2] == ["table", "play"]:
                validate_name(data[2], what="table name")
            else:
                return
        except SaveError:
            return
        self.resume[key] = (data, time.monotonic())
        if len(self.resume) > 4096:  # the oldest go
            for k in sorted(self.resume, key=lambda k: self.resume[k][1])[:1024]:
                del self.resume[k]

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        s = self.session_of(request)
        if s is None:
            raise web.HTTPForbidden(text="Sign in first.")
        if not self.same_origin(request):
            raise web.HTTPForbidden(text="Not from this server's page.")
        addr = self.client_addr(request)
        if not self.sockets.allow(address_group(addr)):
            raise web.HTTPTooManyRequests(text="Too many new connections from your address; try again in a minute.")
        tab = request.match_info["tab"]
        tab = tab if _TAB.fullmatch(tab) else secrets.token_hex(16)  # a tab id that is not one resumes nothing
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        refusal = self.refusal(s.player)
        if refusal:
            await ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=refusal[:120].encode())
            return ws
        # Counted before the first wait, so that two sockets at once cannot both pass the limits.
        t = Tab(s.player, tab, addr, ws)
        self.tabs.add(t)
        self.by_player[s.player] += 1
        try:
            await self.run_tab(request, ws, t)
        except (ConnectionResetError, asyncio.CancelledError):
            t.ended = "connection lost"
        finally:
            self.tabs.discard(t)
            self.by_player[s.player] -= 1
            if self.by_player[s.player] <= 0:
                del self.by_player[s.player]
            if not ws.closed:
                await ws.close()
            self.log(
                f"app player={s.player} session={s.id} addr={escape(addr)} tab={tab[:8]} "
                f"seconds={time.monotonic() - t.started:.0f} ended={t.ended} status={t.status}"
            )
        return ws

    async def run_tab(self, request: web.Request, ws: web.WebSocketResponse, t: Tab) -> None:
        key = (t.player, t.tab)
        earlier = self.stopping.get(key)
        if earlier is not None:  # this tab's last app may still hold its game: let it save and go first
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(earlier.wait(), 2 * self.config.grace + 2)
        done = self.stopping[key] = asyncio.Event()
        note = self.run_dir / f"{secrets.token_hex(8)}.json"
        cols = _size(request.query.get("width"), 80, MAX_COLS)
        rows = _size(request.query.get("height"), 24, MAX_ROWS)

        async def closed_by_app() -> None:
            await ws.close(code=WSCloseCode.OK, message=b"The game was closed; your game is saved.")

        app = PlayerApp(
            self.app_argv(t.player, self.take_resume(key)),
            self.app_env(t.player, note),
            self.config.data_dir,
            self.config.grace,
            self.launcher,
            write_bytes=ws.send_bytes,
            write_str=ws.send_str,
            close=closed_by_app,
            download_manager=None,  # no downloads are offered
        )
        self.apps.add(app)
        try:
            await app.start(cols, rows)
            watch = asyncio.create_task(self.watch_idle(ws, t))
            try:
                await self.pump(ws, app, t)
            finally:
                watch.cancel()
        finally:
            await app.stop()
            self.apps.discard(app)
            t.status = "unknown" if app.status_unknown else app.returncode
            self.keep_resume(key, note)
            done.set()
            if self.stopping.get(key) is done:
                del self.stopping[key]
            if (app.returncode == NOT_SAVED_EXIT or (app.status_unknown and app.not_saved_words())) and not ws.closed:
                words = app.not_saved_words() or "Your game could not be saved."
                await ws.close(code=WSCloseCode.INTERNAL_ERROR, message=words[:120].encode())

    async def pump(self, ws: web.WebSocketResponse, app: PlayerApp, t: Tab) -> None:
        """The browser's messages to the app: keys and mouse as terminal input, the window's size, focus.
        Anything else, or anything malformed, is dropped (a message that is not JSON closes the socket)."""
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                t.ended = "bad message"
                await ws.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"Not a message this server reads.")
                return
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                t.last_input = time.monotonic()
                if not await app.send_bytes(data.encode("utf-8", "replace")):
                    return
            elif kind == "resize" and isinstance(data, dict):
                w, h = data.get("width"), data.get("height")
                if isinstance(w, int) and isinstance(h, int):
                    await app.set_terminal_size(max(1, min(w, MAX_COLS)), max(1, min(h, MAX_ROWS)))
            elif kind == "ping":
                await ws.send_json(["pong", str(data)[:32]])
            elif kind == "focus":
                await app.focus()
            elif kind == "blur":
                await app.blur()
        t.ended = t.ended if t.ended != "closed" else "browser closed"

    async def watch_idle(self, ws: web.WebSocketResponse, t: Tab) -> None:
        timeout = self.config.idle_timeout
        while not ws.closed:
            idle = time.monotonic() - t.last_input
            if idle >= timeout:
                t.ended = "idle"
                minutes = f"{timeout / 60:g} minutes" if timeout >= 60 else f"{timeout:g} seconds"
                await ws.close(
                    code=WSCloseCode.GOING_AWAY,
                    message=f"Closed after {minutes} without a key; your game is saved.".encode(),
                )
                return
            await asyncio.sleep(min(timeout - idle, 30.0) + 0.05)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab: each app saves as it closes."""
        self.closing = True
        for t in list(self.tabs):
            t.ended = "server shut down"
            with contextlib.suppress(Exception):
                await t.ws.close(
                    code=WSCloseCode.GOING_AWAY, message=b"The server is shutting down; your game is saved."
                )
        await asyncio.gather(*(a.stop() for a in list(self.apps) if a.process is not None), return_exceptions=True)
        if self.launcher is not None:
            await self.launcher.stop()
            self.launcher = None
        with contextlib.suppress(OSError):
            for p in self.run_dir.iterdir():
                p.unlink()
            self.run_dir.rmdir()


def _size(text: str | None, default: int, most: int) -> int:
    try:
        return max(1, min(int(text or default), most))
    except ValueError:
        return default


async def start(config: WebConfig) -> tuple[web.AppRunner, WebServer, int]:
    """Start serving; returns the runner (to clean up), the server and the port it listens on."""
    served.warn_if_changed()  # on another textual-serve: what changed of the parts ServedApp relies on, logged
    server = WebServer(config)
    await server.start_fork_server()
    runner = web.AppRunner(server.make_app(), access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, config.host, config.port)
    await site.start()
    addresses = runner.addresses  # (host, port) of each socket it listens on
    port = int(addresses[0][1]) if addresses else config.port
    return runner, server, port


def run(config: WebConfig) -> int:
    """Serve until SIGINT or SIGTERM; then close every tab (each app saves) and stop."""

    async def main() -> None:
        runner, server, port = await start(config)
        server.log(
            f"serving on http://{config.host}:{port} (data {config.data_dir}; at most {config.max_apps} apps, "
            f"{config.max_per_player} per player)"
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        server.log("shutting down: closing every tab (each saves)")
        await runner.cleanup()

    asyncio.run(main())
    return 0
