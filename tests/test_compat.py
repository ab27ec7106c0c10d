"""The private parts of Textual and Rich the app relies on (tui.compat): a canary per patch that fails when its part
is gone or changes shape, a changed part named by its patch, no private part named outside tui/compat.py, and no
patch in place where it is not needed."""

from __future__ import annotations

import ast
import asyncio
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tui import compat

REPO = Path(__file__).resolve().parent.parent
TEXTUAL_PACKAGES = ("textual", "rich", "textual_serve")
#: The modules that may name those private parts: tui.compat, and the served-app patch's code (the web server imports
#: no Textual, and tui.compat does).
COMPAT_MODULES = ("tui/compat.py", "tui/web/served.py")


@pytest.mark.parametrize("patch", compat.PATCHES, ids=lambda p: p.name)
def test_each_patch_finds_its_private_parts_as_it_expects(patch):
    assert compat.problems((patch,)) == []


def test_the_patches_are_the_twelve_named_ones():
    assert [p.name for p in compat.PATCHES] == [
        "ordered-keys",
        "ascii",
        "shared-parses",
        "footer-in-place",
        "frame-shown",
        "keymap-spelling",
        "pilot-idle-window",
        "bounded-keys",
        "log-size",
        "radio-marker",
        "served-app",
        "bounded-env",
    ]


def test_bounded_env_canary_a_session_answers_its_channels_environment_requests_or_says_it_cannot(monkeypatch):
    pytest.importorskip("asyncssh")
    from asyncssh.channel import SSHServerChannel

    from tui.ssh import session as ssh_session
    from tui.ssh.session import bound_env

    said: list[str] = []  # the server's log may not reach the root logger (its own handler), so read what it is told
    monkeypatch.setattr(ssh_session.log, "warning", lambda text, *args: said.append(text % args))

    class Session:
        def env_request(self, packet):
            return False

    chan, session = SSHServerChannel.__new__(SSHServerChannel), Session()
    assert bound_env(chan, session) and chan._process_env_request == session.env_request
    assert not bound_env(object(), session) and "bounded-env" in said[0]


def test_a_changed_private_part_is_named_by_its_patch(monkeypatch):
    from textual import _styles_cache

    monkeypatch.setattr(_styles_cache, "get_box", lambda name, style: None)
    found = compat.problems()
    assert len(found) == 1 and found[0].startswith("ascii: textual._styles_cache:get_box now takes")
    monkeypatch.delattr(_styles_cache, "get_box")
    assert compat.problems()[0].startswith("ascii: textual._styles_cache:get_box is gone")


def test_an_instance_attribute_that_is_gone_is_named():
    gone = compat.Patch("log-size", "", "", (compat.Private("textual.widgets:RichLog._no_such_flag", "read"),))
    assert compat.problems((gone,)) == [
        "log-size: textual.widgets:RichLog._no_such_flag is gone (AttributeError: RichLog has no attribute "
        "'_no_such_flag'); it is read"
    ]


def test_another_textual_version_logs_each_broken_patch(monkeypatch, caplog):
    import textual
    from textual.keys import _character_to_key  # noqa: F401

    monkeypatch.setattr(textual, "__version__", "99.0.0", raising=False)
    assert compat.warn_if_changed() == []  # a version that changed none of them: nothing to say
    monkeypatch.delattr("textual.keys._character_to_key")
    assert [r.getMessage() for r in caplog.records] == []
    found = compat.warn_if_changed()
    assert len(found) == 1 and "keymap-spelling: textual.keys:_character_to_key is gone" in caplog.text


def test_another_textual_serve_logs_what_changed_of_the_served_app_patch(monkeypatch, caplog):
    app_service = pytest.importorskip("textual_serve.app_service")
    from tui.web import served

    assert served.warn_if_changed() == []  # the version it was written for
    monkeypatch.setattr(served, "TESTED_SERVE", "0.0.1")
    assert served.warn_if_changed() == []  # another version, the same parts
    monkeypatch.delattr(app_service.AppService, "_open_app_process")
    found = served.warn_if_changed()
    assert (
        len(found) == 1 and "served-app: textual_serve.app_service:AppService._open_app_process is gone" in caplog.text
    )


# --- a canary per patch: the private part does what the patch relies on ------------------------------------------
def test_ordered_keys_canary_a_fields_own_bindings_are_found_by_key():
    from textual.widgets import Input

    compat.keep_keys_in_order()
    compat.keep_keys_in_order()  # once is enough
    assert Input._on_key.in_order
    assert [b.action for b in compat.own_bindings(Input(), "backspace")] == ["delete_left"]
    assert compat.own_bindings(Input(), "f9") == ()


def test_ascii_canary_content_spans_are_trimmed_to_a_cut():
    from textual.content import Content, Span

    text = Content("abcdefgh", [Span(0, 8, "bold")])
    assert text._spans == [Span(0, 8, "bold")]
    assert text._trim_spans("abc...", text._spans) == [Span(0, 6, "bold")]
    assert compat.dots("abcdefgh", 6) == "abc..." and compat.dots("abcdefgh", 2) == ".."


def test_shared_parses_canary_a_stylesheet_keeps_its_variables():
    from textual.css.stylesheet import Stylesheet

    assert Stylesheet(variables={"accent": "#ff0000"})._variables == {"accent": "#ff0000"}


def test_footer_in_place_canary_the_footer_keys_have_the_flag_the_footer_sets():
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    key = FooterKey("n", "n", "End phase", "next", disabled=True)
    assert key._disabled is True and key.has_class("-disabled")
    assert Footer()._bindings_ready is False


def test_keymap_spelling_canary_textual_spells_keys_as_the_keymap_check_expects():
    assert [compat.textual_key(c) for c in "?n:"] == ["question_mark", "n", "colon"]


def test_pilot_idle_window_canary_the_idle_wait_sleeps_the_window_set(monkeypatch):
    import textual
    from textual import _wait

    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(_wait, "sleep", sleep)
    monkeypatch.setattr(_wait, "process_time", lambda: 0.0)  # no CPU used: idle at the first window past min_sleep
    assert compat.quicken_pilot_idle(0.004) == []
    assert (_wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE) == (0.004, 0.0002)
    asyncio.run(_wait.wait_for_idle(0))
    assert slept and set(slept) == {0.004}
    compat.quicken_pilot_idle()  # the suite's window again (tests/conftest.py)
    assert _wait.SLEEP_GRANULARITY == compat.PILOT_IDLE_WINDOW
    monkeypatch.setattr(textual, "__version__", "99.0.0", raising=False)
    monkeypatch.delattr(_wait, "SLEEP_IDLE")
    assert compat.quicken_pilot_idle(0.004) == [
        "pilot-idle-window: textual._wait:SLEEP_IDLE is gone (AttributeError: module 'textual._wait' has no "
        "attribute 'SLEEP_IDLE'); it is set: the CPU time within a window under which the app is idle"
    ]
    assert _wait.SLEEP_GRANULARITY == compat.PILOT_IDLE_WINDOW  # changed shape on another Textual: left alone


def test_bounded_keys_canary_a_driver_knows_its_app():
    from textual.app import App
    from textual.drivers.headless_driver import HeadlessDriver

    async def go() -> bool:
        app: App[None] = App()
        return compat.driver_app(HeadlessDriver(app)) is app

    assert asyncio.run(go())


def test_served_app_canary_textual_serve_starts_and_writes_to_the_process_ours_opens():
    app_service = pytest.importorskip("textual_serve.app_service")
    from tui.web.served import ServedApp

    class Echo(ServedApp, app_service.AppService):
        async def open_process(self, width: int, height: int) -> asyncio.subprocess.Process:
            return await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                "import sys; sys.stdout.write(sys.stdin.readline())",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )

        async def run(self) -> None:  # textual-serve's relay, as the web server's PlayerApp replaces it
            assert self.process is not None and self.process.stdout is not None
            self.echoed = await self.process.stdout.readline()

    async def go() -> tuple[bool, bool, bytes]:
        svc = Echo(
            "unused: open_process starts the app",
            write_bytes=lambda b: None,
            write_str=lambda s: None,
            close=lambda: None,
            download_manager=None,
            debug=False,
        )
        await svc.start(80, 24)  # AppService.start: its _open_app_process (ours), then its relay task
        assert svc.process is not None
        same = svc.stdin is svc.process.stdin
        svc.stdin.write(b"hello\n")
        await svc.stdin.drain()
        relaying = svc.relaying
        await svc.relay_ended(10)
        await svc.process.wait()
        return same, relaying and not svc.relaying, svc.echoed

    assert asyncio.run(go()) == (True, True, b"hello\n")


def test_frame_shown_log_size_radio_marker_canaries_in_a_running_app():
    from textual.app import ComposeResult
    from textual.widgets import RichLog

    shown: list[str] = []

    class Probe(compat.FrameShownApp):
        def compose(self) -> ComposeResult:
            yield RichLog()
            yield compat.MarkerRadioButton("On", value=True)
            yield compat.MarkerRadioButton("Off")

    async def go() -> tuple[bool, bool, list[str]]:
        app = Probe()
        async with app.run_test(size=(40, 10)) as pilot:
            log = app.query_one(RichLog)
            app.after_next_frame(lambda: shown.append("frame"))
            await pilot.pause()
            await pilot.pause(0.1)
            sized = compat.log_has_size(log)
            unsized = compat.log_has_size(RichLog())
            marks = [b.render().plain[:3] for b in app.query(compat.MarkerRadioButton)]
        return sized, unsized, marks

    sized, unsized, marks = asyncio.run(go())
    assert shown == ["frame"]  # App._display ran for a frame, and the callback after it
    assert (sized, unsized) == (True, False)
    assert marks == ["(*)", "( )"]


# --- only tui/compat.py names them -----------------------------------------------------------------------------
def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def textual_private_names() -> set[str]:
    """Every private attribute name Textual and Rich define or set on their objects (from their source)."""
    names: set[str] = set()
    pattern = re.compile(r"(?:\bself\.|\bcls\.|\bdef |^\s+)(_[a-z]\w*)\b", re.MULTILINE)
    for package in TEXTUAL_PACKAGES:
        root = Path(importlib.import_module(package).__file__).parent
        for path in root.rglob("*.py"):
            names |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return names


def own_private_names(trees: dict[Path, ast.Module]) -> set[str]:
    """The private names the app defines for itself: its own methods, attributes and class-level names."""
    own: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and private(node.name):
                own.add(node.name)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and private(node.attr)
                and ast.unparse(node.value) in ("self", "cls")
            ):
                own.add(node.attr)  # (a Textual subclass's own attribute of a Textual name is caught by its class)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and private(node.target.id):
                own.add(node.target.id)
            elif isinstance(node, ast.Assign):
                own |= {t.id for t in node.targets if isinstance(t, ast.Name) and private(t.id)}
    return own


def class_privates(module: str, cls_name: str) -> set[str]:
    """The private names of the Textual and Rich classes ``module.cls_name`` is built on."""
    cls = getattr(importlib.import_module(module), cls_name, None)
    if not isinstance(cls, type):
        return set()
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] in TEXTUAL_PACKAGES:
            names |= {n for n in vars(base) if private(n)}
    return names


def private_touches(path: Path, tree: ast.Module, textual_names: set[str], own: set[str], inherited=None) -> list[str]:
    """Where ``tree`` names a private part of Textual or Rich. ``inherited(class name)``: the private names of the
    Textual and Rich classes that class of the module is built on."""
    module = ".".join(path.relative_to(REPO).with_suffix("").parts)
    if inherited is None:
        inherited = lambda name: class_privates(module, name)  # noqa: E731
    found: list[str] = []
    textual_bound: set[str] = set()  # names bound to Textual or Rich modules and objects
    other_bound: set[str] = set()  # names bound to other modules (os._exit is not Textual's)

    def where(node: ast.AST) -> str:
        return f"{path.relative_to(REPO)}:{getattr(node, 'lineno', '?')}"

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            ours = node.module.split(".")[0] in TEXTUAL_PACKAGES
            for alias in node.names:
                (textual_bound if ours else other_bound).add(alias.asname or alias.name)
                if ours and (any(map(private, node.module.split("."))) or private(alias.name)):
                    found.append(f"{where(node)} imports {alias.name} from {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                ours = alias.name.split(".")[0] in TEXTUAL_PACKAGES
                (textual_bound if ours else other_bound).add((alias.asname or alias.name).split(".")[0])
                if ours and any(map(private, alias.name.split("."))):
                    found.append(f"{where(node)} imports {alias.name}")
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        theirs = inherited(cls.name)
        for node in ast.walk(cls):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in theirs:
                found.append(f"{where(node)} overrides {cls.name}.{node.name}")
            elif (
                isinstance(node, ast.Attribute)
                and node.attr in theirs
                and ast.unparse(node.value) in ("self", "cls", "super()")
            ):
                found.append(f"{where(node)} uses {cls.name}.{node.attr}")
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and private(node.attr)):
            continue
        base = node.value.id if isinstance(node.value, ast.Name) else None
        if base in textual_bound:
            found.append(f"{where(node)} uses {base}.{node.attr}")
        elif base not in other_bound and node.attr in textual_names and node.attr not in own:
            found.append(f"{where(node)} uses .{node.attr}")
    return sorted(set(found), key=lambda touch: int(touch.split(":")[1].split()[0]))


def test_no_module_but_tui_compat_names_a_private_part_of_textual_or_rich():
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted((REPO / "tui").rglob("*.py"))}
    textual_names = textual_private_names()
    allowed = {REPO / m for m in COMPAT_MODULES}
    own = own_private_names({p: t for p, t in trees.items() if p not in allowed})
    found = [
        touch
        for path, tree in trees.items()
        if path not in allowed and not path.name.startswith("__main__")
        for touch in private_touches(path, tree, textual_names, own)
    ]
    assert found == []


def test_the_source_check_finds_each_kind_of_private_touch():
    source = (
        "from textual.keys import _character_to_key\n"
        "from textual.widgets._footer import FooterKey\n"
        "from textual.widgets import Input, RichLog\n"
        "import os\n"
        "Input._on_key = None\n"
        "os._exit(0)\n"
        "def f(node):\n"
        "    return node._bindings, node._ours\n"
        "class Log(RichLog):\n"
        "    def _on_key(self, event):\n"
        "        return self._size_known, self._mine\n"
    )
    path = REPO / "tui" / "probe.py"
    theirs = {"Log": {"_on_key", "_size_known"}}
    found = private_touches(path, ast.parse(source), {"_bindings", "_exit", "_ours"}, {"_ours"}, theirs.get)
    assert found == [
        "tui/probe.py:1 imports _character_to_key from textual.keys",
        "tui/probe.py:2 imports FooterKey from textual.widgets._footer",
        "tui/probe.py:5 uses Input._on_key",
        "tui/probe.py:8 uses ._bindings",
        "tui/probe.py:10 overrides Log._on_key",
        "tui/probe.py:11 uses Log._size_known",
    ]


# --- no patch where it is not needed ------------------------------------------------------------------------------
ASCII_PATCHED = """
import sys
from pathlib import Path
from rich.text import Text
from textual import _styles_cache
from tui.app import RedemptionApp, Settings
before = Text.truncate, _styles_cache.get_box
RedemptionApp(Settings(save_dir=Path(sys.argv[1]), signals=False))
plain = (Text.truncate, _styles_cache.get_box) == before
RedemptionApp(Settings(save_dir=Path(sys.argv[1]), signals=False, ascii=True))
print(plain, (Text.truncate, _styles_cache.get_box) == before)
"""


def test_the_ascii_patch_is_put_in_place_only_by_an_ascii_app(tmp_path):
    r = subprocess.run(
        [sys.executable, "-c", ASCII_PATCHED, str(tmp_path)], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "False"]  # untouched by a plain app, replaced by the --ascii one
