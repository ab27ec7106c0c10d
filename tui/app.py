"""The Textual application: screens, settings, signal handling and the too-small overlay."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import re
import signal
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal, TypeVar, overload

from textual import events
from textual.app import ScreenStackError, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandPalette
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen, ScreenResultCallbackType
from textual.scrollbar import ScrollBarRender
from textual.widget import AwaitMount

import saves
from tui import compat, keys
from tui.host import HoldsAGame, Host
from tui.player_process import NOT_SAVED_EXIT
from tui.screens.toosmall import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui.session import GameSession, Session, names_for
from tui.settings import DEFAULT_PAUSE as DEFAULT_PAUSE
from tui.settings import Settings as Settings
from tui.typeahead import KeysDropped, TypedAhead, TypesAhead, bounded

_TEXTUAL_CHECKED = False  # check_textual has run in this process


def check_textual() -> None:
    """Once a process: on another Textual than the patches were written for, log each broken one by name. Run after
    the first app's first frame: reading Textual's version imports importlib.metadata (and email, csv, zipfile)."""
    global _TEXTUAL_CHECKED
    if not _TEXTUAL_CHECKED:
        _TEXTUAL_CHECKED = True
        compat.warn_if_changed()


R = TypeVar("R")
#: True in a session forked by the fork server (tui.forkserver sets it): what gc.freeze() froze there before the
#: fork is shared with the other sessions, and stays frozen (settle_memory).
SHARED_FROZEN = False
EXIT_GRACE = 3.0  # seconds a signalled exit may take before the process ends regardless (the game is saved)
#: The styles of the title, the forms and the lists of saves and tables (RedemptionApp.read_menu_styles).
MENU_CSS = os.path.abspath(Path(__file__).with_name("menus.tcss"))
#: The plain-ASCII borders of the first frame's panes, read after app.tcss by an app started with --ascii only.
ASCII_CSS = os.path.abspath(Path(__file__).with_name("ascii.tcss"))


class AsciiScrollBarRender(ScrollBarRender):
    """Scrollbars in ASCII: the thumb is '#', the track ' ' (used with --ascii)."""

    VERTICAL_BARS = ["#"] * 7 + [" "]
    HORIZONTAL_BARS = ["#"] * 7 + [" "]


class RedemptionApp(compat.FrameShownApp):
    CSS_PATH = "app.tcss"  # relative to this module; subclasses elsewhere must give the full path
    TITLE = "Redemption"
    BINDINGS = [*keys.APP]  # Ctrl+Q, Ctrl+P (tui.keys)
    ENABLE_COMMAND_PALETTE = True
    NOTIFICATION_TIMEOUT = 3  # seconds; what a toast says is also in the log or the status line

    def __init__(self, settings: Settings, start: GameSession | None = None, review: bool = False):
        super().__init__()
        self.settings = settings
        self.start = start
        self.start_review = review  # open ``start`` in the review, not to play
        self._signals: list[int] = []
        self._exit_timer: threading.Timer | None = None
        compat.keep_keys_in_order()
        if settings.ascii:
            compat.draw_ascii(self)  # a cut text ends in "...", every border in + - | (see the module)
            self.add_class("-ascii")
            self.css_path.append(Path(ASCII_CSS))  # after app.tcss: the borders its panes have in plain ASCII
        self.keymap: dict[str, str] = {}  # the player's keys (tui.keys), checked; the help shows them
        self.keymap_problem = self.load_keymap()
        self._settle_due = False
        self._collector_paused = False  # automatic collections held off until the first frame (on_load)
        self.typed_ahead = TypedAhead()  # keys on their way from the terminal (tui.typeahead)
        self.unsaved: dict[str, str] = {}  # a game's save path -> why it lacks moves (Unsaved.words), told at the end

    def get_driver_class(self) -> type[Driver]:
        """The terminal's driver, with what may wait for the app bounded (tui.typeahead)."""
        return bounded(super().get_driver_class())

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            self.typed_ahead.arrived()
        await super().on_event(event)

    def watch_app_focus(self, focus: bool) -> None:
        """The focus back by a key or a click (Textual then sets it without its AppFocus event, which asks the
        screen's keys again): the Footer follows the bindings with the focused widget's keys in them again."""
        if focus and self.is_running:
            with contextlib.suppress(ScreenStackError):
                self.screen.refresh_bindings()

    def on_keys_dropped(self, message: KeysDropped) -> None:
        dropped = self.typed_ahead.take_dropped()
        if dropped:
            self.bell()
            self.notify(
                f"You typed (or pasted) far ahead of the game: {dropped} keys were dropped. "
                f"At most {self.typed_ahead.limit} keys wait their turn.",
                title="Keys dropped",
                severity="warning",
            )

    def load_keymap(self) -> str:
        """The player's keys from ``settings/keys.toml`` in their save folder; a problem (one line naming the file)
        is returned, shown once the app runs, and the default keys are used."""
        from saves import keymap as keymap_file

        keys.use({})
        try:
            wanted = keymap_file.load(self.settings.save_dir)
            if not wanted:
                return ""  # no file (most players): nothing to check, nothing more to import
            self.keymap = keys.check_keymap(wanted, self.keyed_screens())
        except saves.SaveError as e:
            return f"{e}; the default keys are used"
        except ValueError as e:
            return f"{keymap_file.keymap_path(self.settings.save_dir)}: {e}; the default keys are used"
        self.set_keymap(self.keymap)
        keys.use(self.keymap)  # the texts that name keys (the coach, the prompts) say the player's
        return ""

    @staticmethod
    def keyed_screens() -> dict[str, list[Binding]]:
        """The screens whose keys a player may change, with their bindings (a key must not do two things on one)."""
        from tui.learn.rules_screen import RulesScreen
        from tui.learn.screens import LessonListScreen, LessonScreen
        from tui.screens import choice, confirm, decks, number, review, tables, title
        from tui.screens.game import GameScreen
        from tui.screens.help import HelpScreen, own_bindings

        def of(cls: type, cards: bool = False) -> list[Binding]:
            own = [b for b in own_bindings(cls) if isinstance(b, Binding)]
            return [*(keys.CURSOR if cards else ()), *own, *keys.APP]

        screens = [
            title.TitleScreen,
            title.NewGameScreen,
            title.ResumeScreen,
            decks.NameScreen,
            decks.DeckListScreen,
            decks.DeckEditorScreen,
            review.ReviewScreen,
            tables.TablesScreen,
            tables.NewTableScreen,
            confirm.ConfirmScreen,
            choice.ChoiceScreen,
            number.NumberScreen,
            RulesScreen,
            LessonListScreen,
            HelpScreen,
        ]
        return {
            "game": of(GameScreen, True),
            "lesson": of(LessonScreen, True),
            **{
                re.sub(r"(?<=.)([A-Z])", r" \1", cls.__name__.removesuffix("Screen")).lower(): of(cls)
                for cls in screens
            },
        }

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Ctrl+P: the game's actions come first; of Textual's own commands keep Keys and Quit (which saves).
        Theme and Maximize would undo the colour-blind-safe, NO_COLOR-aware layout, and Screenshot writes files
        where the app runs (on a server, for an SSH player)."""
        for command in super().get_system_commands(screen):
            if command.title in ("Keys", "Quit"):
                yield command

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notification is plain text (a player's name or a save's path may hold ``[`` or escape
        characters): never markup, and control characters shown, not sent to the terminal."""
        # ``markup`` is ignored: Widget.notify passes markup=True on every call, and no message here is markup.
        super().notify(
            "\n".join(saves.printable(line) for line in str(message).split("\n")),
            title=saves.printable(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    ASCII_KEYS = {
        "enter": "Enter",
        "space": "Space",
        "escape": "Esc",
        "tab": "Tab",
        "question_mark": "?",
        "up": "Up",
        "down": "Down",
        "left": "Left",
        "right": "Right",
        "ctrl+p": "^p",
        "ctrl+q": "^q",
    }

    def get_key_display(self, binding: Binding) -> str:
        """Footer keys: with --ascii, names in plain letters (Textual draws Enter as a return-arrow glyph)."""
        shown = super().get_key_display(binding)
        if not self.settings.ascii or shown.isascii():
            return shown
        key = binding.key.split(",")[0]
        return self.ASCII_KEYS.get(key, key.upper() if len(key) == 1 else key)

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's palette, its prompt in plain ASCII under --ascii (its search icon is hidden in app.tcss)."""
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # App[object] in Textual
            hint = "Search for commands..." if self.settings.ascii else "Search for commands\u2026"
            self.push_screen(CommandPalette(id="--command-palette", placeholder=hint))

    def get_default_screen(self) -> Screen[Any]:
        from tui.screens.title import TitleScreen

        if self.start is None:
            self.read_menu_styles()  # the title is built now
        else:  # a game (or its review) first: the title is built only once it is left
            self.after_next_frame(self.read_menu_styles)
        return TitleScreen(under_start=self.start is not None)

    def read_menu_styles(self) -> None:
        """Add the menus' styles (``menus.tcss``: the title, the forms, the lists of saves and tables) to the app's
        stylesheet, once, and parse them now: a game opened at start draws its first frame without them, and the
        next key press does not wait for them. They are the app's own rules (not a widget's defaults), so they win
        over Textual's as they would from app.tcss; they match only those screens' widgets, made after this."""
        if self.stylesheet.has_source(str(MENU_CSS)):
            return
        self.stylesheet.read(MENU_CSS)
        self.stylesheet.parse()

    def on_mount(self) -> None:
        if self.keymap_problem:
            self.notify(self.keymap_problem, title="Your keys are not used", severity="error", timeout=10)
        if self.settings.ascii:  # block-eighth glyphs are not ASCII; given back in on_unmount
            from textual.scrollbar import ScrollBar

            ScrollBar.renderer = AsciiScrollBarRender
        if self.settings.signals:
            self.install_signal_handlers()
        if self.start is not None:
            if isinstance(self.screen, TooSmallScreen):  # the first resize came first: the game goes under it
                self.pop_screen()
            if self.start_review:
                from tui.screens.review import ReviewScreen

                self.push_screen(ReviewScreen(self.start))
            else:
                self.push_screen(self.game_screen(self.start))
        self.call_after_refresh(self.check_current_size)  # the size when it runs: a resize may come first
        self.settle_memory_soon()
        self.after_next_frame(check_textual)

    def settle_memory_soon(self) -> None:
        """settle_memory once the next frame is drawn (never before it: a collection takes tens of ms), once for
        all the reasons to (the app's start and its first game screen come together)."""
        if not self._settle_due:
            self._settle_due = True
            self.after_next_frame(self._settle_now)

    def _settle_now(self) -> None:
        self._settle_due = False
        self.resume_collector()
        self.settle_memory()

    def on_load(self) -> None:
        """Before the first frame everything made (the stylesheet, the screens, the game's panes) stays alive, so the
        collector's automatic passes over it are wasted work (a fifth of the CPU to the first frame when a pass
        reaches the older generations): they are held off until the first frame is drawn, when settle_memory
        collects once anyway."""
        if gc.isenabled():
            gc.disable()
            self._collector_paused = True

    def resume_collector(self) -> None:
        """The collector's automatic passes back (once; on_load held them off)."""
        if self._collector_paused:
            self._collector_paused = False
            gc.enable()

    @staticmethod
    def settle_memory() -> None:
        """Collect once, then freeze what is alive (the app, its screens, the rules' card data) out of the
        collector's way. Without it a full collection walks them all every few dozen keys: 65-185 ms in the middle
        of a redraw, the slowest key presses in ``python -m tests.bench.keystrokes``. Called when the app
        starts and when a game screen opens, moments that already redraw the whole screen. Unfrozen first, so what
        died since the last time (a finished game's screen) is still collected.

        In a child of the fork server (SHARED_FROZEN) the frozen objects are the fork server's, shared with every
        session, and a collection writes to every object it walks, which would copy each of their pages into this
        process. There it collects only its own objects and freezes nothing, so a finished game's screen is still
        collected."""
        if SHARED_FROZEN:
            gc.collect()  # the frozen generation (the fork server's objects) is left alone
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    # --- games ---------------------------------------------------------------------------
    def new_session(self, game: str, **kw: Any) -> Session:
        names = kw.pop("names", None) or names_for(self.settings.player, kw.get("seats"), kw.get("vs", "computer"))
        return Session.new(game, names=names, **kw)

    def game_screen(self, session: GameSession) -> Screen[None]:
        from tui.screens.game import GameScreen

        note = session.game.take_resume_note()  # a resumed game's changed cards, once
        if note:
            self.notify(note, title="Cards changed", timeout=10)
        return GameScreen(session)

    def open_review(self, session: GameSession, seat: int | None = None) -> bool:
        """The review of ``session``'s game on top of the current screen; False (and a message) if it cannot replay."""
        from tui.screens.review import ReviewScreen

        try:
            screen = ReviewScreen(session, seat)
        except ValueError as e:
            self.bell()
            name = session.path.name if session.path is not None else "This game"
            self.notify(f"{name}: {e}", title="No review", severity="error", markup=False)
            return False
        self.push_screen(screen)
        return True

    def switch_to_game(self, session: GameSession) -> None:
        self.switch_screen(self.game_screen(session))

    def current_session(self) -> GameSession | None:
        from tui.screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen.session
        return None

    def save_current(self) -> None:
        session = self.current_session()
        if session is None:
            return
        try:
            session.autosave()
        except saves.SaveError:
            pass  # nothing more can be done on the way out; the previous save is intact, and last_words says so
        except Exception as e:  # a bug must not pass for a save: the player is told, and the app still ends
            self.unsaved[str(session.path)] = f"Your game could not be saved: {type(e).__name__}: {e}."
            return
        self.record_unsaved(session)

    def record_unsaved(self, session: GameSession) -> None:
        """Remember (or forget, once it is saved) that ``session``'s save lacks moves, for :meth:`last_words`."""
        unsaved = session.unsaved
        if unsaved is not None:
            self.unsaved[str(session.path)] = unsaved.words()
        else:
            self.unsaved.pop(str(session.path), None)

    def last_words(self) -> str:
        """What the player must be told as the app ends: each game whose save lacks moves, and why ('' if none)."""
        return "\n".join(saves.printable(words) for words in self.unsaved.values())

    def exit_status(self) -> int:
        """The process's exit status: NOT_SAVED_EXIT when a game could not be saved (the SSH server says so)."""
        return NOT_SAVED_EXIT if self.unsaved else (self.return_code or 0)

    # --- leaving ---------------------------------------------------------------------------
    async def action_quit(self) -> None:
        self.save_current()
        self.quit_by_player = True
        self.exit(0)

    quit_by_player = False  # Ctrl+Q (or the title's Quit): the next start begins at the title

    def on_exit_app(self) -> None:
        """Textual's ExitApp, however the app is leaving (before its screens close)."""
        self.note_open_game()

    def note_open_game(self) -> None:
        """Under ``redemption web``, closed by the server (the tab was reloaded or lost): write down the game on
        screen, as the command line that reopens it, for that tab's next app (the server checks it)."""
        import json

        path = os.environ.get("REDEMPTION_RESUME_NOTE")
        session = self.current_session()
        if not path or self.quit_by_player or session is None or session.game.is_over:
            return
        from tui.table import TableSession

        if isinstance(session, TableSession):
            words = ["table", "play", session.table_id]
        elif session.path is not None:
            words = ["resume", session.path.stem]
        else:
            return
        try:
            with open(path, "x", encoding="utf-8") as f:
                json.dump(words, f)
        except OSError:
            pass  # the tab reopens at the title instead

    def install_signal_handlers(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.on_signal, sig)
                self._signals.append(sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass

    def on_signal(self, sig: int) -> None:
        """SIGHUP (the terminal or SSH connection went away) or SIGTERM: save, then exit cleanly.

        With the terminal gone, Textual's shutdown can wait forever on it; the game is saved
        (atomically, fsynced) by then, so a timer ends the process if the clean exit stalls.
        """
        self.save_current()
        if self._exit_timer is None:
            self._exit_timer = threading.Timer(EXIT_GRACE, self._exit_now)
            self._exit_timer.daemon = True
            self._exit_timer.start()
        self.exit(0)

    def _exit_now(self) -> None:
        """The clean exit stalled after a hang-up: end the process, saying first what was not saved."""
        words = self.last_words()
        if words:
            try:
                os.write(2, (words + "\r\n").encode("utf-8", "replace"))
            except OSError:
                pass
        os._exit(self.exit_status())

    def on_unmount(self) -> None:
        self.resume_collector()  # an app that ends before its first frame
        if self.settings.ascii:  # the scrollbar renderer is a class setting: give Textual's back
            from textual.scrollbar import ScrollBar

            ScrollBar.renderer = ScrollBarRender
        self.save_current()
        loop = asyncio.get_running_loop()
        for sig in self._signals:
            loop.remove_signal_handler(sig)
            if self._exit_timer is not None:  # on the way out after a hang-up: a second one must not kill us
                signal.signal(sig, signal.SIG_IGN)

    # --- terminal size ---------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    @overload
    def push_screen(
        self,
        screen: Screen[R] | str,
        callback: ScreenResultCallbackType[R] | None = None,
        wait_for_dismiss: Literal[False] = False,
        *,
        mode: str | None = None,
    ) -> AwaitMount: ...
    @overload
    def push_screen(
        self,
        screen: Screen[R] | str,
        callback: ScreenResultCallbackType[R] | None = None,
        wait_for_dismiss: Literal[True] = True,
        *,
        mode: str | None = None,
    ) -> asyncio.Future[R]: ...
    def push_screen(
        self,
        screen: Screen[R] | str,
        callback: ScreenResultCallbackType[R] | None = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> AwaitMount | asyncio.Future[R]:
        """Any screen shown while the terminal is too small gets the overlay back on top of it."""
        if not isinstance(screen, HoldsAGame | TooSmallScreen):
            self.read_menu_styles()  # once (a menu's screen may come before the game's first frame)
        result: AwaitMount | asyncio.Future[R] = (
            super().push_screen(screen, callback, wait_for_dismiss=True, mode=mode)
            if wait_for_dismiss
            else super().push_screen(screen, callback, mode=mode)
        )
        if not isinstance(screen, TooSmallScreen):
            self.call_after_refresh(self.check_current_size)
        if isinstance(screen, HoldsAGame):
            self.settle_memory_soon()
        return result

    def switch_screen(self, screen: Screen[Any] | str) -> AwaitComplete:
        if not isinstance(screen, HoldsAGame):
            self.read_menu_styles()
        result = super().switch_screen(screen)
        if isinstance(screen, HoldsAGame):
            self.settle_memory_soon()
        return result

    def pop_screen(self) -> AwaitComplete:
        self.read_menu_styles()  # the screen below may be the title, built when shown
        return super().pop_screen()

    def check_current_size(self) -> None:
        self.check_size(self.size.width, self.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen_stack[-1] if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif small and isinstance(top, TooSmallScreen):
            top.show(width, height)
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()


_MEETS_THE_PROTOCOL: type[Host] = RedemptionApp  # checked by mypy: what the screens ask of the app (tui.host)
_KEYS_BOUNDED: type[TypesAhead] = RedemptionApp  # checked by mypy: the driver bounds its keys (tui.typeahead)
