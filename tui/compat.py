"""Every touch of a private part of Textual or Rich, in one module, as named patches.

Textual is pinned to one version (``textual==`` in pyproject.toml) because the parts below are not its public API:
a release may rename or reshape any of them without notice. No other module of the app names a private Textual or
Rich attribute (``tests/test_compat.py`` checks the source); they call the functions and classes here instead.

Each :class:`Patch` has a name, says why it exists and when it runs, and lists the private parts it relies on
with the shape it expects (a callable's parameter names). On a Textual other than :data:`TESTED`, the app logs each
patch whose parts have changed, by name, when it starts (:func:`warn_if_changed`); ``tests/test_compat.py`` has a
canary per patch that fails when its part changes shape, so an upgrade starts from a list instead of a surprise.

The patches:

- ``ordered-keys``: a text field (and a dialog's list) runs its own bound keys as it receives them, so keys read
  together from the terminal apply in the order typed (Textual runs a bound key only once it has gone up to the
  app, after the characters queued behind it).
- ``ascii``: under ``--ascii`` only, every border in ``+ - |``, a cut text ending in ``...``, a progress bar in
  ``#`` and ``-``.
- ``shared-parses``: in the fork server (and the test process, as its stand-in), stylesheet parses shared by every
  session's app.
- ``footer-in-place``: the app's Footer dims or lights its keys in place instead of rebuilding, and makes its keys
  with the class they are about to get.
- ``frame-shown``: callbacks that run once a frame has reached the terminal (the save after a move).
- ``keymap-spelling``: a player's keymap entry in Textual's spelling of a key.
- ``pilot-idle-window``: in the test suite only, Textual's Pilot looks for an idle app every 5 ms, not 20 ms.
- ``bounded-keys``: the keys on their way from the terminal driver to the app, bounded (the driver's app).
- ``log-size``: the log writes new lines at once when it knows its width (RichLog defers them until then).
- ``radio-marker``: a radio button shows its state as ``(*)`` or ``( )``, readable without colour.
- ``served-app``: under ``redemption web`` only, textual-serve's app service starts each tab's app as the server's
  own command and is stopped within a time. Its code is the one private touch outside this module, in
  ``tui/web/served.py``: the web server never imports Textual, which this module does. textual-serve is not pinned:
  the web server checks it against ``TESTED_SERVE`` as it starts.
- ``bounded-env``: under ``redemption serve`` only, an SSH session keeps the few environment variables it needs,
  small, and ends a connection that sends too many: asyncssh's server channel keeps every one a client sends and
  offers no public hook for the request. Its code is in ``tui/ssh/session.py`` (the SSH server imports no Textual);
  on an asyncssh without the part the session logs so and the channel keeps its own handling.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import logging
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.content import Content
from textual.widgets import Footer as TextualFooter
from textual.widgets import RadioButton
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual import events
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.driver import Driver
    from textual.screen import Screen
    from textual.widget import Widget
    from textual.widgets import RichLog

TESTED = "8.2.8"  # the Textual every patch below was written and checked against

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Private:
    target: str  # "package.module:Attribute.attribute"
    how: str  # what the patch does with it
    params: tuple[str, ...] | None = None  # a callable's parameter names, as the patch calls or replaces it


@dataclass(frozen=True)
class Patch:
    name: str
    why: str
    when: str  # when it is put in place, or used
    privates: tuple[Private, ...]
    package: str = "textual"  # whose private parts: "textual" (Textual and Rich), "textual_serve", "asyncssh"


PATCHES: tuple[Patch, ...] = (
    Patch(
        "ordered-keys",
        "keys read together from the terminal (fast typing, a paste, a slow SSH link) apply in the order typed: "
        "a field's bound keys (backspace, the arrows, Enter) would otherwise run after the characters behind them "
        "(the change proposed upstream as Textual pull request 6631; drop it when a release includes it)",
        "by every app, once per process; dialogs and the deck list read a widget's own bindings",
        (
            Private("textual.widgets:Input._on_key", "replaced: the field's bindings first", ("self", "event")),
            Private("textual.widgets:Input._bindings.key_to_bindings", "read: a widget's own bindings by key"),
        ),
    ),
    Patch(
        "ascii",
        "no non-ASCII character on any screen: Textual's widgets draw their borders, cut texts and progress bars "
        "with box-drawing characters, '\u2026' and line glyphs whatever the stylesheet says",
        "only once an app started with --ascii runs, and only for that app (each app keeps its own setting)",
        (
            Private(
                "textual._styles_cache:get_box",
                "replaced: every border drawn with the ascii type's characters",
                ("name", "inner_style", "outer_style", "style"),
            ),
            Private("textual._context:active_app", "read: the running app, whose --ascii setting the patch follows"),
            Private(
                "textual.content:Content._trim_spans",
                'called: the spans of a text cut to end in "..."',
                ("text", "spans"),
            ),
            Private("textual.content:Content._spans", "read: a text's spans, trimmed to its cut"),
            Private(
                "textual.content:Content.truncate",
                "wrapped: a cut ends in '...'",
                ("self", "max_width", "ellipsis", "pad"),
            ),
            Private(
                "rich.text:Text.truncate", "wrapped: a cut ends in '...'", ("self", "max_width", "overflow", "pad")
            ),
            Private(
                "textual.renderables.bar:Bar.__rich_console__",
                "replaced: a progress bar in # and -",
                ("self", "console", "options"),
            ),
        ),
    ),
    Patch(
        "shared-parses",
        "a session's app finds its stylesheets parsed already (a third of its work to the first frame otherwise)",
        "in the fork server before it forks, and in the test process (tests/conftest.py) for every app a test starts",
        (
            Private(
                "textual.css.stylesheet:Stylesheet._parse_rules",
                "wrapped: parses looked up in one cache for the process",
                ("self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"),
            ),
            Private("textual.css.stylesheet:Stylesheet._variables", "read: the CSS variables, part of the cache's key"),
        ),
    ),
    Patch(
        "footer-in-place",
        "the bindings change after every accepted action (Play dimmed while the other side moves): Textual's "
        "Footer would rebuild its keys and lay the whole screen out again each time",
        "by the Footer of the game and lesson screens, also while the app has no focus",
        (
            Private(
                "textual.widgets._footer:FooterKey",
                "queried, its disabled flag set",
                ("self", "key", "key_display", "description", "action", "disabled", "tooltip", "classes"),
            ),
            Private("textual.widgets._footer:FooterKey._disabled", "set: a key dimmed or lit (a click on it rings)"),
            Private(
                "textual.widgets._footer:FooterKey.on_mouse_down",
                "replaced (LiveFooterKey, the class of every key the Footer makes): a click acts on the bindings",
                ("self",),
            ),
            Private("textual.widgets:Footer._bindings_ready", "set: the Footer shows keys once bindings are known"),
            Private("textual.widgets:Footer.bindings_changed", "overridden", ("self", "screen")),
            Private(
                "textual.widgets._footer:FooterKey._watch_compact",
                "its -compact class given in advance (a compact Footer's keys)",
                ("self", "compact"),
            ),
        ),
    ),
    Patch(
        "frame-shown",
        "work the player need not wait for (the save's fsync) never delays what they see: call_after_refresh may "
        "run before the frame that shows a move",
        "by every app, after each frame handed to the terminal",
        (Private("textual.app:App._display", "extended: callbacks after a frame", ("self", "screen", "renderable")),),
    ),
    Patch(
        "keymap-spelling",
        "a player's keymap names keys as they type them ('?'); Textual's bindings spell them ('question_mark')",
        "when a keymap file is read",
        (Private("textual.keys:_character_to_key", "called", ("character",)),),
    ),
    Patch(
        "pilot-idle-window",
        "a Pilot test waits for the app to go idle after every key and pause, asleep in windows of 20 ms: over the "
        "test suite a third of the Pilot tests' time; a 5 ms window finds the same idle app four times as often",
        "by the test suite only (tests/conftest.py), once per test process; the app never",
        (
            Private("textual._wait:SLEEP_GRANULARITY", "set: the window the idle wait sleeps at a time"),
            Private("textual._wait:SLEEP_IDLE", "set: the CPU time within a window under which the app is idle"),
            Private("textual._wait:wait_for_idle", "reads both, on each window", ("min_sleep", "max_sleep")),
        ),
    ),
    Patch(
        "bounded-keys",
        "a paste of megabytes (or a flooded SSH channel) must not queue millions of keys in the app",
        "by every app's driver, for each message it sends",
        (
            Private("textual.driver:Driver.send_message", "overridden: keys bounded", ("self", "message")),
            Private("textual.driver:Driver._app", "read: the app the keys go to"),
        ),
    ),
    Patch(
        "log-size",
        "new log lines are scrolled to at once, so the frame that shows them is the next one (RichLog's own scroll "
        "waits for that frame and draws the whole log again)",
        "by the log pane, as lines are written",
        (Private("textual.widgets:RichLog._size_known", "read: whether the log has had its first size"),),
    ),
    Patch(
        "radio-marker",
        "a radio button's state as a marker, (*) or ( ), not a colour: readable with NO_COLOR",
        "by the new-game and tables forms' buttons",
        (Private("textual.widgets._toggle_button:ToggleButton._button", "overridden: the marker drawn"),),
    ),
    Patch(
        "served-app",
        "each tab's app is forked by the fork server on pipes (or runs as the web server's own command line), with a "
        "clean environment, in a process group of its own, and its stop is bounded in time: textual-serve's "
        "AppService starts a shell command and offers no public way to start the process otherwise or to see it",
        "by the web server (redemption web), for each tab",
        (
            Private(
                "textual_serve.app_service:AppService._open_app_process",
                "replaced: the app started by the server's own open_process",
                ("self", "width", "height"),
            ),
            Private("textual_serve.app_service:AppService._process", "set and read: the app's process"),
            Private("textual_serve.app_service:AppService._stdin", "set: where the browser's packets go"),
            Private("textual_serve.app_service:AppService._task", "read and cleared: the relay of the app's output"),
        ),
        package="textual_serve",
    ),
    Patch(
        "bounded-env",
        "a client's environment variables kept within bounds (a few names, short values, a count): asyncssh's "
        "server channel stores every one a client sends and has no public hook for the request",
        "by the SSH server (redemption serve), for each session's channel",
        (
            Private(
                "asyncssh.channel:SSHServerChannel._process_env_request",
                "replaced on each session's channel by GameSession.env_request",
                ("self", "packet"),
            ),
        ),
        package="asyncssh",
    ),
)


# --- the checks ---------------------------------------------------------------------------------------------------
class _InstanceAttribute:
    """What :func:`resolve` gives for an attribute that each instance sets (found in the class's source)."""


def resolve(target: str) -> object:
    """The object ``target`` names; AttributeError or ImportError if this Textual has no such thing. An attribute
    that each instance sets is looked for in the source of the class and its bases (no instance is made)."""
    module, _, path = target.partition(":")
    obj: object = importlib.import_module(module)
    for name in path.split("."):  # probing Textual itself is the point: is the private part still there?
        if isinstance(obj, type) and not hasattr(obj, name):
            if not any(_sets(cls, name) for cls in obj.__mro__):
                raise AttributeError(f"{obj.__name__} has no attribute {name!r}")
            return _InstanceAttribute()
        obj = getattr(obj, name)
    return obj


def _sets(cls: type, name: str) -> bool:
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return False
    return re.search(rf"\bself\.{re.escape(name)}\s*(:[^=]*)?=", source) is not None


def problem(patch: Patch, p: Private) -> str:
    """What is wrong with ``p`` in the installed Textual, naming ``patch``; "" if it is as the patch expects."""
    try:
        obj = resolve(p.target)
    except Exception as e:  # noqa: BLE001 - gone, renamed or no longer importable: the patch must be revisited
        return f"{patch.name}: {p.target} is gone ({type(e).__name__}: {e}); it is {p.how}"
    if p.params is not None:
        try:
            found = tuple(inspect.signature(obj).parameters)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return f"{patch.name}: {p.target} is no longer a callable; it is {p.how}"
        expected = p.params[1:] if found[:1] != ("self",) and p.params[:1] == ("self",) else p.params
        if found != expected:
            return f"{patch.name}: {p.target} now takes {found}, the patch expects {expected}; it is {p.how}"
    return ""


def problems(patches: tuple[Patch, ...] = PATCHES) -> list[str]:
    """What is wrong with each patch's private parts; a patch for a package that is not installed (textual-serve,
    an extra) never runs, and is not checked."""
    return [
        text
        for patch in patches
        if importlib.util.find_spec(patch.package) is not None
        for p in patch.privates
        if (text := problem(patch, p))
    ]


def warn_if_changed(package: str = "textual") -> list[str]:
    """On a ``package`` other than the one its patches were written for (:data:`TESTED`, ``tui.web.served.TESTED_SERVE``),
    log each of its patches whose private parts have changed (and return them). The app checks Textual's as it
    starts; the web server checks textual-serve's."""
    if package == "textual":
        import textual

        version, tested = textual.__version__, TESTED
    else:
        from importlib import metadata

        from tui.web import served

        version, tested = metadata.version(package.replace("_", "-")), served.TESTED_SERVE
    if version == tested:
        return []
    found = problems(tuple(p for p in PATCHES if p.package == package))
    for text in found:
        log.warning("%s %s (the patches were written for %s): %s", package, version, tested, text)
    return found


def patch(name: str) -> Patch:
    return next(p for p in PATCHES if p.name == name)


# --- ordered-keys -------------------------------------------------------------------------------------------------
def own_bindings(node: Any, key: str) -> tuple[Binding, ...]:
    """``node``'s own bindings of ``key`` (with the player's keymap applied), not those of its parents."""
    return tuple(node._bindings.key_to_bindings.get(key, ()))


async def run_own_binding(node: Widget, event: events.Key) -> bool:
    """Run ``node``'s own binding of ``event``'s key now, in its turn (priority bindings stay the app's); True
    if one ran, and the event then goes no further."""
    for binding in own_bindings(node, event.key):
        if not binding.priority and await node.app.run_action(binding.action, node):
            event.stop()
            event.prevent_default()
            return True
    return False


def keep_keys_in_order() -> None:
    """Every text field runs its own bound keys as it receives them (once per process)."""
    from textual.widgets import Input

    typed = Input._on_key
    if getattr(typed, "in_order", False):  # ours already (marked), not Textual's own: put in place once
        return

    async def _on_key(self: Input, event: events.Key) -> None:
        if not await run_own_binding(self, event):
            await typed(self, event)

    _on_key.in_order = True  # type: ignore[attr-defined]
    Input._on_key = _on_key  # type: ignore[method-assign]


# --- ascii --------------------------------------------------------------------------------------------------------
ELLIPSIS = "\u2026"
BLANK_BORDERS = frozenset({"", "none", "hidden", "blank", "ascii"})


#: The apps of this process started with --ascii (:func:`draw_ascii`): the others draw as Textual does.
ASCII_APPS: weakref.WeakSet[App[Any]] = weakref.WeakSet()


def ascii_wanted() -> bool:
    """Whether the running app (in Textual's context: each app of a process keeps its own) was started with
    --ascii; False outside an app."""
    from textual._context import active_app

    app = active_app.get(None)
    return app is not None and app in ASCII_APPS


def dots(plain: str, width: int) -> str:
    """``plain`` cut to ``width`` cells, ending in "..." (as many dots as fit)."""
    from rich.cells import set_cell_size

    return set_cell_size(plain, max(0, width - 3)) + "..."[:width]


def draw_ascii(app: App[Any]) -> None:
    """Draw ``app`` (started with --ascii) in ASCII; the drawing is put in place once per process, when the first
    such app starts: a process that never shows an ASCII screen draws through Textual's and Rich's own functions.
    While an app without --ascii runs, the wrappers hand everything to those functions unchanged."""
    from rich.text import Text
    from textual import _border, _styles_cache
    from textual.renderables.bar import Bar

    ASCII_APPS.add(app)
    content_truncate = Content.truncate
    # Textual's function, or ours in its place (marked): a test may have put Textual's own back since
    if getattr(content_truncate, "ascii", False):
        return
    text_truncate = Text.truncate
    get_box = _border.get_box  # the one _styles_cache imported (its own name is patched below)
    bar_console = Bar.__rich_console__

    def ascii_get_box(name, inner_style, outer_style, style):  # type: ignore[no-untyped-def]
        if name not in BLANK_BORDERS and ascii_wanted():
            name = "ascii"
        return get_box(name, inner_style, outer_style, style)

    def ascii_bar(self: Bar, console, options):  # type: ignore[no-untyped-def]
        if not ascii_wanted():
            yield from bar_console(self, console, options)
            return
        width = self.width or options.max_width
        start = min(width, max(0, round(self.highlight_range[0])))
        end = min(width, max(start, round(self.highlight_range[1])))
        done, rest = console.get_style(self.highlight_style), console.get_style(self.background_style)
        yield Text.assemble(("-" * start, rest), ("#" * (end - start), done), ("-" * (width - end), rest), end="")

    def ascii_content_truncate(self: Content, max_width: int, *, ellipsis: bool = False, pad: bool = False) -> Content:
        cut = content_truncate(self, max_width, ellipsis=ellipsis, pad=pad)
        if not (ellipsis and cut is not self and cut.plain.endswith(ELLIPSIS) and ascii_wanted()):
            return cut
        text = dots(self.plain, max_width)
        return Content(text, self._trim_spans(text, self._spans), max_width, strip_control_codes=False)

    def ascii_text_truncate(self: Text, max_width: int, *, overflow=None, pad: bool = False) -> None:  # type: ignore[no-untyped-def]
        if (overflow or self.overflow) == "ellipsis" and self.cell_len > max_width and ascii_wanted():
            self.plain = dots(self.plain, max_width)  # the spans past the cut are trimmed by the setter
            if pad:
                text_truncate(self, max_width, overflow="crop", pad=True)
            return
        text_truncate(self, max_width, overflow=overflow, pad=pad)

    ascii_content_truncate.ascii = True  # type: ignore[attr-defined]
    Content.truncate = ascii_content_truncate  # type: ignore[method-assign]
    Text.truncate = ascii_text_truncate  # type: ignore[method-assign]
    vars(_styles_cache)["get_box"] = ascii_get_box  # the name the border rendering calls
    Bar.__rich_console__ = ascii_bar  # type: ignore[method-assign]


# --- shared-parses ------------------------------------------------------------------------------------------------
#: Stylesheet parses shared by every app of the process: (css, where from, defaults?, tie-breaker, scope, the CSS
#: variables) -> the parsed rules.
SHARED_PARSES: dict[tuple[Any, ...], list[Any]] = {}
MAX_SHARED_PARSES = 512


def share_stylesheet_parses() -> None:
    """Make every Textual stylesheet of this process look its parses up in :data:`SHARED_PARSES` first.

    Textual keeps a parse cache per stylesheet (so per app), keyed without the CSS variables because one
    stylesheet has one set of them; this one is keyed with them, so the same CSS with other variables
    (another theme) is parsed anew, and the rules given back are exactly those Textual would parse."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    if getattr(parse, "shared", False):  # ours already (marked), not Textual's own: put in place once
        return

    def _parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = SHARED_PARSES.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(SHARED_PARSES) < MAX_SHARED_PARSES:
                SHARED_PARSES[key] = rules
        return rules

    _parse_rules.shared = True  # type: ignore[attr-defined]
    _parse_rules.unshared = parse  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


# --- keymap-spelling ----------------------------------------------------------------------------------------------
def textual_key(character: str) -> str:
    """One character as Textual's bindings spell it ("?" is "question_mark")."""
    from textual.keys import _character_to_key

    return _character_to_key(character)


# --- pilot-idle-window -------------------------------------------------------------------------------------------
#: The window the test suite's Pilot sleeps at a time while it waits for an idle app (Textual's own: 20 ms).
PILOT_IDLE_WINDOW = 0.005


def quicken_pilot_idle(window: float = PILOT_IDLE_WINDOW) -> list[str]:
    """Make Textual's Pilot look for an idle app every ``window`` seconds (idle: under a twentieth of the window's
    CPU time used, as Textual's own 20 ms window). For the test suite, not the app. On a Textual other than
    :data:`TESTED` whose idle wait has changed shape it does nothing and returns what changed, naming the patch."""
    import textual
    from textual import _wait

    if textual.__version__ != TESTED and (changed := problems((patch("pilot-idle-window"),))):
        return changed
    _wait.SLEEP_GRANULARITY = window
    _wait.SLEEP_IDLE = window / 20
    return []


# --- bounded-keys -------------------------------------------------------------------------------------------------
def driver_app(driver: Driver) -> App[Any]:
    """The app a terminal driver sends its messages to."""
    return driver._app


# --- log-size -----------------------------------------------------------------------------------------------------
def log_has_size(pane: RichLog) -> bool:
    """Whether a RichLog has had its first size: before that it keeps written lines until it can lay them out."""
    return bool(pane._size_known)


# --- footer-in-place ----------------------------------------------------------------------------------------------
class LiveFooterKey(FooterKey):
    """A Footer key whose click asks the screen's bindings as it lands, not the look the key was last given: a key
    lit a moment ago (the player's turn came while the look was being redrawn, or while the app had no focus) acts,
    and a click on a key that cannot act now is refused in words (Textual's key only rings the bell, which a
    browser does not sound)."""

    def show_enabled(self, enabled: bool) -> None:
        """Dim or light the key in place."""
        if self._disabled == enabled:
            self._disabled = not enabled
            self.set_class(not enabled, "-disabled")

    async def _on_mouse_down(self, event: events.MouseDown) -> None:
        event.prevent_default()  # not FooterKey's own handler (next in the MRO): it reads the key's look
        self.clicked()
        await super()._on_mouse_down(event)  # Widget's, which the default above no longer reaches

    def clicked(self) -> None:
        live = self.screen.active_bindings.get(self.key)
        enabled = live is not None and live[1].action == self.action and live[2]
        self.show_enabled(enabled)
        if enabled:
            self.app.simulate_key(self.key)
            return
        self.app.bell()
        refused = getattr(self.screen, "refused_click", None)
        words = refused(self.action) if callable(refused) else ""
        self.app.notify(words or f"{self.description}: not now.", severity="warning", timeout=3)


class Footer(TextualFooter):
    """Textual's Footer, which dims or lights its keys in place when only which of them can act has changed (a
    repaint); anything else rebuilds as Textual does. Its keys are :class:`LiveFooterKey`. While the app has no
    focus (a browser tab in the background) Textual's Footer stops following the bindings; this one goes on
    dimming and lighting the keys it shows (it rebuilds only with the focus back: without it, the focused widget's
    keys are out of the bindings)."""

    def compose(self) -> ComposeResult:
        """Textual's keys as :class:`LiveFooterKey` (the same key, its click checked as it lands), each made with the
        ``-compact`` class of a compact Footer: a key's compact watcher adds it as the key mounts, after the key was
        styled, which restyles every key of every rebuild once more."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.__class__ = LiveFooterKey  # a subclass with no state of its own: only its click differs
                if self.compact:
                    widget.add_class("-compact", update=False)
            yield widget

    def shown(self, screen: Screen[Any]) -> list[tuple[str, str, str, bool]]:
        """(key, action, description, enabled) of each key Textual's Footer would show, in its order."""
        active = screen.active_bindings
        first: dict[str, tuple[str, str, str, bool]] = {}
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.group is None:
                first.setdefault(binding.action, (binding.key, binding.action, binding.description, enabled))
            elif binding.show:
                return []  # grouped keys: leave them to Textual
        out = list(first.values())
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, enabled, _tooltip = palette
            out.append((binding.key, binding.action, binding.description, enabled))
        return out

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.update_keys)

    async def update_keys(self) -> None:
        if not self.is_attached:
            return
        keys = [k for k in self.query(FooterKey) if isinstance(k, LiveFooterKey)]
        wanted = self.shown(self.screen)
        if not self.app.app_focus:  # only the keys shown, dimmed or lit
            lit = {(key, action): enabled for key, action, _, enabled in wanted}
            for k in keys:
                if (k.key, k.action) in lit:
                    k.show_enabled(lit[k.key, k.action])
            return
        if not wanted or [(k.key, k.action, k.description) for k in keys] != [w[:3] for w in wanted]:
            await self.recompose()
            return
        for k, (_, _, _, enabled) in zip(keys, wanted):
            k.show_enabled(enabled)


# --- frame-shown --------------------------------------------------------------------------------------------------
class FrameShownApp(App[int]):
    """An app that can call back once a frame has been handed to the terminal (:meth:`after_next_frame`)."""

    def __init__(self) -> None:
        super().__init__()
        self.frame_callbacks: list[Callable[[], object]] = []

    def after_next_frame(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` once the next frame has been handed to the terminal: work the player need not wait
        for (the save's fsync) then never delays what they see. (``call_after_refresh`` may run before that
        frame: the panes' repaints reach the screen only after it has found nothing to draw.)"""
        self.frame_callbacks.append(callback)

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        super()._display(screen, renderable)
        if renderable is not None and self.frame_callbacks:
            callbacks, self.frame_callbacks = self.frame_callbacks, []
            for callback in callbacks:
                self.call_later(callback)


# --- radio-marker -------------------------------------------------------------------------------------------------
class MarkerRadioButton(RadioButton):
    """A radio button whose state is a marker, (*) or ( ), not a colour."""

    @property
    def _button(self) -> Content:
        return Content.assemble("(", ("*" if self.value else " ", "bold"), ")")
